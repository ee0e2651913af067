"""Issue 15 regressions: each hostile input that once crashed, hung or lost data, at its
smallest, now gets one clear line (or the right answer)."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

from tabletop.common.errors import DataErrors, TabletopError
from tabletop.common.units import UnitError, convert, parse_length
from tabletop.data.reader import Reader
from tabletop.game.load import load_scenario

from .conftest import SCENARIOS

GOOD = (SCENARIOS / "worked-example.toml").read_text()
HUGE = "9" * 400  # an integer TOML reads exactly, and float() cannot hold


def problems(write_scenario, text: str) -> list[str]:
    with pytest.raises(DataErrors) as e:
        load_scenario(write_scenario(text))
    return [str(x) for x in e.value.errors]


def one(write_scenario, text: str) -> str:
    msgs = problems(write_scenario, text)
    assert len(msgs) == 1, msgs
    assert "\n" not in msgs[0]
    return msgs[0]


# -- values where they enter ----------------------------------------------------------
@pytest.mark.parametrize(
    "old, new, where",
    [
        # OverflowError in units.parse_length (a bare integer and a string with a unit)
        ("x = 30", f"x = {HUGE}", "ships[0].x: expected a position"),
        ("gun_deck = 6", f'gun_deck = "{HUGE}cm"', "classes.example.gun_deck: expected a length"),
        ("gun_deck = 6", "gun_deck = 1e400", "classes.example.gun_deck: expected a length"),
        # OverflowError in reader.angle
        ("heading = 0", f"heading = {HUGE}", "ships[0].heading: expected compass degrees"),
        ("heading = 0", "heading = nan", "ships[0].heading: expected compass degrees"),
        ("from = 0", "from = -inf", "wind.from: expected degrees"),
        # NaN / infinite coordinates once reached GEOS
        ("x = 30", "x = nan", "ships[0].x: expected a position"),
        ("y = 30", "y = -inf", "ships[0].y: expected a position"),
    ],
)
def test_numbers_too_large_or_not_finite(write_scenario, old, new, where):
    msg = one(write_scenario, GOOD.replace(old, new, 1))
    assert where in msg


def test_table_under_100_m(write_scenario):
    msg = one(write_scenario, GOOD.replace("width = 120", "width = 10001"))
    assert "scenario.table.width: expected a length of at most 100 m (10000), found 10001" in msg
    # 100 m exactly is allowed (the ships then stand well inside it)
    load_scenario(write_scenario(GOOD.replace("width = 120", 'width = "100000mm"')))


def test_positions_within_ten_tables(write_scenario):
    # table 120 × 90: x up to ±1200, y up to ±900
    load_scenario(write_scenario(GOOD.replace("x = 30", "x = -1200", 1)))
    msg = one(write_scenario, GOOD.replace("y = 30", "y = 900.5", 1))
    assert "ships[0].y: expected a position within 10 × the table (900), found 900.5" in msg


def test_a_bad_table_does_not_cascade_into_positions(write_scenario):
    msg = one(write_scenario, GOOD.replace("width = 120", "width = -5"))
    assert "scenario.table.width" in msg


def test_polygon_vertex_bound(write_scenario):
    ring = [[10 + 5 * __import__("math").cos(k / 1600), 10] for k in range(10_001)]
    text = GOOD + f'\n[[terrain]]\nkind = "land"\npolygon = {ring}\n'
    msg = one(write_scenario, text)
    assert "terrain[0].polygon: expected from 3 to 10000 [x, y] points, found '10001 points'" in msg


def test_polygon_with_a_non_finite_vertex(write_scenario):
    text = GOOD + '\n[[terrain]]\nkind = "land"\npolygon = [[0, 0], [5, nan], [5, 5]]\n'
    msg = one(write_scenario, text)
    assert "terrain[0].polygon[1].y: expected a position" in msg


@pytest.mark.parametrize(
    "old, new, where",
    [
        ('id = "a"', 'id = "a\\nb"', "ships[0].id"),
        ('id = "a"', 'id = "a\\u0000"', "ships[0].id"),
        ('id = "a"', 'id = "a\\u007f"', "ships[0].id"),
        ('side = "british"', 'side = "brit\\tish"', "ships[0].side"),
    ],
)
def test_ids_are_printable_single_line_text(write_scenario, old, new, where):
    msg = one(write_scenario, GOOD.replace(old, new, 1))
    assert f"{where}: expected printable text on one line" in msg


def test_a_class_id_with_a_newline_is_refused_on_one_line(write_scenario):
    text = GOOD.replace("[classes.example]", '[classes."ex\\nample"]')
    msgs = problems(write_scenario, text)
    assert any("classes.'ex\\nample': expected a class id of printable text" in m for m in msgs)
    assert all("\n" not in m for m in msgs)


def test_a_terrain_name_must_be_text(write_scenario):
    text = GOOD + '\n[[terrain]]\nkind = "land"\nname = 3\npolygon = [[0, 0], [5, 0], [5, 5]]\n'
    assert "terrain[0].name: expected a name of text, found 3" in one(write_scenario, text)


def test_a_man_o_war_turn_must_be_a_number(write_scenario):
    # TypeError/ValueError once came out of plan_move's float(fields["turn"]); the Man
    # O' War ruleset checks its own class fields (a per-ship override here)
    text = (SCENARIOS / "man-o-war-skirmish.toml").read_text()
    text = text.replace("[[ships]]\n", '[[ships]]\nturn = "sharp"\n', 1)
    assert "ships[0].turn: expected a number, found 'sharp'" in one(write_scenario, text)


def test_unknown_unit_is_a_clear_error_not_a_key_error():
    with pytest.raises(UnitError, match="expected a unit .*found 'furlong'"):
        convert(1.0, "cm", "furlong")
    # the engine reads some template lengths raw: the error is still a user error
    with pytest.raises(TabletopError):
        parse_length("2 cm", "")
    with pytest.raises(ValueError):
        parse_length(10**400, "cm")
    assert parse_length('2.5"', "cm") == pytest.approx(6.35)


def test_reader_numbers_and_factors_are_bounded():
    r = Reader("f.toml")
    assert r.number({"k": 10**400}, "t", "k", default=1.0) == 1.0
    assert r.integer({"k": 2**60}, "t", "k", default=7) == 7
    assert r.fraction({"k": float("inf")}, "t", "k") == 1
    assert r.fraction({"k": "1e400"}, "t", "k") == 1
    assert r.fraction({"k": "4/3"}, "t", "k") == pytest.approx(4 / 3)
    assert [e.path for e in r.errors] == ["t.k"] * 4


def test_deep_nesting_and_huge_integers_are_toml_errors(write_scenario):
    msg = one(write_scenario, "a = " + "[" * 3000 + "]" * 3000 + "\n")
    assert "expected valid TOML, found 'nesting too deep'" in msg
    msg = one(write_scenario, "a = " + "9" * 5000 + "\n")
    assert "expected valid TOML" in msg


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_not_waited_on(tmp_path):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    with pytest.raises(DataErrors, match="expected a regular file"):
        load_scenario(fifo)


def test_a_base_or_hull_under_2_mm_is_refused(write_scenario):
    # a hair-thin hull made a move preview sweep millions of poses
    msg = one(write_scenario, GOOD.replace("width = 2.5 }", "width = 0.01 }"))
    assert "classes.example.base.width: expected at least 2 mm (0.2), found 0.01" in msg
    load_scenario(write_scenario(GOOD.replace("width = 2.5 }", 'width = "2mm" }')))


# -- paths ----------------------------------------------------------------------------
def test_path_bounds():
    from tabletop.referee.movement import MAX_DISTANCE, MAX_TOKENS, parse_path

    assert (MAX_TOKENS, MAX_DISTANCE) == (200, 1000.0)
    assert len(parse_path(" ".join(["S1"] * 200))) == 200
    with pytest.raises(TabletopError, match="path of 201 tokens: expected at most 200"):
        parse_path(" ".join(["S1"] * 201))
    assert str(parse_path("S359.99")[0]) == "S359.99"
    # once: minutes of sweeping and 600 MB for one typed number
    with pytest.raises(TabletopError, match="'P1000000000' .token 1.: expected a turn of less"):
        parse_path("P1000000000")
    with pytest.raises(TabletopError, match="'S360' .token 2."):
        parse_path("F2 S360")
    # distances add up over the path: 600 + 400 is allowed, one more unit is not
    assert len(parse_path("F600 L400")) == 2
    with pytest.raises(TabletopError, match="'F0.5' .token 3.: expected at most 1000 table"):
        parse_path("F600 L400 F0.5")
    with pytest.raises(TabletopError, match="'F1000000' .token 1."):
        parse_path("F1000000")


def test_a_hostile_token_is_shown_short_and_on_one_line():
    from tabletop.referee.movement import parse_path

    with pytest.raises(TabletopError) as e:
        parse_path("F2 X" + "9" * 1000)
    assert len(str(e.value)) < 200 and "(token 2)" in str(e.value)


# -- saving ---------------------------------------------------------------------------
def test_a_save_keeps_the_mode_and_a_new_file_follows_the_umask(tmp_path):
    from tabletop.data.save import write_atomic

    old = os.umask(0o027)
    try:
        write_atomic(tmp_path / "new.json", "{}")
    finally:
        os.umask(old)
    assert (tmp_path / "new.json").stat().st_mode & 0o777 == 0o640  # 0o666 less 0o027
    (tmp_path / "new.json").chmod(0o604)
    write_atomic(tmp_path / "new.json", "[]")  # was rewritten as 0o600 before
    assert (tmp_path / "new.json").stat().st_mode & 0o777 == 0o604
    assert (tmp_path / "new.json").read_text() == "[]"


def test_a_save_writes_through_a_symlink(tmp_path):
    from tabletop.data.save import write_atomic

    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / "game.json").write_text("old")
    (tmp_path / "current.json").symlink_to(tmp_path / "saves" / "game.json")
    write_atomic(tmp_path / "current.json", "new")
    assert (tmp_path / "current.json").is_symlink()
    assert (tmp_path / "saves" / "game.json").read_text() == "new"


def test_stale_temporaries_are_removed_live_ones_kept(tmp_path):
    import fcntl

    from tabletop.data.save import write_atomic

    dead = tmp_path / ".game.json.k1ll3d.tmp"
    dead.write_text("half a save")
    live = tmp_path / ".game.json.w0rk1ng.tmp"
    live.write_text("being written")
    other = tmp_path / ".other.json.x.tmp"
    other.write_text("not ours")
    with open(live, "rb") as held:  # a live writer holds its lock
        fcntl.flock(held, fcntl.LOCK_EX)
        write_atomic(tmp_path / "game.json", "{}")
        assert not dead.exists() and live.exists() and other.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        ".game.json.w0rk1ng.tmp",
        ".other.json.x.tmp",
        "game.json",
    ]


@pytest.mark.parametrize("bad", ["", "  "])
def test_an_empty_save_path_is_an_error(bad):
    from tabletop.data.save import write_atomic

    with pytest.raises(TabletopError, match="empty file name"):
        write_atomic(bad, "{}")


def test_move_output_changes_only_the_moved_pose(write_scenario, tmp_path):
    import tomllib

    from tabletop.data.save import save_scenario
    from tabletop.geometry.pose import Pose

    text = (  # a ship takes no keys the loader does not read: odd values go in [extra]
        GOOD.replace("x = 45", "x = 45.123456789")
        + '\n[[terrain]]\nkind = "shoal"\nname = "bar"\n'
        "polygon = [[50, 50], [50.0000001, 50], [50, 50.0000001]]\n"
        "\n[extra]\nwhen = 1805-10-21T12:00:00.5-01:00\nat = 12:30:00\n"
        'local = 1805-10-21T06:00:00\nplayed = 1805-10-21\nnote = "tab\\there, del \\u007f"\n'
    )
    src = write_scenario(text)
    out = tmp_path / "out.toml"
    save_scenario(src, out, {"a": Pose(31.1234567891, 32, 359.9999999)})
    before, after = tomllib.loads(src.read_text()), tomllib.loads(out.read_text())
    assert after["ships"][0]["x"] == 31.123457 and after["ships"][0]["y"] == 32
    assert after["ships"][0]["heading"] == 360.0  # rounded to 6 decimals, as before
    after["ships"][0].update(x=30, y=30, heading=0)
    assert after == before  # dates, DEL, the tiny shoal and 45.123456789 all survive
    # the project's own loader reads it all, and refuses the table no scenario has
    with pytest.raises(DataErrors, match="extra: expected one of the keys scenario, wind"):
        load_scenario(out)


def test_toml_writer_round_trips():
    import datetime as dt
    import tomllib

    from hypothesis import given, settings
    from hypothesis import strategies as st

    from tabletop.data.save import dumps

    scalars = (
        st.booleans()
        | st.integers(-(2**63), 2**63 - 1)
        | st.floats(allow_nan=False)
        | st.text()
        | st.dates()
        | st.times()
        | st.datetimes()
        | st.datetimes(timezones=st.just(dt.timezone(dt.timedelta(hours=-7))))
    )
    values = st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
        max_leaves=8,
    )
    docs = st.dictionaries(st.text(), st.dictionaries(st.text(), values, max_size=4), max_size=3)

    @settings(max_examples=150, deadline=None)
    @given(docs)
    def check(doc):
        assert tomllib.loads(dumps(doc)) == doc

    check()


# -- the command line -----------------------------------------------------------------
ROOT = SCENARIOS.parent
DUEL = str(SCENARIOS / "frigate-duel.toml")
DUEL_LOG = str(ROOT / "games" / "frigate-duel.log")


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    from tabletop.shell.cli import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def user_error(capsys, *argv: str) -> str:
    code, out, err = cli(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1, err  # one line, no traceback, no usage block
    return err


@pytest.mark.parametrize(
    "argv, says",
    [
        (["render", DUEL, "-o", "x.png", "--size", "0x0"], "each from 1 to 8192, found '0x0'"),
        (["render", DUEL, "-o", "x.png", "--size", "8193x10"], "found '8193x10'"),
        (["render", DUEL, "-o", "x.png", "--size", "big"], "found 'big'"),
        (["bench", "--ships", "0"], "--ships: expected fleet sizes from 1 to 200, found 0"),
        (["run", DUEL, DUEL_LOG, "--undo", "-5"], "--undo: expected a number of actions ≥ 0"),
        (["run", DUEL, DUEL_LOG, "--save", ""], "--save: expected a file name, found ''"),
        (["drill", "tacking", "--auto", "--islands", "99"], "--islands: expected 0 to 5"),
        (["drill", "tacking", "--auto", "--gate", "-1"], "--gate: expected a length above 0"),
        (["move", DUEL, "amazon"], "required: path"),
        (["sail", DUEL, "amazon", "--nope"], "unrecognized arguments: --nope"),
        (["measure", DUEL, "amazon", "lo\nire"], "no ship with id 'lo\\nire'"),
    ],
)
def test_user_errors_are_one_line_and_status_2(capsys, tmp_path, monkeypatch, argv, says):
    monkeypatch.chdir(tmp_path)
    err = user_error(capsys, *argv)
    assert says in err
    assert not (tmp_path / "x.png").exists()


def test_undo_more_than_was_played_undoes_all_at_once(capsys, tmp_path):
    # once a loop of N iterations: --undo 1000000000 ran for minutes
    code, out, err = cli(capsys, "run", DUEL, DUEL_LOG, "--undo", "1000000000", "--json")
    assert (code, err) == (0, "")
    undone = json.loads(out)
    empty = tmp_path / "empty.log"
    empty.write_text("# nothing played\n")
    code, out, err = cli(capsys, "run", DUEL, str(empty), "--json")
    start = json.loads(out)
    assert (
        undone["actions"] == []
        and len(json.loads(cli(capsys, "run", DUEL, DUEL_LOG, "--json")[1])["actions"]) == 20
    )
    assert {k: v for k, v in undone.items() if k != "events"} == {
        k: v for k, v in start.items() if k != "events"
    }


def _strict(text: str) -> Any:
    def bad(name: str) -> Any:
        raise ValueError(f"not JSON: {name}")

    return json.loads(text, parse_constant=bad)


def test_json_output_is_strict_even_for_non_finite_numbers():
    from tabletop.shell.cli import dumps

    text = dumps({"a": float("nan"), "b": [float("inf"), 1.5], "c": {"d": -float("inf")}})
    assert _strict(text) == {"a": None, "b": [None, 1.5], "c": {"d": None}}
    with pytest.raises(ValueError, match="not JSON: NaN"):
        _strict('{"a": NaN}')


def test_a_far_flung_ship_is_refused_not_measured_to_infinity(capsys, write_scenario):
    # x = 1e308 is a finite float: it once passed, made shapely warn "overflow
    # encountered in distance" on stderr, and `measure --json` printed Infinity.
    path = str(write_scenario(GOOD.replace("x = 45", "x = 1e308")))
    err = user_error(capsys, "measure", path, "a", "b", "--json")
    assert "ships[1].x: expected a finite position near the table, found 1e+308" in err


def test_a_successful_command_prints_nothing_on_stderr(capsys, write_scenario):
    # two ships on the same spot: zero-length bearings and degenerate geometry
    text = GOOD.replace("x = 45\ny = 32", "x = 30\ny = 30")
    path = str(write_scenario(text))
    for argv in (["measure", path, "a", "b", "--json"], ["fire", path, "a", "b", "--json"]):
        code, out, err = cli(capsys, *argv)
        assert (code, err) == (0, "")
        _strict(out)


# -- rulings at the boundary ----------------------------------------------------------
EDGE = """
[scenario]
name = "edge"
ruleset = "trafalgar-modified"
units = "cm"
table = { width = 200, depth = 200 }

[wind]
from = 0

[classes.box]
name = "Test box"
rate = 5
base = { length = 6, width = 2 }
gun_deck = 4
speed = 15
turns = 2
command = 5
guns = { light = 3 }
"""


def edge_table(write_scenario, ships: list[tuple[str, float, float, float]]):
    text = EDGE
    for sid, x, y, h in ships:
        text += f'\n[[ships]]\nid = "{sid}"\nroster = "box"\nside = "{sid}"\n'
        text += f"x = {x}\ny = {y}\nheading = {h}\n"
    return load_scenario(write_scenario(text))


def test_a_target_touching_the_arc_edge_is_reached_clear(write_scenario):
    from tabletop.referee.fire import rule_fire

    from .helpers import mirror, rigid

    # Firer's starboard side is x = 101, its deck y in [98, 102]; the target's base is
    # x in [104, 110], y in [102, 104]: it touches the arc's edge y = 102, 3 cm out.
    # It was "blocked, 0% of the deck clear ... blocked by " (nobody).
    scn = edge_table(write_scenario, [("a", 100, 100, 0), ("b", 107, 103, 90)])
    for table, side in (
        (scn, "starboard"),
        (mirror(scn), "port"),
        (rigid(scn, 90, 5, -7), "starboard"),
    ):
        r = rule_fire(table, "a", "b")
        assert (r.arc, r.line_of_fire, r.blocked_by, r.can_fire) == (side, "clear", [], True)
        assert r.range == pytest.approx(3.0) and r.range_band == "short"
        assert r.visible_fraction == 1.0 and r.reasons == []


def test_a_touching_target_behind_a_blocker_names_the_blocker(write_scenario):
    from tabletop.referee.fire import rule_fire

    # c (x in [101.5, 103.5], y in [100, 106]) stands across the edge ray y = 102
    scn = edge_table(
        write_scenario, [("a", 100, 100, 0), ("b", 107, 103, 90), ("c", 102.5, 103, 0)]
    )
    r = rule_fire(scn, "a", "b")
    assert (r.line_of_fire, r.blocked_by, r.can_fire) == ("blocked", ["c"], False)
    assert r.reasons == ["line of fire blocked by c"]
    assert r.visible_fraction == 0.0


@pytest.mark.parametrize(
    "ruleset, option, expected",
    [
        # TypeError (unhashable list) in the option check, found by the fuzzer
        ("hold-fast", 'victory = "escape"\nescaping = ["a"]', "scenario.escaping: expected one"),
        ("man-o-war", 'initiative_sides = [["a"], "b"]', "scenario.initiative_sides: expected two"),
    ],
)
def test_an_option_naming_sides_with_a_list_is_one_clear_error(tmp_path, ruleset, option, expected):
    roster = {"hold-fast": "frigate-36", "man-o-war": "frigate"}[ruleset]
    path = tmp_path / "s.toml"
    path.write_text(
        f'[scenario]\nname = "x"\nruleset = "{ruleset}"\nunits = "in"\n'
        f"table = {{ width = 36, depth = 24 }}\n{option}\n"
        f'[wind]\nfrom = "N"\n[[ships]]\nid = "a"\nroster = "{roster}"\nside = "british"\n'
        "x = 10\ny = 12\nheading = 90\n"
    )
    with pytest.raises(DataErrors) as e:
        load_scenario(path)
    msgs = [str(x) for x in e.value.errors]
    assert len(msgs) == 1 and expected in msgs[0], msgs
