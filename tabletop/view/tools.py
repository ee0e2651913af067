"""Input tools as small objects the window delegates to (no arcade here).

``MoveBuilder`` turns key presses and drags into a path in the SPEC syntax; ``Ruler``
measures between two points with snapping to base edges and centres; ``FireTool`` picks
a firer and a target.  Each can say what it would draw, as scene primitives.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import shapely

from tabletop.model import Scenario
from tabletop.movement import MoveRuling, Step, path_text, preview

TURN_STEP = 5.0  # degrees per arrow-key press (Shift: 1)


@dataclass
class MoveBuilder:
    """A move being built for one ship: a list of steps, edited token by token."""

    ship: str
    steps: list[Step] = field(default_factory=list)
    luffing: bool = False  # forward steps are luffing runs (L) instead of F

    @property
    def text(self) -> str:
        return path_text(tuple(self.steps))

    def forward(self, d: float) -> None:
        """Lengthen (or, negative, shorten) the last run; a run follows a turn or starts."""
        kind = "L" if self.luffing else "F"
        if self.steps and self.steps[-1].kind in "FL":
            last = self.steps[-1]
            v = round((last.value or 0.0) + d, 4)
            if v <= 1e-9:
                self.steps.pop()
            else:
                self.steps[-1] = Step(last.kind, v)
        elif d > 0:
            self.steps.append(Step(kind, round(d, 4)))

    def set_run(self, d: float) -> None:
        """Set the last run's length (a drag of the ghost along her heading)."""
        if self.steps and self.steps[-1].kind in "FL":
            self.steps.pop()
        if d > 1e-6:
            self.steps.append(Step("L" if self.luffing else "F", round(d, 4)))

    def turn(self, degrees: float) -> None:
        """Turn by ``degrees`` (+ starboard); presses the same way add up into one turn."""
        if self.steps and self.steps[-1].kind in "PS":
            last = self.steps[-1]
            signed = (last.value or 0.0) * (1 if last.kind == "S" else -1) + degrees
            self.steps.pop()
        else:
            signed = degrees
        if abs(signed) > 1e-9:
            self.steps.append(Step("S" if signed > 0 else "P", round(abs(signed), 4)))

    def token(self, kind: str) -> None:
        """T (tack), A (drop anchor), W (weigh anchor)."""
        self.steps.append(Step(kind))

    def back(self) -> None:
        if self.steps:
            self.steps.pop()

    def preview(self, table: Scenario) -> MoveRuling | None:
        return preview(table, self.ship, self.text) if self.steps else None


@dataclass
class Ruler:
    """A tape measure from ``a`` to ``b``; points snap to base centres and edges."""

    a: tuple[float, float] | None = None
    b: tuple[float, float] | None = None

    @staticmethod
    def snap(table: Scenario, x: float, y: float, reach: float) -> tuple[float, float]:
        """The nearest ship centre within ``reach``, else the nearest point on a base edge
        within ``reach``, else the point itself."""
        p = shapely.Point(x, y)
        best: tuple[float, tuple[float, float]] | None = None
        for s in table.ships:
            d = float(np.hypot(s.pose.x - x, s.pose.y - y))
            if d <= reach and (best is None or d < best[0]):
                best = (d, (s.pose.x, s.pose.y))
        if best is not None:
            return best[1]
        for s in table.ships:
            ring = s.base_polygon().exterior
            d = float(ring.distance(p))
            if d <= reach and (best is None or d < best[0]):
                q = ring.interpolate(ring.project(p))
                best = (d, (q.x, q.y))
        return best[1] if best else (x, y)

    @property
    def length(self) -> float | None:
        if self.a is None or self.b is None:
            return None
        return float(np.hypot(self.b[0] - self.a[0], self.b[1] - self.a[1]))


@dataclass
class FireTool:
    """Pick a firer, then a target; the window shows the ruling with its proof."""

    firer: str | None = None
    target: str | None = None

    def pick(self, ship: str) -> None:
        if self.firer is None or self.target is not None:
            self.firer, self.target = ship, None
        elif ship != self.firer:
            self.target = ship
