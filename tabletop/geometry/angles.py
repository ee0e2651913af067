"""Compass angles: headings, wind directions and the relative wind (SPEC §1).

Compass degrees: 0 = north (+y), 90 = east, clockwise.  Functions accept scalars or
numpy arrays alike, so the same code classifies one ship or a whole fleet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

import numpy as np

#: The 8 wind points, by name.
POINTS: dict[str, float] = {
    "N": 0.0,
    "NE": 45.0,
    "E": 90.0,
    "SE": 135.0,
    "S": 180.0,
    "SW": 225.0,
    "W": 270.0,
    "NW": 315.0,
}

if TYPE_CHECKING:
    import numpy.typing as npt

    A = TypeVar("A", float, npt.NDArray[np.float64])
else:  # numpy.typing is slow to import; annotations only need it for the checker
    A = TypeVar("A")


def normalise(deg: A) -> A:
    """Map to [0, 360)."""
    out = np.mod(deg, 360.0)
    # np.mod(-1e-17, 360) is 360.0 in floating point; fold it back.
    out = np.where(out >= 360.0, 0.0, out)
    return out if isinstance(deg, np.ndarray) else float(out)  # type: ignore[return-value]


def wrap(deg: A) -> A:
    """Map to (-180, 180]."""
    out = 180.0 - np.mod(180.0 - np.asarray(deg, dtype=float), 360.0)
    return out if isinstance(deg, np.ndarray) else float(out)  # type: ignore[return-value]


#: Relative wind angles are rounded to this many decimals of a degree before they are
#: classified, so that floating-point noise (a heading of 60 computed as 59.99999999999999
#: after a turn) never moves a ship across a sector boundary or to the other side.
ANGLE_DECIMALS = 9


def _off_wind(wind_from: float, heading: A) -> A:
    return np.round(wrap(wind_from - heading), ANGLE_DECIMALS) + 0.0  # type: ignore[no-any-return]


def relative_wind(wind_from: float, heading: A) -> A:
    """θ = |wrap(wind_from − heading)| in [0, 180]: how far off the wind the bow points."""
    out = np.abs(_off_wind(wind_from, heading))
    return out if isinstance(heading, np.ndarray) else float(out)  # type: ignore[return-value]


def through_eye(wind_from: float, heading: A, turn: A) -> A:
    """How far (degrees, ≥ 0) a pivot of ``turn`` degrees (+ clockwise) from ``heading``
    carries the bow past the eye of the wind, or −1 where the bow never reaches it.

    The bow reaches the eye when its signed angle off the wind, unwrapped along the
    turn, passes through 0 (passing through 180 is running before the wind, not a
    tack).  A bow that starts in the eye and turns away has not crossed it (−1)."""
    w0 = _off_wind(wind_from, heading)
    w1 = w0 - turn
    reach = np.where(
        (w0 != 0) & (np.sign(w0) != np.sign(w1)) & (np.abs(turn) <= 180), np.abs(w1), -1.0
    )
    vector = isinstance(heading, np.ndarray) or isinstance(turn, np.ndarray)
    return reach if vector else float(reach)  # type: ignore[return-value]


def wind_side(wind_from: float, heading: float) -> str:
    """Which side the wind comes over: ``starboard``, ``port``, ``ahead`` or ``astern``."""
    w = float(_off_wind(wind_from, heading))
    if w == -180.0:
        w = 180.0
    if w == 0.0:
        return "ahead"
    if w == 180.0:
        return "astern"
    return "starboard" if w > 0 else "port"


def unit(heading: A) -> tuple[A, A]:
    """The unit vector (dx, dy) pointing along a compass heading."""
    r = np.radians(heading)
    return np.sin(r), np.cos(r)  # type: ignore[return-value]


def bearing(dx: A, dy: A) -> A:
    """Compass bearing of the vector (dx, dy), in [0, 360)."""
    return normalise(np.degrees(np.arctan2(dx, dy)))  # type: ignore[return-value]
