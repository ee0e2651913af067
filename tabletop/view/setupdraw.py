"""Drawing the set-up: the table as the play window draws it (its scenes and vertex
layers, :func:`~tabletop.view.scene.table_scenes`), what the active tool draws over it,
and the ships flagged (bases overlapping, a centre off the table) outlined in magenta.

The sea is a layer of its own, so that what a tool lays under the ships (a photo of
the real table) is drawn between the sea and the terrain: a tool with a
``draw_under(desk)`` method is called there, inside the table's camera.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import arcade
import numpy as np
import pyglet

from tabletop.common.errors import TabletopError
from tabletop.drill.course import course_from_scenario
from tabletop.game.setup import table_flags
from tabletop.view import scene as sc
from tabletop.view.batch import Layer
from tabletop.view.drawing import HALO, halo, place_names
from tabletop.view.setuphost import Desk

FLAGGED: sc.Color = (255, 60, 220, 255)  # magenta: no side's colour


class SetupDrawing:
    """The set-up's layers and labels, rebuilt when what they show changes."""

    def __init__(self, desk: Desk) -> None:
        self.desk = desk
        self.sea = Layer(desk.window)
        self.ground = Layer(desk.window)  # the terrain and the ships
        self.over = Layer(desk.window)  # the tool's, the flags
        self.labels = pyglet.graphics.Batch()
        self._texts: list[arcade.Text] = []  # held: a Text let go leaves its batch
        self._scenes: list[sc.Scene] = []

    def table(self) -> Any:
        """The table as drawn: the ships being dragged where the pointer has them."""
        t = self.desk.table
        ghosts = self.desk.ghosts
        if not ghosts:
            return t
        return replace(t, ships=tuple(s.moved(ghosts[s.id]) if s.id in ghosts else s
                                      for s in t.ships))  # fmt: skip

    def rebuild(self, dirty: set[str]) -> None:
        d = self.desk
        upp = 1.0 / d.px_per_unit
        shown = self.table()
        if "table" in dirty:
            self._scenes = sc.table_scenes(shown, upp) + self.course(shown)
            self.sea.build(self._scenes[:1], upp)
            self.ground.build(self._scenes[1:], upp)
        if dirty & {"table", "overlay"}:
            over = [self.flagged(shown)]
            tool = d.tools[d.tool].scene(d)
            if d.tool != "arrange":  # the selection stays outlined under another tool
                arranged = d.tools["arrange"].scene(d)
                over += [arranged] if arranged is not None else []
            over += [tool] if tool is not None else []
            self.over.build(over, upp)
        if dirty & {"table", "labels"}:
            self.labels, self._texts = self._labels(self._scenes)

    @staticmethod
    def course(scn: Any) -> list[sc.Scene]:
        """A practice table's mark and laylines, as the drill draws them (the set-up
        showed no mark, and a referee moved the start blind to where it lay); none
        where there is no mark, or one the drill could not sail to (the drill says why
        when it is played)."""
        if "mark" not in scn.options:
            return []
        try:
            return [sc.drill_scene(course_from_scenario(scn))]
        except TabletopError:
            return []

    @staticmethod
    def flagged(scn: Any) -> sc.Scene:
        """Every ship a flag names, her base outlined in magenta."""
        out = sc.Scene()
        named = {sid for ids, _ in table_flags(scn) for sid in ids}
        for s in scn.ships:
            if s.id in named:
                out.lines.append(sc.Line(s.base_corners(), FLAGGED, 3.0, closed=True))
        return out

    def _labels(self, scenes: list[sc.Scene]) -> tuple[pyglet.graphics.Batch, list[arcade.Text]]:
        """The scenes' labels on screen: names placed beside what they name, clear of
        each other (the play window's :func:`place_names`), the edge rulers' figures
        kept in sight, each over a halo."""
        d = self.desk
        batch = pyglet.graphics.Batch()
        back, front = pyglet.graphics.Group(order=0), pyglet.graphics.Group(order=1)
        labels = [lb for s in scenes for lb in s.labels]
        texts = []
        for lb in labels:
            x, y = d.to_screen(np.array([lb.x, lb.y]))
            texts.append(arcade.Text(lb.text, float(x), float(y), lb.color, lb.size,
                                     anchor_x=lb.anchor, anchor_y="center", batch=batch,
                                     group=front))  # fmt: skip
        px = d.px_per_unit
        named = [(lb, t) for lb, t in zip(labels, texts, strict=True) if lb.clear > 0]
        items = [(t.x, t.y, lb.clear * px, t.content_width, t.content_height,
                  (lb.tall or lb.clear) * px) for lb, t in named]  # fmt: skip
        for (_, t), (x, y) in zip(named, place_names(items), strict=True):
            t.position = (x, y)
        low, high = 46.0, d.view_h - 80.0
        left, right = 14.0, d.view_w - d.form_pane.width - 14.0
        for lb, t in zip(labels, texts, strict=True):
            if lb.pin == "x":
                t.y = min(max(t.y, low), high)
            elif lb.pin == "y":
                t.x = min(max(t.x, left), right)
            t.position = (round(t.x), round(t.y))
        halos = [
            arcade.Text(t.text, t.x + dx, t.y + dy, halo(t.color), lb.size, anchor_x=lb.anchor,
                        anchor_y="center", batch=batch, group=back)
            for lb, t in zip(labels, texts, strict=True)
            if not lb.pin
            for dx, dy in HALO
        ]  # fmt: skip
        return batch, texts + halos

    def draw(self, under: list[Callable[[Desk], None]]) -> None:
        """The sea, what the tools lay under the table, the terrain and ships, the
        tools' and the flags' marks; then the labels, in screen space."""
        with self.desk.camera.activate():
            self.sea.draw()
            for draw_under in under:
                draw_under(self.desk)
            self.ground.draw()
            self.over.draw()
        self.labels.draw()
