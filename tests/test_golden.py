"""Golden playthroughs: a scenario, a seed, the actions, and the state after each.

One test replays every file under ``tests/golden/<ruleset>/`` and fails on the first
state that differs; another fails if a ruleset with a game engine has no playthrough.
``TABLETOP_REGOLD=1 pytest tests/test_golden.py`` rewrites them from their logs after a
deliberate change of the rules (review the diff before committing it).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tabletop import rules
from tabletop.game.game import Game, read_log
from tabletop.game.load import load_scenario
from tabletop.rules.base import REGISTRY

from .conftest import ROOT

GOLDEN = Path(__file__).parent / "golden"
SOURCES = {  # golden file → (scenario, log), for regeneration
    "trafalgar-modified/frigate-duel.json": (
        "scenarios/frigate-duel.toml",
        "games/frigate-duel.log",
    ),
    "trafalgar-modified/frigate-duel-boarding.json": (
        "scenarios/frigate-duel.toml",
        "games/frigate-duel-boarding.log",
    ),
    "man-o-war/strait.json": ("scenarios/man-o-war-skirmish.toml", "games/man-o-war-strait.log"),
    "escadres/two-fleets.json": (
        "scenarios/escadres-two-fleets.toml",
        "games/escadres-two-fleets.log",
    ),
    "frigate/hex-duel.json": (
        "scenarios/frigate-hex-duel.toml",
        "games/frigate-hex-duel.log",
    ),
    "frigate/hex-prize.json": (
        "scenarios/frigate-hex-prize.toml",
        "games/frigate-hex-prize.log",
    ),
    "frigate/hex-weather.json": (
        "scenarios/frigate-hex-weather.toml",
        "games/frigate-hex-weather.log",
    ),
    "hold-fast/duel.json": ("scenarios/hold-fast-duel.toml", "games/hold-fast-duel.log"),
    "hold-fast/hove-to.json": (
        "tests/golden/hold-fast/hove-to.toml",
        "tests/golden/hold-fast/hove-to.log",
    ),
    "hold-fast/frigates.json": (
        "scenarios/hold-fast-frigates.toml",
        "games/hold-fast-frigates.log",
    ),
    "hold-fast/close-quarters.json": (
        "tests/golden/hold-fast/close-quarters.toml",
        "tests/golden/hold-fast/close-quarters.log",
    ),
}


def play(scenario: str, seed: int | None, actions: list[str]) -> list[dict]:
    game = Game.new(load_scenario(ROOT / scenario), seed)
    states = []
    for a in actions:
        game.play(a)
        states.append(game.state.snapshot())
    return states


@pytest.mark.skipif(not os.environ.get("TABLETOP_REGOLD"), reason="only when regenerating")
@pytest.mark.parametrize("name", sorted(SOURCES))
def test_regenerate(name):
    scenario, log = SOURCES[name]
    seed, actions = read_log(ROOT / log)
    states = play(scenario, seed, actions)
    out = GOLDEN / name
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(
        json.dumps(
            {"scenario": scenario, "log": log, "seed": seed, "actions": actions, "states": states},
            indent=1,
        )
        + "\n"
    )


def golden_files() -> list[Path]:
    return sorted(GOLDEN.glob("*/*.json"))


@pytest.mark.parametrize("path", golden_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_playthrough_replays_identically(path):
    data = json.loads(path.read_text())
    states = play(data["scenario"], data["seed"], data["actions"])
    for n, (got, want) in enumerate(zip(states, data["states"], strict=True), 1):
        assert got == want, (
            f"{path.name}: state after action {n} '{data['actions'][n - 1]}' differs"
        )


def test_every_playable_ruleset_has_a_golden_playthrough():
    playable = [name for name in rules.names() if REGISTRY[name].caps.has_engine]
    assert playable  # at least the modified Trafalgar rules
    for name in playable:
        assert list((GOLDEN / name).glob("*.json")), f"no golden playthrough for {name}"
