"""The set-up's tools: arrange (select, drag to move, turn by the handle at her bow,
move a terrain corner), add a ship, draw terrain.  One is active at a time and takes the
table's clicks (:class:`~tabletop.view.setuphost.Tool`); each says what it does in the
status line and draws what it has begun.  No arcade here but the key codes.
"""

from __future__ import annotations

import math
from typing import Any

import arcade
import numpy as np
import shapely

from tabletop.game.setup import SNAP
from tabletop.geometry.angles import bearing, unit
from tabletop.geometry.pose import Pose
from tabletop.view import scene as sc
from tabletop.view.forms import Field
from tabletop.view.setuphost import Desk

HANDLE_PX = 22.0  # the turning handle: this far beyond her bow, on screen
HANDLE_R = 6.0  # ...and this big
GRAB_PX = 9.0  # a corner or a handle is taken within this many pixels
DRAG_STEP = 0.1  # a ship or a corner dragged lands on tenths of the table's unit
CORNER: sc.Color = (255, 235, 120, 255)
DRAWN: sc.Color = (255, 235, 120, 255)
DELETE_KEYS = (arcade.key.DELETE, arcade.key.BACKSPACE)
KINDS = ("land", "shoal", "shallows")


def tenth(v: float) -> float:
    return round(round(v / DRAG_STEP) * DRAG_STEP, 6)


def handle_at(desk: Desk, sid: str) -> tuple[np.ndarray, np.ndarray]:
    """Her bow's middle and the turning handle beyond it, in table units."""
    ship = desk.table.ship(sid)
    p = ship.pose
    d = np.array(unit(p.heading))
    bow = np.array([p.x, p.y]) + d * ship.cls.base_length / 2
    return bow, bow + d * HANDLE_PX / desk.px_per_unit


def corner_at(desk: Desk, i: int, x: float, y: float) -> int | None:
    """The corner of piece ``i`` within reach of (x, y), nearest first."""
    pts = np.array(desk.setup.piece(i)["polygon"], float)
    d = np.hypot(pts[:, 0] - x, pts[:, 1] - y)
    k = int(np.argmin(d))
    return k if d[k] * desk.px_per_unit <= GRAB_PX else None


def piece_at(desk: Desk, x: float, y: float) -> int | None:
    """The terrain piece under (x, y): the last laid (drawn on top) first."""
    p = shapely.Point(x, y)
    for i in reversed(range(len(desk.table.terrain))):
        if shapely.Polygon(desk.table.terrain[i].points).covers(p):
            return i
    return None


def turn_step(table: Any) -> float:
    """The handle's steps: 15°, or the one turn a free-form ruleset's headings keep to
    (Hold Fast's 45°: its ships head on the 8 points); a hex game lays a ship on her
    hexes whatever her heading, so 15° there too."""
    fixed = table.ruleset.caps.fixed_turn
    hexes = table.ruleset.look.hex_overlay(table) is not None
    return float(fixed) if fixed and not hexes else SNAP


def dot(x: float, y: float, r_px: float, upp: float, colour: sc.Color) -> sc.Fill:
    """A round marker of ``r_px`` pixels at (x, y)."""
    a = np.linspace(0, 2 * math.pi, 16, endpoint=False)
    ring = np.stack([x + r_px * upp * np.sin(a), y + r_px * upp * np.cos(a)], 1)
    return sc.Fill(ring, colour)


class BaseTool:
    """A tool that does nothing but what it overrides: a new tool (a photo underlay)
    subclasses it, gives its ``label`` and its ``press``, and is plugged in with
    ``SetupView.add_tool``; ``draw_under(desk)``, where it has one, draws between the
    sea and the terrain."""

    label = ""

    def hint(self, desk: Desk) -> str:
        return ""

    def press(self, desk: Desk, x: float, y: float, modifiers: int) -> bool:
        return False

    def drag(self, desk: Desk, x: float, y: float, modifiers: int) -> None:
        return None

    def release(self, desk: Desk, x: float, y: float, modifiers: int) -> None:
        return None

    def key(self, desk: Desk, symbol: int, modifiers: int) -> bool:
        return False

    def scene(self, desk: Desk) -> sc.Scene | None:
        return None

    def cancel(self, desk: Desk) -> bool:
        return False

    def form(self, desk: Desk) -> tuple[str, list[list[Field]]] | None:
        return None  # the selection's form (setupforms.py)

    def commit(self, desk: Desk, f: Field, value: str) -> None:
        return None


class Arrange(BaseTool):
    """Select a ship or a piece of terrain; drag a ship to move her, the handle at her
    bow to turn her (15° steps, Shift: single degrees), a corner of the piece selected
    to move it; Delete removes the corner picked, else the ship or the piece."""

    label = "arrange"

    def __init__(self) -> None:
        self.grab = (0.0, 0.0)  # the pointer from her centre, as she was taken

    def hint(self, desk: Desk) -> str:
        if desk.selected is not None:
            step = f"{turn_step(desk.table):g}° steps"
            return (f"{desk.selected}: drag her to move her, the round handle at her bow to "
                    f"turn her ({step}, Shift: 1°); Delete removes her")  # fmt: skip
        if desk.piece is not None:
            return ("terrain: drag a corner to move it; Delete removes the corner picked "
                    "(or the piece)")  # fmt: skip
        return "click a ship or a piece of terrain to set it up; drag the sea to pan"

    def press(self, desk: Desk, x: float, y: float, modifiers: int) -> bool:
        sel = desk.selected
        if sel is not None:
            _, h = handle_at(desk, sel)
            if math.hypot(x - h[0], y - h[1]) * desk.px_per_unit <= GRAB_PX:
                desk._drag = "turn"
                return True
        if desk.piece is not None and (k := corner_at(desk, desk.piece, x, y)) is not None:
            desk.select_piece(desk.piece, k)
            desk._drag = "corner"
            return True
        hit = desk.ship_at(x, y)
        if hit is not None:
            if hit != sel:
                desk.select(hit)
            p = desk.table.ship(hit).pose
            self.grab = (x - p.x, y - p.y)
            desk._drag = "move"
            return True
        i = piece_at(desk, x, y)
        if i is not None:
            desk.select_piece(i)
            return True
        desk.select(None)
        return False

    def drag(self, desk: Desk, x: float, y: float, modifiers: int) -> None:
        sid = desk.selected
        if desk._drag == "corner":
            desk.ghost_corner = (tenth(x), tenth(y))
        elif sid is not None and desk._drag == "move":
            h = desk.setup.ship(sid)["heading"]
            desk.ghosts = {sid: Pose(tenth(x - self.grab[0]), tenth(y - self.grab[1]), h)}
        elif sid is not None and desk._drag == "turn":
            p = desk.table.ship(sid).pose
            step = 1.0 if modifiers & arcade.key.MOD_SHIFT else turn_step(desk.table)
            heading = round(float(bearing(x - p.x, y - p.y)) / step) * step % 360.0
            desk.ghosts = {sid: Pose(p.x, p.y, heading)}
        desk.changed(table=True)

    def release(self, desk: Desk, x: float, y: float, modifiers: int) -> None:
        ghosts, corner = desk.ghosts, desk.ghost_corner
        desk.ghosts, desk.ghost_corner = {}, None
        sid, kind = desk.selected, desk._drag
        if kind == "corner" and corner is not None and desk.piece is not None:
            k = desk.corner if desk.corner is not None else 0
            desk.edit(desk.setup.move_vertex, desk.piece, k, *corner)
        elif sid is not None and sid in ghosts:
            p = ghosts[sid]
            if kind == "turn":
                desk.edit(desk.setup.place, sid, heading=p.heading)
            else:
                desk.edit(desk.setup.place, sid, p.x, p.y)
        desk.changed(table=True)

    def key(self, desk: Desk, symbol: int, modifiers: int) -> bool:
        if symbol not in DELETE_KEYS:
            return False
        if desk.piece is not None and desk.corner is not None:
            if desk.edit(desk.setup.delete_vertex, desk.piece, desk.corner):
                desk.select_piece(desk.piece)
        elif desk.selected is not None:
            desk.command("delete ship")
        elif desk.piece is not None:
            desk.command("delete piece")
        else:
            return False
        return True

    def scene(self, desk: Desk) -> sc.Scene | None:
        out, upp = sc.Scene(), 1.0 / desk.px_per_unit
        if desk.selected is not None and desk.selected in {s.id for s in desk.table.ships}:
            ship = desk.table.ship(desk.selected)
            out.lines.append(sc.Line(ship.base_corners(), sc.SELECT, 3.0, closed=True))
            bow, h = handle_at(desk, desk.selected)
            out.lines.append(sc.Line(np.array([bow, h]), sc.SELECT, 2.0))
            out.fills.append(dot(h[0], h[1], HANDLE_R, upp, sc.SELECT))
        if desk.piece is not None and desk.piece < len(desk.table.terrain):
            pts = np.array(desk.table.terrain[desk.piece].points, float)
            if desk.ghost_corner is not None and desk.corner is not None:
                pts[desk.corner] = desk.ghost_corner
            out.lines.append(sc.Line(pts, sc.SELECT, 2.0, closed=True))
            for k, (px, py) in enumerate(pts):
                out.fills.append(dot(px, py, 6 if k == desk.corner else 4, upp, CORNER))
        return out

    def cancel(self, desk: Desk) -> bool:
        if desk.selected is None and desk.piece is None:
            return False
        desk.select(None)
        return True

class AddShip(BaseTool):
    """Pick her side and class on the panel, then click the table where she lies: she
    is added there and selected, to be placed exactly."""

    label = "add ship"

    def __init__(self) -> None:
        self.side = ""  # one of the table's sides, or "" for a new one
        self.new_side = ""
        self.roster = ""
        self.heading = 0.0

    def hint(self, desk: Desk) -> str:
        return "add a ship: pick her side and class at the right, then click where she lies"

    def press(self, desk: Desk, x: float, y: float, modifiers: int) -> bool:
        side = self.side or self.new_side
        if not side:
            desk.say("name her side first: a new side, at the right", error=True)
            return True
        roster = self.roster or desk.setup.classes()[0][0]
        setup = desk.setup
        before = {s["id"] for s in setup.ships()}
        if desk.edit(setup.add_ship, roster, side, tenth(x), tenth(y), self.heading):
            new = next(s["id"] for s in setup.ships() if s["id"] not in before)
            # the next one's side: a new one while the table has one side (a dispute
            # has two), else this one again
            self.side, self.new_side = ("" if len(setup.sides()) == 1 else side), ""
            desk.use("arrange")
            desk.select(new)
            desk.say(f"{new} added: place her exactly at the right, or drag her")
        return True

    def form(self, desk: Desk) -> tuple[str, list[list[Field]]] | None:
        """Her side (one of the table's, or a new one named), her class, her heading."""
        sides = desk.setup.sides()
        if self.side not in sides:
            self.side = ""
        classes = desk.setup.classes()
        if self.roster not in {c for c, _ in classes}:
            self.roster = classes[0][0]
        rows = [
            [Field("side", "side", "choice", self.side, ("", *sides),
                   ("a new side", *sides), width=150)],
            [Field("new_side", "or a new side", "text", self.new_side, width=150)],
            [Field("roster", "class", "choice", self.roster, tuple(c for c, _ in classes),
                   tuple(n for _, n in classes), width=220)],
            [Field("heading", "heading", "text", f"{self.heading:g}")],
            [Field("note", "then click the table where she lies", "note")],
        ]  # fmt: skip
        return "Add a ship", rows

    def commit(self, desk: Desk, f: Field, value: str) -> None:
        if f.key == "side":
            self.side, self.new_side = value, ""
        elif f.key == "new_side":
            self.side, self.new_side = "", value
        elif f.key == "roster":
            self.roster = value
        elif f.key == "heading":
            try:
                self.heading = float(value) % 360.0
            except ValueError:
                desk.say(f"heading: expected degrees, 0 to 360, found {value!r}", error=True)


class DrawTerrain(BaseTool):
    """Click a piece's corners; click the first again (or Enter) to close it.  A corner
    whose edge would cross the edges drawn is refused as it is clicked, with why."""

    label = "draw terrain"

    def __init__(self) -> None:
        self.points: list[tuple[float, float]] = []
        self.kind = "land"
        self.name = ""

    def hint(self, desk: Desk) -> str:
        if len(self.points) >= 3:
            return (f"{len(self.points)} corners: click the first corner again (or Enter) "
                    "to close the piece; Backspace takes back a corner; Esc drops it")  # fmt: skip
        return "draw terrain: click its corners on the table, one by one"

    def press(self, desk: Desk, x: float, y: float, modifiers: int) -> bool:
        p = (tenth(x), tenth(y))
        if len(self.points) >= 3:
            fx, fy = self.points[0]
            if math.hypot(x - fx, y - fy) * desk.px_per_unit <= GRAB_PX:
                self.close(desk)
                return True
        if p in self.points:
            desk.say("that corner is drawn already: click another", error=True)
            return True
        if len(self.points) >= 2 and not shapely.LineString([*self.points, p]).is_simple:
            desk.say("that corner would make the piece's edges cross: click elsewhere", error=True)
            return True
        self.points.append(p)
        desk.say("")
        desk.changed()
        return True

    def close(self, desk: Desk) -> None:
        """The piece laid, if its closing edge crosses none (else said, corners kept)."""
        if len(self.points) < 3:
            desk.say("a piece needs three corners at least", error=True)
            return
        setup = desk.setup
        if desk.edit(setup.add_terrain, self.points, self.kind, self.name or None):
            self.points = []
            desk.use("arrange")
            desk.select_piece(len(setup.data["terrain"]) - 1)
            desk.say("terrain laid: drag its corners to mend it; its kind and name at the right")

    def key(self, desk: Desk, symbol: int, modifiers: int) -> bool:
        if symbol in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.NUM_ENTER):
            self.close(desk)
        elif symbol == arcade.key.BACKSPACE and self.points:
            self.points.pop()
            desk.changed()
        else:
            return False
        return True

    def scene(self, desk: Desk) -> sc.Scene | None:
        if not self.points:
            return None
        out, upp = sc.Scene(), 1.0 / desk.px_per_unit
        pts = np.array(self.points, float)
        if len(pts) > 1:
            out.lines.append(sc.Line(pts, DRAWN, 2.0))
        for k, (x, y) in enumerate(pts):
            out.fills.append(dot(x, y, 7 if k == 0 and len(pts) >= 3 else 4, upp, DRAWN))
        return out

    def cancel(self, desk: Desk) -> bool:
        had = bool(self.points)
        self.points = []
        return had

    def form(self, desk: Desk) -> tuple[str, list[list[Field]]] | None:
        """The piece's kind and name, and closing it or taking back a corner."""
        n = len(self.points)
        rows = [
            [Field("kind", "kind", "choice", self.kind, KINDS, width=90),
             Field("name", "name", "text", self.name, width=110)],
            [Field("close", "", "button", "close the piece", width=120, live=n >= 3),
             Field("back", "", "button", "take back a corner", width=140, live=n > 0)],
            [Field("note", f"{n} corners so far" if n != 1 else "1 corner so far", "note")],
        ]  # fmt: skip
        return "Draw terrain: click its corners", rows

    def commit(self, desk: Desk, f: Field, value: str) -> None:
        if f.key == "kind":
            self.kind = value
        elif f.key == "name":
            self.name = value
        elif f.key == "close":
            self.close(desk)
        elif f.key == "back" and self.points:
            self.points.pop()
        desk.changed()
