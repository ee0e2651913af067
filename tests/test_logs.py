"""Logs say only what they show, and what the program writes it reads back (issue 58).

A line ends only at ``\\n`` (or ``\\r\\n``): every other line break or control character
is an error naming its line, so no action can hide in a comment.  One seed, at the top.
A ship's id is one word an action can name.  Whatever a game writes (a log, a save, a
scenario with a ship moved) reads back to the same thing, over ids, seeds and every verb.
"""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop import rules
from tabletop.ai.duel import GameResult, write_log
from tabletop.common.errors import DataErrors, TabletopError
from tabletop.data.save import dumps as toml_dumps
from tabletop.data.save import save_scenario
from tabletop.engine.actions import parse
from tabletop.game.game import Game, replay
from tabletop.game.load import load_scenario
from tabletop.game.logs import parse_log, read_game_log, seed_text
from tabletop.game.saved import MAX_SEED
from tabletop.shell.cli import main

from .conftest import ROOT, SCENARIOS

DUEL = SCENARIOS / "frigate-duel.toml"


def run_log(capsys, tmp_path: Path, text: str | bytes) -> tuple[int, str]:
    log = tmp_path / "g.log"
    log.write_bytes(text.encode() if isinstance(text, str) else text)
    code = main(["run", str(DUEL), str(log)])
    err = capsys.readouterr().err
    assert err.count("\n") == (1 if code else 0), err
    return code, err


# -- a line is a line ---------------------------------------------------------------------
HIDING = {
    "\x0b": "a vertical tab (U+000B)",
    "\x0c": "a form feed (U+000C)",
    "\r": "a carriage return not followed by a line feed (U+000D)",
    "\x85": "a next-line character (NEL) (U+0085)",
    "\u2028": "a line separator (U+2028)",
    "\u2029": "a paragraph separator (U+2029)",
    "\x00": "a NUL (U+0000)",
    "\x1b": "an escape character (U+001B)",
    "\x7f": "a delete character (U+007F)",
    "\x9b": "a control character (U+009B)",
    "\x1e": "a control character (U+001E)",
    "\u202e": "a control character (U+202E)",
}


@pytest.mark.parametrize("char", sorted(HIDING))
def test_a_control_character_is_an_error_naming_its_line(capsys, tmp_path, char):
    # once, "# note<VT>end" hid an action in a comment: str.splitlines() broke it there
    text = "seed 3\nmove amazon F14\n# a note" + char + "end\nfire amazon loire\n"
    code, err = run_log(capsys, tmp_path, text)
    assert code == 2
    assert f"g.log: line 3: expected text on one line (a tab at most), found {HIDING[char]}" in err


def test_tabs_and_crlf_line_ends_are_plain_text(capsys, tmp_path):
    shipped = ROOT / "games/frigate-duel.log"
    text = "\r\n".join(x.replace(" ", "\t", 1) for x in shipped.read_text().splitlines())
    got, want = parse_log(text + "\r\n"), read_game_log(shipped)
    assert [a.split() for a in got.actions] == [a.split() for a in want.actions]
    assert (got.seed, got.lines) == (want.seed, want.lines)
    code, err = run_log(capsys, tmp_path, text)
    assert code == 0, err


def test_undecodable_bytes_name_their_line(capsys, tmp_path):
    code, err = run_log(capsys, tmp_path, b"seed 3\n# ok\n# \xff\xfe\n")
    assert code == 2 and "line 3: expected UTF-8 text, found other bytes" in err


def test_an_action_and_a_log_are_bounded_as_a_save_is():
    from tabletop.game.saved import MAX_ACTION_CHARS, MAX_ACTIONS

    assert (MAX_ACTION_CHARS, MAX_ACTIONS) == (2_000, 4_000)  # docs/limits.md
    assert parse_log("x" * 2000).actions == ("x" * 2000,)
    with pytest.raises(TabletopError, match="line 2: expected an action of at most 2000"):
        parse_log("end\n" + "x" * 2001)
    assert len(parse_log("end\n" * 4_000).actions) == 4_000
    with pytest.raises(TabletopError, match="line 4001: expected at most 4000 actions"):
        parse_log("end\n" * 4_001)


# -- one seed, at the top ---------------------------------------------------------------
def test_a_second_seed_line_is_an_error_naming_both(capsys, tmp_path):
    code, err = run_log(capsys, tmp_path, "seed 3\n# a comment\nseed 4\n")
    assert code == 2
    assert "line 3: expected one seed line, found a second (the first is on line 1)" in err


def test_a_seed_below_an_action_is_an_error(capsys, tmp_path):
    # once it silently re-rolled every die after it
    code, err = run_log(capsys, tmp_path, "move amazon F14\nseed 4\n")
    assert code == 2
    assert "line 2: expected the seed line above the first action (on line 1)" in err


@pytest.mark.parametrize(
    "seed, ok",
    [(MAX_SEED - 1, True), (-(MAX_SEED - 1), True), (MAX_SEED, False), (-MAX_SEED, False)],
)
def test_a_seed_is_within_2_to_the_63(capsys, tmp_path, seed, ok):
    code, err = run_log(capsys, tmp_path, f"seed {seed}\n")
    assert (code == 0) is ok, err
    if not ok:
        assert "expected 'seed N' (N a whole number from -9223372036854775807 to" in err


def test_a_continued_save_keeps_its_seed(capsys, tmp_path):
    save = tmp_path / "g.json"
    (tmp_path / "a.log").write_text("seed 5\nmove amazon F14\n")
    assert main(["run", str(DUEL), str(tmp_path / "a.log"), "--save", str(save)]) == 0
    (tmp_path / "b.log").write_text("# more\nseed 6\n")
    assert main(["run", "--load", str(save), str(tmp_path / "b.log")]) == 2
    err = capsys.readouterr().err
    assert "b.log: line 2: expected no seed line (a saved game goes on with its own" in err


def test_duel_seeds_are_ones_a_log_can_hold(capsys):
    # once: `duel --seed` of 20 digits wrote logs `run` refused
    argv = ["duel", str(DUEL), "--side", "british:scripted", "--side", "french:scripted"]
    assert main([*argv, "--seed", str(MAX_SEED - 1), "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert "--seed: expected a whole number from" in err and "less the 1 seeds after it" in err
    assert main([*argv, "--seed", "9" * 20]) == 2
    capsys.readouterr()


def test_a_duel_log_reads_back_whatever_its_seed_and_path(tmp_path):
    res = GameResult(winner=None, turns=1, log=["move amazon F14", "end"])
    odd_path = "odd\u2028name\x0b.toml"  # a scenario path a log comment could break on
    for seed in (MAX_SEED - 1, -(MAX_SEED - 1), 0):
        levels = {"british": "captain", "french": "scripted"}
        p = write_log(tmp_path, odd_path, levels, seed, res, 30)
        log = read_game_log(p)
        assert (log.seed, log.actions) == (seed, ("move amazon F14", "end"))


# -- ids ----------------------------------------------------------------------------------
@pytest.mark.parametrize("bad", ["two words", "hash#tag", "quote'd", "comma,", "semi;", "+plus"])
def test_check_refuses_an_id_an_action_cannot_name(write_scenario, bad):
    text = DUEL.read_text().replace('id = "amazon"', f'id = "{bad}"')
    with pytest.raises(DataErrors) as e:
        load_scenario(write_scenario(text))
    expected = "ships[0].id: expected an id of one word: letters, digits, '-', '_' or '.', found"
    assert [expected in str(x) for x in e.value.errors] == [True], e.value.errors


# -- what is written reads back -----------------------------------------------------------
GAMES = {  # each engine's shipped game, and its scenario
    "frigate-duel.log": "frigate-duel.toml",
    "frigate-duel-boarding.log": "frigate-duel.toml",
    "man-o-war-strait.log": "man-o-war-skirmish.toml",
    "hold-fast-duel.log": "hold-fast-duel.toml",
    "escadres-two-fleets.log": "escadres-two-fleets.toml",
    "frigate-hex-prize.log": "frigate-hex-prize.toml",
}
ID = st.text(
    alphabet=st.sampled_from("abcxyzABZ019-_.éßΩ"), min_size=1, max_size=12
).filter(lambda s: s not in ("-", "_", "."))
SEED = st.one_of(
    st.integers(-(MAX_SEED - 1), MAX_SEED - 1), st.sampled_from([0, MAX_SEED - 1, 1 - MAX_SEED])
)


def _renamed(doc: dict, actions: tuple[str, ...], names: dict[str, str]):
    """The scenario and actions with every ship's id renamed (and every word naming one)."""
    doc = copy.deepcopy(doc)
    for s in doc["ships"]:
        s["id"] = names[s["id"]]
    opts = doc.get("scenario", {})
    if opts.get("convoy") in names:
        opts["convoy"] = names[opts["convoy"]]
    return doc, [" ".join(names.get(w, w) for w in a.split()) for a in actions]


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data(), game=st.sampled_from(sorted(GAMES)))
def test_a_game_writes_logs_and_saves_that_read_back(tmp_path_factory, data, game):
    folder = tmp_path_factory.mktemp("rt")
    doc = tomllib.loads((SCENARIOS / GAMES[game]).read_text())
    old = [s["id"] for s in doc["ships"]]
    new = data.draw(st.lists(ID, min_size=len(old), max_size=len(old), unique=True))
    shipped = read_game_log(ROOT / "games" / game)
    # the shipped seed plays the whole game; another, as far as its dice let it go
    own = shipped.seed if shipped.seed is not None else doc["scenario"].get("seed", 0)
    seed = data.draw(st.one_of(st.just(own), SEED))
    # in the same order: some rules take ships in the order of their ids (Hold Fast's fire)
    names = dict(zip(sorted(old), sorted(new), strict=True))
    doc, actions = _renamed(doc, shipped.actions, names)
    scn_path = folder / "s.toml"
    scn_path.write_text(toml_dumps(doc))
    scn = load_scenario(scn_path)
    g = Game.new(scn, seed)
    for a in actions:
        try:
            g.play(a)
        except TabletopError:
            assert seed != own, a  # renamed ids alone never stop the game
            break
    # a log written from the game reads back to the same seed and actions
    text = seed_text(seed) + "\n" + "".join(f"{a}\n" for a in g.actions)
    (folder / "g.log").write_text(text)
    log = read_game_log(folder / "g.log")
    assert log.seed == seed and list(log.actions) == [str(a) for a in g.actions]
    assert replay(scn, log.actions, log.seed).state.matches(g.state.snapshot())
    # a save reads back and replays to its state, by the loader and by `check`
    g.save(folder / "g.json")
    assert Game.load(folder / "g.json").state.matches(g.state.snapshot())
    assert main(["check", str(folder / "g.json")]) == 0
    # a scenario written with a ship moved reads back, every id intact
    ship = scn.ships[0]
    save_scenario(scn_path, folder / "moved.toml", {ship.id: ship.pose})
    assert [s.id for s in load_scenario(folder / "moved.toml").ships] == [names[i] for i in old]


def _word(draw, usage_word: str, ids: list[str]) -> str:
    if usage_word.upper() in ("SHIP", "TARGET", "SHIP...", "FIRER"):
        return draw(st.sampled_from(ids))
    return draw(st.sampled_from(["F2", "S30", "1", "high", "port", "x"]))


@settings(max_examples=60, deadline=None)
@given(data=st.data(), ruleset=st.sampled_from(rules.names()), seed=SEED)
def test_every_verb_written_to_a_log_reads_back(data, ruleset, seed):
    verbs = rules.load(ruleset).verbs
    ids = data.draw(st.lists(ID, min_size=2, max_size=3, unique=True))
    texts = []
    for verb, spec in sorted(verbs.items()):
        most = spec.most if spec.most is not None else spec.least + 3
        n = data.draw(st.integers(spec.least, most))
        usage = spec.required + ["X"] * n
        words = []
        for i in range(n):
            allowed = (spec.choices or {}).get(i)
            words.append(data.draw(st.sampled_from(allowed)) if allowed else "")
            if not allowed:
                words[-1] = _word(data.draw, usage[i], ids)
        texts.append(str(parse(" ".join([verb, *words]), verbs)))
    log = parse_log(seed_text(seed) + "\n" + "\n".join(texts) + "\n", "written.log")
    assert log.seed == seed and list(log.actions) == texts
    assert [str(parse(t, verbs)) for t in log.actions] == texts
