"""A ship in Escadres: her two hexes, her log's boxes, her markers, her activation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from tabletop.engine.ship import ShipState
from tabletop.geometry.hexgrid import Hex, neighbour
from tabletop.model.scenario import ShipClass
from tabletop.rules.types import Card, Track


@dataclass(frozen=True)
class EscadresShip(ShipState):
    """Her bow hex and facing (the stern is the hex astern), the boxes blackened on her
    log, her fire tokens and markers, and what she has done in her activation.

    ``struck``: out of order (no power or no crew box left), colours down.  ``out``:
    taken from the table (``sunk``, ``burst``, ``drifted off``).
    """

    bow: Hex = (0, 0)
    facing: int = 0
    power_lost: int = 0
    crew_lost: int = 0
    hull_lost: int = 0
    fires: int = 0
    move_lost: int = 0  # permanent (rigging)
    turns_lost: int = 0  # permanent (steering)
    becalmed: bool = False  # her next move is 0 (stranding or masked sails)
    stopped: bool = False  # the "stopped" marker: no move step in her last activation
    drawn: bool = False  # her token has come out of the bag this round
    active: bool = False  # she is playing now
    capacity: int = 0  # move steps this activation, fixed when she is drawn
    steps: int = 0  # move steps made this activation
    turns_made: int = 0
    straight: bool = False  # a hex straight ahead made this activation
    fired: tuple[str, ...] = ()  # broadsides fired this activation
    out: str | None = None

    per_turn: ClassVar[frozenset[str]] = frozenset()

    @property
    def stern(self) -> Hex:
        return neighbour(self.bow, self.facing + 3)

    @property
    def hexes(self) -> tuple[Hex, Hex]:
        return self.bow, self.stern

    @property
    def lost(self) -> bool:
        """Lost to her fleet: struck, or gone from the table."""
        return self.struck or self.out is not None


def power(cls: ShipClass) -> int:
    return int(cls.fields.get("power", 0))


def crew(cls: ShipClass) -> int:
    return int(cls.fields.get("crew", 0))


def training(cls: ShipClass) -> int:
    return int(cls.fields.get("training", 0))


def decks(cls: ShipClass) -> int:
    return int(cls.fields.get("decks", 1))


def hull_points(cls: ShipClass) -> int:
    """Her hull points once her power is gone: her initial power halved, rounded up."""
    return -(-power(cls) // 2)


def power_left(cls: ShipClass, st: EscadresShip) -> int:
    return power(cls) - st.power_lost


def crew_left(cls: ShipClass, st: EscadresShip) -> int:
    return crew(cls) - st.crew_lost


def hull_left(cls: ShipClass, st: EscadresShip) -> int:
    return hull_points(cls) - st.hull_lost


def sheet(cls: ShipClass, st: EscadresShip, fast_to: tuple[str, ...]) -> Card:
    """Her log as the window draws it: a box for each point of power and of crew, the
    hull points (her initial power halved, rounded up) counted once her power is gone,
    and her fire tokens, which burn on her drawing too."""
    return Card(
        tracks=(
            Track("power", max(0, power_left(cls, st)), power(cls)),
            Track("crew", max(0, crew_left(cls, st)), crew(cls)),
            Track("hull points", max(0, hull_left(cls, st)), hull_points(cls)),
        ),
        figures=(("fires", str(st.fires)), ("training", f"{training(cls):+d}")),
        afire=st.fires > 0,
        fast_to=fast_to,
    )
