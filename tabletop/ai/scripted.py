"""The ``scripted`` level's ranking of a ship's fan: the baseline every other level is
measured against (close with the nearest enemy on the best point of sail, keeping off
the edge and the land), with no look at what the guns would do."""

from __future__ import annotations

import numpy as np

from tabletop.ai.judge import nearest_enemy, place, safety, shares
from tabletop.ai.weights import Weights
from tabletop.engine.state import GameState
from tabletop.fan import Fan
from tabletop.geometry.angles import relative_wind
from tabletop.geometry.sectors import classify


def scripted_order(state: GameState, ship: str, fan: Fan, w: Weights) -> np.ndarray:
    """Her fan's indices, best first: the nearest the enemy among the safe poses, the
    faster point of sail first among equals (the positional judge with every weight but
    those at nought)."""
    me = state.ship(ship).pose
    foe = nearest_enemy(state, ship, me.x, me.y)
    scn = state.table()
    safe = place(scn, state, ship, w, fan.x, fan.y, fan.heading)
    score = np.zeros(len(fan))
    if foe is not None:
        e = state.ship(foe).pose
        score = score - np.hypot(fan.x - e.x, fan.y - e.y)
    # the edge and the land near or ahead weigh against closing (chasing straight
    # at the enemy ran her into corners she could not turn out of); a move that
    # risks them comes after every safe one, and cornered, with none safe, the
    # least dangerous first (not the nearest the enemy)
    goal = scn.ruleset.goal_edges(state, ship)
    score = score - safety(scn, scn.ship(ship).cls, w, fan.x, fan.y, fan.heading, goal)
    score = np.where(safe < -w.blunder / 4, -1e9 + safe, score)
    sector = classify(relative_wind(scn.wind.from_deg, fan.heading), scn.ruleset.sector_lowers)
    speed = shares(scn, scn.ship(ship).cls)[sector]
    return np.lexsort((-speed, -np.round(score, 1)))
