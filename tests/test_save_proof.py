"""A save proves itself (issue 58): it is tied to the scenario and data it was played on
by their content digests, and its mode and format are the scenario's rules' to decide.

Every claim a save makes is checked, or the save is refused with one line naming the
file, the key, what was expected and what was found (exit 2, the file left as it was).
A save whose scenario or data changed is replayed on them only when asked
(``--on-new-data``), and then says what changed; a save from before digests loads and
says what it cannot show.  ``check`` says "replayed to the saved state" only when the
replay reached it.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from tabletop.common.errors import TabletopError
from tabletop.data.digest import content_digest
from tabletop.data.reader import load_toml
from tabletop.game.game import Game
from tabletop.game.load import load_scenario
from tabletop.game.session import Session
from tabletop.shell.cli import main

from .conftest import ROOT, SCENARIOS

DUEL_LOG = ROOT / "games" / "frigate-duel.log"
VERIFIED = "replayed to the saved state"
TEMPLATE = "templates/trafalgar-modified.toml"
ROSTER = "rosters/trafalgar-modified.toml"


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys, *argv: str) -> str:
    """The one line a refused command printed; it printed nothing on stdout."""
    code, out, err = cli(capsys, *argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, (code, out, err)
    assert "Traceback" not in err
    return err


@pytest.fixture
def saved(tmp_path: Path, capsys) -> Path:
    """The frigate duel's first six actions (dice rolled among them), saved beside a
    copy of its scenario, with an empty log to continue it with."""
    shutil.copy(SCENARIOS / "frigate-duel.toml", tmp_path / "duel.toml")
    lines = [x for x in DUEL_LOG.read_text().splitlines() if x and not x.startswith("#")]
    (tmp_path / "first.log").write_text("\n".join(lines[:6]) + "\n")
    (tmp_path / "empty.log").write_text("")
    save = tmp_path / "game.json"
    code, _, err = cli(
        capsys, "run", str(tmp_path / "duel.toml"), str(tmp_path / "first.log"), "--save", str(save)
    )
    assert code == 0, err
    return save


def edit(save: Path, change) -> dict:
    data = json.loads(save.read_text())
    change(data)
    save.write_text(json.dumps(data))
    return data


def house_rules(tmp_path: Path, monkeypatch, name: str, old: str, new: str) -> None:
    """A copy of the shipped data with one line of one file changed, used from now on."""
    root = tmp_path / "data"
    for sub in ("templates", "rosters"):
        shutil.copytree(ROOT / sub, root / sub)
    text = (root / name).read_text()
    assert old in text
    (root / name).write_text(text.replace(old, new, 1))
    monkeypatch.setenv("TABLETOP_DATA", str(root))


# -- the digests -----------------------------------------------------------------------
def test_a_save_records_the_digests_of_the_files_it_was_played_on(saved: Path):
    data = json.loads(saved.read_text())
    assert data["scenario_digest"] == content_digest(load_toml(saved.parent / "duel.toml"))
    assert data["data_digests"] == {
        TEMPLATE: content_digest(load_toml(ROOT / TEMPLATE)),
        ROSTER: content_digest(load_toml(ROOT / ROSTER)),
    }


def test_a_digest_is_of_the_content_not_the_bytes():
    """Comments, layout and key order are not content; a value, or its type, is."""
    a = load_toml(SCENARIOS / "frigate-duel.toml")
    b = {k: a[k] for k in reversed(list(a))}
    assert content_digest(a) == content_digest(b)
    assert content_digest({"x": 1}) != content_digest({"x": 1.0})
    assert content_digest({"x": 1}) != content_digest({"x": "1"})
    assert content_digest({"x": True}) != content_digest({"x": 1})
    assert content_digest({"a": ["b"]}) != content_digest({"a": "b"})
    assert content_digest({"ab": ""}) != content_digest({"a": "b"})


def test_a_comment_added_to_the_scenario_changes_nothing(saved: Path, capsys):
    scn = saved.parent / "duel.toml"
    scn.write_text("# our club's copy\n\n" + scn.read_text().replace("=", " = ") + "\n# end\n")
    code, out, err = cli(capsys, "check", str(saved))
    assert code == 0 and err == "" and VERIFIED in out and "note" not in out


def test_a_changed_scenario_is_refused_naming_it(saved: Path, capsys):
    """A ship's class changed after the save: the replay might even reach the saved
    state, but it was not played on this table."""
    scn = saved.parent / "duel.toml"
    text = scn.read_text()
    assert 'roster = "frigate-38"' in text
    scn.write_text(text.replace('roster = "frigate-38"', 'roster = "frigate-36"', 1))
    before = saved.read_bytes()
    for argv in (
        ["check", str(saved)],
        ["run", "--load", str(saved), str(saved.parent / "empty.log")],
    ):
        err = refused(capsys, *argv)
        assert (
            f"{saved}: scenario_digest: expected the scenario and data the game was played on"
            in err
        )
        assert f"found the scenario {scn} changed since the save" in err
        assert "--on-new-data" in err
    with pytest.raises(TabletopError, match="scenario_digest"):
        Session.load(saved)  # the window's loader too
    assert saved.read_bytes() == before


@pytest.mark.parametrize(
    "name, old, new",
    [
        (
            ROSTER,
            'name = "',
            'name = "Our own ',
        ),
        (
            TEMPLATE,
            "title = ",
            "title = 'House rules' #",
        ),
    ],
)
def test_changed_data_is_refused_naming_the_file(
    saved: Path, capsys, tmp_path, monkeypatch, name, old, new
):
    house_rules(tmp_path, monkeypatch, name, old, new)
    err = refused(capsys, "check", str(saved))
    assert f"{saved}: data_digests: expected the scenario and data" in err
    assert f"found the data file {name} changed since the save" in err
    assert "scenario " not in err.split("found")[1]  # the scenario did not change


def test_on_new_data_replays_and_reports_what_changed(saved: Path, capsys, tmp_path, monkeypatch):
    house_rules(tmp_path, monkeypatch, ROSTER, 'name = "', 'name = "Our own ')
    code, out, err = cli(capsys, "check", str(saved), "--on-new-data")
    assert code == 0 and err == ""
    # a class's name plays no part in the replay: it reaches the saved state
    assert (
        VERIFIED in out
        and f"note: replayed on new data: the data file {ROSTER} changed since the save" in out
    )
    d = json.loads(cli(capsys, "check", str(saved), "--on-new-data", "--json")[1])
    assert d["changed"] == [ROSTER] and d["reached_saved_state"] is True
    code, out, err = cli(
        capsys,
        "run",
        "--load",
        str(saved),
        str(saved.parent / "empty.log"),
        "--on-new-data",
        "--json",
    )
    assert code == 0 and err == ""
    assert json.loads(out)["notes"] == [
        f"replayed on new data: the data file {ROSTER} changed since the save"
    ]


def test_on_new_data_never_claims_the_saved_state_it_did_not_reach(saved: Path, capsys):
    scn = saved.parent / "duel.toml"
    text = scn.read_text()
    assert "heading = 90" in text
    scn.write_text(text.replace("heading = 90", "heading = 95", 1))
    code, out, err = cli(capsys, "check", str(saved), "--on-new-data")
    assert code == 0 and err == ""
    assert VERIFIED not in out and "6 actions replayed on the new data" in out
    assert "the replay does not reach the saved state" in out
    game = Game.load(saved, on_new_data=True)
    assert game.proof is not None and game.proof.reached is False
    assert game.proof.changed == (str(scn),)


def test_on_new_data_is_for_saves(capsys, saved: Path):
    assert "--on-new-data: expected a saved game" in refused(
        capsys, "check", str(SCENARIOS / "frigate-duel.toml"), "--on-new-data"
    )
    assert "with --load" in refused(
        capsys, "run", str(SCENARIOS / "frigate-duel.toml"), str(DUEL_LOG), "--on-new-data"
    )


# -- saves from before the digests ------------------------------------------------------
@pytest.mark.parametrize("fmt", ["tabletop-save/2", "tabletop-save/1"])
def test_a_save_from_before_digests_loads_and_says_so(saved: Path, capsys, fmt):
    def old(d: dict) -> None:
        d["format"] = fmt
        del d["scenario_digest"], d["data_digests"]
        if fmt == "tabletop-save/1":
            del d["mode"]

    edit(saved, old)
    code, out, err = cli(capsys, "check", str(saved))
    assert code == 0 and err == "" and VERIFIED in out
    assert "note: this save predates scenario and data digests" in out
    d = json.loads(cli(capsys, "check", str(saved), "--json")[1])
    assert d["notes"] and "predates" in d["notes"][0]
    code, out, err = cli(capsys, "run", "--load", str(saved), str(saved.parent / "empty.log"))
    assert code == 0 and err == "" and "this save predates scenario and data digests" in out
    assert "predates" in Session.load(saved).load_notes[0]  # what the window says on opening


def test_the_current_format_must_carry_its_digests(saved: Path, capsys):
    edit(saved, lambda d: d.pop("scenario_digest"))
    assert "scenario_digest: expected a content digest" in refused(capsys, "check", str(saved))


# -- mode and format: derived, not trusted ----------------------------------------------
def forged_state(saved: Path) -> dict:
    """A state the actions never reach: the first ship moved, the seed changed."""
    state = json.loads(saved.read_text())["state"]
    state["seed"] = 7
    state["ships"][0]["pose"] = [10.0, 10.0, 0.0]
    return state


SANDBOX_KEYS = ("format", "scenario", "actions")


@pytest.mark.parametrize(
    "lie, message",
    [
        (lambda d, f: d.update(mode="free", seed=7, state=f), "seed: expected none in a free"),
        (lambda d, f: d.update(mode="free", seed=None) or d.pop("state"), "mode: expected a game"),
        (
            lambda d, f: d.update(format="tabletop-sandbox/1", seed=7, state=f),
            "only the keys of a tabletop-sandbox/1 save",
        ),
        (
            lambda d, f: (
                [d.pop(k) for k in list(d) if k not in SANDBOX_KEYS]
                and d.update(format="tabletop-sandbox/1")
            ),
            "format: expected a game save",
        ),
        (lambda d, f: d.update(mode="sandbox", seed=7, state=f), "mode: expected 'game' or 'free'"),
        (lambda d, f: d.update(seed=7), "does not give the saved state"),
        (lambda d, f: d.update(seed=7, state=f), "does not give the saved state"),
        (lambda d, f: d.update(state=f), "does not give the saved state"),
    ],
)
def test_a_forged_mode_format_seed_or_state_is_refused(saved: Path, capsys, lie, message):
    forged = forged_state(saved)
    edit(saved, lambda d: lie(d, forged))
    before = saved.read_bytes()
    err = refused(capsys, "check", str(saved))
    assert message in err and err.startswith(f"tabletop check: {saved}")
    refused(capsys, "run", "--load", str(saved), str(saved.parent / "empty.log"))
    assert saved.read_bytes() == before


def test_a_free_save_of_a_game_scenario_is_refused_even_as_the_sandbox_wrote_it(
    saved: Path, capsys
):
    """The window's old free-play save, pointed at a game scenario: moves alone, no
    state to check.  Loading it as free play would skip every check of the dice."""
    actions = json.loads(saved.read_text())["actions"]
    saved.write_text(
        json.dumps({"format": "tabletop-sandbox/1", "scenario": "duel.toml", "actions": actions})
    )
    err = refused(capsys, "check", str(saved))
    assert "format: expected a game save, as Modified Trafalgar" in err
    assert "found a free-play save (tabletop-sandbox/1)" in err


def free_hold_fast(monkeypatch):
    scn = load_scenario(SCENARIOS / "hold-fast-frigates.toml")
    monkeypatch.setattr(scn.ruleset, "caps", replace(scn.ruleset.caps, has_engine=False))
    return scn


def test_a_game_save_of_a_free_play_scenario_is_refused(tmp_path: Path, monkeypatch, capsys):
    scn = free_hold_fast(monkeypatch)
    session = Session.open(scn)
    ship = scn.ships[0].id
    session.play(f"move {ship} F1")
    path = tmp_path / "free.json"
    session.save(path)
    again = Session.load(path)
    assert again.proof is not None and again.proof.mode == "free" and again.proof.reached is None
    code, out, _ = cli(capsys, "check", str(path))
    assert (
        code == 0 and VERIFIED not in out and "1 moves replayed (free play saves no state)" in out
    )
    edit(path, lambda d: d.update(mode="game", seed=1, state={"turn": 1}))
    with pytest.raises(
        TabletopError, match="mode: expected a free-play save, as .* has no game engine"
    ):
        Session.load(path)


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.update(seed=3), "seed: expected none in a free-play save"),
        (lambda d: d.update(state={}), "state: expected none in a free-play save"),
    ],
)
def test_a_free_save_carries_nothing_it_cannot_check(tmp_path, monkeypatch, change, message):
    scn = free_hold_fast(monkeypatch)
    path = tmp_path / "free.json"
    Session.open(scn).save(path)
    edit(path, change)
    with pytest.raises(TabletopError, match=message):
        Session.load(path)


# -- every other field ------------------------------------------------------------------
@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.update(note="trust me"), "expected only the keys of a tabletop-save/3 save"),
        (lambda d: d.update(scenario_digest="sha256:" + "0" * 64), "scenario_digest: expected"),
        (lambda d: d.update(scenario_digest="md5:1"), "scenario_digest: expected a content digest"),
        (lambda d: d.update(data_digests=[]), "data_digests: expected the data files' digests"),
        (lambda d: d["data_digests"].pop(ROSTER), f"{ROSTER} (not read when saved) changed"),
        (
            lambda d: d["data_digests"].update({"rosters/other.toml": "sha256:" + "1" * 64}),
            "rosters/other.toml (not read now) changed",
        ),
        (
            lambda d: d["data_digests"].update({TEMPLATE: "sha256:" + "2" * 64}),
            f"found the data file {TEMPLATE} changed",
        ),
    ],
)
def test_every_field_is_checked(saved: Path, capsys, change, message):
    edit(saved, change)
    assert message in refused(capsys, "check", str(saved))


def test_a_seed_of_5000_digits_is_one_line(saved: Path, capsys):
    text = saved.read_text()
    seed = json.loads(text)["seed"]
    saved.write_text(text.replace(f'"seed": {seed}', '"seed": ' + "9" * 5000, 1))
    assert "found a number too long to read" in refused(capsys, "check", str(saved))


def test_saves_stay_atomic_and_leave_nothing_beside_them(saved: Path, capsys):
    """Rewritten in place by a temporary and a rename: the folder holds the save alone
    (no temporary), whole, and the rewrite verifies."""
    code, _, err = cli(
        capsys, "run", "--load", str(saved), str(saved.parent / "empty.log"), "--save", str(saved)
    )
    assert code == 0, err
    assert not [p for p in saved.parent.iterdir() if p.name.endswith(".tmp")]
    assert json.loads(saved.read_text())["format"] == "tabletop-save/3"
    assert VERIFIED in cli(capsys, "check", str(saved))[1]
