"""What every ruleset shares: sectors, allowances, arcs, ranges, bands and odds as data.

A ruleset is a subclass of :class:`Ruleset` registered by name (as python-chess finds
variants); its numbers come from ``templates/<name>.toml`` so a house rule is an edit of
that file.  Subclasses add only the procedures data cannot say.  Lengths are stored in
the ruleset's own unit and converted to the scenario's on use.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from tabletop.data.reader import Reader, join
from tabletop.units import TABLE_UNITS, TOL, convert


@dataclass(frozen=True)
class Sector:
    """A point of sail: relative wind angles from ``lower`` up to the next sector's."""

    name: str
    lower: float
    factor: Fraction  # allowance as a share of the roster speed
    min_factor: Fraction | None  # the least share a ship must use; None: the whole allowance
    code: str = ""  # the source's letter, where it has one
    use: str = ""  # ruleset-specific allowance rule (e.g. man-o-war "max_abeam")
    ends_move: bool = False


@dataclass(frozen=True)
class Band:
    """A range band: up to ``upper`` (inclusive when ``closed``), with its to-hit modifier."""

    name: str
    upper: float
    closed: bool
    modifier: int
    criticals: bool = True


class Ruleset:
    """A ruleset's data, read and validated from its template file."""

    name: ClassVar[str] = ""
    registry: ClassVar[dict[str, type[Ruleset]]] = {}

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if cls.name:
            Ruleset.registry[cls.name] = cls

    def __init__(self, data: dict[str, Any], file: str) -> None:
        r = Reader(file)
        self.file = file
        self.raw = data
        head = r.table(data, "", "ruleset")
        self.title = r.string(head, "ruleset", "title", default=self.name)
        self.units = r.string(head, "ruleset", "units", choices=TABLE_UNITS)
        self.speed_is_length = bool(head.get("speed_is_length", True))
        self.sectors = self._read_sectors(r, data)
        fire = r.table(data, "", "fire", required=False)
        self.arcs = r.string(
            fire, "fire", "arcs", default="none", choices=("broadside", "quadrants", "none")
        )
        guns = r.table(fire, "fire", "guns", required=False)
        self.gun_ranges = {k: r.length(guns, "fire.guns", k, self.units) for k in guns}
        self.bands = self._read_bands(r, fire)
        self.to_hit = int(r.number(fire, "fire", "to_hit", default=4, minimum=1, maximum=7))
        self.save = int(r.number(fire, "fire", "save", default=4, minimum=1, maximum=7))
        self.fire_modifiers = {
            k: int(r.number(fire.get("modifiers", {}), "fire.modifiers", k))
            for k in fire.get("modifiers", {})
            if isinstance(fire.get("modifiers"), dict)
        }
        self.save_modifiers = {
            k: int(r.number(fire.get("save_modifiers", {}), "fire.save_modifiers", k))
            for k in fire.get("save_modifiers", {})
            if isinstance(fire.get("save_modifiers"), dict)
        }
        self.movement = r.table(data, "", "movement", required=False)
        self.read_extra(r, data)
        r.raise_if_any()

    # -- reading ---------------------------------------------------------------------
    def _read_sectors(self, r: Reader, data: dict[str, Any]) -> tuple[Sector, ...]:
        rows = r.tables(data, "", "sectors", required=True)
        out: list[Sector] = []
        for i, row in enumerate(rows):
            p = join("sectors", i)
            mf = row.get("min_factor")
            out.append(
                Sector(
                    name=r.string(row, p, "name"),
                    lower=r.number(row, p, "from", minimum=0, maximum=180),
                    factor=r.fraction(row, p, "factor", default=Fraction(0)),
                    min_factor=None if mf is None else r.fraction(row, p, "min_factor"),
                    code=r.string(row, p, "code", default=""),
                    use=r.string(row, p, "use", default=""),
                    ends_move=bool(row.get("ends_move", False)),
                )
            )
        if out and out[0].lower != 0:
            r.error("sectors[0].from", "0 (the first sector starts at the wind)", out[0].lower)
        for i in range(1, len(out)):
            if out[i].lower <= out[i - 1].lower:
                r.error(
                    join("sectors", i) + ".from", f"more than {out[i - 1].lower:g}", out[i].lower
                )
        return tuple(out)

    def _read_bands(self, r: Reader, fire: dict[str, Any]) -> tuple[Band, ...]:
        out = []
        for i, row in enumerate(r.tables(fire, "fire", "bands")):
            p = join("fire.bands", i)
            up = row.get("upto", "inf")
            upper = float("inf") if up == "inf" else r.length(row, p, "upto", self.units)
            out.append(
                Band(
                    r.string(row, p, "name"),
                    upper,
                    bool(row.get("closed", False)),
                    int(r.number(row, p, "to_hit", default=0)),
                    bool(row.get("criticals", True)),
                )
            )
        return tuple(out)

    def read_extra(self, r: Reader, data: dict[str, Any]) -> None:
        """Subclasses read their own template sections here."""

    def check_class(self, r: Reader, tbl: dict[str, Any], path: str) -> None:
        """Subclasses validate the roster fields of their own here (crew, damage...)."""

    #: Whether the game engine can play this ruleset (a golden playthrough is required).
    has_engine: ClassVar[bool] = False

    def open_game(self, state: Any, dice: Any, events: list[dict[str, Any]]) -> Any:
        """What happens before the first action (a wind roll, initiative): nothing here."""
        return state

    def apply(self, state: Any, action: Any, dice: Any, events: list[dict[str, Any]]) -> Any:
        """Apply one action to a game state (the ruleset's procedures)."""
        from tabletop.engine.core import IllegalAction

        raise IllegalAction(f"the {self.title} game engine is not built yet")

    # -- using -----------------------------------------------------------------------
    def scale(self, unit: str) -> float:
        """How many ``unit`` make one of this ruleset's units."""
        return convert(1.0, self.units, unit)

    @property
    def sector_names(self) -> list[str]:
        return [s.name for s in self.sectors]

    @property
    def sector_lowers(self) -> list[float]:
        return [s.lower for s in self.sectors]

    def sector(self, theta: float) -> Sector:
        from tabletop.geometry.sectors import classify

        return self.sectors[int(classify(theta, self.sector_lowers))]

    def allowance(self, cls: Any, sector: Sector) -> tuple[float, float]:
        """(least, most) distance this class may move on this point of sail, scenario units."""
        most = float(sector.factor * Fraction(cls.speed).limit_denominator(10**6))
        least = (
            most
            if sector.min_factor is None
            else float(sector.min_factor * Fraction(cls.speed).limit_denominator(10**6))
        )
        return least, most

    def gun_range(self, gun: str, unit: str) -> float:
        return self.gun_ranges[gun] * self.scale(unit)

    def band(self, rng: float, unit: str, max_range: float) -> Band | None:
        """The band a range falls in, or None when beyond ``max_range`` (out of range)."""
        if rng > max_range + TOL:
            return None
        k = self.scale(unit)
        for b in self.bands:
            up = b.upper * k
            if rng < up - TOL or (b.closed and rng <= up + TOL):
                return b
        return self.bands[-1] if self.bands else None
