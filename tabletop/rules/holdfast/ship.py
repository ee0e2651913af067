"""A ship under Hold Fast: her own state, and her figures as damaged (the ship diagram).

The diagram (HF-27..HF-29) is the roster entry: ``batteries`` per side by type,
``plus`` (the types with a "+" fitting), ``hull_boxes`` and ``masts`` (each in three
sections), ``marines`` (detachments), ``morale`` (boxes) and ``morale_factor``,
``ironsides``, and ``crews`` (gun crews; default: enough for every battery).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from tabletop.engine.ship import ShipState
from tabletop.model.scenario import ShipClass

BROADSIDES = ("port", "starboard")


@dataclass(frozen=True)
class HoldFastShip(ShipState):
    """Speed now, plotted orders, and every box marked off on her diagram."""

    speed: int = 0  # phases per turn in which she acts now (0-5)
    orders: tuple[str, ...] = ()  # the five plotted actions, "-" for none; () not plotted
    sail_changed: bool = False  # raised or lowered sail this turn
    anchored: bool = False
    collided: bool = False  # a collision this turn: her remaining orders are cancelled
    hull_lost: int = 0
    masts_lost: int = 0
    marines_lost: int = 0
    marines_busy: int = 0  # committed to repairs: back at the next damage control
    morale_lost: int = 0
    batteries_lost: tuple[tuple[str, str, int], ...] = ()  # (side, type, lost)
    rudder: bool = False  # shot away: no turns
    wheel: bool = False  # shot away: a forward move before each turn
    wheel_forward: bool = False  # moved forward since the wheel was lost
    on_fire: bool = False
    sinking: int = -1  # phases left afloat once sinking; -1 not sinking
    sunk: bool = False
    beached: bool = False
    fled: bool = False  # left the table
    fire_orders: tuple[str, ...] = ()  # this phase's declared fire, resolved together
    crews_at: tuple[tuple[str, int], ...] = ()  # crews that fought each broadside last phase
    prize_of: str | None = None  # the captor's ship, once a prize crew is aboard
    manned: int = -1  # batteries a prize crew can fight a phase; -1: her own crews

    per_turn: ClassVar[frozenset[str]] = ShipState.per_turn | {
        "orders",
        "sail_changed",
        "collided",
    }

    @property
    def out(self) -> bool:
        """No longer a fighting ship on the table (struck, sinking, sunk, beached, fled)."""
        return self.struck or self.sinking >= 0 or self.sunk or self.beached or self.fled

    def lost_on(self, side: str) -> dict[str, int]:
        return {g: n for s, g, n in self.batteries_lost if s == side}


def batteries(cls: ShipClass) -> dict[str, int]:
    """Batteries on each broadside by type, as built."""
    b = cls.fields.get("batteries") or {}
    return {str(g): int(n) for g, n in b.items()}


def batteries_on(cls: ShipClass, st: HoldFastShip, side: str) -> dict[str, int]:
    """Batteries left on one broadside, by type."""
    lost = st.lost_on(side)
    return {g: max(0, n - lost.get(g, 0)) for g, n in batteries(cls).items()}


def plus(cls: ShipClass) -> frozenset[str]:
    return frozenset(str(g) for g in cls.fields.get("plus") or ())


def sections(total: int, n: int) -> list[int]:
    """Boxes in each of ``n`` sections: as equal as possible, the larger first (ruling)."""
    return [total // n + (1 if i < total % n else 0) for i in range(n)]


def sections_gone(total: int, lost: int, n: int) -> int:
    """How many whole sections ``lost`` boxes have destroyed."""
    gone, used = 0, 0
    for size in sections(total, n):
        used += size
        if lost >= used and size > 0:
            gone += 1
    return gone


def hull_boxes(cls: ShipClass) -> int:
    return int(cls.fields.get("hull_boxes", 6))


def mast_boxes(cls: ShipClass) -> int:
    m = cls.fields.get("masts", 6)
    return int(m) if isinstance(m, int) else 6


def top_speed(cls: ShipClass, st: HoldFastShip, n: int) -> int:
    """Top speed now: −1 for each hull or mast section destroyed (HF-44, HF-46)."""
    gone = sections_gone(hull_boxes(cls), st.hull_lost, n)
    gone += sections_gone(mast_boxes(cls), st.masts_lost, n)
    return max(0, int(cls.speed) - gone)


def start_speed(cls: ShipClass) -> int:
    """Her speed as the scenario lays her: its ``start_speed``, or her top speed."""
    return min(int(cls.fields.get("start_speed", cls.speed)), int(cls.speed))


def marines(cls: ShipClass, st: HoldFastShip) -> int:
    """Detachments fit to fight now (not lost, not committed to repairs)."""
    return max(0, int(cls.fields.get("marines", 0)) - st.marines_lost - st.marines_busy)


def morale_boxes(cls: ShipClass) -> int:
    """Her morale boxes: her class's, which the loader fills in from her rate where the
    roster names none (``HoldFastData.adapt_class``)."""
    return int(cls.fields["morale"])


def morale_factor(cls: ShipClass, default: int) -> int:
    return int(cls.fields.get("morale_factor", default))


def rate(cls: ShipClass, unrated: int) -> int:
    return cls.rate if cls.rate is not None else unrated


def diagram(cls: ShipClass, st: HoldFastShip, n: int, factor: int) -> dict[str, Any]:
    """Her diagram as marked now, for the report."""
    return {
        "speed": st.speed,
        "top_speed": top_speed(cls, st, n),
        "hull": f"{hull_boxes(cls) - st.hull_lost}/{hull_boxes(cls)}",
        "masts": f"{mast_boxes(cls) - st.masts_lost}/{mast_boxes(cls)}",
        "marines": f"{marines(cls, st)}/{int(cls.fields.get('marines', 0))}",
        "morale": f"{morale_boxes(cls) - st.morale_lost}/{morale_boxes(cls)}",
        "morale_factor": factor,
        "batteries": {side: batteries_on(cls, st, side) for side in BROADSIDES},
    }
