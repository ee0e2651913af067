"""Marks drawn on the table at a size in pixels, whatever the zoom: what a ship's card
says of her that shows on her drawing (a mast damaged or shot away, fire aboard, her
colours struck, the grapples to the ships she is fast to), and the fan's poses, each
a bar large enough to see and to click.

Like every scene they are in table units, built when the table changes (a move, a
zoom), never per frame; ``upp`` (table units per pixel) gives their size.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from tabletop.model.scenario import Scenario, Ship
from tabletop.referee.fan import Fan
from tabletop.rules.types import Card
from tabletop.view.scene import (
    MIN_SHIP_PX,
    SECTOR_COLOURS,
    STRUCK,
    Color,
    Fill,
    Line,
    Scene,
    side_colours,
)

MAST: Color = (245, 242, 230, 255)  # the white under a shot-away mast's dark cross
DAMAGED: Color = (255, 170, 40, 255)
GONE: Color = (20, 20, 24, 255)  # shot away: a dark cross on a white one
FLAME: Color = (255, 120, 20, 255)
FLAME_CORE: Color = (255, 230, 90, 255)
FLAME_EDGE: Color = (40, 16, 8, 255)
WHITE_FLAG: Color = (250, 250, 250, 255)
FLAG_EDGE: Color = (30, 30, 34, 255)
ROPE: Color = (220, 185, 115, 255)
ROPE_EDGE: Color = (40, 30, 20, 255)
#: A fan's pose on screen: a bar this long along her heading and this wide, in pixels.
FAN_BAR = (10.0, 3.0)
#: How near a click must fall to a fan's pose to take it, in pixels: a bar's length and
#: a little more.
FAN_REACH = 14.0


def _axes(ship: Ship) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Her centre, a unit vector to her bow and one to her starboard side."""
    p = ship.pose
    r = np.radians(p.heading)
    ahead = np.array([np.sin(r), np.cos(r)])
    return np.array([p.x, p.y]), ahead, np.array([ahead[1], -ahead[0]])


def _drawn_length(ship: Ship, upp: float) -> float:
    """Her hull's length as drawn, in table units: to scale, or the outline that marks
    a small ship (``MIN_SHIP_PX``)."""
    return max(ship.cls.hull_length, MIN_SHIP_PX * upp)


def _circle(c: np.ndarray, r: float, n: int = 10) -> np.ndarray:
    a = np.linspace(0.0, 2 * np.pi, n + 1)[:-1]
    return np.stack([c[0] + r * np.cos(a), c[1] + r * np.sin(a)], -1)


def damage_scene(
    scn: Scenario, cards: Mapping[str, Card], struck: Mapping[str, str], upp: float
) -> Scene:
    """Every ship's masts, fire and colours, and the grapples between ships fast
    together, from their cards (``rs.look.card``) and who has struck (``struck``: the
    side each flies now, her captor's if a prize)."""
    sc = Scene()
    colours = side_colours(scn)
    ships = {s.id: s for s in scn.ships}
    for pair in sorted({tuple(sorted((a, b))) for a, c in cards.items() for b in c.fast_to}):
        if pair[0] in ships and pair[1] in ships:
            _grapple(sc, ships[pair[0]], ships[pair[1]], upp)
    for ship in scn.ships:
        card = cards.get(ship.id)
        if card is not None:
            _masts(sc, ship, card.masts, upp)
            if card.afire:
                _fire(sc, ship, upp)
        if ship.id in struck:
            now = struck[ship.id]
            _flag(sc, ship, WHITE_FLAG if now == ship.side else colours.get(now, STRUCK), upp)
    return sc


def _masts(sc: Scene, ship: Ship, masts: tuple[str, ...], upp: float) -> None:
    """Each mast hurt, where it stands on her centreline (bow first): damaged, an amber
    truck; shot away, a dark cross on a white one.  A mast standing is not drawn: a
    ship unmarked is whole (three trucks on every ship crowded the table and covered
    the hexes about a small one)."""
    c, ahead, side = _axes(ship)
    length = _drawn_length(ship, upp)
    n = len(masts)
    for k, state in enumerate(masts):
        at = c + ahead * (0.28 * length * (1 - 2 * k / (n - 1)) if n > 1 else 0.0)
        if state == "gone":
            for d in (ahead + side, ahead - side):
                arm = d / np.linalg.norm(d) * 3.5 * upp
                sc.lines.append(Line(np.array([at - arm, at + arm]), MAST, 3.5))
                sc.lines.append(Line(np.array([at - arm, at + arm]), GONE, 1.8))
        elif state == "damaged":
            sc.fills.append(Fill(_circle(at, 3.2 * upp), GONE))
            sc.fills.append(Fill(_circle(at, 2.2 * upp), DAMAGED))


def _fire(sc: Scene, ship: Ship, upp: float) -> None:
    """Flames over her waist, pointing to her bow: two, a yellow core in each, edged
    dark (orange on a red hull was lost)."""
    c, ahead, side = _axes(ship)
    for off in (-0.12, 0.12):
        base = c + ahead * off * _drawn_length(ship, upp) + side * 2.5 * upp
        for colour, size in ((FLAME_EDGE, 1.35), (FLAME, 1.0), (FLAME_CORE, 0.5)):
            at = base - ahead * (size - 1.0) * 3 * upp  # the edge a little behind too
            tip = at + ahead * 9 * size * upp
            w = side * 3.5 * size * upp
            sc.fills.append(Fill(np.array([at - w, at + w, tip]), colour))


def _flag(sc: Scene, ship: Ship, colour: Color, upp: float) -> None:
    """Her colours struck: a flag at her stern in the colours she flies now (white,
    struck; her captor's, a prize), edged dark to stand out on any sea."""
    c, ahead, side = _axes(ship)
    stern = c - ahead * 0.5 * _drawn_length(ship, upp)
    a, b = stern - side * 3 * upp, stern - side * 3 * upp - ahead * 8 * upp
    ring = np.array([a, b, b + side * 6 * upp, a + side * 6 * upp])
    sc.fills.append(Fill(ring, colour))
    sc.lines.append(Line(ring, FLAG_EDGE, 1.0, closed=True))


def _grapple(sc: Scene, a: Ship, b: Ship, upp: float) -> None:
    """Grapples across the gap between two ships fast together: three short lines
    across the middle between their centres, each dark-edged."""
    ca, cb = np.array([a.pose.x, a.pose.y]), np.array([b.pose.x, b.pose.y])
    d = cb - ca
    if np.hypot(*d) < 1e-9:
        return
    d = d / np.hypot(*d)
    across, mid = np.array([-d[1], d[0]]), (ca + cb) / 2
    for k in (-1.0, 0.0, 1.0):
        at = mid + across * k * 6 * upp
        ends = np.array([at - d * 6 * upp, at + d * 6 * upp])
        sc.lines.append(Line(ends, ROPE_EDGE, 3.5))
        sc.lines.append(Line(ends, ROPE, 1.8))


def fan_scene(scn: Scenario, fan: object, upp: float) -> Scene:
    """Every legal end pose as a bar along her heading from where she would lie, in the
    colour of her point of sail there: ``FAN_BAR`` pixels whatever the zoom (a tick of
    0.6 cm, a pixel wide, was hard to see and to hit)."""
    assert isinstance(fan, Fan)
    sc = Scene()
    if not len(fan):
        return sc
    r = np.radians(fan.heading)
    length, width = FAN_BAR
    ends = np.stack([fan.x + length * upp * np.sin(r), fan.y + length * upp * np.cos(r)], -1)
    starts = np.stack([fan.x, fan.y], -1)
    for s, e, k in zip(starts, ends, fan.sector, strict=True):
        col = SECTOR_COLOURS[int(k) % len(SECTOR_COLOURS)]
        sc.lines.append(Line(np.array([s, e]), (col[0], col[1], col[2], 255), width))
    return sc

