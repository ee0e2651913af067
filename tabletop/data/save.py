"""Writing scenarios back out: a small TOML writer and atomic replacement.

The standard library reads TOML but does not write it; scenarios only hold tables,
arrays of tables, strings, numbers, booleans and arrays, which is all this writes.
Files are written to a temporary file in the same folder, flushed, then renamed over
the target, so a crash never leaves half a file.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from tabletop.data.reader import load_toml
from tabletop.errors import TabletopError
from tabletop.geometry.pose import Pose


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(round(v, 6)) if isinstance(v, float) else str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"cannot write {type(v).__name__} to TOML")


def _key(k: str) -> str:
    return k if k.replace("-", "").replace("_", "").isalnum() else json.dumps(k)


def dumps(data: dict[str, Any]) -> str:
    """TOML text for a document whose top level holds tables and arrays of tables."""
    out: list[str] = []

    def table(prefix: str, tbl: dict[str, Any], header: str) -> None:
        simple = {k: v for k, v in tbl.items() if not _is_table(v) and not _is_table_array(v)}
        if header:
            out.append(header)
        for k, v in simple.items():
            out.append(f"{_key(k)} = {_value(v)}")
        out.append("")
        for k, v in tbl.items():
            name = f"{prefix}.{_key(k)}" if prefix else _key(k)
            if _is_table(v):
                table(name, v, f"[{name}]")
            elif _is_table_array(v):
                for item in v:
                    table(name, item, f"[[{name}]]")

    table("", data, "")
    return "\n".join(out).lstrip("\n")


def _is_table(v: Any) -> bool:
    return isinstance(v, dict)


def _is_table_array(v: Any) -> bool:
    return isinstance(v, list) and bool(v) and all(isinstance(x, dict) for x in v)


def write_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` all at once or not at all."""
    write_atomic_bytes(path, text.encode("utf-8"))


def write_atomic_bytes(path: str | Path, data: bytes) -> None:
    """Write ``data`` to a temporary file beside ``path``, then rename it over ``path``."""
    path = Path(path)
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except OSError as e:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        raise TabletopError(f"{path}: cannot write ({e.strerror})") from None


def save_scenario(source: str | Path, out: str | Path, poses: dict[str, Pose]) -> None:
    """Copy a scenario file with some ships moved to new poses."""
    data = load_toml(Path(source))
    for st in data.get("ships", []):
        if st.get("id") in poses:
            p = poses[st["id"]]
            st["x"], st["y"], st["heading"] = round(p.x, 6), round(p.y, 6), round(p.heading, 6)
    write_atomic(out, dumps(data))
