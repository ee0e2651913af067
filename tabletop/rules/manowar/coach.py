"""The Man O' War coach: the fewest *expected* turns to a windward mark.

Pivots with the class's turn and gap, any distance of at least half the allowance (less
would drift by the dice), and the tack through the eye of the wind costed at its
expectation (see :func:`mow_tack_expectation`), against wearing round (always certain).
"""

from __future__ import annotations

import math
import time
from typing import Any

import numpy as np

from tabletop.coach.coaching import Coach, CoachPlan, Course, Layer, Situation
from tabletop.common.errors import TabletopError
from tabletop.engine.state import GameState
from tabletop.geometry.angles import normalise, relative_wind, through_eye, wind_side
from tabletop.geometry.pose import Pose
from tabletop.referee import reckon
from tabletop.rules.manowar.ship import ManOWarShip


def mow_tack_expectation(p_through: float, p_feint: float) -> float:
    """Expected turns a tack attempt costs beyond sailing on, by the tacking roll.

    An attempt goes through with ``p_through``; a feint (``p_feint``) leaves her on her
    own tack to try again next turn; otherwise she is in irons, and each turn she starts
    in irons rolls again with the same chances.  With E_A the cost from an attempt and
    E_I from irons:  E_A = p_f (1 + E_A) + p_x (1 + E_I),  E_I = p_f (1 + E_A) + p_x (1 + E_I),
    where p_x = 1 − p_through − p_feint; so E_I = E_A and E_A = (1 − p_t) / p_t.
    Without seamanship (a 6 goes through): 5 turns; with it (a 5 or 6): 2.
    """
    return (1.0 - p_through) / p_through


class ManOWarCoach(Coach):
    """Plans Man O' War: pivots with the class's turn and gap, any distance of at least
    half the allowance (less would drift by the dice), and the tack through the eye of
    the wind costed at its expectation, against wearing round (always certain)."""

    def __init__(self, course: Course, beam: int | None = 120, grid: float = 0.25) -> None:
        super().__init__(course, beam, grid)
        rs, scn = self.rs, course.scenario
        self.max_turn = rs.turn_of(self.cls)
        self.gap = rs.gap_of(self.cls) * reckon.scale(rs, self.unit)
        self.theta_ch = float(rs.caps.close_hauled)
        self.head_edge = rs.sectors[1].lower  # below this: head to wind (D)
        tk = rs.tacking
        self.tack_cost = tk.cost * reckon.scale(rs, self.unit)
        seaman = bool(scn.options.get("seamanship")) and bool(
            self.cls.fields.get("full_speed_astern")
        )
        bonus = tk.seamanship_bonus if seaman else 0
        faces = range(1, 7)
        self.p_through = sum(1 for f in faces if f + bonus >= tk.through) / 6
        p_feint = sum(1 for f in faces if tk.feint <= f + bonus < tk.through) / 6
        self.tack_extra = mow_tack_expectation(max(self.p_through, 1e-9), p_feint)
        best = max(rs.allowance(self.cls, s)[1] for s in rs.sectors)
        self.gain = best * math.cos(math.radians(self.theta_ch))
        self._tacks = True  # whether this search counts tacks through the eye of the wind

    def situation(self, state: GameState, ship: str) -> Situation:
        st = state.ship(ship)
        assert isinstance(st, ManOWarShip)
        return Situation(
            st.pose,
            in_irons=st.in_irons,
            mid_turn=bool(st.path) or st.budget is not None,
        )

    def _moves(self) -> list[tuple[float, tuple[float, ...], float]]:
        """(share of the allowance sailed, pivot angles, where a single pivot falls) for
        straight runs, one pivot of 5°..max, and two or three full pivots a gap apart."""
        out: list[tuple[float, tuple[float, ...], float]] = []
        for total in (0.5, 0.75, 1.0):
            out.append((total, (), 0.0))
            for a in np.arange(5.0, self.max_turn + 1e-9, 5.0):
                for sgn in (-1.0, 1.0):
                    for frac in (0.0, 0.5, 1.0):
                        out.append((total, (sgn * a,), frac))
            for sgn in (-1.0, 1.0):
                out.append((total, (sgn * self.max_turn,) * 2, 0.0))
                if (self.cls.turns or 0) >= 3:
                    out.append((total, (sgn * self.max_turn,) * 3, 0.0))
        return out

    def plan(
        self,
        start: Pose | None = None,
        tacking: bool = False,
        tacked_last: bool = False,
        max_turns: int = 200,
        deadline: float | None = None,
        allow_tacks: bool = True,
    ) -> CoachPlan:
        """The fewest expected turns, exact within the move set at the grid's resolution:
        each turn costs one, and a turn that tacks through the eye of the wind one more
        plus the roll's expected cost (:func:`mow_tack_expectation`), so wearing round
        (certain) and tacking are weighed in one search."""
        t0 = time.perf_counter()
        pose = start or self.course.scenario.ship(self.course.ship).pose
        mx, my = self.course.mark
        if self.course.gate is None and math.hypot(pose.x - mx, pose.y - my) <= self.course.radius:
            return CoachPlan([], 0, 0.0)
        self._tacks = allow_tacks
        first = {"x": np.array([pose.x]), "y": np.array([pose.y]), "h": np.array([pose.heading])}
        found, lower = self._exact(first, max_turns + 1, self._deadline(t0, deadline))
        if found is not None:
            plan = self._unwind_mow(found.chain, 0, len(found.chain), t0, self._moves())
            plan.count, plan.expanded = found.cost, found.expanded
            plan.tacks = sum(1 for t in plan.turns for a in t if a.startswith("#tack"))
        elif lower > max_turns:  # every way ruled out
            raise TabletopError("the coach found no way to the mark")
        else:  # out of time: the beam's answer, with what the search proved
            fast = self._first_answer(start, max_turns, allow_tacks)
            if fast is None:
                raise TabletopError("the coach found no way to the mark")
            plan = fast
        plan.exact = plan.tacks == 0
        plan.p_through = self.p_through
        plan.lower = lower
        plan.proven = lower >= plan.count - 1e-9
        plan.ms = (time.perf_counter() - t0) * 1000
        return _strip_notes(plan)

    def _first_answer(
        self, start: Pose | None, max_turns: int, allow_tacks: bool
    ) -> CoachPlan | None:
        """The beam's fast first answer: wearing round only (certain), or with tacks
        through the eye of the wind counted at their expectation, whichever is less."""
        options: list[CoachPlan] = []
        for tacks in (False, True) if allow_tacks else (False,):
            try:
                plan = self._search(start, max_turns, tacks=tacks)
            except TabletopError:
                continue
            plan.tacks = sum(1 for t in plan.turns for a in t if a.startswith("#tack"))
            plan.count = plan.count + plan.tacks * self.tack_extra
            options.append(plan)
        return min(options, key=lambda p: p.count) if options else None

    def _cost(self, L: Layer) -> np.ndarray:
        """A turn, and a tack's expected extra turns when it tacks through the eye."""
        return 1.0 + self.tack_extra * L["tack"].astype(float)

    def _sig(self) -> int:
        return int(self._tacks)

    def _search(self, start: Pose | None, max_turns: int, tacks: bool) -> CoachPlan:
        """Turn by turn, every move kind from every kept position at once (``n × G``)."""
        t0 = time.perf_counter()
        pose = start or self.course.scenario.ship(self.course.ship).pose
        moves = self._moves()
        self._tacks = tacks
        first = {"x": np.array([pose.x]), "y": np.array([pose.y]), "h": np.array([pose.heading])}
        layers, i, turn, _ = self._search_turns(first, self._expand, self._key, max_turns)
        return self._unwind_mow(layers, i, turn, t0, moves)

    def _key(self, L: Layer) -> np.ndarray:
        return np.stack(
            [np.round(L["x"] / self.grid), np.round(L["y"] / self.grid), np.round(L["h"])], 1
        )

    def _beam(self, L: Layer, keep: np.ndarray) -> np.ndarray:
        """Half the beam by the leg estimate (tack and heading count), half by plain
        distance made good: wearing round first looks poor to the one and fine to the
        other, and the best way is often there."""
        assert self.beam is not None
        x_, y_ = L["x"][keep], L["y"][keep]
        est = self.estimate(x_, y_, L["h"][keep], np.zeros(keep.size))
        mx_, my_ = self.course.mark
        up = (mx_ - x_) * self.up[0] + (my_ - y_) * self.up[1]
        across = np.abs((mx_ - x_) * self.up[1] - (my_ - y_) * self.up[0])
        plain = np.maximum(up, 0) / self.gain + across / (2 * self.gain)
        a = np.argsort(est, kind="stable")[: self.beam // 2]
        b = np.argsort(plain, kind="stable")
        b = b[~np.isin(b, a)][: self.beam - a.size]
        return keep[np.sort(np.concatenate([a, b]))]

    def _move_arrays(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The move set as arrays: share of the allowance, pivot count, angles, where."""
        moves = self._moves()
        share = np.array([m[0] for m in moves])
        npiv = np.array([len(m[1]) for m in moves])
        ang = np.zeros((len(moves), 3))
        for g, m in enumerate(moves):
            ang[g, : len(m[1])] = m[1]
        frac = np.array([m[2] for m in moves])
        return share, npiv, ang, frac

    def _expand(self, now: Layer) -> Layer:
        """Every move of the set from every position: runs and pivots laid at once, a
        single pivot head to wind taken as the tack going through (when tacks count)."""
        X, Y, H = now["x"], now["y"], now["h"]
        share, npiv, ang, frac = self._move_arrays()
        scn = self.course.scenario
        n, G = len(X), len(share)
        alw = self.allowance(H)[:, None]
        total = share[None, :] * alw
        single = npiv[None, :] == 1
        r0 = np.where(npiv[None, :] == 0, total, np.where(single, total * frac[None, :], 0.0))
        gaps = np.maximum(npiv - 1, 0)[None, :] * self.gap
        rl = np.where(
            npiv[None, :] == 0, 0.0, np.where(single, total * (1 - frac[None, :]), total - gaps)
        )
        ok = (alw > 0) & (rl >= -1e-9)
        x0 = np.broadcast_to(X[:, None], (n, G))
        y0 = np.broadcast_to(Y[:, None], (n, G))
        h0 = np.broadcast_to(H[:, None], (n, G))
        pts_x, pts_y, pts_h = [x0], [y0], [h0]
        x, y, h = x0, y0, h0
        tack_now = np.zeros((n, G), bool)

        x, y, h, ok, tack_now, rl = self._pivots(
            x, y, h, ok, tack_now, r0, rl, alw, npiv, ang, single, (pts_x, pts_y, pts_h)
        )
        if not self._open_sea:
            ok &= scn.holds(x, y)
        PX = np.stack(pts_x, -1).reshape(n * G, -1)
        PY = np.stack(pts_y, -1).reshape(n * G, -1)
        PH = np.stack(pts_h, -1).reshape(n * G, -1)
        okf = ok.reshape(-1)
        hit = np.asarray(self.course.reached(PX[:, :-1], PY[:, :-1], PX[:, 1:], PY[:, 1:]).any(1))
        if self.tree is not None and not self._open_sea:
            okf = okf & ~self._hits_land(PX, PY, PH, okf)
        sel = np.flatnonzero(okf)
        L = {
            "x": x.reshape(-1)[sel],
            "y": y.reshape(-1)[sel],
            "h": h.reshape(-1)[sel],
            "par": sel // G,
            "mv": sel % G,
            "tack": tack_now.reshape(-1)[sel],
            "r0": r0.reshape(-1)[sel],
            "rl": rl.reshape(-1)[sel],
            "reached": hit[sel],
        }
        if self._open_sea:
            L["px"], L["py"], L["pa"] = PX[sel], PY[sel], PH[sel]
        return L

    def _pivots(
        self,
        x: np.ndarray,
        y: np.ndarray,
        h: np.ndarray,
        ok: np.ndarray,
        tack_now: np.ndarray,
        r0: np.ndarray,
        rl: np.ndarray,
        alw: np.ndarray,
        npiv: np.ndarray,
        ang: np.ndarray,
        single: np.ndarray,
        pts: tuple[list[np.ndarray], list[np.ndarray], list[np.ndarray]],
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The first run, up to three pivots a gap apart, the last run; each point of the
        track is appended to ``pts``.  A pivot head to wind is refused, unless tacks count
        and it is a single pivot with the tack's cost left: then it goes through."""
        pts_x, pts_y, pts_h = pts
        tacks = self._tacks
        x, y = _ahead(x, y, h, r0)
        pts_x.append(x)
        pts_y.append(y)
        pts_h.append(h)
        for k in range(3):
            present = npiv[None, :] > k
            was = h
            h = np.where(present, normalise(h + ang[None, :, k]), h)
            # head to wind at the end of the pivot, or swung through the eye on the way
            into = present & (
                (relative_wind(self.wind, h) < self.head_edge)
                | (through_eye(self.wind, was, ang[None, :, k]) >= 0)
            )
            if k == 0 and tacks:
                # a single pivot head to wind: the roll, taken to go through; 2" are
                # spent and she sails the rest close-hauled on the other tack
                left = alw - r0 - self.tack_cost
                tack_now = into & single & (left >= -1e-9)
                over_stb = ((self.wind - was + 540) % 360 - 180) > 0
                new = normalise(self.wind + np.where(over_stb, 1.0, -1.0) * self.theta_ch)
                h = np.where(tack_now, new, h)
                rl = np.where(tack_now, np.maximum(left, 0), rl)
                ok &= ~into | tack_now
            else:
                ok &= ~into
            if k < 2:
                x, y = _ahead(x, y, h, np.where(npiv[None, :] > k + 1, self.gap, 0.0))
                pts_x.append(x)
                pts_y.append(y)
                pts_h.append(h)
        x, y = _ahead(x, y, h, rl)
        pts_x.append(x)
        pts_y.append(y)
        pts_h.append(h)
        return x, y, h, ok, tack_now, rl

    def _unwind_mow(
        self,
        layers: list[dict[str, Any]],
        k: int,
        turns: int,
        t0: float,
        moves: list[tuple[float, tuple[float, ...], float]],
    ) -> CoachPlan:
        def f(v: float) -> str:
            return f"{v:.6f}".rstrip("0").rstrip(".")

        ship = self.course.ship
        out: list[list[str]] = []
        i = k
        for L in reversed(layers):
            _, turns_, _ = moves[int(L["mv"][i])]
            r0, rl, tacked = float(L["r0"][i]), float(L["rl"][i]), bool(L["tack"][i])
            words = [f"F{f(r0)}"] if r0 > 1e-9 else []
            if not turns_:
                out.append([f"move {ship} F{f(r0)}", "end"])
                i = int(L["par"][i])
                continue
            for n, a in enumerate(turns_):
                if n > 0:
                    words.append(f"F{f(self.gap)}")
                words.append(f"{'S' if a > 0 else 'P'}{f(abs(a))}")
            if tacked:
                # a 6 goes through onto the tack she chooses: the one her new heading is on
                side = wind_side(self.wind, float(L["h"][i]))
                actions = ["#tack", f"move {ship} {' '.join(words)}", f"tack {ship} {side}"]
                if rl > 1e-9:
                    actions.append(f"move {ship} F{f(rl)}")
            else:
                if rl > 1e-9:
                    words.append(f"F{f(rl)}")
                actions = [f"move {ship} {' '.join(words)}"]
            out.append([*actions, "end"])
            i = int(L["par"][i])
        out.reverse()
        return CoachPlan(out, turns, (time.perf_counter() - t0) * 1000)


def _ahead(
    x: np.ndarray, y: np.ndarray, h: np.ndarray, d: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    r = np.radians(h)
    return x + d * np.sin(r), y + d * np.cos(r)


def _strip_notes(plan: CoachPlan) -> CoachPlan:
    """Drop the '#tack' markers from the turns (they only count tack attempts)."""
    plan.turns = [[a for a in t if not a.startswith("#")] for t in plan.turns]
    return plan
