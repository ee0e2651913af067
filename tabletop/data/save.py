"""Writing scenarios back out: their TOML (``tomltext.dumps``, which keeps a person's
comments where a scenario was read from a file) and atomic replacement.  Files are
written to a temporary file in the same folder, flushed, then renamed over the target, so a crash
never leaves half a file; a writer killed midway leaves its temporary behind, and the
next write beside it removes it.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
import time
from collections.abc import Collection
from pathlib import Path
from typing import Any

from tabletop.common.errors import TabletopError
from tabletop.data.files import Reads, output_target, reason, shown
from tabletop.data.reader import read_toml
from tabletop.data.tomltext import dumps
from tabletop.geometry.pose import Pose

try:  # POSIX: a writer holds a lock on its temporary for as long as it lives
    import fcntl
except ImportError:  # pragma: no cover - Windows: stale means old
    fcntl = None  # type: ignore[assignment]

#: Without locks, a temporary this old (seconds) belongs to a writer that died.
STALE_AFTER = 60.0


def write_atomic(path: str | Path, text: str, reads: Reads = ()) -> None:
    """Write ``text`` to ``path`` all at once or not at all (``reads``: the files the
    command reads, which it may not write over)."""
    write_atomic_bytes(path, text.encode("utf-8"), reads)


def _umask_mode() -> int:
    """The mode a plain ``open(path, "w")`` would give a new file: 0o666 less the umask."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def _lock(fd: int) -> bool | None:
    """Take the writer's lock on an open temporary without waiting: True when taken,
    False when another process holds it, None where there are no locks."""
    if fcntl is None:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError:  # a file system without locks
        return None
    return True


def clean_stale(path: str | Path) -> list[Path]:
    """Remove temporaries ``.<name>.*.tmp`` beside ``path`` that no live writer holds.

    A writer locks its temporary from creation until it is renamed, and the lock dies
    with the process; so an unlocked temporary is a dead writer's.  (Without locks, one
    older than :data:`STALE_AFTER` seconds is.)  Returns what was removed.
    """
    path = Path(path)
    folder = path.parent
    removed: list[Path] = []
    try:
        names = [n for n in os.listdir(folder) if n.startswith(f".{path.name}.")]
    except OSError:
        return removed
    for name in names:
        if not name.endswith(".tmp"):
            continue
        tmp = folder / name
        try:
            flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
            fd = os.open(tmp, flags)
        except OSError:
            continue
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                continue
            locked = _lock(fd)
            stale = locked if locked is not None else time.time() - st.st_mtime > STALE_AFTER
            # only if the name still is the file we locked (names are never reused)
            if stale and os.stat(tmp, follow_symlinks=False).st_ino == st.st_ino:
                os.unlink(tmp)
                removed.append(tmp)
        except OSError:
            pass
        finally:
            os.close(fd)
    return removed


def _temporary(target: Path) -> tuple[int, str]:
    """A new temporary beside ``target``, created and locked (see :func:`clean_stale`)."""
    for _ in range(100):
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        # A cleaner may have taken it for a dead writer's before the lock: then start again.
        try:
            if (
                _lock(fd) is not False
                and os.stat(tmp, follow_symlinks=False).st_ino == os.fstat(fd).st_ino
            ):
                return fd, tmp
        except FileNotFoundError:
            pass
        os.close(fd)
    raise OSError(0, "no temporary file could be kept beside it")


def write_atomic_bytes(path: str | Path, data: bytes, reads: Reads = ()) -> None:
    """Write ``data`` to a temporary file beside ``path``, then rename it over ``path``.

    Only a regular file or a new name is written, never one of ``reads`` (see
    :func:`tabletop.data.files.output_target`): the rename would replace a FIFO, a
    device or the scenario being read.  An existing file keeps its permission bits; a
    new one gets the user's usual mode (0o666 less the umask), not the temporary's
    0o600.  A symlink is written through: its target is replaced and the link stays.
    Stale temporaries are cleaned up.
    """
    reads = tuple(reads)  # looked at twice: before and just before the rename
    target = output_target(path, reads)
    tmp = None
    try:
        try:
            mode = os.stat(target).st_mode & 0o7777
        except FileNotFoundError:
            mode = _umask_mode()
        clean_stale(target)
        fd, tmp = _temporary(target)
        with os.fdopen(fd, "wb") as fh:
            if hasattr(os, "fchmod"):
                os.fchmod(fh.fileno(), mode)
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
            output_target(target, reads)  # once more, as late as can be: still a file?
            if fcntl is not None:
                os.replace(tmp, target)  # while still locked: no cleaner can take it
        if fcntl is None:
            os.chmod(tmp, mode)
            os.replace(tmp, target)
        tmp = None
        _sync_folder(target.parent)
    except (OSError, TabletopError) as e:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        if isinstance(e, TabletopError):
            raise
        raise TabletopError(f"{shown(path)}: cannot write ({reason(e)})") from None


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (where the platform allows opening a folder)."""
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def rebase_photo(data: dict[str, Any], old: str | Path | None, new: str | Path) -> dict[str, Any]:
    """``data`` with its ``[photo]`` path (relative to the scenario's folder) read from
    ``old``'s folder (None: a table not yet saved, whose paths are the working
    folder's) and written from ``new``'s, so a scenario saved elsewhere still finds its
    photo.  An absolute path is kept as written.  ``data`` itself is not changed."""
    photo = data.get("photo")
    if not isinstance(photo, dict) or not isinstance(photo.get("path"), str):
        return data
    if os.path.isabs(photo["path"]):
        return data
    where = os.path.abspath(Path(old).parent / photo["path"] if old else photo["path"])
    try:
        path = Path(os.path.relpath(where, os.path.abspath(Path(new).parent))).as_posix()
    except ValueError:  # another drive (Windows): no relative path reaches it
        path = where
    return data if path == photo["path"] else {**data, "photo": {**photo, "path": path}}


def save_scenario(
    source: str | Path,
    out: str | Path,
    poses: dict[str, Pose],
    fields: dict[str, dict[str, Any]] | None = None,
    drop: Collection[str] = (),
    reads: Reads = (),
    wind: dict[str, Any] | None = None,
) -> None:
    """Copy a scenario file with some ships moved to new poses.

    Only the moved ships' ``x``, ``y`` and ``heading`` change (rounded to 6 decimals,
    far below any ruling), with ``fields`` written on the ships named (a ship's per-ship
    overrides: her damage, where her ruleset's classes carry it); the ships in ``drop``
    are left out; ``wind``'s keys replace the ``[wind]`` table's (the wind as it blows
    now); every other value is written back exactly as it was read.  Never
    over the scenario, nor over anything else in ``reads`` (the log being played).
    """
    data, text = read_toml(Path(source))
    gone = set(drop)
    ships = [s for s in data.get("ships", []) if not (isinstance(s, dict) and s.get("id") in gone)]
    for st in ships:
        if isinstance(st, dict) and st.get("id") in poses:
            p = poses[st["id"]]
            st["x"], st["y"], st["heading"] = round(p.x, 6), round(p.y, 6), round(p.heading, 6)
        if isinstance(st, dict) and fields and st.get("id") in fields:
            st.update(fields[st["id"]])
    if "ships" in data:
        data["ships"] = ships
    if wind:
        data["wind"] = {**data.get("wind", {}), **wind}
    data = rebase_photo(data, source, out)
    write_atomic(out, dumps(data, like=text), reads=[("scenario", source), *reads])
