"""The ``scripted`` level's ranking of a ship's fan: the baseline every other level is
measured against (close with the nearest enemy on the best point of sail, keeping off
the edge and the land), with no look at what the guns would do."""

from __future__ import annotations

import numpy as np

from tabletop.ai.judge import distinct, enemy_to_close, moved, placed, trapped
from tabletop.ai.sea import safety, shares
from tabletop.ai.weights import Weights
from tabletop.engine.state import GameState
from tabletop.geometry.angles import relative_wind
from tabletop.geometry.pose import Pose
from tabletop.geometry.sectors import classify
from tabletop.referee import reckon
from tabletop.referee.fan import Fan

#: How many of her moves (distinct poses) are looked at for a trap ahead (of three times
#: as many weighed for their room next turn), and how many of the least dangerous moves
#: of her next turn for a way out of it: each look builds a fan, so these bound the
#: decision's time (weighing every pose of her fan, a squadron-action decision takes
#: many seconds).
LOOKED_AT = 8


def scripted_order(state: GameState, ship: str, fan: Fan, w: Weights) -> np.ndarray:
    """Her fan's indices, best first: the nearest the enemy among the safe poses, the
    faster point of sail first among equals (the positional judge with every weight but
    those at nought); a move that leads into a trap comes after the first that does
    not (:func:`doomed`)."""
    me = state.ship(ship).pose
    foe = enemy_to_close(state, ship, me.x, me.y)
    scn = state.table()
    safe = placed(scn, state, ship, w, fan.x, fan.y, fan.heading)[0]
    score = np.zeros(len(fan))
    if foe is not None:
        e = state.ship(foe).pose
        score = score - np.hypot(fan.x - e.x, fan.y - e.y)
    # the edge and the land near or ahead weigh against closing (chasing straight
    # at the enemy ran her into corners she could not turn out of); a move that
    # risks them comes after every safe one, and cornered, with none safe, the
    # least dangerous first (not the nearest the enemy)
    goal = scn.ruleset.advice.goal_edges(state, ship)
    score = score - safety(scn, scn.ship(ship).cls, w, fan.x, fan.y, fan.heading, goal)
    score = np.where(safe < -w.blunder / 4, -1e9 + safe, score)
    lowers = reckon.sector_lowers(scn.ruleset)
    sector = classify(relative_wind(scn.wind.from_deg, fan.heading), lowers)
    speed = shares(scn, scn.ship(ship).cls)[sector]
    order = np.lexsort((-speed, -np.round(score, 1)))
    if not len(order) or not doomed(state, ship, fan.pose(int(order[0])), w):
        return order
    # her first move leads into a trap: the first of her moves (distinct poses, those
    # with room next turn first) that does not, else the least bad as ranked
    rank = np.empty(len(order))
    rank[order] = -np.arange(len(order))
    at = {int(i): n for n, i in enumerate(order)}
    others = [at[int(i)] for i in distinct(rank, fan.x, fan.y, fan.heading)[1 : 3 * LOOKED_AT + 1]]
    room = {n: trapped(moved(state, ship, fan.pose(int(order[n]))), ship, w) for n in others}
    for n in sorted(others, key=lambda n: (room[n] >= w.blunder / 2, n))[:LOOKED_AT]:
        if room[n] < w.blunder / 2 and not doomed(state, ship, fan.pose(int(order[n])), w, room[n]):
            return np.concatenate([order[n : n + 1], np.delete(order, n)])
    return order


def doomed(state: GameState, ship: str, pose: Pose, w: Weights, first: float | None = None) -> bool:
    """Whether a move to ``pose`` leads her into a trap: every move of her next turn
    would leave her with no room to sail clear (:func:`trapped`), or, where her next
    turn is cramped, every move of it would lead into such a trap the turn after.  A
    ship running along a lee shore chose, turn by turn, the move nearest the enemy
    until every move left her off the table (the squadron action's tonnant, on turn 5
    of every game she was scripted in): the trap was laid two turns before it closed.
    ``first``: her :func:`trapped` there, where already known."""
    after = moved(state, ship, pose)
    if first is None:
        first = trapped(after, ship, w)
    if first >= w.blunder / 2 or first <= 0:
        return first >= w.blunder / 2
    scn = after.table()
    fan = scn.ruleset.advice.fan_now(after, ship, 2)
    goal = scn.ruleset.advice.goal_edges(after, ship)
    pen = safety(scn, scn.ship(ship).cls, w, fan.x, fan.y, fan.heading, goal)
    for i in np.argsort(pen, kind="stable")[:LOOKED_AT]:  # the least dangerous first
        if trapped(moved(after, ship, fan.pose(int(i))), ship, w) < w.blunder / 2:
            return False  # one clear is enough
    return len(fan) > 0
