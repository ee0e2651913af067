"""The table window: see the table, select a ship, build and apply moves, fire, measure.

Long: one window class still holds the table view, the drill, the HUD and the input;
splitting it into arcade Views and Sections is the window issue's first step.

Drawing is in layers, each one numpy-built vertex buffer rebuilt only when what it
shows changes: the table (sea, terrain, ships), and the overlays (sectors, arcs, bands,
lines of fire, the fan, the move being built, the ruler, a ruling's proof).  A camera
pans without rebuilding anything; labels and the HUD are pyglet text batches.  Shapely
runs on events (a move, a key), never per frame.
"""

from __future__ import annotations

import os
import textwrap
from dataclasses import replace
from pathlib import Path
from typing import Any

import arcade
import numpy as np
import pyglet
import shapely

from tabletop.ai.autopilot import Autopilot
from tabletop.data.load import load_scenario
from tabletop.drill import Drill
from tabletop.engine.core import apply
from tabletop.engine.report import event_text, ship_card, ship_report
from tabletop.errors import TabletopError
from tabletop.fan import fan
from tabletop.fire import rule_fire
from tabletop.movement import Step, parse_path, path_text
from tabletop.rulings import sail, sail_text
from tabletop.session import Session
from tabletop.view import scene as sc
from tabletop.view.batch import Layer
from tabletop.view.plotting import Box, Foresight, PlotPanel, cover, foresee
from tabletop.view.tools import (
    TURN_STEP,
    Button,
    FireTool,
    MoveBuilder,
    Prompt,
    Ruler,
    action_buttons,
)

HELP = [
    "Mouse: click a ship to select; drag the sea to pan; wheel to zoom.  F: fit the table",
    "Move: Up/Down +/- 1 (Shift 0.1, Ctrl 5), Left/Right turn 5° (Shift 1°), drag her ghost",
    "      = the last run to the end of her allowance (the ghost snaps there too)",
    "      U luff runs, T tack, A/W anchor, Backspace undo a step, Enter apply, Esc cancel",
    "Overlays: 1 sectors  2 arcs (Shift+2 every ship's)  3 bands  4 lines of fire",
    "          5 or N the fan of legal end poses (click a pose to take that move)",
    "Tools: R ruler (drag)   L line of fire (click firer, then target; G fires, Shift+G high)",
    "Game: E end turn   , / . onto the port / starboard tack (finish a tack, or out of irons)",
    "      I / O irons / luffing after a failed check   X stand when rammed",
    "Drill: H the coach's next move as a ghost (Enter sails it); the scorecard at the mark",
    "      / type her path (previewed as you type)",
    "      Ctrl+Z undo  Ctrl+Y redo  Ctrl+S save as (the path offered)  Ctrl+O open  F1 help",
]
OVERLAY_KEYS = {
    arcade.key.KEY_1: "sectors",
    arcade.key.KEY_2: "arcs",
    arcade.key.KEY_3: "bands",
    arcade.key.KEY_4: "lof",
    arcade.key.KEY_5: "fan",
    arcade.key.N: "fan",
}
HUD_COLOUR = (240, 240, 240, 255)
IDLE_FRAME = 0.25  # seconds between frames when nothing changes
LOG_COLOUR = (200, 210, 220, 255)
UNDONE_COLOUR = (120, 125, 135, 255)
ERROR_COLOUR = (255, 120, 120, 255)
COVER = (12, 16, 22, 255)
TWEEN = 0.6  # seconds an action's movement takes on screen


class TableWindow(arcade.Window):
    """One window on one session; input handlers delegate to the tools."""

    def __init__(
        self,
        scenario_path: str | None,
        width: int = 1100,
        height: int = 760,
        visible: bool = True,
        drill: Any = None,
    ) -> None:
        # Multisampling costs software GL (llvmpipe) two thirds of its frame rate; the
        # shapes are filled polygons and quads, which read well without it.
        aa = os.environ.get("TABLETOP_ANTIALIAS", "0") == "1"
        super().__init__(
            width, height, "Tabletop", resizable=True, visible=visible, antialiasing=aa
        )
        self.background_color = (18, 24, 32, 255)
        self.session: Any = None
        self.selected: str | None = None
        self.overlays: set[str] = {"sectors", "arcs", "bands", "lof"}
        self.builder: MoveBuilder | None = None
        self.move: Any = None  # the MoveRuling of the move being built
        self.fan: Any = None
        self.ruler: Ruler | None = None
        self.fire_tool: FireTool | None = None
        self.ruling: tuple[str, str] | None = None
        self.message = ""
        self.error = False
        self.show_help = False
        self.camera = arcade.camera.Camera2D()
        self.hud_camera = arcade.camera.Camera2D()
        self.table_layer = Layer(self)
        self.overlay_layer = Layer(self)
        self.interact_layer = Layer(self)  # the move being built and the ruler: cheap, often
        self.labels = pyglet.graphics.Batch()  # the table's labels
        self._labels: list[arcade.Text] = []
        self.over_labels = pyglet.graphics.Batch()  # the overlays' labels
        self._over: list[arcade.Text] = []
        self.hud_batch = pyglet.graphics.Batch()
        self.hud: list[arcade.Text] = []
        self._drag: str | None = None
        self._dirty = {"table", "overlay", "interact", "labels", "hud"}
        self.save_path: Path | None = None
        self.drill: Any = None
        self.autopilot: Autopilot | None = None  # the computer's sides (--ai)
        self.buttons: list[tuple[Button, tuple[float, float, float, float]]] = []
        self.arming: Button | None = None  # a button waiting for its target ship
        self.prompt: Prompt | None = None  # a line being typed (save as, open, a path)
        self._turn_cards: tuple[Any, dict[str, list[str]]] = (None, {})
        self.plot: PlotPanel | None = None  # a side's orders being plotted (hot seat)
        self.foresight: Foresight | None = None
        self.boxes: list[Box] = []  # the plotting panel, or the cover, as laid out
        self._tween: tuple[dict[str, Any], float] | None = None  # (poses before, time)
        self.animate = False  # ships sail across the screen (the interactive window's)
        if scenario_path:
            self.load(scenario_path)
        if drill is not None:
            self.start_drill(drill)
        self.fit()

    # -- state -------------------------------------------------------------------------
    @property
    def scenario(self) -> Any:
        """The table as it stands now (ships at their current poses)."""
        return self.session.table if self.session is not None else None

    def say(self, text: str, error: bool = False) -> None:
        self.message, self.error = text, error
        self._dirty.add("hud")

    def load(self, path: str) -> None:
        """Open a scenario; a bad file is shown as a message and the window keeps running."""

        try:
            session = Session.open(load_scenario(path))
        except TabletopError as e:
            self.say(f"cannot open {path}: {e}", error=True)
            return
        self.session = session
        self.save_path = Path(path).with_suffix(".save.json")
        self.selected, self.builder, self.move, self.fan = None, None, None, None
        self.say("")
        self.changed(table=True)
        self._sync_plot()

    # -- the tacking drill ---------------------------------------------------------------
    def start_drill(self, course: Any) -> None:

        self.session = Session.open(course.scenario)
        self.drill = Drill.start(course)
        self.overlays = {"sectors"}  # no guns in a drill: the wedges and the laylines
        self.select(course.ship)
        goal = (
            f"sail through the {course.gate:g} {course.units} gate"
            if course.gate
            else f"reach the mark ({course.radius:g} {course.units} circle)"
        )
        self.say(
            f"Tacking drill: {goal}.  H: the coach's hint.  "
            f"The best possible: {self.drill.optimum.count:g} turns."
        )
        self.changed(table=True)

    def hint(self) -> None:
        if self.drill is None or self.session is None or self.session.game is None:
            return
        action = self.drill.hint(self.session.game)
        if action.startswith("move "):
            self.builder = MoveBuilder(
                self.drill.course.ship, list(parse_path(" ".join(action.split()[2:])))
            )
            self._rebuild_move()
            self.say(f"coach: {action.split(' ', 2)[2]} (Enter to sail it)")
        else:
            self.say(f"coach: {action}  (',' port / '.' starboard)")

    def _drill_turn(self, before: Any, action: str, reached: bool) -> None:
        """After a drill move: end the turn when nothing more is owed; score at the mark."""
        game = self.session.game
        self.drill.played(game, action)
        if not self.drill.owes_more(game) and not reached:
            self.session.play("end")
        self.drill.record(before, action, game, reached)
        if self.drill.card is not None:
            card = self.drill.card
            self.say(
                card.text(self.drill.course.units).replace("\n", "  |  ")
                + (f"  |  personal best: {self.drill.best}" if card.failed is None else "")
            )

    def changed(self, table: bool = False, interact_only: bool = False) -> None:
        """Mark what must be redrawn: the move/ruler only, the overlays, or the table too."""
        if interact_only:
            self._dirty |= {"interact", "hud"}
            return
        self._dirty |= {"overlay", "interact", "hud"} | ({"table"} if table else set())

    def fit(self) -> None:
        """Zoom and centre so the whole table shows."""
        scn = self.scenario
        if scn is None:
            return
        self.camera.match_window()
        self.hud_camera.match_window()
        margin = 40.0
        top = 70.0  # room for the HUD
        bottom = 36.0  # and for the action bar (or the plotting panel) below the table
        if self.plot is not None and self.plot.shown:
            bottom = self.plot.height() + 36.0
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
        self._dirty |= {"labels", "overlay", "interact", "table"}

    @property
    def view_w(self) -> int:
        """The window's size as last laid out (on_resize's; the same as ``width`` on a
        screen, where a headless window cannot change its framebuffer)."""
        return getattr(self, "_laid_out", (self.width, self.height))[0]

    @property
    def view_h(self) -> int:
        return getattr(self, "_laid_out", (self.width, self.height))[1]

    @property
    def log_width(self) -> float:
        """The log's pane at the right, when the window is wide enough to spare it."""
        return 260.0 if self.view_w >= 1000 else 0.0

    def _log_lines(self) -> list[tuple[str, tuple[int, int, int, int]]]:
        """The game's events as played, and after them the actions undone (greyed, to be
        redone with Ctrl+Y): the log of what stands, not of every key pressed."""
        if self.session is None:
            return []
        game = self.session.game
        if game is None:
            return [(t, LOG_COLOUR) for t in self.session.log]
        secret = game.state.scenario.ruleset.secret_verbs
        out = [(_hide(event_text(e), secret), LOG_COLOUR) for e in game.events]
        out += [
            (f"  (undone) {_hide(str(a), secret)}", UNDONE_COLOUR)
            for a, _, _ in reversed(game.redo_stack)
        ]
        return out

    def _log_pane(self, above: float) -> None:
        """The log in its own pane at the right (or above the action bar when narrow):
        the latest lines that fit, each cut to the pane's width."""
        lines = self._log_lines()
        if self.log_width:
            x, chars = self.view_w - self.log_width + 8, int((self.log_width - 16) / 5.6)
            rows = int((self.view_h - 110 - above) / 14)
            y0 = above
        else:
            x, chars, rows, y0 = 10.0, int((self.view_w - 20) / 5.6), 6, above
        shown = lines[-rows:] if rows > 0 else []
        for i, (t, c) in enumerate(reversed(shown)):
            t = t if len(t) <= chars else t[: chars - 1] + "…"
            self.hud.append(arcade.Text(t, x, y0 + 14 * i, c, 9, batch=self.hud_batch))
        self._log_box = (x - 8, y0 - 4, y0 + 14 * len(shown)) if shown else None

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
        hits = [(s.base_polygon().distance(p), s.id) for s in scn.ships]
        hits = [h for h in hits if h[0] <= slack]
        return min(hits)[1] if hits else None

    def select(self, ship: str | None) -> None:
        self.selected = ship
        self.builder = MoveBuilder(ship) if ship else None
        self.move = None
        self.fan = None
        if ship and "fan" in self.overlays:
            self._compute_fan()
        self.changed()

    # -- the move being built -----------------------------------------------------------
    def _rebuild_move(self) -> None:
        if self.builder is None or self.session is None:
            self.move = None
            return
        try:
            self.move = (
                self.session.preview(self.builder.ship, self.builder.text)
                if self.builder.steps
                else None
            )
        except TabletopError as e:
            self.move = None
            self.say(str(e), error=True)
        self.changed(interact_only=True)

    def _compute_fan(self) -> None:
        """Her fan as she stands now; none once she has sailed part of her move (the fan
        lays fresh moves: it would show what she can no longer do)."""
        game = self.session.game if self.session is not None else None
        if not self.selected:
            self.fan = None
        elif game is None:
            self.fan = fan(self.scenario, self.selected)
        elif self._sailed_part(self.selected):
            self.fan = None
            self.say(f"{self.selected} has sailed part of her move: the fan shows fresh moves only")
        else:
            self.fan = game.state.scenario.ruleset.fan_now(game.state, self.selected)

    def _sailed_part(self, ship: str) -> bool:
        """Whether she is part-way through her move this turn."""
        game = self.session.game if self.session is not None else None
        if game is None:
            return False
        st = game.state.ship(ship)
        return bool(st.path) or st.moved > 0

    def snap_rest(self) -> None:
        """Make the move's last run end her allowance exactly (what is left of it)."""
        if self.builder is None or self.move is None:
            if self.builder is not None and self.session is not None:
                self.builder.forward(1.0)  # nothing built yet: lay a run to measure from
                self._rebuild_move()
            if self.move is None:
                return
        assert self.builder is not None
        rest = self.move.allowance - self.move.distance
        last = self.builder.steps[-1] if self.builder.steps else None
        run = last.value if last is not None and last.kind in "FL" else 0.0
        self.builder.set_run(max(0.0, float(run or 0.0) + rest))
        self._rebuild_move()

    def apply_move(self) -> None:
        """Enter: play the move built so far through the engine; a move the preview
        finds illegal is refused with its reason (nothing illegal reaches the game)."""
        if self.builder is None or not self.builder.steps:
            return
        if self.move is not None and not self.move.legal:
            self.say("not played: " + "; ".join(self.move.violations), error=True)
            return
        verb = "move"
        game = self.session.game if self.session is not None else None
        if game is not None and game.state.pending:
            p = game.state.pending[0]
            sail_clear = [a for a in p.answers if a.action.endswith("PATH")]
            if sail_clear and p.ship == self.builder.ship:
                verb = sail_clear[0].verb  # a decision answered by a move (avoid a rammer)
        before = self.scenario.ship(self.builder.ship).pose
        reached = False
        if self.drill is not None and self.move is not None:
            reached = self.drill.course.passes(self.move)
        action = f"{verb} {self.builder.ship} {self.builder.text}"
        self.play(action)
        if not self.error and self.drill is not None and self.drill.card is None:
            self._drill_turn(before, action, reached)
        if not self.error:
            self.builder = MoveBuilder(self.builder.ship)
            self.move = None
            if "fan" in self.overlays:
                self._compute_fan()

    def play(self, action: str) -> None:
        if self.session is None:
            return
        before = {s.id: s.pose for s in self.scenario.ships}
        try:
            lines = self.session.play(action)
        except TabletopError as e:
            self.say(f"{action}: {e}", error=True)
            return
        self.say(lines[-1].strip() if lines else action)
        self.changed(table=True)
        if self.animate:
            self._tween = (before, 0.0)
        self._sync_plot()

    # -- plotting orders ahead, hot seat ------------------------------------------------
    def _tweened(self, scn: Any) -> Any:
        """The table as drawn: while an action's movement plays out, each ship part of
        the way from where she was to where she is."""
        if self._tween is None:
            return scn
        before, t = self._tween
        f = min(1.0, t / TWEEN)
        ships = []
        for s in scn.ships:
            a, b = before.get(s.id), s.pose
            if a is None or a == b:
                ships.append(s)
                continue
            turn = (b.heading - a.heading + 180.0) % 360.0 - 180.0
            x, y = a.x + f * (b.x - a.x), a.y + f * (b.y - a.y)
            pose = type(b)(x, y, (a.heading + f * turn) % 360.0)
            ships.append(s.moved(pose))
        return replace(scn, ships=tuple(ships))

    def _sync_plot(self) -> None:
        """Open the plotting panel when the side to act owes a secret plot (behind the
        cover when another human shares the screen), close it when the plot is given."""
        game = self.session.game if self.session is not None else None
        spec = game.state.scenario.ruleset.plot_spec(game.state) if game is not None else None
        if spec is None or (self.autopilot is not None and spec.side in self.autopilot.captains):
            if self.plot is not None:
                self.plot, self.foresight = None, None
                self.fit()
        elif self.plot is None or self.plot.spec != spec:
            ai = self.autopilot.captains if self.autopilot is not None else {}
            humans = {s for s in game.state.sides if s not in ai}  # type: ignore[union-attr]
            self.plot = PlotPanel.start(spec, shown=len(humans) < 2)
            self.select(None)
            self._foresee()
            self.fit()
        self.changed()

    def _foresee(self) -> None:
        if self.plot is not None and self.session is not None and self.session.game:
            self.foresight = foresee(self.session.game.state, self.plot.spec, self.plot.plots)
        self.changed()

    def _box_click(self, x: float, y: float) -> bool:
        """A click on the panel or the cover: do what the box says (True when one was hit)."""
        if self.plot is None:
            return False
        for b in self.boxes:
            left, right, bottom, top = b.rect
            if b.command and left <= x <= right and bottom <= y <= top:
                self._plot_command(b.command)
                return True
        return not self.plot.shown  # the cover takes every click

    def _plot_command(self, command: tuple[str, ...]) -> None:
        assert self.plot is not None
        action = self.plot.click(command)
        if command == ("ready",):
            self.fit()
        if action is not None:
            problems = self.foresight.problems if self.foresight is not None else {}
            if problems:
                self.say("not given: " + "; ".join(f"{k}: {v}" for k, v in problems.items()),
                         error=True)  # fmt: skip
                return
            self.play(action)
            return
        self._foresee()

    def on_update(self, delta_time: float) -> None:
        """An idle window draws four frames a second, not sixty: a frame is drawn at once
        when anything changed (input marks what), while a drag lasts, or while the
        computer plays.  The computer's side, when it is to act: one order every half
        second, so its moves are seen one by one, each with its reason in the message."""
        busy = bool(self._dirty) or self._drag is not None or self.autopilot is not None
        if self._tween is not None:  # ships sail from where they were to where they are
            before, t = self._tween
            self._tween = (before, t + delta_time) if t + delta_time < TWEEN else None
            self._dirty |= {"table", "labels"}
            busy = True
        self.set_draw_rate(1 / 60 if busy else IDLE_FRAME)
        self._ai_wait = getattr(self, "_ai_wait", 0.0) - delta_time
        game = self.session.game if self.session is not None else None
        if self.autopilot is None or game is None or self._ai_wait > 0:
            return
        cap = self.autopilot.due(game.state)
        if cap is not None:
            d = cap.decide(game.state)
            self.play(d.action)
            if not self.error and d.reason:
                self.say(d.reason)
            self._ai_wait = 0.5

    def undo(self) -> None:
        if self.session is not None and self.session.undo():
            self.say("undone")
            self.select(self.selected)
            self.changed(table=True)
            self._sync_plot()

    def redo(self) -> None:
        if self.session is not None and self.session.redo():
            self.say("redone")
            self.select(self.selected)
            self.changed(table=True)
            self._sync_plot()

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
        self.save_path = target
        self.say(f"opened {target}")
        self.select(None)
        self.changed(table=True)
        self._sync_plot()

    # -- typing a line -----------------------------------------------------------------
    def ask(self, kind: str) -> None:
        """Open the typed line: where to save (the last place offered), what to open, or
        the selected ship's path in the move syntax, previewed as it is typed."""
        default = str(self.save_path) if self.save_path is not None else ""
        if kind == "path":
            if self.builder is None:
                self.say("select a ship first", error=True)
                return
            self.prompt = Prompt("path", f"{self.builder.ship}'s path", self.builder.text)
        else:
            title = "save the game to" if kind == "save" else "open the saved game"
            self.prompt = Prompt(kind, title, default)
        self.changed(interact_only=True)

    def on_text(self, text: str) -> None:
        if self.prompt is None:
            return
        self.prompt.type(text)
        self._prompt_changed()

    def _prompt_changed(self) -> None:
        """A typed path is previewed as it is typed (a path not yet whole shows why)."""
        p = self.prompt
        if p is not None and p.kind == "path" and self.builder is not None:
            try:
                steps = list(parse_path(p.text)) if p.text.strip() else []
            except TabletopError as e:
                self.say(str(e), error=True)
                steps = None
            if steps is not None:
                self.builder.steps = steps
                self.say("")
                self._rebuild_move()
        self.changed(interact_only=True)

    def _prompt_key(self, symbol: int) -> None:
        """Enter does what the line is for; Esc closes it; Backspace deletes."""
        p, k = self.prompt, arcade.key
        assert p is not None
        if symbol == k.BACKSPACE:
            p.back()
            self._prompt_changed()
        elif symbol == k.ESCAPE:
            self.prompt = None
        elif symbol in (k.ENTER, k.RETURN, k.NUM_ENTER):
            self.prompt = None
            if p.kind == "save":
                self.save(p.text.strip())
            elif p.kind == "open":
                self.open_save(p.text.strip())
            else:
                self.apply_move()
        self.changed()

    # -- drawing -----------------------------------------------------------------------
    def overlay_scenes(self) -> list[sc.Scene]:
        scn = self.scenario
        out: list[sc.Scene] = []
        if scn is None:
            return out
        sel = self.selected
        if self.ruling is None and "every_arc" in self.overlays:
            out.append(sc.arcs_scene(scn, bands="bands" in self.overlays))
        elif self.ruling is None and sel and ("arcs" in self.overlays or "bands" in self.overlays):
            out.append(sc.arcs_scene(scn, bands="bands" in self.overlays, only=sel))
        if sel is not None:
            if "sectors" in self.overlays:
                out.insert(0, sc.sectors_scene(scn, sel))
            if "lof" in self.overlays and scn.ruleset.has_gunnery:
                side = scn.ship(sel).side
                enemies = [s.id for s in scn.ships if s.side != side]
                out.append(sc.lof_scene(scn, sel, enemies))
            if "fan" in self.overlays and self.fan is not None:
                out.append(sc.fan_scene(scn, self.fan))
            hl = sc.Scene()
            hl.lines.append(sc.Line(scn.ship(sel).base_corners(), sc.SELECT, 3.0, closed=True))
            out.append(hl)
        if self.drill is not None:
            out.insert(0, sc.drill_scene(self.drill.course))
        if self.plot is not None and self.plot.shown and self.foresight is not None:
            f = self.foresight
            out.append(sc.plot_scene(scn, f.poses, f.meets, self.plot.spec.slots))
        if self.ruling is not None:
            try:
                out.append(sc.ruling_scene(scn, *self.ruling))
            except TabletopError as e:
                self.say(str(e), error=True)
        return out

    def interact_scenes(self) -> list[sc.Scene]:
        scn = self.scenario
        out: list[sc.Scene] = []
        if scn is None:
            return out
        if self.selected is not None and self.move is not None:
            out.append(sc.move_scene(scn, self.selected, self.move))
        if self.ruler is not None and self.ruler.a is not None and self.ruler.b is not None:
            out.append(sc.ruler_scene(scn, self.ruler.a, self.ruler.b))
        return out

    def rebuild(self) -> None:
        """Rebuild whatever is out of date (called before a frame; cheap when nothing is)."""
        scn = self.scenario
        upp = 1.0 / self.px_per_unit
        if "table" in self._dirty:
            shown = self._tweened(scn) if scn is not None else None
            self._table_scenes = sc.table_scenes(shown, upp) if shown is not None else []
            self.table_layer.build(self._table_scenes, upp)
        if "overlay" in self._dirty:
            self._overlay_scenes = self.overlay_scenes()
            self.overlay_layer.build(self._overlay_scenes, upp)
        if "interact" in self._dirty:
            self._interact_scenes = self.interact_scenes()
            self.interact_layer.build(self._interact_scenes, upp)
        # the table's labels (grid figures, names) only when the table or the view moves;
        # the overlays' own (ranges, bearings) whenever they change
        if self._dirty & {"labels", "table"}:
            self.labels, self._labels = self._build_labels(getattr(self, "_table_scenes", []))
        if self._dirty & {"labels", "overlay", "interact"}:
            self.over_labels, self._over = self._build_labels(
                [*getattr(self, "_overlay_scenes", []), *getattr(self, "_interact_scenes", [])]
            )
        if self._dirty & {"hud", "overlay", "interact"}:
            self._hud()
        self._dirty.clear()

    def _build_labels(self, scenes: list[sc.Scene]) -> tuple[pyglet.graphics.Batch, list[Any]]:
        """The scenes' labels as one text batch, placed on screen (labels keep their size
        at any zoom, so they are laid in screen space)."""
        batch = pyglet.graphics.Batch()
        texts = []
        for scene in scenes:
            for lb in scene.labels:
                x, y = self.to_screen(np.array([lb.x, lb.y]))
                texts.append(
                    arcade.Text(
                        lb.text,
                        float(x),
                        float(y),
                        lb.color,
                        lb.size,
                        anchor_x="center",
                        anchor_y="center",
                        batch=batch,
                    )
                )
        return batch, texts

    def _hud(self) -> None:
        self.hud_batch = pyglet.graphics.Batch()
        lines: list[tuple[str, tuple[int, int, int, int]]] = []
        scn = self.scenario
        if self.session is not None:
            lines.append(
                (
                    f"{scn.name}  ·  {scn.ruleset.title}  ·  {scn.units}  ·  {self.session.status}",
                    HUD_COLOUR,
                )
            )
            game = self.session.game
            if game is not None and game.state.pending:
                p = game.state.pending[0]
                keys = ", or ".join(
                    f"select {p.ship} and build a move to {a.label.split(':')[0]} ({a.key})"
                    if a.action.endswith("PATH")
                    else f"{a.key}: {a.label}"
                    for a in p.answers
                )
                lines.append((f"{p.side} decides for {p.ship}: {keys}", ERROR_COLOUR))
            if self.selected:
                lines.append((sail_text(sail(scn, self.selected)), HUD_COLOUR))
                lines += self._card_lines(self.selected)
                if self.builder is not None and self.builder.steps and self.move is not None:
                    m = self.move
                    state = "legal" if m.legal else "ILLEGAL: " + "; ".join(m.violations)
                    if m.collision is not None:
                        state += f"; COLLIDES with {m.collision_with} after {m.collision.at:.2f}"
                    owed = m.plan.allowance_min - m.distance
                    if m.legal and owed > 1e-3:
                        state += f" so far: {owed:.2f} more owed before the turn ends"
                    lines.append(
                        (
                            f"move {self.builder.text}: {m.distance:.2f} of "
                            f"{m.allowance:.2f} {scn.units}  {state}   (= the rest)",
                            HUD_COLOUR if m.legal else ERROR_COLOUR,
                        )
                    )
        panel: list[str] = []
        if self.ruling is not None and self.session is not None:
            try:
                panel = rule_fire(scn, *self.ruling).text().splitlines()
            except TabletopError:
                panel = []
        if self.ruler is not None and self.ruler.length is not None:
            lines.append((f"ruler: {self.ruler.length:.2f} {scn.units}", sc.RULER))
        tool = "ruler" if self.ruler is not None else "line of fire" if self.fire_tool else ""
        if tool:
            lines.append((f"tool: {tool} (Esc to leave)", HUD_COLOUR))
        if self.prompt is not None:
            lines.append(
                (f"{self.prompt.title}: {self.prompt.text}_   (Enter, Esc)", (255, 220, 120, 255))
            )
        if self.message:
            lines.append((self.message, ERROR_COLOUR if self.error else HUD_COLOUR))
        if self.show_help:
            lines += [(h, HUD_COLOUR) for h in HELP]
            if scn is not None:
                lines += [(t, c) for t, c in self._legend(scn)]
        else:
            lines.append(("F1: help", (180, 180, 180, 255)))
        # long lines wrap at the window's edge (about 7.2 px a character at this size)
        width = max(20, int((self.view_w - 20) / 7.2))
        lines = [
            (part, c)
            for t, c in lines
            for part in (textwrap.wrap(t, width, subsequent_indent="    ") or [""])
        ]
        self.hud = [
            arcade.Text(t, 10, self.view_h - 18 - 17 * i, c, 11, batch=self.hud_batch)
            for i, (t, c) in enumerate(lines)
        ]
        px = max(10.0, self.view_w - 20 - 6.2 * max((len(t) for t in panel), default=0))
        self._panel = (px - 10, self.view_h - 22 - 16 * len(panel), len(panel))
        self.hud += [
            arcade.Text(t, px, self.view_h - 62 - 16 * i, HUD_COLOUR, 10, batch=self.hud_batch)
            for i, t in enumerate(panel)
        ]
        self._hud_rows = len(lines)
        self._panel_boxes()
        self._button_row()
        above = max((top for _, (_, _, _, top) in self.buttons), default=0.0) + 8
        self._log_pane(above)

    @staticmethod
    def _legend(scn: Any) -> list[tuple[str, tuple[int, int, int, int]]]:
        """What the colours mean: each side in its own colour, then the overlays'."""
        sides = [(f"■ {side}", tuple(c)) for side, c in sc.side_colours(scn).items()]
        return [
            ("Colours:", HUD_COLOUR),
            *sides,  # type: ignore[list-item]
            ("line of fire: green clear, yellow partly blocked, red blocked", HUD_COLOUR),
            ("wedges and the fan: by point of sail; yellow outline: the selected ship", HUD_COLOUR),
        ]

    def _card_lines(self, ship: str) -> list[tuple[str, tuple[int, int, int, int]]]:
        """Her ship card; what changed since her side's turn began, in the alarm colour."""
        game = self.session.game if self.session is not None else None
        if game is None:
            return []
        st = game.state
        key = (st.turn, st.active)
        if self._turn_cards[0] != key:  # a new player turn: remember every ship as she was
            self._turn_cards = (key, {s.id: self._card(s.id) for s in st.ships})
        now = self._card(ship)
        out = [(t, HUD_COLOUR) for t in now]
        then = self._turn_cards[1].get(ship)
        if then is not None and then[0] != now[0]:
            out.append((f"  this turn, was: {then[0].split(': ', 1)[-1]}", ERROR_COLOUR))
        return out

    def _card(self, ship: str) -> list[str]:
        """Her card as the screen's viewer may see it: the plotting side while it plots,
        else everyone at the table (secret orders shown only as far as revealed)."""
        state = self.session.game.state
        with_ = tuple(b if a == ship else a for a, b in state.grappled if ship in (a, b))
        viewer = self.plot.spec.side if self.plot is not None and self.plot.shown else None
        return ship_card(ship_report(state, ship, viewer), with_)

    def _panel_boxes(self) -> None:
        """The plotting panel along the foot of the window (where the action bar is
        otherwise: it stays put while the HUD grows), or the cover while the screen is
        passed."""
        self.boxes = []
        if self.plot is None:
            return
        if not self.plot.shown:
            self.boxes = cover(self.plot.spec, self.view_w, self.view_h)
        else:
            notes = self.foresight.notes(self.plot.spec.slots) if self.foresight else {}
            self.boxes = self.plot.layout(10.0, self.plot.height() + 8.0, notes)
        for b in self.boxes:
            if b.text:
                left, _, bottom, top_ = b.rect
                colour = ERROR_COLOUR if b.text.startswith(("cannot", "meets")) else HUD_COLOUR
                self.hud.append(
                    arcade.Text(b.text, left + 6, bottom + 6, colour, 10, batch=self.hud_batch)
                )

    def _button_row(self) -> None:
        """The action bar along the foot of the window: the verbs the ruleset offers the
        selected ship now, or the pending decision's answers, each with its key."""
        self.buttons = []
        game = self.session.game if self.session is not None else None
        if game is None or game.state.winner is not None or self.plot is not None:
            return  # a plot is given from its panel
        st = game.state
        pending = st.pending[0] if st.pending else None
        ship = pending.ship if pending is not None else self.selected
        if pending is None and ship is not None and st.side_of(ship) != st.active_side:
            ship = None  # not hers to act: only 'end turn' is offered
        x, y = 10.0, 6.0
        for b in self._playable(action_buttons(st.scenario.ruleset.verbs, pending, ship)):
            text = b.label + (
                f" [{b.key.lower() if len(b.key) == 1 else b.key.title()}]" if b.key else ""
            )
            w = 7.0 * len(text) + 14
            if x + w > self.view_w - 10 and x > 10.0:  # wrap onto the row above
                x, y = 10.0, y + 26.0
            self.buttons.append((b, (x, x + w, y, y + 22.0)))
            colour = (255, 220, 120, 255) if b is self.arming else HUD_COLOUR
            self.hud.append(arcade.Text(text, x + 7, y + 6, colour, 10, batch=self.hud_batch))
            x += w + 6

    def _playable(self, buttons: list[Button]) -> list[Button]:
        """The buttons whose action the engine would take now: each whole action is tried
        on the state (pure: nothing is kept); one still wanting a target or a path is
        offered, and judged when it has them."""
        state = self.session.game.state
        out = []
        for b in buttons:
            if b.needs_target or b.needs_path:
                out.append(b)
                continue
            try:
                apply(state, b.action)
            except TabletopError:
                continue
            out.append(b)
        return out

    def press(self, b: Button) -> None:
        """A button pressed (or its key): play it, or wait for the ship it needs, or use
        the move being built."""
        if b.needs_target:
            self.arming = b
            self.say(f"{b.label.replace('…', '').strip()}: click the ship (Esc to cancel)")
            return
        if b.needs_path:
            if self.builder is None or not self.builder.steps:
                self.say("build her move first (arrows, the ghost, or '=')", error=True)
                return
            if b.action.split()[0] in ("move", "avoid"):
                self.apply_move()
                return
        self.play(b.fill(None, self.builder.text if self.builder else ""))

    def _armed_pick(self, target: str) -> None:
        b, self.arming = self.arming, None
        assert b is not None
        if b.needs_path and (self.builder is None or not self.builder.steps):
            self.say("build her move first, then pick the target", error=True)
            return
        self.play(b.fill(target, self.builder.text if self.builder else ""))

    def on_draw(self) -> None:
        self.rebuild()
        self.clear()
        if self.plot is not None and not self.plot.shown:
            with self.hud_camera.activate():  # the screen is being passed: no table
                self._draw_boxes()
                self.hud_batch.draw()
            return
        with self.camera.activate():
            self.table_layer.draw()
            self.overlay_layer.draw()
            self.interact_layer.draw()
        with self.hud_camera.activate():
            self.labels.draw()
            self.over_labels.draw()
            self._backdrop()
            self._meter()
            self.hud_batch.draw()

    def _backdrop(self) -> None:
        """Shade behind the HUD text so it reads over the table."""
        rows = getattr(self, "_hud_rows", 0)
        shade = (10, 14, 20, 200)
        arcade.draw_lrbt_rectangle_filled(
            0, self.view_w, self.view_h - 8 - 17 * rows, self.view_h, shade
        )
        for b, (left, right, bottom, top) in self.buttons:
            fill = (70, 60, 30, 230) if b is self.arming else (40, 52, 70, 230)
            arcade.draw_lrbt_rectangle_filled(left, right, bottom, top, fill)
        box = getattr(self, "_log_box", None)
        if box is not None and self.log_width:
            arcade.draw_lrbt_rectangle_filled(box[0], self.view_w, box[1], box[2], shade)
        self._draw_boxes()
        x, _, n = getattr(self, "_panel", (0, 0, 0))
        if n:
            arcade.draw_lrbt_rectangle_filled(
                x, self.view_w, self.view_h - 70 - 16 * n, self.view_h - 44, shade
            )

    def _draw_boxes(self) -> None:
        """The panel's cells and buttons (a caption has no fill); the cover is opaque."""
        for b in self.boxes:
            left, right, bottom, top = b.rect
            if not b.text and not b.command:
                arcade.draw_lrbt_rectangle_filled(left, right, bottom, top, COVER)
            elif b.command:
                fill = (110, 90, 30, 240) if b.lit else (40, 52, 70, 230)
                arcade.draw_lrbt_rectangle_filled(left, right, bottom, top, fill)

    def _meter(self) -> None:
        """The allowance meter: distance of the move being built against the allowance."""
        m = self.move
        if m is None or m.allowance <= 0:
            return
        x0, y0, w, h = self.view_w - 230, self.view_h - 30, 200, 12
        used = min(1.0, m.distance / m.allowance)
        arcade.draw_lrbt_rectangle_filled(x0, x0 + w, y0, y0 + h, (60, 60, 70, 255))
        col = (80, 200, 120, 255) if m.legal else (230, 80, 80, 255)
        arcade.draw_lrbt_rectangle_filled(x0, x0 + w * used, y0, y0 + h, col)

    # -- input -------------------------------------------------------------------------
    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> None:
        if self.session is None:
            return
        if self._box_click(x, y):
            self.changed()
            return
        for b, (left, right, bottom, top) in self.buttons:
            if left <= x <= right and bottom <= y <= top:
                self.press(b)
                self.changed()
                return
        tx, ty = self.to_table(x, y)
        if self.arming is not None:
            hit = self.ship_at(x, y)
            if hit is not None:
                self._armed_pick(hit)
                self.changed()
            return
        if self.ruler is not None:
            reach = 8.0 / self.px_per_unit
            self.ruler.a = Ruler.snap(self.scenario, tx, ty, reach)
            self.ruler.b = self.ruler.a
            self._drag = "ruler"
            return
        hit = self.ship_at(x, y)
        if self.fire_tool is not None:
            if hit is not None:
                self.fire_tool.pick(hit)
                if self.fire_tool.target is not None:
                    self.ruling = (self.fire_tool.firer, self.fire_tool.target)  # type: ignore[assignment]
                self.changed()
            return
        if self.fan is not None and "fan" in self.overlays and len(self.fan) and hit is None:
            i = self.fan.nearest(tx, ty)
            if np.hypot(self.fan.x[i] - tx, self.fan.y[i] - ty) <= 8.0 / self.px_per_unit:
                self.builder = MoveBuilder(self.selected or "")
                for word in self.fan.path(i).split():
                    self.builder.steps.append(parse_path(word)[0])
                self._rebuild_move()
                return
        if hit is not None and hit == self.selected and self.builder is not None:
            self._drag = "ghost"
            return
        if hit is not None:
            self.select(hit)
            return
        self._drag = "pan"

    def on_mouse_drag(
        self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int
    ) -> None:
        if self._drag == "pan":
            cx, cy = self.camera.position
            self.camera.position = (cx - dx / self.px_per_unit, cy - dy / self.px_per_unit)
            self._dirty.add("labels")
        elif self._drag == "ruler" and self.ruler is not None:
            tx, ty = self.to_table(x, y)
            self.ruler.b = Ruler.snap(self.scenario, tx, ty, 8.0 / self.px_per_unit)
            self.changed(interact_only=True)
        elif self._drag == "ghost" and self.builder is not None and self.selected is not None:
            self.drag_ghost(*self.to_table(x, y))

    def drag_ghost(self, tx: float, ty: float) -> None:
        """Set her last run so the ghost ends where the pointer is, along her heading."""
        assert self.builder is not None
        start = self.scenario.ship(self.builder.ship).pose
        if self.builder.steps and self.builder.steps[-1].kind in "FL":
            self.builder.steps.pop()
        prefix = (
            self.session.preview(self.builder.ship, self.builder.text)
            if self.builder.steps
            else None
        )
        pose = prefix.end if prefix is not None else start
        r = np.radians(pose.heading)
        along = max(0.0, float((tx - pose.x) * np.sin(r) + (ty - pose.y) * np.cos(r)))
        # within a few pixels of the end of her allowance, the ghost snaps onto it
        probe = self.session.preview(
            self.builder.ship, path_text((*self.builder.steps, Step("F", 1.0)))
        )
        rest = probe.allowance - (probe.distance - 1.0)
        if abs(along - rest) <= 8.0 / self.px_per_unit:
            along = rest
        self.builder.set_run(along)
        self._rebuild_move()

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> None:
        self._drag = None

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        before = self.to_table(x, y)
        self.camera.zoom = float(self.camera.zoom) * 1.15**scroll_y
        after = self.to_table(x, y)
        cx, cy = self.camera.position
        self.camera.position = (cx + before[0] - after[0], cy + before[1] - after[1])
        self._dirty |= {"table", "overlay", "interact", "labels"}  # line widths follow the zoom

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        ctrl = bool(modifiers & arcade.key.MOD_CTRL)
        shift = bool(modifiers & arcade.key.MOD_SHIFT)
        k = arcade.key
        if self.prompt is not None:
            self._prompt_key(symbol)
            return
        if self.plot is not None and not self.plot.shown and not ctrl:
            if symbol == k.SPACE:
                self._plot_command(("ready",))
            return  # the screen is being passed: nothing else
        if self.plot is not None and symbol in (k.ENTER, k.RETURN, k.NUM_ENTER):
            self._plot_command(("give",))
            return
        if ctrl and symbol == k.S:
            self.ask("save")
        elif ctrl and symbol == k.O:
            self.ask("open")
        elif symbol == k.SLASH:
            self.ask("path")
        elif ctrl and symbol == k.Z:
            self.undo()
        elif ctrl and symbol == k.Y:
            self.redo()
        elif symbol == k.F1:
            self.show_help = not self.show_help
        elif symbol == k.F:
            self.fit()
        elif (symbol == k.KEY_2 and shift) or symbol == k.AT:  # X11 sends Shift+2 as @
            self.overlays ^= {"every_arc"}
        elif symbol in OVERLAY_KEYS:
            name = OVERLAY_KEYS[symbol]
            self.overlays ^= {name}
            if name == "fan" and "fan" in self.overlays and self.selected:
                self._compute_fan()
        elif symbol == k.R:
            self.ruler = None if self.ruler is not None else Ruler()
            self.fire_tool = None
        elif symbol == k.L:
            self.fire_tool = None if self.fire_tool is not None else FireTool()
            self.ruler = None
            if self.fire_tool is None:
                self.ruling = None
        elif symbol == k.G and self.ruling is not None:
            self.play(f"fire {self.ruling[0]} {self.ruling[1]}" + (" high" if shift else ""))
        elif symbol == k.E:
            self.play("end")
        elif symbol == k.H:
            self.hint()
        elif symbol in (k.COMMA, k.PERIOD) and self.selected and self.session is not None:
            side = "port" if symbol == k.COMMA else "starboard"
            game = self.session.game
            verb = (
                game.state.scenario.ruleset.tack_verb(game.state, self.selected)
                if game is not None
                else None
            )
            before = self.scenario.ship(self.selected).pose
            action = f"{verb or 'recover'} {self.selected} {side}"
            self.play(action)
            if not self.error and self.drill is not None and self.drill.card is None:
                self._drill_turn(before, action, False)
        elif self._answer(symbol) is not None:
            self.play(self._answer(symbol) or "")
        elif symbol == k.ESCAPE and self.arming is not None:
            self.arming = None
            self.say("")
        elif (b := self._button_for(symbol)) is not None:
            self.press(b)
        elif symbol == k.ESCAPE:
            if self.ruler is not None or self.fire_tool is not None:
                self.ruler, self.fire_tool, self.ruling = None, None, None
            elif self.builder is not None and self.builder.steps:
                self.builder = MoveBuilder(self.builder.ship)
                self.move = None
            else:
                self.select(None)
        elif self.builder is not None:
            self._edit_move(symbol, shift, ctrl)
            return
        self.changed()

    def _button_for(self, symbol: int) -> Button | None:
        """The action bar's button with this letter key (Enter stays the move's key)."""
        for b, _ in self.buttons:
            if len(b.key) == 1 and symbol == getattr(arcade.key, b.key, None):
                return b
        return None

    def _answer(self, symbol: int) -> str | None:
        """The pending decision's answer whose key this is (one that needs no path)."""
        game = self.session.game if self.session is not None else None
        if game is None or not game.state.pending:
            return None
        for a in game.state.pending[0].answers:
            if len(a.key) == 1 and symbol == getattr(arcade.key, a.key, None):
                return a.action
        return None

    def _edit_move(self, symbol: int, shift: bool, ctrl: bool) -> None:
        assert self.builder is not None
        k = arcade.key
        step = 0.1 if shift else 5.0 if ctrl else 1.0
        # a ruleset with fixed pivots (Hold Fast: 45°) turns by the pivot
        pivot = self.scenario.ruleset.fixed_turn if self.scenario else None
        turn = pivot if pivot else (1.0 if shift else TURN_STEP)
        if symbol == k.UP:
            self.builder.forward(step)
        elif symbol == k.DOWN:
            self.builder.forward(-step)
        elif symbol == k.LEFT:
            self.builder.turn(-turn)
        elif symbol == k.RIGHT:
            self.builder.turn(turn)
        elif symbol == k.U:
            self.builder.luffing = not self.builder.luffing
            self.say("luffing runs" if self.builder.luffing else "full sail runs")
        elif symbol == k.T:
            self.builder.token("T")
        elif symbol == k.A:
            self.builder.token("A")
        elif symbol == k.W:
            self.builder.token("W")
        elif symbol in (k.EQUAL, k.NUM_EQUAL):
            self.snap_rest()
            return
        elif symbol == k.BACKSPACE:
            self.builder.back()
        elif symbol in (k.ENTER, k.RETURN, k.NUM_ENTER):
            self.apply_move()
            self.changed()
            return
        else:
            return
        self._rebuild_move()

    def on_resize(self, width: int, height: int) -> None:
        """The HUD, the panes and the bar follow the new size, and the table is fitted
        to it again (a resize is rare: the player's zoom is not worth a scrambled view)."""
        super().on_resize(width, height)
        self._laid_out = (width, height)
        if not hasattr(self, "hud_camera"):  # the window is still being made
            return
        self.camera.match_window()
        self.hud_camera.match_window()
        self.fit()
        self._dirty |= {"labels", "hud"}


def _hide(line: str, secret: frozenset[str]) -> str:
    """A secret action's words kept off a shared screen: the verb, not the plot."""
    words = line.split()
    verb_at = 1 if words[:1] == [">"] else 0
    if len(words) > verb_at and words[verb_at] in secret:
        return " ".join(words[: verb_at + 1]) + " … (hidden until revealed)"
    return line


def run_drill(course: Any) -> int:
    """Open the window on a tacking drill."""
    window = TableWindow(None, visible=not os.environ.get("ARCADE_HEADLESS"), drill=course)
    window.set_update_rate(1 / 60)
    arcade.run()
    return 0


def run(scenario_path: str, ai: list[str] | None = None) -> int:
    """Open the window and run until it is closed; ``ai``: the sides the computer plays."""
    window = TableWindow(scenario_path, visible=not os.environ.get("ARCADE_HEADLESS"))
    window.animate = True
    if ai and window.session is not None and window.session.game is not None:
        window.autopilot = Autopilot.parse(window.session.game.state, ai)
        window._sync_plot()  # the computer plots its own side
    window.set_update_rate(1 / 60)
    arcade.run()
    return 0
