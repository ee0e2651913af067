"""Move previews: parse a path, lay it on the ruleset's templates, judge it, find contact.

Path syntax (SPEC §3): ``F<d>`` forward, ``P<a>``/``S<a>`` turn to port/starboard with
the ruleset's turn template, ``T`` begin a tack, ``L<d>`` move while luffing, ``A``/``W``
drop/weigh anchor.  Steps are small immutable values whose ``str()`` is their text, so the
CLI, the game log and the tests share one form.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely

from tabletop.common.errors import IllegalAction, TabletopError
from tabletop.common.units import MOVE_TOL
from tabletop.geometry.angles import relative_wind
from tabletop.geometry.motion import Contact, advance, first_contact
from tabletop.geometry.outlines import base_corners
from tabletop.geometry.pose import Pose
from tabletop.model.scenario import Scenario, Ship
from tabletop.referee.plans import MoveContext, PathPlan

_TOKEN = re.compile(r"^([FPSL])(\d+(?:\.\d*)?|\.\d+)$|^([TAW])$")

#: Bounds on a path (so no computation's cost is set by a typed number): at most
#: ``MAX_TOKENS`` tokens, turns under 360° each, and ``MAX_DISTANCE`` table units of
#: ``F``/``L`` in all (10 m, or 25 m in inches: far beyond any allowance).
MAX_TOKENS = 200
MAX_DISTANCE = 1_000.0
MAX_TURN = 360.0


@dataclass(frozen=True)
class Step:
    kind: str  # F P S T L A W
    value: float | None = None

    def __str__(self) -> str:
        if self.value is None:
            return self.kind
        return f"{self.kind}{self.value:.6f}".rstrip("0").rstrip(".")


def parse_path(text: str) -> tuple[Step, ...]:
    """Parse the path syntax; a bad token is a TabletopError naming it and its position.

    A path has at most :data:`MAX_TOKENS` tokens, ``P``/``S`` turns of less than
    :data:`MAX_TURN` degrees and ``F``/``L`` distances of :data:`MAX_DISTANCE` table
    units in all, so a typed number never sets how long a preview takes.
    """
    steps = []
    sailed = 0.0
    tokens = text.split()
    if not tokens:
        raise TabletopError("empty path: expected tokens like 'F2 S30 F12.5'")
    if len(tokens) > MAX_TOKENS:
        raise TabletopError(
            f"path of {len(tokens)} tokens: expected at most {MAX_TOKENS}, e.g. 'F2 S30 F12.5'"
        )
    for n, tok in enumerate(tokens, 1):
        m = _TOKEN.match(tok.upper())
        if not m:
            shown = tok if len(tok) <= 20 and tok.isprintable() else repr(tok[:20]) + "..."
            raise TabletopError(
                f"bad path token '{shown}' (token {n}): expected F<d>, P<a>, S<a>, "
                "T, L<d>, A or W, e.g. 'F2 S30 F12.5'"
            )
        if m.group(1):
            value = float(m.group(2))
            sailed += value if m.group(1) in "FL" else 0.0
            if sailed > MAX_DISTANCE:
                raise TabletopError(
                    f"path token '{tok}' (token {n}): expected at most {MAX_DISTANCE:g} "
                    "table units of F and L in the whole path"
                )
            if m.group(1) in "PS" and value >= MAX_TURN:
                raise TabletopError(
                    f"path token '{tok}' (token {n}): expected a turn of less than "
                    f"{MAX_TURN:g} degrees"
                )
            steps.append(Step(m.group(1), value))
        else:
            steps.append(Step(m.group(3)))
    return tuple(steps)


def hex_steps(text: str) -> list[str]:
    """A move on a hex grid, one letter a step: ``F<n>`` is n ``F`` (a hex ahead),
    ``P<a>``/``S<a>`` are a/60 ``P``/``S`` (a hexside to port/starboard each)."""
    out: list[str] = []
    for s in parse_path(text):
        v = float(s.value or 0.0)
        if s.kind == "F" and v == int(v):
            out += ["F"] * int(v)
        elif s.kind in "PS" and v % 60 == 0:
            out += [s.kind] * int(v // 60)
        else:
            raise IllegalAction(
                f"'{s}': a move is whole hexes ahead (F1, F2...) and turns of one "
                "hexside (P60, S60...)"
            )
    return out


def path_text(steps: tuple[Step, ...]) -> str:
    return " ".join(str(s) for s in steps)


@dataclass(frozen=True)
class MoveRuling:
    ship: str
    path: str
    units: str
    start: Pose
    end: Pose
    distance: float
    allowance: float
    legal: bool
    violations: list[str]
    collision: Contact | None
    collision_with: str | None
    plan: PathPlan
    allowance_unit: str = ""  # what the allowance counts (actions, hexes), when not units
    #: what meeting a ship means in these rules, where not a collision that stops her at
    #: the contact (``Capabilities.contact_words``: Frigate's running afoul); "" for that
    met_words: str = ""

    def verdict(self, scn: Scenario) -> str:
        """The move line's words: legal or why not, what she meets, where she ends (on
        ``scn``'s table or off it), what is still owed before the turn ends."""
        out = "legal" if self.legal else "ILLEGAL: " + "; ".join(self.violations)
        if self.met_words:
            out += f"; {self.met_words}"
        elif self.collision is not None:
            out += f"; COLLIDES with {self.collision_with} after {self.collision.at:.2f}"
        if not scn.holds(self.end.x, self.end.y):
            out += "; her centre ends off the table"  # a ship sailed off unwarned
        owed = self.plan.allowance_min - self.distance
        if self.legal and owed > 1e-3:
            joint = "; " if self.collision is not None else " so far: "  # not "0.59 so far"
            out += f"{joint}{owed:.2f} more owed before the turn ends"
        return out

    def against_allowance(self) -> str:
        """The distance sailed against the allowance, each in its own unit."""
        if self.allowance_unit in ("", self.units):
            return f"{self.distance:.2f} of {self.allowance:.2f} {self.units}"
        spent = "" if self.plan.used is None else f"{self.plan.used:g} of "
        most = f"{spent}{self.allowance:g} {self.allowance_unit}"
        return f"{self.distance:.2f} {self.units} (allowance {most})"

    @property
    def spent(self) -> float:
        """How much of her allowance the move spends, in the allowance's own unit."""
        return self.distance if self.plan.used is None else float(self.plan.used)

    def as_json(self) -> dict[str, Any]:
        col = None
        if self.collision is not None:
            col = {
                "with": self.collision_with,
                "at": round(self.collision.at, 4),
                "point": [round(self.collision.point[0], 4), round(self.collision.point[1], 4)],
            }
        return {
            "ship": self.ship,
            "path": self.path,
            "units": self.units,
            "start": self.start.as_dict(),
            "end": self.end.as_dict(),
            "distance": round(self.distance, 4),
            "allowance": round(self.allowance, 4),
            "allowance_unit": self.allowance_unit or self.units,
            "allowance_min": round(self.plan.allowance_min, 4),
            "point_of_sail": self.plan.point_of_sail,
            "legal": self.legal,
            "violations": self.violations,
            "notes": list(self.plan.notes),  # what the rules did to the path as written
            "collision": col,
        }

    def text(self) -> str:
        e = self.end
        out = [
            f"{self.ship}: {self.path}",
            f"  ends at x {e.x:.2f}, y {e.y:.2f}, heading {e.heading:.1f}"
            f" after {self.against_allowance()}",
        ]
        if self.met_words:
            out.append(f"  {self.met_words}")
        elif self.collision is not None:
            c = self.collision
            out.append(
                f"  COLLIDES with {self.collision_with} after {c.at:.2f} {self.units}"
                f" at ({c.point[0]:.2f}, {c.point[1]:.2f})"
            )
        out.extend(f"  note: {n}" for n in self.plan.notes)
        out.append("  legal" if self.legal else "  ILLEGAL: " + "; ".join(self.violations))
        return "\n".join(out)


def obstacles(scn: Scenario, mover: str) -> tuple[list[shapely.Geometry], list[str]]:
    """Other ships' bases and blocking terrain, with their names."""
    bases = _bases(scn)
    others = [k for k, s in enumerate(scn.ships) if s.id != mover]
    land = scn.land()
    geoms = [bases[k] for k in others] + [t.polygon for _, t in land]
    return geoms, [scn.ships[k].id for k in others] + [name for name, _ in land]


def _bases(scn: Scenario) -> list[shapely.Geometry]:
    """Every ship's base as a polygon, laid in one vectorised call and kept on the
    scenario, which never changes: a game's table is laid once a state, and every
    order tried on it (the action bar greys what the engine would refuse) asked for
    all the other ships' bases again, one polygon at a time (4 ms at 50 ships)."""
    kept: list[shapely.Geometry] | None = scn.__dict__.get("_bases")
    if kept is None:
        ships = scn.ships
        corners = base_corners(
            np.array([s.pose.x for s in ships]),
            np.array([s.pose.y for s in ships]),
            np.array([s.pose.heading for s in ships]),
            np.array([s.cls.base_length for s in ships]),
            np.array([s.cls.base_width for s in ships]),
        )
        kept = list(shapely.polygons(corners)) if ships else []
        scn.__dict__["_bases"] = kept
    return kept


def preview(
    scn: Scenario,
    ship_id: str,
    text: str,
    so_far: tuple[Ship, tuple[Step, ...], MoveContext] | None = None,
) -> MoveRuling:
    """Lay the path, judge it by the ruleset, and stop it at the first contact.

    ``so_far``: in a game, where her move this turn is laid from (the ship as she is,
    from where her turn's path began, the steps she has sailed already, what the rules
    carry over: :meth:`Ruleset.move_so_far`), so the preview judges the rest of her move
    as the engine will."""
    ship = scn.ship(ship_id)
    steps = parse_path(text)
    if so_far is not None:
        ship, before, ctx = so_far
        steps = (*before, *steps)
        plan = scn.ruleset.plan_move(scn, ship, steps, ctx)
    else:
        plan = scn.ruleset.plan_move(scn, ship, steps)
    geoms, names = obstacles(scn, ship_id)
    segs = list(plan.segments)
    contact = (
        first_contact(ship.pose, segs, ship.hull_local(), geoms)
        if scn.ruleset.caps.swept_contact
        else None  # her plan stopped her before an occupied hex
    )
    if contact is not None:
        end, distance = contact.pose, contact.at
    else:
        end = ship.pose
        for s in segs:
            end = advance(end, s)
        distance = sum(s.distance for s in segs)
    return MoveRuling(
        ship_id,
        path_text(steps),
        scn.units,
        ship.pose,
        end,
        distance,
        plan.allowance,
        not plan.violations,
        list(plan.violations),
        contact,
        names[contact.obstacle] if contact else None,
        plan,
        scn.ruleset.allowance_unit(scn.units),
        ""
        if contact is None
        else scn.ruleset.caps.contact_words.format(ship=names[contact.obstacle]),
    )


def theta(scn: Scenario, heading: float) -> float:
    return float(relative_wind(scn.wind.from_deg, heading))


def _apart(a: float, b: float) -> tuple[str, str]:
    """Two lengths written with as many figures as tell them apart (4 to 8)."""
    for n in range(4, 9):
        x, y = f"{a:.{n}g}", f"{b:.{n}g}"
        if x != y:
            break
    return x, y


def check_distance(
    used: float, least: float, most: float, unit: str, out: list[str], must_use_all: bool
) -> None:
    if used > most + MOVE_TOL:
        a, b = _apart(used, most)  # "moves 22.67 cm, more than ... 22.67 cm" said nothing
        out.append(f"moves {a} {unit}, more than the allowance of {b} {unit}")
    elif must_use_all and used < least - MOVE_TOL:
        out.append(
            f"moves {used:.4g} {unit}: the full allowance of {least:.4g} {unit} must be used "
            "unless luffing or tacking"
        )
