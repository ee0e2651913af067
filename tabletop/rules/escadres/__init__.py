"""Escadres (source 002), on a hex overlay of the table: a ruleset package.

``config`` reads the template, ``board`` answers where ships stand, their fire zones and
lines of fire, ``damage`` rolls the damage tables and plays fires, leaks and bursting
out, ``game`` plays the round (the bag, moves, fire, the end phase and drift), ``ship``
holds a ship's state.  A ship stands on two hexes; her table pose is derived from them
(:func:`tabletop.geometry.hexgrid.ship_pose`), so every table tool sees her.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any, ClassVar

from tabletop.common.errors import IllegalAction
from tabletop.data.reader import Reader, join
from tabletop.engine.actions import Action, Verb
from tabletop.engine.dice import Dice
from tabletop.engine.events import Events
from tabletop.engine.state import GameState, ShipState
from tabletop.geometry.hexgrid import Hex, HexGrid, facing_gap, place, ship_hexes
from tabletop.geometry.motion import Segment
from tabletop.geometry.pose import Pose
from tabletop.model.scenario import Scenario, Ship, ShipClass
from tabletop.referee import reckon
from tabletop.referee.fan import Fan
from tabletop.referee.fire import FireRuling, Table
from tabletop.referee.movement import Step
from tabletop.rules.base import NO_CONTEXT, FireChance, MoveContext, PathPlan, Sector
from tabletop.rules.clients import Advice, grappled_with
from tabletop.rules.escadres import config, options, ruling
from tabletop.rules.escadres.damage import ship_of
from tabletop.rules.escadres.game import DRIFTS, EscadresGame, steps_of
from tabletop.rules.escadres.ship import (
    EscadresShip,
    crew,
    crew_left,
    hull_left,
    hull_points,
    power,
    power_left,
    sheet,
)
from tabletop.rules.hextable import HexTable, HexTableData, HexTableLook, read_hex_grid
from tabletop.rules.types import Card

#: The roster fields of Escadres' ship log, each a whole number, and their bounds.
LOG_FIELDS = {
    "power": (1, 99),
    "crew": (1, 99),
    "decks": (1, 3),
    "gun_count": (1, 200),
    "training": (-2, 2),
}


class EscadresLook(HexTableLook):
    """What the window asks of Escadres."""

    rs: Escadres

    def arc_outlines(self, scn: Scenario, ship: Ship, bands: bool) -> list[tuple[Any, bool]]:
        return ruling.arc_outlines(self.rs, scn, ship)

    def sheet(self, state: GameState, ship: str) -> Card:
        """Her log: power, crew and hull points as boxes, her fire tokens."""
        cls = state.scenario.ship(ship).cls
        return sheet(cls, ship_of(state, ship), grappled_with(state, ship))


class EscadresAdvice(Advice):
    """What the computer captain asks of Escadres."""

    rs: Escadres

    def fire_chance(self, state: GameState, firer: str, target: str) -> FireChance | None:
        return options.chance(self.rs, state, firer, target)

    def loss(self, state: GameState, ship: str) -> float | None:
        """How near she is to being lost: gone or struck, wholly; else she strikes when
        her power or her crew is gone, so the larger share of the two lost.  The mean of
        her report's figures counted a corvette with two of her three crew gone as a
        third lost."""
        st = state.ship(ship)
        if not isinstance(st, EscadresShip):
            return None
        if st.lost:
            return 1.0
        cls = state.scenario.ship(ship).cls
        return max(st.power_lost / max(1, power(cls)), st.crew_lost / max(1, crew(cls)))

    def reach(self, scn: Scenario, cls: ShipClass) -> float:
        """Her speed in hexes, centre to centre."""
        return float(cls.speed) * self.rs.grid_in(scn.units).size

    def fan_now(self, state: GameState, ship: str, density: int = 6) -> Fan:
        """Every move of hex steps she may still make in her activation; a ship not
        drawn, the moves of her next one (an enemy's possible reply)."""
        return options.moves(self.rs, state, ship)


class EscadresData(HexTableData):
    """What the loader asks of Escadres."""

    rs: Escadres

    class_fields = frozenset(LOG_FIELDS)

    def check_class(self, r: Reader, tbl: dict[str, Any], path: str) -> None:
        """The ship log: power, crew, decks, guns and training, whole numbers."""
        for key, (lo, hi) in LOG_FIELDS.items():
            if key in tbl:
                v = r.integer(tbl, path, key)
                if v is not None and not lo <= v <= hi:
                    r.error(join(path, key), f"a whole number from {lo} to {hi}", v)
            elif key in ("power", "crew"):
                r.error(join(path, key), "a whole number of boxes", None)

    def read_speed(
        self, r: Reader, tbl: dict[str, Any], path: str, file_unit: str, k: float
    ) -> tuple[float, float | None]:
        """Speed is her maximum move in hexes, not a length."""
        speed = r.integer(tbl, path, "speed", minimum=0, maximum=20)
        if speed is None:
            r.error(join(path, "speed"), "a whole number of hexes (0-20)", tbl.get("speed"))
        return float(speed or 0), None

class Escadres(HexTable):
    caps = replace(
        HexTable.caps,
        has_engine=True,
        swept_contact=False,
    )
    _look = EscadresLook
    _advice = EscadresAdvice
    _data = EscadresData
    name = "escadres"
    length = 2  # the hexes a ship stands on
    ship_state = EscadresShip
    verbs: ClassVar[dict[str, Verb]] = {
        "move": Verb(
            "SHIP STEPS...", "F<n> hexes ahead, P60/S60 a turn (the stern shifted)", 2, None
        ),
        "fire": Verb("SHIP TARGET", "fire the broadside whose zone holds the target", 2, 2),
        "end": Verb("", "end the drawn ship's turn: the next name comes out of the bag", 0, 0),
        "drift": Verb(
            "SHIP both|bow|stern",
            "which part drifts a hex downwind",
            2,
            2,
            {1: DRIFTS},
            answers_only=True,
        ),
    }

    # -- the template ------------------------------------------------------------------
    def read_extra(self, r: Reader, data: dict[str, Any]) -> None:
        self.grid, self.along = read_hex_grid(r, data, self.units)
        self.tables = config.read_tables(r, data)
        self.numbers = config.read_numbers(r, data, self.movement)
        uses = ("full", "less_one", "half_up", "none")
        for i, s in enumerate(self.sectors):
            if s.use not in uses:
                r.error(join("sectors", i) + ".use", " | ".join(uses), s.use)

    def allowance_unit(self, unit: str) -> str:
        return "hexes"

    def allowance(self, cls: Any, sector: Sector) -> tuple[float, float]:
        """A: the maximum; B: one less; C: half, rounded up; D: none."""
        top = int(cls.speed)
        most = {
            "full": top,
            "less_one": top - 1,
            "half_up": math.ceil(top / 2),
            "none": 0,
        }[sector.use]
        return 0.0, float(max(0, most))

    # -- the grid ----------------------------------------------------------------------

    def step_text(self, state: GameState) -> str | None:
        """The ship drawn from the bag plays now (the status line says which)."""
        drawn = [s.id for s in state.ships if isinstance(s, EscadresShip) and s.active]
        return f"{drawn[0]} drawn from the bag, {state.active_side} to play" if drawn else None

    def rule_fire(self, scn: Scenario, tab: Table, i: int, j: int, high: bool) -> FireRuling:
        """The referee's ruling: the zone, the hexes between, what stops the line, the
        dice (:mod:`tabletop.rules.escadres.ruling`); Escadres has no aiming high."""
        return ruling.fire_ruling(self, scn, i, j)

    def capacity(self, state: GameState, st: EscadresShip) -> int:
        """Her move steps for this turn, by the wind on her now and her rigging."""
        cls = state.scenario.ship(st.id).cls
        theta = facing_gap(self.wind_facing(state), st.facing) * 60.0
        rigged = replace(cls, speed=float(max(0, int(cls.speed) - st.move_lost)))
        return int(self.allowance(rigged, reckon.sector(self, theta))[1])

    def new_ship(self, ship: Ship) -> ShipState:
        """Her state before play; her hexes are read from her pose when the game opens
        (the table's unit is the scenario's)."""
        return EscadresShip(ship.id, ship.pose)

    # -- movement preview --------------------------------------------------------------
    def unready(self, state: GameState, ship: str, verb: str) -> str | None:
        """A move refused whatever its steps: she is not the ship drawn, she has fired
        (fire ends her movement), or her move steps are spent (the engine's own check)."""
        if verb != "move" or not isinstance(state.ship(ship), EscadresShip):
            return None
        try:
            EscadresGame(self).may_move(state, ship)
        except IllegalAction as e:
            return str(e)
        return None

    def move_so_far(
        self, state: GameState, ship: str
    ) -> tuple[Ship, tuple[Step, ...], MoveContext]:
        """The rest of her activation from where she lies: the move steps left of her
        capacity (fixed when she was drawn, by the wind and her rigging; a ship not
        drawn, what she would have now) and the turns left (her steering's, less those
        made).  Laid from the wind alone, a ship whose rigging was shot through was shown
        five hexes where the game allowed her three."""
        st = state.ship(ship)
        model = state.table().ship(ship)
        if not isinstance(st, EscadresShip):
            return super().move_so_far(state, ship)
        room = (st.capacity if st.active else self.capacity(state, st)) - st.steps
        turns = max(0, (model.cls.turns or 0) - st.turns_lost)
        ctx = MoveContext(partial=True, budget=float(max(0, room)), turns_used=st.turns_made)
        return replace(model, cls=replace(model.cls, turns=turns)), (), ctx

    def plan_move(
        self, scn: Scenario, ship: Ship, steps: tuple[Step, ...], ctx: MoveContext = NO_CONTEXT
    ) -> PathPlan:
        """Her steps laid hex by hex: capacity, turns and the table's edge; a step into
        a hex another ship holds stops her before it."""
        grid = self.grid_in(scn.units)
        bow, facing = place(grid, ship.pose, 2)
        theta = facing_gap(self.grid.facing_of(scn.wind.from_deg), facing) * 60.0
        sector = reckon.sector(self, theta)
        most = self.allowance(ship.cls, sector)[1] if ctx.budget is None else ctx.budget
        taken = {h: s.id for s in scn.ships if s.id != ship.id for h in _hexes(grid, s.pose)}
        v: list[str] = []
        notes: list[str] = []
        segs: list[Segment] = []
        try:
            hexsteps = steps_of(" ".join(str(s) for s in steps)) if steps else []  # none yet
        except IllegalAction as e:
            return PathPlan((), (str(e),), most, 0.0, sector.name)
        turns = sum(1 for s in hexsteps if s.kind != "F")
        if len(hexsteps) > most:
            v.append(f"{len(hexsteps)} move steps; she has {most:g} with the wind {sector.code}")
        may = max(0, (ship.cls.turns or 0) - ctx.turns_used)
        if turns > may:
            v.append(f"{turns} turns; she may make {may}")
        for s in hexsteps:
            ahead = taken.get(s.entered(bow, facing))
            if ahead is not None:
                notes.append(f"she stops short: {ahead} holds the hex ahead")
                break
            bow, facing = s.after(bow, facing)
            if s.kind == "F":
                segs.append(Segment(length=grid.size))
            else:  # the stern swings about the bow hex: half a hex up, pivot, back
                sign = 1.0 if s.kind == "S" else -1.0
                segs += [
                    Segment(length=grid.size / 2),
                    Segment(turn=60.0 * sign),
                    Segment(length=-grid.size / 2),
                ]
            cx, cy = grid.centre(bow)
            if not scn.holds(cx, cy):
                v.append("she may not sail off the table")
                break
        return PathPlan(
            tuple(segs), tuple(v), most, 0.0, sector.name, used=len(hexsteps), notes=tuple(notes)
        )

    # -- the game ----------------------------------------------------------------------
    def open_game(self, state: GameState, dice: Dice, events: Events) -> GameState:
        return EscadresGame(self).open(self.on_hexes(state), dice, events)

    def on_hexes(self, state: GameState) -> GameState:
        """Each ship's hexes read from her (already snapped) pose."""
        grid = self.grid_in(state.scenario.units)
        out = state
        for s in state.ships:
            bow, facing = place(grid, s.pose, 2)
            out = out.with_ship(EscadresShip(s.id, s.pose, bow=bow, facing=facing))
        return out

    def apply(self, state: GameState, action: Action, dice: Dice, events: Events) -> GameState:
        return EscadresGame(self).apply(state, action, dice, events)

    # -- what a ship may do now (the computer captain's choices) ---------------------------
    def fighting(self, state: GameState, ship: str) -> bool:
        st = state.ship(ship)
        return isinstance(st, EscadresShip) and not st.lost

    def can_act(self, state: GameState, ship: str) -> bool:
        """Only the ship drawn from the bag plays."""
        st = state.ship(ship)
        return isinstance(st, EscadresShip) and st.active and not st.lost

    def gone(self, state: GameState, ship: str) -> str | None:
        return ship_of(state, ship).out  # sunk, burst, drifted off

    def ship_report(self, state: GameState, ship: str) -> dict[str, Any]:
        st = state.ship(ship)
        assert isinstance(st, EscadresShip)
        cls = state.scenario.ship(ship).cls
        flags = (
            ("playing", st.active),
            ("stopped", st.stopped),
            ("struck", st.struck),
            ("becalmed", st.becalmed),
            (st.out or "", st.out is not None),
        )
        out: dict[str, Any] = {
            "status": [name for name, on in flags if on],
            "hexes": [list(h) for h in st.hexes],
            "facing": st.facing,
            "power": f"{power_left(cls, st)}/{power(cls)}",
            "crew": f"{crew_left(cls, st)}/{crew(cls)}",
            "fires": st.fires,
        }
        if st.power_lost >= power(cls):
            out["hull_points"] = f"{hull_left(cls, st)}/{hull_points(cls)}"
        return out


def _hexes(grid: HexGrid, pose: Pose) -> tuple[Hex, ...]:
    bow, facing = place(grid, pose, 2)
    return ship_hexes(bow, facing, 2)
