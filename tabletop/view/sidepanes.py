"""The panes beside the table: the log and the F1 help, and where a pane beside the table
may lie without covering the ship in use (the ship cards' too: :mod:`tabletop.view.cards`).

The status header stays a few rows high (it grew to six or eight: "hull 3/3 · masts 3/3
· marines 1/1 · morale 2/2 · …" pushed the table down and shaded it); the card is a
column of its own at the head of the log's column, the help a sheet under the header.
A ship being played is never under a pane beside the table: zoomed in, the log covered
the right quarter of the table and the ship with it.
"""

from __future__ import annotations

import numpy as np

from tabletop.view.host import Host
from tabletop.view.keys import help_lines, orders_help
from tabletop.view.panes import (
    HELP_SHADE,
    HUD_COLOUR,
    Colour,
    Pane,
    legend,
    wrapped,
)

Rect = tuple[float, float, float, float]


def in_use(t: Host) -> Rect | None:
    """The selected ship's base on screen, a few pixels of slack around it (None when
    none is selected)."""
    return base_box(t, t.selected) if t.selected is not None else None


def base_box(t: Host, ship: str) -> Rect:
    """Her base on screen (left, right, bottom, top), a few pixels of slack around it."""
    pts = t.to_screen(np.asarray(t.scenario.ship(ship).base_corners(), float))
    (x0, y0), (x1, y1) = pts.min(axis=0) - 6, pts.max(axis=0) + 6
    return float(x0), float(x1), float(y0), float(y1)


def meets(a: Rect, b: Rect | None) -> bool:
    return b is not None and a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]


def clear_of(t: Host, right: Rect, left: Rect) -> Rect | None:
    """Where a pane beside the table lies: at ``right`` (its place), else at ``left``
    where the ship in use lies under its place, else nowhere (None) where she lies
    under both: it never covers her."""
    ship = in_use(t)
    if not meets(right, ship):
        return right
    return None if meets(left, ship) else left


class HelpPane(Pane):
    """F1's help under the status header: the window's keys, the orders of the ruleset
    played and the colours' legend, over a shade the table does not show through."""

    def __init__(self) -> None:
        super().__init__("help")
        self.shade = HELP_SHADE

    def build(self, below: float) -> None:
        t = self.table
        key = (t.show_help, t.view_w, below, id(t.scenario))
        if self.same(key):
            return
        self.fresh()
        if not t.show_help:
            self.enabled = False
            return
        chars = max(20, int((t.view_w - 20) / 7.2))
        rows = wrapped(self.lines(t), chars, indent="    ")
        for i, (s, c) in enumerate(rows):
            self.text(s, 10, below - 18 - 17 * i, c, 11)
        self.place(0, below - 8 - 17 * len(rows), t.view_w, 8 + 17 * len(rows))

    @staticmethod
    def lines(t: Host) -> list[tuple[str, Colour]]:
        scn = t.scenario
        pivot = scn.ruleset.caps.fixed_turn if scn is not None else None
        out = [(h, HUD_COLOUR) for h in help_lines(t.abilities(), pivot)]
        if scn is not None:
            rs = scn.ruleset
            out += [(h, HUD_COLOUR) for h in orders_help(rs.title, rs.verbs)]
            out += legend(scn)
        return out
