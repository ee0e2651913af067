"""A whole frigate duel in the real window under Xvfb, played by mouse clicks alone
(tools/xplay.py drives it with xdotool, for both sides), with a screenshot at each
side's turn.  Skipped where Xvfb, xdotool or ImageMagick's import are missing (.ci/run
installs them)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from .conftest import ROOT

TOOLS = ("Xvfb", "xdotool", "import")


@pytest.mark.skipif(
    any(shutil.which(t) is None for t in TOOLS), reason="needs Xvfb, xdotool and import"
)
def test_a_frigate_duel_by_clicks_alone_in_a_real_window(tmp_path):
    shots = tmp_path / "shots"
    display = f":{90 + os.getpid() % 100}"
    run = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "xplay.py"), "--turns", "20",
         "--shots", str(shots), "--display", display],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    assert " won in turn " in run.stdout and " clicks" in run.stdout
    turns = sorted(p.name for p in shots.glob("turn-*.png"))
    assert "turn-01-british.png" in turns and "turn-01-french.png" in turns
    assert (shots / "end.png").stat().st_size > 10_000  # a picture, not an empty file


@pytest.mark.skipif(
    any(shutil.which(t) is None for t in TOOLS), reason="needs Xvfb, xdotool and import"
)
def test_a_frigate_duel_against_the_computer_captain_in_a_real_window(tmp_path):
    """The French played by the captain in the window (``tabletop play --ai``), the
    British by clicks: the game reaches a strike or a capture."""
    shots = tmp_path / "shots"
    display = f":{190 + os.getpid() % 100}"
    run = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "xplay.py"), "--turns", "25",
         "--shots", str(shots), "--display", display, "--ai", "french:captain"],
        capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    assert " won in turn " in run.stdout
    assert (shots / "turn-01-french.png").exists() and (shots / "end.png").exists()


@pytest.mark.skipif(
    any(shutil.which(t) is None for t in TOOLS), reason="needs Xvfb, xdotool and import"
)
def test_the_real_window_lays_itself_out_at_every_size(tmp_path):
    """Issue 59: enlarged to 1400 × 900 the window kept drawing in its old 1100 × 760
    corner, black bands around it and the title line gone (arcade's section manager
    marked the resize handled before the window set its viewport).  tools/xresize.py
    resizes the real window with xdotool to 800 × 600, 1400 × 900 and 2560 × 1440 and
    reads each frame back: no black band, the table drawn where the window says, inside
    it and below the status lines, the bar and the tool strip inside and off the table,
    the title's text at the top left."""
    display = f":{290 + os.getpid() % 100}"
    run = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "xresize.py"),
         "--shots", str(tmp_path), "--display", display],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.split("\n")[:3] == ["800x600: ok", "1400x900: ok", "2560x1440: ok"]
