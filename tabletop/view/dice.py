"""Dice drawn as dice: a face for each die, its pips (a number on a die of other than
six sides), gold where it made what it was rolled for (a hit, a save), grey where it
failed, white where no need was told.  The log pane draws each roll so (the log said
"rolls 1 and 4"), and the ruling pane the faces that hit and save.

Faces are shapes of a scene in the window's pixels, drawn with the pane's vertex
buffer; the numbers on dice of other sides are words of its batch.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from tabletop.game.report import Face
from tabletop.view.scene import Fill, Line, Scene

Colour = tuple[int, int, int, int]
FACE = 12.0  # a face's side, in pixels
STEP = FACE + 3.0  # from one face to the next
MADE: Colour = (246, 196, 62, 255)
FAILED: Colour = (84, 90, 104, 255)
PLAIN: Colour = (236, 236, 230, 255)
EDGE: Colour = (20, 22, 28, 255)
PIP: Colour = (24, 24, 30, 255)
PALE_PIP: Colour = (228, 230, 236, 255)  # on a failed die's dark face
PIP_SQUARE = np.array([[-1.2, -1.2], [1.2, -1.2], [1.2, 1.2], [-1.2, 1.2]])  # a pip's corners
#: Where the pips of each face lie, in quarters of the face from its middle.
PIPS = {
    1: [(0, 0)],
    2: [(-1, 1), (1, -1)],
    3: [(-1, 1), (0, 0), (1, -1)],
    4: [(-1, 1), (1, 1), (-1, -1), (1, -1)],
    5: [(-1, 1), (1, 1), (0, 0), (-1, -1), (1, -1)],
    6: [(-1, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (1, -1)],
}


class Rolled(str):
    """A line of the log that carries its dice: it reads as its words (what ``tabletop
    run`` prints: "rolls 2, 6 and 1 (to hit: amazon light)"), and holds the faces the
    log pane draws and the words it writes after them ("to hit: amazon light")."""

    faces: tuple[Face, ...]
    words: str

    def __new__(cls, text: str, faces: tuple[Face, ...], words: str) -> Rolled:
        line = super().__new__(cls, text)
        line.faces, line.words = faces, words
        return line


def width(n: int) -> float:
    """How wide ``n`` faces lie, with the gap after the last."""
    return n * STEP


def face_colour(f: Face) -> Colour:
    return PLAIN if f.made is None else MADE if f.made else FAILED


def draw_faces(
    sc: Scene, faces: tuple[Face, ...], x: float, y: float
) -> list[tuple[str, float, float]]:
    """The faces into ``sc`` from ``x`` along, their middles at ``y``; the numbers to
    write on the faces that are not drawn with pips (text, x, y: their middles), dark
    on a light face."""
    numbers: list[tuple[str, float, float]] = []
    h, q = FACE / 2, FACE / 4
    for k, f in enumerate(faces):
        cx = x + k * STEP + h
        ring = np.array([[cx - h, y - h], [cx + h, y - h], [cx + h, y + h], [cx - h, y + h]])
        sc.fills.append(Fill(ring, face_colour(f)))
        sc.lines.append(Line(ring, EDGE, 1.0, closed=True))
        if f.sides == 6 and f.value in PIPS:
            for px, py in PIPS[f.value]:
                dot = np.array([cx + px * q, y + py * q])
                sc.fills.append(Fill(dot + PIP_SQUARE, PALE_PIP if f.made is False else PIP))
        else:
            numbers.append((str(f.value), cx, y))
    return numbers


def odds_faces(p: object) -> tuple[Face, ...] | None:
    """A d6's six faces, those that make odds ``p`` gold (the highest: a 6 always hits
    where anything does), the rest grey; None where ``p`` is not a whole number of
    sixths (odds no single die gives)."""
    try:
        k = Fraction(str(p)) * 6
    except (ValueError, ZeroDivisionError):
        return None
    if k.denominator != 1 or not 0 <= k <= 6:
        return None
    return tuple(Face(v, 6, v > 6 - k) for v in range(1, 7))


def ruling_dice(r: Any) -> list[tuple[str, tuple[Face, ...]]]:
    """A fire ruling's dice, as rows to draw: the faces that hit (with how many dice
    she rolls), then the faces that save, by gun where they differ."""
    rows: list[tuple[str, tuple[Face, ...]]] = []
    th = r.to_hit or {}
    hit = odds_faces(th.get("p_hit_fraction")) if "text" not in th else None
    if hit is not None:
        rows.append((f"to hit, {r.dice} dice:" if r.dice else "to hit:", hit))
    guns: dict[tuple[Face, ...], list[str]] = {}
    for gun, sv in ((r.save or {}).get("by_gun") or {}).items():
        saved = odds_faces(sv.get("p_save_fraction"))
        if saved is not None:
            guns.setdefault(saved, []).append(str(gun))
    for saved, names in guns.items():
        rows.append((f"saves ({', '.join(names)}):" if len(guns) > 1 else "saves:", saved))
    return rows
