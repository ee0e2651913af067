"""Plotted orders: a side's whole turn of movement given ahead, ship by ship.

Where the ruleset offers plots (:meth:`~tabletop.rules.base.Ruleset.plots`: her orders
for every phase and where each phase leaves her), each ship's plots are sketched at every
phase's pose at once (the edge, land and shoals in any phase weigh as much as where she
ends: a ship that leaves the table in phase II is gone), the best few judged exactly
with the fire rulings at each phase, and the admiral also weighs the enemy's replies.
The enemy's plot is secret: the captain judges against the enemy as it lies.
"""

from __future__ import annotations

import time

import numpy as np

from tabletop.ai.judge import clearance, judge, moved, nearest_enemy, safety, sketch, to_goal
from tabletop.ai.replies import reply_risk
from tabletop.ai.weights import Weights
from tabletop.engine.state import GameState
from tabletop.rules.base import Plot


def choose(
    state: GameState, ship: str, level: str, w: Weights, deadline: float = float("inf")
) -> tuple[Plot, str] | None:
    """Her best plot at this level and a line of reason, or None when she has none;
    the exact judgements and the replies stop at their stage's time or the deadline."""
    plots = state.scenario.ruleset.plots(state, ship)
    if not plots:
        return None
    start = time.perf_counter()
    x, y, h = (
        np.array([[getattr(p, a) for p in pl.poses] for pl in plots]) for a in ("x", "y", "heading")
    )
    unsafe = _unsafe(state, ship, w, x, y, h)
    if level == "scripted":
        crowd = np.array([0.1 * ("RS" in pl.words) for pl in plots])
        score = _closing(state, ship, x[:, -1], y[:, -1]) + crowd
        score = np.where(unsafe, -1e9, score)
        best = int(np.argmax(score))
        return plots[best], f"{ship} closes with the enemy ({plots[best].words})"
    phases = x.shape[1]
    rough = sum(sketch(state, ship, w, x[:, k], y[:, k], h[:, k]) for k in range(phases))
    rough = rough / phases - w.blunder * unsafe
    short = np.argsort(-rough, kind="stable")[: w.shortlist]
    exact: dict[int, float] = {}
    for i in short:
        now = time.perf_counter()
        if exact and (now - start > w.time_limit or now > deadline - w.decision_limit / 2):
            break
        exact[int(i)] = _judged(state, ship, plots[int(i)], w) - w.blunder * unsafe[i]
    if level == "admiral":
        for i in sorted(exact, key=lambda k: -exact[k])[: w.admiral_shortlist]:
            now = time.perf_counter()
            if now - start > 2 * w.time_limit or now > deadline - w.decision_limit / 10:
                break
            after = moved(state, ship, plots[i].poses[-1])
            exact[i] -= w.reply * reply_risk(after, ship, w)
    best = max(exact, key=lambda k: exact[k])
    return plots[best], f"{ship} plots {plots[best].words} (judged {exact[best]:+.1f})"


def _judged(state: GameState, ship: str, plot: Plot, w: Weights) -> float:
    """The mean of her exact judgements after each phase (the fire that bears then,
    the enemy's on her), the last phase counted twice: where she ends the turn."""
    scores = [judge(moved(state, ship, p), ship, w, set()).score for p in plot.poses]
    return (sum(scores) + scores[-1]) / (len(scores) + 1)


def _unsafe(
    state: GameState, ship: str, w: Weights, x: np.ndarray, y: np.ndarray, h: np.ndarray
) -> np.ndarray:
    """Plots that take her off the table, onto land or a shoal in any phase, or leave
    her with no room to sail clear in the turns after (the scripted captain too)."""
    scn = state.table()
    cls = scn.ship(ship).cls
    goal = scn.ruleset.goal_edges(state, ship)
    bad = np.zeros(x.shape[0], bool)
    for k in range(x.shape[1]):
        edge, gap = clearance(scn, cls.base_length, cls.base_width, x[:, k], y[:, k], goal)
        bad |= (edge < 0) | (gap <= 0)
    return bad | (safety(scn, cls, w, x[:, -1], y[:, -1], h[:, -1], goal) >= w.blunder / 4)


def _closing(state: GameState, ship: str, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The scripted captain's plot: the nearest enemy closest at the end (an escaping
    ship's: her edge nearest; the baseline knows the scenario's aim too)."""
    goal = state.scenario.ruleset.goal_edges(state, ship)
    if goal:
        return -to_goal(state.table(), goal, x, y)
    me = state.ship(ship).pose
    foe = nearest_enemy(state, ship, me.x, me.y)
    if foe is None:
        return np.zeros(len(x))
    e = state.ship(foe).pose
    return -np.hypot(x - e.x, y - e.y)
