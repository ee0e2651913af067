"""The panes along the window's foot: the action bar (the verbs of the game played, each
where it always is) and the tool strip (the key map's tools as buttons).

A player learns where a button is and clicks there: the bar lays out the same buttons
in the same places whatever is selected and whatever was played, and greys one the
engine would not take now (saying why when it is clicked or hovered), instead of
leaving it out and sliding the rest along.
"""

from __future__ import annotations

import arcade

from tabletop.view.host import Host
from tabletop.view.keys import Key, strip
from tabletop.view.offers import steady
from tabletop.view.panes import ARMED, BUTTON, HUD_COLOUR, Pane
from tabletop.view.tools import Button

Rect = tuple[float, float, float, float]
GREYED_TEXT = (120, 125, 135, 255)
GREYED_FILL = (30, 34, 42, 230)
TIP_FILL = (10, 14, 20, 235)


_WIDTHS: dict[str, float] = {}


def label_width(label: str) -> float:
    """A button label's width on screen at 10 pt, measured once (the set-up's forms
    and strip measure theirs by it too)."""
    if label not in _WIDTHS:
        _WIDTHS[label] = arcade.Text(label, 0, 0, HUD_COLOUR, 10).content_width
    return _WIDTHS[label]


class ActionBar(Pane):
    """Along the foot: every verb the ruleset offers, "end turn" (or "end step") first,
    each in its place; those the engine would not take now for the selected ship greyed
    (``why``), or the pending decision's answers after the greyed "end"."""

    def __init__(self) -> None:
        super().__init__("bar")
        #: every button shown: the button, its place, and why it is greyed (None: live)
        self.slots: list[tuple[Button, Rect, str | None]] = []
        self.tip: arcade.Text | None = None  # why the button under the pointer is grey
        self._tip_at: int = -1

    @property
    def buttons(self) -> list[tuple[Button, Rect]]:
        """The buttons a click or a key plays now (the greyed are not among them)."""
        return [(b, r) for b, r, why in self.slots if why is None]

    def build(self) -> None:
        t = self.table
        kept, was = self.texts, [r for _, r, _ in self.slots]
        self.slots, self.tip, self._tip_at = [], None, -1
        game = t.session.game if t.session is not None else None
        if game is None or game.state.winner is not None or t.plot is not None:
            self.fresh()
            self.enabled = False
            return  # a plot is given from its panel
        shown = [(b, None) for b in t.ending()] or self._offered(t)  # the drill's, at the mark
        x, y = 10.0, 6.0
        edge = t.tools.left_edge - 10  # the tool strip keeps the bottom right
        for b, why in shown:
            w = label_width(b.label + b.shown) + 14  # as wide as its words (7 px a letter
            if b.action == "end":  # wasted a row); "end turn" as wide as "end step"
                w = max(w, *(label_width(f"end {s}{b.shown}") + 14 for s in ("turn", "step")))
            if x + w > edge and x > 10.0:  # wrap onto the row above,
                x, y, edge = 10.0, y + 26.0, t.view_w - 10.0  # clear of the strip
            self.slots.append((b, (x, x + w, y, y + 22.0), why))
            x += w + 6
        right = max((r for _, (_, r, _, _), _ in self.slots), default=0.0)
        self.place(0, 0, right + 6, y + 28)
        same = was == [r for _, r, _ in self.slots] and len(kept) == len(self.slots)
        labels = [b.label + b.shown for b, _, _ in self.slots]
        if same and [k.text for k in kept] == labels:
            for k, (b, _, why) in zip(kept, self.slots, strict=True):
                k.color = self._colour(b, why)  # the same buttons in their places: only
            return  # their colours change (laying out a text costs about a millisecond)
        self.fresh()
        for b, (left, _, bottom, _), why in self.slots:
            self.text(b.label + b.shown, left + 7, bottom + 6, self._colour(b, why), 10)

    def _colour(self, b: Button, why: str | None) -> tuple[int, int, int, int]:
        return GREYED_TEXT if why else ARMED if b is self.table.arming else HUD_COLOUR

    @staticmethod
    def _offered(t: Host) -> list[tuple[Button, str | None]]:
        """The bar's buttons for the ship selected (or the decision's), each with why it
        is greyed: every verb's, whatever is selected, so none moves."""
        st = t.session.game.state
        pending = st.pending[0] if st.pending else None
        ship, unchosen = t.selected, None
        if pending is not None:
            ship = pending.ship
        elif ship is None:
            unchosen = f"select a {st.active_side} ship first: these are her orders"
        elif st.side_of(ship) != st.active_side:
            unchosen = f"{ship} is {st.side_of(ship)}, and the {st.active_side} are to play"
            ship = None
        no_path = None
        left = t.session.rest(ship) if ship is not None and pending is None else None
        if left is not None and left[0] <= 0:
            no_path = f"no move left: {t.session.left(ship)}"  # "0 cm of her move left"
        return steady(st, ship, unchosen, no_path)

    @property
    def top_edge(self) -> float:
        return float(self.top) if self.enabled else 0.0

    def on_draw(self) -> None:
        for b, (left, right, bottom, top), why in self.slots:
            fill = GREYED_FILL if why else (70, 60, 30, 230) if b is self.table.arming else BUTTON
            arcade.draw_lrbt_rectangle_filled(left, right, bottom, top, fill)
        self.batch.draw()
        if self.tip is not None:
            x, y = self.tip.x, self.tip.y
            w, h = self.tip.content_width, self.tip.content_height
            arcade.draw_lrbt_rectangle_filled(x - 5, x + w + 5, y - 4, y + h, TIP_FILL)
            self.tip.draw()

    def slot_at(self, x: float, y: float) -> int:
        for k, (_, (left, right, bottom, top), _) in enumerate(self.slots):
            if left <= x <= right and bottom <= y <= top:
                return k
        return -1

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        k = self.slot_at(x, y)
        if k >= 0:
            b, _, why = self.slots[k]
            if why is None:
                self.table.press(b)
            else:  # greyed: why, in the message line (it stays in its place)
                self.table.say(f"{b.label}: not now, {why}")
            self.table.changed()

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> None:
        """Over a greyed button, why it is greyed, just above it (a tip, drawn apart from
        the bar's batch: the pointer moving does not lay the bar out again)."""
        k = self.slot_at(x, y)
        if k == self._tip_at:
            return
        self._tip_at, self.tip = k, None
        if k >= 0 and (why := self.slots[k][2]) is not None:
            left, _, _, top = self.slots[k][1]
            tip_x = min(left, max(10.0, self.table.view_w - 7.0 * len(why) - 20))
            self.tip = arcade.Text(why, tip_x, self.top + 6, HUD_COLOUR, 10)

    def on_mouse_leave(self, x: float, y: float) -> None:
        self._tip_at, self.tip = -1, None


class ToolStrip(Pane):
    """The bottom right: the key map's tools and files as buttons (the fan, the ruler,
    the line of fire, the log, undo, redo, save, help), so a game needs no keyboard."""

    def __init__(self) -> None:
        super().__init__("tools", draw_order=2)
        self.buttons: list[tuple[Key, Rect]] = []

    def build(self) -> None:
        t = self.table
        can = t.abilities()
        key = (t.view_w, t.session is None, frozenset(t.overlays), t.ruler is None,
               t.fire_tool is None, t.log_shown, can)  # fmt: skip
        if self.same(key):
            return
        self.fresh()
        self.buttons = []
        if t.session is None:
            self.enabled = False
            return
        x = float(t.view_w) - 8
        for k in reversed(strip(can)):
            w = 7.0 * len(k.strip) + 14
            x -= w
            on = (k.command == "toggle" and k.args[0] in t.overlays) or (
                k.command == "ruler_tool" and t.ruler is not None
            ) or (k.command == "fire_tool_toggle" and t.fire_tool is not None) or (
                k.command == "toggle_log" and t.log_shown
            )
            self.buttons.insert(0, (k, (x, x + w, 6.0, 28.0)))
            self.text(k.strip, x + 7, 12, ARMED if on else HUD_COLOUR, 10)
            x -= 6
        self.place(x, 0, t.view_w - x, 32)

    @property
    def left_edge(self) -> float:
        return float(self.left) if self.enabled else float(self.table.view_w)

    def on_draw(self) -> None:
        for _, (left, right, bottom, top) in self.buttons:
            arcade.draw_lrbt_rectangle_filled(left, right, bottom, top, BUTTON)
        self.batch.draw()

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        for k, (left, right, bottom, top) in self.buttons:
            if left <= x <= right and bottom <= y <= top:
                self.table.input.do(k)
                self.table.changed()
                return
