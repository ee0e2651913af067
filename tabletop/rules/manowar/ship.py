"""A ship under the Man O' War advanced sailing rules: her own state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tabletop.engine.ship import ShipState


@dataclass(frozen=True)
class ManOWarShip(ShipState):
    """Irons and anchors, and a turn's sailing split around tacking rolls."""

    in_irons: bool = False
    anchored: bool = False
    budget: float | None = None  # sailing left this turn, where the ruleset splits moves
    allowance: float | None = None  # her allowance this turn, once she has begun to sail
    turns_used: int = 0  # turns made so far this turn
    since_turn: float | None = None  # distance sailed since her last turn this turn
    irons_side: str | None = None  # the tack she was on when she went into irons
    rolled_tack: bool = False  # she has had her tacking roll this turn
    swung: float = 0.0  # degrees swung at anchor this turn (90 in all)

    per_turn: ClassVar[frozenset[str]] = ShipState.per_turn | {
        "budget",
        "allowance",
        "turns_used",
        "since_turn",
        "rolled_tack",
        "swung",
    }
