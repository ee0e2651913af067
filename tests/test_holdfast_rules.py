"""Hold Fast, rule by rule (source 004): a test named after each rule of the checklist
that had none (HF-1, 4, 6, 7, 11, 14, 15, 25, 26, 27, 29, 31, 36-39, 45-47).

Each case is worked by hand from the rules text (or from the project's ruling where the
README's table says "ruling"), then played through the engine or the CLI.

The test frigate (tests/hf.py): base 1.25 × 0.5 in, top speed 5, batteries per side long
2, short 1, carronade 1; hull 6 and masts 6 boxes (three sections of 2); 2 marine
detachments; morale 4 boxes, factor 4.  Maximum ranges (HF-37): long 4, short 3,
carronade 1 in; to hit (HF-38, ruling): the range category, alongside (0) any roll.
Damage chart (HF-41, the template's ruling; row die, column die): (1, 1) (1, 2) (1, 3)
mast; (1, 4) and (3, 4) marines; (4, 1) (5, 1) (6, 1) (5, 2) hull; column 6 no damage.
"""

from __future__ import annotations

import json
import math
import tomllib
from dataclasses import replace

import pytest

from tabletop.common.errors import DataErrors, IllegalAction
from tabletop.game.game import Game
from tabletop.game.load import load_scenario
from tabletop.referee.movement import parse_path, preview
from tabletop.referee.rulings import sail
from tabletop.shell.cli import main

from .conftest import ROOT, SCENARIOS
from .hf import hf_game, pose, quiet_phase, st

FAR = ("z", 30, 20, 0, "blue")  # an enemy out of everyone's way (30, 20)
D = math.sqrt(0.5)  # one inch along a diagonal point: √½ east or west, √½ north or south


def fires(events: list[dict]) -> list[tuple[str, str, str, int, int]]:
    """(firer, side, battery, dice rolled, hits) of each group rolled."""
    return [
        (e["fires"], e["side"], e["battery"], len(e["rolls"]), e["hits"])
        for e in events
        if "fires" in e
    ]


def declared(events: list[dict]) -> dict:
    return next(e for e in events if "declares" in e and "at" in e)


def diagram(game: Game, sid: str) -> dict:
    return game.state.scenario.ruleset.ship_report(game.state, sid)["diagram"]


def plot(game: Game, words: dict[str, str]) -> list[dict]:
    """Each side in turn plots its ships' orders (``words``: ship → five phase words)."""
    ev: list[dict] = []
    for side in game.state.sides:
        ids = [s.id for s in game.state.ships if game.state.side_of(s.id) == side]
        ev = game.play("orders " + " ".join(f"{i} {words.get(i, '- - - - -')}" for i in ids))
    return ev


def start_phase_one(game: Game) -> None:
    """Every side plots nothing: phase I's movement is done, red declares first."""
    plot(game, {})


def one_volley(game: Game, *orders: str) -> list[dict]:
    """Red's declarations (red is the first side), both sides end: the phase's events."""
    for o in orders:
        game.play(o)
    game.play("end")
    return game.play("end")


# -- HF-1: 1 inch = 300 yards; measured in inches ---------------------------------------------
CM_TABLE = """
[scenario]
name = "hold fast in centimetres"
ruleset = "hold-fast"
units = "cm"
table = {{ width = 90, depth = 60 }}

[wind]
from = "N"

[[ships]]
id = "a"
roster = "frigate-36"
side = "red"
x = 20
y = 20
heading = {heading}

[[ships]]
id = "t"
roster = "frigate-36"
side = "blue"
x = {tx}
y = 20
heading = 0
"""


def test_hf1_a_forward_move_is_one_inch_on_a_table_in_centimetres(tmp_path):
    # the rules measure in inches: on a table laid out in cm a forward action is still
    # 1 in = 2.54 cm.  frigate-36: top speed 4 → phases I, II, IV, V; heading E, F in
    # each: 4 in = 10.16 cm east of x = 20 → 30.16 (t lies far off, 60 cm east)
    path = tmp_path / "cm.toml"
    path.write_text(CM_TABLE.format(heading=90, tx=80))
    g = Game.new(load_scenario(path), 1)
    g.play("orders a F F - F F")
    g.play("orders t - - - - -")
    for _ in range(5):
        quiet_phase(g)
    assert pose(g, "a") == (30.16, 20, 90)


@pytest.mark.parametrize("tx, category", [(30.16, 4), (27.62, 3)])
def test_hf1_ranges_are_inches_on_a_table_in_centimetres(tmp_path, tx, category):
    # t abeam at 10.16 cm = 4 in: range category 4, the long guns need a 4; at 7.62 cm
    # = 3 in: category 3, long and short need a 3 (counted in cm they would be out of
    # every range: categories 11 and 8)
    path = tmp_path / "cm.toml"
    path.write_text(CM_TABLE.format(heading=0, tx=tx))
    g = Game.new(load_scenario(path), 1)
    start_phase_one(g)
    ev = declared(g.play("fire a t"))
    assert ev["range"] == category
    bears = {"long": 2} if category == 4 else {"long": 2, "short": 1}
    assert ev["batteries"] == bears


def test_hf1_beyond_four_inches_in_centimetres_is_out_of_range(tmp_path):
    # 10.3 cm = 4.055 in: category 5, beyond every battery (long 4 in)
    path = tmp_path / "cm.toml"
    path.write_text(CM_TABLE.format(heading=0, tx=30.3))
    g = Game.new(load_scenario(path), 1)
    start_phase_one(g)
    with pytest.raises(IllegalAction, match="at range 5"):
        g.play("fire a t")


# -- HF-4: the play sequence (ruling: each phase reveal, move, collide, fire, damage; 8 DC) ---
def test_hf4_fire_in_a_phase_comes_after_that_phases_movement(tmp_path, rigged):
    # a heads N at (10, 10); t heads W at (15, 10): 5 in apart, out of every range.  t
    # plots F in phase I: she is at (14, 10), 4 in off, before phase I's fire, so a's
    # long guns bear at range 4 (need 4).  a rolls 4 (hit), chart (5, 1) hull: the hull
    # box is marked before phase II's movement is revealed.
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), ("t", 15, 10, 270, "blue")], rigged)
    g.play("orders a - - - - -")
    g.play("orders t F - - - -")
    assert pose(g, "t") == (14, 10, 270) and g.state.phase == 1
    rigged([4, 5, 1])
    assert declared(g.play("fire a t L1"))["range"] == 4
    g.play("end")
    ev = g.play("end")
    keys = [next(iter(e)) for e in ev]
    assert keys.index("fires") < keys.index("hull") < keys.index("phase") < keys.index("reveal")
    assert ev[keys.index("phase")] == {"phase": "II", "turn": 1}
    assert st(g, "t").hull_lost == 1


def test_hf4_sequence_eight_damage_control_follows_phase_five(tmp_path, rigged):
    # a hull box on t in phase I (range 2, need 2: roll 6; chart (5, 1) hull); repairs are
    # refused in the phases, fire is refused in damage control; t repairs on a 5
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), ("t", 12, 10, 0, "blue")], rigged)
    start_phase_one(g)
    with pytest.raises(IllegalAction, match="not now"):
        g.play("repair a hull")
    rigged([6, 5, 1])
    one_volley(g, "fire a t L1")
    assert st(g, "t").hull_lost == 1
    for _ in range(4):  # phases II-V
        quiet_phase(g)
    assert g.state.phase == 6 and g.state.turn == 1
    with pytest.raises(IllegalAction, match="not now: damage control"):
        g.play("fire a t")
    g.play("end")  # red repairs nothing
    rigged([5])
    g.play("repair t hull")
    assert st(g, "t").hull_lost == 0
    g.play("end")
    assert (g.state.turn, g.state.phase) == (2, 0)  # the next movement orders


# -- HF-6: orders revealed phase by phase; movement simultaneous ------------------------------
@pytest.mark.parametrize("listed", ["a first", "b first"])
def test_hf6_movement_is_simultaneous_she_follows_close_astern(tmp_path, listed):
    # a heads E at (10, 10), her bow at x = 10.625; b heads E at (11.3, 10), her stern at
    # 10.675: 0.05 in ahead.  Both plot F in phase I.  Moved together: a's bow 11.625,
    # b's stern 11.675, still 0.05 apart: no collision, whichever moves "first".
    a, b = ("a", 10, 10, 90, "red"), ("b", 11.3, 10, 90, "blue")
    g = hf_game(tmp_path, [a, b] if listed == "a first" else [b, a])
    ev = plot(g, {"a": "F - - - -", "b": "F - - - -"})
    assert not any("collision" in e for e in ev)
    assert pose(g, "a") == (11, 10, 90) and pose(g, "b") == (12.3, 10, 90)


def test_hf6_she_collides_with_a_ship_that_does_not_move(tmp_path):
    # the same, b plotting nothing: a's bow at 11.625 overlaps b, her stern at 10.675
    g = hf_game(tmp_path, [("a", 10, 10, 90, "red"), ("b", 11.3, 10, 90, "blue")])
    g.play("orders a F - - - -")
    ev = g.play("orders b - - - - -")
    assert any(e.get("collision") == "a" and e.get("with") == "b" for e in ev)


def test_hf6_orders_are_revealed_to_the_enemy_phase_by_phase(tmp_path):
    g = hf_game(tmp_path, [("a", 10, 10, 90, "red"), FAR])
    rs = g.state.scenario.ruleset
    g.play("orders a F S F P F")
    assert rs.report_seen(g.state, "a", "blue")["orders"] == ["?"] * 5  # z still to plot
    g.play("orders z - - - - -")
    assert rs.report_seen(g.state, "a", "blue")["orders"] == ["F", "?", "?", "?", "?"]
    assert rs.report_seen(g.state, "a", "red")["orders"] == ["F", "S", "F", "P", "F"]
    quiet_phase(g)
    quiet_phase(g)  # phase III's movement done
    assert rs.report_seen(g.state, "a", "blue")["orders"] == ["F", "S", "F", "?", "?"]


# -- HF-7: any ship may fire every phase, whatever she does -----------------------------------
def test_hf7_the_belephron_at_speed_two_fires_in_all_five_phases(tmp_path, rigged):
    # speed 2: movement in II and IV only (a forward each, both ships, so t stays abeam
    # at 2 in); a fires one long battery in every phase: five groups rolled.  Rolls of 1
    # miss (need 2), so nothing changes.
    ships = [
        ("a", 10, 10, 0, "red", "start_speed = 2"),
        ("t", 12, 10, 0, "blue", "start_speed = 2"),
    ]
    g = hf_game(tmp_path, ships, rigged, wind='"S"')  # heading N: running downwind
    g.play("orders a - F - F -")
    g.play("orders t - F - F -")
    rolled = []
    for phase in range(1, 6):
        assert g.state.phase == phase
        rigged([1])
        rolled += [(phase, f) for f in fires(one_volley(g, "fire a t L1"))]
    assert rolled == [(p, ("a", "starboard", "long", 1, 0)) for p in range(1, 6)]
    assert pose(g, "a") == (10, 12, 0)  # and she moved in II and IV


def test_hf7_she_fires_in_the_phases_she_turns_and_raises_sail(tmp_path, rigged):
    # speed 4 (I, II, IV, V): P in I (N → NW 315), RS in III (→ 5), S in IV (→ N).
    # t lies still at (12, 9): bearing atan2(2, −1) = 116.6°, √5 = 2.24 in (range 3,
    # need 3).  Heading NW she has t at 116.6 − 315 + 360 = 161.6° (aft: one chaser, the
    # first broadside listed, port); heading N again at 116.6° (starboard: L2).  Rolls of
    # 1 miss.  She fires in I (turning), III (raising sail) and IV (turning).
    ships = [
        ("a", 10, 10, 0, "red", "start_speed = 4"),
        ("t", 12, 9, 0, "blue", "start_speed = 0"),
    ]
    g = hf_game(tmp_path, ships, rigged)
    g.play("orders a P - RS S -")
    g.play("orders t - - - - -")
    assert pose(g, "a") == (10, 10, 315)
    rigged([1])
    assert fires(one_volley(g, "fire a t L1")) == [("a", "port", "long", 1, 0)]
    quiet_phase(g)
    assert st(g, "a").speed == 5  # phase III's RS
    rigged([1])
    assert fires(one_volley(g, "fire a t L1")) == [("a", "port", "long", 1, 0)]
    assert pose(g, "a") == (10, 10, 0)  # phase IV's S
    rigged([1, 1])
    assert fires(one_volley(g, "fire a t L2")) == [("a", "starboard", "long", 2, 0)]


def test_hf7_she_fires_at_anchor(tmp_path, rigged):
    # speed 1: LS in I (→ 0), DA in II; at anchor she still fires in II and III
    ships = [("a", 10, 10, 0, "red", "start_speed = 1"), ("t", 12, 10, 0, "blue")]
    g = hf_game(tmp_path, ships, rigged)
    g.play("orders a LS DA - - -")
    g.play("orders t - - - - -")
    quiet_phase(g)
    assert st(g, "a").anchored
    for _ in ("II", "III"):
        rigged([1])
        assert fires(one_volley(g, "fire a t L1")) == [("a", "starboard", "long", 1, 0)]


# -- HF-11: sea-life growth lowers a ship's speed for the scenario ----------------------------
def test_hf11_a_fouled_bottom_lowers_her_top_speed(tmp_path):
    # the test class is speed 5; "fouled" is given speed = 3 in the scenario: she begins
    # at 3 (phases I, III, V), may not raise sail above 3, and sails 3 in a turn
    ships = [("fouled", 10, 10, 90, "red", "speed = 3"), ("clean", 10, 14, 90, "red"), FAR]
    g = hf_game(tmp_path, ships)
    assert (st(g, "fouled").speed, st(g, "clean").speed) == (3, 5)
    with pytest.raises(IllegalAction, match="top speed 3"):
        g.play("orders fouled RS - - - - clean - - - - -")
    with pytest.raises(IllegalAction, match="at speed 3 she acts in phases I, III, V"):
        g.play("orders fouled F F - - - clean - - - - -")
    g.play("orders fouled F - F - F clean F F F F F")
    g.play("orders z - - - - -")
    for _ in range(5):
        quiet_phase(g)
    assert pose(g, "fouled") == (13, 10, 90) and pose(g, "clean") == (15, 14, 90)


def test_hf11_a_fouled_ship_loses_a_section_from_her_reduced_speed(tmp_path, rigged):
    # top speed 3 (fouled); two mast hits (1, 1), (1, 2) destroy a section of 2 circles:
    # top speed 3 − 1 = 2 (not 5 − 1)
    ships = [("a", 10, 10, 0, "red"), ("t", 12, 10, 0, "blue", "speed = 3")]
    g = hf_game(tmp_path, ships, rigged)
    start_phase_one(g)
    rigged([6, 6, 1, 1, 1, 2])
    one_volley(g, "fire a t L2")
    assert diagram(g, "t")["top_speed"] == 2 and st(g, "t").speed == 2


# -- HF-14: move forward 1 inch ----------------------------------------------------------------
@pytest.mark.parametrize(
    "heading, dx, dy", [(0, 0, 1), (45, D, D), (90, 1, 0), (135, D, -D), (180, 0, -1)]
)
def test_hf14_a_forward_action_is_one_inch_along_her_heading(tmp_path, heading, dx, dy):
    # wind from W (270), so none of these heads into it; F in phase I only
    g = hf_game(tmp_path, [("a", 10, 10, heading, "red"), FAR], wind='"W"')
    g.play("orders a F - - - -")
    g.play("orders z - - - - -")
    assert pose(g, "a") == (round(10 + dx, 6), round(10 + dy, 6), heading)
    p = g.state.ship("a").pose
    assert math.hypot(p.x - 10, p.y - 10) == pytest.approx(1)


def test_hf14_five_forward_actions_at_speed_five_are_five_inches(tmp_path):
    g = hf_game(tmp_path, [("a", 10, 10, 90, "red"), FAR])
    g.play("orders a F F F F F")
    g.play("orders z - - - - -")
    for _ in range(5):
        quiet_phase(g)
    assert pose(g, "a") == (15, 10, 90)


def test_hf14_one_action_a_phase_and_no_fractions(tmp_path, capsys):
    g = hf_game(tmp_path, [("a", 10, 10, 90, "red"), FAR])
    with pytest.raises(IllegalAction, match="'F2': a phase is"):
        g.play("orders a F2 - - - -")
    # the free-move preview: 1.5 in is not a whole number of forward actions; 2 in is two
    main(["move", str(tmp_path / "hf.toml"), "a", "F1.5", "--json"])
    half = json.loads(capsys.readouterr().out)
    main(["move", str(tmp_path / "hf.toml"), "a", "F2", "--json"])
    two = json.loads(capsys.readouterr().out)
    assert not half["legal"] and any("whole steps of 1 in" in v for v in half["violations"])
    assert two["legal"] and two["end"]["x"] == 12


# -- HF-15: turn 45° to port (left) or starboard (right), about the base centre (ruling) ----
def test_hf15_port_is_left_starboard_is_right_45_degrees_about_the_centre(tmp_path):
    # from N: P → NW 315, P → W 270, S → NW 315, S → N 0, S → NE 45; the centre stays
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), FAR])
    g.play("orders a P P S S S")
    g.play("orders z - - - - -")
    seen = [pose(g, "a")]
    for _ in range(4):
        quiet_phase(g)
        seen.append(pose(g, "a"))
    assert seen == [(10, 10, 315), (10, 10, 270), (10, 10, 315), (10, 10, 0), (10, 10, 45)]


def test_hf15_a_turn_then_forward_moves_along_the_new_point(tmp_path):
    # heading E, S → SE (135), F: 1 in SE: (10 + √½, 10 − √½)
    g = hf_game(tmp_path, [("a", 10, 10, 90, "red"), FAR])
    g.play("orders a S F - - -")
    g.play("orders z - - - - -")
    quiet_phase(g)
    assert pose(g, "a") == (round(10 + D, 6), round(10 - D, 6), 135)


# -- HF-25: point-of-sail jargon has no effect on play ----------------------------------------
def test_hf25_every_point_of_sail_sails_the_same_inch(tmp_path):
    # wind from N: NE close reach, E beam reach, SE broad reach, S downwind, and the
    # mirror images W, SW, NW.  "You don't need to use these terms": each sails 1 in.
    hs = {"nw": 315, "ne": 45, "e": 90, "se": 135, "s": 180, "sw": 225, "w": 270}
    ships = [(k, 4 + 4 * i, 10, h, "red") for i, (k, h) in enumerate(hs.items())] + [FAR]
    g = hf_game(tmp_path, ships)
    g.play("orders " + " ".join(f"{k} F - - - -" for k in hs))
    g.play("orders z - - - - -")
    for i, k in enumerate(hs):
        p = g.state.ship(k).pose
        assert math.hypot(p.x - (4 + 4 * i), p.y - 10) == pytest.approx(1), k


# -- HF-26: rates 2nd-6th by the guns carried; unrated sloops, brigs and corvettes ------------
ROSTER = tomllib.loads((ROOT / "rosters/hold-fast.toml").read_text())
#: the text's guide: "2nd Rate- Typically 90 or 94 guns ... 6th Rate- Typically 18 or 24"
TYPICAL = {2: (90, 94), 3: (60, 74, 80), 4: (40, 44, 50), 5: (32, 36, 38), 6: (18, 24)}


def _nearest_rate(guns: int) -> int:
    return min(TYPICAL, key=lambda r: min(abs(guns - g) for g in TYPICAL[r]))


@pytest.mark.parametrize("cid", sorted(c for c, v in ROSTER.items() if v.get("rate") in TYPICAL))
def test_hf26_a_rated_ship_is_rated_by_the_guns_she_carries(cid):
    # "rated by the number of cannon they were carrying": her gun_count is nearest the
    # typical guns of her rate (the Constitution's 54 is 4 from the 4th's 50, 6 from 60)
    cls = ROSTER[cid]
    assert _nearest_rate(cls["gun_count"]) == cls["rate"]


def test_hf26_the_first_rate_carries_more_than_any_second_rate():
    # ruling: the text gives no 1st rate; it must outgun the 2nd rate's 94
    firsts = [v for v in ROSTER.values() if v.get("rate") == 1]
    assert firsts and all(v["gun_count"] > 94 for v in firsts)


def test_hf26_sloops_brigs_and_corvettes_are_unrated(tmp_path):
    small = [c for c in ROSTER if any(w in c for w in ("sloop", "brig", "corvette"))]
    assert len(small) == 3
    ships = [(c, 3 + 4 * i, 10, 0, "red", f'roster = "{c}"') for i, c in enumerate(small)]
    g = hf_game(tmp_path, [*ships, FAR])
    assert [g.state.scenario.ship(c).cls.rate for c in small] == [None, None, None]


# -- HF-27: batteries per side by type (about six guns each) ----------------------------------
def test_hf27_the_victory_fights_nine_batteries_a_side(tmp_path, rigged):
    # the text: "the HMS Victory, an English 1st Rate has 18 Batteries, 9 on the
    # Starboard and 9 on the Port side".  first-rate: long 5, short 3, carronade 1 a side.
    # t to starboard and u to port, each 1 in off (bases 0.6 and 0.5 wide: 0.45 apart):
    # range 1, every type bears; each broadside rolls 5 + 3 + 1 = 9 dice.  Chart rolls
    # come out (6, 6): no damage.
    ships = [
        ("v", 10, 10, 0, "red", 'roster = "first-rate"'),
        ("t", 11, 10, 0, "blue"),
        ("u", 9, 10, 0, "blue"),
    ]
    rigged.when["damage:"] = 6
    rigged.when["fire:"] = 1
    g = hf_game(tmp_path, ships, rigged)
    start_phase_one(g)
    got = fires(one_volley(g, "fire v t", "fire v u"))
    each = [("long", 5), ("short", 3), ("carronade", 1)]
    assert [(f[1], f[2], f[3]) for f in got if f[0] == "v"] == [
        *(("starboard", g_, n) for g_, n in each),
        *(("port", g_, n) for g_, n in each),
    ]
    d = diagram(g, "v")["batteries"]
    assert d["port"] == d["starboard"] == {"long": 5, "short": 3, "carronade": 1}


def test_hf27_a_battery_is_about_six_guns():
    # "Roughly, a battery consists of about six cannons (with some variance)": guns
    # carried over batteries (both sides) lies within 4 to 7 for every class
    for cid, cls in ROSTER.items():
        n = 2 * sum(cls["batteries"].values())
        assert 4 <= cls["gun_count"] / n <= 7, cid


# -- HF-29: the ship diagram (ruling: sections as even as possible, the larger first) --------
SEVEN = """
[classes.seven]
name = "Seven hull boxes"
rate = 5
base = { length = 1.25, width = 0.5 }
speed = 5
batteries = { long = 2, short = 1 }
hull_boxes = 7
masts = 6
marines = 2
morale = 4
"""


def test_hf29_seven_hull_boxes_are_sections_of_three_two_two(tmp_path, rigged):
    # 7 boxes → sections 3, 2, 2 (ruling): two hull boxes destroy no section (top speed
    # 5); the third destroys the first section: top speed 4 (and her speed 5 → 4).
    # a fires L2 at range 2 (need 2): 6, 6 hit; charts (5, 1), (5, 1) hull, hull.
    ships = [("a", 10, 10, 0, "red"), ("t", 12, 10, 0, "blue", 'roster = "seven"')]
    g = hf_game(tmp_path, ships, rigged, classes=SEVEN)
    start_phase_one(g)
    rigged([6, 6, 5, 1, 5, 1])
    one_volley(g, "fire a t L2")
    assert diagram(g, "t")["hull"] == "5/7" and diagram(g, "t")["top_speed"] == 5
    rigged([6, 6, 1])  # phase II: one more hull box (6, 1)
    one_volley(g, "fire a t L1")
    assert diagram(g, "t")["hull"] == "4/7" and diagram(g, "t")["top_speed"] == 4
    assert st(g, "t").speed == 4


def test_hf29_the_diagram_holds_every_box_of_the_class(tmp_path):
    # the test frigate: hull 6, masts 6, 2 marine detachments, 4 morale boxes, factor 4
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), FAR])
    d = diagram(g, "a")
    assert (d["hull"], d["masts"], d["marines"], d["morale"], d["morale_factor"]) == (
        "6/6",
        "6/6",
        "2/2",
        "4/4",
        4,
    )
    assert d["batteries"]["port"] == {"long": 2, "short": 1, "carronade": 1}


def test_hf29_rudder_and_wheel_are_marked_on_the_diagram(tmp_path, rigged):
    # chart (1, 5) wheel, (4, 5) rudder: each is marked, and each a critical (a morale box)
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), ("t", 12, 10, 0, "blue")], rigged)
    start_phase_one(g)
    rigged([6, 6, 1, 5, 4, 5])
    one_volley(g, "fire a t L2")
    status = g.state.scenario.ruleset.ship_report(g.state, "t")["status"]
    assert "rudder shot away" in status and "wheel shot away" in status
    assert diagram(g, "t")["morale"] == "2/4"


# -- HF-31: four 90° quadrants; a straddling target, the firer chooses -------------------------
@pytest.mark.parametrize(
    "heading, bearing, arc",
    [
        (0, 40, "fore"), (0, 50, "starboard"), (0, 130, "starboard"), (0, 140, "aft"),
        (0, 220, "aft"), (0, 230, "port"), (0, 310, "port"), (0, 320, "fore"),
        (90, 130, "fore"), (90, 140, "starboard"), (270, 90, "aft"), (45, 10, "fore"),
    ],
)  # fmt: skip
def test_hf31_the_quadrants_are_split_on_the_diagonals(tmp_path, capsys, heading, bearing, arc):
    # t's centre 3 in from a's on the given compass bearing; relative to a's heading the
    # quadrants are fore −45..45, starboard 45..135, aft 135..225, port 225..315
    r = math.radians(bearing)
    t = ("t", round(10 + 3 * math.sin(r), 6), round(10 + 3 * math.cos(r), 6), 0, "blue")
    hf_game(tmp_path, [("a", 10, 10, heading, "red"), t])
    main(["fire", str(tmp_path / "hf.toml"), "a", "t", "--json"])
    assert json.loads(capsys.readouterr().out)["arc"] == arc


# t heads N at (11.5, 12): her centre at relative bearing atan(1.5 / 2) = 36.9° is in a's
# fore quadrant, but her corner (11.75, 11.375) lies right of the diagonal y − 10 = x − 10
# (1.375 < 1.75): she straddles fore and starboard.  Range √(1.5² + 2²) = 2.5 → 3.
STRADDLE = [("a", 10, 10, 0, "red"), ("t", 11.5, 12, 0, "blue")]


def test_hf31_a_straddling_target_may_take_the_broadside(tmp_path, rigged):
    # the firer names starboard: every starboard battery in range 3 (long 2, short 1;
    # the carronade reaches 1 in) — three dice
    g = hf_game(tmp_path, STRADDLE, rigged)
    start_phase_one(g)
    rigged([1, 1, 1])
    got = fires(one_volley(g, "fire a t starboard"))
    assert [(f[2], f[3]) for f in got] == [("long", 2), ("short", 1)]


def test_hf31_a_straddling_target_may_take_the_chaser(tmp_path, rigged):
    # the same target named in the fore arc: one battery only (HF-33)
    g = hf_game(tmp_path, STRADDLE, rigged)
    start_phase_one(g)
    ev = declared(g.play("fire a t fore"))
    assert ev["arc"] == "fore" and sum(ev["batteries"].values()) == 1


def test_hf31_a_target_wholly_ahead_is_not_in_the_broadside(tmp_path, capsys):
    # t heads E at (10, 12.5): her base spans x 9.375..10.625, y 12.25..12.75, wholly
    # above both diagonals: fore only; naming starboard is refused
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), ("t", 10, 12.5, 90, "blue")])
    main(["fire", str(tmp_path / "hf.toml"), "a", "t", "--json"])
    assert json.loads(capsys.readouterr().out)["arcs"] == ["fore"]
    start_phase_one(g)
    with pytest.raises(IllegalAction, match="not in a's starboard arc"):
        g.play("fire a t starboard")


def test_hf31_the_cli_lists_both_arcs_of_a_straddling_target(tmp_path, capsys):
    hf_game(tmp_path, STRADDLE)
    main(["fire", str(tmp_path / "hf.toml"), "a", "t", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert (out["arc"], out["arcs"]) == ("fore", ["fore", "starboard"])


# -- HF-36: range centre to centre, rounded up; touching bases are range 0 (ruling) ----------
@pytest.mark.parametrize(
    "dx, category",
    [(0.5, 0), (0.6, 1), (1.0, 1), (1.01, 2), (2.0, 2), (2.01, 3), (3.0, 3), (3.99, 4)],
)
def test_hf36_range_is_centre_to_centre_rounded_up(tmp_path, dx, category):
    # t abeam to starboard, dx in between centres.  Bases 0.5 wide: at 0.5 they touch
    # (alongside, 0); at 0.6 there is 0.1 of water: range 1.  "A target beyond 2" falls
    # into the 3" range category."
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), ("t", 10 + dx, 10, 0, "blue")])
    start_phase_one(g)
    assert declared(g.play("fire a t L1"))["range"] == category


def test_hf36_range_is_measured_between_centres_not_edges(tmp_path, capsys, rigged):
    # t at (13.2, 12.4): centres √(3.2² + 2.4²) = 4 in apart (range 4), relative bearing
    # atan(3.2 / 2.4) = 53.1°: starboard.  The nearest corners, (10.25, 10.625) and
    # (12.95, 11.775), are only √(2.7² + 1.15²) = 2.93 in apart: edge to edge the short
    # guns (3 in) would reach.  Centre to centre only the long guns bear, needing a 4.
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), ("t", 13.2, 12.4, 0, "blue")], rigged)
    main(["fire", str(tmp_path / "hf.toml"), "a", "t", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert (out["range"], out["range_band"], out["to_hit"]["need"]) == (4, "4in", 4)
    start_phase_one(g)
    with pytest.raises(IllegalAction, match="no 1 more short"):
        g.play("fire a t S")
    rigged([3, 4, 6, 6])
    got = fires(one_volley(g, "fire a t"))
    assert got == [("a", "starboard", "long", 2, 1)]


def test_hf36_touching_bases_are_alongside_even_bow_to_stern(tmp_path, rigged):
    # t dead astern, her bow touching a's stern: centres 1.25 apart, yet range 0
    # (alongside): a's chaser long gun needs any roll and does 2 damage points (HF-40)
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), ("t", 10, 8.75, 0, "blue")], rigged)
    start_phase_one(g)
    rigged([1, 5, 1, 5, 2])  # hit on a 1; charts (5, 1), (5, 2): hull, hull
    ev = declared(g.play("fire a t L1"))
    assert (ev["range"], ev["arc"]) == (0, "aft")
    one_volley(g)
    assert st(g, "t").hull_lost == 2


# -- HF-37: maximum ranges L 4, S 3, C 1 ------------------------------------------------------
@pytest.mark.parametrize(
    "dx, bears",
    [
        (1.0, {"long": 2, "short": 1, "carronade": 1}),
        (1.01, {"long": 2, "short": 1}),
        (3.0, {"long": 2, "short": 1}),
        (3.01, {"long": 2}),
        (4.0, {"long": 2}),
    ],
)
def test_hf37_each_battery_reaches_its_maximum_range(tmp_path, dx, bears):
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), ("t", 10 + dx, 10, 0, "blue")])
    start_phase_one(g)
    assert declared(g.play("fire a t"))["batteries"] == bears


def test_hf37_beyond_four_inches_no_battery_reaches(tmp_path):
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), ("t", 14.01, 10, 0, "blue")])
    start_phase_one(g)
    with pytest.raises(IllegalAction, match="no battery of a's left to fire at t at range 5"):
        g.play("fire a t")


def test_hf37_a_carronade_named_beyond_one_inch_is_refused(tmp_path):
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), ("t", 11.5, 10, 0, "blue")])
    start_phase_one(g)
    with pytest.raises(IllegalAction, match="no 1 more carronade"):
        g.play("fire a t C")


# -- HF-38: to hit, the range category is the number needed (ruling); alongside any roll -----
@pytest.mark.parametrize(
    "dx, need, rolls, hits",
    [
        (0.5, 1, [1, 1], 2),  # alongside: a 1 hits
        (1.0, 1, [1, 1], 2),  # 1 in: a 1 hits
        (2.0, 2, [1, 2], 1),  # 2 in: 1 misses, 2 hits
        (3.0, 3, [2, 3], 1),
        (3.5, 4, [3, 4], 1),  # 3.5 → category 4
        (4.0, 4, [3, 6], 1),
    ],
)
def test_hf38_the_range_category_is_the_roll_needed(tmp_path, rigged, dx, need, rolls, hits):
    rigged(rolls)
    rigged.when["damage:"] = 6  # chart (6, 6): no damage
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), ("t", 10 + dx, 10, 0, "blue")], rigged)
    start_phase_one(g)
    ev = one_volley(g, "fire a t L2")
    roll = next(e for e in ev if "fires" in e)
    assert (roll["need"], roll["rolls"], roll["hits"]) == (need, rolls, hits)


# -- HF-39: another base or land on the centre line blocks (ruling) --------------------------
def test_hf39_a_ship_on_the_centre_line_blocks(tmp_path):
    # a (10, 10) N, t (13, 10): the line y = 10 crosses u's base (x 11.25..11.75) at
    # (11.5, 10); u is a's own consort, and still blocks
    ships = [("a", 10, 10, 0, "red"), ("t", 13, 10, 0, "blue"), ("u", 11.5, 10, 0, "red")]
    g = hf_game(tmp_path, ships)
    start_phase_one(g)
    with pytest.raises(IllegalAction, match="line of fire blocked by u"):
        g.play("fire a t")


def test_hf39_a_ship_beside_the_centre_line_does_not_block(tmp_path):
    # u at (11.5, 11): her base spans y 10.375..11.625, clear of y = 10
    ships = [("a", 10, 10, 0, "red"), ("t", 13, 10, 0, "blue"), ("u", 11.5, 11, 0, "red")]
    g = hf_game(tmp_path, ships)
    start_phase_one(g)
    assert declared(g.play("fire a t"))["batteries"] == {"long": 2, "short": 1}


def test_hf39_land_on_the_centre_line_blocks(tmp_path):
    rock = '\n[[terrain]]\nkind = "land"\nname = "rock"\n'
    rock += "polygon = [[11.3, 9.5], [11.7, 9.5], [11.7, 10.5], [11.3, 10.5]]\n"
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), ("t", 13, 10, 0, "blue")], terrain=rock)
    start_phase_one(g)
    with pytest.raises(IllegalAction, match="line of fire blocked by rock"):
        g.play("fire a t")


def test_hf39_shallows_on_the_centre_line_do_not_block(tmp_path):
    # the ruling blocks by a base or land only; shallows are water
    bank = '\n[[terrain]]\nkind = "shallows"\nname = "bank"\nlevel = 2\n'
    bank += "polygon = [[11.3, 9.5], [11.7, 9.5], [11.7, 10.5], [11.3, 10.5]]\n"
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), ("t", 13, 10, 0, "blue")], terrain=bank)
    start_phase_one(g)
    assert declared(g.play("fire a t"))["batteries"] == {"long": 2, "short": 1}


HULK = """
[classes.hulk]
name = "One hull box"
rate = 6
base = { length = 1.25, width = 0.5 }
speed = 5
batteries = { short = 1 }
hull_boxes = 1
masts = 3
marines = 1
morale = 3
"""


def test_hf39_a_ship_that_has_sunk_no_longer_blocks(tmp_path, rigged):
    # h (one hull box) lies on the line a-t.  Phase I: a fires L1 at h (range 2, need 2):
    # a 6, chart (5, 1) hull: no hull left, she sinks; the sinking d6 is a 1: "sinks
    # immediately, and is considered no longer a hazard in the next phase" (HF-68).
    # Phase II: her base is gone, so nothing lies between a and t (range 3).
    ships = [
        ("a", 10, 10, 0, "red"),
        ("t", 13, 10, 0, "blue"),
        ("h", 11.5, 10, 0, "blue", 'roster = "hulk"'),
    ]
    g = hf_game(tmp_path, ships, rigged, classes=HULK)
    start_phase_one(g)
    rigged([6, 5, 1, 1])
    one_volley(g, "fire a h L1")
    assert st(g, "h").sunk and g.state.phase == 2
    ev = g.play("fire a t")  # once refused: "line of fire blocked by h"
    assert declared(ev)["batteries"] == {"long": 2, "short": 1}


def test_hf39_a_ship_that_has_left_the_table_no_longer_blocks(tmp_path):
    # the table is 36 in wide.  f heads E at (35.6, 10) and sails 1 in in phase I: her
    # centre at 36.6 is off the table, she has fled (her base, x 35.975..37.225, still
    # overhangs the edge).  a (36, 8) and t (36, 12) lie on the edge line x = 36, 4 in
    # apart (range 4, long guns only); nothing that is still in the game lies between.
    # t lies dead ahead of a (heading 0): her fore quadrant, so a chaser, one battery
    # (HF-33): one long.
    ships = [
        ("a", 36, 8, 0, "red"),
        ("t", 36, 12, 0, "blue"),
        ("f", 35.6, 10, 90, "blue"),
    ]
    g = hf_game(tmp_path, ships)
    plot(g, {"f": "F - - - -"})
    assert st(g, "f").fled
    ev = g.play("fire a t")  # once refused: "line of fire blocked by f"
    assert declared(ev)["batteries"] == {"long": 1}


# -- HF-45: a marines hit marks off one detachment -------------------------------------------
def test_hf45_each_marines_hit_marks_off_one_detachment(tmp_path, rigged):
    # the text's cells (1, 4) and (3, 4) are Marines.  t has 2 detachments: one hit → 1
    # left, a second → 0; nothing else on her diagram is touched
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), ("t", 12, 10, 0, "blue")], rigged)
    start_phase_one(g)
    rigged([6, 1, 4])
    one_volley(g, "fire a t L1")
    assert diagram(g, "t")["marines"] == "1/2"
    rigged([6, 6, 3, 4, 1, 4])
    one_volley(g, "fire a t L2")
    t = st(g, "t")
    assert diagram(g, "t")["marines"] == "0/2" and t.marines_lost == 2
    assert (t.hull_lost, t.masts_lost, t.morale_lost, t.batteries_lost) == (0, 0, 0, ())


def test_hf45_a_marines_hit_with_none_left_is_not_logged_as_a_loss(tmp_path, rigged):
    # t's 2 detachments go in phase I ((1, 4), (3, 4)); in phase II a third Marines
    # result (1, 4) finds none: nothing is marked off (never below 0), none logged
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), ("t", 12, 10, 0, "blue")], rigged)
    start_phase_one(g)
    rigged([6, 6, 1, 4, 3, 4])
    one_volley(g, "fire a t L2")
    assert diagram(g, "t")["marines"] == "0/2"
    rigged([6, 1, 4])
    ev = one_volley(g, "fire a t L1")
    assert st(g, "t").marines_lost == 2
    assert not [e for e in ev if e.get("marines") == "t" and e.get("lost")]


def test_hf45_with_every_detachment_lost_she_has_no_marines_to_fire(tmp_path, rigged):
    # t 1 in off (within marine range 1 in), 2 detachments.  Phase I: a's L2 at range 1
    # hits on 1s; charts (1, 4) twice: both detachments gone.  Phase II: t's marines are
    # refused; in a twin game where she lost none they may fire.
    ships = [("a", 10, 10, 0, "red"), ("t", 11, 10, 0, "blue")]
    g = hf_game(tmp_path, ships, rigged)
    start_phase_one(g)
    rigged([1, 1, 1, 4, 1, 4])
    one_volley(g, "fire a t L2")
    assert diagram(g, "t")["marines"] == "0/2"
    g.play("end")
    with pytest.raises(IllegalAction, match="no marine detachment"):
        g.play("marines t a")
    twin = hf_game(tmp_path, ships)
    start_phase_one(twin)
    twin.play("end")
    assert {"declares": "t", "marines_at": "a"} in twin.play("marines t a")


# -- HF-46: each mast section lost is a point of top speed -------------------------------------
def test_hf46_each_mast_section_lost_costs_a_point_of_top_speed(tmp_path, rigged):
    # masts 6: sections 2, 2, 2.  Phase I: (1, 1), (1, 2) mast, mast → a section: top
    # speed 5 → 4 (her speed 5 → 4).  Phase II: (1, 3) a third circle: still 4.
    # Phase III: (2, 1) a fourth: the second section: 3.
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), ("t", 12, 10, 0, "blue")], rigged)
    start_phase_one(g)
    tops = []
    for dice, n in (([6, 6, 1, 1, 1, 2], 2), ([6, 1, 3], 1), ([6, 2, 1], 1)):
        rigged(dice)
        one_volley(g, f"fire a t L{n}")
        tops.append((diagram(g, "t")["masts"], diagram(g, "t")["top_speed"], st(g, "t").speed))
    assert tops == [("4/6", 4, 4), ("3/6", 4, 4), ("2/6", 3, 3)]


M3 = """
[classes.m3]
name = "Three mast circles"
rate = 5
base = { length = 1.25, width = 0.5 }
speed = 3
batteries = { long = 1 }
hull_boxes = 6
masts = 3
marines = 2
morale = 4
"""


def test_hf46_all_masts_gone_she_cannot_manoeuvre_and_drifts(tmp_path, rigged):
    # masts 3: sections 1, 1, 1; top speed 3.  a's L2 + S at range 2, all hit, charts
    # (1, 1), (1, 2), (1, 3): three mast sections gone → top speed 0 (3 morale boxes of 4,
    # 1 left: no check).  At speed 0 after phase V she drifts 1 in downwind (wind from N:
    # south) to (12, 9); the next turn she can plot no move and raise no sail.
    ships = [("a", 10, 10, 0, "red"), ("t", 12, 10, 0, "blue", 'roster = "m3"')]
    g = hf_game(tmp_path, ships, rigged, classes=M3)
    start_phase_one(g)
    rigged([6, 6, 1, 1, 1, 2, 6, 1, 3])
    one_volley(g, "fire a t L2 S")
    assert (diagram(g, "t")["top_speed"], st(g, "t").speed) == (0, 0)
    for _ in range(4):
        quiet_phase(g)
    assert pose(g, "t") == (12, 9, 0)
    quiet_phase(g)  # damage control: no repairs
    g.play("orders a - - - - -")
    with pytest.raises(IllegalAction, match="at speed 0 she acts in phases none"):
        g.play("orders t F - - - -")
    with pytest.raises(IllegalAction, match="top speed 0"):
        g.play("orders t RS - - - -")


# -- HF-47: no damage ---------------------------------------------------------------------------
def test_hf47_a_no_damage_result_marks_nothing(tmp_path, rigged):
    # one long hit (6 at range 2), chart (3, 6): no damage; the diagram is as built
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), ("t", 12, 10, 0, "blue")], rigged)
    before = diagram(g, "t")
    start_phase_one(g)
    rigged([6, 3, 6])
    ev = one_volley(g, "fire a t L1")
    assert {"no_damage": "t"} in ev
    assert [e["result"] for e in ev if "chart" in e] == ["none"]
    assert diagram(g, "t") == before and st(g, "t").speed == 5


def test_hf47_hits_are_not_damage(tmp_path, rigged):
    # three hits (L2 + S, all 6s), every chart roll in column 6: nothing marked at all
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), ("t", 12, 10, 0, "blue")], rigged)
    start_phase_one(g)
    rigged([6, 6, 1, 6, 4, 6, 6, 6, 6])
    ev = one_volley(g, "fire a t L2 S")
    assert sum(f[4] for f in fires(ev)) == 3
    t = st(g, "t")
    assert (t.hull_lost, t.masts_lost, t.marines_lost, t.morale_lost) == (0, 0, 0, 0)


# -- HF-8: the referee's table tools at the scenario's start_speed ---------------------------
def test_hf8_sail_and_move_count_the_actions_of_her_start_speed(tmp_path):
    """A ship laid at ``start_speed = 2`` (top speed 5) has two actions on the table:
    `sail` said "0 to 5" and `move` passed four forward steps the engine then refused.
    In a game the preview counts her speed now (raised to 4: four actions)."""
    ships = [("a", 10, 10, 90, "red", "start_speed = 2"), ("t", 30, 20, 270, "blue")]
    g = hf_game(tmp_path, ships)  # wind N: heading 90 is a beam reach
    scn = g.state.scenario
    assert sail(scn, "a")["allowance"] == 2  # min(start_speed 2, speed 5)
    assert sail(scn, "t")["allowance"] == 5  # no start_speed: her top speed
    assert preview(scn, "a", "F1 F1").legal
    over = preview(scn, "a", "F1 F1 F1")
    assert over.violations == ["3 movement actions; at speed 2 she has 2"]
    rs = scn.ruleset
    now = g.state.with_ship(replace(st(g, "a"), speed=4))
    model, _, ctx = rs.move_so_far(now, "a")
    assert rs.plan_move(now.table(), model, parse_path("F1 F1 F1 F1"), ctx).violations == ()
    five = rs.plan_move(now.table(), model, parse_path("F1 F1 F1 F1 F1"), ctx)
    assert five.violations == ("5 movement actions; at speed 4 she has 4",)


def test_her_loss_is_how_near_she_is_to_sinking_or_striking():
    """She sinks when her hull boxes are gone and strikes on a roll once her morale is at
    its last box, so the computer captain counts her loss as the larger share of them
    gone.  Amazon (a 36: 6 hull boxes, 4 morale): whole, 0; two hull boxes gone, 2/6 =
    1/3; three morale boxes gone as well (her last left), 3/4 (the report's mean of
    hull 2/6, masts 0, marines 0 and morale 3/4 made it (1/3 + 3/4) / 4 = 0.271);
    struck, 1.  Sirene (a brig: 3 hull, 2 morale) one morale box down: 1/2."""
    from tabletop.ai.judge import damage_share

    g = Game.new(load_scenario(ROOT / "scenarios/hold-fast-duel.toml"), 1)
    rs, amazon = g.state.scenario.ruleset, g.state.ship("amazon")
    assert rs.advice.loss(g.state, "amazon") == 0
    hit = g.state.with_ship(replace(amazon, hull_lost=2))
    assert rs.advice.loss(hit, "amazon") == pytest.approx(2 / 6)
    hit = g.state.with_ship(replace(amazon, hull_lost=2, morale_lost=3))
    assert damage_share(hit, "amazon") == pytest.approx(3 / 4)
    assert rs.advice.loss(g.state.with_ship(replace(amazon, struck=True)), "amazon") == 1
    down = g.state.with_ship(replace(g.state.ship("sirene"), morale_lost=1))
    assert rs.advice.loss(down, "sirene") == pytest.approx(1 / 2)


def test_57_3_head_to_wind_only_forward_moves_are_barred(tmp_path, capsys):
    """Issue 57, clause 3 (SPEC §4, Hold Fast): head to wind, only forward moves are
    forbidden; turns, sail changes and anchors are still actions.  The duel's amazon
    (start_speed 3) turned to 0 with the wind from N: θ = 0, in head_to_wind [0, 22.5).
    ``sail`` gave her 0 actions while ``move`` let her turn three times; it now gives
    her speed's 3 actions and says forward moves are barred, and the engine agrees:
    P45 ×3 (3 actions ≤ 3) is legal, F1 is not."""
    text = (SCENARIOS / "hold-fast-duel.toml").read_text()
    f = tmp_path / "head.toml"
    f.write_text(text.replace("heading = 90", "heading = 0", 1))

    def answer(*argv: str) -> dict:
        assert main([*argv, "--json"]) == 0
        return json.loads(capsys.readouterr().out)

    d = answer("sail", str(f), "amazon")
    assert (d["relative_wind"], d["point_of_sail"], d["in_irons"]) == (0, "head_to_wind", False)
    assert (d["allowance"], d["allowance_unit"], d["forward_barred"]) == (3, "actions", True)
    assert answer("move", str(f), "amazon", "P45", "P45", "P45")["legal"] is True
    assert answer("move", str(f), "amazon", "F1")["legal"] is False
    main(["sail", str(f), "amazon"])
    assert "allowance 0 to 3 actions, by choice, but no forward move head to wind" in (
        capsys.readouterr().out
    )


def _roster_without(tmp_path, monkeypatch, *lines: str):
    """A copy of the data folders, Hold Fast's roster with ``lines`` taken out."""
    import shutil

    from tabletop.data.paths import data_root

    root = tmp_path / "data"
    shutil.copytree(data_root() / "templates", root / "templates")
    shutil.copytree(data_root() / "rosters", root / "rosters")
    roster = root / "rosters" / "hold-fast.toml"
    text = roster.read_text()
    for line in lines:
        assert line in text
        text = text.replace(line, "", 1)
    roster.write_text(text)
    monkeypatch.setenv("TABLETOP_DATA", str(root))
    return roster


def test_57_4_morale_boxes_come_from_the_rate(tmp_path, monkeypatch):
    """Issue 57, clause 4 (SPEC §4, Hold Fast): a class that names no morale boxes takes
    them from its rate (2nd 6, 3rd 5, 4th 5, 5th 4, 6th 3, unrated 2); it got 2 whatever
    its rate.  The duel's amazon is a frigate-36 (5th rate: 4 boxes), cleopatre a
    sixth-rate-24 (3), railleuse a corvette-20 (unrated: 2); their rosters' own
    ``morale`` lines taken out."""
    _roster_without(tmp_path, monkeypatch, "morale = 4\n", "morale = 3\n")
    scn = load_scenario(SCENARIOS / "hold-fast-duel.toml")
    boxes = {s.id: scn.ship(s.id).cls.fields["morale"] for s in scn.ships}
    assert (boxes["amazon"], boxes["cleopatre"], boxes["railleuse"]) == (4, 3, 2)
    g = Game.new(scn, 1)
    assert g.state.scenario.ruleset.ship_report(g.state, "amazon")["diagram"]["morale"] == "4/4"


def test_57_4_a_class_with_neither_morale_nor_a_listed_rate_is_refused(tmp_path, monkeypatch):
    """The first rate (rate 1) names her boxes (6, as a 2nd rate: the rules give no 1st);
    without them she has neither, and the loader says where."""
    first = "morale = 6                 # ruling: the source gives no 1st rate; as a 2nd rate\n"
    roster = _roster_without(tmp_path, monkeypatch, first)
    with pytest.raises(DataErrors) as e:
        load_scenario(SCENARIOS / "hold-fast-squadrons.toml")
    want = "expected morale boxes (the rules give them by rate for 2, 3, 4, 5, 6 and unrated)"
    assert f"{roster}: first-rate.morale: {want}" in str(e.value)
