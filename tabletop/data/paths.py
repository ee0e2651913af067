"""Where the data folders live.

``templates/``, ``rosters/`` and ``scenarios/`` sit at the top of the project (beside the
package).  ``TABLETOP_DATA`` points elsewhere, for a group's own house rules.
"""

from __future__ import annotations

import os
from pathlib import Path


def data_root() -> Path:
    env = os.environ.get("TABLETOP_DATA")
    return Path(env) if env else Path(__file__).resolve().parents[2]


def templates_dir() -> Path:
    return data_root() / "templates"


def rosters_dir() -> Path:
    return data_root() / "rosters"


def scenarios_dir() -> Path:
    return data_root() / "scenarios"


def default_scenario() -> Path:
    """The scenario ``tabletop play`` opens when none is named."""
    return scenarios_dir() / "squadron-action.toml"


def data_name(file: str | Path) -> str:
    """A data file named as a save records it: its folder and its name
    ("rosters/hold-fast.toml"), the same wherever the data folder lies."""
    p = Path(file)
    return f"{p.parent.name}/{p.name}"
