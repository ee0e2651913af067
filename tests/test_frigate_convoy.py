"""A convoy action in Frigate: the scenario's objective (``convoy``, ``last_turn``).

The rules text gives no victory conditions; the project's ruling (FrigateGame.winner):
the convoy taken ends the battle for her enemy, the convoy outlasting the last turn
ends it for her own side, and a last turn without a convoy ends it drawn."""

from __future__ import annotations

import pytest

from tabletop.game.game import Game
from tabletop.game.load import load_scenario
from tabletop.game.report import event_text
from tabletop.shell.cli import main

from .frigate_helpers import declare, text

#: a frigate alongside the merchantman (one hex off, facing her), her escort far off
SHIPS = [
    ("a", "frigate-38", "blue", (0, 0), 1),
    ("m", "merchantman", "red", (1, 0), 2),
    ("z", "frigate-38", "red", (9, -12), 2),
]


def convoy_game(write_scenario, rigged, options: str) -> Game:
    g = Game.new(load_scenario(write_scenario(text(SHIPS, options=options))), 1, rigged.cup)
    declare(g, {"a": 7})  # 7 points: 1, 2, 2, 2 over the segments
    return g


def test_taking_the_convoy_wins_at_once_with_her_escort_still_fighting(write_scenario, rigged):
    g = convoy_game(write_scenario, rigged, 'convoy = "m"\n')
    g.play("move a F1")  # into her hex: alongside
    assert g.state.winner is None
    said = g.play("capture a m")  # a frigate-38's attack 6 to a merchantman's 3: 2-1
    assert g.state.ship("z").struck is False  # the escort untouched...
    assert g.state.winner == "blue"  # ...yet the battle is won
    assert "    blue has won the battle: the convoy m taken" in map(event_text, said)


def test_without_a_convoy_the_escort_must_be_beaten_too(write_scenario, rigged):
    g = convoy_game(write_scenario, rigged, "")
    g.play("move a F1")
    g.play("capture a m")
    assert g.state.ship("m").struck and g.state.winner is None  # z fights on


def pass_turn(g: Game) -> None:
    turn = g.state.turn
    while g.state.turn == turn and g.state.winner is None:
        g.play("end")


@pytest.mark.parametrize(
    "options, winner",
    [
        ('convoy = "m"\nlast_turn = 1\n', "red"),  # she outlasted turn 1: her side's
        ("last_turn = 1\n", "draw"),  # no objective: the clock alone draws it
    ],
)
def test_the_last_turn_ends_the_battle(write_scenario, rigged, options, winner):
    g = convoy_game(write_scenario, rigged, options)
    assert g.state.turn == 1 and g.state.winner is None
    pass_turn(g)  # turn 1's four segments played out, none fighting
    assert g.state.winner == winner
    why = "the convoy m kept through turn 1" if "convoy" in options else "turn 1 ended"
    assert g.events[-1] == {"winner": winner, "why": why}
    # the battle ended with turn 1, though the turn's end moved the count on to 2: the
    # status (and the window's banner) said "turn 2" of a game whose last turn was 1
    assert (g.state.turn, g.state.ended_turn) == (2, 1)
    from tabletop.game.report import over_text

    said = "red has won" if winner == "red" else "drawn"
    assert over_text(g.state) == f"turn 1: {said}, the game is over"


def test_before_the_last_turn_the_battle_goes_on(write_scenario, rigged):
    g = convoy_game(write_scenario, rigged, 'convoy = "m"\nlast_turn = 2\n')
    pass_turn(g)
    assert (g.state.turn, g.state.winner) == (2, None)


def test_the_status_names_the_last_turn_and_her_card_the_convoy(write_scenario, rigged):
    g = convoy_game(write_scenario, rigged, 'convoy = "m"\nlast_turn = 12\n')
    rs = g.state.scenario.ruleset
    from tabletop.game.session import Session

    status = Session(g.state.scenario, g).status
    assert status == "turn 1 of 12, segment 1 of 4, blue to move and fire"
    card = rs.ship_report(g.state, "m")["status"]
    assert "the convoy: taken, the blue win; kept through turn 12, the red" in card
    assert not any("convoy" in f for f in rs.ship_report(g.state, "z")["status"])


@pytest.mark.parametrize(
    "line, message",
    [
        ('convoy = "nobody"', "scenario.convoy: expected one of the scenario's ships (a, m, z)"),
        ("last_turn = 0", "scenario.last_turn: expected a game-turn: a whole number, 1 or more"),
        ('last_turn = "12"', "scenario.last_turn: expected a game-turn"),
    ],
)
def test_a_bad_objective_is_a_check_error(write_scenario, capsys, line, message):
    assert main(["check", str(write_scenario(text(SHIPS, options=line + "\n")))]) == 2
    assert message in capsys.readouterr().err


def test_the_side_that_wins_by_taking_her_names_her_its_quarry(write_scenario, rigged):
    """The computer captains close with the convoy (Advice.quarry), not the nearest
    enemy: z, her escort, lies nearer to nothing of blue's but is not blue's aim."""
    from tabletop.ai.judge import enemy_to_close

    g = convoy_game(write_scenario, rigged, 'convoy = "m"\n')
    rs = g.state.scenario.ruleset
    assert rs.advice.quarry(g.state, "blue") == "m" and rs.advice.quarry(g.state, "red") is None
    z = g.state.ship("z").pose  # standing on z's very spot, blue still aims at m
    assert enemy_to_close(g.state, "a", z.x, z.y) == "m"
    plain = convoy_game(write_scenario, rigged, "")  # no convoy: the nearest, z here
    assert plain.state.scenario.ruleset.advice.quarry(plain.state, "blue") is None
    assert enemy_to_close(plain.state, "a", z.x, z.y) == "z"


def test_a_move_toward_the_convoy_gives_that_as_its_reason(write_scenario, rigged):
    from tabletop.ai.judge import Verdict
    from tabletop.ai.reasons import move_reason
    from tabletop.geometry.pose import Pose

    g = convoy_game(write_scenario, rigged, 'convoy = "m"\n')
    a, m = g.state.ship("a").pose, g.state.ship("m").pose
    toward = Pose((a.x + m.x) / 2, (a.y + m.y) / 2, a.heading)  # half way to her
    assert move_reason(g.state, "a", toward, Verdict(0.0)) == (
        "a stands on to close m, whose taking wins the battle"
    )
    plain = convoy_game(write_scenario, rigged, "")  # no convoy: m is only the nearest
    assert move_reason(plain.state, "a", toward, Verdict(0.0)) == "a stands on to close m"
