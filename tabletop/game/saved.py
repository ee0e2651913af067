"""Saved games: one format, one reader, for the window, the CLI and the engine.

A save names its scenario (relative to the save's own folder when it lies below it), the
content digests of the scenario and of the data files it was played on, the seed, the
actions in their text form and the state they reach.  This module reads and checks a
save's *shape* before anything is replayed; ``game/proof.py`` then checks what it claims
against the scenario and the replay.  A bad save is one line naming the file, the key,
what was expected and what was found, never a traceback, and the file is left as it was.

Every field a save carries is either checked or refused; none is taken on trust:

- ``format``: one this version reads, else refused.  It says which fields the save must
  carry (``tabletop-save/3`` and later carry the digests); ``tabletop-sandbox/1`` (the
  window's old free-play save) is a claim of free play, checked as ``mode`` is.
- ``mode``: ``game`` or ``free`` (absent in ``tabletop-save/1``: a game).  Never
  trusted: the scenario's ruleset decides it (one with a game engine is played as a
  game), and a save claiming the other is refused, so a game scenario cannot be loaded
  as a free save, whose state nothing verifies.
- ``scenario``: the file the game is replayed on.
- ``scenario_digest``: checked against the scenario's content as it is read now.
- ``data_digests``: checked: the data files the scenario is read with now (its
  ruleset's template and roster) must be exactly these, with these digests.
- ``seed``: a game's dice seed, used by the replay; the saved state records the seed and
  the count of dice rolled, so a seed the game was not played with does not reach it.
  Free play rolls no dice: there it must be null.
- ``actions``: replayed, from the start; each must be legal.
- ``state``: a game's state, compared with where the replay ends.  Free play saves none
  (nothing could verify it), so a free save carrying one is refused.
- any other key: refused (it would be neither checked nor read).

Saves written before the digests (``tabletop-save/1``, ``/2`` and the sandbox format)
still load, and say that they could not show their scenario and data unchanged.

Bounds (a save is a small file; anything past these is not one): at most 16 MiB, a
regular file (not a FIFO or a device), at most 4,000 actions of at most 2,000
characters each, a seed within ±2^63.  The actions are what a check costs: each is
replayed through the engine (a Man O' War ``end`` with its drift takes most of a
millisecond), and 100,000 of them took a ``check`` a minute and a half.  The longest
shipped game has 301 actions.
"""

from __future__ import annotations

import json
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.common.errors import DataError, TabletopError
from tabletop.data.files import Reads, output_target, read_bounded
from tabletop.data.save import write_atomic
from tabletop.model.scenario import Scenario

SAVE_FORMAT = "tabletop-save/3"
#: Earlier formats still read, none with digests: the first game save, the window's
#: free-play save, and the one format for both before digests.
OLD_FORMATS = ("tabletop-save/1", "tabletop-sandbox/1", "tabletop-save/2")
#: The keys each format may carry; any other is refused.
KEYS = {
    "tabletop-save/1": ("format", "scenario", "seed", "actions", "state"),
    "tabletop-sandbox/1": ("format", "scenario", "actions"),
    "tabletop-save/2": ("format", "mode", "scenario", "seed", "actions", "state"),
    SAVE_FORMAT: (
        "format",
        "mode",
        "scenario",
        "scenario_digest",
        "data_digests",
        "seed",
        "actions",
        "state",
    ),
}
MODES = ("game", "free")
MAX_BYTES = 16 * 1024 * 1024
MAX_ACTIONS = 4_000
MAX_ACTION_CHARS = 2_000
MAX_SEED = 2**63
MAX_DATA_FILES = 100
_DIGEST = re.compile(r"sha256:[0-9a-f]{64}")


@dataclass(frozen=True)
class Saved:
    """A save file as read: every field checked for its type and bounds, none yet
    against the scenario or the replay (``game/proof.py``)."""

    path: Path
    format: str
    mode: str  # what the file claims, "game" or "free"; the scenario's rules decide
    scenario: Path
    seed: int | None
    actions: tuple[str, ...]
    state: dict[str, Any] | None  # None: free play (no engine), nothing to verify
    scenario_digest: str | None = None  # None: the save predates digests
    data_digests: tuple[tuple[str, str], ...] | None = None

    @property
    def free(self) -> bool:
        """Whether the file claims free play (a claim the scenario's rules check)."""
        return self.mode == "free"

    @property
    def recorded(self) -> bool:
        """Whether the save recorded its scenario's and data's digests."""
        return self.scenario_digest is not None


def regular_file(path: Path, what: str, limit: int = MAX_BYTES) -> None:
    """Refuse a path that is not a readable regular file of at most ``limit`` bytes: a
    FIFO would block for ever, ``/dev/zero`` would fill the memory."""
    try:
        st = os.stat(path)
    except OSError as e:
        raise TabletopError(f"{path}: cannot read the {what} ({e.strerror})") from None
    if not stat.S_ISREG(st.st_mode):
        raise TabletopError(f"{path}: expected the {what} as a regular file")
    if st.st_size > limit:
        raise TabletopError(f"{path}: expected a {what} of at most {limit} bytes")


def read_save(path: str | Path) -> Saved:
    """Read and check a save's shape (nothing is replayed here)."""
    path = Path(path)
    raw = read_bounded(path, "saved game", MAX_BYTES)
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise TabletopError(f"{path}: expected a saved game (UTF-8), found other bytes") from None
    except json.JSONDecodeError as e:
        raise TabletopError(f"{path}: expected a saved game (JSON), found: {e}") from None
    except ValueError:  # an integer of more digits than Python reads (4,300)
        raise TabletopError(
            f"{path}: expected a saved game, found a number too long to read"
        ) from None
    except RecursionError:
        raise TabletopError(f"{path}: expected a saved game, found JSON nested too deep") from None
    if not isinstance(data, dict):
        raise TabletopError(f"{path}: expected a saved game (a JSON object)")
    fmt = data.get("format")
    if fmt != SAVE_FORMAT and fmt not in OLD_FORMATS:
        raise DataError(str(path), "format", f"'{SAVE_FORMAT}' (a save of this version)", fmt)
    for key in data:
        if key not in KEYS[fmt]:
            raise DataError(
                str(path), "", f"only the keys of a {fmt} save ({', '.join(KEYS[fmt])})", key
            )
    mode = _mode(path, data, fmt)
    digested = fmt == SAVE_FORMAT
    return Saved(
        path=path,
        format=fmt,
        mode=mode,
        scenario=_scenario(path, data),
        seed=_seed(path, data, mode == "free"),
        actions=_actions(path, data),
        state=_state(path, data, mode == "free"),
        scenario_digest=_digest(path, data, "scenario_digest") if digested else None,
        data_digests=_data_digests(path, data) if digested else None,
    )


def _mode(path: Path, data: dict[str, Any], fmt: str) -> str:
    """The mode the file claims: its ``mode``, or what its format implies."""
    if fmt == "tabletop-sandbox/1":
        return "free"
    if fmt == "tabletop-save/1":
        return "game"
    mode = data.get("mode")
    if mode not in MODES:
        raise DataError(str(path), "mode", "'game' or 'free'", mode)
    return str(mode)


def _scenario(path: Path, data: dict[str, Any]) -> Path:
    scn = data.get("scenario")
    if not isinstance(scn, str) or not scn or "\0" in scn:
        raise DataError(str(path), "scenario", "the scenario file's path", scn)
    where = Path(scn)
    return where if where.is_absolute() else (path.parent / where)


def _seed(path: Path, data: dict[str, Any], free: bool) -> int | None:
    seed = data.get("seed")
    if free:
        if seed is not None:
            raise DataError(
                str(path), "seed", "none in a free-play save (free play rolls no dice)", seed
            )
        return None
    if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) >= MAX_SEED:
        raise DataError(str(path), "seed", "a whole number", seed)
    return seed


def _actions(path: Path, data: dict[str, Any]) -> tuple[str, ...]:
    acts = data.get("actions")
    if not isinstance(acts, list) or len(acts) > MAX_ACTIONS:
        raise TabletopError(f"{path}: actions: expected a list of at most {MAX_ACTIONS} actions")
    for n, a in enumerate(acts):
        if not isinstance(a, str) or len(a) > MAX_ACTION_CHARS or "\n" in a:
            raise DataError(str(path), f"actions[{n}]", "one action's text", a)
    return tuple(acts)


def _state(path: Path, data: dict[str, Any], free: bool) -> dict[str, Any] | None:
    state = data.get("state")
    if free:
        if "state" in data:
            raise TabletopError(
                f"{path}: state: expected none in a free-play save (free play has no state "
                "to verify), found one"
            )
        return None
    if not isinstance(state, dict):
        raise TabletopError(
            f"{path}: state: expected the saved state (a save must say where it stands)"
        )
    return state


def _digest(path: Path, data: dict[str, Any], key: str, where: str = "") -> str:
    value = data.get(key)
    if not isinstance(value, str) or not _DIGEST.fullmatch(value):
        raise DataError(
            str(path), where or key, "a content digest, 'sha256:' and 64 hex digits", value
        )
    return value


def _data_digests(path: Path, data: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    value = data.get("data_digests")
    if not isinstance(value, dict) or not value or len(value) > MAX_DATA_FILES:
        raise TabletopError(
            f"{path}: data_digests: expected the data files' digests, by file name "
            f"(at most {MAX_DATA_FILES})"
        )
    for name in value:
        if not name or not name.isprintable() or len(name) > 200:
            raise DataError(str(path), "data_digests", "data file names", name)
    return tuple(
        (name, _digest(path, value, name, f"data_digests.{name}")) for name in sorted(value)
    )


def write_save(
    path: str | Path,
    scn: Scenario,
    seed: int | None,
    actions: list[str],
    state: dict[str, Any] | None,
    reads: Reads = (),
) -> None:
    """Write a save atomically; the scenario is named relative to the save's folder when
    it lies below it, so a folder of saves and scenarios can be moved whole.  The
    scenario's and its data files' digests go with it (a table built in code has none:
    its save is written as one from before digests, which says so when loaded).  Never
    over the scenario, nor over anything else in ``reads`` (the log being played)."""
    if not str(path):
        raise TabletopError("--save: expected a file name, found ''")
    reads = [("scenario", scn.source), *reads]
    output_target(path, reads)  # before resolving: a loop of links is one line
    target = Path(path).resolve()
    source = Path(scn.source).resolve()
    try:
        named = str(source.relative_to(target.parent))
    except ValueError:
        named = str(source)
    data: dict[str, Any] = {"format": SAVE_FORMAT, "mode": "free" if state is None else "game"}
    data["scenario"] = named
    if scn.digest:
        data["scenario_digest"] = scn.digest
        data["data_digests"] = dict(scn.data_digests)
    else:
        data["format"] = "tabletop-save/2"
    data["seed"] = seed
    data["actions"] = list(actions)
    if state is not None:
        data["state"] = state
    write_atomic(path, json.dumps(data, indent=1, allow_nan=False) + "\n", reads)
