"""The Hold Fast golden playthrough: what it covers, replay over 200 seeds, undo-all.

``tests/golden/hold-fast/hove-to.log`` (recorded in ``tests/golden/hold-fast/hove-to.json`` and
replayed by tests/test_golden.py) plots orders, raises sail, runs Amazon aboard
Cleopatre (placed alongside by her captain's choice), boards, makes Cleopatre strike,
drifts the two together and puts a prize crew aboard.
"""

from __future__ import annotations

import pytest

from tabletop.common.errors import TabletopError
from tabletop.game.game import Game, read_log
from tabletop.game.load import load_scenario

from .conftest import HOVE_TO, HOVE_TO_LOG

SCENARIO = HOVE_TO
LOG = HOVE_TO_LOG


def _play(seed: int) -> tuple[list[dict], str | None, list[dict]]:
    """The snapshots after each action, the first refusal (if the dice made one of the
    log's actions illegal), and every event."""
    _, actions = read_log(LOG)
    game = Game.new(load_scenario(SCENARIO), seed)
    states: list[dict] = []
    for n, a in enumerate(actions, 1):
        try:
            game.play(a)
        except TabletopError as e:
            return states, f"{n}: {e}", game.events
        states.append(game.state.snapshot())
    return states, None, game.events


def test_hf74_the_golden_duel_covers_the_turns_procedures():
    seed, _ = read_log(LOG)
    assert seed is not None
    states, refused, events = _play(seed)
    assert refused is None
    kinds = {next(iter(e)) for e in events}
    # plotting, a sail change, a collision placed alongside, a boarding, a strike, a drift
    for kind in ("plotted", "sail", "collision", "alongside", "board", "struck", "drift"):
        assert kind in kinds, kind
    assert "prize" in kinds and states[-1]["turn"] == 2


@pytest.mark.slow
@pytest.mark.parametrize("block", range(4))
def test_hf74_replay_is_identical_over_200_seeds(block):
    # the same log under 200 seeds: each replays twice to the same states (or is refused
    # at the same action with the same reason, when the dice make a later action illegal)
    for seed in range(block * 50, block * 50 + 50):
        assert _play(seed)[:2] == _play(seed)[:2], seed


def test_hf74_undo_all_returns_the_start():
    seed, actions = read_log(LOG)
    game = Game.new(load_scenario(SCENARIO), seed)
    start = game.state.snapshot()
    for a in actions:
        game.play(a)
    end = game.state.snapshot()
    while game.undo():
        pass
    assert game.state.snapshot() == start
    while game.redo():
        pass
    assert game.state.snapshot() == end
