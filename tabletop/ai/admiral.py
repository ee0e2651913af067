"""The admiral's look ahead at one ship's shortlist: each candidate less what the
enemy's replies could do to her, and the threats to come alongside either way
(:mod:`tabletop.ai.replies` weighs them); the replies foreseen as the enemy's own
captain would give them.  Composed into a captain of the admiral's level, typed by what
it asks of that captain (:class:`Seat`), so it imports no captain."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Protocol

import numpy as np

from tabletop.ai.clock import FAN_JUDGEMENTS, Clock, unlimited
from tabletop.ai.judge import moved
from tabletop.ai.replies import boarding_threat, menace, reply_risk
from tabletop.ai.weights import Weights
from tabletop.engine.state import GameState
from tabletop.geometry.pose import Pose
from tabletop.referee.fan import Fan


class Seat(Protocol):
    """What the look ahead asks of the captain it serves, and of his rival's."""

    side: str
    w: Weights
    clock: Clock

    def late(self, share: float = 1.0) -> bool: ...

    def rank(self, state: GameState, ship: str, fan: Fan) -> np.ndarray: ...


class LookAhead:
    """The admiral's look at the enemy's replies, for ``seat``'s decisions; ``rival``
    makes the captain of a side who reads the enemy's moves (his side, his weights)."""

    def __init__(self, seat: Seat, rival: Callable[[str, Weights], Seat]) -> None:
        self.seat = seat
        self.rival = rival

    def scores(
        self, state: GameState, ship: str, fan: Fan, short: np.ndarray, scores: np.ndarray
    ) -> np.ndarray:
        """The best few of the captain's shortlist, less what the enemy's replies could do
        to her (their broadsides by exact odds; :func:`reply_risk`) and his threat to come
        alongside her, plus her side's to come alongside his (:func:`menace`), within the
        time limit."""
        cap, w = self.seat, self.seat.w
        stage = cap.clock.stage()
        top = np.argsort(-scores, kind="stable")[: w.admiral_shortlist]
        out = scores - 1e6  # unexamined (not in the top, or no time left): after
        for n, k in enumerate(top):
            if n and (cap.clock.over(stage) or cap.late(0.85)):
                break
            cap.clock.tick()
            after = moved(state, ship, fan.pose(int(short[k])))
            risk = w.reply * reply_risk(after, ship, w, self.foreseen)
            board = menace(after, cap.side, w) - boarding_threat(after, ship, w)
            out[k] = scores[k] - risk + board
        return out

    def foreseen(self, state: GameState, foe: str) -> Pose | None:
        """Where the enemy's captain would move ``foe`` on this table: the first of his
        own captain's ranking of his fan (a player reading his opponent), or None."""
        cap, w = self.seat, self.seat.w
        fan = state.scenario.ruleset.advice.fan_now(state, foe, w.density)
        cap.clock.tick(FAN_JUDGEMENTS)  # his fan counts in her decision's allowance...
        if not len(fan):
            return None
        care = w.reply_care
        him = self.rival(state.side_of(foe), replace(w, shortlist=care) if care else w)
        if care:  # his best of ``care`` moves, whatever her count has left: alike for each
            him.clock = unlimited()
            him.clock.count = cap.clock.count  # ...and his ranking counts in hers too
        else:
            him.clock = cap.clock  # ...and so does his ranking of it
        return fan.pose(int(him.rank(state, foe, fan)[0]))
