"""A photo of the real table, laid under the drawn one: what a scenario's ``[photo]`` says.

The photo is a picture to trace bases over, never part of a ruling: a scenario plays the
same with it, without it, and when its file is gone.  It is placed on the table one of
two ways (``tabletop.geometry.homography``): by where the table's four corners lie in it
(a photo taken from anywhere), or by two marks on a ruler lying on the table and the
distance between them (a photo taken from straight above).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tabletop.geometry import homography
from tabletop.geometry.pose import Arr

#: How strongly the photo shows through when the scenario does not say: half, so the
#: grid and the bases drawn over it stay clear.
OPACITY = 0.5

Point = tuple[float, float]


@dataclass(frozen=True)
class RulerMarks:
    """Two marks on a ruler in the photo (pixels), ``length`` apart on the table (in
    the scenario's unit); the first mark lies at table point ``at``, the ruler running
    towards compass ``bearing`` (by default from the south-west corner along the south
    edge)."""

    start: Point
    end: Point
    length: float
    at: Point = (0.0, 0.0)
    bearing: float = 90.0


@dataclass(frozen=True)
class Photo:
    """``path`` as the scenario writes it (relative to the scenario's folder), ``file``
    where that is; ``corners``: the table's south-west, south-east, north-east and
    north-west corners in the photo, in pixels (x right, y down from its top-left
    corner, as the photo is shown: a JPEG's turn applied), or ``ruler``; ``opacity``
    from 0 (unseen) to 1."""

    path: str
    file: str
    corners: tuple[Point, Point, Point, Point] | None = None
    ruler: RulerMarks | None = None
    opacity: float = OPACITY

    def to_table(self, width: float, depth: float) -> Arr:
        """The map from the photo's pixels to the table (a 3 × 3 homography)."""
        if self.corners is not None:
            return homography.from_corners(np.array(self.corners), width, depth)
        if self.ruler is None:
            raise ValueError("a photo is placed by its corners or by a ruler")
        r = self.ruler
        return homography.from_ruler(r.start, r.end, r.length, r.at, r.bearing)
