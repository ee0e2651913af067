"""What every ruleset reckons alike from its template's numbers: its unit against the
table's, a point of sail from θ, a gun's range and the band a range falls in.

Plain functions, not methods: no ruleset reckons these otherwise, so they stay off the
ruleset interface (:class:`tabletop.rules.base.Ruleset`) and each takes only the
numbers it reads, which every ruleset has (and a helper handed the ruleset can pass on
having declared only those).
"""

from __future__ import annotations

from typing import Protocol

from tabletop.common.units import TOL, convert
from tabletop.geometry.angles import relative_wind
from tabletop.geometry.sectors import classify
from tabletop.model.scenario import Scenario
from tabletop.referee.plans import Band, Sector


class Unit(Protocol):
    """The unit a ruleset's template measures in."""

    @property
    def units(self) -> str: ...


class Sectors(Protocol):
    """A ruleset's points of sail, from the wind round."""

    @property
    def sectors(self) -> tuple[Sector, ...]: ...


class Banded(Unit, Protocol):
    """A ruleset's range bands, in its unit."""

    @property
    def bands(self) -> tuple[Band, ...]: ...


class Gunned(Unit, Protocol):
    """A ruleset's batteries' longest ranges, in its unit."""

    @property
    def gun_ranges(self) -> dict[str, float]: ...


def scale(rs: Unit, unit: str) -> float:
    """How many ``unit`` make one of the ruleset's units."""
    return convert(1.0, rs.units, unit)


def sector_lowers(rs: Sectors) -> list[float]:
    """Where each point of sail begins, in degrees off the wind."""
    return [s.lower for s in rs.sectors]


def sector(rs: Sectors, theta: float) -> Sector:
    """The point of sail of a ship ``theta`` degrees off the wind."""
    return rs.sectors[int(classify(theta, sector_lowers(rs)))]


def theta(scn: Scenario, heading: float, wind_from: float | None = None) -> float:
    """θ: how far off the wind the bow points (the wind now, if it has changed)."""
    w = scn.wind.from_deg if wind_from is None else wind_from
    return float(relative_wind(w, heading))


def gun_range(rs: Gunned, gun: str, unit: str) -> float:
    """A battery's longest range, in ``unit``."""
    return rs.gun_ranges[gun] * scale(rs, unit)


def band(rs: Banded, rng: float, unit: str, max_range: float) -> Band | None:
    """The band a range falls in, or None when beyond ``max_range`` (out of range)."""
    if rng > max_range + TOL:
        return None
    k = scale(rs, unit)
    for b in rs.bands:
        up = b.upper * k
        if rng < up - TOL or (b.closed and rng <= up + TOL):
            return b
    return rs.bands[-1] if rs.bands else None
