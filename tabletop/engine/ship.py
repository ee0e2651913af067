"""A ship's state in a game, which each ruleset's own ship state subclasses.

Apart from the game state that holds her (:mod:`tabletop.engine.state`), so a ruleset,
which names its ship's state class, loads no more of the engine than this: a ruling on
its table starts fast."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from tabletop.geometry.pose import Pose


@dataclass(frozen=True)
class ShipState:
    """What every ruleset keeps of a ship: where she is, whether she fights on, and her
    movement this player turn.  A ruleset's own fields live in a frozen subclass it
    declares (``Ruleset.ship_state``), so a field for one ruleset leaves the others alone.
    """

    id: str
    pose: Pose
    struck: bool = False
    captured_by: str | None = None
    turn_start: Pose | None = None  # where this turn's movement began
    path: tuple[str, ...] = ()  # steps moved so far this turn
    moved: float = 0.0
    done: bool = False  # her movement has ended this turn

    #: Fields that go back to their start when her side's turn ends.
    per_turn: ClassVar[frozenset[str]] = frozenset({"turn_start", "path", "moved", "done"})

    def snapshot(self) -> dict[str, Any]:
        """Her fields as JSON values: poses and lengths to 9 decimals (far below any
        ruling, and proof against last-bit differences between machines)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            out[f.name] = as_json(getattr(self, f.name))
        return out


def as_json(v: Any) -> Any:
    """A field's value as JSON: poses and floats to 9 decimals, tuples as lists."""
    if isinstance(v, Pose):
        return [round(x, 9) for x in v]
    if isinstance(v, float):
        return round(v, 9)
    if isinstance(v, tuple):
        return [as_json(x) for x in v]
    return v
