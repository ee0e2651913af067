"""A ship's card drawn as the rules' record sheets are: a row of boxes for each track
(hull, crew, masts, morale ... whatever her ruleset keeps: ``rs.look.card``), struck off
as they are lost, those lost since her side's turn began in the alarm colour; a box
whose loss costs more shaded with its letter (Trafalgar's ``C`` ``G`` ``R``); tracks in
sections where the sheet divides them, circles where it draws circles; her guns by
broadside, a barrel for each, those destroyed struck off.

Laid out as a plan in the card's own coordinates (x from its left, y down from its
top: negative), measured without drawing, so a pane can tell its height and place
before anything is made; then made at its place: the boxes one scene (one vertex
buffer), the words texts in the pane's batch.
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from typing import Any

import arcade
import numpy as np
import pyglet

from tabletop.rules.types import Card, Track
from tabletop.view.scene import Fill, Line, Scene

Colour = tuple[int, int, int, int]
BOX = 11.0  # a box's side, in pixels
PITCH = 13.0  # from one box to the next
SECTION = 4.0  # more between two sections of a track
ROW = 17.0  # from one row of boxes to the next
#: The sheet's colours: a box not yet struck is the paper's, its outline the ink's.
PAPER: Colour = (226, 216, 188, 255)
SHADED: Colour = (188, 166, 112, 255)  # a box whose loss costs more (its letter in it)
INK: Colour = (60, 52, 40, 255)
STRUCK: Colour = (38, 42, 52, 255)  # struck off: emptied, and crossed
CROSS: Colour = (175, 178, 190, 255)
NOW_CROSS: Colour = (40, 20, 20, 255)  # the cross on a box struck this turn
ALARM: Colour = (240, 96, 96, 255)  # struck since her side's turn began
LABEL: Colour = (240, 240, 240, 255)
LETTER: Colour = (40, 32, 20, 255)

_WIDTHS: dict[tuple[str, float], float] = {}
_FONTS: dict[float, Any] = {}


def _font(size: float) -> Any:
    if size not in _FONTS:
        _FONTS[size] = pyglet.font.load(arcade.Text("", 0, 0).font_name, size)
    return _FONTS[size]


def warm() -> None:
    """Render the card's letters and figures once, as the window opens: the first card
    drawn spent 20 ms putting its glyphs on the font's texture."""
    _font(9).get_glyphs(string.ascii_letters + string.digits + string.punctuation + " ·")


def text_width(s: str, size: float = 9) -> float:
    """A label's width on screen: its glyphs' advances in the texts' font (a text laid
    out only to be measured cost a millisecond), each label measured once."""
    if (s, size) not in _WIDTHS:
        got = _font(size).get_glyphs(s)
        glyphs = got[0] if got and isinstance(got[0], list | tuple) else got
        _WIDTHS[(s, size)] = float(sum(g.advance for g in glyphs))
    return _WIDTHS[(s, size)]


@dataclass
class Plan:
    """A card laid out in its own coordinates: its words (text, x, y, colour, size,
    anchored at its left or centre) and its boxes, and how tall it is."""

    words: list[tuple[str, float, float, Colour, float, str]] = field(default_factory=list)
    scene: Scene = field(default_factory=Scene)
    height: float = 0.0

    def make(self, x: float, top: float, pool: TextPool) -> tuple[list[arcade.Text], Scene]:
        """The plan made with its top left corner at (x, top): its texts, taken from
        ``pool``, and its boxes moved there."""
        texts = [pool.take(s, round(x + dx), round(top + dy), c, size, anchor)
                 for s, dx, dy, c, size, anchor in self.words]  # on whole pixels: crisp
        at = np.array([x, top])
        scene = Scene(
            fills=[Fill(f.points + at, f.color) for f in self.scene.fills],
            lines=[Line(ln.points + at, ln.color, ln.width, ln.closed) for ln in self.scene.lines],
        )
        return texts, scene


class TextPool:
    """A card's words, kept to be used again: laying a text out costs a quarter of a
    millisecond or more, moving one next to nothing, and a card's labels ("crew 4/4",
    "masts: fore", a box's letter) come back ship after ship.  Those not in use wait
    off the window."""

    def __init__(self) -> None:
        self.batch = pyglet.graphics.Batch()
        self._free: dict[tuple[str, float, str], list[arcade.Text]] = {}
        self._used: list[tuple[tuple[str, float, str], arcade.Text]] = []

    def release(self) -> None:
        """Every text back in the pool, out of sight."""
        for key, t in self._used:
            t.position = (-10000, -10000)
            self._free.setdefault(key, []).append(t)
        self._used = []

    def take(self, s: str, x: float, y: float, colour: Colour, size: float,
             anchor: str) -> arcade.Text:  # fmt: skip
        key = (s, size, anchor)
        kept = self._free.get(key)
        if kept:
            t = kept.pop()
            t.position = (x, y)
            if t.color != colour:
                t.color = colour
        else:
            t = arcade.Text(s, x, y, colour, size, anchor_x=anchor, anchor_y="center",
                            batch=self.batch)  # fmt: skip
        self._used.append((key, t))
        return t


def cells(card: Card) -> list[tuple[str, Track, bool, str]]:
    """The card's cells in order: (label, track, whether it begins a row, shape).  A
    track of its own is labelled with its count ("hull 8/11"); the first of a group
    with the group's name ("masts: fore"), the others by their own; guns are barrels."""
    out: list[tuple[str, Track, bool, str]] = []
    for tracks, guns in ((card.tracks, False), (card.batteries, True)):
        group = None
        for t in tracks:
            if t.of <= 0:
                continue
            shape = "gun" if guns else t.shape
            if not t.group:
                out.append((f"{t.label} {t.left}/{t.of}", t, True, shape))
            elif t.group != group:
                out.append((f"{t.group}: {t.label}", t, True, shape))
            else:
                out.append((t.label, t, False, shape))
            group = t.group or None
    return out


def plan(card: Card, width: float) -> Plan:
    """Lay the card's boxes out in a column ``width`` pixels wide: cells along a row
    while they fit, a group's cells after its first, a long track wrapped onto rows of
    its own under its boxes' start."""
    p = Plan()
    x, row, indent = 0.0, -1, 0.0
    for label, t, first, shape in cells(card):
        lw = text_width(label) + 4.0
        need = lw + _span(t, shape, t.of)
        if first:  # a group's later rows begin under its first cell's own label
            indent = text_width(f"{t.group}: ") if t.group else 0.0
        if row < 0 or first or x + need > width:
            row, x = row + 1, 0.0 if first else indent
        y = -(row + 0.5) * ROW
        p.words.append((label, x, y, LABEL, 9, "left"))
        pitch = PITCH + 3 if shape == "gun" else PITCH
        per = max(1, int((width - x - lw - BOX) // pitch) + 1)  # boxes a row holds here
        if t.of <= per or x + need <= width:
            for i in range(t.of):
                _box(p, t, i, shape, x + lw + _offset(t, i, shape), y)
            x += need + 8.0
            continue
        for i in range(t.of):  # too long for the column: wrapped under its first box
            k, j = divmod(i, per)
            _box(p, t, i, shape, x + lw + j * pitch, y - k * ROW)
        row, x = row + (t.of - 1) // per, width
    p.height = (row + 1) * ROW if row >= 0 else 0.0
    return p


def _span(t: Track, shape: str, n: int) -> float:
    return _offset(t, n - 1, shape) + (BOX + 3 if shape == "gun" else BOX)


def _offset(t: Track, i: int, shape: str) -> float:
    """Where box ``i`` of a track begins: a pitch each, more between sections."""
    pitch = PITCH + 3 if shape == "gun" else PITCH
    gaps, used = 0, 0
    for size in t.sections:
        used += size
        if i >= used:
            gaps += 1
    return i * pitch + gaps * SECTION


def _box(p: Plan, t: Track, i: int, shape: str, x: float, y: float) -> None:
    """Box ``i`` of a track, its left at x and its middle at y: struck off (the first
    ``of - left``, as a sheet is marked), those struck this turn in the alarm colour."""
    struck = t.of - t.left
    now = struck - t.lost_now <= i < struck
    mark = t.marks[i] if i < len(t.marks) and t.marks[i] not in ". " else ""
    fill = ALARM if now else STRUCK if i < struck else SHADED if mark else PAPER
    if shape == "circle":
        a = np.linspace(0.0, 2 * np.pi, 14)[:-1]
        ring = np.stack([x + BOX / 2 + BOX / 2 * np.cos(a), y + BOX / 2 * np.sin(a)], -1)
    elif shape == "gun":  # a barrel: longer than a box, and thin
        w, h = BOX + 3, BOX / 2
        ring = np.array([[x, y - h / 2], [x + w, y - h / 2], [x + w, y + h / 2], [x, y + h / 2]])
    else:
        h = BOX / 2
        ring = np.array([[x, y - h], [x + BOX, y - h], [x + BOX, y + h], [x, y + h]])
    p.scene.fills.append(Fill(ring, fill))
    p.scene.lines.append(Line(ring, INK if i >= struck else CROSS, 1.0, closed=True))
    if i < struck:  # struck off: a cross over it
        (x0, y0), (x1, y1) = ring.min(axis=0), ring.max(axis=0)
        ink = NOW_CROSS if now else CROSS
        p.scene.lines.append(Line(np.array([[x0, y0], [x1, y1]]), ink, 1.5))
        p.scene.lines.append(Line(np.array([[x0, y1], [x1, y0]]), ink, 1.5))
    elif mark:
        p.words.append((mark, x + BOX / 2, y, LETTER, 9, "center"))


def lost_words(card: Card) -> str:
    """What the card lost this turn, in words: "hull 3, crew 1, masts main 2"."""
    lost = [t for t in (*card.tracks, *card.batteries) if t.lost_now]
    return ", ".join(f"{t.group} {t.label} {t.lost_now}".strip() for t in lost)
