"""What Man O' War's orders cause, each event in its own words: moves, the tacking roll
and irons, anchors, drift, and the turn's initiative and wind."""

from __future__ import annotations

from tabletop.engine.events import Event, listed, num, plural


class Moved(Event):
    """She sailed the steps of her order (``notes``: what the rules cut short)."""

    __slots__ = ("unit",)

    def __init__(
        self, ship: str, path: str, to: list[float], distance: float, notes: list[str],
        unit: str,
    ) -> None:  # fmt: skip
        super().__init__(moved=ship, path=path, to=[round(v, 4) for v in to],
                         distance=round(distance, 4))  # fmt: skip
        if notes:
            self["notes"] = notes
        self.unit = unit  # the table's, for the sentence (not a key)

    def text(self) -> str:
        x, y, h = self["to"]
        notes = "; " + "; ".join(self["notes"]) if self.get("notes") else ""
        return (
            f"{self['moved']} sails {self['path']} ({num(self['distance'])} {self.unit} "
            f"sailed), ending at x {num(x)}, y {num(y)}, heading {num(h)}°{notes}"
        )


class Collision(Event):
    __slots__ = ("unit",)

    def __init__(self, ship: str, other: str, at: float, unit: str) -> None:
        super().__init__(collision=ship, **{"with": other}, at=round(at, 4))
        self.unit = unit

    def text(self) -> str:
        return (
            f"{self['collision']} runs into {self['with']} after sailing "
            f"{num(self['at'])} {self.unit}, and stops there"
        )


class OutOfIrons(Event):
    __slots__ = ()

    def __init__(self, ship: str, why: str) -> None:
        super().__init__(out_of_irons=ship, why=why)

    def text(self) -> str:
        return f"{self['out_of_irons']} is out of irons: {self['why']}"


class Irons(Event):
    """In irons without a roll, and why."""

    __slots__ = ()

    def __init__(self, ship: str, why: str) -> None:
        super().__init__(irons=ship, why=why)

    def text(self) -> str:
        return f"{self['irons']} is in irons: {self['why']}"


class IronsRolled(Event):
    """Her tacking roll failed: in irons."""

    __slots__ = ()

    def __init__(self, ship: str, roll: int) -> None:
        super().__init__(irons=ship, roll=roll)

    def text(self) -> str:
        return f"{self['irons']} misses stays with a {self['roll']} and is in irons"


class TackRolled(Event):
    """Her tacking roll carried her round: the result, her tack and heading, and what
    is left of her move."""

    __slots__ = ()

    def __init__(
        self, ship: str, roll: int, result: str, tack: str, heading: float, left: float
    ) -> None:
        super().__init__(tacked=ship, roll=roll, result=result, tack=tack, heading=heading,
                         left=round(max(0.0, left), 4))  # fmt: skip

    def text(self) -> str:
        return (
            f"{self['tacked']} comes about with a {self['roll']}, {self['result']}: on the "
            f"{self['tack']} tack, heading {num(self['heading'])}°, "
            f"{num(self['left'])} of her move left"
        )


class Through(Event):
    """A 6: through the wind, onto the tack her captain will name."""

    __slots__ = ()

    def __init__(self, ship: str, roll: int) -> None:
        super().__init__(tacked=ship, roll=roll, result="through: choose the tack")

    def text(self) -> str:
        return (
            f"{self['tacked']} goes through the wind with a {self['roll']}: her captain "
            "chooses the tack"
        )


class TackChosen(Event):
    __slots__ = ()

    def __init__(self, ship: str, tack: str, heading: float, left: float | None) -> None:
        super().__init__(tacked=ship, tack=tack, heading=heading, left=left)

    def text(self) -> str:
        left = self["left"]
        rest = f", {num(left)} of her move left" if left is not None else ""
        return (
            f"{self['tacked']} tacks onto the {self['tack']} tack, now heading "
            f"{num(self['heading'])}°{rest}"
        )


class Drift(Event):
    """Too little sailed: she drifts downwind (``collision``: what stopped her)."""

    __slots__ = ("unit",)

    def __init__(
        self, ship: str, inches: int, distance: float, x: float, y: float, into: str | None,
        unit: str,
    ) -> None:  # fmt: skip
        super().__init__(drift=ship, inches=inches, distance=round(distance, 4),
                         to=[round(x, 4), round(y, 4)])  # fmt: skip
        if into is not None:
            self["collision"] = into
        self.unit = unit

    def text(self) -> str:
        x, y = self["to"]
        met = ""
        if self.get("collision"):
            met = f", stopped by {self['collision']} after {num(self['distance'])} {self.unit}"
        return (
            f"{self['drift']} drifts {plural(self['inches'], 'inch', 'inches')} downwind to "
            f"x {num(x)}, y {num(y)}{met}"
        )


class InitialWind(Event):
    __slots__ = ()

    def __init__(self, now: float, points: int) -> None:
        super().__init__(wind="initial", **{"from": now}, points=points)

    def text(self) -> str:
        return f"the wind is rolled for: it blows from {num(self['from'])}°"


class WindChange(Event):
    """Tied initiative between the counted commanders shifts the wind."""

    __slots__ = ()

    def __init__(self, tied_on: int, points: int, now: float) -> None:
        super().__init__(wind="change", tied_on=tied_on, points=points, **{"from": now})

    def text(self) -> str:
        pts = self["points"]
        way = f"{abs(pts)} point{'s' if abs(pts) != 1 else ''}"
        turned = "stays" if pts == 0 else "shifts " + way
        return (
            f"the commanders tie on {self['tied_on']}: the wind {turned}, now from "
            f"{num(self['from'])}°"
        )


class Initiative(Event):
    """Every commander's roll, and the order the sides play in this turn."""

    __slots__ = ()

    def __init__(self, rolls: dict[str, int], order: list[str], turn: int) -> None:
        super().__init__(initiative=rolls, order=order, turn=turn)

    def text(self) -> str:
        rolls = listed(f"{side} {n}" for side, n in self["initiative"].items())
        return (
            f"initiative for turn {self['turn']}: {rolls}; "
            f"{' plays first, then '.join(self['order'])}"
        )
