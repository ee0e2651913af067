"""The bounds on what the command line's options may ask for, each one line beyond it.

Every option that sets how much work a command does has a bound here, stated with its
cost at the bound in docs/limits.md, so no number typed on the command line can make a
command run for hours or fill the memory: a picture is bounded by its area (an
8192 × 8192 one took 1.5 GB), a match by its games, turns and processes (a billion
games once built their whole list first), the bench by its fleets.
"""

from __future__ import annotations

import os

from tabletop.common.errors import TabletopError

#: The largest PNG side ``render`` draws, and the most pixels in all: the picture is
#: drawn and read back whole, about 20 bytes a pixel.
MAX_PIXELS = 8192
MAX_AREA = 4096 * 4096
#: The largest fleet ``bench`` times, and how many fleet sizes one run may time: its
#: plain per-pair reference is quadratic (5.7 s at 200 ships, minutes at 1,000).
MAX_BENCH_SHIPS = 200
MAX_BENCH_SIZES = 3
#: ``duel``: the most games one match plays, and the longest turn limit.  Each game is
#: seconds of the computer's thinking: 10,000 are a day's run; 200 turns are many
#: times any scenario's own last turn.
MAX_GAMES = 10_000
MAX_TURNS = 200
#: ``drill``: the longest course and gate, in the ruleset's unit, and the most islands.
#: A 1,000 cm beat took 16 s to plan and replay (200 in: 2 s); twenty islands 22 s, 1.25 GB
#: (the coach's search runs past its 5 s when islands crowd the course).
DRILL_LENGTH = 200
DRILL_ISLANDS = 5


def max_jobs() -> int:
    """The most games ``duel`` plays at once: one a processor (at least two), each a
    process of its own with its own copy of the rules."""
    return max(2, os.cpu_count() or 1)


def render_size(text: str) -> tuple[int, int]:
    """``--size WIDTHxHEIGHT``: each side 1 to :data:`MAX_PIXELS`, the area at most
    :data:`MAX_AREA`."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        w = h = 0
    if not (0 < w <= MAX_PIXELS and 0 < h <= MAX_PIXELS):
        raise TabletopError(
            f"--size: expected WIDTHxHEIGHT like 1100x760, each from 1 to {MAX_PIXELS}, "
            f"found {text!r}"
        )
    if w * h > MAX_AREA:
        raise TabletopError(
            f"--size: expected at most {MAX_AREA} pixels in all (4096x4096, or 8192x2048), "
            f"found {w}x{h} ({w * h} pixels)"
        )
    return w, h


def bench_sizes(sizes: list[int]) -> None:
    """``bench --ships N ...``: at most :data:`MAX_BENCH_SIZES` fleets of 1 to
    :data:`MAX_BENCH_SHIPS` ships."""
    bad = [n for n in sizes if not 0 < n <= MAX_BENCH_SHIPS]
    if bad:
        raise TabletopError(
            f"--ships: expected fleet sizes from 1 to {MAX_BENCH_SHIPS}, found {bad[0]}"
        )
    if len(sizes) > MAX_BENCH_SIZES:
        raise TabletopError(
            f"--ships: expected at most {MAX_BENCH_SIZES} fleet sizes, found {len(sizes)}"
        )


def duel_counts(games: int, turns: int, jobs: int) -> None:
    """``duel --games``, ``--turns`` and ``--jobs`` within their bounds."""
    if not 1 <= games <= MAX_GAMES:
        raise TabletopError(f"--games: expected 1 to {MAX_GAMES}, found {games}")
    if not 1 <= turns <= MAX_TURNS:
        raise TabletopError(f"--turns: expected 1 to {MAX_TURNS}, found {turns}")
    most = max_jobs()
    if not 1 <= jobs <= most:
        raise TabletopError(
            f"--jobs: expected 1 to {most} (the processors of this machine), found {jobs}"
        )
