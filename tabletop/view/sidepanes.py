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
    UNDONE_COLOUR,
    Colour,
    Pane,
    char_width,
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


class LogPane(Pane):
    """The game's log at the right, under the card (or above the action bar when the
    window is narrow): the latest lines that fit, what was undone greyed; the wheel over
    it scrolls back (over it, the wheel zoomed the table: what a turn's first events
    said was lost).  Hidden by Tab or the strip's "log"; at the left, or hidden, rather
    than over the ship in use."""

    def __init__(self) -> None:
        super().__init__("log", prevent_dispatch_view={"on_mouse_press", "on_mouse_scroll"})
        self.back = 0  # rows scrolled back from the latest
        self._at = (0.0, 0.0)
        self._size = -1

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        self.back = max(0, self.back + round(3 * scroll_y))
        self.build(*self._at)

    def build(self, above: float, top: float) -> None:
        """Lay the log between ``above`` (the foot's panes) and ``top`` (the card's or
        the status's foot)."""
        t = self.table
        game = t.session.game if t.session is not None else None
        size = len(game.events) if game else len(t.session.log) if t.session else 0
        redo = len(game.redo_stack) if game else 0
        if size != self._size:  # something new: the latest lines again
            self.back, self._size = 0, size
        self._at = (above, top)
        per = 1.1 * char_width()  # a tenth to spare: digits and capitals run wider
        if t.log_width:
            width, rows = t.log_width, int((top - above) / 14)
            right = (t.view_w - width, t.view_w, above - 4, top)
            where = clear_of(t, right, (0.0, width, above - 4, top))
        else:  # narrow: six rows across the foot, or none where she lies under them
            width, rows = float(t.view_w), 6
            where = clear_of(t, (0.0, width, above - 4, above + 14 * rows), (0, 0, 0, 0))
            where = None if where == (0, 0, 0, 0) else where
        if not t.log_shown or t.session is None or rows <= 0:
            where = None
        key = (t.view_w, t.view_h, width, above, top, where, id(t.session), size, redo, self.back)
        if self.same(key):
            return
        self.fresh()
        if where is None:
            self.enabled = False
            return
        x, chars = where[0] + 8, int((width - 16) / per)
        shown = wrapped(t.log_lines(), chars, rows + self.back)
        self.back = min(self.back, max(0, len(shown) - rows))
        if self.back:  # the rows that fit, ending this many before the latest, and a hint
            shown = shown[: len(shown) - self.back][-(rows - 1) :]
            shown.append((f"▼ {self.back} later rows: the wheel down", UNDONE_COLOUR))
        room = where[1] - x - 4
        for i, (s, c) in enumerate(reversed(shown)):
            s = s if len(s) <= chars else s[: chars - 1] + "…"
            self.text(s, x, above + 14 * i, c, 9)
            shown_text = self.texts[-1]
            while shown_text.content_width > room and len(s) > 2:  # wider than estimated:
                keep = min(len(s) - 2, int(len(s) * room / shown_text.content_width) - 1)
                s = s[: max(1, keep)] + "…"  # cut in proportion, then check again
                shown_text.text = s
        self.place(where[0], above - 4, width, 14 * len(shown) + 4 if shown else 0)
