"""Dice, injected into the engine: a counter-based generator, or a script.

Roll ``k`` of a game is a pure function of ``(seed, k)`` (a BLAKE2b hash), so the state
only needs the seed and how many dice were rolled so far: replaying a log gives the same
rolls, undoing and redoing never re-rolls, and a saved game is a few integers.

The engine asks a :class:`DiceSource` for the cup of one action.  The default source
is :class:`HashDice`; :class:`Script` makes chosen outcomes come up (a test's scripted
rolls, the coach replaying the plan in which a tack goes through), as OpenSpiel lets any
caller choose a chance outcome.  Either way the counter advances by every die rolled,
so what follows a scripted roll is still a function of the state.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol

from tabletop.engine.events import Events, Roll


def die(seed: int, k: int, sides: int = 6) -> int:
    """The ``k``-th roll of a ``sides``-sided die for this seed (uniform to 1 part in 2^64)."""
    h = hashlib.blake2b(f"{seed}:{k}".encode(), digest_size=16).digest()
    return int.from_bytes(h, "big") % sides + 1


@dataclass
class Dice:
    """A cup of dice for one action: rolls advance the counter and are written down.

    ``draw`` gives each die; the base cup draws from the hash generator.
    """

    seed: int
    counter: int
    rolled: Events = field(default_factory=list)

    def draw(self, k: int, why: str, sides: int) -> int:
        return die(self.seed, k, sides)

    def roll(self, n: int, why: str, sides: int = 6, need: int | None = None) -> list[int]:
        """``n`` dice, written down with why they were rolled; ``need``: the least face
        that makes what each die is rolled for (a hit, a save), where one face does,
        written down too so the dice can be shown made or failed."""
        out = [self.draw(self.counter + i, why, sides) for i in range(n)]
        self.counter += n
        self.rolled.append(Roll(why, out, sides, need))
        return out

    def d(self, expr: int | str, why: str) -> int:
        """A fixed number, or ``"D3"`` / ``"D6"`` rolled (validated when the template is read)."""
        if isinstance(expr, int):
            return expr
        sides = int(str(expr).upper().lstrip("D"))
        if sides == 3:
            return (self.roll(1, why)[0] + 1) // 2  # a D3 is a d6 halved, rounded up
        return self.roll(1, why, sides)[0]


class DiceSource(Protocol):
    """What the engine asks for the dice of one action."""

    def __call__(self, seed: int, counter: int, rolled: Events) -> Dice: ...


def hash_dice(seed: int, counter: int, rolled: Events) -> Dice:
    """The default source: the counter-based generator."""
    return Dice(seed, counter, rolled)


@dataclass
class _ScriptedCup(Dice):
    script: Script | None = None

    def draw(self, k: int, why: str, sides: int) -> int:
        assert self.script is not None
        got = self.script.next(why, sides)
        return die(self.seed, k, sides) if got is None else got


@dataclass
class Script:
    """A dice source whose outcomes are chosen: first any ``queue``d values in order (one
    per die, whatever it is for), then a fixed value for any roll whose reason starts with
    a key of ``when``; anything else comes from the hash generator."""

    queue: list[int] = field(default_factory=list)
    when: dict[str, int] = field(default_factory=dict)

    def __call__(self, values: Iterable[int]) -> None:
        """Queue more values: the next dice rolled come out as listed."""
        self.queue.extend(values)

    def next(self, why: str, sides: int) -> int | None:
        if self.queue:
            return self.queue.pop(0)
        for prefix, value in self.when.items():
            if why.startswith(prefix):
                return value
        return None

    def cup(self, seed: int, counter: int, rolled: Events) -> Dice:
        return _ScriptedCup(seed, counter, rolled, script=self)
