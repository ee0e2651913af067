"""The tacking drill: the coach's plans are legal, reach the mark, and are the fewest."""

from __future__ import annotations

import json
import re

import pytest

from tabletop.drill import (
    TurnRecord,
    course_from_scenario,
    load_scores,
    make_course,
    record_score,
    replay_plan,
    scorecard,
)
from tabletop.game.load import load_scenario
from tabletop.geometry.pose import Pose
from tabletop.rules.trafalgar.coach import TrafalgarCoach
from tabletop.shell.cli import main

from .conftest import SCENARIOS


@pytest.mark.parametrize(
    "course",
    [
        make_course(distance=30),
        make_course(distance=60),
        make_course(distance=50, seed=4),
        course_from_scenario(load_scenario(SCENARIOS / "tacking-practice.toml")),
    ],
    ids=lambda c: c.key,
)
def test_every_plan_replays_legally_and_reaches_the_mark(course):
    plan = TrafalgarCoach(course).plan()
    game, closest = replay_plan(course, plan)  # raises if any action is illegal
    assert closest <= course.radius
    assert game.state.turn == plan.count + 1  # one 'end' per turn
    assert len(plan.turns) == plan.count


@pytest.mark.parametrize("distance, seed", [(8, None), (14, None), (12, 7)])
def test_no_shorter_plan_exists_on_small_courses(distance, seed):
    """Exhaustive search over the same moves (every position kept: no beam; only
    positions within 0.25 cm and 1° of each other merged) finds nothing shorter."""
    course = make_course(distance=distance, seed=seed)
    assert TrafalgarCoach(course).plan().count == TrafalgarCoach(course, beam=None).plan().count


def test_lower_bound_by_hand():
    # No turn gains more to windward than her best allowance (reaching, 4/3 × 17) sailed
    # close-hauled: 22.667 × cos 60° = 11.333 cm.  A mark 30 up with a 3 cm circle needs
    # at least ⌈27 / 11.333⌉ = 3 turns; the coach, which really sails, needs more.
    import numpy as np

    course = make_course(distance=30)
    coach = TrafalgarCoach(course)
    assert coach.gain == pytest.approx(17 * 4 / 3 * 0.5)
    pose = course.scenario.ships[0].pose
    assert coach.to_go(np.array([pose.x]), np.array([pose.y]))[0] == 3
    assert coach.plan().count >= 3


def test_scorecard_arithmetic():
    course = make_course(distance=20)
    p = [Pose(0, 0, 60), Pose(3, 4, 60), Pose(3, 10, 0)]
    turns = [TurnRecord(p[0], "move a", p[1]), TurnRecord(p[1], "move b", p[2], in_irons=True)]
    card = scorecard(course, turns, optimum=1, coach=None)
    assert card.turns == 2 and card.over == 1
    assert card.distance == pytest.approx(5 + 6)  # 3-4-5, then 6 straight up
    assert card.irons == 1
    assert "the best possible is 1 (1 over)" in card.text("cm")
    card.proven = False  # the coach ran out of time: a count found, not proven the fewest
    assert "the coach's best found is 1 (1 over)" in card.text("cm")
    assert card.as_json()["optimum_proven"] is False


def test_scorecard_finds_the_turn_that_lost_ground():
    course = make_course(distance=30)
    start = course.scenario.ships[0].pose
    # sailing away from the mark, east across the wind: the coach's count does not fall
    away = Pose(start.x + 10, start.y - 3, 120)
    turns = [TurnRecord(start, "move pupil P45 ...", away), TurnRecord(away, "...", away)]
    card = scorecard(course, turns, optimum=10)
    assert [w["turn"] for w in card.lost] == [1]
    assert card.lost[0]["to_go_after"] > card.lost[0]["to_go_before"] - 1


def test_scores_are_kept_with_a_personal_best(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    from tabletop.drill import Scorecard

    course = make_course(distance=20)
    for n in (9, 7, 8):
        entry = record_score(course, Scorecard(n, 6, 40.0, 0))
    assert entry["best"] == 7 and len(entry["runs"]) == 3
    assert load_scores()[course.key]["best"] == 7
    assert not list(tmp_path.glob("*.tmp"))


def test_drill_auto_json(capsys):
    code = main(["drill", "tacking", "--auto", "--json", "--distance", "20"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert {"turns", "turn_count", "planning_ms", "course", "closest_approach"} <= out.keys()
    assert out["turn_count"] == len(out["turns"]) and out["closest_approach"] <= out["radius"]
    assert isinstance(out["turn_count"], int)  # an exact count: "12", not "12.0"


def test_drill_bad_arguments(capsys):
    assert main(["drill", "tacking", "--auto", "--ruleset", "hold-fast"]) == 2
    assert "the drill sails" in capsys.readouterr().err
    assert main(["drill", "tacking", "--auto", "--class", "galleon"]) == 2
    assert "no class 'galleon'" in capsys.readouterr().err


def test_the_coach_can_start_luffing():
    # a ship starting 30° off the wind (luffing) is planned with luffing runs
    from dataclasses import replace

    course = make_course(distance=20)
    ship = course.scenario.ships[0]
    scn = replace(course.scenario, ships=(ship.moved(Pose(ship.pose.x, ship.pose.y, 30.0)),))
    luffing = replace(course, scenario=scn)
    plan = TrafalgarCoach(luffing).plan()
    assert plan.turns[0][0].split()[2].startswith("L")
    replay_plan(luffing, plan)


# ---- Man O' War: the fewest expected turns


def test_tack_expectation_by_hand():
    from tabletop.rules.manowar.coach import mow_tack_expectation

    # only a 6 goes through: E = (1 − 1/6) / (1/6) = 5 turns; with seamanship (5 or 6): 2
    assert mow_tack_expectation(1 / 6, 1 / 6) == pytest.approx(5)
    assert mow_tack_expectation(2 / 6, 1 / 6) == pytest.approx(2)


@pytest.mark.parametrize("distance, seed", [(10, None), (20, None), (40, None)])
def test_man_o_war_plans_replay_and_reach(distance, seed):
    from tabletop.drill import coach_for
    from tabletop.rules.manowar.coach import ManOWarCoach

    course = make_course("man-o-war", distance=distance, seed=seed)
    coach = coach_for(course)
    assert isinstance(coach, ManOWarCoach)
    plan = coach.plan()
    # tacking rolls are taken to go through, as the plan assumes; every move is legal
    game, closest = replay_plan(course, plan)
    assert closest <= course.radius
    if not plan.exact:  # a plan with tacks counts their expected cost
        assert plan.count > len(plan.turns)
    else:
        assert plan.count == len(plan.turns)


def test_man_o_war_plan_never_drifts():
    # every turn sails at least half her allowance: no drift, so no dice but the tacks
    course = make_course("man-o-war", distance=20)
    plan = __import__("tabletop.drill", fromlist=["coach_for"]).coach_for(course).plan()
    game, _ = replay_plan(course, plan)
    assert not any("drift" in e for e in game.events)


@pytest.mark.parametrize(
    "ruleset, distance, gate", [("trafalgar-modified", 40, 10), ("man-o-war", 16, 5)]
)
def test_a_gate_is_sailed_through(ruleset, distance, gate):
    from tabletop.drill import coach_for

    course = make_course(ruleset, distance=distance, gate=gate)
    (gx, gy), (hx, hy) = course.gate_ends
    # the buoys stand square to the (north) wind, gate/2 either side of the mark
    assert (gy, hy) == pytest.approx((course.mark[1],) * 2)
    assert abs(hx - gx) == pytest.approx(gate)
    plan = coach_for(course).plan()
    replay_plan(course, plan)  # raises unless a move crosses between the buoys


def test_gate_crossing_by_hand():
    import numpy as np

    course = make_course(distance=40, gate=10)
    mx, my = course.mark
    legs = np.array(
        [
            [mx, my - 1, mx, my + 1],  # straight through the middle
            [mx + 6, my - 1, mx + 6, my + 1],  # outside the buoys (gate/2 = 5)
            [mx, my - 3, mx, my - 1],
        ]
    )  # short of the line
    assert list(course.reached(*legs.T)) == [True, False, False]


def test_man_o_war_coach_matches_exhaustive_search_on_a_short_course():
    from tabletop.rules.manowar.coach import ManOWarCoach

    course = make_course("man-o-war", distance=4)
    assert ManOWarCoach(course).plan().count == ManOWarCoach(course, beam=None).plan().count == 3


def test_an_odd_or_nested_scores_file_never_stops_the_drill(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    course = make_course(distance=10)
    card = scorecard(course, [], 1.0)
    for text in ('{"x": [1, 2]}', "[[[[", "[" * 5000 + "]" * 5000, '{"k": {"runs": 3}}', "7"):
        (tmp_path / "scores.json").write_text(text)
        entry = record_score(course, card)
        assert entry["best"] == 0 and len(entry["runs"]) == 1
    assert load_scores()[course.key]["best"] == 0


def test_a_practice_mark_is_checked_like_any_position(write_scenario):
    from tabletop.common.errors import DataErrors, TabletopError

    text = (SCENARIOS / "tacking-practice.toml").read_text()
    bad = re.sub(r"mark = \{[^}]*\}", 'mark = { x = "far", y = 10 }', text)
    assert bad != text
    with pytest.raises(DataErrors, match=r"scenario.mark.x: expected a position"):
        course_from_scenario(load_scenario(write_scenario(bad)))
    off = re.sub(r"mark = \{[^}]*\}", "mark = { x = 5000, y = 10 }", text)
    with pytest.raises(TabletopError, match="expected a mark on the table"):
        course_from_scenario(load_scenario(write_scenario(off)))


def test_a_man_o_war_plan_with_a_tack_names_the_tack_and_replays():
    # searched with tacks counted, the plan goes through the eye once; the game asks
    # which tack a 6 puts her on, and the plan answers with the tack her course needs
    from tabletop.drill import coach_for

    course = make_course("man-o-war", distance=10)
    coach = coach_for(course)
    plan = coach._search(None, 200, tacks=True)
    flat = [a for t in plan.turns for a in t]
    k = flat.index("#tack")
    assert flat[k + 1].startswith("move pupil") and flat[k + 2].startswith("tack pupil ")
    plan.turns = [[a for a in t if not a.startswith("#")] for t in plan.turns]
    game, closest = replay_plan(course, plan)
    assert closest <= course.radius
    assert any(e.get("tack") for e in game.events)


def test_a_course_is_lost_when_she_leaves_the_table():
    # the pupil put 15 cm from the west edge heading west (θ 90, reaching: 20 cm): her
    # move carries her off the table, and the scorecard says the course is lost, and why
    from dataclasses import replace

    from tabletop.drill import Drill
    from tabletop.game.game import Game

    course = make_course(distance=20)
    drill = Drill.start(course)
    ship = course.scenario.ships[0]
    scn = replace(course.scenario, ships=(ship.moved(Pose(15.0, ship.pose.y, 270.0)),))
    game = Game.new(scn)
    before = scn.ship(course.ship).pose
    game.play(f"move {course.ship} F20")
    drill.record(before, f"move {course.ship} F20", game, reached=False)
    card = drill.card
    assert card is not None and card.failed is not None and "left the table" in card.failed
    assert card.text("cm").startswith("course lost after 1 turns: she left the table")
    assert "matched" not in card.text("cm")


def test_a_move_split_within_a_turn_is_one_turn_of_the_scorecard():
    """A pupil who sails F5, then the rest of her allowance (the README's '=' and Enter,
    as to fire as she bears), sails one game turn: the scorecard counted each move as a
    turn (one over).  Both parts are now one record: turn 1 from where she began, 'move
    F5; move F6', and the game is still at turn 1 after the first part."""
    from tabletop.drill import Drill
    from tabletop.game.session import Session

    course = make_course(distance=60)
    drill = Drill.start(course, 0.5)
    session = Session.open(course.scenario)
    ship = course.ship
    start = session.game.state.ship(ship).pose
    whole = session.preview(ship, "F1").allowance  # 34/3 cm close-hauled
    rest = f"F{whole - 5:.6f}"
    for part in ("F5", rest):
        before = session.game.state.ship(ship).pose
        session.play(f"move {ship} {part}")
        drill.played(session.game, f"move {ship} {part}")
        turn = session.game.state.turn
        drill.record(before, f"move {ship} {part}", session.game, reached=False)
        assert turn == 1  # her turn goes on: nothing has ended it
    assert len(drill.turns) == 1
    one = drill.turns[0]
    assert one.before == start and one.move == f"move {ship} F5; move {ship} {rest}"
    assert one.after == session.game.state.ship(ship).pose
    session.play("end")
    before = session.game.state.ship(ship).pose
    session.play(f"move {ship} F3")
    drill.played(session.game, f"move {ship} F3")
    drill.record(before, f"move {ship} F3", session.game, reached=False)
    assert len(drill.turns) == 2  # the next game turn: a record of its own


def test_the_laylines_end_at_the_tables_edge():
    """The laylines were drawn 1.5 table-widths long, across the log and the action bar.
    The practice's mark (60, 125) on a 120 × 150 cm table, the wind from the north,
    close-hauled 60° off it: each layline runs 240° / 120° from the mark and meets the
    side edge at x 0 / 120, 60 cm off: 60 / tan 60° = 34.641 cm lower, y 90.359."""
    from tabletop.drill import course_from_scenario
    from tabletop.game.load import load_scenario
    from tabletop.view.scene import LAYLINE, drill_scene

    from .conftest import SCENARIOS

    course = course_from_scenario(load_scenario(SCENARIOS / "tacking-practice.toml"))
    lines = [ln.points for ln in drill_scene(course).lines if ln.color == LAYLINE]
    assert len(lines) == 2
    ends = sorted((round(float(p[-1][0]), 3), round(float(p[-1][1]), 3)) for p in lines)
    assert ends == [(0.0, 90.359), (120.0, 90.359)]
