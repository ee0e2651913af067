"""What an action caused, each kind of event a small class that says itself in words.

An event is a ``dict`` (its keys are the JSON ``run --json`` prints, the tests compare and
the window filters), and a subclass of :class:`Event` whose typed ``__init__`` fills
exactly those keys (so mypy checks every emitter) and whose :meth:`Event.text` is the
plain-English line a player reads in the log ("amazon tacks onto the port tack, now
heading 45°"), written by the rules that know what the event means rather than by a
renderer guessing from its keys.  Plain classes, not dataclasses: each costs nothing to
import, and the command line starts cold.

The kernel's own kinds live here (an order, a roll of the dice, a new turn, the battle
won); each ruleset's kinds live in its own package.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar


class Event(dict[str, Any]):
    """One thing that happened, as its keys and as its words."""

    __slots__ = ()
    #: How much of the news it is, for the one line the window's message shows: an
    #: order -1 (what the player did, not news), a roll 0, what happened 1, a ship
    #: struck 2, the battle won 3; the heaviest, the latest of equals, is shown.
    weight: ClassVar[int] = 1
    #: An order is said flush left, what it caused indented under it.
    order: ClassVar[bool] = False

    def text(self) -> str:
        """The event as a sentence a player reads (no indentation: the log adds it)."""
        raise NotImplementedError(type(self).__name__)

    def faces(self) -> tuple[list[int], int, int | None] | None:
        """The dice it rolled, for a log that draws them: their faces, their sides and
        the least face that makes what they were rolled for (None where none does);
        None for an event that rolled none."""
        return None

    def words(self) -> str:
        """Its words without the dice :meth:`faces` gives (the log draws those)."""
        return self.text()


def num(x: float) -> str:
    """A figure as a player writes it: 12.5, 3 (never 3.0 or 12.500001)."""
    return f"{round(x, 2):g}"


def listed(items: Iterable[object]) -> str:
    """Names or figures as a sentence lists them: "a", "a and b", "a, b and c"."""
    said = [num(x) if isinstance(x, float) else str(x) for x in items]
    if len(said) < 2:
        return "".join(said)
    return ", ".join(said[:-1]) + " and " + said[-1]


def plural(n: int, one: str, many: str | None = None) -> str:
    """A count and its noun agreed: "1 box", "2 boxes"."""
    return f"{n} {one if n == 1 else many or one + 's'}"


class Order(Event):
    """An order as given, by the side that gave it (a decision's answer by its decider)."""

    __slots__ = ()
    weight = -1
    order = True

    def __init__(self, action: str, turn: int, side: str | None) -> None:
        super().__init__(action=action, turn=turn, side=side)

    def text(self) -> str:
        """As a game's record writes it: "british: move amazon F2 S30"; a side's "end"
        as its part of the turn or step done ("french is done")."""
        action, side = self["action"], self["side"]
        if not side:
            return str(action)
        return f"{side} is done" if action == "end" else f"{side}: {action}"


class Roll(Event):
    """Dice rolled, and why (the cup writes one for every roll)."""

    __slots__ = ()
    weight = 0

    def __init__(self, why: str, dice: list[int], sides: int, need: int | None = None) -> None:
        super().__init__(why=why, dice=dice, sides=sides)
        if need is not None:
            self["need"] = need

    def text(self) -> str:
        return f"rolls {listed(self['dice'])} ({self['why']})"

    def faces(self) -> tuple[list[int], int, int | None] | None:
        return (list(self["dice"]), int(self["sides"]), self.get("need")) if self["dice"] else None

    def words(self) -> str:
        return str(self["why"])


class TurnBegins(Event):
    """A new turn, and the side whose turn it is."""

    __slots__ = ()

    def __init__(self, turn: int, active: str) -> None:
        super().__init__(turn=turn, active=active)

    def text(self) -> str:
        return f"turn {self['turn']}, {self['active']} to play"


class Winner(Event):
    """The battle over: a side has won it, or (``"draw"``) nobody has."""

    __slots__ = ()
    weight = 3

    def __init__(self, winner: str, why: str | None = None) -> None:
        super().__init__(winner=winner)
        if why is not None:
            self["why"] = why

    def outcome(self) -> str:
        w = self["winner"]
        return "the battle is drawn" if w == "draw" else f"{w} has won the battle"

    def text(self) -> str:
        why = self.get("why")
        return self.outcome() + (f": {why}" if why else "")


#: The events of one action, in the order they happened.
Events = list[Event]


def hex_at(h: list[int] | tuple[int, ...]) -> str:
    """A hex of a board as a player reads it: "column 11, row -2"."""
    return f"column {h[0]}, row {h[1]}"


class Anchored(Event):
    """She let go her anchor (Man O' War, Hold Fast: any ruleset with anchors)."""

    __slots__ = ()

    def __init__(self, ship: str) -> None:
        super().__init__(anchored=ship)

    def text(self) -> str:
        return f"{self['anchored']} drops anchor"


class Weighed(Event):
    """She weighed her anchor."""

    __slots__ = ()

    def __init__(self, ship: str) -> None:
        super().__init__(weighed=ship)

    def text(self) -> str:
        return f"{self['weighed']} weighs anchor"
