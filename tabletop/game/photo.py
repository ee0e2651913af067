"""A scenario's ``[photo]``: read and validated with the rest of the scenario, and set or
cleared by the set-up.

```toml
[photo]
path = "photos/table.jpg"   # relative to the scenario file
corners = [[412, 1630], [3620, 1702], [3101, 402], [880, 377]]  # SW, SE, NE, NW, pixels
opacity = 0.5               # optional, 0 to 1
```

or, for a photo taken from straight above, instead of ``corners``:
``ruler = { start = [u, v], end = [u, v], length = 12 }``, two marks on a ruler lying on
the table and their distance apart (a length: ``"30cm"`` is read in the scenario's unit),
its ``start`` at the south-west corner and running east along the south edge unless
``at = [x, y]`` and ``bearing`` (compass degrees) say otherwise.

Only the table's shape is checked: a photo file that is missing or unreadable is no
problem of the scenario's (it plays without it; the window says so).

The photo's model and its geometry are imported where a ``[photo]`` is read or written,
not with the module: every scenario is loaded through :func:`read_photo`, and a ruling
on one without a photo starts without them.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from tabletop.common.errors import TabletopError
from tabletop.data.reader import Reader, join

if TYPE_CHECKING:
    from tabletop.model.photo import Photo, Point, RulerMarks

#: The keys of ``[photo]`` and of its ``ruler``.
PHOTO_KEYS = ("path", "corners", "ruler", "opacity")
RULER_KEYS = ("start", "end", "length", "at", "bearing")
#: Photo pixels a corner may lie at, either way from the photo's top-left corner: far
#: beyond any camera's (a table corner may lie outside the photo, not a mile outside).
MAX_PIXEL = 1e6
CORNERS_EXPECTED = "the table's corners in order south-west, south-east, north-east, north-west"


def read_photo(r: Reader, data: dict[str, Any], file: str, units: str) -> Photo | None:
    """The scenario's ``[photo]``, or None; every problem recorded in ``r`` at its key
    path.  ``file``: the scenario's path, whose folder the photo's path is read from."""
    if "photo" not in data:
        return None
    from tabletop.model.photo import OPACITY, Photo

    tbl = r.table(data, "", "photo")
    if not tbl:
        return None
    for key in tbl:
        if key not in PHOTO_KEYS:
            r.error(join("photo", key), "one of the keys " + ", ".join(PHOTO_KEYS), key)
    before = len(r.errors)
    path = r.string(tbl, "photo", "path")
    if path and "\0" in path:
        r.error("photo.path", "a file name", path)
    opacity = r.number(tbl, "photo", "opacity", default=OPACITY, minimum=0.0, maximum=1.0)
    corners, ruler = None, None
    if ("corners" in tbl) == ("ruler" in tbl):
        r.error("photo", "either corners or ruler (where the photo lies on the table)", tbl)
    elif "corners" in tbl:
        corners = _corners(r, tbl["corners"])
    else:
        ruler = _ruler(r, r.table(tbl, "photo", "ruler"), units)
    if len(r.errors) > before or (corners is None and ruler is None):
        return None
    return Photo(path, str(Path(file).parent / path), corners, ruler, opacity)


def photo_in(data: dict[str, Any], file: str | None) -> Photo | None:
    """The photo of a table being set up (``Setup.data``, ``Setup.path``), read alone:
    a table with no ship yet is no scenario, but its photo is there to show.  None when
    it has none, or one that does not read."""
    head = data.get("scenario")
    units = head.get("units") if isinstance(head, dict) else None
    r = Reader(file or "set-up")
    found = read_photo(r, data, file or "set-up", units if units in ("cm", "in") else "cm")
    return None if r.errors else found


def _pixel(r: Reader, v: Any, path: str) -> Point | None:
    """A point in the photo: ``[x, y]`` in pixels."""
    ok = isinstance(v, list) and len(v) == 2
    ok = ok and all(isinstance(c, int | float) and not isinstance(c, bool) for c in v)
    if not ok or not all(math.isfinite(c) and abs(c) <= MAX_PIXEL for c in v):
        r.error(path, f"a point in the photo, [x, y] in pixels (at most {MAX_PIXEL:g})", v)
        return None
    return float(v[0]), float(v[1])


def _corners(r: Reader, v: Any) -> tuple[Point, Point, Point, Point] | None:
    if not isinstance(v, list) or len(v) != 4:
        r.error("photo.corners", f"four points: {CORNERS_EXPECTED}", v)
        return None
    pts = [_pixel(r, c, join("photo.corners", i)) for i, c in enumerate(v)]
    if any(p is None for p in pts):
        return None
    a, b, c, d = (p for p in pts if p is not None)
    from tabletop.geometry.homography import quad_problem

    why = quad_problem([a, b, c, d])
    if why is not None:
        r.error("photo.corners", f"{CORNERS_EXPECTED} ({why})", v)
        return None
    return a, b, c, d


def _ruler(r: Reader, tbl: dict[str, Any], units: str) -> RulerMarks | None:
    if not tbl:
        return None
    for key in tbl:
        if key not in RULER_KEYS:
            r.error(join("photo.ruler", key), "one of the keys " + ", ".join(RULER_KEYS), key)
    before = len(r.errors)
    start = _pixel(r, r.value(tbl, "photo.ruler", "start"), "photo.ruler.start")
    end = _pixel(r, r.value(tbl, "photo.ruler", "end"), "photo.ruler.end")
    length = r.length(tbl, "photo.ruler", "length", units)
    at: Point = (0.0, 0.0)
    if "at" in tbl:
        v = tbl["at"]
        if isinstance(v, list) and len(v) == 2:
            pair = {"x": v[0], "y": v[1]}
            at = (r.coordinate(pair, "photo.ruler.at", "x", units),
                  r.coordinate(pair, "photo.ruler.at", "y", units))  # fmt: skip
        else:
            r.error("photo.ruler.at", "a point on the table, [x, y]", v)
    bearing = r.angle(tbl, "photo.ruler", "bearing", default=90.0)
    if start is not None and start == end:
        r.error("photo.ruler.end", "a mark apart from the start", tbl.get("end"))
    if len(r.errors) > before or start is None or end is None:
        return None
    from tabletop.model.photo import RulerMarks

    return RulerMarks(start, end, length, at, bearing)


def photo_table(
    path: str,
    corners: Any = None,
    ruler: RulerMarks | None = None,
    opacity: float | None = None,
) -> dict[str, Any]:
    """A ``[photo]`` table as a person writes it: the path, then where it lies (corners
    to a hundredth of a pixel), then the opacity if it is not the usual."""
    from tabletop.model.photo import OPACITY

    out: dict[str, Any] = {"path": path}
    if corners is not None:
        out["corners"] = [[round(float(x), 2), round(float(y), 2)] for x, y in corners]
    elif ruler is not None:
        marks: dict[str, Any] = {
            "start": [round(ruler.start[0], 2), round(ruler.start[1], 2)],
            "end": [round(ruler.end[0], 2), round(ruler.end[1], 2)],
            "length": ruler.length,
        }
        if ruler.at != (0.0, 0.0):
            marks["at"] = [ruler.at[0], ruler.at[1]]
        if ruler.bearing != 90.0:
            marks["bearing"] = ruler.bearing
        out["ruler"] = marks
    else:
        raise TabletopError("a photo is placed on the table by its corners or by a ruler")
    if opacity is not None and abs(opacity - OPACITY) > 1e-9:
        out["opacity"] = round(float(opacity), 3)
    return out


class Edited(Protocol):
    """The set-up (:class:`tabletop.game.setup.Setup`) as the photo's edits use it."""

    data: dict[str, Any]

    def _edit(self, change: Any) -> None: ...


def set_photo(setup: Edited, table: dict[str, Any]) -> None:
    """Put the photo ``table`` (:func:`photo_table`'s, or ``PhotoTool.to_scenario()``'s)
    in the scenario being set up, in place of any before: an edit like any other
    (undone by undo; refused with the reason, nothing changed, if it does not load)."""
    setup._edit(lambda d: d.__setitem__("photo", dict(table)))


def clear_photo(setup: Edited) -> bool:
    """Take the photo out of the scenario (the file itself is left alone); False when
    there was none."""
    if "photo" not in setup.data:
        return False
    setup._edit(lambda d: d.pop("photo", None))
    return True
