"""Rulesets, found by name; each reads its numbers from ``templates/<name>.toml``."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tabletop.data.reader import load_toml
from tabletop.errors import TabletopError
from tabletop.paths import templates_dir
from tabletop.rules import holdfast, manowar, trafalgar  # noqa: F401  (registers them)
from tabletop.rules.base import Ruleset

NAMES = tuple(sorted(Ruleset.registry))


def load(name: str, folder: Path | None = None) -> Ruleset:
    """The ruleset called ``name``, with its template file read and validated."""
    if name not in Ruleset.registry:
        raise TabletopError(f"unknown ruleset '{name}' (known: {', '.join(NAMES)})")
    return _load(name, str(folder or templates_dir()))


@cache
def _load(name: str, folder: str) -> Ruleset:
    path = Path(folder) / f"{name}.toml"
    return Ruleset.registry[name](load_toml(path), str(path))
