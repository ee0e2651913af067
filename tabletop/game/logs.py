"""Game logs: what a line of a log may say, and reading one.

A log is UTF-8 text, one action a line, ``#`` comments, and at most one ``seed N`` line
above the first action (else the scenario's seed).  It must say only what it shows:

- A line ends only at ``\\n`` (or ``\\r\\n``).  Every other character some reader takes
  for a line break (vertical tab, form feed, a lone carriage return, NEL, U+2028,
  U+2029), every other control character but the tab, and the invisible marks that
  reorder what an editor shows (bidirectional overrides) is an error naming its line:
  otherwise an action could hide inside what the eye reads as a comment.
- The seed is set once, at the top: a seed line after an action would re-roll every
  die from there on, one after another seed would silently overrule it.

The bounds are the saved game's (:mod:`tabletop.game.saved`): whatever a log holds, a
game played from it can be saved and read back.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from pathlib import Path

from tabletop.common.errors import TabletopError, clip
from tabletop.data.files import read_bounded, shown
from tabletop.game.saved import MAX_ACTION_CHARS, MAX_ACTIONS, MAX_SEED

#: The largest log read: a thousand times the longest shipped game, far above any game
#: played at a table, and small enough to read at once.
MAX_LOG_BYTES = 4 * 1024 * 1024

#: Characters that change what a line shows without being seen: the bidirectional
#: embeddings, overrides and isolates, and a byte-order mark past the file's start.
_INVISIBLE = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ufeff")
_NAMES = {
    "\x00": "a NUL",
    "\x0b": "a vertical tab",
    "\x0c": "a form feed",
    "\r": "a carriage return not followed by a line feed",
    "\x1b": "an escape character",
    "\x7f": "a delete character",
    "\x85": "a next-line character (NEL)",
    "\u2028": "a line separator",
    "\u2029": "a paragraph separator",
    "\ufeff": "a byte-order mark",
}
SEED_RANGE = f"a whole number from -{MAX_SEED - 1} to {MAX_SEED - 1}"


@dataclass(frozen=True)
class GameLog:
    """A log as read: its seed (None: the scenario's) and its actions with their lines."""

    seed: int | None
    seed_line: int | None  # the line of the seed, or None
    actions: tuple[str, ...]
    lines: tuple[int, ...]  # the line each action is on


def seed_text(seed: int) -> str:
    """The seed line as every writer of a log writes it."""
    return f"seed {seed}"


def bad_character(line: str) -> str | None:
    """What in ``line`` a log may not hold, in words (``a vertical tab (U+000B)``)."""
    for c in line:
        if c == "\t":
            continue
        if c in _INVISIBLE or unicodedata.category(c) in ("Cc", "Zl", "Zp"):
            name = _NAMES.get(c, "a control character")
            return f"{name} (U+{ord(c):04X})"
    return None


def read_game_log(path: str | Path) -> GameLog:
    """Read a log file: a regular file of at most :data:`MAX_LOG_BYTES`."""
    raw = read_bounded(path, "log", MAX_LOG_BYTES)
    where = shown(path)
    raw = raw.removeprefix(b"\xef\xbb\xbf")  # a byte-order mark some editors begin with
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        n = raw.count(b"\n", 0, e.start) + 1
        raise TabletopError(f"{where}: line {n}: expected UTF-8 text, found other bytes") from None
    return parse_log(text, where)


def parse_log(text: str, where: str = "log") -> GameLog:
    """A log's text read line by line; the first problem is an error naming its line."""
    seed: int | None = None
    seed_at: int | None = None
    actions: list[str] = []
    lines: list[int] = []
    for n, raw in enumerate(text.split("\n"), 1):
        line = raw.removesuffix("\r")
        if (bad := bad_character(line)) is not None:
            raise TabletopError(
                f"{where}: line {n}: expected text on one line (a tab at most), found {bad}"
            )
        action = line.split("#", 1)[0].strip()
        if not action:
            continue
        if action.split(maxsplit=1)[0] != "seed":
            if len(action) > MAX_ACTION_CHARS:
                raise TabletopError(
                    f"{where}: line {n}: expected an action of at most {MAX_ACTION_CHARS} "
                    f"characters, found {len(action)}"
                )
            if len(actions) == MAX_ACTIONS:
                raise TabletopError(f"{where}: line {n}: expected at most {MAX_ACTIONS} actions")
            actions.append(action)
            lines.append(n)
            continue
        seed = _seed(where, n, action, action.split())
        if seed_at is not None:
            raise TabletopError(
                f"{where}: line {n}: expected one seed line, found a second "
                f"(the first is on line {seed_at})"
            )
        if lines:
            raise TabletopError(
                f"{where}: line {n}: expected the seed line above the first action "
                f"(on line {lines[0]}), found it below"
            )
        seed_at = n
    return GameLog(seed, seed_at, tuple(actions), tuple(lines))


def _seed(where: str, n: int, action: str, words: list[str]) -> int:
    digits = words[1].removeprefix("-") if len(words) == 2 else ""
    # at most 19 ASCII digits, then the range: int() of a 5,000-digit word is refused
    if digits.isascii() and digits.isdigit() and len(digits) <= 19:
        value = int(words[1])
        if abs(value) < MAX_SEED:
            return value
    raise TabletopError(
        f"{where}: line {n}: expected 'seed N' (N {SEED_RANGE}), found '{clip(action)}'"
    )


def read_log(path: str | Path) -> tuple[int | None, list[str]]:
    """A game log's seed (None: the scenario's) and its actions."""
    log = read_game_log(path)
    return log.seed, list(log.actions)


