"""Exact odds of a whole broadside, before the dice are rolled.

Each die hits with probability ``p_hit``; a hit is then saved with the probability of its
gun type's save.  Hits and unsaved hits are sums of independent Bernoulli trials, so
their distributions are convolutions, computed in exact fractions.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any


def binomial(n: int, p: Fraction) -> list[Fraction]:
    return [comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]


def convolve(a: list[Fraction], b: list[Fraction]) -> list[Fraction]:
    out = [Fraction(0)] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] += x * y
    return out


def broadside(groups: list[tuple[int, Fraction, Fraction]]) -> dict[str, Any]:
    """``groups``: (dice, p_hit, p_save) per gun type.  P(k hits), P(k unsaved hits)."""
    hits = [Fraction(1)]
    unsaved = [Fraction(1)]
    for n, p_hit, p_save in groups:
        hits = convolve(hits, binomial(n, p_hit))
        unsaved = convolve(unsaved, binomial(n, p_hit * (1 - p_save)))
    return {
        "hits": [round(float(p), 6) for p in hits],
        "unsaved": [round(float(p), 6) for p in unsaved],
        "expected_hits": round(float(sum(k * p for k, p in enumerate(hits))), 4),
        "expected_unsaved": round(float(sum(k * p for k, p in enumerate(unsaved))), 4),
        "p_any_unsaved": round(float(1 - unsaved[0]), 6),
    }
