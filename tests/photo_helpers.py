"""A synthetic photo of a table, for the photo underlay's tests: a 36 × 24 in table seen
by a pinhole camera standing off its south-west, two coloured bases on it.

The camera is built from its position and where it looks, not from the code under
test: each table point (x, y, 0) is seen at pixel ``K · (R · (P − C))`` divided by its
depth, so the photo's perspective, and where the table's corners and the bases' corners
land in it, are known to the test exactly.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
from PIL import Image

WIDTH, DEPTH = 36.0, 24.0  # inches
SIZE = (1800, 1350)  # the photo's columns, rows
FELT = (60, 110, 70)
FLOOR = (125, 95, 60)
RED = (225, 35, 35)
YELLOW = (235, 205, 25)
#: The two bases drawn: centre x, y, heading (compass degrees), length, width; colour.
BASES = (
    ((9.5, 7.25, 30.0, 3.0, 1.25), RED),
    ((26.0, 17.5, 290.0, 2.5, 1.0), YELLOW),
)


def base_corners(x: float, y: float, heading: float, length: float, width: float) -> np.ndarray:
    """The base's corners on the table: bow-port, bow-starboard, stern-starboard,
    stern-port (worked here from sines and cosines, not by the code under test)."""
    h = math.radians(heading)
    fwd = np.array([math.sin(h), math.cos(h)])  # compass: 0 north, 90 east
    stbd = np.array([math.cos(h), -math.sin(h)])
    c = np.array([x, y])
    a, b = length / 2, width / 2
    return np.array([c + a * fwd - b * stbd, c + a * fwd + b * stbd,
                     c - a * fwd + b * stbd, c - a * fwd - b * stbd])  # fmt: skip


def camera() -> np.ndarray:
    """The plane-to-image matrix of the camera: table (x, y, 1) → pixel (u·w, v·w, w).
    It stands 28 in south and 6 in west of the table's south edge, 30 in up, looking at
    a point a little east of the table's centre; its focal length and centre are chosen
    so the table fills 80% of the photo's width, centred."""
    c = np.array([12.0, -28.0, 30.0])
    look = np.array([19.0, 13.0, 0.0]) - c
    fwd = look / np.linalg.norm(look)
    right = np.cross(fwd, [0.0, 0.0, 1.0])
    right /= np.linalg.norm(right)
    down = np.cross(fwd, right)
    rows = np.array([right, down, fwd])  # camera axes: x right, y down, z ahead
    plane = np.column_stack([rows[:, 0], rows[:, 1], -rows @ c])  # (x, y, 0, 1) seen
    corners = np.array([[0, 0, 1], [WIDTH, 0, 1], [WIDTH, DEPTH, 1], [0, DEPTH, 1]]).T
    seen = plane @ corners
    xy = seen[:2] / seen[2]
    f = 0.8 * SIZE[0] / np.ptp(xy[0])
    cx = SIZE[0] / 2 - f * (xy[0].min() + xy[0].max()) / 2
    cy = SIZE[1] / 2 - f * (xy[1].min() + xy[1].max()) / 2
    k = np.array([[f, 0, cx], [0, f, cy], [0, 0, 1]])
    return k @ plane


def project(m: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Table points seen by the camera ``m``: their pixels (x right, y down)."""
    p = np.asarray(pts, float).reshape(-1, 2)
    h = m @ np.column_stack([p, np.ones(len(p))]).T
    return (h[:2] / h[2]).T.reshape(np.shape(pts))


def corner_pixels() -> np.ndarray:
    """Where the table's south-west, south-east, north-east, north-west corners are in
    the photo."""
    return project(camera(), np.array([[0, 0], [WIDTH, 0], [WIDTH, DEPTH], [0, DEPTH]]))


def draw(sub: int = 3) -> np.ndarray:
    """The photo, ``(rows, cols, 3)`` uint8, row 0 at its top: each pixel the mean of
    ``sub`` × ``sub`` samples, each coloured by the table point the camera sees there."""
    cols, rows = SIZE
    back = np.linalg.inv(camera())  # pixel → table
    u = (np.arange(cols * sub) + 0.5) / sub
    img = np.zeros((rows, cols, 3))
    for r0 in range(0, rows, 150):
        v = (np.arange(r0 * sub, min(rows, r0 + 150) * sub) + 0.5) / sub
        gu, gv = np.meshgrid(u, v)
        h = np.einsum("ij,jrc->irc", back, np.stack([gu, gv, np.ones_like(gu)]))
        x, y = h[0] / h[2], h[1] / h[2]
        colour = np.empty(x.shape + (3,))
        colour[:] = FLOOR
        on = (x >= 0) & (x <= WIDTH) & (y >= 0) & (y <= DEPTH)
        colour[on] = FELT
        for (bx, by, heading, length, width), paint in BASES:
            hd = math.radians(heading)
            f = (x - bx) * math.sin(hd) + (y - by) * math.cos(hd)
            s = (x - bx) * math.cos(hd) - (y - by) * math.sin(hd)
            colour[(abs(f) <= length / 2) & (abs(s) <= width / 2)] = paint
        n = len(v) // sub
        img[r0 : r0 + n] = colour.reshape(n, sub, cols, sub, 3).mean(axis=(1, 3))
    return np.clip(np.rint(img), 0, 255).astype(np.uint8)


def write(path: Path, kind: str = "PNG") -> Path:
    Image.fromarray(draw()).save(path, kind)
    return path
