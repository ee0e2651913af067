"""Frigate's template read into typed values: the quarterly chart, the schedule of
allowances and turning, momentum, damage to movement, and the numbers of combat (every
one validated at load, a bad one reported with its key path)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tabletop.data.reader import Reader, join
from tabletop.rules.types import TurnStep

#: The four ways the wind can enter her hex, as the schedule's columns are ordered.
ATTITUDES = ("front", "side_front", "side_rear", "rear")
SEGMENTS = 4
#: The turn's steps: every ship's allowance declared, then the four segments, in each
#: of which the sides move (or plot, under simultaneous movement) and fire.
STEPS = (
    TurnStep("declaring allowances", "declare", frozenset({"speed"})),
    *(
        TurnStep(
            f"segment {k} of {SEGMENTS}",
            "move and fire",
            frozenset({"move", "fire", "chase", "capture", "destroy"}),
        )
        for k in range(1, SEGMENTS + 1)
    ),
)
MOST = 20  # the chart's largest allowance


@dataclass(frozen=True)
class Row:
    """One row of the Wind and Maneuver Control Schedule."""

    ratings: str
    turn_cost: int
    three_hexsides: bool  # False: the text's "P", never three hexsides in one hex
    sag: int
    allowance: dict[str, tuple[int, ...]]  # wind strength → by attitude (ATTITUDES)


@dataclass(frozen=True)
class Moves:
    strengths: tuple[str, ...]
    default_strength: str
    no_wind: str
    momentum_up: int
    momentum_down: int
    into_wind: int
    per_hex: int
    tack_hexsides: int
    windward_loss: int
    mast_segment_loss: int
    dismasted_at: int
    mast_shares: tuple[Fraction, ...]
    fighting_sail: Fraction
    fighting_sail_masts: int
    drift: int
    sag_strength: str
    chart: dict[int, tuple[int, ...]]


@dataclass(frozen=True)
class Command:
    range: int  # hexes from her fleet flagship beyond which a ship is subject to it
    holds: int  # the die's least roll that keeps her in command


def read_command(r: Reader, data: dict[str, Any]) -> Command:
    c = r.table(data, "", "command")
    return Command(_whole(r, c, "command", "range", 0), _whole(r, c, "command", "holds", 1, 7))


@dataclass(frozen=True)
class Preservation:
    per_ship: int
    crew_hit: int
    mast_hit: int
    lost_ship: int
    big: int
    ratings: tuple[str, ...]
    start: str
    crt_shift: int


def read_preservation(r: Reader, data: dict[str, Any]) -> Preservation:
    p = "preservation"
    t = r.table(data, "", p)
    ratings = r.strings(t, p, "ratings")
    if not ratings:
        r.error("preservation.ratings", "the efficiency ratings, best first", ratings)
    return Preservation(
        per_ship=_whole(r, t, p, "per_ship"),
        crew_hit=_whole(r, t, p, "crew_hit"),
        mast_hit=_whole(r, t, p, "mast_hit"),
        lost_ship=_whole(r, t, p, "lost_ship"),
        big=_whole(r, t, p, "big", 1),
        ratings=ratings,
        start=r.string(t, p, "start", choices=ratings or None),
        crt_shift=_whole(r, t, p, "crt_shift", 0, 6),
    )


@dataclass(frozen=True)
class Combat:
    broadside_range: int
    range_step: int
    second_side: Fraction
    bow_rake: Fraction
    stern_rake: Fraction
    crew_loss: tuple[Fraction, ...]
    chase_range: int
    chase_dice: int
    chase_face: int
    chase_lost_at: int
    capture_odds: Fraction
    capture_crew: int
    destroy_turns: int
    nearest_within: int
    columns: tuple[tuple[int, int], ...]  # (attack, defence) of each odds column
    crt: dict[int, tuple[int, ...]]  # die face → hits in each column


def _whole(r: Reader, tbl: Any, path: str, key: str, lo: int = 0, hi: int = 99) -> int:
    """A whole number from ``lo`` to ``hi``, required."""
    if not isinstance(tbl, dict) or key not in tbl:
        r.error(join(path, key), f"a whole number from {lo} to {hi}", None)
        return lo
    v = r.integer(tbl, path, key, minimum=lo, maximum=hi)
    return lo if v is None else v


def _ints(r: Reader, tbl: Any, path: str, key: str, n: int, hi: int = 99) -> tuple[int, ...]:
    v = r.value(tbl, path, key)
    ok = isinstance(v, list) and len(v) == n
    ok = ok and all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= hi for x in v)
    if not ok:
        if v is not None:
            r.error(join(path, key), f"a list of {n} whole numbers from 0 to {hi}", v)
        return (0,) * n
    return tuple(v)


def _fractions(r: Reader, tbl: Any, path: str, key: str) -> tuple[Fraction, ...]:
    v = r.value(tbl, path, key)
    if not isinstance(v, list):
        if v is not None:
            r.error(join(path, key), 'a list of fractions such as ["1/3", "2/3"]', v)
        return ()
    return tuple(r.fraction({"v": x}, f"{join(path, key)}[{i}]", "v") for i, x in enumerate(v))


def read_moves(r: Reader, mv: dict[str, Any]) -> Moves:
    p = "movement"
    strengths = r.strings(mv, p, "strengths")
    if not strengths:
        r.error("movement.strengths", "the wind's strengths, weakest first", strengths)
    default = r.string(mv, p, "default_strength", choices=strengths or None)
    chart = read_chart(r, r.table(mv, p, "chart"))
    shares = _fractions(r, mv, p, "mast_shares")
    return Moves(
        strengths=strengths,
        default_strength=default,
        no_wind=r.string(mv, p, "no_wind"),
        momentum_up=_whole(r, mv, p, "momentum_up"),
        momentum_down=_whole(r, mv, p, "momentum_down"),
        into_wind=_whole(r, mv, p, "into_wind"),
        per_hex=_whole(r, mv, p, "per_hex", 1, 6),
        tack_hexsides=_whole(r, mv, p, "tack_hexsides", 1, 6),
        windward_loss=_whole(r, mv, p, "windward_loss"),
        mast_segment_loss=_whole(r, mv, p, "mast_segment_loss"),
        dismasted_at=_whole(r, mv, p, "dismasted_at", 1),
        mast_shares=shares,
        fighting_sail=r.fraction(mv, p, "fighting_sail"),
        fighting_sail_masts=int(r.number(mv, p, "fighting_sail_masts", minimum=-6, maximum=6)),
        drift=_whole(r, mv, p, "drift", 0, 6),
        sag_strength=r.string(mv, p, "sag_strength", choices=strengths or None),
        chart=chart,
    )


def read_chart(r: Reader, tbl: dict[str, Any]) -> dict[int, tuple[int, ...]]:
    """The Quarterly Movement Chart: each allowance 1-20, its four segments' points,
    which add up to it."""
    out: dict[int, tuple[int, ...]] = {}
    for n in range(1, MOST + 1):
        row = _ints(r, tbl, "movement.chart", str(n), SEGMENTS, MOST)
        if sum(row) != n and r.value(tbl, "movement.chart", str(n)) is not None:
            r.error(join("movement.chart", str(n)), f"four segments adding up to {n}", list(row))
        out[n] = row
    return out


def read_schedule(r: Reader, data: dict[str, Any], strengths: tuple[str, ...]) -> dict[str, Row]:
    sched = r.table(data, "", "schedule")
    out: dict[str, Row] = {}
    for key in sched:
        p = join("schedule", key)
        row = r.table(sched, "schedule", key)
        allow = r.table(row, p, "allowance")
        out[key] = Row(
            ratings=r.string(row, p, "ratings"),
            turn_cost=_whole(r, row, p, "turn_cost", 0, 20),
            three_hexsides=r.boolean(row, p, "three_hexsides", True),
            sag=_whole(r, row, p, "sag", 0, 6),
            allowance={
                s: _ints(r, allow, join(p, "allowance"), s, len(ATTITUDES), MOST) for s in strengths
            },
        )
    if not out:
        r.error("schedule", "at least one row of the schedule", None)
    return out


def _column(r: Reader, text: Any, path: str) -> tuple[int, int]:
    a, _, b = str(text).partition("-")
    if not (a.isdigit() and b.isdigit() and int(a) > 0 and int(b) > 0):
        r.error(path, "odds such as '1-2' or '3-1'", text)
        return 1, 1
    return int(a), int(b)


def read_combat(r: Reader, fire: dict[str, Any]) -> Combat:
    p = "fire"
    crt = r.table(fire, p, "crt")
    cols = r.value(crt, "fire.crt", "columns")
    if not isinstance(cols, list) or not cols:
        r.error("fire.crt.columns", "a list of odds columns such as ['1-1', '2-1']", cols)
        cols = []
    columns = tuple(_column(r, c, f"fire.crt.columns[{i}]") for i, c in enumerate(cols))
    if any(a * d >= b * c for (a, b), (c, d) in zip(columns, columns[1:], strict=False)):
        r.error("fire.crt.columns", "odds columns in increasing order", cols)
    return Combat(
        broadside_range=_whole(r, fire, p, "broadside_range", 1),
        range_step=_whole(r, fire, p, "range_step", 1),
        second_side=r.fraction(fire, p, "second_side"),
        bow_rake=r.fraction(fire, p, "bow_rake"),
        stern_rake=r.fraction(fire, p, "stern_rake"),
        crew_loss=_fractions(r, fire, p, "crew_loss"),
        chase_range=_whole(r, fire, p, "chase_range", 1),
        chase_dice=_whole(r, fire, p, "chase_dice", 1, 6),
        chase_face=_whole(r, fire, p, "chase_face", 1, 6),
        chase_lost_at=_whole(r, fire, p, "chase_lost_at", 1),
        capture_odds=r.fraction(fire, p, "capture_odds"),
        capture_crew=_whole(r, fire, p, "capture_crew", 1),
        destroy_turns=_whole(r, fire, p, "destroy_turns", 1),
        nearest_within=_whole(r, fire, p, "nearest_within"),
        columns=columns,
        crt={f: _ints(r, crt, "fire.crt", str(f), len(columns), 9) for f in range(1, 7)},
    )


@dataclass(frozen=True)
class Weather:
    """The Wind Direction and Velocity Determination Phase (its standard table is not in
    the text: a ruling), each list by die face 1-6."""

    veer: tuple[int, ...]  # hexsides the wind shifts clockwise (−1: it backs)
    change: tuple[int, ...]  # levels its strength rises (−1: it falls)
    new_from: tuple[int, ...]  # the hexside (facing) a wind rising out of no wind comes from


def read_weather(r: Reader, data: dict[str, Any]) -> Weather:
    p = "wind_change"
    t = r.table(data, "", p)
    return Weather(
        _shifts(r, t, p, "veer"), _shifts(r, t, p, "strength"), _ints(r, t, p, "new_from", 6, 5)
    )


def _shifts(r: Reader, tbl: Any, path: str, key: str) -> tuple[int, ...]:
    """Six steps of −1, 0 or +1 (by die face), required."""
    v = r.value(tbl, path, key)
    if not (
        isinstance(v, list) and len(v) == 6 and all(type(x) is int and -1 <= x <= 1 for x in v)
    ):
        r.error(join(path, key), "a list of 6 steps, each -1, 0 or 1 (by die face)", v)
        return (0,) * 6
    return tuple(int(x) for x in v)


@dataclass(frozen=True)
class Repair:
    """The Damage Control Phase (not in the text: a ruling): the least die that takes
    one hit of each kind off a ship (7: never)."""

    crew: int
    masts: int


def read_repair(r: Reader, data: dict[str, Any]) -> Repair:
    p = "damage_control"
    t = r.table(data, "", p)
    return Repair(_whole(r, t, p, "crew", 1, 7), _whole(r, t, p, "masts", 1, 7))
