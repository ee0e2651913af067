"""The modified Trafalgar coach: the fewest turns to a windward mark.

From every position it keeps, it lays out a fine set of template moves at once with
numpy (a run, one turn of 5° to 45° placed early, mid-way or late, the rest of the
allowance; the tack), masks what the rules forbid (bow into the luffing sector, a
luffing move gaining more than close-hauled, tacking twice running, leaving the table,
running onto an island), and stops at the first turn in which a path passes within the
mark's radius.  Positions that come to the same place are merged, and each turn keeps
the most promising ``beam`` of them ranked by an admissible bound (nothing gains more to
windward in a turn than close-hauled), so the answer is the fewest turns within the
move set; the tests check it against exhaustive search on small courses.
"""

from __future__ import annotations

import math
import time

import numpy as np

from tabletop.coaching import Coach, CoachPlan, Course, Situation
from tabletop.engine.state import GameState
from tabletop.errors import TabletopError
from tabletop.geometry.angles import normalise, relative_wind
from tabletop.geometry.pose import Pose
from tabletop.rules.trafalgar.movement import luff_gain_cap
from tabletop.rules.trafalgar.ship import TrafalgarShip


class TrafalgarCoach(Coach):
    """Plans the fewest turns to the mark under the modified Trafalgar rules."""

    def __init__(self, course: Course, beam: int | None = 120, grid: float = 0.25) -> None:
        super().__init__(course, beam, grid)
        rs = self.rs
        self.radius_turn = rs.turn_radius(self.cls.base_length, self.unit)
        self.inertia = rs.move.inertia * rs.scale(self.unit)
        self.max_turn = float(rs.move.max_turn)
        self.theta_ch = float(rs.close_hauled)
        self.luff_edge = rs.sectors[1].lower
        # No turn can gain more to windward than her best allowance sailed close-hauled:
        # the bound behind `to_go`.  (Bearing away to reach, then hauling up on the
        # reaching allowance, really does gain more than beating: the rules fix the
        # allowance at the start of the move, and the coach uses that.)
        best = max(float(sec.factor) for sec in rs.sectors) * self.speed
        self.gain = best * math.cos(math.radians(float(rs.close_hauled)))
        self.luff_cap = luff_gain_cap(rs, self.speed)

    def situation(self, state: GameState, ship: str) -> Situation:
        st = state.ship(ship)
        assert isinstance(st, TrafalgarShip)
        return Situation(
            st.pose,
            tacking=st.tacking,
            tacked_last=st.last_tack == state.turn - 1,
            in_irons=st.in_irons,
            mid_turn=bool(st.path),
        )

    # -- one turn for many states ------------------------------------------------------
    def _moves(self) -> tuple[np.ndarray, np.ndarray]:
        """The move set: turn angle and where the turn falls (share of the free run)."""
        angles = np.arange(5.0, self.max_turn + 1e-9, 5.0)
        if (self.cls.turns or 1) >= 2:  # two full turns back to back: 90° on the template
            angles = np.concatenate([angles, [2 * self.max_turn]])
        a = np.concatenate([[0.0], np.repeat(np.concatenate([-angles, angles]), 3)])
        f = np.concatenate([[0.0], np.tile([0.0, 0.5, 1.0], 2 * len(angles))])
        return a, f

    def _sail(self, x: np.ndarray, y: np.ndarray, h: np.ndarray) -> dict[str, np.ndarray]:
        """Every template move from every state at once, flattened to ``n × G`` paths."""
        ang, frac = self._moves()
        n, g = len(x), len(ang)
        alw = self.allowance(h)[:, None]
        X0, Y0, H0 = x[:, None], y[:, None], h[:, None]
        A = np.broadcast_to(ang, (n, g))
        R = self.radius_turn
        arc = np.radians(np.abs(A)) * R
        free = alw - arc - np.where(A != 0, self.inertia, 0.0)
        run1 = np.where(A != 0, self.inertia + frac * np.maximum(free, 0), alw)
        run2 = np.where(A != 0, (1 - frac) * np.maximum(free, 0), 0.0)
        ok = (free >= -1e-9) & (alw > 0)
        # a ship that starts luffing luffs (L runs, no more to windward than close-hauled,
        # and she may end luffing); the coach never turns into the luffing sector itself
        luffing = relative_wind(self.wind, H0) < self.luff_edge
        hr = np.radians(H0)
        # a luffing ship may stop short: her runs shrink until the move gains no more to
        # windward than close-hauled (the arc's own gain is fixed; the runs' is linear)
        sgn = np.sign(A)
        hr2_ = np.radians(H0 + A)
        arc_gain = (
            sgn * R * (np.cos(hr) - np.cos(hr2_)) * self.up[0]
            + sgn * R * (np.sin(hr2_) - np.sin(hr)) * self.up[1]
        )
        run_gain = run1 * (np.sin(hr) * self.up[0] + np.cos(hr) * self.up[1]) + run2 * (
            np.sin(hr2_) * self.up[0] + np.cos(hr2_) * self.up[1]
        )
        with np.errstate(divide="ignore", invalid="ignore"):
            shrink = np.where(run_gain > 1e-9, (self.luff_cap - arc_gain) / run_gain, 1.0)
        shrink = np.where(luffing, np.clip(shrink, 0.0, 1.0), 1.0)
        run1, run2 = run1 * shrink, run2 * shrink
        ok &= (A == 0) | (run1 >= self.inertia - 1e-9)  # the inertia comes before a turn
        x1, y1 = X0 + run1 * np.sin(hr), Y0 + run1 * np.cos(hr)
        sign = np.sign(A)
        cx, cy = x1 + sign * R * np.cos(hr), y1 - sign * R * np.sin(hr)
        pts = [(X0 + 0 * A, Y0 + 0 * A), (x1, y1)]
        heads = [H0 + 0 * A, H0 + 0 * A]
        for t in np.linspace(0, 1, 7)[1:]:
            hh = np.radians(H0 + t * A)
            pts.append((cx - sign * R * np.cos(hh), cy + sign * R * np.sin(hh)))
            heads.append(H0 + t * A)
        h2 = normalise(H0 + A)
        xa, ya = pts[-1]
        hr2 = np.radians(h2)
        x2, y2 = xa + run2 * np.sin(hr2), ya + run2 * np.cos(hr2)
        pts.append((x2, y2))
        heads.append(h2)
        ok &= luffing | (relative_wind(self.wind, h2) >= self.luff_edge - 1e-9)
        gain = (x2 - X0) * self.up[0] + (y2 - Y0) * self.up[1]
        ok &= ~luffing | (gain <= self.luff_cap + 0.5e-4)
        scn = self.course.scenario
        ok &= (x2 >= 0) & (x2 <= scn.width) & (y2 >= 0) & (y2 <= scn.depth)
        PX = np.stack([p[0] for p in pts], -1).reshape(n * g, -1)
        PY = np.stack([p[1] for p in pts], -1).reshape(n * g, -1)
        PH = np.stack(heads, -1).reshape(n * g, -1)
        ok = ok.reshape(-1)
        mx, my = self.course.mark
        hit = self.course.reached(PX[:, :-1], PY[:, :-1], PX[:, 1:], PY[:, 1:]).any(1)
        if self.tree is not None:
            ok &= ~self._hits_land(PX, PY, PH, ok)
        return {
            "x": x2.reshape(-1),
            "y": y2.reshape(-1),
            "h": h2.reshape(-1),
            "ok": ok,
            "reached": ok & hit,
            "state": np.repeat(np.arange(n), g),
            "run1": run1.reshape(-1),
            "turn": A.reshape(-1),
            "run2": run2.reshape(-1),
            "luff": np.broadcast_to(luffing, (n, g)).reshape(-1),
        }

    @staticmethod
    def _text(run1: float, turn: float, run2: float, word: str = "F") -> str:
        """A move in the path syntax (``word`` L for luffing runs)."""

        def f(v: float) -> str:
            return f"{v:.6f}".rstrip("0").rstrip(".")

        if turn == 0:
            return f"{word}{f(run1)}"
        side = "S" if turn > 0 else "P"
        if abs(turn) > 45 + 1e-9:  # two turns back to back
            half = f(abs(turn) / 2)
            words = [f"{word}{f(run1)}", f"{side}{half}", f"{side}{half}"]
        else:
            words = [f"{word}{f(run1)}", f"{side}{f(abs(turn))}"]
        if run2 > 1e-9:
            words.append(f"{word}{f(run2)}")
        return " ".join(words)

    # -- the search --------------------------------------------------------------------
    def plan(
        self,
        start: Pose | None = None,
        tacking: bool = False,
        tacked_last: bool = False,
        max_turns: int = 200,
        deadline: float | None = None,
    ) -> CoachPlan:
        """The fewest turns from ``start`` (default: her start), half-way through a tack
        if ``tacking``; ``tacked_last``: she completed a tack last turn (no tack now)."""
        t0 = time.perf_counter()
        pose = start or self.course.scenario.ship(self.course.ship).pose
        X, Y, H = np.array([pose.x]), np.array([pose.y]), np.array([pose.heading])
        PH = np.array([1 if tacking else 0])  # 1: turned into the wind, half-way through a tack
        TL = np.array([tacked_last])
        layers: list[dict[str, np.ndarray]] = []  # per turn: parent, and how she got there
        mx, my = self.course.mark
        if math.hypot(pose.x - mx, pose.y - my) <= self.course.radius:
            return CoachPlan([], 0, 0.0)
        expanded = 0
        ship = self.course.ship
        for turn in range(1, max_turns + 1):
            if deadline is not None and time.perf_counter() > deadline:
                raise TabletopError("the coach ran out of time")
            expanded += len(X)
            parts: list[dict[str, np.ndarray]] = []
            idx = np.flatnonzero(PH == 0)
            if idx.size:
                c = self._sail(X[idx], Y[idx], H[idx])
                sel = np.flatnonzero(c["ok"])
                parts.append(
                    {
                        "x": c["x"][sel],
                        "y": c["y"][sel],
                        "h": c["h"][sel],
                        "ph": np.zeros(sel.size, int),
                        "tl": np.zeros(sel.size, bool),
                        "par": idx[c["state"][sel]],
                        "kind": np.zeros(sel.size, int),
                        "run1": c["run1"][sel],
                        "turn": c["turn"][sel],
                        "run2": c["run2"][sel],
                        "reached": c["reached"][sel],
                        "luff": c["luff"][sel],
                    }
                )
                # begin a tack: beating, not right after a tack; 2 of inertia, into the wind
                theta = relative_wind(self.wind, H[idx])
                sel = idx[(theta >= self.luff_edge) & (theta < 90) & ~TL[idx]]
                hr = np.radians(H[sel])
                tx, ty = X[sel] + self.inertia * np.sin(hr), Y[sel] + self.inertia * np.cos(hr)
                okt = np.ones(sel.size, bool)
                if self.tree is not None and sel.size:
                    okt &= ~self._hits_land(
                        np.stack([X[sel], tx], 1),
                        np.stack([Y[sel], ty], 1),
                        np.stack([H[sel], H[sel]], 1),
                        okt,
                    )
                d = self.course.reached(X[sel], Y[sel], tx, ty)
                k = int(okt.sum())
                parts.append(
                    {
                        "x": tx[okt],
                        "y": ty[okt],
                        "h": np.full(k, self.wind),
                        "ph": np.ones(k, int),
                        "tl": np.zeros(k, bool),
                        "par": sel[okt],
                        "kind": np.ones(k, int),
                        "run1": np.full(k, self.inertia),
                        "turn": np.zeros(k),
                        "run2": np.zeros(k),
                        "reached": d[okt],
                        "luff": np.zeros(k, bool),
                    }
                )
            idx = np.flatnonzero(PH == 1)
            for kind, hd in ((2, self.wind + self.theta_ch), (3, self.wind - self.theta_ch)):
                k = idx.size
                parts.append(
                    {
                        "x": X[idx],
                        "y": Y[idx],
                        "h": np.full(k, normalise(hd)),
                        "ph": np.zeros(k, int),
                        "tl": np.ones(k, bool),
                        "par": idx,
                        "kind": np.full(k, kind),
                        "run1": np.zeros(k),
                        "turn": np.zeros(k),
                        "run2": np.zeros(k),
                        "reached": np.zeros(k, bool),
                        "luff": np.zeros(k, bool),
                    }
                )
            L = {key: np.concatenate([p[key] for p in parts]) for key in parts[0]}
            if L["reached"].any():
                layers.append(L)
                return self._unwind(
                    layers, int(np.flatnonzero(L["reached"])[0]), turn, t0, expanded, ship
                )
            if L["x"].size == 0:
                break
            key = np.stack(
                [
                    np.round(L["x"] / self.grid),
                    np.round(L["y"] / self.grid),
                    np.round(L["h"]),
                    L["ph"],
                    L["tl"],
                ],
                1,
            )
            _, first = np.unique(key, axis=0, return_index=True)
            keep = np.sort(first)
            if self.beam is not None and keep.size > self.beam:
                est = self.estimate(L["x"][keep], L["y"][keep], L["h"][keep], L["ph"][keep])
                keep = keep[np.argsort(est, kind="stable")[: self.beam]]
            L = {key_: v[keep] for key_, v in L.items()}
            layers.append(L)
            X, Y, H, PH, TL = L["x"], L["y"], L["h"], L["ph"], L["tl"]
        raise TabletopError("the coach found no way to the mark")

    def _unwind(
        self,
        layers: list[dict[str, np.ndarray]],
        k: int,
        turns: int,
        t0: float,
        expanded: int,
        ship: str,
    ) -> CoachPlan:
        moves: list[str] = []
        i = k
        for L in reversed(layers):
            kind = int(L["kind"][i])
            if kind == 0:
                moves.append(
                    f"move {ship} "
                    + self._text(
                        float(L["run1"][i]),
                        float(L["turn"][i]),
                        float(L["run2"][i]),
                        "L" if bool(L["luff"][i]) else "F",
                    )
                )
            elif kind == 1:
                moves.append(f"move {ship} F{self.inertia:g} T")
            else:
                moves.append(f"tack {ship} {'port' if kind == 2 else 'starboard'}")
            i = int(L["par"][i])
        moves.reverse()
        return CoachPlan(
            [[m, "end"] for m in moves], turns, (time.perf_counter() - t0) * 1000, expanded=expanded
        )
