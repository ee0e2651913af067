"""A scenario's ``[photo]`` (issue 60): read and checked with key paths, never needed to
play (the file missing changes no ruling), kept by the set-up's round trip and by a
position written elsewhere, its path following the scenario's folder."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from tabletop.common.errors import DataErrors, TabletopError
from tabletop.data.reader import load_toml
from tabletop.data.save import rebase_photo, save_scenario
from tabletop.game import photo
from tabletop.game.load import load_scenario
from tabletop.game.setup import Setup
from tabletop.geometry.homography import apply
from tabletop.model.photo import RulerMarks
from tabletop.referee.rulings import measure, sail
from tabletop.shell.cli import main

BASE = """
[scenario]
name = "Photo table"
ruleset = "hold-fast"
units = "in"
table = { width = 36, depth = 24 }

[wind]
from = "N"

[[ships]]
id = "amazon"
roster = "frigate-36"
side = "british"
x = 10
y = 8
heading = 90

[[ships]]
id = "cleopatre"
roster = "sixth-rate-24"
side = "french"
x = 20
y = 8
heading = 270
"""
# The table's corners in a photo taken from its south side: south-west bottom left.
CORNERS = "[[180, 983.6], [1620, 801.9], [1289.8, 366.4], [302.3, 450.2]]"
PHOTO = f'\n[photo]\npath = "photos/table.jpg"\ncorners = {CORNERS}\n'


def problems(write_scenario, text: str) -> list[str]:
    with pytest.raises(DataErrors) as e:
        load_scenario(write_scenario(text))
    return [str(x) for x in e.value.errors]


def test_the_photo_is_read_and_found_beside_the_scenario(write_scenario):
    scn = load_scenario(write_scenario(BASE + PHOTO))
    p = scn.photo
    assert p is not None and p.path == "photos/table.jpg"
    assert p.file == str(write_scenario.dir / "photos" / "table.jpg")
    assert p.corners == ((180, 983.6), (1620, 801.9), (1289.8, 366.4), (302.3, 450.2))
    assert p.ruler is None and p.opacity == 0.5  # half, unless the scenario says


def test_a_missing_photo_changes_no_ruling(write_scenario, capsys):
    """The photo file is not there: the scenario loads, checks and rules exactly as it
    does without a [photo]."""
    with_photo = load_scenario(write_scenario(BASE + PHOTO, "with.toml"))
    without = load_scenario(write_scenario(BASE, "without.toml"))
    assert not Path(with_photo.photo.file).exists()
    # the photo is no part of the table the rules read (only where the file is differs)
    assert replace(with_photo, source=without.source) == without
    for ship in ("amazon", "cleopatre"):
        assert sail(with_photo, ship) == sail(without, ship)
    assert measure(with_photo, "amazon", "cleopatre") == measure(without, "amazon", "cleopatre")
    assert main(["check", str(write_scenario.dir / "with.toml")]) == 0
    assert "with.toml: ok" in capsys.readouterr().out


def test_the_ruler_form_is_read_in_the_scenarios_unit(write_scenario):
    """``length = "30cm"`` on an inch table is 30 / 2.54 = 11.811 in; ``at`` and
    ``bearing`` say where the ruler lies (here up the west edge from 2 in north of the
    corner)."""
    text = BASE + (
        '\n[photo]\npath = "above.jpg"\nopacity = 0.8\n'
        'ruler = { start = [180, 1155], end = [180, 675], length = "30cm", '
        "at = [0, 2], bearing = 0 }\n"
    )
    p = load_scenario(write_scenario(text)).photo
    assert p is not None and p.corners is None and p.opacity == 0.8
    assert p.ruler == RulerMarks((180.0, 1155.0), (180.0, 675.0), 30 / 2.54, (0.0, 2.0), 0.0)
    # 480 px for 11.811 in: the zero at (0, 2), the 30 cm mark at (0, 2 + 11.811)
    assert apply(p.to_table(36, 24), [180, 675]) == pytest.approx([0, 2 + 30 / 2.54])


@pytest.mark.parametrize(
    "table, said",
    [
        ('photo = "table.jpg"', "photo: expected a table, found 'table.jpg'"),
        (f'[photo]\ncorners = {CORNERS}', "photo.path: expected a value, found nothing"),
        (f'[photo]\npath = "t.jpg"\ncorners = {CORNERS}\nopacty = 0.3',
         "photo.opacty: expected one of the keys path, corners, ruler, opacity, found 'opacty'"),
        (f'[photo]\npath = "t.jpg"\ncorners = {CORNERS}\nopacity = 1.5',
         "photo.opacity: expected a number ≥ 0 and ≤ 1, found 1.5"),
        ('[photo]\npath = "t.jpg"',
         "photo: expected either corners or ruler (where the photo lies on the table), "
         "found {'path': 't.jpg'}"),
        ('[photo]\npath = "t.jpg"\ncorners = [[0, 0], [1, 0], [1, 1]]',
         "photo.corners: expected four points: the table's corners in order south-west, "
         "south-east, north-east, north-west, found [[0, 0], [1, 0], [1, 1]]"),
        ('[photo]\npath = "t.jpg"\ncorners = [[0, 0], [1, 0], [1, "a"], [0, 1]]',
         "photo.corners[2]: expected a point in the photo, [x, y] in pixels (at most 1e+06), "
         "found [1, 'a']"),
        ('[photo]\npath = "t.jpg"\ncorners = [[0, 100], [100, 0], [100, 100], [0, 0]]',
         "photo.corners: expected the table's corners in order south-west, south-east, "
         "north-east, north-west (the sides between the corners cross: two corners are "
         "swapped), found [[0, 100], [100, 0], [100, 100], [0, 0]]"),
        ('[photo]\npath = "t.jpg"\nruler = { start = [1, 1], end = [1, 1], length = 3 }',
         "photo.ruler.end: expected a mark apart from the start, found [1, 1]"),
        ('[photo]\npath = "t.jpg"\nruler = { start = [1, 1], end = [9, 1], length = -3 }',
         "photo.ruler.length: expected a positive length, found -3"),
        ('[photo]\npath = "t.jpg"\nruler = { start = [1, 1], end = [9, 1], length = 3, '
         "zero = 0 }",
         "photo.ruler.zero: expected one of the keys start, end, length, at, bearing, "
         "found 'zero'"),
    ],
)  # fmt: skip
def test_a_bad_photo_table_is_named_by_its_key_path(write_scenario, table, said):
    text = table + "\n" + BASE if table.startswith("photo =") else BASE + "\n" + table + "\n"
    found = problems(write_scenario, text)
    assert found == [f"{write_scenario.dir / 's.toml'}: {said}"]


def test_check_names_a_bad_photo_and_exits_2(write_scenario, capsys):
    mirrored = "[[0, 0], [100, 0], [100, 100], [0, 100]]"  # clockwise as the photo is seen
    text = BASE + f'\n[photo]\npath = "t.jpg"\ncorners = {mirrored}\n'
    assert main(["check", str(write_scenario(text))]) == 2
    err = capsys.readouterr().err
    assert "photo.corners: expected the table's corners in order" in err
    assert "the corners go round the wrong way" in err


def test_the_set_up_keeps_the_photo_and_saves_it_relative_to_the_new_file(write_scenario):
    """Opened from ``dir/s.toml`` (photo ``photos/table.jpg``), saved as
    ``dir/out/copy.toml``: the photo's path is written ``../photos/table.jpg``, the same
    file; everything else as it was."""
    src = write_scenario(BASE + PHOTO)
    s = Setup.open(src)
    (write_scenario.dir / "out").mkdir()
    s.save(write_scenario.dir / "out" / "copy.toml")
    saved = load_toml(write_scenario.dir / "out" / "copy.toml")
    corners = load_toml(src)["photo"]["corners"]
    assert saved["photo"] == {"path": "../photos/table.jpg", "corners": corners}
    assert {k: v for k, v in saved.items() if k != "photo"} == {
        k: v for k, v in load_toml(src).items() if k != "photo"
    }
    again = load_scenario(write_scenario.dir / "out" / "copy.toml").photo
    assert again is not None
    assert Path(again.file).resolve() == (write_scenario.dir / "photos" / "table.jpg").resolve()


def test_the_set_up_sets_and_clears_the_photo_as_edits(tmp_path):
    """On a new table (not yet saved) the photo's path is read from the working folder
    (the tool gives it so); set, cleared, undone; a bad one refused with nothing changed;
    saved, its path is written from the file's folder."""
    s = Setup.new("hold-fast", "in", 36, 24)
    assert photo.clear_photo(s) is False  # none to clear
    here = os.path.relpath(tmp_path / "pics" / "t.png")  # from the working folder
    table = photo.photo_table(here, corners=[[0, 0], [9, 0], [9, 9], [0, 9]])
    with pytest.raises(TabletopError, match="photo.corners: expected the table's corners"):
        photo.set_photo(s, table)  # mirrored: refused
    assert "photo" not in s.data and not s.undo_stack
    corners = [[10.123, 500], [700, 520], [650, 20], [40, 0]]
    table = photo.photo_table(here, corners=corners, opacity=0.3)
    assert table == {"path": here, "corners": [[10.12, 500.0],
                     [700.0, 520.0], [650.0, 20.0], [40.0, 0.0]], "opacity": 0.3}  # fmt: skip
    photo.set_photo(s, table)
    assert s.data["photo"] == table and not s.saved
    assert photo.clear_photo(s) is True and "photo" not in s.data
    assert s.undo() and s.data["photo"] == table
    s.add_ship("frigate-36", "british", 5, 5)
    s.save(tmp_path / "table.toml")
    assert load_toml(tmp_path / "table.toml")["photo"]["path"] == "pics/t.png"
    assert s.data["photo"]["path"] == "pics/t.png"  # the set-up goes on from the file


def test_a_position_written_elsewhere_keeps_its_photo(write_scenario, tmp_path):
    src = write_scenario(BASE + PHOTO)
    out = tmp_path / "branch" / "here.toml"
    out.parent.mkdir()
    save_scenario(src, out, {})
    p = load_scenario(out).photo
    assert p is not None and Path(p.file).resolve() == (src.parent / "photos/table.jpg").resolve()


def test_rebasing_leaves_the_data_alone_and_keeps_an_absolute_path():
    data = {"photo": {"path": "/pics/t.png", "corners": []}}
    assert rebase_photo(data, "a/s.toml", "b/c/s.toml") is data
    data = {"photo": {"path": "t.png"}}
    moved = rebase_photo(data, "a/s.toml", "a/b/s.toml")
    assert moved == {"photo": {"path": "../t.png"}} and data == {"photo": {"path": "t.png"}}
    assert rebase_photo({"scenario": {}}, "a/s.toml", "b/s.toml") == {"scenario": {}}


def test_the_photo_of_a_table_with_no_ship_yet_is_read_alone(tmp_path):
    """A new table (no ship: no scenario yet) still shows its photo: ``photo_in``."""
    s = Setup.new("hold-fast", "in", 36, 24)
    assert photo.photo_in(s.data, s.path) is None
    photo.set_photo(s, photo.photo_table("t.png", corners=[[0, 9], [9, 9], [9, 0], [0, 0]]))
    p = photo.photo_in(s.data, s.path)
    assert p is not None and p.file == "t.png" and p.corners == ((0, 9), (9, 9), (9, 0), (0, 0))
    assert photo.photo_in({"photo": {"path": "t.png"}}, None) is None  # placed nowhere
