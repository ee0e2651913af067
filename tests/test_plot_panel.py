"""The plotting panel's cells (Hold Fast's five phases), without a window: a word put
moves on to the next phase the ship acts in, and the phases she does not are marked."""

from __future__ import annotations

import pytest

pytest.importorskip("arcade")

from tabletop.game.game import Game  # noqa: E402
from tabletop.game.load import load_scenario  # noqa: E402
from tabletop.view.plotting import PlotPanel  # noqa: E402

from .conftest import SCENARIOS  # noqa: E402


def _panel() -> PlotPanel:
    state = Game.new(load_scenario(SCENARIOS / "hold-fast-duel.toml"), 1).state
    spec = state.scenario.ruleset.plot_spec(state)
    assert spec is not None and spec.ships == ("amazon",)
    return PlotPanel.start(spec, shown=True)


def test_a_word_put_moves_on_to_the_next_phase_she_acts_in():
    """Amazon at speed 3 acts in phases I, III and V (slots 0, 2, 4): the panel took F
    in phase II and refused the plot.  F, F, F by clicks on the words alone is now her
    plot F - F - F, which the rules take."""
    panel = _panel()
    assert dict(panel.spec.acts)["amazon"] == (0, 2, 4)
    for _ in range(3):
        panel.put("F")
    assert panel.plots["amazon"] == ["F", "-", "F", "-", "F"]
    game = Game.new(load_scenario(SCENARIOS / "hold-fast-duel.toml"), 1)
    game.play(panel.action())  # raises where the rules refuse the plot
    assert [str(a) for a in game.actions] == ["orders amazon F - F - F"]


def test_the_phases_she_does_not_act_in_are_marked_until_a_sail_change():
    """The cells of phases II and IV show "·", not "-"; raising sail in phase I (speed
    4: phases I, II, IV, V) changes them, so the panel marks none and moves on cell by
    cell, as the rules will judge the plot."""
    panel = _panel()
    cells = [b.text for b in panel.layout(0.0, 0.0, {}) if b.command[:2] == ("cell", "amazon")]
    assert cells[1:] == ["-", "·", "-", "·", "-"]  # her name's box first, then I..V
    panel.put("RS")
    assert panel.acting("amazon") is None and panel.slot == 1  # phase II: hers at speed 4
    cells = [b.text for b in panel.layout(0.0, 0.0, {}) if b.command[:2] == ("cell", "amazon")]
    assert cells[1:] == ["RS", "-", "-", "-", "-"]
