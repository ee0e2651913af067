"""A ship in Frigate: her hex and facing, her declared allowance and the points of this
segment, her hits (those of this segment wait for its end), what she has fired, and
whom she lies afoul of."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from tabletop.engine.state import GameState, ShipState
from tabletop.geometry.hexgrid import Hex
from tabletop.model.scenario import ShipClass
from tabletop.rules.types import Card, Track


@dataclass(frozen=True)
class FrigateShip(ShipState):
    """``declared``: her Movement Allowance this turn (None until declared); ``last``:
    last turn's (momentum), None before her first turn.  ``points``: what is left of this
    segment's; ``debt``: points a turn took from later segments; ``slow``: points lost in
    each later segment to this turn's mast hits.  ``turned``: hexsides turned in the hex
    she is in this segment, ``first_into`` whether the first of them was into the wind,
    ``seg_attitude``: how the wind entered her hex at the start of the segment.
    ``windward_turn``: dead to windward with no allowance, she may turn one hexside away.
    ``crew_new``/``masts_new``: hits of this segment, applied at its end.
    ``afoul``: the ship she lies afoul of; ``side_in``: her side against that ship.
    ``destroy_by``/``destroy_from``: the ship afoul of this prize to destroy her, and the
    first game-turn that counts.  ``held_course``: under command control this turn, she
    may not turn; ``fired_on``: fired on since the declarations.  ``out``: gone from the
    table (``sunk``, ``drifted off``).
    """

    hex: Hex = (0, 0)
    facing: int = 0
    declared: int | None = None
    last: int | None = None
    points: int = 0
    debt: int = 0
    slow: int = 0
    turned: int = 0
    turn_dir: str = ""
    first_into: bool = False
    seg_attitude: int = 0
    windward_turn: bool = False
    crew_hits: int = 0
    mast_hits: int = 0
    crew_new: int = 0
    masts_new: int = 0
    fired: tuple[str, ...] = ()  # broadsides fired this turn
    chased: tuple[str, ...] = ()  # chase guns fired this turn: "bow", "stern"
    fired_before: bool = False  # a broadside fired in an earlier turn
    afoul: str | None = None
    side_in: str = ""
    destroy_by: str | None = None
    destroy_from: int = 0
    out: str | None = None
    held_course: bool = False  # command control: no turn this turn
    fired_on: bool = False  # fired on since her last command check (a fleet flagship)
    force_drops: int = 0  # her force's efficiency drops (preservation level)
    plotting: bool = False  # SiMove: her side has yet to end its plotting this segment
    plot: tuple[str, ...] = ()  # SiMove: her steps plotted and not yet executed
    plot_points: int = 0  # SiMove: the Movement Points that plot spends

    def snapshot(self) -> dict[str, Any]:
        """Her fields; SiMove's only while a plot stands (other games' as recorded)."""
        out = super().snapshot()
        if not (self.plotting or self.plot or self.plot_points):
            del out["plotting"], out["plot"], out["plot_points"]
        return out

    per_turn: ClassVar[frozenset[str]] = frozenset()

    @property
    def lost(self) -> bool:
        """Out of the fight: struck (a prize), or gone from the table."""
        return self.struck or self.out is not None


def ships(state: GameState) -> list[FrigateShip]:
    out = []
    for s in state.ships:
        assert isinstance(s, FrigateShip)
        out.append(s)
    return out


def ship_of(state: GameState, ship: str) -> FrigateShip:
    st = state.ship(ship)
    assert isinstance(st, FrigateShip)
    return st


def field(cls: ShipClass, key: str, default: int = 0) -> int:
    return int(cls.fields.get(key, default))


def fighting_sail(cls: ShipClass) -> bool:
    return bool(cls.fields.get("fighting_sail", False))


def merchant(cls: ShipClass) -> bool:
    return bool(cls.fields.get("merchant", False))


def flagship(cls: ShipClass) -> bool:
    return bool(cls.fields.get("flagship", False))


def sheet(st: FrigateShip, crew: int, masts: int, figures: tuple[tuple[str, str], ...]) -> Card:
    """Her record as the window draws it: ``crew`` boxes (hits to capture), ``masts``
    boxes (hits to dismast her), this segment's hits struck off with the rest; on her
    drawing, a mast damaged for each mast hit (three masts), all gone once dismasted."""
    crew_hit = min(crew, st.crew_hits + st.crew_new)
    mast_hit = min(masts, st.mast_hits + st.masts_new)
    drawn = min(3, mast_hit)
    rig = ("damaged",) * drawn + ("standing",) * (3 - drawn)
    return Card(
        tracks=(Track("crew", crew - crew_hit, crew), Track("masts", masts - mast_hit, masts)),
        figures=figures,
        masts=("gone",) * 3 if mast_hit >= masts else rig,
        fast_to=(st.afoul,) if st.afoul else (),
    )
