"""Frigate's choices for the computer captain (``rules/frigate/options.py``): the hex
moves of a segment, a broadside's mean hits, the allowances to declare; and short games
of the computer against itself.  The board as in test_frigate_combat: a ship facing 0
(north) has her starboard broadside's field towards (1, 0), (2, 0)..."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.ai.duel import play_game
from tabletop.ai.judge import damage_share, trial
from tabletop.game.game import Game
from tabletop.game.load import load_scenario

from .conftest import SCENARIOS
from .frigate_helpers import declare, game, set_ship

A = ("a", "frigate-38", "blue", (0, 0), 0)
FRIGATE = [SCENARIOS / "frigate-hex-duel.toml", SCENARIOS / "frigate-hex-prize.toml"]


def test_a_broadsides_chance_is_the_crt_columns_mean_over_the_die(write_scenario, rigged):
    """frigate-38 on frigate-38: gunnery 6 against defence 6 is 1-1; that column reads
    0 0 0 1 1 1 for faces 1-6, a mean of 3/6 = 0.5 hits.  At range 4 the column drops
    one ((4 − 1) // 3 = 1) to 1-2: 0 0 0 0 1 1, 2/6.  Dead ahead she has no broadside."""
    g = game(write_scenario, [A, ("b", "frigate-38", "red", (2, 0), 0)], rigged)
    declare(g, {})
    rs = g.state.scenario.ruleset
    c = rs.advice.fire_chance(g.state, "a", "b")
    assert c is not None and (c.arc, c.expected, c.rake) == (
        "starboard",
        pytest.approx(3 / 6),
        None,
    )
    g = game(write_scenario, [A, ("b", "frigate-38", "red", (4, 0), 0)], rigged)
    declare(g, {})
    c = rs.advice.fire_chance(g.state, "a", "b")
    assert c is not None and c.expected == pytest.approx(2 / 6)
    g = game(write_scenario, [A, ("b", "frigate-38", "red", (3, -3), 0)], rigged)
    declare(g, {})
    assert rs.advice.fire_chance(g.state, "a", "b") is None
    assert rs.advice.fire_chance(g.state, "a", "a") is None  # her own side


def test_a_chance_counts_only_the_hits_that_take_effect(write_scenario, rigged):
    """frigate-38 on sloop-18, two hexes: gunnery 6 against defence 3 is 2-1, which
    reads 0 0 1 1 1 2 for faces 1-6 at the hull (crew hits) or the rigging (mast hits;
    the sloop is not under fighting sail): 5/6 hits.  Her crew beaten (3 hits, the loss
    table's last row), hull hits do nothing, so the rigging's 5/6 is the chance.  With
    two of her three masts gone too, a face's 2 hits take only the one mast left:
    0 0 1 1 1 1, 4/6.  Dismasted as well, nothing is left to hit: no chance."""
    g = game(write_scenario, [A, ("b", "sloop-18", "red", (2, 0), 0)], rigged)
    declare(g, {})
    rs = g.state.scenario.ruleset
    fresh = rs.advice.fire_chance(g.state, "a", "b")
    assert fresh is not None and fresh.expected == pytest.approx(5 / 6)
    beaten = set_ship(g.state, "b", crew_hits=3)
    c = rs.advice.fire_chance(beaten, "a", "b")
    assert c is not None and c.expected == pytest.approx(5 / 6)
    c = rs.advice.fire_chance(set_ship(beaten, "b", mast_hits=2), "a", "b")
    assert c is not None and c.expected == pytest.approx(4 / 6)
    assert rs.advice.fire_chance(set_ship(beaten, "b", mast_hits=3), "a", "b") is None
    # hits marked this segment count as taken: two crew hits marked, one crew hit room
    c = rs.advice.fire_chance(set_ship(g.state, "b", crew_new=2, mast_hits=3), "a", "b")
    assert c is not None and c.expected == pytest.approx(4 / 6)


def test_no_chance_and_no_moves_while_allowances_are_declared(write_scenario, rigged):
    g = game(write_scenario, [A, ("b", "frigate-38", "red", (2, 0), 0)], rigged)
    rs = g.state.scenario.ruleset
    assert g.state.phase == 0
    assert rs.advice.fire_chance(g.state, "a", "b") is None
    assert len(rs.advice.fan_now(g.state, "a")) == 0


def test_every_move_of_the_segment_fan_is_taken_and_ends_where_it_says():
    """Each move of the drawn side's fan is a ``move`` the engine accepts, ending at the
    fan's pose; none ends where she lies (a there-and-back wastes points)."""
    state = Game.new(load_scenario(FRIGATE[0]), 3).state
    while state.phase == 0:  # the declarations, as the rules' defaults give them
        state = trial(state, "end")
        assert state is not None
    rs = state.scenario.ruleset
    movers = [s.id for s in state.ships if state.side_of(s.id) == state.active_side]
    checked = 0
    for sid in movers:
        fan = rs.advice.fan_now(state, sid)
        here = state.ship(sid).pose
        for i in range(len(fan)):
            after = trial(state, f"move {sid} {fan.path(i)}")
            assert after is not None, fan.path(i)
            pose = after.ship(sid).pose
            assert (pose.x, pose.y, pose.heading) == pytest.approx(
                (fan.x[i], fan.y[i], fan.heading[i])
            )
            assert (fan.x[i], fan.y[i], fan.heading[i]) != (here.x, here.y, here.heading)
            checked += 1
    assert checked > 0


@pytest.mark.slow
def test_the_fan_is_every_end_of_any_sequence_of_steps_by_its_fewest():
    """The fan grows sequences a step at a time and drops those the rules refuse: it
    must hold what trying every sequence of F, P and S whole (3 + 9 + 27 + 81 + 243 of
    them up to MOST_STEPS = 5) through the engine gives, each end (hex, facing) other
    than where she lies once, by its first sequence of fewest steps, in the same order."""
    import itertools

    from tabletop.common.errors import IllegalAction
    from tabletop.referee.fan import hex_fan
    from tabletop.rules.frigate import board
    from tabletop.rules.frigate.combat import Combat
    from tabletop.rules.frigate.options import MOST_STEPS, moves
    from tabletop.rules.frigate.ship import ship_of

    ends_seen = 0
    for path, seed, orders in ((FRIGATE[0], 3, 0), (FRIGATE[1], 5, 14)):
        g = Game.new(load_scenario(path), seed)
        res = play_game(str(path), {"british": "scripted", "french": "scripted"}, seed, 3)
        for a in res.log[:orders]:  # a while into the game: ships closer, points spent
            g.play(a)
        state = g.state
        while state.phase == 0:
            state = trial(state, "end")
            assert state is not None
        rs = state.scenario.ruleset
        for sid in (s.id for s in state.ships):
            st = ship_of(state, sid)
            want: dict[tuple[tuple[int, int], int], tuple[tuple[str, ...], Any]] = {}
            for n in range(1, MOST_STEPS + 1):
                for seq in itertools.product("FPS", repeat=n):
                    try:
                        end = Combat(rs).steps(state, st, seq, [])[1]
                    except IllegalAction:
                        continue
                    if (end.hex, end.facing) != (st.hex, st.facing):
                        want.setdefault((end.hex, end.facing), (seq, end))
            ends = list(want.values())
            poses = [board.pose_of(rs, state, end) for _, end in ends]
            expected = hex_fan(poses, [seq for seq, _ in ends])
            fan = moves(rs, state, sid)
            assert [fan.path(i) for i in range(len(fan))] == [
                expected.path(i) for i in range(len(expected))
            ], sid
            assert fan.x.tolist() == expected.x.tolist()
            assert fan.heading.tolist() == expected.heading.tolist()
            ends_seen += len(want)
    assert ends_seen > 20


def test_allowances_offered_are_the_declarable_ones_most_first(write_scenario, rigged):
    """Each allowance offered is accepted by ``speed``, the most first; one past either
    end is refused."""
    g = game(write_scenario, [A, ("b", "frigate-38", "red", (2, 0), 0)], rigged)
    rs = g.state.scenario.ruleset
    got = rs.word_choices(g.state, "a", "speed", "N")
    assert got and [int(n) for n in got] == sorted((int(n) for n in got), reverse=True)
    for n in got:
        assert trial(g.state, f"speed a {n}") is not None
    assert trial(g.state, f"speed a {int(got[0]) + 1}") is None
    assert rs.word_choices(g.state, "a", "speed", "SHIP") is None  # it gave "speed 2 2"
    assert rs.word_choices(g.state, "a", "fire", "TARGET") is None
    assert rs.word_choices(g.state, "a", "fire", "[hull|rigging]") == ["hull", "rigging"]


@pytest.mark.parametrize("level", ["scripted", "captain", "admiral"])
def test_the_computer_declares_her_allowance_not_the_default(write_scenario, rigged, level):
    """A ship that lay afoul last turn has a last allowance of 0; undeclared, the
    engine gives her last turn's, 0, turn after turn (amazon lay still from turn 12 in
    a newcomer's game).  Momentum lets her declare up to 0 + 2 = 2 (``momentum_up``),
    and the computer declares that, the most first, at every level: with the wind on
    her beam (facing 0, wind from the east) her schedule allows more, so momentum caps it."""
    from tabletop.ai.captain import Captain

    g = game(write_scenario, [A, ("b", "frigate-38", "red", (5, -8), 0)], rigged, wind="E")
    state = set_ship(g.state, "a", last=0)
    rs = state.scenario.ruleset
    assert rs.word_choices(state, "a", "speed", "N")[:1] == ["2"]
    d = Captain.for_game(state, "blue", level).decide(state)
    assert (d.action, d.reason) == ("speed a 2", "a declares her speed 2")


def test_loss_counts_crew_and_mast_hits_each_a_share(write_scenario, rigged):
    """All crew hits are worth 0.85 of her, all mast hits 0.6 (``LOSS_SHARES``), each
    of what the other leaves: two crew hits of three, 0.85 × 2/3 = 0.5667; three and a
    mast hit of three, 1 − (1 − 0.85) × (1 − 0.6/3) = 1 − 0.15 × 0.8 = 0.88; a crew hit
    past the third adds nothing (0.85); hits marked this segment count already (a mast
    hit: 0.6/3 = 0.2); struck, all of her."""
    from dataclasses import replace

    g = game(write_scenario, [A, ("b", "frigate-38", "red", (2, 0), 0)], rigged)
    b = g.state.ship("b")
    cases = [
        (dict(crew_hits=2), 0.85 * 2 / 3),
        (dict(crew_hits=3, mast_hits=1), 1 - 0.15 * 0.8),
        (dict(crew_hits=3, crew_new=1), 0.85),
        (dict(masts_new=1), 0.2),
        (dict(struck=True), 1.0),
    ]
    for fields, share in cases:
        state = g.state.with_ship(replace(b, **fields))
        assert damage_share(state, "b") == pytest.approx(share), fields
    assert damage_share(state, "a") == 0.0


@pytest.mark.slow
@pytest.mark.parametrize("path", FRIGATE, ids=lambda p: p.stem)
@pytest.mark.parametrize("levels", [("captain", "scripted"), ("scripted", "admiral")])
def test_frigate_ai_games_are_legal_and_replay(path, levels):
    """The computer on both sides of a Frigate game for 3 turns (declarations, four
    segments of moves and fire each): no order refused, moves given, and the log
    replays as an ordinary game."""
    sides = tuple(dict.fromkeys(s.side for s in load_scenario(path).ships))
    res = play_game(str(path), dict(zip(sides, levels, strict=True)), seed=3, max_turns=3)
    assert res.illegal == 0, res.notes
    words = {a.split()[0] for a in res.log}
    assert {"move", "end"} <= words  # allowances left undeclared take the rules' default
    game_ = Game.new(load_scenario(path), 3)
    for a in res.log:
        game_.play(a)
    assert game_.state.turn > 3 or game_.state.winner is not None


def test_the_captain_runs_afoul_of_a_prize_to_be_had_and_takes_her(write_scenario, rigged):
    """A merchantman dead ahead, a hex off: entering her hex runs afoul of her, and
    alongside a merchantman an attack at 1-1 or better takes her (frigate-38's gunnery
    6 against her defence).  The captain sees the prize beyond the move (what the best
    order there gains, by blind cups: a whole ship) and sails into her, then captures
    (a prize taken counts as her old side's loss, though she now flies blue's colours)."""
    from tabletop.ai.captain import Captain

    ships = [A, ("m", "merchantman", "red", (1, -1), 0)]
    g = game(write_scenario, ships, rigged, wind="E")  # abeam: she may sail
    declare(g, {"a": 4})  # 4 points: one in each segment (the quarterly chart)
    assert g.state.active_side == "blue" and g.state.phase == 1
    cap = Captain.for_game(g.state, "blue", "captain")
    d = cap.decide(g.state)
    assert d.action == "move a F1", d
    g.play(d.action)
    assert g.state.ship("a").afoul == "m"
    given = []
    while "capture a m" not in given and len(given) < 4:  # her broadside first, maybe
        given.append(cap.decide(g.state).action)
        g.play(given[-1])
    assert given[-1] == "capture a m", given
    assert g.state.ship("m").struck and g.state.side_of("m") == "blue"


def test_the_captain_aims_at_the_rigging_once_the_hull_can_take_no_more(write_scenario, rigged):
    """b lies in a's starboard field at 1-1 (a hit on a 4, 5 or 6).  Fresh, a crew hit
    is worth more (0.85/3 = 0.283 of her) than a mast hit (0.6/3 = 0.2): the rules'
    default, the hull.  With her three crew hits (a fourth adds nothing) a mast hit
    is worth (1 − 0.85) × 0.2 = 0.03: the captain aims at her rigging, and says so."""
    from dataclasses import replace

    from tabletop.ai.captain import Captain

    g = game(write_scenario, [A, ("b", "frigate-38", "red", (2, 0), 0)], rigged, wind="E")
    declare(g, {"a": 0})  # no way on her: nothing to do but fire
    assert g.state.active_side == "blue" and g.state.phase >= 1
    cap = Captain.for_game(g.state, "blue", "captain")
    assert cap.aimed(g.state, "a", "fire a b") == "fire a b"
    state = g.state.with_ship(replace(g.state.ship("b"), crew_hits=3))
    assert cap.aimed(state, "a", "fire a b") == "fire a b rigging"
    d = cap.decide(state)
    assert (d.action, d.reason.endswith("aimed at her rigging")) == ("fire a b rigging", True)


def test_the_admirals_reply_weighs_her_broadside_back(write_scenario, rigged):
    """a and b abreast two hexes apart, each in the other's broadside field at 1-1
    (0.5 hits expected), neither with a point to move (b's reply: fire as she lies).
    The reply's value to b is his 0.5 hits on a, less ``riposte`` times a's 0.5 back
    where it leaves him: 0.5 with none, 0.5 − 0.5 × 0.5 = 0.25 with a riposte of 0.5,
    0.5 − 0.5 = 0 with 1 (the shipped weight)."""
    from dataclasses import replace

    from tabletop.ai.replies import reply_risk
    from tabletop.ai.weights import load_weights

    g = game(write_scenario, [A, ("b", "frigate-38", "red", (2, 0), 0)], rigged, wind="E")
    declare(g, {"a": 0, "b": 0})
    assert g.state.phase >= 1
    w = load_weights(g.state.scenario.ruleset)
    assert w.riposte == 1.0
    for riposte, risk in ((0.0, 0.5), (0.5, 0.25), (1.0, 0.0)):
        got = reply_risk(g.state, "a", replace(w, riposte=riposte))
        assert got == pytest.approx(risk), riposte


def test_the_admirals_foreseen_replies_are_her_nearest_enemies_in_turn(write_scenario, rigged):
    """With ``foreseen`` 1 only b, the nearer enemy (two hexes off; c four to port), is
    asked for his reply.  Left where he lies: 0.5 hits on a less riposte 0.5 × a's 0.5
    back = 0.25, as in the sampled reply above.  With ``foreseen`` 2, c is asked next, on
    the table b's reply left (b moved to the hex (2, 2)), and left where he lies adds
    his port-side shot at range 4, the 1-2 column, 2/6, less 0.5 × a's 2/6 back:
    2/6 − 1/6 = 1/6.  Without a foresight (Hold Fast's plots) the replies are sampled."""
    from dataclasses import replace

    from tabletop.ai.replies import reply_risk
    from tabletop.ai.weights import load_weights

    ships = [A, ("b", "frigate-38", "red", (2, 0), 0), ("c", "frigate-38", "red", (-4, 0), 0)]
    g = game(write_scenario, ships, rigged, wind="E")
    declare(g, {"a": 0, "b": 0, "c": 0})
    there = game(write_scenario, [A, ("b", "frigate-38", "red", (2, 2), 0)], rigged, wind="E")
    w = replace(load_weights(g.state.scenario.ruleset), riposte=0.5)
    assert w.foreseen == 0  # Frigate's admiral samples the replies
    asked: list[tuple[str, object]] = []

    def stays(state, foe):
        asked.append((foe, state.ship("b").pose))
        return None

    one = reply_risk(g.state, "a", replace(w, foreseen=1), stays)
    assert one == pytest.approx(0.5 - 0.5 * 0.5) and [f for f, _ in asked] == ["b"]
    sampled = reply_risk(g.state, "a", w, stays)  # foreseen 0: every enemy's, unasked
    assert sampled == pytest.approx(0.25 + (2 / 6 - 0.5 * 2 / 6))
    assert [f for f, _ in asked] == ["b"]
    asked.clear()
    moved_b = there.state.ship("b").pose

    def b_moves(state, foe):
        asked.append((foe, state.ship("b").pose))
        return moved_b if foe == "b" else None

    two = reply_risk(g.state, "a", replace(w, foreseen=2), b_moves)
    assert asked == [("b", g.state.ship("b").pose), ("c", moved_b)]
    rs = g.state.scenario.ruleset
    b_there = replace(g.state.ship("b"), pose=moved_b)
    at = rs.advice.fire_chance(g.state.with_ship(b_there), "b", "a")
    b_value = 0.0 if at is None else at.expected
    back = rs.advice.fire_chance(g.state.with_ship(b_there), "a", "b")
    b_value -= 0.0 if back is None else 0.5 * back.expected
    assert two == pytest.approx(b_value + 2 / 6 - 0.5 * 2 / 6)


def test_an_outmatched_ship_keeps_her_distance(write_scenario, rigged):
    """Match strengths are gunnery after crew hits times defence: a frigate-38 6 × 6 =
    36, a merchantman 1 × 3 = 3; with two crew hits the frigate's gunnery is 6 × (1 −
    2/3) = 2, so 2 × 6 = 12, and with one hit of before and one marked this segment
    the same (with one alone 6 × 2/3 = 4, 24).  The merchantman is outmatched by
    (36 − 3)/(36 + 3) = 33/39; the frigate by nobody (0).  With ``prudence`` 1 her
    closing term, −close × |d − ideal|, becomes −(1 − 33/39) × close × |d − ideal| +
    33/39 × close × min(d, 7.5), 7.5 inches being half the frigate's turn's run (10
    points × 1.5-inch hexes): the poses' place rises by 33/39 × close × (|d − ideal| +
    min(d, 7.5)) over prudence 0; at 3 and 6 inches the farther gains the more, at 9 no
    more than at 7.5."""
    from dataclasses import replace

    import numpy as np

    from tabletop.ai.judge import outmatched, place
    from tabletop.ai.weights import load_weights

    g = game(
        write_scenario,
        [A, ("m", "merchantman", "red", (4, 0), 0), ("b", "sloop-18", "blue", (0, 6), 0)],
        rigged,
    )
    rs = g.state.scenario.ruleset
    strength = rs.advice.match_strength
    assert (strength(g.state, "a"), strength(g.state, "m")) == (36, 3)
    assert outmatched(g.state, "m", "a") == pytest.approx(33 / 39)
    assert outmatched(g.state, "a", "m") == 0.0
    hurt = g.state.with_ship(replace(g.state.ship("a"), crew_hits=2))
    assert rs.advice.match_strength(hurt, "a") == 12
    # hits marked this segment count before its end applies them: one old and one new
    # is two, 12; three old and one new are the table's last row, all of her gunnery
    assert rs.advice.match_strength(set_ship(g.state, "a", crew_hits=1, crew_new=1), "a") == 12
    assert rs.advice.match_strength(set_ship(g.state, "a", crew_hits=1), "a") == 24
    assert rs.advice.match_strength(set_ship(g.state, "a", crew_hits=3, crew_new=1), "a") == 0
    assert outmatched(hurt, "m", "a") == pytest.approx((12 - 3) / (12 + 3))

    w = load_weights(rs)
    scn = g.state.table()
    a = g.state.ship("a").pose
    assert rs.advice.reach(scn, scn.ship("a").cls) == pytest.approx(10 * 1.5)
    x = np.array([a.x + 3.0, a.x + 6.0, a.x + 9.0])
    y, h = np.full(3, a.y), np.zeros(3)
    d = np.hypot(x - a.x, y - a.y)
    bold = place(scn, g.state, "m", replace(w, prudence=0.0), x, y, h)
    shy = place(scn, g.state, "m", replace(w, prudence=1.0), x, y, h)
    gain = 33 / 39 * w.close * (np.abs(d - w.ideal_range) + np.minimum(d, 7.5))
    assert shy - bold == pytest.approx(gain)
    assert (shy - bold)[1] > (shy - bold)[0]
    # the frigate, outmatched by none, closes as before
    fx, fy = np.array([4.0, 8.0, 12.0]), np.zeros(3)
    assert place(scn, g.state, "a", replace(w, prudence=1.0), fx, fy, h) == pytest.approx(
        place(scn, g.state, "a", replace(w, prudence=0.0), fx, fy, h)
    )


def test_the_captain_boards_a_beaten_warship_to_win_rather_than_rake_her(write_scenario, rigged):
    """b, red's last ship, has three crew hits: all but lost already (0.85 of her,
    ``LOSS_SHARES``), and alongside she may be taken (a warship with three crew hits,
    frigate-38's attack 6 against her defence).  Taking her is worth her last 0.15 in
    material, 100 × (1 − 0.85) = 15, and the battle besides: ``victory`` 100, so 115 in
    all.  With that in her weights the captain sails into b's hex (dead ahead, a hex
    off) and takes her: blue wins.  Material alone (victory nought) sees the 15 only, and
    she turned to port to fire into b's rigging instead (as in the hex duel, seed 3)."""
    from dataclasses import replace

    from tabletop.ai.captain import Captain
    from tabletop.ai.stakes import outcome

    g = game(write_scenario, [A, ("b", "frigate-38", "red", (1, -1), 0)], rigged, wind="E")
    declare(g, {"a": 4})  # 4 points: one in each segment (the quarterly chart)
    state = g.state.with_ship(replace(g.state.ship("b"), crew_hits=3))
    cap = Captain.for_game(state, "blue", "captain")
    assert cap.w.victory == 100.0 and cap.w.material == 100.0
    afoul = trial(state, "move a F1")
    taken = trial(afoul, "capture a b")
    assert taken.winner == "blue"
    gain = outcome(taken, "blue", cap.w) - outcome(afoul, "blue", cap.w)
    assert gain == pytest.approx(100 * (1 - 0.85) + 100)
    plain = replace(cap.w, victory=0.0)
    assert outcome(taken, "blue", plain) - outcome(afoul, "blue", plain) == pytest.approx(15)
    blind = Captain("blue", "captain", plain)  # turns her broadside on b, at the rigging
    assert blind.decide(state).action == "move a P60"
    given = []
    while state.winner is None and len(given) < 4:  # her broadside first, maybe
        given.append(cap.decide(state))
        state = trial(state, given[-1].action)
    assert [given[0].action, given[-1].action] == ["move a F1", "capture a b"], given
    assert given[0].reason == "a stands on to lay herself alongside b"
    assert state.winner == "blue"


def test_an_outmatched_ships_reason_does_not_say_she_closes(write_scenario, rigged):
    """A merchantman's reason read "stands on to close amazon": her judge keeps her away
    from a ship that outmatches her (Frigate's `prudence` 1).  Merchantman 1 × 3 = 3
    against a 38's 6 × 6 = 36: outmatched by (36 − 3) / 39 = 0.846, her shyness
    min(1, 1 × 0.846), over a half.  A move that ends nearer him is the best she has;
    one that ends further keeps her distance.  A frigate-38 against the same 38 (0
    outmatched) still closes with him."""
    from tabletop.ai.judge import Verdict, shyness
    from tabletop.ai.reasons import move_reason
    from tabletop.ai.weights import load_weights
    from tabletop.geometry.pose import Pose

    ships = [("m", "merchantman", "blue", (0, 0), 0), ("z", "frigate-38", "red", (0, -6), 3)]
    g = game(write_scenario, ships, rigged)
    declare(g, {})
    w = load_weights(g.state.scenario.ruleset)
    assert w.prudence == 1.0
    shy = shyness(g.state, "m", "z", w)
    assert shy == pytest.approx(33 / 39)
    at = g.state.ship("m").pose
    foe = g.state.ship("z").pose
    toward = Pose((at.x + foe.x) / 2, (at.y + foe.y) / 2, at.heading)
    away = Pose(2 * at.x - foe.x, 2 * at.y - foe.y, at.heading)
    v = Verdict(0.0, shy=shy)
    assert move_reason(g.state, "m", toward, v) == "m stands on as best she can, outmatched by z"
    assert move_reason(g.state, "m", away, v) == (
        "m stands on to keep her distance from z, who outmatches her"
    )
    risky = Verdict(0.0, terms={"exposure": -2.0}, shy=shy)  # his guns on her: a comma
    assert move_reason(g.state, "m", toward, risky) == (
        "m stands on as best she can, outmatched by z, under fire"
    )
    even = game(write_scenario, [("a", "frigate-38", "blue", (0, 0), 0), ships[1]], rigged)
    declare(even, {})
    assert shyness(even.state, "a", "z", w) == 0.0
    a = even.state.ship("a").pose
    mid = Pose((a.x + foe.x) / 2, (a.y + foe.y) / 2, a.heading)
    assert move_reason(even.state, "a", mid, Verdict(0.0)) == "a stands on to close z"


def test_the_admiral_sees_an_enemy_who_can_come_alongside_her(write_scenario, rigged):
    """The merchantman m (base 1.1in), red's convoy, and the sloop s (base 1.0in) one
    hex astern of her, 1.5in centre to centre.  The sloop outmatches her by (3·3 −
    1·3)/(9 + 3) = 1/2; his turn's run is his best allowance, 11 points moderate, of
    1.5in hexes: 16.5in; alongside is 0.55 × (1.1 + 1.0) = 1.155in apart.  He lies
    1 − (1.5 − 1.155)/16.5 of the way in, and taking her is what she is worth, material
    100 × (1 − 0), and the battle, his side's quarry: victory 100.  So the threat is
    threat × 1/2 × (1 − 0.345/16.5) × 200 with threat 1; nought with threat 0, from a
    merchantman (who does not outmatch her), or with the sloop 12 hexes (18in) off,
    beyond his run.  It is blue's menace, summed over red's ships: an escorting frigate
    adds none (the sloop does not outmatch her)."""
    from dataclasses import replace

    from tabletop.ai.judge import outmatched
    from tabletop.ai.replies import boarding_threat, menace
    from tabletop.ai.weights import load_weights

    def state(ships):
        g = game(write_scenario, ships, rigged, wind="E", options='convoy = "m"\n')
        declare(g, {s[0]: 0 for s in ships})
        return g.state

    m = ("m", "merchantman", "red", (0, 0), 0)
    near = state([m, ("s", "sloop-18", "blue", (-1, 1), 0)])
    rs = near.scenario.ruleset
    assert rs.advice.quarry(near, "blue") == "m"
    assert outmatched(near, "m", "s") == pytest.approx(1 / 2)
    scn = near.table()
    assert rs.advice.reach(scn, scn.ship("s").cls) == pytest.approx(11 * 1.5)
    assert load_weights(rs).threat == 1.0  # the shipped weight
    w = replace(load_weights(rs), material=100.0, victory=100.0, threat=1.0)
    threat = 1 / 2 * (1 - (1.5 - 0.55 * 2.1) / 16.5) * 200
    assert boarding_threat(near, "m", w) == pytest.approx(threat)
    assert boarding_threat(near, "m", replace(w, threat=0.0)) == 0.0
    # the same threat is blue's menace; red's is none (a merchantman outmatches nobody)
    assert menace(near, "blue", w) == pytest.approx(threat) and menace(near, "red", w) == 0.0
    far = state([m, ("s", "sloop-18", "blue", (-12, 12), 0)])
    assert far.table().ship("s").pose.y == pytest.approx(near.table().ship("m").pose.y - 18)
    assert boarding_threat(far, "m", w) == 0.0
    twin = state([m, ("s", "merchantman", "blue", (-1, 1), 0)])
    assert boarding_threat(twin, "m", w) == 0.0
    escorted = state(
        [m, ("s", "sloop-18", "blue", (-1, 1), 0), ("e", "frigate-38", "red", (5, 0), 0)]
    )
    assert menace(escorted, "blue", w) == pytest.approx(threat)


def test_the_admiral_fires_where_it_lifts_the_threat_to_her_convoy(write_scenario, rigged):
    """Blue's frigate a has two enemies in her starboard broadside, each two hexes off:
    the merchantman t and the sloop s, alongside blue's convoy m.  Her 6 against their
    defence 3 is 2-1 on either, 5/6 hits, so the captain fires at t, the first of
    equals.  But s outmatches m, (3·3 − 1·3)/(9 + 3) = 1/2, and one crew hit marked on
    him makes his gunnery 3 × (1 − 1/3) = 2, so (2·3 − 3)/(6 + 3) = 1/3: the threat to
    the convoy falls by a third; t, a merchantman as m is, threatens nobody, 3 against
    3.  The admiral fires at s; with ``threat`` nought she keeps the captain's t."""
    from dataclasses import replace

    from tabletop.ai.judge import outmatched, shots
    from tabletop.ai.replies import lifting_shot
    from tabletop.ai.weights import load_weights
    from tabletop.referee.fire import Table

    ships = [
        A,
        ("t", "merchantman", "red", (1, 1), 0),
        ("s", "sloop-18", "red", (2, 0), 0),
        ("m", "merchantman", "blue", (3, 0), 0),
    ]
    g = game(write_scenario, ships, rigged, wind="E", options='convoy = "m"\n')
    declare(g, {x[0]: 0 for x in ships})
    st = g.state
    rs = st.scenario.ruleset
    w = load_weights(rs)
    for e in "ts":
        c = rs.advice.fire_chance(st, "a", e)
        assert c is not None and (c.arc, c.expected) == ("starboard", pytest.approx(5 / 6))
    assert outmatched(st, "m", "s") == pytest.approx(1 / 2)
    assert outmatched(set_ship(st, "s", crew_new=1), "m", "s") == pytest.approx(1 / 3)
    assert outmatched(st, "m", "t") == 0.0
    scn = st.table()
    shot = shots(scn, Table.of(scn), st, "a", w, set())["starboard"]
    assert shot.target == "t"
    lifted = lifting_shot(st, "a", shot, w)
    assert (lifted.arc, lifted.target, lifted.hits) == ("starboard", "s", pytest.approx(5 / 6))
    assert lifting_shot(st, "a", shot, replace(w, threat=0.0)) is shot
