"""Data files: every problem is found, and each names file, key path, expected, found."""

from __future__ import annotations

import tomllib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.common.errors import DataErrors, TabletopError
from tabletop.data.save import dumps
from tabletop.game.load import load_scenario

from .conftest import SCENARIOS

GOOD = (SCENARIOS / "worked-example.toml").read_text()


def problems(write_scenario, text: str) -> list[str]:
    with pytest.raises(DataErrors) as e:
        load_scenario(write_scenario(text))
    return [str(x) for x in e.value.errors]


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.toml")), ids=lambda p: p.name)
def test_shipped_scenarios_load(path):
    scn = load_scenario(path)
    assert scn.ships
    assert len({s.id for s in scn.ships}) == len(scn.ships)


def test_roster_sizes_are_converted(write_scenario):
    # trafalgar roster: frigate-36 base "48mm" × "18mm" → 4.8 × 1.8 cm; in an inch
    # scenario the same model is 4.8/2.54 inches long.
    text = GOOD.replace('roster = "example"', 'roster = "frigate-36"', 1)
    scn = load_scenario(write_scenario(text))
    assert scn.ship("a").cls.base_length == pytest.approx(4.8)
    inch = text.replace('units = "cm"', 'units = "in"')
    scn = load_scenario(write_scenario(inch))
    assert scn.ship("a").cls.base_length == pytest.approx(4.8 / 2.54)
    assert scn.ship("a").cls.speed == pytest.approx(17 / 2.54)  # 17 cm running speed


def test_per_ship_override(write_scenario):
    text = GOOD.replace(
        'id = "b"\nroster = "example"',
        'id = "b"\nroster = "example"\nspeed = 9\nbase = { width = "30mm" }',
    )
    scn = load_scenario(write_scenario(text))
    b = scn.ship("b").cls
    assert b.speed == 9 and b.base_width == pytest.approx(3.0) and b.base_length == 8
    assert scn.ship("a").cls.speed == 15
    # a table is merged key by key (README): her carronades changed, her light guns kept
    armed = text.replace("speed = 9", "speed = 9\nguns = { carronade = 2 }")
    b = load_scenario(write_scenario(armed)).ship("b").cls
    assert b.fields["guns"] == {"light": 3, "carronade": 2}  # the class's light = 3 kept


def test_base_override_narrower_than_the_class_hull_names_the_base(write_scenario):
    # trafalgar roster frigate-36: hull 39mm x 10mm, base 48mm x 18mm.  A ship whose
    # override narrows her base to 7mm (0.7cm) is refused at the key the user wrote,
    # in figures as written: 39mm = 3.9cm, not float noise (0.1 * 39 = 3.9000000000000004)
    text = GOOD.replace('roster = "example"', 'roster = "frigate-36"\nbase = { width = 0.7 }', 1)

    def said(text: str) -> list[str]:
        return [m.split(": ", 1)[1] for m in problems(write_scenario, text)]

    assert said(text) == [
        "ships[0].base.width: expected at least her class's hull beam 1, found 0.7"
    ]
    short = text.replace("base = { width = 0.7 }", "base = { length = 3.3 }")
    assert said(short) == [
        "ships[0].base.length: expected at least her class's hull length 3.9, found 3.3"
    ]
    # a hull she overrides too is the hull's fault, as in a class
    both = text.replace("base = { width = 0.7 }", "base = { width = 0.7 }\nhull = { beam = 0.9 }")
    assert said(both) == ["ships[0].hull.beam: expected at most the base width 0.7, found 0.9"]


def test_missing_file():
    with pytest.raises(DataErrors, match="no-such.toml: expected an existing file"):
        load_scenario("no-such.toml")


def test_bad_toml_names_the_line(write_scenario):
    msgs = problems(write_scenario, GOOD + "\n[[ships]\n")
    assert len(msgs) == 1 and "expected valid TOML" in msgs[0] and "line" in msgs[0]


def test_every_problem_is_listed_with_its_key_path(write_scenario):
    text = (
        GOOD.replace("x = 45", 'x = "far"')
        .replace("heading = 120", 'heading = "up"')
        .replace("base = { length = 8, width = 2.5 }", "base = { length = -8, width = 2.5 }")
        .replace(
            'roster = "example"\nside = "french"\nx = 30',
            'roster = "nope"\nside = "french"\nx = 30',
        )
        .replace("from = 0", 'from = "NNE"')
    )
    msgs = problems(write_scenario, text)
    joined = "\n".join(msgs)
    assert "ships[1].x: expected a position" in joined and "'far'" in joined
    assert "classes.example.base.length: expected a positive length, found -8" in joined
    assert "ships[2].roster: expected a class of" in joined and "'nope'" in joined
    assert "wind.from: expected degrees or one of N NE E SE S SW W NW, found 'NNE'" in joined
    assert all(m.startswith(str(write_scenario.dir / "s.toml") + ": ") for m in msgs)


def test_duplicate_ids_and_unknown_ruleset(write_scenario):
    msgs = problems(write_scenario, GOOD.replace('id = "b"', 'id = "a"'))
    assert any("ships[1].id: expected an id not used by another ship, found 'a'" in m for m in msgs)
    msgs = problems(write_scenario, GOOD.replace("trafalgar-modified", "warhammer"))
    assert any("scenario.ruleset: expected one of" in m and "'warhammer'" in m for m in msgs)


def test_bad_terrain(write_scenario):
    bowtie = '\n[[terrain]]\nkind = "land"\npolygon = [[0, 0], [10, 10], [10, 0], [0, 10]]\n'
    assert any(
        "terrain[0].polygon: expected a simple polygon" in m
        for m in problems(write_scenario, GOOD + bowtie)
    )
    lava = '\n[[terrain]]\nkind = "lava"\npolygon = [[0, 0], [10, 0], [0, 10]]\n'
    assert any(
        "terrain[0].kind: expected one of land, shoal, shallows, found 'lava'" in m
        for m in problems(write_scenario, GOOD + lava)
    )


def test_a_misspelt_key_is_an_error_not_ignored(write_scenario):
    """Keys of [[ships]], [wind], [classes.*] and [[terrain]] nobody reads were ignored:
    a ship's `speeed = 20` lost her override, `strenght` in [wind] left the wind with no
    strength.  Each is now an error at its key path (as a misspelt scenario key was)."""
    bad = (
        GOOD.replace('id = "b"\nroster = "example"', 'id = "b"\nroster = "example"\nspeeed = 20')
        .replace("from = 0", 'from = 0\nstrenght = "light"')
        .replace("width = 2.5 }", "width = 2.5 }\nturnz = 3", 1)
    )
    bad += '\n[[terrain]]\nkind = "land"\npolygon = [[0, 0], [10, 0], [0, 10]]\ncolour = "green"\n'
    joined = "\n".join(problems(write_scenario, bad))
    assert "ships[1].speeed: expected a key of a Modified Trafalgar rules class" in joined
    assert "wind.strenght: expected one of the keys from, strength, start, skip" in joined
    assert "classes.example.turnz: expected a key of a Modified Trafalgar rules class" in joined
    assert "terrain[0].colour: expected one of the keys kind, polygon, name, level" in joined
    assert load_scenario(write_scenario(GOOD))  # the keys it reads are all known


def test_gun_deck_longer_than_the_base(write_scenario):
    msgs = problems(write_scenario, GOOD.replace("gun_deck = 6", "gun_deck = 9"))
    assert any(
        "classes.example.gun_deck: expected a gun deck within the base length 8" in m for m in msgs
    )


def test_unknown_ship_on_the_command_line():
    scn = load_scenario(SCENARIOS / "worked-example.toml")
    with pytest.raises(TabletopError, match="no ship with id 'zz' \\(ships are: a, b, c\\)"):
        scn.ship("zz")


def test_writer_round_trips_a_scenario():
    data = tomllib.loads(GOOD)
    assert tomllib.loads(dumps(data)) == data


# ---- fuzzing: whatever the bytes, the loader answers with a DataError, never a traceback


def loads_or_explains(path):
    """Either a usable scenario, or DataErrors each naming this file and saying what
    was expected; any other exception fails the test."""
    try:
        scn = load_scenario(path)
    except DataErrors as e:
        assert e.errors
        for err in e.errors:
            assert str(err).startswith(f"{path}: ") and "expected " in str(err)
        return
    assert scn.ships and all(s.cls.base_length > 0 for s in scn.ships)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(cut=st.integers(0, len(GOOD)), junk=st.text(max_size=20))
def test_truncated_and_spliced_files(write_scenario, cut, junk):
    loads_or_explains(write_scenario(GOOD[:cut] + junk))


values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=True)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    path=st.sampled_from(
        [
            ("scenario", "units"),
            ("scenario", "table"),
            ("scenario", "ruleset"),
            ("wind", "from"),
            ("wind", "strength"),
            ("ships", 0, "x"),
            ("ships", 1, "heading"),
            ("ships", 0, "roster"),
            ("ships", 2, "id"),
            ("classes", "example", "base"),
            ("classes", "example", "gun_deck"),
            ("classes", "example", "speed"),
            ("classes", "example", "guns"),
            ("ships",),
            ("classes",),
            ("scenario",),
            ("ships", 1, "base"),
            ("classes", "example", "hull"),
        ]
    ),
    value=values,
)
def test_wrong_types_anywhere(write_scenario, path, value):
    data = tomllib.loads(GOOD)
    node = data
    for key in path[:-1]:
        node = node[key]
    if value is None:
        node.pop(path[-1], None)
    else:
        node[path[-1]] = value
    try:
        text = dumps(data)
    except TypeError:
        return
    loads_or_explains(write_scenario(text))


def test_one_bad_number_does_not_cascade(write_scenario):
    # a negative base length must not also report the gun deck as longer than the base
    msgs = problems(write_scenario, GOOD.replace("length = 8,", "length = -8,"))
    assert len(msgs) == 1 and "base.length" in msgs[0]


def house_rules(tmp_path, monkeypatch, old: str, new: str, name: str = "trafalgar-modified"):
    """A copy of the data folders with one edit to a template (Trafalgar's), in force."""
    import shutil

    from tabletop.data.paths import data_root

    root = tmp_path / "house"
    shutil.copytree(data_root() / "templates", root / "templates")
    shutil.copytree(data_root() / "rosters", root / "rosters")
    tpl = root / "templates" / f"{name}.toml"
    tpl.write_text(tpl.read_text().replace(old, new))
    monkeypatch.setenv("TABLETOP_DATA", str(root))
    return tpl


def test_a_broken_template_is_reported_with_its_own_path(write_scenario, tmp_path, monkeypatch):
    tpl = house_rules(tmp_path, monkeypatch, 'factor = "4/3"', 'factor = "four thirds"')
    msgs = problems(write_scenario, GOOD)
    assert msgs == [
        f"{tpl}: sectors[2].factor: expected a factor like 1, 0.5 or \"4/3\", found 'four thirds'"
    ]


def test_a_house_rule_is_an_edit_of_the_template(write_scenario, tmp_path, monkeypatch):
    # reaching at 3/2 instead of 4/3: the worked example's c (θ 120) sails 1.5 × 15
    from tabletop.referee.rulings import sail

    house_rules(tmp_path, monkeypatch, 'factor = "4/3"', 'factor = "3/2"')
    scn = load_scenario(write_scenario(GOOD))
    assert sail(scn, "c")["allowance"] == 22.5


@pytest.mark.parametrize(
    "old, new, path, expected, found",
    [
        # a value the engine reads only when a rule is applied is still checked at load
        ("leak = 1 ", 'leak = "one" ', "damage.leak", "a whole number", "'one'"),
        # a key nothing reads: misspelt, or decorative
        ("leak = 1 ", "leek = 1 ", "damage.leek", "a key this file's reader knows", None),
        # a misspelt critical row entry is named, not silently ignored
        (
            "{ hull = 1, crew = 1 },",
            "{ hul = 1, crew = 1 },",
            "criticals.low[1].hul",
            "a key",
            None,
        ),
        (
            '{ hull = "D3", crew = 1 },',
            '{ hull = "D4", crew = 1 },',
            "criticals.low[3].hull",
            'a whole number ≥ 0, "D3" or "D6"',
            "'D4'",
        ),
    ],
)
def test_template_values_are_checked_at_load(
    write_scenario, tmp_path, monkeypatch, old, new, path, expected, found
):
    tpl = house_rules(tmp_path, monkeypatch, old, new)
    assert tpl.read_text().count(new) >= 1  # the edit took
    msgs = problems(write_scenario, GOOD)
    assert len(msgs) == 1, msgs
    assert msgs[0].startswith(f"{tpl}: {path}: expected {expected}")
    if found is not None:
        assert msgs[0].endswith(f"found {found}")


def test_check_and_run_report_a_bad_template_value_without_a_traceback(
    tmp_path, monkeypatch, capsys
):
    from tabletop.shell.cli import main

    tpl = house_rules(tmp_path, monkeypatch, "leak = 1 ", 'leak = "one" ')
    scn = str(SCENARIOS / "frigate-duel.toml")
    log = tmp_path / "one.log"
    log.write_text("move amazon F20\n")
    for argv in (["check", scn], ["run", scn, str(log)]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert f"{tpl}: damage.leak: expected a whole number, found 'one'" in err
        assert "Traceback" not in err


@pytest.mark.parametrize("size", ["1e-300", "0.03"])
def test_a_hex_finer_than_a_millimetre_is_refused_at_load(tmp_path, monkeypatch, capsys, size):
    """A hex of 1e-300 inches once divided by zero laying a ship on the grid; 0.03 in is
    0.762 mm, under the 1 mm (1 / 25.4 = 0.03937 in) a referee measures to."""
    from tabletop.shell.cli import main

    tpl = house_rules(tmp_path, monkeypatch, "size = 1.5 ", f"size = {size} ", "frigate")
    assert main(["check", str(SCENARIOS / "frigate-hex-duel.toml")]) == 2
    err = capsys.readouterr().err
    assert f"{tpl}: hex.size: expected a length of at least 1 mm (0.0393701 in)" in err
    assert "Traceback" not in err


def test_shipped_templates_have_no_key_nothing_reads():
    from tabletop import rules

    for name in rules.names():
        rules.load(name)  # raises DataErrors naming any unread key


@pytest.mark.parametrize(
    "line, message",
    [
        ('victory = "glory"', "scenario.victory: expected one of duel, escape, points"),
        ('escaping = "dutch"', "scenario.escaping: expected one of the scenario's sides"),
        ("wind_shift = 1", "scenario.wind_shift: expected true or false"),
    ],
)
def test_scenario_options_are_checked_against_the_rulesets_declaration(
    write_scenario, line, message
):
    text = (SCENARIOS / "hold-fast-escape.toml").read_text()
    head = text.index("[scenario]") + len("[scenario]\n")
    bad = (
        text[:head]
        + line
        + "\n"
        + "\n".join(
            t for t in text[head:].split("\n") if not t.startswith(line.split(" =")[0] + " =")
        )
    )
    assert any(message in p for p in problems(write_scenario, bad))
