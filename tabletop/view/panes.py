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
from tabletop.view import dice
from tabletop.view import scene as sc
from tabletop.view.batch import Layer
from tabletop.view.dice import ruling_dice
from tabletop.view.host import Host
from tabletop.view.offers import ruled
from tabletop.view.plotting import Box, cover
from tabletop.view.scene import Scene

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
STATUS_ROWS = 4  # the header's rows, whatever it says: the table stays where it is
STATUS_H = 8 + 17 * STATUS_ROWS
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
    """The top of the window, a fixed few rows high: the scenario and where the turn
    stands; what the player is doing (the typed line, a decision waiting, the move being
    built, the tool); the last message (two rows at most); and the wind with the
    allowance meter in the corner.  The selected ship's card is its own pane, beside the
    table (it grew the header to six or eight rows, pushing and shading the table)."""

    def __init__(self) -> None:
        super().__init__("status")
        self.wind: float | None = None
        self.shade = STATUS_SHADE
        self.rows = STATUS_ROWS

    def build(self) -> None:
        t = self.table
        self.fresh()
        # rows end short of the corner the wind and the sail meter keep, measured: the
        # 7.2 px a character once guessed ran the message's second row under the meter
        room = t.view_w - WIND_W - 10
        width = max(20, int(room / (char_width() * 11 / 9)))  # the log's mean, at 11 pt
        lines = self._lines(t)
        said = lines.pop() if lines and lines[-1][0] == t.message and t.message else None
        rows = [_one_row(s, c, width) for s, c in lines][: STATUS_ROWS - (2 if said else 0)]
        if said is not None:  # the message: two rows at most, cut short with "…"
            both = wrapped([said], width, indent="    ")
            rest = " ".join(r.strip() for r, _ in both[1:])
            rows += both[:1] + ([_one_row("    " + rest, said[1], width)] if rest else [])
        for i, (s, c) in enumerate(rows[:STATUS_ROWS]):
            self.text(s, 10, t.view_h - 18 - 17 * i, c, 11)
            fit(self.texts[-1], room - 10)
        self.place(0, t.view_h - STATUS_H, t.view_w, STATUS_H)
        self.wind = t.scenario.wind.from_deg if t.scenario is not None else None
        if self.wind is not None:
            name = POINTS.get(round(self.wind % 360, 6), f"{self.wind:g}°")
            self.text(f"wind from {name}", t.view_w - WIND_W + 30, t.view_h - 18, HUD_COLOUR, 11)

    @staticmethod
    def _lines(t: Host) -> list[tuple[str, Colour]]:
        """The header's lines, most needed first: where the game stands, then the first
        of the typed line, the decision waiting, the move being built, the tool, and
        last the message (or where the help is)."""
        lines: list[tuple[str, Colour]] = []
        scn = t.scenario
        doing: list[tuple[str, Colour]] = []
        if t.prompt is not None:
            doing.append((t.prompt.line(), ARMED))
        if t.session is not None:
            lines.append((f"{scn.name}  ·  {scn.ruleset.title}  ·  {scn.units}  ·  "
                          f"{t.session.status}", HUD_COLOUR))  # fmt: skip
            game = t.session.game
            if game is not None and game.state.pending:
                doing.append((_pending_text(game.state.pending[0]), ERROR_COLOUR))
            if t.selected:
                doing += _move_lines(t)
        tool = "ruler" if t.ruler is not None else "line of fire" if t.fire_tool else ""
        if tool:
            length = t.ruler.length if t.ruler is not None else None
            measured = f"{length:.2f} {scn.units}  ·  " if length is not None else ""
            doing.append((f"{tool}: {measured}Esc to leave", sc.RULER if measured else HUD_COLOUR))
        lines += doing[:1] or [("F1: help" if not t.show_help else "F1: close the help",
                                (180, 180, 180, 255))]  # fmt: skip
        if t.message:
            lines.append((t.message, ERROR_COLOUR if t.error else HUD_COLOUR))
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


def fit(text: arcade.Text, room: float) -> None:
    """Cut a text laid out wider than ``room`` pixels, with "…": in proportion to how
    much too wide it is, then again until it fits (wide letters, W, run over a width
    reckoned in characters)."""
    s = text.text
    while text.content_width > room and len(s) > 2:
        keep = min(len(s) - 2, int(len(s) * room / text.content_width) - 1)
        s = s[: max(1, keep)] + "…"
        text.text = s


def _one_row(s: str, colour: Colour, width: int) -> tuple[str, Colour]:
    """A line cut to one row of the header, "…" where it was cut."""
    return (s if len(s) <= width else s[: width - 1] + "…", colour)


def unready(t: Host) -> str | None:
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
    """The line-of-fire tool's ruling, in words, at the top right under the status, and
    under them its dice: the faces that hit and those that save."""

    def __init__(self) -> None:
        super().__init__("ruling")
        self.layer: Layer | None = None
        self.dice = Scene()  # the faces drawn now, in the window's pixels

    def build(self, below: float) -> None:
        t = self.table
        self.fresh()
        self.dice = Scene()
        panel: list[str] = []
        rows: list[tuple[str, Any]] = []
        if t.ruling is not None and t.session is not None:
            game = t.session.game
            try:
                r, state = rule_fire(t.scenario, *t.ruling), game.state if game else None
                verb = t.scenario.ruleset.look.fire_verb(r.arc or "")  # a Frigate ship's chasers
                panel = ruled(r.text().splitlines(), state, *t.ruling, verb)
                rows = [(f"  {s}", f) for s, f in ruling_dice(r)] if r.arc else []
            except TabletopError:
                panel = []
        # left of the log, wrapped to fit (it ran over the log: "cannot fire: amazon has...")
        right = t.view_w - t.log_width - 10
        chars = int((right - 20) / (1.1 * char_width() * 10 / 9))  # 10 pt, measured at 9
        panel = [row for row, _ in wrapped([(s, HUD_COLOUR) for s in panel], chars)]
        for i, s in enumerate(panel):
            self.text(s, 0, below - 18 - 16 * i, HUD_COLOUR, 10)
        words = list(self.texts)
        labels = [self._label(s, below - 18 - 16 * len(panel) - 18 * k) for k, (s, _) in
                  enumerate(rows)]  # fmt: skip
        label_w = max((x.content_width for x in labels), default=0.0) + 6
        faces_w = label_w + dice.width(6) if rows else 0.0
        wide = max([faces_w] + [x.content_width for x in words])
        px = max(10.0, right - wide)
        for x in self.texts:
            x.x = px
        for k, (_, faces) in enumerate(rows):
            dice.draw_faces(self.dice, faces, px + label_w, labels[k].y + 4)
        tall = 26 + 16 * len(panel) + 18 * len(rows)
        self.place(px - 10, below - tall, right - px + 20, tall)
        if self.layer is None:
            self.layer = Layer(t.window)
        self.layer.build([self.dice], 1.0)
        if not panel:
            self.enabled = False

    def _label(self, s: str, y: float) -> arcade.Text:
        self.text(s, 0, y, HUD_COLOUR, 10)
        return self.texts[-1]

    def on_draw(self) -> None:
        super().on_draw()
        if self.layer is not None:
            self.layer.draw()


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


class PlotPane(Pane):
    """The plotting panel along the foot (where the action bar is otherwise), or the
    cover over the whole window while the screen is passed (a modal pane: it takes every
    click and is drawn over everything)."""

    def __init__(self, modal: bool = False) -> None:
        # the cover takes every event: a wheel or a drag under it moved the hidden table
        hidden = {"prevent_dispatch_view": {True}} if modal else {}
        super().__init__("cover" if modal else "plot", modal=modal, **hidden)
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
            said = t.prompt.line() if t.prompt is not None else t.message
            self.boxes = cover(plot.spec, t.view_w, t.view_h, said)
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

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool:
        return self.modal  # the cover's: taken (the log under it scrolled)

    def on_mouse_drag(self, x: float, y: float, *args: object) -> bool:
        return self.modal
