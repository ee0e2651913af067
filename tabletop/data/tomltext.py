"""TOML text for scenarios: written new, or written into the text a scenario was read
from so that a person's file keeps its comments.

A new document is written here directly: scenarios only hold tables, arrays of tables,
strings, numbers, booleans, dates and arrays, and a coastline of ten thousand corners
must be written in a blink (tomlkit builds an array item by item, in time that grows
with the square of its length: 6.7 s for 10,000 corners).  A document written into its
old text is tomlkit's: it parses the text, keeps every comment, blank line and number
form, and takes in only what changed, each new value parsed from its text here (in time
that grows with its length).  ``load_toml`` reads back exactly what either writes.
"""

from __future__ import annotations

import datetime as dt
import math
import re
from typing import Any

import tomlkit
import tomlkit.items


def dumps(data: dict[str, Any], like: str | None = None) -> str:
    """TOML text for ``data``: tables and arrays of tables in the order their keys were
    given, a ship a table.  With ``like`` (the text the data was read from), that text
    (by tomlkit) with only what changed rewritten: its comments, blank lines,
    key order and number forms are kept wherever the value is the same, so a scenario
    saved with no edit is the very same file, and an edit changes its own lines."""
    if like is None:
        return _write(data)
    doc = tomlkit.parse(like)
    _merge(doc, data)
    return tomlkit.dumps(doc)


def _same(old: Any, new: Any) -> bool:
    """Whether a written value already says ``new``: the same value, a number as a
    number (``8.0`` written stays, for an 8 that the file read back as a number the
    same), a flag as a flag (``true`` is not 1)."""
    return _alike(old.unwrap() if hasattr(old, "unwrap") else old, new)


def _alike(a: Any, b: Any) -> bool:
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_alike(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_alike(x, y) for x, y in zip(a, b, strict=True))
    numbers = (int, float)
    if isinstance(a, numbers) and isinstance(b, numbers):
        return isinstance(a, bool) == isinstance(b, bool) and a == b
    return type(a) is type(b) and a == b


def _merge(old: Any, new: dict[str, Any]) -> None:
    """Make the tomlkit table ``old`` say ``new``, touching only what differs."""
    for k in [k for k in old if k not in new]:
        del old[k]
    for k, v in new.items():
        if k in old and _same(old[k], v):
            continue
        if k in old and isinstance(v, dict) and isinstance(old[k], dict):
            _merge(old[k], v)
        elif k in old and _tables(v) and isinstance(old[k], tomlkit.items.AoT):
            _merge_tables(old, k, v)
        else:
            old[k] = _item(v)


def _item(v: Any) -> Any:
    """A new value for tomlkit, its arrays parsed from their text (see the module)."""
    if isinstance(v, dict):
        t = tomlkit.table()
        for k, x in v.items():
            t[k] = _item(x)
        return t
    if _tables(v):
        a = tomlkit.aot()
        for x in v:
            a.append(_item(x))
        return a
    if isinstance(v, list):
        return tomlkit.value(_value(v))
    return v


def _tables(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


def _merge_tables(parent: Any, key: str, new: list[dict[str, Any]]) -> None:
    """An array of tables (the ships, the terrain) made to say ``new``: each table kept
    whole where one of the same ``id`` (or, without ids, at the same place) was there
    before, with its comments, and merged; the others written new."""
    old = list(parent[key])
    by_id = {t.get("id"): t for t in old if isinstance(t.get("id"), str)}
    keyed = all(isinstance(t.get("id"), str) for t in new) and len(by_id) == len(old)
    kept = []
    for i, t in enumerate(new):
        was = by_id.get(t["id"]) if keyed else (old[i] if i < len(old) else None)
        if was is None:
            kept.append(_item(t))
        else:
            _merge(was, t)
            kept.append(was)
    if kept == old and all(a is b for a, b in zip(kept, old, strict=True)):
        return
    parent[key] = tomlkit.aot()
    for t in kept:
        parent[key].append(t)


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\f": "\\f",
    "\r": "\\r",
}


def _string(v: str) -> str:
    """A TOML basic string: quotes, backslashes and every control character (U+0000 to
    U+001F and DEL, U+007F) escaped, as TOML requires."""
    out = []
    for c in v:
        if c in _ESCAPES:
            out.append(_ESCAPES[c])
        elif ord(c) < 0x20 or ord(c) == 0x7F:
            out.append(f"\\u{ord(c):04X}")
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


def _float(v: float) -> str:
    """The shortest text that reads back as the same float (TOML ``inf``/``nan`` too)."""
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return repr(v)


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return _float(v)
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return _string(v)
    if isinstance(v, dt.datetime | dt.date | dt.time):
        return v.isoformat()  # RFC 3339 forms, which TOML reads as the same value
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"cannot write {type(v).__name__} to TOML")


def _key(k: str) -> str:
    return k if _BARE_KEY.fullmatch(k) else _string(k)


def _write(data: dict[str, Any]) -> str:
    """TOML text for a document whose top level holds tables and arrays of tables."""
    out: list[str] = []

    def table(prefix: str, tbl: dict[str, Any], header: str) -> None:
        simple = {k: v for k, v in tbl.items() if not _is_table(v) and not _tables(v)}
        if header:
            out.append(header)
        for k, v in simple.items():
            out.append(f"{_key(k)} = {_value(v)}")
        out.append("")
        for k, v in tbl.items():
            name = f"{prefix}.{_key(k)}" if prefix else _key(k)
            if _is_table(v):
                table(name, v, f"[{name}]")
            elif _tables(v):
                for item in v:
                    table(name, item, f"[[{name}]]")

    table("", data, "")
    return "\n".join(out).lstrip("\n")


def _is_table(v: Any) -> bool:
    return isinstance(v, dict)
