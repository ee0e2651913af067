"""Special files for the fuzzer's cases, and a fingerprint to tell one was left alone.

A case may aim a writer at a FIFO, a socket, a device, a folder, a loop of links, or
read from ``/dev/zero``.  Nothing here ever names a system file as a target: the device
is a private one made in the case's folder (a stand-in for ``/dev/null``, made only as
root; a FIFO stands in otherwise), so a regression destroys nothing but the case.
"""

from __future__ import annotations

import hashlib
import os
import socket
import stat
from pathlib import Path

KINDS = ("fifo", "socket", "device", "folder", "loop", "link-device", "link-zero")


def _device(p: Path) -> None:
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        os.mknod(p, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # what /dev/null is
    else:
        os.mkfifo(p)


def make(folder: Path, name: str, kind: str) -> None:
    """Make ``folder/name`` a special file of ``kind``."""
    p = folder / name
    p.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(p)
    elif kind == "socket":
        s = socket.socket(socket.AF_UNIX)
        try:
            s.bind(str(p))
        finally:
            s.close()
    elif kind == "device":
        _device(p)
    elif kind == "folder":
        p.mkdir()
    elif kind == "loop":
        p.symlink_to(p.name)
    elif kind == "link-device":
        _device(folder / f"{name}.target")
        p.symlink_to(f"{name}.target")
    elif kind == "link-zero":
        p.symlink_to("/dev/zero")
    else:
        raise ValueError(kind)


def fingerprint(p: Path) -> tuple[object, ...]:
    """What ``p`` is: its kind, and a regular file's contents; a link, where it points
    and what is there."""
    try:
        st = os.lstat(p)
    except OSError as e:
        return ("missing", e.errno)
    if stat.S_ISLNK(st.st_mode):
        target = os.readlink(p)
        there = p.parent / target
        inner = fingerprint(there) if there != p and target != "/dev/zero" else ()
        return ("link", target, inner)
    if stat.S_ISREG(st.st_mode):
        return ("file", hashlib.sha256(p.read_bytes()).hexdigest())
    return (stat.S_IFMT(st.st_mode), st.st_ino)
