"""A game being played, and the shell around the kernel: history, undo/redo, save,
load and replay.  Rulesets are reached only through the scenario."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from tabletop.common.errors import TabletopError, clip
from tabletop.data.files import Reads
from tabletop.engine.actions import Action, parse
from tabletop.engine.core import Events, apply
from tabletop.engine.dice import DiceSource, hash_dice
from tabletop.engine.state import GameState, initial_state
from tabletop.game.load import load_scenario
from tabletop.game.logs import GameLog
from tabletop.game.logs import read_log as read_log  # re-exported: the log's reader
from tabletop.game.proof import Proof, vouch
from tabletop.game.saved import (
    MAX_ACTION_CHARS,
    MAX_ACTIONS,
    Saved,
    read_save,
    regular_file,
    write_save,
)
from tabletop.model.scenario import Scenario


@dataclass
class Game:
    """A game being played: the current state, its history for undo, and redo."""

    start: GameState
    history: list[tuple[GameState, Action, Events]] = field(default_factory=list)
    opening: Events = field(default_factory=list)  # what happened before the first action
    redo_stack: list[tuple[Action, GameState, Events]] = field(default_factory=list)
    dice: DiceSource = hash_dice  # where every action's dice come from
    proof: Proof | None = None  # what loading it from a save showed (None: not loaded)

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
        written = str(act)  # a save holds this text: it must read back
        if len(written) > MAX_ACTION_CHARS or not written.isprintable():
            raise TabletopError(
                f"expected an action of printable text, at most {MAX_ACTION_CHARS} characters"
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
    def save(self, path: str | Path, reads: Reads = ()) -> None:
        """Write the game atomically: the scenario, the seed, the actions and the state;
        never over its scenario or anything else in ``reads`` (the log being played)."""
        if len(self.history) > MAX_ACTIONS:  # what is written must read back
            raise TabletopError(
                f"{clip(str(path))}: cannot save a game of more than {MAX_ACTIONS} actions"
            )
        write_save(
            path,
            self.start.scenario,
            self.start.seed,
            [str(a) for a in self.actions],
            self.state.snapshot(),
            reads,
        )

    @classmethod
    def load(cls, path: str | Path, on_new_data: bool = False) -> Game:
        """Replay a saved game and check it reaches the saved state."""
        return cls.from_save(read_save(path), on_new_data)

    @classmethod
    def from_save(
        cls, saved: Saved, on_new_data: bool = False, scn: Scenario | None = None
    ) -> Game:
        """The game a save holds, its claims checked (``proof.vouch``) and its replay
        compared with the saved state: on the files it was played on, the replay must
        reach it; on new data, as asked, where it ends is reported instead."""
        scn = scn or load_saved_scenario(saved)
        proof = vouch(saved, scn, on_new_data)
        if proof.mode != "game":
            raise TabletopError(f"{saved.path}: a free-play save (its ruleset has no game engine)")
        game = replay(scn, list(saved.actions), saved.seed, where=str(saved.path))
        reached = saved.state is not None and game.state.matches(saved.state)
        if not reached and not proof.changed:
            raise TabletopError(
                f"{saved.path}: replaying the actions does not give the saved state "
                "(the save was edited, or the scenario or rules changed since it was saved)"
            )
        game.proof = replace(proof, reached=reached)
        return game


def load_saved_scenario(saved: Saved) -> Scenario:
    """The scenario a save names, which must still be there as a regular file."""
    try:
        regular_file(saved.scenario, "scenario")
    except TabletopError as e:
        raise TabletopError(f"{saved.path}: scenario: {e}") from None
    return load_scenario(saved.scenario)


def replay(
    scn: Scenario,
    actions: Sequence[str],
    seed: int | None = None,
    where: str = "log",
    dice: DiceSource = hash_dice,
    lines: Sequence[int] = (),
) -> Game:
    """Play a list of actions from the start; an illegal one is named by its number (and
    its line in the log, given ``lines``)."""
    game = Game.new(scn, seed, dice)
    play_all(game, actions, where, lines)
    return game


def go_on(game: Game, log: GameLog, where: str) -> None:
    """Continue a game (a loaded save) with a log's actions.  The game keeps its seed: a
    log naming another would say dice it does not roll, so it is refused."""
    if log.seed is not None and log.seed != game.start.seed:
        raise TabletopError(
            f"{where}: line {log.seed_line}: expected no seed line (a saved game goes on "
            f"with its own seed, {game.start.seed}), found seed {log.seed}"
        )
    play_all(game, log.actions, where, log.lines)


def play_all(game: Game, actions: Sequence[str], where: str, lines: Sequence[int] = ()) -> None:
    """Play actions on; the first illegal one is an error naming it (and its line)."""
    for n, text in enumerate(actions, 1):
        try:
            game.play(text)
        except TabletopError as e:
            at = f"line {lines[n - 1]}: " if n <= len(lines) else ""
            raise TabletopError(f"{where}: {at}action {n} '{clip(text)}': {e}") from None
