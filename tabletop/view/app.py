"""The window: one arcade Window showing one view at a time — the table
(:class:`~tabletop.view.table.TableView`) or the tacking drill
(:class:`~tabletop.view.drillview.DrillView`), each with its HUD panes as Sections."""

from __future__ import annotations

import os
from typing import Any

import arcade
import pyglet

from tabletop.ai.autopilot import Autopilot
from tabletop.common.errors import TabletopError
from tabletop.drill.course import course_from_scenario
from tabletop.game.load import load_scenario
from tabletop.view.drillview import DrillView
from tabletop.view.table import TableView


class TableWindow(arcade.Window):
    """The desktop window; ``table`` is the view it shows (input goes there)."""

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
        self.table: TableView = (
            DrillView(self, drill) if drill is not None else TableView(self, scenario_path)
        )
        self.show_view(self.table)
        self.table.fit()

    def send(self, event: str, *args: Any) -> None:
        """Deliver an event now, as the event loop does (the view's panes first, then the
        view): pyglet's window would queue it until the loop runs."""
        pyglet.event.EventDispatcher.dispatch_event(self, event, *args)

    def frame(self) -> None:
        """One frame, as the event loop draws it (the view, then its panes)."""
        self.send("on_draw")


def run_drill(course: Any) -> int:
    """Open the window on a tacking drill."""
    window = TableWindow(None, visible=not os.environ.get("ARCADE_HEADLESS"), drill=course)
    window.table.animate = True
    window.set_update_rate(1 / 60)
    arcade.run()
    return 0


def run(scenario_path: str, ai: list[str] | None = None) -> int:
    """Open the window and run until it is closed; ``ai``: the sides the computer plays.
    A practice scenario (one with a mark) opens as the drill: played as a game, it had
    no mark, no coach and no score."""
    course, problem = _course(scenario_path) if not ai else (None, None)
    if course is not None:
        return run_drill(course)
    window = TableWindow(scenario_path, visible=not os.environ.get("ARCADE_HEADLESS"))
    if problem:
        window.table.say(f"no drill: {problem}", error=True)
    view = window.table
    view.animate = True
    if ai and view.session is not None and view.session.game is not None:
        view.autopilot = Autopilot.parse(view.session.game.state, ai)
        view.sync_plot()  # the computer plots its own side
        view._ai_wait = 2.0  # the table seen first (its first order came before the window)
    window.set_update_rate(1 / 60)
    arcade.run()
    return 0


def _course(scenario_path: str) -> tuple[Any, str | None]:
    """The drill's course when the scenario names a mark to sail to (else None), and
    why a mark it names cannot be sailed to (a file that does not load is left to the
    window, which says why)."""
    try:
        scn = load_scenario(scenario_path)
    except TabletopError:
        return None, None
    if "mark" not in scn.options:
        return None, None
    try:
        return course_from_scenario(scn), None
    except TabletopError as e:
        return None, str(e)
