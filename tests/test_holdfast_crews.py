"""Hold Fast morale, marines and boarding, prizes, damage control, sinking, victory and
hazards (HF-53..HF-58, HF-64..HF-72), hand-worked with scripted dice."""

from __future__ import annotations

import tomllib

import pytest

from tabletop.common.errors import DataErrors, IllegalAction
from tabletop.game.game import Game, read_log
from tabletop.game.load import load_scenario

from .conftest import HOVE_TO, HOVE_TO_LOG, ROOT
from .hf import hf_game, pose, quiet_phase, st

CROSSING = [("a", 10, 10, 90, "red"), ("b", 11.6, 10, 0, "blue", "start_speed = 0")]
RESERVE = ("z", 30, 20, 0, "blue", "start_speed = 0")  # keeps blue in the fight
WEAK = """
[classes.weak]
name = "Weak sloop"
base = { length = 1.25, width = 0.5 }
speed = 3
batteries = { short = 1 }
hull_boxes = 9
masts = 9
marines = 0
morale = 1
morale_factor = 2
"""


def alongside(tmp_path, rigged=None, ships=CROSSING, **kw):
    """a collides with b in phase I and comes alongside (to b's port, facing S); phase
    I's fire step, red to declare."""
    g = hf_game(tmp_path, ships, rigged, **kw)
    g.play("orders a F F F F F")
    g.play("orders " + " ".join(f"{s[0]} - - - - -" for s in ships if s[4] == "blue"))
    g.play("place a opposite")
    return g


# -- morale ---------------------------------------------------------------------------------
def test_hf54_the_default_morale_factor_is_the_templates(tmp_path):
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red", 'roster = "weak"'), RESERVE], classes=WEAK)
    assert g.state.scenario.ruleset.engine.default_factor == 4  # "most crews"
    rep = g.state.scenario.ruleset.ship_report(g.state, "z")
    assert rep["diagram"]["morale_factor"] == 4 and rep["diagram"]["morale"] == "4/4"


# -- marines --------------------------------------------------------------------------------
def test_hf57_marines_fire_at_one_inch_a_six_kills_a_detachment(tmp_path, rigged):
    ships = [("a", 10, 10, 0, "red"), ("b", 11, 10, 0, "blue")]  # 1 in apart
    g = hf_game(tmp_path, ships, rigged)
    g.play("orders a - - - - -")
    g.play("orders b - - - - -")
    g.play("marines a b")
    g.play("end")
    rigged([6, 5])  # a's two detachments: one 6
    g.play("end")
    assert st(g, "b").marines_lost == 1 and st(g, "b").morale_lost == 0


def test_hf57_marines_beyond_one_inch_are_refused(tmp_path):
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), ("b", 11.5, 10, 0, "blue")])
    g.play("orders a - - - - -")
    g.play("orders b - - - - -")
    with pytest.raises(IllegalAction, match="1 inch or less"):
        g.play("marines a b")


# -- boarding -------------------------------------------------------------------------------
def test_hf58_boarding_needs_ships_alongside(tmp_path):
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), ("b", 11, 10, 0, "blue")])
    g.play("orders a - - - - -")
    g.play("orders b - - - - -")
    with pytest.raises(IllegalAction, match="not alongside"):
        g.play("board a b")


def test_hf58_boarding_is_simultaneous_one_attack_a_phase(tmp_path, rigged):
    g = alongside(tmp_path, rigged)
    g.play("board a b")
    with pytest.raises(IllegalAction, match="marines have their orders"):
        g.play("marines a b")  # a detachment boarding may not fire at range
    g.play("end")
    g.play("board b a")
    rigged([6, 2, 6, 6])  # a: one 6; b: two 6s, counted against a's two defenders
    g.play("end")
    assert (st(g, "a").marines_lost, st(g, "b").marines_lost) == (2, 1)


def test_hf58_with_no_defenders_hits_are_morale_and_no_automatic_capture(tmp_path, rigged):
    ships = [
        ("a", 10, 10, 90, "red"),
        ("b", 11.6, 10, 0, "blue", 'roster = "weak"\nstart_speed = 0'),
        RESERVE,
    ]  # noqa: E501
    g = alongside(tmp_path, rigged, ships, classes=WEAK)
    g.play("board a b")
    g.play("end")
    rigged([6, 1, 1])  # a's two detachments: one 6 → a morale hit on b; b's last box: a 1
    ev = g.play("end")
    assert {"morale_check": "b", "why": "boarded", "roll": 1, "strikes_on": 2} in ev
    assert not st(g, "b").struck and not st(g, "b").captured_by


def _prize(tmp_path, rigged):
    ships = [
        ("a", 10, 10, 90, "red"),
        ("b", 11.6, 10, 0, "blue", 'roster = "weak"\nstart_speed = 0'),
        RESERVE,
    ]  # noqa: E501
    g = alongside(tmp_path, rigged, ships, classes=WEAK)
    g.play("board a b")
    g.play("end")
    rigged([6, 1, 3])  # a morale hit; b's roll 3 ≥ factor 2: she strikes
    g.play("end")
    assert st(g, "b").struck and g.state.winner is None
    for _ in range(4):
        quiet_phase(g)
    assert g.state.phase == 6
    return g


def test_hf64_a_prize_crew_sails_her_under_the_captors_morale(tmp_path, rigged):
    g = _prize(tmp_path, rigged)
    g.play("prize a b")
    b = st(g, "b")
    assert b.captured_by == "red" and b.prize_of == "a" and not b.struck
    assert b.morale_lost == 0  # she regains her last (only) box
    assert st(g, "a").marines_lost == 1  # one detachment sails her
    rep = g.state.scenario.ruleset.ship_report(g.state, "b")
    assert rep["diagram"]["morale_factor"] == 4  # a's factor, not her own 2


def test_hf64_only_a_struck_enemy_alongside_is_a_prize(tmp_path, rigged):
    g = _prize(tmp_path, rigged)
    with pytest.raises(IllegalAction, match="not an enemy that has struck"):
        g.play("prize a z")


# -- damage control -------------------------------------------------------------------------
def _rudderless(tmp_path, rigged):
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), ("t", 12, 10, 0, "blue")], rigged)
    g.play("orders a - - - - -")
    g.play("orders t - - - - -")
    g.play("fire a t L1")
    g.play("end")
    rigged([6, 4, 5])  # rudder
    g.play("end")
    for _ in range(4):
        quiet_phase(g)
    g.play("end")  # red has nothing to repair; blue's damage control
    return g


def test_hf65_a_repair_on_5_with_marines_adding_up_to_two(tmp_path, rigged):
    g = _rudderless(tmp_path, rigged)
    rigged([3])  # 3 + 2 detachments = 5: repaired
    ev = g.play("repair t rudder 2")
    assert {"repair": "t", "what": "rudder", "roll": 3, "marines": 2, "repaired": True} in ev
    assert not st(g, "t").rudder and st(g, "t").marines_busy == 2
    with pytest.raises(IllegalAction, match="made her repair attempt"):
        g.play("repair t mast")


def test_hf65_committed_marines_are_lost_until_the_next_damage_control(tmp_path, rigged):
    g = _rudderless(tmp_path, rigged)
    rigged([1])
    g.play("repair t rudder 2")  # 1 + 2 = 3: fails, and the detachments are spent
    assert st(g, "t").rudder
    g.play("end")  # turn 2
    g.play("orders a - - - - -")
    g.play("orders t - - - - -")
    g.play("end")
    with pytest.raises(IllegalAction, match="no marine detachment"):
        g.play("marines t a")
    while g.state.phase != 6:
        g.play("end")  # to damage control: they are back
    assert st(g, "t").marines_busy == 0 and g.state.phase == 6


def test_hf65_a_roll_of_four_alone_fails(tmp_path, rigged):
    g = _rudderless(tmp_path, rigged)
    rigged([4])
    ev = g.play("repair t rudder")
    assert {"repair": "t", "what": "rudder", "roll": 4, "marines": 0, "repaired": False} in ev


# -- sinking ----------------------------------------------------------------------------------
def test_hf68_a_sinking_ship_lingers_her_roll_of_phases(tmp_path, rigged):
    ships = [("a", 10, 10, 0, "red"), ("t", 10.5, 10, 0, "blue"), RESERVE]
    g = hf_game(tmp_path, ships, rigged, fields='plus = ["carronade"]')
    g.play("orders a - - - - -")
    g.play("orders t - - - - - z - - - - -")
    g.play("fire a t C")
    g.play("end")
    rigged([2, 6, 5, 5, 1, 5, 2, 6, 1, 6, 2, 2])  # 7 hull: sinking, 2 phases
    g.play("end")
    assert st(g, "t").sinking == 1 and not st(g, "t").sunk  # one phase gone already
    quiet_phase(g)
    assert st(g, "t").sunk and not g.state.is_grappled("t")


# -- victory ---------------------------------------------------------------------------------
def test_hf67_duel_forcing_the_enemy_to_flee_wins(tmp_path):
    g = hf_game(tmp_path, [("a", 35.5, 10, 90, "red"), ("b", 5, 5, 0, "blue")], wind='"S"')
    g.play("orders a F F F F F")
    ev = g.play("orders b - - - - -")
    assert {"fled": "a"} in ev and g.state.winner == "blue"


def test_hf67_escape_scores_the_guns_of_escaping_ships(tmp_path):
    # a (batteries 4 a side: 6 × 2 × 4 = 48 guns) leaves the table by the east edge
    opts = 'victory = "escape"\nescaping = "red"'
    g = hf_game(tmp_path, [("a", 35.5, 10, 90, "red"), ("b", 5, 5, 0, "blue")], options=opts)
    g.play("orders a F F F F F")
    ev = g.play("orders b - - - - -")
    assert {"winner": "red", "points": {"red": 48, "blue": 0}} in ev


def _to_turn_end(g: Game) -> list[dict]:
    """Every side ends each fire step and its damage control unmoved until the turn is
    over (the next turn's orders are due) or the game is; the last action's events."""
    ev: list[dict] = []
    turn = g.state.turn
    for _ in range(40):
        if g.state.winner is not None or g.state.turn != turn:
            return ev
        ev = g.play("end")
    raise AssertionError("the turn never ended")


POINTS = 'victory = "points"\nlast_turn = {last}'
FLEEING = [("a", 35.5, 10, 90, "red"), ("c", 5, 20, 0, "red"), ("b", 5, 5, 0, "blue")]


def test_hf67_points_decide_the_battle_when_the_last_turn_is_over(tmp_path):
    # a (4 batteries a side: 6 guns × 2 sides × 4 = 48) flees the table by the east edge
    # in phase I; red's c and blue's b fight on, so the battle goes on to its last turn
    g = hf_game(tmp_path, FLEEING, options=POINTS.format(last=1))
    g.play("orders a F F F F F c - - - - -")
    g.play("orders b - - - - -")
    assert st(g, "a").fled and g.state.winner is None
    ev = _to_turn_end(g)
    assert {"winner": "blue", "why": "turn 1 is over", "points": {"red": 0, "blue": 48}} in ev
    assert g.state.winner == "blue" and g.state.final_turn == 1


def test_hf67_the_battle_goes_on_until_its_last_turn(tmp_path):
    g = hf_game(tmp_path, FLEEING, options=POINTS.format(last=2))
    g.play("orders a F F F F F c - - - - -")
    g.play("orders b - - - - -")
    _to_turn_end(g)
    assert g.state.winner is None and g.state.turn == 2  # turn 2 is still to be fought


def test_hf67_no_points_at_the_last_turn_is_a_draw(tmp_path):
    g = hf_game(tmp_path, [("c", 5, 20, 0, "red"), ("b", 5, 5, 0, "blue")],
                options=POINTS.format(last=1))  # fmt: skip
    g.play("orders c - - - - -")
    g.play("orders b - - - - -")
    ev = _to_turn_end(g)
    assert {"winner": "draw", "why": "turn 1 is over", "points": {"red": 0, "blue": 0}} in ev


def test_hf67_an_escape_ends_on_points_at_its_last_turn(tmp_path):
    # the escaping a is still on the table when turn 1 is over: no escaping guns score,
    # and the blockers struck nothing: drawn (a blocker's flight scores nothing, HF-67)
    opts = 'victory = "escape"\nescaping = "red"\nlast_turn = 1'
    g = hf_game(tmp_path, [("a", 10, 10, 90, "red"), ("b", 35.5, 5, 90, "blue")], options=opts)
    g.play("orders a - - - - -")
    g.play("orders b F F F F F")
    assert st(g, "b").fled and g.state.winner is None  # no blocker left, a still to escape
    ev = _to_turn_end(g)
    assert {"winner": "draw", "why": "turn 1 is over", "points": {"red": 0, "blue": 0}} in ev


# -- hazards ---------------------------------------------------------------------------------
LAND = '\n[[terrain]]\nkind = "land"\nname = "rock"\npolygon = [[11.5, 8], [14, 8], [14, 12], [11.5, 12]]\n'  # noqa: E501


def test_hf69_hf70_land_damages_by_speed_and_beaches(tmp_path):
    ships = [("a", 10, 10, 90, "red", "start_speed = 3"), ("c", 2, 2, 90, "red"), RESERVE]
    g = hf_game(tmp_path, ships, terrain=LAND)
    g.play("orders a F - F - F c - - - - -")
    ev = g.play("orders z - - - - -")
    # bow at 11 + 0.625 = 11.625 ≥ 11.5: aground at speed 3: 3 hull boxes
    assert {"aground": "a", "on": "rock", "speed": 3} in ev
    assert st(g, "a").beached and st(g, "a").hull_lost == 3


def _shallows(level: int, hidden: bool = False, known: str = "") -> str:
    kind = "shoal" if hidden else "shallows"
    known = f'known_to = "{known}"\n' if known else ""
    return (f'\n[[terrain]]\nkind = "{kind}"\nname = "bank"\nlevel = {level}\nhidden = {str(hidden).lower()}\n'  # noqa: E501
            f"{known}polygon = [[10.5, 8], [20, 8], [20, 12], [10.5, 12]]\n")  # fmt: skip


@pytest.mark.parametrize("roll, struck", [(4, False), (5, True)])
def test_hf71_shallows_roll_d6_less_rate_above_the_level(tmp_path, rigged, roll, struck):
    # a 2nd rate in shallows of level 2: d6 − 2 > 2 strikes bottom: 5 does, 4 does not
    ships = [("a", 10, 10, 90, "red", "start_speed = 1"), RESERVE]
    g = hf_game(tmp_path, ships, rigged, rate=2, terrain=_shallows(2))
    g.play("orders a - - F - -")
    g.play("orders z - - - - -")
    quiet_phase(g)
    rigged([roll, 1])  # then the second roll: 1 − 2 ≤ 2, she gets under way
    ev = g.play("end")
    ev += g.play("end")
    assert any(e.get("struck_bottom") == "a" for e in ev) is struck
    assert st(g, "a").hull_lost == (1 if struck else 0)  # 1 per point of speed (1)
    assert not st(g, "a").beached


def test_hf71_a_failed_second_roll_beaches_her(tmp_path, rigged):
    ships = [("a", 10, 10, 90, "red", "start_speed = 1"), RESERVE]
    g = hf_game(tmp_path, ships, rigged, rate=2, terrain=_shallows(2))
    g.play("orders a - - F - -")
    g.play("orders z - - - - -")
    quiet_phase(g)
    rigged([6, 6])
    g.play("end")
    g.play("end")
    assert st(g, "a").beached and pose(g, "a") == (11, 10, 90)


def test_hf72_a_hidden_shoal_is_revealed_when_found(tmp_path, rigged):
    ships = [("a", 10, 10, 90, "red", "start_speed = 1"), RESERVE]
    g = hf_game(tmp_path, ships, rigged, rate=2, terrain=_shallows(3, True, "blue"))
    g.play("orders a - - F - -")
    g.play("orders z - - - - -")
    quiet_phase(g)
    rigged([1])
    g.play("end")
    # charted by blue: red's captain does not know it, nor does the table at large
    g0 = g.state
    assert [t.name for t in g0.seen_by("blue").scenario.terrain] == ["bank"]
    assert g0.seen_by("red").scenario.terrain == () == g0.seen_by(None).scenario.terrain
    ev = g.play("end")
    assert {"revealed": "bank", "level": 3} in ev
    # found: every side knows it now, and a save records it
    assert g.state.revealed == (0,) and g.state.snapshot()["revealed"] == [0]
    assert [t.name for t in g.state.seen_by("red").scenario.terrain] == ["bank"]
    assert "revealed" not in g0.snapshot()  # none found yet: the snapshot as it was


def test_hf72_the_ship_that_finds_a_hidden_shoal_did_not_blunder(tmp_path):
    from tabletop.ai.captain import Decision
    from tabletop.ai.duel import GameResult, _count

    # a red 2nd rate (6 − 2 = 4 tops the level 3: the bank can take her) plotted onto
    # blue's hidden bank; the step that moves her there finds it
    ships = [("a", 9.5, 10, 90, "red", "start_speed = 1"), RESERVE]
    g = hf_game(tmp_path, ships, rate=2, terrain=_shallows(3, True, "blue"))
    g.play("orders a - - F - -")
    g.play("orders z - - - - -")
    opened = g.state  # red plotted knowing nothing of it
    for _ in range(12):  # the steps of one turn: she moves in phase III
        before = g.state
        g.play("end")
        if g.state.revealed:
            break
    after = g.state
    assert after.revealed == (0,) and after.ship("a").pose.x == pytest.approx(9.5 + 1)
    levels = {"red": "captain", "blue": "scripted"}

    def counted(charted: tuple[int, ...] | None) -> list[str]:
        res = GameResult(None, 1)
        _count(res, before, after, Decision("end"), levels, charted=charted)
        assert res.blunders == len(res.notes)
        return res.notes

    # what red knew when it plotted: nothing, so no blunder
    assert counted(opened.revealed) == []
    # read off the state after the find (the count before this ruling), or plotted with
    # the bank found, it is one
    assert counted(None) == counted((0,)) == ["turn 1: a sailed onto shoal"]


def test_hf67_escape_by_another_edge_scores_nothing(tmp_path):
    opts = 'victory = "escape"\nescaping = "red"\nescape_edge = "west"'
    g = hf_game(tmp_path, [("a", 35.5, 10, 90, "red"), ("b", 5, 5, 0, "blue")], options=opts)
    g.play("orders a F F F F F")
    ev = g.play("orders b - - - - -")
    assert {"winner": "draw", "points": {"red": 0, "blue": 0}} in ev


def test_hf13_full_sail_marks_two_mast_circles(tmp_path, rigged):
    # at her top speed (5) with the optional rule, a mast hit (1, 1) marks 2 circles:
    # 2 of 6 is a whole section: top speed 4
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), ("t", 12, 10, 0, "blue")], rigged,
                options="full_sail = true")  # fmt: skip
    g.play("orders a - - - - -")
    g.play("orders t - - - - -")
    g.play("fire a t L1")
    g.play("end")
    rigged([6, 1, 1])
    g.play("end")
    assert st(g, "t").masts_lost == 2 and st(g, "t").speed == 4


@pytest.mark.parametrize(
    "cls, boxes",
    [("second-rate-90", 6), ("third-rate-74", 5), ("fourth-rate-50", 5), ("frigate-36", 4),
     ("sixth-rate-24", 3), ("corvette-20", 2), ("sloop-18", 2), ("brig-16", 2)],
)  # fmt: skip
def test_hf53_morale_boxes_by_rate(cls, boxes):
    roster = tomllib.loads((ROOT / "rosters/hold-fast.toml").read_text())
    assert roster[cls]["morale"] == boxes


@pytest.mark.parametrize("name", ["duel", "escape", "squadrons", "frigates"])
def test_hf73_the_scenarios_play_a_turn(name):
    scn = load_scenario(ROOT / f"scenarios/hold-fast-{name}.toml")
    g = Game.new(scn)
    for _ in g.state.sides:
        g.play("orders")  # nothing plotted: every ship's five phases are "-"
    while g.state.phase:
        g.play("end")
    assert g.state.turn == 2


def test_hf64_gun_crews_man_the_prize_and_leave_the_captor(tmp_path, rigged):
    # the Victory and the Monarca, in small: a sends one detachment to sail her, one
    # more (M) and a short battery's crew (S) to man two of her batteries
    g = _prize(tmp_path, rigged)
    g.play("prize a b S M")
    a, b = st(g, "a"), st(g, "b")
    assert a.marines_lost == 2 and a.batteries_lost == (("port", "short", 1),)
    assert b.manned == 2


def test_hf64_a_prize_fires_only_the_batteries_she_has_crews_for(tmp_path, rigged):
    g = _prize(tmp_path, rigged)
    g.play("prize a b")  # no gun crews: she sails, but cannot fight her guns
    g.play("end")
    g.play("end")
    g.play("orders a - - - - - b - - - - -")
    g.play("orders z - - - - -")
    with pytest.raises(IllegalAction, match="gun crews for 0 batteries"):
        g.play("fire b z S")


def test_hf74_a_hold_fast_game_saves_and_loads(tmp_path):
    seed, actions = read_log(HOVE_TO_LOG)
    game = Game.new(load_scenario(HOVE_TO), seed)
    for a in actions:
        game.play(a)
    game.save(tmp_path / "duel.json")
    again = Game.load(tmp_path / "duel.json")
    assert again.state.snapshot() == game.state.snapshot()


def test_hf71_a_ship_sailing_out_of_shallows_still_rolls(tmp_path, rigged):
    # she starts inside the bank (x 10.5..20) and sails 1 in: a movement phase through it
    ships = [("a", 19.9, 10, 90, "red", "start_speed = 1"), RESERVE]
    g = hf_game(tmp_path, ships, rigged, rate=2, terrain=_shallows(2))
    g.play("orders a - - F - -")
    g.play("orders z - - - - -")
    quiet_phase(g)
    rigged([1])
    g.play("end")
    ev = g.play("end")
    assert {"shallows": "a", "in": "bank", "roll": 1, "rate": 2, "level": 2} in ev


@pytest.mark.parametrize(
    "extra, want",
    [
        ('known_to = "dutch"', "one of blue, red"),  # a side of the scenario
        ("known_to = 3", "a side's name, on hidden terrain"),
    ],
)
def test_hf72_known_to_names_a_side_of_the_scenario(tmp_path, extra, want):
    ships = [("a", 10, 10, 90, "red"), RESERVE]
    terrain = _shallows(3, True) + extra + "\n"
    with pytest.raises(DataErrors) as e:
        hf_game(tmp_path, ships, terrain=terrain)
    assert any(x.path == "terrain[0].known_to" and x.expected == want for x in e.value.errors)


def test_hf72_known_to_only_on_hidden_terrain(tmp_path):
    ships = [("a", 10, 10, 90, "red"), RESERVE]
    with pytest.raises(DataErrors) as e:
        hf_game(tmp_path, ships, terrain=_shallows(3) + 'known_to = "red"\n')
    assert [x.path for x in e.value.errors] == ["terrain[0].known_to"]


def test_hf65_the_action_bar_offers_the_marines_on_a_repair(tmp_path, rigged):
    """Issue 59: the bar offered "repair rudder" only; committing marine detachments
    (+1 each, at most 2) had to be typed.  t's rudder is shot away and she has her 2
    detachments: the bar offers the repair alone and with 1 or 2 of them, each an order
    the engine takes, and nothing to repair but the rudder."""
    from tabletop.view.offers import playable
    from tabletop.view.tools import action_buttons

    g = _rudderless(tmp_path, rigged)
    st = g.state
    offered = playable(st, action_buttons(st.scenario.ruleset.verbs, None, "t"), "t")
    repairs = {b.label: b.action for b in offered if b.action.startswith("repair")}
    assert repairs == {
        "repair rudder": "repair t rudder",
        "repair rudder, marines 1": "repair t rudder 1",
        "repair rudder, marines 2": "repair t rudder 2",
    }


def test_hf65_the_steady_bar_keeps_the_marine_repairs_out_of_its_fixed_places(
    tmp_path, rigged
):
    """The steady bar greys what cannot be played, in fixed places; a repair with
    marines is a variant of a repair, shown only where the engine takes it, after the
    fixed places (else 12 greyed variants stood on the bar all game).  In phase I
    nobody is damaged: none of them; at t's damage control, her two."""
    from tabletop.view.offers import steady

    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), ("t", 12, 10, 0, "blue")], rigged)
    g.play("orders a - - - - -")
    g.play("orders t - - - - -")
    early = [b.label for b, _ in steady(g.state, "a", None)]
    assert not [x for x in early if "marines" in x and x.startswith("repair")]
    g = _rudderless(tmp_path, rigged)
    bar = steady(g.state, "t", None)
    tail = [(b.label, why) for b, why in bar if b.optional]
    assert tail == [("repair rudder, marines 1", None), ("repair rudder, marines 2", None)]
    assert [b.optional for b, _ in bar][-2:] == [True, True]
