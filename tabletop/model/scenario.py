"""The immutable values a table is made of: ship classes, ships, terrain, wind, scenario."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely

from tabletop.common.errors import TabletopError
from tabletop.geometry.arcs import broadside_polygon
from tabletop.geometry.outlines import base_corners, hull_local
from tabletop.geometry.pose import Pose, to_world

if TYPE_CHECKING:
    from tabletop.model.photo import Photo


@dataclass(frozen=True)
class ShipClass:
    """A roster entry, with every length already in the scenario's unit."""

    id: str
    name: str
    rate: int | None
    base_length: float
    base_width: float
    hull_length: float
    hull_beam: float
    hull_pointed: bool  # False when the class gives no hull: the hull is the base
    gun_deck: float
    gun_deck_offset: float
    speed: float
    speed_abeam: float | None = None
    turns: int | None = None
    command: int | None = None
    fields: Mapping[str, Any] = field(default_factory=dict)  # the ruleset's own fields


@dataclass(frozen=True)
class Ship:
    """A ship as laid on the table: her id, her class, her side and her pose."""

    id: str
    cls: ShipClass
    side: str
    pose: Pose

    def moved(self, pose: Pose) -> Ship:
        return Ship(self.id, self.cls, self.side, pose)

    def base_corners(self) -> np.ndarray:
        """The base's four corners on the table, ``(4, 2)``."""
        p, c = self.pose, self.cls
        return base_corners(p.x, p.y, p.heading, c.base_length, c.base_width)

    def base_polygon(self) -> Any:
        """The base as a shapely polygon."""
        return shapely.Polygon(self.base_corners())

    def broadside(self, sign: float, far: float, near: float = 0.0) -> Any:
        """The rectangle out from one side (+1 starboard, −1 port) between two distances:
        with ``near = 0`` and ``far`` the gun range, her arc; otherwise a range band."""
        p, c = self.pose, self.cls
        return broadside_polygon(
            p.x, p.y, p.heading, c.base_width, sign, c.gun_deck, c.gun_deck_offset, near, far
        )

    def hull_local(self) -> np.ndarray:
        """The hull outline in the ship's own frame, ``(7, 2)``."""
        c = self.cls
        return hull_local(np.array(c.hull_length), np.array(c.hull_beam), np.array(c.hull_pointed))

    def hull_corners(self) -> np.ndarray:
        """The hull outline on the table, ``(7, 2)``."""
        p = self.pose
        return to_world(np.array(p.x), np.array(p.y), np.array(p.heading), self.hull_local()[None])[
            0
        ]


@dataclass(frozen=True)
class Terrain:
    """A piece of terrain: its kind, its outline on the table and what a player may
    know of it (a hidden shoal is found by running onto it)."""

    kind: str  # land | shoal | shallows
    points: tuple[tuple[float, float], ...]
    name: str = ""
    level: int | None = None  # how shallow (shallows, shoals): higher is shallower
    hidden: bool = False  # unknown (to all but ``known_to``) until a ship finds it
    known_to: str | None = None  # the side that charted a hidden shoal (none: uncharted)

    @property
    def blocks(self) -> bool:
        """Land blocks fire and movement; shoals and shallows are depth levels only."""
        return self.kind == "land"

    @cached_property
    def polygon(self) -> shapely.Polygon:
        """Her outline as a shapely polygon, built once and prepared: building a
        10,000-vertex coastline from its points takes milliseconds, and every move's
        sweep, every drift and every line of fire asked for it anew (5,000 drifts past
        five such coastlines took minutes)."""
        poly = shapely.polygons(np.asarray(self.points, dtype=float))
        shapely.prepare(poly)
        return poly


@dataclass(frozen=True)
class Wind:
    """The wind as the scenario sets it: where it blows from, and how hard, where the
    ruleset reads a strength."""

    from_deg: float
    strength: str | None = None
    roll: bool = False  # the game begins by rolling for it (Man O' War's d6 points)
    skip: tuple[float, ...] = ()  # directions ahead of a fleet, skipped by that roll


@dataclass(frozen=True)
class Scenario:
    """A table as laid: its ships, terrain and wind, and the ruleset it is played under.

    ``ruleset`` is a :class:`tabletop.rules.base.Ruleset`; it is typed ``Any`` here
    because the model lies below the rules (the interface is typed against these values,
    so naming it here would close an import circle).
    """

    name: str
    ruleset: Any
    units: str
    width: float
    depth: float
    wind: Wind
    ships: tuple[Ship, ...]
    terrain: tuple[Terrain, ...] = ()
    seed: int | None = None
    source: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)
    #: The content digest of the scenario file as read, under "", and of each data file
    #: it was built from, by name ("templates/x.toml", "rosters/x.toml"): what a save
    #: records, so a save is known to be played on the files it names
    #: (``game/proof.py``); read as ``digest`` and ``data_digests``.  Each is taken of
    #: the file as read and may be hashed only when first read (``data/digest.py``: a
    #: ruling never reads them).  Empty for a table built in code.  Not compared: it
    #: says where a table came from.
    digests: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)
    #: A photo of the real table to draw under it (``[photo]``): never read by a ruling.
    photo: Photo | None = field(default=None, compare=False)

    @property
    def digest(self) -> str:
        """The scenario file's content digest as read ("": a table built in code)."""
        return self.digests.get("", "")

    @property
    def data_digests(self) -> tuple[tuple[str, str], ...]:
        """Each data file's content digest as read, by name."""
        return tuple((name, d) for name, d in self.digests.items() if name)

    def holds(self, x: Any, y: Any) -> Any:
        """Whether (x, y) lies on the table, its edges included: one answer for one
        point, one each for arrays (the rules' "off the table", in one place)."""
        return (x >= 0) & (x <= self.width) & (y >= 0) & (y <= self.depth)

    def land(self) -> list[tuple[str, Terrain]]:
        """Terrain that blocks fire and movement, each with the name rulings use for it."""
        return [(t.name or f"land{i}", t) for i, t in enumerate(self.terrain) if t.blocks]

    def ship(self, ship_id: str) -> Ship:
        for s in self.ships:
            if s.id == ship_id:
                return s
        known = ", ".join(s.id for s in self.ships)
        raise TabletopError(
            f"{self.source or 'scenario'}: no ship with id '{ship_id}' (ships are: {known})"
        )

    def index(self, ship_id: str) -> int:
        return self.ships.index(self.ship(ship_id))


@dataclass(frozen=True)
class Fleet:
    """A column view of all ships, for vectorised geometry (arrays of shape ``(N,)``)."""

    ids: tuple[str, ...]
    x: np.ndarray
    y: np.ndarray
    heading: np.ndarray
    length: np.ndarray
    width: np.ndarray
    hull_length: np.ndarray
    hull_beam: np.ndarray
    hull_pointed: np.ndarray
    deck: np.ndarray
    deck_offset: np.ndarray

    @classmethod
    def of(cls, ships: tuple[Ship, ...] | list[Ship]) -> Fleet:
        def col(f: Any) -> np.ndarray:
            return np.array([f(s) for s in ships], dtype=float)

        return cls(
            ids=tuple(s.id for s in ships),
            x=col(lambda s: s.pose.x),
            y=col(lambda s: s.pose.y),
            heading=col(lambda s: s.pose.heading),
            length=col(lambda s: s.cls.base_length),
            width=col(lambda s: s.cls.base_width),
            hull_length=col(lambda s: s.cls.hull_length),
            hull_beam=col(lambda s: s.cls.hull_beam),
            hull_pointed=np.array([s.cls.hull_pointed for s in ships], dtype=bool),
            deck=col(lambda s: s.cls.gun_deck),
            deck_offset=col(lambda s: s.cls.gun_deck_offset),
        )

    def __len__(self) -> int:
        return len(self.ids)
