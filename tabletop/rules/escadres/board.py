"""The hex board of an Escadres game: who stands where, steps and turns, fire zones,
the enfilade area and the line of fire.  Pure functions of the game state."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

from tabletop.engine.state import GameState
from tabletop.geometry.hexgrid import (
    DIRECTIONS,
    Hex,
    HexGrid,
    blocked_by,
    distance,
    in_wedge,
    neighbour,
    sub,
)
from tabletop.rules.escadres.config import Numbers
from tabletop.rules.escadres.ship import EscadresShip
from tabletop.rules.hextable import Gridded, is_land

#: The two broadsides: the wedge each fires into, as the facing (relative to the bow)
#: whose direction is the wedge's first edge: starboard 60°-120°, port 240°-300°.
BROADSIDES = {"starboard": 1, "port": 4}


def ships(state: GameState) -> list[EscadresShip]:
    out = []
    for s in state.ships:
        assert isinstance(s, EscadresShip)
        out.append(s)
    return out


class Board(Gridded, Protocol):
    """What the board reads of the ruleset: its grid in the template's unit, how many of
    a scenario's unit make one of the template's, whether a line running along a
    hexside is stopped by either hex held or only by both (``along``), and the
    template's numbers (the enfilade cone)."""

    @property
    def along(self) -> str: ...
    @property
    def numbers(self) -> Numbers: ...



def occupant(state: GameState, h: Hex) -> str | None:
    """The ship on hex ``h`` (ships taken from the table stand nowhere)."""
    for s in ships(state):
        if s.out is None and h in s.hexes:
            return s.id
    return None




def blocker(rs: Board, state: GameState, h: Hex, me: str) -> str | None:
    """What stops her entering ``h``: another ship, land, or None."""
    who = occupant(state, h)
    if who is not None and who != me:
        return who
    return "land" if is_land(rs, state, h) else None


def facing_between(stern: Hex, bow: Hex) -> int | None:
    """The facing of a ship on these two hexes, or None if they are not adjacent."""
    d = sub(bow, stern)
    return DIRECTIONS.index(d) if d in DIRECTIONS else None


@dataclass(frozen=True)
class Step:
    """One move step: ``F`` a hex straight ahead, ``P``/``S`` the stern shifted one hex
    so she turns one hexside to port or starboard (pivoting on her bow hex)."""

    kind: str

    def after(self, bow: Hex, facing: int) -> tuple[Hex, int]:
        if self.kind == "F":
            return neighbour(bow, facing), facing
        return bow, (facing + (1 if self.kind == "S" else -1)) % 6

    def entered(self, bow: Hex, facing: int) -> Hex:
        """The hex she enters with this step (the new bow, or the stern's new hex)."""
        nb, nf = self.after(bow, facing)
        return nb if self.kind == "F" else neighbour(nb, nf + 3)


# -- fire ------------------------------------------------------------------------------
def zone_side(firer: EscadresShip, target: EscadresShip) -> str | None:
    """The broadside whose fire zone holds part of the target, or None."""
    for side, k in BROADSIDES.items():
        if any(
            in_wedge(fh, (firer.facing + k) % 6, th) for fh in firer.hexes for th in target.hexes
        ):
            return side
    return None


def enfiladed(rs: Board, firer: EscadresShip, target: EscadresShip) -> bool:
    """Whether both her hexes lie in the target's enfilade area: within the cone
    ahead of the target's bow hex or astern of her stern hex (ruling: the template's
    ``enfilade_cone`` each side of the keel line, edges included)."""
    unit = HexGrid(1.0)
    cone = rs.numbers.enfilade_cone

    def within(origin: Hex, heading: float, h: Hex) -> bool:
        if h == origin:
            return False
        (x0, y0), (x1, y1) = unit.centre(origin), unit.centre(h)
        bearing = math.degrees(math.atan2(x1 - x0, y1 - y0))
        off = abs((bearing - heading + 180.0) % 360.0 - 180.0)
        return off <= cone + 1e-9

    ahead = unit.heading(target.facing)
    astern = unit.heading(target.facing + 3)
    return all(within(target.bow, ahead, h) or within(target.stern, astern, h) for h in firer.hexes)


def line_of_fire(
    rs: Board, state: GameState, firer: EscadresShip, target: EscadresShip, side: str
) -> tuple[int | None, list[str]]:
    """The fewest hexes between them over a clear line from a hex of hers to a hex of
    the target in that broadside's zone (None: every such line is stopped), and what
    stops the lines that are.  A friend of the firer, or land, stops a line."""
    k = (firer.facing + BROADSIDES[side]) % 6
    friends = {
        h
        for s in ships(state)
        if s.out is None and s.id != firer.id and state.side_of(s.id) == state.side_of(firer.id)
        for h in s.hexes
    }

    def stops(h: Hex) -> bool:
        return h in friends or is_land(rs, state, h)

    best: int | None = None
    why: list[str] = []
    pairs = sorted(
        (
            (distance(fh, th), fh, th)
            for fh in firer.hexes
            for th in target.hexes
            if in_wedge(fh, k, th)
        ),
    )
    for d, fh, th in pairs:
        cells = blocked_by(fh, th, stops, rs.along)
        if not cells:
            best = d - 1 if best is None else min(best, d - 1)
        for cell in cells:
            for h in cell:
                name = occupant(state, h) or "land"
                if name not in why:
                    why.append(name)
    return best, why
