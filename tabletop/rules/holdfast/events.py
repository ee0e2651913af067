"""What Hold Fast's orders cause at sea, each event in its own words: the plots, the
phases of movement, the sea's hazards, collisions, boarding and the battle's end.  The
damage a ship takes says itself in :mod:`tabletop.rules.holdfast.hits`."""

from __future__ import annotations

from tabletop.engine.events import Event, Winner, listed, num, plural

#: A phase's plotted word as a player reads it.
ORDER_WORDS = {
    "F": "forward", "P": "turn to port", "S": "turn to starboard", "RS": "make sail",
    "LS": "shorten sail", "DA": "drop anchor", "WA": "weigh anchor", "D": "drift",
    "-": "none",
}  # fmt: skip


class Plotted(Event):
    """A side's secret orders given (which ships, never the orders)."""

    __slots__ = ()

    def __init__(self, side: str, ships: list[str]) -> None:
        super().__init__(plotted=side, ships=ships)

    def text(self) -> str:
        ships = listed(self["ships"]) or "none of their ships"
        return f"{self['plotted']} plot their orders for {ships}"


class TurnSequence(Event):
    """A new turn, and the sequence it opens with."""

    __slots__ = ()

    def __init__(self, turn: int, sequence: str) -> None:
        super().__init__(turn=turn, sequence=sequence)

    def text(self) -> str:
        return f"turn {self['turn']}: {self['sequence']}"


class Phase(Event):
    """One of the turn's five phases of movement begins."""

    __slots__ = ()

    def __init__(self, phase: str, turn: int) -> None:
        super().__init__(phase=phase, turn=turn)

    def text(self) -> str:
        return f"phase {self['phase']} of turn {self['turn']}"


class Reveal(Event):
    """Her plotted order for this phase, shown to all."""

    __slots__ = ()

    def __init__(self, ship: str, phase: str, order: str) -> None:
        super().__init__(reveal=ship, phase=phase, order=order)

    def text(self) -> str:
        said = ORDER_WORDS.get(self["order"], self["order"])
        return f"{self['reveal']}'s order for phase {self['phase']}: {said}"


class NoWay(Event):
    """A move plotted in a phase her speed gives her none (or at anchor)."""

    __slots__ = ()

    def __init__(self, ship: str, speed: int) -> None:
        super().__init__(no_way=ship, speed=speed)

    def text(self) -> str:
        return f"{self['no_way']} has no move this phase at speed {self['speed']}"


class Wheel(Event):
    """Her wheel shot away: a turn becomes a move forward."""

    __slots__ = ()

    def __init__(self, ship: str) -> None:
        super().__init__(wheel=ship, turn_becomes="F")

    def text(self) -> str:
        return f"{self['wheel']} has lost her wheel: her turn becomes a move forward"


class Wasted(Event):
    """An order the rules do not let her carry out."""

    __slots__ = ()

    def __init__(self, ship: str, why: str) -> None:
        super().__init__(wasted=ship, why=why)

    def text(self) -> str:
        return f"{self['wasted']}'s order is wasted: {self['why']}"


class Sail(Event):
    """Sail made or shortened, announced to all: her new speed."""

    __slots__ = ()

    def __init__(self, ship: str, order: str, speed: int) -> None:
        super().__init__(sail=ship, order=order, speed=speed)

    def text(self) -> str:
        said = "makes sail" if self["order"] == "RS" else "shortens sail"
        return f"{self['sail']} {said}, now at speed {self['speed']}"


class Drift(Event):
    """A ship without way on drifts downwind."""

    __slots__ = ()

    def __init__(self, ship: str, x: float, y: float) -> None:
        super().__init__(drift=ship, to=[round(x, 4), round(y, 4)])

    def text(self) -> str:
        x, y = self["to"]
        return f"{self['drift']} drifts downwind to x {num(x)}, y {num(y)}"


class Fled(Event):
    """Her centre crossed the table's edge: she has left the battle."""

    __slots__ = ()

    def __init__(self, ship: str) -> None:
        super().__init__(fled=ship)

    def text(self) -> str:
        return f"{self['fled']} sails off the table and is out of the battle"


class Aground(Event):
    __slots__ = ()

    def __init__(self, ship: str, on: str, speed: int) -> None:
        super().__init__(aground=ship, on=on, speed=speed)

    def text(self) -> str:
        return f"{self['aground']} runs aground on {self['on']} at speed {self['speed']}"


class Revealed(Event):
    """Hidden shallows found, and how deep they are."""

    __slots__ = ()

    def __init__(self, name: str, level: int) -> None:
        super().__init__(revealed=name, level=level)

    def text(self) -> str:
        return f"hidden shallows found: {self['revealed']}, depth level {self['level']}"


class Shallows(Event):
    """Her roll through shallows: a d6 less her rate above the depth strikes bottom."""

    __slots__ = ()

    def __init__(self, ship: str, name: str, roll: int, rate: int, level: int) -> None:
        super().__init__(shallows=ship, **{"in": name}, roll=roll, rate=rate, level=level)

    def text(self) -> str:
        roll, rate, level = self["roll"], self["rate"], self["level"]
        way = "strikes bottom" if roll - rate > level else "clears the bottom"
        return (
            f"{self['shallows']} crosses {self['in']}: {roll} less her rate {rate} is "
            f"{roll - rate} against depth {level}, she {way}"
        )


class StruckBottom(Event):
    __slots__ = ()

    def __init__(self, ship: str, speed: int) -> None:
        super().__init__(struck_bottom=ship, speed=speed)

    def text(self) -> str:
        return f"{self['struck_bottom']} strikes bottom at speed {self['speed']} and stops dead"


class Beached(Event):
    __slots__ = ()

    def __init__(self, ship: str, roll: int) -> None:
        super().__init__(beached=ship, roll=roll)

    def text(self) -> str:
        return f"{self['beached']} is stuck fast, beached (rolled {self['roll']})"


class Refloated(Event):
    __slots__ = ()

    def __init__(self, ship: str, roll: int) -> None:
        super().__init__(refloated=ship, roll=roll)

    def text(self) -> str:
        return f"{self['refloated']} floats free (rolled {self['roll']})"


class CutAndRan(Event):
    """Grappled ships parted: the one that moved is clear of the other."""

    __slots__ = ()

    def __init__(self, ran: list[str], pair: list[str]) -> None:
        super().__init__(cut_and_ran=ran, **{"from": pair})

    def text(self) -> str:
        left = [s for s in self["from"] if s not in self["cut_and_ran"]]
        return f"{listed(self['cut_and_ran'])} cut and run from {listed(left) or 'each other'}"


class RollOff(Event):
    """Each captain's d6 to settle a question the rules leave to chance."""

    __slots__ = ()

    def __init__(self, why: str, a: str, ra: int, b: str, rb: int) -> None:
        super().__init__(roll_off=why, **{a: ra, b: rb})

    def text(self) -> str:
        (a, ra), (b, rb) = [(k, v) for k, v in self.items() if k != "roll_off"]
        return f"roll-off for {self['roll_off']}: {a} {ra}, {b} {rb}"


class Collision(Event):
    __slots__ = ()

    def __init__(self, ship: str, other: str, speed: int) -> None:
        super().__init__(collision=ship, **{"with": other}, speed=speed)

    def text(self) -> str:
        return f"{self['collision']} collides with {self['with']} at speed {self['speed']}"


class Alongside(Event):
    """After a collision, the colliding ship laid alongside the other."""

    __slots__ = ()

    def __init__(self, ship: str, of: str, side: str, facing: str, to: list[float]) -> None:
        super().__init__(alongside=ship, of=of, side=side, facing=facing,
                         to=[round(v, 4) for v in to])  # fmt: skip

    def text(self) -> str:
        x, y, h = self["to"]
        return (
            f"{self['alongside']} comes alongside {self['of']}'s {self['side']} side, "
            f"facing the {self['facing']} way, at x {num(x)}, y {num(y)}, heading {num(h)}°"
        )


class FireDeclared(Event):
    """Fire declared, to be rolled when every side has ended the phase."""

    __slots__ = ()

    def __init__(
        self, ship: str, at: str, arc: str, range_: int, batteries: dict[str, int], aim: str,
    ) -> None:  # fmt: skip
        super().__init__(declares=ship, at=at, arc=arc, range=range_, batteries=batteries,
                         aim=aim)  # fmt: skip

    def text(self) -> str:
        guns = listed(plural(n, f"{g} battery", f"{g} batteries")
                      for g, n in self["batteries"].items())  # fmt: skip
        aim = f", aimed {self['aim']}" if self["aim"] else ""
        return (
            f"{self['declares']} will fire {guns} from her {self['arc']} arc at "
            f"{self['at']}, range {self['range']}{aim}"
        )


class MarinesDeclared(Event):
    __slots__ = ()

    def __init__(self, ship: str, target: str) -> None:
        super().__init__(declares=ship, marines_at=target)

    def text(self) -> str:
        return f"{self['declares']}'s marines will fire at {self['marines_at']}"


class BoardingDeclared(Event):
    __slots__ = ()

    def __init__(self, ship: str, target: str) -> None:
        super().__init__(declares=ship, boarding=target)

    def text(self) -> str:
        return f"{self['declares']} will board {self['boarding']}"


class DamageControl(Event):
    __slots__ = ()

    def __init__(self, turn: int) -> None:
        super().__init__(damage_control=turn)

    def text(self) -> str:
        return f"turn {self['damage_control']}: damage control"


class Repair(Event):
    """Marines set to mend something shot away, and whether the roll mended it."""

    __slots__ = ()

    def __init__(self, ship: str, what: str, roll: int, marines: int, repaired: bool) -> None:
        super().__init__(repair=ship, what=what, roll=roll, marines=marines, repaired=repaired)

    def text(self) -> str:
        done = "mended" if self["repaired"] else "not mended"
        return (
            f"{self['repair']} sets {plural(self['marines'], 'marine detachment')} to "
            f"her {self['what']}: rolled {self['roll']}, {done}"
        )


class Prize(Event):
    """A struck enemy taken, with the crews put aboard her."""

    __slots__ = ()

    def __init__(self, prize: str, captor: str, crews: int) -> None:
        super().__init__(prize=prize, captor=captor, crews=crews)

    def text(self) -> str:
        return (
            f"{self['captor']} takes {self['prize']} as a prize, putting "
            f"{plural(self['crews'], 'crew')} aboard"
        )


class Sunk(Event):
    __slots__ = ()
    weight = 2

    def __init__(self, ship: str) -> None:
        super().__init__(sunk=ship)

    def text(self) -> str:
        return f"{self['sunk']} goes down"


class WindShift(Event):
    __slots__ = ()

    def __init__(self, now: float, clockwise: bool) -> None:
        super().__init__(wind=now, shifted="clockwise" if clockwise else "anticlockwise")

    def text(self) -> str:
        return f"the wind shifts {self['shifted']}: now from {num(self['wind'])}°"


class PointsWinner(Winner):
    """The battle over, with each side's points."""

    __slots__ = ()

    def __init__(self, winner: str, points: dict[str, int], why: str | None = None) -> None:
        super().__init__(winner, why)
        self["points"] = points

    def text(self) -> str:
        pts = listed(f"{side} {n}" for side, n in self["points"].items())
        return f"{super().text()} (points: {pts})"
