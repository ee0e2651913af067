"""The computer at the table beside a human: the sides it plays, and when it is due.

``tabletop run --ai SIDE[:LEVEL]`` plays a log whose lines are the human's orders and
lets the captain give the orders of its sides (its turns and the decisions the rules
hand it) wherever the log reaches them; the window asks :meth:`Autopilot.due` each
frame and plays the order it gives, with its reason in the log.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tabletop.ai.captain import LEVELS, Captain, Decision
from tabletop.common.errors import TabletopError, clip
from tabletop.engine.state import GameState
from tabletop.game.game import Game

#: Orders the computer may give in a row before it is called stalled (a bug, not a rule).
MAX_ORDERS = 500


@dataclass
class Autopilot:
    """Captains for some sides of one game."""

    captains: dict[str, Captain] = field(default_factory=dict)

    @classmethod
    def parse(cls, state: GameState, specs: list[str]) -> Autopilot:
        """``SIDE[:LEVEL]`` for each side the computer plays (level ``captain`` unless
        named); an unknown side or level is a one-line error."""
        sides = state.sides
        out = cls()
        for spec in specs:
            side, _, level = spec.partition(":")
            level = level or "captain"
            if side not in sides:
                raise TabletopError(f"--ai {spec}: expected one of the sides {', '.join(sides)}")
            if level not in LEVELS:
                raise TabletopError(f"--ai {spec}: expected a level of {', '.join(LEVELS)}")
            out.captains[side] = Captain.for_game(state, side, level)
        return out

    def due(self, state: GameState) -> Captain | None:
        """The captain who is to give the next order, if the computer's side is to act."""
        if state.winner is not None:
            return None
        side = state.pending[0].side if state.pending else state.active_side
        return self.captains.get(side)

    def step(self, game: Game) -> Decision | None:
        """Give and play the next order, if it is the computer's; a refused order is an
        error naming it (the captain tries each blind first, so it is a bug)."""
        cap = self.due(game.state)
        if cap is None:
            return None
        d = cap.decide(game.state)
        try:
            game.play(d.action)
        except TabletopError as e:
            cap.refused(d)
            raise TabletopError(f"the computer's order '{d.action}' was refused: {e}") from None
        return d

    def play_out(self, game: Game) -> list[Decision]:
        """Every order due from the computer until a human's turn or the game's end."""
        out: list[Decision] = []
        while (d := self.step(game)) is not None:
            out.append(d)
            if len(out) > MAX_ORDERS:
                raise TabletopError("the computer gave over 500 orders in a row: stalled")
        return out


def play_log(
    game: Game, actions: list[str], specs: list[str], where: str = "log"
) -> list[Decision]:
    """The log's orders in turn with the computer's wherever its sides are to act."""
    auto = Autopilot.parse(game.state, specs)
    out = auto.play_out(game)
    for n, text in enumerate(actions, 1):
        try:
            game.play(text)
        except TabletopError as e:
            raise TabletopError(f"{where}: action {n} '{clip(text)}': {e}") from None
        out.extend(auto.play_out(game))
    return out
