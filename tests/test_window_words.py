"""Every string the window's panes show is plain words, over every golden game.

Issue 59: the window said "to [97.5263, 38.7985, 65]", "grappled [aquilon, defence]",
"hexes (8, 0) (7, 0)", "british's captain".  Each golden game is loaded in the window and
played through its session; at every fifth state each ship is selected in turn and the
panes are laid out; the status lines, the ship cards, the action bar, the plotting
panel and the log (what the UI dump reports and the panes draw) are read for brackets,
braces and snake_case words.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

arcade = pytest.importorskip("arcade")

from tabletop.view.app import TableWindow  # noqa: E402

from .conftest import ROOT  # noqa: E402

GOLDEN = sorted((ROOT / "tests" / "golden").glob("*/*.json"))
PROGRAM = re.compile(r"[\[\]{}]|\b[a-z]+_[a-z_]+\b")


@pytest.fixture(scope="module")
def window():
    w = TableWindow(None, 1100, 760)
    yield w.table
    w.close()


def shown(view) -> list[str]:
    """What the panes show now: text lines, button labels, panel boxes, the log."""
    view.rebuild()
    out = [t.text for t in view.hud]
    out += [b.label for b, _ in view.buttons]
    out += [b.text for b in view.boxes]
    out += [text for text, _ in view.log_lines()]
    return out


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_windows_panes_show_plain_words(window, path: Path):
    data = json.loads(path.read_text())
    window.window.switch_to()
    arcade.set_window(window.window)
    window.load(str(ROOT / data["scenario"]))
    window.session.auto_pass = False  # the log is played action by action
    seen: set[str] = set()
    for n, played in enumerate(data["actions"]):
        if n % 5 == 0:
            for ship in [s.id for s in window.scenario.ships]:
                window.select(ship)
                seen.update(shown(window))
            window.select(None)
        window.play(played)
    seen.update(shown(window))
    marked = sorted(line for line in seen if PROGRAM.search(line))
    assert len(seen) > 10
    assert marked == [], "\n".join(marked)
