"""Man O' War advanced sailing rules (source 003), in inches: a ruleset package.

``movement`` lays paths, ``game`` plays the turn (initiative and the wind, the tacking
roll, irons, drift, anchors), ``ship`` holds a ship's own state, ``coach`` plans the
tacking drill.  The source has no gunnery.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from tabletop.coach.coaching import Coach, Course
from tabletop.data.reader import Reader, join
from tabletop.engine.actions import Action, Verb
from tabletop.engine.dice import Dice
from tabletop.engine.events import Events
from tabletop.engine.state import GameState
from tabletop.geometry.angles import unit
from tabletop.model.scenario import Scenario, Ship, ShipClass
from tabletop.referee import reckon
from tabletop.referee.fan import Fan, Template, template_fan
from tabletop.referee.movement import Step
from tabletop.rules.base import NO_CONTEXT, MoveContext, PathPlan, Ruleset, Sector
from tabletop.rules.clients import Advice, Data, Look
from tabletop.rules.manowar import movement
from tabletop.rules.manowar.coach import ManOWarCoach
from tabletop.rules.manowar.game import ManOWarGame
from tabletop.rules.manowar.ship import ManOWarShip

SIDE = {1: ("port", "starboard")}


@dataclass(frozen=True)
class Tacking:
    cost: float  # sailing a tacking roll costs, ruleset units
    feint: int  # the least roll for a feint (back to close-hauled on her own tack)
    through: int  # the least roll to go through the eye of the wind
    seamanship_bonus: int  # added to the roll by the optional seamanship rule


class ManOWarLook(Look):
    """What the window asks of Man O' War."""

    rs: ManOWar

    def compass_origin(self, ship: Ship, theta: float) -> tuple[float, float, float]:
        """The sail point compass sits at the bow or the stern, whichever is nearer the
        wind (as the source draws it)."""
        end = ship.cls.base_length / 2 * (1 if theta < 90 else -1)
        dx, dy = unit(ship.pose.heading)
        return ship.pose.x + end * dx, ship.pose.y + end * dy, ship.cls.base_length * 0.9

    def tack_verb(self, state: GameState, ship: str) -> str | None:
        return "recover"


class ManOWarData(Data):
    """What the loader asks of Man O' War."""

    rs: ManOWar

    class_fields = frozenset({"turn", "between_turns", "full_speed_astern"})

    def check_class(self, r: Reader, tbl: dict[str, Any], path: str) -> None:
        """A class's largest turn, the distance sailed between turns, full speed astern."""
        if "turn" in tbl:
            r.number(tbl, path, "turn", minimum=0, maximum=180)
        if "between_turns" in tbl:
            r.number(tbl, path, "between_turns", minimum=0)
        if "full_speed_astern" in tbl:
            r.boolean(tbl, path, "full_speed_astern", False)

    def check_table(self, r: Reader, path: str, heading: float) -> None:
        """The wind blows from one of the points (8 of 45°) and moves by whole points;
        ships may head anywhere."""
        if (
            path.startswith("wind")
            and abs(heading / self.rs.point - round(heading / self.rs.point)) > 1e-9
        ):
            r.error(path, f"one of the wind points (a multiple of {self.rs.point:g}°)", heading)

    def adapt_class(self, cls: ShipClass, options: dict[str, Any]) -> ShipClass:
        """Elf and Bretonnian ships (``full_speed_astern``) sail at full speed with the wind
        anywhere abaft the beam (A and B): running takes max(2/3 A, abeam) and their abeam
        speed becomes the full speed.  The optional seamanship rules replace that."""
        if cls.fields.get("full_speed_astern") and not options.get("seamanship"):
            return replace(cls, speed_abeam=cls.speed)
        return cls


class ManOWarAdvice(Advice):
    """What the computer asks of Man O' War: the drill's coach."""

    rs: ManOWar

    def coach(self, course: Course, beam: int | None = 120) -> Coach | None:
        return ManOWarCoach(course, beam=beam)


class ManOWar(Ruleset):
    caps = replace(
        Ruleset.caps,
        path_tokens="FPSAW",  # a tack is the recovery roll, not a step
        has_engine=True,
    )
    _look = ManOWarLook
    _advice = ManOWarAdvice
    _data = ManOWarData
    name = "man-o-war"
    ship_state = ManOWarShip
    verbs: ClassVar[dict[str, Any]] = {
        "move": Verb("SHIP PATH...", "sail a path (she may sail on after a tacking roll)", 2, None),
        "recover": Verb("SHIP port|starboard", "roll to come out of irons onto a tack", 2, 2, SIDE),
        "tack": Verb(
            "SHIP port|starboard",
            "after a 6, the tack she goes onto",
            2,
            2,
            SIDE,
            answers_only=True,
        ),
        "end": Verb("", "end the active side's player turn (drift follows)", 0, 0),
    }

    options: ClassVar[dict[str, str]] = {
        # the optional seamanship rules: full_speed_astern classes lose their full speed
        # astern and gain +1 to tack and the re-roll of 1s when drifting
        "seamanship": "bool",
        # the re-roll of 1s is the player's option; taken once for the game, since every
        # ship of a side drifts at once at the end of its turn (default: re-rolled)
        "drift_reroll": "bool",
        # with more than two navies, the two commanders whose ties move the wind
        "initiative_sides": "sides",
    }

    # -- the template ------------------------------------------------------------------
    def read_extra(self, r: Reader, data: dict[str, Any]) -> None:
        mv, p = self.movement, "movement"
        ch = r.number(mv, p, "close_hauled", default=30, minimum=0, maximum=180)
        self.caps = replace(self.caps, close_hauled=ch)
        rolls = r.table(mv, p, "tack_rolls", required=False)
        self.tacking = Tacking(
            cost=r.length(mv, p, "tack_cost", self.units, default=2.0, positive=False),
            feint=int(r.number(rolls, "movement.tack_rolls", "feint", default=5, minimum=1)),
            through=int(r.number(rolls, "movement.tack_rolls", "through", default=6, minimum=1)),
            seamanship_bonus=r.integer(mv, p, "seamanship_bonus", default=1) or 0,
        )
        wind = r.table(data, "", "wind", required=False)
        self.point = r.number(wind, "wind", "point", default=45, minimum=1, maximum=180)
        table = r.table(wind, "wind", "change", required=False)
        self.wind_change = {
            int(k): int(r.number(table, "wind.change", k)) for k in table if k.isdigit()
        }
        for k in table:
            if not k.isdigit():
                r.error(join("wind.change", k), "a die face 1-6", k)
        if not self.wind_change:
            r.error("wind.change", "the wind change table: die face = points (+ clockwise)", None)

    @staticmethod
    def turn_of(cls: ShipClass) -> float:
        return float(cls.fields.get("turn", 45))

    @staticmethod
    def gap_of(cls: ShipClass) -> float:
        """The distance to sail between two turns, ruleset units."""
        return float(cls.fields.get("between_turns", 0))

    def allowance(self, cls: Any, sector: Sector) -> tuple[float, float]:
        """Running (B) takes two thirds of A or the roster's "wind abeam" speed, if higher."""
        least, most = super().allowance(cls, sector)
        if sector.use == "max_abeam" and cls.speed_abeam is not None:
            most = max(most, float(cls.speed_abeam))
        return least, most

    # -- movement ----------------------------------------------------------------------
    def plan_move(
        self, scn: Scenario, ship: Ship, steps: tuple[Step, ...], ctx: MoveContext = NO_CONTEXT
    ) -> PathPlan:
        return movement.plan_move(self, scn, ship, steps, ctx)

    def fan(self, scn: Scenario, ship: Ship, density: int = 6) -> Fan:
        return template_fan(
            scn,
            ship,
            Template(
                radius=0.0,
                max_turn=self.turn_of(ship.cls),
                gap=self.gap_of(ship.cls) * reckon.scale(self, scn.units),
                forbidden=self.sectors[1].lower,  # turning head to wind ends the move
                luff=True,  # any distance up to the allowance
            ),
            density,
        )

    def move_so_far(
        self, state: GameState, ship: str
    ) -> tuple[Ship, tuple[Step, ...], MoveContext]:
        """Her turn is sailed in parts split around tacking rolls: the rest is laid from
        where she lies with what is left of her allowance, her turns and her swing."""
        st = state.ship(ship)
        assert isinstance(st, ManOWarShip)
        return (
            state.table().ship(ship),
            (),
            MoveContext(
                partial=True,
                budget=st.budget,
                turns_used=st.turns_used,
                since=st.since_turn,
                anchored=st.anchored,
                turned=st.swung,
            ),
        )

    # -- the game ----------------------------------------------------------------------
    def apply(self, state: GameState, action: Action, dice: Dice, events: Events) -> GameState:
        return ManOWarGame(self).apply(state, action, dice, events)

    def open_game(self, state: GameState, dice: Dice, events: Events) -> GameState:
        return ManOWarGame(self).open(state, dice, events)

    def ship_report(self, state: GameState, ship: str) -> dict[str, Any]:
        st = state.ship(ship)
        assert isinstance(st, ManOWarShip)
        # head to wind (D) is irons too, rolled for or not
        theta = reckon.theta(state.table(), st.pose.heading)
        irons = st.in_irons or reckon.sector(self, theta).ends_move
        flags = (
            ("struck", st.struck),
            ("in irons", irons),
            ("at anchor", st.anchored),
            ("off the table", self.gone(state, ship) is not None),
        )
        return {"status": [name for name, on in flags if on]}

    def fighting(self, state: GameState, ship: str) -> bool:
        """Struck, or gone off the table: out of the fight."""
        return not state.ship(ship).struck and self.gone(state, ship) is None

    def unready(self, state: GameState, ship: str, verb: str) -> str | None:
        """No order for a ship that has left the table (the window offered her a move)."""
        if self.gone(state, ship) is not None:
            return f"{ship} has left the table: she is out of the battle"
        return None

    def gone(self, state: GameState, ship: str) -> str | None:
        """Ruling (the text is silent; Trafalgar's and Hold Fast's engines rule alike): in
        a battle, a ship whose centre lies beyond the table's edge has left it and is out
        of the fight (she stayed in play, to be ordered back from off the table); a
        drill's lone ship sails on."""
        p = state.ship(ship).pose
        off = len(state.sides) >= 2 and not state.scenario.holds(p.x, p.y)
        return "off the table" if off else None

    # -- the drill ---------------------------------------------------------------------
