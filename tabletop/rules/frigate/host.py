"""What Frigate's game uses of the ruleset: the ruleset (:class:`tabletop.rules.frigate.
Frigate`) hands itself to its game (:class:`tabletop.rules.frigate.game.FrigateGame` and
the classes it is built on, movement, combat and SiMove) and to its captain's options,
and each of them reads it through :class:`Host` alone.

The ruleset satisfies it by its shape (mypy checks that where it hands itself over), so
the helpers need not import the package that imports them.  The board and the two
standard phases read less of it (:class:`tabletop.rules.frigate.board.Board`,
:class:`tabletop.rules.frigate.phases.Phases`): a host is both.
"""

from __future__ import annotations

from typing import Protocol

from tabletop.engine.state import GameState
from tabletop.model.scenario import ShipClass
from tabletop.rules.frigate.board import Board
from tabletop.rules.frigate.config import Combat, Command, Preservation, Row
from tabletop.rules.frigate.phases import Phases


class Host(Board, Phases, Protocol):
    """The ruleset as its game sees it: the template's numbers, a ship's row of the
    schedule, the wind now, and whether a ship is the side to play's."""

    @property
    def combat(self) -> Combat: ...
    @property
    def command(self) -> Command: ...
    @property
    def preservation(self) -> Preservation: ...
    def row(self, cls: ShipClass) -> Row: ...
    def no_wind(self, state: GameState) -> bool: ...
