"""Courses for the tacking drill: a mark dead upwind, or a shipped practice scenario."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import numpy as np

from tabletop import rules
from tabletop.coach.coaching import Course
from tabletop.common.errors import TabletopError
from tabletop.data.reader import Reader
from tabletop.game.load import load_roster, read_class
from tabletop.game.logs import SEED_RANGE
from tabletop.game.saved import MAX_SEED
from tabletop.geometry.angles import normalise
from tabletop.geometry.pose import Pose
from tabletop.model.scenario import Scenario, Ship, ShipClass, Terrain, Wind
from tabletop.rules.base import Ruleset


def _class(ruleset: Ruleset, class_id: str, unit: str) -> ShipClass:
    file, roster = load_roster(ruleset)
    if class_id not in roster:
        raise TabletopError(f"{file}: no class '{class_id}' (classes: {', '.join(roster)})")
    r = Reader(file)
    cls = read_class(r, roster[class_id], class_id, class_id, ruleset.units, unit, ruleset)
    r.raise_if_any()
    return cls


def make_course(
    ruleset: str = "trafalgar-modified",
    distance: float | None = None,
    seed: int | None = None,
    class_id: str | None = None,
    islands: int | None = None,
    gate: float | None = None,
) -> Course:
    """A mark ``distance`` dead upwind of a ship lying close-hauled on the port tack.

    With a ``seed``, up to two islands lie somewhere on the way (placed by that seed);
    the seed also rolls the game's dice.
    """
    if seed is not None and abs(seed) >= MAX_SEED:  # it rolls the dice: a log's bound
        raise TabletopError(f"--seed: expected {SEED_RANGE}, found {seed}")
    rs = rules.load(ruleset)
    if rs.drill is None:
        sails = [n for n in rules.names() if rules.load(n).drill is not None]
        raise TabletopError(f"--ruleset: the drill sails {', '.join(sails)}; found '{ruleset}'")
    unit = rs.units
    default_cls, default_d, radius = rs.drill.cls, rs.drill.distance, rs.drill.radius
    d = float(distance if distance is not None else default_d)
    if not 0 < d <= 1000:
        raise TabletopError(f"--distance: expected a distance above 0 {unit}, found {distance}")
    cls = _class(rs, class_id or default_cls, unit)
    margin = 0.25 * d + 10
    # room to reach across and come about: a drill that runs off the table is lost
    width = max(0.9 * d, 100.0 if unit == "cm" else 40.0)
    depth = d + 2 * margin
    start = (width / 2, margin)
    mark = (width / 2, margin + d)
    theta = float(rs.caps.close_hauled or 0.0)
    ship = Ship("pupil", cls, "pupil", Pose(start[0], start[1], normalise(theta)))
    terrain: list[Terrain] = []
    if seed is not None:
        rnd = random.Random(seed)
        n = islands if islands is not None else rnd.randint(1, 2)
        size = max(1.5, 0.06 * d)
        for k in range(n):
            for _ in range(100):
                cx = rnd.uniform(0.15 * width, 0.85 * width)
                cy = rnd.uniform(start[1] + 0.2 * d, mark[1] - 0.2 * d)
                ok = all(math.hypot(cx - px, cy - py) > size * 2.5 for px, py in (start, mark))
                if ok:
                    break
            pts = [
                (
                    cx + size * math.cos(a) * (0.7 + 0.3 * rnd.random()),
                    cy + size * math.sin(a) * (0.7 + 0.3 * rnd.random()),
                )
                for a in np.linspace(0, 2 * math.pi, 7)[:-1]
            ]
            terrain.append(Terrain("land", tuple(pts), f"island {k + 1}"))
    scn = Scenario(
        name=f"Tacking drill, {d:g} {unit}",
        ruleset=rs,
        units=unit,
        width=width,
        depth=depth,
        wind=Wind(0.0, "moderate"),
        ships=(ship,),
        terrain=tuple(terrain),
        seed=seed if seed is not None else 0,
        source="",
        options={"mark": {"x": mark[0], "y": mark[1]}},
    )
    if gate is not None and not 0 < gate <= width:
        raise TabletopError(f"--gate: expected a width above 0 and within the table, found {gate}")
    key = f"{ruleset}/{cls.id}/{d:g}{unit}/seed-{seed}" + (f"/gate-{gate:g}" if gate else "")
    return Course(scn, "pupil", mark, radius, key, gate)


def course_from_scenario(scn: Scenario) -> Course:
    """A shipped practice scenario: its one ship and its `mark = { x, y }`."""
    mark = scn.options.get("mark")
    if mark is None:  # "expected { x = ..., y = ... }" did not say it had none
        raise TabletopError(
            f"{scn.source}: scenario.mark: missing: this scenario has no mark to sail to "
            "(a practice scenario gives one: mark = { x = ..., y = ... })"
        )
    if not isinstance(mark, dict) or not {"x", "y"} <= set(mark):
        raise TabletopError(f"{scn.source}: scenario.mark: expected {{ x = ..., y = ... }}")
    radius = scn.ruleset.drill.radius if scn.ruleset.drill is not None else 3.0
    r = Reader(scn.source)
    x = r.coordinate(mark, "scenario.mark", "x", scn.units)
    y = r.coordinate(mark, "scenario.mark", "y", scn.units)
    radius = r.length(mark, "scenario.mark", "radius", scn.units, default=radius)
    r.raise_if_any()
    if not scn.holds(x, y):
        raise TabletopError(
            f"{scn.source}: scenario.mark: expected a mark on the table, found ({x:g}, {y:g})"
        )
    return Course(scn, scn.ships[0].id, (x, y), radius, f"scenario/{Path(scn.source).stem}")


def next_course(course: Course, seed: int) -> Course:
    """A fresh course like this one (the ruleset, the class, the distance to the mark,
    a gate) laid from a new ``seed``: the drill's "new course"."""
    scn = course.scenario
    start = scn.ship(course.ship).pose
    distance = math.hypot(course.mark[0] - start.x, course.mark[1] - start.y)
    cls = scn.ship(course.ship).cls.id
    return make_course(scn.ruleset.name, round(distance, 6), seed, cls, None, course.gate)


def course_toml(course: Course) -> str:
    """The course as a scenario file (its mark under ``scenario.mark``), so a save of a
    course laid in code names a file that ``tabletop check`` and ``run --load`` read:
    it named none ("scenario": "p"), and both refused it.  Numbers are written as
    Python's shortest exact form, so the file loads back to the very same table."""
    scn = course.scenario
    ship = scn.ship(course.ship)
    (mx, my), p = course.mark, ship.pose
    lines = [
        "# A tacking drill's course, written beside a save of it (tabletop drill tacking).",
        "[scenario]",
        f"name = {json.dumps(scn.name)}",
        f"ruleset = {json.dumps(scn.ruleset.name)}",
        f"units = {json.dumps(scn.units)}",
        f"table = {{ width = {scn.width!r}, depth = {scn.depth!r} }}",
        f"seed = {scn.seed}",
        f"mark = {{ x = {mx!r}, y = {my!r}, radius = {course.radius!r} }}",
        "",
        "[wind]",
        f"from = {scn.wind.from_deg!r}",
        *([f"strength = {json.dumps(scn.wind.strength)}"] if scn.wind.strength else []),
        "",
        "[[ships]]",
        f"id = {json.dumps(ship.id)}",
        f"roster = {json.dumps(ship.cls.id)}",
        f"side = {json.dumps(ship.side)}",
        f"x = {p.x!r}",
        f"y = {p.y!r}",
        f"heading = {p.heading!r}",
    ]
    for t in scn.terrain:
        points = ", ".join(f"[{x!r}, {y!r}]" for x, y in t.points)
        lines += ["", "[[terrain]]", f"kind = {json.dumps(t.kind)}",
                  f"name = {json.dumps(t.name)}", f"polygon = [{points}]"]  # fmt: skip
    return "\n".join(lines) + "\n"
