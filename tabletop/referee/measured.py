"""A fan's path as a player would lay it with a tape and a protractor: runs to a tenth
of the unit, turns to whole degrees, and still exact against the allowance.

A fan's pose is reached by a path of exact figures ("F4.509341 P30 F5.018683 S45 F0"),
which the window laid as it was when the pose was clicked.  Rounded here, and judged
by the caller (the window asks the engine), the roundest path the rules take is laid
instead; none taken, the exact one.  Runs are rounded down
where they end (so no rounding makes a path longer than the one it rounds), and the
last run may then make up what is left of the exact path's length, for rules that
want the whole allowance used.  Only what the window lays is rounded: the computer's
moves, and the fan's own poses, are left as they are.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from tabletop.common.errors import TabletopError
from tabletop.referee.movement import Step, parse_path, path_text

RUN = "FL"  # the steps that sail a distance
TURN = "PS"  # the steps that turn


def _down(x: float) -> float:
    """``x`` rounded down to a tenth (a hair over a tenth below is that tenth)."""
    return math.floor(x * 10 + 1e-6) / 10


def rounded(steps: tuple[Step, ...], whole_last: bool, nearest: bool) -> tuple[Step, ...]:
    """The steps with each run ended at a tenth of the unit, measured from the start
    (where the exact path had run so far, rounded down) and each turn in whole degrees
    (``nearest``, else toward none); ``whole_last``: the last run ends where the exact
    path ends, for the same length in all.  A run rounded to nothing is left out."""
    total = sum(s.value or 0.0 for s in steps if s.kind in RUN)
    last = max((k for k, s in enumerate(steps) if s.kind in RUN), default=-1)
    out: list[Step] = []
    sailed = laid = 0.0
    for k, s in enumerate(steps):
        if s.kind in RUN and s.value is not None:
            sailed += s.value
            end = total if whole_last and k == last else _down(sailed)
            run, laid = math.floor((end - laid) * 1e6 + 1e-3) / 1e6, end  # the path's 6 places
            if run > 0:
                out.append(Step(s.kind, run))
        elif s.kind in TURN and s.value is not None:
            turn = round(s.value) if nearest else math.floor(s.value + 1e-6)
            if turn > 0:
                out.append(Step(s.kind, float(turn)))
        else:
            out.append(s)
    return tuple(out)


def roundings(path: str) -> list[str]:
    """A path's roundings, roundest first: every run to a tenth, then the last run
    making up the length; turns to the nearest degree, then toward none."""
    steps = parse_path(path)
    out: list[str] = []
    for nearest in (True, False):
        for whole_last in (False, True):
            text = path_text(rounded(steps, whole_last, nearest))
            if text and text not in out:
                out.append(text)
    return out


def measured(path: str, judge: Callable[[str], str | None]) -> str:
    """The roundest rounding of ``path`` that the caller's ``judge`` takes (it answers
    the path to lay, perhaps its last run made up to a length it measures, or None),
    else ``path`` itself."""
    for text in roundings(path):
        if text == path:
            return path
        try:
            laid = judge(text)
        except TabletopError:
            continue
        if laid is not None:
            return laid
    return path


def made_up(path: str, more: float) -> str:
    """``path`` with its last run ``more`` longer (to six places, rounded down: never
    past the length it is made up to); unchanged without a run."""
    steps = list(parse_path(path))
    runs = [k for k, s in enumerate(steps) if s.kind in RUN and s.value is not None]
    if not runs:
        return path
    last = steps[runs[-1]]
    value = math.floor(((last.value or 0.0) + more) * 1e6 + 1e-3) / 1e6
    steps[runs[-1]] = Step(last.kind, value)
    return path_text(tuple(steps))
