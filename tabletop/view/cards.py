"""The ship cards: the selected ship's beside the table, and the card of the ship under
the pointer beside her.  Each is her record sheet drawn (:mod:`tabletop.view.sheets`)
under her name, with her point of sail and allowance above (the selected ship's), the
figures her sheet says in words, her state (struck, grappled with whom ...) and what
this turn has cost her, in the alarm colour, below.

The window stays ruleset-blind: the tracks come from ``rs.look.card``.  What she has
lost is measured from the state as the side now to play began its turn.
"""

from __future__ import annotations

from typing import Any

import arcade

from tabletop.game.report import condition_line, ship_card, ship_report
from tabletop.referee.rulings import sail, sail_text
from tabletop.rules.types import Card
from tabletop.view import computer
from tabletop.view.batch import Layer
from tabletop.view.panes import (
    ERROR_COLOUR,
    HUD_COLOUR,
    STATUS_H,
    STATUS_SHADE,
    Colour,
    Pane,
    char_width,
    unready,
    wrapped,
)
from tabletop.view.scene import Scene
from tabletop.view.sheets import TextPool, lost_words, plan, warm
from tabletop.view.sidepanes import Rect, base_box, clear_of, in_use, meets

CARD_W = 260.0  # the card's column: the log's, where the window is wide enough
HOVER_W = 260.0
LINE = 15.0  # a row of words (a block of rows laid out at once is this apart)


class Sheeted(Pane):
    """A pane that draws a card: words above and below her sheet's boxes."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.shade = STATUS_SHADE
        self.layer: Layer | None = None
        self.drawn: Card | None = None  # the card whose boxes are drawn now, if any
        self.scene: Scene | None = None  # its boxes as drawn, in the window's pixels
        self.pool = TextPool()  # the sheet's words

    def show(
        self, where: Rect | None, top: Any, card: Any, sheet: Any, bottom: Any, height: float
    ) -> None:
        """Laid out at ``where`` (None: hidden), unless it stands so already."""
        if self.same((tuple(top), card, tuple(bottom), where)) and self.enabled == bool(where):
            return
        self.fresh()
        self.drawn = card if where is not None else None
        if where is None:
            self.enabled = False
            return
        self.make(where, top, sheet, bottom, height)

    def lay(
        self, head: list[tuple[str, Colour]], card: Card | None,
        foot: list[tuple[str, Colour]], width: float,
    ) -> tuple[list[tuple[str, Colour]], Any, list[tuple[str, Colour]], float]:  # fmt: skip
        """The rows of words above and below, wrapped to the width, the sheet's plan,
        and the pane's height."""
        chars = int((width - 16) / (1.1 * char_width()))
        top, bottom = wrapped(head, chars), wrapped(foot, chars)
        sheet = plan(card, width - 16) if card is not None else None
        boxes = sheet.height + 4 if sheet is not None and sheet.height else 0.0
        return top, sheet, bottom, 8.0 + LINE * (len(top) + len(bottom)) + boxes

    def make(self, where: Rect, top: list[tuple[str, Colour]], sheet: Any,
             bottom: list[tuple[str, Colour]], height: float) -> None:  # fmt: skip
        """Make what was laid out, at ``where`` (left, right, bottom, top): the words
        above and below in a block for each run of one colour (a text laid out costs a
        quarter of a millisecond or more, however short), the sheet's from the pool."""
        x, y = where[0] + 8, where[3] - 4
        y = self._rows(top, x, y, where[1] - where[0] - 16)
        self.pool.release()
        self.scene = None
        if sheet is not None and sheet.height:
            texts, self.scene = sheet.make(x, y - 2, self.pool)
            self.texts += texts
            y -= sheet.height + 4
        self._rows(bottom, x, y, where[1] - where[0] - 16)
        if self.layer is None:
            self.layer = Layer(self.table.window)
        self.layer.build([self.scene] if self.scene is not None else [], 1.0)
        self.place(where[0], where[2], where[1] - where[0], height)

    def _rows(self, rows: list[tuple[str, Colour]], x: float, y: float, width: float) -> float:
        """Rows of words from ``y`` down, a row a line; where the next begins."""
        i = 0
        while i < len(rows):
            j = i + 1
            while j < len(rows) and rows[j][1] == rows[i][1]:
                j += 1
            block = "\n".join(r for r, _ in rows[i:j])
            self.texts.append(arcade.Text(block, x, y - LINE * i, rows[i][1], 9,
                                          multiline=True, width=int(width), anchor_y="top",
                                          batch=self.batch))  # fmt: skip
            i = j
        return y - LINE * len(rows)

    def on_draw(self) -> None:
        """The shade, the boxes over it, the words (the boxes' letters) over them."""
        arcade.draw_lrbt_rectangle_filled(self.left, self.right, self.bottom, self.top, self.shade)
        if self.layer is not None:
            self.layer.draw()
        self.batch.draw()
        self.pool.batch.draw()


class CardPane(Sheeted):
    """The selected ship's card, at the head of the log's column (or at the left where
    she lies under it): her sail line, her name, her sheet, the rest in words."""

    def __init__(self) -> None:
        super().__init__("card")
        warm()
        #: each ship's condition when her side's turn began: (whose turn, conditions)
        self._turn_cards: tuple[Any, dict[str, str]] = (None, {})
        self._turn_state: Any = None  # the game's state then

    def build(self, below: float) -> None:
        t = self.table
        ship = t.selected if t.session is not None else None
        head, card, foot = self.parts(ship) if ship else ([], None, [])
        width = CARD_W if t.log_width else min(CARD_W, t.view_w / 3)
        top, sheet, bottom, height = self.lay(head, card, foot, width)
        right = (t.view_w - width, t.view_w, below - height, below)
        shown = bool(top or bottom)
        where = clear_of(t, right, (0.0, width, below - height, below)) if shown else None
        self.show(where, top, card, sheet, bottom, height)

    def parts(self, ship: str) -> tuple[list[tuple[str, Colour]], Card | None,
                                        list[tuple[str, Colour]]]:  # fmt: skip
        """Her card's words above her sheet (her sail line, her name), the sheet (None
        where her rules keep no boxes: her figures are then said in words), and the
        words below: the figures her sheet says in words, her state, her orders, and
        what she has lost since her side's turn began."""
        t = self.table
        head = [(sail_text(sail(t.scenario, ship), unready(t), t.session.left(ship)), HUD_COLOUR)]
        rows = self.card_lines(ship)
        if not rows:
            return head, None, []
        card = self.sheet(ship)
        drawn = card is not None and bool(card.tracks or card.batteries)
        name, _, figures = rows[0][0].partition(": ")
        head.append((name if drawn else rows[0][0], HUD_COLOUR))
        foot: list[tuple[str, Colour]] = []
        if drawn and card is not None and card.figures:
            foot.append(("  " + " · ".join(f"{k} {v}" for k, v in card.figures), HUD_COLOUR))
        foot += [r for r in rows[1:] if r[1] != ERROR_COLOUR]
        alarm = [r for r in rows[1:] if r[1] == ERROR_COLOUR]
        lost = lost_words(card) if drawn and card is not None else ""
        if lost:  # the boxes say it; the words say how many
            foot.append((f"  lost since {self._whose(ship)} began to play: {lost}", ERROR_COLOUR))
        else:
            foot += alarm
        return head, card if drawn else None, foot

    def lines(self, ship: str) -> list[tuple[str, Colour]]:
        """Her card's words, her sheet's boxes left out (what a reader of the pane
        reads besides the picture)."""
        head, _, foot = self.parts(ship)
        return head + foot

    def sheet(self, ship: str) -> Card | None:
        """Her card from her rules, the boxes lost since her side's turn began marked."""
        game = self.table.session.game if self.table.session is not None else None
        if game is None:
            return None
        self.card_lines(ship)  # the turn's start, taken if it is new
        look = game.state.scenario.ruleset.look
        return look.card(game.state, ship, self._turn_state)  # type: ignore[no-any-return]

    def card_lines(self, ship: str) -> list[tuple[str, Colour]]:
        """Her ship card; what changed since her side's turn began, in the alarm colour."""
        t = self.table
        game = t.session.game if t.session is not None else None
        if game is None:
            return []
        st = game.state
        seen, key = self._turn_cards[0], (t.session, st.turn, st.active)  # not its id
        if seen is None or seen[0] is not t.session or seen[1:] != key[1:]:  # a new turn
            self._turn_cards = (key, {s.id: self._condition(s.id) for s in st.ships})
            self._turn_state = st
        out = [(line, HUD_COLOUR) for line in self.card(ship)]
        then = self._turn_cards[1].get(ship)
        if then is not None and then != self._condition(ship):
            was = then.split(": ", 1)[-1]  # this side's turn, or its part (a segment)
            out.append((f"  as {self._whose(ship)} began to play: {was}", ERROR_COLOUR))
        return out

    def _whose(self, ship: str) -> str:
        """The side whose turn began: hers, or the enemy's (named)."""
        st = self.table.session.game.state
        return "her side" if st.side_of(ship) == st.active_side else f"the {st.active_side}"

    def _condition(self, ship: str) -> str:
        """Her card's figures less where she lies and what she declared (``condition_line``)."""
        return condition_line(ship_report(self.table.session.game.state, ship, None))

    def card(self, ship: str) -> list[str]:
        """Her card as its viewer may see it: the plotting side while it plots, the lone
        human against the computer, else all (secret orders shown as far as revealed)."""
        t = self.table
        state = t.session.game.state
        with_ = tuple(b if a == ship else a for a, b in state.grappled if ship in (a, b))
        viewer = t.plot.spec.side if t.plot is not None and t.plot.shown else None
        viewer = viewer or computer.lone_human(t)
        return ship_card(ship_report(state, ship, viewer), with_)


class HoverPane(Sheeted):
    """The card of the ship under the pointer, beside her (her name, her sheet, her
    state): a look at any ship without selecting her.  None over the selected ship,
    whose card is shown already, nor over the help or a covered table."""

    def __init__(self, cards: CardPane) -> None:
        super().__init__("hover")
        self.cards = cards
        self.ship: str | None = None

    def point(self, x: float, y: float) -> None:
        """The pointer moved: the ship under it now, if another, and the pane again."""
        t = self.table
        covered = t.show_help or (t.plot is not None and not t.plot.shown) or t._drag
        ship = None if covered or t.session is None else t.ship_at(x, y)
        if ship != self.ship:
            self.ship = ship
            t._dirty.add("hover")

    def build(self) -> None:
        t = self.table
        ship = self.ship if self.ship != t.selected and t.scenario is not None else None
        if ship is not None and ship not in {s.id for s in t.scenario.ships}:
            ship = None  # another game opened under the pointer
        head, card, foot = self.cards.parts(ship) if ship else ([], None, [])
        top, sheet, bottom, height = self.lay(head[1:], card, foot, HOVER_W)
        where = self._beside(ship, height) if ship and (top or bottom) else None
        self.show(where, top, card, sheet, bottom, height)

    def _beside(self, ship: str, height: float) -> Rect:
        """Beside her base on screen: right of it, else left, below or above, the first
        place inside the window (under the status, over the foot's bar) that covers
        neither her nor the selected ship (it lay on the ship in use beside her)."""
        t = self.table
        box, busy = base_box(t, ship), in_use(t)
        w, low, high = HOVER_W, 40.0, t.view_h - STATUS_H - 4
        spots = [(box[1] + 8, box[3]), (box[0] - 8 - w, box[3]),
                 (box[0], box[2] - 8), (box[0], box[3] + 8 + height)]  # fmt: skip
        places = []
        for x, top in spots:  # each as (left, right, bottom, top), kept inside the window
            x = min(max(0.0, x), t.view_w - w)
            top = min(max(top, low + height), high)
            places.append((x, x + w, top - height, top))
        clear = [p for p in places if not meets(p, box) and not meets(p, busy)]
        return (clear or places)[0]
