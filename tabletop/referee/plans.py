"""A ruleset's points of sail and range bands, what a move carries over and the path it
lays: the values the movement referee
(:mod:`tabletop.referee.movement`) and every ruleset's ``plan_move`` pass between them.

They live below the rules so the referee that lays and checks a path never imports the
ruleset interface; the interface is typed against them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

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
