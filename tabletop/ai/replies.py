"""The admiral's look ahead: the enemy's replies, sampled from their fans.

For a pose of hers, each enemy ship's fan is sketched from the enemy's side (the same
captain's values), the best few replies judged with the ruleset's fire ruling, and the
worst for her counted: the expected unsaved hits of the enemy's best reply, by the
ruling's exact odds.  The dice are never rolled: the odds stand for them.
"""

from __future__ import annotations

import numpy as np

from tabletop.ai.judge import enemies, expected_hits, moved, sketch
from tabletop.ai.weights import Weights
from tabletop.engine.state import GameState
from tabletop.fire import Table
from tabletop.geometry.pose import Pose


def reply_risk(state: GameState, ship: str, w: Weights) -> float:
    """The sum over enemy ships of their best sampled reply's expected hits on her."""
    rs = state.scenario.ruleset
    if not rs.has_gunnery:
        return 0.0
    total = 0.0
    for e in enemies(state, state.side_of(ship)):
        fan = rs.fan_now(state, e, max(2, w.density - 1))
        if not len(fan):
            continue
        sk = sketch(state, e, w, fan.x, fan.y, fan.heading)
        best = 0.0
        for i in np.argsort(-sk, kind="stable")[: w.replies]:
            pose = Pose(float(fan.x[i]), float(fan.y[i]), float(fan.heading[i]))
            scn = moved(state, e, pose).table()
            r = rs.rule_fire(scn, Table.of(scn), scn.index(e), scn.index(ship), False)
            best = max(best, expected_hits(r) * (1 + (w.rake if r.rake else 0.0)))
        total += best
    return total
