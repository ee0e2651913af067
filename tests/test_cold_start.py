"""What a query imports from a cold start (issue 56): a fire ruling loads the reading of
the scenario and the fire rules, never the game, the movement referee, the coach or
the computer captain.  Counted in ``sys.modules`` of a fresh interpreter, not timed:
``tabletop bench`` prints the time."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

from tabletop.shell import cli

from .conftest import ROOT, SCENARIOS

EX = str(SCENARIOS / "worked-example.toml")

#: Modules (and packages, with everything under them) a fire ruling has no use for.
NOT_ON_THE_FIRE_PATH = (
    "tabletop.coach",  # the drill's search
    "tabletop.ai",  # the computer captain
    "tabletop.drill",
    "tabletop.game.game",
    "tabletop.game.session",
    "tabletop.engine.state",  # the game kernel: its state, apply and dice
    "tabletop.engine.core",
    "tabletop.engine.dice",
    "tabletop.referee.fan",  # laying and sweeping paths
    "tabletop.referee.movement",
    "tabletop.geometry.motion",
    "tabletop.geometry.hexgrid",  # a hex game's grid: this is a continuous table
    "tabletop.rules.trafalgar.game",  # the ruleset's procedures, movement and coach
    "tabletop.rules.trafalgar.procedures",
    "tabletop.rules.trafalgar.boarding",
    "tabletop.rules.trafalgar.gunnery",
    "tabletop.rules.trafalgar.movement",
    "tabletop.rules.trafalgar.coach",
    "tabletop.rules.trafalgar.sheet",
    "tabletop.rules.playing",  # a game's values: plots, a shot's chance, record sheets
    "tabletop.model.photo",  # the photo under the table: this scenario has none
    "tabletop.view",
    "arcade",
    "tomlkit",  # writing files
    "shutil",  # argparse reads the terminal's width through it, the help needs it alone
    "pkgutil",  # listing every ruleset package: a scenario names its own
    "hashlib",  # the files' digests are hashed when a save asks for them
)


def loaded_by(argv: list[str]) -> tuple[dict, list[str]]:
    """The JSON a command prints in a fresh interpreter, and every module it loaded."""
    code = (
        "import sys, io, contextlib; from tabletop.shell.cli import main\n"
        "out = io.StringIO()\n"
        f"with contextlib.redirect_stdout(out): code = main({argv!r})\n"
        "assert code == 0, code\n"
        "print(out.getvalue().strip()); print(' '.join(sorted(sys.modules)))\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    answer, mods = r.stdout.splitlines()[-2:]
    return json.loads(answer), mods.split()


def test_a_fire_ruling_loads_no_game_movement_or_coach():
    answer, mods = loaded_by(["fire", EX, "a", "b", "--json"])
    # the ruling itself (SPEC §5's worked example): a heads north at (30, 30), b lies at
    # (45, 32), to starboard; base to base 45 - 1.25 - 30 - 1.25 = 12.5 cm
    assert (answer["arc"], answer["range"], answer["can_fire"]) == ("starboard", 12.5, True)
    loaded = [m for m in mods if any(m == n or m.startswith(n + ".") for n in NOT_ON_THE_FIRE_PATH)]
    assert loaded == []
    # and it did load what it rules with, so the list above is not vacuous
    assert {"tabletop.referee.fire", "tabletop.rules.trafalgar.fire"} <= set(mods)


def test_a_move_preview_still_loads_the_movement_it_needs():
    """The same process shape finds the modules when a command does use them: the
    previews lay the path with the ruleset's movement and the referee."""
    answer, mods = loaded_by(["move", EX, "a", "F5", "--json"])
    assert answer["ship"] == "a"
    assert {"tabletop.referee.movement", "tabletop.rules.trafalgar.movement"} <= set(mods)


def test_the_help_is_laid_out_as_argparse_lays_it_out(capsys, monkeypatch):
    """The command line reads the terminal's width without shutil (``HelpWidth``): its
    help wraps exactly where argparse's own formatter, which asks shutil, wraps it."""

    def help_text() -> str:
        assert cli.main(["fire", "--help"]) == 0
        return capsys.readouterr().out

    seen = {}
    for columns in ("50", "120"):
        monkeypatch.setenv("COLUMNS", columns)
        seen[columns] = help_text()
        with monkeypatch.context() as m:
            m.setattr(cli, "HelpWidth", argparse.HelpFormatter)
            assert help_text() == seen[columns]
    # the width took: 50 columns (48 for the text) wrap the usage line, 120 do not
    usage = "usage: tabletop fire [-h] [--json] [--high]"
    assert f"{usage}\n                     scenario firer target\n" in seen["50"]
    assert f"{usage} scenario firer target\n" in seen["120"]
