"""The public command line (SPEC §3): JSON keys, plain rulings, exit status 2 on user errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.common.errors import DataErrors
from tabletop.game.load import load_scenario
from tabletop.shell.cli import main

from .conftest import HOVE_TO, ROOT, SCENARIOS

EX = str(SCENARIOS / "worked-example.toml")

SAIL_KEYS = {
    "ship",
    "ruleset",
    "units",
    "heading",
    "wind_from",
    "relative_wind",
    "wind_side",
    "point_of_sail",
    "allowance",
}
MEASURE_KEYS = {
    "a",
    "b",
    "units",
    "centre_distance",
    "edge_distance",
    "bearing",
    "relative_bearing",
}
FIRE_KEYS = {
    "firer",
    "target",
    "units",
    "arc",
    "arcs",
    "range",
    "range_band",
    "line_of_fire",
    "blocked_by",
    "visible_fraction",
    "rake",
    "can_fire",
    "reasons",
    "to_hit",
}
MOVE_KEYS = {
    "ship",
    "path",
    "start",
    "end",
    "distance",
    "allowance",
    "legal",
    "violations",
    "collision",
}


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def as_json(capsys, *argv: str) -> dict:
    code, out, _ = run(capsys, *argv, "--json")
    assert code == 0
    lines = out.strip().splitlines()
    assert len(lines) == 1  # exactly one JSON object
    return json.loads(lines[0])


def test_sail_json(capsys):
    d = as_json(capsys, "sail", EX, "c")
    assert d.keys() >= SAIL_KEYS
    # c heads 120 with the wind from 0: θ 120, reaching, 4/3 × 15 = 20
    assert (d["relative_wind"], d["point_of_sail"], d["allowance"], d["wind_side"]) == (
        120,
        "reaching",
        20,
        "port",
    )


def test_sail_head_to_wind_is_irons(capsys, tmp_path):
    """θ 0 lies in the luffing sector [0, 60), but head to wind is irons (SPEC §4): no
    move, not even the inertia, and it is named "in irons", never "luffing" (it said
    "luffing; allowance 0 to 10 cm, by choice", 2/3 × 15).  c turned to head 0 into the
    wind from 0; θ 0.1 is luffing as before, 0 to 10."""
    text = Path(EX).read_text()
    for heading, point, irons, allowance in ((0, "in_irons", True, 0), (0.1, "luffing", False, 10)):
        f = tmp_path / f"h{heading}.toml"
        f.write_text(text.replace("heading = 120", f"heading = {heading}", 1))
        d = as_json(capsys, "sail", str(f), "c")
        assert (d["point_of_sail"], d["in_irons"], d["allowance"]) == (point, irons, allowance)
    code, out, _ = run(capsys, "sail", str(tmp_path / "h0.toml"), "c")
    assert "in irons; no move now: head to wind, she is in irons" in out
    assert "luffing" not in out


def test_57_2_trafalgar_head_to_wind_is_shown_and_named_in_irons(capsys, tmp_path):
    """Issue 57, clause 2 (SPEC §4, Trafalgar collisions ruling): head to wind is shown
    and named "in irons", never "luffing".  The frigate duel's amazon turned to 0 with
    the wind from 0: θ = |0 - 0| = 0 < the luffing sector's upper bound 60, so the
    sector is luffing, but she lies in irons: allowance 0, no sail point, and the
    line says "in irons"."""
    text = (SCENARIOS / "frigate-duel.toml").read_text()
    f = tmp_path / "irons.toml"
    f.write_text(text.replace("heading = 90", "heading = 0", 1))
    d = as_json(capsys, "sail", str(f), "amazon")
    assert (d["relative_wind"], d["point_of_sail"], d["sail_point"]) == (0, "in_irons", None)
    assert (d["in_irons"], d["allowance"], d["allowance_min"]) == (True, 0, 0)
    _, out, _ = run(capsys, "sail", str(f), "amazon")
    assert out.startswith("amazon: heading 0, wind 0° off the bow, ahead: in irons;")


def test_measure_json(capsys):
    d = as_json(capsys, "measure", EX, "a", "b")
    assert d.keys() >= MEASURE_KEYS
    assert d["edge_distance"] == 12.5 and d["centre_distance"] == 15.1327


def test_measuring_a_ship_from_herself_is_refused(capsys):
    """`measure a a` gave a bearing (265°) at no distance; like `fire`, it refuses."""
    assert main(["measure", EX, "a", "a"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "tabletop measure: expected two different ships, found 'a' twice"


def test_fire_json(capsys):
    d = as_json(capsys, "fire", EX, "a", "b")
    assert d.keys() >= FIRE_KEYS
    assert {"need", "modifiers", "p_hit"} <= d["to_hit"].keys()
    assert (d["arc"], d["range"], d["range_band"], d["to_hit"]["p_hit"]) == (
        "starboard",
        12.5,
        "medium",
        0.5,
    )


def test_move_json_and_output(capsys, tmp_path):
    out = tmp_path / "moved.toml"
    code, text, _ = run(capsys, "move", EX, "c", "F20", "--json", "-o", str(out))
    d = json.loads(text)
    assert d.keys() >= MOVE_KEYS and code == 0
    assert d["legal"] and d["distance"] == 20
    # heading 120 for 20: x = 30 + 20 sin 120°, y = 60 + 20 cos 120° = 50
    assert d["end"]["y"] == pytest.approx(50.0)
    code, text, _ = run(capsys, "sail", str(out), "c")
    assert code == 0 and "reaching" in text


def test_plain_text_rulings(capsys):
    code, out, _ = run(capsys, "fire", EX, "a", "b")
    assert code == 0 and "starboard arc" in out and "range 12.5 cm (125.0 mm), medium" in out
    code, out, _ = run(capsys, "measure", EX, "a", "b")
    assert "bases 12.5 cm apart" in out


def test_check_lists_problems(capsys, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(
        (SCENARIOS / "worked-example.toml")
        .read_text()
        .replace("x = 45", 'x = "far"')
        .replace("heading = 120", "heading = []")
    )
    code, out, err = run(capsys, "check", str(bad))
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 2 and "ships[1].x" in lines[0] and "ships[2].heading" in lines[1]
    assert run(capsys, "check", EX)[0] == 0


@pytest.mark.parametrize(
    "argv, message",
    [
        (["sail", EX, "nobody"], "no ship with id 'nobody'"),
        (["fire", EX, "a", "a"], "cannot fire at herself"),
        (["move", EX, "a", "F2", "Q"], "bad path token 'Q'"),
        (["measure", "missing.toml", "a", "b"], "missing.toml: expected an existing file"),
        (
            ["fire", str(SCENARIOS / "man-o-war-skirmish.toml"), "dauntless", "swift"],
            "no firing rules",
        ),
    ],
)
def test_user_errors_exit_2_with_one_line(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def in_a_fresh_process(code: str) -> str:
    """What ``code`` prints, run after ``import sys`` and the CLI's ``main`` in a new
    interpreter (what a query imports, seen from a cold start)."""
    pre = "import sys; from tabletop.shell.cli import main; "
    r = subprocess.run(
        [sys.executable, "-c", pre + code], capture_output=True, text=True, cwd=ROOT
    )
    assert r.returncode == 0, r.stderr
    return r.stdout


def test_query_commands_never_load_the_window_stack():
    in_a_fresh_process(
        f"main(['fire', {EX!r}, 'a', 'b', '--json']); main(['move', {EX!r}, 'a', 'L2']); "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('arcade', 'pyglet')]; "
        "assert not bad, bad"
    )


def test_a_query_imports_only_the_ruleset_its_scenario_names():
    """The worked example is a modified Trafalgar scenario: its query imports that
    package alone and reads no installed package's metadata (the cold start); an
    unknown name still lists every ruleset there is."""
    out = in_a_fresh_process(
        f"main(['fire', {EX!r}, 'a', 'b', '--json']); "
        "print(sorted(m for m in sys.modules if m.count('.') == 2 and "
        "m.startswith('tabletop.rules.'))); print('importlib.metadata' in sys.modules)"
    )
    *_, mods, metadata = out.splitlines()
    shared = {f"tabletop.rules.{m}" for m in ("base", "clients", "types", "hextable")}
    assert [m for m in eval(mods) if m not in shared] == ["tabletop.rules.trafalgar"]
    assert metadata == "False"


def test_an_unknown_ruleset_names_every_known_one(write_scenario):
    text = (ROOT / "scenarios" / "worked-example.toml").read_text()
    bad = write_scenario(text.replace('"trafalgar-modified"', '"trafalgar"'))
    with pytest.raises(DataErrors) as e:
        load_scenario(bad)
    assert str(e.value).endswith(
        "scenario.ruleset: expected one of escadres, frigate, hold-fast, man-o-war,"
        " trafalgar-modified, found 'trafalgar'"
    )


def test_console_script_errors_have_no_traceback():
    r = subprocess.run(
        [sys.executable, "-m", "tabletop.shell.cli", "fire", EX, "a", "zz"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert r.returncode == 2 and "Traceback" not in r.stderr and "no ship with id 'zz'" in r.stderr


def test_run_replays_a_log(capsys, tmp_path):
    log = str(ROOT / "games/frigate-duel-boarding.log")
    d = as_json(capsys, "run", str(SCENARIOS / "frigate-duel.toml"), log)
    assert d["winner"] == "french" and d["turn"] == 2
    amazon = next(s for s in d["ships"] if s["id"] == "amazon")
    assert "struck" in amazon["status"] and amazon["captured_by"] == "french"
    assert any("boarding" in e for e in d["events"])
    code, out, _ = run(capsys, "run", str(SCENARIOS / "frigate-duel.toml"), log)
    assert code == 0 and "french has won" in out


def test_run_names_the_illegal_line(capsys, tmp_path):
    log = tmp_path / "bad.log"
    log.write_text("move amazon F5\nend\n")
    code, _, err = run(capsys, "run", str(SCENARIOS / "frigate-duel.toml"), str(log))
    assert code == 2
    assert "action 2 'end'" in err and "full allowance" in err


def test_run_can_take_actions_back(capsys):
    log = str(ROOT / "games/frigate-duel-boarding.log")
    d = as_json(capsys, "run", str(SCENARIOS / "frigate-duel.toml"), log, "--undo", "1")
    # the last action (loire's winning boarding party) is taken back: no winner, amazon
    # afloat; ten of the log's eleven actions stand
    assert d["winner"] is None and d["active_side"] == "french"
    assert len(d["actions"]) == 10
    amazon = next(s for s in d["ships"] if s["id"] == "amazon")
    assert "struck" not in amazon["status"]


def test_play_without_a_display_is_a_plain_error():
    # no ARCADE_HEADLESS and no DISPLAY: the window cannot open; one line, exit 2
    import os

    env = {k: v for k, v in os.environ.items() if k not in ("ARCADE_HEADLESS", "DISPLAY")}
    r = subprocess.run(
        [sys.executable, "-m", "tabletop.shell.cli", "play"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )
    assert r.returncode == 2
    assert "cannot open a window here" in r.stderr and "Traceback" not in r.stderr


def test_run_json_reports_the_wind_now(capsys):
    # the Man O' War log shifts the wind on a tied initiative (1 and 1: a point
    # clockwise, from 270 to 315); the final state says where it blows from now
    d = as_json(
        capsys,
        "run",
        str(SCENARIOS / "man-o-war-skirmish.toml"),
        str(ROOT / "games/man-o-war-strait.log"),
    )
    shifts = [e["from"] for e in d["events"] if e.get("wind") == "change"]
    assert shifts and d["wind_from"] == shifts[-1]
    # and which ships lie at anchor: dauntless let hers go ('move dauntless F2 A')
    anchored = {s["id"] for s in d["ships"] if "at anchor" in s["status"]}
    assert anchored == {"dauntless"}
    duel = as_json(
        capsys, "run", str(SCENARIOS / "frigate-duel.toml"), str(ROOT / "games/frigate-duel.log")
    )
    assert duel["wind_from"] == 0.0  # "N", never changed


def test_event_lines_are_written_for_players():
    # our rulesets' events are typed and say themselves (tests/test_event_words.py); a
    # plugin's plain dict is said by its keys, with no Python values (quotes,
    # brackets, braces, 200.0) in what a player reads: lists
    # in words, a place as a place (the log read "to [97.5263, 38.7985, 65]", "rolls
    # [1, 4]", "grappled [aquilon, defence]", "bow [17, -5]")
    from tabletop.game.report import event_text

    line = event_text({"initiative": {"west": 1, "east": 3}, "order": ["east", "west"]})
    assert line == "    initiative (west 1, east 3), order east and west"
    assert event_text({"moved": "a", "to": [56.9739, 12.0, 200.0]}) == (
        "    moved a, to x 56.9739, y 12, heading 200"
    )
    assert event_text({"grappled": ["aquilon", "defence"]}) == "    grappled aquilon and defence"
    assert event_text({"moved": "a", "bow": [17, -5], "facing": 1}) == (
        "    moved a, bow at column 17, row -5, facing 1"
    )
    assert event_text({"plotted": "french", "ships": ["c", "r", "s"]}) == (
        "    plotted french, ships c, r and s"
    )
    assert event_text({"out_of_irons": "a"}) == "    out of irons a"
    # flags read as words, nothing given is left out, one name is the name (the log
    # read "stopped False", "repaired True", "rake None", a bare "aim", "beaten [french]")
    line = event_text(
        {"shot": "a", "stopped": False, "low_target": True, "rake": None, "aim": "",
         "beaten": ["french"]}  # fmt: skip
    )
    assert line == "    shot a, not stopped, low target, beaten french"
    assert event_text({"hit": {"repaired": True, "rake": None}}) == "    hit (repaired)"
    # a reason and an object qualify what they follow ("struck loire, why no crew left",
    # "repair amazon, what wheel" read as program keys)
    assert event_text({"struck": "loire", "why": "no crew left", "captured_by": "british"}) == (
        "    struck loire (no crew left), captured by british"
    )
    assert event_text({"repair": "amazon", "what": "wheel", "roll": 5}) == (
        "    repair amazon: wheel, roll 5"
    )


def test_sail_text_says_the_point_of_sail_in_words(capsys):
    code, out, _ = run(capsys, "sail", str(SCENARIOS / "man-o-war-skirmish.toml"), "osprey")
    assert code == 0 and "close reach (sail point C)" in out and "close_reach" not in out


def test_move_says_the_allowance_in_its_own_unit(capsys):
    """Hold Fast counts movement actions, not inches: Amazon (frigate-36, top speed 4,
    the duel's start_speed 3) sailing F1 S45 F1 covers 1 + 1 = 2 inches with all three
    actions of her speed; Escadres counts hexes.  A Trafalgar move keeps 'of the
    allowance' in its one unit."""
    duel = str(HOVE_TO)
    assert main(["move", duel, "amazon", "F1", "S45", "F1"]) == 0
    out = capsys.readouterr().out
    assert "after 2.00 in (allowance 3 of 3 actions)" in out
    # Escadres: F1 S60 F1 is three move steps (a hex, a turn, a hex) of redoutable's 5
    esc = str(SCENARIOS / "escadres-two-fleets.toml")
    assert main(["move", esc, "redoutable", "F1", "S60", "F1"]) == 0
    assert "(allowance 3 of 5 hexes)" in capsys.readouterr().out
    assert main(["move", str(HOVE_TO), "amazon", "F1", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    got = (d["distance"], d["allowance"], d["allowance_unit"], d["units"])
    assert got == (1.0, 3.0, "actions", "in")
    assert main(["move", str(SCENARIOS / "squadron-action.toml"), "bellona", "F20"]) == 0
    assert "after 20.00 of 20.00 cm" in capsys.readouterr().out


def test_a_ship_card_reads_as_words_not_program_values():
    """A hex by its column and row, nothing as a dash, an empty list as none: 'hexes
    column 18, row -2 and column 19, row -2', not '[[18, -2], [19, -2]]' (nor the
    '(18, -2) (19, -2)' of a program's tuples)."""
    from tabletop.game.report import ship_card

    card = ship_card({"id": "a", "side": "b", "hexes": [[18, -2], [19, -2]], "hex": [11, -5],
                      "allowance": None, "fired": [], "guns": {"port": {"light": 3}}})  # fmt: skip
    assert card == [
        "a (b): hexes column 18, row -2 and column 19, row -2 · hex column 11, row -5 · "
        "allowance — · fired none · "
        "guns port: light 3"
    ]
