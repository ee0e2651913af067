"""Setting up a table (issue 60): the set-up's operations, their refusals, undo, and a
round trip through every shipped scenario.  Hold Fast tables: bases 1.25 × 0.5 in."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from tabletop.common.errors import TabletopError
from tabletop.game.load import load_scenario
from tabletop.game.setup import Setup
from tabletop.referee.fire import rule_fire
from tabletop.referee.rulings import measure, sail

from .conftest import SCENARIOS


def test_a_dispute_set_up_from_nothing_and_ruled(tmp_path: Path):
    """A 36 × 24 in Hold Fast table.  The British frigate is laid 12 in from the west
    edge and 8 from the south, heading north: centre (12, 8).  The French one 4 in from
    her centre on a bearing of 90° (due east): (12 + 4 sin 90°, 8 + 4 cos 90°) =
    (16, 8), heading north too.  A rock of three corners, the wind from the west.
    Saved, the file loads as a scenario.  The ruling, worked from the rules: the French
    ship lies east of a ship heading north, so in her starboard quadrant; range centre
    to centre 4 in, its category 4; long guns at range 4 need a 4 (the template's
    long [1, 1, 2, 3, 4]), p = 3/6 = 1/2."""
    s = Setup.new("hold-fast", "in", 36, 24)
    a = s.add_ship("frigate-36", "british", 1, 1)
    b = s.add_ship("frigate-36", "french", 2, 2)
    assert (a, b) == ("frigate-36-1", "frigate-36-2")  # ids made from the class
    s.place_from_edges(a, west=12, south=8)
    s.place_from(b, a, 4, 90)
    s.add_terrain([(20, 20), (24, 20), (22, 23)], name="rock")
    s.set_wind("W")
    out = tmp_path / "dispute.toml"
    s.save(out)
    scn = load_scenario(out)
    assert (scn.ship(a).pose.x, scn.ship(a).pose.y) == (12, 8)
    assert (scn.ship(b).pose.x, scn.ship(b).pose.y) == pytest.approx((16, 8))
    assert scn.wind.from_deg == 270 and len(scn.terrain) == 1
    r = rule_fire(scn, a, b)
    assert (r.arc, r.range, r.can_fire) == ("starboard", pytest.approx(4), True)
    assert r.to_hit is not None and (r.to_hit["need"], r.to_hit["p_hit_fraction"]) == (4, "1/2")


def test_a_ship_placed_by_the_gap_between_bases():
    """From her base's edge: the first ship heads north at (12, 8), her base 0.5 wide,
    so her east edge is at 12.25; 2 in beyond it, the second ship's west edge at 14.25,
    her centre at 14.25 + 0.25 = 14.5."""
    s = Setup.new("hold-fast", "in", 36, 24)
    a = s.add_ship("frigate-36", "british", 12, 8)
    b = s.add_ship("frigate-36", "french", 20, 8)
    s.place_from(b, a, 2, 90, from_edge=True)
    assert s.ship(b)["x"] == pytest.approx(14.5, abs=1e-9) and s.ship(b)["y"] == pytest.approx(8)


def test_what_a_table_may_not_have_is_refused_and_nothing_changes():
    s = Setup.new("hold-fast", "in", 36, 24)
    a = s.add_ship("frigate-36", "british", 12, 8)
    before = s.data
    with pytest.raises(TabletopError, match="simple polygon"):
        s.add_terrain([(0, 0), (2, 2), (2, 0), (0, 2)])  # a bow tie: its edges cross
    with pytest.raises(TabletopError, match="is taken by another ship"):
        s.add_ship("frigate-36", "french", 1, 1, sid=a)
    with pytest.raises(TabletopError, match="one word of letters"):
        s.rename(a, "hms amazon")
    with pytest.raises(TabletopError, match="expected a class of"):
        s.add_ship("no-such-class", "french", 1, 1)
    assert s.data == before


def test_overlaps_and_the_edge_are_flagged_not_refused_and_undo_takes_back():
    """A duplicate laid on her is kept (a real table can be like that) and flagged; a
    ship whose centre is off the table too; undo and redo walk the edits."""
    s = Setup.new("hold-fast", "in", 36, 24)
    a = s.add_ship("frigate-36", "british", 12, 8)
    c = s.duplicate(a)
    assert s.flags() == [f"{a} and {c}: their bases overlap"]
    s.place(c, x=40)  # 36 in wide
    assert s.flags() == [f"{c}: her centre is off the table"]
    s.turn(a, 52)  # snapped to 15°: 45, a Hold Fast heading (the 8 points, ±5°)
    assert s.ship(a)["heading"] == 45
    with pytest.raises(TabletopError, match="one of the 8 points"):
        s.turn(a, 52, fine=True)  # 52° is no heading of these rules: refused, kept 45
    s.turn(a, 89, fine=True)  # within the rules' 5° of east
    assert s.ship(a)["heading"] == 89
    assert s.undo() and s.ship(a)["heading"] == 45
    assert s.redo() and s.ship(a)["heading"] == 89
    s.delete(c)
    assert [x["id"] for x in s.ships()] == [a]
    assert not s.saved


def test_an_empty_table_is_set_up_but_not_saved(tmp_path: Path):
    s = Setup.new("man-o-war", "in", 48, 36)
    with pytest.raises(Exception, match="ships"):
        s.save(tmp_path / "empty.toml")
    assert not (tmp_path / "empty.toml").exists()


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.toml")), ids=lambda p: p.stem)
def test_every_shipped_scenario_round_trips_with_the_same_rulings(path: Path, tmp_path: Path):
    """Opened and saved by the set-up, without an edit: every ship's sail ruling, every
    pair's measure and fire rulings are the same as the original's."""
    out = tmp_path / path.name
    Setup.open(path).save(out)
    old, new = load_scenario(path), load_scenario(out)
    assert [s.id for s in new.ships] == [s.id for s in old.ships]
    for s in old.ships:
        assert sail(new, s.id) == sail(old, s.id)
    for a, b in itertools.permutations([s.id for s in old.ships], 2):
        assert measure(new, a, b) == measure(old, a, b)
        if old.ruleset.caps.has_gunnery:
            assert rule_fire(new, a, b).as_json() == rule_fire(old, a, b).as_json()


def test_an_empty_table_is_drawn_and_offers_its_roster_and_sides():
    """A new table has no ship, yet it is a table to draw: 36 × 24 in, no ships; the
    classes offered are the roster's, in its order (Hold Fast's first is the first-rate);
    the sides are those of the ships laid, in the order laid."""
    s = Setup.new("hold-fast", "in", 36, 24)
    t = s.table()
    assert (t.width, t.depth, t.ships, t.units) == (36, 24, (), "in")
    ids = [c for c, _ in s.classes()]
    assert ids[0] == "first-rate" and "frigate-36" in ids
    assert s.sides() == []
    s.add_ship("frigate-36", "french", 5, 5)
    s.add_ship("frigate-36", "british", 9, 5)
    s.add_ship("frigate-36", "french", 13, 5)
    assert s.sides() == ["french", "british"]


def test_terrain_corners_moved_deleted_and_described():
    """A square shoal (0,0)-(4,4): a corner moved to (5, 5) keeps it simple (a kite);
    moved to (2, -1)... across the far edge it crosses itself, refused; a corner deleted
    leaves a triangle, and a triangle keeps its three.  Hidden and known to one side:
    written; no longer hidden, its known_to goes with it."""
    s = Setup.new("hold-fast", "in", 36, 24)
    s.add_ship("frigate-36", "british", 20, 20)
    s.add_ship("frigate-36", "french", 25, 20)
    i = s.add_terrain([(0, 0), (4, 0), (4, 4), (0, 4)], kind="shoal")
    s.move_vertex(i, 2, 5, 5)
    assert s.piece(i)["polygon"][2] == [5.0, 5.0]
    with pytest.raises(TabletopError, match="edges may not cross"):
        s.move_vertex(i, 3, 6, 0)  # (0,0) (4,0) (5,5) (6,0): a bow tie
    s.delete_vertex(i, 3)
    assert s.piece(i)["polygon"] == [[0.0, 0.0], [4.0, 0.0], [5.0, 5.0]]
    with pytest.raises(TabletopError, match="keeps three corners"):
        s.delete_vertex(i, 0)
    s.set_terrain(i, kind="land", name="Rock", level=1, hidden=True, known_to="french")
    assert s.piece(i) == {
        "kind": "land",
        "polygon": [[0.0, 0.0], [4.0, 0.0], [5.0, 5.0]],
        "name": "Rock",
        "level": 1,
        "hidden": True,
        "known_to": "french",
    }
    s.set_terrain(i, hidden=False, name="")
    assert s.piece(i) == {
        "kind": "land",
        "polygon": [[0.0, 0.0], [4.0, 0.0], [5.0, 5.0]],
        "level": 1,
    }
    with pytest.raises(TabletopError, match="only when it is hidden"):
        s.set_terrain(i, known_to="french")  # known to a side only when hidden
    with pytest.raises(TabletopError):
        s.set_terrain(i, kind="lava")


def test_options_are_set_as_the_ruleset_declares_them():
    """Hold Fast declares wind_shift a checkbox and victory one of three words: set,
    cleared, and a word it does not declare refused."""
    s = Setup.new("hold-fast", "in", 36, 24)
    s.add_ship("frigate-36", "british", 20, 20)
    s.set_option("wind_shift", True)
    s.set_option("victory", "points")
    assert (s.data["scenario"]["wind_shift"], s.data["scenario"]["victory"]) == (True, "points")
    assert s.table().options == {"wind_shift": True, "victory": "points"}
    s.set_option("wind_shift", False)
    assert "wind_shift" not in s.data["scenario"]
    with pytest.raises(TabletopError, match="one of duel, escape, points"):
        s.set_option("victory", "glory")
    with pytest.raises(TabletopError, match="an option of hold-fast"):
        s.set_option("no_such_rule", True)


def test_a_table_measured_in_cm_instead_of_inches_moves_nothing():
    """36 × 24 in is 91.44 × 60.96 cm; a ship at (10, 5) in stands at (25.4, 12.7) cm,
    a corner at (1, 2) in at (2.54, 5.08) cm."""
    s = Setup.new("trafalgar-modified", "in", 36, 24)
    a = s.add_ship("frigate-36", "british", 10, 5)
    s.add_terrain([(1, 2), (4, 2), (3, 5)])
    s.set_units("cm")
    t = s.table()
    assert (t.units, t.width, t.depth) == ("cm", pytest.approx(91.44), pytest.approx(60.96))
    assert (t.ship(a).pose.x, t.ship(a).pose.y) == (pytest.approx(25.4), pytest.approx(12.7))
    assert t.terrain[0].points[0] == (pytest.approx(2.54), pytest.approx(5.08))
    s.recast(a, roster="third-rate-74", side="french")
    assert (s.ship(a)["roster"], s.ship(a)["side"]) == ("third-rate-74", "french")
    with pytest.raises(TabletopError, match="one word"):
        s.recast(a, side="les bleus")


def test_measured_from_the_east_and_north_edges_of_a_table_written_with_units(tmp_path):
    """A table written "91.44cm" × "609.6mm" is 36 × 24 in: 6 from the east edge is x = 30, 4
    from the north is y = 20."""
    p = tmp_path / "ft.toml"
    p.write_text(
        """[scenario]
name = "ft"
ruleset = "hold-fast"
units = "in"
table = { width = "91.44cm", depth = "609.6mm" }
[wind]
from = 0
[[ships]]
id = "a"
roster = "frigate-36"
side = "x"
x = 1
y = 1
heading = 0
"""
    )
    s = Setup.open(p)
    s.place_from_edges("a", east=6, north=4)
    assert (s.ship("a")["x"], s.ship("a")["y"]) == (30, 20)


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["setup"], "tabletop setup: expected a scenario to set up, or --new --ruleset R"),
        (["setup", "--new", "--ruleset", "hold-fast"], "--new: expected --units, --table as well"),
        (["setup", "--new", "--ruleset", "chess", "--units", "in", "--table", "36x24"],
         "--ruleset: expected one of escadres, frigate, hold-fast"),
        (["setup", "--new", "--ruleset", "hold-fast", "--units", "in", "--table", "36 by 24"],
         "--table: expected WIDTHxDEPTH in the table's unit, such as 36x24, found '36 by 24'"),
        (["setup", "--new", "--ruleset", "hold-fast", "--units", "in", "--table", "0x24"],
         "--table: expected WIDTHxDEPTH"),
        (["setup", "--new", "--ruleset", "hold-fast", "--units", "ft", "--table", "3x2"],
         "argument --units: invalid choice: 'ft'"),
        (["setup", "--ruleset", "hold-fast"], "--ruleset: a new table's, with --new"),
        (["setup", "no-such-file.toml"], "no-such-file.toml: expected an existing file"),
        (["setup", str(SCENARIOS / "frigate-duel.toml"), "--new", "--ruleset", "hold-fast",
          "--units", "in", "--table", "36x24"], "frigate-duel.toml: exists already"),
    ],
)  # fmt: skip
def test_setup_refuses_bad_input_in_one_line_before_any_window(argv, said, capsys):
    """As ``play`` does for a bad file: one line on stderr, exit status 2, no window."""
    from tabletop.shell.cli import main

    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and said in err, err


def test_an_unsaved_set_up_is_played_and_its_table_written_with_the_game(tmp_path):
    """Played before it is saved (game/played.py): the game's scenario is named
    NAME-as-played.toml beside the set-up's file, written only when the game is saved
    (never over the set-up's own file), and the save replays on it."""
    from tabletop.game.played import PlayedSession, played_session
    from tabletop.game.session import Session

    s = Setup.new("trafalgar-modified", "cm", 120, 90)
    s.path = str(tmp_path / "dispute.toml")
    s.add_ship("frigate-36", "british", 30, 30)
    s.add_ship("frigate-36", "french", 60, 40)
    session = played_session(s)
    table = tmp_path / "dispute-as-played.toml"
    assert isinstance(session, PlayedSession) and session.scenario.source == str(table)
    assert not table.exists() and not (tmp_path / "dispute.toml").exists()
    session.play("end")
    session.save(tmp_path / "g.save.json")
    assert load_scenario(table).ships == session.scenario.ships
    again = Session.load(tmp_path / "g.save.json")
    assert again.actions == ["end"] and not again.load_notes
    s.save(s.path)  # saved: played from its own file
    assert played_session(s).scenario.source == s.path


def test_setup_without_a_display_is_a_plain_error():
    """No display and no headless flag: the window cannot open; one line, exit 2."""
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("ARCADE_HEADLESS", "DISPLAY")}
    argv = ["setup", "--new", "--ruleset", "hold-fast", "--units", "in", "--table", "36x24"]
    r = subprocess.run([sys.executable, "-m", "tabletop.shell.cli", *argv],
                       capture_output=True, text=True, env=env, timeout=60)  # fmt: skip
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "cannot open a window here" in r.stderr and len(r.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.toml")), ids=lambda p: p.stem)
def test_a_scenario_saved_with_no_edit_is_the_same_file(path: Path, tmp_path: Path):
    """Written by tomlkit from the text it was read from: a hand-written scenario,
    comments and all, comes back byte for byte when nothing was edited."""
    out = tmp_path / path.name
    Setup.open(path).save(out)
    assert out.read_text() == path.read_text()


HAND_WRITTEN = """\
# A referee's notes on the dispute: keep them.
[scenario]
name = "Off the Saintes"   # as the players call it
ruleset = "hold-fast"
units = "in"
table = { width = 36, depth = 24 }

[wind]
from = 270  # a westerly

[[ships]]
id = "amazon"  # the British frigate
roster = "frigate-36"
side = "british"
x = 12.0
y = 8.0
heading = 0

[[ships]]
id = "loire"  # she was laid by tape from amazon
roster = "frigate-36"
side = "french"
x = 15.5
y = 8.0
heading = 0

[[ships]]
id = "sirene"
roster = "frigate-36"
side = "french"
x = 20.0
y = 8.0
heading = 0
"""


def test_an_edit_rewrites_its_own_lines_and_keeps_the_notes(tmp_path: Path):
    """loire moved 1.5 in east (15.5 → 17) and amazon's heading set to 45°: only those
    two lines change; every comment, blank line and key order of the file stays.  Then
    amazon deleted: her table goes, the notes on the others stay."""
    src = tmp_path / "dispute.toml"
    src.write_text(HAND_WRITTEN)
    s = Setup.open(src)
    s.place("loire", 17.0, 8.0)
    s.turn("amazon", 45)
    s.save(src)
    old, new = HAND_WRITTEN.splitlines(), src.read_text().splitlines()
    changed = [(a, b) for a, b in zip(old, new, strict=True) if a != b]
    assert changed == [("heading = 0", "heading = 45"), ("x = 15.5", "x = 17")]
    s.delete("amazon")
    s.save(src)
    text = src.read_text()
    assert 'id = "amazon"' not in text and "# the British frigate" not in text
    assert "# she was laid by tape from amazon" in text  # loire's own note, kept
    assert text.startswith("# A referee's notes on the dispute: keep them.\n")
    assert [sh.id for sh in load_scenario(src).ships] == ["loire", "sirene"]


def test_a_large_island_drawn_into_a_commented_file_is_written_whole(tmp_path: Path):
    """A new island of 2,000 corners (a circle of radius 3 in about (28, 16)) set into a
    hand-written file: written as one array (parsed from its text, not built item by
    item, which took time growing with the square of its length), read back corner for
    corner, and the file's notes kept."""
    import math

    from tabletop.data.reader import load_toml

    src = tmp_path / "dispute.toml"
    src.write_text(HAND_WRITTEN)
    s = Setup.open(src)
    ring = [
        [round(28 + 3 * math.cos(2 * math.pi * k / 2000), 6),
         round(16 + 3 * math.sin(2 * math.pi * k / 2000), 6)]
        for k in range(2000)
    ]  # fmt: skip
    s.add_terrain([(x, y) for x, y in ring], kind="land", name="big rock")
    s.save(src)
    back = load_toml(src)
    assert back["terrain"][0]["polygon"] == ring
    assert "# A referee's notes on the dispute: keep them." in src.read_text()
    assert [sh.id for sh in load_scenario(src).ships] == ["amazon", "loire", "sirene"]
