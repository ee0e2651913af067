"""A hex grid laid on the table: axial coordinates, facings, distance, lines, ships.

The hex games (a ship on one hex, or on two: bow and stern) are played on the same
table as the others.  A :class:`HexGrid` says where the hexes lie in table units: the
distance between adjacent centres (``size``, across the flats), ``orientation``
(``flat``: a hexside faces north; ``pointy``: a corner points north) and where hex
(0, 0)'s centre stands.  A hex is an axial pair ``(q, r)`` (the cube coordinate s is
−q−r).  Its six hexsides are the six **facings**, numbered clockwise from the one whose
compass heading is ``first_facing`` (0° on a flat grid, 30° on a pointy one).

A ship's pose on the table is derived from her hexes (:func:`ship_pose`), so every tool
that draws, measures or renders poses works on hex ships unchanged.

**The line between two hexes** comes in two forms, both exact (fractions, no floats):

- :func:`line`: the hex-by-hex line of the hex games, ``n + 1`` cells for hexes ``n``
  apart, one per equally spaced sample of the segment between the centres; a sample on
  a hexside gives a cell of both hexes.  It is symmetric, and it counts hexes.
- :func:`crossing`: what the segment really meets: the hexes whose interior it passes
  through (it may clip more hexes than ``n + 1``), and the hexsides it runs *along*
  without entering either hex.  A hex touched only at a corner is grazed, not crossed
  (as SPEC §1 rules for a corner of a base).  Which of the two hexes along a hexside
  counts is the ruleset's ruling (:func:`blocked_by`'s ``along``: ``"both"``, the
  project's default, stops the line only when both hexes would: a shot may pass between
  two ships, not through two touching; or ``"either"``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from tabletop.geometry.angles import normalise, wrap
from tabletop.geometry.pose import Pose

#: A hex: axial coordinates (q, r).
Hex = tuple[int, int]

#: The axial step through each facing's hexside, facings 0-5 clockwise.
DIRECTIONS: tuple[Hex, ...] = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))

ORIENTATIONS = {"flat": 0.0, "pointy": 30.0}

#: A tiny push off a sample point, in cube coordinates (summing to 0, parallel to no
#: hexside), to find which hex or hexes a sample of a line lies in.
_NUDGE = (Fraction(1, 10**9), Fraction(2, 10**9), Fraction(-3, 10**9))


@dataclass(frozen=True)
class HexGrid:
    """Where the hexes lie on the table, in table units."""

    size: float  # centre to adjacent centre (across the flats)
    orientation: str = "flat"
    origin: tuple[float, float] = (0.0, 0.0)  # the centre of hex (0, 0)

    @property
    def first_facing(self) -> float:
        """The compass heading of facing 0."""
        return ORIENTATIONS[self.orientation]

    def heading(self, facing: int) -> float:
        """The compass heading out through hexside ``facing``."""
        return normalise(self.first_facing + 60.0 * (facing % 6))

    def facing_of(self, heading: float) -> int:
        """The facing nearest a compass heading (half-way between two: the clockwise one)."""
        steps = wrap(heading - self.first_facing) / 60.0
        return int(math.floor(steps + 0.5 + 1e-9)) % 6

    def _step(self, facing: int) -> tuple[float, float]:
        r = math.radians(self.heading(facing))
        return self.size * math.sin(r), self.size * math.cos(r)

    def centre(self, h: Hex) -> tuple[float, float]:
        """The table position of a hex's centre."""
        (ax, ay), (bx, by) = self._step(1), self._step(2)
        q, r = h
        return self.origin[0] + q * ax + r * bx, self.origin[1] + q * ay + r * by

    def hex_at(self, x: float, y: float) -> Hex:
        """The hex a table point lies in (a point on a hexside: the rounding's choice)."""
        (ax, ay), (bx, by) = self._step(1), self._step(2)
        dx, dy = x - self.origin[0], y - self.origin[1]
        det = ax * by - bx * ay
        q = (dx * by - bx * dy) / det
        r = (ax * dy - dx * ay) / det
        return cube_round(q, r)

    def scaled(self, k: float) -> HexGrid:
        """The same grid measured in another unit (``k`` new units per old one)."""
        return HexGrid(self.size * k, self.orientation, (self.origin[0] * k, self.origin[1] * k))


def cube_round(q: float | Fraction, r: float | Fraction) -> Hex:
    """The hex whose centre is nearest the fractional axial point (q, r)."""
    s = -q - r
    rq, rr, rs = (math.floor(v + Fraction(1, 2)) for v in (q, r, s))
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)


def add(a: Hex, b: Hex) -> Hex:
    return a[0] + b[0], a[1] + b[1]


def sub(a: Hex, b: Hex) -> Hex:
    return a[0] - b[0], a[1] - b[1]


def neighbour(h: Hex, facing: int) -> Hex:
    """The hex across hexside ``facing``."""
    return add(h, DIRECTIONS[facing % 6])


def neighbours(h: Hex) -> tuple[Hex, ...]:
    """The six hexes around ``h``, facing 0 first, clockwise."""
    return tuple(neighbour(h, k) for k in range(6))


def distance(a: Hex, b: Hex) -> int:
    """Hexes stepped from ``a`` to ``b`` (0 for the same hex)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def facing_gap(a: int, b: int) -> int:
    """Hexsides between two facings the shorter way round: 0 (the same) to 3 (opposite);
    with the wind's hexside, how far off the wind a ship points (θ = 60° a hexside)."""
    d = (a - b) % 6
    return min(d, 6 - d)


def side_of(origin: Hex, facing: int, h: Hex) -> str | None:
    """Which side of a ship on ``origin`` facing ``facing`` hex ``h`` lies on:
    ``starboard``, ``port``, or None on her keel line, dead ahead or astern (exact: the
    sign of a cross product in axial coordinates, which every grid turns the same way)."""
    d, v = DIRECTIONS[facing % 6], sub(h, origin)
    c = d[0] * v[1] - d[1] * v[0]
    return None if c == 0 else "starboard" if c > 0 else "port"


def rotate(h: Hex, steps: int = 1, about: Hex = (0, 0)) -> Hex:
    """``h`` turned ``steps`` × 60° clockwise about the hex ``about``."""
    q, r = sub(h, about)
    for _ in range(steps % 6):
        q, r = -r, q + r
    return add((q, r), about)


def line(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], ...]:
    """The line from ``a``'s centre to ``b``'s: ``distance + 1`` cells, ``a``'s first,
    each the one hex a sample lies in, or the two (sorted) whose hexside it runs along.
    Exact, so ``line(b, a)`` is ``line(a, b)`` reversed.  Worked once per offset (the
    grid is the same everywhere: a whole shift of both ends shifts the line)."""
    rel = _line_from_origin(b[0] - a[0], b[1] - a[1])
    return tuple(tuple(add(h, a) for h in cell) for cell in rel)


@lru_cache(maxsize=8192)
def _line_from_origin(dq: int, dr: int) -> tuple[tuple[Hex, ...], ...]:
    a, b = (0, 0), (dq, dr)
    n = distance(a, b)
    if n == 0:
        return ((a,),)
    cells = []
    for i in range(n + 1):
        t = Fraction(i, n)
        q = a[0] + (b[0] - a[0]) * t
        r = a[1] + (b[1] - a[1]) * t
        lo = cube_round(q - _NUDGE[0], r - _NUDGE[1])
        hi = cube_round(q + _NUDGE[0], r + _NUDGE[1])
        cells.append((lo,) if lo == hi else tuple(sorted((lo, hi))))
    return tuple(cells)


def _cube(h: Hex) -> tuple[int, int, int]:
    return h[0], h[1], -h[0] - h[1]


def _inside(a: Hex, b: Hex, h: Hex, strict: bool) -> tuple[Fraction, Fraction] | None:
    """The part ``t0..t1`` of the segment from ``a``'s centre to ``b``'s that lies in
    hex ``h`` (its interior when ``strict``, else its closure), or None.  In cube
    coordinates a hex is |v_i − v_j| < 1 for each pair of axes, v the offset from its
    centre: three pairs of linear bounds in t, solved exactly."""
    ca, cb, ch = _cube(a), _cube(b), _cube(h)
    lo, hi = Fraction(0), Fraction(1)
    for i, j in ((0, 1), (1, 2), (2, 0)):
        c0 = (ca[i] - ch[i]) - (ca[j] - ch[j])  # v_i − v_j at t = 0
        c1 = (cb[i] - ca[i]) - (cb[j] - ca[j])  # its growth per unit t
        if c1 == 0:
            if abs(c0) > 1 or (strict and abs(c0) == 1):
                return None
            continue
        t_a, t_b = Fraction(-1 - c0, c1), Fraction(1 - c0, c1)
        lo, hi = max(lo, min(t_a, t_b)), min(hi, max(t_a, t_b))
    if hi < lo or (strict and hi == lo):
        return None
    return lo, hi


@dataclass(frozen=True)
class Crossing:
    """What the straight line between two hex centres meets, exactly.

    ``crossed``: the hexes whose interior it passes through, in order from the first
    (both ends included).  ``along``: pairs of hexes whose common hexside it runs along
    for some length without entering either.  A hex it only touches at a corner is in
    neither: it grazes it.
    """

    crossed: tuple[Hex, ...]
    along: tuple[tuple[Hex, Hex], ...]

    def between(self) -> tuple[Hex, ...]:
        """The crossed hexes other than the two ends."""
        return self.crossed[1:-1]


def crossing(a: Hex, b: Hex) -> Crossing:
    """The hexes the line from ``a``'s centre to ``b``'s passes through and runs along
    (worked once per offset, as :func:`line`)."""
    rel = _crossing_from_origin(b[0] - a[0], b[1] - a[1])
    return Crossing(
        tuple(add(h, a) for h in rel.crossed),
        tuple((add(p, a), add(q, a)) for p, q in rel.along),
    )


@lru_cache(maxsize=8192)
def _crossing_from_origin(dq: int, dr: int) -> Crossing:
    a, b = (0, 0), (dq, dr)
    near = {n for cell in line(a, b) for h in cell for n in (h, *neighbours(h))}
    inside: list[tuple[Fraction, Hex]] = []
    touched: dict[tuple[Fraction, Fraction], list[Hex]] = {}
    for h in sorted(near):
        if (span := _inside(a, b, h, strict=True)) is not None:
            inside.append((span[0], h))
        elif (span := _inside(a, b, h, strict=False)) is not None and span[1] > span[0]:
            touched.setdefault(span, []).append(h)
    pairs = tuple((hs[0], hs[1]) for _, hs in sorted(touched.items()) if len(hs) == 2)
    return Crossing(tuple(h for _, h in sorted(inside)), pairs)


def blocked_by(
    a: Hex, b: Hex, stops: Callable[[Hex], bool], along: str = "both"
) -> list[tuple[Hex, ...]]:
    """What stops the line between ``a`` and ``b``: each hex between them it passes
    through that ``stops``; each hexside it runs along whose two hexes both stop it
    (``along = "both"``) or either does (``"either"``).  Corners it grazes never do."""
    test = all if along == "both" else any
    cross = crossing(a, b)
    out: list[tuple[Hex, ...]] = [(h,) for h in cross.between() if stops(h)]
    out += [pair for pair in cross.along if test(stops(h) for h in pair)]
    return out


def in_wedge(origin: Hex, facing: int, h: Hex) -> bool:
    """Whether ``h`` lies in the 60° wedge from ``origin`` between the directions of
    ``facing`` and ``facing + 1``, both edges included (``origin`` itself is not)."""
    v = rotate(sub(h, origin), -facing % 6)
    a, b = -v[1], v[0] + v[1]
    return a >= 0 and b >= 0 and (a, b) != (0, 0)


# -- ships -------------------------------------------------------------------------------
def ship_hexes(bow: Hex, facing: int, length: int) -> tuple[Hex, ...]:
    """A ship's hexes, bow first: ``length`` of them in a row astern of the bow."""
    back = (facing + 3) % 6
    out = [bow]
    for _ in range(length - 1):
        out.append(neighbour(out[-1], back))
    return tuple(out)


def ship_pose(grid: HexGrid, bow: Hex, facing: int, length: int) -> Pose:
    """Her table pose: the middle of her hexes' centres, heading out through her bow's
    hexside ``facing``."""
    pts = [grid.centre(h) for h in ship_hexes(bow, facing, length)]
    x = sum(p[0] for p in pts) / len(pts)
    y = sum(p[1] for p in pts) / len(pts)
    return Pose(x, y, grid.heading(facing))


def place(grid: HexGrid, pose: Pose, length: int) -> tuple[Hex, int]:
    """The bow hex and facing of a ship laid near ``pose`` (the inverse of
    :func:`ship_pose`): the nearest facing, the bow where her bow hex's centre would be."""
    facing = grid.facing_of(pose.heading)
    h = math.radians(grid.heading(facing))
    ahead = grid.size * (length - 1) / 2.0
    return grid.hex_at(pose.x + ahead * math.sin(h), pose.y + ahead * math.cos(h)), facing


def hex_corners(grid: HexGrid, h: Hex) -> list[tuple[float, float]]:
    """A hex's six corners on the table (for drawing and for the exact-crossing check)."""
    cx, cy = grid.centre(h)
    rad = grid.size / math.sqrt(3.0)
    out = []
    for k in range(6):
        a = math.radians(grid.first_facing + 30.0 + 60.0 * k)
        out.append((cx + rad * math.sin(a), cy + rad * math.cos(a)))
    return out


def hexes_within(h: Hex, n: int) -> Iterable[Hex]:
    """Every hex at distance ``n`` or less from ``h``."""
    for dq in range(-n, n + 1):
        for dr in range(max(-n, -dq - n), min(n, -dq + n) + 1):
            yield h[0] + dq, h[1] + dr
