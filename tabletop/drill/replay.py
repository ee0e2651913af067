"""Checking a coach's plan: replay it through the engine, with the dice it assumes."""

from __future__ import annotations

import time
from collections.abc import Callable

from tabletop.coach.coaching import Coach, CoachPlan, Course, path_distance
from tabletop.common.errors import TabletopError
from tabletop.engine.dice import Script
from tabletop.game.game import Game
from tabletop.model.scenario import Scenario
from tabletop.referee.movement import preview

#: Seconds the coach may take to prove the "best possible" a drill is scored against (and
#: `drill --auto`'s plan); hints take the coach's own shorter budget.
OPTIMUM_SECONDS = 5.0


#: What the window waits for it: a player at the table will not watch a frozen window;
#: the plan says when it is the fewest found rather than proven.
WINDOW_SECONDS = 1.0


def best_possible(coach: Coach, seconds: float = OPTIMUM_SECONDS) -> CoachPlan:
    """The coach's plan from her start, proven the fewest if that takes under
    ``seconds`` (the plan says whether it is)."""
    return coach.plan(deadline=time.perf_counter() + seconds)


def replay_plan(course: Course, plan: CoachPlan) -> tuple[Game, float]:
    """Play the plan through the engine; returns the game and the closest approach.

    A Man O' War plan that tacks through the eye of the wind is the plan for when the
    roll goes through: it is replayed with those rolls coming up 6.
    """
    return _replay(course, plan, lambda scn: Game.new(scn, dice=Script(when={"tacking": 6}).cup))


def _replay(
    course: Course, plan: CoachPlan, new_game: Callable[[Scenario], Game]
) -> tuple[Game, float]:
    game = new_game(course.scenario)
    closest = float("inf")
    reached = False
    for turn in plan.turns:
        for action in turn:
            words = action.split()
            if words[0] == "move":
                m = preview(game.state.table(), words[1], " ".join(words[2:]))
                closest = min(closest, path_distance(m, course.mark))
                reached = reached or course.passes(m)
            game.play(action)
    if plan.turns and not reached:
        raise TabletopError("the plan does not reach the mark")
    return game, closest


def coach_for(course: Course, beam: int | None = 120) -> Coach:
    """The coach for the course's ruleset; an error when it has none."""
    coach = course.scenario.ruleset.advice.coach(course, beam=beam)
    if coach is None:
        raise TabletopError(f"{course.scenario.ruleset.title} has no coach yet")
    return coach
