"""The game state: immutable values that change only by applying an action.

A ship's own state (:class:`ShipState`, in :mod:`tabletop.engine.ship`) is importable
from here too."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields, replace
from typing import Any, TypeVar

from tabletop.common.errors import IllegalAction
from tabletop.engine.events import Events, Winner
from tabletop.engine.ship import ShipState, as_json
from tabletop.model.scenario import Scenario


@dataclass(frozen=True)
class Answer:
    """One way to answer a pending decision: the action's text (``PATH`` where the
    player lays a path), the window's key for it, and a label for players."""

    action: str
    key: str
    label: str

    @property
    def verb(self) -> str:
        return self.action.split()[0]


@dataclass(frozen=True)
class Pending:
    """A decision the rules hand to a player before play goes on."""

    kind: str  # the ruleset's name for it, e.g. "irons_or_luffing"
    ship: str  # the ship the decision is about
    side: str  # who decides
    other: str = ""  # another ship it concerns (the rammer, say)
    answers: tuple[Answer, ...] = ()  # the actions that answer it

    def snapshot(self) -> dict[str, Any]:
        return {"kind": self.kind, "ship": self.ship, "side": self.side, "other": self.other}


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
    wind_strength: str | None = None  # how hard it blows now, where a ruleset changes it
    # which of the turn's steps is being played, where the ruleset declares them
    # (``Capabilities.steps``: an index into them); 0 where it declares none
    phase: int = 0
    # the turn the battle ended in (set with ``winner``): a battle ended by the turn's
    # end (a last turn, a drift) is over before the next, though ``turn`` has moved on
    ended_turn: int | None = None
    # hidden terrain a ship has found (indexes into the scenario's terrain): known to all
    revealed: tuple[int, ...] = ()

    @property
    def final_turn(self) -> int:
        """The turn the battle ended in where it has, else the turn now."""
        return self.ended_turn or self.turn

    @property
    def active_side(self) -> str:
        return self.sides[self.active]

    def ship(self, ship_id: str) -> ShipState:
        for s in self.ships:
            if s.id == ship_id:
                return s
        self.scenario.ship(ship_id)  # raises the user-facing error
        raise AssertionError

    def seen_by(self, side: str | None) -> GameState:
        """The game as ``side`` knows it (None: as every side does): hidden terrain she
        did not chart (``known_to``) and no ship has found is left off the table.  The
        computer captain plots on this, so it never steers round a shoal its side
        cannot know of.  With terrain left off, what is kept is laid as known (no
        longer hidden, none to reveal): ``revealed`` counts the whole table's."""
        terrain = self.scenario.terrain
        kept = tuple(
            t
            for i, t in enumerate(terrain)
            if not t.hidden or i in self.revealed or (side is not None and t.known_to == side)
        )
        if len(kept) == len(terrain):
            return self
        laid = tuple(replace(t, hidden=False) for t in kept)
        return replace(self, scenario=replace(self.scenario, terrain=laid), revealed=())

    def side_of(self, ship_id: str) -> str:
        st = self.ship(ship_id)
        return st.captured_by or self.scenario.ship(ship_id).side

    def with_ship(self, st: ShipState) -> GameState:
        return replace(self, ships=tuple(st if s.id == st.id else s for s in self.ships))

    def table(self) -> Scenario:
        """The scenario as it stands now: every ship at her current pose, and the wind
        where it blows from now (a ruleset may have shifted it), for the geometry.

        Laid once per state and kept on it: a state never changes, and the computer
        captain and the window ask it again and again (each time through the ruleset's
        ``as_table``).  The copy is no field, so equality, ``replace`` and snapshots
        never see it."""
        laid: Scenario | None = self.__dict__.get("_table")
        if laid is None:
            laid = self._lay_table()
            object.__setattr__(self, "_table", laid)
        return laid

    def _lay_table(self) -> Scenario:
        poses = {s.id: s.pose for s in self.ships}
        scn = replace(self.scenario, ships=tuple(s.moved(poses[s.id]) for s in self.scenario.ships))
        if self.wind_from is not None and self.wind_from != scn.wind.from_deg:
            scn = replace(scn, wind=replace(scn.wind, from_deg=self.wind_from))
        if self.wind_strength is not None and self.wind_strength != scn.wind.strength:
            scn = replace(scn, wind=replace(scn.wind, strength=self.wind_strength))
        out: Scenario = scn.ruleset.as_table(self, scn)
        return out

    def is_grappled(self, a: str, b: str | None = None) -> bool:
        return any((a in pair) and (b is None or b in pair) for pair in self.grappled)

    def snapshot(self) -> dict[str, Any]:
        """A JSON-ready picture of everything that can change (not the scenario); the
        phase only where a ruleset uses it, so a snapshot of any other is as it was."""
        out: dict[str, Any] = {
            "turn": self.turn,
            "active": self.active_side,
            "seed": self.seed,
            "counter": self.counter,
            "winner": self.winner,
            "pending": [p.snapshot() for p in self.pending],
            "grappled": [list(p) for p in self.grappled],
            "boarding": [list(p) for p in self.boarding],
            "ships": [s.snapshot() for s in self.ships],
        }
        if self.phase:
            out["phase"] = self.phase
        if self.revealed:  # only where hidden terrain has been found
            out["revealed"] = list(self.revealed)
        if self.wind_strength is not None:  # only where a ruleset changes the wind's strength
            out["wind"] = {"from": self.wind_from, "strength": self.wind_strength}
        return out

    def matches(self, saved: dict[str, Any]) -> bool:
        """Whether this state is the one a save recorded.  A ship's field the save lacks
        counts as its default: a field a later version added (a new rule's state) does
        not make every older save unreadable, since it stood at its default then."""
        now = self.snapshot()
        ships = saved.get("ships")
        if now == saved or not isinstance(ships, list) or len(ships) != len(self.ships):
            return now == saved
        filled = []
        for st, old in zip(self.ships, ships, strict=True):
            if not isinstance(old, dict):
                return False
            new = dict(old)
            for f in fields(st):
                if f.name not in new and f.default is not MISSING:
                    new[f.name] = as_json(f.default)
            filled.append(new)
        return now == {**saved, "ships": filled}


def initial_state(scn: Scenario, seed: int | None = None) -> GameState:
    """Turn 1, the first side in the scenario to move, nothing rolled yet."""
    sides: list[str] = []
    for s in scn.ships:
        if s.side not in sides:
            sides.append(s.side)
    return GameState(
        scenario=scn,
        ships=tuple(scn.ruleset.new_ship(s) for s in scn.ships),
        sides=tuple(sides),
        seed=seed if seed is not None else (scn.seed or 0),
    )


def last_side(
    state: GameState,
    fighting: Callable[[GameState, str], bool],
    events: Events,
    draw: bool = False,
) -> GameState:
    """The battle's end where a ruleset ends it by the ships left: the side alone with
    ships still ``fighting`` has won (the event said); with none on any side, a draw
    where ``draw``.  A drill's lone side never wins.  Trafalgar's and Man O' War's
    engines each wrote it out."""
    if state.winner is not None or len(state.sides) < 2:
        return state
    alive = {state.side_of(s.id) for s in state.ships if fighting(state, s.id)}
    if len(alive) > 1 or (not alive and not draw):
        return state
    won = next(iter(alive)) if alive else "draw"
    events.append(Winner(won))
    return replace(state, winner=won)


def ended(winner: str) -> str:
    """How a game ended, in words: a side's win, or a draw (the engines' "draw": it read
    "draw has won")."""
    return "drawn" if winner == "draw" else f"{winner} has won"


S = TypeVar("S", bound=ShipState)


def end_of_turn(st: S) -> S:
    """Her per-turn fields back to their start (a ruleset's own included)."""
    fresh = type(st)(st.id, st.pose)
    keep = {
        f.name: getattr(st, f.name)
        for f in fields(st)
        if f.name not in type(st).per_turn and f.name not in ("id", "pose")
    }
    return replace(fresh, **keep)


def own(state: GameState, ship: str) -> ShipState:
    """The ship, if she is the side to play's and still fighting; else why not."""
    st = state.ship(ship)
    if state.side_of(ship) != state.active_side:
        raise IllegalAction(
            f"{ship} sails for the {state.side_of(ship)} side: the {state.active_side} side "
            "is to play"
        )
    if st.struck:
        raise IllegalAction(f"{ship} has struck her colours")
    return st
