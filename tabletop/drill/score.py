"""The drill's scorecard: turns against the coach's optimum, the turns that lost ground,
and the personal best kept in the scores file (written atomically)."""

from __future__ import annotations

import json
import math
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.coach.coaching import Coach, Course
from tabletop.common.errors import TabletopError
from tabletop.data.save import write_atomic
from tabletop.drill.replay import coach_for
from tabletop.geometry.pose import Pose


@dataclass
class Scorecard:
    turns: int
    optimum: float
    distance: float
    irons: int
    lost: list[dict[str, Any]] = field(default_factory=list)
    failed: str | None = None  # why the course is lost (she left the table), if it is
    proven: bool = True  # the optimum is proven the fewest (else: the fewest found)

    @property
    def over(self) -> float:
        return self.turns - self.optimum

    def as_json(self) -> dict[str, Any]:
        return {
            "turns": self.turns,
            "optimum": self.optimum,
            "over": self.over,
            "distance": round(self.distance, 2),
            "turns_in_irons": self.irons,
            "lost_ground": self.lost,
            "failed": self.failed,
            "optimum_proven": self.proven,
        }

    def text(self, unit: str) -> str:
        best = "the best possible" if self.proven else "the coach's best found"
        if self.failed is not None:
            return (
                f"course lost after {self.turns} turns: {self.failed}; "
                f"{best} was {self.optimum:g}"
            )
        lines = [
            f"to the mark in {self.turns} turns; {best} is {self.optimum:g}"
            + (" (you matched it!)" if self.over <= 0 else f" ({self.over:g} over)"),
            f"sailed {self.distance:.1f} {unit}; {self.irons} turns lost in irons",
        ]
        for w in self.lost:
            lines.append(
                f"  turn {w['turn']}: '{w['move']}' left {w['to_go_after']} to go "
                f"(was {w['to_go_before']})"
            )
        return "\n".join(lines)


@dataclass(frozen=True)
class TurnRecord:
    """One turn of a drill: where she was, what she did, where she ended."""

    before: Pose
    move: str
    after: Pose
    in_irons: bool = False
    tacking: bool = False  # half-way through a tack after this turn
    tacked: bool = False  # completed a tack this turn


def scorecard(
    course: Course, turns: list[TurnRecord], optimum: float, coach: Coach | None = None
) -> Scorecard:
    """Score a finished drill.

    The coach counts the turns still to go from before and after each turn: a turn in
    which that count did not fall by one *lost ground*.  The last turn reached the mark.
    """
    coach = coach or coach_for(course, beam=60)
    lost: list[dict[str, Any]] = []
    distance = sum(math.hypot(t.after.x - t.before.x, t.after.y - t.before.y) for t in turns)
    irons = sum(1 for t in turns if t.in_irons)
    prev: TurnRecord | None = None
    for n, t in enumerate(turns, 1):
        if n == len(turns):
            break
        try:  # a tenth of a second of proof each: the turns to go are compared, not printed
            go_before = _to_go(coach, t.before, prev, None)
            go_after = _to_go(coach, t.after, None, t)
        except TabletopError:  # out of time, the beam found no way: this turn is not
            prev = t  # judged (on a loaded machine the scorecard itself was lost)
            continue
        if go_after > go_before - 1:
            lost.append(
                {"turn": n, "move": t.move, "to_go_before": go_before, "to_go_after": go_after}
            )
        prev = t
    return Scorecard(len(turns), optimum, distance, irons, lost)


def _to_go(coach: Coach, pose: Pose, prev: TurnRecord | None, this: TurnRecord | None) -> float:
    """The coach's turns to go from a pose: before a turn (as the turn before left her,
    ``prev``) or after it (as the turn itself left her, ``this``)."""
    if this is not None:
        tacking, tacked = this.tacking, this.tacked
    else:
        tacking, tacked = bool(prev and prev.tacking), bool(prev and prev.tacked)
    plan = coach.plan(
        start=pose, tacking=tacking, tacked_last=tacked, deadline=time.perf_counter() + 0.1
    )
    return plan.count


# ---------------------------------------------------------------------------- scores
def scores_path() -> Path:
    base = os.environ.get("TABLETOP_HOME") or os.path.join(
        os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share"), "tabletop"
    )
    return Path(base) / "scores.json"


def load_scores() -> dict[str, Any]:
    """The scores file, keeping only entries of the shape it writes: a damaged or edited
    file loses its odd entries, never the drill (it is rewritten whole on the next run)."""
    p = scores_path()
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and _entry_ok(v)}


def _entry_ok(v: Any) -> bool:
    best = v.get("best") if isinstance(v, dict) else None
    return (
        isinstance(v, dict)
        and isinstance(v.get("runs"), list)
        and (best is None or (isinstance(best, int) and not isinstance(best, bool)))
    )


def record_score(course: Course, card: Scorecard) -> dict[str, Any]:
    """Add a finished drill; returns the course's entry with its personal best."""
    data = load_scores()
    entry = data.setdefault(course.key, {"runs": [], "best": None})
    entry["runs"].append(
        {
            "turns": card.turns,
            "optimum": card.optimum,
            "distance": round(card.distance, 2),
            "irons": card.irons,
            "when": time.strftime("%Y-%m-%d %H:%M"),
        }
    )
    if entry["best"] is None or card.turns < entry["best"]:
        entry["best"] = card.turns
    p = scores_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(p, json.dumps(data, indent=1) + "\n")
    return entry
