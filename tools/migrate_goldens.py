"""Migrate the golden playthroughs to per-ruleset ship state, checking field by field.

Before the ruleset packages, every ship's snapshot held one shared set of 29 fields.
Now each ruleset's ship state holds the shared fields and its own.  This script replays
every golden log with the current code and checks, state by state and ship by ship, that
every field the new snapshot keeps equals the old one, and that every field it drops was
at its default in the old one (so nothing a ruleset used was lost); then it writes the
new snapshots.  Run: ``python tools/migrate_goldens.py OLD_COMMIT``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tabletop.game.game import Game
from tabletop.game.load import load_scenario

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
#: The old shared ShipState's defaults, for the fields a ruleset's state may drop.
OLD_DEFAULTS = {
    "hull_lost": 0, "crew_lost": 0, "rigging_lost": 0, "guns_lost": [], "masts_lost": [],
    "in_irons": False, "luffing": False, "tacking": False, "last_tack": -99, "rudder": False,
    "holed": False, "struck": False, "captured_by": None, "fired_on": False,
    "turn_start": None, "path": [], "moved": 0.0, "done": False, "fired": [],
    "last_distance": None, "anchored": False, "budget": None, "allowance": None,
    "turns_used": 0, "since_turn": None, "irons_side": None, "rolled_tack": False,
}  # fmt: skip


def main(old: str) -> int:
    checked = 0
    for path in sorted(GOLDEN.glob("*/*.json")):
        rel = path.relative_to(ROOT).as_posix()
        data = json.loads(subprocess.check_output(["git", "show", f"{old}:{rel}"], cwd=ROOT))
        game = Game.new(load_scenario(ROOT / data["scenario"]), data["seed"])
        states = []
        for n, (action, was) in enumerate(zip(data["actions"], data["states"], strict=True), 1):
            game.play(action)
            now = game.state.snapshot()
            for key in now:
                if key != "ships":
                    assert now[key] == was[key], f"{rel} action {n}: {key} differs"
            for new_ship, old_ship in zip(now["ships"], was["ships"], strict=True):
                for field, value in new_ship.items():
                    assert value == old_ship[field], f"{rel} action {n}: {field} differs"
                    checked += 1
                for field in set(old_ship) - set(new_ship):
                    assert old_ship[field] == OLD_DEFAULTS[field], (
                        f"{rel} action {n}: dropped {field} was {old_ship[field]!r}"
                    )
                    checked += 1
            states.append(now)
        data["states"] = states
        path.write_text(json.dumps(data, indent=1) + "\n")
        print(f"{rel}: {len(states)} states migrated")
    print(f"{checked} ship fields checked: kept ones equal, dropped ones at their defaults")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "HEAD"))
