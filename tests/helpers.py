"""Building small tables for tests: ships from a class table, whole-table transforms."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

from tabletop.game.load import load_scenario
from tabletop.geometry.angles import normalise
from tabletop.geometry.pose import Pose
from tabletop.model.scenario import Scenario, Terrain

HEADER = """
[scenario]
name = "test"
ruleset = "{ruleset}"
units = "{units}"
table = {{ width = 200, depth = 200 }}
{options}

[wind]
from = {wind}

[classes.box]
name = "Test box"
rate = {rate}
base = {{ length = {bl}, width = {bw} }}
gun_deck = {deck}
speed = {speed}
speed_abeam = {abeam}
turns = 2
command = 5
{guns}
{fields}
"""


def table(
    tmp: Path,
    ships: list[tuple],
    *,
    wind: float = 0,
    ruleset: str = "trafalgar-modified",
    units: str = "cm",
    rate: int = 5,
    guns: str = "{ light = 3 }",
    speed: float = 15,
    abeam: float = 10,
    base: tuple[float, float] = (8, 2.5),
    fields: str = "",
    land: list[list[tuple[float, float]]] | None = None,
    extra: str = "",
    options: str = "",
) -> Scenario:
    """A scenario of boxes (default 8 × 2.5, gun deck 3/4 of the length) at (id, x, y, heading)."""
    guns_line = f"guns = {guns}" if guns else ""
    text = (
        HEADER.format(
            ruleset=ruleset,
            units=units,
            wind=wind,
            rate=rate,
            guns=guns_line,
            speed=speed,
            abeam=abeam,
            bl=base[0],
            bw=base[1],
            deck=0.75 * base[0],
            fields=fields,
            options=options,
        )
        + extra
    )
    for ship in ships:
        sid, x, y, h = ship[:4]
        side = ship[4] if len(ship) > 4 else sid
        text += f'\n[[ships]]\nid = "{sid}"\nroster = "box"\nside = "{side}"\n'
        text += f"x = {x}\ny = {y}\nheading = {h}\n"
    for i, ring in enumerate(land or []):
        pts = ", ".join(f"[{x}, {y}]" for x, y in ring)
        text += f'\n[[terrain]]\nkind = "land"\nname = "isle{i}"\npolygon = [{pts}]\n'
    path = tmp / "table.toml"
    path.write_text(text)
    return load_scenario(path)


def hold_fast(tmp: Path, ships: list[tuple], speed: int = 3) -> Scenario:
    """A Hold Fast table (inches) of 1.25 × 0.5 bases at the given speed."""
    return table(
        tmp, ships, ruleset="hold-fast", units="in", guns="", speed=speed, base=(1.25, 0.5)
    )


def rigid(scn: Scenario, angle: float, dx: float, dy: float) -> Scenario:
    """Turn the whole table (ships, land, wind) by ``angle`` clockwise, then shift it."""
    r = math.radians(angle)
    c, s = math.cos(r), math.sin(r)

    def pt(x: float, y: float) -> tuple[float, float]:
        # clockwise rotation in the table frame keeps compass headings consistent
        return x * c + y * s + dx, -x * s + y * c + dy

    ships = tuple(
        sh.moved(Pose(*pt(sh.pose.x, sh.pose.y), normalise(sh.pose.heading + angle)))
        for sh in scn.ships
    )
    terrain = tuple(
        Terrain(t.kind, tuple(pt(x, y) for x, y in t.points), t.name) for t in scn.terrain
    )
    wind = replace(scn.wind, from_deg=normalise(scn.wind.from_deg + angle))
    return replace(scn, ships=ships, terrain=terrain, wind=wind)


def mirror(scn: Scenario) -> Scenario:
    """Reflect the table in the line x = 0: headings and the wind turn the other way."""
    ships = tuple(
        sh.moved(Pose(-sh.pose.x, sh.pose.y, normalise(-sh.pose.heading))) for sh in scn.ships
    )
    terrain = tuple(
        Terrain(t.kind, tuple((-x, y) for x, y in reversed(t.points)), t.name) for t in scn.terrain
    )
    wind = replace(scn.wind, from_deg=normalise(-scn.wind.from_deg))
    return replace(scn, ships=ships, terrain=terrain, wind=wind)


def to_inches(scn: Scenario) -> Scenario:
    """The same table measured in inches (every length ÷ 2.54)."""
    k = 1 / 2.54

    def cls(c):  # type: ignore[no-untyped-def]
        return replace(
            c,
            base_length=c.base_length * k,
            base_width=c.base_width * k,
            hull_length=c.hull_length * k,
            hull_beam=c.hull_beam * k,
            gun_deck=c.gun_deck * k,
            gun_deck_offset=c.gun_deck_offset * k,
            speed=c.speed * k,
            speed_abeam=None if c.speed_abeam is None else c.speed_abeam * k,
        )

    ships = tuple(
        replace(sh, cls=cls(sh.cls), pose=Pose(sh.pose.x * k, sh.pose.y * k, sh.pose.heading))
        for sh in scn.ships
    )
    terrain = tuple(
        Terrain(t.kind, tuple((x * k, y * k) for x, y in t.points), t.name) for t in scn.terrain
    )
    return replace(
        scn, units="in", width=scn.width * k, depth=scn.depth * k, ships=ships, terrain=terrain
    )


__all__ = ["table", "hold_fast", "rigid", "mirror", "to_inches", "load_scenario"]
