"""Saved games: one format, one reader, for the window, the CLI and the engine.

A save names its scenario (relative to the save's own folder when it lies below it), the
seed, the actions in their text form and the state they reach.  Loading checks the
file's shape before anything is replayed, replays the actions, and refuses a save whose
replay does not reach the saved state: an edited save, or one from rules that have
changed, is one line naming the file and what is wrong, never a traceback, and the file
is left as it was.  Saves of rulesets without an engine (free play) keep the same
format with ``"mode": "free"`` and no state.

Bounds (a save is a small file; anything past these is not one): at most 16 MiB, a
regular file (not a FIFO or a device), at most 100,000 actions of at most 2,000
characters each, a seed within ±2^63.
"""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tabletop.common.errors import TabletopError
from tabletop.data.files import Reads, output_target, read_bounded
from tabletop.data.save import write_atomic

SAVE_FORMAT = "tabletop-save/2"
#: Earlier formats still read: the first game save, and the window's free-play save.
OLD_FORMATS = ("tabletop-save/1", "tabletop-sandbox/1")
MAX_BYTES = 16 * 1024 * 1024
MAX_ACTIONS = 100_000
MAX_ACTION_CHARS = 2_000
MAX_SEED = 2**63


@dataclass(frozen=True)
class Saved:
    """A save file as read: every field checked for its type and bounds."""

    path: Path
    scenario: Path
    seed: int | None
    actions: tuple[str, ...]
    state: dict[str, Any] | None  # None: free play (no engine), nothing to verify
    free: bool


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
        raise TabletopError(
            f"{path}: format: expected '{SAVE_FORMAT}' (a save of this version), found {fmt!r}"
        )
    free = fmt == "tabletop-sandbox/1" or data.get("mode") == "free"
    return Saved(
        path=path,
        scenario=_scenario(path, data),
        seed=_seed(path, data, free),
        actions=_actions(path, data),
        state=None if free else _state(path, data),
        free=free,
    )


def _scenario(path: Path, data: dict[str, Any]) -> Path:
    scn = data.get("scenario")
    if not isinstance(scn, str) or not scn or "\0" in scn:
        raise TabletopError(f"{path}: scenario: expected the scenario file's path, found {scn!r}")
    where = Path(scn)
    return where if where.is_absolute() else (path.parent / where)


def _seed(path: Path, data: dict[str, Any], free: bool) -> int | None:
    seed = data.get("seed")
    if free and seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) >= MAX_SEED:
        raise TabletopError(f"{path}: seed: expected a whole number, found {seed!r}")
    return seed


def _actions(path: Path, data: dict[str, Any]) -> tuple[str, ...]:
    acts = data.get("actions")
    if not isinstance(acts, list) or len(acts) > MAX_ACTIONS:
        raise TabletopError(f"{path}: actions: expected a list of at most {MAX_ACTIONS} actions")
    for n, a in enumerate(acts):
        if not isinstance(a, str) or len(a) > MAX_ACTION_CHARS or "\n" in a:
            raise TabletopError(f"{path}: actions[{n}]: expected one action's text, found {a!r}")
    return tuple(acts)


def _state(path: Path, data: dict[str, Any]) -> dict[str, Any]:
    state = data.get("state")
    if not isinstance(state, dict):
        raise TabletopError(
            f"{path}: state: expected the saved state (a save must say where it stands)"
        )
    return state


def write_save(
    path: str | Path,
    scenario: str,
    seed: int | None,
    actions: list[str],
    state: dict[str, Any] | None,
    reads: Reads = (),
) -> None:
    """Write a save atomically; the scenario is named relative to the save's folder when
    it lies below it, so a folder of saves and scenarios can be moved whole.  Never over
    the scenario, nor over anything else in ``reads`` (the log being played)."""
    if not str(path):
        raise TabletopError("--save: expected a file name, found ''")
    reads = [("scenario", scenario), *reads]
    output_target(path, reads)  # before resolving: a loop of links is one line
    target = Path(path).resolve()
    source = Path(scenario).resolve()
    try:
        named = str(source.relative_to(target.parent))
    except ValueError:
        named = str(source)
    data: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "mode": "free" if state is None else "game",
        "scenario": named,
        "seed": seed,
        "actions": list(actions),
    }
    if state is not None:
        data["state"] = state
    write_atomic(path, json.dumps(data, indent=1, allow_nan=False) + "\n", reads)
