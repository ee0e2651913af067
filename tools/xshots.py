"""The screenshots in docs/, taken of the real window under Xvfb as a player sees it.

    python tools/xshots.py [--out docs] [--display :79]

Each shot opens ``tabletop play`` on a scenario, loads a game saved part-way through its
log (``tabletop run ... --save``, opened with Ctrl+O as a player would), sizes the
window, plays on by mouse and keys (zoom, select a ship, fire, point at another) and
reads the frame back with ImageMagick's ``import``; the pictures are stored in 256
colours (a few hundred KB in all), the close-ups of a card and of the log's dice at
twice the size.  Exit status 0, or 2 when the tools are missing.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from xdisplay import on_display  # tools/ is the script's own folder
from xplay import Screen

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tabletop.game.logs import read_log  # noqa: E402

Act = Callable[[Screen], None]


def select(ship: str) -> Act:
    def act(s: Screen) -> None:
        s.click(*s.read()["ships"][ship])

    return act


def fire(firer: str, target: str) -> Act:
    """The bar's fire (its key, G) with the firer selected, then a click on the target."""

    def act(s: Screen) -> None:
        select(firer)(s)
        s.xdo("key", "--window", s.wid, "g")
        time.sleep(0.3)
        s.click(*s.read()["ships"][target])

    return act


def point(ship: str) -> Act:
    """The pointer over a ship (her card beside her)."""

    def act(s: Screen) -> None:
        x, y = s.read()["ships"][ship]
        sx, sy = s.x0 + int(round(x)), s.y0 + s.height - int(round(y))
        s.xdo("mousemove", "--sync", str(sx), str(sy))
        time.sleep(0.6)

    return act


def zoom(ship: str, steps: int) -> Act:
    """The wheel turned up over a ship: the table zoomed in about her."""

    def act(s: Screen) -> None:
        x, y = s.read()["ships"][ship]
        sx, sy = s.x0 + int(round(x)), s.y0 + s.height - int(round(y))
        s.xdo("mousemove", "--sync", str(sx), str(sy))
        for _ in range(steps):
            s.xdo("click", "4")
            time.sleep(0.2)
        time.sleep(0.5)

    return act


#: (scenario, log, actions played before, size, what is done in the window, picture,
#: crops of it: name → (left, top, width, height) in the window's pixels, top down)
ALL_SHOTS: list[tuple[str, str, int, str, list[Act], str, dict[str, tuple[int, ...]]]] = [
    ("frigate-duel", "frigate-duel", 1, "800x600",
     [fire("amazon", "loire"), select("loire")], "window-800.png", {}),
    ("frigate-duel", "frigate-duel", 1, "1100x760",
     [fire("amazon", "loire"), select("loire")], "",
     {"card.png": (838, 80, 262, 215), "dice.png": (838, 426, 262, 276)}),
    ("hold-fast-duel", "hold-fast-duel", 131, "1100x760",
     [zoom("amazon", 5), select("amazon"), point("cleopatre")], "window-1100.png", {}),
    ("escadres-two-fleets", "escadres-two-fleets", 65, "1920x1080",
     [select("victory"), point("redoutable")], "window-1920.png", {}),
]  # fmt: skip
SHOTS = ALL_SHOTS


def saved(tmp: Path, scenario: str, log: str, n: int, env: dict[str, str]) -> Path:
    """The game saved after the first ``n`` actions of a log."""
    seed, actions = read_log(ROOT / "games" / f"{log}.log")
    part = tmp / f"{log}-{n}.log"
    part.write_text((f"seed {seed}\n" if seed is not None else "") + "\n".join(actions[:n]) + "\n")
    out = tmp / f"{log}-{n}.save.json"
    exe = Path(sys.executable).parent / "tabletop"
    scn = ROOT / "scenarios" / f"{scenario}.toml"
    subprocess.run([str(exe), "run", str(scn), str(part), "--save", str(out)], env=env,
                   check=True, capture_output=True)  # fmt: skip
    return out


def shoot(shot: tuple, out: Path, tmp: Path, env: dict[str, str]) -> None:  # type: ignore[type-arg]
    scenario, log, n, size, acts, picture, crops = shot
    save = saved(tmp, scenario, log, n, env)
    dump = tmp / "ui.json"
    dump.unlink(missing_ok=True)
    env = {**env, "TABLETOP_UI_DUMP": str(dump)}
    exe = Path(sys.executable).parent / "tabletop"
    win = subprocess.Popen([str(exe), "play", str(ROOT / "scenarios" / f"{scenario}.toml")],
                           env=env)  # fmt: skip
    try:
        for _ in range(300):
            if dump.exists():
                break
            time.sleep(0.1)
        s = Screen(dump, env)
        w, h = (int(v) for v in size.split("x"))
        s.xdo("windowsize", "--sync", s.wid, str(w), str(h))
        time.sleep(1.0)
        ready = [b for b in s.read().get("boxes", []) if b["command"] == ["ready"]]
        if ready:  # a hot seat's cover: its captain is here (the cover takes every key)
            left, right, bottom, top = ready[0]["rect"]
            s.click((left + right) / 2, (bottom + top) / 2)
        s.xdo("key", "--window", s.wid, "ctrl+o")
        time.sleep(0.3)
        s.xdo("type", "--window", s.wid, "--delay", "2", str(save))
        s.xdo("key", "--window", s.wid, "Return")
        for _ in range(100):
            if len(s.read().get("actions", [])) >= n:
                break
            time.sleep(0.1)
        time.sleep(11.0)  # the message naming the save (a temporary file) fades
        s = Screen(dump, env)  # where the window lies now, at its new size
        for act in acts:
            act(s)
        time.sleep(0.8)
        frame = tmp / "frame.png"
        subprocess.run(["import", "-window", s.wid, str(frame)], env=env, check=True)
        if picture:
            store(frame, out / picture, None)
        for name, box in crops.items():
            store(frame, out / name, box)
    finally:
        win.terminate()
        win.wait(timeout=10)


def store(frame: Path, to: Path, box: tuple[int, ...] | None) -> None:
    """The frame (or a box of it) in 256 colours."""
    crop = ["-crop", "{}x{}+{}+{}".format(*box[2:], *box[:2]), "+repage"] if box else []
    scale = ["-scale", "200%"] if box else []  # a close-up, its pixels doubled
    subprocess.run(["convert", str(frame), *crop, *scale, "-colors", "256", f"PNG8:{to}"],
                   check=True)  # fmt: skip
    print(f"{to}: {to.stat().st_size // 1024} KB")


def run(args: argparse.Namespace, env: dict[str, str]) -> int:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for shot in SHOTS:
            shoot(shot, out, Path(tmp), env)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "docs"))
    ap.add_argument("--display", default=None)
    args = ap.parse_args()
    return on_display("xshots", args.display, ":79", "2000x1200x24", lambda env: run(args, env))


if __name__ == "__main__":
    raise SystemExit(main())
