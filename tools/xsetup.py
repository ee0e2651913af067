"""Set up a referee's dispute from nothing in the real window, by mouse and typing alone,
and rule on it there.

    python tools/xsetup.py [--shots DIR] [--display :87]

Under Xvfb (started here when no display is given), ``tabletop setup --new`` opens an
empty 120 × 90 cm Trafalgar table with ``TABLETOP_UI_DUMP`` set, so the window says where
its fields, buttons and ships are; this script clicks, drags and types with xdotool, as a
referee with a tape measure would: a British frigate laid 30 cm from the west edge and
40 from the south, heading east; a French 74 laid 12 cm from her centre on a bearing of
15°, heading east too (is she within short range of the frigate's port broadside?); a
rock of three corners; the wind's arrow dragged to the west; the table saved by Ctrl+S
and a typed path; "play", the line-of-fire tool, the firer and
the target: the window's ruling.  A screenshot after every input.  An input is one
click, one drag, one key (Tab, Return, Ctrl+S) or one word typed; a figure typed in a
field is handed over by the next click, as a referee clicks the next field.

Then ``tabletop check`` and ``tabletop fire`` on the saved file: the ruling printed.
Exit status 0 when the dispute is set up and ruled in at most 40 inputs, 1 when a step
fails or it takes more, 2 when the tools are missing.
"""

from __future__ import annotations

import argparse
import math
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from xdisplay import XWindow, on_display  # tools/ is the script's own folder

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tabletop.game.load import load_scenario  # noqa: E402

MOST = 40  # inputs


class Desk(XWindow):
    """The set-up on the X display: each input waits until the window has laid itself
    out again (its layout file rewritten), and is photographed."""

    def __init__(self, dump: Path, env: dict[str, str], shots: Path) -> None:
        super().__init__(dump, env)
        self.shots = shots
        self.inputs = 0

    def _screen(self, x: float, y: float) -> tuple[str, str]:
        return str(self.x0 + int(round(x))), str(self.y0 + self.height - int(round(y)))

    def _done(self, before: int, what: str) -> dict[str, Any]:
        """Wait for the window's new layout (at most 3 s) and for it to settle (no new
        layout for 0.3 s: a click first lays out what was pending, then what it did),
        then photograph it."""
        end = time.monotonic() + 3.0
        while time.monotonic() < end and self.dump.stat().st_mtime_ns == before:
            time.sleep(0.03)
        last, still = self.dump.stat().st_mtime_ns, time.monotonic()
        while time.monotonic() - still < 0.3 and time.monotonic() < end + 3.0:
            time.sleep(0.05)
            now = self.dump.stat().st_mtime_ns
            if now != last:
                last, still = now, time.monotonic()
        self.inputs += 1
        shot = self.shots / f"{self.inputs:02d}-{what}.png"
        subprocess.run(["import", "-window", "root", str(shot)], env=self.env, timeout=30)
        return self.read()

    def click(self, x: float, y: float, what: str) -> dict[str, Any]:
        before = self.dump.stat().st_mtime_ns
        self.xdo("mousemove", "--sync", *self._screen(x, y), "click", "1")
        return self._done(before, what)

    def drag(self, a: tuple[float, float], b: tuple[float, float], what: str) -> dict[str, Any]:
        """Press, move in five steps, release, at a hand's pace, so the window draws
        frames mid-drag as it does under a hand (a frame mid-drag once reset the wind's
        dial: sent at once, the drag passed; under load, or at this pace, it did not)."""
        before = self.dump.stat().st_mtime_ns
        self.xdo("mousemove", "--sync", *self._screen(*a), "mousedown", "1")
        time.sleep(0.15)
        for k in range(1, 6):
            x, y = a[0] + (b[0] - a[0]) * k / 5, a[1] + (b[1] - a[1]) * k / 5
            self.xdo("mousemove", "--sync", *self._screen(x, y))
            time.sleep(0.05)
        self.xdo("mouseup", "1")
        return self._done(before, what)

    def type(self, text: str, what: str) -> dict[str, Any]:
        before = self.dump.stat().st_mtime_ns
        self.xdo("type", "--delay", "40", text)
        return self._done(before, what)

    def key(self, combo: str, what: str) -> dict[str, Any]:
        before = self.dump.stat().st_mtime_ns
        self.xdo("key", combo)
        return self._done(before, what)

    # -- what a referee clicks --------------------------------------------------------
    def field(self, ui: dict[str, Any], key: str, what: str) -> dict[str, Any]:
        f = next(f for f in ui["fields"] if f["key"] == key)
        left, right, bottom, top = f["rect"]
        return self.click((left + right) / 2, (bottom + top) / 2, what)

    def item(self, ui: dict[str, Any], value: str, what: str) -> dict[str, Any]:
        left, right, bottom, top = next(i["rect"] for i in ui["items"] if i["value"] == value)
        return self.click((left + right) / 2, (bottom + top) / 2, what)

    def button(self, ui: dict[str, Any], name: str, what: str) -> dict[str, Any]:
        rows = ui.get("strip") or ui.get("tools") or []
        left, right, bottom, top = next(
            b["rect"] for b in rows if b.get("name", b.get("label")) == name
        )
        return self.click((left + right) / 2, (bottom + top) / 2, what)

    @staticmethod
    def at(ui: dict[str, Any], x: float, y: float) -> tuple[float, float]:
        """A table point (cm) on screen, from the table's corners as the window laid them."""
        x0, y0, x1, y1 = ui["table"]
        return x0 + (x1 - x0) * x / 120.0, y0 + (y1 - y0) * y / 90.0


def dispute(d: Desk, out: Path) -> tuple[dict[str, Any], list[str]]:
    """The dispute, input by input; what went wrong, if anything."""
    ui, wrong = d.read(), []
    ui = d.button(ui, "add ship", "add-ship")
    ui = d.field(ui, "roster", "class-list")
    ui = d.item(ui, "frigate-36", "frigate-36")
    ui = d.field(ui, "new_side", "new-side")
    ui = d.type("british", "british")
    ui = d.click(*d.at(ui, 20, 20), "laid-british")
    a = ui["selected"]
    ui = d.field(ui, "from_x", "west-edge")
    ui = d.type("30", "30-from-west")
    ui = d.field(ui, "from_y", "south-edge")
    ui = d.type("40", "40-from-south")
    ui = d.field(ui, "heading", "heading")
    ui = d.type("90", "heading-90")
    ui = d.button(ui, "add ship", "add-ship-2")
    ui = d.field(ui, "roster", "class-list-2")
    ui = d.item(ui, "third-rate-74", "third-rate-74")
    ui = d.field(ui, "new_side", "new-side-2")
    ui = d.type("french", "french")
    ui = d.click(*d.at(ui, 90, 70), "laid-french")
    b = ui["selected"]
    ui = d.field(ui, "distance", "distance")
    ui = d.type("12", "12-cm")
    ui = d.key("Tab", "to-the-bearing")
    ui = d.type("15", "bearing-15")
    ui = d.field(ui, "heading", "heading-2")
    ui = d.type("90", "heading-90-2")
    ui = d.button(ui, "draw terrain", "draw-terrain")
    for k, corner in enumerate(((70, 10), (85, 10), (78, 22), (70, 10))):
        ui = d.click(*d.at(ui, *corner), f"corner-{k + 1}")
    if len(ui["terrain"]) != 1:
        wrong.append(f"no rock laid: {ui['message']}")
    ui = d.click(*d.at(ui, 110, 80), "the-table")
    dial = next(f["rect"] for f in ui["fields"] if f["key"] == "dial")
    cx, cy = (dial[0] + dial[1]) / 2, (dial[2] + dial[3]) / 2
    ui = d.drag((cx, cy + 28), (cx - 28, cy), "wind-west")
    ui = d.key("ctrl+s", "save-as")
    ui = d.type(str(out), "save-path")
    ui = d.key("Return", "saved")
    if not ui["saved"]:
        wrong.append(f"not saved: {ui['message']}")
    ui = d.button(ui, "play", "play")
    ui = d.button(ui, "line of fire", "line-of-fire")
    ui = d.click(*ui["ships"][a], "firer")
    ui = d.click(*ui["ships"][b], "target")
    if ui.get("ruling") != [a, b]:
        wrong.append(f"no ruling of {a} on {b} in the window: {ui.get('message')}")
    return ui, wrong


def laid_as_asked(out: Path) -> list[str]:
    """What of the saved table is not as the referee laid it: the frigate at (30, 40)
    heading 90; the 74 at 12 cm on a bearing of 15° from her, (30 + 12 sin 15°,
    40 + 12 cos 15°) = (33.1058, 51.5911), heading 90; the wind from 270; one rock."""
    scn, wrong = load_scenario(out), []
    poses = {s.id: (round(s.pose.x, 4), round(s.pose.y, 4), s.pose.heading) for s in scn.ships}
    x, y = 30 + 12 * math.sin(math.radians(15)), 40 + 12 * math.cos(math.radians(15))
    want = {"frigate-36-1": (30, 40, 90), "third-rate-74-1": (round(x, 4), round(y, 4), 90)}
    if poses != want:
        wrong.append(f"ships laid at {poses}, not {want}")
    if (scn.wind.from_deg, len(scn.terrain)) != (270, 1):
        wrong.append(f"wind from {scn.wind.from_deg:g}, {len(scn.terrain)} terrain pieces")
    return wrong


def run(args: argparse.Namespace, env: dict[str, str]) -> int:
    shots = Path(args.shots)
    shots.mkdir(parents=True, exist_ok=True)
    out = shots / "dispute.toml"
    out.unlink(missing_ok=True)
    exe = Path(sys.executable).parent / "tabletop"
    with tempfile.TemporaryDirectory() as tmp:
        dump = Path(tmp) / "ui.json"
        env = {**env, "TABLETOP_UI_DUMP": str(dump)}
        new = ["--new", "--ruleset", "trafalgar-modified", "--units", "cm", "--table", "120x90"]
        win = subprocess.Popen([str(exe), "setup", *new], env=env)
        try:
            for _ in range(200):
                if dump.exists():
                    break
                time.sleep(0.1)
            d = Desk(dump, env, shots)
            _, wrong = dispute(d, out)
        finally:
            win.terminate()
            win.wait(timeout=10)
    wrong += laid_as_asked(out) if out.exists() else []
    if d.inputs > MOST:
        wrong.append(f"{d.inputs} inputs: more than {MOST}")
    for cmd in (["check", str(out)], ["fire", str(out), "frigate-36-1", "third-rate-74-1"]):
        done = subprocess.run([str(exe), *cmd], capture_output=True, text=True, timeout=60)
        print(done.stdout.rstrip() or done.stderr.rstrip())
        if done.returncode != 0:
            wrong.append(f"tabletop {cmd[0]} failed")
    print(f"set up and ruled in {d.inputs} inputs")
    for w in wrong:
        print(f"wrong: {w}")
    return 1 if wrong else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shots", default="xsetup-shots")
    ap.add_argument("--display", default=None)
    args = ap.parse_args()
    return on_display("xsetup", args.display, ":87", "1280x900x24", lambda env: run(args, env))


if __name__ == "__main__":
    raise SystemExit(main())
