"""Content digests of data files, so a save can name the files it was played on.

A digest is the SHA-256 of a file's *parsed, canonical content*, not of its bytes:

- it is taken from the very document the game was built from (the dictionary
  ``load_toml`` returned, before anything reads it), so there is no second read of the
  file and no window between reading and hashing; a template the process has cached is
  hashed as it was read, not as the file stands later;
- an edit that changes no value (a comment, a blank line, the order of keys, quoting
  style, ``0x10`` for ``16``) changes nothing the rules see, so it does not make every
  save of that scenario or house rule unreadable;
- any value added, removed or changed does change it.  The encoding is typed
  (``1``, ``1.0``, ``true`` and ``"1"`` are four different contents), so it errs on the
  side of calling a file changed, never the other way.

The encoding is this module's own, not JSON: every value carries a type letter and
strings are length-prefixed, so no two different documents encode alike (a TOML date and
the string of its text differ), and a table's keys are sorted, so the order they were
written in does not count.

A loaded table keeps its files' encodings (:class:`Digests`), taken as they are read, and
hashes each when its digest is first asked for: hashlib loads OpenSSL, a few
milliseconds of every start-up, and a ruling never asks.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Mapping
from typing import Any

#: The prefix a digest is written with in a save: the algorithm, so it can change.
PREFIX = "sha256:"


def content_digest(doc: Any) -> str:
    """``sha256:`` and the hex digest of ``doc``'s canonical encoding."""
    return digest_of(canonical(doc))


def canonical(doc: Any) -> bytes:
    """``doc``'s canonical encoding: what its digest is the hash of."""
    parts: list[bytes] = []
    _feed(parts, doc)
    return b"".join(parts)


def digest_of(encoding: bytes) -> str:
    """``sha256:`` and the hex digest of an encoding (:func:`canonical`)."""
    import hashlib  # here, not above: see the module's docstring

    return PREFIX + hashlib.sha256(encoding).hexdigest()


class Digests(Mapping[str, str]):
    """Content digests by name, each hashed from its document's encoding when first
    read: the encodings are taken as the documents are read (nothing read since can
    change them), the hashing waits until a save or a proof asks."""

    def __init__(self, encodings: Mapping[str, bytes]) -> None:
        self._encodings = dict(encodings)
        self._hashed: dict[str, str] = {}

    def __getitem__(self, name: str) -> str:
        if name not in self._hashed:
            self._hashed[name] = digest_of(self._encodings[name])
        return self._hashed[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._encodings)

    def __len__(self) -> int:
        return len(self._encodings)


def _text(out: list[bytes], tag: bytes, s: str) -> None:
    b = s.encode("utf-8", errors="surrogatepass")
    out += (tag, str(len(b)).encode(), b":", b)


def _feed(out: list[bytes], v: Any) -> None:
    """Feed one value: the type letter, then its content (containers: their length,
    then each item; a table's keys in sorted order).  The parts are hashed together at
    the end: one call to the hash for each of a coastline's numbers cost more than the
    numbers' encoding."""
    if isinstance(v, bool):  # before int: True is an int
        out.append(b"T" if v else b"F")
    elif isinstance(v, float):
        _text(out, b"f", v.hex())  # exact, and nan and infinities too
    elif isinstance(v, int):
        _text(out, b"i", format(v, "x"))  # hex: no limit on the digits of a huge integer
    elif isinstance(v, str):
        _text(out, b"s", v)
    elif isinstance(v, dt.datetime | dt.date | dt.time):
        _text(out, b"d" if isinstance(v, dt.date) else b"t", v.isoformat())
    elif isinstance(v, dict):
        out.append(b"{" + str(len(v)).encode() + b":")
        for k in sorted(v, key=str):
            _text(out, b"k", str(k))
            _feed(out, v[k])
    elif isinstance(v, list | tuple):
        out.append(b"[" + str(len(v)).encode() + b":")
        for x in v:
            _feed(out, x)
    else:
        raise TypeError(f"no canonical form for {type(v).__name__}")
