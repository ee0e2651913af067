"""The session's preview judges a move as the engine will (issue: the window's preview
ignored what she had already sailed, and her damage)."""

from __future__ import annotations

import pytest

from tabletop.common.errors import IllegalAction
from tabletop.game.session import Session

from .helpers import table


def duel(tmp_path) -> Session:
    # a reaching (θ 90): 4/3 × 15 = 20 cm to sail, the whole of it owed
    return Session.open(
        table(tmp_path, [("a", 50, 50, 90, "british"), ("b", 150, 150, 30, "french")])
    )


def test_after_part_of_a_move_the_preview_counts_what_she_sailed(tmp_path):
    s = duel(tmp_path)
    s.play("move a F10")  # she stops to fire as she bears
    rest = s.preview("a", "F11")  # 10 + 11 = 21 > 20
    assert not rest.legal and "more than the allowance of 20" in rest.violations[0]
    with pytest.raises(IllegalAction, match="more than the allowance"):
        s.play("move a F11")  # the engine agrees
    ok = s.preview("a", "F10")
    assert ok.legal and ok.distance == pytest.approx(20) and ok.end.x == pytest.approx(70)
    s.play("move a F10")
    s.play("end")  # all 20 sailed: the turn may end


def test_a_partial_move_is_legal_in_a_game_and_says_what_is_owed(tmp_path):
    s = duel(tmp_path)
    m = s.preview("a", "F5")
    # legal to play now (she may fire and sail on); 20 are owed before the turn ends
    assert m.legal and m.plan.allowance_min == pytest.approx(20)


def test_a_hex_segment_s_points_the_preview_and_the_game_agree():
    """Frigate moves in four segments, each with its share of the turn's points: the
    preview laid her move against the turn's whole schedule (jason, "F2 … allowance 2
    of 11 Movement Points legal") where the game refused it ("no Movement Points left
    in this segment").  The frigate duel's British declare the default allowances; in
    segment 1 each has 2 points: F2 is legal and F3 is not, for the game's reason."""
    from tabletop.game.load import load_scenario

    from .conftest import SCENARIOS

    s = Session.open(load_scenario(str(SCENARIOS / "frigate-hex-duel.toml")))
    s.play("end")  # the British declare (the rules' default)
    s.play("end")  # the French likewise: segment 1, British to move
    assert s.game.state.ship("jason").points == 2
    assert s.preview("jason", "F2").legal
    m = s.preview("jason", "F3")
    why = "jason has no Movement Points left in this segment: the move asks more than the 2 she had"
    assert not m.legal and m.violations == [why]
    with pytest.raises(IllegalAction, match="no Movement Points left"):
        s.play("move jason F3")


def test_what_is_left_of_her_move_this_turn(tmp_path):
    """The sail line gave her point of sail's allowance as if fresh after she had sailed
    all of hers (Man O' War: "allowance 0 to 2 in, by choice", then "moves 1 in, more
    than the allowance of 0 in").  It now says what is left.  Trafalgar: a reaching 20
    cm, 10 sailed: 20 − 10 = 10 left.  Man O' War: dauntless's 6 inches (the skirmish's
    west, turn 1), all 6 sailed: 0 left, said on the sail line (her point of sail then
    allows 0 to 2)."""
    from tabletop.game.load import load_scenario
    from tabletop.referee.rulings import sail, sail_text

    from .conftest import SCENARIOS

    s = duel(tmp_path)
    assert s.left("a") is None  # nothing sailed yet
    s.play("move a F10")
    assert s.left("a") == "10 cm of her move left"
    m = Session.open(load_scenario(str(SCENARIOS / "man-o-war-skirmish.toml")))
    if m.game.state.active_side != "west":
        m.play("end")
    m.play("move dauntless F2 P45 F2")  # 6 − 4 = 2 left: as much as her new point
    assert m.left("dauntless") is None  # of sail allows (0 to 2), so nothing is added
    m.play("move dauntless P45 F2")
    assert m.left("dauntless") == "0 in of her move left"
    s.play("move a F9.99999999")  # to the allowance but for float noise: "1e-08 cm" left
    assert s.left("a") == "0 cm of her move left"
    line = sail_text(sail(m.table, "dauntless"), None, m.left("dauntless"))
    assert line.endswith("; now, 0 in of her move left")


def test_what_is_left_of_an_escadres_move_her_rigging_shot_through():
    """Escadres: the sail line gave her point of sail's hexes where her rigging, shot
    through, left her fewer; it now says what is left.  bellona, speed 5, wind on a side
    front hexside (C: half her speed, rounded up): 3 hexes; two boxes of rigging lost,
    speed 3: 2 hexes."""
    from tabletop.game.load import load_scenario
    from tabletop.referee.rulings import sail

    from .conftest import SCENARIOS
    from .escadres_helpers import poke, set_ship

    s = Session.open(load_scenario(str(SCENARIOS / "escadres-two-fleets.toml")))
    ship = "bellona"
    assert sail(s.table, ship)["allowance"] == 3  # ceil(5 / 2)
    assert s.left(ship) is None
    poke(s.game, set_ship(s.game.state, ship, move_lost=2))
    assert s.left(ship) == "2 hexes of her move left"  # ceil((5 − 2) / 2)


def test_hold_fast_says_the_actions_her_speed_gives_her_now():
    """Hold Fast: the sail line said "allowance 0 to 5 actions" (her class's speed)
    beside a card of top speed 4 and a speed of 3.  Her actions this turn are her speed
    now: amazon sails at speed 3 in the duel (`start_speed`), of her class's 4, and at 4
    once she has made sail; the sail line says so itself, with nothing left over."""
    from dataclasses import replace

    from tabletop.game.load import load_scenario
    from tabletop.referee.rulings import sail

    from .conftest import HOVE_TO
    from .escadres_helpers import poke

    s = Session.open(load_scenario(str(HOVE_TO)))
    assert s.game.state.ship("amazon").speed == 3
    assert sail(s.table, "amazon")["allowance"] == 3  # her speed now
    assert s.left("amazon") is None  # the whole of it: the sail line's
    poke(s.game, s.game.state.with_ship(replace(s.game.state.ship("amazon"), speed=4)))
    assert sail(s.table, "amazon")["allowance"] == 4
    assert s.left("amazon") is None


def test_a_game_over_says_how_it_ended_not_whose_turn_it_is():
    """'turn 5, british to play; british has won' read as a turn still to play, and an
    engine's draw read 'draw has won'."""
    from tabletop.game.report import ended

    assert ended("british") == "british has won"
    assert ended("draw") == "drawn"


def test_no_more_is_left_of_her_move_than_her_point_of_sail_allows(tmp_path):
    """Hold Fast, speed 3, head to wind (heading 0, the wind from the north): the sail
    line read "allowance 0 actions; now, 1 actions of her move left".  Head to wind her
    allowance is her speed's 3 actions, forward moves barred (SPEC §4, issue 57 clause
    3), and nothing more than it is 'left': the line gives the whole of it."""
    from tabletop.referee.rulings import sail

    from .helpers import hold_fast

    scn = hold_fast(tmp_path, [("a", 10, 10, 0), ("b", 30, 10, 90)], speed=3)
    s = Session.open(scn)
    d = sail(s.table, "a")
    assert (d["allowance"], d["forward_barred"]) == (3, True)
    assert s.left("a") is None
