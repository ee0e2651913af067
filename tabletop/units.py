"""Table units, lengths with unit suffixes, and the one project-wide tolerance."""

from __future__ import annotations

import re

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

_LENGTH = re.compile(r"^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*(mm|cm|in|\")?\s*$")


def convert(value: float, from_unit: str, to_unit: str) -> float:
    """Convert ``value`` between ``mm``, ``cm`` and ``in``."""
    if from_unit == to_unit:
        return float(value)
    return float(value) * CM_PER[from_unit] / CM_PER[to_unit]


def parse_length(value: object, unit: str) -> float:
    """Return a file length in ``unit``.

    A bare number is already in ``unit``; a string carries its own unit (``"60mm"``,
    ``"6 cm"``, ``"2.5in"``, ``'2.5"'``).  Raises ``ValueError`` with a short reason.
    """
    if isinstance(value, bool):
        raise ValueError("a length, not true/false")
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        m = _LENGTH.match(value)
        if not m:
            raise ValueError("a number or a string like '60mm', '6 cm', '2.5in'")
        number = float(m.group(1))
        suffix = m.group(2) or unit
        if suffix == '"':
            suffix = "in"
        return convert(number, suffix, unit)
    raise ValueError("a number or a string like '60mm', '6 cm', '2.5in'")


def mm_per(unit: str) -> float:
    """Millimetres in one ``unit`` (a referee quotes ranges to the millimetre)."""
    return CM_PER[unit] * 10.0
