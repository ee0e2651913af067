"""Play a whole game in the real window by mouse clicks alone, as a player would.

    python tools/xplay.py [--scenario scenarios/frigate-duel.toml] [--turns 20]
                          [--shots DIR] [--display :77] [--ai SIDE[:LEVEL]]

Under Xvfb (started here when no display is given), ``tabletop play`` runs with
``TABLETOP_UI_DUMP`` set, so the window says where its ships, buttons and fan poses are;
this script clicks them with xdotool — never a key — for both sides: select the ship, the
tool strip's fan, the fan pose whose broadside will do most (the fire ruling's exact
odds, the ruleset's own fan), the bar's ``move``, ``fire …`` and the enemy, the bar's
``end turn``; a pending decision's first answer.  With ``--ai`` the computer plays that
side in the window (``tabletop play --ai``) and the clicks play the other.  A screenshot
is taken at each side's turn.  Exit status 0 when the game ends (a strike or a
capture), 1 when the turn limit comes first, 2 when the tools are missing.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from xdisplay import XWindow, on_display  # tools/ is the script's own folder

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tabletop.game.game import replay  # noqa: E402
from tabletop.game.load import load_scenario  # noqa: E402
from tabletop.geometry.pose import Pose  # noqa: E402
from tabletop.referee.fire import rule_fire  # noqa: E402


class Screen(XWindow):
    """The window on the X display: clicks at the window's own pixels (origin bottom-left,
    as the dump gives them), waiting until the window has drawn what the click did."""

    def __init__(self, dump: Path, env: dict[str, str]) -> None:
        super().__init__(dump, env)
        self.clicks = 0

    def click(self, x: float, y: float) -> dict[str, Any]:
        """Click, then wait for the window to lay itself out again (at most 3 s)."""
        before = self.dump.stat().st_mtime_ns
        sx, sy = self.x0 + int(round(x)), self.y0 + self.height - int(round(y))
        self.xdo("mousemove", "--sync", str(sx), str(sy), "click", "1")
        self.clicks += 1
        end = time.monotonic() + 3.0
        while time.monotonic() < end and self.dump.stat().st_mtime_ns == before:
            time.sleep(0.03)
        time.sleep(0.05)
        return self.read()

    def press(self, ui: dict[str, Any], kind: str, label: str) -> dict[str, Any] | None:
        """Click the bar's button (or the tool strip's) whose label starts with ``label``."""
        for b in ui[kind]:
            if b["label"].startswith(label):
                left, right, bottom, top = b["rect"]
                return self.click((left + right) / 2, (bottom + top) / 2)
        return None

    def shot(self, path: Path) -> None:
        subprocess.run(["import", "-window", "root", str(path)], env=self.env, timeout=30)


def best_pose(state: Any, ship: str, enemy: str) -> int:
    """The fan pose whose broadside at the enemy promises most unsaved hits; then the
    nearest to the enemy, kept off the table's edge."""
    rs = state.scenario.ruleset
    fan = rs.advice.fan_now(state, ship)
    table = state.table()
    foe = table.ship(enemy).pose
    best, best_i = None, 0
    for i in range(len(fan)):
        pose = Pose(float(fan.x[i]), float(fan.y[i]), float(fan.heading[i]))
        moved = replace(
            table, ships=tuple(s.moved(pose) if s.id == ship else s for s in table.ships)
        )
        r = rule_fire(moved, ship, enemy)
        odds = r.odds() if r.can_fire else None
        hits = float(odds["expected_unsaved"]) if odds else 0.0
        edge = min(pose.x, pose.y, table.width - pose.x, table.depth - pose.y)
        score = (hits, edge > 10, -abs(((pose.x - foe.x) ** 2 + (pose.y - foe.y) ** 2) ** 0.5 - 8))
        if best is None or score > best:
            best, best_i = score, i
    return best_i


def turn_step(
    scr: Screen, ui: dict[str, Any], scn: Any, fired: set[Any], ai: set[str]
) -> dict[str, Any]:
    """One click's worth of the side to play: what a player would click next (nothing
    while the computer's side acts: its orders come one by one)."""
    state = replay(scn, ui["actions"]).state
    if (state.pending[0].side if state.pending else state.active_side) in ai:
        time.sleep(0.3)
        return scr.read()
    if state.pending:
        labels = [b["label"] for b in ui["buttons"] if not b["action"].endswith("PATH")]
        return scr.press(ui, "buttons", labels[0]) or ui
    side = state.active_side
    mine = [s for s in state.ships if state.side_of(s.id) == side and not s.struck]
    foes = [s for s in state.ships if state.side_of(s.id) != side and not s.struck]
    for st in mine:
        x = st.id
        owed = state.scenario.ruleset.turn_owed(state, x)
        if owed is None and (state.turn, x) in fired:
            continue
        if ui["selected"] != x:
            return scr.click(*ui["ships"][x])
        if owed is not None:
            if "fan" not in ui["overlays"]:
                return scr.press(ui, "tools", "fan") or ui
            if not ui["move"] and ui.get("fan"):
                i = best_pose(state, x, foes[0].id)
                return scr.click(*ui["fan"][i])
            if ui["move"]:
                return scr.press(ui, "buttons", "move") or ui
            for verb in ("tack", "recover"):  # no fan: onto a tack, or out of irons
                done = scr.press(ui, "buttons", verb)
                if done is not None:
                    return done
            return ui
        fired.add((state.turn, x))
        r = rule_fire(state.table(), x, foes[0].id)
        if r.can_fire and (after := scr.press(ui, "buttons", "fire")) is not None:
            return scr.click(*after["ships"][foes[0].id])
    return scr.press(ui, "buttons", "end turn") or ui


def play(args: argparse.Namespace, env: dict[str, str]) -> int:
    shots = Path(args.shots)
    shots.mkdir(parents=True, exist_ok=True)
    scn = load_scenario(args.scenario)
    with tempfile.TemporaryDirectory() as tmp:
        dump = Path(tmp) / "ui.json"
        env = {**env, "TABLETOP_UI_DUMP": str(dump)}
        exe = Path(sys.executable).parent / "tabletop"
        ai = [w for spec in args.ai for w in ("--ai", spec)]
        win = subprocess.Popen([str(exe), "play", args.scenario, *ai], env=env)
        try:
            for _ in range(200):
                if dump.exists():
                    break
                time.sleep(0.1)
            scr = Screen(dump, env)
            return drive(scr, scn, args.turns, shots, {a.split(":")[0] for a in args.ai})
        finally:
            win.terminate()
            win.wait(timeout=10)


def drive(scr: Screen, scn: Any, turns: int, shots: Path, ai: set[str]) -> int:
    ui, fired, seen = scr.read(), set(), set()
    stuck = 0
    while True:
        state = replay(scn, ui["actions"]).state
        if state.winner is not None:
            scr.shot(shots / "end.png")
            print(f"{state.winner} won in turn {state.turn} after {len(ui['actions'])} "
                  f"actions, {scr.clicks} clicks")  # fmt: skip
            return 0
        if state.turn > turns:
            print(f"no result in {turns} turns ({scr.clicks} clicks)")
            return 1
        key = (state.turn, state.active_side)
        if key not in seen:
            seen.add(key)
            scr.shot(shots / f"turn-{state.turn:02d}-{state.active_side}.png")
        before = len(ui["actions"])
        ui = turn_step(scr, ui, scn, fired, ai)
        stuck = 0 if len(ui["actions"]) != before else stuck + 1
        if stuck > 200:
            scr.shot(shots / "stuck.png")
            print(f"stuck: {ui['message']}")
            return 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenario", default=str(ROOT / "scenarios" / "frigate-duel.toml"))
    ap.add_argument("--turns", type=int, default=20)
    ap.add_argument("--shots", default="xplay-shots")
    ap.add_argument("--display", default=None)
    ap.add_argument("--ai", action="append", default=[], metavar="SIDE[:LEVEL]",
                    help="the computer plays this side in the window")  # fmt: skip
    args = ap.parse_args()
    return on_display("xplay", args.display, ":77", "1280x900x24", lambda env: play(args, env))

if __name__ == "__main__":
    raise SystemExit(main())
