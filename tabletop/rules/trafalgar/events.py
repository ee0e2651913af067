"""What the modified Trafalgar rules' orders cause, each event in its own words."""

from __future__ import annotations

from typing import Any

from tabletop.engine.events import Event, listed, num, plural


def _at(to: list[float]) -> str:
    """Where a move ends: "x 97.5, y 38.8, heading 65°"."""
    return f"x {num(to[0])}, y {num(to[1])}, heading {num(to[2])}°"


def _place(to: list[float]) -> list[float]:
    return [round(v, 4) for v in to]


class Moved(Event):
    """She sailed the steps of her order, and where they took her (the distance in the
    table's unit, said in the sentence, not among the keys)."""

    __slots__ = ("unit",)

    def __init__(self, ship: str, path: str, to: list[float], distance: float, unit: str) -> None:
        super().__init__(moved=ship, path=path, to=_place(to), distance=round(distance, 4))
        self.unit = unit

    def text(self) -> str:
        return (
            f"{self['moved']} sails {self['path']} ({num(self['distance'])} {self.unit} sailed), "
            f"ending at {_at(self['to'])}"
        )


class LeftTheBattle(Event):
    """Her move took her off the table: out of the fight, though not taken."""

    __slots__ = ()

    def __init__(self, ship: str, why: str) -> None:
        super().__init__(left_the_battle=ship, why=why)

    def text(self) -> str:
        return f"{self['left_the_battle']} leaves the battle: {self['why']}"


class Collision(Event):
    """Her move met another base or land, and ended there."""

    __slots__ = ("unit",)

    def __init__(
        self, ship: str, other: str, at: float, point: tuple[float, float], unit: str
    ) -> None:
        super().__init__(
            collision=ship, **{"with": other}, at=round(at, 4),
            point=[round(point[0], 4), round(point[1], 4)],
        )  # fmt: skip
        self.unit = unit

    def text(self) -> str:
        x, y = self["point"]
        return (
            f"{self['collision']} runs into {self['with']} after sailing {num(self['at'])} "
            f"{self.unit}, "
            f"at x {num(x)}, y {num(y)}, and stops there"
        )


class NoCollision(Event):
    """A ram that did not come off: she comes up alongside instead."""

    __slots__ = ()

    def __init__(self, ship: str, target: str, why: str) -> None:
        super().__init__(no_collision=ship, **{"with": target}, why=why)

    def text(self) -> str:
        return f"{self['no_collision']} does not ram {self['with']}: she {self['why']}"


class CommandCheck(Event):
    """Two dice and her command against the number to beat."""

    __slots__ = ()

    def __init__(self, ship: str, why: str, total: int, needed: int, passed: bool) -> None:
        super().__init__(check=ship, why=why, total=total, needed=f"> {needed}", passed=passed)

    def text(self) -> str:
        verdict = "passes" if self["passed"] else "fails"
        beat = self["needed"].removeprefix("> ")
        return (
            f"{self['check']} {verdict} her command check {self['why']} "
            f"({self['total']}, needing more than {beat})"
        )


class Tacking(Event):
    """She has begun to go about through the wind."""

    __slots__ = ()

    def __init__(self, ship: str, heading: float) -> None:
        super().__init__(tacking=ship, heading=round(heading, 4))

    def text(self) -> str:
        return f"{self['tacking']} goes about, her head to the wind at {num(self['heading'])}°"


class Failed(Event):
    """She did not come through: her enemy chooses how she is left."""

    __slots__ = ()

    def __init__(self, ship: str, decides: str) -> None:
        super().__init__(failed=ship, decides=decides, choice="irons or luffing")

    def text(self) -> str:
        return (
            f"{self['failed']} fails to come about: {self['decides']} choose whether "
            "she is left in irons or luffing"
        )


class Tacked(Event):
    """Her tack completed: on the new tack, turned on the spot."""

    __slots__ = ()

    def __init__(self, ship: str, tack: str, heading: float) -> None:
        super().__init__(tacked=ship, tack=tack, heading=round(heading, 4))

    def text(self) -> str:
        return (
            f"{self['tacked']} tacks onto the {self['tack']} tack, now heading "
            f"{num(self['heading'])}°"
        )


class Recovered(Event):
    """She is out of irons or luffing, on the tack chosen."""

    __slots__ = ()

    def __init__(self, ship: str, tack: str, heading: float) -> None:
        super().__init__(recovered=ship, tack=tack, heading=round(heading, 4))

    def text(self) -> str:
        return (
            f"{self['recovered']} recovers onto the {self['tack']} tack, heading "
            f"{num(self['heading'])}°"
        )


class Left(Event):
    """How her failed tack leaves her, as her enemy chose."""

    __slots__ = ()

    def __init__(self, ship: str, irons: bool) -> None:
        super().__init__(left=ship, state="in irons" if irons else "luffing")

    def text(self) -> str:
        return f"{self['left']} is left {self['state']}"


class Avoided(Event):
    """The rammed ship got out of the way."""

    __slots__ = ()

    def __init__(self, ship: str, rammer: str, to: list[float]) -> None:
        super().__init__(avoided=ship, rammer=rammer, to=_place(to))

    def text(self) -> str:
        return f"{self['avoided']} avoids {self['rammer']}, ending at {_at(self['to'])}"


class Grappled(Event):
    """Two ships lashed together."""

    __slots__ = ()

    def __init__(self, a: str, b: str) -> None:
        super().__init__(grappled=[a, b])

    def text(self) -> str:
        return f"{listed(self['grappled'])} are grappled together"


class BoardingFight(Event):
    """A boarding party's fight: both totals, and who lost it (None: nobody)."""

    __slots__ = ()

    def __init__(
        self, ship: str, defender: str, attack: int, defence: int, loser: str | None
    ) -> None:
        super().__init__(boarding=ship, defender=defender, attack=attack, defence=defence,
                         loser=loser)  # fmt: skip

    def text(self) -> str:
        ship, target, loser = self["boarding"], self["defender"], self["loser"]
        if loser == target:
            end = f"{target}'s defenders are beaten and lose crew"
        elif loser == ship:
            end = f"{ship}'s boarding party is thrown back"
        else:
            end = "neither side gives way"
        return f"{ship} boards {target}, {self['attack']} against {self['defence']}: {end}"


class CutLoose(Event):
    """She is free of the ships grappling her."""

    __slots__ = ()

    def __init__(self, ship: str) -> None:
        super().__init__(cut_loose=ship)

    def text(self) -> str:
        return f"{self['cut_loose']} cuts herself loose"


class Fire(Event):
    """A broadside fired: the ruling and the odds, before the dice."""

    __slots__ = ()

    def __init__(
        self, firer: str, target: str, side: str, range_: float, band: str, need: int,
        rake: str | None, dice: dict[str, int], odds: dict[str, Any] | None,
    ) -> None:  # fmt: skip
        super().__init__(fire=firer, target=target, side=side, range=round(range_, 4),
                         band=band, need=need, rake=rake, dice=dice, odds=odds)  # fmt: skip

    def text(self) -> str:
        guns = listed(f"{n} {gun}" for gun, n in self["dice"].items())
        odds = self["odds"] or {}
        rake = f", raking her {self['rake']}" if self["rake"] else ""
        return (
            f"{self['fire']} fires her {self['side']} broadside at {self['target']}{rake}: "
            f"{self['band']} range ({num(self['range'])}), {self['need']}+ to hit with "
            f"{guns}; {num(odds.get('expected_unsaved', 0))} unsaved hits expected, "
            f"{odds.get('p_any_unsaved', 0):.0%} chance of any"
        )


class Critical(Event):
    """A critical hit: the row of the high or low table it came up on."""

    __slots__ = ()

    def __init__(self, target: str, high: bool, row: int) -> None:
        super().__init__(critical=target, table="high" if high else "low", row=row)

    def text(self) -> str:
        on, row, table = self["critical"], self["row"], self["table"]
        return f"a critical hit on {on}: row {row} of the {table} table"


#: Damage as a player reads it, by the key it is counted under.
_LOST = {"hull": ("hull box", "hull boxes"), "crew": ("crew box", "crew boxes"),
         "rigging": ("rigging box", "rigging boxes"), "gun": ("gun", "guns")}  # fmt: skip


class Damage(Event):
    """What one hit did to her, counted as the rows and her hull track give it (the keys
    come in the order the damage is taken)."""

    __slots__ = ()

    def __init__(self, target: str) -> None:
        super().__init__(damage=target)

    def add(self, what: str, n: int = 1) -> None:
        """``n`` more of ``what`` lost (hull, crew, rigging, gun)."""
        self[what] = self.get(what, 0) + n

    def mast(self, name: str, n: int) -> None:
        self["mast"] = {name: n}

    def flag(self, what: str) -> None:
        """Her rudder shot away, or she is holed below the waterline."""
        self[what] = True

    def text(self) -> str:
        lost: list[str] = []
        for key, v in self.items():
            if key in _LOST:
                lost.append(plural(v, *_LOST[key]))
            elif key == "mast":
                lost += [f"{plural(n, 'box', 'boxes')} of her {m} mast" for m, n in v.items()]
            elif key == "rudder":
                lost.append("her rudder shot away")
            elif key == "holed":
                lost.append("holed below the waterline")
        return f"{self['damage']} is hit: " + (listed(lost) if lost else "no damage")


class Struck(Event):
    """She has struck her colours, and to whom (None: nobody took her)."""

    __slots__ = ()
    weight = 2

    def __init__(self, ship: str, why: str, captured_by: str | None) -> None:
        super().__init__(struck=ship, why=why, captured_by=captured_by)

    def text(self) -> str:
        by = f", taken by the {self['captured_by']}" if self["captured_by"] else ""
        return f"{self['struck']} strikes her colours: {self['why']}{by}"


class Leak(Event):
    """Holed below the waterline, she takes in water at her side's turn's end."""

    __slots__ = ()

    def __init__(self, ship: str, hull: int) -> None:
        super().__init__(leak=ship, hull=hull)

    def text(self) -> str:
        return f"{self['leak']} leaks: {plural(self['hull'], 'hull box', 'hull boxes')} lost"


class Repaired(Event):
    """Something shot away is mended (her rudder)."""

    __slots__ = ()

    def __init__(self, ship: str, what: str) -> None:
        super().__init__(repaired=ship, what=what)

    def text(self) -> str:
        return f"{self['repaired']}'s {self['what']} is repaired"
