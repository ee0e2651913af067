"""Files in and out: input read only from a regular file under a size cap, output written
only to a regular file or a new name.

Why both are needed: a log that is ``/dev/zero`` never ends and fills the memory, a log
that is a FIFO blocks its reader for ever; and an atomic write (a temporary renamed over
the target) *replaces* whatever bears the target's name, so ``--save`` aimed at a FIFO, a
device (as root, ``/dev/null`` itself) or the scenario being played would destroy it and
report success.  Every reader of a log or a save goes through :func:`read_bounded`, and
every writer through :func:`output_target` (``write_atomic`` calls it), so each of these
is one line naming the file, and nothing is touched.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterable
from pathlib import Path

from tabletop.common.errors import MAX_PATH_SHOWN, TabletopError, clip

#: What a writer is told it may not write over: (what it is, its path), e.g.
#: ``("scenario", "duel.toml")``.
Reads = Iterable[tuple[str, "str | Path"]]

_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO (a named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def describe(mode: int) -> str:
    """What kind of file a ``st_mode`` is, in words."""
    for test, words in _KINDS:
        if test(mode):
            return words
    return "a regular file" if stat.S_ISREG(mode) else "a special file"


def shown(path: str | Path) -> str:
    """A path as an error names it: cut to a sane length, both ends kept."""
    return clip(str(path), MAX_PATH_SHOWN)


def reason(e: OSError) -> str:
    """Why the system refused, in its own words (``File name too long``)."""
    if e.errno == errno.ELOOP:
        return "a loop of symbolic links"
    return e.strerror or type(e).__name__


def size_text(n: int) -> str:
    """A byte count as the docs state caps: ``4 MiB``."""
    return f"{n // (1024 * 1024)} MiB" if n % (1024 * 1024) == 0 else f"{n} bytes"


def read_bounded(path: str | Path, what: str, limit: int) -> bytes:
    """The bytes of ``path``, which must be a regular file of at most ``limit`` bytes.

    The kind is looked at before opening (a device is never opened) and again on the
    open file (a name swapped between the two is caught); the open never blocks (a FIFO
    is refused, not waited on), and no more than ``limit + 1`` bytes are ever read, so a
    file that grows while it is read is refused too.
    """
    try:
        st = os.stat(path)
    except (OSError, ValueError) as e:  # ValueError: a NUL in the name
        why = reason(e) if isinstance(e, OSError) else "a NUL in its name"
        raise TabletopError(f"{shown(path)}: cannot read the {what} ({why})") from None
    _regular(path, what, st.st_mode, st.st_size, limit)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        raise TabletopError(f"{shown(path)}: cannot read the {what} ({reason(e)})") from None
    try:
        st = os.fstat(fd)
        _regular(path, what, st.st_mode, st.st_size, limit)
        chunks: list[bytes] = []
        got = 0
        while got <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
    except OSError as e:
        raise TabletopError(f"{shown(path)}: cannot read the {what} ({reason(e)})") from None
    finally:
        os.close(fd)
    _regular(path, what, stat.S_IFREG, got, limit)
    return b"".join(chunks)


def _regular(path: str | Path, what: str, mode: int, size: int, limit: int) -> None:
    if not stat.S_ISREG(mode):
        raise TabletopError(
            f"{shown(path)}: expected the {what} as a regular file, found {describe(mode)}"
        )
    if size > limit:
        raise TabletopError(
            f"{shown(path)}: expected a {what} of at most {size_text(limit)}, "
            f"found {size} bytes"
        )


def output_target(path: str | Path, reads: Reads = ()) -> Path:
    """Where a write to ``path`` lands, refused unless it is a regular file or a new name
    and none of the files this command reads (``reads``).

    A symbolic link is written through (the link stays, its target is replaced); a loop
    of links, a name the system finds too long, a folder that is not there or may not
    be looked into are each one line naming the path.
    """
    if not str(path).strip():
        raise TabletopError("cannot write to an empty file name")
    if "\0" in str(path):
        raise TabletopError(f"{shown(path)}: cannot write (a NUL in its name)")
    try:
        st: os.stat_result | None = os.stat(path)
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise TabletopError(f"{shown(path)}: cannot write ({reason(e)})") from None
    p = Path(path)
    if st is not None:
        if not stat.S_ISREG(st.st_mode):
            raise TabletopError(
                f"{shown(path)}: expected a regular file or a new name to write to, "
                f"found {describe(st.st_mode)}"
            )
        for what, src in reads:
            try:
                other = os.stat(src)
            except (OSError, ValueError):
                continue
            if (other.st_dev, other.st_ino) == (st.st_dev, st.st_ino):
                raise TabletopError(
                    f"{shown(path)}: expected a file to write to, found the {what} "
                    "this command reads"
                )
    try:
        if p.is_symlink():
            p = Path(os.path.realpath(p))
        folder = os.stat(p.parent)
    except FileNotFoundError:
        raise TabletopError(f"{shown(path)}: cannot write (no such folder)") from None
    except OSError as e:
        raise TabletopError(f"{shown(path)}: cannot write ({reason(e)})") from None
    if not stat.S_ISDIR(folder.st_mode):
        raise TabletopError(f"{shown(path)}: cannot write (not in a folder)")
    return p
