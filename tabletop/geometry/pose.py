"""Ship poses and the ship's own frame.

A point in a ship's frame is ``(f, s)``: ``f`` along the heading (forward positive) and
``s`` across it (starboard positive).  Every function takes arrays so a fleet is
transformed in one call.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from tabletop.geometry.angles import normalise

if TYPE_CHECKING:
    import numpy.typing as npt

    #: Arrays of table numbers; the geometry functions also take plain scalars.
    F64 = npt.NDArray[np.float64] | float | np.floating[Any]
    #: A numpy array of table numbers.
    Arr = npt.NDArray[np.float64]
else:  # numpy.typing costs a tenth of a second at start-up; only the checker needs it.
    F64 = Arr = Any


class Pose(NamedTuple):
    """Centre x, y (table units) and compass heading (degrees); immutable."""

    x: float
    y: float
    heading: float

    def forward(self, d: float) -> Pose:
        """The pose ``d`` units straight ahead."""
        r = math.radians(self.heading)
        return Pose(self.x + d * math.sin(r), self.y + d * math.cos(r), self.heading)

    def turned(self, delta: float) -> Pose:
        """The same place, heading turned by ``delta`` (positive = starboard)."""
        return Pose(self.x, self.y, normalise(self.heading + delta))

    def as_dict(self, ndigits: int = 4) -> dict[str, float]:
        return {
            "x": round(self.x, ndigits),
            "y": round(self.y, ndigits),
            "heading": round(normalise(self.heading), ndigits),
        }


def axes(heading: F64 | float) -> tuple[Arr, Arr]:
    """Unit forward and starboard vectors, each shaped ``(..., 2)``."""
    r = np.radians(np.asarray(heading, dtype=float))
    s, c = np.sin(r), np.cos(r)
    return np.stack([s, c], axis=-1), np.stack([c, -s], axis=-1)


def to_world(cx: F64, cy: F64, heading: F64, local: Arr) -> Arr:
    """Ship-frame points ``local[..., K, 2]`` (f, s) to table coordinates.

    ``cx``, ``cy`` and ``heading`` broadcast against the leading axes of ``local``.
    """
    fwd, stb = axes(heading)
    f = local[..., 0]
    s = local[..., 1]
    x = np.asarray(cx)[..., None] + f * fwd[..., None, 0] + s * stb[..., None, 0]
    y = np.asarray(cy)[..., None] + f * fwd[..., None, 1] + s * stb[..., None, 1]
    return np.stack([x, y], axis=-1)


def to_local(cx: F64, cy: F64, heading: F64, pts: Arr) -> Arr:
    """Table points ``pts[..., K, 2]`` into the ship frame (f, s)."""
    fwd, stb = axes(heading)
    dx = pts[..., 0] - np.asarray(cx)[..., None]
    dy = pts[..., 1] - np.asarray(cy)[..., None]
    f = dx * fwd[..., None, 0] + dy * fwd[..., None, 1]
    s = dx * stb[..., None, 0] + dy * stb[..., None, 1]
    return np.stack([f, s], axis=-1)
