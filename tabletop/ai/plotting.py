"""Plotted orders: a side's whole turn of movement given ahead, ship by ship.

Where the ruleset offers plots (:meth:`~tabletop.rules.base.Ruleset.plots`: her orders
for every phase and where each phase leaves her), each ship's plots are sketched at every
phase's pose at once (the edge, land and shoals in any phase weigh as much as where she
ends: a ship that leaves the table in phase II is gone), the best few judged exactly
with the fire rulings at each phase, and the admiral also weighs the enemy's replies.
A side's ships plot in turn, each with her consorts already plotted where their plots
put them in each phase (a consort in the line of fire in phase III is where she will
be then, not where she lies now); the foresight of an enemy squadron is made alike.
A plot that runs her aboard a consort's plotted place costs her (``foul``): the rules
judge a collision at the end of each phase, and it costs both ships hull and orders.

The enemy's plot is secret, so a captain foresees it (:func:`foresee`) the way a player
reads an opponent: from the table alone (``Advice.foreseen_plots``, never the orders
given), as a captain one level below her own would plot it (the captain foresees a
scripted enemy, the admiral a captain, who in turn foresees the admiral's ships as
scripted), and judges each of her plots phase by phase against the enemy where that
foresight puts him.  The scripted baseline judges against the enemy as he lies.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

import numpy as np
import shapely

from tabletop.ai.clock import Clock, unlimited
from tabletop.ai.judge import distinct, enemies, enemy_to_close, judge, moved, sketch
from tabletop.ai.replies import reply_risk
from tabletop.ai.sea import clearance, safety, to_goal
from tabletop.ai.weights import Weights
from tabletop.engine.state import GameState
from tabletop.geometry.outlines import base_corners
from tabletop.geometry.pose import Pose
from tabletop.rules.base import Plot

#: Whom each level foresees the enemy as: one level below her own.
LOWER = {"captain": "scripted", "admiral": "captain"}

#: Where foreseen ships will be after each phase (ship → her poses).
Foresight = Mapping[str, tuple[Pose, ...]]


def foresee(
    state: GameState, ships: list[str], level: str, w: Weights, clock: Clock | None = None
) -> dict[str, tuple[Pose, ...]]:
    """Where each of ``ships`` will be after each phase if her captain plots at ``level``
    from the table as it is (her side's orders, if given, unread): the plots the rules
    would offer her, chosen as that level chooses, with its own foresight of her enemy."""
    rs = state.scenario.ruleset
    out: dict[str, tuple[Pose, ...]] = {}
    lower = LOWER.get(level)
    theirs: dict[str, dict[str, tuple[Pose, ...]]] = {}  # each side's foresight, once
    for s in ships:
        plots = rs.advice.foreseen_plots(state, s)
        if not plots:
            continue
        side = state.side_of(s)
        if lower and side not in theirs:
            theirs[side] = foresee(state, enemies(state, side), lower, w, clock)
        got = choose(state, s, level, w, clock, theirs.get(side, {}), plots)
        if got is not None:
            out[s] = got[0].poses
            theirs[side] = {**theirs.get(side, {}), s: got[0].poses}  # as her consorts see her
    return out


def _views(state: GameState, seen: Foresight, phases: int) -> list[GameState]:
    """The state after each phase with every foreseen ship where foresight puts her."""
    views = []
    for k in range(phases):
        view = state
        for s, poses in seen.items():
            view = view.with_ship(replace(view.ship(s), pose=poses[min(k, len(poses) - 1)]))
        views.append(view)
    return views


def choose(
    state: GameState,
    ship: str,
    level: str,
    w: Weights,
    clock: Clock | None = None,
    seen: Foresight | None = None,
    plots: list[Plot] | None = None,
) -> tuple[Plot, str] | None:
    """Her best plot at this level and a line of reason, or None when she has none;
    judged against the enemy where ``seen`` (foresight) puts him in each phase, or as he
    lies; the exact judgements and the replies stop at their stage's allowance or the
    decision's (``clock``; none: unlimited).  ``plots``: hers to choose from (by
    default the rules' plots now)."""
    if plots is None:
        plots = state.scenario.ruleset.plots(state, ship)
    if not plots:
        return None
    if level != "admiral" and w.stakes:
        w = replace(w, stakes=0.0)  # the admiral's alone, as in her foresight of a captain
    clock = clock or unlimited()
    stage = clock.stage()
    # each plot's pose after each phase, then where the turn leaves her (a drift after
    # the last phase), which is as unsafe as any phase's
    xe, ye, he = (
        np.array([[getattr(p, a) for p in (*pl.poses, pl.after or pl.poses[-1])] for pl in plots])
        for a in ("x", "y", "heading")
    )
    x, y, h = xe[:, :-1], ye[:, :-1], he[:, :-1]
    unsafe = _unsafe(state, ship, w, xe, ye, he)
    if level == "scripted":
        crowd = np.array([0.1 * ("RS" in pl.words) for pl in plots])
        score = _closing(state, ship, x[:, -1], y[:, -1]) + crowd
        score = score - 1e9 * unsafe
        best = int(np.argmax(score))
        return plots[best], f"{ship} closes with the enemy ({plots[best].words})"
    phases = x.shape[1]
    views = _views(state, seen or {}, phases)
    rough = sum(sketch(views[k], ship, w, x[:, k], y[:, k], h[:, k]) for k in range(phases))
    cost = w.blunder * unsafe + w.foul * _fouling(state, ship, seen or {}, w, x, y, h)
    rough = rough / phases - cost
    short = distinct(rough, x, y, h)[: w.shortlist]
    exact: dict[int, float] = {}
    known: dict[tuple[int, Pose], float] = {}
    for i in short:
        if exact and (clock.over(stage) or clock.late(0.5)):
            break
        exact[int(i)] = _judged(views, ship, plots[int(i)], w, known) - cost[i]
        clock.tick()
    if level == "admiral":
        for i in sorted(exact, key=lambda k: -exact[k])[: w.admiral_shortlist]:
            if clock.over(stage, 2) or clock.late(0.9):
                break
            clock.tick()
            after = moved(views[-1], ship, plots[i].poses[-1])
            exact[i] -= w.reply * reply_risk(after, ship, w)
    best = max(exact, key=lambda k: exact[k])
    return plots[best], f"{ship} plots {plots[best].words} (judged {exact[best]:+.1f})"


def _judged(
    views: list[GameState],
    ship: str,
    plot: Plot,
    w: Weights,
    known: dict[tuple[int, Pose], float] | None = None,
) -> float:
    """The weighted mean of her exact judgements after each phase (the fire that bears
    then, the enemy's on her, the enemy where each phase's view puts him), each later
    phase counted ``phase_trust`` times the one before: the further ahead, the less the
    foresight of his secret plot holds, and the more likely damage or a collision has
    cut hers short.  Counting the phases alike (or the last one twice) let one
    broadside foreseen alongside in phase V outweigh being raked in phases II-IV.
    ``known``: the judgements already made at each (phase, pose), which her plots share
    (every plot turning to port in phase I is at one pose then): made once."""
    known = {} if known is None else known
    scores = np.zeros(len(plot.poses))
    for k, (v, p) in enumerate(zip(views, plot.poses, strict=True)):
        if (k, p) not in known:
            known[k, p] = judge(moved(v, ship, p), ship, w, set()).score
        scores[k] = known[k, p]
    trust = w.phase_trust ** np.arange(len(scores))
    return float(trust @ scores / trust.sum())


def _unsafe(
    state: GameState, ship: str, w: Weights, x: np.ndarray, y: np.ndarray, h: np.ndarray
) -> np.ndarray:
    """1 for plots that take her off the table, onto land or a shoal in any phase or
    where the turn leaves her (the last column); half that for those that leave her there
    with no room to sail clear in the turns after; else 0 (the scripted captain too).
    Counted alike, a ship adrift without a rudder an inch off the edge, whose every plot
    leaves her no room, would drift off rather than anchor."""
    scn = state.table()
    cls = scn.ship(ship).cls
    goal = scn.ruleset.advice.goal_edges(state, ship)
    bad = np.zeros(x.shape[0], bool)
    for k in range(x.shape[1]):
        edge, gap = clearance(
            scn, cls.base_length, cls.base_width, x[:, k], y[:, k], h[:, k], goal, cls
        )
        bad |= (edge < 0) | (gap <= 0)
    cornered = safety(scn, cls, w, x[:, -1], y[:, -1], h[:, -1], goal) >= w.blunder / 4
    return np.where(bad, 1.0, 0.5 * cornered)


def _fouling(
    state: GameState,
    ship: str,
    seen: Foresight,
    w: Weights,
    x: np.ndarray,
    y: np.ndarray,
    h: np.ndarray,
) -> np.ndarray:
    """Plots whose base touches a consort's (within ``foul_margin``) at the end of any
    phase, the consort where her plot puts her then: the rules judge a collision there,
    and a ship that runs aboard her consort costs both a hull box and their orders.
    Only consorts already plotted are known (``seen``); the rest plot knowing hers."""
    bad = np.zeros(x.shape[0], bool)
    if not w.foul:
        return bad
    side = state.side_of(ship)
    consorts = [s for s in seen if s != ship and state.side_of(s) == side]
    if not consorts:
        return bad
    scn = state.scenario
    cls = scn.ship(ship).cls
    for k in range(x.shape[1]):
        mine = shapely.polygons(
            base_corners(x[:, k], y[:, k], h[:, k], cls.base_length, cls.base_width)
        )
        for c in consorts:
            p = seen[c][min(k, len(seen[c]) - 1)]
            o = scn.ship(c).cls
            theirs = shapely.Polygon(base_corners(p.x, p.y, p.heading, o.base_length, o.base_width))
            bad |= shapely.dwithin(mine, theirs, w.foul_margin)
    return bad


def _closing(state: GameState, ship: str, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The scripted captain's plot: the nearest enemy closest at the end (an escaping
    ship's: her edge nearest; the baseline knows the scenario's aim too)."""
    goal = state.scenario.ruleset.advice.goal_edges(state, ship)
    if goal:
        return -to_goal(state.table(), goal, x, y)
    me = state.ship(ship).pose
    foe = enemy_to_close(state, ship, me.x, me.y)
    if foe is None:
        return np.zeros(len(x))
    e = state.ship(foe).pose
    return -np.hypot(x - e.x, y - e.y)
