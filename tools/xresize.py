"""Resize the real window under Xvfb and read each frame back: does everything fit?

    python tools/xresize.py [--scenario scenarios/frigate-duel.toml] [--shots DIR]
                            [--display :78] [--sizes 800x600,1400x900,2560x1440]

``tabletop play`` runs with ``TABLETOP_UI_DUMP`` set; xdotool resizes its window as a
player drags its corner; once the window has laid itself out at the new size, ImageMagick's
``import`` reads the frame back.  Each frame must show: no black band (the window drawing
into an old corner of itself), the table drawn where the window says it is and inside the
window, below the status lines and clear of the action bar and the tool strip, and the
title line's text at the top left.  Prints a line per size; exit status 0 when every
size passes, 1 when one fails, 2 when the tools are missing.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image
from xdisplay import on_display  # tools/ is the script's own folder

ROOT = Path(__file__).resolve().parent.parent
#: The table's fill, the window's background (both the view's colours).
TABLE = (34, 74, 112)
#: The status lines' height at the top: the table stays below them.
STATUS = 40


def check(frame: np.ndarray, ui: dict[str, Any], w: int, h: int) -> list[str]:
    """What is wrong with one frame (``frame``: rows top down, RGB) at size ``w`` × ``h``."""
    bad = []
    if frame.shape[:2] != (h, w):
        bad.append(f"frame is {frame.shape[1]}x{frame.shape[0]}")
        return bad
    black = float((frame == 0).all(-1).mean())
    if black > 0.001:
        bad.append(f"{black:.1%} of the frame is black: drawn into part of the window")
    blue = (np.abs(frame.astype(int) - TABLE).sum(-1) <= 6)
    rows, cols = np.flatnonzero(blue.any(1)), np.flatnonzero(blue.any(0))
    if rows.size == 0:
        return [*bad, "no table drawn"]
    drawn = (cols[0], h - 1 - rows[-1], cols[-1], h - 1 - rows[0])  # x0 y0 x1 y1, y up
    said = ui["table"]
    if any(abs(a - b) > 3 for a, b in zip(drawn, said, strict=True)):
        bad.append(f"table drawn at {drawn}, the window says {said}")
    x0, y0, x1, y1 = said
    if x0 < 0 or y0 < 0 or x1 > w or y1 > h - STATUS:
        bad.append(f"table {said} is not inside the window below the status lines")
    for item in ui["buttons"] + ui["tools"]:
        bx0, by0, bx1, by1 = item["rect"]
        if bx0 < 0 or by0 < 0 or bx1 > w or by1 > h:
            bad.append(f"'{item['label']}' at {item['rect']} is outside the window")
        if bx0 < x1 and bx1 > x0 and by0 < y1 and by1 > y0:
            bad.append(f"'{item['label']}' at {item['rect']} lies on the table")
    title = frame[:20, :300]
    if not (title.max(-1) > 150).any():
        bad.append("no title line at the top left")
    return bad


def run(args: argparse.Namespace, env: dict[str, str]) -> int:
    shots = Path(args.shots)
    shots.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        dump = Path(tmp) / "ui.json"
        env = {**env, "TABLETOP_UI_DUMP": str(dump)}
        exe = Path(sys.executable).parent / "tabletop"
        win = subprocess.Popen([str(exe), "play", args.scenario], env=env)
        failed = 0
        try:
            for _ in range(300):
                if dump.exists():
                    break
                time.sleep(0.1)
            xdo = ["xdotool", "search", "--sync", "--onlyvisible", "--name", "Tabletop"]
            wid = subprocess.run(xdo, env=env, capture_output=True, text=True, timeout=60)
            wid_s = wid.stdout.split()[0]
            for size in args.sizes.split(","):
                w, h = (int(v) for v in size.split("x"))
                subprocess.run(["xdotool", "windowsize", wid_s, str(w), str(h)], env=env)
                ui = wait_for(dump, [w, h])
                time.sleep(0.5)  # a frame drawn at the new size after the layout
                shot = shots / f"{size}.png"
                subprocess.run(["import", "-window", wid_s, str(shot)], env=env, check=True)
                frame = np.asarray(Image.open(shot).convert("RGB"))
                bad = ["the window never laid itself out at this size"] if ui is None else []
                bad += check(frame, ui, w, h) if ui is not None else []
                print(f"{size}: " + ("ok" if not bad else "; ".join(bad)))
                failed += bool(bad)
        finally:
            win.terminate()
            win.wait(timeout=10)
    return 1 if failed else 0


def wait_for(dump: Path, size: list[int]) -> dict[str, Any] | None:
    for _ in range(200):
        try:
            ui: dict[str, Any] = json.loads(dump.read_text())
        except (OSError, ValueError):
            ui = {}
        if ui.get("size") == size:
            return ui
        time.sleep(0.05)
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenario", default=str(ROOT / "scenarios" / "frigate-duel.toml"))
    ap.add_argument("--shots", default="xresize-shots")
    ap.add_argument("--display", default=None)
    ap.add_argument("--sizes", default="800x600,1400x900,2560x1440")
    args = ap.parse_args()
    return on_display("xresize", args.display, ":78", "2600x1500x24", lambda env: run(args, env))

if __name__ == "__main__":
    raise SystemExit(main())
