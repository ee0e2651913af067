"""Computer against computer, headless: one game, and a match of paired games.

A game ends when one side alone has ships still fighting (strike or capture, the
engine's ``winner``) or at the turn limit, a draw.  A match swaps the sides in pairs on
the same dice seed, so neither contender gains by the side or the dice it drew, and
reports the first contender's wins, draws and losses with a 95% Wilson interval on its
score (a draw counts half), the mean game length, the orders the engine refused
(illegal: must be 0), blunders and the time each ship's decision took.  Each game is
listed too (its seed, who had which side, how it ended), and with ``logs`` written as a
game log that ``tabletop run`` replays: the game a captain lost can be read move by move.
One level on both sides measures the scenario instead: how often each side wins under
equal commanders (a scenario one side wins whoever commands leaves no room for a
stronger captain to show).
"""

from __future__ import annotations

import math
import re
from collections import deque
from collections.abc import Callable, Iterator, Set
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
import shapely

from tabletop.ai.captain import LEVELS, Captain, Decision
from tabletop.common.errors import TabletopError, one_line
from tabletop.data.save import write_atomic
from tabletop.engine.state import GameState
from tabletop.game.game import Game
from tabletop.game.load import load_scenario
from tabletop.game.logs import SEED_RANGE, seed_text
from tabletop.game.saved import MAX_SEED
from tabletop.geometry.angles import relative_wind
from tabletop.referee import reckon

#: Orders in one player turn beyond which a game is called stalled (a bug, not a rule).
MAX_ORDERS_PER_TURN = 200


@dataclass
class GameResult:
    """One game's outcome and its counts."""

    winner: str | None
    turns: int
    illegal: int = 0
    blunders: int = 0
    ship_turns: int = 0
    by_level: dict[str, list[int]] = field(default_factory=dict)  # level: [blunders, turns]
    thinking: list[float] = field(default_factory=list)
    judged: list[int] = field(default_factory=list)  # judgements per ship decision
    cut: int = 0  # ship decisions the wall clock stopped (see ai.clock)
    log: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def blunder(state: GameState, ship: str, charted: tuple[int, ...] | None = None) -> str | None:
    """Why her pose after her own move is a blunder: off the table, onto ground she may
    strike (:meth:`~Advice.grounds`: land or a shoal, a Hold Fast bank that can take
    her) that her side knew of when her orders were given (``charted``: the hidden
    terrain found by then, ``GameState.revealed``; by default as ``state`` has it), so
    that the ship that finds a hidden shoal, and a consort whose plot was given before,
    did not blunder (``GameState.seen_by``); or in irons (head to wind, or a point of
    sail that gives no way; not half-way through a tack, :meth:`~Ruleset.in_stays`)."""
    known = state if charted is None else replace(state, revealed=charted)
    scn = known.seen_by(state.side_of(ship)).table()
    model = scn.ship(ship)
    base = model.base_polygon()
    goal = scn.ruleset.advice.goal_edges(state, ship)  # her escape: those edges lie open
    far = 1e9
    box = shapely.box(
        -far if "west" in goal else 0,
        -far if "south" in goal else 0,
        scn.width + (far if "east" in goal else 0),
        scn.depth + (far if "north" in goal else 0),
    )
    if not box.contains(base):
        return "off the table"
    for t in scn.terrain:
        can = scn.ruleset.advice.grounds(model.cls, t)  # asked first: the cheaper of the two
        if can and base.intersection(t.polygon).area > 1e-6:
            return f"onto {t.kind}"
    theta = relative_wind(scn.wind.from_deg, model.pose.heading)
    if scn.ruleset.in_stays(state, ship):
        return None  # head to wind half-way through a tack: not in irons
    if theta < 1e-6 or scn.ruleset.allowance(model.cls, reckon.sector(scn.ruleset, theta))[1] <= 0:
        return "into irons"
    return None


def _count(
    res: GameResult,
    before: GameState,
    after: GameState,
    d: Decision,
    levels: dict[str, str],
    still: Set[str] = frozenset(),
    charted: tuple[int, ...] | None = None,
) -> None:
    """Blunders and ship-turns of one order.  A ship that newly lies off the table or
    aground after it blundered (her side's, whoever gave the order: plotted and drawn
    moves are played out later; ``charted``: the hidden terrain found when her orders
    were given, :func:`blunder`); one the order sailed into irons too.  Ruling: not a
    ship the rules carried there (a drift at the turn's end) that had no way of her
    own all turn (``still``: :func:`_way`), as a dismasted Frigate ship, who can only
    turn on the spot, drifts off the lee edge: no order of hers could save her.  Each
    turn that ends counts each side's ships still fighting as ship-turns of its level."""
    rs = before.scenario.ruleset
    for s in before.ships:
        if not rs.fighting(before, s.id) or blunder(before, s.id, charted) is not None:
            continue
        why = blunder(after, s.id, charted)
        own = d.action.startswith("move ") and d.ship == s.id
        if why == "into irons" and not own:
            continue
        if why is not None and s.id in still and not own:
            res.notes.append(f"turn {before.turn}: {s.id} carried {why}, with no way of her own")
            continue
        if why is not None:
            lv = levels[before.side_of(s.id)]
            res.blunders += 1
            res.by_level.setdefault(lv, [0, 0])[0] += 1
            res.notes.append(f"turn {before.turn}: {s.id} sailed {why}")
    if after.turn != before.turn:
        for s in before.ships:
            if rs.fighting(before, s.id):
                res.ship_turns += 1
                res.by_level.setdefault(levels[before.side_of(s.id)], [0, 0])[1] += 1


def _way(state: GameState, side: str, seen: dict[str, bool]) -> None:
    """Whether each ship of ``side`` to act has way of her own this turn, into ``seen``:
    True once a move of her fan takes her anywhere, False while her fan only turns her
    on the spot (a ship without a fan, or none now, is not judged)."""
    rs = state.scenario.ruleset
    for s in state.ships:
        if state.side_of(s.id) != side or seen.get(s.id) or not rs.fighting(state, s.id):
            continue
        fan = rs.advice.fan_now(state, s.id, 2)
        if len(fan):
            p = s.pose
            seen[s.id] = bool(np.any(np.hypot(fan.x - p.x, fan.y - p.y) > 1e-6))


def play_game(
    scn_path: str,
    levels: dict[str, str],
    seed: int,
    max_turns: int,
    on_order: Callable[[str], None] | None = None,
) -> GameResult:
    """Play one game between the captains of ``levels`` (side → level)."""
    scn = load_scenario(scn_path)
    game = Game.new(scn, seed)
    caps = {s: Captain.for_game(game.state, s, lv) for s, lv in levels.items()}
    res = GameResult(None, 1)
    orders = 0
    opened = game.state  # the state as the turn now being played began
    seen: dict[str, bool] = {}  # this turn: has she way of her own (_way)
    while game.state.winner is None and game.state.turn <= max_turns:
        state = game.state
        side = state.pending[0].side if state.pending else state.active_side
        _way(state, side, seen)
        d = caps[side].decide(state)
        orders += 1
        if orders > MAX_ORDERS_PER_TURN:
            res.notes.append(f"stalled on turn {state.turn}")
            break
        try:
            game.play(d.action)
        except TabletopError as e:
            res.illegal += 1
            res.notes.append(f"refused '{d.action}': {e}")
            caps[side].refused(d)
            if d.action == "end":
                break
            continue
        res.log.append(d.action)
        if on_order is not None and d.reason:
            on_order(d.reason)
        # what her side knew of the sea when the orders were given: plotted ones (no
        # ``move`` verb) as the turn began, a drawn move as it was given
        charted = (opened if "move" not in scn.ruleset.verbs else state).revealed
        _count(res, state, game.state, d, levels, {k for k, v in seen.items() if not v}, charted)
        if d.action == "end" or game.state.turn != state.turn:
            orders = 0
        if game.state.turn != state.turn:
            opened, seen = game.state, {}
    if game.state.winner is not None:  # the turn the game ended in counts too
        _count(res, opened, replace(opened, turn=opened.turn + 1), Decision("end"), levels)
    res.winner = None if game.state.winner == "draw" else game.state.winner
    res.turns = min(game.state.final_turn, max_turns)  # the turn it ended in
    res.thinking = [t for c in caps.values() for t in c.thinking]
    res.judged = [j for c in caps.values() for j in c.judged]
    res.cut = sum(c.cut for c in caps.values())
    return res


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval for a share ``score`` of ``n`` games."""
    if n == 0:
        return 0.0, 1.0
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def parse_sides(specs: list[str], sides: tuple[str, ...]) -> list[tuple[str, str]]:
    """``--side SIDE:LEVEL`` twice, for the scenario's two sides, levels known; a bare
    ``LEVEL`` (no side of that name) takes the scenario's sides in their order."""
    if len(sides) != 2:  # a drill's lone ship: "expected one of the sides (british)"
        raise TabletopError(
            f"expected a scenario with two sides, found {len(sides)} ({', '.join(sides)})"
        )
    out = []
    for n, spec in enumerate(specs):
        side, _, level = spec.partition(":")
        if not level and side in LEVELS and side not in sides and n < len(sides):
            side, level = sides[n], side
        level = level or "captain"
        if side not in sides:
            raise TabletopError(
                f"--side {spec}: expected one of the scenario's sides ({', '.join(sides)}), "
                f"or a level ({', '.join(LEVELS)}), as SIDE:LEVEL or LEVEL"
            )
        if level not in LEVELS:
            raise TabletopError(f"--side {spec}: expected a level of {', '.join(LEVELS)}")
        out.append((side, level))
    if len(out) != 2 or out[0][0] == out[1][0]:
        raise TabletopError(
            "expected --side A:LEVEL --side B:LEVEL for the scenario's two sides "
            f"({', '.join(sides)})"
        )
    return out


def _one(job: Job) -> GameResult:
    return play_game(*job)


def duel(
    path: str,
    specs: list[str],
    games: int,
    seed: int,
    max_turns: int,
    jobs: int = 1,
    logs: str | None = None,
) -> dict[str, Any]:
    """A match of ``games`` (rounded up to pairs), sides swapped within each pair (one
    level both sides: each seed once, a scenario's balance); with ``logs``, each game's
    log written into that folder (made if need be)."""
    scn = load_scenario(path)
    if not scn.ruleset.caps.has_engine:
        raise TabletopError(f"{path}: the ruleset '{scn.ruleset.name}' has no game engine")
    sides = tuple(dict.fromkeys(s.side for s in scn.ships))
    (a, la), (b, lb) = parse_sides(specs, sides)
    if games < 1:
        raise TabletopError(f"--games: expected at least 1, found {games}")
    if seed <= -MAX_SEED or seed + games - 1 >= MAX_SEED:  # each game's log must replay
        raise TabletopError(
            f"--seed: expected {SEED_RANGE}, less the {games - 1} seeds after it, found {seed}"
        )
    if logs is not None:  # before the games: a folder that cannot be made wastes none
        try:
            Path(logs).mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise TabletopError(f"--logs {logs}: cannot make the folder ({e.strerror})") from None
    plan: list[Job] = []
    results: list[GameResult] = []
    written: list[str] = []
    for job, res in _played(_jobs(path, (a, la), (b, lb), seed, games, max_turns), jobs):
        if logs is not None:  # as each game ends: its moves are not kept for the summary
            written.append(str(write_log(Path(logs), path, job[1], job[2], res, max_turns)))
            res.log = []
        plan.append(job)
        results.append(res)
    out = summary(results, plan, la, lb, path, a)
    for game, log in zip(out["per_game"], written, strict=False):
        game["log"] = log
    return out


Job = tuple[str, dict[str, str], int, int]  # scenario, each side's level, seed, turn limit


def _jobs(
    path: str, first: tuple[str, str], second: tuple[str, str], seed: int, games: int, turns: int
) -> Iterator[Job]:
    """The match's games in order, made as they are played (never the whole list)."""
    (a, la), (b, lb) = first, second
    if la == lb:  # one level both sides: a pair would be one game twice (the captains
        # decide alike on the same dice), so each seed is played once, and the record is
        # the first side's: how the scenario favours a side under equal commanders
        for k in range(games):
            yield (path, {a: la, b: lb}, seed + k, turns)
        return
    for k in range((games + 1) // 2):
        yield (path, {a: la, b: lb}, seed + k, turns)
        yield (path, {a: lb, b: la}, seed + k, turns)


def _played(jobs: Iterator[Job], workers: int) -> Iterator[tuple[Job, GameResult]]:
    """Each game with its result, in order; with ``workers`` > 1 played that many at
    once in processes, at most twice as many games handed out ahead of the one awaited
    (an executor's ``map`` takes the whole list first)."""
    if workers <= 1:
        for job in jobs:
            yield job, _one(job)
        return
    with ProcessPoolExecutor(workers) as pool:
        ahead: deque[tuple[Job, Future[GameResult]]] = deque()
        for job in jobs:
            ahead.append((job, pool.submit(_one, job)))
            if len(ahead) >= 2 * workers:
                done, fut = ahead.popleft()
                yield done, fut.result()
        while ahead:
            done, fut = ahead.popleft()
            yield done, fut.result()


def log_name(path: str, levels: dict[str, str], seed: int) -> str:
    """``<scenario>-seed<N>-<side>-<level>-<side>-<level>.log``: one name per game of a
    match (a pair shares its seed, its sides' levels swapped)."""
    parts = [Path(path).stem, f"seed{seed}", *(f"{s}-{lv}" for s, lv in levels.items())]
    return re.sub(r"[^A-Za-z0-9_.-]", "_", "-".join(parts)) + ".log"


def write_log(
    folder: Path, path: str, levels: dict[str, str], seed: int, res: GameResult, max_turns: int
) -> Path:
    """One game's log, written atomically: who commanded which side and how it ended
    as comments, its seed, then every order the engine accepted, one a line."""
    if res.winner:
        ended = f"{res.winner} won on turn {res.turns}"
    elif res.turns < max_turns:  # the engine's draw: no ship left fighting on either side
        ended = f"drawn on turn {res.turns}"
    else:
        ended = f"no winner by the turn limit ({max_turns})"
    shown = one_line(path)  # a log says only what it shows: no control characters
    head = [
        f"# tabletop duel on {shown}: "
        + ", ".join(f"{side} {lv}" for side, lv in levels.items()),
        f"# {ended}; replay it with: tabletop run {shown} THIS_LOG",
        seed_text(seed),
    ]
    target = folder / log_name(path, levels, seed)
    try:
        write_atomic(target, "\n".join(head + res.log) + "\n", reads=[("scenario", path)])
    except OSError as e:
        raise TabletopError(f"--logs: cannot write {target} ({e.strerror})") from None
    return target


def summary(
    results: list[GameResult],
    plan: list[Any],
    la: str,
    lb: str,
    path: str,
    first: str | None = None,
) -> dict[str, Any]:
    """The first contender's record and the match's counts; one level both sides, the
    first side's (``first``, else the first of each game's levels): all wins were it."""
    w = d = lose = 0
    # the first contender's record by the side it had: a scenario that favours one
    # side shows here (a 50% score may be every game won by the stronger side)
    by_side: dict[str, list[int]] = {}
    games = []
    for res, (_, levels, seed, _) in zip(results, plan, strict=True):
        lv_side = next(s for s, lv in levels.items() if lv == la)
        mine = lv_side if la != lb else (first or next(iter(levels)))
        rec = by_side.setdefault(mine, [0, 0, 0])
        if res.winner is None:
            d += 1
            rec[1] += 1
            result = "draw"
        elif res.winner == mine:
            w += 1
            rec[0] += 1
            result = "win"
        else:
            lose += 1
            rec[2] += 1
            result = "loss"
        games.append(
            {
                "seed": seed,
                "sides": dict(levels),
                "winner": res.winner,
                "result": result,  # the first contender's
                "as": mine,  # the first contender's side (one level both: the first side)
                "turns": res.turns,
                "illegal": res.illegal,
                "blunders": res.blunders,
                "cut_by_clock": res.cut,  # none: this game replays alike anywhere
            }
        )
    n = len(results)
    score = (w + d / 2) / n
    lo, hi = wilson(score, n)
    ship_turns = sum(r.ship_turns for r in results)
    blunders = sum(r.blunders for r in results)
    return {
        "scenario": path,
        "contenders": [la, lb],
        "games": n,
        "wins": w,
        "draws": d,
        "losses": lose,
        "score": round(score, 4),
        "wilson95": [round(lo, 4), round(hi, 4)],
        "by_side": {
            side: dict(zip(("wins", "draws", "losses"), r, strict=True))
            for side, r in by_side.items()
        },
        "mean_turns": round(sum(r.turns for r in results) / n, 2),
        "illegal": sum(r.illegal for r in results),
        "blunders": blunders,
        "ship_turns": ship_turns,
        "blunders_per_100_ship_turns": round(100 * blunders / max(1, ship_turns), 3),
        "blunders_per_100_by_level": {
            lv: round(
                100
                * sum(r.by_level.get(lv, [0, 0])[0] for r in results)
                / max(1, sum(r.by_level.get(lv, [0, 0])[1] for r in results)),
                3,
            )
            for lv in dict.fromkeys((la, lb))
        },
        **_effort(results),
        "notes": [x for r in results for x in r.notes][:20],
        "per_game": games,
    }


def _effort(results: list[GameResult]) -> dict[str, Any]:
    """The time and the judgements per ship decision, and the decisions the wall clock
    stopped before their count of judgements: where none did, the match replays alike
    on any machine (``ai.clock``)."""
    times = [t for r in results for t in r.thinking]
    judged = [j for r in results for j in r.judged]
    return {
        "decision_mean_s": round(sum(times) / max(1, len(times)), 4),
        "decision_worst_s": round(max(times, default=0.0), 4),
        "decisions": len(times),
        "judgements_mean": round(sum(judged) / max(1, len(judged)), 1),
        "judgements_worst": max(judged, default=0),
        "cut_by_clock": sum(r.cut for r in results),
    }


def summary_text(s: dict[str, Any]) -> str:
    la, lb = s["contenders"]
    lo, hi = s["wilson95"]
    swapped = "sides swapped in pairs" if la != lb else "one level both sides: the balance"
    return "\n".join(
        [
            f"{la} against {lb} on {s['scenario']}: {s['games']} games, {swapped}",
            f"  {la}: {s['wins']} wins, {s['draws']} draws, {s['losses']} losses; "
            f"score {s['score']:.1%} (95% Wilson {lo:.1%}..{hi:.1%})",
            f"  {la} by side: "
            + "; ".join(
                f"as {side} {r['wins']}/{r['draws']}/{r['losses']}"
                for side, r in s["by_side"].items()
            ),
            f"  mean game length {s['mean_turns']} turns; illegal orders {s['illegal']}; "
            f"blunders {s['blunders']} in {s['ship_turns']} ship-turns "
            f"({s['blunders_per_100_ship_turns']} per 100; "
            + ", ".join(f"{k} {v}" for k, v in s["blunders_per_100_by_level"].items())
            + ")",
            f"  time per ship decision: mean {s['decision_mean_s']:.3f} s, "
            f"worst {s['decision_worst_s']:.3f} s; judgements per decision: mean "
            f"{s['judgements_mean']}, most {s['judgements_worst']}",
            f"  decisions cut by the clock: {s['cut_by_clock']} of {s['decisions']}"
            + (" (these may not replay alike)" if s["cut_by_clock"] else " (it replays alike)"),
            *(f"  note: {x}" for x in s["notes"][:5]),
            *_losses(s),
        ]
    )


def _losses(s: dict[str, Any]) -> list[str]:
    """The games the first contender lost, by seed and side (the first ten), with their
    logs when written: the games worth reading."""
    lost = [
        f"seed {g['seed']} as {g['as']}" + (f" ({g['log']})" if "log" in g else "")
        for g in s["per_game"]
        if g["result"] == "loss"
    ]
    if not lost:
        return []
    more = f"; {len(lost) - 10} more" if len(lost) > 10 else ""
    return [f"  {s['contenders'][0]} lost: " + "; ".join(lost[:10]) + more]
