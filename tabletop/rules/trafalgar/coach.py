"""The modified Trafalgar coach: the fewest turns to a windward mark.

From every position it keeps, it lays out a fine set of template moves at once with
numpy (a run, one turn of 5° to 45° placed early, mid-way or late, the rest of the
allowance; the tack), masks what the rules forbid (bow into the luffing sector, a
luffing move gaining more than close-hauled, tacking twice running, leaving the table,
running onto an island).  The exact search every coach shares
(:mod:`tabletop.coach.exact`) lays these moves once per heading and tack state and
finds the fewest turns within them at a 0.25 cm grid; the beam (``_search_turns``)
answers when the proof runs out of time.  The tests check the count against plain
breadth-first search on small courses.
"""

from __future__ import annotations

import math
import time

import numpy as np

from tabletop.coach.coaching import Coach, CoachPlan, Course, Layer, Situation
from tabletop.common.errors import TabletopError
from tabletop.engine.state import GameState
from tabletop.geometry.angles import normalise, relative_wind, through_eye
from tabletop.geometry.pose import Pose
from tabletop.referee import reckon
from tabletop.rules.trafalgar.movement import luff_gain_cap
from tabletop.rules.trafalgar.ship import TrafalgarShip


class TrafalgarCoach(Coach):
    """Plans the fewest turns to the mark under the modified Trafalgar rules."""

    def __init__(self, course: Course, beam: int | None = 120, grid: float = 0.25) -> None:
        super().__init__(course, beam, grid)
        rs = self.rs
        self.radius_turn = rs.turn_radius(self.cls.base_length, self.unit)
        self.inertia = rs.move.inertia * reckon.scale(rs, self.unit)
        self.max_turn = float(rs.move.max_turn)
        self.theta_ch = float(rs.caps.close_hauled)
        self.luff_edge = rs.sectors[1].lower
        # No turn can gain more to windward than her best allowance sailed close-hauled:
        # the bound behind `to_go`.  (Bearing away to reach, then hauling up on the
        # reaching allowance, really does gain more than beating: the rules fix the
        # allowance at the start of the move, and the coach uses that.)
        best = max(float(sec.factor) for sec in rs.sectors) * self.speed
        self.gain = best * math.cos(math.radians(float(rs.caps.close_hauled)))
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
        # a luffing run after a turn that took her out of the luffing sector is no luff
        ok &= ~luffing | (relative_wind(self.wind, h2) < self.luff_edge) | (run2 <= 1e-9)
        ok &= through_eye(self.wind, H0 + 0 * A, A) < 0  # only a tack crosses the eye
        gain = (x2 - X0) * self.up[0] + (y2 - Y0) * self.up[1]
        ok &= ~luffing | (gain <= self.luff_cap + 0.5e-4)
        scn = self.course.scenario
        if not self._open_sea:
            ok &= scn.holds(x2, y2)
        PX = np.stack([p[0] for p in pts], -1).reshape(n * g, -1)
        PY = np.stack([p[1] for p in pts], -1).reshape(n * g, -1)
        PH = np.stack(heads, -1).reshape(n * g, -1)
        ok = ok.reshape(-1)
        mx, my = self.course.mark
        hit = self.course.reached(PX[:, :-1], PY[:, :-1], PX[:, 1:], PY[:, 1:]).any(1)
        if self.tree is not None and not self._open_sea:
            ok &= ~self._hits_land(PX, PY, PH, ok)
        return {
            "px": PX,
            "py": PY,
            "pa": PH,
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
        mx, my = self.course.mark
        if math.hypot(pose.x - mx, pose.y - my) <= self.course.radius:
            return CoachPlan([], 0, 0.0, lower=0)
        first = {
            "x": np.array([pose.x]),
            "y": np.array([pose.y]),
            "h": np.array([pose.heading]),
            "ph": np.array([1 if tacking else 0]),  # 1: half-way through a tack
            "tl": np.array([tacked_last]),
        }
        found, lower = self._exact(first, max_turns + 1, self._deadline(t0, deadline))
        if found is not None:
            ship = self.course.ship
            plan = self._unwind(found.chain, 0, len(found.chain), t0, found.expanded, ship)
        elif lower > max_turns:  # every way ruled out
            raise TabletopError("the coach found no way to the mark")
        else:  # out of time: the beam's answer, with what the search proved
            layers, i, turn, expanded = self._search_turns(
                first, self._expand, self._key, max_turns
            )
            plan = self._unwind(layers, i, turn, t0, expanded, self.course.ship)
        plan.lower = lower
        plan.proven = lower >= plan.count - 1e-9
        plan.ms = (time.perf_counter() - t0) * 1000
        return plan

    def _key(self, L: Layer) -> np.ndarray:
        """The beam's merging: a grid cell, a whole degree, the tack phase and last tack."""
        return np.stack(
            [
                np.round(L["x"] / self.grid),
                np.round(L["y"] / self.grid),
                np.round(L["h"]),
                L["ph"],
                L["tl"],
            ],
            1,
        )

    modes = 4  # half-way through a tack (2) and tacked last turn (1)

    def _mode(self, L: Layer) -> np.ndarray:
        return np.asarray(L["ph"].astype(np.int64) * 2 + L["tl"].astype(np.int64))

    def _origin(self, h: np.ndarray, mode: np.ndarray) -> Layer:
        z = np.zeros(len(h))
        return {"x": z, "y": z, "h": np.asarray(h, float), "ph": mode // 2, "tl": mode % 2 == 1}

    def _expand(self, now: Layer) -> Layer:
        """One turn's moves from every position: sailing, beginning a tack, completing one."""
        X, Y, H, PH, TL = now["x"], now["y"], now["h"], now["ph"], now["tl"]
        parts: list[Layer] = []
        idx = np.flatnonzero(PH == 0)
        if idx.size:
            parts.append(self._sailing(X, Y, H, idx))
            parts.append(self._begin_tack(X, Y, H, TL, idx))
        idx = np.flatnonzero(PH == 1)
        for kind, hd in ((2, self.wind + self.theta_ch), (3, self.wind - self.theta_ch)):
            k = idx.size
            part = self._part(X[idx], Y[idx], np.full(k, normalise(hd)), idx, kind, tl=True)
            if self._open_sea:  # placed close-hauled where she lies: no track
                part["px"], part["py"] = X[idx, None], Y[idx, None]
                part["pa"] = np.full((k, 1), normalise(hd))
            parts.append(part)
        if self._open_sea:
            w = max(p["px"].shape[1] for p in parts)
            for p in parts:
                for c in ("px", "py", "pa"):
                    p[c] = np.pad(p[c], ((0, 0), (0, w - p[c].shape[1])), mode="edge")
        return {key: np.concatenate([p[key] for p in parts]) for key in parts[0]}

    @staticmethod
    def _part(
        x: np.ndarray,
        y: np.ndarray,
        h: np.ndarray,
        par: np.ndarray,
        kind: int,
        ph: int = 0,
        tl: bool = False,
        run1: np.ndarray | None = None,
        reached: np.ndarray | None = None,
    ) -> Layer:
        """A block of new positions made one way (``kind``: 0 sail, 1 tack, 2/3 complete)."""
        k = x.size
        return {
            "x": x,
            "y": y,
            "h": h,
            "ph": np.full(k, ph),
            "tl": np.full(k, tl),
            "par": par,
            "kind": np.full(k, kind),
            "run1": np.zeros(k) if run1 is None else run1,
            "turn": np.zeros(k),
            "run2": np.zeros(k),
            "reached": np.zeros(k, bool) if reached is None else reached,
            "luff": np.zeros(k, bool),
        }

    def _sailing(self, X: np.ndarray, Y: np.ndarray, H: np.ndarray, idx: np.ndarray) -> Layer:
        c = self._sail(X[idx], Y[idx], H[idx])
        sel = np.flatnonzero(c["ok"])
        out = self._part(c["x"][sel], c["y"][sel], c["h"][sel], idx[c["state"][sel]], 0)
        for key in ("run1", "turn", "run2", "reached", "luff"):
            out[key] = c[key][sel]
        if self._open_sea:
            out["px"], out["py"], out["pa"] = c["px"][sel], c["py"][sel], c["pa"][sel]
        return out

    def _begin_tack(
        self, X: np.ndarray, Y: np.ndarray, H: np.ndarray, TL: np.ndarray, idx: np.ndarray
    ) -> Layer:
        """Beating, not right after a tack: the inertia ahead, then into the wind."""
        theta = relative_wind(self.wind, H[idx])
        sel = idx[(theta >= self.luff_edge) & (theta < 90) & ~TL[idx]]
        hr = np.radians(H[sel])
        tx, ty = X[sel] + self.inertia * np.sin(hr), Y[sel] + self.inertia * np.cos(hr)
        okt = np.ones(sel.size, bool)
        if not self._open_sea:  # the inertia may not carry her off the table
            scn = self.course.scenario
            okt &= scn.holds(tx, ty)
        if self.tree is not None and sel.size and not self._open_sea:
            okt &= ~self._hits_land(
                np.stack([X[sel], tx], 1),
                np.stack([Y[sel], ty], 1),
                np.stack([H[sel], H[sel]], 1),
                okt,
            )
        d = self.course.reached(X[sel], Y[sel], tx, ty)
        k = int(okt.sum())
        out = self._part(
            tx[okt],
            ty[okt],
            np.full(k, self.wind),
            sel[okt],
            1,
            ph=1,
            run1=np.full(k, self.inertia),
            reached=d[okt],
        )
        if self._open_sea:
            out["px"] = np.stack([X[sel], tx], 1)[okt]
            out["py"] = np.stack([Y[sel], ty], 1)[okt]
            out["pa"] = np.stack([H[sel], H[sel]], 1)[okt]
        return out

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
