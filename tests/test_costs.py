"""Issue 58, bounded costs: each bound of docs/limits.md held at its edge.

The input exactly at a bound is accepted and one past it is refused with one line, so
a bound can neither drift nor be lost.  What each costs at its bound is measured on the
project's machine and written in docs/limits.md; nothing here times anything.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from tabletop.common.errors import DataErrors, TabletopError
from tabletop.data.reader import MAX_FILE_BYTES, Reader
from tabletop.data.save import dumps as toml_dumps
from tabletop.game.load import MAX_SHIPS, load_scenario
from tabletop.game.saved import MAX_ACTIONS, read_save
from tabletop.game.terrain import MAX_TOTAL_VERTICES, MAX_VERTICES
from tabletop.shell import limits
from tabletop.shell.cli import main

from .conftest import SCENARIOS

DUEL = str(SCENARIOS / "frigate-duel.toml")


def refused(capsys, *argv: str) -> str:
    """A user error: exit 2, one line on stderr, nothing on stdout."""
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1, (code, out, err)
    return err


def _head() -> dict:
    return {
        "scenario": {
            "name": "bounds",
            "ruleset": "trafalgar-modified",
            "units": "cm",
            "table": {"width": 900, "depth": 900},
        },
        "wind": {"from": "N"},
        "ships": [
            {"id": "a", "roster": "frigate-36", "side": "british", "x": 5, "y": 5, "heading": 90},
            {"id": "b", "roster": "frigate-38", "side": "french", "x": 5, "y": 15, "heading": 90},
        ],
    }


def _island(n: int, cx: float, cy: float) -> list[list[float]]:
    return [
        [round(cx + 40 * math.cos(2 * math.pi * k / n), 2),
         round(cy + 40 * math.sin(2 * math.pi * k / n), 2)]
        for k in range(n)
    ]  # fmt: skip


def _write(tmp_path: Path, doc: dict, name: str = "s.toml") -> Path:
    p = tmp_path / name
    p.write_text(toml_dumps(doc))
    return p


# -- a scenario ---------------------------------------------------------------------------
@pytest.mark.parametrize("extra, ok", [(0, True), (1, False)])
def test_terrain_is_bounded_by_its_vertices_in_all(tmp_path, extra, ok):
    # four coastlines of the most a polygon may have, and a fifth to make the total
    sizes = [MAX_VERTICES] * 4 + [MAX_TOTAL_VERTICES - 4 * MAX_VERTICES - 3 + extra, 3]
    doc = _head()
    doc["terrain"] = [
        {"kind": "land", "polygon": _island(n, 100 + 100 * i, 500)} for i, n in enumerate(sizes)
    ]
    path = _write(tmp_path, doc)
    assert path.stat().st_size <= MAX_FILE_BYTES
    if ok:
        assert sum(len(t.points) for t in load_scenario(path).terrain) == MAX_TOTAL_VERTICES
        return
    with pytest.raises(DataErrors) as e:
        load_scenario(path)
    assert [str(x) for x in e.value.errors] == [
        f"{path}: terrain: expected at most 50000 vertices in all, found {MAX_TOTAL_VERTICES + 1}"
    ]


def test_a_point_with_a_unit_among_plain_numbers_is_still_read(tmp_path):
    doc = _head()
    poly = _island(40, 300, 300)
    x, y = poly[7]
    poly[7] = [f"{x * 10}mm", y]
    doc["terrain"] = [{"kind": "land", "polygon": poly}]
    pts = load_scenario(_write(tmp_path, doc)).terrain[0].points
    assert pts[7] == pytest.approx((x, y))


def test_a_point_out_of_reach_among_many_is_named(tmp_path):
    doc = _head()
    poly = _island(2000, 300, 300)
    poly[1234][1] = 1e7
    doc["terrain"] = [{"kind": "land", "polygon": poly}]
    with pytest.raises(DataErrors, match=r"terrain\[0\]\.polygon\[1234\]\.y: expected a finite"):
        load_scenario(_write(tmp_path, doc))


@pytest.mark.parametrize("extra, ok", [(0, True), (1, False)])
def test_a_scenario_has_at_most_100_ships(tmp_path, capsys, extra, ok):
    doc = _head()
    n = MAX_SHIPS + extra
    doc["ships"] = [
        {"id": f"s{k}", "roster": "frigate-36", "side": "ab"[k % 2],
         "x": 10 + 20 * (k % 10), "y": 10 + 20 * (k // 10), "heading": 90}
        for k in range(n)
    ]  # fmt: skip
    path = _write(tmp_path, doc)
    if ok:
        assert main(["check", str(path)]) == 0
        assert "100 ships" in capsys.readouterr().out
        return
    code = main(["check", str(path)])
    err = capsys.readouterr().err
    assert code == 2 and err == f"{path}: ships: expected at most 100 ships, found 101\n"


@pytest.mark.parametrize("extra, ok", [(0, True), (1, False)])
def test_a_data_file_is_at_most_2_mib(tmp_path, capsys, extra, ok):
    text = (SCENARIOS / "frigate-duel.toml").read_text()
    pad = MAX_FILE_BYTES - len(text.encode()) - 1 + extra
    path = tmp_path / "s.toml"
    path.write_text(text + "#" * pad + "\n")
    assert path.stat().st_size == MAX_FILE_BYTES + extra
    code = main(["check", str(path)])
    err = capsys.readouterr().err
    assert (code == 0) is ok, err
    if not ok:
        assert "expected a file of at most 2 MiB (2097152 bytes), found 2097153" in err


@pytest.mark.parametrize(
    "text, ok",
    [
        ("4/3", True),
        ("0.5", True),
        ("1e2", True),
        ("1" * 3 + "." + "0" * 20, True),  # at the bound: 20 digits a part
        ("1." + "0" * 21, False),
        ("1e30000000", False),  # once 43 s of Fraction building digits
        ("1e-30000000", False),
        ("1" * 21 + "/" + "1" * 21, False),
    ],
)
def test_a_factor_is_read_only_when_short(text, ok):
    r = Reader("t.toml")
    r.fraction({"factor": text}, "sectors[0]", "factor")
    assert (not r.errors) is ok, r.errors
    if not ok:
        assert "expected a factor like 1, 0.5 or" in str(r.errors[0])


# -- a game -------------------------------------------------------------------------------
@pytest.mark.parametrize("extra, ok", [(0, True), (1, False)])
def test_a_save_holds_at_most_4000_actions(tmp_path, extra, ok):
    saved = tmp_path / "g.json"
    (tmp_path / "none.log").write_text("")
    assert main(["run", DUEL, str(tmp_path / "none.log"), "--save", str(saved)]) == 0
    data = json.loads(saved.read_text())
    data["actions"] = ["end"] * (MAX_ACTIONS + extra)
    saved.write_text(json.dumps(data))
    if ok:  # the shape is taken (the replay, not the count, then finds the lie)
        assert len(read_save(saved).actions) == 4000
        return
    with pytest.raises(TabletopError, match="actions: expected a list of at most 4000 actions"):
        read_save(saved)


# -- the command line's options ---------------------------------------------------------
def test_a_picture_is_bounded_by_its_area(capsys, tmp_path):
    assert limits.render_size("4096x4096") == (4096, 4096)
    assert limits.render_size("8192x2048") == (8192, 2048)
    for size in ("4096x4097", "8192x8192", "8192x2049"):
        with pytest.raises(TabletopError, match="--size: expected at most 16777216 pixels"):
            limits.render_size(size)
    err = refused(capsys, "render", DUEL, "-o", tmp_path / "x.png", "--size", "8192x8192")
    assert "found 8192x8192 (67108864 pixels)" in err
    assert not (tmp_path / "x.png").exists()


def test_duel_is_bounded_in_games_turns_and_processes(capsys):
    most = limits.max_jobs()
    limits.duel_counts(10_000, 200, most)  # at every bound: taken
    argv = ["duel", DUEL, "--side", "scripted", "--side", "scripted"]
    assert "--games: expected 1 to 10000, found 10001" in refused(capsys, *argv, "--games", "10001")
    assert "found 1000000000" in refused(capsys, *argv, "--games", "1000000000")
    assert "--turns: expected 1 to 200, found 201" in refused(capsys, *argv, "--turns", "201")
    err = refused(capsys, *argv, "--jobs", str(most + 1))
    assert f"--jobs: expected 1 to {most} (the processors of this machine)" in err


def test_a_match_makes_its_games_as_it_plays_them():
    from tabletop.ai.duel import _jobs

    games = _jobs(DUEL, ("british", "scripted"), ("french", "captain"), 1, 10**9, 30)
    first, second = next(games), next(games)  # a billion games: no list is built
    assert first[1:3] == ({"british": "scripted", "french": "captain"}, 1)
    assert second[1:3] == ({"british": "captain", "french": "scripted"}, 1)


def test_bench_is_bounded_in_fleets(capsys):
    limits.bench_sizes([200, 200, 200])
    assert "from 1 to 200, found 201" in refused(capsys, "bench", "--ships", "201")
    err = refused(capsys, "bench", "--ships", "10", "10", "10", "10")
    assert "--ships: expected at most 3 fleet sizes, found 4" in err


@pytest.mark.parametrize(
    "option, at, past, says",
    [
        ("--distance", "200", "200.001", "--distance: expected a length above 0 and at most 200"),
        ("--gate", "200", "201", "--gate: expected a length above 0 and at most 200"),
        ("--islands", "5", "6", "--islands: expected 0 to 5, found 6"),
    ],
)
def test_the_drill_is_bounded(capsys, tmp_path, option, at, past, says):
    # at the bound the option is taken: the error is the next thing, the missing scenario
    err = refused(capsys, "drill", "tacking", "--auto", option, at, "--scenario", tmp_path / "no")
    assert "no such file" in err and option not in err
    assert says in refused(capsys, "drill", "tacking", "--auto", option, past)


# -- what makes the bounds affordable ----------------------------------------------------
def test_the_captains_distance_from_terrain_is_shapelys_to_the_last_bit():
    import numpy as np
    import shapely

    from tabletop.ai.sea import distance_to
    from tabletop.model.scenario import Terrain

    rng = np.random.default_rng(58)
    coasts = tuple(
        Terrain("land", tuple((x + 10, y - 20) for x, y in _island(997 + k, 30 * k, 80)))
        for k in range(3)
    )
    keels = shapely.linestrings(rng.uniform(-10, 120, (2000, 2, 2)))
    want = np.minimum.reduce([shapely.distance(keels, t.polygon) for t in coasts])
    got = distance_to(keels, coasts)
    assert (got == 0).any() and (got > 0).any()
    assert np.array_equal(got, want)


def test_a_coast_is_built_once_and_is_the_polygon_of_its_points():
    import shapely

    from tabletop.model.scenario import Terrain

    t = Terrain("land", tuple(map(tuple, _island(500, 50, 50))))
    assert t.polygon is t.polygon
    assert t.polygon.equals(shapely.Polygon(t.points))
