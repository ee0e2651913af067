"""Plane to plane: a photo of the table laid onto the table (a homography).

A photo of a flat table, taken from anywhere, is the table seen through a projective
map: each table point ``(x, y)`` lands at a photo pixel ``(u, v)`` with
``(u·w, v·w, w) = H · (x, y, 1)`` for one 3 × 3 matrix ``H``.  Four table points and
where they lie in the photo fix it (the four corners, clicked); so, for a photo taken
from straight above, do two points on a ruler and the distance between them
(:func:`from_ruler`).  The map runs either way (:func:`invert`), on many points at once
(:func:`apply`), and over a whole image (:func:`warp`: the photo resampled onto the
table's own grid, what the window draws under the bases).

Photo pixels are counted as an image is stored: ``u`` to the right from the left edge,
``v`` down from the top edge, the top-left pixel covering ``[0, 1) × [0, 1)`` (its
centre at ``(0.5, 0.5)``).  The table's frame is the SPEC's: origin at the south-west
corner, x east, y north.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from tabletop.common.errors import TabletopError
from tabletop.geometry.pose import Arr

#: The table's corners in the order a photo's corners are given: south-west, south-east,
#: north-east, north-west (anticlockwise seen from above, from the origin).
CORNER_NAMES = ("south-west", "south-east", "north-east", "north-west")
#: Three points closer to a line than this share of their spread are one line: no map
#: can be fitted through them (a corner clicked twice, three corners on one edge).
FLAT = 1e-6
#: Output rows are resampled this many at a time (bounds the memory a large image needs).
ROWS_AT_ONCE = 256

Points = Sequence[Sequence[float]] | Arr


def apply(h: Arr, pts: Any) -> Arr:
    """``pts`` (``(..., 2)``) carried through ``h``: one point or an array of them.
    A point the map sends to infinity (behind the camera) comes out infinite."""
    p = np.asarray(pts, dtype=float)
    x, y = p[..., 0], p[..., 1]
    w = h[2, 0] * x + h[2, 1] * y + h[2, 2]
    with np.errstate(divide="ignore", invalid="ignore"):
        u = (h[0, 0] * x + h[0, 1] * y + h[0, 2]) / w
        v = (h[1, 0] * x + h[1, 1] * y + h[1, 2]) / w
    return np.stack([u, v], axis=-1)


def invert(h: Arr) -> Arr:
    """The map the other way, scaled so its last entry is 1 (as :func:`fit` gives)."""
    inv = np.asarray(np.linalg.inv(h), dtype=float)
    return inv / inv[2, 2] if abs(inv[2, 2]) > 1e-300 else inv


def _normaliser(p: Arr) -> Arr:
    """Hartley's conditioning: the points moved to their centroid and scaled to a mean
    distance of √2 from it, so that pixel figures in the thousands and table figures in
    the tens meet the solver as numbers of one size."""
    c = p.mean(axis=0)
    spread = float(np.hypot(*(p - c).T).mean())
    s = math.sqrt(2.0) / spread
    return np.array([[s, 0.0, -s * c[0]], [0.0, s, -s * c[1]], [0.0, 0.0, 1.0]])


def flat_three(pts: Points) -> bool:
    """Whether some three of ``pts`` lie on one line (or two are one point)."""
    p = np.asarray(pts, dtype=float)
    spread = float(np.ptp(p, axis=0).max()) if len(p) else 0.0
    if spread == 0.0:
        return True
    n = len(p)
    for i in range(n):
        for j in range(i + 1, n):
            for k in range(j + 1, n):
                a, b, c = p[i], p[j], p[k]
                cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
                if abs(cross) <= FLAT * spread * spread:
                    return True
    return False


def fit(src: Points, dst: Points) -> Arr:
    """The map ``H`` with ``apply(H, src) ≈ dst``: exact for four pairs, least squares
    (algebraic) for more.  The direct linear transform on normalised points.  Four
    points of which three lie on one line fix no map: a :class:`TabletopError`."""
    s, d = np.asarray(src, dtype=float), np.asarray(dst, dtype=float)
    if s.shape != d.shape or s.ndim != 2 or s.shape[1] != 2 or len(s) < 4:
        raise TabletopError("a plane's map needs four or more pairs of points")
    if not (np.isfinite(s).all() and np.isfinite(d).all()):
        raise TabletopError("a plane's map needs finite points")
    if flat_three(s) or flat_three(d):
        raise TabletopError("three of the four points lie on one line: they fix no map")
    ts, td = _normaliser(s), _normaliser(d)
    a, b = apply(ts, s), apply(td, d)
    x, y, u, v = a[:, 0], a[:, 1], b[:, 0], b[:, 1]
    zero, one = np.zeros_like(x), np.ones_like(x)
    rows_u = np.stack([-x, -y, -one, zero, zero, zero, u * x, u * y, u], axis=1)
    rows_v = np.stack([zero, zero, zero, -x, -y, -one, v * x, v * y, v], axis=1)
    _, _, vt = np.linalg.svd(np.vstack([rows_u, rows_v]))
    h = np.linalg.inv(td) @ vt[-1].reshape(3, 3) @ ts
    return h / h[2, 2]


def quad_problem(corners: Points) -> str | None:
    """Why four photo points, given south-west, south-east, north-east, north-west,
    cannot be a table's corners, or None.

    A flat rectangle photographed from anywhere in front of it is a convex quadrilateral
    whose corners keep their order round it: the table's corners, anticlockwise seen
    from above, go anticlockwise round the photo as it is seen (in its own figures, ``v``
    counted down, each turn is then a right-hand one).  So a quadrilateral whose sides
    cross (two corners swapped), one with a corner pushed inside the others (no photo
    of a table looks so), and one going round the other way (the corners clicked in
    mirror order, or a mirrored photo: the bases would be traced onto the wrong side)
    are refused."""
    p = np.asarray(corners, dtype=float)
    if p.shape != (4, 2) or not np.isfinite(p).all():
        return "four corners are needed, each a point in the photo"
    if flat_three(p):
        return "three of the corners lie on one line (or two are one point)"
    edge = np.roll(p, -1, axis=0) - p
    after = np.roll(edge, -1, axis=0)
    turn = edge[:, 0] * after[:, 1] - edge[:, 1] * after[:, 0]
    if (turn < 0).all():  # anticlockwise as seen: each turn right-handed in (u, v)
        return None
    if (turn > 0).all():
        return (
            "the corners go round the wrong way: give them south-west, south-east, "
            "north-east, north-west, anticlockwise as seen from above (a mirrored photo "
            "cannot be used)"
        )
    if _crossing(p):
        return "the sides between the corners cross: two corners are swapped"
    return "the corners do not make a convex four-sided table: one lies inside the others"


def _crossing(p: Arr) -> bool:
    """Whether a side of the quadrilateral ``p`` crosses the side opposite it."""

    def cross(a: Arr, b: Arr, c: Arr) -> float:
        return float((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]))

    def meet(a: Arr, b: Arr, c: Arr, d: Arr) -> bool:
        return cross(a, b, c) * cross(a, b, d) < 0 and cross(c, d, a) * cross(c, d, b) < 0

    return meet(p[0], p[1], p[2], p[3]) or meet(p[1], p[2], p[3], p[0])


def table_corners(width: float, depth: float) -> Arr:
    """The table's corners in :data:`CORNER_NAMES`' order."""
    return np.array([[0.0, 0.0], [width, 0.0], [width, depth], [0.0, depth]])


def from_corners(corners: Points, width: float, depth: float) -> Arr:
    """The map from photo pixels to the table, given where the table's four corners lie
    in the photo (:data:`CORNER_NAMES`' order); a quadrilateral no table makes is a
    :class:`TabletopError` saying why (:func:`quad_problem`)."""
    why = quad_problem(corners)
    if why is not None:
        raise TabletopError(why)
    return fit(corners, table_corners(width, depth))


def from_ruler(
    start: Sequence[float],
    end: Sequence[float],
    length: float,
    at: Sequence[float] = (0.0, 0.0),
    bearing: float = 90.0,
) -> Arr:
    """The map from photo pixels to the table, for a photo taken from straight above,
    given two points on a ruler lying on the table and the distance between them.

    Two points and a distance fix a photo only up to where it lies: its scale (the
    distance over the pixels between them) and its turn (the ruler's direction).  The
    rest is said by where the ruler lies: ``start`` is the table point ``at`` (by
    default the south-west corner) and the ruler runs from it towards compass
    ``bearing`` (by default 90: east, along the south edge).  A photo taken from
    straight above has no perspective, so the map is a similarity (no stretch, no
    mirror); a photo taken at a slant needs the four corners instead."""
    p, q = np.asarray(start, dtype=float), np.asarray(end, dtype=float)
    if not (np.isfinite(p).all() and np.isfinite(q).all()) or not math.isfinite(length):
        raise TabletopError("the ruler needs two finite points and a finite length")
    pixels = float(np.hypot(*(q - p)))
    if pixels == 0.0:
        raise TabletopError("the ruler's two points are one point: click two marks apart")
    if length <= 0.0:
        raise TabletopError(f"the ruler's length must be more than 0, found {length:g}")
    flip = np.diag([1.0, -1.0, 1.0])  # the image's v down to a frame seen from above
    d = (q - p) * np.array([1.0, -1.0])
    turn = math.radians(90.0 - bearing) - math.atan2(d[1], d[0])
    k = length / pixels
    c, s = k * math.cos(turn), k * math.sin(turn)
    rotate = np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])
    to_start = np.array([[1.0, 0.0, -p[0]], [0.0, 1.0, p[1]], [0.0, 0.0, 1.0]])
    to_at = np.array([[1.0, 0.0, float(at[0])], [0.0, 1.0, float(at[1])], [0.0, 0.0, 1.0]])
    return to_at @ rotate @ to_start @ flip


def fitted(size: tuple[int, int], width: float, depth: float) -> Arr:
    """The map from photo pixels to the table for a photo of ``size`` (columns, rows)
    drawn as large as fits on a ``width`` × ``depth`` table, centred, its top to the
    north: where the photo lies before its corners are clicked."""
    cols, rows = size
    k = min(width / cols, depth / rows)
    x0, y0 = (width - k * cols) / 2.0, (depth - k * rows) / 2.0
    return np.array([[k, 0.0, x0], [0.0, -k, y0 + k * rows], [0.0, 0.0, 1.0]])


def warp(
    image: np.ndarray, to_photo: Arr, width: float, depth: float, size: tuple[int, int]
) -> np.ndarray:
    """The photo resampled onto the table: an image of ``size`` (columns, rows) covering
    the table, its row 0 along the south edge (as a texture is laid, from the origin),
    each pixel sampled where ``to_photo`` (table to photo pixels) says, bilinearly.
    ``image``: ``(rows, cols, channels)``, row 0 at the photo's top, 8 bits a channel.
    The result has an alpha channel: 0 where the table lies beyond the photo's edges."""
    cols, rows = size
    h, w = image.shape[:2]
    src = image if image.ndim == 3 else image[..., None]
    if src.shape[2] in (1, 3):
        alpha = np.full((h, w, 1), 255, dtype=src.dtype)
        src = np.concatenate([np.repeat(src, 3, axis=2) if src.shape[2] == 1 else src, alpha], 2)
    out = np.zeros((rows, cols, 4), dtype=np.uint8)
    xs = (np.arange(cols) + 0.5) * (width / cols)
    for r0 in range(0, rows, ROWS_AT_ONCE):
        ys = (np.arange(r0, min(rows, r0 + ROWS_AT_ONCE)) + 0.5) * (depth / rows)
        gx, gy = np.meshgrid(xs, ys)
        uv = apply(to_photo, np.stack([gx, gy], axis=-1))
        u, v = uv[..., 0] - 0.5, uv[..., 1] - 0.5  # pixel centres at whole numbers
        inside = np.isfinite(u) & np.isfinite(v) & (u >= -0.5) & (u <= w - 0.5)
        inside &= (v >= -0.5) & (v <= h - 0.5)
        u, v = np.clip(np.nan_to_num(u), 0, w - 1), np.clip(np.nan_to_num(v), 0, h - 1)
        i0 = np.clip(np.floor(v).astype(int), 0, max(h - 2, 0))
        j0 = np.clip(np.floor(u).astype(int), 0, max(w - 2, 0))
        fy, fx = (v - i0)[..., None], (u - j0)[..., None]
        i1, j1 = np.minimum(i0 + 1, h - 1), np.minimum(j0 + 1, w - 1)
        top = src[i0, j0] * (1 - fx) + src[i0, j1] * fx
        bottom = src[i1, j0] * (1 - fx) + src[i1, j1] * fx
        px = top * (1 - fy) + bottom * fy
        px[..., 3] *= inside
        out[r0 : r0 + len(ys)] = np.clip(np.rint(px), 0, 255).astype(np.uint8)
    return out
