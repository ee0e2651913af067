"""Escadres' template read into typed values: the hex overlay, the damage tables, the
numbers of fire, fires, leaks, drift and victory (every one validated at load)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tabletop.data.reader import Reader, join

#: The effects a damage table may name, and whether each takes an amount.
EFFECTS = {
    "power": True,
    "crew": True,
    "hull": True,
    "fire": True,
    "move": True,
    "turns": True,
    "critical": False,
    "mega": False,
    "major": False,
    "becalmed": False,
    "burst": False,
}
TABLES = ("gunfire", "critical", "mega", "major", "debris")
_AMOUNT = re.compile(r"^(\d*)D(3|6)$")

#: An effect: its word and its amount (a number, or dice such as "2D6").
Effect = tuple[str, int | str]
Table = dict[int, tuple[Effect, ...]]


@dataclass(frozen=True)
class Numbers:
    drift_on: int
    enfilade: Fraction
    enfilade_cone: float
    low_target: int
    low_decks: int
    put_out: int
    leak_need: int
    small_guns: int
    bad_training: int
    storm: str
    lost_over: Fraction


def _effect(r: Reader, text: Any, path: str) -> Effect | None:
    if not isinstance(text, str):
        r.error(path, "an effect word such as 'power:1' or 'critical'", text)
        return None
    word, _, amount = text.partition(":")
    if word not in EFFECTS:
        r.error(path, "an effect: " + ", ".join(EFFECTS), text)
        return None
    if not EFFECTS[word]:
        if amount:
            r.error(path, f"'{word}' with no amount", text)
        return word, 0
    if amount.isdigit():
        return word, int(amount)
    if _AMOUNT.match(amount.upper()):
        return word, amount.upper()
    r.error(path, f"'{word}:N' with N a number, D3, D6 or 2D6", text)
    return None


def read_tables(r: Reader, data: dict[str, Any]) -> dict[str, Table]:
    """The damage tables: each die face 1-6 → its effects."""
    dmg = r.table(data, "", "damage")
    out: dict[str, Table] = {}
    for name in TABLES:
        rows = r.table(dmg, "damage", name)
        table: Table = {}
        for face in range(1, 7):
            p = join(f"damage.{name}", str(face))
            cell = r.value(rows, f"damage.{name}", str(face))
            if not isinstance(cell, list):
                if cell is not None:
                    r.error(p, "a list of effects", cell)
                continue
            got = [_effect(r, e, f"{p}[{i}]") for i, e in enumerate(cell)]
            table[face] = tuple(e for e in got if e is not None)
        out[name] = table
    return out


def read_numbers(r: Reader, data: dict[str, Any], movement: dict[str, Any]) -> Numbers:
    fire = r.table(data, "", "fire")
    fires = r.table(data, "", "fires")
    leaks = r.table(data, "", "leaks")
    vic = r.table(data, "", "victory")

    def die(tbl: dict[str, Any], path: str, key: str) -> int:
        return int(r.number(tbl, path, key, minimum=1, maximum=7))

    return Numbers(
        drift_on=die(movement, "movement", "drift_on"),
        enfilade=r.fraction(fire, "fire", "enfilade"),
        enfilade_cone=r.number(fire, "fire", "enfilade_cone", minimum=0, maximum=90),
        low_target=int(r.number(fire, "fire", "low_target")),
        low_decks=int(r.number(fire, "fire", "low_decks", minimum=1)),
        put_out=die(fires, "fires", "put_out"),
        leak_need=die(leaks, "leaks", "need"),
        small_guns=int(r.number(leaks, "leaks", "small_guns", minimum=0)),
        bad_training=int(r.number(leaks, "leaks", "bad_training")),
        storm=r.string(leaks, "leaks", "storm"),
        lost_over=r.fraction(vic, "victory", "lost_over"),
    )
