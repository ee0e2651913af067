"""The game state: immutable values that change only by applying an action."""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Any

from tabletop.geometry.pose import Pose
from tabletop.model import Scenario


@dataclass(frozen=True)
class ShipState:
    """One ship's pose, damage and status; ``path``..``fired`` belong to the current player turn."""

    id: str
    pose: Pose
    hull_lost: int = 0  # hull-track boxes crossed off
    crew_lost: int = 0
    rigging_lost: int = 0
    guns_lost: tuple[tuple[str, str, int], ...] = ()  # (side, gun type, dice lost)
    masts_lost: tuple[tuple[str, int], ...] = ()  # (mast, boxes lost)
    in_irons: bool = False
    luffing: bool = False  # left luffing by a failed check: she luffs or recovers next
    tacking: bool = False  # turned into the wind: the tack completes next turn
    last_tack: int = -99  # the turn her last tack completed
    rudder: bool = False  # shot away: no turns until repaired
    holed: bool = False  # below the waterline: leaks every turn
    struck: bool = False
    captured_by: str | None = None
    fired_on: bool = False  # since the end of her last turn
    turn_start: Pose | None = None  # where this turn's movement began
    path: tuple[str, ...] = ()  # steps moved so far this turn
    moved: float = 0.0
    done: bool = False  # her movement has ended this turn
    fired: tuple[str, ...] = ()  # broadsides fired this turn
    last_distance: float | None = None  # distance moved last turn (speed-change option)
    anchored: bool = False
    budget: float | None = None  # sailing left this turn, where the ruleset splits moves
    allowance: float | None = None  # her allowance this turn, once she has begun to sail
    turns_used: int = 0  # turns made so far this turn
    since_turn: float | None = None  # distance sailed since her last turn this turn
    irons_side: str | None = None  # the tack she was on when she went into irons
    rolled_tack: bool = False  # she has had her tacking roll this turn

    def guns_lost_on(self, side: str) -> dict[str, int]:
        return {g: n for s, g, n in self.guns_lost if s == side}

    def mast_lost(self, mast: str) -> int:
        return dict(self.masts_lost).get(mast, 0)

    @property
    def masts_damaged(self) -> bool:
        return any(n > 0 for _, n in self.masts_lost)


@dataclass(frozen=True)
class Pending:
    """A decision the rules hand to a player before play goes on."""

    kind: str  # "irons_or_luffing" | "avoid_or_stand"
    ship: str  # the ship the decision is about
    side: str  # who decides
    other: str = ""  # the rammer, for avoid_or_stand


@dataclass(frozen=True)
class GameState:
    scenario: Scenario  # the table as it began: classes, terrain, rules
    ships: tuple[ShipState, ...]
    sides: tuple[str, ...]
    turn: int = 1
    active: int = 0  # index into ``sides``: whose player turn it is
    seed: int = 0
    counter: int = 0  # dice rolled so far
    pending: tuple[Pending, ...] = ()
    grappled: tuple[tuple[str, str], ...] = ()  # collided pairs, each sorted
    boarding: tuple[tuple[str, str], ...] = ()  # pairs in a boarding action
    winner: str | None = None
    wind_from: float | None = None  # where the wind now blows from, if it has changed

    @property
    def active_side(self) -> str:
        return self.sides[self.active]

    def ship(self, ship_id: str) -> ShipState:
        for s in self.ships:
            if s.id == ship_id:
                return s
        self.scenario.ship(ship_id)  # raises the user-facing error
        raise AssertionError

    def side_of(self, ship_id: str) -> str:
        st = self.ship(ship_id)
        return st.captured_by or self.scenario.ship(ship_id).side

    def with_ship(self, st: ShipState) -> GameState:
        return replace(self, ships=tuple(st if s.id == st.id else s for s in self.ships))

    def table(self) -> Scenario:
        """The scenario with every ship at her current pose, for the geometry."""
        poses = {s.id: s.pose for s in self.ships}
        return replace(
            self.scenario, ships=tuple(s.moved(poses[s.id]) for s in self.scenario.ships)
        )

    def is_grappled(self, a: str, b: str | None = None) -> bool:
        return any((a in pair) and (b is None or b in pair) for pair in self.grappled)

    def snapshot(self) -> dict[str, Any]:
        """A JSON-ready picture of everything that can change (not the scenario)."""
        ships = []
        for s in self.ships:
            d = asdict(s)
            # 9 decimals: far below any ruling, and proof against last-bit differences
            # between machines when golden playthroughs are compared
            d["pose"] = [round(v, 9) for v in s.pose]
            d["turn_start"] = None if s.turn_start is None else [round(v, 9) for v in s.turn_start]
            d["moved"] = round(s.moved, 9)
            d["last_distance"] = None if s.last_distance is None else round(s.last_distance, 9)
            d["budget"] = None if s.budget is None else round(s.budget, 9)
            d["allowance"] = None if s.allowance is None else round(s.allowance, 9)
            d["since_turn"] = None if s.since_turn is None else round(s.since_turn, 9)
            d["guns_lost"] = [list(g) for g in s.guns_lost]
            d["masts_lost"] = [list(m) for m in s.masts_lost]
            d["path"] = list(s.path)
            d["fired"] = list(s.fired)
            ships.append(d)
        return {
            "turn": self.turn,
            "active": self.active_side,
            "seed": self.seed,
            "counter": self.counter,
            "winner": self.winner,
            "pending": [asdict(p) for p in self.pending],
            "grappled": [list(p) for p in self.grappled],
            "boarding": [list(p) for p in self.boarding],
            "ships": ships,
        }


def initial_state(scn: Scenario, seed: int | None = None) -> GameState:
    """Turn 1, the first side in the scenario to move, nothing rolled yet."""
    sides: list[str] = []
    for s in scn.ships:
        if s.side not in sides:
            sides.append(s.side)
    return GameState(
        scenario=scn,
        ships=tuple(ShipState(s.id, s.pose) for s in scn.ships),
        sides=tuple(sides),
        seed=seed if seed is not None else (scn.seed or 0),
    )
