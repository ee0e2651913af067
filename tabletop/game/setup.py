"""Setting up a table: the operations a set-up mode offers, on the scenario's own data.

A referee with a tape measure brings the real table in: ships added from the roster and
placed by typed coordinates, by measurement from the table's edges or from another ship
(distance and bearing, from her centre or from her base's edge), turned, renamed,
duplicated, deleted; terrain drawn as simple polygons; the wind and the table set.  The
set-up edits the scenario's TOML data itself, so what is saved is what a person would
write (a ship a table, keys in the usual order, nothing added), and every edit can be
undone.  Overlapping bases and ships off the table are flagged, not refused: a real
table can be like that, and the rulings then say so.  A problem a scenario may not have
(an unknown class, an id taken, a polygon that crosses itself) is refused with the
reason, and nothing changes.
"""

from __future__ import annotations

import copy
import math
import re
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

import shapely

from tabletop.common.errors import DataErrors, TabletopError
from tabletop.common.units import TABLE_UNITS, mm_per
from tabletop.data.files import Reads
from tabletop.data.reader import read_toml
from tabletop.data.save import dumps, rebase_photo, write_atomic
from tabletop.game.load import build_scenario, load_roster
from tabletop.geometry.pose import Pose
from tabletop.model.scenario import Scenario
from tabletop.rules import load as load_ruleset

#: An id the log grammar can name: one word of letters, digits, '-', '_' and '.'.
ID = re.compile(r"[A-Za-z0-9._-]+")
#: How many edits are kept to undo.
UNDO_DEPTH = 200
#: Headings snap to this many degrees unless the player asks for single degrees.
SNAP = 15.0


@dataclass
class Setup:
    """A table being set up: ``data`` is the scenario as TOML data; ``path`` where it
    was read from or last saved (None: not yet written)."""

    data: dict[str, Any]
    path: str | None = None
    undo_stack: list[dict[str, Any]] = field(default_factory=list)
    redo_stack: list[dict[str, Any]] = field(default_factory=list)
    saved: bool = True  # nothing changed since the last save (or load)
    text: str | None = None  # the file as read or last written: its comments are kept

    # -- opening ----------------------------------------------------------------------
    @classmethod
    def new(
        cls, ruleset: str, units: str, width: float, depth: float, name: str = "My table"
    ) -> Setup:
        """An empty table of ``width`` × ``depth`` ``units`` under ``ruleset``, the wind
        from the north."""
        data: dict[str, Any] = {
            "scenario": {
                "name": name,
                "ruleset": ruleset,
                "units": units,
                "table": {"width": _tidy(width), "depth": _tidy(depth)},
            },
            "wind": {"from": 0},
        }
        setup = cls(data, None, saved=False)
        setup.check(data)  # a ruleset, unit or size the rules refuse: said now
        return setup

    @classmethod
    def open(cls, path: str | Path) -> Setup:
        """A scenario file to edit (it must load: a broken one is mended by hand first)."""
        data, text = read_toml(Path(path))
        setup = cls(data, str(path), text=text)
        setup.scenario()
        return setup

    # -- what it is -------------------------------------------------------------------
    def scenario(self, data: dict[str, Any] | None = None) -> Scenario:
        """The table as the rules read it (raises DataErrors naming every problem)."""
        return build_scenario(self.data if data is None else data, self.path or "set-up")

    def check(self, data: dict[str, Any]) -> None:
        """Whether ``data`` is a table the rules read, but for having no ship yet (an
        empty table is where a set-up starts; a save needs a ship): TabletopError."""
        try:
            self.scenario(data)
        except DataErrors as e:
            left = [x for x in e.errors if not (x.path == "ships" and not data.get("ships"))]
            if left:
                raise TabletopError("; ".join(str(x) for x in left)) from None

    def table(self) -> Scenario:
        """The table as the rules read it, an empty one too (a set-up starts empty and
        is drawn so): built with one ship of the roster's first class, then without."""
        if self.data.get("ships"):
            return self.scenario()
        probe = copy.deepcopy(self.data)
        probe["ships"] = [{"id": "probe", "roster": self.classes()[0][0], "side": "probe",
                           "x": 0, "y": 0, "heading": 0}]  # fmt: skip
        return replace(self.scenario(probe), ships=())

    def classes(self) -> list[tuple[str, str]]:
        """The classes a ship may be of, (id, name) each: the scenario's own, then its
        ruleset's roster's."""
        own = self.data.get("classes", {})
        found = [(cid, str(c.get("name", cid))) for cid, c in own.items() if isinstance(c, dict)]
        return found + [c for c in roster_classes(self.ruleset()) if c[0] not in own]

    def ruleset(self) -> str:
        return str(self.data["scenario"]["ruleset"])

    def sides(self) -> list[str]:
        """The sides on the table, in the order their first ships were laid."""
        return list(dict.fromkeys(str(s.get("side", "")) for s in self.data.get("ships", [])))

    def ships(self) -> list[dict[str, Any]]:
        return list(self.data.get("ships", []))

    def ship(self, sid: str) -> dict[str, Any]:
        for s in self.data.get("ships", []):
            if s.get("id") == sid:
                return dict(s)
        raise TabletopError(f"no ship {sid} on this table")

    def flags(self) -> list[str]:
        """What a real table can have and a ruling should know: bases that overlap,
        ships whose centre is off the table."""
        return [text for _, text in table_flags(self.scenario())] if self.data.get("ships") else []

    # -- ships ------------------------------------------------------------------------
    def add_ship(
        self,
        roster: str,
        side: str,
        x: float,
        y: float,
        heading: float = 0.0,
        sid: str | None = None,
    ) -> str:
        """A ship of class ``roster`` for ``side`` at (x, y), her id made unique from
        her class's when none is given; returns her id."""
        if sid is not None:
            self._free_id(sid)
        sid = sid or self._new_id(roster)
        ship = {"id": sid, "roster": roster, "side": side, "x": _tidy(x), "y": _tidy(y),
                "heading": _tidy(heading % 360)}  # fmt: skip
        self._edit(lambda d: d.setdefault("ships", []).append(ship))
        return sid

    def place(
        self, sid: str, x: float | None = None, y: float | None = None, heading: float | None = None
    ) -> None:
        """Her centre and heading as typed (what is not given stays), to a millionth
        (a bearing's sine wrote 16.000000000000004 in the file)."""
        values = {k: None if v is None else _tidy(v) for k, v in (("x", x), ("y", y))}
        values["heading"] = None if heading is None else _tidy(heading % 360)
        self._edit_ship(sid, {k: v for k, v in values.items() if v is not None})

    def place_from_edges(
        self,
        sid: str,
        west: float | None = None,
        south: float | None = None,
        east: float | None = None,
        north: float | None = None,
    ) -> None:
        """Her centre by measurement from the table's edges, as a tape measure is laid:
        "12.5 from the west edge, 8 from the south" (east and north measured inwards)."""
        if west is not None and east is not None or south is not None and north is not None:
            raise TabletopError("measure her from one edge each way: west or east, south or north")
        t = self.table()  # its size as the rules read it (a width may be written "90cm")
        x = west if east is None else t.width - east
        y = south if north is None else t.depth - north
        self.place(sid, x, y)

    def place_from(
        self, sid: str, other: str, distance: float, bearing: float, from_edge: bool = False
    ) -> None:
        """Her centre ``distance`` from ``other``'s along ``bearing`` (compass degrees
        from ``other``); ``from_edge``: the distance is the gap between their bases, as
        measured base edge to base edge at the table."""
        if sid == other:
            raise TabletopError("measure her from another ship")
        base = self.ship(other)
        ox, oy = float(base["x"]), float(base["y"])
        dx, dy = math.sin(math.radians(bearing)), math.cos(math.radians(bearing))
        if not from_edge:
            self.place(sid, ox + distance * dx, oy + distance * dy)
            return
        scn = self.scenario()
        me, them = scn.ship(sid), shapely.Polygon(scn.ship(other).base_corners())

        def gap(t: float) -> float:
            here = me.moved(Pose(ox + t * dx, oy + t * dy, me.pose.heading))
            return float(shapely.distance(shapely.Polygon(here.base_corners()), them))

        far = 1.0 + distance + me.cls.base_length + scn.ship(other).cls.base_length
        lo, hi = 0.0, far
        for _ in range(60):  # the gap grows along the ray once the bases part
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if gap(mid) < distance else (lo, mid)
        self.place(sid, ox + hi * dx, oy + hi * dy)

    def turn(self, sid: str, heading: float, fine: bool = False) -> None:
        """Her heading, snapped to 15° unless ``fine`` (single degrees)."""
        step = 1.0 if fine else SNAP
        self.place(sid, heading=round(heading / step) * step)

    def delete(self, sid: str) -> None:
        self.ship(sid)
        self._edit(lambda d: d.__setitem__("ships", [s for s in d["ships"] if s["id"] != sid]))

    def recast(self, sid: str, roster: str | None = None, side: str | None = None) -> None:
        """Her class or her side changed (a class not in the roster is refused)."""
        values = {"roster": roster, "side": side}
        if side is not None and not ID.fullmatch(side):
            raise TabletopError(
                f"side: expected one word of letters, digits, '-', '_' or '.', found {side!r}"
            )
        self._edit_ship(sid, {k: v for k, v in values.items() if v})

    def duplicate(self, sid: str, dx: float = 0.0, dy: float = 0.0) -> str:
        """A copy of her, offset by (dx, dy), with an id of her own."""
        ship = self.ship(sid)
        new = self._new_id(str(ship.get("roster", sid)))
        ship.update(id=new, x=float(ship["x"]) + dx, y=float(ship["y"]) + dy)
        self._edit(lambda d: d["ships"].append(ship))
        return new

    def rename(self, sid: str, new: str) -> None:
        self.ship(sid)
        if new != sid:
            self._free_id(new)
        self._edit_ship(sid, {"id": new})

    # -- terrain, wind, table ---------------------------------------------------------
    def add_terrain(
        self, points: list[tuple[float, float]], kind: str = "land", name: str | None = None
    ) -> int:
        """A polygon of terrain; it must be closed and simple (its edges do not cross)
        and have an area.  Returns its place in the list."""
        ring = simple_ring(points)
        piece: dict[str, Any] = {"kind": kind, "polygon": ring}
        if name:
            piece["name"] = name
        self._edit(lambda d: d.setdefault("terrain", []).append(piece))
        return len(self.data["terrain"]) - 1

    def delete_terrain(self, i: int) -> None:
        self.piece(i)
        self._edit(lambda d: d["terrain"].pop(i))

    def piece(self, i: int) -> dict[str, Any]:
        """Terrain piece ``i`` as written (a copy)."""
        if not 0 <= i < len(self.data.get("terrain", [])):
            raise TabletopError(f"no terrain piece {i + 1} on this table")
        return copy.deepcopy(dict(self.data["terrain"][i]))

    def move_vertex(self, i: int, k: int, x: float, y: float) -> None:
        """Corner ``k`` of piece ``i`` to (x, y); refused if her edges would cross."""
        ring = [tuple(p) for p in self.piece(i)["polygon"]]
        ring[k] = (x, y)
        self._set_ring(i, ring)

    def delete_vertex(self, i: int, k: int) -> None:
        """Corner ``k`` of piece ``i`` taken out; a piece keeps three corners at least
        (delete the piece itself instead)."""
        ring = [tuple(p) for p in self.piece(i)["polygon"]]
        if len(ring) <= 3:
            raise TabletopError("terrain: a piece keeps three corners; delete the piece instead")
        del ring[k]
        self._set_ring(i, ring)

    def set_terrain(self, i: int, **values: Any) -> None:
        """Piece ``i``'s ``kind``, ``name``, ``level``, ``hidden`` or ``known_to``; a
        value of None (or "", or hidden False) leaves the key out, as a person would; a
        piece no longer hidden is known to all, so its ``known_to`` goes too; a piece
        not hidden is known to no side in particular (refused)."""
        hidden = values.get("hidden", self.piece(i).get("hidden", False))
        if values.get("known_to") and not hidden:
            raise TabletopError("terrain: known to one side only when it is hidden")

        def change(d: dict[str, Any]) -> None:
            piece = d["terrain"][i]
            for key, value in values.items():
                if value is None or value == "" or (key == "hidden" and value is False):
                    piece.pop(key, None)
                else:
                    piece[key] = value
            if not piece.get("hidden"):
                piece.pop("known_to", None)

        self._edit(change)

    def _set_ring(self, i: int, ring: list[Any]) -> None:
        checked = simple_ring(ring)
        self._edit(lambda d: d["terrain"][i].__setitem__("polygon", checked))

    def set_wind(self, from_deg: float | str, strength: str | None = None) -> None:
        """The wind's direction (degrees or one of the 8 points) and, if given, strength
        ("": none said)."""
        turned = _tidy(from_deg % 360) if isinstance(from_deg, float | int) else from_deg
        values: dict[str, Any] = {"from": turned}
        if strength:
            values["strength"] = strength

        def change(d: dict[str, Any]) -> None:
            d.setdefault("wind", {}).update(values)
            if strength == "":
                d["wind"].pop("strength", None)

        self._edit(change)

    def set_name(self, name: str) -> None:
        self._edit(lambda d: d["scenario"].__setitem__("name", name))

    def set_option(self, key: str, value: Any) -> None:
        """One of the ruleset's options (``Ruleset.options``) set, or left out (None,
        or a checkbox cleared: what the rules take when it is not written)."""
        head = {"name", "ruleset", "units", "table", "seed"}
        if key in head:
            raise TabletopError(f"{key} is not an option")

        def change(d: dict[str, Any]) -> None:
            if value is None or value is False:
                d["scenario"].pop(key, None)
            else:
                d["scenario"][key] = value

        self._edit(change)

    def set_units(self, units: str) -> None:
        """The table measured in ``units``: the table's size, the ships' places and the
        terrain's corners converted, so nothing moves on the real table.  A scenario
        with its own classes or a ship's own lengths is changed by hand (their plain
        numbers are lengths in the old unit)."""
        old = str(self.data["scenario"]["units"])
        if units == old:
            return
        if units not in TABLE_UNITS:
            raise TabletopError(f"units: expected one of {', '.join(TABLE_UNITS)}, found {units!r}")
        plain = {"id", "roster", "side", "x", "y", "heading"}
        if self.data.get("classes") or any(set(s) - plain for s in self.data.get("ships", [])):
            raise TabletopError(
                f"units: this table's own classes or ship lengths are written in {old}; "
                "change its unit by hand"
            )
        k = mm_per(old) / mm_per(units)

        def conv(v: Any) -> Any:
            return round(v * k, 6) if isinstance(v, int | float) and not isinstance(v, bool) else v

        def change(d: dict[str, Any]) -> None:
            head = d["scenario"]
            head["units"] = units
            head["table"] = {key: conv(v) for key, v in head["table"].items()}
            for s in d.get("ships", []):
                s["x"], s["y"] = conv(s["x"]), conv(s["y"])
            for t in d.get("terrain", []):
                t["polygon"] = [[conv(x), conv(y)] for x, y in t["polygon"]]
            if isinstance(head.get("mark"), dict):  # the drill's mark: { x, y, radius }
                head["mark"] = {key: conv(v) for key, v in head["mark"].items()}

        self._edit(change)

    def set_table(self, width: float, depth: float, name: str | None = None) -> None:
        def change(d: dict[str, Any]) -> None:
            d["scenario"]["table"] = {"width": _tidy(width), "depth": _tidy(depth)}
            if name:
                d["scenario"]["name"] = name

        self._edit(change)

    # -- undo, save -------------------------------------------------------------------
    def undo(self) -> bool:
        if not self.undo_stack:
            return False
        self.redo_stack.append(self.data)
        self.data = self.undo_stack.pop()
        self.saved = False
        return True

    def redo(self) -> bool:
        if not self.redo_stack:
            return False
        self.undo_stack.append(self.data)
        self.data = self.redo_stack.pop()
        self.saved = False
        return True

    def save(self, path: str | Path, reads: Reads = ()) -> None:
        """Write the scenario (atomically) once it loads as the rules read it; a save
        that would not load is refused with its problems, and the file is untouched.
        A photo's path is written from the new file's folder."""
        data = rebase_photo(self.data, self.path, path)
        self.scenario(data)
        text = dumps(data, like=self.text)
        write_atomic(path, text, reads)
        self.data, self.path, self.saved, self.text = data, str(path), True, text

    # -- inside -----------------------------------------------------------------------
    def _edit(self, change: Any) -> None:
        """Apply ``change`` to a copy; kept (and undoable) only if the table still loads."""
        data = copy.deepcopy(self.data)
        change(data)
        self.check(data)
        self.undo_stack = [*self.undo_stack, self.data][-UNDO_DEPTH:]
        self.redo_stack.clear()
        self.data, self.saved = data, False

    def _edit_ship(self, sid: str, values: dict[str, Any]) -> None:
        self.ship(sid)

        def change(d: dict[str, Any]) -> None:
            for s in d["ships"]:
                if s["id"] == sid:
                    s.update(values)

        self._edit(change)

    def _free_id(self, sid: str) -> None:
        if not ID.fullmatch(sid):
            raise TabletopError(
                f"id: expected one word of letters, digits, '-', '_' or '.', found {sid!r}"
            )
        if any(s.get("id") == sid for s in self.data.get("ships", [])):
            raise TabletopError(f"id: {sid} is taken by another ship")

    def _new_id(self, roster: str) -> str:
        stem = re.sub(r"[^A-Za-z0-9._-]+", "-", roster).strip("-") or "ship"
        taken = {s.get("id") for s in self.data.get("ships", [])}
        n = 1
        while f"{stem}-{n}" in taken:
            n += 1
        return f"{stem}-{n}"


def table_flags(scn: Scenario) -> list[tuple[tuple[str, ...], str]]:
    """The ships flagged on a table, each flag with the ids it names: bases that
    overlap, and ships whose centre is off the table (the window outlines them)."""
    out: list[tuple[tuple[str, ...], str]] = []
    bases = [(s.id, shapely.Polygon(s.base_corners())) for s in scn.ships]
    for i, (a, pa) in enumerate(bases):
        for b, pb in bases[i + 1 :]:
            if pa.intersection(pb).area > 1e-9:
                out.append(((a, b), f"{a} and {b}: their bases overlap"))
    out += [
        ((s.id,), f"{s.id}: her centre is off the table")
        for s in scn.ships
        if not scn.holds(s.pose.x, s.pose.y)
    ]
    return out


def _tidy(v: float) -> float | int:
    """A length or an angle as a person writes it: to a millionth, whole when whole."""
    r = round(float(v), 6)
    return int(r) if r.is_integer() else r


def simple_ring(points: Any) -> list[list[float]]:
    """A terrain piece's corners as written, once they make a closed, simple polygon
    with an area (its edges do not cross); else why not."""
    ring = [[_tidy(x), _tidy(y)] for x, y in points]
    poly = shapely.Polygon(ring) if len(ring) >= 3 else None
    if poly is None or not poly.is_valid or poly.area <= 0:
        raise TabletopError(
            "terrain: expected a simple polygon of at least 3 corners with an area "
            "(its edges may not cross)"
        )
    return ring


@cache
def roster_classes(ruleset: str) -> tuple[tuple[str, str], ...]:
    """The roster's classes of ``ruleset``, (id, name) each, as listed (read once)."""
    _, roster = load_roster(load_ruleset(ruleset))
    return tuple((cid, str(c.get("name", cid))) for cid, c in roster.items() if isinstance(c, dict))
