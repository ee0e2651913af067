"""The window: one arcade Window showing one view at a time — the table
(:class:`~tabletop.view.table.TableView`), the tacking drill
(:class:`~tabletop.view.drillview.DrillView`) or the set-up
(:class:`~tabletop.view.setupview.SetupView`), each with its panes as Sections; the
switch between playing a table and setting it up."""

from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import Any

import arcade
import pyglet

from tabletop.ai.autopilot import Autopilot
from tabletop.common.errors import TabletopError
from tabletop.drill.course import course_from_scenario
from tabletop.game.load import load_scenario
from tabletop.game.played import PlayedSession, played_session
from tabletop.game.setup import Setup
from tabletop.view.drillview import DrillView
from tabletop.view.setupview import SetupView
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
        setup: Setup | None = None,
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
        #: the set-up mode's view, once opened; and the game and the set-up's data that
        #: go together (a switch between them with no edit goes back to the same game)
        self.setup: SetupView | None = None
        self._link: tuple[Any, dict[str, Any]] | None = None
        if drill is None or drill.scenario.source:  # a course of a file can be set up
            self.table.switch = self.show_setup
        if setup is not None:
            self.setup = SetupView(self, setup, self.show_play)
            self.show_view(self.setup)
        else:
            self.show_view(self.table)
            self.table.fit()

    def show_setup(self) -> None:
        """Into the set-up from play: the table as its scenario is written (the set-up
        it was played from, with its undo, when it was)."""
        session = self.table.session
        if self.setup is None or self._link is None or self._link[0] is not session:
            source = session.scenario.source if session is not None else ""
            try:
                setup = Setup.open(source)
            except (TabletopError, OSError) as e:
                self.table.say(f"cannot set up {source}: {e}", error=True)
                return
            self.setup = SetupView(self, setup, self.show_play)
            self._link = (session, copy.deepcopy(setup.data))
        self.show_view(self.setup)
        self.setup.say("set-up: the scenario as written; 'play' (Ctrl+E) goes back to the game")

    def show_play(self, view: SetupView) -> None:
        """Into play from the set-up: back to the game when the table is unchanged since
        they last went together, else a new game on the table as it stands (from its
        file when saved; see :mod:`tabletop.game.played`)."""
        table, setup = self.table, view.setup
        if (
            self._link is not None
            and self._link[0] is table.session
            and (self._link[1] == setup.data)
        ):
            table.say("back to the game: the table is as it was set up")
        else:
            try:
                session = played_session(setup)
            except TabletopError as e:
                view.say(f"cannot play this table yet: {e}", error=True)
                return
            table = self._played(session)
            self._link = (table.session, copy.deepcopy(setup.data))
        self.show_view(table)

    def _played(self, session: Any) -> TableView:
        """The view a table set up is played in: the drill for a practice course (a
        mark to sail to: played as a game, it had no mark, no coach and no score), else
        the game's table, a fresh one after a drill."""
        course, problem = None, None
        if "mark" in session.scenario.options:
            try:
                course = course_from_scenario(session.scenario)
            except TabletopError as e:
                problem = str(e)
        if course is not None or isinstance(self.table, DrillView):
            self.table = DrillView(self, course) if course is not None else TableView(self, None)
            self.table.switch = self.show_setup
        table = self.table
        if course is None:
            table.start(session, Path(session.scenario.source).with_suffix(".save.json"))
        if problem:
            table.say(f"no drill: {problem}", error=True)
        elif isinstance(session, PlayedSession) and course is None:
            table.say(f"a game on the table as set up; saving it (Ctrl+S) writes the "
                      f"table to {session.scenario.source} too")  # fmt: skip
        return table
        table.fit()
        table.changed(table=True)

    def send(self, event: str, *args: Any) -> None:
        """Deliver an event now, as the event loop does (the view's panes first, then the
        view): pyglet's window would queue it until the loop runs."""
        pyglet.event.EventDispatcher.dispatch_event(self, event, *args)

    def frame(self) -> None:
        """One frame, as the event loop draws it (the view, then its panes)."""
        self.send("on_draw")


def run_drill(course: Any) -> int:
    """Open the window on a tacking drill."""
    return _run(drill=course)


def run_setup(setup: Setup) -> int:
    """Open the window in set-up mode on ``setup`` (``tabletop setup``)."""
    return _run(setup=setup)


def _run(**view: Any) -> int:
    """Open the window on the view ``view`` names, animated, until it is closed."""
    window = TableWindow(None, visible=not os.environ.get("ARCADE_HEADLESS"), **view)
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
