"""The exact search every coach shares, as a mixin of :class:`tabletop.coach.coaching.Coach`:
the coach's moves laid as a table once per heading, the bound over them, and the
search for the fewest (expected) turns within the coach's moves at the grid's
resolution (see :mod:`tabletop.coach.optimum`)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from tabletop.coach.optimum import (
    FAN_UV,
    UX,
    UY,
    Bound,
    Found,
    Layer,
    Moves,
    OutOfTime,
    build_bound,
    build_moves,
    heading_key,
    search,
)
from tabletop.coach.wall_bound import WallBound


class ExactSearch:
    """What a coach lends the exact search: its moves (``_expand`` in open water with
    the track), its per-turn ``modes``, what a move costs; and what the search needs of
    the course (``course``, ``grid``, ``gain``, the land's ``tree``)."""

    course: Any
    grid: float
    gain: float
    wind: float
    beam: int | None
    budget: float | None
    tree: Any
    modes = 1
    _open_sea = False
    #: the walls' cells across the table, in the course's unit (coarser is faster to
    #: build and looser), and at most this many of them (a huge table's are coarser)
    wall_cell = 0.5
    wall_cells = 1000

    def _expand(self, now: Layer) -> Layer:
        raise NotImplementedError

    def _mode(self, L: Layer) -> np.ndarray:
        raise NotImplementedError

    def _origin(self, h: np.ndarray, mode: np.ndarray) -> Layer:
        raise NotImplementedError

    def _cost(self, L: Layer) -> np.ndarray:
        raise NotImplementedError

    def estimate(self, x: np.ndarray, y: np.ndarray, h: np.ndarray, phase: np.ndarray) -> Any:
        raise NotImplementedError

    def _hits_land(self, PX: Any, PY: Any, PH: Any, live: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    def _table(self, first: Layer) -> tuple[Moves, Bound]:
        """The move table and the bound for the states reachable from ``first`` (kept
        per lattice of headings: the drill asks again and again from the same one).

        A table laid from one start holds only the states its moves reach: one laid
        from the course's start never holds a luffing heading or irons, which no move
        of the coach's leads to.  Asked from such a state (a pupil who luffed, then
        the scorecard at the mark), the search read the table's row -1 and numpy
        failed ("negative dimensions are not allowed"): a start a kept table does not
        hold gets a table of its own."""
        cache: dict[tuple[int, ...], list[tuple[Moves, Bound]]] = self.__dict__.setdefault(
            "_tables", {}
        )
        sig = tuple(sorted({int(k) % 5000 for k in heading_key(first["h"])} | {self._sig()}))
        kept = cache.setdefault(sig, [])
        for moves, bound in kept:
            if (moves.index(first["h"], self._mode(first)) >= 0).all():
                return moves, bound
        self._open_sea = True
        try:
            moves = build_moves(first, self._expand, self._mode, self._origin, self.modes)
        finally:
            self._open_sea = False
        kept.append((moves, build_bound(moves, self._cost(moves.cols))))
        return kept[-1]

    def _sig(self) -> int:
        """What else the move set depends on (a coach that switches moves says so)."""
        return -1

    def _walls(self, moves: Moves, cost: np.ndarray, first: Layer) -> WallBound:
        """The bound that keeps her between the table's edges across the wind (see
        :class:`WallBound`): the table's axis nearer the wind is the one she makes good
        along, toward the goal from where she starts; the other is walled."""
        cache: dict[tuple[int, ...], WallBound] = self.__dict__.setdefault("_wall_tables", {})
        w = math.radians(self.wind)
        axis = 0 if abs(math.cos(w)) >= abs(math.sin(w)) else 1
        lo, hi = self._goal_box()
        start = float((first["y"] if axis == 0 else first["x"])[0])
        sign = 1.0 if (lo[1 - axis] + hi[1 - axis]) / 2 >= start else -1.0
        sig = (id(moves), axis, int(sign))  # the move tables are kept, so their ids are too
        if sig not in cache:
            scn = self.course.scenario
            length = scn.width if axis == 0 else scn.depth
            band = (lo[axis], hi[axis])
            cell = max(self.wall_cell, length / self.wall_cells)
            cache[sig] = WallBound(moves, cost, axis, sign, length, band, cell)
        return cache[sig]

    def _goal_box(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """The goal's bounding box: (least x, least y), (most x, most y)."""
        if self.course.gate is None:
            (mx, my), r = self.course.mark, self.course.radius
            return (mx - r, my - r), (mx + r, my + r)
        (gx, gy), (hx, hy) = self.course.gate_ends
        return (min(gx, hx), min(gy, hy)), (max(gx, hx), max(gy, hy))

    def _wall_need(self, walls: WallBound, L: Layer) -> np.ndarray:
        """How far toward the goal along the walls' ``p`` she must still make good."""
        lo, hi = self._goal_box()
        p = L["y"] if walls.axis == 0 else L["x"]
        near = lo[1 - walls.axis] if walls.sign > 0 else -hi[1 - walls.axis]
        return np.asarray(near - walls.sign * p)

    def _wall_cells(self, walls: WallBound, L: Layer) -> np.ndarray:
        """Each position's cell across the table, where the walls' table is read."""
        return walls.cells(L["x"] if walls.axis == 0 else L["y"])

    def _need(self, L: Layer) -> np.ndarray:
        """How far along each direction of the fan she must still get to reach the goal."""
        mx, my = self.course.mark
        dx, dy = mx - L["x"], my - L["y"]
        if self.course.gate is None:
            slack = np.full(UX.shape, self.course.radius)
        else:
            w = math.radians(self.wind)
            slack = self.course.gate / 2 * np.abs(UX * math.cos(w) - UY * math.sin(w))
        return np.asarray(np.stack([dx, dy], 1) @ FAN_UV - (slack + 1e-6))

    def _lay(self, moves: Moves, now: Layer) -> Layer:
        """Every move of the table from every position of ``now`` (``x``, ``y`` and the
        table's state ``a``) that ends on the table: the table's displacements laid from
        where she is, and whether the move passes near enough the goal to reach it
        (``near``).  Land and the goal itself are :meth:`_settle`'s."""
        par, row = moves.rows_from(now["a"])
        X, Y = now["x"][par], now["y"][par]
        x, y = X + moves.dx[row], Y + moves.dy[row]
        scn = self.course.scenario
        sel = np.flatnonzero(scn.holds(x, y))
        par, row, X, Y = par[sel], row[sel], X[sel], Y[sel]
        mx, my = self.course.mark
        goal = self.course.radius if self.course.gate is None else self.course.gate / 2
        return {
            "x": x[sel],
            "y": y[sel],
            "a": moves.child[row],
            "row": row,
            "par": par,
            "near": np.hypot(X - mx, Y - my) <= moves.reach[row] + goal + 1e-6,
            "x0": X,  # where the move starts, for the track
            "y0": Y,
        }

    def _settle(self, moves: Moves, L: Layer) -> Layer:
        """The moves laid by :meth:`_lay` that run onto no land, and which of them reach
        the goal (only a move passing ``near`` it may)."""
        row, X, Y = L["row"], L["x0"], L["y0"]
        ok = np.ones(len(row), bool)
        near = np.flatnonzero(L["near"])
        reached = np.zeros(len(row), bool)
        if near.size:
            PX, PY = X[near, None] + moves.px[row[near]], Y[near, None] + moves.py[row[near]]
            reached[near] = self.course.reached(PX[:, :-1], PY[:, :-1], PX[:, 1:], PY[:, 1:]).any(1)
        if self.tree is not None and row.size:
            PX, PY = X[:, None] + moves.px[row], Y[:, None] + moves.py[row]
            ok = ~self._hits_land(PX, PY, moves.pa[row], ok)
        sel = np.flatnonzero(ok)
        return {**{k: v[sel] for k, v in L.items()}, "reached": reached[sel]}

    def _cell(self, L: Layer) -> np.ndarray:
        """The snapped state as one integer: grid cell (``grid`` of the unit) and the
        table's state (a heading to the degree's thousandth and the ruleset's mode)."""
        kx = np.round(L["x"] / self.grid).astype(np.int64) + 2**18
        ky = np.round(L["y"] / self.grid).astype(np.int64) + 2**18
        return np.asarray((kx * 2**20 + ky) * 2**20 + L["a"])

    def _deadline(self, t0: float, deadline: float | None) -> float | None:
        """The search's deadline: the caller's, or the coach's ``budget`` from ``t0``."""
        if deadline is not None or self.budget is None:
            return deadline
        return t0 + self.budget

    def _exact(
        self, first: Layer, upper: float, deadline: float | None = None
    ) -> tuple[Found | None, float]:
        """A way cheaper than ``upper`` (or None), and the fewest (expected) turns
        proven possible.

        The search runs within a cost limit that starts at the larger of the two bounds
        (the open-water fan's and the table edges') and rises a turn at a time, so the
        first way found is the optimum.  At each limit a narrow beam tries first: when
        every cost is a whole number of turns, a way it finds within the limit is optimal
        too, the limit below having been ruled out.  When every limit below ``upper`` is
        ruled out, it returns (None, upper); past the ``deadline`` it stops with the
        beam's way, not proven, and what is proven so far (the limit
        reached)."""
        moves, bound = self._table(first)
        start = {"x": first["x"], "y": first["y"], "a": moves.index(first["h"], self._mode(first))}
        cost = self._cost(moves.cols)
        walls = self._walls(moves, cost, first)

        def within(L: Layer, k: np.ndarray) -> np.ndarray:
            ok = walls.within(L["a"], self._wall_cells(walls, L), self._wall_need(walls, L), k)
            sel = np.flatnonzero(ok)  # the walls' test is the cheaper: the fan's on the rest
            need = self._need({c: v[sel] for c, v in L.items()})
            ok[sel] = bound.within(L["a"][sel], need, k[sel])
            return ok

        def rank(L: Layer) -> np.ndarray:
            h = moves.keys[L["a"]] // moves.modes / 1000.0
            phase = (moves.keys[L["a"]] % moves.modes) // 2  # half-way through a tack
            return self.estimate(L["x"], L["y"], h, phase)

        limit = float(
            max(1, self._first_limit(bound, walls, start, int(min(upper, 400)), deadline))
        )
        whole = bool(np.allclose(cost, np.round(cost)))
        while limit < upper - 1e-9:
            bound.grow(int(math.ceil(limit)) + 1)
            walls.grow(int(math.ceil(limit)) + 1, deadline)
            for b in ([(self.beam, rank)] if whole and self.beam else []) + [None]:
                try:
                    found = search(
                        start,
                        lambda L: self._lay(moves, L),
                        self._cell,
                        lambda L: cost[L["row"]],
                        within,
                        min(limit, upper - 1e-6),
                        b,
                        deadline,
                        lambda L: self._settle(moves, L),
                    )
                except OutOfTime:  # the beam alone answers, with what is proven
                    return self._fallback(start, moves, cost, rank, upper), limit
                if found is not None:
                    for L in found.chain:
                        L.update({k: v[L["row"]] for k, v in moves.cols.items()})
                    return found, found.cost
            limit += 1
        return None, upper

    def _fallback(
        self,
        start: Layer,
        moves: Moves,
        cost: np.ndarray,
        rank: Callable[[Layer], np.ndarray],
        upper: float,
    ) -> Found | None:
        """Out of time: the beam alone (no bound, no proof), a fast answer."""
        found = search(
            start,
            lambda L: self._lay(moves, L),
            self._cell,
            lambda L: cost[L["row"]],
            lambda L, k: np.ones(len(L["x"]), bool),
            upper,
            (self.beam or 120, rank),
            settle=lambda L: self._settle(moves, L),
        )
        if found is not None:
            for L in found.chain:
                L.update({k: v[L["row"]] for k, v in moves.cols.items()})
        return found

    def _first_limit(
        self,
        bound: Bound,
        walls: WallBound,
        start: Layer,
        max_turns: int,
        deadline: float | None = None,
    ) -> int:
        """The bound from the start (the larger of the two), the bounds' tables grown
        deep enough to hold it.  Past the deadline the walls' table stops growing, and
        what it has ruled out (no way within its depth) is the bound."""
        while True:
            K = bound.S.shape[0] - 1
            lo = int(bound.turns(start["a"], self._need(start)).min())
            if lo <= K or max_turns <= K:
                break
            bound.grow(2 * K + 2)
        cells, need = self._wall_cells(walls, start), self._wall_need(walls, start)
        want = max(lo, 1)
        walls.grow(want, deadline)
        while True:
            K = walls.G.shape[0] - 1
            lw = int(walls.turns(start["a"], cells, need).min())
            if lw <= K or max_turns <= K or want > K:  # found, deep enough, or out of time
                return max(lo, lw)
            if walls.settled():  # more turns make good no more: no way at all
                return max_turns + 1
            want = 2 * K + 2
            walls.grow(want, deadline)
