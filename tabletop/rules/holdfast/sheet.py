"""A ship's diagram under Hold Fast as the window draws it (HF-27..HF-29): hull squares
and mast circles, each track in its sections (a section lost takes a point off her top
speed), marine detachments, morale boxes, the rudder and the wheel, and her batteries
on each broadside as built, those destroyed struck off."""

from __future__ import annotations

from tabletop.engine.state import GameState
from tabletop.rules.holdfast.ship import (
    BROADSIDES,
    HoldFastShip,
    batteries,
    batteries_on,
    hull_boxes,
    marines,
    mast_boxes,
    morale_boxes,
    sections,
    top_speed,
)
from tabletop.rules.types import Card, Track


def masts_drawn(total: int, lost: int, n: int) -> tuple[str, ...]:
    """Each section of her mast circles as a mast on her drawing, bow first: shot away
    once all its circles are marked off, damaged once some are (marked from the first)."""
    out, before = [], 0
    for size in sections(total, n):
        gone = min(size, max(0, lost - before))
        before += size
        out.append("gone" if size and gone >= size else "damaged" if gone else "standing")
    return tuple(out)


def sheet(state: GameState, ship: str, n: int, factor: int, fast_to: tuple[str, ...]) -> Card:
    """Her diagram as marked now; ``n``: the sections of a track, ``factor``: her morale
    factor (her captor's once a prize crew is aboard)."""
    st = state.ship(ship)
    assert isinstance(st, HoldFastShip)
    cls = state.scenario.ship(ship).cls
    hull, masts, morale = hull_boxes(cls), mast_boxes(cls), morale_boxes(cls)
    built = batteries(cls)
    return Card(
        tracks=(
            Track("hull", max(0, hull - st.hull_lost), hull, sections=tuple(sections(hull, n))),
            Track("masts", max(0, masts - st.masts_lost), masts,
                  sections=tuple(sections(masts, n)), shape="circle"),  # fmt: skip
            Track("marines", marines(cls, st), int(cls.fields.get("marines", 0))),
            Track("morale", max(0, morale - st.morale_lost), morale),
            Track("rudder", 0 if st.rudder else 1, 1),
            Track("wheel", 0 if st.wheel else 1, 1),
        ),
        batteries=tuple(
            Track(g, batteries_on(cls, st, side)[g], k, group=side)
            for side in BROADSIDES
            for g, k in built.items()
            if k > 0
        ),
        figures=(("speed", str(st.speed)), ("top speed", str(top_speed(cls, st, n))),
                 ("morale factor", str(factor))),  # fmt: skip
        masts=masts_drawn(masts, st.masts_lost, n),
        afire=st.on_fire,
        fast_to=fast_to,
    )
