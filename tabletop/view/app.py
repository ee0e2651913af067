"""The table window: draws a scenario, selects ships, zooms and pans.

Shapes are batched into one ``ShapeElementList`` and one text batch, rebuilt only when
something changes (a selection, zoom, pan or a new scenario), never per frame.
"""

from __future__ import annotations

import os
from typing import Any

import arcade
import arcade.shape_list as sl
import numpy as np
import pyglet
import shapely

from tabletop.errors import TabletopError
from tabletop.view.scene import Fill, Line, Scene, ruling_scene, selection_scene, table_scene

HELP = [
    "click a ship: select (sail sectors, arcs, bands)",
    "Esc: clear selection    F: fit the table",
    "wheel: zoom    drag: pan    F1: this help",
]


def _rgba(c: tuple[int, ...]) -> tuple[int, int, int, int]:
    return (int(c[0]), int(c[1]), int(c[2]), int(c[3]) if len(c) > 3 else 255)


class TableWindow(arcade.Window):
    """One window showing one scenario; input handlers delegate to small helpers."""

    def __init__(
        self, scenario_path: str | None, width: int = 1100, height: int = 760, visible: bool = True
    ) -> None:
        super().__init__(width, height, "Tabletop", resizable=True, visible=visible)
        self.background_color = (18, 24, 32, 255)
        self.scenario: Any = None
        self.scenario_path = scenario_path
        self.selected: str | None = None
        self.ruling: tuple[str, str] | None = None
        self.message = ""
        self.show_help = False
        self.px_per_unit = 1.0
        self.origin = np.zeros(2)
        self.shapes: sl.ShapeElementList[Any] = sl.ShapeElementList()
        self.batch = pyglet.graphics.Batch()
        self.texts: list[arcade.Text] = []
        self.hud_batch = pyglet.graphics.Batch()
        self.hud: list[arcade.Text] = []
        self._drag: tuple[float, float] | None = None
        if scenario_path:
            self.load(scenario_path)
        self.rebuild()

    # -- state ---------------------------------------------------------------------
    def load(self, path: str) -> None:
        """Load a scenario; a bad file is shown as a message and the window keeps running."""
        from tabletop.data.load import load_scenario

        try:
            self.scenario = load_scenario(path)
            self.scenario_path = path
            self.selected = None
            self.message = ""
            self.fit()
        except TabletopError as e:
            self.message = f"cannot open {path}: {e}"

    def fit(self) -> None:
        if self.scenario is None:
            return
        margin = 40.0
        w, d = self.scenario.width, self.scenario.depth
        self.px_per_unit = min((self.width - 2 * margin) / w, (self.height - 2 * margin - 40) / d)
        self.origin = np.array(
            [
                -(self.width - self.px_per_unit * w) / 2 / self.px_per_unit,
                -(self.height - 40 - self.px_per_unit * d) / 2 / self.px_per_unit,
            ]
        )

    def to_screen(self, pts: np.ndarray) -> np.ndarray:
        return (np.asarray(pts, float) - self.origin) * self.px_per_unit

    def to_table(self, x: float, y: float) -> np.ndarray:
        return np.array([x, y]) / self.px_per_unit + self.origin

    def select_at(self, x: float, y: float) -> str | None:
        """The ship whose base is under the screen point, or None."""
        if self.scenario is None:
            return None
        p = shapely.Point(*self.to_table(x, y))
        for ship in self.scenario.ships:
            if ship.base_polygon().distance(p) <= 0.5 / self.px_per_unit * 4:
                return str(ship.id)
        return None

    # -- drawing -------------------------------------------------------------------
    def rebuild(self) -> None:
        self.shapes = sl.ShapeElementList()
        self.batch = pyglet.graphics.Batch()
        self.texts = []
        if self.scenario is not None:
            self._add(table_scene(self.scenario))
            if self.ruling:
                try:
                    self._add(ruling_scene(self.scenario, *self.ruling))
                except TabletopError as e:
                    self.message = str(e)
            elif self.selected:
                self._add(selection_scene(self.scenario, self.selected))
        self._hud()

    def _add(self, sc: Scene) -> None:
        for f in sc.fills:
            self._fill(f)
        for ln in sc.lines:
            self._line(ln)
        for lb in sc.labels:
            x, y = self.to_screen(np.array([lb.x, lb.y]))
            self.texts.append(
                arcade.Text(
                    lb.text,
                    float(x),
                    float(y),
                    _rgba(lb.color),
                    lb.size,
                    anchor_x="center",
                    anchor_y="center",
                    batch=self.batch,
                )
            )

    def _fill(self, f: Fill) -> None:
        pts = self.to_screen(f.points)
        tris = shapely.constrained_delaunay_triangles(shapely.Polygon(pts))
        coords = shapely.get_coordinates(shapely.get_parts(tris)).reshape(-1, 4, 2)[:, :3]
        if len(coords) == 0:
            return
        flat = [tuple(p) for p in coords.reshape(-1, 2)]
        self.shapes.append(
            sl.create_triangles_filled_with_colors(flat, [_rgba(f.color)] * len(flat))
        )

    def _line(self, ln: Line) -> None:
        pts = [tuple(p) for p in self.to_screen(ln.points)]
        if ln.closed:
            pts.append(pts[0])
        self.shapes.append(sl.create_line_strip(pts, _rgba(ln.color), ln.width))

    def _hud(self) -> None:
        self.hud_batch = pyglet.graphics.Batch()
        lines = []
        scn = self.scenario
        if scn is not None:
            lines.append(f"{scn.name}  ·  {scn.ruleset.title}  ·  {scn.units}")
            if self.selected:
                from tabletop.rulings import sail, sail_text

                lines.append(sail_text(sail(scn, self.selected)))
        if self.message:
            lines.append(self.message)
        if self.show_help:
            lines += HELP
        else:
            lines.append("F1: help")
        self.hud = [
            arcade.Text(
                t, 10, self.height - 20 - 18 * i, (240, 240, 240, 255), 11, batch=self.hud_batch
            )
            for i, t in enumerate(lines)
        ]

    def on_draw(self) -> None:
        self.clear()
        self.shapes.draw()
        self.batch.draw()
        self.hud_batch.draw()

    # -- input ---------------------------------------------------------------------
    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        hit = self.select_at(x, y)
        if hit is not None:
            self.selected = hit
            self.rebuild()
        else:
            self._drag = (x, y)

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        self._drag = None

    def on_mouse_drag(
        self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int
    ) -> None:
        if self._drag is not None:
            self.origin = self.origin - np.array([dx, dy]) / self.px_per_unit
            self.rebuild()

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        before = self.to_table(x, y)
        self.px_per_unit *= 1.15**scroll_y
        self.origin = before - np.array([x, y]) / self.px_per_unit
        self.rebuild()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if symbol == arcade.key.ESCAPE:
            self.selected = None
        elif symbol == arcade.key.F:
            self.fit()
        elif symbol == arcade.key.F1:
            self.show_help = not self.show_help
        self.rebuild()

    def on_resize(self, width: int, height: int) -> None:
        super().on_resize(width, height)
        self.fit()
        self.rebuild()


def run(scenario_path: str) -> int:
    """Open the window and run until it is closed."""
    window = TableWindow(scenario_path, visible=not os.environ.get("ARCADE_HEADLESS"))
    window.set_update_rate(1 / 60)
    arcade.run()
    return 0
