"""Properties of the engine over many dice: replay is identical, undo of everything
returns the initial state, and saving then loading changes nothing."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.common.errors import IllegalAction
from tabletop.game.game import Game, read_log, replay
from tabletop.game.load import load_scenario

from .conftest import HOVE_TO, HOVE_TO_LOG, ROOT

SCN = load_scenario(ROOT / "scenarios/frigate-duel.toml")
MOW = load_scenario(ROOT / "scenarios/man-o-war-skirmish.toml")
HF = load_scenario(HOVE_TO)
GAMES = [
    (SCN, read_log(ROOT / "games/frigate-duel.log")[1]),
    (SCN, read_log(ROOT / "games/frigate-duel-boarding.log")[1]),
    (MOW, read_log(ROOT / "games/man-o-war-strait.log")[1]),
    (HF, read_log(HOVE_TO_LOG)[1]),
]


def play_until_illegal(scn, seed: int, actions: list[str]) -> Game:
    """Other dice may make a later action of the log illegal: play up to there."""
    game = Game.new(scn, seed)
    for a in actions:
        try:
            game.play(a)
        except IllegalAction:
            break
    return game


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 2**31), game_log=st.sampled_from(GAMES))
def test_replay_undo_save(tmp_path, seed, game_log):
    scn, log = game_log
    game = play_until_illegal(scn, seed, log)
    again = replay(scn, [str(a) for a in game.actions], seed)
    assert again.state == game.state and again.events == game.events
    path = tmp_path / f"save-{seed}.json"
    game.save(path)
    assert Game.load(path).state == game.state
    end = game.state
    while game.undo():
        pass
    assert game.state == game.start
    while game.redo():
        pass
    assert game.state == end


def vocabulary(ships: list[str]) -> st.SearchStrategy[str]:
    return st.sampled_from(
        [
            "move",
            "ram",
            "fire",
            "tack",
            "recover",
            "choose",
            "avoid",
            "stand",
            "board",
            "cut",
            "end",
            *ships,
            "nobody",
            "port",
            "starboard",
            "irons",
            "luffing",
            "high",
            "F2",
            "F22.6667",
            "S30",
            "P45",
            "T",
            "L3",
            "A",
            "W",
            "F0",
            "S200",
            "X",
            # Hold Fast's verbs and words
            "orders",
            "marines",
            "place",
            "repair",
            "prize",
            "same",
            "opposite",
            "fore",
            "low",
            "mast",
            "rudder",
            "RS",
            "LS",
            "DA",
            "WA",
            "D",
            "-",
            "→",
            "L2",
            "C",
            "M",
            "2",
        ]
    )


@settings(max_examples=60, deadline=None)
@given(data=st.data(), seed=st.integers(0, 100), which=st.sampled_from([0, 2, 3]))
def test_any_action_is_played_or_refused_with_a_reason(data, seed, which):
    """Random actions never crash the engine: each is played or refused in words."""
    from tabletop.common.errors import TabletopError

    scn = GAMES[which][0]
    words = vocabulary([s.id for s in scn.ships])
    script = data.draw(st.lists(st.lists(words, min_size=1, max_size=5), max_size=12))
    game = Game.new(scn, seed)
    for words_ in script:
        before = game.state
        try:
            game.play(" ".join(words_))
        except TabletopError as e:
            assert str(e)
            assert game.state == before
