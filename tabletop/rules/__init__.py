"""Rulesets, found by name; each reads its numbers from ``templates/<name>.toml``.

A ruleset is a package: the built-in ones are the subpackages of ``tabletop.rules``;
others are plug-ins, named in the ``TABLETOP_RULESETS`` environment variable (modules
importable on ``sys.path``, separated by commas) or installed with an entry point in the
``tabletop.rulesets`` group.  Importing a package registers its :class:`Ruleset`
subclass; nothing else in the project names a ruleset.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path

from tabletop.common.errors import TabletopError
from tabletop.data.paths import templates_dir
from tabletop.data.reader import load_toml
from tabletop.rules.base import Ruleset

__all__ = ["Ruleset", "load", "names"]


def _discover() -> None:
    """Import every ruleset package there is: built-in, named, and installed."""
    for mod in pkgutil.iter_modules(__path__):
        if mod.ispkg:
            _import(f"{__name__}.{mod.name}")
    for name in os.environ.get("TABLETOP_RULESETS", "").split(","):
        if name.strip():
            _import(name.strip())
    for ep in entry_points(group="tabletop.rulesets"):
        _import(ep.value)


@cache
def _import(module: str) -> None:
    try:
        importlib.import_module(module)
    except ImportError as e:
        raise TabletopError(
            f"TABLETOP_RULESETS: cannot import ruleset package '{module}' ({e})"
        ) from None


def names() -> tuple[str, ...]:
    """The names of every ruleset known now, sorted."""
    _discover()
    return tuple(sorted(Ruleset.registry))


def load(name: str, folder: Path | None = None) -> Ruleset:
    """The ruleset called ``name``, with its template file read and validated."""
    known = names()
    if name not in known:
        raise TabletopError(f"unknown ruleset '{name}' (known: {', '.join(known)})")
    return _load(name, str(folder or templates_dir()))


@cache
def _load(name: str, folder: str) -> Ruleset:
    path = Path(folder) / f"{name}.toml"
    return Ruleset.registry[name](load_toml(path), str(path))
