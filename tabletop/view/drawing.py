"""Drawing the table view: the layers rebuilt from the state when it changes, the
labels in screen space, the HUD's panes laid out; a frame draws what is cached.

It serves :class:`tabletop.view.table.TableView`, which hands itself over: the drawing
reads it as a :class:`Drawn`, the helpers' :class:`~tabletop.view.host.Host` with the
panes it lays out.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, Protocol

import arcade
import numpy as np
import pyglet

from tabletop.common.errors import TabletopError
from tabletop.geometry.angles import wrap
from tabletop.geometry.motion import along, end_pose
from tabletop.view import computer, uidump
from tabletop.view import scene as sc
from tabletop.view.bar import ActionBar, ToolStrip
from tabletop.view.batch import Layer
from tabletop.view.cards import CardPane, HoverPane
from tabletop.view.host import Host
from tabletop.view.logbook import LogPane
from tabletop.view.marks import damage_scene, fan_scene
from tabletop.view.offers import taken
from tabletop.view.panes import PlotPane, RulingPane, StatusPane
from tabletop.view.plotting import plot_scene
from tabletop.view.sidepanes import HelpPane
from tabletop.view.underlay import Underlay

TWEEN = 0.6  # seconds an action's movement takes on screen
WON = (250, 210, 90, 255)  # the battle's end, written across the table
#: A label's halo: copies a pixel to each side, behind it, in a contrasting shade, so
#: that a grid line under a name ("serieuse" across the 70 cm line) does not cut it.
HALO = ((1, 0), (-1, 0), (0, 1), (0, -1))


def halo(color: Any) -> tuple[int, int, int, int]:
    """The halo's shade for text of ``color``: the sea's dark blue under light text, a
    pale sand under dark (a land's name on the land), at the text's own opacity."""
    r, g, b, *a = color
    light = 0.299 * r + 0.587 * g + 0.114 * b > 128
    return (*((16, 30, 52) if light else (235, 225, 200)), a[0] if a else 255)


class Drawn(Host, Protocol):
    """The view as its drawing sees it: the helpers' host, and the panes it lays out."""

    @property
    def status_pane(self) -> StatusPane: ...
    @property
    def ruling_pane(self) -> RulingPane: ...
    @property
    def log_pane(self) -> LogPane: ...
    @property
    def bar(self) -> ActionBar: ...
    @property
    def plot_pane(self) -> PlotPane: ...
    @property
    def cover(self) -> PlotPane: ...
    @property
    def tools(self) -> ToolStrip: ...
    @property
    def card_pane(self) -> CardPane: ...
    @property
    def help_pane(self) -> HelpPane: ...
    @property
    def hover_pane(self) -> HoverPane: ...


class TableDrawing:
    """What the view draws, and when it is rebuilt."""

    def __init__(self, view: Drawn) -> None:
        self.view = view
        self.table_layer = Layer(view.window)
        self.overlay_layer = Layer(view.window)
        self.damage_layer = Layer(view.window)  # masts, fire, colours, grapples
        self.damage = sc.Scene()
        self.interact_layer = Layer(view.window)  # the move being built, the ruler: often
        self.labels = pyglet.graphics.Batch()  # the table's labels
        self._labels: list[arcade.Text] = []
        self.over_labels = pyglet.graphics.Batch()  # the overlays' labels
        self._over: list[arcade.Text] = []
        self._halos: list[arcade.Text] = []  # held: a Text let go leaves its batch
        self._over_halos: list[arcade.Text] = []
        # the table's names and the things they name, on screen: the overlays' keep clear
        self._taken: tuple[list[Rect], list[Rect]] = ([], [])
        self._pinned: list[arcade.Text] = []  # the rulers' figures (see _hide_under_panes)
        self._table_scenes: list[sc.Scene] = []
        self._overlay_scenes: list[sc.Scene] = []
        self._interact_scenes: list[sc.Scene] = []
        self.underlay = Underlay(view.window)  # the scenario's photo, under the grid
        self._card_state: Any = None  # the game state the cards were read in
        self._cards_now: dict[str, Any] = {}

    def _refused(self, ship: str) -> Callable[[str, str], bool] | None:
        """Whether the engine would refuse her shot at an enemy with an arc's guns now,
        on her side's turn (her chasers fired: no broadside; afoul of another; her guns
        silenced): those lines are grey, not green as the table's geometry had them.
        Once the battle is over every shot is refused, so every line is grey."""
        game = self.view.session.game if self.view.session is not None else None
        if game is not None and game.state.winner:
            return lambda e, arc: True
        if game is None or game.state.side_of(ship) != game.state.active_side:
            return None
        st, rs = game.state, game.state.scenario.ruleset
        return lambda e, arc: not taken(st, f"{rs.look.fire_verb(arc)} {ship} {e}")  # kept a state

    def overlay_scenes(self) -> list[sc.Scene]:
        scn = self.view.scenario
        out: list[sc.Scene] = []
        if scn is None:
            return out
        sel = self.view.selected
        if self.view.ruling is None and "every_arc" in self.view.overlays:
            out.append(sc.arcs_scene(scn, bands="bands" in self.view.overlays))
        elif self.view.ruling is None and sel and self.view.overlays & {"arcs", "bands"}:
            out.append(sc.arcs_scene(scn, bands="bands" in self.view.overlays, only=sel))
        if sel is not None:
            if "sectors" in self.view.overlays:
                out.insert(0, sc.sectors_scene(scn, sel))
            if "lof" in self.view.overlays and scn.ruleset.caps.has_gunnery:
                side = scn.ship(sel).side
                gone = self.view.session.struck if self.view.session is not None else {}
                enemies = [] if sel in gone else [  # struck, she fires at no one
                    s.id for s in scn.ships if s.side != side and s.id not in gone
                ]
                out.append(sc.lof_scene(scn, sel, enemies, self._refused(sel)))
            if "fan" in self.view.overlays and self.view.fan is not None:
                hexes = scn.ruleset.look.hex_overlay(scn) is not None
                upp = 1.0 / self.view.px_per_unit
                fan = self.view.fan
                out.append(sc.hex_fan_scene(scn, fan) if hexes else fan_scene(scn, fan, upp))
            out.append(sc.hexes_scene(scn, sel))
            hl = sc.Scene()
            hl.lines.append(sc.Line(scn.ship(sel).base_corners(), sc.SELECT, 3.0, closed=True))
            out.append(hl)
        if self.view.drill is not None:
            out.insert(0, sc.drill_scene(self.view.drill.course))
        if self.view.plot is not None and self.view.plot.shown and self.view.foresight is not None:
            f = self.view.foresight
            out.append(plot_scene(scn, f.poses, f.meets, self.view.plot.spec.slots))
        if self.view.ruling is not None:
            try:
                out.append(sc.ruling_scene(scn, *self.view.ruling))
            except TabletopError as e:
                self.view.say(str(e), error=True)
        game = self.view.session.game if self.view.session is not None else None
        if game is not None and game.state.winner:  # the end, across the table's head
            won = sc.Scene()  # (said in the status line alone; at the middle, on ships)
            st = game.state
            said = "drawn" if st.winner == "draw" else f"the {st.winner} have won"
            text = f"{said} (turn {st.final_turn})"
            won.labels.append(sc.Label(scn.width / 2, 0.9 * scn.depth, text, WON, 22))
            out.append(won)
        return out

    def interact_scenes(self) -> list[sc.Scene]:
        scn = self.view.scenario
        out: list[sc.Scene] = []
        if scn is None:
            return out
        if self.view.selected is not None and self.view.move is not None:
            out.append(sc.move_scene(scn, self.view.selected, self.view.move))
        ruler = self.view.ruler
        if ruler is not None and ruler.a is not None and ruler.b is not None:
            out.append(sc.ruler_scene(scn, ruler.a, ruler.b))
        return out

    def rebuild(self) -> None:
        """Rebuild whatever is out of date (called before a frame; cheap when nothing is)."""
        scn = self.view.scenario
        upp = 1.0 / self.view.px_per_unit
        if "table" in self.view._dirty:
            shown = self._tweened(scn) if scn is not None else None
            session = self.view.session
            if shown is not None and session is not None and session.game is not None:
                # the terrain the captain at the screen knows: a hidden shoal is drawn
                # for the side that charted it, and for all once a ship has found it
                known = session.game.state.seen_by(self._at_screen()).scenario.terrain
                if len(known) != len(shown.terrain):
                    shown = replace(shown, terrain=known)
            struck = session.struck if session is not None else {}
            notes = session.notes if session is not None else {}
            self._table_scenes = (
                sc.table_scenes(shown, upp, struck, notes) if shown is not None else []
            )
            self.table_layer.build(self._table_scenes, upp)
            if (note := self.underlay.follow(scn)) is not None:
                self.view.say(note, error=True)
            # the damage over the overlays: a selected ship's wedges washed out her fire
            cards = self._cards()
            self.damage = sc.Scene() if shown is None else damage_scene(shown, cards, struck, upp)
            self.damage_layer.build([self.damage], upp)
        if "overlay" in self.view._dirty:
            self._overlay_scenes = self.overlay_scenes()
            self.overlay_layer.build(self._overlay_scenes, upp)
        if "interact" in self.view._dirty:
            self._interact_scenes = self.interact_scenes()
            self.interact_layer.build(self._interact_scenes, upp)
        # the panes first: the rulers' figures keep clear of them as they are now (laid
        # out after, they kept clear of a plotting panel just closed, 40 px up the table)
        if self.view._dirty & {"hud", "overlay", "interact"}:
            self.build_panes()
        elif "labels" in self.view._dirty:  # panned or zoomed: the ship in use may
            self.place_beside()  # have come under the card or the log
        elif "hover" in self.view._dirty:  # the pointer on another ship: her card alone,
            self.view.hover_pane.build()  # no layout written (tools/xplay.py took one
            # written for a move of the pointer for its click's, and clicked again)
        # the table's labels (grid figures, names) only when the table or the view moves;
        # the overlays' own (ranges, bearings) whenever they change
        if self.view._dirty & {"labels", "table"}:
            self._pinned = []
            self.labels, self._labels, self._halos = self._build_labels(self._table_scenes)
        if self.view._dirty & {"labels", "table", "overlay", "interact"}:
            self.over_labels, self._over, self._over_halos = self._build_labels(
                [*self._overlay_scenes, *self._interact_scenes], self._taken
            )
        if self.view._dirty & {"hud", "overlay", "interact", "labels", "table", "hover"}:
            self._hide_under_panes()
        self.view._dirty.clear()

    def _hide_under_panes(self) -> None:
        """A ruler's figure that would lie under a pane is left out (zoomed in, "120" lay
        half hidden under the log, "90" under the status); so is a table's name any part
        of which would (the wind's, cut by the card at 800 px; a ship's, showing faintly
        through the card of the ship pointed at), with its halo."""
        v = self.view
        panes = [p for p in (v.status_pane, v.log_pane, v.ruling_pane, v.card_pane, v.help_pane,
                             v.hover_pane) if p.enabled]  # fmt: skip
        for t in self._pinned:
            t.visible = not any(p.left <= t.x <= p.right and p.bottom <= t.y <= p.top
                                for p in panes)  # fmt: skip
        pinned = {id(t) for t in self._pinned}
        named = [t for t in self._labels if id(t) not in pinned]  # each with 4 halos, in order
        for k, t in enumerate(named):
            x0 = t.x - t.content_width * {"left": 0.0, "right": 1.0}.get(t.anchor_x, 0.5)
            box = (x0, x0 + t.content_width, t.y - t.content_height / 2, t.y + t.content_height / 2)
            shown = not any(_meet(box, (p.left, p.right, p.bottom, p.top)) for p in panes)
            if t.visible != shown:  # (a text shown again is laid out anew: only on change)
                for u in (t, *self._halos[len(HALO) * k : len(HALO) * (k + 1)]):
                    u.visible = shown

    def build_panes(self) -> None:
        """Lay out the HUD's panes from the state: the status at the top (the help under
        it), the card and the log in the column at the right, the foot's panes."""
        v = self.view
        v.status_pane.build()
        v.help_pane.build(v.status_pane.bottom)
        below = v.help_pane.bottom if v.help_pane.enabled else v.status_pane.bottom
        v.ruling_pane.build(min(v.view_h - 44, below))  # the ruling under them (it lay on them)
        v.cover.build()
        v.plot_pane.build()
        v.tools.build()
        v.bar.build()
        self.place_beside()
        uidump.dump(v)

    def place_beside(self) -> None:
        """The panes beside the table, placed clear of the ship in use (again after a
        pan or a zoom: each lays itself out anew only when its place changes)."""
        v = self.view
        top = v.status_pane.bottom - 4
        if v.show_help:  # the help's sheet over all: the log below it, no card
            v.card_pane.enabled = False
            top = v.help_pane.bottom - 4
        else:
            v.card_pane.build(top)
        if v.card_pane.enabled and v.card_pane.right > v.view_w - v.log_width:
            top = v.card_pane.bottom - 6  # the log under the card, in their column
        above = max(v.bar.top_edge, 32.0)  # over the bar and the strip...
        plot = v.plot_pane
        if plot.enabled and plot.right > v.view_w - v.log_width:
            above = max(above, plot.top)  # ...and the plotting panel, where it reaches
        v.log_pane.build(above + 8, min(v.view_h - 110.0, top))
        v.hover_pane.build()

    def _build_labels(
        self, scenes: list[sc.Scene], taken: tuple[list[Rect], list[Rect]] | None = None
    ) -> tuple[pyglet.graphics.Batch, list[arcade.Text], list[arcade.Text]]:
        """The scenes' labels as one text batch, placed on screen (labels keep their size
        at any zoom, so they are laid in screen space); names beside things avoid each
        other and the screen boxes ``taken``, names and things (:func:`place_names`; the
        overlays' avoid the table's names and ships); those on the table have a halo
        (:data:`HALO`), the copies returned apart from the labels."""
        batch = pyglet.graphics.Batch()
        back, front = pyglet.graphics.Group(order=0), pyglet.graphics.Group(order=1)
        texts = []
        for scene in scenes:
            for lb in scene.labels:
                x, y = self.view.to_screen(np.array([lb.x, lb.y]))
                texts.append(
                    arcade.Text(lb.text, float(x), float(y), lb.color, lb.size,
                                anchor_x=lb.anchor, anchor_y="center", batch=batch,
                                group=front)  # fmt: skip
                )
        labels = [lb for scene in scenes for lb in scene.labels]
        px = self.view.px_per_unit
        # a land's name too wide for it at this zoom goes beside it, as a ship's name does:
        # written across the island, "Isle Madame" ran out dark over the dark sea
        spill = {id(lb) for lb, t in zip(labels, texts, strict=True)
                 if lb.fit > 0 and t.content_width > lb.fit * px}  # fmt: skip
        names = [(lb, t) for lb, t in zip(labels, texts, strict=True)
                 if lb.clear > 0 or id(lb) in spill]  # fmt: skip
        for lb, t in names:
            if id(lb) in spill:
                t.color = lb.outside
        items = [(t.x, t.y, (lb.clear or lb.fit / 2) * px, t.content_width, t.content_height,
                  (lb.tall or lb.clear or lb.fit / 2) * px) for lb, t in names]  # fmt: skip
        spots = place_names(items, *(taken or ([], [])))
        if taken is None:  # the table's: what the overlays' names must keep clear of
            self._taken = (
                [_box(x, y, w / 2, h / 2) for (x, y), (*_, w, h) in zip(spots, items, strict=True)],
                [_box(x, y, it[2], it[-1]) for it in items],
            )
        for (_, t), (x, y) in zip(names, spots, strict=True):
            t.position = (x, y)
        v = self.view
        low, high = 46.0, v.view_h - 20.0 * 4  # clear of the foot's bar and the status
        if v.plot_pane.enabled:  # ...and of the plotting panel (figures lay on its words)
            low = max(low, v.plot_pane.top + 10.0)
        left, right = 14.0, v.view_w - v.log_width - 14.0
        for lb, t in zip(labels, texts, strict=True):  # the rulers stay in sight, zoomed in
            if lb.pin == "x":
                t.y = min(max(t.y, low), high)
            elif lb.pin == "y":
                t.x = min(max(t.x, left), right)
            if lb.pin:
                self._pinned.append(t)
        for t in texts:  # on whole pixels: placed between two, a 9 pt "i" blurred its dot
            t.position = (round(t.x), round(t.y))  # into its stem ("serleuse")
        halos = [
            arcade.Text(t.text, t.x + dx, t.y + dy, halo(t.color), lb.size,
                        anchor_x=lb.anchor, anchor_y="center", batch=batch, group=back)
            for lb, t in zip(labels, texts, strict=True)
            if not lb.pin  # over the table: a halo keeps it legible across grid lines
            for dx, dy in HALO
        ]  # fmt: skip
        return batch, texts, halos

    def on_draw(self) -> bool:
        try:
            self.rebuild()
        except Exception as e:  # a fault in drawing must not close the window: the game
            self.view._dirty.clear()  # is kept to be saved, what was drawn stays drawn
            traceback.print_exc()
            self.view.say(f"drawing failed ({type(e).__name__}: {e}); the game is kept: "
                          "save it (Ctrl+S) and report this", error=True)  # fmt: skip
        self.view.clear()
        if self.view.plot is not None and not self.view.plot.shown:
            return True  # the screen is being passed: the cover alone
        with self.view.camera.activate():
            self.table_layer.draw(self._photo())
            self.overlay_layer.draw()
            self.damage_layer.draw()
            self.interact_layer.draw()
        self.labels.draw()
        self.over_labels.draw()
        return True

    def _photo(self) -> Callable[[], None] | None:
        """The scenario's photo to draw under the grid, where it is shown (key 6)."""
        scn = self.view.scenario
        if scn is None or scn.photo is None or not self.underlay.placed:
            return None
        opacity = scn.photo.opacity
        return (lambda: self.underlay.draw(opacity)) if "photo" in self.view.overlays else None

    def _cards(self) -> dict[str, Any]:
        """Every ship's card as her rules draw it (her masts, fire, the ships she is fast
        to), read once for each state of the game (an action's movement on screen
        redraws the table every frame)."""
        game = self.view.session.game if self.view.session is not None else None
        if game is None:
            return {}
        if self._card_state is not game.state:
            look = game.state.scenario.ruleset.look
            self._cards_now = {s.id: look.card(game.state, s.id) for s in game.state.ships}
            self._card_state = game.state
        return self._cards_now

    def _at_screen(self) -> str | None:
        """The side whose captain has the screen: the side plotting, once it is passed
        to it; the one human against the computer; else None (two at the screen)."""
        plot = self.view.plot
        if plot is not None and plot.shown:
            return plot.spec.side
        return computer.lone_human(self.view)

    def _tweened(self, scn: Any) -> Any:
        """The table as drawn: while an action's movement plays out, each ship part of
        the way from where she was to where she is: along her move's path where it is
        known and ends where she is (a move cut short by a collision, or a drift, goes
        straight there)."""
        if self.view._tween is None:
            return scn
        before, t, paths = self.view._tween
        f = min(1.0, t / TWEEN)
        ships = []
        for s in scn.ships:
            a, b = before.get(s.id), s.pose
            if a is None or a == b:
                ships.append(s)
                continue
            path = paths.get(s.id)
            if path and _same(path[0], a) and _same(end_pose(path[0], list(path[1])), b):
                ships.append(s.moved(along(path[0], path[1], f)))
                continue
            turn = (b.heading - a.heading + 180.0) % 360.0 - 180.0
            x, y = a.x + f * (b.x - a.x), a.y + f * (b.y - a.y)
            ships.append(s.moved(type(b)(x, y, (a.heading + f * turn) % 360.0)))
        return replace(scn, ships=tuple(ships))


Rect = tuple[float, float, float, float]


def _same(a: Any, b: Any) -> bool:
    """Whether two poses are one (to a hundredth of a unit, and of a degree)."""
    turn = abs(wrap(a.heading - b.heading))
    return abs(a.x - b.x) < 0.01 and abs(a.y - b.y) < 0.01 and turn < 0.01


def place_names(
    items: Sequence[tuple[float, ...]],
    names: list[Rect] | None = None,
    things: list[Rect] | None = None,
) -> list[tuple[float, float]]:
    """Screen centres for names, each ``(x, y, clear, w, h[, tall])``: a thing at (x, y)
    reaching ``clear`` pixels across and ``tall`` up and down (``clear`` where not given)
    and a name ``w`` by ``h``.  Each name takes the first of below, above,
    right, left of its thing whose box meets no name placed before it and no other thing
    (a name lying on another ship reads as hers: a Frigate game put "ville-de-nantes"
    under jason), then the same a line and a half further out; when every spot meets
    something, the one meeting least, a name counting twice a thing (text on text cannot
    be read; on a ship's outline, behind its halo, it can), nearest and below first.
    Greedy, in order, as a map maker would.  ``names``, ``things``: boxes placed before
    (another layer's), kept clear of alike.  A name keeps a line's height clear of
    another name beside it (2 px above and below): two ghosts' "I–II" and "V" placed
    edge to edge read as one label, "I–II V"."""
    about: list[Rect] = [_box(it[0], it[1], it[2], it[-1] if len(it) > 5 else it[2])
                         for it in items] + list(things or [])  # fmt: skip
    placed: list[Rect] = list(names or [])
    out = []
    for x, y, clear, w, h, *more in items:
        tall = more[0] if more else clear
        spots = []
        for step in (4, 4 + 1.5 * h):  # a step further out, if all else meets
            up, side = tall + step, clear + step
            spots += [(x, y - up - h / 2), (x, y + up + h / 2),
                      (x + side + w / 2, y), (x - side - w / 2, y)]  # fmt: skip
        boxes = [_box(cx, cy, w / 2, h / 2) for cx, cy in spots]
        apart = [(a[0] - h, a[1] + h, a[2] - 2, a[3] + 2) for a in boxes]
        met = [
            2 * sum(_meet(p, b) for b in placed) + sum(_meet(a, b) for b in about)
            for a, p in zip(boxes, apart, strict=True)
        ]
        k = met.index(min(met))
        cx, cy = spots[k]
        placed.append(boxes[k])
        out.append((float(cx), float(cy)))
    return out


def _box(x: float, y: float, half_w: float, half_h: float) -> Rect:
    return (x - half_w, x + half_w, y - half_h, y + half_h)


def _meet(a: Rect, b: Rect) -> bool:
    return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]
