"""Shared fixtures.  ARCADE_HEADLESS must be set before anything imports arcade."""

from __future__ import annotations

import os

os.environ.setdefault("ARCADE_HEADLESS", "1")

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

from tabletop.engine.dice import Script  # noqa: E402

# CI replays the same examples every run (a red CI must be reproducible); a developer's
# run explores new ones each time.  No example has a deadline: a test asserts what the
# program does, never how fast (a loaded machine failed a grid rotation at 442 ms).
settings.register_profile("ci", derandomize=True, print_blob=True, deadline=None)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
# The Hold Fast duel as laid until 2026-11-28 (a frigate running aboard a corvette lying
# hove-to): its hand-worked log is the rules' worked example, kept as a fixture.
HOVE_TO = ROOT / "tests/golden/hold-fast/hove-to.toml"
HOVE_TO_LOG = ROOT / "tests/golden/hold-fast/hove-to.log"


@pytest.fixture
def write_scenario(tmp_path: Path):
    """Write a scenario TOML text to a temporary file and return its path."""

    def write(text: str, name: str = "s.toml") -> Path:
        p = tmp_path / name
        p.write_text(text, encoding="utf-8")
        return p

    write.dir = tmp_path  # type: ignore[attr-defined]
    return write


@pytest.fixture
def rigged() -> Script:
    """Scripted dice: ``rigged([...])`` makes the next dice rolled come out as listed
    (then the generator again).  A game rolls them once given ``dice=rigged.cup``."""
    return Script()


@pytest.fixture(autouse=True)
def counted_clock(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer's searches stop on the count alone in tests (``ai.clock``): the wall
    clock is stopped, so a loaded machine never cuts a decision short and every game a
    test plays replays alike.  A test of the wall clock itself is marked ``wallclock``."""
    if request.node.get_closest_marker("wallclock") is None:
        monkeypatch.setattr("tabletop.ai.clock.now", lambda: 0.0)


#: The tiers (``make quick`` runs the tests marked none of these; ``make test`` all).
#: Files whose every test is of one tier; single slow tests carry their own mark.
TIERS = {
    "test_xplay.py": "xplay",  # a whole game by clicks in a real window under Xvfb
    "test_xsetup.py": "xplay",  # a dispute set up by mouse and typing, the same
    "test_window.py": "gui",  # a window on software GL
    "test_window_frigate.py": "gui",
    "test_window_holdfast.py": "gui",
    "test_drill_window.py": "gui",
    "test_render.py": "gui",
    "test_window_words.py": "gui",
    "test_window_steady.py": "gui",
    "test_setup_window.py": "gui",
    "test_window_pictures.py": "gui",
}
#: Longest first, so the two workers of ``make test`` finish together: a real-window
#: game started last would run alone at the end.
FIRST = ("xplay", "slow", "gui")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        tier = TIERS.get(item.path.name)
        if tier is not None:
            item.add_marker(getattr(pytest.mark, tier))

    def rank(item: pytest.Item) -> int:
        marks = {m.name for m in item.iter_markers()}
        return next((i for i, t in enumerate(FIRST) if t in marks), len(FIRST))

    items.sort(key=rank)
