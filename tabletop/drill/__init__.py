"""Solo tacking practice: a course to a windward mark, and a coach that knows the way.

Each ruleset that offers a coach (``Advice.coach``) plans in its own package; here are
the course builder (:mod:`.course`), the replay of a plan through the engine with the
dice it assumes (:mod:`.replay`), the scorecard and scores file (:mod:`.score`) and the
drill in play (:mod:`.play`).
"""

from tabletop.coach.coaching import Coach, CoachPlan, Course
from tabletop.drill.course import course_from_scenario, make_course
from tabletop.drill.play import Drill
from tabletop.drill.replay import OPTIMUM_SECONDS, best_possible, coach_for, replay_plan
from tabletop.drill.score import Scorecard, TurnRecord, load_scores, record_score, scorecard

__all__ = [
    "OPTIMUM_SECONDS",
    "Coach",
    "CoachPlan",
    "Course",
    "Drill",
    "Scorecard",
    "TurnRecord",
    "best_possible",
    "coach_for",
    "course_from_scenario",
    "load_scores",
    "make_course",
    "record_score",
    "replay_plan",
    "scorecard",
]
