"""A game played from a set-up not yet saved: "play" in the set-up is one click, the
table as it stands, with no file to write first.

A saved game names the scenario file it was played on (and its digest), so the table
must be in a file by the time the game is saved: it is written then, beside the set-up's
own file (or in the working folder for a new table), as ``NAME-as-played.toml``, never
over the set-up's file (the set-up is saved only when the referee saves it).  A set-up
saved before "play" is played from its own file, as ``tabletop play FILE`` would.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.common.errors import TabletopError
from tabletop.data.reader import load_toml
from tabletop.data.save import dumps, write_atomic
from tabletop.game.load import build_scenario
from tabletop.game.session import Session
from tabletop.game.setup import Setup


@dataclass
class PlayedSession(Session):
    """A session whose scenario is written (``written``, to its ``source``) when it is
    saved."""

    written: dict[str, Any] = field(default_factory=dict)

    def save(self, path: str | Path) -> None:
        """The table written first (unless the file holds it already), then the game,
        which names it."""
        source = Path(self.scenario.source)
        try:
            same = source.is_file() and load_toml(source) == self.written
        except (TabletopError, OSError):  # a file there that does not read: written anew
            same = False
        if not same:
            write_atomic(source, dumps(self.written), [("the game's save", path)])
        super().save(path)


def played_name(setup: Setup) -> Path:
    """Where the table a game is played on is written with its save: beside the
    set-up's file, ``NAME-as-played.toml``; for a table never saved, in the working
    folder, named after the table."""
    if setup.path:
        p = Path(setup.path)
        return p.with_name(f"{p.stem}-as-played.toml")
    name = str(setup.data["scenario"].get("name", "table"))
    slug = re.sub(r"[^A-Za-z0-9._-]+", "-", name.lower()).strip("-") or "table"
    return Path(f"{slug}-as-played.toml")


def played_session(setup: Setup) -> Session:
    """The game on the table as set up: from its file when it is saved, else from the
    set-up's data (raises TabletopError when the table cannot be played: no ship yet)."""
    if setup.saved and setup.path:
        return Session.open(setup.scenario())
    data = copy.deepcopy(setup.data)
    scn = build_scenario(data, str(played_name(setup)))
    base = Session.open(scn)
    return PlayedSession(scn, base.game, written=data)
