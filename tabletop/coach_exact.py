"""The exact search every coach shares, as a mixin of :class:`tabletop.coaching.Coach`:
the coach's moves laid as a table once per heading, the bound over them, and the
search for the fewest (expected) turns within the coach's moves at the grid's
resolution (see :mod:`tabletop.optimum`)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from tabletop.optimum import (
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
        """The move table and the bound for the headings reachable from ``first`` (kept
        per lattice of headings: the drill asks again and again from the same one)."""
        cache: dict[tuple[int, ...], tuple[Moves, Bound]] = self.__dict__.setdefault("_tables", {})
        sig = tuple(sorted({int(k) % 5000 for k in heading_key(first["h"])} | {self._sig()}))
        if sig not in cache:
            self._open_sea = True
            try:
                moves = build_moves(first, self._expand, self._mode, self._origin, self.modes)
            finally:
                self._open_sea = False
            cache[sig] = (moves, build_bound(moves))
        return cache[sig]

    def _sig(self) -> int:
        """What else the move set depends on (a coach that switches moves says so)."""
        return -1

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
        table's state ``a``): the table's displacements laid from where she is, then
        what depends on the place: the table's edges, land, and reaching the goal."""
        par, row = moves.rows_from(now["a"])
        X, Y = now["x"][par], now["y"][par]
        x, y = X + moves.dx[row], Y + moves.dy[row]
        scn = self.course.scenario
        ok = (x >= 0) & (x <= scn.width) & (y >= 0) & (y <= scn.depth)
        mx, my = self.course.mark
        goal = self.course.radius if self.course.gate is None else self.course.gate / 2
        near = np.flatnonzero(ok & (np.hypot(X - mx, Y - my) <= moves.reach[row] + goal + 1e-6))
        reached = np.zeros(len(x), bool)
        if near.size:
            PX, PY = X[near, None] + moves.px[row[near]], Y[near, None] + moves.py[row[near]]
            reached[near] = self.course.reached(PX[:, :-1], PY[:, :-1], PX[:, 1:], PY[:, 1:]).any(1)
        if self.tree is not None:
            live = np.flatnonzero(ok)
            PX, PY = X[live, None] + moves.px[row[live]], Y[live, None] + moves.py[row[live]]
            bad = self._hits_land(PX, PY, moves.pa[row[live]], np.ones(live.size, bool))
            ok[live[bad]] = False
        sel = np.flatnonzero(ok)
        return {
            "x": x[sel],
            "y": y[sel],
            "a": moves.child[row[sel]],
            "row": row[sel],
            "par": par[sel],
            "reached": reached[sel],
        }

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

        The search runs within a cost limit that starts at the bound and rises a turn at
        a time, so the first way found is the optimum.  At each limit a narrow beam tries
        first: when every cost is a whole number of turns, a way it finds within the
        limit is optimal too, the limit below having been ruled out.  When every limit
        below ``upper`` is ruled out, it returns (None, upper); past the ``deadline`` it
        stops with the beam's way, not proven, and what is proven so far (the limit
        reached)."""
        moves, bound = self._table(first)
        start = {"x": first["x"], "y": first["y"], "a": moves.index(first["h"], self._mode(first))}
        cost = self._cost(moves.cols)

        def within(L: Layer, k: np.ndarray) -> np.ndarray:
            return bound.within(L["a"], self._need(L), k)

        def rank(L: Layer) -> np.ndarray:
            h = moves.keys[L["a"]] // moves.modes / 1000.0
            phase = (moves.keys[L["a"]] % moves.modes) // 2  # half-way through a tack
            return self.estimate(L["x"], L["y"], h, phase)

        limit = float(max(1, self._first_limit(bound, start, int(min(upper, 400)))))
        whole = bool(np.allclose(cost, np.round(cost)))
        while limit < upper - 1e-9:
            bound.grow(int(math.ceil(limit)) + 1)
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
        )
        if found is not None:
            for L in found.chain:
                L.update({k: v[L["row"]] for k, v in moves.cols.items()})
        return found

    def _first_limit(self, bound: Bound, start: Layer, max_turns: int) -> int:
        """The bound from the start, the bound's table grown deep enough to hold it."""
        while True:
            K = bound.S.shape[0] - 1
            lo = int(bound.turns(start["a"], self._need(start)).min())
            if lo <= K or max_turns <= K:
                return lo
            bound.grow(2 * K + 2)
