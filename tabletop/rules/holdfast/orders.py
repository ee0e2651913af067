"""Movement orders: the five phases' actions a ship plots before the turn (HF-5, HF-8..22).

The source's notation: ← / → turn to port / starboard, forward, RS / LS raise / lower
sail, DA / WA drop / weigh anchor, D drift.  In text each phase is one word: ``F`` (or
``↑``) forward, ``P`` (``←``) port, ``S`` (``→``) starboard, ``RS``, ``LS``, ``DA``,
``WA``, ``D``, and ``-`` for no action.  A ship's orders are five such words.

A ship of speed s acts in the phases of ``schedule(s)``; raising or lowering sail (in
any phase, once a turn) changes the speed from the next phase on, so the schedule of the
rest of the turn is the new speed's (the source's Victory example).  Pure functions: the
engine executes orders, the window previews them (:func:`poses_after`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from tabletop.geometry.angles import normalise, relative_wind
from tabletop.geometry.pose import Pose

#: Each phase word, in every spelling the notation allows → its one canonical form.
WORDS = {
    "F": "F", "↑": "F", "P": "P", "←": "P", "<": "P", "S": "S", "→": "S", ">": "S",
    "RS": "RS", "LS": "LS", "DA": "DA", "WA": "WA", "D": "D", "-": "-",
}  # fmt: skip
MOVES = frozenset({"F", "P", "S"})
PHASES = 5
NUMERALS = ("I", "II", "III", "IV", "V")


def canonical(word: str) -> str | None:
    return WORDS.get(word.upper() if word.isascii() else word)


@dataclass(frozen=True)
class Plan:
    """A plot checked against the rules: the speed in each phase (after its action),
    and what it breaks (empty when it may be plotted)."""

    orders: tuple[str, ...]
    speeds: tuple[int, ...]
    problems: tuple[str, ...]


def check(
    orders: tuple[str, ...],
    speed: int,
    top: int,
    anchored: bool,
    rudder: bool,
    table: Mapping[int, tuple[int, ...]],
) -> Plan:
    """Whether five orders may be plotted by a ship now at ``speed`` (of top speed
    ``top``): moves only in her phases, one sail change and one anchor action of each
    kind a turn (HF-10, HF-21), anchors only at speed 0 (HF-19), no sail or moves at
    anchor, WA only at anchor (HF-20), D only in phase V at speed 0 (HF-22), no turns
    without a rudder (HF-49)."""
    bad: list[str] = []
    speeds: list[int] = []
    sail = dropped = weighed = False
    for p, word in enumerate(orders, 1):
        at = f"phase {NUMERALS[p - 1]} '{word}'"
        acts = p in table.get(speed, ())
        if word in MOVES:
            if anchored:
                bad.append(f"{at}: she is at anchor (weigh anchor first)")
            elif not acts:
                phases = ", ".join(NUMERALS[q - 1] for q in table.get(speed, ())) or "none"
                bad.append(f"{at}: at speed {speed} she acts in phases {phases}")
            elif rudder and word != "F":
                bad.append(f"{at}: her rudder is shot away: no turns until it is repaired")
        elif word in ("RS", "LS"):
            if sail:
                bad.append(f"{at}: sail is raised or lowered once a turn")
            elif anchored:
                bad.append(f"{at}: she is at anchor (weigh anchor first)")
            elif word == "RS" and speed >= top:
                bad.append(f"{at}: she is at her top speed {top}")
            elif word == "LS" and speed <= 0:
                bad.append(f"{at}: she is already at speed 0")
            else:
                speed += 1 if word == "RS" else -1
            sail = True
        elif word == "DA":
            if dropped or anchored or speed > 0:
                bad.append(f"{at}: an anchor is dropped once a turn, at speed 0, not at anchor")
            anchored = dropped = True
        elif word == "WA":
            if weighed or not anchored:
                bad.append(f"{at}: an anchor is weighed once a turn, at anchor")
            anchored, weighed = False, True
        elif word == "D" and (p != PHASES or speed > 0 or anchored):
            bad.append(f"{at}: she drifts only at speed 0, not at anchor, after phase V")
        speeds.append(speed)
    return Plan(orders, tuple(speeds), tuple(bad))


def nearest_point(heading: float, pivot: float) -> float:
    """The compass point (a multiple of the pivot) nearest this heading: the fudge is
    taken up at each move, so it never accumulates (HF-16, HF-17)."""
    return float(normalise(pivot * round(heading / pivot)))


def forward(pose: Pose, step: float, pivot: float) -> Pose:
    """One forward action: ``step`` along the nearest point, which she then heads."""
    h = nearest_point(pose.heading, pivot)
    r = math.radians(h)
    return Pose(pose.x + step * math.sin(r), pose.y + step * math.cos(r), h)


def pivot_to(pose: Pose, word: str, pivot: float) -> Pose:
    """One turn action: to the next point to port or starboard, about the centre."""
    h = nearest_point(pose.heading, pivot) + (pivot if word == "S" else -pivot)
    return Pose(pose.x, pose.y, float(normalise(h)))


def with_drift(
    poses: tuple[Pose, ...],
    words: tuple[str, ...],
    speed: int,
    held: bool,
    wind_from: float,
    step: float,
) -> tuple[Pose, ...]:
    """A legal plot's poses after each phase with, where it leaves her at speed 0 and
    not at anchor (``held``: at anchor or aground as the turn begins), her drift after
    phase V in the last (HF-22): where she will lie when the turn is over."""
    end = speed + words.count("RS") - words.count("LS")
    if end > 0 or "DA" in words or (held and "WA" not in words):
        return poses
    return (*poses[:-1], drifted(poses[-1], wind_from, step))


def drifted(pose: Pose, wind_from: float, step: float) -> Pose:
    """Where a ship at speed 0, not at anchor, lies after her drift at the end of phase
    V: one step downwind, her heading kept (HF-22)."""
    lee = Pose(pose.x, pose.y, float(normalise(wind_from + 180))).forward(step)
    return Pose(lee.x, lee.y, pose.heading)


def into_wind(wind_from: float, heading: float, edge: float) -> bool:
    """Whether her bow points into the wind (θ below the first sailing sector's edge):
    a forward move then is a wasted action, no movement at all (HF-18)."""
    return float(relative_wind(wind_from, heading)) < edge


def poses_after(
    start: Pose,
    orders: tuple[str, ...],
    speed: int,
    table: Mapping[int, tuple[int, ...]],
    wind_from: float,
    step: float,
    pivot: float,
    edge: float,
) -> tuple[Pose, ...]:
    """Where she will be after each phase I-V if nothing stops her (no collision, no
    damage).  Drift after phase V is not included (:func:`with_drift` adds it)."""
    pose, out = start, []
    for p, word in enumerate(orders, 1):
        if word in MOVES and p in table.get(speed, ()):
            if word == "F" and not into_wind(wind_from, pose.heading, edge):
                pose = forward(pose, step, pivot)
            elif word in "PS":
                pose = pivot_to(pose, word, pivot)
        elif word == "RS":
            speed += 1
        elif word == "LS":
            speed = max(0, speed - 1)
        out.append(pose)
    return tuple(out)
