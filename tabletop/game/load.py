"""Load and validate scenarios with their rosters and templates (SPEC §2).

Every problem is collected, then raised together as :class:`DataErrors`; each one names
the file, the key path, what was expected and what was found.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from pathlib import Path
from typing import Any

from tabletop import rules
from tabletop.common.errors import DataError, DataErrors, TabletopError
from tabletop.common.units import TABLE_UNITS, convert
from tabletop.data.digest import Digests, canonical
from tabletop.data.paths import data_name, rosters_dir
from tabletop.data.reader import ID_EXPECTED, Reader, is_token, join, load_toml, text_problem
from tabletop.game.options import read_options
from tabletop.game.photo import read_photo
from tabletop.game.terrain import near, read_terrain
from tabletop.geometry.pose import Pose
from tabletop.model.scenario import Scenario, Ship, ShipClass, Wind

#: Fields every ship class may have (SPEC §2); anything else is the ruleset's own.
CLASS_FIELDS = (
    "name",
    "rate",
    "base",
    "hull",
    "gun_deck",
    "speed",
    "speed_abeam",
    "turns",
    "command",
)
SHIP_FIELDS = ("id", "roster", "side", "x", "y", "heading")
#: The tables a scenario file has (SPEC §2); any other is an error, not ignored.
SCENARIO_TABLES = ("scenario", "wind", "ships", "classes", "terrain", "photo")

#: Bounds on a scenario (SPEC §2).  A table is under 100 m a side (every length is, see
#: ``units.MAX_LENGTH_CM``); ships and terrain stand within ``REACH`` table widths
#: (depths) of the origin; the terrain's vertices are bounded in ``game.terrain``.
#: At most ``MAX_SHIPS`` ships: more than any table holds (Trafalgar was fought by 60),
#: and what bounds the picture's and the computer's cost (docs/limits.md).
MAX_SHIPS = 100
#: The smallest base or hull a class may have: a move preview sweeps the hull in steps
#: of a third of its beam, so this bounds the work a long path costs.
MIN_SIZE_MM = 2.0


def read_class(
    r: Reader,
    tbl: dict[str, Any],
    path: str,
    class_id: str,
    file_unit: str,
    unit: str,
    ruleset: rules.Ruleset,
    given: Collection[str] = (),
) -> ShipClass:
    """One ship class; bare numbers are in ``file_unit``, the result in ``unit``.
    ``given``: the keys a ship's override wrote over her class (an error her override
    causes is reported at them)."""
    k = convert(1.0, file_unit, unit)
    before = len(r.errors)
    base = r.table(tbl, path, "base")
    bl = r.length(base, join(path, "base"), "length", file_unit) * k
    bw = r.length(base, join(path, "base"), "width", file_unit) * k
    hull = r.table(tbl, path, "hull", required=False)
    if hull:
        hl = r.length(hull, join(path, "hull"), "length", file_unit) * k
        hb = r.length(hull, join(path, "hull"), "beam", file_unit) * k
        if len(r.errors) == before:
            _check_hull(r, path, given, (bl, bw), (hl, hb))
    else:
        hl, hb = bl, bw
    least = convert(MIN_SIZE_MM, "mm", unit)
    for name, size in (
        ("base.length", bl),
        ("base.width", bw),
        ("hull.length", hl),
        ("hull.beam", hb),
    ):
        if len(r.errors) == before and size < least - 1e-12:
            r.error(join(path, name), f"at least {MIN_SIZE_MM:g} mm ({least:g})", size)
    deck_raw = tbl.get("gun_deck")
    offset = 0.0
    if isinstance(deck_raw, dict):
        deck = r.length(deck_raw, join(path, "gun_deck"), "length", file_unit) * k
        if "offset" in deck_raw:
            offset = r.coordinate(deck_raw, join(path, "gun_deck"), "offset", file_unit) * k
    elif deck_raw is None:
        deck = 0.8 * hl
    else:
        deck = r.length(tbl, path, "gun_deck", file_unit) * k
    # Compare sizes only when they were all read: no cascade from one bad number.
    if len(r.errors) == before and abs(offset) + deck / 2.0 > bl / 2.0 + 1e-9:
        r.error(
            join(path, "gun_deck"), f"a gun deck within the base length {bl:g}", tbl.get("gun_deck")
        )
    speed, abeam = ruleset.data.read_speed(r, tbl, path, file_unit, k)
    rate = r.integer(tbl, path, "rate", minimum=1)
    fields = {key: v for key, v in tbl.items() if key not in CLASS_FIELDS}
    for key in sorted(set(fields) - ruleset.data.class_fields):  # a misspelling, not a field
        known = ", ".join(sorted({*CLASS_FIELDS, *ruleset.data.class_fields}))
        r.error(join(path, key), f"a key of a {ruleset.title} class ({known})", key)
    _check_guns(r, fields.get("guns"), path, ruleset)
    ruleset.data.check_class(r, tbl, path)
    return ShipClass(
        id=class_id,
        name=r.string(tbl, path, "name", default=class_id),
        rate=rate,
        base_length=bl,
        base_width=bw,
        hull_length=hl,
        hull_beam=hb,
        hull_pointed=bool(hull),
        gun_deck=deck,
        gun_deck_offset=offset,
        speed=speed,
        speed_abeam=abeam,
        turns=r.integer(tbl, path, "turns", minimum=0),
        command=r.integer(tbl, path, "command"),
        fields=fields,
    )


def _check_hull(
    r: Reader,
    path: str,
    given: Collection[str],
    base: tuple[float, float],
    hull: tuple[float, float],
) -> None:
    """A hull within its base.  A ship's base override narrower than her class's hull
    is the base's fault: reported at the key the user wrote, in figures as written
    (3.9, not 3.9000000000000004)."""
    blame_base = "base" in given and "hull" not in given
    for hull_key, size, base_key, room in zip(
        ("hull.length", "hull.beam"), hull, ("base.length", "base.width"), base, strict=True
    ):
        if size <= room + 1e-9:
            continue
        if blame_base:
            what = f"at least her class's {hull_key.replace('.', ' ')} {size:.9g}"
            r.error(join(path, base_key), what, round(room, 9))
        else:
            what = f"at most the {base_key.replace('.', ' ')} {room:.9g}"
            r.error(join(path, hull_key), what, round(size, 9))
        return


def _check_guns(r: Reader, guns: Any, path: str, ruleset: rules.Ruleset) -> None:
    """``guns = { type = dice }``: the ruleset's gun types, whole numbers of dice."""
    if guns is None:
        return
    if not isinstance(guns, dict):
        r.error(join(path, "guns"), "a table of gun type = dice", guns)
        return
    for g, n in guns.items():
        if ruleset.gun_ranges and g not in ruleset.gun_ranges:
            r.error(join(path, f"guns.{g}"), "a gun type: " + ", ".join(ruleset.gun_ranges), g)
        elif isinstance(n, bool) or not isinstance(n, int) or n < 0:
            r.error(join(path, f"guns.{g}"), "a whole number ≥ 0", n)


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(key), dict):
            out[key] = {**out[key], **v}
        else:
            out[key] = v
    return out


def load_roster(ruleset: rules.Ruleset, folder: Path | None = None) -> tuple[str, dict[str, Any]]:
    path = (folder or rosters_dir()) / f"{ruleset.name}.toml"
    return str(path), load_toml(path)


def load_scenario(path: str | Path, rosters: Path | None = None) -> Scenario:
    """Read, validate and build a scenario; raises DataErrors listing every problem."""
    path = Path(path)
    return build_scenario(load_toml(path), str(path), rosters)


def build_scenario(data: dict[str, Any], file: str, rosters: Path | None = None) -> Scenario:
    """Validate and build a scenario from its TOML data (``file``: where it is, or will
    be, written: errors name it); raises DataErrors listing every problem.  The set-up
    builds its table from the data it edits, before any file is written."""
    r = Reader(file)
    _unknown(r, data, "", SCENARIO_TABLES)  # `[windd]` was read as no wind table at all
    head = r.table(data, "", "scenario")
    name = r.string(head, "scenario", "name", default=Path(file).stem)
    rs_name = r.string(head, "scenario", "ruleset")
    named = not any(e.path == "scenario.ruleset" for e in r.errors)
    if named and not rules.known(rs_name):  # every package is imported only for the error
        r.error("scenario.ruleset", "one of " + ", ".join(rules.names()), rs_name)
    units = r.string(head, "scenario", "units", choices=TABLE_UNITS)
    table = r.table(head, "scenario", "table")
    width = r.length(table, "scenario.table", "width", units)
    depth = r.length(table, "scenario.table", "depth", units)
    if any(e.path.startswith("scenario.table") for e in r.errors):
        width = depth = float("inf")  # no cascade: positions are judged on a good table only
    seed = r.integer(head, "scenario", "seed")
    if r.errors and any(
        e.path in ("scenario.ruleset", "scenario.units", "scenario") for e in r.errors
    ):
        r.raise_if_any()
    try:
        ruleset = rules.load(rs_name)
    except DataErrors as e:  # the template itself is broken: its own file and key paths
        raise DataErrors([*r.errors, *e.errors]) from None
    except TabletopError as e:
        raise DataErrors(
            [*r.errors, DataError(file, "scenario.ruleset", "a known ruleset", str(e))]
        ) from None
    encoding = canonical(data)  # before anything reads it
    roster_file, rr, classes, roster_encoding = _read_classes(r, data, ruleset, units, rosters)
    wind = _read_wind(r, data)
    ruleset.data.check_table(r, "wind.from", wind.from_deg)
    known = ruleset.data.wind_strengths
    if known and wind.strength is not None and wind.strength not in known:
        r.error("wind.strength", "one of " + ", ".join(known), wind.strength)
    for i, skipped in enumerate(wind.skip):
        ruleset.data.check_table(r, f"wind.skip[{i}]", skipped)
    ships = _read_ships(r, data, ruleset, (units, width, depth), roster_file, classes)
    terrain = read_terrain(r, data, (units, width, depth))
    sides = sorted({s.side for s in ships})
    for i, t in enumerate(terrain):
        if t.known_to is not None and t.known_to not in sides:
            r.error(join(join("terrain", i), "known_to"), "one of " + ", ".join(sides), t.known_to)
    options = read_options(r, head, ruleset, {s.side for s in ships}, [s.id for s in ships])
    photo = read_photo(r, data, file, units)  # its shape alone: the file is not needed
    errors = r.errors + [e for e in rr.errors if e not in r.errors]
    if errors:
        raise DataErrors(errors)
    ships = [replace(s, cls=ruleset.data.adapt_class(s.cls, options)) for s in ships]
    return Scenario(
        name=name,
        ruleset=ruleset,
        units=units,
        width=width,
        depth=depth,
        wind=wind,
        ships=tuple(ships),
        terrain=tuple(terrain),
        seed=seed,
        source=file,
        options=options,
        photo=photo,
        digests=Digests(
            {
                "": encoding,
                data_name(ruleset.file): ruleset.template_encoding,
                data_name(roster_file): roster_encoding,
            }
        ),
    )


#: A class to read: its table, its key path, the reader of its file, the file's unit,
#: and the class as read from the roster (None until read).
_Entry = tuple[dict[str, Any], str, Reader, str]


def _read_classes(
    r: Reader, data: dict[str, Any], ruleset: rules.Ruleset, units: str, rosters: Path | None
) -> tuple[str, Reader, dict[str, tuple[_Entry, ShipClass]], bytes]:
    """The roster's classes and the scenario's own ``[classes]``, each read once; and
    the roster's content as read, encoded for its digest."""
    roster_file, roster = load_roster(ruleset, rosters)
    encoding = canonical(roster)
    own = r.table(data, "", "classes", required=False)
    rr = Reader(roster_file)
    entries: dict[str, _Entry] = {}
    for cid, tbl in roster.items():
        if not isinstance(tbl, dict):
            rr.error(join("", cid), "a table describing a ship class", tbl)
            continue
        if (why := text_problem(cid)) is not None:
            rr.error(join("", cid), f"a class id of {why}", cid)
            continue
        entries[cid] = (tbl, cid, rr, ruleset.units)
    for cid, tbl in own.items():
        if not isinstance(tbl, dict):
            r.error(join("classes", cid), "a table describing a ship class", tbl)
            continue
        if (why := text_problem(cid)) is not None:
            r.error(join("classes", cid), f"a class id of {why}", cid)
            continue
        entries[cid] = (tbl, join("classes", cid), r, units)
    classes = {
        cid: (e, read_class(e[2], e[0], e[1], cid, e[3], units, ruleset))
        for cid, e in entries.items()
    }
    return roster_file, rr, classes, encoding


def _unknown(r: Reader, tbl: dict[str, Any], path: str, keys: tuple[str, ...]) -> None:
    """A key the table does not take is an error (`strenght` was read as no strength)."""
    for key in tbl:
        if key not in keys:
            r.error(join(path, key), "one of the keys " + ", ".join(keys), key)


def _read_wind(r: Reader, data: dict[str, Any]) -> Wind:
    wind_t = r.table(data, "", "wind")
    _unknown(r, wind_t, "wind", ("from", "strength", "start", "skip"))
    strength = wind_t.get("strength") if isinstance(wind_t.get("strength"), str) else None
    if "strength" in wind_t and not isinstance(wind_t["strength"], str):
        r.error("wind.strength", 'a word such as "moderate"', wind_t["strength"])
    if wind_t.get("from") != "roll":
        return Wind(r.angle(wind_t, "wind", "from", points=True), strength)
    # rolled at the start of the game: d6 points clockwise from `start`, skipping
    # every direction in `skip` (those directly ahead of a fleet)
    skip = wind_t.get("skip", [])
    if not isinstance(skip, list):
        r.error("wind.skip", "a list of wind points", skip)
        skip = []
    return Wind(
        r.angle(wind_t, "wind", "start", default=0.0, points=True),
        strength,
        True,
        tuple(r.angle({"p": v}, f"wind.skip[{i}]", "p", points=True) for i, v in enumerate(skip)),
    )


def _read_ships(
    r: Reader,
    data: dict[str, Any],
    ruleset: rules.Ruleset,
    table: tuple[str, float, float],
    roster_file: str,
    classes: dict[str, tuple[_Entry, ShipClass]],
) -> list[Ship]:
    units, width, depth = table
    ships: list[Ship] = []
    seen: set[str] = set()
    ship_tables = r.tables(data, "", "ships", required=True)
    if "ships" in data and isinstance(data["ships"], list) and not data["ships"]:
        r.error("ships", "at least one [[ships]] table", [])
    if len(ship_tables) > MAX_SHIPS:
        r.error("ships", f"at most {MAX_SHIPS} ships", len(ship_tables))
        return []
    for i, st in enumerate(ship_tables):
        p = join("ships", i)
        sid = r.string(st, p, "id")
        if sid and not is_token(sid):
            r.error(join(p, "id"), ID_EXPECTED, sid)
            sid = ""
        if sid and sid in seen:
            r.error(join(p, "id"), "an id not used by another ship", sid)
        seen.add(sid)
        cid = r.string(st, p, "roster")
        before = len(r.errors)
        side = r.string(st, p, "side", default="")
        if not side and len(r.errors) == before:
            r.error(join(p, "side"), "a side name", st.get("side"))
        pose = Pose(
            near(r, st, p, "x", units, width),
            near(r, st, p, "y", units, depth),
            r.angle(st, p, "heading"),
        )
        ruleset.data.check_table(r, join(p, "heading"), pose.heading)
        if cid and cid not in classes:
            r.error(
                join(p, "roster"),
                f"a class of {roster_file} or [classes]: " + ", ".join(sorted(classes)),
                cid,
            )
            continue
        if not cid:
            continue
        (tbl, _, _, file_unit), built = classes[cid]
        over = {key: v for key, v in st.items() if key not in SHIP_FIELDS}
        if over:
            # Overrides are in the scenario's unit; a fresh read reports them at ships[i].
            merged = _merge(tbl, over)
            if file_unit != units:
                merged = _merge(_in_units(tbl, file_unit, ruleset.data.speed_fields), over)
            built = read_class(r, merged, p, cid, units, units, ruleset, set(over))
        ships.append(Ship(sid or f"ship{i}", built, side, ruleset.data.place(pose, built, units)))
    return ships


def _in_units(tbl: dict[str, Any], file_unit: str, speed_fields: tuple[str, ...]) -> dict[str, Any]:
    """A roster table with its bare lengths given an explicit unit suffix, so that
    per-ship overrides in the scenario's unit can be merged over it."""

    def fix(v: Any) -> Any:
        return f"{v}{file_unit}" if isinstance(v, int | float) and not isinstance(v, bool) else v

    out = dict(tbl)
    for key in ("base", "hull", "gun_deck"):
        if isinstance(out.get(key), dict):
            out[key] = {k: fix(v) for k, v in out[key].items()}
    if "gun_deck" in out and not isinstance(out["gun_deck"], dict):
        out["gun_deck"] = fix(out["gun_deck"])
    for key in speed_fields:
        if key in out:
            out[key] = fix(out[key])
    return out
