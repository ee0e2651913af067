"""What Escadres' orders cause, each event in its own words: the bag's draw, moves and
drift on the hexes, gunfire and the damage tables, fires, leaks and the battle's end."""

from __future__ import annotations

from tabletop.engine.events import Event, Winner, hex_at, listed, plural


class Drawn(Event):
    """Her counter drawn from the bag: her turn to act, and how far she may go."""

    __slots__ = ()

    def __init__(self, ship: str, bag: int, capacity: int) -> None:
        super().__init__(drawn=ship, bag=bag, capacity=capacity)

    def text(self) -> str:
        return (
            f"{self['drawn']} is drawn from the bag ({self['bag']} in it): "
            f"{plural(self['capacity'], 'step')} to sail"
        )


class Blocked(Event):
    __slots__ = ()

    def __init__(self, ship: str, by: str, hex_: list[int]) -> None:
        super().__init__(blocked=ship, by=by, hex=hex_)

    def text(self) -> str:
        return f"{self['blocked']} is blocked by {self['by']} at {hex_at(self['hex'])}"


class Moved(Event):
    __slots__ = ()

    def __init__(self, ship: str, bow: list[int], facing: int, steps: int) -> None:
        super().__init__(moved=ship, bow=bow, facing=facing, steps=steps)

    def text(self) -> str:
        return (
            f"{self['moved']} moves, her bow at {hex_at(self['bow'])}, facing "
            f"{self['facing']}, {plural(self['steps'], 'step')} this turn"
        )


class Shot(Event):
    """A broadside at a target: the hexes between, the dice, and what adds to them."""

    __slots__ = ()

    def __init__(
        self, ship: str, at: str, side: str, between: int, dice: int, enfilade: bool,
        low_target: bool,
    ) -> None:  # fmt: skip
        super().__init__(shot=ship, at=at, side=side, between=between, dice=dice,
                         enfilade=enfilade, low_target=low_target)  # fmt: skip

    def text(self) -> str:
        extra = [w for w, on in (("enfilading", self["enfilade"]),
                                 ("at a low target", self["low_target"])) if on]  # fmt: skip
        how = f", {listed(extra)}" if extra else ""
        return (
            f"{self['shot']} fires her {self['side']} broadside at {self['at']}, "
            f"{plural(self['between'], 'hex', 'hexes')} between{how}: "
            f"{plural(self['dice'], 'die', 'dice')}"
        )


class Ends(Event):
    __slots__ = ()

    def __init__(self, ship: str, stopped: bool) -> None:
        super().__init__(ends=ship, stopped=stopped)

    def text(self) -> str:
        still = ", lying stopped" if self["stopped"] else ""
        return f"{self['ends']} ends her turn{still}"


class EndPhase(Event):
    __slots__ = ()

    def __init__(self, round_: int) -> None:
        super().__init__(end_phase=round_)

    def text(self) -> str:
        return f"the end phase of round {self['end_phase']}"


class NoDrift(Event):
    __slots__ = ()

    def __init__(self, ship: str, die: int) -> None:
        super().__init__(no_drift=ship, die=die)

    def text(self) -> str:
        return f"{self['no_drift']} does not drift (rolled {self['die']})"


class DriftBlocked(Event):
    __slots__ = ()

    def __init__(self, ship: str) -> None:
        super().__init__(drift_blocked=ship)

    def text(self) -> str:
        return f"{self['drift_blocked']} cannot drift: every way is blocked"


class Round(Event):
    __slots__ = ()

    def __init__(self, round_: int) -> None:
        super().__init__(round=round_)

    def text(self) -> str:
        return f"round {self['round']} begins"


class DriftedOff(Event):
    __slots__ = ()
    weight = 2

    def __init__(self, ship: str) -> None:
        super().__init__(drifted_off=ship)

    def text(self) -> str:
        return f"{self['drifted_off']} drifts off the table and is lost"


class Drift(Event):
    """She drifts downwind: her bow, her stern or both a hex."""

    __slots__ = ()

    def __init__(self, ship: str, part: str, bow: list[int], facing: int) -> None:
        super().__init__(drift=ship, part=part, bow=bow, facing=facing)

    def text(self) -> str:
        part = "bow and stern" if self["part"] == "both" else self["part"]
        return (
            f"{self['drift']}'s {part} drift downwind: her bow at {hex_at(self['bow'])}, "
            f"facing {self['facing']}"
        )


class Damage(Event):
    """Dice on a damage table against her: their faces are the effects she takes."""

    __slots__ = ()

    def __init__(self, ship: str, table: str, dice: list[int]) -> None:
        super().__init__(damage=ship, table=table, dice=dice)

    def words(self) -> str:
        return f"against {self['damage']} on the {self['table']} table"

    def text(self) -> str:
        return f"{listed(self['dice'])} {self.words()}"

    def faces(self) -> tuple[list[int], int, int | None] | None:
        return (list(self["dice"]), 6, None) if self["dice"] else None


class Lost(Event):
    """Boxes of one track crossed off (crew, power)."""

    __slots__ = ()

    def __init__(self, key: str, ship: str, boxes: int) -> None:
        super().__init__(**{key: ship}, boxes=boxes)

    def text(self) -> str:
        key, ship = next(iter(self.items()))
        track = key.removesuffix("_lost")
        return f"{ship} loses {plural(self['boxes'], f'{track} box', f'{track} boxes')}"


class HullLost(Event):
    __slots__ = ()

    def __init__(self, ship: str, boxes: int, by: str) -> None:
        super().__init__(hull_lost=ship, boxes=boxes, by=by)

    def text(self) -> str:
        return (
            f"{self['hull_lost']} loses {plural(self['boxes'], 'hull box', 'hull boxes')} "
            f"to {self['by']}"
        )


class Fires(Event):
    __slots__ = ()

    def __init__(self, ship: str, added: int) -> None:
        super().__init__(fires=ship, added=added)

    def text(self) -> str:
        return f"{plural(self['added'], 'fire breaks', 'fires break')} out aboard {self['fires']}"


class Rigging(Event):
    __slots__ = ()

    def __init__(self, ship: str, move_lost: int) -> None:
        super().__init__(rigging=ship, move_lost=move_lost)

    def text(self) -> str:
        return f"{self['rigging']}'s rigging is cut: {self['move_lost']} less to her move"


class Steering(Event):
    __slots__ = ()

    def __init__(self, ship: str, turns_lost: int) -> None:
        super().__init__(steering=ship, turns_lost=turns_lost)

    def text(self) -> str:
        return f"{self['steering']}'s steering is hit: {plural(self['turns_lost'], 'turn')} fewer"


class Becalmed(Event):
    __slots__ = ()

    def __init__(self, ship: str) -> None:
        super().__init__(becalmed=ship)

    def text(self) -> str:
        return f"{self['becalmed']} is becalmed"


class Sunk(Event):
    __slots__ = ()
    weight = 2

    def __init__(self, ship: str, fires_drowned: int) -> None:
        super().__init__(sunk=ship, fires_drowned=fires_drowned)

    def text(self) -> str:
        n = self["fires_drowned"]
        drowned = f", drowning {plural(n, 'fire')}" if n else ""
        return f"{self['sunk']} sinks{drowned}"


class Struck(Event):
    __slots__ = ()
    weight = 2

    def __init__(self, ship: str, why: str) -> None:
        super().__init__(struck=ship, why=why)

    def text(self) -> str:
        return f"{self['struck']} strikes her colours: {self['why']}"


class Burst(Event):
    __slots__ = ()
    weight = 2

    def __init__(self, ship: str, why: str) -> None:
        super().__init__(burst=ship, why=why)

    def text(self) -> str:
        return f"{self['burst']} blows up: {self['why']}"


class FiresBurnOn(Event):
    __slots__ = ()

    def __init__(self, ship: str, why: str) -> None:
        super().__init__(fires_burn_on=ship, why=why)

    def text(self) -> str:
        return f"the fires aboard {self['fires_burn_on']} burn on: {self['why']}"


class FiresPutOut(Event):
    __slots__ = ()

    def __init__(self, ship: str, count: int) -> None:
        super().__init__(fires_put_out=ship, count=count)

    def text(self) -> str:
        return f"{self['fires_put_out']}'s crew put out {plural(self['count'], 'fire')}"


class Leak(Event):
    __slots__ = ()

    def __init__(self, ship: str, die: int) -> None:
        super().__init__(leak=ship, die=die)

    def text(self) -> str:
        return f"{self['leak']} springs a leak (rolled {self['die']})"


class Beaten(Winner):
    """The battle over: the sides that lost more than their share of ships."""

    __slots__ = ()

    def __init__(self, winner: str, beaten: list[str]) -> None:
        super().__init__(winner)
        self["beaten"] = beaten

    def text(self) -> str:
        return f"{self.outcome()}: {listed(self['beaten'])} beaten"
