"""A game being played, and the shell around the kernel: history, undo/redo, save,
load and replay.  Rulesets are reached only through the scenario."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path

from tabletop.data.load import load_scenario
from tabletop.data.save import write_atomic
from tabletop.engine.actions import Action, parse
from tabletop.engine.core import Events, apply
from tabletop.engine.dice import DiceSource, hash_dice
from tabletop.engine.state import GameState, initial_state
from tabletop.errors import TabletopError
from tabletop.model import Scenario

SAVE_FORMAT = "tabletop-save/1"


@dataclass
class Game:
    """A game being played: the current state, its history for undo, and redo."""

    start: GameState
    history: list[tuple[GameState, Action, Events]] = field(default_factory=list)
    opening: Events = field(default_factory=list)  # what happened before the first action
    redo_stack: list[tuple[Action, GameState, Events]] = field(default_factory=list)
    dice: DiceSource = hash_dice  # where every action's dice come from

    @classmethod
    def new(cls, scn: Scenario, seed: int | None = None, dice: DiceSource = hash_dice) -> Game:
        """A game at its start, after whatever the ruleset rolls before play begins."""
        state = initial_state(scn, seed)
        events: Events = []
        cup = dice(state.seed, state.counter, events)
        state = scn.ruleset.open_game(state, cup, events)
        return cls(replace(state, counter=cup.counter), opening=events, dice=dice)

    @property
    def state(self) -> GameState:
        return self.history[-1][0] if self.history else self.start

    @property
    def actions(self) -> list[Action]:
        return [a for _, a, _ in self.history]

    @property
    def events(self) -> Events:
        return [*self.opening, *(e for _, _, ev in self.history for e in ev)]

    def play(self, action: Action | str) -> Events:
        act = (
            parse(action, self.start.scenario.ruleset.verbs) if isinstance(action, str) else action
        )
        state, events = apply(self.state, act, self.dice)
        self.history.append((state, act, events))
        self.redo_stack.clear()
        return events

    def undo(self) -> bool:
        if not self.history:
            return False
        state, act, events = self.history.pop()
        self.redo_stack.append((act, state, events))
        return True

    def redo(self) -> bool:
        if not self.redo_stack:
            return False
        act, state, events = self.redo_stack.pop()
        self.history.append((state, act, events))
        return True

    # -- saving ------------------------------------------------------------------------
    def save(self, path: str | Path) -> None:
        """Write the game atomically: the scenario, the seed, the actions and the state."""
        data = {
            "format": SAVE_FORMAT,
            "scenario": str(Path(self.start.scenario.source).resolve()),
            "seed": self.start.seed,
            "actions": [str(a) for a in self.actions],
            "state": self.state.snapshot(),
        }
        write_atomic(path, json.dumps(data, indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> Game:
        """Replay a saved game and check it reaches the saved state."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as e:
            raise TabletopError(f"{path}: cannot read the saved game ({e})") from None
        except json.JSONDecodeError as e:
            raise TabletopError(f"{path}: expected a saved game (JSON), found: {e}") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise TabletopError(f"{path}: format: expected '{SAVE_FORMAT}'")
        if not isinstance(data.get("actions"), list) or not isinstance(data.get("seed"), int):
            raise TabletopError(f"{path}: expected 'seed' (a whole number) and 'actions' (a list)")
        game = replay(
            load_scenario(data["scenario"]), data["actions"], data["seed"], where=str(path)
        )
        if "state" in data and game.state.snapshot() != data["state"]:
            raise TabletopError(
                f"{path}: replaying the actions does not give the saved state "
                "(the scenario or rules changed since it was saved)"
            )
        return game


def replay(
    scn: Scenario,
    actions: list[str],
    seed: int | None = None,
    where: str = "log",
    dice: DiceSource = hash_dice,
) -> Game:
    """Play a list of actions from the start; an illegal one names its line."""
    game = Game.new(scn, seed, dice)
    for n, text in enumerate(actions, 1):
        try:
            game.play(text)
        except TabletopError as e:
            raise TabletopError(f"{where}: action {n} '{text}': {e}") from None
    return game


def read_log(path: str | Path) -> tuple[int | None, list[str]]:
    """A game log: one action per line, '#' comments, an optional 'seed N' line."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise TabletopError(f"{path}: cannot read the log ({e})") from None
    seed = None
    actions = []
    for n, raw in enumerate(lines, 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("seed"):
            parts = line.split()
            if len(parts) != 2 or not parts[1].lstrip("-").isdigit():
                raise TabletopError(f"{path}: line {n}: expected 'seed N', found '{line}'")
            seed = int(parts[1])
            continue
        actions.append(line)
    return seed, actions
