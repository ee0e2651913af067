"""What fire and the sea's hazards do to a Hold Fast ship, each event in its own words:
the dice of a broadside or of marines, the damage chart, and what each result marks
off her sheet (hull boxes, mast circles, batteries, marines, morale)."""

from __future__ import annotations

from tabletop.engine.events import Event, plural


def cause(why: str) -> str:
    """Why she took it, as a player reads it: the engine's "damage: mast" is a mast hit,
    "critical hit: fire" a critical fire hit, "boarded" being boarded; anything else
    ("ran onto the reef") as what she was doing ("running onto the reef")."""
    if why in _CAUSES:
        return _CAUSES[why]
    for did, doing in (("ran onto ", "running onto "), ("struck bottom", "striking bottom")):
        if why.startswith(did):
            return doing + why.removeprefix(did)
    if why.startswith("damage: "):
        return f"a {why.removeprefix('damage: ')} hit"
    if why.startswith("critical hit: "):
        return f"a critical {why.removeprefix('critical hit: ')} hit"
    return why


_CAUSES = {"boarded": "being boarded", "collision": "the collision"}


class Fires(Event):
    """A declared battery group's to-hit dice, and the hits they made."""

    __slots__ = ()

    def __init__(
        self, ship: str, target: str, battery: str, side: str, range_: int, need: int,
        rolls: list[int], hits: int,
    ) -> None:  # fmt: skip
        super().__init__(fires=ship, target=target, battery=battery, side=side, range=range_,
                         need=need, rolls=rolls, hits=hits)  # fmt: skip

    def words(self) -> str:
        return (
            f"{self['fires']}'s {self['side']} {self['battery']} guns fire at "
            f"{self['target']}, range {self['range']}, {self['need']}+ to hit: "
            f"{plural(self['hits'], 'hit')}"
        )

    def text(self) -> str:
        rolled = ", ".join(str(r) for r in self["rolls"]) or "no dice"
        return f"{self.words()} (rolled {rolled})"

    def faces(self) -> tuple[list[int], int, int | None] | None:
        return (list(self["rolls"]), 6, self["need"]) if self["rolls"] else None


class MarineDice(Event):
    """Marines firing, or a boarding attack: a d6 per detachment, and the sixes."""

    __slots__ = ()

    def __init__(self, kind: str, ship: str, target: str, rolls: list[int], hits: int) -> None:
        super().__init__(**{kind: ship}, target=target, rolls=rolls, hits=hits)

    def words(self) -> str:
        kind, ship = next(iter(self.items()))
        what = "boards" if kind == "board" else "'s marines fire at"
        sep = " " if kind == "board" else ""
        return f"{ship}{sep}{what} {self['target']}: {plural(self['hits'], 'hit')}"

    def text(self) -> str:
        rolled = ", ".join(str(r) for r in self["rolls"]) or "no dice"
        return f"{self.words()} (rolled {rolled})"

    def faces(self) -> tuple[list[int], int, int | None] | None:
        return (list(self["rolls"]), 6, 6) if self["rolls"] else None


#: A damage chart result as a player reads it.
RESULTS = {"miss": "a miss", "none": "no effect", "fire": "fire breaks out",
           "magazine": "the magazine explodes"}  # fmt: skip


class Chart(Event):
    """One damage point's roll on the damage chart, and its result."""

    __slots__ = ()

    def __init__(self, why: str, row: int, column: int, result: str) -> None:
        super().__init__(chart=why, row=row, column=column, result=result)

    def text(self) -> str:
        res = self["result"]
        said = RESULTS.get(res, f"a {res} hit")
        return (
            f"damage chart, row {self['row']}, column {self['column']}: {said} "
            f"({self['chart']})"
        )


class Hull(Event):
    __slots__ = ()

    def __init__(self, ship: str, boxes: int, why: str, left: int) -> None:
        super().__init__(hull=ship, boxes=boxes, why=why, left=left)

    def text(self) -> str:
        return (
            f"{self['hull']} loses {plural(self['boxes'], 'hull box', 'hull boxes')} to "
            f"{cause(self['why'])}, {self['left']} left"
        )


class Masts(Event):
    __slots__ = ()

    def __init__(self, ship: str, circles: int, why: str, left: int) -> None:
        super().__init__(masts=ship, circles=circles, why=why, left=left)

    def text(self) -> str:
        return (
            f"{self['masts']} loses {plural(self['circles'], 'mast circle')} to "
            f"{cause(self['why'])}, {self['left']} left"
        )


class TopSpeed(Event):
    """A section of hull or masts lost costs her top speed."""

    __slots__ = ()

    def __init__(self, ship: str, now: int) -> None:
        super().__init__(top_speed=ship, now=now)

    def text(self) -> str:
        return f"{self['top_speed']}'s top speed falls to {self['now']}"


class Morale(Event):
    __slots__ = ()

    def __init__(self, ship: str, why: str, left: int) -> None:
        super().__init__(morale=ship, why=why, left=left)

    def text(self) -> str:
        return (
            f"{self['morale']}'s crew lose heart at {cause(self['why'])}: "
            f"{plural(self['left'], 'morale box', 'morale boxes')} left"
        )


class MoraleCheck(Event):
    """Her last morale box: a roll at or above her factor and she strikes."""

    __slots__ = ()

    def __init__(self, ship: str, why: str, roll: int, strikes_on: int) -> None:
        super().__init__(morale_check=ship, why=why, roll=roll, strikes_on=strikes_on)

    def text(self) -> str:
        roll, need = self["roll"], self["strikes_on"]
        holds = "she strikes" if roll >= need else "she fights on"
        return (
            f"{self['morale_check']}'s morale is tested by {cause(self['why'])}: "
            f"rolled {roll}, striking on {need} or more, {holds}"
        )


class Struck(Event):
    __slots__ = ()
    weight = 2

    def __init__(self, ship: str) -> None:
        super().__init__(struck=ship)

    def text(self) -> str:
        return f"{self['struck']} strikes her colours"


class Sinking(Event):
    __slots__ = ()

    def __init__(self, ship: str, phases: int) -> None:
        super().__init__(sinking=ship, phases=phases)

    def text(self) -> str:
        return f"{self['sinking']} is sinking: she goes down in {plural(self['phases'], 'phase')}"


class Cannon(Event):
    """A battery destroyed (``side`` None: she had none left to lose)."""

    __slots__ = ()

    def __init__(self, ship: str, side: str | None, battery: str = "") -> None:
        if side is None:
            super().__init__(cannon=ship, side=None, why="no battery left")
        else:
            super().__init__(cannon=ship, side=side, battery=battery)

    def text(self) -> str:
        if self["side"] is None:
            return f"{self['cannon']} has no battery left to lose"
        return f"{self['cannon']} loses a {self['battery']} battery on her {self['side']} side"


class MarinesLost(Event):
    __slots__ = ()

    def __init__(self, ship: str, left: int) -> None:
        super().__init__(marines=ship, lost=1, left=left)

    def text(self) -> str:
        return f"{self['marines']} loses a marine detachment, {self['left']} left"


class NoDamage(Event):
    __slots__ = ()

    def __init__(self, ship: str) -> None:
        super().__init__(no_damage=ship)

    def text(self) -> str:
        return f"{self['no_damage']} takes no damage"


#: A critical result as it befalls her.
CRITICAL_WORDS = {
    "fire": "she is on fire", "magazine": "her magazine explodes",
    "rudder": "her rudder is shot away", "wheel": "her wheel is shot away",
}  # fmt: skip


class Critical(Event):
    __slots__ = ()

    def __init__(self, ship: str, result: str) -> None:
        super().__init__(critical=ship, result=result)

    def text(self) -> str:
        res = self["result"]
        return f"a critical hit on {self['critical']}: {CRITICAL_WORDS.get(res, res)}"
