"""Hold Fast orders and the turn (HF-3..HF-24): plotting, the phase schedule, sail,
anchors, drift, the wind; each case hand-worked from the rules text (source 004)."""

from __future__ import annotations

import json
import math

import pytest

from tabletop.common.errors import IllegalAction, TabletopError
from tabletop.geometry.pose import Pose
from tabletop.referee.movement import preview
from tabletop.rules.holdfast.orders import check, nearest_point, poses_after
from tabletop.rules.holdfast.phases import act
from tabletop.shell.cli import main

from .conftest import ROOT
from .hf import hf_game, pose, quiet_phase, st

SCHEDULE = {1: (3,), 2: (2, 4), 3: (1, 3, 5), 4: (1, 2, 4, 5), 5: (1, 2, 3, 4, 5)}
FAR = ("b", 30, 20, 0, "blue")  # an enemy far out of the way


def run_turn(game, *plots):
    """Every side's orders, then five quiet fire steps (and the damage control)."""
    for p in plots:
        game.play(p)
    for _ in range(5):
        quiet_phase(game)


# -- HF-8/HF-9: speed is a schedule of phases ------------------------------------------------
@pytest.mark.parametrize("speed, phases", sorted(SCHEDULE.items()))
def test_hf9_phase_schedule_from_the_template(tmp_path, speed, phases):
    # SPEC's ruling completes the source's list: 1 → III, 4 → I, II, IV, V
    g = hf_game(tmp_path, [("a", 10, 10, 90, "red", f"start_speed = {speed}"), FAR])
    assert g.state.scenario.ruleset.phases[speed] == phases


@pytest.mark.parametrize("speed", [1, 2, 3, 4, 5])
def test_hf8_a_ship_moves_forward_only_in_her_phases(tmp_path, speed):
    # she plots F in every phase of her schedule: she ends speed inches east of 10
    words = ["F" if p in SCHEDULE[speed] else "-" for p in range(1, 6)]
    g = hf_game(tmp_path, [("a", 10, 10, 90, "red", f"start_speed = {speed}"), FAR])
    run_turn(g, "orders a " + " ".join(words), "orders")
    assert pose(g, "a") == (10 + speed, 10, 90)


def test_hf8_a_move_outside_her_phases_is_refused(tmp_path):
    # the Belephron: speed 2 acts in II and IV only; F in phase I is refused at plotting
    g = hf_game(tmp_path, [("a", 10, 10, 90, "red", "start_speed = 2"), FAR])
    with pytest.raises(IllegalAction, match="phase I 'F': at speed 2 she acts in phases II, IV"):
        g.play("orders a F - - - -")


def test_hf5_belephron_turns_port_then_forward(tmp_path):
    # source example: speed 2, heading S (180), turn to port to the SW?  Port of S is E
    # (180 − 45 = 135, SE); the example turns from S to SW, which is to starboard: here
    # heading S, '→' in II (→ 225, SW), forward in IV: 1 in to the SW
    g = hf_game(tmp_path, [("a", 10, 10, 180, "red", "start_speed = 2"), FAR])
    run_turn(g, "orders a - → - F -", "orders")
    d = math.sqrt(0.5)
    assert pose(g, "a") == (round(10 - d, 6), round(10 - d, 6), 225)


def test_hf5_vengeur_forward_twice_then_starboard(tmp_path):
    # source example: speed 3 (I, III, V), heading E: forward, forward, then → to SE
    g = hf_game(tmp_path, [("a", 10, 10, 90, "red", "start_speed = 3"), FAR])
    run_turn(g, "orders a F - F - S", "orders")
    assert pose(g, "a") == (12, 10, 135)


def test_hf5_orders_are_plotted_by_each_side_before_any_phase(tmp_path):
    g = hf_game(tmp_path, [("a", 10, 10, 90, "red"), FAR])
    g.play("orders a F F F F F")
    assert pose(g, "a") == (10, 10, 90) and g.state.phase == 0  # nothing moves yet
    g.play("orders b - - - - -")
    assert g.state.phase == 1 and pose(g, "a") == (11, 10, 90)  # phase I moved


def test_hf5_orders_of_the_other_side_are_refused(tmp_path):
    g = hf_game(tmp_path, [("a", 10, 10, 90, "red"), FAR])
    with pytest.raises(IllegalAction, match="b sails for the blue side"):
        g.play("orders b F F F F F")


# -- HF-10: raise and lower sail ---------------------------------------------------------------
def test_hf10_victory_raises_sail_in_phase_one_and_moves_in_three_and_five(tmp_path):
    # source example: speed 2, RS in phase I → speed 3 for the rest: moves in III and V
    g = hf_game(tmp_path, [("v", 10, 10, 90, "red", "start_speed = 2"), FAR])
    g.play("orders v RS - F - F")
    g.play("orders b - - - - -")
    assert st(g, "v").speed == 3
    quiet_phase(g)  # phase II: no move at speed 3
    assert pose(g, "v") == (10, 10, 90)
    quiet_phase(g)  # phase III: forward
    assert pose(g, "v") == (11, 10, 90)
    quiet_phase(g)
    quiet_phase(g)  # phase V: forward
    assert pose(g, "v") == (12, 10, 90)


def test_hf10_victory_may_not_move_in_phase_two_after_raising(tmp_path):
    g = hf_game(tmp_path, [("v", 10, 10, 90, "red", "start_speed = 2"), FAR])
    with pytest.raises(
        IllegalAction, match="phase II 'F': at speed 3 she acts in phases I, III, V"
    ):
        g.play("orders v RS F - - -")


def test_hf10_sail_once_a_turn_never_above_top_speed(tmp_path):
    plan = check(("RS", "-", "LS", "-", "-"), 2, 5, False, False, SCHEDULE)
    assert "sail is raised or lowered once a turn" in plan.problems[0]
    plan = check(("RS", "-", "-", "-", "-"), 5, 5, False, False, SCHEDULE)
    assert "top speed 5" in plan.problems[0]


def test_hf10_lowering_sail_changes_the_schedule_from_that_phase_on(tmp_path):
    # speed 4 (I, II, IV, V): forward in I, LS in II → speed 3 (I, III, V): forward in III, V
    plan = check(("F", "LS", "F", "-", "F"), 4, 5, False, False, SCHEDULE)
    assert plan.problems == () and plan.speeds == (4, 3, 3, 3, 3)


def test_hf10_sail_change_is_announced(tmp_path):
    g = hf_game(tmp_path, [("v", 10, 10, 90, "red", "start_speed = 2"), FAR])
    g.play("orders v RS - - - -")
    ev = g.play("orders b - - - - -")
    assert {"sail": "v", "order": "RS", "speed": 3} in ev


# -- HF-16/HF-17: the 8 points held exactly ----------------------------------------------------
def test_hf16_a_fudged_heading_moves_on_the_nearest_point(tmp_path):
    # placed at 93° (within the ±5° fudge of E): a forward move goes 1 in due east, and
    # she heads E exactly afterwards; the fudge never accumulates
    g = hf_game(tmp_path, [("a", 10, 10, 93, "red", "start_speed = 5"), FAR])
    run_turn(g, "orders a F S F P F", "orders")
    d = math.sqrt(0.5)
    assert pose(g, "a") == (round(12 + d, 6), round(10 - d, 6), 90)


def test_hf16_preview_turns_never_accumulate_the_fudge(tmp_path):
    # free-move preview: P50 four times from N is N − 45·3 − 50 = 175... measured from the
    # point each time: 0 → 310 → 265 → 220 → 175 (never 200° of turning)
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), FAR], speed=4)
    m = preview(g.state.table(), "a", "P50 P50 P50 P50")
    assert round(m.end.heading, 6) == 175


def test_hf17_nearest_point():
    assert nearest_point(93, 45) == 90 and nearest_point(357, 45) == 0


# -- HF-18: forward into the wind ------------------------------------------------------------
def test_hf18_forward_into_the_wind_is_a_wasted_action(tmp_path):
    # wind from E, heading SE, speed 3: ← in I brings her head to wind (E); a forward
    # plotted for III is then a wasted action (no movement at all), not refused
    g = hf_game(tmp_path, [("a", 10, 10, 135, "red", "start_speed = 3"), FAR], wind='"E"')
    g.play("orders a P - F - F")  # plotting is accepted
    g.play("orders b - - - - -")
    quiet_phase(g)  # phase I's fire; phase II moves
    g.play("end")
    ev = g.play("end")  # phase II's fire; phase III moves
    assert {"wasted": "a", "why": "forward into the wind"} in ev
    assert pose(g, "a") == (10, 10, 90)


def test_hf18_belephron_escapes_to_the_northeast(tmp_path):
    g = hf_game(tmp_path, [("a", 10, 10, 135, "red", "start_speed = 3"), FAR], wind='"E"')
    run_turn(g, "orders a P - P - F", "orders")
    d = math.sqrt(0.5)
    assert pose(g, "a") == (round(10 + d, 6), round(10 + d, 6), 45)


# -- HF-19..HF-21: anchors ---------------------------------------------------------------------
def test_hf19_anchor_only_at_speed_zero(tmp_path):
    plan = check(("DA", "-", "-", "-", "-"), 1, 5, False, False, SCHEDULE)
    assert "at speed 0" in plan.problems[0]
    plan = check(("LS", "DA", "-", "-", "-"), 1, 5, False, False, SCHEDULE)
    assert plan.problems == ()


def test_hf19_at_anchor_no_move_no_sail_no_drift(tmp_path):
    g = hf_game(tmp_path, [("a", 10, 10, 90, "red", "start_speed = 1"), FAR])
    run_turn(g, "orders a LS DA - - -", "orders")
    g.play("end")
    g.play("end")  # damage control
    assert st(g, "a").anchored and pose(g, "a") == (10, 10, 90)  # no drift at anchor
    with pytest.raises(IllegalAction, match="at anchor"):
        g.play("orders a - - - - RS")


def test_hf20_weigh_anchor_then_raise_sail(tmp_path):
    g = hf_game(tmp_path, [("a", 10, 10, 90, "red", "start_speed = 0\n"), FAR])
    run_turn(g, "orders a DA - - - -", "orders")
    g.play("end")
    g.play("end")
    with pytest.raises(IllegalAction, match="once a turn, at anchor"):
        g.play("orders a WA - - - WA")  # weighed twice
    assert st(g, "a").anchored
    # WA in I, RS in II (speed 1 → phase III), forward in III
    run_turn(g, "orders a WA RS F - -", "orders")
    assert pose(g, "a") == (11, 10, 90) and not st(g, "a").anchored


def test_hf21_anchor_actions_once_a_turn(tmp_path):
    plan = check(("DA", "WA", "DA", "-", "-"), 0, 5, False, False, SCHEDULE)
    assert any("dropped once a turn" in p for p in plan.problems)


# -- HF-22: drift --------------------------------------------------------------------------------
def test_hf22_drift_after_phase_five_at_speed_zero(tmp_path):
    # lowered to 0 in phase V: she still drifts 1 in downwind (wind from N: south)
    g = hf_game(tmp_path, [("a", 10, 10, 90, "red", "start_speed = 1"), FAR])
    run_turn(g, "orders a - - F - LS", "orders")
    assert pose(g, "a") == (11, 9, 90)


def test_hf22_d_may_be_plotted_only_when_she_will_drift(tmp_path):
    assert check(("LS", "-", "-", "-", "D"), 1, 5, False, False, SCHEDULE).problems == ()
    assert check(("-", "-", "-", "-", "D"), 1, 5, False, False, SCHEDULE).problems


def test_plots_at_speed_0_offer_the_anchor_and_end_where_she_drifts(tmp_path):
    """A ship at speed 0, wind from N, is offered the anchor dropped in any phase (HF-19:
    only at speed 0); a plot that leaves her at speed 0 and not at anchor leaves her,
    when the turn is over (``Plot.after``), a step (1 in) downwind of where she lay, her
    heading kept (HF-22): (10, 10) → (10, 9).
    Anchored, or with sail raised (speed 1: she acts in phase III only, HF-9), she does
    not drift.  At speed 2 no anchor is offered.  The window's ghosts show the drift."""
    g = hf_game(tmp_path, [("a", 10, 10, 90, "red", "start_speed = 0"), FAR])
    rs = g.state.scenario.ruleset
    got = {p.words: p.after or p.poses[-1] for p in rs.plots(g.state, "a")}
    for p in range(5):
        words = ["-"] * 5
        words[p] = "DA"
        assert got[" ".join(words)] == Pose(10, 10, 90)
    assert got["- - - - -"] == Pose(10, 9, 90)
    assert [p.poses for p in rs.plots(g.state, "a") if p.words == "- - - - -"] == [
        (Pose(10, 10, 90),) * 5
    ]  # after each phase she lies still
    assert got["RS - F - -"] == Pose(11, 10, 90)
    assert got["- - - - RS"] == Pose(10, 10, 90)
    # the window's ghosts alike: she lies still in phases I-V, then drifts
    still = rs.look.phase_poses(g.state, "a", ("-", "-", "-", "-", "-"))
    assert still == (Pose(10, 10, 90),) * 4 + (Pose(10, 9, 90),)
    assert rs.look.phase_poses(g.state, "a", ("DA", "-", "-", "-", "-")) == (Pose(10, 10, 90),) * 5
    g2 = hf_game(tmp_path, [("a", 10, 10, 90, "red", "start_speed = 2"), FAR])
    offered = g2.state.scenario.ruleset.plots(g2.state, "a")
    assert offered and not [p for p in offered if "DA" in p.words]


# -- HF-24: wind shift -------------------------------------------------------------------------
def test_hf24_wind_shift_on_a_six_then_clockwise_on_two(tmp_path, rigged):
    # source example: wind from N; a 6 then a 2: one point clockwise, to NE
    rigged([6, 2])
    g = hf_game(tmp_path, [("a", 10, 10, 90, "red"), FAR], rigged, options="wind_shift = true")
    assert g.state.wind_from == 45


def test_hf24_no_shift_without_a_six(tmp_path, rigged):
    rigged([5])
    g = hf_game(tmp_path, [("a", 10, 10, 90, "red"), FAR], rigged, options="wind_shift = true")
    assert g.state.wind_from is None and g.state.counter == 1


def test_hf24_shift_is_rolled_at_each_orders_sequence(tmp_path, rigged):
    rigged([1])
    g = hf_game(tmp_path, [("a", 10, 10, 90, "red"), FAR], rigged, options="wind_shift = true")
    run_turn(g, "orders a - - - - -", "orders")
    rigged([6, 5])  # anticlockwise: N → NW
    g.play("end")
    g.play("end")
    assert g.state.wind_from == 315 and g.state.turn == 2


# -- the window's preview ------------------------------------------------------------------------
def test_phase_poses_give_the_ghosts_after_each_phase(tmp_path):
    g = hf_game(tmp_path, [("a", 10, 10, 90, "red", "start_speed = 3"), FAR])
    rs = g.state.scenario.ruleset
    got = rs.look.phase_poses(g.state, "a", ("F", "-", "S", "-", "F"))
    d = math.sqrt(0.5)
    assert [(round(p.x, 6), round(p.y, 6), p.heading) for p in got] == [
        (11, 10, 90), (11, 10, 90), (11, 10, 135), (11, 10, 135),
        (round(11 + d, 6), round(10 - d, 6), 135),
    ]  # fmt: skip
    with pytest.raises(TabletopError, match="phase II"):
        rs.look.phase_poses(g.state, "a", ("F", "F", "-", "-", "-"))


def test_poses_after_counts_the_sail_change():
    out = poses_after(Pose(0, 0, 90), ("RS", "-", "F", "-", "F"), 2, SCHEDULE, 0, 1, 45, 22.5)
    assert [p.x for p in out] == [0, 0, 1, 1, 2]


def test_a_phase_action_moves_no_other_ship(tmp_path):
    g = hf_game(tmp_path, [("a", 10, 10, 90, "red"), FAR])
    g.play("orders a F F F F F")
    s = st(g, "a")
    moved = act(g.state.scenario.ruleset, g.state, s, 1, [])
    assert moved.pose.x == 11 and g.state.ship("b").pose.x == 30


def test_hf74_tabletop_run_plays_a_hold_fast_log(capsys):
    # the frigates' log: Constitution (speed 4) F in I, LS in II (speed 3: I, III, V),
    # F in III and V: 10 + 3 = 13; Java (speed 4) F F in I, II, S in IV, F in V (SE)
    here = ROOT / "tests/golden/hold-fast"  # the frigates at close quarters
    code = main(["run", str(here / "close-quarters.toml"),
                 str(here / "close-quarters.log"), "--json"])  # fmt: skip
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    ships = {s["id"]: s for s in out["ships"]}
    d = math.sqrt(0.5)
    assert (ships["constitution"]["x"], ships["constitution"]["y"]) == (13, 12)
    assert (ships["java"]["x"], ships["java"]["y"]) == (round(15 + d, 4), round(14 - d, 4))
    assert ships["java"]["heading"] == 135 and out["turn"] == 2


def test_hf16_a_heading_off_the_points_is_refused_at_load(tmp_path, capsys):
    # 100° is 10° from E: beyond the ±5° fudge; 93° is within it (see above)
    with pytest.raises(TabletopError, match=r"ships\[0\].heading: expected one of the 8 points"):
        hf_game(tmp_path, [("a", 10, 10, 100, "red"), FAR])


def test_hf23_the_wind_blows_from_one_of_the_8_points(tmp_path):
    with pytest.raises(TabletopError, match="wind.from: expected one of the 8 points"):
        hf_game(tmp_path, [("a", 10, 10, 90, "red"), FAR], wind="10")
