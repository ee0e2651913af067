"""The Hold Fast template's engine sections, read once at load into typed values.

Every section the engine uses is validated here, so ``tabletop check`` names a bad value
by file and key path, and nothing reads raw TOML while a game is played.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from tabletop.data.reader import Reader, join

#: What a damage-chart cell may say (HF-41..HF-50).
RESULTS = ("cannon", "fire", "hull", "marines", "mast", "none", "magazine", "rudder", "wheel")
#: The results that are critical hits, each a morale hit (HF-55).
CRITICALS = frozenset({"fire", "magazine", "rudder", "wheel"})
GUNS = ("long", "short", "carronade")


@dataclass(frozen=True)
class Damage:
    points: dict[str, int]  # damage points per hit, by battery type
    points_alongside: dict[str, int]
    plus: int  # added by a "+" fitting
    magazine_hull: int
    ironsides_columns: tuple[int, ...]
    chart: tuple[tuple[str, ...], ...]  # [row die - 1][column die - 1]


@dataclass(frozen=True)
class Engine:
    """Everything the engine plays by that is not movement geometry."""

    sections: int
    shift_on: int
    clockwise: tuple[int, ...]
    damage: Damage
    default_factor: int
    morale_by_rate: dict[int, int]  # morale boxes by rate, where a class names none
    morale_unrated: int
    marine_range: float  # ruleset units
    marine_hit: int
    harmless_speed: int
    collision_hull: int
    repair_need: int
    per_marine: int
    max_marines: int
    unrated_rate: int
    sinking_phases: int | str
    default_level: int


class Engined(Protocol):
    """The ruleset as damage and collisions read it: the engine's sections alone."""

    engine: Engine


def _points(r: Reader, tbl: dict[str, Any], path: str, key: str) -> dict[str, int]:
    pts = r.table(tbl, path, key)
    return {g: r.integer(pts, join(path, key), g, default=0, minimum=0) or 0 for g in GUNS}


def _dice(r: Reader, tbl: dict[str, Any], path: str, key: str) -> tuple[int, ...]:
    row = r.value(tbl, path, key)
    if not isinstance(row, list) or not all(
        isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 6 for x in row
    ):
        r.error(join(path, key), "a list of d6 faces (1-6)", row)
        return ()
    return tuple(row)


def _chart(r: Reader, tbl: dict[str, Any]) -> tuple[tuple[str, ...], ...]:
    rows = r.value(tbl, "damage", "chart")
    ok = isinstance(rows, list) and len(rows) == 6
    ok = ok and all(isinstance(row, list) and len(row) == 6 for row in rows or [])
    if not ok or rows is None:
        r.error("damage.chart", "6 rows of 6 results (row die × column die)", rows)
        return tuple(("none",) * 6 for _ in range(6))
    for i, row in enumerate(rows):
        for j, cell in enumerate(row):
            if cell not in RESULTS:
                r.error(f"damage.chart[{i}][{j}]", "one of " + ", ".join(RESULTS), cell)
    return tuple(tuple(str(c) for c in row) for row in rows)


def read_engine(r: Reader, data: dict[str, Any], units: str) -> Engine:
    """The engine's sections of the template (``[turn]``, ``[damage]``, ...)."""
    turn = r.table(data, "", "turn")
    shift = r.table(data, "", "wind_shift")
    dmg = r.table(data, "", "damage")
    morale = r.table(data, "", "morale")
    marines = r.table(data, "", "marines")
    coll = r.table(data, "", "collision")
    rep = r.table(data, "", "repair")
    haz = r.table(data, "", "hazards")
    damage = Damage(
        points=_points(r, dmg, "damage", "points"),
        points_alongside=_points(r, dmg, "damage", "points_alongside"),
        plus=r.integer(dmg, "damage", "plus", minimum=0) or 0,
        magazine_hull=r.integer(dmg, "damage", "magazine_hull", minimum=0) or 0,
        ironsides_columns=_dice(r, dmg, "damage", "ironsides_columns"),
        chart=_chart(r, dmg),
    )
    return Engine(
        sections=r.integer(turn, "turn", "sections", minimum=1) or 3,
        shift_on=r.integer(shift, "wind_shift", "shift_on", minimum=1) or 6,
        clockwise=_dice(r, shift, "wind_shift", "clockwise"),
        damage=damage,
        default_factor=r.integer(morale, "morale", "default_factor", minimum=1) or 4,
        morale_by_rate=_by_rate(r, morale),
        morale_unrated=r.integer(morale, "morale", "unrated", minimum=0) or 0,
        marine_range=r.length(marines, "marines", "range", units),
        marine_hit=r.integer(marines, "marines", "hit", minimum=1) or 6,
        harmless_speed=r.integer(coll, "collision", "harmless_speed", minimum=0) or 0,
        collision_hull=r.integer(coll, "collision", "hull", minimum=0) or 0,
        repair_need=r.integer(rep, "repair", "need", minimum=1) or 5,
        per_marine=r.integer(rep, "repair", "per_marine", minimum=0) or 0,
        max_marines=r.integer(rep, "repair", "max_marines", minimum=0) or 0,
        unrated_rate=r.integer(haz, "hazards", "unrated_rate", minimum=1) or 6,
        sinking_phases=r.amount(haz, "hazards", "sinking_phases"),
        default_level=r.integer(haz, "hazards", "default_level", minimum=0) or 0,
    )


def _by_rate(r: Reader, morale: dict[str, Any]) -> dict[int, int]:
    """``[morale] by_rate``: rate (a whole number from 1) → morale boxes."""
    tbl = r.table(morale, "morale", "by_rate")
    out: dict[int, int] = {}
    for key in tbl:
        if not key.isdigit() or int(key) < 1:
            r.error(join("morale.by_rate", key), "a rate, a whole number from 1", key)
            continue
        out[int(key)] = r.integer(tbl, "morale.by_rate", key, minimum=0) or 0
    return out
