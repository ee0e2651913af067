"""A display for the real-window tools (``xplay.py``, ``xresize.py``): the X tools they
drive the window with, checked; Xvfb started on ``display`` (or the one given) when
none is set, and stopped after."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Callable

TOOLS = ("xdotool", "Xvfb", "import")


def on_display(
    name: str, display: str | None, default: str, screen: str, run: Callable[[dict[str, str]], int]
) -> int:
    """``run(env)`` with ``env`` naming a display (an Xvfb ``screen`` started on
    ``display`` or ``default`` when none is given or set); 2 when a tool is missing."""
    for tool in TOOLS:
        if shutil.which(tool) is None:
            print(f"{name}: needs {tool} (apt-get install xvfb xdotool imagemagick)")
            return 2
    env = {k: v for k, v in os.environ.items() if k != "ARCADE_HEADLESS"}
    xvfb = None
    if display or not env.get("DISPLAY"):
        env["DISPLAY"] = display or default
        xvfb = subprocess.Popen(
            ["Xvfb", env["DISPLAY"], "-screen", "0", screen],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        time.sleep(1.5)
    try:
        return run(env)
    finally:
        if xvfb is not None:
            xvfb.terminate()
