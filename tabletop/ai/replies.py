"""The admiral's look ahead: the enemy's replies, foreseen or sampled from their fans.

For a pose of hers, each enemy ship's reply is either foreseen, the move his own captain
would give (``search.foreseen``: the nearest few enemies, each moved in turn, as a
player reads an opponent from the table), or sampled: his fan sketched from his side
(the same captain's values), the best few replies judged with the ruleset's fire ruling
and the worst for her counted.  Either way what counts is the expected unsaved hits of
his broadside on her where the reply leaves him, by the ruling's exact odds, less
``riposte`` times hers back.  The dice are never rolled: the odds stand for them.

Foreseen replies make the Trafalgar admiral: with the worst of a few sampled replies
(riposte nought: the worst case keeps her out of the fight) she is no stronger than the
captain, and with the captain's own reply and riposte 1 she beats him.  In Escadres and
the Frigate hex duel foreseen replies do no better than sampled ones, so those admirals
sample (docs/strength.md says how to measure it).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from tabletop.ai.judge import (
    Shot,
    alongside,
    armed,
    chance,
    cups,
    damage_share,
    distinct,
    enemies,
    moved,
    outmatched,
    sketch,
)
from tabletop.ai.stakes import outcome
from tabletop.ai.weights import Weights
from tabletop.engine.state import GameState
from tabletop.geometry.pose import Pose
from tabletop.referee.fire import Table
from tabletop.rules.base import FireChance

#: Where an enemy's captain would move him (None: he has no move) in a state.
Foreseer = Callable[[GameState, str], Pose | None]


def reply_risk(state: GameState, ship: str, w: Weights, foresee: Foreseer | None = None) -> float:
    """The sum over enemy ships of their reply's value to him: its expected hits on her,
    less ``riposte`` times what her broadside could do back where it leaves him (a reply
    that brings his guns to bear often brings him into hers).  With ``foresee`` and
    ``w.foreseen`` above nought, the replies of her nearest ``foreseen`` enemies are
    those it gives; otherwise each enemy's best of his sampled replies."""
    rs = state.scenario.ruleset
    if not armed(rs):
        return 0.0
    if foresee is not None and w.foreseen:
        return _foreseen(state, ship, w, foresee)
    total = 0.0
    for e in enemies(state, state.side_of(ship)):
        fan = rs.advice.fan_now(state, e, max(2, w.density - 1))
        poses = [state.ship(e).pose]  # a ship that may not move now fires as she lies
        if len(fan):
            sk = sketch(state, e, w, fan.x, fan.y, fan.heading)
            poses = [fan.pose(i) for i in distinct(sk, fan.x, fan.y, fan.heading)[: w.replies]]
        best = 0.0 if not w.riposte else -np.inf
        for pose in poses:
            best = max(best, _worth(moved(state, e, pose), e, ship, w))
        total += best
    return total


def _foreseen(state: GameState, ship: str, w: Weights, foresee: Foreseer) -> float:
    """Her nearest enemies' foreseen replies, each made on the table the ones before left
    (their captain moves them in turn), and what each is worth to him."""
    me = state.ship(ship).pose
    foes = enemies(state, state.side_of(ship))
    near = sorted(foes, key=lambda e: math.dist(state.ship(e).pose[:2], me[:2]))[: w.foreseen]
    total = 0.0
    for e in near:
        pose = foresee(state, e)
        if pose is not None:
            state = moved(state, e, pose)
        total += _worth(state, e, ship, w)
    return total


def _worth(after: GameState, e: str, ship: str, w: Weights) -> float:
    """A reply's worth to ``e`` where it leaves him: his broadside's expected hits on
    her, less ``riposte`` times hers back."""
    scn = after.table()
    tab = Table.of(scn) if scn.ruleset.caps.has_gunnery else None
    value = _hits(chance(scn, tab, after, e, ship), w)
    if w.riposte:
        value -= w.riposte * _hits(chance(scn, tab, after, ship, e), w)
    return value


def _hits(r: FireChance | None, w: Weights) -> float:
    return 0.0 if r is None else r.expected * (1 + (w.rake if r.rake else 0.0))


def boarding_threat(state: GameState, ship: str, w: Weights) -> float:
    """What the enemy's coming alongside her could take, where her move leaves her: for
    each enemy who outmatches her (``Advice.match_strength``), how far he does, times
    how near he lies within a turn's run of her base (1 alongside, 0 a whole run or
    more off), times what she is still worth (``material``) and, where she is his
    side's quarry (a convoy), the battle (``victory``); the worst of them.  His fire on
    her counts in :func:`reply_risk`; a capture or a boarding rolls no broadside, and a
    merchantman that kept clear of the sloop's guns but not of her reach was taken by
    turn 3 (the Frigate hex duel).  A turn's run, not his next move: a faster ship
    closes whatever she does this move, and only the next turns show it."""
    if not w.threat:
        return 0.0
    rs = state.scenario.ruleset
    scn = state.table()
    me = scn.ship(ship)
    worth = w.material * (1.0 - damage_share(state, ship))
    worst = 0.0
    for e in enemies(state, state.side_of(ship)):
        edge = outmatched(state, ship, e)
        if edge <= 0:
            continue
        him = scn.ship(e)
        run = max(rs.advice.reach(scn, him.cls), 1e-6)
        contact = alongside(me.cls, him.cls)
        d = math.dist(me.pose[:2], him.pose[:2])
        near = min(1.0, max(0.0, 1.0 - (d - contact) / run))
        prize = worth + (w.victory if rs.advice.quarry(state, state.side_of(e)) == ship else 0.0)
        worst = max(worst, edge * near * prize)
    return w.threat * worst


def menace(state: GameState, side: str, w: Weights) -> float:
    """What her side threatens: the boarding threat to each enemy ship, summed.  The
    admiral weighs it as the enemy's threat to her: a sloop that closes on the convoy
    within a turn's run of her, outmatching her, holds the battle in her reach: weighed,
    it makes the admiral stronger in the Frigate prize."""
    return sum(boarding_threat(state, e, w) for e in enemies(state, side))


def standing(state: GameState, side: str, own: list[str], w: Weights) -> float:
    """What a state is worth to her side beyond the lie of the table, the boarding
    threats between the sides counted: :func:`~tabletop.ai.stakes.outcome`, plus her
    side's :func:`menace`, less the threat to each of ``own`` (her side's ships as the
    order found them: a prize her fire takes is not hers to guard) still in it."""
    here = {s.id for s in state.ships}
    threat = sum(boarding_threat(state, s, w) for s in own if s in here)
    return outcome(state, side, w) + menace(state, side, w) - threat


def lifting_shot(state: GameState, ship: str, shot: Shot, w: Weights) -> Shot:
    """The admiral's target for her broadside ``shot.arc`` where ``threat`` is above
    nought: of the enemies it bears on, the one whose fire's blind cups leave her side
    best standing (:func:`standing`), ``shot`` unless another does better.  The captain
    fires at the most hits; hits on the crew of the sloop closing on the convoy lift his
    threat to it (his match strength falls) where as many on a merchantman lift nothing:
    so aimed, her fire makes the admiral stronger in the Frigate prize."""
    if not w.threat:
        return shot
    scn = state.table()
    tab = Table.of(scn)
    side = state.side_of(ship)
    own = [s.id for s in state.ships if state.side_of(s.id) == side]
    best: tuple[float, Shot] | None = None
    for e in enemies(state, side):
        r = chance(scn, tab, state, ship, e)
        if r is None or r.arc != shot.arc or r.expected <= 0:
            continue
        got = cups(state, f"fire {ship} {e}")
        if not got:
            continue
        v = sum(standing(a, side, own, w) for a in got) / len(got)
        if best is None or v > best[0] + 1e-9 or (abs(v - best[0]) <= 1e-9 and e == shot.target):
            best = (v, Shot(r.arc, e, r.expected, r.rake, v))
    return shot if best is None else best[1]
