"""A ruleset's points of sail and range bands, what a move carries over and the path it
lays: the values the movement referee
(:mod:`tabletop.referee.movement`) and every ruleset's ``plan_move`` pass between them;
and the fan, every end pose of a move as :mod:`tabletop.referee.fan` samples them.

They live below the rules so the referee that lays and checks a path never imports the
ruleset interface; the interface is typed against them.  They import nothing that lays
a path, so a ruling that moves no ship loads none of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from tabletop.geometry.pose import Pose

if TYPE_CHECKING:
    from tabletop.geometry.motion import Segment


@dataclass(frozen=True)
class MoveContext:
    """What a ship has already done this turn, for laying the rest of her move.

    ``partial``: the path is the part of her move sailed so far (she may fire, then sail
    on), so the full allowance is not yet owed.  ``no_turns``: her rudder is gone.
    ``budget``, ``turns_used``, ``since``: what is left of a turn split around a roll
    (sailing left, turns made, distance since the last turn).  ``anchored``: at anchor,
    having swung ``turned`` degrees already this turn.  ``sailed``: how many of the
    path's steps she has sailed already (where she is now; what they met is behind
    her).  ``ram``: the ship she means to collide with, where the rules make a chosen
    collision an order of its own.
    """

    partial: bool = False
    no_turns: bool = False
    budget: float | None = None
    turns_used: int = 0
    since: float | None = None
    anchored: bool = False
    turned: float = 0.0  # degrees she has already turned on the spot this turn (at anchor)
    sailed: int = 0
    ram: str | None = None


#: A fresh move: nothing sailed yet this turn.
NO_CONTEXT = MoveContext()


@dataclass(frozen=True)
class PathPlan:
    """A path laid on the table: its segments and what the rules say of it."""

    segments: tuple[Segment, ...]
    violations: tuple[str, ...]
    allowance: float
    allowance_min: float
    point_of_sail: str
    anchor: str | None = None  # "drop" | "weigh"
    turns: int = 0  # turns made (the engine carries them across split moves)
    since: float | None = None  # distance sailed since the last turn
    notes: tuple[str, ...] = ()  # what the rules did to the path as written, for the log
    used: float | None = None  # what she spends of the allowance, where it is not a length


@dataclass(frozen=True)
class Sector:
    """A point of sail: relative wind angles from ``lower`` up to the next sector's."""

    name: str
    lower: float
    factor: Fraction  # allowance as a share of the roster speed
    min_factor: Fraction | None  # the least share a ship must use; None: the whole allowance
    code: str = ""  # the source's letter, where it has one
    use: str = ""  # ruleset-specific allowance rule (e.g. man-o-war "max_abeam")
    ends_move: bool = False


@dataclass(frozen=True)
class Band:
    """A range band: up to ``upper`` (inclusive when ``closed``), with its to-hit modifier."""

    name: str
    upper: float
    closed: bool
    modifier: int
    criticals: bool = True


@dataclass(frozen=True)
class Fan:
    """Every end pose of a move as the fan samples them, in parallel arrays, with each
    one's path kept by group and row (built on demand: a fan holds thousands)."""

    x: np.ndarray
    y: np.ndarray
    heading: np.ndarray
    sector: np.ndarray  # index into the ruleset's sectors, for colouring
    steps: tuple[tuple[tuple[str, np.ndarray], ...], ...]  # per group: (token kind, values)
    group: np.ndarray  # which group each pose came from
    row: np.ndarray  # and its row there

    def __len__(self) -> int:
        return len(self.x)

    def path(self, i: int) -> str:
        """The path text of pose ``i`` (built on demand: a fan holds thousands)."""
        words = []
        for kind, values in self.steps[int(self.group[i])]:
            v = float(values[int(self.row[i])])
            if kind == "T":  # a turn: the sign says which way
                if _fmt(abs(v)) != "0":
                    words.append(f"{'S' if v > 0 else 'P'}{_fmt(abs(v))}")
            elif v > 0 and _fmt(v) != "0":  # a run too short to write is none ("F0")
                words.append(f"{kind}{_fmt(v)}")
        return " ".join(words)

    def sample(self, n: int) -> list[str]:
        """The paths of ``n`` of her poses spread evenly through the fan (all, if fewer):
        a few of her moves, to try what the engine makes of them."""
        return [self.path(i) for i in range(0, len(self), max(1, len(self) // n))][:n]

    def pose(self, i: int) -> Pose:
        """Where pose ``i`` of the fan ends her."""
        return Pose(float(self.x[i]), float(self.y[i]), float(self.heading[i]))

    def nearest(self, x: float, y: float) -> int:
        return int(np.argmin(np.hypot(self.x - x, self.y - y)))


def _fmt(v: float) -> str:
    # six decimals: the rounding of three runs stays well inside MOVE_TOL of the allowance
    return f"{v:.6f}".rstrip("0").rstrip(".")


def empty_fan() -> Fan:
    z = np.zeros(0)
    zi = np.zeros(0, int)
    return Fan(z, z, z, zi, (), zi, zi)
