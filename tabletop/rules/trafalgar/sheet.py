"""A ship's roster card under modified Trafalgar, as the window draws it: the damage
track with its shaded boxes (``C`` a crew box, ``G`` a gun, ``R`` rigging: crossing one
off costs that too), her crew, each mast's boxes, and her guns on each broadside as
built, those lost struck off."""

from __future__ import annotations

from tabletop.engine.state import GameState
from tabletop.rules.trafalgar.ship import TrafalgarShip, crew_total, guns_on, masts_of, track
from tabletop.rules.types import Card, Track

BROADSIDES = ("port", "starboard")


def mast_state(left: int, of: int) -> str:
    return "standing" if left >= of else "gone" if left <= 0 else "damaged"


def sheet(state: GameState, ship: str, fast_to: tuple[str, ...]) -> Card:
    """Her card; a class with no damage track or crew (a drill's) has no boxes."""
    st = state.ship(ship)
    assert isinstance(st, TrafalgarShip)
    cls = state.scenario.ship(ship).cls
    if "damage" not in cls.fields and "crew" not in cls.fields:
        return Card(fast_to=fast_to)
    boxes = track(cls)
    crew = crew_total(cls)
    masts = [(m, n - st.mast_lost(m), n) for m, n in masts_of(cls).items()]
    built = {str(g): int(n) for g, n in (cls.fields.get("guns") or {}).items()}
    return Card(
        tracks=(
            Track("hull", max(0, len(boxes) - st.hull_lost), len(boxes), marks=boxes),
            Track("crew", max(0, crew - st.crew_lost), crew),
            *(Track(m, max(0, left), n, group="masts") for m, left, n in masts),
        ),
        batteries=tuple(
            Track(g, guns_on(cls, st, side)[g], n, group=side)
            for side in BROADSIDES
            for g, n in built.items()
        ),
        masts=tuple(mast_state(left, n) for _, left, n in masts),
        fast_to=fast_to,
    )
