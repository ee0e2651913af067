"""Frigate (source 000) as a whole: one-hex ships on the table, the template's checks,
the command line, and replay over many seeds."""

from __future__ import annotations

import json

import pytest

from tabletop.common.errors import DataErrors
from tabletop.game.game import Game, read_log, replay
from tabletop.game.load import load_scenario
from tabletop.geometry.hexgrid import distance, rotate
from tabletop.rules.frigate import Frigate
from tabletop.rules.frigate.config import read_chart
from tabletop.shell.cli import main

from .conftest import ROOT
from .frigate_helpers import at, game, prize_played_on, random_play, rel, rs, text

SCN = ROOT / "scenarios/frigate-hex-duel.toml"
LOG = ROOT / "games/frigate-hex-duel.log"
PAIR = [("a", "frigate-38", "blue", (0, 0), 2), ("b", "frigate-38", "red", (3, 0), 4)]


def test_a_ship_stands_on_one_hex_snapped_at_load(write_scenario):
    base = text(PAIR)
    moved = base.replace("heading = 120.0", "heading = 100.0", 1)  # within 30° of facing 2
    scn = load_scenario(write_scenario(moved))
    exact = load_scenario(write_scenario(base, "b.toml"))
    assert scn.ship("a").pose == exact.ship("a").pose
    x, y = rs().grid.centre(at((0, 0)))
    assert (scn.ship("a").pose.x, scn.ship("a").pose.y) == pytest.approx((x, y))


def test_a_game_reads_each_ship_onto_her_hex(write_scenario, rigged):
    g = game(write_scenario, PAIR, rigged)
    a, b = g.state.ship("a"), g.state.ship("b")
    assert (a.hex, a.facing, b.hex, b.facing) == (at((0, 0)), 2, at((3, 0)), 4)
    assert distance(a.hex, b.hex) == 3


def test_measure_works_on_hex_ships(write_scenario, capsys):
    path = write_scenario(text(PAIR))
    assert main(["measure", str(path), "a", "b", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["centre_distance"] == pytest.approx(3 * 1.5, abs=1e-4)  # 3 hexes of 1.5 in


def test_the_hex_overlay_is_each_ships_one_hex(write_scenario):
    scn = load_scenario(write_scenario(text(PAIR)))
    grid, hexes = scn.ruleset.look.hex_overlay(scn)
    assert grid.size == 1.5 and hexes == {"a": (at((0, 0)),), "b": (at((3, 0)),)}


def test_move_preview_counts_movement_points(write_scenario, capsys):
    path = write_scenario(text(PAIR))  # a: facing 2, the wind on a side-rear hexside: 10
    assert main(["move", str(path), "a", "P60 F1", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    # P60: side rear → side front, into the wind: 1 + 1; F1: 1 — 3 Movement Points
    assert (got["legal"], got["allowance"], got["allowance_unit"]) == (True, 10, "Movement Points")
    assert "allowance 3 of 10 Movement Points" in main_text(path, capsys)


def main_text(path, capsys):
    main(["move", str(path), "a", "P60 F1"])
    return capsys.readouterr().out


def test_run_plays_the_shipped_log(capsys):
    assert main(["run", str(SCN), str(LOG), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["ruleset"] == "frigate" and got["turn"] > 1


def test_run_the_prize_log_afoul_and_the_capture_that_wins(capsys):
    log = ROOT / "games/frigate-hex-prize.log"
    assert main(["run", str(ROOT / "scenarios/frigate-hex-prize.toml"), str(log), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    ev = got["events"]
    assert {"afoul": "amazon", "of": "ville-de-nantes", "facing": 2, "side": "port"} in ev
    assert {"captured": "ville-de-nantes", "by": "amazon", "odds": "6 to 3"} in ev
    # the convoy taken: the scenario's objective, and the log says so
    assert ev[-1] == {"winner": "british", "why": "the convoy ville-de-nantes taken"}


def test_the_prize_played_on_both_rakes(write_scenario):
    scn, seed, actions = prize_played_on(write_scenario)
    g = replay(scn, actions, seed)
    assert g.state.winner is None and g.state.ship("ville-de-nantes").struck
    rakes = [(e["shot"], e["rake"], e["strength"]) for e in g.events if "shot" in e]
    # a sloop's 3: from the bow hex 4.5, to the nearest even 4; from the stern hex 5
    assert ("jason", "bow", 4) in rakes and ("hussard", "stern", 5) in rakes


def test_run_an_illegal_action_is_one_line_and_exit_2(tmp_path, capsys):
    log = tmp_path / "bad.log"
    log.write_text("speed amazon 30\n")
    assert main(["run", str(SCN), str(log)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "amazon may declare from 0 to 10" in err[0]


def test_template_a_chart_row_must_add_up():
    from tabletop.data.reader import Reader

    r = Reader("frigate.toml")
    read_chart(r, {str(n): [n, 0, 0, 0] for n in range(1, 21)} | {"7": [1, 2, 2, 1]})
    assert [e.path for e in r.errors] == ["movement.chart.7"]


def test_template_a_bad_value_names_its_key(tmp_path):
    import tomllib

    data = tomllib.loads((ROOT / "templates/frigate.toml").read_text())
    data["schedule"]["frigate"]["sag"] = "one"
    data["fire"]["crt"]["columns"] = ["1-1", "1-2"]
    data["movement"]["extra"] = 1
    with pytest.raises(DataErrors) as e:
        Frigate(data, "frigate.toml")
    paths = {err.path for err in e.value.errors}
    assert {"schedule.frigate.sag", "fire.crt.columns", "movement.extra"} <= paths


@pytest.mark.parametrize("row", ['"galleon"', "[]"])  # a list crashed the check (the fuzzer)
def test_roster_an_unknown_schedule_row_is_an_error(write_scenario, capsys, row):
    bad = text(PAIR).replace('roster = "frigate-38"', 'roster = "x"', 1)
    bad += '\n[classes.x]\nname = "x"\nrate = 5\nbase = { length = 1, width = 0.4 }\n'
    bad += f"schedule = {row}\ngunnery = 3\ndefence = 3\n"
    assert main(["check", str(write_scenario(bad))]) == 2
    assert "classes.x.schedule: expected a row of the schedule" in capsys.readouterr().err


def test_an_unknown_wind_strength_is_a_check_error(write_scenario, capsys):
    bad = text(PAIR, strength="gale")
    assert main(["check", str(write_scenario(bad))]) == 2
    err = capsys.readouterr().err
    assert "wind.strength" in err and "calm, light, moderate, fresh" in err


def test_a_game_saves_loads_and_undoes(tmp_path):
    scn = load_scenario(ROOT / "scenarios/frigate-hex-prize.toml")
    seed, actions = read_log(ROOT / "games/frigate-hex-prize.log")
    g = replay(scn, actions, seed)
    g.save(tmp_path / "prize.save")
    assert Game.load(tmp_path / "prize.save").state.snapshot() == g.state.snapshot()
    now = g.state.snapshot()
    assert g.undo() and g.state.snapshot() != now
    assert g.redo() and g.state.snapshot() == now


@pytest.mark.slow
@pytest.mark.parametrize("name", ["frigate-hex-duel", "frigate-hex-prize"])
def test_games_replay_identically_over_200_seeds(name):
    """A game per seed, played by a seeded random player and replayed from its log: the
    same state and events as when it was played (the prize scenario runs afoul, takes
    and destroys prizes, rolls for command control now and then)."""
    scn = load_scenario(ROOT / f"scenarios/{name}.toml")
    for seed in range(200):
        played = random_play(scn, seed, 80)
        again = replay(scn, [str(a) for a in played.actions], seed)
        assert again.state.snapshot() == played.state.snapshot()
        assert again.events == played.events


SQUADRON = [
    ("a", "frigate-38", "blue", (0, 0), 1),
    ("b", "sloop-18", "blue", (-1, 2), 2),
    ("x", "frigate-32", "red", (3, -1), 4),
    ("y", "merchantman", "red", (2, 1), 5),
]


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_turning_the_whole_board_and_the_wind_by_60_degrees_changes_nothing(write_scenario, k):
    """The same seeded play on the board turned k hexsides about hex (0, 0), the wind
    with it: the same actions are legal, the same dice fall, every ship ends on the
    turned hex with the turned facing."""
    turned = [(i, c, s, rotate(h, k), (f + k) % 6) for i, c, s, h, f in SQUADRON]
    one = random_play(load_scenario(write_scenario(text(SQUADRON, wind=0))), 7, 60)
    two = random_play(load_scenario(write_scenario(text(turned, wind=60 * k), "t.toml")), 7, 60)
    assert [str(a) for a in one.actions] == [str(a) for a in two.actions]
    for s1, s2 in zip(one.state.ships, two.state.ships, strict=True):
        assert rotate(rel(s1.hex), k) == rel(s2.hex) and (s1.facing + k) % 6 == s2.facing
        assert (s1.crew_hits, s1.mast_hits, s1.afoul) == (s2.crew_hits, s2.mast_hits, s2.afoul)
