"""A session at the table: the game the window (or any shell) is playing.

Rulesets with a game engine are played through it (turns, dice, log, undo).  The others
are played as a sandbox: moves are checked by the ruleset and applied, with the same
undo/redo, so the window treats both alike.  Pure: no drawing here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tabletop.common.errors import TabletopError
from tabletop.engine.core import apply
from tabletop.engine.events import Event
from tabletop.game.game import Game, load_saved_scenario
from tabletop.game.legal import only_end
from tabletop.game.proof import Proof, vouch
from tabletop.game.report import event_text, over_text
from tabletop.game.saved import read_save, write_save
from tabletop.model.scenario import Scenario
from tabletop.referee.movement import MoveRuling, preview
from tabletop.referee.rulings import sail


@dataclass
class Session:
    """One scenario being played; ``table`` is always the current positions."""

    scenario: Scenario
    game: Game | None = None
    sandbox: list[tuple[Scenario, str]] = field(default_factory=list)  # (table, action)
    sandbox_redo: list[tuple[Scenario, str]] = field(default_factory=list)
    log: list[str] = field(default_factory=list)  # human-readable event lines
    proof: Proof | None = None  # what loading it from a save showed (None: not loaded)
    #: whether a step in which the side to act has no order but "end" passes by itself
    #: (the window's play; off where a log is played action by action)
    auto_pass: bool = False
    #: the places in the game's actions of the steps passed by themselves
    passed: set[int] = field(default_factory=set)
    #: the line of the last action's events a player most needs to read (:meth:`headline`)
    news: str = ""

    @classmethod
    def open(cls, scn: Scenario) -> Session:
        game = Game.new(scn) if scn.ruleset.caps.has_engine else None
        return cls(scn, game)

    # -- what is on the table --------------------------------------------------------------
    @property
    def table(self) -> Scenario:
        if self.game is not None:
            return self.game.state.table()
        return self.sandbox[-1][0] if self.sandbox else self.scenario

    @property
    def in_stays(self) -> set[str]:
        """The ships half-way through a tack (:meth:`Ruleset.in_stays`); none without a
        game."""
        if self.game is None:
            return set()
        st = self.game.state
        return {s.id for s in st.ships if st.scenario.ruleset.in_stays(st, s.id)}

    @property
    def notes(self) -> dict[str, str]:
        """What a ship's name says of her on the table: gone ("sunk", "drifted off": a sunk
        ship was drawn as struck), else half-way through a tack ("in stays")."""
        if self.game is None:
            return {}
        st, out = self.game.state, {}
        for s in st.ships:
            why = st.scenario.ruleset.gone(st, s.id)
            if why is None and s.id in self.in_stays:
                why = "in stays"
            if why is not None:
                out[s.id] = why
        return out

    @property
    def struck(self) -> dict[str, str]:
        """The ships that have struck, each with the side she belongs to now (a prize's
        captor); none without a game."""
        if self.game is None:
            return {}
        st = self.game.state
        return {s.id: st.side_of(s.id) for s in st.ships if s.struck}

    @property
    def status(self) -> str:
        if self.game is None:
            return f"{self.scenario.ruleset.title}: free play (no turn sequence)"
        st = self.game.state
        if st.winner:  # not "british to play; british has won"
            return over_text(st)
        step = st.scenario.ruleset.step_text(st)
        last = st.scenario.options.get("last_turn")  # a battle that ends with a turn
        of = f" of {last}" if last else ""  # "(the last is turn 20)" wrapped the status
        text = f"turn {st.turn}{of}, " + (step or f"{st.active_side} to play")
        if st.pending:
            p = st.pending[0]
            text += f"; {p.side} decides for {p.ship}"
        return text

    def preview(self, ship: str, path: str) -> MoveRuling:
        """The move ``path`` would make now, judged as the engine will judge it: in a
        game, as the rest of her move this turn (what she sailed already counts, at her
        speed as damaged); in free play, a fresh move."""
        if self.game is None:
            return preview(self.table, ship, path)
        state = self.game.state
        rs = state.scenario.ruleset
        m = preview(self.table, ship, path, rs.move_so_far(state, ship))
        if not m.legal:
            return m
        try:  # what the turn allows her (she has fired, a segment's points...): the engine's
            after = apply(state, f"{self.move_verb(ship)} {ship} {path}")[0]
        except TabletopError as e:
            return replace(m, legal=False, violations=[str(e)])
        if m.met_words and any(s.id == ship for s in after.ships):
            # meeting a ship does more than stop her at the contact (Frigate: into her
            # hex, alongside): the ghost stands where the engine will leave her
            return replace(m, end=after.ship(ship).pose)
        return m

    def tack_path(self, ship: str) -> str | None:
        """Her tack's path as her rules lay it now (``Advice.turnabouts``: the move that
        begins a tack, ending in ``T``: Trafalgar's inertia run first), or None: the
        window's tack key lays it for a move not yet begun."""
        if self.game is None:
            return None
        rs = self.game.state.scenario.ruleset
        for action, _, _ in rs.advice.turnabouts(self.game.state, ship):
            words = action.split()
            if words[:2] == ["move", ship] and words[-1] == "T":
                return " ".join(words[2:])
        return None

    def sailed_part(self, ship: str) -> bool:
        """Whether she is part-way through her move this turn (in a game)."""
        if self.game is None:
            return False
        st = self.game.state.ship(ship)
        return bool(st.path) or st.moved > 0

    def left(self, ship: str) -> str | None:
        """What is left of her move now, as the engine counts it, where it is not her
        point of sail's allowance (she has sailed part of it, her rigging is shot through,
        a Frigate segment's share): "0 in of her move left".  The sail line gave the
        allowance as if fresh after she had sailed all of hers (Man O' War), or five
        hexes where Escadres allowed three; else None."""
        got = self.rest(ship)
        if got is None:
            return None
        rest, unit = got
        if rest == 1:  # "1 actions"
            unit = {"actions": "action", "hexes": "hex"}.get(unit, unit)
        return f"{rest:.4g} {unit} of her move left"

    def rest(self, ship: str) -> tuple[float, str] | None:
        """:meth:`left` in figures: how much, in the allowance's unit; None where it is
        her point of sail's whole allowance, or not a game."""
        if self.game is None:
            return None
        state = self.game.state
        rs = state.scenario.ruleset
        model, steps, ctx = rs.move_so_far(state, ship)
        try:
            plan = rs.plan_move(self.table, model, steps, ctx)
        except TabletopError:
            return None
        spent = sum(s.distance for s in plan.segments) if plan.used is None else plan.used
        rest = max(0.0, round(float(plan.allowance - spent), 4))  # "1.308e-08 cm" left
        # her point of sail's whole allowance says it already; more than it is what the
        # move she began allows (Escadres fixes it by the wind at the activation's start)
        if abs(rest - sail(self.table, ship)["allowance"]) <= 1e-4:
            return None
        return rest, rs.allowance_unit(self.table.units)

    def paths(self, action: str) -> dict[str, Any]:
        """A move's path as the engine will lay it, (start, segments) by ship, for the
        screen to sail her along it (none for other orders, or one it would refuse)."""
        words = action.split()
        if len(words) < 3 or words[0] != "move":
            return {}
        try:
            ruling = self.preview(words[1], " ".join(words[2:]))
        except TabletopError:
            return {}
        return {words[1]: (ruling.start, ruling.plan.segments)} if ruling.legal else {}

    def sole_actor(self) -> str | None:
        """The one ship that may be given an order now, where the rules activate ships
        one at a time (Escadres' bag), none waiting on a decision; else None."""
        if self.game is None or self.game.state.pending or self.game.state.winner:
            return None
        st = self.game.state
        ready = [s.id for s in st.ships if st.scenario.ruleset.can_act(st, s.id)]
        many = [s.id for s in st.ships if st.side_of(s.id) == st.active_side]
        return ready[0] if len(ready) == 1 and len(many) > 1 else None

    @staticmethod
    def headline(said: list[Event | str]) -> str:
        """The line of an action's events a player most needs to read: a battle won,
        else a ship struck, else the last that is not a roll of the dice (the damage a
        broadside left, not the saves rolled after it), else the roll, else the order
        (each event's :attr:`Event.weight`; a line said by the session weighs as an
        event).  The order itself is what the player did, not news."""
        best, line = -2, ""
        for e in said:
            weight = e.weight if isinstance(e, Event) else 1
            if weight >= best:
                best, line = weight, (e if isinstance(e, str) else event_text(e)).strip()
        return line

    def move_verb(self, ship: str) -> str:
        """The verb her move is played with: ``move``, or the answer the rules await of
        her by a path (``avoid`` a rammer)."""
        if self.game is not None and self.game.state.pending:
            p = self.game.state.pending[0]
            by_path = [a for a in p.answers if a.action.endswith("PATH")]
            if by_path and p.ship == ship:
                return by_path[0].verb
        return "move"

    # -- playing -----------------------------------------------------------------------------
    def play(self, action: str) -> list[str]:
        """Play one action; returns the event lines.  Illegal: TabletopError, nothing changed."""
        if self.game is not None:
            self.passed = {i for i in self.passed if i < len(self.game.history)}
            said: list[Event | str] = list(self.game.play(action))
            said += self._pass_idle_steps() if self.auto_pass else []
            lines = [e if isinstance(e, str) else event_text(e) for e in said]
        else:
            lines = self._sandbox(action)
            said = list(lines)
        self.news = self.headline(said)
        self.log.extend(lines)
        return lines

    def _sandbox(self, action: str) -> list[str]:
        words = action.split()
        if len(words) < 3 or words[0] != "move":
            raise TabletopError(
                f"{self.scenario.ruleset.title} is played as free moves: 'move SHIP PATH'"
            )
        table = self.table
        m = preview(table, words[1], " ".join(words[2:]))
        if not m.legal:
            raise TabletopError("; ".join(m.violations))
        ships = tuple(s.moved(m.end) if s.id == words[1] else s for s in table.ships)
        self.sandbox.append((replace(table, ships=ships), action))
        self.sandbox_redo.clear()
        return [action, f"    {m.text().splitlines()[1].strip()}"]

    def _pass_idle_steps(self) -> list[Event | str]:
        """End the steps of the turn in which the side to act can give no order but
        "end" (a Hold Fast phase with nobody in range, a damage control with nothing to
        repair), each said in the log: a player clicked "end step" thirteen times a turn
        with no enemy in reach.  A decision waiting, a plot owed or the battle won stops
        it; each step passed is an action of the game, so its log replays as played."""
        lines: list[Event | str] = []
        assert self.game is not None
        while True:
            st = self.game.state
            rs = st.scenario.ruleset
            step = rs.step_text(st)
            if st.winner is not None or st.pending or step is None or rs.plot_spec(st):
                return lines
            if not only_end(st):
                return lines
            lines.append(f"    {st.active_side} has no order to give ({step}): passed")
            lines += self.game.play("end")
            self.passed.add(len(self.game.history) - 1)

    def undo(self) -> bool:
        """Take back the last action, and with it the steps that passed by themselves
        after it (the player's undo is of what the player did)."""
        if self.game is not None:
            while self.game.history and len(self.game.history) - 1 in self.passed:
                self.game.undo()
            return self.game.undo()
        if not self.sandbox:
            return False
        self.sandbox_redo.append(self.sandbox.pop())
        return True

    def redo(self) -> bool:
        if self.game is not None:
            if not self.game.redo():
                return False
            while len(self.game.history) in self.passed and self.game.redo():
                pass
            return True
        if not self.sandbox_redo:
            return False
        self.sandbox.append(self.sandbox_redo.pop())
        return True

    @property
    def actions(self) -> list[str]:
        if self.game is not None:
            return [str(a) for a in self.game.actions]
        return [a for _, a in self.sandbox]

    # -- saving ------------------------------------------------------------------------------
    def save(self, path: str | Path) -> None:
        """Atomic: a temporary file beside the target, then a rename."""
        if self.game is not None:
            self.game.save(path)
        else:
            write_save(path, self.scenario, None, self.actions, None)

    @property
    def load_notes(self) -> list[str]:
        """What loading it from a save could not show (a save from before digests), or
        showed otherwise than saved; none for a new game or a save proved whole."""
        return self.proof.notes() if self.proof is not None else []

    @classmethod
    def load(cls, path: str | Path, on_new_data: bool = False) -> Session:
        """The one loader of saves: a game replayed and verified, or free play, as the
        scenario's rules decide (never as the file says: ``proof.vouch``)."""
        saved = read_save(path)
        scn = load_saved_scenario(saved)
        proof = vouch(saved, scn, on_new_data)
        if proof.mode == "game":
            game = Game.from_save(saved, on_new_data, scn)
            return cls(game.start.scenario, game, proof=game.proof)
        session = cls.open(scn)
        session.proof = proof
        for n, a in enumerate(saved.actions, 1):
            try:
                session.play(a)
            except TabletopError as e:
                raise TabletopError(f"{path}: action {n} '{a}': {e}") from None
        return session
