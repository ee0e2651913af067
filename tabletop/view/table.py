"""The table view: see the table, select a ship, build and play moves, fire, measure,
plot orders; the HUD's panes are its Sections (:mod:`tabletop.view.panes`).

Drawing is in layers, each one numpy-built vertex buffer rebuilt only when what it
shows changes: the table (sea, terrain, ships), and the overlays (sectors, arcs, bands,
lines of fire, the fan, a plot's ghosts, the move being built, the ruler, a ruling's
proof).  A camera pans without rebuilding anything; labels are pyglet text batches.
Shapely runs on events (a move, a key), never per frame.  Keys go through the one key
map (:mod:`tabletop.view.keys`); the move being built is :class:`MoveEditing`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import arcade
import numpy as np
import shapely

from tabletop.ai.autopilot import Autopilot
from tabletop.common.errors import TabletopError
from tabletop.game.load import load_scenario
from tabletop.game.position import write_position
from tabletop.game.session import Session
from tabletop.view import computer
from tabletop.view.bar import ActionBar, ToolStrip
from tabletop.view.cards import CardPane, HoverPane
from tabletop.view.drawing import TWEEN, TableDrawing
from tabletop.view.frame import Panes
from tabletop.view.input import TableInput
from tabletop.view.keys import abilities
from tabletop.view.logbook import LogPane, log_lines
from tabletop.view.moving import MoveEditing
from tabletop.view.panes import (
    Colour,
    PlotPane,
    RulingPane,
    StatusPane,
)
from tabletop.view.plotting import Foresight, PlotPanel, foresee
from tabletop.view.sidepanes import HelpPane
from tabletop.view.tools import Button, FireTool, Prompt, Ruler

IDLE_FRAME = 0.25  # seconds between frames when nothing changes
MESSAGE_LIFE = 10.0  # seconds a message stays (an error twice as long)


class TableView(MoveEditing, arcade.View):
    """One session on the table; input handlers delegate to the tools."""

    def __init__(self, window: arcade.Window, scenario_path: str | None) -> None:
        super().__init__(window)
        self.background_color = (18, 24, 32, 255)
        self.session: Any = None
        self.selected: str | None = None
        self.overlays: set[str] = {"sectors", "arcs", "bands", "lof", "photo"}
        self.fan: Any = None
        self.ruler: Ruler | None = None
        self.fire_tool: FireTool | None = None
        self.ruling: tuple[str, str] | None = None
        self.message = ""
        self.error = False
        self._said, self._sticky = 0.0, False  # the message's age, and whether it stays
        self.show_help = False
        self.camera = arcade.camera.Camera2D()
        self.drawing = TableDrawing(self)
        self.input = TableInput(self)
        self._drag: str | None = None
        self._dirty = {"table", "overlay", "interact", "labels", "hud"}
        self.save_path: Path | None = None
        self.switch: Callable[[], None] | None = None  # into the set-up (the window's)
        self.drill: Any = None
        self.autopilot: Autopilot | None = None  # the computer's sides (--ai)
        self.arming: Button | None = None  # a button waiting for its target ship
        self.prompt: Prompt | None = None  # a line being typed (save as, open, a path)
        self.plot: PlotPanel | None = None  # a side's orders being plotted (hot seat)
        self.foresight: Foresight | None = None
        #: an action's movement on screen: (poses before, time so far, each moved ship's
        #: path as (start, segments), where the move's path is known)
        self._tween: tuple[dict[str, Any], float, dict[str, Any]] | None = None
        self.animate = False  # ships sail across the screen (the interactive window's)
        self._ai_wait = 0.0
        #: the computer's reason for each of its orders, by (session, its first event):
        #: kept in the log above what the order did (the message line fades)
        self._reasons: dict[tuple[int, int], str] = {}
        self.status_pane, self.ruling_pane = StatusPane(), RulingPane()
        self.log_pane, self.bar = LogPane(), ActionBar()
        self.plot_pane, self.cover = PlotPane(), PlotPane(modal=True)
        self.tools = ToolStrip()
        self.card_pane, self.help_pane = CardPane(), HelpPane()
        self.hover_pane = HoverPane(self.card_pane)  # the card of the ship under the pointer
        self.log_shown = True  # the log pane, or not (Tab, the strip's "log")
        self.section_manager = Panes(self)
        for pane in (self.cover, self.tools, self.status_pane, self.help_pane, self.ruling_pane,
                     self.bar, self.plot_pane, self.card_pane, self.log_pane,
                     self.hover_pane):  # fmt: skip
            self.section_manager.add_section(pane)
        self.init_moves()
        if scenario_path:
            self.load(scenario_path)

    def on_show_view(self) -> None:
        self.section_manager.enable()

    def on_hide_view(self) -> None:
        self.section_manager.disable()

    # -- what the panes and the tests read ------------------------------------------------
    @property
    def hud(self) -> list[arcade.Text]:
        """Every text the HUD's panes show now."""
        panes = (self.status_pane, self.help_pane, self.card_pane, self.ruling_pane, self.log_pane,
                 self.bar, self.plot_pane, self.cover, self.tools, self.hover_pane)  # fmt: skip
        return [t for p in panes if p.enabled for t in p.texts]

    @property
    def buttons(self) -> list[tuple[Button, tuple[float, float, float, float]]]:
        return self.bar.buttons

    @property
    def boxes(self) -> list[Any]:
        return self.cover.boxes if self.cover.enabled else self.plot_pane.boxes

    @property
    def scenario(self) -> Any:
        """The table as it stands now (ships at their current poses)."""
        return self.session.table if self.session is not None else None

    @property
    def view_w(self) -> int:
        """The window's size as last laid out (on_resize's; the same as ``width`` on a
        screen, where a headless window cannot change its framebuffer)."""
        return getattr(self, "_laid_out", (self.window.width, self.window.height))[0]

    @property
    def view_h(self) -> int:
        return getattr(self, "_laid_out", (self.window.width, self.window.height))[1]

    @property
    def log_width(self) -> float:
        """The log's column at the right, when the window is wide enough to spare it and
        the log is shown (the card heads it)."""
        return 260.0 if self.view_w >= 1000 and self.log_shown else 0.0

    # -- state -------------------------------------------------------------------------
    def say(self, text: str, error: bool = False, sticky: bool = False) -> None:
        """The message line: it fades after a while (an error after longer), unless it
        is ``sticky`` (the drill's scorecard, the greeting of a drill)."""
        self.message, self.error = text, error
        self._said, self._sticky = 0.0, sticky
        self._dirty.add("hud")

    def load(self, path: str) -> None:
        """Open a scenario; a bad file is shown as a message and the view keeps running."""
        try:
            session = Session.open(load_scenario(path))
        except TabletopError as e:
            self.say(f"cannot open {path}: {e}", error=True)
            return
        self.start(session, Path(path).with_suffix(".save.json"))

    def start(self, session: Session, save_path: Path) -> None:
        """Play ``session`` (a scenario opened, a table set up), saved by default there."""
        self.session = session
        session.auto_pass = True  # steps with no order to give pass by themselves
        self.save_path = save_path
        self.selected, self.builder, self.move, self.fan = None, None, None, None
        self.say("")
        self.changed(table=True)
        self.sync_plot()
        self.fit()

    def changed(self, table: bool = False, interact_only: bool = False) -> None:
        """Mark what must be redrawn: the move/ruler only, the overlays, or the table too."""
        if interact_only:
            self._dirty |= {"interact", "hud"}
            return
        self._dirty |= {"overlay", "interact", "hud"} | ({"table"} if table else set())

    def fit(self) -> None:
        """Zoom and centre so the whole table shows clear of the HUD's panes."""
        scn = self.scenario
        if scn is None:
            return
        self.camera.match_window()
        margin, top = 40.0, 90.0  # room for the HUD: a status of 7 lines clears the table
        bottom = 36.0  # and for the action bar (or the plotting panel) below the table:
        if self.plot is not None and self.plot.shown:  # its rows are the same all game
            bottom = self.plot.height() + 36.0
        else:
            self.tools.build()
            self.bar.build()
            bottom = max(bottom, self.bar.top_edge + 8.0)
        right = self.log_width  # and for the log's pane
        zoom = min(
            (self.view_w - 2 * margin - right) / scn.width,
            (self.view_h - 2 * margin - top - bottom) / scn.depth,
        )
        self.camera.zoom = zoom
        self.camera.position = (
            scn.width / 2 + right / 2 / zoom,
            scn.depth / 2 + (top - bottom) / 2 / zoom,
        )
        self._dirty |= {"labels", "overlay", "interact", "table", "hud"}

    def log_lines(self) -> list[tuple[str, Colour]]:
        """The log as it stands (``logbook.log_lines``)."""
        return log_lines(self)

    @property
    def px_per_unit(self) -> float:
        return float(self.camera.zoom)

    def to_table(self, x: float, y: float) -> np.ndarray:
        w = self.camera.unproject((x, y))
        return np.array([w[0], w[1]])

    def to_screen(self, pts: np.ndarray) -> np.ndarray:
        pts = np.asarray(pts, float)
        flat = pts.reshape(-1, 2)
        out = np.array([tuple(self.camera.project((float(x), float(y))))[:2] for x, y in flat])
        return out.reshape(pts.shape)

    def ship_at(self, x: float, y: float) -> str | None:
        """The ship whose base is under the screen point (a few pixels of slack)."""
        scn = self.scenario
        if scn is None:
            return None
        p = shapely.Point(*self.to_table(x, y))
        slack = 4.0 / self.px_per_unit
        bases = shapely.polygons(np.array([s.base_corners() for s in scn.ships]))
        d = shapely.distance(bases, p)  # every base at once
        hits = [(float(d[k]), s.id) for k, s in enumerate(scn.ships) if d[k] <= slack]
        return min(hits)[1] if hits else None

    def select(self, ship: str | None) -> None:
        self.selected = ship
        self.fresh_move()
        self.fan = None
        if ship and "fan" in self.overlays:
            self._compute_fan()
        self.changed()

    # -- playing ------------------------------------------------------------------------
    def play(self, action: str) -> bool:
        """Play one action through the session; a refusal is a message (False)."""
        if self.session is None:
            return False
        before = {s.id: s.pose for s in self.scenario.ships}
        paths = self.session.paths(action) if self.animate else {}
        try:
            self.session.play(action)
        except TabletopError as e:
            self.say(f"{action}: {e}", error=True)
            return False
        self.say(self.session.news or action)
        self.changed(table=True)
        only = self.session.sole_actor()  # Escadres' bag: the ship drawn is the one to play
        if only and only != self.selected and not (self.autopilot and self.autopilot.due(
                self.session.game.state)):  # fmt: skip
            self.select(only)
        if self.builder is not None:  # the move being built, judged from where she is now
            self._rebuild_move(quiet=True)
        if self.selected and "fan" in self.overlays:  # her fan as things stand now (a new
            self._compute_fan(quiet=True)  # turn: fresh moves); the order's news is said
        if self.animate:
            self._tween = (before, 0.0, paths)
        self.sync_plot()
        return True

    def after_move(self, before: Any, action: str, reached: bool) -> None:
        """After a move or a tack of the player's: nothing here (the drill scores it)."""

    def undo(self) -> bool:
        """Take back the last action, unless it is another side's secret orders: at the
        hot seat the next captain's Ctrl+Z took back the orders handed over to him."""
        game = self.session.game if self.session is not None else None
        words = str(game.actions[-1]).split() if game is not None and game.actions else []
        secret = game.state.scenario.ruleset.caps.secret_verbs if game is not None else ()
        if game is not None and len(words) > 1 and words[0] in secret:
            side = game.state.side_of(words[1])
            now = self.plot.spec.side if self.plot is not None else game.state.active_side
            if side != now:
                self.say(f"the {side} orders are given and hidden: they stand", error=True)
                return True
        if computer.take_back(self):  # against the computer, back to the player's own
            self.say("undone")
            game, me = self.session.game, id(self.session)
            kept = len(game.events) if game is not None else 0
            self._reasons = {k: r for k, r in self._reasons.items() if k[0] != me or k[1] < kept}
            self.select(self.selected)
            self.changed(table=True)
            self.sync_plot()
        return True

    def redo(self) -> bool:
        if self.session is not None and self.session.redo():
            self.say("redone")
            self.select(self.selected)
            self.changed(table=True)
            self.sync_plot()
        return True

    def save(self, path: str | Path | None = None) -> None:
        """Save the game (atomically: nothing is lost if this fails half-way) to ``path``,
        or where it was last saved; the path used becomes the next default."""
        if self.session is None:
            return
        target = Path(path).expanduser() if path else self.save_path
        if target is None:
            return
        try:
            self.session.save(target)
        except TabletopError as e:
            self.say(str(e), error=True)
            return
        self.save_path = target
        self.say(f"saved to {target}")

    def write_position(self, path: str) -> None:
        """Write where the game stands as a scenario of its own (a referee branches a
        disputed moment out of the game to rule on it); what it cannot carry is said."""
        if self.session is None or self.session.game is None or not path:
            return
        try:
            notes = write_position(self.session.game.state, str(Path(path).expanduser()))
        except TabletopError as e:
            self.say(str(e), error=True)
            return
        self.say("; ".join([f"this position written to {path}", *notes]))

    def open_save(self, path: str | Path | None = None) -> None:
        target = Path(path).expanduser() if path else self.save_path
        if target is None or not target.exists():
            self.say(f"no saved game at {target}", error=True)
            return
        try:
            self.session = Session.load(target)
        except TabletopError as e:
            self.say(str(e), error=True)
            return
        self.session.auto_pass = True
        self.save_path = target
        self.say("; ".join([f"opened {target}", *self.session.load_notes]))
        self.select(None)
        self.changed(table=True)
        self.sync_plot()

    def on_update(self, delta_time: float) -> bool:
        """An idle window draws four frames a second, not sixty: a frame is drawn at once
        when anything changed (input marks what), while a drag lasts, while ships sail
        across the screen, or while the computer plays.  The computer's side, when it is
        to act: one order every half second, each with its reason in the message."""
        busy = bool(self._dirty) or self._drag is not None or self.autopilot is not None
        if self._tween is not None:
            before, t, paths = self._tween
            self._tween = (before, t + delta_time, paths) if t + delta_time < TWEEN else None
            self._dirty |= {"table", "labels"}
            busy = True
        self._said += delta_time
        life = MESSAGE_LIFE * (2 if self.error else 1)
        if self.message and not self._sticky and self._said > life:
            self.say("")  # the message has had its time: it fades
        self.window.set_draw_rate(1 / 60 if busy else IDLE_FRAME)
        self._ai_wait -= delta_time
        computer.step(self)
        return True

    def card(self, ship: str) -> list[str]:
        """Her card as its viewer may see it (the card pane's)."""
        return self.card_pane.card(ship)

    # -- drawing and input: the view's helpers -------------------------------------------
    def rebuild(self) -> None:
        self.drawing.rebuild()

    def on_draw(self) -> bool:
        return self.drawing.on_draw()

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        return self.input.on_mouse_press(x, y, button, modifiers)

    def on_mouse_drag(
        self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int
    ) -> bool:
        return self.input.on_mouse_drag(x, y, dx, dy, buttons, modifiers)

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> bool:
        return self.input.on_mouse_release(x, y, button, modifiers)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool:
        return self.input.on_mouse_scroll(x, y, scroll_x, scroll_y)

    def on_mouse_motion(self, x: float, y: float, dx: float, dy: float) -> bool:
        self.hover_pane.point(x, y)
        return True

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        return self.input.on_key_press(symbol, modifiers)

    def hint(self) -> bool:
        """The coach's next move: the drill's (none here)."""
        return False

    def ending(self) -> list[Button]:
        """The action bar's buttons once the play is over: the drill's (none here)."""
        return []

    def abilities(self) -> frozenset[str]:
        """What the game played offers the window's keys (``keys.abilities``)."""
        scn = self.scenario
        photo, setup = bool(scn and scn.photo), self.switch is not None
        return abilities(scn and scn.ruleset, self.drill is not None, photo, setup)

    def on_resize(self, width: int, height: int) -> bool:
        """The HUD's panes follow the new size, and the table is fitted to it again (a
        resize is rare: the player's zoom is not worth a scrambled view)."""
        self._laid_out = (width, height)
        self.camera.match_window()
        self.fit()
        self._dirty |= {"labels", "hud"}
        return True

    # -- plotting orders ahead, hot seat ------------------------------------------------
    def sync_plot(self) -> None:
        """Open the plotting panel when the side to act owes a secret plot (behind the
        cover when another human shares the screen), close it when the plot is given."""
        game = self.session.game if self.session is not None else None
        spec = game.state.scenario.ruleset.plot_spec(game.state) if game is not None else None
        ai = self.autopilot.captains if self.autopilot is not None else {}
        if spec is None or spec.side in ai:
            if self.plot is not None:
                self.plot, self.foresight = None, None
                self.fit()
        else:
            humans = {s for s in game.state.sides if s not in ai}  # type: ignore[union-attr]
            if self.plot is None or self.plot.spec != spec:
                self.plot = PlotPanel.start(spec, shown=len(humans) < 2)
                if not self.plot.shown:  # what was said to one side is not for the other
                    self.say("")
                self.select(None)
                self._foresee()
                self.fit()
            elif len(humans) < 2:  # the computer took a side after the panel opened
                self.plot.shown = True  # (--ai, or a load): no one to pass the screen to
        self.changed()

    def _foresee(self) -> None:
        if self.plot is not None and self.session is not None and self.session.game:
            self.foresight = foresee(self.session.game.state, self.plot.spec, self.plot.plots)
        self.changed()

    def plot_command(self, command: tuple[str, ...]) -> bool:
        """A click on the panel or the cover (or its key): give the plot when asked, if
        the foresight finds no rule broken."""
        if self.plot is None:
            return False
        if command in (("save",), ("quit",)):  # the cover's: the game saved, or left
            return self.ask("save") if command == ("save",) else self.input.quit()
        try:
            action = self.plot.click(command)
        except TabletopError as e:
            self.say(str(e), error=True)
            return True
        if command[:1] == ("cell",) and command[1] != self.selected:
            self.select(command[1])  # the ship whose row is chosen: her fan, her card
        if command == ("ready",):  # what the cover said is for no one at the screen now
            self.fit()
            self.say("")
        if action is not None:
            problems = self.foresight.problems if self.foresight is not None else {}
            if problems:
                why = "; ".join(f"{k}: {v}" for k, v in problems.items())
                self.say("not given: " + why, error=True)
                return True
            self.play(action)
            return True
        self._foresee()
        return True

    def plot_ready(self) -> bool:
        if self.plot is None or self.plot.shown:
            return False
        return self.plot_command(("ready",))
