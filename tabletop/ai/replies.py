"""The admiral's look ahead: the enemy's replies, sampled from their fans.

For a pose of hers, each enemy ship's fan is sketched from the enemy's side (the same
captain's values), the best few replies judged with the ruleset's fire ruling, and the
worst for her counted: the expected unsaved hits of the enemy's best reply, by the
ruling's exact odds.  The dice are never rolled: the odds stand for them.
"""

from __future__ import annotations

import numpy as np

from tabletop.ai.judge import armed, chance, distinct, enemies, moved, sketch
from tabletop.ai.weights import Weights
from tabletop.engine.state import GameState
from tabletop.fire import Table
from tabletop.geometry.pose import Pose
from tabletop.rules.base import FireChance


def reply_risk(state: GameState, ship: str, w: Weights) -> float:
    """The sum over enemy ships of their best sampled reply's value to him: its expected
    hits on her, less ``riposte`` times what her broadside could do back where it leaves
    him (a reply that brings his guns to bear often brings him into hers)."""
    rs = state.scenario.ruleset
    if not armed(rs):
        return 0.0
    total = 0.0
    for e in enemies(state, state.side_of(ship)):
        fan = rs.fan_now(state, e, max(2, w.density - 1))
        poses = [state.ship(e).pose]  # a ship that may not move now fires as she lies
        if len(fan):
            sk = sketch(state, e, w, fan.x, fan.y, fan.heading)
            poses = [
                Pose(float(fan.x[i]), float(fan.y[i]), float(fan.heading[i]))
                for i in distinct(sk, fan.x, fan.y, fan.heading)[: w.replies]
            ]
        best = 0.0 if not w.riposte else -np.inf
        for pose in poses:
            after = moved(state, e, pose)
            scn = after.table()
            tab = Table.of(scn) if rs.has_gunnery else None
            value = _hits(chance(scn, tab, after, e, ship), w)
            if w.riposte:
                value -= w.riposte * _hits(chance(scn, tab, after, ship, e), w)
            best = max(best, value)
        total += best
    return total


def _hits(r: FireChance | None, w: Weights) -> float:
    return 0.0 if r is None else r.expected * (1 + (w.rake if r.rake else 0.0))
