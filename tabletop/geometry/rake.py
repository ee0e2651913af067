"""Rake zones (SPEC §4): where a firer must stand to rake a target's bow or stern.

The bow zone is the strip ahead of the target's bow edge, between its two long sides
extended; the stern zone likewise astern.  Both are closed (a firer exactly on a side
line extended still rakes), within the project tolerance.
"""

from __future__ import annotations

import numpy as np
import shapely

from tabletop.common.units import TOL
from tabletop.geometry.pose import F64, to_local, to_world

NONE, BOW, STERN = 0, 1, 2
NAMES = {NONE: None, BOW: "bow", STERN: "stern"}


def rake(tx: F64, ty: F64, th: F64, length: F64, width: F64, px: F64, py: F64) -> np.ndarray:
    """For targets (t...) and firer centres (p...), broadcast: 0 none, 1 bow, 2 stern."""
    pts = np.stack([np.asarray(px, float), np.asarray(py, float)], -1)[..., None, :]
    local = to_local(tx, ty, th, pts)[..., 0, :]
    f, s = local[..., 0], local[..., 1]
    within = np.abs(s) <= np.asarray(width) / 2.0 + TOL
    bow = within & (f >= np.asarray(length) / 2.0 - TOL)
    stern = within & (f <= -np.asarray(length) / 2.0 + TOL)
    return np.where(bow, BOW, np.where(stern, STERN, NONE))


def rake_zones(
    x: float, y: float, heading: float, length: float, width: float, reach: float
) -> tuple[shapely.Polygon, shapely.Polygon]:
    """The bow and stern zones, drawn out to ``reach`` from the base (for the proof)."""
    hl, hw = length / 2.0, width / 2.0
    bow = np.array([[hl, -hw], [hl + reach, -hw], [hl + reach, hw], [hl, hw]])
    stern = np.array([[-hl, -hw], [-hl - reach, -hw], [-hl - reach, hw], [-hl, hw]])
    c = to_world(np.float64(x), np.float64(y), np.float64(heading), np.stack([bow, stern]))
    return shapely.Polygon(c[0]), shapely.Polygon(c[1])
