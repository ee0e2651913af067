"""A display for the real-window tools (``xplay.py``, ``xresize.py``): the X tools they
drive the window with, checked; Xvfb started on ``display`` (or the one given) when
none is set, and stopped after."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

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


class XWindow:
    """The Tabletop window on the X display, found by its title, with the file its
    layout is dumped to (``TABLETOP_UI_DUMP``): where its pixels are on the screen
    (origin bottom-left, as the dump gives them) and what it last laid out."""

    def __init__(self, dump: Path, env: dict[str, str]) -> None:
        self.dump, self.env = dump, env
        out = self.xdo("search", "--sync", "--onlyvisible", "--name", "Tabletop")
        self.wid = out.split()[0]
        geo = self.xdo("getwindowgeometry", "--shell", self.wid)
        vals = dict(line.split("=", 1) for line in geo.split() if "=" in line)
        self.x0, self.y0 = int(vals["X"]), int(vals["Y"])
        self.height = int(vals["HEIGHT"])

    def xdo(self, *args: str) -> str:
        return subprocess.run(
            ["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=30
        ).stdout

    def read(self) -> dict[str, Any]:
        for _ in range(100):
            try:
                return dict(json.loads(self.dump.read_text()))
            except (OSError, ValueError):
                time.sleep(0.05)
        raise SystemExit("the window wrote no layout")
