"""Frigate (source 000: suggested modifications of the Frigate hex game), a ruleset
package on a hex overlay of the table.

``config`` reads the template, ``board`` answers where ships stand, how the wind meets
them, their fields and lines of fire, ``moves`` plays declarations, segments and steps,
``combat`` broadsides, chase guns and prizes, ``game`` the game-turn, ``ship`` holds a
ship's state.  A ship stands on ONE hex; her table pose is derived from it, so every
table tool sees her.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from math import floor
from typing import Any, ClassVar

from tabletop.common.errors import TabletopError
from tabletop.data.reader import Reader, join
from tabletop.engine.actions import Action, Verb
from tabletop.engine.dice import Dice
from tabletop.engine.events import Events
from tabletop.engine.state import GameState
from tabletop.geometry.hexgrid import place
from tabletop.geometry.motion import Segment
from tabletop.model.scenario import Scenario, Ship, ShipClass
from tabletop.referee.fan import Fan
from tabletop.referee.fire import FireRuling, Table
from tabletop.referee.movement import Step, hex_steps
from tabletop.rules.base import NO_CONTEXT, FireChance, MoveContext, PathPlan, Sector
from tabletop.rules.clients import Advice
from tabletop.rules.frigate import board, config, options, ruling
from tabletop.rules.frigate.combat import Combat
from tabletop.rules.frigate.config import SEGMENTS, STEPS
from tabletop.rules.frigate.game import FrigateGame, convoy_sides
from tabletop.rules.frigate.moves import DECLARING
from tabletop.rules.frigate.ship import FrigateShip, field, fighting_sail, sheet, ship_of
from tabletop.rules.hextable import HexTable, HexTableData, HexTableLook, read_hex_grid
from tabletop.rules.types import Card

#: The roster fields of Frigate's own.
OWN_FIELDS = {"schedule", "gunnery", "defence", "merchant", "fighting_sail", "flagship"}
#: Hits a scenario may give a ship before play (a referee's question about a damaged one).
HIT_FIELDS = {"crew_hits": 3, "mast_hits": 3}
#: How much of a ship all her crew hits, and all her mast hits, are worth (``loss``):
#: crew first (her guns silenced, open to capture: the quicker end), so a captain
#: batters the hull until it can take no more, then aims at the rigging.
LOSS_SHARES = (0.85, 0.6)


class FrigateLook(HexTableLook):
    """What the window asks of Frigate."""

    rs: Frigate

    def fire_verb(self, arc: str) -> str:
        """The bow and stern fields are the chasers': ``chase``, not ``fire``."""
        return "chase" if arc in ruling.CHASE_ARC.values() else "fire"

    def arc_outlines(self, scn: Scenario, ship: Ship, bands: bool) -> list[tuple[Any, bool]]:
        """Her broadsides' fields of fire as hexes; with ``bands`` her chasers' too."""
        return ruling.arc_outlines(self.rs, scn, ship, bands)

    def sheet(self, state: GameState, ship: str) -> Card:
        """Her crew and mast hits as boxes (this segment's too); her figures as reported."""
        said = super().sheet(state, ship).figures
        figures = tuple(f for f in said if f[0] not in ("crew hits", "mast hits"))
        crew = len(self.rs.combat.crew_loss)
        return sheet(ship_of(state, ship), crew, self.rs.moves.dismasted_at, figures)


class FrigateAdvice(Advice):
    """What the computer captain asks of Frigate."""

    rs: Frigate

    def fire_chance(self, state: GameState, firer: str, target: str) -> FireChance | None:
        return options.chance(self.rs, state, firer, target)

    def loss(self, state: GameState, ship: str) -> float:
        """Her crew hits towards the count that lets an enemy alongside take her (they
        silence her guns too) and her mast hits towards dismasting (then she drifts off),
        hits marked this segment counted; gone or struck, all of her.  Neither alone is
        the whole ship: a warship with all her crew hits is taken only by an enemy strong
        enough alongside, a dismasted one is gone only when she drifts off the table, so
        each counts a share (``LOSS_SHARES``) of what is left by the other."""
        st = ship_of(state, ship)
        if st.lost:
            return 1.0
        crew = min(st.crew_hits + st.crew_new, self.rs.combat.capture_crew)
        masts = min(st.mast_hits + st.masts_new, self.rs.moves.dismasted_at)
        c = LOSS_SHARES[0] * crew / max(1, self.rs.combat.capture_crew)
        m = LOSS_SHARES[1] * masts / max(1, self.rs.moves.dismasted_at)
        return float(1.0 - (1.0 - c) * (1.0 - m))

    def quarry(self, state: GameState, side: str) -> str | None:
        """A convoy action's convoy, for the side that wins by taking her."""
        convoy, _own, enemy = convoy_sides(state)
        return convoy if side == enemy else None

    def match_strength(self, state: GameState, ship: str) -> float:
        """Her gunnery strength after her crew hits times her defence strength: on the
        combat results table her odds against an enemy are her gunnery to his defence,
        his against her his gunnery to hers, so the products compare as the match-up
        does (a 38 is 6 × 6 = 36, a sloop 3 × 3 = 9, a merchantman 1 × 3 = 3).  Hits
        marked this segment count, as in :meth:`loss`: they take her gunnery at its end,
        before any boarding, and a look ahead that waited for them saw no fire change
        who outmatches whom until the next segment."""
        st = ship_of(state, ship)
        if st.lost:
            return 0.0
        if st.crew_new:
            st = replace(st, crew_hits=st.crew_hits + st.crew_new)  # strength caps them
        g = Combat(self.rs).strength(state, st, None, False)
        return float(g * field(state.scenario.ship(ship).cls, "defence", 1))

    def reach(self, scn: Scenario, cls: ShipClass) -> float:
        """Her most Movement Points in a turn on her best point of sail, as hexes."""
        most = max(self.rs.allowance(cls, s)[1] for s in self.rs.sectors)
        return float(most) * self.rs.grid_in(scn.units).size

    def fan_now(self, state: GameState, ship: str, density: int = 6) -> Fan:
        """Every move her points allow in this segment (:func:`options.moves`)."""
        return options.moves(self.rs, state, ship)


class FrigateData(HexTableData):
    """What the loader asks of Frigate."""

    rs: Frigate

    class_fields = frozenset(OWN_FIELDS | set(HIT_FIELDS))  # any other is a misspelling

    def check_class(self, r: Reader, tbl: dict[str, Any], path: str) -> None:
        """Her schedule row, gunnery and defence strengths; merchantman, fighting sail."""
        sched = tbl.get("schedule")
        if not isinstance(sched, str) or sched not in self.rs.schedule:  # [] crashed the check
            want = "a row of the schedule: " + ", ".join(self.rs.schedule)
            r.error(join(path, "schedule"), want, sched)
        for key, lo in (("gunnery", 0), ("defence", 1)):
            v = r.integer(tbl, path, key, minimum=lo, maximum=999)
            if v is None and key not in tbl:
                r.error(join(path, key), f"a whole number ≥ {lo}", None)
        for key in ("merchant", "fighting_sail", "flagship"):
            r.boolean(tbl, path, key, False)
        for key, most in HIT_FIELDS.items():
            if key in tbl:
                r.integer(tbl, path, key, minimum=0, maximum=most)

    def read_speed(
        self, r: Reader, tbl: dict[str, Any], path: str, file_unit: str, k: float
    ) -> tuple[float, float | None]:
        """Her allowances are the schedule's, by her row: no speed of her own."""
        for key in ("speed", "speed_abeam"):
            if key in tbl:
                r.error(join(path, key), "no speed: the schedule gives a Frigate ship's", tbl[key])
        return 0.0, None

    @property
    def wind_strengths(self) -> tuple[str, ...]:
        return (self.rs.moves.no_wind, *self.rs.moves.strengths)


class Frigate(HexTable):
    caps = replace(
        HexTable.caps,
        has_engine=True,
        contact_words="runs afoul of {ship}: she stops in her hex, alongside",
        steps=STEPS,
    )
    _look = FrigateLook
    _advice = FrigateAdvice
    _data = FrigateData
    name = "frigate"
    length = 1  # the hexes a ship stands on
    ship_state = FrigateShip
    options: ClassVar[dict[str, str]] = {
        "sagging": "bool",
        "flagship_fired_on": "bool",
        "preservation": "bool",
        "nearest_target": "bool",
        "changing_wind": "bool",  # phase a: the wind rolled each turn (template [wind_change])
        "no_wind": "bool",  # the optional no-wind rule
        "damage_control": "bool",  # phase e: repair rolls (template [damage_control])
        "simove": "bool",  # section 3: each segment plotted, then executed at once
        "convoy": "ship",  # her taking ends the battle; her side wins if she outlasts it
        "last_turn": "turn",  # the battle ends with this game-turn (see FrigateGame.winner)
    }
    verbs: ClassVar[dict[str, Verb]] = {
        "speed": Verb(
            "SHIP N", "declare her Movement Allowance for this turn", 2, 2, declared=True
        ),
        "move": Verb("SHIP STEPS...", "F<n> hexes ahead, P60/S60 a hexside turned", 2, None),
        "fire": Verb(
            "SHIP TARGET [hull|rigging]",
            "the broadside whose field holds the target, aimed at her hull or rigging",
            2,
            3,
            {2: ("hull", "rigging")},
        ),
        "chase": Verb("SHIP TARGET", "the bow or stern chasers", 2, 2),
        "capture": Verb("SHIP TARGET", "announce an attack on the ship she lies alongside", 2, 2),
        "destroy": Verb("SHIP PRIZE", "begin destroying a prize she lies afoul of", 2, 2),
        "end": Verb("", "end this side's part of the phase", 0, 0),
    }

    # -- the template ------------------------------------------------------------------
    def read_extra(self, r: Reader, data: dict[str, Any]) -> None:
        self.grid, self.along = read_hex_grid(r, data, self.units)
        self.moves = config.read_moves(r, self.movement)
        self.schedule = config.read_schedule(r, data, self.moves.strengths)
        self.combat = config.read_combat(r, r.table(data, "", "fire"))
        self.command = config.read_command(r, data)
        self.preservation = config.read_preservation(r, data)
        self.weather = config.read_weather(r, data)
        self.repair = config.read_repair(r, data)
        for i, s in enumerate(self.sectors):
            if s.use not in config.ATTITUDES:
                r.error(join("sectors", i) + ".use", " | ".join(config.ATTITUDES), s.use)
        if len(self.sectors) != len(config.ATTITUDES):
            r.error("sectors", "four sectors: front, side_front, side_rear, rear", None)

    def allowance_unit(self, unit: str) -> str:
        return "Movement Points"

    def allowance(self, cls: Any, sector: Sector) -> tuple[float, float]:
        """The schedule's maximum in the template's default wind strength."""
        game = FrigateGame(self)
        return 0.0, float(game.allowance_of(cls, sector.use, self.moves.default_strength))

    def laid_allowance(self, scn: Scenario, ship: Ship) -> tuple[float, float]:
        """The most she may declare as she lies (SPEC: every query answers as the game
        does): the schedule's maximum in the scenario's wind for her facing, cut by the
        mast hits her entry carries as the engine cuts it (a game's table writes them
        there), none dismasted; halved under fighting sail instead."""
        facing = place(self.grid_in(scn.units), ship.pose, 1)[1]
        att = board.attitude(self.grid.facing_of(scn.wind.from_deg), facing)
        most = self._laid_most(scn, ship, att)
        hits = int(ship.cls.fields.get("mast_hits", 0))
        if hits >= self.moves.dismasted_at:
            return 0.0, 0.0
        if not fighting_sail(ship.cls):
            shares = self.moves.mast_shares
            most = floor(Fraction(most) * shares[min(hits, len(shares) - 1)])
        return 0.0, float(most)

    def _laid_most(self, scn: Scenario, ship: Ship, att: int, fresh: bool = True) -> int:
        """Her most Movement Points at attitude ``att`` in the scenario's wind (the
        template's default where it names none).  On a ``fresh`` move (the table as
        laid), none in no wind: only last turn's way carries her, and she has had none;
        in a game the engine rules her way, so the default strength bounds the path."""
        strength = scn.wind.strength or self.moves.default_strength
        if strength == self.moves.no_wind and fresh:
            return 0
        if strength not in self.moves.strengths:
            strength = self.moves.default_strength
        return FrigateGame(self).allowance_of(ship.cls, config.ATTITUDES[att], strength)

    def row(self, cls: ShipClass) -> config.Row:
        return self.schedule[str(cls.fields.get("schedule"))]

    def strength(self, state: GameState) -> str:
        """The wind's strength now: as it changed in play, else the scenario's, else the
        template's default."""
        s = state.wind_strength or state.scenario.wind.strength or self.moves.default_strength
        if s not in self.data.wind_strengths:
            raise TabletopError(
                f"wind.strength: expected one of {', '.join(self.data.wind_strengths)}, found '{s}'"
            )
        return s

    def no_wind(self, state: GameState) -> bool:
        return self.strength(state) == self.moves.no_wind

    # -- fire --------------------------------------------------------------------------
    def rule_fire(self, scn: Scenario, tab: Table, i: int, j: int, high: bool) -> FireRuling:
        """The referee's ruling (:mod:`tabletop.rules.frigate.ruling`); ``high``: aimed at
        her rigging (mast hits) rather than her hull (crew hits)."""
        return ruling.fire_ruling(self, scn, i, j, high)

    # -- the grid ----------------------------------------------------------------------

    def step_text(self, state: GameState) -> str | None:
        """Where the turn stands: the allowances declared, or segment n of four (a last
        turn is the status line's: "turn 1 of 11")."""
        step = STEPS[state.phase]
        if state.phase and FrigateGame(self).plotting(state):  # SiMove: plotted, not moved
            step = replace(step, does="plot (and fire)")
        return step.says(state.active_side)

    # -- movement preview --------------------------------------------------------------
    def plan_move(
        self, scn: Scenario, ship: Ship, steps: tuple[Step, ...], ctx: MoveContext = NO_CONTEXT
    ) -> PathPlan:
        """Her steps laid hex by hex with their Movement Points (a hex, a hexside at her
        turning cost, one more into the wind) against the schedule's maximum for the
        wind on her at the start."""
        grid = self.grid_in(scn.units)
        h, facing = place(grid, ship.pose, 1)
        wf = self.grid.facing_of(scn.wind.from_deg)
        att = board.attitude(wf, facing)
        most = self._laid_most(scn, ship, att, fresh=not ctx.partial)
        if ctx.budget is not None:  # a game's segment: the points her declaration left
            most = int(ctx.budget)
        try:
            kinds = hex_steps(" ".join(str(s) for s in steps))
        except TabletopError as e:
            return PathPlan((), (str(e),), float(most), 0.0, config.ATTITUDES[att])
        cost, segs, v = 0, [], []
        for k in kinds:
            if k == "F":
                h = board.step(h, facing)
                cost += 1
                segs.append(Segment(length=grid.size))
            else:
                nf = (facing + (1 if k == "S" else -1)) % 6
                was, now = board.attitude(wf, facing), board.attitude(wf, nf)
                into = now < was and was in (1, 2)
                cost += self.row(ship.cls).turn_cost + (self.moves.into_wind if into else 0)
                facing = nf
                segs.append(Segment(turn=60.0 if k == "S" else -60.0))
            cx, cy = grid.centre(h)
            if not scn.holds(cx, cy):
                v.append("she may not sail off the table")
                break
        if cost > most:
            v.append(f"{cost} Movement Points; she has at most {most} with this wind")
        return PathPlan(
            tuple(segs), tuple(v), float(most), 0.0, config.ATTITUDES[att], used=float(cost)
        )

    def move_so_far(
        self, state: GameState, ship: str
    ) -> tuple[Ship, tuple[Step, ...], MoveContext]:
        """In a segment her move is paid from her declared speed, not from what the wind
        would let her declare now: this segment's Movement Points and, for a turn, the
        later segments' (the chart's, less what she owes).  A ship turned head to wind
        after declaring 8 was told "at most 0 with this wind" while the game let her turn
        off it.  Dead to windward with nothing declared, the one hexside she may turn
        away is laid as one turn's cost (the game charges nothing for it)."""
        model, done, ctx = super().move_so_far(state, ship)
        st = state.ship(ship)
        if not isinstance(st, FrigateShip) or not 1 <= state.phase <= SEGMENTS:
            return model, done, ctx
        if st.declared:
            left = st.points + max(0, FrigateGame(self).later(st, state.phase))
            ctx = replace(ctx, budget=float(left))
        elif st.windward_turn:  # dead to windward, nothing declared: one hexside away, free
            ctx = replace(ctx, budget=float(self.row(model.cls).turn_cost))
        return model, done, ctx

    # -- the game ----------------------------------------------------------------------
    def new_ship(self, ship: Ship) -> FrigateShip:
        """Her state before play; her hex is read from her (snapped) pose when the game
        opens (the table's unit is the scenario's)."""
        return FrigateShip(ship.id, ship.pose)

    def open_game(self, state: GameState, dice: Dice, events: Events) -> GameState:
        grid = self.grid_in(state.scenario.units)
        for s in state.ships:
            h, facing = place(grid, s.pose, 1)
            st = FrigateShip(s.id, s.pose, hex=h, facing=facing)
            state = state.with_ship(self.damaged(st, state.scenario.ship(s.id)))
        return FrigateGame(self).open(state, events)

    def as_table(self, state: GameState, scn: Scenario) -> Scenario:
        """Her crew and mast hits written on her entry, so a ruling on a game's table
        (the window's, ``tabletop fire`` on it) weighs her gunnery as the engine would;
        and whom she lies afoul of, by which side, so two ships in one hex fire as the
        engine lets them (the window said "in none of her fields of fire")."""
        out = []
        for ship in scn.ships:
            st = ship_of(state, ship.id)
            hits: dict[str, Any] = {"crew_hits": st.crew_hits, "mast_hits": st.mast_hits}
            if st.afoul:
                hits.update(afoul=st.afoul, side_in=st.side_in)
            cls = replace(ship.cls, fields={**ship.cls.fields, **hits})
            out.append(replace(ship, cls=cls))
        return replace(scn, ships=tuple(out))

    def damaged(self, st: FrigateShip, ship: Ship) -> FrigateShip:
        """Her state with the crew and mast hits her scenario entry gives her."""
        f = ship.cls.fields
        return replace(
            st,
            crew_hits=int(f.get("crew_hits", 0)),
            mast_hits=int(f.get("mast_hits", 0)),
            afoul=str(f["afoul"]) if f.get("afoul") else None,
            side_in=str(f.get("side_in", "")),
        )

    def apply(self, state: GameState, action: Action, dice: Dice, events: Events) -> GameState:
        return FrigateGame(self).apply(state, action, dice, events)

    # -- what a ship may do now (the computer captain's choices) ---------------------------
    def fighting(self, state: GameState, ship: str) -> bool:
        """Struck, sunk or drifted off: out of the fight."""
        return not ship_of(state, ship).lost

    def unready(self, state: GameState, ship: str, verb: str) -> str | None:
        """A move refused whatever its steps: while allowances are declared (the
        engine's words)."""
        if verb == "move" and state.phase == 0:
            return DECLARING
        st = ship_of(state, ship)
        if verb == "move" and FrigateGame(self).held_afoul(state, st):  # every path refused
            return f"{ship} lies afoul of {st.afoul}: she cannot sail"
        return None

    def word_choices(self, state: GameState, ship: str, verb: str, word: str) -> list[str] | None:
        """The allowances she may declare, the most first; where a broadside is aimed
        (the hull first, the rules' default)."""
        if verb == "speed" and word == "N":  # not SHIP: "speed 2 2" was offered
            return options.allowances(self, state, ship)
        if verb == "fire" and word == "[hull|rigging]":
            return ["hull", "rigging"]
        return None

    def gone(self, state: GameState, ship: str) -> str | None:
        return ship_of(state, ship).out  # sunk, drifted off

    def ship_report(self, state: GameState, ship: str) -> dict[str, Any]:
        st = ship_of(state, ship)
        cls = state.scenario.ship(ship).cls
        flags = (
            ("struck", st.struck),
            ("afoul of " + (st.afoul or ""), st.afoul is not None),
            ("dismasted", st.mast_hits >= self.moves.dismasted_at),
            ("fighting sail", bool(cls.fields.get("fighting_sail"))),
            ("fleet flagship", bool(cls.fields.get("flagship"))),
            ("under command control", st.held_course),
            (st.out or "", st.out is not None),
            (convoy_text(state), state.scenario.options.get("convoy") == ship),  # the objective
        )
        return {
            "status": [name for name, on in flags if on],
            "hex": list(st.hex),
            "facing": st.facing,
            "allowance": st.declared,
            "points_this_segment": st.points,  # "points 1" on the card read as nothing
            "crew_hits": st.crew_hits,
            "mast_hits": st.mast_hits,
            "fired": list(st.fired),
            "chase_guns_fired": list(st.chased),  # "fired none" after her chasers had
            "efficiency": FrigateGame(self).efficiency(st),
        }


def convoy_text(state: GameState) -> str:
    """The convoy's part, on her card: "the convoy: taken, the british win; kept through
    turn 14, the french" (it read "taken, the battle is lost", as if she were)."""
    convoy, own, enemy = convoy_sides(state)
    if convoy is None:
        return ""
    out = f"the convoy: taken, the {enemy or 'enemy'} win"
    last = state.scenario.options.get("last_turn")
    return out + (f"; kept through turn {last}, the {own}" if last else "")
