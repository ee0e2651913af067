"""Scenes to GPU: one numpy-built vertex buffer per layer, one draw call each.

Fills are triangulated all at once by shapely; every line becomes a quad of its width
(so thin and thick lines, fills and outlines keep the order they were drawn in); the
vertices and their colours are packed by numpy into the ``2f 4f`` layout arcade's
coloured-line program reads.  A layer is rebuilt only when what it shows changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import arcade
import numpy as np
import shapely
from arcade.gl import BufferDescription

from tabletop.view.scene import Scene


def _fill_triangles(scene: Scene) -> tuple[np.ndarray, np.ndarray]:
    if not scene.fills:
        return np.zeros((0, 2)), np.zeros((0, 4))
    polys = np.array([shapely.Polygon(f.points) for f in scene.fills], dtype=object)
    tris = shapely.constrained_delaunay_triangles(polys)
    parts, idx = shapely.get_parts(tris, return_index=True)
    if len(parts) == 0:
        return np.zeros((0, 2)), np.zeros((0, 4))
    coords = shapely.get_coordinates(parts).reshape(-1, 4, 2)[:, :3].reshape(-1, 2)
    colours = np.array([f.color for f in scene.fills], dtype=float)[np.repeat(idx, 3)]
    return coords, colours


def _line_quads(scene: Scene, units_per_px: float) -> tuple[np.ndarray, np.ndarray]:
    segs, cols, widths = [], [], []
    for ln in scene.lines:
        pts = np.asarray(ln.points, dtype=float)
        if ln.closed:
            pts = np.vstack([pts, pts[:1]])
        if len(pts) < 2:
            continue
        segs.append(np.stack([pts[:-1], pts[1:]], 1))
        cols.append(np.repeat([ln.color], len(pts) - 1, axis=0))
        widths.append(np.full(len(pts) - 1, max(1.0, ln.width) * units_per_px))
    if not segs:
        return np.zeros((0, 2)), np.zeros((0, 4))
    s = np.concatenate(segs)
    c = np.concatenate(cols).astype(float)
    w = np.concatenate(widths)
    d = s[:, 1] - s[:, 0]
    length = np.hypot(d[:, 0], d[:, 1])
    length[length == 0] = 1.0
    n = np.stack([-d[:, 1], d[:, 0]], -1) / length[:, None] * (w / 2)[:, None]
    p, q = s[:, 0], s[:, 1]
    quads = np.stack([p + n, p - n, q + n, q + n, p - n, q - n], 1).reshape(-1, 2)
    return quads, np.repeat(c, 6, axis=0)


class Layer:
    """One vertex buffer drawn with one call."""

    def __init__(self, window: arcade.Window) -> None:
        self.ctx = window.ctx
        self.program = self.ctx.line_generic_with_colors_program
        self.geometry: Any = None
        self.vertices = 0
        self.floor = 0  # the vertices of the first scene's first fill (the sea)

    def build(self, scenes: list[Scene], units_per_px: float) -> None:
        """Scenes are drawn in order; within each, its fills and then its lines."""
        parts_p: list[np.ndarray] = []
        parts_c: list[np.ndarray] = []
        self.floor = len(_fill_triangles(Scene(fills=scenes[0].fills[:1]))[0]) if scenes else 0
        for scene in scenes:
            fp, fc = _fill_triangles(scene)
            lp, lc = _line_quads(scene, units_per_px)
            parts_p += [fp, lp]
            parts_c += [fc, lc]
        pts = np.concatenate(parts_p) if parts_p else np.zeros((0, 2))
        cols = np.concatenate(parts_c) if parts_c else np.zeros((0, 4))
        self.vertices = len(pts)
        if not self.vertices:
            self.geometry = None
            return
        data = np.hstack([pts, cols]).astype("f4")
        buffer = self.ctx.buffer(data=data.tobytes())
        self.geometry = self.ctx.geometry(
            [BufferDescription(buffer, "2f 4f", ("in_vert", "in_color"))]
        )

    def draw(self, under: Callable[[], None] | None = None) -> None:
        """One draw call; with ``under``, two, and ``under`` drawn between the first
        fill (the table's sea) and the rest: a photo of the table under its grid."""
        if self.geometry is None:
            return
        self.ctx.enable_only(self.ctx.BLEND)
        if under is None:
            self.geometry.render(self.program, mode=self.ctx.TRIANGLES)
        else:
            if self.floor:
                self.geometry.render(self.program, mode=self.ctx.TRIANGLES, vertices=self.floor)
            under()
            self.ctx.enable_only(self.ctx.BLEND)
            if self.vertices > self.floor:
                self.geometry.render(self.program, mode=self.ctx.TRIANGLES, first=self.floor,
                                     vertices=self.vertices - self.floor)  # fmt: skip
        self.ctx.disable(self.ctx.BLEND)
