"""The computer captain goes about: a tack (``Advice.turnabouts``) weighed with her fan.

Her fan holds only what one move makes of her; a tack ends her move head to wind and
is completed next turn, so it was never offered, and a captain who had passed the
enemy could only wear, running on to the far edge first.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tabletop.ai.captain import Captain
from tabletop.ai.clock import unlimited
from tabletop.ai.duel import blunder
from tabletop.ai.judge import moved, trial
from tabletop.engine.state import GameState
from tabletop.game.game import Game
from tabletop.game.load import load_scenario
from tabletop.geometry.pose import Pose

from .conftest import SCENARIOS


def _beating(amazon: Pose) -> GameState:
    """The frigate duel (wind from the north): loire at (100, 60) beating on the port
    tack (heading 70, θ 70), amazon where given, the French to move."""
    state = Game.new(load_scenario(SCENARIOS / "frigate-duel.toml"), 3).state
    state = moved(state, "amazon", amazon)
    state = moved(state, "loire", Pose(100.0, 60.0, 70.0))
    return replace(state, active=state.sides.index("french"))


def test_the_captain_goes_about_when_the_enemy_lies_astern():
    """amazon 70 cm to the west-north-west (bearing atan2(−70, 10) ≈ 278°): each move of
    loire's fan heads between 60 (close-hauled; the luffing sector is barred) and east
    of south, its bow 118° or more from her; the tack leaves her close-hauled on the
    starboard tack, heading 0 − 60 = 300, 22° from her.  The captain goes about; the
    scripted level (the baseline) never does.  With amazon to the east (bearing 90-ish)
    the captain stands on: a tack would point her away."""
    state = _beating(Pose(30.0, 70.0, 90.0))
    d = Captain.for_game(state, "french", "captain").decide(state)
    assert d.action == "move loire F2 T", d
    assert d.reason == "loire goes about to close amazon"
    scripted = Captain.for_game(state, "french", "scripted").decide(state)
    assert not scripted.action.endswith(" T"), scripted
    ahead = _beating(Pose(160.0, 70.0, 90.0))
    d = Captain.for_game(ahead, "french", "captain").decide(ahead)
    assert d.action.startswith("move loire F") and not d.action.endswith(" T"), d


def test_the_captain_risks_no_tack_she_may_fail():
    # fired on, the tack needs the command check (a failure: irons or luffing, at the
    # enemy's choice); she passes it only by chance, and a failure is a blunder, so
    # she does not go about, the enemy astern or not
    state = _beating(Pose(30.0, 70.0, 90.0))
    state = state.with_ship(replace(state.ship("loire"), fired_on=True))
    [(_, _, chance)] = state.scenario.ruleset.advice.turnabouts(state, "loire")
    assert 0 < chance < 1
    d = Captain.for_game(state, "french", "captain").decide(state)
    assert d.action.startswith("move loire F") and not d.action.endswith(" T"), d


def test_the_captain_completes_her_tack_on_the_tack_it_was_begun_for():
    # next turn, the tack is completed onto the starboard tack (heading 300, toward
    # amazon), not back onto the port one it began from (0 + 60)
    state = _beating(Pose(30.0, 70.0, 90.0))
    after = trial(state, "move loire F2 T")
    assert after is not None and after.ship("loire").tacking
    st = after.ship("loire")
    nxt = replace(after.with_ship(replace(st, done=False)), turn=after.turn + 1)
    captain = Captain.for_game(nxt, "french", "captain")
    captain.clock = unlimited()  # her choice, not the machine's load (a loaded machine's
    d = captain.decide(nxt)  # wall clock stopped her at the first option, port)
    assert d.action == "tack loire starboard", d
    # its reason, in the ruleset's words for what she owes (was "loire: tacks (...)")
    assert d.reason == "loire must complete her tack: tack loire starboard"


def test_half_way_through_a_tack_is_not_in_irons():
    # head to wind (heading 0) she is in irons, a blunder; tacking there, she is not
    state = _beating(Pose(30.0, 70.0, 90.0))
    st = state.ship("loire")
    head_to_wind = state.with_ship(replace(st, pose=Pose(100.0, 60.0, 0.0)))
    assert blunder(head_to_wind, "loire") == "into irons"
    stays = head_to_wind.with_ship(replace(head_to_wind.ship("loire"), tacking=True))
    assert blunder(stays, "loire") is None


def test_a_bow_pointed_away_from_the_enemy_costs_her_beyond_her_range():
    """``approach`` (6) per half turn her bow points away from the enemy she closes
    with, scaled from nothing at ``approach_range`` (18 cm) to all of it at twice that.
    amazon at (30, 70); loire due east of her: 36 cm off (all of it) heading 0, 90°
    off her bearing (270): 6 × 90/180 = 3; 27 cm off heading 90, 180° off, half of it
    (27/18 − 1): 6 × 0.5 × 1 = 3; 18 cm off, none.  Every other term is the same with
    approach 0, so the difference is the approach alone."""
    import numpy as np

    from tabletop.ai.judge import place

    state = _beating(Pose(30.0, 70.0, 90.0))
    w = Captain.for_game(state, "french", "captain").w
    assert (w.approach, w.approach_range) == (6.0, 18.0)
    flat = replace(w, approach=0.0)
    x, y, h = np.array([66.0, 57.0, 48.0]), np.array([70.0, 70.0, 70.0]), np.array([0.0, 90, 90])
    scn = state.table()
    got = place(scn, state, "loire", w, x, y, h) - place(scn, state, "loire", flat, x, y, h)
    assert got == pytest.approx([-3.0, -3.0, 0.0])


def test_a_tack_owed_once_a_consort_sails_clear_is_completed(tmp_path):
    """a hangs in stays (head to wind, tacking) with c and d 3.5 either side of her,
    2.5 forward: either tack would foul one (the bow one, the stern the other), so she
    owes nothing and the captain leaves her.  Then both sail clear, the same turn: now
    she owes her tack, and the captain completes it before 'end' (seed 52 of the
    squadron action: 'end' refused, the game stopped)."""
    from tabletop.game.game import Game as G

    from .helpers import table

    ships = [("a", 50, 50, 0, "british"), ("c", 53.5, 52.5, 0, "british")]
    ships += [("d", 46.5, 52.5, 0, "british"), ("b", 150, 100, 90, "french")]
    g = G.new(table(tmp_path, ships))
    state = g.state.with_ship(replace(g.state.ship("a"), tacking=True))
    state = state.with_ship(replace(state.ship("c"), done=True))
    state = state.with_ship(replace(state.ship("d"), done=True))
    cap = Captain.for_game(state, "british", "captain")
    assert state.scenario.ruleset.turn_owed(state, "a") is None
    assert cap.decide(state).action == "end"
    clear = state.with_ship(replace(state.ship("d"), pose=Pose(20.0, 52.5, 0.0)))
    clear = clear.with_ship(replace(clear.ship("c"), pose=Pose(80.0, 52.5, 0.0)))
    assert state.scenario.ruleset.turn_owed(clear, "a") is not None
    assert cap.decide(clear).action.startswith("tack a ")


def test_a_ship_half_way_through_a_tack_is_named_so_on_the_table():
    # head to wind after 'F2 T', loire is drawn "loire (in stays)": not in irons
    from tabletop.game.session import Session
    from tabletop.view import scene as sc

    scn = load_scenario(SCENARIOS / "frigate-duel.toml")
    at = {"amazon": Pose(30.0, 70.0, 90.0), "loire": Pose(100.0, 60.0, 70.0)}
    scn = replace(scn, ships=tuple(s.moved(at[s.id]) for s in scn.ships))
    game = Game.new(scn, 3)
    session = Session(scn, game)
    game.play("move amazon F22.6667")  # reaching: 4/3 × 17
    game.play("end")
    assert session.in_stays == set()
    game.play("move loire F2 T")
    assert session.in_stays == {"loire"}
    names = {lb.text for lb in sc.table_scenes(session.table, None, {}, session.notes)[2].labels}
    assert {"loire (in stays)", "amazon"} <= names
