"""Tampered saves for ``make fuzz`` (issue 58: a save proves itself).

Each case starts from an honest save of a shipped game (a prefix of its log, replayed by
the library and saved as ``tabletop run --save`` would), beside its scenario, and then
lies the way an audit did: a mode or format claiming free play, a forged state or seed,
the scenario's or the data's digests edited, dropped or added, the scenario or the data
edited under the save, a save from before digests, an unknown key, a hostile value.
Unlike the other generators, every case knows what the program owes it (``Case.expect``
and ``Case.says``, judged by ``fuzzing.kept_promise``): a lie is refused (exit 2), an
honest save is accepted, a save from before digests says so, a save replayed on new data
says what changed.  So the fuzzer finds a forgery that passes, not only a traceback.
"""

from __future__ import annotations

import copy
import json
import tempfile
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from tabletop.data.save import dumps as toml_dumps
from tests.fuzzing import BASE_DOCS, LOG_SCENARIO, ROOT, Case, broken_doc

VERIFIED = "replayed to the saved state"
CHANGED = "changed since the save"
PREDATES = "predates scenario and data digests"
#: The longest prefix of a shipped log saved (the replay stays well under a second).
PREFIX = 8


#: A shipped game's honest save: its scenario's name, the save (naming ``s.toml`` beside
#: it), and an earlier state its actions do not reach with how many actions reach that
#: (None where every earlier state is the same as the last).
Honest = tuple[str, dict[str, Any], tuple[dict[str, Any], int] | None]


@cache
def honest_saves() -> tuple[Honest, ...]:
    """An honest save of the first actions of each shipped log, replayed and saved by
    the library as ``tabletop run --save`` saves."""
    from tabletop.game.game import read_log, replay
    from tabletop.game.load import load_scenario

    out = []
    with tempfile.TemporaryDirectory(prefix="tabletop-fuzz-saves-") as tmp:
        for log, scenario in sorted(LOG_SCENARIO.items()):
            scn = load_scenario(ROOT / "scenarios" / scenario)
            seed, actions = read_log(ROOT / "games" / log)
            n = min(PREFIX, len(actions))
            game = replay(scn, actions[:n], seed)
            path = Path(tmp) / "game.json"
            game.save(path)
            save = json.loads(path.read_text())
            save["scenario"] = "s.toml"
            other = None
            while game.undo():
                if game.state.snapshot() != save["state"]:
                    other = (game.state.snapshot(), len(game.actions))
                    break
            out.append((scenario, save, other))
    return tuple(out)


def _data_files(ruleset: str, target: str, change: bool) -> dict[str, str]:
    """The shipped templates and rosters, with the ruleset's ``target`` ("templates" or
    "rosters") written out again: a value in it changed, or only its layout."""
    files = {}
    for sub in ("templates", "rosters"):
        for p in sorted((ROOT / sub).glob("*.toml")):
            files[f"{sub}/{p.name}"] = p.read_text()
    name = f"{target}/{ruleset}.toml"
    doc = tomllib.loads(files[name])
    if change and target == "templates":
        doc["ruleset"]["title"] = str(doc["ruleset"].get("title", "")) + " (house rules)"
    elif change:
        first = next(iter(doc.values()))
        first["name"] = str(first.get("name", "")) + " (house rules)"
    files[name] = toml_dumps(doc)  # the same content, written otherwise: bytes differ
    return files


#: Each tamper: what it does to the save (and the files beside it), and what the
#: program owes it without --on-new-data / with it: "refuse" (exit 2), "accept" (exit
#: 0), "any" (the contract alone), each with the words an exit 0 must print.
LIES = (
    "honest",
    "relaid",
    "scenario_edited",
    "data_edited",
    "data_relaid",
    "mode_free",
    "mode_free_bare",
    "sandbox",
    "sandbox_bare",
    "old_format_with_digests",
    "predates",
    "predates_edited",
    "scenario_digest",
    "data_digest",
    "forged_state",
    "forged_seed",
    "dropped_action",
    "unknown_key",
    "hostile",
)


@st.composite
def tampered_saves(draw: Any) -> Case:
    """One tampered (or honest) save, checked or continued, with what it is owed."""
    scenario, honest, other = draw(st.sampled_from(honest_saves()))
    save = copy.deepcopy(honest)
    lie = draw(st.sampled_from(LIES))
    if lie in ("forged_state", "dropped_action") and other is None:
        lie = "forged_seed"
    doc = BASE_DOCS[scenario]
    ruleset = str(doc["scenario"]["ruleset"])
    files = {"s.toml": (ROOT / "scenarios" / scenario).read_text(), "empty.log": ""}
    data = False
    new_data = draw(st.integers(0, 2)) == 0
    expect, says = "refuse", ""
    if lie == "honest":
        expect, says = "accept", VERIFIED
    elif lie == "relaid":  # the scenario written out again: same content, other bytes
        files["s.toml"] = "# our copy\n" + toml_dumps(doc)
        expect, says = "accept", VERIFIED
    elif lie == "scenario_edited":
        edited = copy.deepcopy(doc)
        key = draw(st.sampled_from(["name", "seed", "x"]))
        x = edited["ships"][0].get("x")
        if key == "x" and isinstance(x, int | float):
            edited["ships"][0]["x"] = x + 0.5
        else:
            edited["scenario"][key] = {"name": "Edited", "seed": 4}[key]
        files["s.toml"] = toml_dumps(edited)
        expect, says = ("any", CHANGED) if new_data else ("refuse", "")
    elif lie in ("data_edited", "data_relaid"):
        target = draw(st.sampled_from(["templates", "rosters"]))
        files.update(_data_files(ruleset, target, change=lie == "data_edited"))
        data = True
        if lie == "data_relaid":
            expect, says = "accept", VERIFIED
        else:
            expect, says = ("any", CHANGED) if new_data else ("refuse", "")
    elif lie in ("mode_free", "mode_free_bare"):
        save["mode"] = "free"
        if lie == "mode_free_bare":  # as a free save is written: no seed, no state
            save["seed"] = None
            save.pop("state")
        elif other is not None:
            save["state"] = other[0]
    elif lie in ("sandbox", "sandbox_bare"):
        save["format"] = "tabletop-sandbox/1"
        if lie == "sandbox_bare":
            save = {k: save[k] for k in ("format", "scenario", "actions")}
    elif lie == "old_format_with_digests":
        save["format"] = draw(st.sampled_from(["tabletop-save/1", "tabletop-save/2"]))
    elif lie in ("predates", "predates_edited"):
        save["format"] = "tabletop-save/2"
        del save["scenario_digest"], save["data_digests"]
        if lie == "predates":
            expect, says = "accept", PREDATES
        else:  # nothing can tell a harmless edit from another here: said, not refused
            edited = copy.deepcopy(doc)
            edited["scenario"]["name"] = "Edited"
            files["s.toml"] = toml_dumps(edited)
            expect, says = "any", PREDATES
    elif lie == "scenario_digest":
        save["scenario_digest"] = draw(
            st.sampled_from(["sha256:" + "0" * 64, "sha256:" + "f" * 64, "", None, 7, "md5:0"])
        )
        if new_data and str(save["scenario_digest"]).startswith("sha256:"):
            expect, says = "any", CHANGED  # asked to replay on the scenario as it is
        if draw(st.booleans()):
            save.pop("scenario_digest")
            expect, says = "refuse", ""
    elif lie == "data_digest":
        how = draw(st.sampled_from(["change", "drop", "add", "type"]))
        digests = save["data_digests"]
        name = draw(st.sampled_from(sorted(digests)))
        if how == "change":
            digests[name] = "sha256:" + "1" * 64
        elif how == "drop":
            del digests[name]
        elif how == "add":
            digests["rosters/elsewhere.toml"] = "sha256:" + "2" * 64
        else:
            save["data_digests"] = draw(st.sampled_from([[], "", {}, {name: 5}]))
        if new_data and how != "type":
            expect, says = "any", CHANGED
    elif lie == "forged_state" and other is not None:
        save["state"] = other[0]
    elif lie == "forged_seed":
        save["seed"] = int(save["seed"]) + draw(st.integers(1, 10**6))
    elif lie == "dropped_action" and other is not None:  # they reach the other state
        save["actions"] = save["actions"][: other[1]]
    elif lie == "unknown_key":
        save[draw(st.sampled_from(["note", "verified", "Mode", ""]))] = "trust me"
    else:  # a hostile value anywhere: owed nothing but the contract
        save = draw(broken_doc(save, max_edits=2))
        expect = "any"
    files["game.json"] = json.dumps(save, default=str)
    json_flag = ["--json"] if draw(st.booleans()) else []
    flag = ["--on-new-data"] if new_data else []
    if draw(st.booleans()):
        argv = ["check", "{dir}/game.json", *flag, *json_flag]
        if json_flag and says == VERIFIED:
            says = '"reached_saved_state": true'
    else:
        argv = ["run", "--load", "{dir}/game.json", "{dir}/empty.log", *flag, *json_flag]
        says = "" if says == VERIFIED else says  # run reports the game, not the proof
    return Case(argv, files, data, expect=expect, says=says)
