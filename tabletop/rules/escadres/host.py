"""What Escadres' game uses of the ruleset: the ruleset (:class:`tabletop.rules.escadres.
Escadres`) hands itself to its game (:class:`tabletop.rules.escadres.game.EscadresGame`
and the damage it is built on) and to its captain's options, and each of them reads it
through :class:`Host` alone.

The ruleset satisfies it by its shape (mypy checks that where it hands itself over), so
the helpers need not import the package that imports them.  The board reads less of it
(:class:`tabletop.rules.escadres.board.Board`): a host is one.
"""

from __future__ import annotations

from typing import Protocol

from tabletop.engine.state import GameState
from tabletop.rules.escadres.board import Board
from tabletop.rules.escadres.config import Table
from tabletop.rules.escadres.ship import EscadresShip


class Host(Board, Protocol):
    """The ruleset as its game sees it: the board's, the damage tables, a ship's move
    steps for her turn, and the wind now."""

    @property
    def tables(self) -> dict[str, Table]: ...
    def capacity(self, state: GameState, st: EscadresShip) -> int: ...
    def wind_facing(self, state: GameState) -> int: ...
