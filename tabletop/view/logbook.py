"""The game's log in the window: its lines as a player reads them (each event in words,
the computer's reasons above its orders, what was undone greyed) and the pane that
shows the latest of them, each roll's dice drawn as dice (:mod:`tabletop.view.dice`).
"""

from __future__ import annotations

import textwrap

import arcade

from tabletop.game.report import event_text, rolled
from tabletop.view import computer
from tabletop.view.batch import Layer
from tabletop.view.dice import Rolled, draw_faces, width
from tabletop.view.host import Host
from tabletop.view.offers import hide
from tabletop.view.panes import (
    LOG_COLOUR,
    REASON_COLOUR,
    UNDONE_COLOUR,
    Colour,
    Pane,
    char_width,
    fit,
)
from tabletop.view.scene import Scene
from tabletop.view.sidepanes import clear_of

ROW = 14.0  # a row of the log
INDENT = 12.0  # a roll's dice set in as an event's words are
Row = tuple[str, Colour, Rolled | None]  # its words, colour, and the line whose dice lead it


def log_lines(t: Host) -> list[tuple[str, Colour]]:
    """The game's events as played, and after them the actions undone (greyed, to be
    redone with Ctrl+Y): the log of what stands; a secret plot's words kept off it.  A
    line that rolled dice is a :class:`Rolled`: its words, and its dice to draw."""
    if t.session is None:
        return []
    game = t.session.game
    if game is None:
        return [(s, LOG_COLOUR) for s in t.session.log]
    secret, own = game.state.scenario.ruleset.caps.secret_verbs, computer.own_ships(t)
    why = {i: r for (s, i), r in t._reasons.items() if s == id(t.session)}
    out: list[tuple[str, Colour]] = []
    for i, e in enumerate(game.events):
        if i in why:
            out.append((f"» {why[i]}", REASON_COLOUR))
        text = hide(event_text(e), secret, own)
        dice = rolled(e)
        out.append((Rolled(text, dice[0], dice[1]) if dice else text, LOG_COLOUR))
    out += [
        (f"  (undone) {hide(str(a), secret, own)}", UNDONE_COLOUR)
        for a, _, _ in reversed(game.redo_stack)
    ]
    return out


def log_rows(lines: list[tuple[str, Colour]], chars: int, rows: int, per: float) -> list[Row]:
    """The last ``rows`` rows of ``lines`` wrapped at ``chars`` characters, a line's
    later rows indented (cut at the pane's edge, a move's end was lost); a line with
    dice leads its first row with them, its words after (``per``: a character's width,
    to leave the dice room).  Only the lines that show are wrapped."""
    out: list[Row] = []
    for text, colour in reversed(lines):
        if len(out) >= rows:
            break
        if isinstance(text, Rolled):
            lead = int((INDENT + width(len(text.faces))) / per) + 1  # what the dice take
            parts = textwrap.wrap(text.words, max(chars, lead + 8), initial_indent=" " * lead,
                                  subsequent_indent="     ") or [""]  # fmt: skip
            out[:0] = [(parts[0][lead:], colour, text)] + [(p, colour, None) for p in parts[1:]]
        else:
            parts = textwrap.wrap(text, max(chars, 8), subsequent_indent="   ") or [""]
            out[:0] = [(p, colour, None) for p in parts]
    return out[-rows:] if rows > 0 else []


class LogPane(Pane):
    """The game's log at the right, under the card (or above the action bar when the
    window is narrow): the latest lines that fit, what was undone greyed, dice drawn;
    the wheel over it scrolls back (over it, the wheel zoomed the table: what a turn's
    first events said was lost).  Hidden by Tab or the strip's "log"; at the left, or
    hidden, rather than over the ship in use."""

    def __init__(self) -> None:
        super().__init__("log", prevent_dispatch_view={"on_mouse_press", "on_mouse_scroll"})
        self.back = 0  # rows scrolled back from the latest
        self._at = (0.0, 0.0)
        self._size = -1
        self.layer: Layer | None = None
        self.dice = Scene()  # the dice drawn now, in the window's pixels

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
            wide, rows = t.log_width, int((top - above) / ROW)
            right = (t.view_w - wide, t.view_w, above - 4, top)
            where = clear_of(t, right, (0.0, wide, above - 4, top))
        else:  # narrow: six rows across the foot, or none where she lies under them
            wide, rows = float(t.view_w), 6
            where = clear_of(t, (0.0, wide, above - 4, above + ROW * rows), (0, 0, 0, 0))
            where = None if where == (0, 0, 0, 0) else where
        if not t.log_shown or t.session is None or rows <= 0:
            where = None
        key = (t.view_w, t.view_h, wide, above, top, where, id(t.session), size, redo, self.back)
        if self.same(key):
            return
        self.fresh()
        self.dice = Scene()
        if where is None:
            self.enabled = False
            return
        x, chars = where[0] + 8, int((wide - 16) / per)
        shown = log_rows(t.log_lines(), chars, rows + self.back, per)
        self.back = min(self.back, max(0, len(shown) - rows))
        if self.back:  # the rows that fit, ending this many before the latest, and a hint
            shown = shown[: len(shown) - self.back][-(rows - 1) :]
            shown.append((f"▼ {self.back} later rows: the wheel down", UNDONE_COLOUR, None))
        for i, (s, c, dice) in enumerate(reversed(shown)):
            self._row(s, c, dice, x, above + ROW * i, where[1] - 4, chars)
        if self.layer is None:
            self.layer = Layer(t.window)
        self.layer.build([self.dice], 1.0)
        self.place(where[0], above - 4, wide, ROW * len(shown) + 4 if shown else 0)

    def _row(self, s: str, c: Colour, dice: Rolled | None, x: float, y: float,
             right: float, chars: int) -> None:  # fmt: skip
        """One row at baseline ``y``: its dice first, if it leads a roll, then its
        words, cut with "…" where still wider than the pane (wide letters: W)."""
        if dice is not None:  # set in as far as an event's words are
            x += INDENT
            for n, nx, ny in draw_faces(self.dice, dice.faces, x, y + 4):
                self.texts.append(arcade.Text(n, nx, ny, (20, 20, 20, 255), 8, anchor_x="center",
                                              anchor_y="center", batch=self.batch))  # fmt: skip
            x += width(len(dice.faces))
        s = s if len(s) <= chars else s[: chars - 1] + "…"
        self.text(s, x, y, c, 9)
        fit(self.texts[-1], right - x)  # wider than estimated: cut

    def on_draw(self) -> None:
        """The shade, the dice, the words."""
        arcade.draw_lrbt_rectangle_filled(self.left, self.right, self.bottom, self.top, self.shade)
        if self.layer is not None:
            self.layer.draw()
        self.batch.draw()
