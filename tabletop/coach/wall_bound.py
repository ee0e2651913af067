"""The bound that knows the table's edges (its walls across the wind), for the exact
search of :mod:`tabletop.coach.optimum`: see :class:`WallBound`.

Why a module of its own: the open-water bound and the search know nothing of the table;
this bound is laid per course (its width, the goal's band) over the same move table.
"""

from __future__ import annotations

import time

import numpy as np

from tabletop.coach.optimum import Moves, cost_groups, whole_turns


class WallBound:
    """``G[c, a, i]``: the most she can make good along the course's axis ``p`` (toward
    the goal) at a point of her track inside the goal's band of the other axis ``q``,
    for a cost of at most ``c`` whole turns, from abstract state a with q in cell i, when
    every move must end with q on the table (0 to ``length``).

    Why: the open-water bound (:class:`Bound`) lets her reach as far across the wind as
    she likes, so on a table narrower than a beat's cross-wind run it counts the tacks
    of one long board and no more (14 turns from the start of a 100 cm beat that takes
    20 between the edges).  Here the cross-table coordinate is kept, to a ``cell``, and each move's
    cost is floored to whole turns.

    Admissible: take any way of the coach's moves from (q, p, a) to the goal costing c.
    Its turns end on the table, so each move's end lies in one of the cells this table
    lets the move reach from the cell the move starts in (the cells the interval "the
    start cell moved by the move's q" meets, within [0, length]); following those cells
    is a path of this dynamic programme.  The way's track meets the goal, so one of its
    legs has a point whose q is in the goal's band and which makes good at least the
    goal's nearest p; that point lies in the part of the leg that may be in the band from
    the cell, whose larger end p the programme counts (``peak``).  So ``G[c]`` is at
    least what the way makes good, and "the least c with ``G[c] >= need``" never exceeds
    the way's cost.  Moves merged as alike (the same state, whole-turn cost, next state
    and cells) count the most any of them makes good, from any cell where any of them
    ends on the table: only more.  Land only takes moves away, and flooring only lowers
    costs.  (The tests check the claim on random ways between a narrow table's edges.)"""

    EPS = 1e-6  # cell units: a position on a cell's edge may be rounded either way

    def __init__(
        self,
        moves: Moves,
        cost: np.ndarray,
        axis: int,
        sign: float,
        length: float,
        band: tuple[float, float],
        cell: float,
    ) -> None:
        q = moves.px if axis == 0 else moves.py
        p = (moves.py if axis == 0 else moves.px) * sign
        if q.shape[1] == 1:  # tracks of one point: a leg of no length
            q, p = np.repeat(q, 2, axis=1), np.repeat(p, 2, axis=1)
        self.axis, self.sign, self.cell = axis, sign, cell
        n = self.n = int(round(length / cell)) + 1
        qi = np.arange(n) * cell
        d = q[:, -1]
        # a move from cell i ends in cells i + f1 .. i + f2 (three when it moves a whole
        # number of cells, a position on a cell's edge being rounded either way)
        f1 = np.floor(d / cell - self.EPS).astype(np.int64)
        f2 = np.floor(d / cell + 1 + self.EPS).astype(np.int64)
        # moves alike to this table (the same state, cost, next state and cells) are one
        # move that may do what any of them may: the most p, and from any cell where one
        # of them ends on the table
        turns = whole_turns(cost)
        cols = [moves.par, turns, moves.child, f1 - f1.min(), f2 - f1]
        key = np.zeros(len(d), np.int64)
        for col in cols:  # one integer, in this order: sorted by state, then cost
            key = key * (int(col.max()) + 1) + col
        order = np.argsort(key, kind="stable")
        starts = np.flatnonzero(np.diff(key[order], prepend=-1))
        same = np.stack([col[order[starts]] for col in cols], 1)
        same[:, 4] += same[:, 3]
        same[:, 3:] += f1.min()
        grp = np.empty(len(d), np.int64)
        grp[order] = np.cumsum(np.diff(key[order], prepend=-1) != 0) - 1
        lo_d = np.minimum.reduceat(d[order], starts)[:, None]
        hi_d = np.maximum.reduceat(d[order], starts)[:, None]
        valid = (qi - cell / 2 + lo_d <= length) & (qi + cell / 2 + hi_d >= 0)
        peak = self._peaks(q, p, band, n, grp, len(starts)).reshape(valid.shape)
        peak = np.where(valid, peak, -np.inf)
        dp = np.maximum.reduceat(p[order, -1], starts)[:, None]
        dp = np.where(valid, dp, -np.inf)  # -inf: no way on from there
        # from cell i a move ends in cells i + f1 .. i + f2, clipped to the table's: read
        # from each state's row of G padded with its end cells, ``pad`` either side
        self.pad = int(max(-same[:, 3].min(), same[:, 3].max() + 2, 0))
        three = same[:, 4] - same[:, 3] >= 2
        self.parts = []
        for k, sel, owners, starts in cost_groups(same[:, 0], same[:, 1]):
            t3 = np.flatnonzero(three[sel])
            off = same[sel, 3] + self.pad
            self.parts.append((k, owners, starts, same[sel, 2], off, t3, peak[sel], dp[sel]))
        self.G = np.full((1, len(moves.keys), n), -np.inf)

    def _peaks(
        self,
        q: np.ndarray,
        p: np.ndarray,
        band: tuple[float, float],
        n: int,
        grp: np.ndarray,
        groups: int,
    ) -> np.ndarray:
        """For each group of moves (``grp``: each move's) and start cell, the most p a
        point of a move's track makes with its q in the goal's band (from a start
        anywhere in the cell), -inf if none: flat, one row of ``n`` cells a group.

        Leg by leg: a leg meets the band from a run of cells; from each of them the part
        of the leg (a share s of it) whose q may lie in the band is an interval of s, and
        p, linear along the leg, is greatest at one of its ends."""
        c, eps = self.cell, 1e-7
        out = np.full(groups * n, -np.inf)
        for t in range(q.shape[1] - 1):
            qa, qb, pa, pb = q[:, t], q[:, t + 1], p[:, t], p[:, t + 1]
            i0 = np.ceil((band[0] - c / 2 - np.maximum(qa, qb)) / c - self.EPS)
            i1 = np.floor((band[1] + c / 2 - np.minimum(qa, qb)) / c + self.EPS)
            i0, i1 = np.maximum(i0, 0).astype(np.int64), np.minimum(i1, n - 1).astype(np.int64)
            cnt = np.maximum(i1 - i0 + 1, 0)
            r = np.repeat(np.arange(len(qa)), cnt)
            i = i0[r] + np.arange(int(cnt.sum())) - np.repeat(np.cumsum(cnt) - cnt, cnt)
            lo_q = band[0] - c / 2 - eps - i * c - qa[r]  # the band, from the leg's start
            hi_q = band[1] + c / 2 + eps - i * c - qa[r]
            dq, dp = qb[r] - qa[r], pb[r] - pa[r]
            flat = np.abs(dq) < 1e-12
            with np.errstate(divide="ignore", invalid="ignore"):
                s0 = np.where(flat, 0.0, np.minimum(lo_q / dq, hi_q / dq))
                s1 = np.where(flat, 1.0, np.maximum(lo_q / dq, hi_q / dq))
            a0, a1 = np.clip(s0, 0.0, 1.0), np.clip(s1, 0.0, 1.0)
            meet = (s1 >= -1e-9) & (s0 <= 1 + 1e-9) & (~flat | ((lo_q <= 0) & (hi_q >= 0)))
            v = pa[r] + np.maximum(a0 * dp, a1 * dp) + 1e-9
            np.maximum.at(out, grp[r[meet]] * n + i[meet], v[meet])
        return out

    def grow(self, depth: int, deadline: float | None = None) -> None:
        """G up to ``depth`` turns: G_c = max(G_c-1, over moves costing k <= c: the move's
        own ``peak``, or its p plus G_c-k from the cells it may end in).  Past the
        ``deadline`` (``time.perf_counter``) it stops where it is."""
        rows = list(self.G)
        for c in range(len(rows), depth + 1):
            if deadline is not None and time.perf_counter() > deadline:
                break
            nxt = rows[-1].copy()
            for k, owners, starts, child, off, t3, peak, dp in self.parts:
                if k > c:
                    continue
                prev = np.pad(rows[c - k], ((0, 0), (self.pad, self.pad)), mode="edge")
                two = np.maximum(prev[:, :-1], prev[:, 1:])  # the best of cells j, j + 1
                view = np.lib.stride_tricks.sliding_window_view(two, self.n, axis=1)
                far = view[child, off]  # each move's row of G, moved by its cells
                if t3.size:  # ... and of j + 2, for a move of a whole number of cells
                    three = np.maximum(two[:, :-1], prev[:, 2:])
                    view3 = np.lib.stride_tricks.sliding_window_view(three, self.n, axis=1)
                    far[t3] = view3[child[t3], off[t3]]
                val = dp + far
                if c == k:  # a move's own peak: counted once, the layers after keep it
                    val = np.maximum(peak, val)
                nxt[owners] = np.maximum(nxt[owners], np.maximum.reduceat(val, starts, axis=0))
            rows.append(nxt)
        self.G = np.stack(rows)

    def settled(self) -> bool:
        """Whether the table has stopped growing: the last layers as many as the dearest
        move costs are equal, so every later layer is the same."""
        most = max((part[0] for part in self.parts), default=1)
        G = self.G
        return G.shape[0] > most and bool(np.array_equal(G[-1], G[-1 - most]))

    def cells(self, q: np.ndarray) -> np.ndarray:
        """The cell of each q (on the table)."""
        return np.asarray(np.clip(np.round(q / self.cell), 0, self.n - 1).astype(np.int64))

    def within(self, a: np.ndarray, i: np.ndarray, need: np.ndarray, k: np.ndarray) -> np.ndarray:
        """Whether each state may reach within ``k`` turns (``G[k, a, i] >= need``); a k
        beyond the table's depth is never ruled out."""
        K = self.G.shape[0] - 1
        kk = np.clip(k, 0, K)
        return np.asarray(((self.G[kk, a, i] >= need - 1e-6) | (k > K)) & (k >= 0))

    def turns(self, a: np.ndarray, i: np.ndarray, need: np.ndarray) -> np.ndarray:
        """The least c within the table's depth with ``G[c] >= need`` (depth + 1 if none)."""
        ok = self.G[:, a, i] >= need - 1e-6
        return np.where(ok.any(0), ok.argmax(0), self.G.shape[0])
