"""Rulesets, found by name; each reads its numbers from ``templates/<name>.toml``.

A ruleset is a package: the built-in ones are the subpackages of ``tabletop.rules``;
others are plug-ins, named in the ``TABLETOP_RULESETS`` environment variable (modules
importable on ``sys.path``, separated by commas) or installed with an entry point in the
``tabletop.rulesets`` group.  Importing a package registers its :class:`Ruleset`
subclass; nothing else in the project names a ruleset.

A package is imported only when it is needed: :func:`load` tries the built-in package
the name suggests first (``hold-fast`` → ``holdfast``, ``trafalgar-modified`` →
``trafalgar``), then the others, the named ones and the installed ones until the name is
known, so a query on one scenario imports one ruleset and reads no package metadata.
:func:`names` imports them all.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from tabletop.common.errors import TabletopError
from tabletop.data.paths import templates_dir
from tabletop.data.reader import load_toml
from tabletop.rules.base import REGISTRY, Ruleset

__all__ = ["Ruleset", "known", "load", "names"]


def _packages() -> Iterator[str]:
    """Every ruleset package there is, built-in first, then named, then installed."""
    import pkgutil  # only to list them all: a scenario's ruleset is found by its name

    for mod in pkgutil.iter_modules(__path__):
        if mod.ispkg:
            yield f"{__name__}.{mod.name}"
    for name in os.environ.get("TABLETOP_RULESETS", "").split(","):
        if name.strip():
            yield name.strip()
    # package metadata is slow to read: only once no built-in or named package will do
    from importlib.metadata import entry_points

    for ep in entry_points(group="tabletop.rulesets"):
        yield ep.value


def _likely(name: str) -> list[str]:
    """The built-in packages a ruleset's name suggests, best first."""
    words = name.split("-")
    return [f"{__name__}.{w}" for w in ("".join(words), words[0]) if w.isidentifier()]


def _find(name: str) -> None:
    """Import packages until one registers ``name`` (or none is left)."""
    for module in _likely(name):
        if name in REGISTRY:
            return
        if importlib.util.find_spec(module) is not None:
            _import(module)
    if name in REGISTRY:  # found: listing the packages would only cost time
        return
    for module in _packages():
        if name in REGISTRY:
            return
        _import(module)


@cache
def _import(module: str) -> None:
    try:
        importlib.import_module(module)
    except ImportError as e:
        raise TabletopError(
            f"TABLETOP_RULESETS: cannot import ruleset package '{module}' ({e})"
        ) from None


def names() -> tuple[str, ...]:
    """The names of every ruleset there is, sorted (every package imported)."""
    for module in _packages():
        _import(module)
    return tuple(sorted(REGISTRY))


def known(name: str) -> bool:
    """Whether a ruleset of this name exists (importing only what it takes to find it)."""
    _find(name)
    return name in REGISTRY


def load(name: str, folder: Path | None = None) -> Ruleset:
    """The ruleset called ``name``, with its template file read and validated."""
    if not known(name):
        raise TabletopError(f"unknown ruleset '{name}' (known: {', '.join(names())})")
    return _load(name, str(folder or templates_dir()))


@cache
def _load(name: str, folder: str) -> Ruleset:
    path = Path(folder) / f"{name}.toml"
    return REGISTRY[name](load_toml(path), str(path))
