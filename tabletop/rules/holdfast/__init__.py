"""Hold Fast (source 004), in inches: a ruleset package.

``orders`` plots and checks the five phases' actions, ``phases`` moves a phase,
``collide`` judges collisions, ``combat`` fires, ``damage`` marks the ship diagram,
``game`` plays the turn, ``ship`` holds a ship's own state, ``config`` reads the
template.  :meth:`HoldFast.plan_move` and the fan still judge a free move preview.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import replace
from typing import Any, ClassVar

import numpy as np
import shapely

from tabletop.common.units import TOL
from tabletop.data.reader import Reader, join
from tabletop.engine.actions import Action, Verb
from tabletop.engine.dice import Dice
from tabletop.engine.events import Events
from tabletop.engine.state import GameState, ShipState
from tabletop.geometry.angles import relative_wind, wrap
from tabletop.geometry.arcs import QUADRANTS, quadrant_polygon
from tabletop.geometry.motion import Segment, end_pose
from tabletop.geometry.pose import Pose
from tabletop.model.scenario import Scenario, Ship, ShipClass, Terrain
from tabletop.referee import reckon
from tabletop.referee.fan import Fan, Paths, finish
from tabletop.referee.fire import FireRuling, Table, longest_range
from tabletop.referee.movement import Step, theta
from tabletop.rules.base import (
    NO_CONTEXT,
    FireChance,
    MoveContext,
    PathPlan,
    Plot,
    PlotSpec,
    Ruleset,
    Sector,
)
from tabletop.rules.clients import Advice, Look, grappled_with
from tabletop.rules.holdfast import config, damage, orders, phases, plots, sheet
from tabletop.rules.holdfast.fire import quadrant_ruling
from tabletop.rules.holdfast.game import (
    DAMAGE_CONTROL,
    STEPS,
    HoldFastGame,
    describe,
    guns,
    wind_shift,
)
from tabletop.rules.holdfast.roster import HoldFastData
from tabletop.rules.holdfast.ship import (
    HoldFastShip,
    diagram,
    hull_boxes,
    morale_boxes,
    start_speed,
)
from tabletop.rules.types import Card

#: The most phases a turn has: speed is the number of phases in which a ship acts.
PHASES = 5
#: The words a phase of a plot takes (the source's notation), as a plotting panel offers them.
PLOT_WORDS = (
    ("F", "forward 1 inch"), ("P", "turn 45° to port"), ("S", "turn 45° to starboard"),
    ("RS", "raise sail"), ("LS", "lower sail"), ("DA", "drop anchor"),
    ("WA", "weigh anchor"), ("D", "drift"), ("-", "nothing"),
)  # fmt: skip


class HoldFastLook(Look):
    """What the window asks of Hold Fast."""

    rs: HoldFast

    def arc_outlines(self, scn: Scenario, ship: Ship, bands: bool) -> list[tuple[Any, bool]]:
        """The four quadrants, out to the longest battery's range (outlines only)."""
        depth = longest_range(scn, ship.cls)
        p = ship.pose
        return [
            (shapely.get_coordinates(quadrant_polygon(p.x, p.y, p.heading, q, depth))[:-1], False)
            for q in QUADRANTS
        ]

    def phase_poses(self, state: GameState, ship: str, plot: tuple[str, ...]) -> tuple[Pose, ...]:
        """Where ``ship`` would be after each phase I-V of ``plot`` (five phase words) if
        nothing stops her, her drift after phase V in the last: for the window's plotting
        ghosts.  Raises IllegalAction when the plot breaks a rule, with the reason."""
        st = state.ship(ship)
        assert isinstance(st, HoldFastShip)
        words = HoldFastGame(self.rs)._plot(state, st, list(plot))
        wind = state.wind_from if state.wind_from is not None else state.scenario.wind.from_deg
        step = self.rs.step_length(state.scenario.units)
        poses = orders.poses_after(
            st.pose,
            words,
            st.speed,
            self.rs.phases,
            wind,
            step,
            self.rs.pivot,
            self.rs.sectors[1].lower,
        )
        return orders.with_drift(poses, words, st.speed, st.anchored or st.beached, wind, step)

    def sheet(self, state: GameState, ship: str) -> Card:
        """Her diagram: tracks in sections, the rudder and wheel, batteries as built."""
        factor = damage.factor(self.rs, state, ship)
        return sheet.sheet(state, ship, self.rs.engine.sections, factor, grappled_with(state, ship))


class HoldFastAdvice(Advice):
    """What the computer captain asks of Hold Fast."""

    rs: HoldFast

    def foreseen_plots(self, state: GameState, ship: str) -> list[Plot]:
        return plots.plots(self.rs, state, ship, foreseen=True)

    def goal_edges(self, state: GameState, ship: str) -> tuple[str, ...]:
        """In an escape (HF-67), the escaping side's ships score by leaving the table: by
        the scenario's ``escape_edge`` when it names one, by any edge when it does not."""
        opts = state.scenario.options
        if opts.get("victory") != "escape" or state.side_of(ship) != opts.get("escaping"):
            return ()
        edge = opts.get("escape_edge")
        return (str(edge),) if edge else ("north", "south", "east", "west")

    def grounds(self, cls: ShipClass, terrain: Terrain) -> bool:
        """Land, and shallows or a shoal where a d6 less her rate can top its level
        (HF-71/72): her rate and the level under 6.  The squadrons' bank (level 2) can
        take a 74 or the first rate, never the frigate or the fifty."""
        if terrain.kind == "land":
            return True
        r, level = phases.depth(self.rs, cls, terrain.level)
        return 6 - r > level  # the d6's best roll

    def worth(self, state: GameState, ship: str) -> float:
        """Her guns where the battle is scored on them (HF-67: an escape, a points action
        or one with a last turn), for the side that defeats her or, escaping, for her
        own; else 1 (a duel is won by the last ship fighting, whatever her guns)."""
        opts = state.scenario.options
        if opts.get("victory") not in ("escape", "points") and opts.get("last_turn") is None:
            return 1.0
        return float(guns(state, ship))

    def fire_chance(self, state: GameState, firer: str, target: str) -> FireChance | None:
        return plots.chance(self.rs, state, firer, target)

    def plot_action(self, side: str, parts: dict[str, str]) -> str:
        """``orders`` and each ship's id and words (a ship left out does nothing), built
        as the window's plotting panel builds it."""
        spec = PlotSpec("orders", side, tuple(parts), orders.NUMERALS, PLOT_WORDS)
        return spec.action({sid: words.split() for sid, words in parts.items()})

    def reach(self, scn: Scenario, cls: ShipClass) -> float:
        """A forward step in each phase she acts in."""
        return float(cls.speed) * self.rs.step_length(scn.units)

    def loss(self, state: GameState, ship: str) -> float | None:
        """How near she is to being lost: out of the fight (struck, sinking, fled...) she
        is; else she sinks when her hull boxes are gone and strikes on a roll once her
        morale is down to its last box, so the larger of the shares of them gone.  The
        mean of her report's figures (hull, masts, marines, morale) counted a frigate at
        her last morale box, 50% to strike on her next morale hit, a fifth lost."""
        st = state.ship(ship)
        if not isinstance(st, HoldFastShip):
            return None
        if st.out:
            return 1.0
        cls = state.scenario.ship(ship).cls  # a roster may give 0 boxes (check_class)
        hull, morale = max(1, hull_boxes(cls)), max(1, morale_boxes(cls))
        return max(st.hull_lost / hull, st.morale_lost / morale)


class HoldFast(Ruleset):
    caps = replace(
        Ruleset.caps,
        has_engine=True,
        path_tokens="FPSAW",  # no luffing or tacking: turn and move
        secret_verbs=frozenset({"orders"}),
        steps=STEPS,
    )
    _look = HoldFastLook
    _advice = HoldFastAdvice
    _data = HoldFastData
    name = "hold-fast"
    ship_state = HoldFastShip
    options: ClassVar[dict[str, str]] = {
        "victory": "duel|escape|points",  # how the game is won (the scenario's kind)
        "escaping": "side",  # the side trying to escape (victory = "escape")
        "escape_edge": "north|south|east|west",  # the edge it escapes by, if one only
        "wind_shift": "bool",  # the optional wind shift (HF-24)
        "full_sail": "bool",  # ships begin under full sail
        "last_turn": "turn",  # the battle ends with this turn, won on points (game.victory)
    }
    verbs: ClassVar[dict[str, Verb]] = {
        "orders": Verb(
            "SHIP W W W W W [SHIP W W W W W ...]",
            "a side's movement orders, phases I-V: F P S RS LS DA WA D -",
            0,
            None,
        ),
        "fire": Verb("SHIP TARGET [arc] [L2 S C] [high|low]", "declare fire this phase", 2, None),
        "marines": Verb("SHIP TARGET", "marines fire at an enemy within 1 inch", 2, 2),
        "board": Verb("SHIP TARGET", "a boarding attack on a ship alongside", 2, 2),
        "place": Verb(
            "SHIP same|opposite|port|starboard",
            "how a colliding ship comes alongside",
            2,
            2,
            {1: ("same", "opposite", "port", "starboard")},
            answers_only=True,
        ),
        "repair": Verb(
            "SHIP mast|wheel|rudder|fire|battery|hull [MARINES]",
            "one repair attempt at damage control",
            2,
            3,
            {1: ("mast", "wheel", "rudder", "fire", "battery", "hull"), 2: ("0", "1", "2")},
        ),
        "prize": Verb(
            "SHIP PRIZE [L S C M ...]", "a prize crew (and gun crews) to a struck enemy", 2, None
        ),
        "end": Verb("", "the active side is done with this step", 0, 0),
    }

    def read_extra(self, r: Reader, data: dict[str, Any]) -> None:
        fire = r.table(data, "", "fire", required=False)
        self.blocking = r.boolean(fire, "fire", "blocking", True)
        table = r.table(fire, "fire", "to_hit_by_range", required=False)
        self.to_hit_by_range: dict[str, list[int]] = {}
        for gun in table:
            row = r.value(table, "fire.to_hit_by_range", gun)
            if not isinstance(row, list) or not all(
                isinstance(x, int) and not isinstance(x, bool) for x in row
            ):
                r.error(f"fire.to_hit_by_range.{gun}", "a list of whole numbers", row)
                continue
            self.to_hit_by_range[gun] = row
        mv, p = self.movement, "movement"
        self.step = r.length(mv, p, "step", self.units, default=1.0)
        self.pivot = r.number(mv, p, "pivot", default=45, minimum=0, maximum=180)
        self.fudge = r.number(mv, p, "fudge", default=5, minimum=0, maximum=45)
        self.caps = replace(self.caps, fixed_turn=self.pivot)
        self.phases = self._read_phases(r, r.table(mv, p, "phases", required=False))
        self.engine = config.read_engine(r, data, self.units)

    @staticmethod
    def _read_phases(r: Reader, tbl: dict[str, Any]) -> dict[int, tuple[int, ...]]:
        """Speed → the phases (1-5) in which a ship of that speed acts."""
        out: dict[int, tuple[int, ...]] = {}
        for key in tbl:
            p = join("movement.phases", key)
            row = r.value(tbl, "movement.phases", key)
            ok = key.isdigit() and 1 <= int(key) <= PHASES
            ok = ok and isinstance(row, list) and len(row) == int(key)
            ok = ok and all(isinstance(x, int) and 1 <= x <= PHASES for x in row)
            if not ok:
                r.error(p, f"speed 1-{PHASES} = a list of that many phases, 1-{PHASES}", row)
                continue
            out[int(key)] = tuple(row)
        return out

    def allowance_unit(self, unit: str) -> str:
        return "actions"

    def allowance(self, cls: Any, sector: Sector) -> tuple[float, float]:
        """Movement actions this turn: the speed in phases, none head to wind."""
        most = float(cls.speed) if sector.factor > 0 else 0.0
        return 0.0, most

    def category(self, rng: float, unit: str) -> int:
        """The range category: inches rounded up to the whole inch (0 when alongside)."""
        inches = rng / reckon.scale(self, unit)
        return max(0, math.ceil(inches - TOL))

    def plan_move(
        self, scn: Scenario, ship: Ship, steps: tuple[Step, ...], ctx: MoveContext = NO_CONTEXT
    ) -> PathPlan:
        """Lay a turn's movement actions: each step forward, pivot or anchor is one action.

        A ship acts in as many phases as its speed; no forward move is made straight into
        the wind; turns are the pivot (the source's ±5° fudge allowed) about the centre.
        """
        step = self.step * reckon.scale(self, scn.units)
        v: list[str] = []
        segs: list[Segment] = []
        actions = 0
        anchor = None
        for st in steps:
            value = float(st.value or 0.0)
            if st.kind == "F":
                n = value / step
                if abs(n - round(n)) > 1e-6:
                    v.append(f"'{st}': forward moves are whole steps of {self.step:g} {self.units}")
                now = end_pose(ship.pose, segs)
                if reckon.sector(self, theta(scn, now.heading)).ends_move:
                    v.append(f"'{st}': no forward move straight into the wind")
                actions += max(1, round(n))
                segs.append(Segment(length=value))
            elif st.kind in "PS":
                if abs(value - self.pivot) > self.fudge + 1e-9:
                    v.append(f"'{st}': a turn is {self.pivot:g}° (±{self.fudge:g}°)")
                actions += 1
                # measured from the point she heads, so the fudge never accumulates (HF-16)
                hdg = end_pose(ship.pose, segs).heading
                aim = orders.nearest_point(hdg, self.pivot) + (value if st.kind == "S" else -value)
                segs.append(Segment(turn=float(wrap(aim - hdg))))
            elif st.kind in "AW":
                actions += 1
                anchor = "drop" if st.kind == "A" else "weigh"
            else:
                v.append(f"'{st}': Hold Fast has no luffing or tacking; turn and move instead")
        speed = float(start_speed(ship.cls))
        if actions > speed:
            v.append(f"{actions} movement actions; at speed {speed:g} she has {speed:g}")
        sector = reckon.sector(self, theta(scn, ship.pose.heading)).name
        return PathPlan(tuple(segs), tuple(v), speed, 0.0, sector, anchor, used=actions)

    def fan(self, scn: Scenario, ship: Ship, density: int = 6) -> Fan:
        """Every sequence of forward steps and pivots within the ship's speed."""
        step = self.step * reckon.scale(self, scn.units)
        out: list[tuple[Paths, tuple[tuple[str, np.ndarray], ...]]] = []
        for n in range(1, int(ship.cls.speed) + 1):
            group = list(itertools.product(("F", "P", "S"), repeat=n))
            p = Paths(len(group), ship.pose.x, ship.pose.y, ship.pose.heading)
            steps: list[tuple[str, np.ndarray]] = []
            for i in range(n):
                kind = np.array([g[i] for g in group])
                fwd = kind == "F"
                p.ok &= ~fwd | (relative_wind(scn.wind.from_deg, p.h) >= self.sectors[1].lower)
                p.straight(np.where(fwd, step, 0.0))
                ang = np.where(kind == "S", self.pivot, np.where(kind == "P", -self.pivot, 0.0))
                p.turn(ang, 0.0, k=1)
                steps += [("F", np.where(fwd, step, 0.0)), ("T", ang)]
            out.append((p, tuple(steps)))
        return finish(scn, ship, out)

    def rule_fire(self, scn: Scenario, tab: Table, i: int, j: int, high: bool) -> FireRuling:
        return quadrant_ruling(self, scn, tab, i, j, high)

    # -- the ship diagram ----------------------------------------------------------------
    def gone(self, state: GameState, ship: str) -> str | None:
        st = state.ship(ship)
        if not isinstance(st, HoldFastShip):
            return None
        return "sunk" if st.sunk else "fled" if st.fled else None

    def new_ship(self, ship: Ship) -> ShipState:
        """She begins at her scenario's ``start_speed``, or her top speed."""
        return HoldFastShip(ship.id, ship.pose, speed=start_speed(ship.cls))

    def as_table(self, state: GameState, scn: Scenario) -> Scenario:
        """In a game her speed now stands for her ``start_speed``: the sail line and a
        move's preview count the actions she has this turn, not those she began with."""
        speeds = {s.id: s.speed for s in state.ships if isinstance(s, HoldFastShip)}
        return replace(scn, ships=tuple(_at_speed(s, speeds.get(s.id)) for s in scn.ships))

    def laid_allowance(self, scn: Scenario, ship: Ship) -> tuple[float, float]:
        """Her actions at the scenario's start: her ``start_speed``.  Head to wind too
        (SPEC's ruling): only forward moves are barred there, and turns, sail changes and
        anchors are still actions (``sail`` says which are barred)."""
        return 0.0, float(start_speed(ship.cls))

    def step_length(self, unit: str) -> float:
        """One forward action, in ``unit``."""
        return self.step * reckon.scale(self, unit)

    # -- the game ------------------------------------------------------------------------
    def open_game(self, state: GameState, dice: Dice, events: Events) -> GameState:
        """The first movement-orders sequence: the optional wind shift roll (HF-24)."""
        return wind_shift(self, state, dice, events)

    def apply(self, state: GameState, action: Action, dice: Dice, events: Events) -> GameState:
        return HoldFastGame(self).apply(state, action, dice, events)

    def turn_owed(self, state: GameState, ship: str) -> str | None:
        """Orders are owed in the movement-orders sequence; nothing else is."""
        st = state.ship(ship)
        if state.phase == 0 and isinstance(st, HoldFastShip) and not st.orders and not st.out:
            return f"{ship} has no orders yet ({describe(state)})"
        return None

    # -- what a ship may do now (the computer captain's choices) ---------------------------
    def fighting(self, state: GameState, ship: str) -> bool:
        """Struck, sinking, sunk, beached or fled: out of the fight (HF-67)."""
        st = state.ship(ship)
        return isinstance(st, HoldFastShip) and not st.out

    def can_act(self, state: GameState, ship: str) -> bool:
        """A ship of the side acting, still fighting (a beached one may still fire)."""
        st = state.ship(ship)
        assert isinstance(st, HoldFastShip)
        firing = 1 <= state.phase <= PHASES and st.beached and not st.struck
        return state.side_of(ship) == state.active_side and (not st.out or firing)

    def plots(self, state: GameState, ship: str) -> list[Plot]:
        return plots.plots(self, state, ship)

    def move_so_far(
        self, state: GameState, ship: str
    ) -> tuple[Ship, tuple[Step, ...], MoveContext]:
        """Her turn's actions are her speed now (damage and her sail changes move it):
        the sail line gave her class's, "0 to 5 actions" beside a card of top speed 4."""
        st = state.ship(ship)
        model = state.table().ship(ship)
        if not isinstance(st, HoldFastShip):
            return super().move_so_far(state, ship)
        return replace(model, cls=replace(model.cls, speed=float(st.speed))), (), MoveContext()

    def ship_report(self, state: GameState, ship: str) -> dict[str, Any]:
        st = state.ship(ship)
        assert isinstance(st, HoldFastShip)
        cls = state.scenario.ship(ship).cls
        flags = (
            ("struck", st.struck), ("at anchor", st.anchored), ("rudder shot away", st.rudder),
            ("wheel shot away", st.wheel), ("on fire", st.on_fire),
            ("sinking", st.sinking >= 0 and not st.sunk), ("sunk", st.sunk),
            ("beached", st.beached), ("fled", st.fled), ("alongside", state.is_grappled(ship)),
        )  # fmt: skip
        factor = damage.factor(self, state, ship)
        out: dict[str, Any] = {"status": [name for name, on in flags if on]}
        out["diagram"] = diagram(cls, st, self.engine.sections, factor)
        if st.orders:
            out["orders"] = list(st.orders)
        return out

    def plot_spec(self, state: GameState) -> PlotSpec | None:
        """In the movement-orders sequence the side to act plots its ships' five phases
        (HF-5), out of the other side's sight."""
        if state.phase != 0 or state.winner is not None:
            return None
        side = state.active_side
        ships = tuple(
            s.id
            for s in state.ships
            if state.side_of(s.id) == side and isinstance(s, HoldFastShip) and not s.out
        )
        hints, acts = [], []
        for sid in ships:
            st = state.ship(sid)
            assert isinstance(st, HoldFastShip)
            phases = self.phases.get(st.speed, ())
            said = ", ".join(orders.NUMERALS[p - 1] for p in phases)
            when = f"phases {said} (a sail change alters them)" if said else "no phase"
            hints.append((sid, f"speed {st.speed}: moves in {when}"))
            acts.append((sid, tuple(p - 1 for p in phases)))
        return PlotSpec(
            "orders", side, ships, orders.NUMERALS, PLOT_WORDS, hints=tuple(hints),
            acts=tuple(acts), alters=("RS", "LS", "DA", "WA"),
        )  # fmt: skip

    def step_text(self, state: GameState) -> str | None:
        return describe(state)

    def unready(self, state: GameState, ship: str, verb: str) -> str | None:
        """She sails only by the orders plotted before phase I: in the phases and the
        damage control the window said "allowance 0 to 4 actions", as if she might."""
        if verb == "move" and state.phase == DAMAGE_CONTROL:  # no orders left to sail
            return f"her sailing is over this turn ({describe(state)})"
        if verb == "move" and state.phase != 0:
            return f"she sails by her plotted orders ({describe(state)})"
        return None

    def report_seen(self, state: GameState, ship: str, viewer: str | None) -> dict[str, Any]:
        """Her orders are revealed phase by phase (HF-5, HF-6): to anyone but her own
        side plotting them, the phases not yet reached show as '?'."""
        out = self.ship_report(state, ship)
        if "orders" in out and viewer != state.side_of(ship):
            shown = min(state.phase, PHASES)
            out["orders"] = [w if k < shown else "?" for k, w in enumerate(out["orders"])]
        return out


def _at_speed(ship: Ship, speed: int | None) -> Ship:
    """The ship with ``speed`` for her ``start_speed`` (None: as she is).  Most ships
    sail at the speed they were laid with: those are left as they are (the AI asks for
    the table at every judgement)."""
    if speed is None or speed == start_speed(ship.cls):
        return ship
    return replace(ship, cls=replace(ship.cls, fields={**ship.cls.fields, "start_speed": speed}))
