"""The admiral weighs ships by what they score (``Advice.worth``, ``judge.stake``).

In Hold Fast's escape (HF-67) the French score the guns of each ship that leaves by the
west edge and the British the guns of each French ship they defeat: the frigate vestale
carries 36 guns, the brig etourdi 16.  The admiral's ``stakes`` (templates/ai/
hold-fast.toml) weighs each ship by her guns over her side's mean; the captain's
weights have it at nought, so the two levels differ by it alone.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from tabletop.ai.captain import Captain
from tabletop.ai.judge import enemy_to_close, place, stake
from tabletop.ai.plotting import choose
from tabletop.ai.weights import load_weights
from tabletop.game.game import Game
from tabletop.game.load import load_scenario

from .conftest import SCENARIOS


def _state(name: str):
    return Game.new(load_scenario(SCENARIOS / name), 1).state


def test_a_hold_fast_ship_is_worth_her_guns_where_the_battle_is_scored():
    """HF-67 scores escapes and points actions by guns; a duel is won by the last ship
    fighting, so there every ship is worth 1."""
    esc = _state("hold-fast-escape.toml")
    rs = esc.scenario.ruleset
    assert rs.advice.worth(esc, "vestale") == 36.0  # frigate-36, gun_count 36
    assert rs.advice.worth(esc, "etourdi") == 16.0  # brig-16
    sq = _state("hold-fast-squadrons.toml")  # victory = "points", last_turn = 20
    assert sq.scenario.ruleset.advice.worth(sq, "santisima") == 100.0  # first-rate
    duel = _state("hold-fast-duel.toml")  # victory = "duel"
    assert {duel.scenario.ruleset.advice.worth(duel, s.id) for s in duel.ships} == {1.0}


def test_stake_is_her_worth_over_her_sides_mean_as_far_as_the_weight_counts_it():
    """The French mean is (36 + 16) / 2 = 26: vestale 36/26 = 1.3846, etourdi 16/26 =
    0.6154; at stakes 0.5, vestale 1 + 0.5 × 10/26 = 1.1923; at nought, 1."""
    st = _state("hold-fast-escape.toml")
    w = load_weights(st.scenario.ruleset)
    assert w.stakes == 1.0
    assert stake(st, "vestale", w) == pytest.approx(36 / 26)
    assert stake(st, "etourdi", w) == pytest.approx(16 / 26)
    assert stake(st, "vestale", replace(w, stakes=0.5)) == pytest.approx(1 + 0.5 * 10 / 26)
    assert stake(st, "vestale", replace(w, stakes=0.0)) == 1.0
    assert stake(st, "vestale", None) == 1.0


def test_the_admiral_chases_the_ship_worth_more_and_the_captain_the_nearest():
    """Pelican lies at (12, 4): etourdi (28, 10) is hypot(16, 6) = 17.09 in off, vestale
    (26, 14) hypot(14, 10) = 17.20.  The captain closes with the nearer, etourdi; the
    admiral with vestale, 17.20 / 1.3846 = 12.43 against 17.09 / 0.6154 = 27.77."""
    st = _state("hold-fast-escape.toml")
    w = load_weights(st.scenario.ruleset)
    assert enemy_to_close(st, "pelican", 12, 4) == "etourdi"
    assert enemy_to_close(st, "pelican", 12, 4, w) == "vestale"
    assert Captain("british", "admiral", w).w.stakes == 1.0
    assert Captain("british", "captain", w).w.stakes == 0.0  # the admiral's alone


def test_the_admiral_s_escaping_frigate_counts_each_inch_to_her_edge_by_her_guns():
    """Vestale at x = 20, heading west: 20 in from the west edge, at ``escape`` 4 an
    inch, -80 for the captain, -80 × 36/26 = -110.77 for the admiral; the rest of the
    place is alike (+3 here), so the two differ by 80 × 10/26 = 30.77."""
    st = _state("hold-fast-escape.toml")
    scn = st.table()
    w = load_weights(st.scenario.ruleset)
    x, y, h = np.array([20.0]), np.array([14.0]), np.array([270.0])
    admiral = place(scn, st, "vestale", w, x, y, h)[0]
    captain = place(scn, st, "vestale", replace(w, stakes=0.0), x, y, h)[0]
    assert captain - admiral == pytest.approx(80 * 10 / 26)


def test_a_captain_s_plot_is_chosen_without_the_stakes_however_she_is_handed_them():
    """``choose`` at the captain's level (as the admiral's foresight of her enemy calls
    it, with the admiral's weights) plots and judges as with stakes at nought; at the
    admiral's, vestale's judgement (in her line of reason) is not the same."""
    st = _state("hold-fast-escape.toml")
    w = load_weights(st.scenario.ruleset)
    got = choose(st, "vestale", "captain", w)
    zero = choose(st, "vestale", "captain", replace(w, stakes=0.0))
    assert got is not None and zero is not None
    assert got[0].words == zero[0].words and got[1] == zero[1]
    mine = choose(st, "vestale", "admiral", w)
    plain = choose(st, "vestale", "admiral", replace(w, stakes=0.0))
    assert mine is not None and plain is not None and mine[1] != plain[1]
