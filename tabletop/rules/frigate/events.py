"""What Frigate's orders cause on the hexes, each event in its own words: the turn's
declarations and segments, moves, running afoul and breaking away, SiMove's plots, the
drift, the wind and damage control, and the battle's end (the guns and prizes say
themselves in :mod:`tabletop.rules.frigate.fired`).

A hex facing (0 to 5) is kept in the keys as the rules count it; a sentence says the
heading it points a ship on, given by the emitter (the grid knows it, the event does
not) and kept beside the keys, never among them.
"""

from __future__ import annotations

from tabletop.engine.events import Event, Winner, hex_at, listed, num, plural

__all__ = ["Winner"]  # the battle's end is the kernel's event


def points(n: int) -> str:
    return plural(n, "Movement Point")


class Declaring(Event):
    """A new game-turn, opening with the declaration of the allowances."""

    __slots__ = ()

    def __init__(self, turn: int) -> None:
        super().__init__(turn=turn, phase="declaration")

    def text(self) -> str:
        return f"turn {self['turn']} begins: each side declares its ships' Movement Allowances"


class Declared(Event):
    """Her allowance for the turn, declared or (``default``) kept for her."""

    __slots__ = ()
    weight = 0

    def __init__(self, ship: str, allowance: int, default: bool = False) -> None:
        super().__init__(declared=ship, allowance=allowance)
        if default:
            self["by"] = "default"

    def text(self) -> str:
        n = self["allowance"]
        if self.get("by"):
            return f"{self['declared']} keeps a Movement Allowance of {n}, none declared for her"
        return f"{self['declared']} declares a Movement Allowance of {n}"


class Segment(Event):
    __slots__ = ()

    def __init__(self, segment: int, first: str) -> None:
        super().__init__(segment=segment, first=first)

    def text(self) -> str:
        return f"segment {self['segment']} begins, {self['first']} to move first"


class Unspent(Event):
    """The points a side's ships leave unspent as it ends its part of a segment: lost."""

    __slots__ = ()

    def __init__(self, left: dict[str, int], segment: int) -> None:
        super().__init__(points_unspent=left, segment=segment)

    def text(self) -> str:
        (first, n), *rest = self["points_unspent"].items()
        said = f"{first} leaves {points(n)} unspent in segment {self['segment']}"
        if rest:
            return said + ", and " + listed(f"{s} {k}" for s, k in rest) + ": they are lost"
        return said + (": it is lost" if n == 1 else ": they are lost")


class Facing(Event):
    """An event that leaves a ship on a hex facing: its heading, for the sentence."""

    __slots__ = ("heading",)

    def towards(self, heading: float) -> None:
        self.heading = heading

    def bearing(self) -> str:
        return f"heading {num(self.heading)}°"


class Moved(Facing):
    __slots__ = ()

    def __init__(self, ship: str, hex_: list[int], facing: int, heading: float) -> None:
        super().__init__(moved=ship, hex=hex_, facing=facing)
        self.towards(heading)

    def text(self) -> str:
        return f"{self['moved']} ends her move at {hex_at(self['hex'])}, {self.bearing()}"


class Afoul(Facing):
    """She ran into another's hex: her facing as the rules turn her, and her side that
    lies against the other."""

    __slots__ = ()

    def __init__(self, ship: str, other: str, facing: int, side: str, heading: float) -> None:
        super().__init__(afoul=ship, of=other, facing=facing, side=side)
        self.towards(heading)

    def text(self) -> str:
        return (
            f"{self['afoul']} runs afoul of {self['of']}, her {self['side']} side against "
            f"her, {self.bearing()}"
        )


class BreaksAway(Event):
    __slots__ = ()

    def __init__(self, ship: str, other: str) -> None:
        super().__init__(breaks_away=ship, **{"from": other})

    def text(self) -> str:
        return f"{self['breaks_away']} breaks away from {self['from']}"


class Plotted(Event):
    """Her plot for the segment is in (its steps stay hidden until all are in)."""

    __slots__ = ()
    weight = 0

    def __init__(self, ship: str) -> None:
        super().__init__(plotted=ship)

    def text(self) -> str:
        return f"{self['plotted']}'s move for the segment is plotted"


class Plots(Event):
    """Every plot revealed, to be sailed at once."""

    __slots__ = ()

    def __init__(self, plots: dict[str, str]) -> None:
        super().__init__(plots=plots)

    def text(self) -> str:
        if not self["plots"]:
            return "the plots are revealed: no ship moves"
        each = [f"{ship} {steps}" for ship, steps in self["plots"].items()]
        return "the plots are revealed and sailed together: " + "; ".join(each)


class PlotStopped(Event):
    __slots__ = ()

    def __init__(self, ship: str, why: str) -> None:
        super().__init__(plot_stopped=ship, why=why)

    def text(self) -> str:
        return f"the rest of {self['plot_stopped']}'s plot lapses: {self['why']}"


class BothAfoul(Event):
    """Two ships stepping into one hex, or into each other's: the keeper holds her
    facing, the other runs afoul of her and conforms."""

    __slots__ = ()

    def __init__(self, keeper: str, other: str) -> None:
        super().__init__(both_wanted_afoul=[keeper, other], keeps_facing=keeper)

    def text(self) -> str:
        keeper = self["keeps_facing"]
        other = next((s for s in self["both_wanted_afoul"] if s != keeper), keeper)
        return (
            f"{keeper} and {other} both steer to run afoul: {keeper}, with the fewer points "
            f"plotted, keeps her facing, and {other} runs afoul of her"
        )


class Command(Event):
    """Far from her flagship: her command die, and whether she must hold her course."""

    __slots__ = ()

    def __init__(self, ship: str, die: int, held: bool) -> None:
        super().__init__(command=ship, die=die, holds_course=held)

    def text(self) -> str:
        then = "must hold her course this turn" if self["holds_course"] else "may manoeuvre"
        return f"{self['command']}, far from her flagship, rolls {self['die']} and {then}"


class DriftedOff(Event):
    """A ship, or a pair afoul, drifted off the table: gone."""

    __slots__ = ()
    weight = 2

    def __init__(self, ships: list[str]) -> None:
        super().__init__(drifted_off=ships)

    def text(self) -> str:
        ships = self["drifted_off"]
        verb = "drifts" if len(ships) == 1 else "drift"
        return f"{listed(ships)} {verb} off the table and {'is' if len(ships) == 1 else 'are'} gone"


class Downwind(Event):
    """A ship, or a pair afoul, carried downwind by the drift or the sag."""

    __slots__ = ()

    def __init__(self, ships: list[str], hexes: int, hex_: list[int]) -> None:
        super().__init__(downwind=ships, hexes=hexes, hex=hex_)

    def text(self) -> str:
        ships, n = self["downwind"], self["hexes"]
        one = len(ships) == 1
        if n == 0:
            held = "holds" if one else "hold"
            return f"{listed(ships)} {held} at {hex_at(self['hex'])}: the hex downwind is taken"
        verb = "drifts" if one else "drift"
        return (
            f"{listed(ships)} {verb} {plural(n, 'hex', 'hexes')} downwind, to {hex_at(self['hex'])}"
        )


class Spared(Event):
    """A prize no longer alongside the ship destroying her at the turn's end."""

    __slots__ = ()

    def __init__(self, ship: str) -> None:
        super().__init__(destroy_abandoned=ship)

    def text(self) -> str:
        return f"{self['destroy_abandoned']} is spared: the ship destroying her has left her side"


class Sunk(Event):
    __slots__ = ()
    weight = 2

    def __init__(self, ship: str, by: str) -> None:
        super().__init__(sunk=ship, by=by)

    def text(self) -> str:
        return f"{self['sunk']} is destroyed by {self['by']} and sinks"


class Preservation(Event):
    """A force's losses past its preservation level: its rating drops."""

    __slots__ = ()

    def __init__(self, side: str, lost: int, level: int) -> None:
        super().__init__(preservation=side, lost=lost, level=level)

    def text(self) -> str:
        return (
            f"{self['preservation']} have lost {self['lost']} against a preservation level of "
            f"{self['level']}: their force's rating drops"
        )


class Wind(Event):
    """The wind's new direction and strength (the dice are the cup's to show)."""

    __slots__ = ("still",)

    def __init__(self, heading: float, strength: str, dice: list[int], still: bool) -> None:
        super().__init__(wind={"from": heading, "strength": strength, "dice": dice})
        self.still = still  # no wind at all (the optional rule): no strength to name

    def text(self) -> str:
        if self.still:
            return "the wind dies away"
        w = self["wind"]
        return f"the wind is now {w['strength']}, from {num(w['from'])}°"


class DamageControl(Event):
    """A die for one kind of hit she carries, and how many of that kind are left."""

    __slots__ = ()

    def __init__(self, ship: str, kind: str, die: int, left: int) -> None:
        super().__init__(damage_control=ship, kind=kind, die=die, **{kind: left})

    def text(self) -> str:
        kind = self["kind"]
        hit = "crew hit" if kind == "crew" else "mast hit"
        return (
            f"{self['damage_control']} works on her {kind} with a {self['die']}: "
            f"{plural(self[kind], hit)} left"
        )
