"""Plotting orders ahead in the window (no arcade here): the panel a side fills in while
the other looks away, and what the plot foresees.

A ruleset whose orders are plotted for several phases says so through
:meth:`Ruleset.plot_spec` (the verb, the side, its ships, the slots and the words a slot
takes); :meth:`Look.phase_poses` says where a ship will be after each slot.  The panel
keeps one plot per ship, lays itself out as boxes the window draws and clicks, and gives
the plot as the ruleset's one action.  The foresight judges the plot against the table:
the rule it breaks, and where a ghost would meet another ship (her own side's ships as
plotted, the enemy's as they stand: their orders are secret); :func:`plot_scene` draws
the ghosts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tabletop.common.errors import TabletopError
from tabletop.common.units import TOL
from tabletop.geometry.pose import Pose
from tabletop.model.scenario import Scenario
from tabletop.rules.base import PlotSpec
from tabletop.view.scene import COLLISION, Color, Label, Line, Scene, side_colours

Rect = tuple[float, float, float, float]  # left, right, bottom, top (screen pixels)

CELL_W, CELL_H, GAP = 38.0, 22.0, 4.0
NAME_W = 96.0


@dataclass(frozen=True)
class Box:
    """One thing of the panel on screen: a cell of a plot, a word, a button, a caption.
    ``command`` is what a click on it does (empty: nothing)."""

    rect: Rect
    text: str
    command: tuple[str, ...] = ()
    lit: bool = False  # the cell being filled, or the word it holds


@dataclass
class PlotPanel:
    """One side's plot being made: five words per ship, one cell chosen to fill."""

    spec: PlotSpec
    plots: dict[str, list[str]] = field(default_factory=dict)
    ship: str = ""
    slot: int = 0
    shown: bool = False  # the screen has been passed to the plotting side

    @classmethod
    def start(cls, spec: PlotSpec, shown: bool) -> PlotPanel:
        n = len(spec.slots)
        plots = {s: [spec.blank] * n for s in spec.ships}
        return cls(spec, plots, spec.ships[0] if spec.ships else "", 0, shown)

    def put(self, word: str) -> None:
        """The chosen cell takes the word, and the next cell she may act in is chosen
        (the next cell, where the spec does not say: ``acting``).  The panel took F in
        phase II of a ship whose speed acts in I, III and V, and refused the plot."""
        if self.ship in self.plots:
            self.plots[self.ship][self.slot] = word
            acting = self.acting(self.ship)
            later = [k for k in range(self.slot + 1, len(self.spec.slots))
                     if acting is None or k in acting]  # fmt: skip
            self.slot = later[0] if later else min(self.slot + 1, len(self.spec.slots) - 1)

    def acting(self, ship: str) -> frozenset[int] | None:
        """The slots she may act in as her plot stands (``PlotSpec.acts``), or None
        where the spec does not say or a word of hers changes them (a sail change)."""
        acts = dict(self.spec.acts).get(ship)
        if acts is None or any(w in self.spec.alters for w in self.plots.get(ship, ())):
            return None
        return frozenset(acts)

    def pick(self, ship: str, slot: int) -> None:
        if ship in self.plots and 0 <= slot < len(self.spec.slots):
            self.ship, self.slot = ship, slot

    def clear(self) -> None:
        """The chosen ship's plot back to nothing."""
        if self.ship in self.plots:
            self.plots[self.ship] = [self.spec.blank] * len(self.spec.slots)
            self.slot = 0

    def action(self) -> str:
        return self.spec.action(self.plots)

    def click(self, command: tuple[str, ...]) -> str | None:
        """Do what a box says; the action to play when the plot is given, else None."""
        kind = command[0] if command else ""
        if kind == "cell":
            self.pick(command[1], int(command[2]))
        elif kind == "word":
            self.put(command[1])
        elif kind == "clear":
            self.clear()
        elif kind == "ready":
            self.shown = True
        elif kind == "give":
            return self.action()
        elif kind == "type":
            self.type_words(command[1])
        return None

    def type_words(self, text: str) -> None:
        """The chosen ship's plot typed as words (``RS F - F F``); a wrong word or count
        is refused with what was expected (TabletopError), the plot left as it was."""
        words = text.split()
        known = {w.upper(): w for w, _ in self.spec.words}
        n = len(self.spec.slots)
        bad = [w for w in words if w.upper() not in known]
        if bad or len(words) != n:
            raise TabletopError(
                f"{self.ship}'s orders: {n} words of {' '.join(known.values())}, found "
                f"'{text.strip()}'"
            )
        self.plots[self.ship] = [known[w.upper()] for w in words]

    def height(self) -> float:
        """The panel's height on screen (the table is fitted below it)."""
        return -min(b.rect[2] for b in self.layout(0.0, 0.0, {}))

    def layout(self, left: float, top: float, notes: dict[str, str]) -> list[Box]:
        """The panel laid out from its top-left corner: a heading, a row per ship (her
        name, a cell per slot, what the foresight notes), the words, and the buttons."""
        spec = self.spec
        boxes = [Box((left, left + 420, top - 18, top), f"Orders for {spec.side}: click a "
                     f"cell, then a word (phases {' '.join(spec.slots)})")]  # fmt: skip
        y = top - 22
        for sid in spec.ships:
            y -= CELL_H + GAP
            boxes.append(Box((left, left + NAME_W, y, y + CELL_H), sid, ("cell", sid, "0")))
            acting = self.acting(sid)
            for k, word in enumerate(self.plots[sid]):
                x = left + NAME_W + k * (CELL_W + GAP)
                lit = sid == self.ship and k == self.slot
                idle = acting is not None and k not in acting and word == spec.blank
                shown = "·" if idle else word  # a phase she does not act in
                boxes.append(Box((x, x + CELL_W, y, y + CELL_H), shown, ("cell", sid, str(k)), lit))
            said = notes.get(sid) or dict(spec.hints).get(sid)
            if said:
                x = left + NAME_W + len(spec.slots) * (CELL_W + GAP) + 6
                boxes.append(Box((x, x + 300, y, y + CELL_H), said))
        y -= CELL_H + 2 * GAP
        x = left
        for word, _ in spec.words:
            w = 8.0 * max(len(word), 2) + 14
            boxes.append(Box((x, x + w, y, y + CELL_H), word, ("word", word)))
            x += w + GAP
        y -= CELL_H
        meaning = "  ·  ".join(f"{word} {what}" for word, what in spec.words)
        boxes.append(Box((left, left + 7.0 * len(meaning), y, y + CELL_H), meaning))
        y -= CELL_H + GAP
        boxes.append(Box((left, left + 150, y, y + CELL_H), "give orders (Enter)", ("give",)))
        boxes.append(Box((left + 156, left + 246, y, y + CELL_H), "clear ship", ("clear",)))
        return boxes


def cover(spec: PlotSpec, width: float, height: float, said: str = "") -> list[Box]:
    """Pass the screen: the table hidden until the plotting side's captain is at it.
    The game may still be saved (the line to type where, and what the save said, are
    written on it: the header that shows them is hidden) or the window quit."""
    mid = height / 2
    boxes = [
        Box((0, width, 0, height), ""),
        Box((width / 2 - 260, width / 2 + 260, mid + 20, mid + 44),
            f"{spec.side} to plot the orders: pass the screen to the {spec.side} captain"),
        Box((width / 2 - 260, width / 2 + 260, mid - 4, mid + 18),
            "(the other side looks away: its plot is hidden)"),
        Box((width / 2 - 120, width / 2 + 120, mid - 44, mid - 18),
            f"the {spec.side} captain is here (Space)", ("ready",)),
        Box((width / 2 - 120, width / 2 - 4, mid - 80, mid - 54), "save (Ctrl+S)", ("save",)),
        Box((width / 2 + 4, width / 2 + 120, mid - 80, mid - 54), "quit (Ctrl+Q)", ("quit",)),
    ]  # fmt: skip
    if said:
        boxes.append(Box((width / 2 - 260, width / 2 + 260, mid - 116, mid - 92), said))
    return boxes


@dataclass(frozen=True)
class Foresight:
    """What a plot foresees: each ship's pose after each slot, the rule a plot breaks,
    and the first slot in which a ghost meets another ship (``(slot, other)``)."""

    poses: dict[str, tuple[Pose, ...]]
    problems: dict[str, str]
    meets: dict[str, tuple[int, str]]

    def notes(self, slots: tuple[str, ...]) -> dict[str, str]:
        out = {sid: f"cannot: {why}" for sid, why in self.problems.items()}
        for sid, (k, other) in self.meets.items():
            out.setdefault(sid, f"meets {other} in phase {slots[k]} (if she stands on)")
        return out


def foresee(state: Any, spec: PlotSpec, plots: dict[str, list[str]]) -> Foresight:
    """Judge a plot on the table: ghosts by :meth:`Look.phase_poses`; a collision is
    foreseen where a ghost's base touches a ship it did not touch at the start — her own
    side's ships at their plotted poses of the same slot, the others where they lie."""
    rs = state.scenario.ruleset
    table = state.table()
    poses: dict[str, tuple[Pose, ...]] = {}
    problems: dict[str, str] = {}
    for sid in spec.ships:
        try:
            poses[sid] = tuple(rs.look.phase_poses(state, sid, tuple(plots[sid])))
        except TabletopError as e:
            problems[sid] = str(e).removeprefix(f"{sid}: ")
    meets: dict[str, tuple[int, str]] = {}
    start = {s.id: s.base_polygon() for s in table.ships}
    for sid, ghost in poses.items():
        for k, pose in enumerate(ghost):
            mine = table.ship(sid).moved(pose).base_polygon()
            for other in table.ships:
                if other.id == sid or start[sid].distance(start[other.id]) <= TOL:
                    continue
                theirs = start[other.id]
                if other.id in poses and len(poses[other.id]) > k:
                    theirs = other.moved(poses[other.id][k]).base_polygon()
                if mine.distance(theirs) <= TOL:
                    meets.setdefault(sid, (k, other.id))
            if sid in meets:
                break
    return Foresight(poses, problems, meets)


def plot_scene(scn: Scenario, poses: dict[str, tuple], meets: dict[str, tuple[int, str]],
               slots: tuple[str, ...]) -> Scene:  # fmt: skip
    """A plot's ghosts: each ship's base after each slot in her side's colour, her track
    through them, the slot's numeral beside it (the phases she lies still share one ghost:
    "I–V"); the ghost that meets another ship, and that ship, outlined in the collision
    colour."""
    sc = Scene()
    colours = side_colours(scn)
    for sid, ghost in poses.items():
        ship = scn.ship(sid)
        r, g, b, _ = colours[ship.side]
        track = [(ship.pose.x, ship.pose.y)] + [(p.x, p.y) for p in ghost]
        sc.lines.append(Line(np.array(track), (r, g, b, 200), 1.0))
        hit = meets.get(sid)
        at_pose: dict[tuple[float, float, float], list[int]] = {}
        for k, pose in enumerate(ghost):  # phases she lies still share one ghost
            key = (round(pose.x, 4), round(pose.y, 4), round(pose.heading, 4))
            at_pose.setdefault(key, []).append(k)
        for ks in at_pose.values():
            pose = ghost[ks[0]]
            meet = hit is not None and hit[0] in ks
            colour = COLLISION if meet else (r, g, b, 230)
            corners = ship.moved(pose).base_corners()
            sc.lines.append(Line(corners, colour, 2.0, closed=True))
            text = runs([slots[k] for k in ks if k < len(slots)], slots)
            span = np.ptp(corners, axis=0) / 2  # beside her ghost as it lies, not on it
            sc.labels.append(Label(pose.x, pose.y, text, GHOST_TEXT, clear=span[0], tall=span[1]))
        if hit is not None:
            sc.lines.append(Line(scn.ship(hit[1]).base_corners(), COLLISION, 2.5, closed=True))
    return sc


GHOST_TEXT: Color = (255, 255, 255, 230)


def runs(names: list[str], slots: tuple[str, ...]) -> str:
    """Slots' names with each run of consecutive ones as its first and last: "I–V",
    "I, III–IV" (written out one by one, a ship lying still all turn read
    "I,II,III,IV,V" across her hull)."""
    order = [slots.index(n) for n in names]
    groups: list[list[int]] = []
    for k in order:
        if groups and k == groups[-1][-1] + 1:
            groups[-1].append(k)
        else:
            groups.append([k])
    return ", ".join(
        slots[g[0]] if len(g) == 1 else f"{slots[g[0]]}–{slots[g[-1]]}" for g in groups
    )
