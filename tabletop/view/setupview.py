"""The set-up mode of the window: a table laid out by mouse and by measurement, saved
as a scenario, played in one click.

The view holds a :class:`~tabletop.game.setup.Setup` (the scenario's data and its undo)
and hands the table's clicks to the active tool (:mod:`tabletop.view.setuptools`: one
receives them, so a new tool plugs in with :meth:`SetupView.add_tool`: a button on the
strip and nothing else to wire); the form at the right (:mod:`tabletop.view.setupforms`)
edits what is selected.  It draws the table as the play window does
(:mod:`tabletop.view.setupdraw`), its panes are the play window's kind
(:mod:`tabletop.view.setuppanels`), and its helpers see it as a
:class:`~tabletop.view.setuphost.Desk`.
"""

from __future__ import annotations

import math
import re
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import arcade
import numpy as np
import shapely

from tabletop.common.errors import TabletopError
from tabletop.game.setup import Setup
from tabletop.geometry.pose import Pose
from tabletop.model.scenario import Scenario
from tabletop.view import setupdump
from tabletop.view.frame import Panes
from tabletop.view.setupdraw import SetupDrawing
from tabletop.view.setupforms import duplicate
from tabletop.view.setuphost import Tool
from tabletop.view.setuppanels import PANEL_W, STATUS_H, FormPane, SetupStatus, SetupStrip
from tabletop.view.setupphoto import PhotoStep
from tabletop.view.setuptools import AddShip, Arrange, DrawTerrain
from tabletop.view.tools import Prompt

IDLE_FRAME = 0.25  # seconds between frames when nothing changes
K = arcade.key
CTRL, SHIFT = K.MOD_CTRL, K.MOD_SHIFT
ENTER = (K.ENTER, K.RETURN, K.NUM_ENTER)
UNSAVED = ("this set-up is not saved: Ctrl+S saves it; close again (or Ctrl+Q) to leave "
           "it unsaved, Esc to stay")  # fmt: skip


class SetupView(arcade.View):
    """A table being set up; ``play`` (given by the window) starts a game from it."""

    def __init__(
        self,
        window: arcade.Window,
        setup: Setup,
        play: Callable[[SetupView], None] | None = None,
    ) -> None:
        super().__init__(window)
        self.background_color = (18, 24, 32, 255)
        self.setup = setup
        self.to_play = play
        self.selected: str | None = None
        self.piece: int | None = None
        self.corner: int | None = None
        self.ghosts: dict[str, Pose] = {}
        self.ghost_corner: tuple[float, float] | None = None
        self._dirty = {"table", "overlay", "labels", "hud"}
        self.tools: dict[str, Tool] = {}
        for tool in (Arrange(), AddShip(), DrawTerrain(), PhotoStep()):
            self.add_tool(tool.label, tool)
        self.tool = "arrange"
        self.prompt: Prompt | None = None
        self.show_help = False
        self.memo: dict[str, str] = {}
        self.message, self.error = "", False
        self._drag: str | None = None
        self._pressed: tuple[float, float] | None = None  # where a press began, till 3 px on
        self._table: tuple[int, Scenario] | None = None
        self._close_asked = False
        self.camera = arcade.camera.Camera2D()
        self.status_pane, self.form_pane, self.strip = SetupStatus(), FormPane(), SetupStrip()
        self.section_manager = Panes(self)
        for pane in (self.status_pane, self.form_pane, self.strip):
            self.section_manager.add_section(pane)
        self.drawing = SetupDrawing(self)

    def add_tool(self, name: str, tool: Tool) -> None:
        """A tool on the strip (its button after the others'): while active, it takes
        the table's clicks, draws its scene, and may show a form of its own."""
        self.tools[name] = tool
        self._dirty |= {"hud", "overlay"}

    def on_show_view(self) -> None:
        self.section_manager.enable()
        self.fit()

    def on_hide_view(self) -> None:
        self.section_manager.disable()

    # -- what the helpers read ----------------------------------------------------------
    @property
    def table(self) -> Scenario:
        """The table as the rules read it now (built once an edit)."""
        key = id(self.setup.data)
        if self._table is None or self._table[0] != key:
            self._table = (key, self.setup.table())
        return self._table[1]

    @property
    def px_per_unit(self) -> float:
        return float(self.camera.zoom)

    @property
    def view_w(self) -> int:
        return getattr(self, "_laid_out", (self.window.width, self.window.height))[0]

    @property
    def view_h(self) -> int:
        return getattr(self, "_laid_out", (self.window.width, self.window.height))[1]

    def to_table(self, x: float, y: float) -> np.ndarray:
        w = self.camera.unproject((x, y))
        return np.array([w[0], w[1]])

    def to_screen(self, pts: np.ndarray) -> np.ndarray:
        flat = np.asarray(pts, float).reshape(-1, 2)
        out = np.array([tuple(self.camera.project((float(x), float(y))))[:2] for x, y in flat])
        return out.reshape(np.asarray(pts).shape)

    def ship_at(self, x: float, y: float) -> str | None:
        """The ship whose base is under the table point (a few pixels of slack)."""
        ships = self.table.ships
        if not ships:
            return None
        p = shapely.Point(x, y)
        d = shapely.distance(shapely.polygons(np.array([s.base_corners() for s in ships])), p)
        hits = [(float(d[k]), s.id) for k, s in enumerate(ships) if d[k] * self.px_per_unit <= 4]
        return min(hits)[1] if hits else None

    # -- what the helpers ask -----------------------------------------------------------
    def say(self, text: str, error: bool = False) -> None:
        self.message, self.error = text, error
        self._dirty.add("hud")

    def changed(self, table: bool = False) -> None:
        self._dirty |= {"overlay", "hud"} | ({"table", "labels"} if table else set())

    def edit(self, fn: Callable[..., Any], *args: Any, **kw: Any) -> bool:
        """One edit of the set-up; refused (the rules' reason said), nothing changes."""
        try:
            fn(*args, **kw)
        except TabletopError as e:
            self.say(str(e), error=True)
            return False
        self._close_asked = False
        if self.error:
            self.say("")
        self.changed(table=True)
        return True

    def select(self, ship: str | None) -> None:
        self.selected, self.piece, self.corner = ship, None, None
        self.changed()

    def select_piece(self, i: int | None, corner: int | None = None) -> None:
        self.selected, self.piece, self.corner = None, i, corner
        self.changed()

    def use(self, tool: str) -> None:
        """Make ``tool`` the one the table's clicks go to (what another had begun is
        dropped)."""
        if tool != self.tool:
            self.tools[self.tool].cancel(self)
        self.tool = tool
        self.changed()

    def command(self, name: str) -> None:
        """The strip's and the keys' commands."""
        commands: dict[str, Callable[[], Any]] = {
            "undo": lambda: self._history(self.setup.undo, "undone", "nothing to undo"),
            "redo": lambda: self._history(self.setup.redo, "redone", "nothing to redo"),
            "save": self.save,
            "save as": self.ask_save,
            "play": self.play,
            "help": self.toggle_help,
            "fit": self.fit,
            "quit": self.quit,
            "delete ship": self._delete_ship,
            "delete piece": self._delete_piece,
        }
        commands[name]()
        self.changed()

    def _history(self, step: Callable[[], bool], done: str, none: str) -> None:
        if step():
            ids = {s["id"] for s in self.setup.ships()}
            if self.selected not in ids:
                self.select(None)
            if self.piece is not None and self.piece >= len(self.setup.data.get("terrain", [])):
                self.select_piece(None)
            self.say(done)
            self.changed(table=True)
        else:
            self.say(none)

    def _delete_ship(self) -> None:
        sid = self.selected
        if sid is not None and self.edit(self.setup.delete, sid):
            self.select(None)
            self.say(f"{sid} deleted (Ctrl+Z brings her back)")

    def _delete_piece(self) -> None:
        i = self.piece
        if i is not None and self.edit(self.setup.delete_terrain, i):
            self.select_piece(None)
            self.say("terrain deleted (Ctrl+Z brings it back)")

    def toggle_help(self) -> None:
        self.show_help = not self.show_help

    # -- files --------------------------------------------------------------------------
    def ask_save(self) -> None:
        """The save-as line, offering where it was last saved (or a name from its name)."""
        slug = re.sub(r"[^A-Za-z0-9._-]+", "-", self.table.name.lower()).strip("-") or "table"
        offer = self.setup.path or f"{slug}.toml"
        self.prompt = Prompt("save", "save the table to", offer, offered=True)

    def save(self, path: str | None = None) -> bool:
        """Save where it was read or last saved (none yet: the save-as line); a path
        that cannot be written (a folder, a file's name used as a folder's) is said,
        and the set-up stays as it was, to be saved elsewhere."""
        target = path or self.setup.path
        if not target:
            self.ask_save()
            return False
        try:
            self.setup.save(Path(target).expanduser())
        except TabletopError as e:
            self.say(f"not saved: {e}", error=True)
            return False
        self._close_asked = False
        self.say(f"saved to {target}")
        return True

    def play(self) -> None:
        """A game from the table as it stands (the window's ``play``)."""
        self.form_pane.form.hand_over()
        if self.to_play is None:
            self.say("this window has no game to play: save the table and play it", error=True)
            return
        self.to_play(self)

    def quit(self) -> bool:
        """Close the window, unless unsaved work is to be kept: then a warning first,
        and a second close (or Ctrl+Q) closes."""
        if self.unsaved() and not self._close_asked:
            self._close_asked = True
            self.say(UNSAVED, error=True)
            return False
        self.window.close()
        return True

    def unsaved(self) -> bool:
        """Work that a close would lose: an edit since the last save."""
        return not self.setup.saved and bool(self.setup.undo_stack)

    def on_close(self) -> bool:
        """The window's close button: kept open once to warn of unsaved work (True
        keeps it: the window's own handler, which closes, is not called)."""
        if self.unsaved() and not self._close_asked:
            self._close_asked = True
            self.say(UNSAVED, error=True)
            return True
        return False

    # -- laying out and drawing ---------------------------------------------------------
    def fit(self) -> None:
        """Zoom and centre so the whole table shows clear of the panes."""
        t = self.table
        self.camera.match_window()
        margin, top, bottom, right = 36.0, STATUS_H + 10.0, 40.0, PANEL_W
        zoom = min((self.view_w - 2 * margin - right) / t.width,
                   (self.view_h - 2 * margin - top - bottom) / t.depth)  # fmt: skip
        self.camera.zoom = zoom
        self.camera.position = (t.width / 2 + right / 2 / zoom,
                                t.depth / 2 + (top - bottom) / 2 / zoom)  # fmt: skip
        self._dirty |= {"table", "overlay", "labels", "hud"}

    def rebuild(self) -> None:
        """Rebuild what is out of date (before a frame, and before a click is judged)."""
        if not self._dirty:
            return
        dirty, self._dirty = set(self._dirty), set()
        self.drawing.rebuild(dirty)
        if dirty & {"hud", "overlay", "table"}:
            self.status_pane.build()
            self.strip.build()
            self.form_pane.build(self.status_pane.bottom, self.strip.top + 4)
            setupdump.dump(self)

    def on_draw(self) -> bool:
        try:
            self.rebuild()
        except Exception as e:  # a fault in drawing must not close the window
            self._dirty.clear()
            traceback.print_exc()
            self.say(f"drawing failed ({type(e).__name__}: {e}); save the table", error=True)
        self.clear()
        under = [t.draw_under for t in self.tools.values() if hasattr(t, "draw_under")]
        self.drawing.draw(under)
        return True

    def on_update(self, delta_time: float) -> bool:
        busy = bool(self._dirty) or self._drag is not None
        self.window.set_draw_rate(1 / 60 if busy else IDLE_FRAME)
        return True

    def on_resize(self, width: int, height: int) -> bool:
        self._laid_out = (width, height)
        self.fit()
        return True

    # -- input --------------------------------------------------------------------------
    def _safely(self, fn: Callable[..., Any], *args: Any) -> bool:
        """A fault in answering a key or a click is said; the set-up is kept to save."""
        try:
            fn(*args)
        except Exception as e:
            traceback.print_exc()
            self.say(f"that failed ({type(e).__name__}: {e}); the set-up is kept: save it",
                     error=True)  # fmt: skip
        self.changed()
        return True

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        return self._safely(self._press, x, y, modifiers)

    def _press(self, x: float, y: float, modifiers: int) -> None:
        form = self.form_pane.form
        if form.opened is not None and form.press(x, y, modifiers):
            return  # a value chosen from the list hanging out of the form
        form.hand_over()  # a click elsewhere hands over what was typed
        self._pressed = (x, y)
        tx, ty = self.to_table(x, y)
        if not self.tools[self.tool].press(self, float(tx), float(ty), modifiers):
            self._drag = "pan"

    def on_mouse_drag(
        self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int
    ) -> bool:
        form = self.form_pane.form
        if form.dragging is not None:
            form.drag(x, y, modifiers)
            self.changed()
        elif self._drag == "pan":
            cx, cy = self.camera.position
            k = self.px_per_unit
            self.camera.position = (cx - dx / k, cy - dy / k)
            self._dirty |= {"labels", "overlay"}
        elif self._drag is not None and self._far(x, y):
            tx, ty = self.to_table(x, y)
            self._safely(self.tools[self.tool].drag, self, float(tx), float(ty), modifiers)
        return True

    def _far(self, x: float, y: float) -> bool:
        """Whether the pointer has gone 3 px from where it was pressed: a click's jitter
        drags nothing (a ship laid by tape stays where she was laid)."""
        if self._pressed is not None and math.hypot(x - self._pressed[0], y - self._pressed[1]) < 3:
            return False
        self._pressed = None
        return True

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> bool:
        if self.form_pane.form.dragging is not None:
            self._safely(self.form_pane.form.release)
        elif self._drag not in (None, "pan"):
            tx, ty = self.to_table(x, y)
            self._safely(self.tools[self.tool].release, self, float(tx), float(ty), modifiers)
        self._drag = None
        return True

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool:
        before = self.to_table(x, y)
        self.camera.zoom = float(self.camera.zoom) * 1.15**scroll_y
        after = self.to_table(x, y)
        cx, cy = self.camera.position
        self.camera.position = (cx + before[0] - after[0], cy + before[1] - after[1])
        self._dirty |= {"table", "overlay", "labels"}
        return True

    def on_text(self, text: str) -> bool:
        if self.prompt is not None:
            self.prompt.type(text)
        else:
            self.form_pane.form.type(text)
        self._dirty.add("hud")
        return True

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        return self._safely(self._key, symbol, modifiers)

    def _key(self, symbol: int, modifiers: int) -> None:
        if self.prompt is not None:
            self._prompt_key(symbol)
            return
        if self.form_pane.form.key(symbol, modifiers):
            return
        chord = {K.Z: "undo", K.Y: "redo", K.E: "play", K.Q: "quit", K.S: "save"}
        if modifiers & CTRL and symbol == K.S and modifiers & SHIFT:
            self.ask_save()
        elif modifiers & CTRL and symbol == K.D and self.selected is not None:
            duplicate(self, self.selected)
        elif modifiers & CTRL and symbol in chord:
            self.form_pane.form.hand_over()
            self.command(chord[symbol])
        elif modifiers & CTRL:
            return
        elif symbol == K.F1:
            self.toggle_help()
        elif symbol == K.ESCAPE:
            self._escape()
        elif not self.tools[self.tool].key(self, symbol, modifiers) and symbol == K.F:
            self.fit()

    def _escape(self) -> None:
        """Esc: the warning of unsaved work, else what the tool began, else the tool,
        else the selection."""
        if self._close_asked:
            self._close_asked = False
            self.say("")
        elif self.tools[self.tool].cancel(self):
            return
        elif self.tool != "arrange":
            self.use("arrange")
        elif self.show_help:
            self.show_help = False

    def _prompt_key(self, symbol: int) -> None:
        p = self.prompt
        assert p is not None
        if symbol == K.BACKSPACE:
            p.back()
        elif symbol == K.ESCAPE:
            self.prompt = None
        elif symbol in ENTER:
            self.prompt = None
            if not self.save(p.text.strip()):
                self.prompt = p  # not written: the line stays, to mend
