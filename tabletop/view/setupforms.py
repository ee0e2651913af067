"""The set-up's panel at the right: a form for what is selected, read from the scenario
and handed back to it.

A ship: her id, side and class; her x, y and heading typed; her distance from two of the
table's edges ("12.5 from the west edge, 8 from the south"), as a tape measure is laid;
her distance and bearing from another ship's centre or base edge.  A piece of terrain:
its kind, name, level, whether it is hidden and from whom.  Nothing selected: the table
(name, size, unit), the wind (typed, or its arrow dragged) and the ruleset's options,
each as the ruleset declares it (a checkbox, a list of its words, a side, a ship, a
turn).  Every value typed is checked by the set-up, which refuses with the reason and
changes nothing.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable
from typing import Any

from tabletop.common.errors import TabletopError
from tabletop.common.units import parse_length
from tabletop.geometry.angles import unit
from tabletop.view.forms import Field
from tabletop.view.panes import POINTS
from tabletop.view.setuphost import Desk

Rows = list[list[Field]]
KINDS = ("land", "shoal", "shallows")
EDGES_X, EDGES_Y = ("west", "east"), ("south", "north")
WIND_POINTS = {name: deg for deg, name in POINTS.items()}


HELP = (
    "Ships: 'add ship', pick her side and class, click the table; drag her to move her, "
    "the round handle at her bow to turn her (15° steps, Shift: 1°). Place her exactly "
    "at the right: x, y and heading; from two of the table's edges; from another ship's "
    "centre or base edge by distance and bearing (Enter or Tab after each figure).",
    "Terrain: 'draw terrain', click its corners, click the first again to close it; "
    "click a piece, drag its corners; Delete removes a corner picked, a ship or a piece.",
    "The table: click the sea for its name, size, unit, wind (typed, or its arrow "
    "dragged) and the rules' options.  Overlapping bases and ships off the table are "
    "outlined in magenta and flagged, not refused.",
    "Keys: Ctrl+Z undo, Ctrl+Y redo, Ctrl+S save, Ctrl+Shift+S save as, Ctrl+E play "
    "(and back), Ctrl+D duplicate, F fit, Esc cancel, Ctrl+Q quit.  'play' starts a "
    "game from the table as it stands.",
)


def num(v: float) -> str:
    """A length or an angle as a field shows it: to four decimals, no trailing zeros."""
    return f"{round(float(v), 4):g}"


def words(key: str) -> str:
    """An option's key as a player reads it: "wind_shift" is "wind shift"."""
    return key.replace("_", " ")


def form_for(desk: Desk) -> tuple[str, Rows]:
    """The panel's title and rows: the active tool's own, else the selection's."""
    if desk.show_help:
        lines = [row for para in HELP for row in [*textwrap.wrap(para, 44), ""]]
        return "Help (F1 or 'help' closes it)", [[Field("note", row, "note")] for row in lines]
    own = desk.tools[desk.tool].form(desk)
    if own is not None:
        return own
    if desk.selected is not None:
        return ship_form(desk, desk.selected)
    if desk.piece is not None:
        return terrain_form(desk, desk.piece)
    return table_form(desk)


def ship_form(desk: Desk, sid: str) -> tuple[str, Rows]:
    s, setup, memo = desk.setup.ship(sid), desk.setup, desk.memo
    t = desk.table
    classes = setup.classes()
    ex, ey = memo.get("edge_x", "west"), memo.get("edge_y", "south")
    from_x = s["x"] if ex == "west" else t.width - float(s["x"])
    from_y = s["y"] if ey == "south" else t.depth - float(s["y"])
    others = [o["id"] for o in setup.ships() if o["id"] != sid]
    other = memo.get("other", "") if memo.get("other") in others else (others or [""])[0]
    rows: Rows = [
        [Field("id", "id", "text", sid, width=170)],
        [Field("side", "side", "choice", str(s["side"]), tuple(setup.sides()), width=110),
         Field("new_side", "or new", "text", "", width=90)],
        [Field("roster", "class", "choice", str(s["roster"]), tuple(c for c, _ in classes),
               tuple(n for _, n in classes), width=220)],
        [Field("x", "x", "text", num(s["x"])), Field("y", "y", "text", num(s["y"])),
         Field("heading", "heading", "text", num(s["heading"]))],
        [Field("note", "measured from the table's edges:", "note")],
        [Field("from_x", "", "text", num(from_x)),
         Field("edge_x", f"{t.units} from the", "choice", ex, EDGES_X, width=70),
         Field("note", "edge", "note")],
        [Field("from_y", "", "text", num(from_y)),
         Field("edge_y", f"{t.units} from the", "choice", ey, EDGES_Y, width=70),
         Field("note", "edge", "note")],
        [Field("note", "from another ship:", "note")],
        [Field("other", "", "choice", other, tuple(others), width=130, live=bool(others)),
         Field("from_edge", "", "choice", memo.get("from_edge", "centre"), ("centre", "edge"),
               ("her centre", "her base edge"), width=110, live=bool(others))],
        [Field("distance", "distance", "text", memo.get("distance", ""), live=bool(others)),
         Field("bearing", "bearing", "text", memo.get("bearing", ""), live=bool(others))],
        [Field("place_from", "", "button", "place her so", width=110, live=bool(others))],
        [Field("duplicate", "", "button", "duplicate", width=90),
         Field("delete ship", "", "button", "delete", width=70)],
    ]  # fmt: skip
    return f"Ship {sid}", rows


def terrain_form(desk: Desk, i: int) -> tuple[str, Rows]:
    p, sides = desk.setup.piece(i), desk.setup.sides()
    n, hidden = len(p["polygon"]), bool(p.get("hidden"))
    corner = desk.corner
    rows: Rows = [
        [Field("kind", "kind", "choice", str(p["kind"]), KINDS, width=90),
         Field("name", "name", "text", str(p.get("name", "")), width=120)],
        [Field("level", "level", "text", str(p.get("level", "")), width=40),
         Field("hidden", "hidden", "check", "on" if hidden else "", width=40)],
        [Field("known_to", "known to", "choice", str(p.get("known_to", "")), ("", *sides),
               ("no side", *sides), width=110, live=hidden)],
        [Field("note", f"corner {corner + 1} of {n} picked: drag it" if corner is not None
               else f"{n} corners: click one to pick it, drag it to move it", "note")],
        [Field("delete_corner", "", "button", "delete the corner", width=130,
               live=corner is not None and n > 3),
         Field("delete piece", "", "button", "delete the piece", width=120)],
    ]  # fmt: skip
    return f"Terrain {i + 1}", rows


def table_form(desk: Desk) -> tuple[str, Rows]:
    t, head = desk.table, desk.setup.data["scenario"]
    rs = t.ruleset
    wind = desk.setup.data.get("wind", {})
    said = wind.get("from", 0)
    strengths = rs.data.wind_strengths
    strength = str(wind.get("strength", ""))
    rows: Rows = [
        [Field("name", "name", "text", t.name, width=220)],
        [Field("width", "width", "text", num(t.width)),
         Field("depth", "depth", "text", num(t.depth)),
         Field("units", "", "choice", t.units, ("in", "cm"), ("inches", "cm"), width=60)],
        [Field("wind", "wind from", "text", str(said) if isinstance(said, str) else num(said)),
         Field("strength", "strength", "choice" if strengths else "text", strength,
               ("", *strengths), ("not said", *strengths), width=100)],
        [Field("dial", "", "dial", num(t.wind.from_deg)),
         Field("note", "drag it: where it blows from", "note")],
        [Field("note", f"Options of {rs.title}:" if rs.options else f"{rs.title}: no options",
               "note")],
    ]  # fmt: skip
    sides, ids = desk.setup.sides(), [s["id"] for s in desk.setup.ships()]
    for key, kind in rs.options.items():
        rows.append([option_field(key, kind, head.get(key), sides, ids)])
    return "The table", rows


def option_field(key: str, kind: str, value: Any, sides: list[str], ids: list[str]) -> Field:
    """An option as its ruleset declares it: a checkbox, one of its words, a side, two
    sides, a ship, or a turn typed (never free text for a known option)."""
    label = words(key)
    if kind == "bool":
        return Field(f"option:{key}", label, "check", "on" if value else "", width=40)
    if kind == "turn":
        return Field(f"option:{key}", label, "text", "" if value is None else str(value))
    if kind == "sides":
        pairs = [f"{a} {b}" for a in sides for b in sides if a < b]
        now = " ".join(sorted(value)) if isinstance(value, list) else ""
        names = ("not set", *(p.replace(" ", " and ") for p in pairs))
        return Field(f"option:{key}", label, "choice", now, ("", *pairs), names, width=160)
    choices = {"side": sides, "ship": ids}.get(kind, kind.split("|"))
    shown = "" if value is None else str(value)
    return Field(f"option:{key}", label, "choice", shown, ("", *choices), ("not set", *choices),
                 width=120)  # fmt: skip


# -- what a field hands back ------------------------------------------------------------
def commit(desk: Desk, f: Field, value: str) -> None:
    """A field's value handed to the set-up (a refusal is said; nothing changes)."""
    own = desk.tools[desk.tool].form(desk)
    if own is not None:
        desk.tools[desk.tool].commit(desk, f, value)
        return
    try:
        if desk.selected is not None:
            ship_commit(desk, desk.selected, f.key, value)
        elif desk.piece is not None:
            terrain_commit(desk, desk.piece, f.key, value)
        else:
            table_commit(desk, f.key, value)
    except TabletopError as e:
        desk.say(str(e), error=True)
    desk.changed()


def length(desk: Desk, what: str, value: str) -> float:
    try:
        return parse_length(value, desk.table.units)
    except ValueError:
        raise TabletopError(
            f"{what}: expected a length such as 12.5 or 30cm, found {value!r}"
        ) from None


def degrees(what: str, value: str) -> float:
    try:
        v = float(value)
    except ValueError:
        raise TabletopError(f"{what}: expected degrees, 0 to 360, found {value!r}") from None
    if not math.isfinite(v):
        raise TabletopError(f"{what}: expected degrees, 0 to 360, found {value!r}")
    return v


def ship_commit(desk: Desk, sid: str, key: str, value: str) -> None:
    setup, memo, edit = desk.setup, desk.memo, desk.edit
    simple: dict[str, Callable[[], Any]] = {
        "side": lambda: edit(setup.recast, sid, side=value),
        "new_side": lambda: edit(setup.recast, sid, side=value) if value else None,
        "roster": lambda: edit(setup.recast, sid, roster=value),
        "x": lambda: edit(setup.place, sid, x=length(desk, "x", value)),
        "y": lambda: edit(setup.place, sid, y=length(desk, "y", value)),
        "heading": lambda: edit(setup.place, sid, heading=degrees("heading", value)),
        "duplicate": lambda: duplicate(desk, sid),
        "delete ship": lambda: desk.command("delete ship"),
    }
    if key in simple:
        simple[key]()
    elif key == "id":
        if value and value != sid and edit(setup.rename, sid, value):
            desk.select(value)
    elif key in ("edge_x", "edge_y", "other", "from_edge", "distance"):
        memo[key] = value
    elif key in ("from_x", "from_y"):
        edge = memo.get("edge_x", "west") if key == "from_x" else memo.get("edge_y", "south")
        edit(setup.place_from_edges, sid, **{edge: length(desk, f"from the {edge}", value)})
    elif key in ("bearing", "place_from"):
        if key == "bearing":
            memo["bearing"] = value
        place_from(desk, sid)


def place_from(desk: Desk, sid: str) -> None:
    """Her centre laid from another ship's, by the distance and bearing typed."""
    memo = desk.memo
    others = [o["id"] for o in desk.setup.ships() if o["id"] != sid]
    other = memo.get("other", "") if memo.get("other") in others else (others or [""])[0]
    if not other:
        raise TabletopError("lay another ship first: she is measured from her")
    if not memo.get("distance") or not memo.get("bearing"):
        raise TabletopError("type the distance and the bearing to place her from another ship")
    d = length(desk, "distance", memo["distance"])
    b = degrees("bearing", memo["bearing"])
    edge = memo.get("from_edge", "centre") == "edge"
    if desk.edit(desk.setup.place_from, sid, other, d, b, from_edge=edge):
        what = "base edge" if edge else "centre"
        desk.say(f"{sid} laid {num(d)} {desk.table.units} from {other}'s {what}, "
                 f"bearing {num(b % 360)}°")  # fmt: skip


def duplicate(desk: Desk, sid: str) -> None:
    """A copy of her beside her, to starboard, clear of her base."""
    ship = desk.table.ship(sid)
    dx, dy = unit(ship.pose.heading + 90.0)
    gap = 2.0 * ship.cls.base_width
    new: list[str] = []
    if desk.edit(lambda: new.append(desk.setup.duplicate(sid, dx * gap, dy * gap))):
        desk.select(new[0])


def terrain_commit(desk: Desk, i: int, key: str, value: str) -> None:
    setup, edit = desk.setup, desk.edit
    if key == "level":
        if value and not value.isdigit():
            raise TabletopError(f"level: expected a whole number, 0 or more, found {value!r}")
        edit(setup.set_terrain, i, level=int(value) if value else None)
    elif key == "hidden":
        edit(setup.set_terrain, i, hidden=value == "on")
    elif key in ("kind", "name", "known_to"):
        edit(setup.set_terrain, i, **{key: value})
    elif key == "delete_corner" and desk.corner is not None:
        if edit(setup.delete_vertex, i, desk.corner):
            desk.select_piece(i)
    elif key == "delete piece":
        desk.command("delete piece")


def table_commit(desk: Desk, key: str, value: str) -> None:
    setup, edit, t = desk.setup, desk.edit, desk.table
    if key == "name":
        if value:
            edit(setup.set_name, value)
    elif key in ("width", "depth"):
        v = length(desk, key, value)
        edit(setup.set_table, v if key == "width" else t.width, v if key == "depth" else t.depth)
    elif key == "units":
        edit(setup.set_units, value)
    elif key in ("wind", "dial"):
        point = value.strip().upper()
        edit(setup.set_wind, point if point in WIND_POINTS else degrees("wind", value))
    elif key == "strength":
        edit(setup.set_wind, setup.data.get("wind", {}).get("from", 0), value)
    elif key.startswith("option:"):
        option(desk, key.split(":", 1)[1], value)


def option(desk: Desk, key: str, value: str) -> None:
    kind = desk.table.ruleset.options.get(key, "")
    v: Any = value or None
    if kind == "bool":
        v = value == "on"
    elif kind == "turn" and value:
        if not value.isdigit():
            raise TabletopError(f"{words(key)}: expected a turn, 1 or more, found {value!r}")
        v = int(value)
    elif kind == "sides" and value:
        v = value.split()
    desk.edit(desk.setup.set_option, key, v)
