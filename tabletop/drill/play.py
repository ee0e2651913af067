"""A drill being sailed: the coach's hints, turn by turn, and the scorecard at the mark."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from tabletop.coach.coaching import Coach, CoachPlan, Course
from tabletop.drill.replay import OPTIMUM_SECONDS, best_possible, coach_for
from tabletop.drill.score import Scorecard, TurnRecord, record_score, scorecard
from tabletop.game.game import Game
from tabletop.geometry.pose import Pose


@dataclass
class Drill:
    """A drill being sailed: the course, the coach, what the pupil has done so far."""

    course: Course
    coach: Coach
    optimum: CoachPlan
    turns: list[TurnRecord] = field(default_factory=list)
    card: Scorecard | None = None
    best: int | None = None
    _next: list[str] = field(default_factory=list)  # the rest of the coach's planned turn
    _at: Any = None
    _move_turn: int | None = None  # the game turn of the move last played
    _last_turn: int | None = None  # the game turn of the last record

    @classmethod
    def start(cls, course: Course, seconds: float = OPTIMUM_SECONDS) -> Drill:
        """The drill, scored against the coach's plan proven within ``seconds``."""
        coach = coach_for(course)
        return cls(course, coach, best_possible(coach, seconds))

    def hint(self, game: Game) -> str:
        """The coach's next action from where she is now.

        The coach plans whole turns: at the start of a turn it plans afresh; within a turn
        (after a Man O' War tack, say) it goes on with the turn it planned."""
        here = self.coach.situation(game.state, self.course.ship)
        key = (game.state.turn, here.pose)
        if here.mid_turn and self._next and self._at == key:
            return self._next[0]
        plan = self.coach.plan(start=here.pose, tacking=here.tacking, tacked_last=here.tacked_last)
        self._next = [a for a in (plan.turns[0] if plan.turns else []) if a != "end"]
        self._at = key
        return self._next[0] if self._next else ""

    def played(self, game: Game, action: str) -> None:
        """Keep the planned turn in step with what was played (before her turn ends)."""
        self._move_turn = game.state.turn
        if self._next and self._next[0] == action:
            self._next = self._next[1:]
            st = game.state.ship(self.course.ship)
            self._at = (game.state.turn, st.pose)
        else:
            self._next = []

    def owes_more(self, game: Game) -> bool:
        """Whether her side's turn goes on: the rules say she owes more, or the coach
        planned more for this turn (after a Man O' War tack, say)."""
        state = game.state
        ship = self.course.ship
        if state.scenario.ruleset.turn_owed(state, ship) is not None:
            return True
        here = self.coach.situation(state, ship)
        return bool(self._next) and here.mid_turn and not (state.ship(ship).done or here.in_irons)

    def record(self, before: Pose, move: str, game: Game, reached: bool) -> None:
        """One more move of hers: a turn of the scorecard, or the rest of the turn she
        began (a move split to fire as she bears, or "=" after part of it, is one turn:
        counted as two, the split cost the pupil a turn she did not sail)."""
        state = game.state
        here = self.coach.situation(state, self.course.ship)
        # tacked this turn: at the next turn's start she will have tacked last turn
        tacked = replace(state, turn=state.turn + 1)
        then = self.coach.situation(tacked, self.course.ship)
        same = self.turns and self._move_turn is not None and self._move_turn == self._last_turn
        if same:
            first = self.turns.pop()
            before, move = first.before, f"{first.move}; {move}"
        self._last_turn = self._move_turn
        self.turns.append(
            TurnRecord(before, move, here.pose, here.in_irons, here.tacking, then.tacked_last)
        )
        scn = self.course.scenario
        off = not scn.holds(here.pose.x, here.pose.y)
        if off and self.card is None:  # she sailed off the table: the course is lost
            self.card = Scorecard(
                len(self.turns),
                self.optimum.count,
                0.0,
                0,
                failed=f"she left the table at ({here.pose.x:.1f}, {here.pose.y:.1f})",
                proven=self.optimum.proven,
            )
            return
        if reached and self.card is None:
            self.card = scorecard(self.course, self.turns, self.optimum.count, self.coach)
            self.card.proven = self.optimum.proven
            self.best = record_score(self.course, self.card)["best"]
