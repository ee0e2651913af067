"""The computer captain decides on the table as its side knows it: a hidden shoal
(HF-72) that its side did not chart is not there for it until a ship has found it.
It had steered the British round the squadrons' Spanish shoal from the first turn."""

from __future__ import annotations

from dataclasses import replace

from tabletop.ai.captain import Captain, Decision
from tabletop.ai.weights import load_weights
from tabletop.engine.state import GameState
from tabletop.game.game import Game
from tabletop.game.load import load_scenario

from .conftest import SCENARIOS


class Spy(Captain):
    """A captain who records the terrain of the table she is asked to decide on."""

    saw: list[str]

    def _next(self, state: GameState) -> Decision:
        self.saw = [t.name for t in state.scenario.terrain]
        return Decision("end")


def _state() -> GameState:
    return Game.new(load_scenario(SCENARIOS / "hold-fast-squadrons.toml")).state


def _spy(state: GameState, side: str) -> list[str]:
    cap = Spy(side, "captain", load_weights(state.scenario.ruleset))
    assert cap.decide(state).action == "end"
    return cap.saw


def test_each_side_decides_on_the_terrain_it_knows():
    state = _state()
    assert [t.name for t in state.scenario.terrain] == ["the bank", "Spanish shoal", "islet"]
    assert _spy(state, "british") == ["the bank", "islet"]
    assert _spy(state, "spanish") == ["the bank", "Spanish shoal", "islet"]


def test_a_shoal_found_is_known_to_the_other_side_too():
    state = replace(_state(), revealed=(1,))  # a ship has found the Spanish shoal
    assert _spy(state, "british") == ["the bank", "Spanish shoal", "islet"]


def test_the_table_a_side_knows_has_nothing_left_to_reveal():
    # what is left off shifts the terrain's indexes, so ``revealed`` (the whole table's)
    # no longer fits it: what the British know is laid as known, and none is revealed
    state = replace(_state(), revealed=(1,))
    assert state.seen_by("spanish") is state  # the Spanish know all of it: as it is
    known = state.seen_by("british")
    assert known is state  # found: nothing is left off
    # a second hidden shoal, charted by the British: theirs is kept and laid as known
    base = _state()
    shoal = base.scenario.terrain[1]
    theirs = replace(shoal, name="British shoal", known_to="british")
    two = replace(base, scenario=replace(base.scenario, terrain=(shoal, theirs)), revealed=(0,))
    assert two.seen_by("british") is two  # the Spanish one found: both known to them
    fog = replace(two, revealed=()).seen_by("british")
    assert [(t.name, t.hidden) for t in fog.scenario.terrain] == [("British shoal", False)]
    assert fog.revealed == ()
