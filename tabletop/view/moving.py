"""The move being built in the table view, and the actions that need one: keys and drags
into a path, the preview judged as the engine will judge it, Enter to play it, the fan's
poses to take, the typed line, the action bar's buttons that want a target or a path.

A mixin of :class:`tabletop.view.table.TableView`: it reads and writes the view's state
(``session``, ``selected``, ``builder``, ``move``, ``fan``) and calls its ``play``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import arcade
import numpy as np

from tabletop.common.errors import TabletopError
from tabletop.referee import reckon
from tabletop.referee.fan import Fan, close_aboard, empty_fan, fan
from tabletop.referee.movement import Step, parse_path, path_text
from tabletop.view.fanclick import laid_path
from tabletop.view.marks import FAN_REACH
from tabletop.view.scene import fan_hexes
from tabletop.view.tools import TURN_STEP, Button, MoveBuilder, Prompt

#: Why a ship's fan is not shown: said once she has sailed part of her move this turn.
PART_SAILED = "has sailed part of her move: the fan shows fresh moves only"
#: ...and once she has sailed all of it (it said "part" after she had completed it).
SAILED_ALL = "has sailed all her move this turn: no fan until her next"


def plot_fan(state: Any, ship: str) -> tuple[Fan, list[Any]]:
    """The fan of a ship whose turn is plotted ahead: where each plot the rules allow her
    now leaves her when the turn is over (after the last phase, or where she drifts
    then), coloured by her point of sail there, and the plots in the same order (a click
    on a pose takes its plot)."""
    rs = state.scenario.ruleset
    plots = rs.plots(state, ship)
    if not plots:
        return empty_fan(), []
    scn = state.table()
    ends = [p.after or p.poses[-1] for p in plots]
    heading = np.array([e.heading for e in ends])
    sector = np.array([rs.sectors.index(reckon.sector(rs, reckon.theta(scn, h))) for h in heading])
    n = len(ends)
    f = Fan(np.array([e.x for e in ends]), np.array([e.y for e in ends]), heading, sector, (),
            np.zeros(n, int), np.arange(n))  # fmt: skip
    return f, plots


class MoveEditing:
    """The move being built, and everything that reads it."""

    session: Any
    selected: str | None
    fan: Any
    overlays: set[str]
    prompt: Prompt | None
    arming: Button | None
    plot: Any
    save_path: Path | None
    drill: Any
    error: bool
    message: str
    _sticky: bool

    def init_moves(self) -> None:
        self.builder: MoveBuilder | None = None
        self.move: Any = None  # the MoveRuling of the move being built
        self.plot_fan: list[Any] = []  # while plotting: the plots the fan's poses end
        self.plot_before: list[str] = []  # her plot before orders were typed (Esc: back)

    # what the table view provides (it comes first in the order methods are found)
    @property
    def px_per_unit(self) -> float:
        raise NotImplementedError

    @property
    def scenario(self) -> Any:
        raise NotImplementedError

    def say(self, text: str, error: bool = False, sticky: bool = False) -> None:
        raise NotImplementedError

    def changed(self, table: bool = False, interact_only: bool = False) -> None:
        raise NotImplementedError

    def play(self, action: str) -> bool:
        raise NotImplementedError

    def after_move(self, before: Any, action: str, reached: bool) -> None:
        raise NotImplementedError

    def save(self, path: str | Path | None = None) -> None:
        raise NotImplementedError

    def open_save(self, path: str | Path | None = None) -> None:
        raise NotImplementedError

    def write_position(self, path: str) -> None:
        raise NotImplementedError

    def plot_command(self, command: tuple[str, ...]) -> bool:
        raise NotImplementedError

    def fresh_move(self) -> None:
        """A new, empty move for the selected ship (none when nothing is selected)."""
        self.builder = MoveBuilder(self.selected) if self.selected else None
        self.move = None

    def _rebuild_move(self, quiet: bool = False) -> None:
        """Preview the move built so far; ``quiet``: a refusal is not the message (after
        another order, whose own message stands)."""
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
            if not quiet:
                self.say(str(e), error=True)
        self.changed(interact_only=True)

    def _compute_fan(self, quiet: bool = False) -> None:
        """Her fan as she stands now; none once she has sailed part of her move (the fan
        lays fresh moves: it would show what she can no longer do).  Why there is none
        is said unless ``quiet`` (after an order, whose own news is the message).  While
        a side plots, another side's ship has none, and nothing is said of her: her fan
        is read from orders the screen must not show ("no move of sirene now" was said
        to the British captain of the French brig just plotted)."""
        game = self.session.game if self.session is not None else None
        self.plot_fan = []
        if not self.selected:
            self.fan = None
        elif game is not None and self._plotting(self.selected):
            self.fan, self.plot_fan = plot_fan(game.state, self.selected)
        elif self.plot is not None:
            self.fan = None
        elif game is None:
            self.fan = fan(self.scenario, self.selected)
        elif game.state.winner is not None:  # the game is over: no moves to offer
            self.fan = None
        elif self._sailed_part(self.selected):
            self.fan = None
            if not self._sticky and not quiet:  # the drill's scorecard stays
                rest = self.session.rest(self.selected)
                whole = rest is not None and rest[0] <= 0  # "part" of a move she had made
                self.say(f"{self.selected} {SAILED_ALL if whole else PART_SAILED}")
        else:
            if self.message.endswith((PART_SAILED, SAILED_ALL)):  # her turn ended since
                self.say("")
            rs = game.state.scenario.ruleset
            # no move of hers now (a fire step, her movement over, in stays): the sail
            # line says why; the fan showed moves she could not make
            unready = rs.unready(game.state, self.selected, "move")
            self.fan = None if unready else rs.advice.fan_now(game.state, self.selected)
        if self.fan is not None and not len(self.fan) and self.scenario is not None and not quiet:
            self._say_fouled(self.selected or "")

    def _say_fouled(self, ship: str) -> None:
        """An empty fan where every move of hers runs into a ship or a shore close
        aboard: why (it showed nothing, and said nothing), and what a move does then."""
        near = close_aboard(self.scenario, ship)
        if near:
            self.say(
                f"no move of {ship} is clear of {', '.join(near)}: each runs into "
                "her and ends at the contact (type one to play it so)"
            )
        else:  # the fan lit, and nothing drawn nor said (a Frigate segment's 0 points)
            left = self.session.left(ship) if self.session is not None else None
            none = "what is left of her allowance gives none"
            self.say(f"no move of {ship} now: {left or none}")

    def _sailed_part(self, ship: str) -> bool:
        """Whether she is part-way through her move this turn."""
        return self.session is not None and bool(self.session.sailed_part(ship))

    def _plotting(self, ship: str) -> bool:
        """Whether her orders are being plotted on the panel now."""
        p = self.plot
        return p is not None and p.shown and ship in p.spec.ships

    def take_fan_pose(self, tx: float, ty: float) -> bool:
        """A click near one of the fan's poses lays the move that reaches it (while
        plotting: the plot that ends there goes on the panel)."""
        if self.fan is None or "fan" not in self.overlays or not len(self.fan):
            return False
        i = self.fan.nearest(tx, ty)
        scn = self.scenario
        overlay = scn.ruleset.look.hex_overlay(scn) if scn is not None else None
        if overlay is not None and not self.plot_fan:  # a tinted hex clicked: its pose
            shaded = fan_hexes(scn, self.fan)  # (a click there did nothing)
            clicked = overlay[0].hex_at(tx, ty)
            if clicked not in shaded:
                return False
            i = shaded.index(clicked)
        elif np.hypot(self.fan.x[i] - tx, self.fan.y[i] - ty) > FAN_REACH / self.px_per_unit:
            return False
        if self.plot_fan:
            self.plot.pick(self.selected, 0)
            self.plot_command(("type", self.plot_fan[i].words))
            return True
        self.builder = MoveBuilder(self.selected or "")  # her path as a player measures it
        self.builder.steps = list(parse_path(laid_path(self.session, self.builder.ship,
                                                       self.fan.path(i))))  # fmt: skip
        self._rebuild_move()
        return True

    def snap_rest(self) -> bool:
        """Make the move's last run end her allowance exactly (what is left of it)."""
        if self.builder is None or self.move is None:
            if self.builder is not None and self.session is not None:
                self.builder.forward(1.0)  # nothing built yet: lay a run to measure from
                self._rebuild_move()
            if self.move is None:
                return True
        assert self.builder is not None
        # what she would sail: laid whole, not cut at a contact (measured from the
        # contact, '=' made a run longer than her allowance: F23.08 of 22.67 cm)
        laid = self.move.distance
        if self.move.collision is not None:
            laid = sum(seg.distance for seg in self.move.plan.segments)
        rest = self.move.allowance - laid
        last = self.builder.steps[-1] if self.builder.steps else None
        run = last.value if last is not None and last.kind in "FL" else 0.0
        self.builder.set_run(max(0.0, float(run or 0.0) + rest))
        self._rebuild_move()
        return True

    def apply_move(self) -> None:
        """Play the move built so far through the engine; a move the preview finds
        illegal is refused with its reason (nothing illegal reaches the game)."""
        if self.builder is None or not self.builder.steps:
            return
        if self.move is not None and not self.move.legal:
            self.say("not played: " + "; ".join(self.move.violations), error=True)
            return
        verb = self.session.move_verb(self.builder.ship)  # or avoid a rammer, ...
        drill = self.drill
        reached = drill is not None and self.move is not None and drill.course.passes(self.move)
        action = f"{verb} {self.builder.ship} {self.builder.text}"
        if self.play_her_move(self.builder.ship, action, reached):
            self.builder = MoveBuilder(self.builder.ship)
            self.move = None
            if "fan" in self.overlays:
                self._compute_fan(quiet=True)

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

    # -- the action bar ---------------------------------------------------------------
    def _choices(self, verb: str, ship: str) -> str:
        """What the rules let her put for the verb's first open word, as a hint (" (one
        of 10 9 ... 0)"): Frigate's "speed … (type)" gave no range."""
        game = self.session.game if self.session is not None else None
        if game is None:
            return ""
        rs = game.state.scenario.ruleset
        words = [w for w in rs.verbs[verb].usage.split() if w not in ("SHIP", "TARGET", "PRIZE")]
        got = rs.word_choices(game.state, ship, verb, words[0]) if words else None
        return f" (one of {' '.join(got)})" if got else ""

    def press(self, b: Button) -> None:
        """A button pressed (or its key): play it, or wait for the ship it needs, or use
        the move being built, or open a line for the words it needs typed."""
        if b.needs_typing:
            verb, ship = b.action.split()[:2]
            start = b.action.removesuffix("?")
            hint = self._choices(verb, ship)
            self.prompt = Prompt("action", f"{verb}: type the rest{hint}", start)
            self.changed(interact_only=True)
            return
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
        self._play_button(b, None)

    def armed_pick(self, target: str) -> None:
        b, self.arming = self.arming, None
        assert b is not None
        if b.needs_path and (self.builder is None or not self.builder.steps):
            self.say("build her move first, then pick the target", error=True)
            return
        self._play_button(b, target)

    def _play_button(self, b: Button, target: str | None) -> None:
        """Play a button's action; one that took the move being built (a ram) used it
        up: judged again from where she lies after it, it read "ILLEGAL" in red in the
        header after the ram had been taken."""
        if self.play(b.fill(target, self.builder.text if self.builder else "")) and b.needs_path:
            self.fresh_move()

    # -- typing a line -----------------------------------------------------------------
    def ask(self, kind: str) -> bool:
        """Open the typed line: where to save (the last place offered), what to open, or
        the selected ship's path in the move syntax, previewed as it is typed."""
        default = str(self.save_path) if self.save_path is not None else ""
        if kind == "path" and self.plot is not None and self.plot.shown:
            ship, slots = self.plot.ship, self.plot.spec.slots
            words = " ".join(self.plot.plots.get(ship, []))
            title = f"{ship}'s orders, phases {' '.join(slots)}"
            self.prompt = Prompt("orders", title, words, offered=True)
            self.plot_before = list(self.plot.plots.get(ship, []))  # Esc puts it back
        elif kind == "path":
            if self.builder is None:
                self.say("select a ship first", error=True)
                return True
            self.prompt = Prompt(
                "path", f"{self.builder.ship}'s path", self.builder.text, offered=True
            )
        elif kind == "position":
            if self.session is None or self.session.game is None:
                self.say("a position is written from a game", error=True)
                return True
            where = Path(self.session.scenario.source)
            self.prompt = Prompt(
                "position",
                "this position as a new scenario, written to",
                str(where.with_name(where.stem + "-position.toml")),
                offered=True,
            )
        else:
            title = "save the game to" if kind == "save" else "open the saved game"
            self.prompt = Prompt(kind, title, default, offered=True)
        self.changed(interact_only=True)
        return True

    def on_text(self, text: str) -> None:
        if self.prompt is None:
            return
        self.prompt.type(text)
        self._prompt_changed()

    def _prompt_changed(self) -> None:
        """A typed path is previewed as it is typed (a path not yet whole shows why);
        typed orders, once they are a whole plot, are laid on the table as ghosts."""
        p = self.prompt
        typed = p.text if p is not None and p.kind == "orders" else ""
        if self.plot is not None and len(typed.split()) == len(self.plot.spec.slots):
            self.plot_command(("type", typed))  # a wrong word is said, nothing laid
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

    def prompt_key(self, symbol: int) -> None:
        """Enter does what the line is for; Esc closes it; Backspace deletes."""
        p, k = self.prompt, arcade.key
        assert p is not None
        if symbol == k.BACKSPACE:
            p.back()
            self._prompt_changed()
        elif symbol == k.ESCAPE:
            self.prompt = None
            if p.kind == "orders" and self.plot is not None:  # the plot as it was
                self.plot.plots[self.plot.ship] = self.plot_before
                self.plot_command(("cell", self.plot.ship, str(self.plot.slot)))
        elif symbol in (k.ENTER, k.RETURN, k.NUM_ENTER):
            self.prompt = None
            if p.kind == "save":
                self.save(p.text.strip())
            elif p.kind == "position":
                self.write_position(p.text.strip())
            elif p.kind == "open":
                self.open_save(p.text.strip())
            elif p.kind == "orders":
                self.say("")
                self.plot_command(("type", p.text))
                if self.error:  # a wrong word: the line stays, to mend (it was lost)
                    self.prompt = p
            elif p.kind == "action" and not self.play(p.text.strip()):
                self.prompt = p  # refused: the line stays, to mend
            elif p.kind == "path" and not self._whole_path(p.text):
                self.prompt = p  # a bad word: said, and the line stays, to mend
            else:
                self.apply_move()

    def _whole_path(self, text: str) -> bool:
        """Whether a typed path reads whole; if not, why is said.  Enter played the
        steps before a bad word ('F10 X5' sailed F10) while the line said X5 was wrong."""
        try:
            parse_path(text)
        except TabletopError as e:
            self.say(str(e), error=True)
            return False
        return True

    # -- the key map's commands for moves ---------------------------------------------
    def enter(self) -> bool:
        """Enter: give the plot being made, else play the move built."""
        if self.plot is not None:
            return self.plot_command(("give",))
        if self.builder is not None and self.builder.steps:
            self.apply_move()
            return True
        return False

    def onto_tack(self, side: str) -> bool:
        """, / .: onto the port / starboard tack (the ruleset's verb for it, or recover)."""
        if not self.selected or self.session is None:
            return False
        game = self.session.game
        rs = game.state.scenario.ruleset if game is not None else None
        verb = rs.look.tack_verb(game.state, self.selected) if rs is not None else None
        self.play_her_move(self.selected, f"{verb or 'recover'} {self.selected} {side}")
        return True

    def play_her_move(self, ship: str, action: str, reached: bool = False) -> bool:
        """Play an order of hers that moves her, then what follows a move of hers (the
        drill ends her turn and scores it); False when the game refuses it."""
        before = self.scenario.ship(ship).pose
        if not self.play(action):
            return False
        self.after_move(before, action, reached)
        return True

    def run(self, d: float) -> bool:
        assert self.builder is not None
        self.builder.forward(d)
        self._rebuild_move()
        return True

    def turn(self, sign: int, fine: bool) -> bool:
        """A ruleset with fixed pivots (Hold Fast: 45°) turns by the pivot."""
        assert self.builder is not None
        pivot = self.scenario.ruleset.caps.fixed_turn if self.scenario else None
        self.builder.turn(sign * (pivot if pivot else (1.0 if fine else TURN_STEP)))
        self._rebuild_move()
        return True

    def luffing(self) -> bool:
        assert self.builder is not None
        self.builder.luffing = not self.builder.luffing
        self.say("luffing runs" if self.builder.luffing else "full sail runs")
        self._rebuild_move()
        return True

    def token(self, kind: str) -> bool:
        """A step token; ``T`` on a move not yet begun lays the tack as the rules lay it
        (the inertia run first: Trafalgar's "F2 T"), where her rules offer one now (it
        was refused for the inertia, the run left for the player to type)."""
        assert self.builder is not None
        begun = bool(self.builder.steps) or self.session is None
        laid = None if kind != "T" or begun else self.session.tack_path(self.builder.ship)
        if laid is not None:
            self.builder.steps = list(parse_path(laid))
            self.say(f"tack: {laid}, the run her rules sail before she turns into the wind")
        else:
            self.builder.token(kind)
        self._rebuild_move()
        return True

    def back(self) -> bool:
        assert self.builder is not None
        self.builder.back()
        self._rebuild_move()
        return True
