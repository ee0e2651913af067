"""Forms in a pane: typed fields, lists to pick from, checkboxes, buttons and a dial.

The set-up's panels are forms a referee fills in: a ship's x, y and heading; her distance
from a table's edge; a class picked from the roster; a rule switched on.  A form is a
few rows of :class:`Field` laid out left to right; it is rebuilt from the scenario after
every edit (so it always shows what is written), keeping the field being typed in.
Typing reuses the window's typed line (:class:`~tabletop.view.tools.Prompt`): the value
is offered, the first character typed replaces it, Backspace keeps it to edit.  Enter
(or Tab, or a click elsewhere) hands the text to the form's owner; Esc drops it.

No arcade here but the key codes: the pane that shows a form draws it
(:class:`~tabletop.view.setuppanels.FormPane`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import arcade

from tabletop.view.tools import Prompt

Rect = tuple[float, float, float, float]  # left, right, bottom, top
ROW = 24.0  # a row's height
NOTE = 16.0  # a row of words alone
GAP = 6.0  # between fields, and between rows
ITEM = 20.0  # a list's row
CHAR = 7.0  # a character at 10 pt, about
DIAL = 34.0  # the dial's radius
NO_RECT: Rect = (0.0, 0.0, 0.0, 0.0)
ENTER = (arcade.key.ENTER, arcade.key.RETURN, arcade.key.NUM_ENTER)


@dataclass
class Field:
    """One thing on a form.  ``kind``: ``text`` (typed), ``choice`` (one of
    ``choices``, each shown by its name in ``names``), ``check`` (on when ``value`` is
    "on"), ``button``, ``dial`` (a compass: degrees, dragged) or ``note`` (words)."""

    key: str
    label: str = ""
    kind: str = "text"
    value: str = ""
    choices: tuple[str, ...] = ()
    names: tuple[str, ...] = ()  # how each choice is shown (its value where none)
    width: float = 60.0
    rect: Rect = NO_RECT  # its box on screen, once laid out
    at: tuple[float, float] = (0.0, 0.0)  # its label's place
    live: bool = True  # False: shown greyed, takes no click

    def shown(self) -> str:
        """The value as the box shows it (a choice by its name)."""
        if self.kind == "choice" and self.value in self.choices and self.names:
            return self.names[self.choices.index(self.value)]
        if self.kind == "check":
            return "yes" if self.value == "on" else "no"
        return self.value


#: What a form hands its owner: the field, and the text typed, chosen or dialled
#: ("" for a button; "on" or "" for a checkbox).
Commit = Callable[[Field, str], None]


def inside(r: Rect, x: float, y: float) -> bool:
    return r[0] <= x <= r[1] and r[2] <= y <= r[3]


class Form:
    """A form's fields, the one being typed in, and the list opened."""

    def __init__(self, commit: Commit, measure: Callable[[str], float] | None = None) -> None:
        self.commit = commit
        #: a label's width on screen (the pane measures its font; about 7 px a letter)
        self.measure = measure or (lambda s: len(s) * CHAR)
        self.rows: list[list[Field]] = []
        self.title = ""
        self.focus: str | None = None  # the key of the field being typed in
        self.line: Prompt | None = None  # what is typed there
        self.opened: str | None = None  # the choice whose list is open
        self.items: list[tuple[str, Rect]] = []  # the open list's values on screen
        self.dragging: str | None = None  # the dial being turned
        self.fine = False  # Shift held while dialling: single degrees
        self.bottom = 0.0

    # -- what is on it ----------------------------------------------------------------
    def fields(self) -> list[Field]:
        return [f for row in self.rows for f in row]

    def field(self, key: str) -> Field | None:
        return next((f for f in self.fields() if f.key == key), None)

    def set_rows(self, title: str, rows: list[list[Field]]) -> None:
        """The form anew from its owner's state; the field being typed in stays (with
        what was typed), if it is still there, and so does the dial being turned, at
        where it has been turned to (a frame drawn during a drag laid the form anew
        from the wind as it was, and the release set that: a drag at a hand's pace
        never took)."""
        turned = self.field(self.dragging) if self.dragging is not None else None
        self.title, self.rows = title, rows
        if turned is not None:
            now = self.field(turned.key)
            if now is None:
                self.dragging = None
            else:
                now.value = turned.value
        if self.focus is not None and self.field(self.focus) is None:
            self.focus, self.line = None, None
        if self.opened is not None and self.field(self.opened) is None:
            self.opened, self.items = None, []

    def text_of(self, f: Field) -> str:
        """The box's text: what is typed, with a caret, in the field being typed in."""
        if f.key == self.focus and self.line is not None:
            offered = self.line.offered and self.line.text
            return (f"[{self.line.text}]" if offered else self.line.text) + "_"
        return f.shown()

    # -- laying out -------------------------------------------------------------------
    def layout(self, left: float, top: float, width: float) -> float:
        """Each row under the title, its fields left to right (a row too wide wraps);
        returns the bottom of the last row.  The open list hangs under its choice."""
        cursor = top - GAP  # the top of the next row
        for row in self.rows:
            words = all(f.kind == "note" for f in row)  # a row of words alone: a line
            h = NOTE if words else ROW
            y, x = cursor - h, left  # the row's foot, and where its next field goes
            for f in row:
                need = self.measure(f.label) + (GAP if f.label and f.kind != "note" else 0)
                box = 2 * DIAL + 4 if f.kind == "dial" else 0.0 if f.kind == "note" else f.width
                if x > left and x + need + box > left + width:
                    x, y = left, y - h - GAP
                f.at = (x, y + (3 if words else 7))
                x += need
                height = 2 * DIAL + 4 if f.kind == "dial" else h
                f.rect = (x, x + box, y + h - height, y + h)
                x += box + GAP
            cursor = min([y, *(f.rect[2] for f in row)]) - (1 if words else GAP)
        self.bottom = cursor
        self._lay_items()
        return self.bottom

    def _lay_items(self) -> None:
        f = self.field(self.opened) if self.opened else None
        self.items = []
        if f is None:
            return
        left, _, bottom, _ = f.rect
        width = max(f.width, *(self.measure(n) + 14 for n in (f.names or f.choices)))
        below = bottom - ITEM * len(f.choices) >= 4  # else the list opens upwards
        for i, value in enumerate(f.choices):
            top = bottom - ITEM * i if below else f.rect[3] + ITEM * (i + 1)
            self.items.append((value, (left, left + width, top - ITEM, top)))

    # -- input ------------------------------------------------------------------------
    def press(self, x: float, y: float, modifiers: int = 0) -> bool:
        """A click: on the open list, a value chosen; on a field, what it does.  A click
        anywhere hands over what was typed first.  True when it landed on the form."""
        if self.opened is not None:
            f = self.field(self.opened)
            self.opened = None
            for value, r in self.items:
                if inside(r, x, y) and f is not None:
                    self.items = []
                    self.commit(f, value)
                    return True
            self.items = []
            if f is not None and inside(f.rect, x, y):
                return True  # the list closed by its own field
        hit = next((f for f in self.fields() if f.live and inside(f.rect, x, y)), None)
        if hit is None or hit.key != self.focus:
            self.hand_over()
        if hit is None or hit.kind == "note":
            return hit is not None
        if hit.kind == "text":
            self.focus, self.line = hit.key, Prompt("field", hit.label, hit.value, offered=True)
        elif hit.kind == "choice":
            self.opened = hit.key
            self._lay_items()
        elif hit.kind == "check":
            self.commit(hit, "" if hit.value == "on" else "on")
        elif hit.kind == "button":
            self.commit(hit, "")
        elif hit.kind == "dial":
            self.dragging, self.fine = hit.key, bool(modifiers & arcade.key.MOD_SHIFT)
            self.drag(x, y)
        return True

    def drag(self, x: float, y: float, modifiers: int | None = None) -> bool:
        """The dial turned to point at (x, y): to the nearest 45° (a named wind), or
        with Shift to the degree."""
        f = self.field(self.dragging) if self.dragging else None
        if f is None:
            return False
        if modifiers is not None:
            self.fine = bool(modifiers & arcade.key.MOD_SHIFT)
        cx, cy = (f.rect[0] + f.rect[1]) / 2, (f.rect[2] + f.rect[3]) / 2
        if math.hypot(x - cx, y - cy) < 3:
            return True
        step = 1.0 if self.fine else 45.0
        deg = math.degrees(math.atan2(x - cx, y - cy)) % 360.0
        f.value = f"{round(deg / step) * step % 360:g}"
        return True

    def release(self) -> bool:
        f = self.field(self.dragging) if self.dragging else None
        self.dragging = None
        if f is None:
            return False
        self.commit(f, f.value)
        return True

    def type(self, chars: str) -> bool:
        if self.line is None:
            return False
        self.line.type(chars)
        return True

    def key(self, symbol: int, modifiers: int) -> bool:
        """Keys for the field being typed in (or the open list): Enter hands the text
        over, Tab too and goes to the next field, Esc drops it, Backspace deletes.
        Chords (Ctrl+Z, Ctrl+S) are the window's."""
        if modifiers & arcade.key.MOD_CTRL:
            return False
        if self.opened is not None and symbol == arcade.key.ESCAPE:
            self.opened, self.items = None, []
            return True
        if self.line is None:
            return False
        if symbol == arcade.key.BACKSPACE:
            self.line.back()
        elif symbol == arcade.key.ESCAPE:
            self.focus, self.line = None, None
        elif symbol in ENTER:
            self.hand_over()
        elif symbol == arcade.key.TAB:
            typed = [f.key for f in self.fields() if f.kind == "text" and f.live]
            at = typed.index(self.focus) if self.focus in typed else -1
            self.hand_over()
            nxt = self.field(typed[(at + 1) % len(typed)]) if typed else None
            if nxt is not None:  # the form was rebuilt: the field as it shows now
                self.focus, self.line = nxt.key, Prompt("field", nxt.label, nxt.value, True)
        return True

    def hand_over(self) -> None:
        """What was typed in the field, to the form's owner (nothing if untouched)."""
        f = self.field(self.focus) if self.focus else None
        line = self.line
        self.focus, self.line = None, None
        if f is not None and line is not None and not line.offered:
            self.commit(f, line.text.strip())
