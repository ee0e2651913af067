"""The computer captain: the next action for a side, at one of three levels.

``scripted`` closes with the nearest enemy on the best point of sail and fires whenever
a broadside bears; ``captain`` searches one ply, every pose of each ship's fan sketched
and a shortlist judged with the ruleset's own fire rulings; ``admiral`` also samples the
enemy's replies from their fans and weighs their broadsides by exact odds, within a time
limit per ship.  Orders are action texts the engine parses (``move``, ``fire`` and
``end`` are the shared words; any other order is one of ``game.legal``'s lists, the
orders the engine takes now), and every order is checked on a blind copy of the state
before it is given, so the captain gives only orders the rules accept.  Decisions come
from the state, never from the dice seed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from tabletop.ai.admiral import LookAhead
from tabletop.ai.clock import Clock, Stage
from tabletop.ai.decision import Decision, Turn, others
from tabletop.ai.judge import (
    Shot,
    Verdict,
    Weighed,
    alongside,
    armed,
    cast_away,
    cups,
    distinct,
    enemies,
    friends,
    judge,
    lonely,
    moved,
    shots,
    sketch,
    trial,
    weighed,
)
from tabletop.ai.plotting import LOWER, choose, foresee
from tabletop.ai.reasons import fire_reason, move_reason, order_reason
from tabletop.ai.replies import lifting_shot
from tabletop.ai.scripted import scripted_order
from tabletop.ai.stakes import outcome
from tabletop.ai.weights import Weights, load_weights
from tabletop.engine.state import GameState, Pending
from tabletop.game.legal import lays_path, legal_actions, ship_orders
from tabletop.geometry.pose import Pose
from tabletop.referee.fan import Fan
from tabletop.referee.fire import Table

LEVELS = ("scripted", "captain", "admiral")


class Captain:
    """The computer's captain for one side."""

    def __init__(self, side: str, level: str, w: Weights) -> None:
        self.side = side
        self.level = level
        self.w = w if level == "admiral" else replace(w, stakes=0.0)  # the admiral's alone
        self.turn = Turn()
        self.thinking: list[float] = []  # seconds per ship decision
        self.judged: list[int] = []  # judgements per ship decision
        self.cut = 0  # ship decisions the wall clock stopped before their count of judgements
        self.clock = Clock(w.decision_limit, w.judgements, w.time_limit, w.stage_judgements)
        self.ahead = LookAhead(self, lambda side, w: Captain(side, "captain", w))

    @classmethod
    def for_game(cls, state: GameState, side: str, level: str) -> Captain:
        return cls(side, level, load_weights(state.scenario.ruleset))

    # -- the order of play -------------------------------------------------------------
    def decide(self, state: GameState) -> Decision:
        """The next order: an answer to a decision the rules hand this side, the next
        ship's order, or ``end`` when every ship has done what she will.  Each is tried
        blind first; one the rules refuse ends that ship's turn and the next is sought.
        She decides on the table as her side knows it (``GameState.seen_by``)."""
        seen = state.seen_by(self.side)
        while True:
            d = self._next(seen)
            if state.pending or not d.ship or trial(state, d.action) is not None:
                return d
            self.refused(d)

    def _next(self, state: GameState) -> Decision:
        if state.pending and state.pending[0].side == self.side:
            return self.answer(state, state.pending[0])
        key = (state.turn, state.phase, state.active)
        if key != self.turn.key:
            self.turn = Turn(key)
        plotted = self.plot(state)
        if plotted is not None:
            return plotted
        rs = state.scenario.ruleset
        for ship in friends(state, self.side):
            if ship in self.turn.done or not rs.can_act(state, ship):
                continue
            got = self.ship_order(state, ship)
            if got is not None:
                return got
            self.turn.done.add(ship)
        for ship in friends(state, self.side):  # owed since she was done (a tack in stays)
            if ship not in self.turn.owed and rs.turn_owed(state, ship) is not None:
                self.turn.owed.add(ship)
                if (got := self.other_order(state, ship)) is not None:
                    return got
        return Decision("end")

    def _begin(self) -> float:
        """A ship's decision starts: its whole allowance (``ai.clock``) from now.
        Returns the time it began, for the figures of its thinking."""
        self.clock.begin()
        return time.perf_counter()

    def _done(self, start: float) -> None:
        """A ship's decision is given: its time, and whether the clock cut it short."""
        spent = time.perf_counter() - start
        self.thinking.append(spent)
        self.judged.append(self.clock.spent)
        self.cut += self.clock.timed_out

    def late(self, share: float = 1.0) -> bool:
        """Whether ``share`` of the decision's allowance is spent (the search stops there;
        the orders it has found by then are what it gives)."""
        return self.clock.late(share)

    def refused(self, d: Decision) -> None:
        """The engine refused an order: that ship does nothing more this turn."""
        if d.ship:
            self.turn.done.add(d.ship)

    def plot(self, state: GameState) -> Decision | None:
        """Where the rules want a side's orders plotted ahead: one order for all her
        ships that have plots (each ship's best, timed as one decision each, judged
        with the consorts before her where their plots put them), tried blind;
        refused, the side's order with no ship's plot in it."""
        rs = state.scenario.ruleset
        parts: dict[str, str] = {}
        reasons = []
        seen: dict[str, tuple[Pose, ...]] = {}
        lower = LOWER.get(self.level) if self.level in self.w.foresee else None
        began: float | None = None
        spec = rs.plot_spec(state)
        if lower and spec is not None and spec.side == self.side:
            # the foresight is part of her first ship's decision, within its allowance:
            # its exact judgements get half a stage's in all
            began = self._begin()
            part = self.clock.part(0.5, 0.5)
            seen = foresee(state, enemies(state, self.side), lower, self.w, part)
            self.clock.absorb(part)
        for ship in friends(state, self.side):
            if began is None:
                start = self._begin()
            else:
                start, began = began, None
            got = choose(state, ship, self.level, self.w, self.clock, seen)
            if got is not None:
                self._done(start)
                parts[ship] = got[0].words
                reasons.append(got[1])
                seen = {**seen, ship: got[0].poses}  # her consorts plot knowing hers
        if not parts:  # none of hers can sail, yet the side may owe its plot
            if spec is None or spec.side != self.side:
                return None
            none = rs.advice.plot_action(self.side, {})
            return Decision(none, "", f"{self.side} has none to plot for")
        text = rs.advice.plot_action(self.side, parts)
        if trial(state, text) is None:  # a bug of the plots: the side's empty order
            text = rs.advice.plot_action(self.side, {})
        return Decision(text, "", "; ".join(reasons))

    def ship_order(self, state: GameState, ship: str) -> Decision | None:
        t = self.turn
        if ship not in t.moved and "move" not in state.scenario.ruleset.verbs:
            t.moved.add(ship)  # moves are plotted (or none): the rules' other verbs
            start = self._begin()
            t.plan[ship] = self.other_order(state, ship)
            self._done(start)
            if t.plan[ship] is not None:
                return t.plan[ship]
        if ship not in t.moved:
            if ship not in t.plan:
                start = self._begin()
                t.plan[ship] = self.plan(state, ship)
                self._done(start)
            if t.first.get(ship):
                return self._fire(state, ship, t.first[ship].pop(0))
            t.moved.add(ship)
            if t.plan[ship] is not None:
                return t.plan[ship]
        if state.winner is None and armed(state.scenario.ruleset):
            scn = state.table()
            got = shots(scn, Table.of(scn), state, ship, self.w, t.fired.get(ship, set()))
            if got:
                return self._fire(state, ship, max(got.values(), key=lambda s: s.value))
        if ship not in t.after and state.winner is None:
            t.after.add(ship)  # moved and fired: any other order now worth giving (a
            start = self._begin()  # capture of the ship she ended alongside...)
            late = self.other_order(state, ship)
            self._done(start)
            return late
        return None

    def _fire(self, state: GameState, ship: str, shot: Shot) -> Decision:
        self.turn.fired.setdefault(ship, set()).add(shot.arc)
        if self.level == "admiral":
            shot = lifting_shot(state, ship, shot, self.w)
        text = f"fire {ship} {shot.target}"
        aimed = self.aimed(state, ship, text)
        why = fire_reason(ship, shot)
        if aimed != text:
            why += f", aimed at her {aimed.split()[-1]}"
        return Decision(aimed, ship, why)

    def aimed(self, state: GameState, ship: str, text: str) -> str:
        """The fire order with an optional word filled where the rules list its choices
        and the weights weigh it (``[search] aims``: a Frigate shot at hull or rigging),
        as the engine takes them now (``ship_orders``): the one whose blind cups leave
        the enemy worst off; the rules' default unless another does better."""
        listed = ship_orders(state, ship, ("fire",), at=text.split()[-1])
        aims = [a for a in listed if a.split()[3:] in ([], *([w] for w in self.w.aims))]
        if len(aims) < 2:
            return text

        def harm(got: list[GameState]) -> float:
            return sum(outcome(a, self.side, self.w) for a in got) / len(got)

        best = weighed(state, sorted(aims, key=len), harm, margin=1e-9)  # the default first
        return text if best is None else best[1]

    # -- a ship's move -----------------------------------------------------------------
    def plan(self, state: GameState, ship: str) -> Decision | None:
        """Her move (and any broadside fired before it), or another order the rules
        leave her (recover, tack, board...), or None: nothing to do but fire."""
        rs = state.scenario.ruleset
        fan = rs.advice.fan_now(state, ship, self.w.density)
        if len(fan):
            order = self.rank(state, ship, fan)
            about = self.turnabout(state, ship)
            if about is not None:
                return about
            first: Decision | None = None
            for i in order:
                text = f"move {ship} {fan.path(int(i))}"
                after = trial(state, text)
                if after is None:
                    continue
                pose = after.ship(ship).pose
                beside = next(iter(self._touching(state, ship, pose.x, pose.y)), "")
                why = move_reason(state, ship, pose, self._why(after, ship), beside)
                d = Decision(text, ship, why)
                first = first or d
                if not cast_away(after, ship) or self.late():
                    return d
            if first is not None:  # every move leaves her adrift: the best of them
                return first
        return (
            self.boxed_in(state, ship) or self.other_order(state, ship) or self.forced(state, ship)
        )

    def turnabout(self, state: GameState, ship: str) -> Decision | None:
        """A move her fan leaves out (``Advice.turnabouts``: a tack), judged where it
        leads less ``turnabout``, by its chance (a failure, irons, is a blunder), if that
        beats her fan's best: a captain who could only wear stood on after a pass."""
        top = self.turn.top.get(ship)
        if top is None or self.level == "scripted":
            return None
        for text, pose, chance in state.scenario.ruleset.advice.turnabouts(state, ship):
            self.clock.tick()
            v = self._judged_at(state, ship, pose)
            worth = chance * (v.score - self.w.turnabout) - (1 - chance) * self.w.blunder
            if worth > top and trial(state, text) is not None:
                return Decision(text, ship, move_reason(state, ship, pose, v, tack=True))
        return None

    def boxed_in(self, state: GameState, ship: str) -> Decision | None:
        """When every move of her fan fouls something: the moves she could make on an
        open table, tried where she is (a move that meets a base ends at the contact),
        the best of what they give judged as they end."""
        rs = state.scenario.ruleset
        alone = lonely(state, ship)
        fan = rs.advice.fan_now(alone, ship, self.w.density)
        if not len(fan):
            return None
        sk = sketch(state, ship, self.w, fan.x, fan.y, fan.heading)
        best: tuple[float, str, GameState] | None = None
        found = 0
        stage = self.clock.stage()
        for i in distinct(sk, fan.x, fan.y, fan.heading):
            if found >= self.w.shortlist or self.clock.over(stage) or (best and self.late()):
                break
            text = f"move {ship} {fan.path(int(i))}"
            after = trial(state, text)
            self.clock.tick()
            if after is not None:
                found += 1
                v = self._why(after, ship).score
                if best is None or v > best[0]:
                    best = (v, text, after)
        if best is None:
            return None
        pose = best[2].ship(ship).pose
        return Decision(best[1], ship, move_reason(state, ship, pose, self._why(best[2], ship)))

    def forced(self, state: GameState, ship: str) -> Decision | None:
        """When neither her fan nor an open table gives a move the rules take, nor any
        other order: the best of the moves ``game.legal`` lists for her (a run straight
        into the ship across her bow, a ram), over the blind cups.  A frigate-duel
        captain boxed in by her enemy's bow was left to "end", which the rules refuse
        while her allowance is unsailed; a run of half of it, best as it ended, left her
        the same (her turn's move given, she is not asked again)."""
        rs = state.scenario.ruleset
        texts = ship_orders(state, ship, [v for v, s in rs.verbs.items() if lays_path(s)], paths=2)

        def worth(got: list[GameState]) -> float:  # one that leaves her move unfinished
            owed = rs.turn_owed(got[0], ship) is not None  # is a blunder: she may not end
            return self.mean(got, ship) - self.w.blunder * owed  # the turn, nor sail on

        best = weighed(state, texts, worth, go=self._going())
        if best is None:
            return None
        after = best[2][0]
        why = move_reason(state, ship, after.ship(ship).pose, self._why(after, ship))
        return Decision(best[1], ship, why)

    def rank(self, state: GameState, ship: str, fan: Fan) -> np.ndarray:
        """Her fan's poses, best first, by this captain's level; the first few are the
        candidates tried for legality, then the rest of a sketched shortlist."""
        now = shots(state.table(), Table.of(state.table()), state, ship, self.w, set())
        if self.level == "scripted":
            self.turn.first[ship] = list(now.values())
            return scripted_order(state, ship, fan, self.w)
        sk = sketch(state, ship, self.w, fan.x, fan.y, fan.heading)
        order = distinct(sk, fan.x, fan.y, fan.heading)
        verdicts: list[Verdict] = []
        for i in order[: self.w.shortlist]:  # judged best sketch first, while time allows
            if verdicts and self.late(0.5):
                break
            verdicts.append(self._judged_at(state, ship, fan.pose(int(i))))
            self.clock.tick()
        short = order[: len(verdicts)]
        fire_now = self.w.fire * sum(s.value for s in now.values())
        keep = [v.score for v in verdicts]
        first = [
            v.score - self.w.fire * sum(v.shots[a].value for a in now if a in v.shots) + fire_now
            for v in verdicts
        ]
        use_first = bool(now) and max(first) > max(keep)
        scores = np.array(first if use_first else keep)
        self.turn.first[ship] = list(now.values()) if use_first else []
        scores = scores + self._alongside(state, ship, fan, short)
        self.turn.top[ship] = float(scores.max())
        if self.level == "admiral":
            scores = self.ahead.scores(state, ship, fan, short, scores)
        ranked = short[np.argsort(-scores, kind="stable")]
        rest = order[len(verdicts) : self.w.shortlist * 3]
        return np.concatenate([ranked, rest])

    def _alongside(self, state: GameState, ship: str, fan: Fan, short: np.ndarray) -> np.ndarray:
        """Moves that end her alongside an enemy (their bases all but touching): what the
        best order she could give there (a capture, a boarding) gains, by blind cups, in
        material and a battle won (:func:`outcome`); the judge, weighing fire and
        position, does not see it."""
        out = np.zeros(len(short))
        for k, i in enumerate(short):
            if self.late(0.7):
                break
            touch = self._touching(state, ship, float(fan.x[i]), float(fan.y[i]))
            after = trial(state, f"move {ship} {fan.path(int(i))}") if touch else None
            if after is None:
                continue
            self.clock.tick()
            base = outcome(after, self.side, self.w)
            for text in ship_orders(after, ship, others(after)):
                got = cups(after, text)
                if got:
                    gain = sum(outcome(a, self.side, self.w) for a in got) / len(got) - base
                    out[k] = max(out[k], gain)
        return out

    def _touching(self, state: GameState, ship: str, x: float, y: float) -> list[str]:
        """The enemies whose bases hers all but touches at (x, y): alongside them."""
        scn = state.table()
        me = scn.ship(ship).cls
        return [
            f.id
            for f in (scn.ship(e) for e in enemies(state, self.side))
            if np.hypot(f.pose.x - x, f.pose.y - y) < alongside(me, f.cls)
        ]

    def _judged_at(self, state: GameState, ship: str, pose: Pose) -> Verdict:
        return self._why(moved(state, ship, pose), ship)

    def _why(self, after: GameState, ship: str) -> Verdict:
        return judge(after, ship, self.w, self.turn.fired.get(ship, set()))

    # -- the other orders and decisions -------------------------------------------------
    def other_order(self, state: GameState, ship: str) -> Decision | None:
        """When she cannot sail a move of her fan: the best of the ruleset's other verbs
        for her (each tried blind), or None when she need do nothing."""
        rs = state.scenario.ruleset
        best: Weighed | None = None
        # left as she is, will the turn's end cast her away (a drift)?  Then each other
        # order is also asked that, and one that saves her (an anchor) is worth it
        adrift = cast_away(state, ship)
        owed = rs.turn_owed(state, ship)
        texts = ship_orders(state, ship, others(state))
        # an order declared each turn is given, not left to the engine's default (her
        # allowance: the default is last turn's, so a Frigate ship once afoul, at 0,
        # declared 0 ever after): the judge sees no difference where she lies
        declared = any(rs.verbs[t.split()[0]].declared for t in texts)
        if owed is None and not declared:
            best = (self.value(state, ship) - self.w.blunder * adrift, "", [])

        def worth(got: list[GameState]) -> float:
            return self.mean(got, ship) - self.w.blunder * (adrift and cast_away(got[0], ship))

        best = weighed(state, texts, worth, best, go=self._going(self.clock.stage()))
        if best is None or not best[1]:
            return None
        given = rs.verbs[best[1].split()[0]].declared
        return Decision(best[1], ship, order_reason(ship, best[1], owed, given))

    def value(self, state: GameState, ship: str) -> float:
        return self._why(state, ship).score + outcome(state, self.side, self.w)

    def mean(self, got: list[GameState], ship: str) -> float:
        """Her value over the blind cups' states (:meth:`value`)."""
        return sum(self.value(a, ship) for a in got) / len(got)

    def _going(self, stage: Stage | None = None) -> Callable[[], bool]:
        """Asked before each order weighed (:func:`weighed`): whether the decision's
        allowance, and ``stage``'s where one is given, has room for another; each
        order weighed counts one judgement."""

        def go() -> bool:
            if stage is not None and (self.clock.over(stage) or self.late()):
                return False
            self.clock.tick()
            return True

        return go

    def answer(self, state: GameState, p: Pending) -> Decision:
        """The answer to a decision the rules hand this side, best for the side."""
        best: tuple[float, str] | None = None
        for text in legal_actions(state, self.side):  # a path in one: her fan's samples
            after = trial(state, text)
            if after is None:
                continue
            v = self.side_value(after)
            if best is None or v > best[0]:
                best = (v, text)
        text = best[1] if best else p.answers[0].action
        return Decision(text, p.ship, f"{self.side} decides for {p.ship}: {text}")

    def side_value(self, state: GameState) -> float:
        mine = sum(judge(state, s, self.w, set()).score for s in friends(state, self.side))
        theirs = sum(judge(state, s, self.w, set()).score for s in enemies(state, self.side))
        return mine - theirs + outcome(state, self.side, self.w)
