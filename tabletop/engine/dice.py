"""Dice from a counter-based generator kept in the game state.

Roll ``k`` of a game is a pure function of ``(seed, k)`` (a BLAKE2b hash), so the state
only needs the seed and how many dice were rolled so far: replaying a log gives the same
rolls, undoing and redoing never re-rolls, and a saved game is a few integers.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field


def die(seed: int, k: int, sides: int = 6) -> int:
    """The ``k``-th roll of a ``sides``-sided die for this seed (uniform to 1 part in 2^64)."""
    h = hashlib.blake2b(f"{seed}:{k}".encode(), digest_size=16).digest()
    return int.from_bytes(h, "big") % sides + 1


@dataclass
class Dice:
    """A cup of dice for one action: rolls advance the counter and are written down."""

    seed: int
    counter: int
    rolled: list[dict[str, object]] = field(default_factory=list)

    def roll(self, n: int, why: str, sides: int = 6) -> list[int]:
        out = [die(self.seed, self.counter + i, sides) for i in range(n)]
        self.counter += n
        self.rolled.append({"why": why, "dice": out, "sides": sides})
        return out

    def d(self, expr: int | str, why: str) -> int:
        """A fixed number, or ``"D3"`` / ``"D6"`` rolled."""
        if isinstance(expr, int):
            return expr
        sides = int(str(expr).upper().lstrip("D"))
        if sides == 3:
            return (self.roll(1, why)[0] + 1) // 2  # a D3 is a d6 halved, rounded up
        return self.roll(1, why, sides)[0]
