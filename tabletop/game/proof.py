"""What a save claims, checked against the scenario it names before it is replayed.

A save's shape is read in ``saved.py``; here its claims meet the files: the mode is the
scenario's rules' to decide, not the file's (a game scenario cannot be loaded as a free
save, whose state nothing verifies), and the scenario and the data files must be the
ones the game was played on, by their content digests.  A save whose scenario or data
changed since is refused, naming what changed, unless the player asks to replay it on
the new data (``--on-new-data``); then it is replayed and the change is reported.  A save
from before digests loads with a note saying it could not show this.  Comparing the
replay with the saved state is ``Game.from_save``'s; its verdict ends up here too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.common.errors import TabletopError
from tabletop.engine.state import GameState
from tabletop.game.saved import Saved
from tabletop.model.scenario import Scenario

#: What a refused save tells the player to add to replay it on the files as they are.
ON_NEW_DATA = "--on-new-data"


@dataclass(frozen=True)
class Proof:
    """What loading a save showed, for the shells to report."""

    mode: str  # "game" or "free", as the scenario's rules decide
    recorded: bool  # the save recorded its scenario's and data's digests
    scenario_changed: str | None = None  # the scenario's path, if changed since the save
    data_changed: tuple[str, ...] = ()  # the data files changed since, by name
    reached: bool | None = None  # a game's replay reached the saved state; None: free play

    @property
    def changed(self) -> tuple[str, ...]:
        """Every file changed since the save (replayed on, as asked): the scenario first."""
        return (*([self.scenario_changed] if self.scenario_changed else []), *self.data_changed)

    def phrase(self) -> str:
        """The changed files for a player: "the scenario X and the data file y.toml"."""
        named = [f"the scenario {self.scenario_changed}"] if self.scenario_changed else []
        if self.data_changed:
            files = "the data file" + ("s " if len(self.data_changed) > 1 else " ")
            named.append(files + ", ".join(self.data_changed))
        return " and ".join(named)

    def notes(self) -> list[str]:
        """Plain sentences for what was not proved, or not as saved; none when the save
        was replayed to its state on the scenario and data it was played on."""
        out = []
        if not self.recorded:
            out.append(
                "this save predates scenario and data digests, so it cannot show that the "
                "scenario and data are the ones it was played on"
            )
        if self.changed:
            out.append(f"replayed on new data: {self.phrase()} changed since the save")
        if self.reached is False:
            out.append(
                "on the new data the replay does not reach the saved state; "
                "the game goes on from where the replay ends"
            )
        return out


def mode_of(scn: Scenario) -> str:
    """How a scenario is played: as a game where its ruleset has an engine, else free."""
    return "game" if scn.ruleset.caps.has_engine else "free"


def vouch(saved: Saved, scn: Scenario, on_new_data: bool = False) -> Proof:
    """Check a save's mode and digests against its scenario ``scn`` as read now.

    Raises a one-line TabletopError for a mode the scenario's rules do not play it in,
    and for a scenario or data changed since the save unless ``on_new_data``.
    """
    mode = mode_of(scn)
    if saved.mode != mode:
        key = "format" if saved.format == "tabletop-sandbox/1" else "mode"
        rules = scn.ruleset.title
        if mode == "game":
            want = f"a game save, as {rules} is played as a game with its state saved"
            found = "a free-play save" + (f" ({saved.format})" if key == "format" else "")
        else:
            want = f"a free-play save, as {rules} has no game engine"
            found = "a game save"
        raise TabletopError(f"{saved.path}: {key}: expected {want}, found {found}")
    if not saved.recorded:
        return Proof(mode, recorded=False)
    proof = changes(saved, scn, mode)
    if proof.changed and not on_new_data:
        keys = ["scenario_digest"] * bool(proof.scenario_changed)
        keys += ["data_digests"] * bool(proof.data_changed)
        raise TabletopError(
            f"{saved.path}: {', '.join(keys)}: expected the scenario and data the game was "
            f"played on, found {proof.phrase()} changed since the save "
            f"(add {ON_NEW_DATA} to replay the game on them as they are now)"
        )
    return proof


def changes(saved: Saved, scn: Scenario, mode: str) -> Proof:
    """The files whose digests differ from the save's now: the scenario by its path, the
    data files by their names (a data file read on one side alone says so)."""
    then, now = dict(saved.data_digests or ()), dict(scn.data_digests)
    data = []
    for name in sorted(then.keys() | now.keys()):
        if name not in now:
            data.append(f"{name} (not read now)")
        elif name not in then:
            data.append(f"{name} (not read when saved)")
        elif then[name] != now[name]:
            data.append(name)
    scenario = str(saved.scenario) if saved.scenario_digest != scn.digest else None
    return Proof(mode, recorded=True, scenario_changed=scenario, data_changed=tuple(data))


def verdict(
    scn: Scenario, actions: int, state: GameState | None, proof: Proof | None
) -> tuple[dict[str, Any], list[str]]:
    """What ``check`` says of a save it loaded: its JSON fields, and its text (what was
    replayed to where, then a line for each note).  It says "replayed to the saved state"
    only where the replay reached it."""
    if state is None:
        done = (
            f"a free-play save of {scn.name}: {actions} moves replayed (free play saves no state)"
        )
    elif proof is None or proof.reached is not True:
        done = f"a saved game of {scn.name}: {actions} actions replayed on the new data"
    else:
        done = f"a saved game of {scn.name}: {actions} actions replayed to the saved state"
    if state is not None:
        done += f", turn {state.turn}, {state.active_side} to play"
    notes = proof.notes() if proof is not None else []
    data = {
        "ok": True,
        "scenario": scn.name,
        "ruleset": scn.ruleset.name,
        "actions": actions,
        "problems": [],
        "mode": proof.mode if proof else None,
        "reached_saved_state": proof.reached if proof else None,
        "changed": list(proof.changed) if proof else [],
        "notes": notes,
    }
    return data, [done, *(f"  note: {x}" for x in notes)]
