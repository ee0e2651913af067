"""The move a click on a fan's pose lays: her path to it as a player would measure it
(:func:`tabletop.referee.measured.measured`), each rounding judged as the engine will
judge it.  A rounding is laid where the move is legal, meets nothing, and leaves her
as much to do this turn as the exact path would: Trafalgar wants her whole allowance
sailed, and a path cut to a tenth that the preview passed (she may sail on) was
refused at the turn's end.  Where it sails less than the exact path (its turns, on
arcs, rounded down), its last run is made up to the exact path's length."""

from __future__ import annotations

from typing import Any

from tabletop.common.errors import TabletopError
from tabletop.common.units import MOVE_TOL
from tabletop.engine.core import apply
from tabletop.referee.measured import made_up, measured


def laid_path(session: Any, ship: str, exact: str) -> str:
    """The path to lay for the fan's pose that ``exact`` reaches."""
    game = session.game

    def owed(path: str) -> str | None:
        """What her turn owes after the move (None: nothing); without a game, nothing."""
        if game is None:
            return None
        after = apply(game.state, f"{session.move_verb(ship)} {ship} {path}")[0]
        return game.state.scenario.ruleset.turn_owed(after, ship)  # type: ignore[no-any-return]

    try:
        want, length = owed(exact), session.preview(ship, exact).distance
    except TabletopError:
        return exact

    def judge(path: str) -> str | None:
        m = session.preview(ship, path)
        short = length - m.distance
        if short > MOVE_TOL / 2:  # her turns rounded down sail less: the last run makes it up
            path = made_up(path, short)
            m = session.preview(ship, path)
        if m.legal and m.collision is None and m.distance <= length + MOVE_TOL / 2:
            return path if owed(path) == want else None
        return None

    return measured(exact, judge)
