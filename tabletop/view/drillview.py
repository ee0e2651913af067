"""The tacking drill's view: the table view with the mark, the coach's hint, turns that
end themselves, and the scorecard at the mark."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import arcade

from tabletop.common.errors import TabletopError
from tabletop.data.save import write_atomic
from tabletop.drill import Drill
from tabletop.drill.course import course_toml, next_course
from tabletop.drill.replay import WINDOW_SECONDS
from tabletop.game.load import load_scenario
from tabletop.game.saved import MAX_SEED, write_save
from tabletop.game.session import Session
from tabletop.referee.movement import parse_path
from tabletop.view.table import TableView
from tabletop.view.tools import Button, MoveBuilder


class DrillView(TableView):
    """A course to sail: the pupil's ship selected, the sectors and laylines shown."""

    def __init__(self, window: arcade.Window, course: Any) -> None:
        super().__init__(window, None)
        self.overlays = {"sectors"}  # no guns in a drill: the wedges and the laylines
        self.restart(Drill.start(course, WINDOW_SECONDS))

    def restart(self, drill: Drill) -> None:
        """Sail a drill from its start: the first, "again" (the same course, its best
        already proven) or "new course"."""
        course = drill.course
        self.session = Session.open(course.scenario)
        self.drill = drill
        self._hinted: str | None = None  # the coach's tack hinted, for Enter
        self._owed: tuple[Any, str, bool] | None = None  # a turn held up by a decision
        source = course.scenario.source
        self.save_path = (
            Path(source).with_suffix(".save.json") if source else Path("tacking-drill.save.json")
        )
        self.select(course.ship)
        goal = (
            f"sail through the {course.gate:g} {course.units} gate"
            if course.gate
            else f"reach the mark ({course.radius:g} {course.units} circle)"
        )
        best = self.drill.optimum
        self.say(
            f"Tacking drill: {goal}.  H: the coach's hint.  "
            + (f"The best possible: {best.count:g} turns."
               if best.proven else f"The fewest the coach found: {best.count:g} turns."),
            sticky=True,
        )  # fmt: skip
        self.changed(table=True)
        self.fit()

    def ending(self) -> list[Button]:
        """At the mark the drill is over: sail it again, or a new course (the bar's only
        buttons then; "end turn" after the scorecard wiped it and carried on)."""
        if self.drill.card is None:
            return []
        return [Button("again", "drill again", "A"), Button("new course", "drill new", "C")]

    def press(self, b: Button) -> None:
        """The ending's buttons; any other, as the table view presses it."""
        if b.action == "drill again":
            d = self.drill
            self.restart(Drill(d.course, d.coach, d.optimum))
        elif b.action == "drill new":
            seed = random.randrange(1, MAX_SEED)
            self.restart(Drill.start(next_course(self.drill.course, seed), WINDOW_SECONDS))
        else:
            super().press(b)

    def undo(self) -> bool:
        """At the mark the scorecard stands (taking back the move that scored it left
        the card over a course no longer finished): "again" sails it afresh."""
        return True if self.drill.card is not None else super().undo()

    def redo(self) -> bool:
        return True if self.drill.card is not None else super().redo()

    def save(self, path: str | Path | None = None) -> None:
        """Save the drill as a game.  A course laid here has no file: it is written
        beside the save (``NAME.course.toml``) and the save names it, so ``tabletop
        check`` and ``run --load`` read it back (the save named a scenario "p")."""
        course = self.drill.course
        game = self.session.game if self.session is not None else None
        if course.scenario.source or game is None:
            super().save(path)
            return
        target = Path(path).expanduser() if path else self.save_path
        if target is None:
            return
        stem = target.name.removesuffix(".json").removesuffix(".save")
        beside = target.with_name(f"{stem}.course.toml")
        try:
            write_atomic(beside, course_toml(course))
            scn = load_scenario(beside)
            write_save(target, scn, game.start.seed, [str(a) for a in game.actions],
                       game.state.snapshot())  # fmt: skip
        except (TabletopError, OSError) as e:
            self.say(f"not saved: {e}", error=True)
            return
        self.save_path = target
        self.say(f"saved to {target} (the course beside it, {beside.name})", sticky=True)

    def hint(self) -> bool:
        """H: the coach's next move as a ghost (Enter sails it), or the tack to take."""
        if self.session is None or self.session.game is None or self.drill.card is not None:
            return True  # at the mark the scorecard stays (an empty hint replaced it)
        try:
            action = self.drill.hint(self.session.game)
        except TabletopError as e:  # it closed the window
            self.say(f"{e} from here (Ctrl+Z takes back your moves)", error=True)
            return True
        if action.startswith("move "):
            self.builder = MoveBuilder(
                self.drill.course.ship, list(parse_path(" ".join(action.split()[2:])))
            )
            self._rebuild_move()
            shown = " ".join(_short(w) for w in action.split()[2:])  # the ghost is exact
            self.say(f"coach: {shown} (Enter to sail it)")
        elif action:  # a tack to complete, or out of irons: Enter takes it, as a move
            self._hinted = action
            self.say(f"coach: {action}  (Enter to take it; ',' port / '.' starboard)")
        else:
            self.say("coach: nothing more this turn (E ends it)")
        return True

    def fresh_move(self) -> None:
        """A fresh move: the coach's hint is gone with its ghost (its line stayed over
        the pupil's own move, and Enter's meaning was unclear)."""
        super().fresh_move()
        self._hinted = None
        if self.message.startswith("coach:"):
            self.say("")

    def enter(self) -> bool:
        """Enter: the coach's tack hinted, if no move is being built (it did nothing)."""
        hinted, self._hinted = self._hinted, None
        if hinted is None or (self.builder is not None and self.builder.steps):
            return super().enter()
        self.play_her_move(self.drill.course.ship, hinted)
        return True

    def after_move(self, before: Any, action: str, reached: bool) -> None:
        """After a drill move: end the turn when nothing more is owed; score at the mark.
        A failed check (leaving luffing) leaves her a decision to answer first: the turn
        ends once it is answered (ending it then was refused, and the window said "that
        failed")."""
        self._hinted = None
        if self.drill.card is not None:
            return
        game = self.session.game
        self.drill.played(game, action)
        if game.state.pending:
            self._owed = (before, action, reached)
            return
        self._finish_turn(before, action, reached)

    def play(self, action: str) -> bool:
        """An action of hers; the turn a decision held up ends once it is answered.
        At the mark the drill is over: nothing more is played, the scorecard stays."""
        if self.drill.card is not None:
            return False
        if not super().play(action):
            return False
        game = self.session.game
        if self._owed is not None and game is not None and not game.state.pending:
            owed, self._owed = self._owed, None
            self._finish_turn(*owed)
        return True

    def _finish_turn(self, before: Any, action: str, reached: bool) -> None:
        game = self.session.game
        if not self.drill.owes_more(game) and not reached:
            self.session.play("end")
        self.drill.record(before, action, game, reached)
        if self.drill.card is not None:
            card = self.drill.card
            self.say(
                card.text(self.drill.course.units).replace("\n", "  |  ")
                + (f"  |  personal best: {self.drill.best}" if card.failed is None else ""),
                sticky=True,
            )


def _short(word: str) -> str:
    """A path word as the hint writes it, to a hundredth ("F8.19", not "F8.191741")."""
    try:
        return f"{word[0]}{float(word[1:]):.2f}".rstrip("0").rstrip(".") if word[1:] else word
    except ValueError:
        return word
