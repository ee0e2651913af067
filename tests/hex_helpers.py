"""Where the hex games' tests stand their ships: one numbering of test hexes for both
Escadres and Frigate (1.5-inch flat hexes, as templated)."""

from __future__ import annotations

#: Where the tests' hex (0, 0) stands on the board: near the middle of a 60-inch table
#: (hex (0, 0) of the grid itself is at the table's corner).  A helper's ``text`` shifts
#: every ship's hex by it; ``game`` and the helpers give hexes back relative to it.
OFF = (31, -8)


def at(h):
    """A test hex on the board."""
    return h[0] + OFF[0], h[1] + OFF[1]


def rel(h):
    """A board hex as the tests number it."""
    return h[0] - OFF[0], h[1] - OFF[1]
