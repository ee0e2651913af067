"""The ruleset's answers to one client each, apart from the core contract
(:class:`tabletop.rules.base.Ruleset`): what the window draws (:class:`Look`), what the
computer captain weighs (:class:`Advice`), what the loader checks (:class:`Data`).

Each is a small object with defaults, built by its ruleset (``rs.look``, ``rs.advice``,
``rs.data``); a ruleset that answers otherwise subclasses it, types ``rs`` as itself,
and names the subclass in its ``_look``, ``_advice`` or ``_data``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from tabletop.common.errors import TabletopError
from tabletop.rules import types  # its sheet values are loaded when a sheet is first read

if TYPE_CHECKING:
    from tabletop.coach.coaching import Coach, Course
    from tabletop.data.reader import Reader
    from tabletop.engine.state import GameState
    from tabletop.geometry.pose import Pose
    from tabletop.model.scenario import Scenario, Ship, ShipClass, Terrain
    from tabletop.referee.fan import Fan
    from tabletop.rules.types import Capabilities, Card, FireChance, Plot, Track


class Owner(Protocol):
    """What the defaults here read of the ruleset that owns them."""

    title: str
    caps: Capabilities


class Reporting(Owner, Protocol):
    """What the window's defaults read besides: her report (her card is read from it)."""

    def ship_report(self, state: GameState, ship: str) -> dict[str, Any]: ...


class Fanned(Owner, Protocol):
    """What the captain's defaults read besides: her fan from where she lies."""

    def fan(self, scn: Scenario, ship: Ship, density: int = 6) -> Fan: ...


class Look:
    """What only the window asks of a ruleset: what to draw of its table (a hex overlay,
    the fire arcs, the compass, a plot's ghosts) and which verb a key sends.  The
    defaults draw a continuous table with a point-of-sail compass and no arcs; a ruleset
    that draws more subclasses this and names the subclass in its ``_look``."""

    def __init__(self, rs: Reporting) -> None:
        self.rs = rs

    def compass_origin(self, ship: Ship, theta: float) -> tuple[float, float, float]:
        """Where the window draws the point-of-sail compass: centre x, y and radius."""
        return ship.pose.x, ship.pose.y, ship.cls.base_length * 1.6

    def hex_overlay(self, scn: Scenario) -> tuple[Any, dict[str, tuple[Any, ...]]] | None:
        """A hex game's overlay on this table: the grid (a ``HexGrid`` in the scenario's
        unit) and each ship's hexes, bow first; None on a continuous table.  The window
        draws the hexes instead of the square grid and shades the ships' and the fan's."""
        return None

    def fire_verb(self, arc: str) -> str:
        """The verb that fires the guns of ``arc`` (a broadside's ``fire`` by default)."""
        return "fire"

    def arc_outlines(self, scn: Scenario, ship: Ship, bands: bool) -> list[tuple[Any, bool]]:
        """A ship's fire arcs to draw: (ring of points, filled), band edges unfilled."""
        return []

    def phase_poses(self, state: GameState, ship: str, plot: tuple[str, ...]) -> tuple[Pose, ...]:
        """Where a ship would be after each phase of plotted orders, for rulesets whose
        orders are plotted ahead (the window's ghosts); none here."""
        return ()

    def tack_verb(self, state: GameState, ship: str) -> str | None:
        """The verb that puts this ship onto a tack she names (``VERB SHIP port``) now,
        or None; the window's port/starboard keys send it."""
        return None

    def card(self, state: GameState, ship: str, since: GameState | None = None) -> Card:
        """Her record sheet as the window draws it: :meth:`sheet`, with the boxes lost
        since ``since`` (the state as her side's turn began) marked as this turn's."""
        now = self.sheet(state, ship)
        return now if since is None else now.since(self.sheet(since, ship))

    def sheet(self, state: GameState, ship: str) -> Card:
        """Her record sheet as it stands: by default read from her report (a figure
        ``a/b`` a track of boxes, guns by broadside: :func:`sheet_of`) and
        the ships she is grappled with; a ruleset whose sheet says more (the boxes'
        shading, sections, guns as built, masts and fire on her drawing) draws its own."""
        return sheet_of(self.rs.ship_report(state, ship), grappled_with(state, ship))


class Advice:
    """What only the computer asks of a ruleset, as captain or as the drill's coach: a
    ship's fan as she stands now and how far she can run, what a shot is worth and what
    she has lost, what she may ground on, what an enemy's plot may be, what a side sails
    for, and the coach that plans a course to the mark.  The defaults suit a ruleset
    with none of these; a ruleset subclasses this and names it in its ``_advice``."""

    def __init__(self, rs: Fanned) -> None:
        self.rs = rs

    def reach(self, scn: Scenario, cls: ShipClass) -> float:
        """The farthest she may sail in one turn, in the scenario's unit: her speed where
        speed is a length; a ruleset counting hexes or actions says how far they go."""
        return float(cls.speed)

    def goal_edges(self, state: GameState, ship: str) -> tuple[str, ...]:
        """The edges (``north``...) leaving by which is her aim, not her loss (an escape's
        fleeing side): the computer captain sails for them; none by default."""
        return ()

    def quarry(self, state: GameState, side: str) -> str | None:
        """The enemy whose taking wins ``side`` the battle (a convoy), which its computer
        captains close with rather than the nearest; None by default."""
        return None

    def grounds(self, cls: ShipClass, terrain: Terrain) -> bool:
        """Whether she may strike ground on it (the computer keeps her off): land, shoals."""
        return terrain.kind in ("land", "shoal")

    def worth(self, state: GameState, ship: str) -> float:
        """What her defeat or escape scores in a battle won on points (the admiral
        weighs her by it); 1 for every ship where it is not scored."""
        return 1.0

    def fire_chance(self, state: GameState, firer: str, target: str) -> FireChance | None:
        """What ``firer``'s fire at ``target`` would do as they lie now, or None; a
        ruleset that rules fire without :meth:`rule_fire`'s exact odds says it."""
        return None

    def loss(self, state: GameState, ship: str) -> float | None:
        """How much of her she has lost, 0..1, where her report's ``a/b`` figures do not
        say it (the computer captain weighs damage dealt and taken by it); None: they do."""
        return None

    def match_strength(self, state: GameState, ship: str) -> float | None:
        """Her fighting strength now, on the ruleset's own scale (the computer captain's
        prudence: a ship much weaker than her nearest enemy keeps off); None: all alike."""
        return None

    def turnabouts(self, state: GameState, ship: str) -> list[tuple[str, Pose, float]]:
        """Moves her fan leaves out because they finish on a later turn (a tack begun
        now), each as its action's text, the pose it will leave her in once done, and
        the chance it comes off (a check she may fail): the computer captain weighs
        them with her fan's.  None by default."""
        return []

    def foreseen_plots(self, state: GameState, ship: str) -> list[Plot]:
        """The plots this ship could be given this turn, as her opponent reckons them
        from the table alone (whichever side plots first, and her own orders, if given,
        unread): what a captain foresees of the enemy's secret plot.  None by default."""
        return []

    def plot_action(self, side: str, parts: dict[str, str]) -> str:
        """The one action that gives a side's plotted orders (ship → her words)."""
        raise TabletopError(f"the {self.rs.title} rules have no plotted orders")

    def fan_now(self, state: GameState, ship: str, density: int = 6) -> Fan:
        """The fan of a ship in a game as she stands now (a fresh move from her pose, with
        the wind as it blows now): a ruleset whose damage slows a ship says so here."""
        scn = state.table()
        return self.rs.fan(scn, scn.ship(ship), density)

    def coach(self, course: Course, beam: int | None = 120) -> Coach | None:
        """The coach that plans the fewest turns to the mark, or None."""
        return None


class Data:
    """What only the loader asks of a ruleset: the roster fields it adds and how to check
    them, the speed and the wind it reads, where a ship laid on the table stands.  The
    defaults read a speed as a length on a free table; a ruleset subclasses this and
    names the subclass in its ``_data``."""

    def __init__(self, rs: Owner) -> None:
        self.rs = rs

    def check_class(self, r: Reader, tbl: dict[str, Any], path: str) -> None:
        """Subclasses validate the roster fields of their own here (crew, damage...)."""
        return None

    def check_table(self, r: Reader, path: str, heading: float) -> None:
        """Subclasses check a scenario's ship heading or wind direction (``path`` says
        which: ``wind.from``, ``wind.skip[i]``, ``ships[i].heading``) against their own
        rules here (Hold Fast: the 8 points; Man O' War: the wind on them)."""
        return None

    def adapt_class(self, cls: ShipClass, options: dict[str, Any]) -> ShipClass:
        """A class as the scenario's optional rules make it (by default, as listed)."""
        return cls

    def read_speed(
        self, r: Reader, tbl: dict[str, Any], path: str, file_unit: str, k: float
    ) -> tuple[float, float | None]:
        """A class's speed (and speed with the wind abeam) in the scenario's unit: by
        default a length; a ruleset whose speed counts actions overrides this."""
        speed = r.length(tbl, path, "speed", file_unit, positive=False) * k
        abeam = None
        if "speed_abeam" in tbl:
            abeam = r.length(tbl, path, "speed_abeam", file_unit, positive=False) * k
        return speed, abeam

    @property
    def speed_fields(self) -> tuple[str, ...]:
        """A class's fields that are lengths of movement (given a unit in a roster)."""
        return ("speed", "speed_abeam") if self.rs.caps.speed_is_length else ()

    def place(self, pose: Pose, cls: ShipClass, unit: str) -> Pose:
        """Where a ship laid at ``pose`` on a table in ``unit`` stands: a ruleset played
        on a grid snaps her onto it; a free table leaves her where she is."""
        return pose

    @property
    def wind_strengths(self) -> tuple[str, ...]:
        """The wind strengths a scenario may name (``[wind] strength``); empty: any word."""
        return ()

    #: A class's (and a ship's) keys beyond the shared ones: any other is a misspelling
    #: (a ship's `speeed = 20` was read as a field and the override lost).
    class_fields: ClassVar[frozenset[str]] = frozenset({"guns"})


# -- a ship's record sheet read from her report (Look.sheet's default) -------------------
# A report's ``a/b`` figure is a track of ``b`` boxes, ``a`` of them left ("hull 8/11");
# a table of such figures, a track each under its heading ("masts": fore 2/2, main 2/2);
# a table of tables of numbers, her guns by broadside and type; a table mixing them (Hold
# Fast's diagram), read part by part; anything else is a figure said in words.  The
# report gives no guns as built, only as left: a ruleset whose guns are lost says how
# many it had in its own card.

FRACTION = re.compile(r"^(\d+)/(\d+)$")
#: Report fields that say where she lies, what she plays or who she is, not her
#: condition: left off her sheet.
NOT_CONDITION = frozenset(
    {"id", "side", "x", "y", "heading", "status", "orders", "captured_by", "hex", "hexes",
     "facing"}
)  # fmt: skip


def words(key: str) -> str:
    """A report's key as a player reads it ("morale_factor": "morale factor")."""
    return key.replace("_", " ")


def grappled_with(state: GameState, ship: str) -> tuple[str, ...]:
    """The ships she is grappled with (the game's pairs of ships fast together)."""
    return tuple(b if a == ship else a for a, b in state.grappled if ship in (a, b))


def sheet_of(report: dict[str, Any], fast_to: tuple[str, ...] = ()) -> Card:
    """Her card read from her report (as the comment above says)."""
    tracks: list[Track] = []
    guns: list[Track] = []
    figures: list[tuple[str, str]] = []
    for key, value in report.items():
        if key not in NOT_CONDITION:
            _read(key, value, tracks, guns, figures)
    return types.Card(tuple(tracks), tuple(guns), tuple(figures), fast_to=fast_to)


def _boxes(v: Any) -> tuple[int, int] | None:
    m = FRACTION.match(v) if isinstance(v, str) else None
    return (int(m[1]), int(m[2])) if m else None


def _count(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _read(
    key: str, v: Any, tracks: list[Track], guns: list[Track], figures: list[tuple[str, str]]
) -> None:
    label = words(key)
    got = _boxes(v)
    if got is not None:
        tracks.append(types.Track(label, *got))
    elif isinstance(v, dict) and v and all(isinstance(x, dict) for x in v.values()):
        for side, kinds in v.items():  # guns by broadside and type, as left
            guns += [types.Track(words(k), n, n, group=words(side))
                     for k, n in kinds.items() if _count(n)]  # fmt: skip
    elif isinstance(v, dict) and v and all(_boxes(x) is not None for x in v.values()):
        for part, x in v.items():
            tracks.append(types.Track(words(part), *_boxes(x), group=label))  # type: ignore[misc]
    elif isinstance(v, dict):
        for part, x in v.items():  # a diagram: its parts, each read alike
            _read(part, x, tracks, guns, figures)
    elif v is not None:
        figures.append((label, figure(v)))


def figure(v: Any) -> str:
    """A figure in words: a number, a word, a list spelt out, yes or no."""
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float):
        return f"{v:g}"
    if isinstance(v, list | tuple):
        return ", ".join(figure(x) for x in v) if v else "none"
    return str(v)
