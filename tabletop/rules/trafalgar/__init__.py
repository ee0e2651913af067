"""Modified Trafalgar rules (source 001), in centimetres: a ruleset package.

``config`` reads the template into typed values, ``movement`` lays paths, ``fire`` rules
broadsides, ``game`` plays the turn (movement, fire and damage, collisions and
boarding), ``ship`` holds a ship's own state, ``coach`` plans the tacking drill.

A ruling needs only the template, the ship's state and the fire rules: the game, movement,
sheet and coach modules (and the procedures, the fan and the coach's search below them)
are imported by the methods that use them, on first use, so ``tabletop fire`` starts fast.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

import shapely

from tabletop.common.errors import IllegalAction
from tabletop.data.reader import join
from tabletop.engine.actions import Verb
from tabletop.geometry.angles import relative_wind, wrap
from tabletop.geometry.arcs import SIDES
from tabletop.geometry.pose import Pose
from tabletop.referee import reckon
from tabletop.referee.fire import longest_range
from tabletop.rules.base import NO_CONTEXT, MoveContext, Ruleset
from tabletop.rules.clients import Advice, Data, Look, grappled_with
from tabletop.rules.trafalgar import config
from tabletop.rules.trafalgar.fire import broadside_ruling
from tabletop.rules.trafalgar.ship import (
    TrafalgarShip,
    class_now,
    crew_total,
    guns_on,
    masts_of,
    track,
)

if TYPE_CHECKING:
    from tabletop.coach.coaching import Coach, Course
    from tabletop.data.reader import Reader
    from tabletop.engine.actions import Action
    from tabletop.engine.dice import Dice
    from tabletop.engine.events import Events
    from tabletop.engine.state import GameState
    from tabletop.model.scenario import Scenario, Ship, ShipClass
    from tabletop.referee.fan import Fan
    from tabletop.referee.fire import FireRuling, Table
    from tabletop.referee.movement import Step
    from tabletop.rules.base import PathPlan
    from tabletop.rules.trafalgar.game import TrafalgarGame
    from tabletop.rules.types import Card

SIDE = {1: ("port", "starboard")}


class TrafalgarLook(Look):
    """What the window asks of modified Trafalgar."""

    rs: TrafalgarModified

    def arc_outlines(self, scn: Scenario, ship: Ship, bands: bool) -> list[tuple[Any, bool]]:
        """Both broadside rectangles, gun-range deep; with ``bands``, the band edges."""
        depth = longest_range(scn, ship.cls)
        out: list[tuple[Any, bool]] = []
        for sign in SIDES.values():
            out.append((shapely.get_coordinates(ship.broadside(sign, depth))[:-1], True))
            if bands:
                for b in self.rs.bands[:-1]:
                    edge = b.upper * reckon.scale(self.rs, scn.units)
                    if edge < depth:
                        band = ship.broadside(sign, edge)
                        out.append((shapely.get_coordinates(band)[:-1], False))
        return out

    def tack_verb(self, state: GameState, ship: str) -> str | None:
        st = state.ship(ship)
        return "tack" if isinstance(st, TrafalgarShip) and st.tacking else "recover"

    def sheet(self, state: GameState, ship: str) -> Card:
        """Her roster card: the damage track's shaded boxes, masts, guns as built."""
        from tabletop.rules.trafalgar import sheet

        return sheet.sheet(state, ship, grappled_with(state, ship))


class TrafalgarAdvice(Advice):
    """What the computer captain asks of modified Trafalgar."""

    rs: TrafalgarModified

    def loss(self, state: GameState, ship: str) -> float | None:
        """How near she is to being lost: a ship that sailed off the table is; else she
        strikes when her crew or her hull track is gone, so the larger of the shares of
        them lost.  Her masts slow her and do not strike her: the mean of her report's
        figures (hull, crew, three masts) counted a 74 five of whose six crew were gone
        as a sixth lost, and a captain let her lie under the enemy's guns."""
        st = state.ship(ship)
        if not isinstance(st, TrafalgarShip):
            return None
        if st.left:
            return 1.0
        return 1.0 - _left(state.scenario.ship(ship).cls, st)

    def match_strength(self, state: GameState, ship: str) -> float:
        """The dice of her stronger broadside left times her hull boxes, or the crew's
        share of them if that is less (she strikes when either is gone): a 74 whole is
        6 × 15 = 90, a 36-gun frigate 4 × 11 = 44."""
        st = state.ship(ship)
        if not self.rs.fighting(state, ship) or not isinstance(st, TrafalgarShip):
            return 0.0
        cls = state.scenario.ship(ship).cls
        dice = max(sum(guns_on(cls, st, side).values()) for side in ("port", "starboard"))
        return float(dice * len(track(cls)) * _left(cls, st))

    def turnabouts(self, state: GameState, ship: str) -> list[tuple[str, Pose, float]]:
        """A tack begun now (``F<inertia> T``), while she is beating and free to: her
        fan leaves it out, as the tack ends her move head to wind and completes next
        turn, where it leaves her close-hauled on the other tack, the inertia ahead.
        It comes off for sure unless she has been fired on or her masts or rigging are
        damaged; then the command check, 2d6 + command above ``pass_above``, says (a
        failure leaves her in irons or luffing).  Whether a ship in the way lets her is
        for the engine to say."""
        from tabletop.rules.trafalgar.procedures import close_hauled, command_chance

        st = state.ship(ship)
        if not isinstance(st, TrafalgarShip) or not self.rs.fighting(state, ship):
            return []
        wind = state.scenario.wind
        pose = st.pose
        theta = float(relative_wind(wind.from_deg, pose.heading))
        if (
            st.done
            or st.path
            or st.tacking
            or st.luffing
            or st.in_irons
            or st.rudder
            or st.last_tack >= state.turn - 1
            or wind.strength in self.rs.move.no_tacking_in
            or state.is_grappled(ship)
            or reckon.sector(self.rs, theta).name != "beating"
        ):
            return []
        run = self.rs.move.inertia * reckon.scale(self.rs, state.scenario.units)
        other = "port" if wrap(pose.heading - wind.from_deg) < 0 else "starboard"
        ahead = pose.forward(run)
        done = Pose(ahead.x, ahead.y, close_hauled(self.rs, wind.from_deg, other))
        chance = 1.0
        if st.fired_on or st.masts_damaged or st.rigging_lost > 0:
            chance = command_chance(self.rs, state.scenario.ship(ship).cls)
        return [(f"move {ship} F{run:g} T", done, chance)]

    def fan_now(self, state: GameState, ship: str, density: int = 6) -> Fan:
        """Her fan at her speed as damaged (rigging and masts lost slow her; with her
        rudder shot away she sails straight on)."""
        scn = state.table()
        st = state.ship(ship)
        assert isinstance(st, TrafalgarShip)
        model = scn.ship(ship)
        cls = class_now(self.rs, model.cls, st, scn.units)
        fan = self.rs.fan(scn, replace(model, cls=cls), density)
        if not st.rudder:
            return fan
        keep = fan.group == 0  # her rudder shot away: straight ahead only (no turns)
        return replace(
            fan,
            x=fan.x[keep],
            y=fan.y[keep],
            heading=fan.heading[keep],
            sector=fan.sector[keep],
            group=fan.group[keep],
            row=fan.row[keep],
        )

    def coach(self, course: Course, beam: int | None = 120) -> Coach | None:
        from tabletop.rules.trafalgar.coach import TrafalgarCoach

        return TrafalgarCoach(course, beam=beam)


class TrafalgarData(Data):
    """What the loader asks of modified Trafalgar."""

    rs: TrafalgarModified

    class_fields = frozenset({"guns", "crew", "masts", "damage", "save_modifier"})

    def check_class(self, r: Reader, tbl: dict[str, Any], path: str) -> None:
        """Crew boxes, masts and the hull damage track the engine plays with."""
        if "crew" in tbl:
            r.integer(tbl, path, "crew", minimum=1)
        masts = tbl.get("masts")
        if isinstance(masts, dict):
            for k, v in masts.items():
                if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                    r.error(join(path, f"masts.{k}"), "a whole number of boxes ≥ 1", v)
        elif masts is not None and (isinstance(masts, bool) or not isinstance(masts, int)):
            r.error(join(path, "masts"), "a table like { fore = 3, main = 4 }", masts)
        dmg = tbl.get("damage")
        if dmg is not None and (not isinstance(dmg, str) or not dmg or set(dmg) - set(".CGR")):
            r.error(join(path, "damage"), "a hull track of '.', 'C', 'G', 'R' boxes", dmg)


class TrafalgarModified(Ruleset):
    caps = replace(
        Ruleset.caps,
        has_engine=True,
        path_tokens="FLPST",  # luffing runs and the tack; no anchors
        irons_head_to_wind=True,  # SPEC: head to wind (θ 0) is irons, in the luffing sector
        arcs_are_outlined=True,  # a broadside's arc is its rectangle, as deep as her guns reach
    )
    _look = TrafalgarLook
    _advice = TrafalgarAdvice
    _data = TrafalgarData
    name = "trafalgar-modified"
    ship_state = TrafalgarShip
    options: ClassVar[dict[str, str]] = {
        "speed_change": "bool",  # the optional rule
        "last_turn": "turn",  # the battle ends with this turn, won on points (procedures)
    }
    verbs: ClassVar[dict[str, Verb]] = {
        "move": Verb("SHIP PATH...", "sail a path; may be split to fire as she bears", 2, None),
        "ram": Verb("SHIP TARGET PATH...", "sail meaning to collide (command check)", 3, None),
        "fire": Verb("SHIP TARGET [high]", "fire the broadside that bears", 2, 3, {2: ("high",)}),
        "tack": Verb("SHIP port|starboard", "complete a tack onto that tack", 2, 2, SIDE),
        "recover": Verb("SHIP port|starboard", "out of irons or luffing (check)", 2, 2, SIDE),
        "choose": Verb(
            "SHIP irons|luffing",
            "the opponent's choice after a failed check",
            2,
            2,
            {1: ("irons", "luffing")},
            answers_only=True,
        ),
        "avoid": Verb(
            "SHIP PATH...", "the rammed ship sails clear (check)", 2, None, answers_only=True
        ),
        "stand": Verb("SHIP", "the rammed ship stands and is grappled", 1, 1, answers_only=True),
        "board": Verb("SHIP TARGET", "send a boarding party to a grappled enemy", 2, 2),
        "cut": Verb("SHIP", "cut loose from every grappled ship (check)", 1, 1),
        "end": Verb("", "end the active side's player turn", 0, 0),
    }

    # -- the template ------------------------------------------------------------------
    def read_extra(self, r: Reader, data: dict[str, Any]) -> None:
        self.move = config.read_movement(r, self.movement, self.units)
        self.caps = replace(self.caps, close_hauled=self.move.close_hauled)
        fire = r.table(data, "", "fire", required=False)
        self.gun_order = r.strings(fire, "fire", "gun_order") or ("heavy", "light", "carronade")
        self.big_ship_rate = r.integer(fire, "fire", "big_ship_rate", default=4, minimum=1) or 4
        self.command_pass_above = int(
            r.number(r.table(data, "", "command"), "command", "pass_above", default=10)
        )
        self.criticals = config.read_criticals(r, data)
        self.damage = config.read_damage(r, data, self.units)
        self.boarding = config.read_boarding(r, data)
        opts = r.table(data, "", "options", required=False)
        self.speed_change = r.length(
            opts, "options", "speed_change", self.units, default=3.0, positive=False
        )

    # -- movement --------------------------------------------------------------------
    def turn_radius(self, base_length: float, unit: str) -> float:
        """Radius of the centre's arc on the turn template for a base of this length."""
        k = reckon.scale(self, unit)
        for upto, radius in self.move.turn_radii:
            if base_length <= upto * k + 1e-9:
                return radius * k
        return self.move.turn_radii[-1][1] * k if self.move.turn_radii else 0.0

    def plan_move(
        self, scn: Scenario, ship: Ship, steps: tuple[Step, ...], ctx: MoveContext = NO_CONTEXT
    ) -> PathPlan:
        from tabletop.rules.trafalgar import movement

        return movement.plan_move(self, scn, ship, steps, ctx)

    def fan(self, scn: Scenario, ship: Ship, density: int = 6) -> Fan:
        from tabletop.referee.fan import template_fan
        from tabletop.rules.trafalgar import movement

        return template_fan(scn, ship, movement.template(self, scn, ship), density)

    def move_so_far(
        self, state: GameState, ship: str
    ) -> tuple[Ship, tuple[Step, ...], MoveContext]:
        """Her turn's path is laid whole from where it began (the allowance is fixed by the
        point of sail at the start of the move), at her speed as damaged, her rudder
        as it is; what she sailed already is the path's first part."""
        st = state.ship(ship)
        assert isinstance(st, TrafalgarShip)
        model = state.table().ship(ship)
        cls = class_now(self, model.cls, st, state.scenario.units)
        start = replace(model, cls=cls, pose=st.turn_start or st.pose)
        from tabletop.referee.movement import parse_path

        done = parse_path(" ".join(st.path)) if st.path else ()
        return start, done, MoveContext(partial=True, no_turns=st.rudder, sailed=len(done))

    def luff_gain_cap(self, speed: float) -> float:
        from tabletop.rules.trafalgar import movement

        return movement.luff_gain_cap(self, speed)

    # -- fire --------------------------------------------------------------------------
    def rule_fire(self, scn: Scenario, tab: Table, i: int, j: int, high: bool) -> FireRuling:
        return broadside_ruling(self, scn, tab, i, j, high)

    # -- the game ----------------------------------------------------------------------
    @property
    def _game(self) -> TrafalgarGame:
        """The turn's procedures for this ruleset, imported when a game is first played."""
        from tabletop.rules.trafalgar.game import TrafalgarGame

        return TrafalgarGame(self)

    def apply(self, state: GameState, action: Action, dice: Dice, events: Events) -> GameState:
        return self._game.apply(state, action, dice, events)

    def fighting(self, state: GameState, ship: str) -> bool:
        """Struck, or sailed off the table (ruling): out of the fight."""
        st = state.ship(ship)
        return not st.struck and not (isinstance(st, TrafalgarShip) and st.left)

    def turn_owed(self, state: GameState, ship: str) -> str | None:
        return self._game.owed(state, ship)

    def unready(self, state: GameState, ship: str, verb: str) -> str | None:
        """A move or a ram refused whatever its path (irons, her movement ended, in
        stays, grappled): the engine's own reason."""
        st = state.ship(ship)
        if verb not in ("move", "ram") or not isinstance(st, TrafalgarShip):
            return None
        try:
            self._game.may_sail(state, st, ())
        except IllegalAction as e:
            return str(e)
        return None

    def gone(self, state: GameState, ship: str) -> str | None:
        st = state.ship(ship)
        return "off the table" if isinstance(st, TrafalgarShip) and st.left else None

    def in_stays(self, state: GameState, ship: str) -> bool:
        """Half-way through a tack: head to wind, the tack completed next turn."""
        st = state.ship(ship)
        return isinstance(st, TrafalgarShip) and st.tacking

    def ship_report(self, state: GameState, ship: str) -> dict[str, Any]:
        st = state.ship(ship)
        assert isinstance(st, TrafalgarShip)
        cls = state.scenario.ship(ship).cls
        status = [
            name
            for name, on in (
                ("struck", st.struck),
                ("off the table", st.left),
                ("in irons", st.in_irons),
                ("luffing", st.luffing),
                ("tacking", st.tacking),
                ("rudder shot away", st.rudder),
                ("holed", st.holed),
                ("grappled", state.is_grappled(ship)),
            )
            if on
        ]
        out: dict[str, Any] = {"status": status}
        if "damage" in cls.fields or "crew" in cls.fields:
            out.update(
                {
                    "hull": f"{len(track(cls)) - st.hull_lost}/{len(track(cls))}",
                    "crew": f"{crew_total(cls) - st.crew_lost}/{crew_total(cls)}",
                    "guns": {side: guns_on(cls, st, side) for side in ("port", "starboard")},
                    "masts": {m: f"{n - st.mast_lost(m)}/{n}" for m, n in masts_of(cls).items()},
                }
            )
        return out

    # -- the drill ---------------------------------------------------------------------


def _left(cls: ShipClass, st: TrafalgarShip) -> float:
    """The share of her left before she strikes, 0..1: the less of her hull track's
    boxes and her crew (she strikes when either is gone)."""
    boxes = len(track(cls))
    hull = (boxes - st.hull_lost) / boxes if boxes else 1.0
    crew = (crew_total(cls) - st.crew_lost) / max(1, crew_total(cls))
    return max(0.0, min(1.0, hull, crew))
