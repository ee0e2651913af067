"""A ship under the modified Trafalgar rules: her own state, and her figures as damaged."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar, Protocol

from tabletop.engine.ship import ShipState
from tabletop.model.scenario import ShipClass
from tabletop.referee import reckon
from tabletop.rules.trafalgar.config import Damage


@dataclass(frozen=True)
class TrafalgarShip(ShipState):
    """Damage boxes crossed off, the sailing states, and what she did this turn."""

    hull_lost: int = 0  # hull-track boxes crossed off
    crew_lost: int = 0
    rigging_lost: int = 0
    guns_lost: tuple[tuple[str, str, int], ...] = ()  # (side, gun type, dice lost)
    masts_lost: tuple[tuple[str, int], ...] = ()  # (mast, boxes lost)
    in_irons: bool = False
    luffing: bool = False  # left luffing by a failed check: she luffs or recovers next
    tacking: bool = False  # turned into the wind: the tack completes next turn
    last_tack: int = -99  # the turn her last tack completed
    rudder: bool = False  # shot away: no turns until repaired
    left: bool = False  # her centre sailed off the table: out of the battle (ruling)
    holed: bool = False  # below the waterline: leaks every turn
    fired_on: bool = False  # since the end of her last turn
    fired: tuple[str, ...] = ()  # broadsides fired this turn
    last_distance: float | None = None  # distance moved last turn (speed-change option)
    bore_away: bool = False  # passed the check to bear away out of luffing this turn
    # the last boarding action each enemy sent against her, and whether she won it
    boarded_by: tuple[tuple[str, bool], ...] = ()

    per_turn: ClassVar[frozenset[str]] = ShipState.per_turn | {"fired_on", "fired", "bore_away"}

    def guns_lost_on(self, side: str) -> dict[str, int]:
        return {g: n for s, g, n in self.guns_lost if s == side}

    def mast_lost(self, mast: str) -> int:
        return dict(self.masts_lost).get(mast, 0)

    @property
    def masts_damaged(self) -> bool:
        return any(n > 0 for _, n in self.masts_lost)


class Slowing(Protocol):
    """What her class as damaged reads of the ruleset: the speed each rigging and mast
    box lost takes off (its damage section), in its units."""

    @property
    def units(self) -> str: ...
    damage: Damage



def class_now(rs: Slowing, cls: ShipClass, st: TrafalgarShip, unit: str) -> ShipClass:
    """The class as damaged: running speed less rigging and mast losses."""
    k = reckon.scale(rs, unit)
    per_rig = rs.damage.speed_per_rigging * k
    per_mast = rs.damage.speed_per_mast * k
    lost = st.rigging_lost * per_rig + sum(n for _, n in st.masts_lost) * per_mast
    return replace(cls, speed=max(0.0, cls.speed - lost))


def crew_total(cls: ShipClass) -> int:
    return int(cls.fields.get("crew", 1))


def in_irons(st: TrafalgarShip, theta: float) -> bool:
    """In irons: left so by a failed check, or lying head to wind (θ 0, SPEC) other than
    half-way through a tack."""
    return st.in_irons or (theta < 1e-6 and not st.tacking)


def crew_left(cls: ShipClass, st: TrafalgarShip) -> int:
    return max(0, crew_total(cls) - st.crew_lost)


def track(cls: ShipClass) -> str:
    return str(cls.fields.get("damage", "." * 5))


def guns_on(cls: ShipClass, st: TrafalgarShip, side: str) -> dict[str, int]:
    """Dice left on one broadside, by gun type."""
    lost = st.guns_lost_on(side)
    guns = cls.fields.get("guns") or {}
    return {g: max(0, int(n) - lost.get(g, 0)) for g, n in guns.items()}


def masts_of(cls: ShipClass) -> dict[str, int]:
    m = cls.fields.get("masts")
    return {k: int(v) for k, v in m.items()} if isinstance(m, dict) else {"main": int(m or 3)}
