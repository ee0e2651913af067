"""The modified Trafalgar template, read once at load into typed values.

Nothing reads the template's raw TOML when a rule is applied: every section the engine
uses is validated here, so ``tabletop check`` names a bad value by file and key path.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tabletop.data.reader import Reader, join


@dataclass(frozen=True)
class Movement:
    """The template's ``[movement]``: inertia, the turn template and when she may tack."""

    inertia: float  # straight ahead before any turn, ruleset units
    close_hauled: float  # θ of a ship placed close-hauled
    max_turn: float  # degrees per turn on the template
    no_tacking_in: tuple[str, ...]  # wind strengths in which no square-rigger tacks
    luff_windward_cap: bool
    turn_radii: tuple[tuple[float, float], ...]  # (base length up to, radius), ruleset units


@dataclass(frozen=True)
class Criticals:
    """The template's ``[criticals]``: the tables a critical hit is rolled on."""

    low: tuple[Mapping[str, Any], ...]  # six rows, by the d6
    high: tuple[Mapping[str, Any], ...]
    stern_rake: int  # added to the critical roll
    carronade: int


@dataclass(frozen=True)
class Damage:
    """The template's ``[damage]``: what a hit and each lost box costs her."""

    normal: int  # boxes an ordinary unsaved hit crosses
    speed_per_rigging: float  # ruleset units of running speed lost per rigging box
    speed_per_mast: float
    rudder_repair: int  # d6 needed to repair a rudder
    leak: int  # hull boxes a holed ship loses each of her turns
    below_waterline_save: int  # d6 needed to save a "save" below-waterline critical


@dataclass(frozen=True)
class Boarding:
    """The template's ``[boarding]``: how a boarding action is fought."""

    boarder_bonus: int
    defender: str  # "half_crew": half her remaining crew, rounded down
    loser_loses: int
    fire_while_boarding: str  # "half_up": dice halved, rounded up


def read_movement(r: Reader, mv: dict[str, Any], units: str) -> Movement:
    p = "movement"
    radii: list[tuple[float, float]] = []
    for i, row in enumerate(r.tables(mv, p, "turn_radius")):
        q = join("movement.turn_radius", i)
        upto = (
            float("inf")
            if row.get("base_upto") == "inf" and r.string(row, q, "base_upto")
            else r.length(row, q, "base_upto", units)
        )
        radii.append((upto, r.length(row, q, "radius", units, positive=False)))
    return Movement(
        inertia=r.length(mv, p, "inertia", units, default=0.0, positive=False),
        close_hauled=r.number(mv, p, "close_hauled", default=60, minimum=0, maximum=180),
        max_turn=r.number(mv, p, "max_turn", default=45, minimum=0, maximum=180),
        no_tacking_in=r.strings(mv, p, "no_tacking_in"),
        luff_windward_cap=r.boolean(mv, p, "luff_windward_cap", True),
        turn_radii=tuple(radii),
    )


def read_criticals(r: Reader, data: dict[str, Any]) -> Criticals:
    c = r.table(data, "", "criticals")
    mods = r.table(c, "criticals", "crit_modifiers", required=False)
    return Criticals(
        low=_table(r, c, "low"),
        high=_table(r, c, "high"),
        stern_rake=int(r.number(mods, "criticals.crit_modifiers", "stern_rake", default=0)),
        carronade=int(r.number(mods, "criticals.crit_modifiers", "carronade", default=0)),
    )


def _table(r: Reader, c: dict[str, Any], key: str) -> tuple[Mapping[str, Any], ...]:
    rows = r.tables(c, "criticals", key, required=True)
    if rows and len(rows) != 6:
        r.error(join("criticals", key), "six rows, one for each face of the d6", len(rows))
    out = []
    for i, row in enumerate(rows):
        p = join(join("criticals", key), i)
        got: dict[str, Any] = {}
        for k in row:
            if k in ("hull", "crew", "mast"):
                got[k] = r.amount(row, p, k)
            elif k == "rudder":
                got[k] = r.boolean(row, p, k, False)
            elif k == "below_waterline":
                got[k] = r.string(row, p, k, choices=("save", "hit"))
            # any other key is reported as unknown by the reader's unused-key check
        out.append(got)
    return tuple(out)


def read_damage(r: Reader, data: dict[str, Any], units: str) -> Damage:
    d = r.table(data, "", "damage")
    return Damage(
        normal=r.integer(d, "damage", "normal", default=1, minimum=0) or 0,
        speed_per_rigging=r.length(
            d, "damage", "speed_per_rigging", units, default=0.0, positive=False
        ),
        speed_per_mast=r.length(d, "damage", "speed_per_mast", units, default=0.0, positive=False),
        rudder_repair=int(r.number(d, "damage", "rudder_repair", default=4, minimum=1, maximum=7)),
        leak=r.integer(d, "damage", "leak", default=1, minimum=0) or 0,
        below_waterline_save=int(
            r.number(d, "damage", "below_waterline_save", default=4, minimum=1, maximum=7)
        ),
    )


def read_boarding(r: Reader, data: dict[str, Any]) -> Boarding:
    b = r.table(data, "", "boarding")
    return Boarding(
        boarder_bonus=r.integer(b, "boarding", "boarder_bonus", default=1) or 0,
        defender=r.string(b, "boarding", "defender", default="half_crew", choices=("half_crew",)),
        loser_loses=r.integer(b, "boarding", "loser_loses", default=1, minimum=0) or 0,
        fire_while_boarding=r.string(
            b, "boarding", "fire_while_boarding", default="half_up", choices=("half_up",)
        ),
    )
