"""A decision's allowance counted in judgements (``ai.clock``): searches stop on the count
before the wall clock, so a match replays alike on any machine."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tabletop.ai.captain import Captain
from tabletop.ai.clock import Clock
from tabletop.ai.duel import play_game, summary, summary_text
from tabletop.ai.weights import load_weights
from tabletop.game.game import Game
from tabletop.game.load import load_scenario

from .conftest import SCENARIOS

SQUADRON = SCENARIOS / "squadron-action.toml"


def test_the_count_stops_a_decision_and_a_stage_before_the_clock():
    """10 judgements a decision, 4 a stage, a minute of each on the clock:
    late(0.5) once fewer than (1 - 0.5) × 10 = 5 are left, i.e. after the 6th;
    a stage is over after its 5th (more than 4); the clock stopped nothing."""
    c = Clock(span=60.0, judgements=10, stage_span=60.0, stage_judgements=4)
    c.begin()
    c.tick(5)
    assert not c.late(0.5)  # 10 - 5 = 5 left, not fewer than 5
    c.tick()
    assert c.late(0.5) and not c.late(0.7)  # 4 left: < 5, not < 3
    stage = c.stage()
    c.tick(4)
    assert not c.over(stage)  # 4 in the stage: not more than 4
    c.tick()
    assert c.over(stage) and not c.over(stage, 2)  # 5 > 4, not > 8
    assert c.spent == 11 and c.late() and not c.timed_out


def test_a_part_of_the_allowance_counts_in_the_whole():
    """A part cut after 2 of 10 judgements with half a decision's and half a stage's
    allowance (4 a stage): its cap is 2 + 0.5 × 10 + 0.5 × 4 = 9, so it is half spent
    (fewer than 0.5 × 10 = 5 left) once more than 9 - 5 = 4 are made in all, i.e. on
    its 3rd; each of its judgements counts in the whole decision's."""
    c = Clock(span=60.0, judgements=10, stage_span=60.0, stage_judgements=4)
    c.begin()
    c.tick(2)
    part = c.part(0.5, 0.5)
    part.tick(2)
    assert not part.late(0.5)  # 9 - 4 = 5 left
    part.tick()
    assert part.late(0.5) and not part.late()  # 4 left: < 5, not < 0
    assert c.spent == 5 and not c.late(0.5)  # the whole: 10 - 5 = 5 left


@pytest.mark.wallclock
def test_the_wall_clock_still_stops_a_search_and_says_so():
    """Past its deadline a decision is late whatever its count, and the clock, not the
    count, is named as what stopped it (a run that may not replay alike)."""
    c = Clock(span=60.0, judgements=1000, stage_span=60.0, stage_judgements=1000)
    c.begin()
    assert not c.late() and not c.timed_out
    c.deadline -= 120.0  # as if two minutes had passed
    assert c.late() and c.timed_out
    c.begin()
    assert not c.timed_out  # each decision starts afresh


def test_a_captain_spends_no_more_than_its_count():
    """The squadron action's first decision, the clock lifted to a minute: the count
    alone (6 a decision, 3 a stage) bounds her search."""
    state = Game.new(load_scenario(SQUADRON), 1).state
    w = replace(
        load_weights(state.scenario.ruleset),
        time_limit=60.0,
        decision_limit=60.0,
        judgements=6,
        stage_judgements=3,
    )
    cap = Captain(state.active_side, "captain", w)
    cap.decide(state)
    assert cap.judged and max(cap.judged) <= 6
    assert cap.cut == 0


def test_in_the_tests_no_wall_clock_cuts_a_decision_short():
    """A decision's wall clock a nanosecond long: in play it would stop her search at
    once (cut by the clock); in the tests the wall clock is stopped
    (``conftest.counted_clock``), so she decides as with a minute, on the count alone,
    and a loaded machine changes nothing."""
    state = Game.new(load_scenario(SQUADRON), 1).state
    base = load_weights(state.scenario.ruleset)

    def decide(seconds: float) -> tuple[str, list[int], int]:
        w = replace(base, time_limit=seconds, decision_limit=seconds, judgements=6,
                    stage_judgements=3)  # fmt: skip
        cap = Captain(state.active_side, "captain", w)
        d = cap.decide(state)
        return d.action, cap.judged, cap.cut

    assert decide(1e-9) == decide(60.0)
    assert decide(1e-9)[2] == 0


@pytest.mark.slow
def test_a_match_stopped_by_the_count_replays_alike(monkeypatch):
    """The same squadron-action game played twice, the search bounded by the count (the
    clock lifted): the very same orders, and the summary says it replays alike."""
    from tabletop.ai import captain as captain_module

    base = load_weights(load_scenario(SQUADRON).ruleset)
    counted = replace(
        base, time_limit=600.0, decision_limit=600.0, judgements=8, stage_judgements=4
    )
    monkeypatch.setattr(captain_module, "load_weights", lambda rs: counted)
    levels = {"british": "captain", "french": "scripted"}
    one = play_game(str(SQUADRON), levels, 3, 2)
    two = play_game(str(SQUADRON), levels, 3, 2)
    assert one.log == two.log and one.cut == two.cut == 0
    assert max(one.judged) <= 8
    s = summary([one], [(str(SQUADRON), levels, 3, 2)], "captain", "scripted", str(SQUADRON))
    assert s["cut_by_clock"] == 0 and s["judgements_worst"] == max(one.judged)
    assert s["per_game"][0]["cut_by_clock"] == 0
    assert f"decisions cut by the clock: 0 of {len(one.thinking)} (it replays alike)" in (
        summary_text(s)
    )
