"""Escadres (source 002), rule by rule, with scripted dice.

The board: 1.5-inch flat hexes (a hexside faces north).  Facing 0 is north, 1 is 60°,
... clockwise; a ship's stern is the hex astern of her bow.  Axial steps through the
facings: 0 (1,−1), 1 (1,0), 2 (0,1), 3 (−1,1), 4 (−1,0), 5 (0,−1).  The wind is from the
north (it enters through hexside 0) unless said.  Roster (the project's ruling): a 74
has power 9, crew 6, 2 decks, speed 5, 2 turns; a frigate-38 power 5, crew 4, 1 deck,
speed 6, 3 turns; a first rate power 12, crew 8, speed 4, 1 turn.
"""

from __future__ import annotations

import pytest

from tabletop.common.errors import IllegalAction
from tabletop.game.game import replay
from tabletop.game.load import load_scenario

from .conftest import ROOT
from .escadres_helpers import (
    at,
    cup,
    engine,
    game,
    poke,
    random_play,
    rel,
    set_ship,
    text,
)

# Two lone ships far apart: only the drawn ship's moves matter.
DUO = [("a", "third-rate-74", "blue", (0, 0), 1), ("z", "third-rate-74", "red", (20, -10), 4)]


def first(g):
    return next(s for s in g.state.ships if s.active)


# -- the bag ---------------------------------------------------------------------------
def test_bag_a_name_is_drawn_by_a_die_of_as_many_faces_as_tokens(write_scenario, rigged):
    ships = [*DUO, ("b", "frigate-38", "blue", (0, 5), 1)]
    rigged([3])  # three tokens: a d3-like die of 3 faces; 3 → the third in scenario order
    g = game(write_scenario, ships, rigged)
    assert g.opening[0] == {"why": "bag", "dice": [3], "sides": 3}
    assert first(g).id == "b"
    assert g.state.active_side == "blue"


def test_bag_every_ship_plays_once_a_round_then_the_tokens_go_back(write_scenario, rigged):
    rigged([2])  # z first; then the one token left is drawn without a die
    g = game(write_scenario, DUO, rigged)
    assert first(g).id == "z"
    g.play("end")
    assert first(g).id == "a"
    rigged([3, 3, 1])  # end phase: both stopped ships roll for drift, 3 and 3; bag: 1
    ev = g.play("end")
    assert {"end_phase": 1} in ev and {"round": 2} in ev
    assert g.state.turn == 2


def test_only_the_drawn_ship_plays(write_scenario, rigged):
    rigged([1])
    g = game(write_scenario, DUO, rigged)
    with pytest.raises(IllegalAction, match="not playing"):
        g.play("move z F1")


# -- move capacity ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("facing", "attitude", "steps"),
    [
        (2, "A side rear", 5),  # wind enters hexside 0, she faces 2: 120° off: the maximum
        (4, "A side rear", 5),
        (3, "B full rear", 4),  # dead astern: the maximum − 1 = 5 − 1
        (1, "C side front", 3),  # 60° off: 5 / 2 = 2.5, rounded up 3
        (5, "C side front", 3),
        (0, "D full face", 0),
    ],
)
def test_move_capacity_by_wind_attitude(write_scenario, rigged, facing, attitude, steps):
    rigged([1])
    g = game(write_scenario, [("a", "third-rate-74", "blue", (0, 0), facing), DUO[1]], rigged)
    assert first(g).capacity == steps, attitude


def test_capacity_is_fixed_for_her_turn_when_drawn(write_scenario, rigged):
    rigged([1])  # facing 2 (side rear): 5 steps; turning her into the wind changes nothing
    g = game(write_scenario, [("a", "third-rate-74", "blue", (0, 0), 2), DUO[1]], rigged)
    g.play("move a P60 P60")  # now facing 0, head to wind (D), 2 steps used
    g.play("move a F3")  # the other 3 of her 5
    assert first(g).steps == 5
    with pytest.raises(IllegalAction, match="made all 5 of her move steps"):
        g.play("move a F1")


def test_the_preview_agrees_with_the_game_on_what_her_turn_leaves(write_scenario, rigged):
    """The window's preview laid her move from the wind alone: a 74 side rear to the
    wind (5 steps) drawn with two rigging hits has 5 − 2 = 3, yet F5 was shown "legal,
    allowance 5 of 5 hexes" and the game refused it.  Now the preview lays the rest of
    her activation: F3 of 3, F4 not; after F1, F2 of 2 left; and once she has fired no
    move is, for the game's own reason."""
    from tabletop.game.session import Session

    rigged([1])
    g = game(write_scenario, [("a", "third-rate-74", "blue", (0, 0), 2), DUO[1]], rigged)
    poke(g, set_ship(g.state, "a", move_lost=2, capacity=3))
    s = Session(g.state.scenario, g)
    m = s.preview("a", "F3")
    assert (m.legal, m.allowance) == (True, 3)
    m = s.preview("a", "F4")
    assert not m.legal and m.violations == ["4 move steps; she has 3 with the wind A"]
    g.play("move a F1")
    assert s.preview("a", "F2").legal and s.preview("a", "F2").allowance == 3 - 1
    assert not s.preview("a", "F3").legal
    poke(g, set_ship(g.state, "a", fired=("port",)))
    m = s.preview("a", "F1")
    assert not m.legal and m.violations == ["a has fired: her movement is over"]


def test_a_zero_move_ship_is_still(write_scenario, rigged):
    rigged([1])
    g = game(write_scenario, [("a", "third-rate-74", "blue", (0, 0), 0), DUO[1]], rigged)
    with pytest.raises(IllegalAction, match="has no move step this turn"):
        g.play("move a F1")


# -- steps and turns -------------------------------------------------------------------
def test_a_step_ahead_moves_both_hexes_one_hex(write_scenario, rigged):
    rigged([1])
    g = game(write_scenario, DUO, rigged)  # a: bow (0,0) facing 1, stern (−1,0)
    g.play("move a F1")
    st = first(g)
    assert (rel(st.bow), rel(st.stern), st.steps) == ((1, 0), (0, 0), 1)


def test_turning_shifts_the_stern_one_hex_and_costs_a_step(write_scenario, rigged):
    rigged([1])
    g = game(write_scenario, DUO, rigged)  # bow (0,0) facing 1, stern (−1,0)
    g.play("move a S60")  # to starboard: facing 2, the stern shifts to (0,0) − (0,1) = (0,−1)
    st = first(g)
    assert (rel(st.bow), st.facing, rel(st.stern), st.steps) == ((0, 0), 2, (0, -1), 1)
    assert st.pose.heading == pytest.approx(120.0)


def test_turns_in_one_turn_are_limited_by_the_log(write_scenario, rigged):
    rigged([1])  # a 74 makes at most 2 turns
    g = game(write_scenario, [("a", "third-rate-74", "blue", (0, 0), 2), DUO[1]], rigged)
    g.play("move a S60 F1 S60")
    with pytest.raises(IllegalAction, match="2 turns"):
        g.play("move a P60")


def test_a_stopped_ship_goes_one_hex_straight_before_turning(write_scenario, rigged):
    rigged([1])
    g = game(write_scenario, [("a", "third-rate-74", "blue", (0, 0), 2), DUO[1]], rigged)
    poke(g, set_ship(g.state, "a", stopped=True))  # the marker from an earlier round
    with pytest.raises(IllegalAction, match="straight ahead before any turn"):
        g.play("move a S60")
    g.play("move a F1 S60")
    assert first(g).facing == 3


def test_no_move_step_marks_her_stopped(write_scenario, rigged):
    rigged([1])
    g = game(write_scenario, DUO, rigged)
    g.play("end")
    assert g.state.ship("a").stopped
    assert {"ends": "a", "stopped": True} in g.history[-1][2]


def test_blocked_by_an_occupied_hex_she_stops_before_it(write_scenario, rigged):
    ships = [DUO[0], DUO[1], ("b", "frigate-38", "blue", (3, 0), 1)]  # b's stern at (2,0)
    rigged([1])
    g = game(write_scenario, ships, rigged)
    ev = g.play("move a F3")  # (1,0) is free, (2,0) is b's stern: she stops at (1,0)
    st = first(g)
    assert (rel(st.bow), st.steps) == ((1, 0), 1)
    assert {"blocked": "a", "by": "b", "hex": list(at((2, 0)))} in ev
    # now her next hex is b's: a move blocked before a hex is made is refused (it was
    # taken, did nothing, and was logged again at each Enter; the preview called it legal)
    with pytest.raises(IllegalAction, match=r"a is blocked: b holds hex"):
        g.play("move a F1")
    assert first(g).steps == 1


def test_no_ship_sails_off_the_table(write_scenario, rigged):
    rigged([1])  # a on the board's own hex (0,0), by the table's west edge, facing 4 (240°)
    edge = (-31, 8)  # the tests' numbering of the board's (0, 0)
    g = game(write_scenario, [("a", "third-rate-74", "blue", edge, 4), DUO[1]], rigged)
    with pytest.raises(IllegalAction, match="off the table"):
        g.play("move a F1")


# -- drift -----------------------------------------------------------------------------
def _to_end_phase(write_scenario, rigged, ships, rolls):
    """Both ships end their turns without moving (stopped), then the end phase rolls."""
    rigged([1])
    g = game(write_scenario, ships, rigged)
    g.play("end")
    rigged(rolls)
    g.play("end")
    return g


def test_drift_a_stopped_ship_drifts_on_4_5_6_a_part_or_both(write_scenario, rigged):
    # the wind from the north blows south: downwind is hexside 3, the step (−1, 1).
    # a faces 1: bow (0,0), stern (−1,0).  Both drift: (−1,1) and (−2,1), still touching;
    # the bow alone: (−1,1) by the stern (−1,0), touching (facing 2); the stern alone:
    # (−2,1), two hexes from the bow: no.  Rolls: a 4 (drift), z 3 (none).
    g = _to_end_phase(write_scenario, rigged, DUO, [4, 3])
    p = g.state.pending[0]
    assert (p.kind, p.ship, p.side) == ("drift", "a", "blue")
    assert [a.action for a in p.answers] == ["drift a both", "drift a bow"]
    rigged([1])  # round 2's bag
    g.play("drift a both")
    assert (rel(g.state.ship("a").bow), g.state.ship("a").facing) == ((-1, 1), 1)
    assert rel(g.state.ship("z").bow) == (20, -10)
    assert g.state.turn == 2


def test_drift_with_only_one_way_she_drifts_so(write_scenario, rigged):
    # a faces 0 (north), her stern (−1,1) straight downwind of her bow: only both can go
    ships = [("a", "third-rate-74", "blue", (0, 0), 0), DUO[1]]
    g = _to_end_phase(write_scenario, rigged, ships, [6, 3, 1])
    assert rel(g.state.ship("a").bow) == (-1, 1)
    assert g.state.turn == 2


def test_drift_the_player_chooses_the_part(write_scenario, rigged):
    # a faces 2 (120°), bow (0,0), stern (0,−1).  Downwind (−1,1): both → (−1,1) and
    # (−1,0), touching; the bow alone → (−1,1) and (0,−1): two apart, no; the stern alone
    # → (−1,0) by the bow (0,0): touching, facing 1.  So: both or the stern.
    ships = [("a", "third-rate-74", "blue", (0, 0), 2), DUO[1]]
    g = _to_end_phase(write_scenario, rigged, ships, [5, 1])
    p = g.state.pending[0]
    assert [a.action for a in p.answers] == ["drift a both", "drift a stern"]
    rigged([1])  # round 2's bag
    g.play("drift a stern")
    st = g.state.ship("a")
    assert (rel(st.bow), st.facing, rel(st.stern)) == ((0, 0), 1, (-1, 0))
    assert g.state.turn == 2


def test_drift_on_1_2_3_nothing(write_scenario, rigged):
    g = _to_end_phase(write_scenario, rigged, DUO, [3, 1, 1])
    assert rel(g.state.ship("a").bow) == (0, 0)


# -- fire ------------------------------------------------------------------------------
# a 74 at bow (0,0) facing 0 (north), stern (−1,1).  Her starboard zone: the wedge between
# directions 1 and 2 from either hex.  z a 74 at bow (3,0) facing 0, stern (2,1): (3,0) is
# 3 × step 1 from (0,0), and (2,1) − (−1,1) = (3,0) too: 3 hexes apart, 2 between.
FIRE = [("a", "third-rate-74", "blue", (0, 0), 0), ("z", "third-rate-74", "red", (3, 0), 0)]


def _fire(write_scenario, rigged, ships, faces, shot="fire a z"):
    rigged([1])
    g = game(write_scenario, ships, rigged)
    rigged(faces)
    return g, g.play(shot)


def test_fire_dice_are_power_less_the_hexes_between(write_scenario, rigged):
    g, ev = _fire(write_scenario, rigged, FIRE, [1] * 7)
    shot = next(e for e in ev if "shot" in e)
    assert (shot["side"], shot["between"], shot["dice"]) == ("starboard", 2, 9 - 2)


def test_fire_zone_a_target_ahead_is_in_neither_broadside(write_scenario, rigged):
    ships = [
        FIRE[0],
        ("z", "third-rate-74", "red", (2, -4), 0),
    ]  # 4 hexes dead ahead... (2,−4) = 2×(1,−1) + (0,−2)
    rigged([1])
    g = game(write_scenario, ships, rigged)
    with pytest.raises(IllegalAction, match="neither"):
        g.play("fire a z")


def test_no_fire_through_a_friend(write_scenario, rigged):
    # a friend f (frigate) on (1,0) and (2,0)... facing 1 with bow (2,0), stern (1,0);
    # and another friend g on (0,1)... every line from a's hexes to z's crosses one
    ships = [*FIRE, ("f", "frigate-38", "blue", (2, 0), 1), ("g", "frigate-38", "blue", (1, 1), 1)]
    rigged([1])
    g = game(write_scenario, ships, rigged)
    with pytest.raises(IllegalAction, match="no fire through"):
        g.play("fire a z")


def test_an_enemy_between_does_not_stop_fire(write_scenario, rigged):
    ships = [*FIRE, ("e", "frigate-38", "red", (2, 0), 1), ("d", "frigate-38", "red", (1, 1), 1)]
    rigged([1])
    g = game(write_scenario, ships, rigged)
    rigged([1] * 7)
    g.play("fire a z")


def test_enfilade_adds_a_third_rounded_up(write_scenario, rigged):
    # z: bow (0,0) facing 1, pointing along step 1.  a on (3,0) facing 3 with stern (4,−1):
    # (3,0) is dead ahead of z's bow; (4,−1) is 13.9° off it: both within the 30° cone.
    # a's starboard wedge (facing 3+1 = 4: steps (−1,0)..(0,−1)) holds (0,0): 3 hexes off.
    ships = [("a", "third-rate-74", "blue", (3, 0), 3), ("z", "third-rate-74", "red", (0, 0), 1)]
    g, ev = _fire(write_scenario, rigged, ships, [1] * 10)
    shot = next(e for e in ev if "shot" in e)
    # 9 power − 2 between = 7; a third of 7 rounded up = 3: 10 dice
    assert (shot["between"], shot["enfilade"], shot["dice"]) == (2, True, 10)


def test_firing_at_a_low_ship_one_die_less(write_scenario, rigged):
    ships = [FIRE[0], ("z", "frigate-38", "red", (3, 0), 0)]
    g, ev = _fire(write_scenario, rigged, ships, [1] * 6)
    shot = next(e for e in ev if "shot" in e)
    assert (shot["low_target"], shot["dice"]) == (True, 9 - 2 - 1)


def test_training_adds_to_the_dice(write_scenario, rigged):
    ships = [(*FIRE[0], "training = 2\n"), FIRE[1]]
    g, ev = _fire(write_scenario, rigged, ships, [1] * 9)
    assert next(e for e in ev if "shot" in e)["dice"] == 9 - 2 + 2


def test_each_broadside_fires_once_and_fire_ends_her_move(write_scenario, rigged):
    g, _ = _fire(write_scenario, rigged, FIRE, [1] * 7)
    with pytest.raises(IllegalAction, match="starboard broadside has fired"):
        g.play("fire a z")
    with pytest.raises(IllegalAction, match="has fired"):
        g.play("move a F1")


# -- damage ----------------------------------------------------------------------------
def test_damage_table_1_2_miss_3_4_power_5_6_crew_and_critical(write_scenario, rigged):
    # 7 dice: 1 2 miss; 3 4: two power; 5: a crew box and a critical (critical die 3:
    # two crew); 6 and 1 ... the 6 rolls its critical next: 4 (two crew)
    faces = [1, 2, 3, 4, 5, 6, 1, 3, 4]
    g, ev = _fire(write_scenario, rigged, FIRE, faces)
    z = g.state.ship("z")
    assert z.power_lost == 2
    assert z.crew_lost == 1 + 2 + 1 + 2  # crew 6: all gone
    assert z.struck


def test_critical_table_5_fire_6_mega(write_scenario, rigged):
    # one die at a time: a 5 (crew, critical: 5 → a fire); the rest miss
    g, _ = _fire(write_scenario, rigged, FIRE, [5, 1, 1, 1, 1, 1, 1, 5])
    assert g.state.ship("z").fires == 1


@pytest.mark.parametrize(
    ("mega", "extra", "check"),
    [
        (1, [4], lambda z: (z.power_lost, z.fires) == (4, 1)),  # 1d6 power (4) + a fire
        (2, [3], lambda z: z.crew_lost == 1 + 3),  # 1d6 crew (3), after the 5's crew box
        (3, [], lambda z: z.move_lost == 1),  # rigging: a move less for good
        (4, [], lambda z: z.turns_lost == 1),  # steering: a turn less for good
        (5, [], lambda z: z.becalmed),  # her next move 0
        (6, [4], lambda z: z.out == "burst"),  # major explosion, 4-6: the magazine
        (6, [2, 3, 3, 2], lambda z: (z.power_lost, z.fires) == (6, 1)),  # 1-3: 2d6 + 1d3
    ],
)
def test_mega_critical_table(write_scenario, rigged, mega, extra, check):
    # the first die a 5 (crew + critical), its critical a 6 (mega), then the mega die;
    # the other 6 gunfire dice miss.  A D3 is a d6 halved, rounded up: 2 → 1.
    g, _ = _fire(write_scenario, rigged, FIRE, [5, 1, 1, 1, 1, 1, 1, 6, mega, *extra])
    assert check(g.state.ship("z"))


def test_excess_damage_is_lost(write_scenario, rigged):
    rigged([1])
    g = game(write_scenario, FIRE, rigged)
    state = set_ship(g.state, "z", crew_lost=5)  # one crew box left
    ev: list = []
    state = engine().effects(state, "z", (("crew", 2),), "gunfire", cup(rigged), ev)
    assert state.ship("z").crew_lost == 6
    assert {"crew_lost": "z", "boxes": 1} in ev


def test_no_power_left_she_strikes_and_her_hull_is_half_her_power(write_scenario, rigged):
    rigged([1])
    g = game(write_scenario, FIRE, rigged)
    state = engine().effects(g.state, "z", (("power", 9),), "gunfire", cup(rigged), [])
    z = state.ship("z")
    assert z.struck and z.out is None
    rep = state.scenario.ruleset.ship_report(state, "z")
    assert rep["hull_points"] == "5/5"  # 9 / 2 = 4.5, rounded up


def test_57_5_excess_power_damage_from_gunfire_is_lost_not_put_on_the_hull(
    write_scenario, rigged
):
    """Issue 57, clause 5 (SPEC §4, Escadres): "excess power (or crew) damage is lost";
    hull points go only to leaks and fires.  z (power 9, hull 9 / 2 = 4.5 → 5) takes a
    volley's results, power 9, then 1, then 2 (each die its own): the 9 take her power
    (she strikes), the other 3 are lost, not put on her hull (they were: 1 + 2 = 3 hull
    points gone), and no message says a gunfire hit burned a hull point.  Debris alike."""
    for source in ("gunfire", "debris"):
        rigged([1])
        g = game(write_scenario, FIRE, rigged)
        ev: list = []
        hits = (("power", 9), ("power", 1), ("power", 2))
        state = engine().effects(g.state, "z", hits, source, cup(rigged), ev)
        z = state.ship("z")
        assert (z.power_lost, z.hull_lost, z.struck, z.out) == (9, 0, True, None)
        assert not any("hull_lost" in e or "burst" in str(e) for e in ev), ev


def test_57_5_a_fire_still_burns_the_hull_once_her_power_is_gone(write_scenario, rigged):
    """Fire takes hull points (SPEC: hull goes to fires): a struck z with no power left
    and 4 of 5 hull points gone burns her last one to a fire's power result (a 3 on the
    gunfire table) and bursts out: "her last hull point burned" is said of fire alone."""
    state = set_ship(
        _state(write_scenario, rigged), "z", fires=1, power_lost=9, hull_lost=4, struck=True
    )
    rigged([3] + [1] * 20)  # the fire's die: 3, a power result; debris dice miss
    ev: list = []
    state = engine().fires_and_leaks(state, cup(rigged), ev)
    assert (state.ship("z").hull_lost, state.ship("z").out) == (5, "burst")


def test_a_struck_ship_may_not_be_fired_at(write_scenario, rigged):
    rigged([1])
    g = game(write_scenario, FIRE, rigged)
    poke(g, set_ship(g.state, "z", struck=True))
    with pytest.raises(IllegalAction, match="struck"):
        g.play("fire a z")


# -- fires, leaks, sinking, bursting out -----------------------------------------------
def _state(write_scenario, rigged, ships=FIRE, **kw):
    rigged([1])
    return game(write_scenario, ships, rigged, **kw).state


def test_fire_burns_a_damage_die_then_is_put_out_on_4_or_more(write_scenario, rigged):
    state = set_ship(_state(write_scenario, rigged), "z", fires=2)
    rigged([3, 1, 6, 4])  # burns: 3 (power), 1 (miss); fought: 6 out, 4 out
    state = engine().fires_and_leaks(state, cup(rigged), [])
    z = state.ship("z")
    assert (z.power_lost, z.fires) == (1, 0)


def test_firefighting_a_1_always_fails_and_training_counts(write_scenario, rigged):
    ships = [FIRE[0], (*FIRE[1], "training = 2\n")]
    state = set_ship(_state(write_scenario, rigged, ships), "z", fires=2)
    rigged([1, 1, 1, 2])  # burns: two misses; fought: 1 fails (even +2), 2 + 2 = 4 out
    z = engine().fires_and_leaks(state, cup(rigged), []).ship("z")
    assert z.fires == 1


def test_no_crew_no_firefighting(write_scenario, rigged):
    state = set_ship(_state(write_scenario, rigged), "z", fires=1, crew_lost=6, struck=True)
    rigged([1])  # the fire's die misses; no firefighting roll follows
    ev: list = []
    state = engine().fires_and_leaks(state, cup(rigged), ev)
    assert state.ship("z").fires == 1
    assert {"fires_burn_on": "z", "why": "no crew to fight them"} in ev


def test_fire_taking_the_last_power_bursts_her_out(write_scenario, rigged):
    state = set_ship(_state(write_scenario, rigged), "z", fires=1, power_lost=8)
    rigged([3] + [1] * 20)  # power → 0 by fire: she bursts out; debris dice miss
    state = engine().fires_and_leaks(state, cup(rigged), [])
    assert state.ship("z").out == "burst"


def test_leak_on_a_6_takes_a_hull_point_and_the_last_sinks_her(write_scenario, rigged):
    state = set_ship(_state(write_scenario, rigged), "z", power_lost=9, struck=True, hull_lost=4)
    rigged([5])  # a 74 (74 guns, trained 0): a leak only on a 6
    assert engine().fires_and_leaks(state, cup(rigged), []).ship("z").hull_lost == 4
    rigged([6])
    z = engine().fires_and_leaks(state, cup(rigged), []).ship("z")
    assert (z.hull_lost, z.out) == (5, "sunk")


def test_leak_small_ship_or_bad_training_on_5_storm_one_sooner(write_scenario, rigged):
    ships = [FIRE[0], ("z", "corvette-20", "red", (3, 0), 0)]
    state = set_ship(_state(write_scenario, rigged, ships), "z", power_lost=3, struck=True)
    assert engine().leak_need(state, "z") == 5  # 20 guns or fewer
    stormy = _state(write_scenario, rigged, ships, strength="storm")
    assert engine().leak_need(stormy, "z") == 4
    assert engine().leak_need(stormy, "a") == 5
    bad = _state(write_scenario, rigged, [FIRE[0], (*FIRE[1], "training = -1\n")])
    assert engine().leak_need(bad, "z") == 5


def test_bursting_out_debris_dice_are_power_over_hexes(write_scenario, rigged):
    # z (power 9) bursts; a is 3 hexes off (the target's hex counted): 9 // 3 = 3 dice
    # on the debris table: 2 fire, 3 power, 5 crew.
    state = _state(write_scenario, rigged)
    rigged([2, 3, 5])
    ev: list = []
    state = engine().burst(state, "z", "test", cup(rigged), ev)
    a = state.ship("a")
    assert {"damage": "a", "table": "debris", "dice": [2, 3, 5]} in ev
    assert (a.fires, a.power_lost, a.crew_lost) == (1, 1, 1)
    assert state.ship("z").out == "burst"


def test_bursting_out_debris_stops_at_an_occupied_hex(write_scenario, rigged):
    ships = [*FIRE, ("f", "frigate-38", "blue", (2, 0), 1), ("g", "frigate-38", "blue", (1, 1), 1)]
    state = _state(write_scenario, rigged, ships)
    rigged([1] * 20)
    ev: list = []
    engine().burst(state, "z", "test", cup(rigged), ev)
    assert not any(e.get("damage") == "a" for e in ev)  # a is screened by f and g


# -- victory ---------------------------------------------------------------------------
def test_victory_a_side_that_lost_more_than_half_its_ships_loses(write_scenario, rigged):
    ships = [*FIRE] + [(k, "frigate-38", "red", (10, 2 * i), 0) for i, k in enumerate("yxw")]
    state = _state(write_scenario, rigged, ships)
    half = set_ship(set_ship(state, "z", struck=True), "y", out="sunk")
    assert engine().winner(half, []).winner is None  # 2 of red's 4: not more than half
    more = set_ship(half, "x", out="burst")
    assert engine().winner(more, []).winner == "blue"


# -- the table -------------------------------------------------------------------------
def test_ships_are_snapped_onto_two_hexes_at_load(write_scenario):
    base = text(FIRE)
    # nudge a's x by a tenth of an inch and her heading by 20°: she stands where she was
    moved = base.replace("heading = 0.0", "heading = 20.0", 1)
    scn = load_scenario(write_scenario(moved))
    exact = load_scenario(write_scenario(base, "b.toml"))
    assert scn.ship("a").pose == exact.ship("a").pose


@pytest.mark.slow
def test_the_two_fleet_game_replays_identically_over_200_seeds():
    """A whole game per seed, played by a seeded random player and replayed from its
    log: the same state and events as when it was played, the bag's draws included."""
    scn = load_scenario(ROOT / "scenarios/escadres-two-fleets.toml")
    for seed in range(200):
        played = random_play(scn, seed)
        again = replay(scn, [str(a) for a in played.actions], seed)
        assert again.state.snapshot() == played.state.snapshot()
        assert again.events == played.events
