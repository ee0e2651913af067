"""The allowance of one ship's decision: judgements counted, the wall clock a safety net.

A search stopped by the wall clock gives what it had found by then, and that depends on
the machine and its load: the same match, run twice, parts at the first decision the
clock cut at a different place.  A count of judgements does not depend on either.  Each
decision may make ``[search] judgements`` of them, each stage of it (the shortlist judged,
the replies weighed...) ``stage_judgements``: a search stops at whichever of the count or
the clock (``decision_limit``, ``time_limit``) comes first, the count mirroring the clock
share for share.  Where the count stops every search first, a match replays alike on any
machine; a decision the clock stopped instead says so (``Clock.timed_out``, counted by
the captain) and ``tabletop duel`` prints how many, so a reader knows whether a run can
be replayed.

A judgement is one candidate weighed at a loop of the search: a pose or plot judged, an
order's cups, a reply risk (the searches nested in it count their own).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

#: What building an enemy's fan at the search's density costs, in judgements: a foreseen
#: reply builds one, and uncounted they would leave the clock, not the count, to stop
#: many of the admiral's decisions.
FAN_JUDGEMENTS = 2


@dataclass
class _Count:
    """The judgements made, shared by a clock and the parts cut from it."""

    used: int = 0


@dataclass
class Stage:
    """Where a stage of the search began: on the wall clock and in the count."""

    start: float
    used: int


#: The wall clock a search is stopped by, looked up at each reading: the tests stop
#: it (``tests/conftest.py``), so there a search stops on the count alone, whatever
#: the machine's load, and every game replays alike.
now = time.perf_counter


@dataclass
class Clock:
    """One decision's allowance.  ``span``/``judgements``: the whole decision's, on the
    clock and in the count; ``stage_span``/``stage_judgements``: each stage's."""

    span: float
    judgements: int
    stage_span: float
    stage_judgements: int
    deadline: float = float("inf")  # on the wall clock (``now``)
    cap: float = float("inf")  # in the shared count
    count: _Count = field(default_factory=_Count)
    #: whether the wall clock, not the count, stopped a search in this decision
    timed_out: bool = False
    begun: int = 0  # the count when the decision began

    def begin(self) -> float:
        """A decision starts: its whole allowance from now.  Returns the clock's start."""
        start = now()
        self.deadline = start + self.span
        self.begun = self.count.used
        self.cap = self.begun + self.judgements
        self.timed_out = False
        return start

    def tick(self, n: int = 1) -> None:
        """``n`` judgements made."""
        self.count.used += n

    @property
    def spent(self) -> int:
        """The judgements made since the decision began."""
        return self.count.used - self.begun

    def late(self, share: float = 1.0) -> bool:
        """Whether ``share`` of the decision's allowance is spent, in the count or on the
        clock (the search stops there; what it has found by then is what it gives)."""
        if self.cap - self.count.used < (1.0 - share) * self.judgements:
            return True
        if self.deadline - now() < (1.0 - share) * self.span:
            self.timed_out = True
            return True
        return False

    def stage(self) -> Stage:
        """A stage of the search begins."""
        return Stage(now(), self.count.used)

    def over(self, stage: Stage, times: float = 1.0) -> bool:
        """Whether the stage begun at ``stage`` has spent ``times`` a stage's allowance."""
        if self.count.used - stage.used > times * self.stage_judgements:
            return True
        if now() - stage.start > times * self.stage_span:
            self.timed_out = True
            return True
        return False

    def part(self, share: float, stage_share: float) -> Clock:
        """A part of the allowance left, for a search within this one (a foresight of the
        enemy's plots): ``share`` of a decision's and ``stage_share`` of a stage's from
        now, on the clock and in the count; its judgements count in this clock's too."""
        at = now()
        sub = Clock(self.span, self.judgements, self.stage_span, self.stage_judgements)
        sub.count = self.count
        sub.deadline = min(self.deadline, at + share * self.span + stage_share * self.stage_span)
        cap = self.count.used + share * self.judgements + stage_share * self.stage_judgements
        sub.cap = min(self.cap, cap)
        return sub

    def absorb(self, sub: Clock) -> None:
        """A part's search is over: the clock stopping it stopped this decision's."""
        self.timed_out = self.timed_out or sub.timed_out


def unlimited() -> Clock:
    """No allowance: the search runs to its end (tests, a foresight with no decision)."""
    return Clock(float("inf"), 1 << 62, float("inf"), 1 << 62)
