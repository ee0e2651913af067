"""What `tabletop run` prints is plain words: no program values in a player's text.

Issue 59: over the golden games the run printed 788 lines with brackets or braces
("to [97.5263, 38.7985, 65]", "rolls [1, 4]", "grappled [aquilon, defence]") and
snake_case kinds ("avoid_or_stand").  Every golden game is replayed and every line the
run prints (each event, then the table's state) is read for them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tabletop.engine.events import Event
from tabletop.game.game import Game
from tabletop.game.load import load_scenario
from tabletop.game.report import event_text, state_text

from .conftest import ROOT

GOLDEN = sorted((ROOT / "tests" / "golden").glob("*/*.json"))
#: A program's marks: brackets, braces, and words joined by an underscore.
PROGRAM = re.compile(r"[\[\]{}]|\b[a-z]+_[a-z_]+\b")


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_run_of_a_golden_game_prints_plain_words(path: Path):
    data = json.loads(path.read_text())
    game = Game.new(load_scenario(ROOT / data["scenario"]), data["seed"])
    lines = [event_text(e) for e in game.opening]
    for played in data["actions"]:
        lines += [event_text(e) for e in game.play(played)]
        lines += state_text(game.state).splitlines()
    marked = [line for line in lines if PROGRAM.search(line)]
    assert len(lines) > len(data["actions"])
    assert marked == []


#: What a sentence never holds: an underscore, a bracket or brace, a program's value.
REPR = re.compile(r"[_\[\]{}]|\b(None|True|False)\b")


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_event_of_a_golden_game_is_typed_and_says_itself(path: Path):
    """Issue 56: every event an emitter writes is an :class:`Event` whose own sentence
    has no program marks; an emitter left writing a plain dict fails here."""
    data = json.loads(path.read_text())
    game = Game.new(load_scenario(ROOT / data["scenario"]), data["seed"])
    said = list(game.opening)
    for played in data["actions"]:
        said += game.play(played)
    untyped = sorted({", ".join(e) for e in said if not isinstance(e, Event)})
    assert untyped == []  # the keys of each untyped kind
    marked = [e.text() for e in said if REPR.search(e.text())]
    assert len(said) > len(data["actions"])
    assert marked == []


def test_an_order_is_said_by_the_side_that_gave_it():
    """The log read "> end" and "> stand loire" (issue 59: raw log text).  An order now
    reads as a game's record writes it, by the side that gave it: a decision's answer
    by its decider (loire's captain stands, not the British who rammed her), an "end" as
    that side's part done."""
    from tabletop.game.logs import read_log

    seed, log = read_log(ROOT / "games" / "frigate-duel-boarding.log")
    game = Game.new(load_scenario(ROOT / "scenarios" / "frigate-duel.toml"), seed)
    orders = [event_text(game.play(a)[0]) for a in log]
    assert orders[:3] == [
        "british: ram amazon loire F2 P30 F15.5251",
        "french: stand loire",  # the rammed ship's side answers the ram
        "british: fire amazon loire",
    ]
    assert "british is done" in orders and not any(o.startswith(">") for o in orders)


def test_ending_before_the_plot_is_refused_in_a_players_words():
    """Ending the Hold Fast orders step before plotting showed, at the top of the
    window, "end: movement orders first: 'orders SHIP W W W W W ...'", the command's
    usage; it now says whose orders are owed, in words."""
    from tabletop.engine.core import refusal

    state = Game.new(load_scenario(ROOT / "scenarios" / "hold-fast-duel.toml"), 1).state
    why = refusal(state, "end")
    assert why == "the british side gives its movement orders first"
    assert not re.search(r"[A-Z]{2,}|'|\[", why)  # no usage words, quotes or brackets
