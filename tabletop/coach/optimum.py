"""The exact search behind every coach: fewest turns (or fewest expected turns) to a goal,
by a bucketed Dijkstra over snapped states, pruned by two admissible bounds.

Why a bound that knows her heading: under Man O' War her allowance is fixed by where her
bow points at the start of a turn (a third of it close-hauled, all of it on a broad
reach), so "the distance made good to windward over her best gain per turn" is far too
optimistic to prune with.  Instead, for every heading (and per-turn state, like "half-way
through a tack") she can be in, and for a fan of directions u, dynamic programming over
the coach's own moves in open water gives ``S_k(state, u)``: the most any point of her
track can lie along u within k turns.  To reach a goal in k turns she must, for every
u, get as far along u as the goal's nearest point; the least k for which every u allows
it bounds the turns still to sail from below.  Land, the table's edges and the mark's
catch only take moves away, so the bound stays admissible.  A move counts at its cost
floored to whole turns (a Man O' War tack through the eye costs six expected turns).

Why a second bound that knows the table's edges: in open water a beat is one long board
and a tack, but a table is narrower than a long beat's cross-wind run (a 100 cm beat at
60° off the wind runs 170 cm across it), so she must tack between the edges: 20 turns
on the 100 cm table where open water takes 16, and the open-water bound (14 from the
start) was too far below to prune.  :class:`tabletop.coach.wall_bound.WallBound` keeps her
position across the table (to a cell) and the heading and mode exactly, and counts the
most she can make good toward the goal between the edges.  The search takes both: each
is admissible, so each may drop a position the other keeps.  It only prunes with them
(the order is the cost so far), so admissibility is all it needs of them.

This module knows nothing of any ruleset: the coach gives it the moves (``expand``), the
snapped key of a state, and what each move costs.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

#: One turn of a search: parallel arrays, one row per position kept (``x``, ``y``, ``h``,
#: ``reached``, the parent row ``par`` and how she got there).
Layer = dict[str, np.ndarray]

#: Directions of the bound's fan (compass degrees): 24 at 15°.
FAN = np.radians(np.arange(0.0, 360.0, 15.0))
UX, UY = np.sin(FAN), np.cos(FAN)
FAN_UV = np.stack([UX, UY])  # (2, u): a displacement @ FAN_UV is its length along each u


def heading_key(h: np.ndarray) -> np.ndarray:
    """Headings to a thousandth of a degree, as integers in [0, 360000)."""
    return np.asarray(np.round(np.asarray(h, dtype=float) * 1000).astype(np.int64) % 360000)


def whole_turns(cost: np.ndarray) -> np.ndarray:
    """Each move's cost floored to whole turns (at least one): what the bounds count, so
    they never count more than a move costs."""
    return np.asarray(np.maximum(np.floor(np.asarray(cost, float) + 1e-9), 1).astype(np.int64))


def cost_groups(
    par: np.ndarray, turns: np.ndarray
) -> list[tuple[int, np.ndarray, np.ndarray, np.ndarray]]:
    """The moves by whole-turn cost, for a max over each state's moves at once: (cost,
    the rows, the states that have such moves, where each state's rows start among them).
    Rows are sorted by the state they start from, so ``np.maximum.reduceat`` over a
    group's rows gives each state's best."""
    out = []
    for k in np.unique(turns):
        rows = np.flatnonzero(turns == k)
        owners, starts = np.unique(par[rows], return_index=True)
        out.append((int(k), rows, owners, starts))
    return out


class Bound:
    """``S[k, a, u]``: the farthest along direction u any point of her track gets for a
    cost of at most k whole turns from abstract state a (a heading and a per-turn mode),
    in open water; grown turn by turn as far as a search asks.  A move is counted at its
    cost floored to whole turns (a Man O' War tack through the eye, five turns and more
    expected, is not one turn), which only lowers costs: the bound stays admissible."""

    def __init__(
        self,
        keys: np.ndarray,
        modes: int,
        par: np.ndarray,
        child: np.ndarray,
        peak: np.ndarray,
        full: np.ndarray,
        turns: np.ndarray | None = None,
    ) -> None:
        self.keys, self.modes = keys, modes  # sorted abstract keys: heading_key * modes + mode
        self.par, self.child, self.peak, self.full = par, child, peak, full
        self.groups = cost_groups(par, np.ones(len(par), np.int64) if turns is None else turns)
        self.S = np.zeros((1, len(keys), len(FAN)))

    def grow(self, depth: int) -> None:
        """S up to ``depth`` turns: S_k = max(S_k-1, over moves costing c <= k: the move's
        own farthest point, or its end plus S_k-c from where it leaves her)."""
        rows = [self.S[k] for k in range(self.S.shape[0])]
        for k in range(self.S.shape[0], depth + 1):
            nxt = rows[-1].copy()
            for c, sel, owners, starts in self.groups:
                if c > k:
                    continue
                val = np.maximum(self.peak[sel], self.full[sel] + rows[k - c][self.child[sel]])
                nxt[owners] = np.maximum(nxt[owners], np.maximum.reduceat(val, starts, axis=0))
            rows.append(nxt)
        self.S = np.stack(rows)

    def index(self, h: np.ndarray, mode: np.ndarray) -> np.ndarray:
        """Rows of the table for states; -1 for a state the table does not hold."""
        k = heading_key(h) * self.modes + mode
        i = np.minimum(np.searchsorted(self.keys, k), len(self.keys) - 1)
        return np.where(self.keys[i] == k, i, -1)

    def within(self, rows: np.ndarray, need: np.ndarray, k: np.ndarray) -> np.ndarray:
        """Whether each state may reach within ``k[i]`` turns: ``S[k, row, u] >= need[:, u]``
        for every u (S grows with k, so this is "the bound is at most k").  A state the
        table does not hold is never ruled out."""
        K = self.S.shape[0] - 1
        kk = np.clip(k, 0, K)
        ok = (self.S[kk, np.maximum(rows, 0)] >= need).all(1) & (k >= 0)
        return np.asarray(ok | (rows < 0))

    def turns(self, rows: np.ndarray, need: np.ndarray) -> np.ndarray:
        """The least k within the table's K turns that :meth:`within` allows (K + 1 if
        none): a binary search."""
        K = self.S.shape[0] - 1
        lo = np.zeros(len(rows), np.int64)
        hi = np.full(len(rows), K + 1, np.int64)
        while (lo < hi).any():
            live = lo < hi
            mid = (lo + hi) // 2
            ok = self.within(rows, need, mid) & (mid <= K)
            hi = np.where(live & ok, mid, hi)
            lo = np.where(live & ~ok, mid + 1, lo)
        return lo


@dataclass
class Moves:
    """The coach's moves as a table, laid once from the origin for every heading and
    mode she can be in (a move's shape depends on nothing else): rows grouped by the
    state they start from (``first[a]:first[a + 1]``), each with its displacement, the
    state it leaves her in, its track (``px``, ``py``, headings ``pa``) and the coach's
    own columns (``cols``: what the move is, for writing it out, and what it costs)."""

    keys: np.ndarray  # sorted abstract keys: heading_key * modes + mode
    modes: int
    first: np.ndarray  # (A + 1,) row offsets
    par: np.ndarray  # (R,) the state a row starts from
    child: np.ndarray  # (R,) the state it ends in
    dx: np.ndarray
    dy: np.ndarray
    px: np.ndarray  # (R, P) the track from the origin
    py: np.ndarray
    pa: np.ndarray
    reach: np.ndarray  # (R,) how far from her start the track goes
    cols: dict[str, np.ndarray]

    def index(self, h: np.ndarray, mode: np.ndarray) -> np.ndarray:
        """Rows of the table for states; -1 for a state the table does not hold."""
        k = heading_key(h) * self.modes + mode
        i = np.minimum(np.searchsorted(self.keys, k), len(self.keys) - 1)
        return np.where(self.keys[i] == k, i, -1)

    def rows_from(self, a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Every move from each state in ``a``: (which of ``a``, which row)."""
        lo, hi = self.first[a], self.first[a + 1]
        cnt = hi - lo
        par = np.repeat(np.arange(len(a)), cnt)
        start = np.cumsum(cnt) - cnt
        return par, lo[par] + np.arange(int(cnt.sum())) - start[par]


def build_moves(
    start: Layer,
    expand: Callable[[Layer], Layer],
    mode_of: Callable[[Layer], np.ndarray],
    make: Callable[[np.ndarray, np.ndarray], Layer],
    modes: int,
) -> Moves:
    """The table of moves between every heading and mode reachable from ``start``.
    ``expand`` must lay moves in open water (no table edge, no land) and give each
    move's track ``px``, ``py``, ``pa``; ``make`` builds a layer at the origin."""
    seen = {int(k) for k in heading_key(start["h"]) * modes + mode_of(start)}
    todo = sorted(seen)
    parts: list[Layer] = []
    while todo:
        keys = np.array(todo, np.int64)
        kids = expand(make((keys // modes) / 1000.0, keys % modes))
        ck = heading_key(kids["h"]) * modes + mode_of(kids)
        parts.append({**kids, "pk": keys[kids["par"]], "ck": ck})
        todo = sorted({int(k) for k in ck} - seen)
        seen |= set(todo)
    width = max(p["px"].shape[1] for p in parts)
    for p in parts:  # tracks padded to one width with their last point
        for c in ("px", "py", "pa"):
            p[c] = np.pad(p[c], ((0, 0), (0, width - p[c].shape[1])), mode="edge")
    allk = np.array(sorted(seen), np.int64)
    rows = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
    order = np.argsort(np.searchsorted(allk, rows["pk"]), kind="stable")
    rows = {k: v[order] for k, v in rows.items()}
    par = np.searchsorted(allk, rows["pk"])
    px, py = rows["px"], rows["py"]
    skip = {"x", "y", "par", "reached", "px", "py", "pa", "pk", "ck"}
    return Moves(
        allk,
        modes,
        np.searchsorted(par, np.arange(len(allk) + 1)),
        par,
        np.searchsorted(allk, rows["ck"]),
        px[:, -1],
        py[:, -1],
        px,
        py,
        rows["pa"],
        np.hypot(px, py).max(1),
        {k: v for k, v in rows.items() if k not in skip},
    )


def build_bound(moves: Moves, cost: np.ndarray | None = None) -> Bound:
    """The bound's table over the moves: each move's farthest point and its end along
    every direction of the fan, and its cost in whole turns (one each if not given)."""
    along = moves.px[:, :, None] * UX + moves.py[:, :, None] * UY  # (rows, points, u)
    turns = None if cost is None else whole_turns(cost)
    return Bound(
        moves.keys, moves.modes, moves.par, moves.child, along.max(1), along[:, -1, :], turns
    )


class OutOfTime(Exception):
    """The search ran past its deadline."""


@dataclass
class Found:
    """The way found: one row per turn (each a one-row layer whose ``par`` is 0), its
    cost, and how many positions were expanded."""

    chain: list[Layer]
    cost: float
    expanded: int


def search(
    first: Layer,
    expand: Callable[[Layer], Layer],
    key: Callable[[Layer], np.ndarray],
    cost: Callable[[Layer], np.ndarray],
    within: Callable[[Layer, np.ndarray], np.ndarray],
    limit: float,
    beam: tuple[int, Callable[[Layer], np.ndarray]] | None = None,
    deadline: float | None = None,
    settle: Callable[[Layer], Layer] | None = None,
) -> Found | None:
    """The cheapest way to the goal costing at most ``limit``, or None.

    Buckets of equal cost are expanded cheapest first (Dijkstra); positions with the
    same snapped ``key`` are merged: within a bucket the first one made stands for the
    cell, and a cell settled in a cheaper bucket is closed to later ones.  A position
    is dropped unless ``within`` allows it to reach the goal for no more than ``limit``
    (and for less than the best found so far): with an admissible bound nothing dropped
    could do better, and what is dropped is dropped before it is merged, so a cell is
    stood for by the first position made in it that may still reach the goal.  With a
    ``within`` that allows everything this is the plain breadth-first search by turns.
    With a ``beam`` (width, ranking) each bucket keeps only its best-ranked positions: a
    fast answer, no proof.  Past ``deadline`` (``time.perf_counter``) it raises
    :class:`OutOfTime`.

    With ``settle``, ``expand`` only lays the moves (and says which of them pass ``near``
    the goal) and ``settle`` does the dearer part for the moves still wanted (land, and
    which of them reach the goal): the bound prunes first, so that work is spent only
    on moves that may still lead to the goal in time."""
    kept: list[Layer] = []
    first = {**first, "pl": np.full(len(first["x"]), -1), "par": np.full(len(first["x"]), -1)}
    opened: dict[float, list[Layer]] = {0.0: [first]}
    best: tuple[float, int, int] | None = None  # cost, layer, row of the reaching move
    closed = np.zeros(0, np.int64)
    expanded = 0
    while opened:
        if deadline is not None and time.perf_counter() > deadline:
            raise OutOfTime
        c = min(opened)
        if c + 1 > limit + 1e-9 or (best is not None and c + 1 >= best[0] - 1e-9):
            break
        now, closed = _merge(opened.pop(c), key, closed, beam)
        kept.append(now)
        here = len(kept) - 1
        expanded += len(now["x"])
        nxt = expand(now)
        checked = np.zeros(len(nxt["x"]), bool)
        if settle is not None and nxt["x"].size:
            room = _rooms(np.round(c + cost(nxt), 9), limit, best)
            far = np.flatnonzero(~nxt["near"] & (room >= 1))
            far = far[within(_pick(nxt, far), room[far])]
            nxt = settle(_pick(nxt, np.sort(np.concatenate([far, np.flatnonzero(nxt["near"])]))))
            checked = ~nxt["near"]
        if nxt["x"].size == 0:
            continue
        nxt["pl"] = np.full(len(nxt["x"]), here)
        step = np.round(c + cost(nxt), 9)
        hit = np.flatnonzero(nxt["reached"])
        was = best
        if hit.size:
            j = hit[np.argmin(step[hit])]
            if step[j] <= limit + 1e-9 and (best is None or step[j] < best[0] - 1e-9):
                kept.append(nxt)
                best = (float(step[j]), len(kept) - 1, int(j))
        room = _rooms(step, limit, best)
        if best is not was:
            checked[:] = False  # the best is nearer: look again
        live = np.flatnonzero(~nxt["reached"] & (room >= 1))
        look = live[~checked[live]]
        live = np.union1d(live[checked[live]], look[within(_pick(nxt, look), room[look])])
        _, firsts = np.unique(key(_pick(nxt, live)), return_index=True)
        live = live[np.sort(firsts)]  # the first of each cell made in this batch
        nxt = _pick(nxt, live)
        step = step[live]
        for s in np.unique(step):
            opened.setdefault(float(s), []).append(_pick(nxt, step == s))
    if best is None:
        return None
    return Found(_chain(kept, best[1], best[2]), best[0], expanded)


def _pick(L: Layer, rows: np.ndarray) -> Layer:
    """Some rows of a layer (an index array or a mask)."""
    return {k: v[rows] for k, v in L.items()}


def _rooms(step: np.ndarray, limit: float, best: tuple[float, int, int] | None) -> np.ndarray:
    """Whole turns left to sail after each move, within the limit and the best found."""
    room = limit - step
    if best is not None:
        room = np.minimum(room, np.ceil(best[0] - step - 1e-9) - 1)
    return np.asarray(np.floor(room + 1e-9).astype(np.int64))


def _merge(
    parts: list[Layer],
    key: Callable[[Layer], np.ndarray],
    closed: np.ndarray,
    beam: tuple[int, Callable[[Layer], np.ndarray]] | None,
) -> tuple[Layer, np.ndarray]:
    """A bucket's positions, one for each cell not yet closed (the first made in it; past
    a beam's width only the best-ranked), and the closed cells with theirs added: a cell
    is kept once, cheapest, and the beam closes only what it keeps."""
    now = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
    cells, firsts = np.unique(key(now), return_index=True)
    fresh = ~np.isin(cells, closed, assume_unique=True)
    cells, keep = cells[fresh], firsts[fresh]
    if beam is not None and keep.size > beam[0]:
        ranked = np.argsort(beam[1](_pick(now, keep)), kind="stable")[: beam[0]]
        cells, keep = cells[ranked], keep[ranked]
    return _pick(now, np.sort(keep)), np.union1d(closed, cells)


def _chain(kept: list[Layer], layer: int, row: int) -> list[Layer]:
    """The rows from the first move to the reaching one, each as a one-row layer."""
    out: list[Layer] = []
    while layer >= 0 and int(kept[layer]["pl"][row]) >= 0:
        L = kept[layer]
        one = {k: v[[row]] for k, v in L.items()}
        one["par"] = np.zeros(1, np.int64)
        out.append(one)
        layer, row = int(L["pl"][row]), int(L["par"][row])
    out.reverse()
    return out
