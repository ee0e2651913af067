"""What Escadres tells its computer captains: how near a ship is to being lost."""

from __future__ import annotations

import pytest

from tabletop.ai.judge import damage_share
from tabletop.game.game import Game
from tabletop.game.load import load_scenario

from .escadres_helpers import set_ship, text

SHIPS = [
    ("hermione", "corvette-20", "french", (0, 0), 0),
    ("victory", "first-rate", "british", (0, 4), 0),
]


@pytest.fixture
def state(write_scenario):
    return Game.new(load_scenario(write_scenario(text(SHIPS))), 1).state


def test_a_ships_loss_is_the_larger_share_of_power_or_crew_gone(state):
    """She strikes when either is gone: a corvette (power 3, crew 3) with two crew lost
    is two thirds lost, where the mean of her report's 3/3 power and 1/3 crew said a
    third."""
    s = set_ship(state, "hermione", crew_lost=2)
    assert damage_share(s, "hermione") == pytest.approx(2 / 3)
    # a first rate (power 12, crew 8) with 3 power and 1 crew lost: max(3/12, 1/8)
    s = set_ship(state, "victory", power_lost=3, crew_lost=1)
    assert damage_share(s, "victory") == pytest.approx(3 / 12)
    assert damage_share(state, "victory") == 0.0
    assert damage_share(set_ship(state, "hermione", struck=True), "hermione") == 1.0
    assert damage_share(set_ship(state, "hermione", out="sunk"), "hermione") == 1.0
