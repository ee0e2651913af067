"""What the computer captain sees: the table after a move, judged by a captain's values.

Two judges share one set of weights (:mod:`tabletop.ai.weights`).  :func:`sketch` scores
every pose of a fan at once with numpy (range to the enemy, bearing, rake zones, the
weather gauge, the point of sail, the edge and the shoals) to shortlist a few;
:func:`judge` then asks the ruleset's own fire ruling (``Ruleset.rule_fire``, with its
exact odds) what each shortlisted pose really gives and risks.  Nothing here names a
ruleset: the rules come in through the scenario's :class:`~tabletop.rules.base.Ruleset`.

The AI never sees the dice: :func:`blind_dice` rolls from a seed of its own, so what a
trial move rolls in :func:`trial` tells nothing of the game's counter-based dice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from tabletop.ai.sea import clearance, lee_shore, safety, shares, to_goal
from tabletop.ai.weights import Weights
from tabletop.common.errors import TabletopError
from tabletop.engine.core import apply
from tabletop.engine.dice import Dice
from tabletop.engine.events import Events
from tabletop.engine.state import GameState
from tabletop.geometry.angles import relative_wind, wrap
from tabletop.geometry.pose import Pose
from tabletop.geometry.rake import rake
from tabletop.geometry.sectors import classify
from tabletop.model.scenario import Scenario, ShipClass
from tabletop.referee import reckon
from tabletop.referee.fire import FireRuling, Table, longest_range
from tabletop.rules.base import FireChance, Ruleset
from tabletop.rules.clients import Advice

#: The AI's own dice seed for trial moves: nothing to do with any game's seed.
BLIND_SEED = 0x7AB1E70B


def blind_dice(seed: int, counter: int, rolled: Events) -> Dice:
    """A cup rolled from the AI's own seed, never the game's: trials do not peek."""
    return Dice(BLIND_SEED, counter, rolled)


def trial(state: GameState, text: str, sample: int = 0) -> GameState | None:
    """The state after ``text`` with blind dice (``sample`` picks another blind cup, to
    weigh an order whose outcome is rolled), or None when the rules refuse it."""

    def cup(seed: int, counter: int, rolled: Events) -> Dice:
        return Dice(BLIND_SEED + sample, counter, rolled)

    try:
        return apply(state, text, cup if sample else blind_dice)[0]
    except TabletopError:
        return None


#: Blind cups an order other than a move is tried with: one whose outcome is rolled (a
#: repair) is weighed by the mean of what they give, a fair stand-in for its odds.
SAMPLES = 6


def cups(state: GameState, text: str) -> list[GameState]:
    """The states ``text`` leads to over the blind cups (none where the rules refuse
    it): an order whose outcome is rolled is weighed by the mean of what they give."""
    return [a for n in range(SAMPLES) if (a := trial(state, text, n)) is not None]


#: The best order weighed: its worth, its text and the states its blind cups lead to.
Weighed = tuple[float, str, list[GameState]]


def weighed(
    state: GameState,
    texts: Iterable[str],
    worth: Callable[[list[GameState]], float],
    best: Weighed | None = None,
    go: Callable[[], bool] = lambda: True,
    margin: float = 0.0,
) -> Weighed | None:
    """Of ``texts``, the order whose blind cups are worth most (``worth`` of the states
    they lead to; one the rules refuse leads nowhere and is passed over), or ``best``
    (the worth of giving none, to beat) if none beats it.  ``go`` is asked before each
    order (the decision's allowance: False stops the search there); a tie keeps the
    first, a later order must beat it by more than ``margin``."""
    for text in texts:
        if not go():
            break
        got = cups(state, text)
        if got:
            v = worth(got)
            if best is None or v > best[0] + margin:
                best = (v, text, got)
    return best


def cast_away(after: GameState, ship: str) -> bool:
    """Whether what the rules do to her when her side's part of the turn ends (a
    drift, when she used too little of her allowance) may put her off the table or
    aground, in any of the blind cups: the judge sees only where her move ends."""
    scn = after.table()
    cls = scn.ship(ship).cls
    goal = scn.ruleset.advice.goal_edges(after, ship)
    for a in cups(after, "end"):
        if not any(s.id == ship for s in a.ships):
            continue
        x, y, h = _arr(a.ship(ship).pose)
        edge, gap = clearance(scn, cls.base_length, cls.base_width, x, y, h, goal, cls)
        if edge[0] < 0 or gap[0] <= 0:
            return True
    return False


def enemies(state: GameState, side: str) -> list[str]:
    rs = state.scenario.ruleset
    return [s.id for s in state.ships if state.side_of(s.id) != side and rs.fighting(state, s.id)]


def friends(state: GameState, side: str) -> list[str]:
    rs = state.scenario.ruleset
    return [s.id for s in state.ships if state.side_of(s.id) == side and rs.fighting(state, s.id)]


def armed(rs: Ruleset) -> bool:
    """Whether the ruleset rules fire: by :meth:`Ruleset.rule_fire` or its own
    :meth:`Advice.fire_chance`."""
    return rs.caps.has_gunnery or type(rs.advice).fire_chance is not Advice.fire_chance


def chance(
    scn: Scenario, tab: Table | None, state: GameState, firer: str, target: str
) -> FireChance | None:
    """What her fire at the target would do as they lie (the ruling's exact odds)."""
    rs = scn.ruleset
    if type(rs.advice).fire_chance is not Advice.fire_chance or not rs.caps.has_gunnery:
        return rs.advice.fire_chance(state, firer, target)
    r = rs.rule_fire(scn, tab or Table.of(scn), scn.index(firer), scn.index(target), False)
    if not r.can_fire or r.arc is None:
        return None
    return FireChance(r.arc, expected_hits(r), r.rake)


ALONGSIDE = 0.55
"""Bases whose centres lie closer than this share of their two lengths all but touch:
alongside (a hex game's ships afoul share a hex, each drawn a quarter hex aside)."""


def alongside(a: ShipClass, b: ShipClass) -> float:
    """How near two ships' centres lie when they are alongside (:data:`ALONGSIDE`)."""
    return ALONGSIDE * (a.base_length + b.base_length)


def damage_share(state: GameState, ship: str) -> float:
    """How much of her she has lost, 0..1, from the ruleset's report (its ``a/b``
    figures: hull, crew, masts...); a struck ship counts as wholly lost."""
    if state.ship(ship).struck:
        return 1.0
    told = state.scenario.ruleset.advice.loss(state, ship)
    if told is not None:
        return told
    shares = []
    for v in state.scenario.ruleset.ship_report(state, ship).values():
        for s in v.values() if isinstance(v, dict) else (v,):
            if isinstance(s, str) and s.count("/") == 1:
                a, b = s.split("/")
                if a.isdigit() and b.isdigit() and int(b) > 0:
                    shares.append(1.0 - int(a) / int(b))
    return float(np.mean(shares)) if shares else 0.0


def expected_hits(r: FireRuling) -> float:
    """The expected unsaved hits of a ruling's broadside, from its exact odds."""
    odds = r.odds() if r.can_fire else None
    return float(odds["expected_unsaved"]) if odds else 0.0


@dataclass(frozen=True)
class Shot:
    """The best a broadside (``arc``) can do against ``target``, as valued."""

    arc: str
    target: str
    hits: float
    rake: str | None
    value: float


@dataclass
class Verdict:
    """A judged position: its score, the shots it offers and the terms behind it."""

    score: float
    shots: dict[str, Shot] = field(default_factory=dict)
    terms: dict[str, float] = field(default_factory=dict)
    shy: float = 0.0  # how far she keeps her distance rather than close (:func:`shyness`)


def shots(
    scn: Scenario, tab: Table, state: GameState, ship: str, w: Weights, used: set[str]
) -> dict[str, Shot]:
    """Each unused broadside's best shot from where she lies now (fire as she bears)."""
    if not armed(scn.ruleset):
        return {}
    best: dict[str, Shot] = {}
    for e in enemies(state, state.side_of(ship)):
        r = chance(scn, tab, state, ship, e)
        if r is None or r.arc in used:
            continue
        hits = r.expected
        value = hits * (1 + (w.rake if r.rake else 0.0)) * (1 + w.finish * damage_share(state, e))
        if hits > 0 and (r.arc not in best or value > best[r.arc].value):
            best[r.arc] = Shot(r.arc, e, hits, r.rake, value)
    return best


def exposure(scn: Scenario, tab: Table, state: GameState, ship: str, w: Weights) -> float:
    """Expected unsaved hits the enemy could land on her from where they lie now."""
    if not armed(scn.ruleset):
        return 0.0
    total = 0.0
    for e in enemies(state, state.side_of(ship)):
        r = chance(scn, tab, state, e, ship)
        if r is not None:
            total += r.expected * (1 + (w.rake if r.rake else 0.0))
    return total


def judge(state: GameState, ship: str, w: Weights, used: set[str]) -> Verdict:
    """A captain's exact judgement of her position in ``state`` (after her move)."""
    scn = state.table()
    tab = Table.of(scn)
    pose = state.ship(ship).pose
    spot, danger = placed(scn, state, ship, w, *_arr(pose))
    base = float(spot[0])
    got = shots(scn, tab, state, ship, w, used)
    fire = w.fire * sum(s.value for s in got.values())
    base -= trapped(state, ship, w)
    hurt = damage_share(state, ship)
    risk = w.exposure * exposure(scn, tab, state, ship, w) * (1 + w.damage * hurt)
    foe = enemy_to_close(state, ship, pose.x, pose.y, w)
    shy = shyness(state, ship, foe, w) if foe is not None else 0.0
    terms = {"place": base, "fire": fire, "exposure": -risk, "danger": -float(danger[0])}
    return Verdict(base + fire - risk, got, terms, shy)


def trapped(state: GameState, ship: str, w: Weights) -> float:
    """The safety penalty of her best move next turn (her own fan from here, sparsely):
    a look ahead that sees a trap (every move off the table, aground or with no room
    after) and, short of one, how cramped the edge will leave her.  Weighing only whole
    traps let ships run into corners late in long games, where every escape is cramped."""
    scn = state.table()
    cls = scn.ship(ship).cls
    fan = scn.ruleset.advice.fan_now(state, ship, 2)
    if not len(fan):
        return 0.0  # boxed in by ships, or a ruleset without a fan: not the sea's trap
    goal = scn.ruleset.advice.goal_edges(state, ship)
    # the turn after, she can turn about as far as her fan turns her now
    h = state.ship(ship).pose.heading
    turns = float(np.max(np.abs(wrap(fan.heading - h))))
    pen = safety(scn, cls, w, fan.x, fan.y, fan.heading, goal, min(w.escape_turn, turns))
    return min(float(pen.min()), w.blunder)


def _arr(pose: Pose) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return np.array([pose.x]), np.array([pose.y]), np.array([pose.heading])


def stake(state: GameState, sid: str, w: Weights | None) -> float:
    """What she is worth in the battle's score against her side's mean
    (:meth:`~Advice.worth`), as far as ``w.stakes`` (the admiral's) counts it; 1 with
    none.  In the escape the frigate leaving scores 36 and the brig 16, yet both were
    weighed alike, sailing for the edge and chased."""
    if w is None or not w.stakes:
        return 1.0
    rs = state.scenario.ruleset
    side = state.scenario.ship(sid).side
    mine = [rs.advice.worth(state, s.id) for s in state.scenario.ships if s.side == side]
    mean = sum(mine) / len(mine)
    return 1.0 + w.stakes * (rs.advice.worth(state, sid) / mean - 1.0) if mean > 0 else 1.0


def enemy_to_close(
    state: GameState, ship: str, x: float, y: float, w: Weights | None = None
) -> str | None:
    """The enemy she closes with: the ship whose taking wins her side the battle while
    she fights (:meth:`~Advice.quarry`: a convoy), else the nearest to (x, y), his
    distance over his :func:`stake`.  Closing with the nearest, the British in a convoy
    action fought the escort and let the convoy sail on to the last turn, and the judge
    never saw the battle lost."""
    foes = enemies(state, state.side_of(ship))
    if not foes:
        return None
    quarry = state.scenario.ruleset.advice.quarry(state, state.side_of(ship))
    if quarry in foes:
        return quarry
    d = [
        np.hypot(state.ship(e).pose.x - x, state.ship(e).pose.y - y) / stake(state, e, w)
        for e in foes
    ]
    return foes[int(np.argmin(d))]


def place(*args: Any) -> np.ndarray:
    """The positional terms alone (:func:`placed`'s first)."""
    return placed(*args)[0]


def placed(
    scn: Scenario,
    state: GameState,
    ship: str,
    w: Weights,
    x: np.ndarray,
    y: np.ndarray,
    h: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """The positional terms of poses (x, y, h), vectorised: closing to the ideal range,
    the weather gauge, the point of sail for next turn, the edge, land and shoals; and
    of them the penalty of the edge, land and shoals alone: a reason given for a move
    ("to keep off the edge") must be that danger's, not the whole place's (an enemy far
    off, mostly: it said so of ships mid-table)."""
    rs = scn.ruleset
    k = reckon.scale(rs, scn.units)
    out = np.zeros(len(x))
    model = scn.ship(ship)
    goal = rs.advice.goal_edges(state, ship)
    foe = enemy_to_close(state, ship, float(model.pose.x), float(model.pose.y), w)
    wind = scn.wind.from_deg
    floor = 0.0
    if goal:  # an escape: every unit nearer her edge counts, and leaving by it most
        left = to_goal(scn, goal, x, y)
        worth = stake(state, ship, w)
        out -= worth * w.escape * np.maximum(left, 0.0)
        out += worth * w.blunder / 2 * (left < 0)
    elif foe is not None:
        e = state.ship(foe).pose
        d = np.hypot(x - e.x, y - e.y)
        # closing to the ideal range; a ship outmatched by him keeps her distance
        # instead, up to half his turn's run (out of his best range, without running
        # herself onto the edge: a whole run's distance pinned fleeing ships there)
        shy = shyness(state, ship, foe, w)
        out -= (1.0 - shy) * w.close * np.abs(d - w.ideal_range * k)
        if shy:
            out += shy * w.close * np.minimum(d, 0.5 * rs.advice.reach(scn, scn.ship(foe).cls))
        if w.approach:  # beyond approach_range, a bow pointed away from him costs her
            far = np.clip(d / (w.approach_range * k) - 1.0, 0.0, 1.0)
            bearing = np.degrees(np.arctan2(e.x - x, e.y - y))
            out -= w.approach * far * np.abs(wrap(h - bearing)) / 180.0
        up = np.radians(wind)
        gauge = (x - e.x) * np.sin(up) + (y - e.y) * np.cos(up)
        out += w.weather * np.clip(gauge, -2 * w.ideal_range * k, 2 * w.ideal_range * k)
        # the lee shore is feared only beyond where the enemy she closes with lies: he is
        # pinned on it first.  Feared from wherever he lies, it would keep a squadron's
        # captains well off the lee edge while the last enemy ship sails along it, and
        # the battle end drawn
        floor = float(lee_shore(scn, np.array([e.x]), np.array([e.y]), 2 * w.edge_margin * k)[0])
    if w.formation:
        out -= w.formation * straggling(state, ship, x, y, w.formation_gap * k)
    theta = relative_wind(wind, h)
    sector = classify(theta, reckon.sector_lowers(rs))
    factor = shares(scn, model.cls)[sector]
    out += w.mobility * factor
    out -= w.blunder * ((theta < 1e-6) | (factor <= 0))
    danger = safety(scn, model.cls, w, x, y, h, goal, lee_floor=floor)
    return out - danger, danger


def straggling(state: GameState, ship: str, x: np.ndarray, y: np.ndarray, gap: float) -> np.ndarray:
    """How far poses (x, y) of hers lie from her nearest consort (a ship of her side
    still fighting) beyond ``gap``, in gaps, 0..2 each (0 without one): a squadron that
    keeps together brings its guns to bear on one enemy at a time.  Without it each
    ship closes with the enemy nearest her, the squadron scatters in ones and twos, and
    more of its battles end drawn."""
    mates = [state.ship(m).pose for m in friends(state, state.side_of(ship)) if m != ship]
    if not mates:
        return np.zeros(len(x))
    mx = np.array([p.x for p in mates])
    my = np.array([p.y for p in mates])
    near = np.hypot(x[:, None] - mx[None, :], y[:, None] - my[None, :]).min(axis=1)
    return np.clip(near - gap, 0.0, 2.0 * gap) / gap


def shyness(state: GameState, ship: str, foe: str, w: Weights) -> float:
    """How far she keeps her distance from ``foe`` rather than close with him, 0..1:
    ``prudence`` times how far he outmatches her."""
    return min(1.0, w.prudence * outmatched(state, ship, foe)) if w.prudence else 0.0


def outmatched(state: GameState, ship: str, foe: str) -> float:
    """How far the enemy outmatches her, 0..1: his strength less hers over their sum, by
    the ruleset's :meth:`~Advice.match_strength` (0 where it counts ships alike)."""
    rs = state.scenario.ruleset
    me, him = rs.advice.match_strength(state, ship), rs.advice.match_strength(state, foe)
    if me is None or him is None or me + him <= 0:
        return 0.0
    return max(0.0, (him - me) / (him + me))


def sketch(
    state: GameState, ship: str, w: Weights, x: np.ndarray, y: np.ndarray, h: np.ndarray
) -> np.ndarray:
    """A quick vectorised score of many poses: the positional terms, plus broadsides
    that may bear (an enemy abeam within gun range; ahead or astern in a rake zone) and
    the enemy's that may bear on her, judged without rays."""
    scn = state.table()
    rs = scn.ruleset
    out = placed(scn, state, ship, w, x, y, h)[0]
    if not rs.caps.has_gunnery:
        return out
    me = scn.ship(ship)
    reach = longest_range(scn, me.cls)
    broadside = rs.arcs == "broadside"
    for e in enemies(state, state.side_of(ship)):
        foe = scn.ship(e)
        d = np.hypot(foe.pose.x - x, foe.pose.y - y)
        bearing = np.degrees(np.arctan2(foe.pose.x - x, foe.pose.y - y))
        abeam = np.abs(np.sin(np.radians(bearing - h))) ** 4 if broadside else 1.0
        rk = rake(
            foe.pose.x, foe.pose.y, foe.pose.heading, foe.cls.base_length, foe.cls.base_width, x, y
        )
        out += w.fire * abeam * (d < reach) * (1 + w.rake * (rk > 0))
        back = np.degrees(np.arctan2(x - foe.pose.x, y - foe.pose.y))
        theirs = np.abs(np.sin(np.radians(back - foe.pose.heading))) ** 4 if broadside else 1.0
        out -= w.exposure * theirs * (d < longest_range(scn, foe.cls))
    return out


def distinct(score: np.ndarray, *cols: np.ndarray) -> np.ndarray:
    """The indices of poses, best ``score`` first (ties in their order), without those an
    earlier one repeats to the thousandth of a unit or degree; ``cols`` are the poses' x,
    y, heading (a plot's, one column per phase).  A fan's paths often end alike (a turn
    made early or late, or cut short by the turn allowance), and a shortlist of twins
    judged one pose many times over and left the rest unseen: in the Trafalgar duel
    eight of the captain's ten best sketched moves were one pose."""
    order = np.argsort(-np.asarray(score), kind="stable")
    if len(order) < 2:
        return order
    key = np.column_stack([np.asarray(c, float).reshape(len(c), -1)[order] for c in cols])
    _, first = np.unique(np.round(key, 3), axis=0, return_index=True)
    return order[np.sort(first)]


def moved(state: GameState, ship: str, pose: Pose) -> GameState:
    """The state with her at ``pose`` (a pose of her fan: a legal end of her move)."""
    return state.with_ship(replace(state.ship(ship), pose=pose))


def lonely(state: GameState, ship: str) -> GameState:
    """The game with her alone on an open table: her fan there ignores what she would
    foul (the engine ends such a move at the contact)."""
    scn = state.scenario
    alone = replace(scn, ships=(scn.ship(ship),), terrain=())
    return replace(state, scenario=alone, ships=(state.ship(ship),))


def describe(values: dict[str, Any]) -> str:
    return ", ".join(f"{k} {v:+.1f}" for k, v in values.items())
