"""The HUD's panes as arcade Sections of the table view: the status at the top, the fire
ruling at the top right, the log at the right, the action bar (or the plotting panel)
along the foot, and the cover that hides the table while the screen is passed.

Each pane lays out its text from the view's state when the view says the HUD changed
(never per frame), sizes itself to what it shows, draws its own backdrop and text batch,
and takes the clicks that land on it; a click elsewhere goes to the table.
"""

from __future__ import annotations

import textwrap
from typing import Any

import arcade
import pyglet

from tabletop.common.errors import TabletopError
from tabletop.geometry.angles import unit
from tabletop.referee.fire import rule_fire
from tabletop.referee.rulings import sail, sail_text
from tabletop.view import scene as sc
from tabletop.view.host import Host
from tabletop.view.keys import Key, help_lines, orders_help, strip
from tabletop.view.offers import playable, ruled
from tabletop.view.plotting import Box, cover
from tabletop.view.tools import Button, action_buttons

Colour = tuple[int, int, int, int]
HUD_COLOUR: Colour = (240, 240, 240, 255)
LOG_COLOUR: Colour = (200, 210, 220, 255)
UNDONE_COLOUR: Colour = (120, 125, 135, 255)
REASON_COLOUR: Colour = (150, 200, 255, 255)  # the computer's reasons, in the log
ERROR_COLOUR: Colour = (255, 120, 120, 255)
ARMED: Colour = (255, 220, 120, 255)
SHADE: Colour = (10, 14, 20, 200)
#: The status and plotting panes' (zoomed in, the table showed through their words).
STATUS_SHADE: Colour = (10, 14, 20, 235)
HELP_SHADE: Colour = (10, 14, 20, 250)
COVER: Colour = (12, 16, 22, 255)
BUTTON: Colour = (40, 52, 70, 230)
LIT: Colour = (110, 90, 30, 240)

WIND_W = 130  # the top right corner the wind indicator keeps
POINTS = dict(zip((0.0, 45.0, 90.0, 135.0, 180.0, 225.0, 270.0, 315.0),
                  ("N", "NE", "E", "SE", "S", "SW", "W", "NW"), strict=True))  # fmt: skip


class Pane(arcade.Section):
    """A pane: a text batch rebuilt by :meth:`build`, a shaded backdrop, its own area.
    A press on it never reaches the table; drags and the wheel pass through."""

    def __init__(self, name: str, **kw: Any) -> None:
        kw.setdefault("prevent_dispatch_view", {"on_mouse_press"})
        super().__init__(0, 0, 1, 1, name=name, accept_keyboard_keys=False, **kw)
        self.batch = pyglet.graphics.Batch()
        self.texts: list[arcade.Text] = []
        self._key: object = None  # what the pane last laid out (see ``same``)
        self.enabled = False
        self.shade = SHADE

    @property
    def table(self) -> Host:
        return self.view  # type: ignore[no-any-return]

    def place(self, left: float, bottom: float, width: float, height: float) -> None:
        self.enabled = width > 0 and height > 0
        if self.enabled:
            self.left, self.bottom = int(left), int(bottom)
            self.width, self.height = max(1, int(width)), max(1, int(height))

    def text(self, s: str, x: float, y: float, colour: Colour, size: float) -> None:
        self.texts.append(arcade.Text(s, x, y, colour, size, batch=self.batch))

    def fresh(self) -> None:
        self.batch = pyglet.graphics.Batch()
        self.texts = []

    def same(self, key: object) -> bool:
        """Whether what the pane shows is unchanged since its last layout (laying out
        text costs about a millisecond a line on software GL: a click must not redo the
        panes it did not change)."""
        if self._key == key:
            return True
        self._key = key
        return False

    def on_draw(self) -> None:
        arcade.draw_lrbt_rectangle_filled(self.left, self.right, self.bottom, self.top, self.shade)
        self.batch.draw()


class StatusPane(Pane):
    """The top of the window: the scenario and whose turn it is, a pending decision, the
    selected ship's point of sail and card, the move being built, the tools, the typed
    line, the last message, and the help; long lines wrap.  The allowance meter."""

    def __init__(self) -> None:
        super().__init__("status")
        self.wind: float | None = None

    def build(self) -> None:
        t = self.table
        self.fresh()
        # about 7.2 px a character at 11 pt; the wind keeps the top right corner
        width = max(20, int((t.view_w - 20 - WIND_W) / 7.2))
        lines = wrapped(self._lines(t), width, indent="    ")
        for i, (s, c) in enumerate(lines):
            self.text(s, 10, t.view_h - 18 - 17 * i, c, 11)
        self.rows = len(lines)
        self.shade = HELP_SHADE if t.show_help else STATUS_SHADE
        self.place(0, t.view_h - 8 - 17 * len(lines), t.view_w, 8 + 17 * len(lines))
        self.wind = t.scenario.wind.from_deg if t.scenario is not None else None
        if self.wind is not None:
            name = POINTS.get(round(self.wind % 360, 6), f"{self.wind:g}°")
            self.text(f"wind from {name}", t.view_w - WIND_W + 30, t.view_h - 18, HUD_COLOUR, 11)

    @staticmethod
    def _lines(t: Host) -> list[tuple[str, Colour]]:
        lines: list[tuple[str, Colour]] = []
        scn = t.scenario
        if t.session is not None:
            lines.append((f"{scn.name}  ·  {scn.ruleset.title}  ·  {scn.units}  ·  "
                          f"{t.session.status}", HUD_COLOUR))  # fmt: skip
            game = t.session.game
            if game is not None and game.state.pending:
                lines.append((_pending_text(game.state.pending[0]), ERROR_COLOUR))
            if t.selected:
                left = t.session.left(t.selected)
                lines.append((sail_text(sail(scn, t.selected), _unready(t), left), HUD_COLOUR))
                lines += t.card_lines(t.selected)
                lines += _move_lines(t)
        if t.ruler is not None and t.ruler.length is not None:
            lines.append((f"ruler: {t.ruler.length:.2f} {scn.units}", sc.RULER))
        tool = "ruler" if t.ruler is not None else "line of fire" if t.fire_tool else ""
        if tool:
            lines.append((f"tool: {tool} (Esc to leave)", HUD_COLOUR))
        if t.prompt is not None:
            lines.append((t.prompt.line(), ARMED))
        if t.message:
            lines.append((t.message, ERROR_COLOUR if t.error else HUD_COLOUR))
        if t.show_help:
            pivot = scn.ruleset.caps.fixed_turn if scn is not None else None
            lines += [(h, HUD_COLOUR) for h in help_lines(t.abilities(), pivot)]
            if scn is not None:
                rs = scn.ruleset
                lines += [(h, HUD_COLOUR) for h in orders_help(rs.title, rs.verbs)]
                lines += legend(scn)
        else:
            lines.append(("F1: help", (180, 180, 180, 255)))
        return lines

    def on_draw(self) -> None:
        super().on_draw()
        if self.wind is not None:  # the wind, always in sight, whatever the zoom
            cx, cy, r = self.table.view_w - WIND_W + 14, self.table.view_h - 13, 9.0
            dx, dy = unit(self.wind + 180.0)  # where it blows to
            tip = (cx + dx * r, cy + dy * r)
            arcade.draw_line(cx - dx * r, cy - dy * r, *tip, HUD_COLOUR, 2)
            side = (-dy * 4, dx * 4)
            base = (tip[0] - dx * 6, tip[1] - dy * 6)
            left = (base[0] + side[0], base[1] + side[1])
            right = (base[0] - side[0], base[1] - side[1])
            arcade.draw_triangle_filled(*tip, *left, *right, HUD_COLOUR)
        m = self.table.move
        if m is None or m.allowance <= 0:
            return
        # under the wind's label, within the corner it keeps (the status lines wrap short
        # of it): laid across the label's foot, it hid it
        x0, y0 = self.table.view_w - WIND_W + 10, self.table.view_h - 38
        w, h = WIND_W - 20, 10
        used = min(1.0, m.spent / m.allowance)
        arcade.draw_lrbt_rectangle_filled(x0, x0 + w, y0, y0 + h, (60, 60, 70, 255))
        col = (80, 200, 120, 255) if m.legal else (230, 80, 80, 255)
        arcade.draw_lrbt_rectangle_filled(x0, x0 + w * used, y0, y0 + h, col)


def _unready(t: Host) -> str | None:
    """Why the selected ship may not sail now whatever her point of sail (in irons, her
    movement ended), as the ruleset tells it; None when she may, or it is not her turn.
    In irons the sail line gave the template's allowance while the move was refused."""
    game = t.session.game if t.session is not None else None
    ship = t.selected
    if game is not None and game.state.winner is not None:
        return "the game is over"  # it read "allowance 22.6667 cm", or "grappled: cut"
    if game is None or ship is None or game.state.side_of(ship) != game.state.active_side:
        return None
    return game.state.scenario.ruleset.unready(game.state, ship, "move")


def _pending_text(p: Any) -> str:
    keys = ", or ".join(
        f"select {p.ship} and build a move to {a.label.split(':')[0]} ({a.key})"
        if a.action.endswith("PATH")
        else f"{a.key}: {a.label}"
        for a in p.answers
    )
    return f"{p.side} decides for {p.ship}: {keys}"


def _move_lines(t: Host) -> list[tuple[str, Colour]]:
    """The move being built: how far of her allowance, legal or why not, what it meets."""
    m = t.move
    if t.builder is None or not t.builder.steps or m is None:
        return []
    state = m.verdict(t.scenario)
    more = m.collision is None and m.allowance - m.spent > 1e-3  # none left: it stayed after '='
    rest = "   (= the rest)" if more and "fine" in t.abilities() else ""  # no '=' by whole steps
    text = f"move {t.builder.text}: {m.against_allowance()}  {state}{rest}"
    return [(text, HUD_COLOUR if m.legal else ERROR_COLOUR)]


def legend(scn: Any) -> list[tuple[str, Colour]]:
    """What the colours mean: each side in its own colour, then the overlays'."""
    sides: list[tuple[str, Colour]] = [
        (f"■ {side}", tuple(c)) for side, c in sc.side_colours(scn).items()  # type: ignore[misc]
    ]
    return [
        ("Colours:", HUD_COLOUR),
        *sides,
        ("line of fire: green clear, yellow partly blocked, red blocked, grey clear yet "
         "she cannot fire", HUD_COLOUR),  # fmt: skip
        ("wedges and the fan: by point of sail; yellow outline: the selected ship", HUD_COLOUR),
    ]


class RulingPane(Pane):
    """The line-of-fire tool's ruling, in words, at the top right under the status."""

    def __init__(self) -> None:
        super().__init__("ruling")

    def build(self, below: float) -> None:
        t = self.table
        self.fresh()
        panel: list[str] = []
        if t.ruling is not None and t.session is not None:
            game = t.session.game
            try:
                r, state = rule_fire(t.scenario, *t.ruling), game.state if game else None
                verb = t.scenario.ruleset.look.fire_verb(r.arc or "")  # a Frigate ship's chasers
                panel = ruled(r.text().splitlines(), state, *t.ruling, verb)
            except TabletopError:
                panel = []
        # left of the log, wrapped to fit (it ran over the log: "cannot fire: amazon has...")
        right = t.view_w - t.log_width - 10
        chars = int((right - 20) / (1.1 * char_width() * 10 / 9))  # 10 pt, measured at 9
        panel = [row for row, _ in wrapped([(s, HUD_COLOUR) for s in panel], chars)]
        for i, s in enumerate(panel):
            self.text(s, 0, below - 18 - 16 * i, HUD_COLOUR, 10)
        px = max(10.0, right - max((x.content_width for x in self.texts), default=0))
        for x in self.texts:
            x.x = px
        self.place(px - 10, below - 26 - 16 * len(panel), right - px + 20, 26 + 16 * len(panel))
        if not panel:
            self.enabled = False


class LogPane(Pane):
    """The game's log at the right (or above the action bar when the window is narrow):
    the latest lines that fit, what was undone greyed; the wheel over it scrolls back
    (over it, the wheel zoomed the table: what a turn's first events said was lost)."""

    def __init__(self) -> None:
        super().__init__("log", prevent_dispatch_view={"on_mouse_press", "on_mouse_scroll"})
        self.back = 0  # rows scrolled back from the latest
        self._above = 0.0
        self._size = -1

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        self.back = max(0, self.back + round(3 * scroll_y))
        self.build(self._above)

    def build(self, above: float) -> None:
        t = self.table
        game = t.session.game if t.session is not None else None
        size = len(game.events) if game else len(t.session.log) if t.session else 0
        redo = len(game.redo_stack) if game else 0
        if size != self._size:  # something new: the latest lines again
            self.back, self._size = 0, size
        # below the status pane, however tall (the help ran under the log)
        status = t.status_pane
        top = min(t.view_h - 110, status.bottom - 8 if status.enabled else t.view_h)
        key = (t.view_w, t.view_h, t.log_width, above, top, id(t.session), size, redo, self.back)
        self._above = above
        if self.same(key):
            return
        self.fresh()
        lines = t.log_lines()
        per = 1.1 * char_width()  # a tenth to spare: digits and capitals run wider
        if t.log_width:
            x, chars = t.view_w - t.log_width + 8, int((t.log_width - 16) / per)
            rows = int((top - above) / 14)
        else:
            x, chars, rows = 10.0, int((t.view_w - 20) / per), 6
        shown = wrapped(lines, chars, rows + self.back)
        self.back = min(self.back, max(0, len(shown) - rows))
        if self.back:  # the rows that fit, ending this many before the latest, and a hint
            shown = shown[: len(shown) - self.back][-(rows - 1) :]
            shown.append((f"▼ {self.back} later rows: the wheel down", UNDONE_COLOUR))
        room = t.view_w - x - 4
        for i, (s, c) in enumerate(reversed(shown)):
            s = s if len(s) <= chars else s[: chars - 1] + "…"
            self.text(s, x, above + 14 * i, c, 9)
            shown_text = self.texts[-1]
            while shown_text.content_width > room and len(s) > 2:  # wider than estimated:
                keep = min(len(s) - 2, int(len(s) * room / shown_text.content_width) - 1)
                s = s[: max(1, keep)] + "…"  # cut in proportion, then check again
                shown_text.text = s
        self.place(x - 8, above - 4, t.view_w - x + 8, 14 * len(shown) + 4 if shown else 0)


_CHAR_WIDTH: list[float] = []


def char_width() -> float:
    """The log's mean width of a character in pixels, measured once on a line of its
    kind in its font (a guess of 5.6 wrapped rows that the pane then had to cut)."""
    if not _CHAR_WIDTH:
        sample = "moved loire, path F2 P33.75 F11.086653 S45 F0, to [149.375, 45.4819]"
        width = arcade.Text(sample, 0, 0, (0, 0, 0, 255), 9).content_width
        _CHAR_WIDTH.append(max(4.0, width / len(sample)))
    return _CHAR_WIDTH[0]


def wrapped(
    lines: list[tuple[str, Colour]], chars: int, rows: int | None = None, indent: str = "   "
) -> list[tuple[str, Colour]]:
    """The last ``rows`` rows (all, without) of ``lines`` wrapped at ``chars``
    characters, a line's later rows indented: cut at the pane's edge, a move's end or a
    check's reason was lost ("tacked amazon, tack starboard, hea…").  Only the lines
    that show are wrapped.  The log's and the status line's."""
    out: list[tuple[str, Colour]] = []
    for text, colour in reversed(lines):
        if rows is not None and len(out) >= rows:
            break
        parts = textwrap.wrap(text, max(chars, 8), subsequent_indent=indent) or [""]
        out[:0] = [(p, colour) for p in parts]
    if rows is None:
        return out
    return out[-rows:] if rows > 0 else []


class ActionBar(Pane):
    """Along the foot: the verbs the ruleset offers the selected ship now (only those the
    engine would take), or the pending decision's answers, each with its key."""

    def __init__(self) -> None:
        super().__init__("bar")
        self.buttons: list[tuple[Button, tuple[float, float, float, float]]] = []

    def build(self) -> None:
        t = self.table
        self.fresh()
        self.buttons = []
        game = t.session.game if t.session is not None else None
        if game is None or game.state.winner is not None or t.plot is not None:
            self.enabled = False
            return  # a plot is given from its panel
        st = game.state
        pending = st.pending[0] if st.pending else None
        ship = pending.ship if pending is not None else t.selected
        if pending is None and ship is not None and st.side_of(ship) != st.active_side:
            ship = None  # not hers to act: only 'end turn' is offered
        x, y = 10.0, 6.0
        edge = t.tools.left_edge - 10  # the tool strip keeps the bottom right
        rs = st.scenario.ruleset
        offered = action_buttons(rs.verbs, pending, ship)
        offered = [b for b in offered if b.action.split()[0] not in rs.caps.secret_verbs]
        if ship is not None and (t.session.rest(ship) or (1.0,))[0] <= 0:
            offered = [b for b in offered if not b.needs_path]  # "0 cm of her move left"
        for b in t.ending() or playable(st, offered, ship):  # the drill's, at the mark
            label = b.label + b.shown
            w = 7.0 * len(label) + 14
            if x + w > edge and x > 10.0:  # wrap onto the row above
                x, y = 10.0, y + 26.0
            self.buttons.append((b, (x, x + w, y, y + 22.0)))
            self.text(label, x + 7, y + 6, ARMED if b is t.arming else HUD_COLOUR, 10)
            x += w + 6
        right = max((r for _, (_, r, _, _) in self.buttons), default=0.0)
        self.place(0, 0, right + 6, y + 28)

    @property
    def top_edge(self) -> float:
        return float(self.top) if self.enabled else 0.0

    def on_draw(self) -> None:
        for b, (left, right, bottom, top) in self.buttons:
            fill = (70, 60, 30, 230) if b is self.table.arming else BUTTON
            arcade.draw_lrbt_rectangle_filled(left, right, bottom, top, fill)
        self.batch.draw()

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        for b, (left, right, bottom, top) in self.buttons:
            if left <= x <= right and bottom <= y <= top:
                self.table.press(b)
                self.table.changed()
                return


class ToolStrip(Pane):
    """The bottom right: the key map's tools and files as buttons (the fan, the ruler,
    the line of fire, undo, redo, save, help), so a game needs no keyboard."""

    def __init__(self) -> None:
        super().__init__("tools", draw_order=2)
        self.buttons: list[tuple[Key, tuple[float, float, float, float]]] = []

    def build(self) -> None:
        t = self.table
        key = (t.view_w, t.session is None, frozenset(t.overlays), t.ruler is None,
               t.fire_tool is None)  # fmt: skip
        if self.same(key):
            return
        self.fresh()
        self.buttons = []
        if t.session is None:
            self.enabled = False
            return
        x = float(t.view_w) - 8
        for k in reversed(strip()):
            w = 7.0 * len(k.strip) + 14
            x -= w
            on = (k.command == "toggle" and k.args[0] in t.overlays) or (
                k.command == "ruler_tool" and t.ruler is not None
            ) or (k.command == "fire_tool_toggle" and t.fire_tool is not None)
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


class PlotPane(Pane):
    """The plotting panel along the foot (where the action bar is otherwise), or the
    cover over the whole window while the screen is passed (a modal pane: it takes every
    click and is drawn over everything)."""

    def __init__(self, modal: bool = False) -> None:
        super().__init__("cover" if modal else "plot", modal=modal)
        self.boxes: list[Box] = []

    def build(self) -> None:
        t = self.table
        self.fresh()
        self.boxes = []
        plot = t.plot
        if plot is None or plot.shown != (not self.modal):
            self.enabled = False
            return
        if self.modal:
            self.boxes = cover(plot.spec, t.view_w, t.view_h)
        else:
            notes = t.foresight.notes(plot.spec.slots) if t.foresight else {}
            self.boxes = plot.layout(10.0, plot.height() + 8.0, notes)
        for b in self.boxes:
            if b.text:
                colour = ERROR_COLOUR if b.text.startswith(("cannot", "meets")) else HUD_COLOUR
                self.text(b.text, b.rect[0] + 6, b.rect[2] + 6, colour, 10)
        right = max(b.rect[1] for b in self.boxes if b.command)  # captions run on: the
        right = max([right, *(x.x + x.content_width for x in self.texts)])  # shade too
        top = max(b.rect[3] for b in self.boxes)
        self.place(0, 0, right + 6, top + 4)

    def on_draw(self) -> None:
        if not self.modal:
            box, shade = (self.left, self.right, self.bottom, self.top), STATUS_SHADE
            arcade.draw_lrbt_rectangle_filled(*box, shade)
        for b in self.boxes:
            left, right, bottom, top = b.rect
            if not b.text and not b.command:
                arcade.draw_lrbt_rectangle_filled(left, right, bottom, top, COVER)
            elif b.command:
                fill = LIT if b.lit else BUTTON
                arcade.draw_lrbt_rectangle_filled(left, right, bottom, top, fill)
        self.batch.draw()

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        for b in self.boxes:
            left, right, bottom, top = b.rect
            if b.command and left <= x <= right and bottom <= y <= top:
                self.table.plot_command(b.command)
                return
