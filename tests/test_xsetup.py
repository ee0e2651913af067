"""A referee's dispute set up from nothing in the real window under Xvfb, by mouse and
typing alone (tools/xsetup.py drives it with xdotool), and ruled there: at most 40
inputs, a screenshot of each.  Skipped where Xvfb, xdotool or ImageMagick's import are
missing (.ci/run installs them)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

import pytest

from .conftest import ROOT

TOOLS = ("Xvfb", "xdotool", "import")


@pytest.mark.skipif(
    any(shutil.which(t) is None for t in TOOLS), reason="needs Xvfb, xdotool and import"
)
def test_a_dispute_set_up_by_mouse_and_typing_and_ruled_in_a_real_window(tmp_path):
    """The frigate laid 30 cm from the west edge and 40 from the south, heading 90; the
    74 laid 12 cm from her centre on a bearing of 15°: (30 + 12 sin 15°, 40 + 12 cos
    15°) = (33.106, 51.591), heading 90.  The frigate heads east, so her port side faces
    north, at y = 40 + 1.8/2 = 40.9 (her base is 18 mm wide), and its arc stands north
    of her; the 74's base (58 × 20 mm: x from 30.2 to 36.0) reaches into it.  Range,
    side to base: (51.591 − 2.0/2) − 40.9 = 9.691 cm, short (under 10).  The tool
    checks the saved table against these figures; the ruling printed is the command
    line's on the file the window saved."""
    display = f":{390 + os.getpid() % 100}"
    run = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "xsetup.py"), "--shots", str(tmp_path),
         "--display", display],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    m = re.search(r"set up and ruled in (\d+) inputs", run.stdout)
    assert m is not None and int(m[1]) <= 40
    assert "in her port arc" in run.stdout and "range 9.691 cm (96.9 mm), short" in run.stdout
    shots = sorted(tmp_path.glob("*.png"))
    assert len(shots) == int(m[1])  # one a step
    assert all(p.stat().st_size > 10_000 for p in shots)  # pictures, not empty files
