"""Table units, lengths with unit suffixes, and the one project-wide tolerance."""

from __future__ import annotations

import math
import re

from tabletop.common.errors import TabletopError

#: The single tolerance, in table units, for every geometric predicate (touching, inside,
#: blocked).  Bases closer than this touch, and therefore collide; a ray that passes a
#: third base closer than this but does not enter it only grazes it and is not blocked.
TOL = 1e-6

#: Distances a player types are compared with the allowance to half the last of the 4
#: decimals every length is shown with: "F22.6667" uses all of a 22.666... allowance.
MOVE_TOL = 0.5e-4

#: Length of one unit in centimetres.
CM_PER: dict[str, float] = {"cm": 1.0, "mm": 0.1, "in": 2.54}

#: The units a scenario may be played in.
TABLE_UNITS = ("cm", "in")

#: The longest length any file may give (a table side, a base, a gun's range, a speed):
#: 100 m.  Nothing on a tabletop comes near it, and every computation stays far from
#: float overflow and from costs set by an input number.
MAX_LENGTH_CM = 10_000.0

_LENGTH = re.compile(r"^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*(mm|cm|in|\")?\s*$")


class UnitError(TabletopError, ValueError):
    """A length or unit that cannot be read.  A ``ValueError`` for the validating reader,
    and a user-facing :class:`TabletopError` wherever else a raw value reaches it."""


def convert(value: float, from_unit: str, to_unit: str) -> float:
    """Convert ``value`` between ``mm``, ``cm`` and ``in``."""
    for u in (from_unit, to_unit):
        if u not in CM_PER:
            raise UnitError(f"expected a unit (one of {', '.join(CM_PER)}), found {u!r}")
    if from_unit == to_unit:
        return float(value)
    return float(value) * CM_PER[from_unit] / CM_PER[to_unit]


def finite(value: int | float) -> float:
    """``value`` as a finite float; ``UnitError`` for NaN, infinities and numbers too
    large for a float (a 400-digit TOML integer)."""
    try:
        x = float(value)
    except OverflowError:
        raise UnitError("a finite number (this one is too large)") from None
    if not math.isfinite(x):
        raise UnitError("a finite number")
    return x


def parse_length(value: object, unit: str) -> float:
    """Return a file length in ``unit``.

    A bare number is already in ``unit``; a string carries its own unit (``"60mm"``,
    ``"6 cm"``, ``"2.5in"``, ``'2.5"'``).  Raises :class:`UnitError` (a ``ValueError``)
    with a short reason; the result is always finite.
    """
    if isinstance(value, bool):
        raise UnitError("a length, not true/false")
    if isinstance(value, int | float):
        return convert(finite(value), unit, unit)
    if isinstance(value, str):
        m = _LENGTH.match(value)
        if not m:
            raise UnitError("a number or a string like '60mm', '6 cm', '2.5in'")
        number = finite(float(m.group(1)))
        suffix = m.group(2) or unit
        if suffix == '"':
            suffix = "in"
        return finite(convert(number, suffix, unit))
    raise UnitError("a number or a string like '60mm', '6 cm', '2.5in'")


def max_length(unit: str) -> float:
    """:data:`MAX_LENGTH_CM` in ``unit``."""
    return convert(MAX_LENGTH_CM, "cm", unit)


def mm_per(unit: str) -> float:
    """Millimetres in one ``unit`` (a referee quotes ranges to the millimetre)."""
    return CM_PER[unit] * 10.0
