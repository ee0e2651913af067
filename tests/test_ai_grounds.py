"""What a ship may strike ground on (``Advice.grounds``), which the computer captain
keeps her off.  In Hold Fast shallows and shoals take a ship when a d6 less her rate
tops their level (HF-71/72), so whether she can ground there is her rate and the
level under 6; the captains had treated every bank as open water and ran the first
rate through the squadrons' bank, where a d6 less 1 tops 2 one phase in two."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from tabletop.ai.sea import clearance
from tabletop.game.load import load_scenario

from .conftest import SCENARIOS

SQUADRONS = load_scenario(SCENARIOS / "hold-fast-squadrons.toml")
BANK, SHOAL, ISLET = SQUADRONS.terrain  # level 2, level 1 (hidden), land


@pytest.mark.parametrize(
    "ship, rate, bank, shoal",
    [
        # 6 − rate > level: the bank (2) takes rates 1-3, the shoal (1) rates 1-4
        ("santisima", 1, True, True),  # 6 − 1 = 5 > 2: a roll of 4, 5 or 6
        ("san-jose", 2, True, True),  # 6 − 2 = 4 > 2: a 5 or a 6
        ("captain", 3, True, True),  # 6 − 3 = 3 > 2: a 6 alone
        ("mahonesa", 4, False, True),  # 6 − 4 = 2, not above 2; above the shoal's 1
        ("minerve", 5, False, False),  # 6 − 5 = 1, not above 1 either
    ],
)
def test_hold_fast_grounds_by_rate_and_level(ship, rate, bank, shoal):
    cls = SQUADRONS.ship(ship).cls
    assert cls.rate == rate
    rs = SQUADRONS.ruleset
    assert (BANK.level, SHOAL.level) == (2, 1)
    assert rs.advice.grounds(cls, BANK) is bank
    assert rs.advice.grounds(cls, SHOAL) is shoal
    assert rs.advice.grounds(cls, ISLET) is True  # land takes every ship


def test_other_rulesets_ground_on_land_and_shoals_not_shallows():
    scn = load_scenario(SCENARIOS / "squadron-action.toml")
    cls = scn.ships[0].cls
    kinds = {t.kind: scn.ruleset.advice.grounds(cls, t) for t in (BANK, SHOAL, ISLET)}
    assert kinds == {"shallows": False, "shoal": True, "land": True}


def test_the_captain_measures_her_room_from_what_she_can_ground_on():
    # in the middle of the bank, heading north: a 74 lies on it (no room); the bank and
    # the shoal cannot take the frigate, so her room is to the islet
    x, y, h = np.array([24.0]), np.array([18.0]), np.array([0.0])
    big = SQUADRONS.ship("captain").cls
    small = SQUADRONS.ship("minerve").cls
    _, gap74 = clearance(SQUADRONS, big.base_length, big.base_width, x, y, h, (), big)
    _, gapfr = clearance(SQUADRONS, small.base_length, small.base_width, x, y, h, (), small)
    assert gap74[0] < 0
    # the frigate's nearest ground is the islet, whose top edge runs y = 7 (x 22..25):
    # her stern at 18 − 1.25/2 = 17.375, less half her beam 0.25: 17.375 − 7 − 0.25
    assert gapfr[0] == pytest.approx(18 - small.base_length / 2 - 7 - small.base_width / 2)
    assert gapfr[0] == pytest.approx(10.125)
    # the old reckoning, land and shoals alone (a Trafalgar class: the rulesets' default),
    # took the bank for open water: the 74's nearest ground was the shoal's corner
    # (30, 26) from her bow (24, 18 + L/2)
    other = load_scenario(SCENARIOS / "squadron-action.toml")
    old_scn = replace(SQUADRONS, ruleset=other.ruleset)
    _, old = clearance(old_scn, big.base_length, big.base_width, x, y, h, (), other.ships[0].cls)
    bow = 18 + big.base_length / 2
    assert old[0] == pytest.approx(np.hypot(30 - 24, 26 - bow) - big.base_width / 2)


def test_a_duel_counts_a_blunder_onto_ground_she_may_strike_and_knew_of():
    from tabletop.ai.duel import blunder
    from tabletop.game.game import Game
    from tabletop.geometry.pose import Pose

    state = Game.new(SQUADRONS).state

    def at(ship: str, x: float, y: float) -> str | None:
        st = state.ship(ship)
        return blunder(state.with_ship(replace(st, pose=Pose(x, y, 0.0))), ship)

    # the middle of the bank (level 2): it can take the first rate, not the frigate
    assert at("santisima", 24, 18) == "onto shallows"
    assert at("minerve", 24, 18) is None
    # the Spanish shoal (level 1, hidden, charted by the Spanish): a 74 of theirs on it
    # blundered; a British 74, who could not know of it, did not
    assert at("san-jose", 31.5, 27.5) == "onto shoal"
    assert at("captain", 31.5, 27.5) is None
    # found, it is known to the British too
    state = replace(state, revealed=(1,))
    assert at("captain", 31.5, 27.5) == "onto shoal"
