"""The modified Trafalgar rules, clause by clause, played through the engine.

Each test names the clause of source 001 (or the SPEC ruling) it checks.  Dice are
scripted where the clause is about what a roll does: ``rigged([...])`` makes the next
rolls come out as listed, in order.

Tables: boxes 8 × 2.5 with a 6 gun deck, light guns 3 a side, speed 15, turns 2,
command 5, crew 4, hull track ".C.G.R.CG" (8 boxes), masts fore 2 / main 2.  Wind from
the north.  "a" is British, "b" French.
"""

from __future__ import annotations

import math

import pytest

from tabletop.common.errors import IllegalAction
from tabletop.engine.core import apply
from tabletop.engine.state import initial_state
from tabletop.game.game import Game
from tabletop.game.load import load_scenario
from tabletop.game.report import event_text
from tabletop.referee.movement import preview

from .conftest import SCENARIOS
from .helpers import table

FIELDS = 'crew = 4\ndamage = ".C.G.R.CG"\nmasts = { fore = 2, main = 2 }'


def game(tmp_path, ships, **kw) -> Game:
    kw.setdefault("fields", FIELDS)
    return Game.new(table(tmp_path, ships, **kw))


def rolls(events, why: str) -> list[int]:
    return [d for e in events if "dice" in e and why in str(e.get("why", "")) for d in e["dice"]]


# ---- moving ------------------------------------------------------------------------


def test_inertia_2cm_straight_before_any_turn(tmp_path):
    g = game(tmp_path, [("a", 50, 50, 90, "british"), ("b", 150, 150, 30, "french")])
    with pytest.raises(IllegalAction, match="inertia"):
        g.play("move a S30 F18")


def test_full_allowance_unless_luffing_and_fire_as_she_bears(tmp_path):
    # a reaching (θ 90): 4/3 × 15 = 20 to sail.  She may stop after 10 to fire, then
    # sail the other 10; the turn may not end until all 20 are sailed.
    g = game(tmp_path, [("a", 50, 50, 90, "british"), ("b", 150, 150, 30, "french")])
    g.play("move a F10")
    with pytest.raises(IllegalAction, match="full allowance of 20"):
        g.play("end")
    g.play("move a F10")
    g.play("end")
    assert g.state.active_side == "french"
    assert g.state.ship("a").last_distance == pytest.approx(20)


def test_no_moving_into_the_wind_unless_luffing_or_tacking(tmp_path):
    g = game(tmp_path, [("a", 50, 50, 90, "british"), ("b", 150, 150, 30, "french")])
    with pytest.raises(IllegalAction, match="luffing sector"):
        g.play("move a F2 P45 F10")


def test_luffing_reduces_movement_as_desired(tmp_path):
    # heading 30: θ 30, luffing: any distance up to 2/3 × 15 = 10, none included
    g = game(tmp_path, [("a", 50, 50, 30, "british"), ("b", 150, 150, 30, "french")])
    g.play("move a L3")
    g.play("end")
    assert g.state.ship("a").last_distance == pytest.approx(3)


def test_turns_as_allowed_on_the_roster(tmp_path):
    g = game(tmp_path, [("a", 50, 50, 180, "british"), ("b", 150, 150, 30, "french")])
    with pytest.raises(IllegalAction, match="3 turns; the roster allows 2"):
        g.play("move a F2 S10 F1 S10 F1 S10 F1")


# ---- tacking -----------------------------------------------------------------------


def test_tack_only_from_beating(tmp_path):
    g = game(tmp_path, [("a", 50, 50, 100, "british"), ("b", 150, 150, 30, "french")])
    with pytest.raises(IllegalAction, match="only from beating"):
        g.play("move a F2 T")


def test_tack_over_two_turns(tmp_path):
    # turn 1: inertia 2, pivot about the centre until the bow points into the wind (0),
    # movement ends.  Turn 2: placed close-hauled (θ 60) on the tack chosen, and ends.
    g = game(tmp_path, [("a", 50, 50, 70, "british"), ("b", 150, 150, 30, "french")])
    g.play("move a F2 T")
    a = g.state.ship("a")
    assert a.pose.heading == pytest.approx(0) and a.tacking
    assert a.pose.x == pytest.approx(50 + 2 * math.sin(math.radians(70)))
    with pytest.raises(IllegalAction, match="movement has ended"):
        g.play("move a F5")
    g.play("end")  # a tacking ship owes no more movement
    g.play("end")  # the French turn
    with pytest.raises(IllegalAction, match="half-way through a tack"):
        g.play("move a F5")
    g.play("tack a starboard")  # wind over the starboard side: heading 0 − 60 = 300
    assert g.state.ship("a").pose.heading == pytest.approx(300)
    g.play("end")


def test_the_tack_offered_to_a_captain_leads_where_the_engine_puts_her(tmp_path):
    # her fan leaves the tack out (it ends head to wind, done next turn); turnabouts
    # says where it leads: beating at heading 70 (θ 70, the wind over her port side),
    # 2 of inertia ahead, then close-hauled on the other tack, 0 − 60 = 300
    g = game(tmp_path, [("a", 50, 50, 70, "british"), ("b", 150, 150, 30, "french")])
    rs = g.state.scenario.ruleset
    [(text, pose, chance)] = rs.advice.turnabouts(g.state, "a")
    assert (text, chance) == ("move a F2 T", 1.0)  # never fired on, undamaged: no check
    assert (pose.x, pose.y) == pytest.approx(
        (50 + 2 * math.sin(math.radians(70)), 50 + 2 * math.cos(math.radians(70)))
    )
    assert pose.heading == pytest.approx(300)
    g.play(text)
    assert rs.advice.turnabouts(g.state, "a") == []  # her move is made: nothing more to begin
    g.play("end")
    g.play("end")
    g.play("tack a starboard")
    a = g.state.ship("a").pose
    assert (a.x, a.y, a.heading) == pytest.approx((pose.x, pose.y, pose.heading))
    g.play("end")
    g.play("end")
    assert rs.advice.turnabouts(g.state, "a") == []  # no tacking on successive turns
    # reaching (θ 100) a tack may not start; on the starboard tack (heading 290, θ 70)
    # it leads to the port one, 0 + 60
    g = game(tmp_path, [("a", 50, 50, 100, "british"), ("b", 150, 150, 290, "french")])
    assert g.state.scenario.ruleset.advice.turnabouts(g.state, "a") == []
    [(_, pose, _)] = g.state.scenario.ruleset.advice.turnabouts(g.state, "b")
    assert pose.heading == pytest.approx(60)
    # fired on, the command check: 2d6 + 5 > 10, so 2d6 ≥ 6, 26 of the 36 throws
    from dataclasses import replace

    st = g.state.ship("b")
    [(_, _, chance)] = rs.advice.turnabouts(g.state.with_ship(replace(st, fired_on=True)), "b")
    assert chance == pytest.approx(26 / 36)


def test_no_tacking_on_successive_turns(tmp_path):
    g = game(tmp_path, [("a", 50, 50, 70, "british"), ("b", 150, 150, 30, "french")])
    for act in ("move a F2 T", "end", "end", "tack a starboard", "end", "end"):
        g.play(act)
    # turn 3: she completed a tack on turn 2 and is beating (θ 60) again
    with pytest.raises(IllegalAction, match="successive turns"):
        g.play("move a F2 T")


def test_tack_needs_no_check_unless_fired_on(tmp_path):
    g = game(tmp_path, [("a", 50, 50, 70, "british"), ("b", 150, 150, 30, "french")])
    events = g.play("move a F2 T")
    assert not any("check" in e for e in events)


def _under_fire(tmp_path):
    """a beats (heading 65, θ 65: 2/3 × 15 = 10) and b, luffing and lying still, fires on
    her.  b stands 15 out on the line square off her port beam: a's new centre is at
    (50 + 10 sin 65°, 50 + 10 cos 65°); b's port side faces bearing 30 − 90 = 300."""
    ax, ay = 50 + 10 * math.sin(math.radians(65)), 50 + 10 * math.cos(math.radians(65))
    bx, by = ax + 15 * math.sin(math.radians(120)), ay + 15 * math.cos(math.radians(120))
    g = game(tmp_path, [("a", 50, 50, 65, "british"), ("b", bx, by, 30, "french")])
    g.play("move a F10")
    g.play("end")
    events = g.play("fire b a")
    assert events[1]["side"] == "port"
    g.play("end")
    assert g.state.ship("a").fired_on
    return g


def test_tack_under_fire_needs_a_command_check(tmp_path, rigged):
    g = _under_fire(tmp_path)
    g.dice = rigged.cup
    rigged([6, 6])  # 6 + 6 + 5 = 17 > 10
    events = g.play("move a F2 T")
    assert [e["passed"] for e in events if "check" in e] == [True]
    assert g.state.ship("a").tacking


def test_failed_tack_is_left_to_the_opponent(tmp_path, rigged):
    g = _under_fire(tmp_path)
    g.dice = rigged.cup
    rigged([1, 2])  # 1 + 2 + 5 = 8: fails
    g.play("move a F2 T")
    assert g.state.pending[0].kind == "irons_or_luffing" and g.state.pending[0].side == "french"
    g.play("choose a luffing")
    assert g.state.ship("a").luffing and not g.state.ship("a").tacking


def test_fired_on_is_forgotten_after_her_own_turn(tmp_path):
    g = _under_fire(tmp_path)
    g.play("move a F10")  # she sails on, beating: 2/3 × 15 = 10
    g.play("end")
    assert not g.state.ship("a").fired_on


def test_command_check_is_2d6_plus_command_over_10(tmp_path, rigged):
    g = game(tmp_path, [("a", 50, 50, 30, "british"), ("b", 150, 150, 30, "french")])
    # a is luffing (θ 30); recovering needs a command check: 2 + 3 + 5 = 10, not > 10
    g.dice = rigged.cup
    rigged([2, 3])
    events = g.play("recover a port")
    check = next(e for e in events if "check" in e)
    assert check["total"] == 10 and not check["passed"]
    assert g.state.pending and g.state.pending[0].side == "french"
    g.undo()
    rigged([2, 4])  # 2 + 4 + 5 = 11 > 10: passes
    g.play("recover a port")
    assert g.state.ship("a").pose.heading == pytest.approx(60)  # close-hauled, wind over port


def test_failed_check_leaves_her_in_irons_or_luffing_at_the_opponents_choice(tmp_path, rigged):
    g = game(tmp_path, [("a", 50, 50, 30, "british"), ("b", 150, 150, 30, "french")])
    g.dice = rigged.cup
    rigged([1, 1])
    g.play("recover a port")
    with pytest.raises(IllegalAction, match="waiting for french"):
        g.play("end")
    g.play("choose a irons")
    a = g.state.ship("a")
    assert a.in_irons and a.pose.heading == pytest.approx(0)  # pointing into the wind
    g.play("end")
    g.play("end")
    # in irons she does not move, not even the 2 cm of inertia
    with pytest.raises(IllegalAction, match="in irons"):
        g.play("move a F2")
    g.play("end")  # and owes no movement


def test_luffing_choice_falls_off_into_the_luffing_sector(tmp_path, rigged):
    g = game(tmp_path, [("a", 50, 50, 30, "british"), ("b", 150, 150, 30, "french")])
    g.dice = rigged.cup
    rigged([1, 1])
    g.play("recover a port")
    g.play("choose a luffing")
    a = g.state.ship("a")
    # half-way into the luffing sector (60 / 2 = 30° off the wind) on her own side
    assert a.luffing and a.pose.heading == pytest.approx(30)


# ---- collisions ----------------------------------------------------------------------


def _closing(tmp_path, **kw):
    """a sails east at (30, 50), reaching (20 to sail); b lies across her path at x = 45,
    heading 30 (luffing, so she may lie still).  a's bow is at x = 34."""
    return game(tmp_path, [("a", 30, 50, 90, "british"), ("b", 45, 50, 30, "french")], **kw)


def test_ramming_needs_a_command_check_then_the_target_may_stand(tmp_path, rigged):
    g = _closing(tmp_path)
    g.dice = rigged.cup
    rigged([6, 6])
    events = g.play("ram a b F20")
    hit = next(e for e in events if "collision" in e)
    assert hit["with"] == "b"
    assert g.state.pending[0].kind == "avoid_or_stand" and g.state.pending[0].side == "french"
    g.play("stand b")
    assert g.state.is_grappled("a", "b")
    g.play("end")  # her movement ended at the contact: nothing more is owed


def test_failed_ram_check_comes_up_alongside_without_grappling(tmp_path, rigged):
    g = _closing(tmp_path)
    g.dice = rigged.cup
    rigged([1, 1])
    events = g.play("ram a b F20")
    assert any("no_collision" in e for e in events)
    assert not g.state.is_grappled("a", "b") and not g.state.pending


def test_avoiding_needs_a_check_and_at_most_half_movement(tmp_path, rigged):
    g = _closing(tmp_path)
    g.dice = rigged.cup
    rigged([6, 6])
    g.play("ram a b F20")
    # b is luffing: 2/3 × 15 = 10, so an avoiding move is at most 5
    with pytest.raises(IllegalAction, match="at most half her movement: 5"):
        g.play("avoid b F5.5")
    rigged([6, 6])
    g.play("avoid b F5")
    assert not g.state.is_grappled("a", "b")
    assert g.state.ship("b").pose.y == pytest.approx(50 + 5 * math.cos(math.radians(30)))


def test_57_1_a_plain_move_into_an_enemy_base_is_refused_and_a_ram_is_the_way(rigged):
    """Issue 57, clause 1 (SPEC §4, Trafalgar collisions): "the moving ship may choose to
    collide, must pass a command check" -- a plain move that meets another base is a
    collision she did not order.  The frigate duel: amazon at (50, 50) heading 90, wind
    from the north, θ 90 (reaching): 4/3 × 17 = 22.6667 cm = 2 of inertia + a 30° port
    arc (radius 6: 6 × π/6 = 3.1416) + 17.5251.  After the turn she heads 60 and runs
    into loire's base (at x 64, y 58) 15.65 cm along the path.  The engine refuses the
    move and changes nothing; the `move` query calls it illegal for the same reason;
    the same path ordered as a ram is taken, with its command check (2d6 + 5 > 10)."""
    scn = load_scenario(SCENARIOS / "frigate-duel.toml")
    g = Game.new(scn)
    g.dice = rigged.cup
    before = g.state
    with pytest.raises(IllegalAction, match="meets loire's base after 15.65 cm.*order a ram"):
        g.play("move amazon F2 P30 F17.5251")
    assert g.state == before
    ruling = preview(scn, "amazon", "F2 P30 F17.5251")
    assert not ruling.legal and ruling.collision_with == "loire"
    assert any("order a ram" in v for v in ruling.violations)
    rigged([3, 3])  # 3 + 3 + 5 = 11 > 10: she collides
    events = g.play("ram amazon loire F2 P30 F17.5251")
    assert rolls(events, "to collide with loire") == [3, 3]
    assert next(e for e in events if "collision" in e)["with"] == "loire"


def test_57_1_a_plain_move_into_an_own_ship_is_refused_when_another_avoids_her(tmp_path):
    """Clause 1, own ships: "collision with own ship if unavoidable".  a (30, 50)
    reaching east (θ 90: 4/3 × 15 = 20 cm); c, her own side, lies athwart her path
    centred at x 45 (her base turned 30°, so it reaches below x 43).  Straight on, her
    bow (at x 34) meets it within 9 of the 20 cm: refused.  Her fan holds moves that
    turn away clear of c, and the engine takes the first of them."""
    g = game(
        tmp_path,
        [("a", 30, 50, 90, "british"), ("c", 45, 50, 30, "british"), ("b", 150, 150, 30, "french")],
    )
    with pytest.raises(IllegalAction, match="meets c's base.*only when no move avoids it"):
        g.play("move a F20")
    fan = g.state.scenario.ruleset.advice.fan_now(g.state, "a", 6)
    assert len(fan) > 0
    g.play(f"move a {fan.path(0)}")
    assert not any("collision" in e for e in g.events)


def test_57_1_an_unavoidable_collision_with_an_own_ship_needs_no_check(tmp_path):
    """Clause 1, unavoidable: every move starts with 2 cm straight ahead (inertia).  a at
    (30, 50) heading 90 has her bow at 30 + 8/2 = 34; c, her own side, heads 0 at
    x 35.5, her base 2.5 wide spanning x 34.25..36.75 and y 46..54, across a's bow
    0.25 cm ahead.  Every path meets c within the inertia, so her fan is empty and the
    move is hers to make: she collides at the first contact, 0.25 cm on, her move ends,
    and no die is rolled (a chosen collision's command check is the ram's)."""
    g = game(
        tmp_path,
        [
            ("a", 30, 50, 90, "british"),
            ("c", 35.5, 50, 0, "british"),
            ("b", 150, 150, 30, "french"),
        ],
    )
    assert len(g.state.scenario.ruleset.advice.fan_now(g.state, "a", 6)) == 0
    ruling = preview(g.state.table(), "a", "F20")
    assert ruling.legal and ruling.collision_with == "c"
    events = g.play("move a F20")
    hit = next(e for e in events if "collision" in e)
    assert (hit["with"], hit["at"]) == ("c", pytest.approx(0.25, abs=1e-3))
    assert not any("dice" in e for e in events)
    assert g.state.ship("a").done
    g.play("end")  # her movement ended at the contact: nothing more is owed


# ---- boarding ------------------------------------------------------------------------


def _grappled(tmp_path, rigged, **kw):
    g = _closing(tmp_path, **kw)
    g.dice = rigged.cup
    rigged([6, 6])
    g.play("ram a b F20")
    g.play("stand b")
    return g


def test_boarding_roll_and_the_loser_loses_a_crew(tmp_path, rigged):
    g = _grappled(tmp_path, rigged)
    # boarder 2d6 + 1 (her party of one crew box is crossed off as it goes);
    # defender 2d6 + half her remaining crew (4 // 2 = 2).  5 + 1 = 6 beats 1 + 1 + 2 = 4.
    rigged([2, 3, 1, 1])
    events = g.play("board a b")
    fight = next(e for e in events if "boarding" in e)
    assert (fight["attack"], fight["defence"], fight["loser"]) == (6, 4, "b")
    assert g.state.ship("a").crew_lost == 1 and g.state.ship("b").crew_lost == 1
    with pytest.raises(IllegalAction, match="already sent a boarding party"):
        g.play("board a b")


def test_boarding_tie_nobody_loses(tmp_path, rigged):
    g = _grappled(tmp_path, rigged)
    rigged([1, 2, 1, 1])  # 3 + 1 = 4 against 1 + 1 + 2 = 4
    events = g.play("board a b")
    assert next(e for e in events if "boarding" in e)["loser"] is None
    assert g.state.ship("b").crew_lost == 0


def test_only_a_defender_who_won_may_counter_board_and_a_ship_with_no_crew_strikes(
    tmp_path, rigged
):
    # crew 4 each.  a's party fails: 2 + 1 = 3 against 12 + 4 // 2 = 14.  The party was
    # her one box at stake: a failed party costs 1 box, nothing more (design notes).
    g = _grappled(tmp_path, rigged)
    rigged([1, 1, 6, 6])
    g.play("board a b")
    assert (g.state.ship("a").crew_lost, g.state.ship("b").crew_lost) == (1, 0)
    g.play("end")
    # b won her defence: she may counter-board.  12 + 1 = 13 against 1 + 1 + 3 // 2 = 3
    rigged([6, 6, 1, 1])
    g.play("board b a")
    assert (g.state.ship("a").crew_lost, g.state.ship("b").crew_lost) == (2, 1)
    g.play("end")
    # a lost that defence: she may not counter-board b
    with pytest.raises(IllegalAction, match="only a defender who won may counter-board"):
        g.play("board a b")
    g.play("end")
    # b, the boarder now, goes on sending a party: 13 against 1 + 1 + 2 // 2 = 3
    rigged([6, 6, 1, 1])
    g.play("board b a")
    assert (g.state.ship("a").crew_lost, g.state.ship("b").crew_lost) == (3, 2)
    g.play("end")
    g.play("end")
    # 13 against 1 + 1 + 1 // 2 = 2: a's last crew box goes and she strikes to b
    rigged([6, 6, 1, 1])
    events = g.play("board b a")
    struck = next(e for e in events if "struck" in e)
    assert struck == {"struck": "a", "why": "no crew left", "captured_by": "french"}
    assert g.state.ship("b").crew_lost == 3 and not g.state.ship("b").struck
    assert g.state.winner == "french"
    with pytest.raises(IllegalAction, match="game is over"):
        g.play("end")


def test_boarding_if_able_needs_a_crew_box_to_spare(tmp_path, rigged):
    # a boarder with one crew box left cannot send a party: a winning boarder is never
    # struck by her own party's last box
    g = _grappled(tmp_path, rigged, fields=FIELDS.replace("crew = 4", "crew = 1"))
    with pytest.raises(IllegalAction, match="no crew box to spare"):
        g.play("board a b")
    assert g.state.ship("a").crew_lost == 0


def test_gunfire_is_halved_while_boarding(tmp_path):
    from dataclasses import replace

    from tabletop.rules.trafalgar.game import TrafalgarGame

    g = _abeam(tmp_path)
    rules = TrafalgarGame(g.state.scenario.ruleset)
    assert rules.fire_plan(g.state, "a", "b", False)["groups"] == [("light", 3)]
    boarding = replace(g.state, grappled=(("a", "b"),), boarding=(("a", "b"),))
    assert rules.fire_plan(boarding, "a", "b", False)["groups"] == [("light", 2)]  # ⌈3/2⌉


def test_cut_loose(tmp_path, rigged):
    g = _grappled(tmp_path, rigged)
    rigged([6, 6])
    g.play("cut a")
    assert not g.state.is_grappled("a")


# ---- fire ----------------------------------------------------------------------------


def _abeam(tmp_path, **kw):
    """a at (30, 30) heading 30 (luffing: she may lie still), b 12.5 off her starboard beam."""
    bx = 30 + (1.25 + 12.5 + 1.25) * math.sin(math.radians(120))
    by = 30 + (1.25 + 12.5 + 1.25) * math.cos(math.radians(120))
    return game(tmp_path, [("a", 30, 30, 30, "british"), ("b", bx, by, 30, "french")], **kw)


def test_one_broadside_per_side_per_turn(tmp_path):
    g = _abeam(tmp_path)
    g.play("fire a b")
    with pytest.raises(IllegalAction, match="fired her starboard broadside"):
        g.play("fire a b")


def test_hits_saves_and_normal_damage_cross_the_hull_track(tmp_path, rigged):
    g = _abeam(tmp_path)
    # 3 light dice at medium range need 4: 5, 4 hit, 3 misses.  Saves 4+: 1 fails, 6 saves.
    # One unsaved ordinary hit: the first hull box ('.').
    g.dice = rigged.cup
    rigged([5, 4, 3, 1, 6])
    events = g.play("fire a b")
    assert rolls(events, "to hit") == [5, 4, 3] and rolls(events, "saves") == [1, 6]
    b = g.state.ship("b")
    assert b.hull_lost == 1 and b.crew_lost == 0 and b.fired_on


def test_a_natural_six_is_a_critical_on_the_low_table(tmp_path, rigged):
    g = _abeam(tmp_path)
    # 6 hits and is a critical; save 2 fails; critical roll 3: rudder hit
    g.dice = rigged.cup
    rigged([6, 1, 1, 2, 3])
    events = g.play("fire a b")
    assert next(e for e in events if "critical" in e) == {"critical": "b", "table": "low", "row": 3}
    assert g.state.ship("b").rudder
    rigged([1])  # the repair roll at the start of b's turn fails
    g.play("end")
    # b's turn: no turns until repaired; she may still luff straight ahead
    g.play("move b L2")
    with pytest.raises(IllegalAction, match="rudder"):
        g.play("move b S10 L1")


def test_rudder_is_repaired_on_four_or_more(tmp_path, rigged):
    g = _abeam(tmp_path)
    g.dice = rigged.cup
    rigged([6, 1, 1, 2, 3])
    g.play("fire a b")
    rigged([4])  # the repair roll at the start of b's turn
    events = g.play("end")
    assert any(e.get("repaired") == "b" for e in events)
    assert not g.state.ship("b").rudder


def test_critical_row_six_holes_her_and_she_leaks_each_turn(tmp_path, rigged):
    g = _abeam(tmp_path)
    # critical roll 6: D6 hull (rolled 2), D3 crew (rolled 1 → 1), below-waterline hit
    g.dice = rigged.cup
    rigged([6, 1, 1, 1, 6, 2, 1])
    g.play("fire a b")
    b = g.state.ship("b")
    # track ".C.G.R.CG": two boxes crossed ('.', 'C'): one crew; plus the D3 crew (1)
    assert (b.hull_lost, b.crew_lost, b.holed) == (2, 2, True)
    g.play("end")
    g.play("end")  # the end of b's own turn: she leaks one box ('.')
    assert g.state.ship("b").hull_lost == 3


def test_long_range_has_no_criticals(tmp_path, rigged):
    # b 25 off a's beam: long range (need 5), and a 6 is only a hit
    bx = 30 + (1.25 + 25 + 1.25) * math.sin(math.radians(120))
    by = 30 + (1.25 + 25 + 1.25) * math.cos(math.radians(120))
    g = game(tmp_path, [("a", 30, 30, 30, "british"), ("b", bx, by, 30, "french")])
    g.dice = rigged.cup
    rigged([6, 1, 1, 1])
    events = g.play("fire a b")
    assert not any("critical" in e for e in events)
    assert g.state.ship("b").hull_lost == 1


def test_firing_high_hits_the_masts_and_slows_her(tmp_path, rigged):
    g = _abeam(tmp_path)
    # firing high at medium: need 5.  Hit 5, save 1 fails: one mast box of a random mast
    # (the d2 for which mast: 2 → main).  Speed 15 − 1 cm per mast box = 14.
    g.dice = rigged.cup
    rigged([5, 2, 2, 1, 2])
    g.play("fire a b high")
    b = g.state.ship("b")
    assert b.masts_lost == (("main", 1),) and b.masts_damaged
    from tabletop.rules.trafalgar.ship import class_now

    cls = class_now(g.state.scenario.ruleset, g.state.scenario.ship("b").cls, b, "cm")
    assert cls.speed == pytest.approx(14)


def test_shaded_boxes_cost_crew_guns_and_rigging(tmp_path, rigged):
    g = _abeam(tmp_path)
    # three hits, three failed saves, no criticals: boxes '.', 'C', '.' crossed
    g.dice = rigged.cup
    rigged([5, 5, 5, 1, 1, 1])
    g.play("fire a b")
    b = g.state.ship("b")
    assert (b.hull_lost, b.crew_lost) == (3, 1)
    g.play("end")
    # b's next box is 'G': a gun off the side facing a (b's port side: a is to her west)
    g.play("end")
    rigged([5, 1, 1, 1])  # one hit, its save fails: box 'G'
    g.play("fire a b")
    b = g.state.ship("b")
    assert b.guns_lost == (("port", "light", 1),)


def test_exact_odds_before_rolling(tmp_path):
    from tabletop.rules.trafalgar.game import TrafalgarGame

    g = _abeam(tmp_path)
    fp = TrafalgarGame(g.state.scenario.ruleset).fire_plan(g.state, "a", "b", False)
    odds = fp["odds"]
    # 3 dice, p_hit 1/2: P(k hits) = C(3, k) / 8
    assert odds["hits"] == [0.125, 0.375, 0.375, 0.125]
    # unsaved per die: 1/2 × (1 − 1/2) = 1/4: P(0) = 27/64
    assert odds["unsaved"][0] == pytest.approx(27 / 64, abs=1e-6)
    assert odds["expected_unsaved"] == 0.75


# ---- the optional ±3 cm speed change --------------------------------------------------


def test_optional_speed_change(tmp_path):
    g = game(tmp_path, [("a", 50, 50, 180, "british"), ("b", 150, 150, 30, "french")])
    from dataclasses import replace

    g = Game(replace(g.start, scenario=replace(g.start.scenario, options={"speed_change": True})))
    g.play("move a F8")  # first turn: anything up to the running allowance of 15
    g.play("end")
    g.play("end")
    with pytest.raises(IllegalAction, match="at most 11"):
        g.play("move a F12")  # 8 + 3
    g.play("move a F5")  # 8 − 3
    g.play("end")


# ---- replay, undo, save -----------------------------------------------------------------


def test_apply_is_pure_and_undo_never_rerolls(tmp_path):
    g = _abeam(tmp_path)
    s0 = g.state
    s1, ev1 = apply(s0, "fire a b")
    s2, ev2 = apply(s0, "fire a b")
    assert s1 == s2 and ev1 == ev2
    g.play("fire a b")
    g.undo()
    assert g.state == s0
    g.redo()
    assert g.state == s1


def test_save_and_load(tmp_path):
    g = _abeam(tmp_path)
    g.play("fire a b")
    g.play("end")
    path = tmp_path / "game.json"
    g.save(path)
    again = Game.load(path)
    assert again.state == g.state and [str(a) for a in again.actions] == ["fire a b", "end"]


def test_illegal_action_changes_nothing(tmp_path):
    g = _abeam(tmp_path)
    before = g.state
    with pytest.raises(IllegalAction):
        g.play("move a S90")
    assert g.state == before and not g.history
    assert initial_state(g.state.scenario) == g.start


def test_no_tacking_in_a_light_wind(tmp_path):
    from dataclasses import replace

    g = game(tmp_path, [("a", 50, 50, 70, "british"), ("b", 150, 150, 30, "french")])
    scn = g.start.scenario
    g = Game(replace(g.start, scenario=replace(scn, wind=replace(scn.wind, strength="light"))))
    with pytest.raises(IllegalAction, match="light wind"):
        g.play("move a F2 T")


def test_data_card_save_modifier(tmp_path):
    # a class with `save_modifier = 1` on its card saves on 3+ at medium range
    from tabletop.referee.fire import rule_fire

    g = _abeam(tmp_path, fields=FIELDS + "\nsave_modifier = 1")
    r = rule_fire(g.state.table(), "a", "b")
    assert r.save["by_gun"]["light"]["need"] == 3


def test_moving_an_enemy_ship_names_whose_ship_and_whose_turn(tmp_path):
    # british to play: loire ("b") sails for the french, and it is the british side's
    # turn (one check for every ruleset, so the two copies can no longer disagree); said
    # as a player would, not "b is french's: it is british's turn"
    g = game(tmp_path, [("a", 50, 50, 90, "british"), ("b", 150, 150, 30, "french")])
    with pytest.raises(
        IllegalAction, match="^b sails for the french side: the british side is to play$"
    ):
        g.play("move b F2")


# ---- the rules as written (issue: Trafalgar clauses checked by a referee) -----------


def test_head_to_wind_is_irons_no_inertia_and_no_luffing(tmp_path):
    # heading 0 with the wind from the north: θ 0, head to wind, in irons (SPEC): not
    # even the 2 cm of inertia, nor 2 cm of luffing
    g = game(tmp_path, [("a", 50, 50, 0, "british"), ("b", 150, 150, 30, "french")])
    for path in ("F2", "L2"):
        with pytest.raises(IllegalAction, match="in irons"):
            g.play(f"move a {path}")
    assert g.state.ship("a").pose.y == 50
    g.play("end")  # in irons, she owes no movement


def test_luffing_is_pointing_into_the_wind_not_a_brake(tmp_path):
    # heading 90: θ 90, reaching, 4/3 × 15 = 20 to sail.  'L3' with her bow at 90° off
    # the wind buys no shortfall: she is not luffing
    g = game(tmp_path, [("a", 50, 50, 90, "british"), ("b", 150, 150, 30, "french")])
    with pytest.raises(IllegalAction, match="outside the luffing sector"):
        g.play("move a L3")
    # turned into the luffing sector first, she may luff there: after F2 P45 her bow is
    # at θ 45 (a luffing run), and she may stop short
    g.play("move a F2 P45 L1")
    g.play("end")
    assert g.state.active_side == "french"


def test_coming_out_of_luffing_needs_a_command_check(tmp_path, rigged):
    # heading 40: θ 40, luffing.  Bearing away to θ 70 (F2 S30) takes the bow out of the
    # luffing sector: the check, 2d6 + 5 > 10
    g = game(tmp_path, [("a", 50, 50, 40, "british"), ("b", 150, 150, 30, "french")])
    g.dice = rigged.cup
    rigged([1, 2])  # 1 + 2 + 5 = 8: fails; the opponent chooses irons or luffing
    events = g.play("move a F2 S30")
    assert [(e["why"], e["passed"]) for e in events if "check" in e] == [
        ("to bear away out of luffing", False)
    ]
    assert g.state.pending[0].kind == "irons_or_luffing"
    assert g.state.ship("a").pose.x == 50  # the move was not made
    g2 = game(tmp_path, [("a", 50, 50, 40, "british"), ("b", 150, 150, 30, "french")])
    g2.dice = rigged.cup
    rigged([3, 3])  # 3 + 3 + 5 = 11 > 10: passes, and she sails on
    g2.play("move a F2 S30")
    assert g2.state.ship("a").pose.heading == 70
    # split to fire as she bears, the rest of the move needs no second check
    checks = [e for e in g2.play("move a F1") if "check" in e]
    assert checks == []


def test_damaged_rigging_brings_the_command_check_to_tack(tmp_path, rigged):
    # beating (θ 65), never fired on, masts whole, one rigging box lost: the check
    g = game(tmp_path, [("a", 50, 50, 65, "british"), ("b", 150, 150, 30, "french")])
    from dataclasses import replace

    g.start = g.start.with_ship(replace(g.start.ship("a"), rigging_lost=1))
    g.dice = rigged.cup
    rigged([6, 6])
    events = g.play("move a F2 T")
    assert [(e["why"], e["passed"]) for e in events if "check" in e] == [
        ("to tack (rigging damaged)", True)
    ]


def test_fire_between_boarding_ships_is_halved_on_the_whole_broadside(tmp_path):
    from dataclasses import replace

    from tabletop.rules.trafalgar.game import TrafalgarGame

    # 6 light guns a side: halved on the whole broadside, ⌈6/2⌉ = 3 (not 3 per type)
    g = _abeam(tmp_path, guns="{ heavy = 2, light = 4 }")
    rules = TrafalgarGame(g.state.scenario.ruleset)
    assert rules.fire_plan(g.state, "a", "b", False)["groups"] == [("heavy", 2), ("light", 4)]
    boarding = replace(g.state, grappled=(("a", "b"),), boarding=(("a", "b"),))
    # ⌈(2 + 4)/2⌉ = 3 dice, kept heaviest first: the 2 heavy and 1 light
    assert rules.fire_plan(boarding, "a", "b", False)["groups"] == [("heavy", 2), ("light", 1)]
    # a third ship firing at a ship being boarded is not halved
    third = replace(g.state, grappled=(("b", "c"),), boarding=(("b", "c"),))
    assert rules.fire_plan(third, "a", "b", False)["groups"] == [("heavy", 2), ("light", 4)]


def test_a_rudderless_ship_may_not_tack_or_recover(tmp_path):
    from dataclasses import replace

    # beating (θ 65) with her rudder shot away: no tack (a turn needs a rudder)
    g = game(tmp_path, [("a", 50, 50, 65, "british"), ("b", 150, 150, 30, "french")])
    g.start = g.start.with_ship(replace(g.start.ship("a"), rudder=True))
    with pytest.raises(IllegalAction, match="rudder is shot away: no tacking"):
        g.play("move a F2 T")
    # left in irons with her rudder gone: no recovering until it is repaired
    g.start = g.start.with_ship(replace(g.start.ship("a"), in_irons=True))
    with pytest.raises(IllegalAction, match="rudder is shot away: no recovering"):
        g.play("recover a port")


def test_luffing_on_the_way_then_bearing_away_needs_the_check(tmp_path, rigged):
    # reaching (θ 90, 20 to sail), she luffs up into the sector (P35: θ 55) and bears away
    # again (S35) in the same move: coming out of luffing is the check, however she got
    # there; luffing is never a free brake.  1 + 2 + 5 = 8 fails: the move is not made.
    g = game(tmp_path, [("a", 50, 50, 90, "british"), ("b", 150, 150, 30, "french")])
    g.dice = rigged.cup
    rigged([1, 2])
    events = g.play("move a F2 P35 L0 S35 F1")
    assert [(e["why"], e["passed"]) for e in events if "check" in e] == [
        ("to bear away out of luffing", False)
    ]
    assert g.state.ship("a").pose.x == 50


def test_no_turn_swings_the_bow_through_the_eye_of_the_wind(tmp_path):
    # luffing at θ 30 over starboard (heading 30, wind N), P45 would put her bow at 345:
    # θ 15 on the other tack.  Only a tack (T) takes her through the eye.
    g = game(tmp_path, [("a", 50, 50, 30, "british"), ("b", 150, 150, 30, "french")])
    with pytest.raises(IllegalAction, match="through the eye of the wind"):
        g.play("move a L2 P45")


def test_head_to_wind_mid_move_she_may_not_sail_on(tmp_path):
    # luffing at θ 30, P30 brings her bow to 0: head to wind, in irons; not even a luff
    g = game(tmp_path, [("a", 50, 50, 30, "british"), ("b", 150, 150, 30, "french")])
    with pytest.raises(IllegalAction, match="head to wind"):
        g.play("move a L2 P30 L0.3")


# ---- the table's edge (ruling: the text is silent) ------------------------------------


def test_a_ship_whose_centre_sails_off_the_table_leaves_the_battle(tmp_path):
    """a at x 25 heading west (θ 90, reaching: 4/3 × 15 = 20 to sail).  F20 ends her
    centre at x 5, on the table though her bow is over the edge: she fights on.  Next
    turn F20 takes her centre to 5 − 20 = −15: she has left the battle, neither fires
    nor is fired at, and owes nothing.  With c still fighting for Britain, no winner."""
    g = game(
        tmp_path,
        [
            ("a", 25, 100, 270, "british"),
            ("c", 100, 60, 90, "british"),
            ("b", 150, 150, 30, "french"),
        ],
    )
    rs = g.state.scenario.ruleset
    g.play("move a F20")
    assert g.state.ship("a").pose.x == pytest.approx(5)
    assert rs.fighting(g.state, "a") and not g.state.ship("a").left
    g.play("move c F20")
    g.play("end")
    g.play("move b L1")
    g.play("end")
    said = g.play("move a F20")
    assert g.state.ship("a").pose.x == pytest.approx(-15)
    assert g.state.ship("a").left and not rs.fighting(g.state, "a")
    assert "    a leaves the battle: her centre is off the table" in map(event_text, said)
    assert rs.advice.loss(g.state, "a") == 1.0
    assert "off the table" in rs.ship_report(g.state, "a")["status"]
    assert g.state.winner is None  # c fights on
    assert rs.turn_owed(g.state, "a") is None
    with pytest.raises(IllegalAction, match="sailed off the table"):
        g.play("fire a b")


def test_the_last_ship_of_a_side_off_the_table_loses_the_battle(tmp_path):
    """a, Britain's only ship, sails her centre from x 15 to 15 − 20 = −5: France wins."""
    g = game(tmp_path, [("a", 15, 100, 270, "british"), ("b", 150, 150, 30, "french")])
    g.play("move a F20")
    assert g.state.ship("a").left
    assert g.state.winner == "french"


def test_a_save_from_before_a_new_field_still_loads(tmp_path):
    """A save written before ships had ``left`` (the table's-edge ruling) lacks it: the
    replay matches it at its default (False).  A field the save has, edited, does not."""
    import json

    from tabletop.common.errors import TabletopError

    g = _abeam(tmp_path)
    g.play("fire a b")
    g.play("end")
    path = tmp_path / "game.json"
    g.save(path)
    data = json.loads(path.read_text())
    for s in data["state"]["ships"]:
        del s["left"]
    path.write_text(json.dumps(data))
    assert Game.load(path).state == g.state
    data["state"]["ships"][0]["hull_lost"] = 5
    path.write_text(json.dumps(data))
    with pytest.raises(TabletopError, match="does not give the saved state"):
        Game.load(path)


def test_match_strength_is_her_best_broadsides_dice_times_her_hull_or_crew_left(tmp_path):
    """Light guns 3 a side, hull track ".C.G.R.CG" (9 boxes), crew 4: whole, 3 × 9 =
    27.  Three hull boxes gone: 3 × 9 × 6/9 = 18.  Two of her 4 crew gone too: the
    less of 6/9 and 2/4, so 3 × 9 × 1/2 = 13.5.  A starboard gun lost leaves port's 3."""
    from dataclasses import replace

    g = game(tmp_path, [("a", 50, 50, 90, "british"), ("b", 150, 150, 30, "french")])
    rs, st = g.state.scenario.ruleset, g.state.ship("a")
    assert rs.advice.match_strength(g.state, "a") == 27
    hit = g.state.with_ship(replace(st, hull_lost=3))
    assert rs.advice.match_strength(hit, "a") == pytest.approx(18)
    hit = g.state.with_ship(replace(st, hull_lost=3, crew_lost=2))
    assert rs.advice.match_strength(hit, "a") == pytest.approx(13.5)
    gun = g.state.with_ship(replace(st, guns_lost=(("starboard", "light", 1),)))
    assert rs.advice.match_strength(gun, "a") == 27
    assert rs.advice.match_strength(g.state.with_ship(replace(st, struck=True)), "a") == 0


def test_her_loss_is_how_near_she_is_to_striking(tmp_path):
    """She strikes when her crew (4) or her hull track (".C.G.R.CG", 9 boxes) is gone,
    so the computer captain counts her loss as the larger share of them lost.  Whole: 0.
    Three hull boxes gone: 3/9 = 1/3.  Three of her 4 crew gone as well: 3/4 (the report's
    mean of hull, crew and three whole masts made it (1/3 + 3/4) / 5 = 0.217).  A mast
    lost alone is no step toward striking: 0.  Off the table: 1."""
    from dataclasses import replace

    from tabletop.ai.judge import damage_share

    g = game(tmp_path, [("a", 50, 50, 90, "british"), ("b", 150, 150, 30, "french")])
    rs, st = g.state.scenario.ruleset, g.state.ship("a")
    assert rs.advice.loss(g.state, "a") == 0
    hit = g.state.with_ship(replace(st, hull_lost=3))
    assert rs.advice.loss(hit, "a") == pytest.approx(3 / 9)
    hit = g.state.with_ship(replace(st, hull_lost=3, crew_lost=3))
    assert damage_share(hit, "a") == pytest.approx(3 / 4)
    masts = g.state.with_ship(replace(st, masts_lost=(("main", 1),)))
    assert rs.advice.loss(masts, "a") == 0
    assert rs.advice.loss(g.state.with_ship(replace(st, left=True)), "a") == 1


def _in_stays(tmp_path, **flags):
    """a lies head to wind (heading 0) at (50, 50), 8 × 2.5, flags set (half-way through
    a tack, or in irons); b and c lie 3.5 either side of her, 2.5 forward, heading 0
    (1 apart, side to side).  Close-hauled on the port tack (0 + 60) her bow would swing
    into b; on the starboard tack (0 − 60 = 300) into c."""
    from dataclasses import replace

    ships = [("a", 50, 50, 0, "british"), ("b", 53.5, 52.5, 0, "french")]
    g = game(tmp_path, [*ships, ("c", 46.5, 52.5, 0, "french")])
    g.start = g.start.with_ship(replace(g.start.ship("a"), **flags))
    return g


def test_a_tack_that_would_foul_on_either_side_hangs_in_stays(tmp_path):
    # ruling: with a base in the way on both tacks she may neither complete the tack
    # nor is she held to: the turn ends with her still head to wind, tacking
    g = _in_stays(tmp_path, tacking=True)
    with pytest.raises(IllegalAction, match="would foul b"):
        g.play("tack a port")
    with pytest.raises(IllegalAction, match="would foul c"):
        g.play("tack a starboard")
    with pytest.raises(IllegalAction, match="half-way through a tack"):
        g.play("recover a port")  # a tack is completed by 'tack', not recovered from
    g.play("end")
    a = g.state.ship("a")
    assert a.tacking and a.pose.heading == pytest.approx(0)
    assert g.state.active_side == "french"


@pytest.mark.parametrize("dice", [[6, 6], [1, 1]])
def test_a_recovery_that_would_foul_is_refused_before_the_roll(tmp_path, rigged, dice):
    # whether the order is legal may not hang on the check: passed (6 + 6) or failed
    # (1 + 1), a bow that would swing into b is refused, and no die is rolled
    g = _in_stays(tmp_path, in_irons=True)
    g.dice = rigged.cup
    rigged(dice)
    with pytest.raises(IllegalAction, match="would foul b"):
        g.play("recover a port")
    assert not any("check" in e for e in g.play("end"))


def test_unready_moves_give_the_engines_reason(tmp_path):
    """``unready`` gives the engine's own reason a move is refused whatever its path:
    none before she sails; her movement ended once she has; in stays, head to wind, the
    next turn; other verbs are left to their words."""
    g = game(tmp_path, [("a", 50, 50, 70, "british"), ("b", 150, 150, 30, "french")])
    rs = g.state.scenario.ruleset
    assert rs.unready(g.state, "a", "move") is None
    g.play("move a F2 T")  # beating at 70: she turns into the wind, movement ended
    assert "movement has ended" in rs.unready(g.state, "a", "move")
    assert rs.unready(g.state, "a", "tack") is None  # its words (a tack side) tell
    g.play("end")
    g.play("end")
    assert "half-way through a tack" in rs.unready(g.state, "a", "move")
    with pytest.raises(IllegalAction, match="half-way through a tack"):
        g.play("move a F5")  # the same reason the engine gives


# ---- the last turn (ruling: the scenario's last_turn, won on points) -----------------


@pytest.mark.parametrize(
    "struck, winner, told",
    [
        (["c"], "british", "the british 0, the french 3"),  # c's 3 light guns against none
        (["a", "c"], "draw", "the british 3, the french 3"),  # a box each: level
        ([], "draw", "the british 0, the french 0"),
    ],
)
def test_the_last_turn_ends_the_battle_on_broadside_dice_lost(tmp_path, struck, winner, told):
    """Both sides still fighting when turn 1 (the last) ends: the side whose enemy lost
    the more broadside dice (a box's guns: light 3) wins; equal, drawn."""
    from dataclasses import replace

    sides = {"british": "ad", "french": "bc"}
    ships = [("a", 20, 20, 90, "british"), ("d", 20, 80, 90, "british")]
    ships += [("b", 150, 100, 270, "french"), ("c", 150, 40, 270, "french")]
    g = game(tmp_path, ships, options="last_turn = 1")
    st = g.state
    for s in struck:  # struck before the turn's end, as a broadside or a boarding would
        st = st.with_ship(replace(st.ship(s), struck=True))
    g = Game(st)
    assert g.state.winner is None
    for side in ("british", "french"):  # each ship afloat sails her reach of 20 cm
        for s in [s.id for s in g.state.ships if not s.struck and s.id in sides[side]]:
            g.play(f"move {s} F20")
        assert g.state.winner is None
        g.play("end")  # the british end their part of turn 1, then the french theirs
    # turn 1, the last, is over
    assert g.state.winner == winner and g.state.ended_turn == 1
    assert g.events[-1] == {"winner": winner, "why": f"turn 1 ended; broadside dice lost: {told}"}


def test_the_status_names_the_last_turn(tmp_path):
    from tabletop.game.session import Session

    ships = [("a", 20, 20, 90, "british"), ("b", 150, 100, 270, "french")]
    g = game(tmp_path, ships, options="last_turn = 12")
    assert Session(g.state.scenario, g).status == "turn 1 of 12, british to play"
