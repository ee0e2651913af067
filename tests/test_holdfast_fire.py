"""Hold Fast fire (HF-30..HF-52): batteries, chasers, splitting, crews, damage points,
the damage chart and its criticals, aiming, Ironsides.  Dice are scripted: to-hit dice
for each declared group, then a (row, column) pair per damage point.

Test frigate (tests/hf.py): batteries per side long 2, short 1, carronade 1; hull 6 and
masts 6 (three sections of 2); morale 4 boxes, factor 4; 2 marine detachments.
Ranges: centre to centre, rounded up; to hit (template): long [1, 1, 2, 3, 4], short
[1, 1, 2, 3], carronade [1, 1] by range 0 (alongside), 1, 2, ...
"""

from __future__ import annotations

import pytest

from tabletop.common.errors import IllegalAction
from tabletop.referee.fire import rule_fire

from .hf import hf_game, pose, quiet_phase, st

# a heads N at (10, 10); t heads N at (12, 10): t is in a's starboard arc at range 2,
# and a is in t's port arc
DUEL = [("a", 10, 10, 0, "red"), ("t", 12, 10, 0, "blue")]
IRON = """
[classes.iron]
name = "Constitution"
rate = 4
base = { length = 1.25, width = 0.5 }
speed = 4
batteries = { long = 1, short = 2 }
hull_boxes = 9
masts = 6
marines = 3
morale = 5
ironsides = true
"""


def fire_phase_one(tmp_path, rigged, *fires, ships=DUEL, **kw):
    """Orders of nothing, then phase I's fire: red's declarations (a's), red ends, blue's
    (t's), blue ends: the events of the resolution."""
    g = hf_game(tmp_path, ships, rigged, **kw)
    g.play("orders a - - - - -")
    g.play("orders t - - - - -")
    for f in fires:
        if f.split()[1] == "a":
            g.play(f)
    g.play("end")
    for f in fires:
        if f.split()[1] != "a":
            g.play(f)
    return g, g.play("end")


def test_hf32_a_broadside_fires_every_battery_in_range(tmp_path, rigged):
    # range 2: long (need 2) ×2 and short (need 2) bear; the carronade (1 in) does not
    rigged([1, 1, 1])  # three misses
    g, ev = fire_phase_one(tmp_path, rigged, "fire a t")
    fires = [(e["battery"], e["rolls"], e["need"]) for e in ev if "fires" in e]
    assert fires == [("long", [1, 1], 2), ("short", [1], 2)]


def test_hf33_a_chaser_is_one_battery_of_the_firers_choice(tmp_path, rigged):
    # t dead ahead of a at range 1: fore arc; a chooses her carronade
    ships = [("a", 10, 10, 0, "red"), ("t", 10, 11, 90, "blue")]
    rigged([1])
    g, ev = fire_phase_one(tmp_path, rigged, "fire a t C", ships=ships)
    assert [(e["battery"], e["rolls"]) for e in ev if "fires" in e] == [("carronade", [1])]
    g2 = hf_game(tmp_path, ships)
    g2.play("orders a - - - - -")
    g2.play("orders t - - - - -")
    with pytest.raises(IllegalAction, match="one battery of the firer's choice"):
        g2.play("fire a t L2")


def test_hf33_the_default_chaser_is_the_heaviest_that_bears(tmp_path, rigged):
    # at range 1 every type hits on 1: carronade 2 points × 6/6 beats long 1 × 6/6
    ships = [("a", 10, 10, 0, "red"), ("t", 10, 11, 90, "blue")]
    rigged([1])
    g, ev = fire_phase_one(tmp_path, rigged, "fire a t", ships=ships)
    assert [e["battery"] for e in ev if "fires" in e] == ["carronade"]
    # the referee's ruling names the same chaser the engine fires by default
    table = g.state.table()
    ruling = rule_fire(table, "a", "t")
    assert ruling.arc == "fore" and list(ruling.to_hit["by_battery"]) == ["carronade"]


def test_hf34_batteries_split_between_targets_each_firing_once(tmp_path):
    ships = [*DUEL, ("u", 12, 11, 0, "blue")]
    g = hf_game(tmp_path, ships)
    g.play("orders a - - - - -")
    g.play("orders t - - - - - u - - - - -")
    g.play("fire a t L1")
    g.play("fire a u L1 S")
    with pytest.raises(IllegalAction, match="no battery of a's left"):
        g.play("fire a t")


def test_hf35_gun_crews_limit_the_batteries_fired_a_phase(tmp_path):
    g = hf_game(tmp_path, DUEL, fields="crews = 2")
    g.play("orders a - - - - -")
    g.play("orders t - - - - -")
    with pytest.raises(IllegalAction, match="gun crews for 2 batteries"):
        g.play("fire a t L2 S")


def test_hf30_damage_is_applied_after_every_attack(tmp_path, rigged):
    # both fire one long battery; a's hit is rolled, then t's, and only then applied
    rigged([6, 5, 5, 6, 2, 2, 1])  # a: hit, hull; t: hit, cannon (type die 1)
    g, ev = fire_phase_one(tmp_path, rigged, "fire a t L1", "fire t a L1")
    keys = [next(iter(e)) for e in ev]
    assert keys.index("hull") > max(i for i, k in enumerate(keys) if k == "fires")
    assert st(g, "t").hull_lost == 1 and st(g, "a").batteries_lost


def test_hf40_long_guns_do_two_points_alongside(tmp_path, rigged):
    # bases touching (0.5 wide, centres 0.5 apart): range 0, long needs 1: 2 chart rolls
    ships = [("a", 10, 10, 0, "red"), ("t", 10.5, 10, 0, "blue")]
    rigged([3, 5, 5, 5, 5])  # hit; rows 5 col 5 twice: hull, hull
    g, _ = fire_phase_one(tmp_path, rigged, "fire a t L1", ships=ships)
    assert st(g, "t").hull_lost == 2


def test_hf40_hf28_carronade_three_alongside_and_a_plus_fitting_one_more(tmp_path, rigged):
    ships = [("a", 10, 10, 0, "red"), ("t", 10.5, 10, 0, "blue")]
    # carronade alongside: 3 points, + fitting: 4; rows 5, 5, 6, 6 with columns 1, 2, 1,
    # 2: hull ×4 → 4 of 6 boxes: two sections of 2 gone, top speed 5 − 2 = 3
    rigged([2, 5, 1, 5, 2, 6, 1, 6, 2])
    g, _ = fire_phase_one(
        tmp_path, rigged, "fire a t C", ships=ships, fields='plus = ["carronade"]'
    )
    t = st(g, "t")
    assert t.hull_lost == 4 and t.speed == 3
    assert t.morale_lost == 2  # a morale box for each section lost (HF-55)


@pytest.mark.parametrize(
    "row, col, result",
    [(4, 2, "cannon"), (3, 4, "marines"), (2, 2, "cannon"), (1, 4, "marines")],
)
def test_hf41_the_chart_keeps_the_sources_known_cells(tmp_path, row, col, result):
    g = hf_game(tmp_path, DUEL)
    assert g.state.scenario.ruleset.engine.damage.chart[row - 1][col - 1] == result


def test_hf42_cannon_destroys_a_battery_on_the_side_facing_the_firer(tmp_path, rigged):
    # a is to t's port: t loses a port battery; three types left, the type die (1 of 3,
    # sorted carronade, long, short) picks the carronade
    rigged([6, 2, 2, 1])
    g, _ = fire_phase_one(tmp_path, rigged, "fire a t L1")
    assert st(g, "t").batteries_lost == (("port", "carronade", 1),)


def test_hf43_fire_rolls_again_now_and_each_turn(tmp_path, rigged):
    rigged([6, 3, 5, 4, 1])  # hit; fire (row 3 col 5), at once another: hull (4, 1)
    g, _ = fire_phase_one(tmp_path, rigged, "fire a t L1")
    t = st(g, "t")
    assert t.on_fire and t.hull_lost == 1
    for _ in range(4):
        quiet_phase(g)
    rigged([5, 5])  # damage control over: the fire burns: hull (5, 5)
    quiet_phase(g)
    assert st(g, "t").hull_lost == 2 and g.state.turn == 2


def test_hf48_magazine_three_hull_and_another_roll(tmp_path, rigged):
    rigged([6, 6, 5, 4, 1])  # hit; magazine (6, 5): 3 hull; another: hull (4, 1)
    g, _ = fire_phase_one(tmp_path, rigged, "fire a t L1")
    t = st(g, "t")
    # 4 hull boxes: two sections, two morale boxes, and one for the critical: 3 of 4
    assert t.hull_lost == 4 and t.morale_lost == 3 and t.speed == 3


def test_hf56_at_the_last_box_a_morale_roll_of_the_factor_strikes(tmp_path, rigged):
    # magazine then hull as above leaves 1 box; a second shot's critical (rudder, 4, 5)
    # is a morale check: a 4 ≥ factor 4, she strikes
    rigged([6, 6, 5, 4, 1])
    g, _ = fire_phase_one(tmp_path, rigged, "fire a t L1")
    rigged([6, 4, 5, 4])
    g.play("fire a t L1")
    g.play("end")
    ev = g.play("end")
    assert {"morale_check": "t", "why": "critical hit: rudder", "roll": 4, "strikes_on": 4} in ev
    assert st(g, "t").struck and g.state.winner == "red"


def test_hf44_hf66_no_hull_left_she_sinks(tmp_path, rigged):
    ships = [("a", 10, 10, 0, "red"), ("t", 10.5, 10, 0, "blue")]
    # alongside, carronade + fitting: 4 points; a magazine (3) and 3 hull rolls: 6 boxes
    rigged([2, 6, 5, 5, 1, 5, 2, 6, 1, 6, 2, 3])
    g, ev = fire_phase_one(
        tmp_path, rigged, "fire a t C", ships=ships, fields='plus = ["carronade"]'
    )
    assert {"sinking": "t", "phases": 3} in ev and st(g, "t").hull_lost == 6


def test_hf49_rudder_no_turns(tmp_path, rigged):
    rigged([6, 4, 5])  # rudder
    g, _ = fire_phase_one(tmp_path, rigged, "fire a t L1")
    assert st(g, "t").rudder
    for _ in range(5):
        quiet_phase(g)
    g.play("orders a - - - - -")
    with pytest.raises(IllegalAction, match="rudder is shot away"):
        g.play("orders t P - - - -")


def test_hf50_bounty_loses_her_wheel_in_phase_one(tmp_path, rigged):
    # source example: speed 3, wheel lost in phase I; a port turn plotted for III becomes
    # a forward move, then F in V: two forward moves.  Wind from S, heading E.
    ships = [("a", 10, 10, 90, "red", "start_speed = 3"), ("t", 11, 12, 90, "blue")]
    g = hf_game(tmp_path, ships, rigged, wind='"S"')
    g.play("orders a F - P - F")
    g.play("orders t - - - - -")
    rigged([6, 1, 5])  # t's long battery (a at range 2 to starboard): wheel
    g.play("end")
    g.play("fire t a L1")
    g.play("end")
    assert st(g, "a").wheel and pose(g, "a") == (11, 10, 90)
    ev = g.play("end")
    ev += g.play("end")  # phase II's fire over: phase III's movement
    assert {"wheel": "a", "turn_becomes": "F"} in ev
    quiet_phase(g)
    quiet_phase(g)
    assert pose(g, "a") == (13, 10, 90)


def test_hf51_tonnant_aims_at_the_masts(tmp_path, rigged):
    # source example: two long hits at 4 in, aiming high: (2, 4) → (1, 4) marines;
    # (1, 5) → (0, 5) a miss
    ships = [("a", 10, 10, 0, "red"), ("t", 14, 10, 0, "blue")]
    rigged([6, 6, 2, 4, 1, 5])
    g, ev = fire_phase_one(tmp_path, rigged, "fire a t L2 high", ships=ships)
    assert st(g, "t").marines_lost == 1 and st(g, "t").hull_lost == 0
    assert {"chart": "damage 2: a on t", "row": 0, "column": 5, "result": "miss"} in ev


def test_hf51_no_aiming_alongside(tmp_path):
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), ("t", 10.5, 10, 0, "blue")])
    g.play("orders a - - - - -")
    g.play("orders t - - - - -")
    with pytest.raises(IllegalAction, match="no aiming alongside"):
        g.play("fire a t low")


def test_hf52_constitution_ironsides(tmp_path, rigged):
    # source example: two short hits (4, 2) and (3, 4), one long hit (2, 2) at 2 in:
    # no damage, marines, and a battery lost (type die 1 of 2: long)
    ships = [("a", 10, 10, 0, "red"), ("t", 12, 10, 0, "blue", 'roster = "iron"')]
    g = hf_game(tmp_path, ships, rigged, classes=IRON)
    g.play("orders a - - - - -")
    g.play("orders t - - - - -")
    # the Ironsides t fires first, at a (no Ironsides): the same dice do their damage;
    # each cannon hit's type die (2 of carronade, long, short) takes a long battery
    g.play("end")
    rigged([6, 6, 4, 2, 3, 4, 6, 2, 2, 2, 2])
    g.play("fire t a S2 L1")
    ev = g.play("end")
    chart = [e["result"] for e in ev if "chart" in e]
    assert chart == ["cannon", "marines", "cannon"]
    assert st(g, "a").batteries_lost == (("starboard", "long", 2),)
    # and the other way: a hits the Ironsides t with her short battery, (4, 2): nothing
    rigged([6, 4, 2])
    g.play("fire a t S")
    g.play("end")
    ev = g.play("end")
    assert [e["result"] for e in ev if "chart" in e] == ["none"]


def test_hf35_shifting_a_crew_to_the_other_broadside_costs_a_phase(tmp_path, rigged):
    # 3 crews: all three fight the starboard broadside in phase I; in phase II none is
    # free for the port side, though all three may fight starboard again
    ships = [("a", 10, 10, 0, "red"), ("t", 12, 10, 0, "blue"), ("u", 8, 10, 0, "blue")]
    g = hf_game(tmp_path, ships, rigged, fields="crews = 3")
    g.play("orders a - - - - -")
    g.play("orders t - - - - - u - - - - -")
    g.play("fire a t L2 S")
    g.play("end")
    rigged([1, 1, 1])
    g.play("end")
    with pytest.raises(IllegalAction, match="0 free for the port now"):
        g.play("fire a u L1")
    g.play("fire a t L2 S")
