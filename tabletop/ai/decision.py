"""What the computer captain gives and what it remembers of a turn: an order with its
reason (:class:`Decision`), the orders given so far this turn (:class:`Turn`), and which
verbs make a ship's other orders (:func:`others`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from tabletop.ai.judge import Shot
from tabletop.engine.state import GameState
from tabletop.game.legal import lays_path


@dataclass(frozen=True)
class Decision:
    """One order: the action's text, the ship it is for, and the captain's reason."""

    action: str
    ship: str = ""
    reason: str = ""


@dataclass
class Turn:
    """What the captain has ordered this player turn (reset when the turn changes)."""

    key: tuple[int, int, int] = (0, 0, -1)
    fired: dict[str, set[str]] = field(default_factory=dict)
    moved: set[str] = field(default_factory=set)
    done: set[str] = field(default_factory=set)
    first: dict[str, list[Shot]] = field(default_factory=dict)
    plan: dict[str, Decision | None] = field(default_factory=dict)
    after: set[str] = field(default_factory=set)  # ships offered their other orders
    top: dict[str, float] = field(default_factory=dict)  # her fan's best judged score
    owed: set[str] = field(default_factory=set)  # done ships asked again what they owe


def others(state: GameState) -> tuple[str, ...]:
    """The verbs of a ship's other orders (a tack, a repair, a boarding): all but a move,
    a shot and the end, and any that lays a path (a move is searched over her fan, not
    sampled: ``Captain.plan``)."""
    return tuple(
        verb
        for verb, v in state.scenario.ruleset.verbs.items()
        if verb not in ("move", "fire", "end") and not lays_path(v)
    )
