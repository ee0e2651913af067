"""The set-up's panes: the status at the top (the table, whether it is saved, what the
tool does, the last message and what is flagged), the form at the right
(:mod:`tabletop.view.setupforms` fills it), and the strip along the foot: a button a
tool (the tools are the view's, so one plugged in gets its button), then undo, redo,
save, save as, play and help.  They are the play window's panes
(:class:`~tabletop.view.panes.Pane`): a text batch laid out when the set-up changes,
a shaded backdrop, a click taken where it lands.
"""

from __future__ import annotations

import math
from pathlib import Path

import arcade
import pyglet

from tabletop.game.setup import table_flags
from tabletop.geometry.angles import unit
from tabletop.view.bar import label_width
from tabletop.view.forms import DIAL, Field, Form
from tabletop.view.panes import (
    ARMED,
    BUTTON,
    ERROR_COLOUR,
    HUD_COLOUR,
    LIT,
    STATUS_SHADE,
    Colour,
    Pane,
    wrapped,
)
from tabletop.view.setupforms import commit, form_for, num
from tabletop.view.setuphost import Desk

Rect = tuple[float, float, float, float]
PANEL_W = 340.0  # the form's column at the right
STATUS_ROWS = 4
STATUS_H = 8 + 17 * STATUS_ROWS
FIELD: Colour = (24, 30, 40, 255)
FOCUS: Colour = (60, 70, 40, 255)
GREYED: Colour = (120, 125, 135, 255)
LIST: Colour = (30, 38, 52, 255)
FLAG: Colour = (255, 150, 110, 255)
GREY_TEXT: Colour = (170, 175, 185, 255)
#: The strip's commands after the tools' buttons (``SetupView.command`` runs them).
COMMANDS = ("undo", "redo", "save", "save as", "play", "help")


class SetupStatus(Pane):
    """The top rows: the table and whether it is saved; the typed line or what the
    tool does; the message (an error in red); what is flagged on the table."""

    def __init__(self) -> None:
        super().__init__("setup-status")
        self.shade = STATUS_SHADE

    @property
    def desk(self) -> Desk:
        return self.view  # type: ignore[no-any-return]

    def lines(self) -> list[tuple[str, Colour]]:
        d = self.desk
        t, st = d.table, d.setup
        saved = f"saved to {Path(st.path).name}" if st.saved and st.path else "not saved (Ctrl+S)"
        size = f"{num(t.width)} × {num(t.depth)} {t.units}"
        out = [(f"Set-up: {t.name}  ·  {t.ruleset.title}  ·  {size}  ·  {saved}", HUD_COLOUR)]
        doing = d.prompt.line() if d.prompt is not None else d.tools[d.tool].hint(d)
        out.append((doing, ARMED if d.prompt is not None else GREY_TEXT))
        if d.message:
            out.append((d.message, ERROR_COLOUR if d.error else HUD_COLOUR))
        flags = [text for _, text in table_flags(t)]
        if flags:
            out.append(("flagged: " + "; ".join(flags), FLAG))
        return out

    def build(self) -> None:
        d = self.desk
        self.fresh()
        chars = max(20, int((d.view_w - 20) / 7.2))
        head, doing, *said = self.lines()  # the first two a row each, cut short with "…"
        rows = [head, doing, *wrapped(said, chars, indent="    ")][:STATUS_ROWS]
        for i, (s, c) in enumerate(rows):
            self.text(s if len(s) <= chars else s[: chars - 1] + "…", 10, d.view_h - 18 - 17 * i,
                      c, 11)  # fmt: skip
            shown, room = self.texts[-1], d.view_w - 20
            while shown.content_width > room and len(shown.text) > 2:  # wider than guessed
                keep = int(len(shown.text) * room / shown.content_width) - 2
                shown.text = shown.text[: max(1, keep)] + "…"
        self.place(0, d.view_h - STATUS_H, d.view_w, STATUS_H)


class FormPane(Pane):
    """The form at the right: what is selected, or the active tool's own."""

    def __init__(self) -> None:
        super().__init__("setup-form")
        self.shade = STATUS_SHADE
        self.form = Form(self._commit, label_width)
        self.list_batch = pyglet.graphics.Batch()
        self.list_texts: list[arcade.Text] = []

    @property
    def desk(self) -> Desk:
        return self.view  # type: ignore[no-any-return]

    def _commit(self, f: Field, value: str) -> None:
        commit(self.desk, f, value)
        self.refresh()

    def refresh(self) -> None:
        """The form read anew from the set-up (after every edit and selection)."""
        self.form.set_rows(*form_for(self.desk))

    def build(self, top: float, bottom: float) -> None:
        d = self.desk
        self.refresh()
        self.fresh()
        left = d.view_w - PANEL_W
        self.text(self.form.title, left + 10, top - 22, HUD_COLOUR, 12)
        self.form.layout(left + 10, top - 22, PANEL_W - 20)
        for f in self.form.fields():
            colour = HUD_COLOUR if f.live else GREYED
            if f.label and f.kind != "note":
                self.text(f.label, f.at[0], f.at[1], colour, 10)
            if f.kind == "note":
                self.text(f.label, f.at[0], f.at[1], GREY_TEXT, 10)
            elif f.kind != "dial":
                shown = self.form.text_of(f)
                room = int((f.rect[1] - f.rect[0] - 10) / 6.5)
                shown = shown if len(shown) <= room else shown[: max(1, room - 1)] + "…"
                self.text(shown, f.rect[0] + 5, f.rect[2] + 7, colour, 10)
        self.list_batch, self.list_texts = pyglet.graphics.Batch(), []
        opened = self.form.field(self.form.opened) if self.form.opened else None
        for value, (x0, _, y0, _) in self.form.items if opened is not None else []:
            name = opened.names[opened.choices.index(value)] if opened and opened.names else value
            self.list_texts.append(arcade.Text(name or "none", x0 + 6, y0 + 5, HUD_COLOUR, 10,
                                               batch=self.list_batch))  # fmt: skip
        self.place(left, bottom, PANEL_W, top - bottom)

    def on_draw(self) -> None:
        fill_rect = arcade.draw_lrbt_rectangle_filled
        fill_rect(self.left, self.right, self.bottom, self.top, self.shade)
        for f in self.form.fields():
            if f.kind == "note":
                continue
            if f.kind == "dial":
                self._dial(f)
                continue
            fill = BUTTON if f.kind == "button" else FOCUS if f.key == self.form.focus else FIELD
            if f.kind == "check" and f.value == "on":
                fill = LIT
            fill_rect(*f.rect, fill)
            if f.kind == "choice":  # the mark of a list: a small triangle at the right
                x, y = f.rect[1] - 9, (f.rect[2] + f.rect[3]) / 2
                arcade.draw_triangle_filled(x - 4, y + 2, x + 4, y + 2, x, y - 3, GREY_TEXT)
        self.batch.draw()
        opened = self.form.field(self.form.opened) if self.form.opened else None
        for value, r in self.form.items:
            fill_rect(*r, LIT if opened is not None and value == opened.value else LIST)
        if self.form.items:
            (x0, x1, *_), (*_, y0, y1) = self.form.items[0][1], self.form.items[-1][1]
            lo, hi = min(y0, self.form.items[0][1][2]), max(y1, self.form.items[0][1][3])
            arcade.draw_lrbt_rectangle_outline(x0, x1, lo, hi, GREY_TEXT, 1)
        self.list_batch.draw()

    def _dial(self, f: Field) -> None:
        """The wind's compass: a circle, N at the top, the arrow blowing across it from
        where the wind comes (the tail there, the head downwind)."""
        cx, cy = (f.rect[0] + f.rect[1]) / 2, (f.rect[2] + f.rect[3]) / 2
        arcade.draw_circle_filled(cx, cy, DIAL, FIELD)
        arcade.draw_circle_outline(cx, cy, DIAL, GREY_TEXT, 1)
        for deg in range(0, 360, 45):
            dx, dy = unit(float(deg))
            arcade.draw_line(cx + dx * (DIAL - 5), cy + dy * (DIAL - 5), cx + dx * DIAL,
                             cy + dy * DIAL, GREY_TEXT, 1)  # fmt: skip
        try:
            frm = float(f.value)
        except ValueError:
            return
        if not math.isfinite(frm):
            return
        ux, uy = unit(frm)  # towards where it blows from
        tail = (cx + ux * (DIAL - 6), cy + uy * (DIAL - 6))
        tip = (cx - ux * (DIAL - 6), cy - uy * (DIAL - 6))
        arcade.draw_line(*tail, *tip, HUD_COLOUR, 3)
        base = (tip[0] + ux * 10, tip[1] + uy * 10)
        side = (-uy * 6, ux * 6)
        arcade.draw_triangle_filled(*tip, base[0] + side[0], base[1] + side[1],
                                    base[0] - side[0], base[1] - side[1], HUD_COLOUR)  # fmt: skip
        arcade.draw_circle_filled(*tail, 4, ARMED)

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        self.form.press(x, y, modifiers)
        self.desk.changed()


class SetupStrip(Pane):
    """Along the foot: a button a tool (lit while it is active), then the files'."""

    def __init__(self) -> None:
        super().__init__("setup-strip", draw_order=2)
        self.buttons: list[tuple[str, str, Rect]] = []  # (tool | command, name, place)

    @property
    def desk(self) -> Desk:
        return self.view  # type: ignore[no-any-return]

    def build(self) -> None:
        d = self.desk
        self.fresh()
        self.buttons = []
        x = 10.0
        named = [("tool", name, tool.label) for name, tool in d.tools.items()]
        named += [("command", c, c) for c in COMMANDS]
        for kind, name, label in named:
            w = 7.0 * len(label) + 14
            if kind == "command" and name == COMMANDS[0]:
                x += 12  # the files apart from the tools
            self.buttons.append((kind, name, (x, x + w, 6.0, 28.0)))
            lit = kind == "tool" and name == d.tool
            self.text(label, x + 7, 12, ARMED if lit else HUD_COLOUR, 10)
            x += w + 6
        self.place(0, 0, x + 4, 34)

    def on_draw(self) -> None:
        for kind, name, r in self.buttons:
            lit = kind == "tool" and name == self.desk.tool
            arcade.draw_lrbt_rectangle_filled(*r, LIT if lit else BUTTON)
        self.batch.draw()

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        for kind, name, (left, right, bottom, top) in self.buttons:
            if left <= x <= right and bottom <= y <= top:
                self.desk.form_pane.form.hand_over()
                if kind == "tool":
                    self.desk.use(name)
                else:
                    self.desk.command(name)
                self.desk.changed()
                return
