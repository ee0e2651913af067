"""Fire rulings: the types every ruleset's ruling returns, and the shared machinery.

:class:`FireRuling` says arc, range, band, line of fire, rake and odds, with the
:class:`Proof` geometry that shows why.  :func:`rule_fire` answers the referee for one
firer and target by asking the scenario's ruleset (``Ruleset.rule_fire``); the rays cast
along a broadside (:func:`side_rays`) serve every ruleset that fires broadsides and the
vectorised table in :mod:`tabletop.referee.analysis`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from tabletop.common.errors import TabletopError
from tabletop.common.units import TOL, mm_per
from tabletop.geometry import lof
from tabletop.geometry.arcs import (
    deck_span,
    to_broadside,
)
from tabletop.geometry.outlines import base_corners
from tabletop.model.scenario import Fleet, Scenario, ShipClass
from tabletop.referee import reckon
from tabletop.referee.odds import broadside


def round4(x: float | None) -> float | None:
    return None if x is None else round(float(x), 4)


def die_odds(need: int) -> tuple[int, Fraction]:
    """Clamp a d6 target to 2..6 (a natural 1 always fails, a 6 always succeeds)."""
    n = min(6, max(2, need))
    return n, Fraction(7 - n, 6)


@dataclass(frozen=True)
class Proof:
    """The geometry that shows a ruling, in table coordinates (for pictures and JSON)."""

    arc: tuple[tuple[float, float], ...] = ()
    ray: tuple[tuple[float, float], ...] = ()
    clear: tuple[tuple[tuple[float, float], ...], ...] = ()
    blocked: tuple[tuple[tuple[float, float], ...], ...] = ()
    rake_zone: tuple[tuple[float, float], ...] = ()

    def as_json(self) -> dict[str, Any]:
        def pts(p: Any) -> list[list[float]]:
            return [[round(x, 4), round(y, 4)] for x, y in p]

        return {
            "arc": pts(self.arc),
            "ray": pts(self.ray),
            "clear": [pts(q) for q in self.clear],
            "blocked": [pts(q) for q in self.blocked],
            "rake_zone": pts(self.rake_zone),
        }


@dataclass(frozen=True)
class FireRuling:
    """One ship's fire at another, ruled: what ``tabletop fire`` prints (``as_json``,
    ``text``) and what the engine rolls by.  ``reasons`` says why she cannot fire when
    ``can_fire`` is false; ``proof``, the geometry that shows why."""

    firer: str
    target: str
    units: str
    arc: str | None
    arcs: list[str]
    range: float | None
    range_band: str | None
    line_of_fire: str | None
    blocked_by: list[str]
    visible_fraction: float
    rake: str | None
    can_fire: bool
    reasons: list[str]
    to_hit: dict[str, Any] | None
    dice: int = 0
    save: dict[str, Any] | None = None
    groups: tuple[tuple[str, int], ...] = ()  # dice in reach by gun type, heaviest first
    #: whether the line of fire is judged by rays from a gun deck, so the share of the
    #: deck clear means something (not between hex centres)
    decked: bool = True
    proof: Proof = field(default_factory=Proof)

    def as_json(self) -> dict[str, Any]:
        return {
            "firer": self.firer,
            "target": self.target,
            "units": self.units,
            "arc": self.arc,
            "arcs": self.arcs,
            "range": round4(self.range),
            "range_band": self.range_band,
            "line_of_fire": self.line_of_fire,
            "blocked_by": self.blocked_by,
            "visible_fraction": round(self.visible_fraction, 4),
            "rake": self.rake,
            "can_fire": self.can_fire,
            "reasons": self.reasons,
            "to_hit": self.to_hit,
            "dice": self.dice,
            "odds": self.odds(),
            "save": self.save,
            "proof": self.proof.as_json(),
        }

    def odds(self, groups: tuple[tuple[str, int], ...] | None = None) -> dict[str, Any] | None:
        """Exact odds of each number of hits and unsaved hits for the whole broadside."""
        if self.to_hit is None or not self.save:
            return None
        p_hit = Fraction(self.to_hit["p_hit_fraction"])
        by_gun = self.save["by_gun"]
        groups = self.groups if groups is None else groups
        return broadside([(n, p_hit, Fraction(by_gun[g]["p_save_fraction"])) for g, n in groups])

    def text(self) -> str:
        """The ruling as a referee would read it aloud."""
        u = self.units
        lines = [f"{self.firer} firing at {self.target}:"]
        if self.arc:
            lines.append(
                f"  in her {self.arc} arc"
                + (
                    f" (also touches: {', '.join(a for a in self.arcs if a != self.arc)})"
                    if len(self.arcs) > 1
                    else ""
                )
            )
        else:
            lines.append("  not in any arc")
        if self.range is not None:
            lines.append(
                f"  range {self.range:.4g} {u} ({self.range * mm_per(u):.1f} mm), {self.range_band}"
            )
        if self.line_of_fire:
            lof_txt = f"  line of fire {self.line_of_fire}" + (
                f", {self.visible_fraction:.0%} of the deck clear" if self.decked else ""
            )
            if self.blocked_by:
                lof_txt += f"; blocked by {', '.join(self.blocked_by)} (nearest first)"
            lines.append(lof_txt)
        if self.rake:
            lines.append(f"  {self.rake} rake")
        if self.to_hit and "text" in self.to_hit:  # a ruleset's own odds, read aloud
            lines.append(f"  {self.to_hit['text']}")
        elif self.to_hit:
            mods = ", ".join(f"{m['name']} {m['value']:+d}" for m in self.to_hit["modifiers"])
            lines.append(
                f"  to hit: {self.to_hit['need']}+ on d6"
                + (f" ({mods})" if mods else "")
                + f", p = {self.to_hit['p_hit_fraction']}; {self.dice} dice"
            )
        if not self.can_fire:
            lines.append("  cannot fire: " + "; ".join(self.reasons))
        elif self.harmless:  # a legal order that rolls for nothing: the referee says so
            lines.append("  CAN FIRE, to no effect: no die can hit")
        else:
            lines.append("  CAN FIRE")
        return "\n".join(lines)

    @property
    def harmless(self) -> bool:
        """A shot the rules allow whose odds give no chance of a hit (a Frigate broadside
        under the odds table): legal, and worth nothing."""
        p = self.to_hit.get("p_hit_fraction") if self.to_hit else None
        return p is not None and Fraction(p) == 0


# --------------------------------------------------------------------------- tables
@dataclass(frozen=True)
class Table:
    """Everything fixed about a table for fire rulings: outlines and names, in arrays."""

    fleet: Fleet
    corners: np.ndarray  # (N, 4, 2) base corners
    land: tuple[np.ndarray, ...]  # rings of blocking terrain
    land_names: tuple[str, ...]

    @classmethod
    def of(cls, scn: Scenario) -> Table:
        """The scenario's table, laid once and kept on it (a scenario never changes: a
        game's is laid once a state, and the action bar tries a shot at every enemy on
        it, each ruling asking for the whole table again)."""
        kept: Table | None = scn.__dict__.get("_fire_table")
        if kept is None:
            fleet = Fleet.of(scn.ships)
            corners = base_corners(fleet.x, fleet.y, fleet.heading, fleet.length, fleet.width)
            land = scn.land()
            rings = tuple(np.array(t.points, dtype=float) for _, t in land)
            kept = cls(fleet, corners, rings, tuple(name for name, _ in land))
            scn.__dict__["_fire_table"] = kept
        return kept

    def name(self, c: int) -> str:
        """Outline index (ships first, then land) to a name."""
        n = len(self.fleet)
        return self.fleet.ids[c] if c < n else self.land_names[c - n]


def longest_range(scn: Scenario, cls: ShipClass) -> float:
    """Depth of the broadside arc: the range of the longest gun this class carries."""
    guns = cls.fields.get("guns") or cls.fields.get("batteries") or {}
    rs = scn.ruleset
    ranges = [
        reckon.gun_range(rs, g, scn.units) for g, n in guns.items() if n and g in rs.gun_ranges
    ]
    if not ranges and rs.gun_ranges:
        ranges = [reckon.gun_range(rs, g, scn.units) for g in rs.gun_ranges]
    return max(ranges, default=0.0)


def frames(tab: Table, firers: np.ndarray, sign: float) -> tuple[np.ndarray, list[np.ndarray]]:
    """All ship corners and land rings in the broadside frames of ``firers`` at once.

    Returns ship corners ``(F, N, 4, 2)`` and, per land piece, ``(F, K, 2)``.
    """
    f = tab.fleet
    x, y, h, w = f.x[firers], f.y[firers], f.heading[firers], f.width[firers]
    ships = to_broadside(x[:, None], y[:, None], h[:, None], w[:, None], sign, tab.corners[None])
    land = [
        to_broadside(x, y, h, w, sign, np.broadcast_to(r, (len(firers), *r.shape)))
        for r in tab.land
    ]
    return ships, land


def side_rays(
    tab: Table,
    i: int,
    sign: float,
    depth: float,
    cull: bool,
    ships_uv: np.ndarray | None = None,
    land_uv: list[np.ndarray] | None = None,
) -> tuple[np.ndarray, lof.Rays]:
    """Rays of firer ``i``'s broadside ``sign`` against the outlines that can matter.

    Returns the outline index of each column (ships first, then ``N + k`` for land piece
    ``k``) and the rays.  With ``cull``, outlines wholly beyond ``depth`` are left out:
    rays are as long as the longest gun's range, so they cannot matter.
    """
    f = tab.fleet
    if ships_uv is None or land_uv is None:
        s_uv, l_uv = frames(tab, np.array([i]), sign)
        ships_uv, land_uv = s_uv[0], [lu[0] for lu in l_uv]
    u0, u1 = deck_span(f.deck[i], f.deck_offset[i])
    ships_uv = snap(ships_uv, u0, u1)
    land_uv = [snap(luv, u0, u1) for luv in land_uv]
    uu, vv = ships_uv[..., 0], ships_uv[..., 1]
    keep = (uu.max(-1) >= u0 - TOL) & (uu.min(-1) <= u1 + TOL) & (vv.max(-1) >= -TOL)
    if cull:
        keep &= vv.min(-1) <= depth + TOL
    keep[i] = False
    cand = np.flatnonzero(keep)
    parts = [lof.edges_from_corners(ships_uv[cand])]
    n = len(f)
    land_idx = []
    for k, luv in enumerate(land_uv):
        if luv[:, 0].max() < u0 - TOL or luv[:, 0].min() > u1 + TOL or luv[:, 1].max() < -TOL:
            continue
        if cull and luv[:, 1].min() > depth + TOL:
            continue
        edges = _edges_near(luv, u0, u1, depth if cull else np.inf)
        if edges.shape[1]:
            parts.append(edges)
            land_idx.append(n + k)
    if len(parts) > 1:
        emax = max(p.shape[1] for p in parts)
        parts = [
            np.pad(p, ((0, 0), (0, emax - p.shape[1]), (0, 0), (0, 0)), constant_values=np.nan)
            for p in parts
        ]
    rays = lof.cast(np.concatenate(parts), u0, u1)
    if np.isfinite(depth):
        rays = lof.Rays(
            rays.events,
            np.where(rays.hits > depth + TOL, np.inf, rays.hits),
            np.where(rays.event_hits > depth + TOL, np.inf, rays.event_hits),
        )
    return np.concatenate([cand, np.array(land_idx, dtype=int)]), rays


def rule_fire(
    scn: Scenario, firer: str, target: str, high: bool = False, table: Table | None = None
) -> FireRuling:
    """The full ruling for one firer and one target, by the scenario's ruleset."""
    i, j = scn.index(firer), scn.index(target)
    if i == j:
        raise TabletopError(f"a ship cannot fire at herself ('{firer}')")
    return scn.ruleset.rule_fire(scn, table or Table.of(scn), i, j, high)


def snap(uv: np.ndarray, u0: float, u1: float) -> np.ndarray:
    """Points within the tolerance of the deck's ends (u0, u1) or of the side (v = 0)
    put exactly on them: touching is reaching (SPEC), so an outline that touches the
    edge ray is met by it, however the table was turned, mirrored or measured."""
    u = uv[..., 0]
    v = uv[..., 1]
    u = np.where(np.abs(u - u0) <= TOL, u0, np.where(np.abs(u - u1) <= TOL, u1, u))
    v = np.where(np.abs(v) <= TOL, 0.0, v)
    return np.stack([u, v], axis=-1)


def _edges_near(ring: np.ndarray, u0: float, u1: float, depth: float) -> np.ndarray:
    """A land ring's edges that can meet a ray from the deck ``[u0, u1]``: those whose
    span along the side overlaps the deck, and (within ``depth``) not wholly beyond it.
    Edges behind the side are kept: a ray starting inside land counts them.  A detailed
    coastline thus costs only the stretch of it facing the deck."""
    edges = lof.edges_of([ring])[0]
    eu, ev = edges[..., 0], edges[..., 1]
    keep = (eu.max(-1) >= u0 - TOL) & (eu.min(-1) <= u1 + TOL)
    if np.isfinite(depth):
        keep &= ev.min(-1) <= depth + TOL
    return edges[keep][None]
