"""The one interface every ruleset implements, and what they all share as data.

A ruleset is a package under ``tabletop/rules/`` whose class subclasses :class:`Ruleset`
and registers by name (as python-chess finds variants); its numbers come from
``templates/<name>.toml`` so a house rule is an edit of that file.  Everything outside
``tabletop/rules/`` talks to a ruleset only through the methods below: laying a path
(:meth:`Ruleset.plan_move`), the fan, the fire ruling, the game procedures, the ship
state, verbs and pending decisions, the report, the coach.  A method left as it is here
means "this ruleset has none": no gunnery, no engine (free play), no coach.

Its types live with it (:mod:`tabletop.rules.types`) or below (:mod:`tabletop.referee.fire`,
:mod:`tabletop.referee.fan`); lengths are in the ruleset's own unit, converted on use.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import fields, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from tabletop.common.errors import IllegalAction, TabletopError
from tabletop.common.units import TABLE_UNITS
from tabletop.data.digest import canonical
from tabletop.data.reader import Reader, join
from tabletop.engine.events import Events
from tabletop.engine.ship import ShipState
from tabletop.referee.plans import NO_CONTEXT, Band, MoveContext, PathPlan, Sector, empty_fan
from tabletop.referee.reckon import sector, theta
from tabletop.rules import types
from tabletop.rules.clients import Advice, Data, Look
from tabletop.rules.types import Capabilities, DrillDefaults

if TYPE_CHECKING:
    from tabletop.engine.actions import Action, Verb
    from tabletop.engine.dice import Dice
    from tabletop.engine.state import GameState
    from tabletop.model.scenario import Scenario, Ship
    from tabletop.referee.fan import Fan
    from tabletop.referee.fire import FireRuling, Table
    from tabletop.referee.movement import Step
    from tabletop.rules.types import FireChance, Plot, PlotSpec

__all__ = ["Ruleset", "Events", "Sector", "Band", "MoveContext", "NO_CONTEXT", "PathPlan",
           "PlotSpec", "FireChance", "Plot", "DrillDefaults"]  # fmt: skip


def __getattr__(name: str) -> Any:
    """A game's values, importable from here as the interface's are, built when first
    asked for (:mod:`tabletop.rules.types`): a ruling never needs them."""
    if name in ("FireChance", "Plot", "PlotSpec"):
        return getattr(types, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


S = TypeVar("S", bound=ShipState)


#: Every ruleset class there is, by name: a class registers itself as it is defined
#: (as python-chess's variants do); :mod:`tabletop.rules` imports the packages.
REGISTRY: dict[str, type[Ruleset]] = {}


class Ruleset(ABC):
    """A ruleset's data, read and validated from its template file, and its procedures."""

    name: ClassVar[str] = ""
    #: The state each ship carries in a game of this ruleset (a frozen subclass).
    ship_state: ClassVar[type[ShipState]] = ShipState
    #: The actions a player may take: verb → its arguments.
    verbs: ClassVar[dict[str, Verb]] = {}
    #: The optional rules a scenario may switch on in its ``[scenario]`` table:
    #: name → ``"bool"``, ``"side"`` (one of the scenario's sides), ``"sides"`` (two of
    #: them) or ``"a|b|c"`` (one of these words).  Any other key there is an error, so a
    #: misspelt option is never silently ignored.
    options: ClassVar[dict[str, str]] = {}
    #: What it can do and how its table behaves, in one record (a ruleset declares its
    #: own with ``replace(Ruleset.caps, ...)``; the template's and the rules' own parts
    #: are filled in as it is read).
    caps: Capabilities = Capabilities()
    #: The small objects that answer one client each (docs/development.md): what the
    #: window draws, what the computer captain weighs, what the loader checks.  A
    #: ruleset names its subclasses here.
    _look: ClassVar[type[Look]] = Look
    _advice: ClassVar[type[Advice]] = Advice
    _data: ClassVar[type[Data]] = Data

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        for key in {f.name for f in fields(Capabilities)} & set(vars(cls)):
            raise TypeError(
                f"{cls.__name__}.{key}: a ruleset declares it in its capability record, "
                f"caps = replace(Ruleset.caps, {key}=...)"
            )
        if cls.name:
            REGISTRY[cls.name] = cls

    def __init__(self, data: dict[str, Any], file: str) -> None:
        # what the template held as read, before any of it is read: a save records its
        # digest (hashed only then: data/digest.py)
        self.template_encoding = canonical(data)
        self.look = self._look(self)
        self.advice = self._advice(self)
        self.data = self._data(self)
        r = Reader(file)
        self.file = file
        head = r.table(data, "", "ruleset")
        self.title = r.string(head, "ruleset", "title", default=self.name)
        self.source = r.string(head, "ruleset", "source", default="")
        self.units = r.string(head, "ruleset", "units", choices=TABLE_UNITS)
        self.caps = replace(
            type(self).caps,
            speed_is_length=r.boolean(head, "ruleset", "speed_is_length", True),
            has_gunnery=type(self).rule_fire is not Ruleset.rule_fire,
        )
        self.sectors = self._read_sectors(r, data)
        fire = r.table(data, "", "fire", required=False)
        self.arcs = r.string(
            fire, "fire", "arcs", default="none", choices=("broadside", "quadrants", "none")
        )
        guns = r.table(fire, "fire", "guns", required=False)
        self.gun_ranges = {k: r.length(guns, "fire.guns", k, self.units) for k in guns}
        self.bands = self._read_bands(r, fire)
        self.to_hit = int(r.number(fire, "fire", "to_hit", default=4, minimum=1, maximum=7))
        self.save = int(r.number(fire, "fire", "save", default=4, minimum=1, maximum=7))
        mods = r.table(fire, "fire", "modifiers", required=False)
        self.fire_modifiers = {k: int(r.number(mods, "fire.modifiers", k)) for k in mods}
        smods = r.table(fire, "fire", "save_modifiers", required=False)
        self.save_modifiers = {k: int(r.number(smods, "fire.save_modifiers", k)) for k in smods}
        self.movement = r.table(data, "", "movement", required=False)
        drill = r.table(data, "", "drill", required=False)
        if drill:
            self.drill = DrillDefaults(
                r.string(drill, "drill", "class"),
                r.number(drill, "drill", "distance", minimum=0),
                r.number(drill, "drill", "mark_radius", minimum=0),
            )
        self.read_extra(r, data)
        r.report_unused(data)
        r.raise_if_any()

    # -- reading ---------------------------------------------------------------------
    def _read_sectors(self, r: Reader, data: dict[str, Any]) -> tuple[Sector, ...]:
        rows = r.tables(data, "", "sectors", required=True)
        out: list[Sector] = []
        for i, row in enumerate(rows):
            p = join("sectors", i)
            mf = row.get("min_factor")
            out.append(
                Sector(
                    name=r.string(row, p, "name"),
                    lower=r.number(row, p, "from", minimum=0, maximum=180),
                    factor=r.fraction(row, p, "factor", default=Fraction(0)),
                    min_factor=None if mf is None else r.fraction(row, p, "min_factor"),
                    code=r.string(row, p, "code", default=""),
                    use=r.string(row, p, "use", default=""),
                    ends_move=r.boolean(row, p, "ends_move", False),
                )
            )
        if out and out[0].lower != 0:
            r.error("sectors[0].from", "0 (the first sector starts at the wind)", out[0].lower)
        for i in range(1, len(out)):
            if out[i].lower <= out[i - 1].lower:
                r.error(
                    join("sectors", i) + ".from", f"more than {out[i - 1].lower:g}", out[i].lower
                )
        return tuple(out)

    def _read_bands(self, r: Reader, fire: dict[str, Any]) -> tuple[Band, ...]:
        out = []
        for i, row in enumerate(r.tables(fire, "fire", "bands")):
            p = join("fire.bands", i)
            up = row.get("upto", "inf")
            inf = up == "inf" and r.string(row, p, "upto")
            upper = float("inf") if inf else r.length(row, p, "upto", self.units)
            out.append(
                Band(
                    r.string(row, p, "name"),
                    upper,
                    r.boolean(row, p, "closed", False),
                    int(r.number(row, p, "to_hit", default=0)),
                    r.boolean(row, p, "criticals", True),
                )
            )
        return tuple(out)

    def read_extra(self, r: Reader, data: dict[str, Any]) -> None:
        """Subclasses read their own template sections here."""
        return None

    def allowance_unit(self, unit: str) -> str:
        """What an allowance is counted in on a table measured in ``unit``."""
        return unit

    # -- movement --------------------------------------------------------------------
    @abstractmethod
    def plan_move(
        self, scn: Scenario, ship: Ship, steps: tuple[Step, ...], ctx: MoveContext = NO_CONTEXT
    ) -> PathPlan:
        """Lay ``steps`` from where ``ship`` stands and list every rule they break."""

    def fan(self, scn: Scenario, ship: Ship, density: int = 6) -> Fan:
        """Legal end poses of a fresh move, sampled densely (none by default)."""
        return empty_fan()

    def move_so_far(
        self, state: GameState, ship: str
    ) -> tuple[Ship, tuple[Step, ...], MoveContext]:
        """Where the rest of her move this turn is laid from, as the engine lays it: the
        ship as she is now (her class as damaged), the pose her turn's path began at and
        the steps already sailed from it, and what the rules carry over.  By default a
        fresh move from where she lies, any part of it may be played now."""
        return state.table().ship(ship), (), MoveContext(partial=True)

    def as_table(self, state: GameState, scn: Scenario) -> Scenario:
        """The table a game stands at (``scn``: every ship at her pose, the wind as it
        blows now), for the rulings and the window; a ruleset whose rulings read more of
        a ship's state from her scenario entry (her damage, say) carries it over."""
        return scn

    # -- fire ------------------------------------------------------------------------
    def rule_fire(self, scn: Scenario, tab: Table, i: int, j: int, high: bool) -> FireRuling:
        """The full fire ruling of ship ``i`` at ship ``j`` (no gunnery by default)."""
        raise TabletopError(
            f"ruleset '{self.name}' has no firing rules in its source text; "
            "use 'tabletop measure' for distances"
        )

    # -- the game --------------------------------------------------------------------
    def new_ship(self, ship: Ship) -> ShipState:
        """A ship's state at the start of a game."""
        return self.ship_state(ship.id, ship.pose)

    def open_game(self, state: GameState, dice: Dice, events: Events) -> GameState:
        """What happens before the first action (a wind roll, initiative): nothing here."""
        return state

    def apply(self, state: GameState, action: Action, dice: Dice, events: Events) -> GameState:
        """Apply one action to a game state (the ruleset's procedures)."""
        raise IllegalAction(f"the {self.title} game engine is not built yet")

    def turn_owed(self, state: GameState, ship: str) -> str | None:
        """Why this ship may not yet end her side's turn as she is, or None."""
        return None

    def fighting(self, state: GameState, ship: str) -> bool:
        """Whether she is still in the fight (not struck; a ruleset whose ships also
        leave it by sinking, fleeing or drifting off says so)."""
        return not state.ship(ship).struck

    def can_act(self, state: GameState, ship: str) -> bool:
        """Whether she may be given an order now: by default if she is fighting and
        her side is to act (a ruleset that activates ships singly says otherwise)."""
        return state.side_of(ship) == state.active_side and self.fighting(state, ship)

    def plots(self, state: GameState, ship: str) -> list[Plot]:
        """Her orders now where a side plots the whole turn ahead (none: moved singly)."""
        return []

    def word_choices(self, state: GameState, ship: str, verb: str, word: str) -> list[str] | None:
        """The words a player may put for ``word`` of ``verb``'s usage for this ship now,
        where the usage leaves them open (a number she may declare), best guess first;
        None where the usage says (a ship, a target, a word of its choices)."""
        return None

    def unready(self, state: GameState, ship: str, verb: str) -> str | None:
        """Why ``verb`` cannot be played for her now whatever its words (she lies in
        irons), or None: the action bar leaves it out."""
        return None

    def gone(self, state: GameState, ship: str) -> str | None:
        """Why she is no longer on the table ("sunk", "drifted off"), else None."""
        return None

    def in_stays(self, state: GameState, ship: str) -> bool:
        """Whether she lies head to wind half-way through a manoeuvre the rules finish
        for her next (a tack begun): not in irons.  No by default."""
        return False

    def plot_spec(self, state: GameState) -> PlotSpec | None:
        """The plot the side to act owes now, when this ruleset's orders are plotted
        ahead in secret (the window then passes the screen and opens its panel); None."""
        return None

    def step_text(self, state: GameState) -> str | None:
        """Where the turn stands, in words, when a turn has steps beyond "whose turn it
        is" (plotting, a phase's fire, damage control); None."""
        return None

    def ship_report(self, state: GameState, ship: str) -> dict[str, Any]:
        """The ship's condition for the HUD and ``run``: ``status`` words and any figures
        (hull, crew, guns, masts) the ruleset keeps."""
        return {"status": ["struck"] if state.ship(ship).struck else []}

    def report_seen(self, state: GameState, ship: str, viewer: str | None) -> dict[str, Any]:
        """Her report as ``viewer`` (a side; None: everyone at the table) may see it: a
        ruleset with secret orders hides what is not yet revealed.  All of it here."""
        return self.ship_report(state, ship)

    # -- the drill -------------------------------------------------------------------
    #: The drill's default course, or None when this ruleset has no coach.
    drill: DrillDefaults | None = None

    # -- using -----------------------------------------------------------------------
    def allowance(self, cls: Any, sector: Sector) -> tuple[float, float]:
        """(least, most) distance this class may move on this point of sail, scenario units."""
        speed = Fraction(cls.speed).limit_denominator(10**6)
        most = float(sector.factor * speed)
        return (most if sector.min_factor is None else float(sector.min_factor * speed)), most

    def laid_allowance(self, scn: Scenario, ship: Ship) -> tuple[float, float]:
        """Her allowance as the scenario lays her (``sail``): where more than her class and
        point of sail count (the wind's strength, a speed to start at), the ruleset's."""
        return self.allowance(ship.cls, sector(self, theta(scn, ship.pose.heading)))
