"""The computer captain: orders the engine accepts, games that end, strength counted."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from tabletop.ai.captain import Captain
from tabletop.ai.duel import parse_sides, play_game, summary, summary_text, wilson
from tabletop.ai.judge import BLIND_SEED, blind_dice, trial
from tabletop.ai.weights import load_weights
from tabletop.common.errors import TabletopError
from tabletop.engine.state import GameState
from tabletop.game.game import Game
from tabletop.game.load import load_scenario
from tabletop.geometry.outlines import base_corners
from tabletop.geometry.pose import Pose
from tabletop.shell.cli import main

from .conftest import SCENARIOS

TRAFALGAR = [SCENARIOS / "frigate-duel.toml", SCENARIOS / "squadron-action.toml"]


@pytest.mark.slow
@pytest.mark.parametrize("path", TRAFALGAR, ids=lambda p: p.stem)
@pytest.mark.parametrize("levels", [("captain", "scripted"), ("scripted", "admiral")])
def test_ai_games_give_only_legal_orders_and_end(path, levels):
    """Every order the captains give is accepted by the engine (a refused one is counted
    as illegal), and the game ends: a side strikes or is taken, or the turn limit."""
    res = play_game(
        str(path), dict(zip(("british", "french"), levels, strict=True)), seed=7, max_turns=3
    )
    assert res.illegal == 0, res.notes
    assert res.winner is not None or res.turns == 3
    assert any(a.startswith("move ") for a in res.log)
    assert res.log.count("end") >= 2 or res.winner is not None


@pytest.mark.slow
def test_the_ai_replays_as_a_log():
    """What the captains ordered is an ordinary game log: replayed, it is accepted."""
    path = TRAFALGAR[0]
    res = play_game(str(path), {"british": "captain", "french": "captain"}, 11, 3)
    game = Game.new(load_scenario(path), 11)
    for a in res.log:
        game.play(a)
    assert game.state.winner == res.winner


@pytest.mark.slow
def test_man_o_war_ai_only_sails():
    """Man O' War has an engine but no gunnery here: the captains sail (close with the
    enemy, recover from irons) and the game can only end at the turn limit."""
    path = SCENARIOS / "man-o-war-skirmish.toml"
    res = play_game(str(path), {"west": "captain", "east": "scripted"}, 5, 3)
    assert res.illegal == 0, res.notes
    assert res.winner is None and res.turns == 3
    assert not any(a.startswith("fire ") for a in res.log)


def test_the_ai_decides_blind_of_the_game_seed():
    """Trial moves roll the AI's own dice: the same state under two game seeds gets the
    same order (the dice of the game are never looked at)."""
    scn = load_scenario(TRAFALGAR[0])
    a = Game.new(scn, 1).state
    b = Game.new(scn, 999).state
    # the time limits lifted, so a busy machine cannot cut one search shorter than the other
    w = replace(load_weights(scn.ruleset), time_limit=60.0, decision_limit=60.0)
    da = Captain("british", "captain", w).decide(a)
    db = Captain("british", "captain", w).decide(b)
    assert da == db
    assert blind_dice(a.seed, 0, []).seed == BLIND_SEED != a.seed


def test_a_trial_says_what_the_rules_refuse():
    """Frigate duel, turn 1, british: amazon heads 90 with the wind from N, θ = 90,
    reaching: 4/3 × 17 = 22.6667 cm, the whole of it owed."""
    state = Game.new(load_scenario(TRAFALGAR[0])).state
    assert trial(state, "move loire F5") is None  # a french ship on the british turn
    assert trial(state, "end") is None  # amazon owes her move
    after = trial(state, "move amazon F22.6667")
    assert after is not None and trial(after, "end") is not None


def test_wilson_interval_hand_worked():
    """Wilson 95%, 7 of 10: centre (0.7 + 1.96²/20)/(1 + 1.96²/10) = 0.8921/1.3842 =
    0.6445; half 1.96/1.3842 · √(0.021 + 0.009604) = 1.4160 · 0.17494 = 0.2477."""
    lo, hi = wilson(0.7, 10)
    assert lo == pytest.approx(0.3968, abs=1e-3)
    assert hi == pytest.approx(0.8922, abs=1e-3)


def test_summary_counts_from_the_first_contenders_side():
    """Sides swap within a pair: a win is the first contender's whichever side it had."""
    from tabletop.ai.duel import GameResult

    plan = [
        ("s", {"british": "captain", "french": "scripted"}, 1, 5),
        ("s", {"british": "scripted", "french": "captain"}, 1, 5),
        ("s", {"british": "captain", "french": "scripted"}, 2, 5),
        ("s", {"british": "scripted", "french": "captain"}, 2, 5),
    ]
    results = [
        GameResult("british", 3),
        GameResult("french", 4),
        GameResult(None, 5),
        GameResult("british", 2),
    ]
    s = summary(results, plan, "captain", "scripted", "s")
    assert (s["wins"], s["draws"], s["losses"]) == (2, 1, 1)
    assert s["score"] == pytest.approx((2 + 0.5) / 4)
    assert s["mean_turns"] == pytest.approx((3 + 4 + 5 + 2) / 4)
    # as british the captain won game 1 and drew game 3; as french it won game 2 and
    # lost game 4 (the british scripted won)
    assert s["by_side"] == {
        "british": {"wins": 1, "draws": 1, "losses": 0},
        "french": {"wins": 1, "draws": 0, "losses": 1},
    }
    # each game listed by its seed and sides; the one lost named in the text
    assert [(g["seed"], g["winner"], g["turns"]) for g in s["per_game"]] == [
        (1, "british", 3),
        (1, "french", 4),
        (2, None, 5),
        (2, "british", 2),
    ]
    assert s["per_game"][3]["sides"] == {"british": "scripted", "french": "captain"}
    assert [(g["result"], g["as"]) for g in s["per_game"]] == [
        ("win", "british"),
        ("win", "french"),
        ("draw", "british"),
        ("loss", "french"),
    ]
    assert "captain lost: seed 2 as french" in summary_text(s)
    assert "scripted lost" not in summary_text(s)


def test_sides_must_be_the_scenarios_two():
    assert parse_sides(["british:admiral", "french"], ("british", "french")) == [
        ("british", "admiral"),
        ("french", "captain"),
    ]
    with pytest.raises(TabletopError, match="expected one of the scenario's sides"):
        parse_sides(["dutch:captain", "french"], ("british", "french"))
    with pytest.raises(TabletopError, match="expected a level"):
        parse_sides(["british:genius", "french"], ("british", "french"))
    # a bare word that is neither a side nor a level names both kinds it could be
    with pytest.raises(TabletopError, match=r"or a level \(scripted, captain, admiral\)"):
        parse_sides(["godlike", "french"], ("british", "french"))
    # a one-sided scenario (the tacking drill's) says so, not "not one of its sides"
    with pytest.raises(TabletopError, match="expected a scenario with two sides, found 1"):
        parse_sides(["captain", "scripted"], ("british",))


def test_weights_are_validated_at_load(tmp_path, monkeypatch):
    """A bad or unknown key in the AI's weights file is a clear error naming it."""
    root = tmp_path / "data"
    (root / "templates" / "ai").mkdir(parents=True)
    import shutil

    from tabletop.data.paths import data_root

    for f in (data_root() / "templates").glob("*.toml"):
        shutil.copy(f, root / "templates" / f.name)
    shutil.copytree(data_root() / "rosters", root / "rosters")
    good = (data_root() / "templates" / "ai" / "trafalgar-modified.toml").read_text()
    bad = root / "templates" / "ai" / "trafalgar-modified.toml"
    bad.write_text(
        good.replace("fire = 10.0", "fire = -1\nfirepower = 3")
        .replace("[search]", "[search]\nphase_trust = 1.5")
        .replace('formation_gap = "15cm"', "")
        .replace("foreseen = 2", "foreseen = -1")
        .replace("victory = 100.0", "victory = -2")
        .replace("\nstage_judgements =", "\nstage_judgements = 0 #")
        .replace('approach_range = "18cm"', 'approach_range = "-3cm"')
        .replace("aims = []", 'aims = ["high", "rigging"]')  # Trafalgar's fire: "high" only
    )
    monkeypatch.setenv("TABLETOP_DATA", str(root))
    scn = load_scenario(TRAFALGAR[0])
    with pytest.raises(TabletopError) as e:
        load_weights(scn.ruleset)
    assert "weights.fire: expected a number ≥ 0, found -1" in str(e.value)
    assert "firepower" in str(e.value)
    assert "search.phase_trust: expected a number ≥ 0 and ≤ 1, found 1.5" in str(e.value)
    assert "search.foreseen: expected" in str(e.value) and "found -1" in str(e.value)
    assert "weights.victory: expected a number ≥ 0, found -2" in str(e.value)
    assert "search.stage_judgements: expected" in str(e.value) and "found 0" in str(e.value)
    assert "weights.approach_range: expected a positive length, found '-3cm'" in str(e.value)
    said = str(e.value)  # rigging is Frigate's aim, not in Trafalgar's fire usage
    aims = """search.aims: expected a list of the fire verb's aims: "high", found 'rigging'"""
    assert aims in said
    assert "found 'high'" not in said
    assert "weights.formation_gap: expected a length above 0 where formation is weighed" in str(
        e.value
    )


def test_the_levels_that_foresee_are_data(tmp_path, monkeypatch):
    """``[search] foresee`` names the levels that foresee a secret plot: both by
    default; a level not in it plots against the enemy as he lies (no foresight is
    reckoned for it); a word that is no level is an error naming the key."""
    import shutil

    from tabletop.data.paths import data_root

    root = tmp_path / "data"
    shutil.copytree(data_root() / "templates", root / "templates")
    shutil.copytree(data_root() / "rosters", root / "rosters")
    ai = root / "templates" / "ai" / "hold-fast.toml"
    text = ai.read_text()
    monkeypatch.setenv("TABLETOP_DATA", str(root))
    state = Game.new(load_scenario(HOLD_FAST[0]), 1).state
    assert load_weights(state.scenario.ruleset).foresee == ("captain", "admiral")
    ai.write_text(text.replace("[weights]", 'foresee = ["captain"]\n\n[weights]'))
    from tabletop.ai import weights as wmod

    wmod._load.cache_clear()
    w = load_weights(state.scenario.ruleset)
    assert w.foresee == ("captain",)
    calls = []
    monkeypatch.setattr("tabletop.ai.captain.foresee", lambda *a: calls.append(a) or {})
    Captain.for_game(state, "british", "admiral").decide(state)
    assert calls == []  # the admiral, left out, reckons no foresight
    Captain.for_game(state, "british", "captain").decide(state)
    assert len(calls) == 1 and calls[0][2] == "scripted"  # the captain foresees scripted
    ai.write_text(text.replace("[weights]", 'foresee = ["commodore"]\n\n[weights]'))
    wmod._load.cache_clear()
    with pytest.raises(TabletopError, match="search.foresee"):
        load_weights(state.scenario.ruleset)
    wmod._load.cache_clear()


def test_duel_cli_json(capsys):
    rc = main(
        [
            "duel",
            str(TRAFALGAR[0]),
            "--side",
            "british:captain",
            "--side",
            "french:scripted",
            "--games",
            "2",
            "--turns",
            "2",
            "--json",
        ]
    )
    assert rc == 0
    import json

    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 2 and out["illegal"] == 0
    assert out["wins"] + out["draws"] + out["losses"] == 2


@pytest.mark.slow
def test_duel_logs_replay_to_the_same_end(tmp_path, capsys):
    """``--logs DIR`` writes each game's log (its seed, then every order the engine
    accepted); ``tabletop run`` replays it to the very winner and turn the match
    reported: the games a captain lost can be read move by move."""
    import json

    folder = tmp_path / "games"
    argv = ["duel", str(ESCADRES[0]), "--side", "british:captain", "--side", "french:scripted"]
    rc = main([*argv, "--games", "2", "--seed", "8", "--logs", str(folder), "--json"])
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["per_game"]) == 2 and len(list(folder.iterdir())) == 2
    for game in out["per_game"]:
        log = game["log"]
        assert log.startswith(str(folder)) and f"seed{game['seed']}" in log
        assert f"seed {game['seed']}" in Path(log).read_text().splitlines()
        assert main(["run", str(ESCADRES[0]), log, "--json"]) == 0
        end = json.loads(capsys.readouterr().out)
        assert (end["winner"], end["turn"]) == (game["winner"], game["turns"])


def test_a_duel_logs_header_says_how_the_game_ended(tmp_path):
    """A win names its turn; a draw before the limit (every ship gone, as two frigates
    lying afoul drift off together) is not called the turn limit's."""
    from tabletop.ai.duel import GameResult, write_log

    levels = {"british": "captain", "french": "scripted"}
    cases = (
        (GameResult("french", 2, log=["end"]), "# french won on turn 2;"),
        (GameResult(None, 24), "# drawn on turn 24;"),
        (GameResult(None, 30), "# no winner by the turn limit (30);"),
    )
    for n, (res, want) in enumerate(cases):
        log = write_log(tmp_path, str(ESCADRES[0]), levels, n, res, 30)
        lines = log.read_text().splitlines()
        assert lines[1].startswith(want) and lines[2] == f"seed {n}"
        assert lines[3:] == res.log


def test_duel_logs_folder_that_cannot_be_made_is_one_line_before_any_game(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    rc = main(
        ["duel", str(ESCADRES[0]), "--side", "captain", "--side", "scripted", "--games",
         "200", "--logs", str(blocker / "games")]
    )  # fmt: skip
    assert rc == 2
    err = capsys.readouterr().err
    assert f"--logs {blocker / 'games'}: cannot make the folder" in err
    assert "Traceback" not in err


def test_duel_cli_bad_side_is_one_line(capsys):
    rc = main(["duel", str(TRAFALGAR[0]), "--side", "british:captain"])
    assert rc == 2
    err = capsys.readouterr().err
    assert "expected --side A:LEVEL --side B:LEVEL" in err and "Traceback" not in err


def test_run_mixes_human_and_computer_turns(tmp_path, capsys):
    """The log holds the British orders; the computer gives the French ones where its
    turn comes, each with one line of reason."""
    import json

    log = tmp_path / "h.log"
    log.write_text("move amazon F22.6667\nend\n")
    rc = main(["run", str(TRAFALGAR[0]), str(log), "--ai", "french:captain", "--json"])
    assert rc == 0
    out = json.loads(capsys.readouterr().out)
    assert out["actions"][:2] == ["move amazon F22.6667", "end"]
    assert any(a.startswith("move loire ") for a in out["actions"])
    assert out["actions"][-1] == "end" or out["winner"]
    assert any(r.startswith("loire ") for r in out["reasons"])


def test_run_ai_unknown_side_is_one_line(tmp_path, capsys):
    log = tmp_path / "h.log"
    log.write_text("end\n")
    assert main(["run", str(TRAFALGAR[0]), str(log), "--ai", "dutch"]) == 2
    assert "expected one of the sides british, french" in capsys.readouterr().err


HOLD_FAST = [SCENARIOS / "hold-fast-duel.toml", SCENARIOS / "hold-fast-frigates.toml"]
ESCADRES = [SCENARIOS / "escadres-two-fleets.toml"]


def _sides(path):
    return tuple(dict.fromkeys(s.side for s in load_scenario(path).ships))


@pytest.mark.slow
@pytest.mark.parametrize("path", HOLD_FAST + ESCADRES, ids=lambda p: p.stem)
@pytest.mark.parametrize("levels", [("captain", "scripted"), ("scripted", "admiral")])
def test_hold_fast_and_escadres_ai_games_are_legal_and_end(path, levels):
    """Hold Fast (plotted orders, fire declared per phase, collisions' placings, damage
    control) and Escadres (the bag, hex moves, fire, drift) played by the computer on
    both sides with a fixed seed: no order refused, and the game reaches an end (a
    side wins) or the turn limit of 4; the log replays as an ordinary game."""
    res = play_game(str(path), dict(zip(_sides(path), levels, strict=True)), seed=3, max_turns=4)
    assert res.illegal == 0, res.notes
    assert any(a.split()[0] in ("move", "orders") for a in res.log)
    game = Game.new(load_scenario(path), 3)
    for a in res.log:
        game.play(a)
    # an end: a side won, both struck together (Hold Fast's draw), or the turn limit
    assert game.state.winner in (res.winner, "draw") or game.state.turn > 4
    assert game.state.winner is not None or res.turns == 4


def test_every_hold_fast_plot_offered_is_accepted():
    """The ruleset's plots are the engine's: each one, given as amazon's orders, is
    accepted (orders.check and the engine agree)."""
    state = Game.new(load_scenario(HOLD_FAST[0]), 1).state
    rs = state.scenario.ruleset
    plots = rs.plots(state, "amazon")
    assert plots and all(len(p.poses) == 5 for p in plots)
    for p in plots:
        assert trial(state, rs.advice.plot_action("british", {"amazon": p.words})) is not None, p
    assert rs.plots(state, "cleopatre") == []  # french's plot comes after british's


def test_every_escadres_move_of_the_fan_is_accepted():
    """The drawn ship's fan of hex moves: every one is a move the engine accepts, and
    ends where the fan says; a ship not drawn is given her next activation's moves (an
    enemy's reply), which the engine refuses now."""
    state = Game.new(load_scenario(ESCADRES[0]), 3).state
    rs = state.scenario.ruleset
    drawn = [s.id for s in state.ships if rs.can_act(state, s.id)]
    assert len(drawn) == 1
    fan = rs.advice.fan_now(state, drawn[0])
    assert len(fan) > 0
    for i in range(len(fan)):
        after = trial(state, f"move {drawn[0]} {fan.path(i)}")
        assert after is not None, fan.path(i)
        pose = after.ship(drawn[0]).pose
        assert (pose.x, pose.y) == pytest.approx((fan.x[i], fan.y[i]))
    other = next(s.id for s in state.ships if s.id != drawn[0])
    later = rs.advice.fan_now(state, other)
    assert len(later) > 0
    assert trial(state, f"move {other} {later.path(0)}") is None


def test_a_bare_level_takes_the_scenarios_sides_in_order():
    """``make strength`` names levels only: the first is the first side's."""
    assert parse_sides(["admiral", "captain"], ("american", "british")) == [
        ("american", "admiral"),
        ("british", "captain"),
    ]


def test_run_plays_the_computers_hold_fast_plots_and_fire(tmp_path, capsys):
    """Hold Fast with the French at the computer: the human's log plots the British
    orders and ends the phases; the computer plots the French orders as one action where
    the movement-orders sequence reaches it, and declares its fire each phase."""
    import json

    log = tmp_path / "hf.log"
    log.write_text("orders amazon F - F - F\nend\nend\n")
    path = SCENARIOS / "hold-fast-duel.toml"
    assert main(["run", str(path), str(log), "--ai", "french:captain", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["actions"][0] == "orders amazon F - F - F"
    assert out["actions"][1].startswith("orders cleopatre ")
    assert out["actions"][2] == "end"  # the log's: british declares no fire in phase I
    assert any(r.startswith("cleopatre plots ") for r in out["reasons"])


ESCAPE = SCENARIOS / "hold-fast-escape.toml"


def test_the_escaping_side_aims_for_its_edge_and_leaving_by_it_is_no_blunder():
    """HF-67's escape: the French leave by the west edge (``escape_edge``); the ruleset
    says so (``goal_edges``), the captain's first plot for each French ship ends nearer
    that edge than she starts (vestale at x = 26 in, etourdi at 28, both heading 270:
    west), and a French base beyond the west edge is no blunder, beyond the north one it
    is; a British base beyond the west edge is."""
    from tabletop.ai.duel import blunder
    from tabletop.ai.judge import moved

    state = Game.new(load_scenario(ESCAPE), 1).state
    rs = state.scenario.ruleset
    assert rs.advice.goal_edges(state, "vestale") == ("west",)
    assert rs.advice.goal_edges(state, "naiad") == ()
    assert rs.plots(state, "vestale")  # the French plot first
    d = Captain.for_game(state, "french", "captain").decide(state)
    assert d.action.startswith("orders ")
    after = trial(state, d.action)
    assert after is not None
    for sid, x0 in (("vestale", 26.0), ("etourdi", 28.0)):
        ends = rs.look.phase_poses(state, sid, tuple(_words_of(d.action, sid)))
        assert ends[-1].x < x0, (sid, ends[-1])
    off_west = moved(state, "vestale", Pose(-3.0, 14.0, 270.0))
    assert blunder(off_west, "vestale") is None
    off_north = moved(state, "vestale", Pose(20.0, 27.0, 0.0))
    assert blunder(off_north, "vestale") == "off the table"
    british_west = moved(state, "naiad", Pose(-3.0, 14.0, 270.0))
    assert blunder(british_west, "naiad") == "off the table"


def _apply(state, action):
    after = trial(state, action)
    assert after is not None, action
    return after


def _words_of(action: str, sid: str) -> list[str]:
    """Her five phase words in an ``orders`` action (``orders a W W W W W b ...``)."""
    parts = action.split()[1:]
    i = parts.index(sid)
    return parts[i + 1 : i + 6]


def test_a_side_with_no_ship_left_to_plot_gives_its_empty_plot():
    """In an escape the game goes on while an escaping ship is on the table, though every
    British ship is out: the British captain then gives the side's empty ``orders``
    (once refused as an illegal ``end``)."""
    state = Game.new(load_scenario(ESCAPE), 1).state
    state = _apply(state, Captain.for_game(state, "french", "scripted").decide(state).action)
    out = [replace(s, struck=True) if state.side_of(s.id) == "british" else s for s in state.ships]
    state = replace(state, ships=tuple(out))
    assert state.active_side == "british" and state.phase == 0
    d = Captain.for_game(state, "british", "captain").decide(state)
    assert d.action.split() == ["orders"]
    assert trial(state, d.action) is not None


def test_a_captain_foresees_a_scripted_enemys_secret_plot_from_the_table_alone():
    """Hold Fast's plots are secret: the captain foresees the enemy's as a scripted
    captain would plot it, from the table (``foreseen_plots``), and that foresight is
    the scripted captain's very plot, whether or not its orders are already given (they
    are never read: the plots offered are the same before and after)."""
    from tabletop.ai.plotting import _views, foresee

    state = Game.new(load_scenario(HOLD_FAST[0]), 1).state
    rs = state.scenario.ruleset
    w = load_weights(rs)
    assert state.active_side == "british" and rs.plots(state, "cleopatre") == []
    offered = [p.words for p in rs.advice.foreseen_plots(state, "cleopatre")]
    assert offered
    seen = foresee(state, ["cleopatre", "railleuse"], "scripted", w)
    state = _apply(state, Captain.for_game(state, "british", "scripted").decide(state).action)
    assert [p.words for p in rs.advice.foreseen_plots(state, "cleopatre")] == offered
    french = Captain.for_game(state, "french", "scripted").decide(state).action
    for sid in ("cleopatre", "railleuse"):
        plotted = rs.look.phase_poses(state, sid, tuple(_words_of(french, sid)))
        assert seen[sid] == plotted
    views = _views(state, seen, 5)
    assert [v.ship("cleopatre").pose for v in views] == list(seen["cleopatre"])
    assert all(v.ship("amazon").pose == state.ship("amazon").pose for v in views)


def test_a_squadron_plots_ship_by_ship_each_knowing_her_consorts_plot(monkeypatch):
    """A side's ships plot in turn, and each judges hers with the consorts already
    plotted where their plots put them in each phase (not where they lie now): the
    French light squadron's second ship sees the first's five poses, the third both.
    The foresight of a squadron's secret plot is made the same way, so the admiral
    foresees the captain's plot as he gives it."""
    from tabletop.ai import captain as captain_mod
    from tabletop.ai import plotting

    state = Game.new(load_scenario(HOLD_FAST[0]), 1).state
    rs = state.scenario.ruleset
    state = _apply(state, Captain.for_game(state, "british", "scripted").decide(state).action)
    calls: list[tuple[str, dict]] = []
    real = plotting.choose

    def spy(st, ship, level, w, clock=None, seen=None, plots=None):
        calls.append((ship, dict(seen or {})))
        return real(st, ship, level, w, clock, seen, plots)

    monkeypatch.setattr(captain_mod, "choose", spy)
    order = Captain.for_game(state, "french", "captain").decide(state).action
    assert [c[0] for c in calls] == ["cleopatre", "railleuse", "sirene"]
    first = rs.look.phase_poses(state, "cleopatre", tuple(_words_of(order, "cleopatre")))
    second = rs.look.phase_poses(state, "railleuse", tuple(_words_of(order, "railleuse")))
    assert "cleopatre" not in calls[0][1]
    assert calls[1][1]["cleopatre"] == first and "railleuse" not in calls[1][1]
    assert calls[2][1]["cleopatre"] == first and calls[2][1]["railleuse"] == second
    assert calls[2][1]["amazon"] == calls[0][1]["amazon"]  # the enemy foreseen, once

    calls.clear()
    monkeypatch.setattr(plotting, "choose", spy)
    squadron = ["cleopatre", "railleuse", "sirene"]
    seen = plotting.foresee(state, squadron, "captain", load_weights(rs))
    assert [c[0] for c in calls if c[0] != "amazon"] == squadron
    mine = [c for c in calls if c[0] != "amazon"]
    assert mine[2][1]["cleopatre"] == seen["cleopatre"] == first
    assert mine[2][1]["railleuse"] == seen["railleuse"] == second


def test_a_plotted_turns_later_phases_count_less_by_the_phase_trust(monkeypatch):
    """A plot's judgements after phases I-V are weighed 1, t, t², t³, t⁴ (``[search]
    phase_trust`` = t): with t = 0.8 and judgements 10, 20, 30, 40, 50 the plot scores
    (10 + 20×0.8 + 30×0.64 + 40×0.512 + 50×0.4096) / (1 + 0.8 + 0.64 + 0.512 + 0.4096)
    = (10 + 16 + 19.2 + 20.48 + 20.48) / 3.3616 = 86.16 / 3.3616; with t = 1 the plain
    mean, 150 / 5 = 30 (the end no longer counted twice)."""
    from tabletop.ai import plotting
    from tabletop.ai.judge import Verdict

    state = Game.new(load_scenario(HOLD_FAST[0]), 1).state
    rs = state.scenario.ruleset
    plot = rs.plots(state, "amazon")[0]
    views = plotting._views(state, {}, 5)
    for trust, want in ((0.8, 86.16 / 3.3616), (1.0, 30.0)):
        scores = iter([10.0, 20.0, 30.0, 40.0, 50.0])
        monkeypatch.setattr(plotting, "judge", lambda *a, s=scores: Verdict(next(s)))
        w = replace(load_weights(rs), phase_trust=trust)
        assert plotting._judged(views, "amazon", plot, w) == pytest.approx(want)
    assert load_weights(rs).phase_trust == 0.8  # Hold Fast's data


def test_the_captain_keeps_her_broadside_on_rather_than_cross_a_bow_for_phase_v():
    """The frigates at close quarters (the shipped "Frigates at dawn" until its frigates
    were set apart): constitution (10, 12) and java (13, 14), both heading east,
    the wind from the north.  Java's foreseen plot wears her round to the south-west.
    Weighing the phases alike, constitution's best plot hauls up to cross java's bow for
    a broadside foreseen alongside in phase V, and java's starboard battery rakes her bow
    in phases II-IV meanwhile.  With Hold Fast's phase_trust (0.8) she keeps her port
    broadside on java in every phase, and java's fire never rakes her."""
    from tabletop.ai.judge import chance, enemies, moved
    from tabletop.ai.plotting import _views, choose, foresee

    close = SCENARIOS.parent / "tests/golden/hold-fast/close-quarters.toml"
    state = Game.new(load_scenario(close), 1).state
    # no time limit: the whole shortlist is judged, whatever the machine's load
    w = replace(load_weights(state.scenario.ruleset), time_limit=60.0, decision_limit=60.0)
    seen = foresee(state, enemies(state, "american"), "scripted", w)
    views = _views(state, seen, 5)

    def phases(weights):
        plot = choose(state, "constitution", "captain", weights, seen=seen)[0]
        out = []
        for view, pose in zip(views, plot.poses, strict=True):
            after = moved(view, "constitution", pose)
            scn = after.table()
            theirs = chance(scn, None, after, "java", "constitution")
            mine = chance(scn, None, after, "constitution", "java")
            out.append((theirs.rake if theirs else None, mine.arc if mine else None))
        return out

    assert phases(w) == [(None, "port")] * 5
    alike = phases(replace(w, phase_trust=1.0))
    assert [rake for rake, _ in alike[1:4]] == ["bow"] * 3


def test_the_scripted_captain_cornered_takes_the_least_dangerous_move():
    """Loire running east (heading 90, the wind from the north abeam) 20 cm from the
    east edge and 15 cm from the south one of the 180 × 120 cm table, the enemy far to
    the west: every move of her fan leaves too little room to sail clear next turn (a
    corner; the seed-3 duel ran her off the south edge here).  The scripted captain
    closed with the enemy among moves all judged unsafe, and sailed off; now, with none
    safe, she takes the least dangerous, and ends on the table."""
    from tabletop.ai.duel import blunder
    from tabletop.ai.judge import moved, place

    state = Game.new(load_scenario(SCENARIOS / "frigate-duel.toml"), 3).state
    state = moved(state, "amazon", Pose(60.0, 60.0, 270.0))
    state = moved(state, "loire", Pose(159.68, 15.27, 90.0))
    state = replace(state, active=state.sides.index("french"))
    cap = Captain.for_game(state, "french", "scripted")
    rs = state.scenario.ruleset
    fan = rs.advice.fan_now(state, "loire", cap.w.density)
    safe = place(state.table(), state, "loire", cap.w, fan.x, fan.y, fan.heading)
    assert (safe < -cap.w.blunder / 4).all()  # cornered: no move is safe
    d = cap.decide(state)
    assert d.action.startswith("move loire"), d
    after = trial(state, d.action)
    assert after is not None and blunder(after, "loire") is None, after.ship("loire").pose


def test_no_escape_lies_into_the_wind_nor_past_her_turn(tmp_path):
    """``safety``'s look two turns ahead, Man O' War (no way within 30° of the wind),
    a 4 × 1.75 box (half-diagonal hypot(4, 1.75) / 2 = 2.183) with a run of 9 inches,
    13 inches off the west edge of the 200-inch table, heading 315, the wind from the
    north.  A run on as she heads reaches x = 13 − 9 sin 45° = 6.636; then, turning at
    most 45° (−45, −22.5, 0, +22.5, +45): on 270, 292.5 and 315 she reaches
    6.636 − 9 = −2.364, 6.636 − 8.315 = −1.679 and 6.636 − 6.364 = 0.272 in, each
    less than 2.183 in from the edge; on 337.5 (6.636 − 3.444 = 3.192 in) and 0
    (6.636 in) she clears it, but they lie 22.5° and 0° off the wind: no way, no
    escape.  Boxed in: half a blunder (500).  Turning 90° she may bear away to 45° (a
    close reach, 6.636 + 6.364 = 13 in): no penalty.  The wind from the south makes
    337.5 and 0 runs: no penalty either."""
    import numpy as np

    from tabletop.ai.sea import safety

    from .test_manowar_engine import mow_table

    x, y, h = np.array([13.0]), np.array([100.0]), np.array([315.0])
    for wind, turns, pen in ((0, 45.0, 500.0), (0, 90.0, 0.0), (180, 45.0, 0.0)):
        scn = mow_table(tmp_path, [("a", 13, 100, 315, "w"), ("b", 150, 20, 0, "e")], wind=wind)
        w = load_weights(scn.ruleset)
        assert w.blunder == 1000.0 and w.escape_turn == 90
        got = safety(scn, scn.ship("a").cls, w, x, y, h, (), turns)
        assert got[0] == pytest.approx(pen), (wind, turns)
    assert safety(scn, scn.ship("a").cls, w, x, y, h)[0] == 0.0  # escape_turn: 90


@pytest.mark.slow
def test_the_scripted_ship_keeps_out_of_a_trap_two_turns_ahead():
    """The squadron action, both sides scripted, seed 1: tonnant, sailing south-west
    from (62, 57) after the nearest British ship, was on turn 2 at (46, 46) heading 225
    with the British all to the east.  She took the move nearest them (west, heading
    248, along the lee shore); on turn 3 every move of hers left no room to sail clear
    the turn after, and on turn 5 every move took her off the table (so in seeds 1-5).
    Now a first move that leads into such a trap, at once or (her next turn cramped)
    a turn later, gives way to the first that does not: she wears south on turn 2, and
    the first six turns pass without a blunder.  Her turn-2 move is checked too."""
    from tabletop.ai.judge import trapped
    from tabletop.ai.scripted import doomed

    res = play_game(
        str(TRAFALGAR[1]), {"british": "scripted", "french": "scripted"}, seed=1, max_turns=6
    )
    assert res.turns == 6 and res.blunders == 0, res.notes
    game = Game.new(load_scenario(TRAFALGAR[1]), 1)
    for a in res.log:
        if a.startswith("move tonnant") and game.state.turn == 2:
            state = game.state
            cap = Captain.for_game(state, "french", "scripted")
            after = trial(state, a)
            assert after is not None
            pose = after.ship("tonnant").pose
            assert 170 <= pose.heading <= 200, pose  # wearing: south, not west
            assert trapped(after, "tonnant", cap.w) < cap.w.blunder / 2
            assert not doomed(state, "tonnant", pose, cap.w)
            break
        game.play(a)
    else:
        raise AssertionError("tonnant made no move on turn 2")


def test_the_captain_sees_the_drift_at_her_sides_turn_end(tmp_path):
    """Man O' War, the wind from the west: a ship that used less than half her
    allowance drifts the lower of 2d6 inches east when her side ends its turn.  Her box
    (4 × 1.75, heading north) 2 inches from the east edge of the 200-inch table reaches
    0.875 towards it: a drift of 2 or more (25 of 36 rolls) takes her off, and some of
    the six blind cups do: cast away.  100 inches off, no drift of at most 6 reaches
    the edge.  The judge sees only where a move ends; this sees the turn's end."""
    from tabletop.ai.judge import cast_away

    from .test_manowar_engine import mow_table

    for x, lost in ((198, True), (100, False)):
        scn = mow_table(tmp_path, [("a", x, 100, 0, "w"), ("b", 20, 20, 0, "e")])
        state = Game.new(scn, 1).state
        state = replace(state, active=state.sides.index("w"))
        assert cast_away(state, "a") is lost, x


def test_a_lee_shore_is_the_edge_the_wind_blows_onto():
    """``lee_shore`` on the 180 × 120 cm table, feared from 40 cm.  Wind from the north:
    the south edge is the lee shore, squarely (−cos 180° = 1); 10 cm off it,
    (40 − 10) / 40 = 0.75; 60 cm off, nothing; near the west edge, nothing (the wind
    runs along it).  From the north-east the wind blows onto the south and west edges
    at 45° (0.7071 each): 5 cm from the west and 10 from the south,
    0.7071 × 35/40 + 0.7071 × 30/40 = 1.149; with the west edge her escape, only the
    south's 0.530."""
    import numpy as np

    from tabletop.ai.sea import lee_shore

    scn = load_scenario(SCENARIOS / "frigate-duel.toml")
    x, y = np.array([90.0, 90.0, 5.0]), np.array([10.0, 60.0, 60.0])
    north = replace(scn, wind=replace(scn.wind, from_deg=0.0))
    assert lee_shore(north, x, y, 40.0) == pytest.approx([0.75, 0.0, 0.0])
    ne = replace(scn, wind=replace(scn.wind, from_deg=45.0))
    h = np.sqrt(0.5)
    corner = (np.array([5.0]), np.array([10.0]))
    assert lee_shore(ne, *corner, 40.0) == pytest.approx([h * 35 / 40 + h * 30 / 40])
    assert lee_shore(ne, *corner, 40.0, ("west",)) == pytest.approx([h * 30 / 40])


def test_the_lee_shore_is_feared_only_beyond_the_enemy_she_closes_with():
    """``safety``'s ``lee_floor``: the lee shore counts only beyond it.  Frigate duel's
    180 × 120 cm table, wind from the north, feared from 2 × 20 = 40 cm, ``lee`` 40 the
    unit.  With a floor of 0.5 (an enemy 20 cm off the south edge) a pose 10 cm off it
    (0.75) is spared 40 × 0.5 = 20, one 30 cm off (0.25) its whole 40 × 0.25 = 10, one
    60 cm off nothing.  In ``place`` the floor is the lee of the enemy she closes with:
    with loire 10 cm off the lee edge, amazon 10 cm off it too fears nothing of it: the
    difference to loire 60 cm off is her whole 40 × 0.75 = 30 (loire's pulls on her,
    closing, the gauge and the approach, weighed nought here)."""
    import numpy as np

    from tabletop.ai.judge import place
    from tabletop.ai.sea import safety

    scn = load_scenario(SCENARIOS / "frigate-duel.toml")
    w = load_weights(scn.ruleset)
    assert (w.lee, w.edge_margin) == (40.0, 20.0)
    cls = scn.ship("amazon").cls
    x, y, h = np.array([90.0, 90.0, 90.0]), np.array([10.0, 30.0, 60.0]), np.full(3, 90.0)
    spared = safety(scn, cls, w, x, y, h) - safety(scn, cls, w, x, y, h, lee_floor=0.5)
    assert spared == pytest.approx([20.0, 10.0, 0.0])

    only_lee = replace(w, close=0.0, weather=0.0, approach=0.0)  # loire's other pulls off

    def at(loire_y: float) -> float:
        state = Game.new(scn, 1).state
        state = state.with_ship(replace(state.ship("loire"), pose=Pose(150.0, loire_y, 90.0)))
        return float(place(state.table(), state, "amazon", only_lee, x[:1], y[:1], h[:1])[0])

    assert at(10.0) - at(60.0) == pytest.approx(40 * 0.75)


def test_distinct_keeps_the_first_of_each_pose_in_order():
    """Four poses scored 3, 2, 4, 1: best first 2, 0, 1, 3.  Pose 0 (0, 0, 90) repeats
    pose 2 (0, 0, 90.0001) to the thousandth, so it goes; 1 (1, 0, 90) and 3 (2, 0, 0)
    stay, in that order.  A plot's poses (one column per phase) count as one key; equal
    scores keep their order."""
    import numpy as np

    from tabletop.ai.judge import distinct

    x, y, h = np.array([0.0, 1, 0, 2]), np.zeros(4), np.array([90.0, 90, 90.0001, 0])
    assert list(distinct(np.array([3.0, 2, 4, 1]), x, y, h)) == [2, 1, 3]
    px = np.array([[0.0, 1.0], [0.0, 2.0], [0.0, 1.0]])  # plots 0 and 2 alike in both
    assert list(distinct(np.zeros(3), px, np.zeros((3, 2)), np.zeros((3, 2)))) == [0, 1]


def test_the_captains_shortlist_is_of_distinct_poses():
    """The Trafalgar duel, seed 35, turn 3 (from a duel's log): amazon at (82.17,
    50.86) heading 123.75, loire at (87.32, 36.51) heading 90.  Many of amazon's fan
    paths end at one pose (turns made early or late, cut by the allowance): of her ten
    best sketched, eight were (98.8, 36.5, 180).  The captain judged those twins and left
    the other poses unjudged; her ranked moves are now all distinct poses."""
    from tabletop.ai.judge import moved, sketch

    state = Game.new(load_scenario(SCENARIOS / "frigate-duel.toml"), 35).state
    state = moved(state, "amazon", Pose(82.17465615251217, 50.856420190687054, 123.75))
    state = moved(state, "loire", Pose(87.322518, 36.505408, 90.0))
    cap = Captain.for_game(state, "british", "captain")
    fan = state.scenario.ruleset.advice.fan_now(state, "amazon", cap.w.density)
    poses = np.round(np.stack([fan.x, fan.y, fan.heading], 1), 3)
    sk = sketch(state, "amazon", cap.w, fan.x, fan.y, fan.heading)
    top = np.argsort(-sk, kind="stable")[:10]
    assert len(np.unique(poses[top], axis=0)) < 10  # the fan's twins are there
    ranked = cap.rank(state, "amazon", fan)
    assert len(ranked) >= cap.w.shortlist
    assert len(np.unique(poses[ranked], axis=0)) == len(ranked)


def test_a_ship_straggling_from_her_squadron_is_measured_in_gaps():
    """The squadron action's British: bellona at (60, 40), defence at (44, 41), amazon at
    (86, 39); a gap of 15 cm.  Bellona where she lies: defence is nearest at
    √(16² + 1²) = 16.031, (16.031 − 15) / 15 = 0.0687 gaps beyond.  At (60, 80):
    defence √(16² + 39²) = 42.154 (amazon √(26² + 41²) = 48.549), (42.154 − 15) / 15 =
    1.810.  At (60, 100): √(16² + 59²) = 61.131, over 2 gaps, so 2.  Within the gap, 0;
    a ship with no consort fighting, 0 wherever she is."""
    import numpy as np

    from tabletop.ai.judge import straggling

    state = Game.new(load_scenario(SCENARIOS / "squadron-action.toml"), 1).state
    x, y = np.array([60.0, 60.0, 60.0, 50.0]), np.array([40.0, 80.0, 100.0, 41.0])
    got = straggling(state, "bellona", x, y, 15.0)
    assert got == pytest.approx([(np.hypot(16, 1) - 15) / 15, (np.hypot(16, 39) - 15) / 15, 2, 0])
    alone = replace(state, ships=tuple(s for s in state.ships if s.id in ("bellona", "tonnant")))
    assert straggling(alone, "bellona", x, y, 15.0) == pytest.approx([0, 0, 0, 0])


def _duel_after_the_british_turn() -> GameState:
    """The Trafalgar duel, seed 1, once the British captain has played her first turn."""
    state = Game.new(load_scenario(SCENARIOS / "frigate-duel.toml"), 1).state
    british = Captain.for_game(state, "british", "captain")
    while state.active_side == "british":
        got = trial(state, british.decide(state).action)
        assert got is not None
        state = got
    return state


def test_the_admiral_foresees_the_move_the_enemy_captain_would_give():
    """The Trafalgar duel, seed 1: the British captain plays her first turn, and a
    French captain judging ``reply_care`` (3) of loire's sketched moves, as the admiral's
    foresight does, orders loire's move.  The British admiral, reading the same table,
    foresees loire at the very pose that move ends at.  Judging all 20 of his shortlist
    (the captain at the table), he sails elsewhere: the foresight is his captain's
    reading at a smaller care, the same for every candidate of hers."""
    state = _duel_after_the_british_turn()
    admiral = Captain.for_game(state, "british", "admiral")
    assert admiral.w.foreseen == 2 and admiral.w.reply_care == 3
    french = Captain.for_game(state, "french", "captain")
    french.w = replace(french.w, shortlist=3)
    order = french.decide(state)
    assert order.action.startswith("move loire ")
    after = trial(state, order.action)
    assert after is not None
    pose = admiral.ahead.foreseen(state, "loire")
    assert pose is not None and tuple(pose) == pytest.approx(tuple(after.ship("loire").pose))
    whole = trial(state, Captain.for_game(state, "french", "captain").decide(state).action)
    assert whole is not None
    assert tuple(whole.ship("loire").pose) != pytest.approx(tuple(pose))


def test_a_foreseen_reply_is_made_with_the_same_care_for_every_candidate():
    """With ``reply_care`` 3 the enemy captain's foreseen reply is his best of his first
    3 sketched moves whatever is left of her decision's count: the same pose, at the
    same cost, 2 for his fan (``FAN_JUDGEMENTS``) + 3 judged = 5, on a fresh decision
    and with 100 of its 140 judgements already spent.  Without it (0) his ranking runs
    on what her count has left, so the two readings of the same table part: the fresh
    one judged far more of his moves than the late one."""
    from tabletop.ai.clock import FAN_JUDGEMENTS

    state = _duel_after_the_british_turn()

    def read(care: int, spent: int) -> tuple[tuple[float, ...], int]:
        admiral = Captain.for_game(state, "british", "admiral")
        admiral.w = replace(admiral.w, reply_care=care)
        admiral.clock.begin()
        admiral.clock.tick(spent)
        pose = admiral.ahead.foreseen(state, "loire")
        assert pose is not None
        return tuple(pose), admiral.clock.spent - spent

    fresh, late = read(3, 0), read(3, 100)
    assert fresh[0] == pytest.approx(late[0])
    assert fresh[1] == late[1] == FAN_JUDGEMENTS + 3
    fresh, late = read(0, 0), read(0, 100)
    assert fresh[1] > late[1]


def test_land_and_shoals_are_measured_from_the_keel_not_the_centre():
    """``clearance`` on a shoal 10 cm square, x 10..20, y 0..10, for a base 6 long and
    2 wide.  At (8, 5) heading east her bow reaches x = 8 + 3 = 11, over the shoal:
    her keel touches it, gap 0 − 2/2 = −1 (from her centre it read 2 − 1 = 1 clear:
    the squadron action's serieuse ran aground so).  Heading north at the same spot her
    keel runs y 2..8 at x = 8, 2 off: gap 2 − 1 = 1.  At (5, 15) heading south-east
    the bow lies at 5 + 3·sin 135°, 15 + 3·cos 135° = (7.121, 12.879), nearest the
    corner (10, 10): √(2.879² + 2.879²) − 1 = 3.071."""
    import numpy as np

    from tabletop.ai.sea import clearance
    from tabletop.model.scenario import Terrain

    scn = load_scenario(SCENARIOS / "frigate-duel.toml")
    square = Terrain("shoal", ((10, 0), (20, 0), (20, 10), (10, 10)))
    scn = replace(scn, terrain=(square,))
    x, y, h = np.array([8.0, 8.0, 5.0]), np.array([5.0, 5.0, 15.0]), np.array([90.0, 0.0, 135.0])
    _, gap = clearance(scn, 6.0, 2.0, x, y, h, (), scn.ships[0].cls)  # a shoal grounds her
    d = 2.879 * np.sqrt(2) - 1
    assert gap == pytest.approx([-1.0, 1.0, d], abs=1e-3)


def test_one_level_both_sides_gives_the_first_sides_record():
    """The same level on both sides measures the scenario's balance: a pair would be one
    game twice (the captains decide alike on the same dice), so each seed is played once,
    and a win is the first side's only when that side won (it counted every decisive
    game as the first contender's win: the prize read 'british 180 / 20 / 0' when the
    french had simply never won)."""
    from tabletop.ai.duel import GameResult

    levels = {"british": "captain", "french": "captain"}
    plan = [("s", levels, seed, 5) for seed in (1, 2, 3)]
    results = [GameResult("british", 3), GameResult("french", 4), GameResult(None, 5)]
    s = summary(results, plan, "captain", "captain", "s", "british")
    assert (s["wins"], s["draws"], s["losses"]) == (1, 1, 1)  # british won, lost, drew
    assert s["by_side"] == {"british": {"wins": 1, "draws": 1, "losses": 1}}
    assert [g["as"] for g in s["per_game"]] == ["british"] * 3
    assert "one level both sides: the balance" in summary_text(s)


@pytest.mark.slow
def test_a_match_of_one_level_plays_each_seed_once():
    """Three games of captain against captain: seeds 5, 6 and 7, each once (a paired
    match would have played 5, 5, 6, 6: each game twice over), the first side's."""
    from tabletop.ai.duel import duel

    s = duel(str(SCENARIOS / "frigate-hex-duel.toml"), ["captain", "captain"], 3, 5, 1)
    assert [g["seed"] for g in s["per_game"]] == [5, 6, 7]
    assert {g["as"] for g in s["per_game"]} == {"british"}
    assert s["games"] == 3 and s["wins"] + s["draws"] + s["losses"] == 3


def test_a_plot_that_runs_her_aboard_a_consorts_plotted_place_is_foul():
    """Railleuse (corvette, base 1.0 x 0.4 in) plots with Cleopatre (sixth rate, 1.1 x
    0.45 in) already plotted to lie at (20, 17) heading 270 at the end of phase III, and
    Amazon (the enemy) foreseen there too.  Abreast of her, centres d apart, the bases'
    gap is d - (0.45 + 0.4)/2 = d - 0.425: d = 0.6 leaves 0.175 in, within the 0.25 in
    foul_margin (foul); d = 0.7 leaves 0.275 in (clear).  In line ahead, centres 1.25 in
    apart, the gap is 1.25 - (1.1 + 1.0)/2 = 0.2 in (foul); 1.35 in leaves 0.3 (clear).
    The same place in phase II is clear (Cleopatre is elsewhere then); an enemy there
    is no consort's (boarding is hers to seek); with foul unweighed, none is foul."""
    from tabletop.ai import plotting

    state = Game.new(load_scenario(HOLD_FAST[0]), 1).state
    w = load_weights(state.scenario.ruleset)
    assert (w.foul, w.foul_margin) == (40.0, 0.25)  # Hold Fast's data
    there = Pose(20.0, 17.0, 270.0)
    away = Pose(5.0, 5.0, 270.0)
    seen = {"cleopatre": (away, away, there, there, there), "amazon": (there,) * 5}
    at = [(20.0, 17.6), (20.0, 17.7), (21.25, 17.0), (21.35, 17.0), (20.0, 17.0)]
    x = np.full((len(at) + 1, 5), 40.0)
    y = np.full((len(at) + 1, 5), 5.0)
    h = np.full((len(at) + 1, 5), 270.0)
    for i, (px, py) in enumerate(at):
        x[i, 2], y[i, 2] = px, py
    x[-1, 1], y[-1, 1] = 20.0, 17.0  # phase II: Cleopatre is away then
    got = plotting._fouling(state, "railleuse", seen, w, x, y, h)
    assert got.tolist() == [True, False, True, False, True, False]
    assert not plotting._fouling(state, "railleuse", {"amazon": (there,) * 5}, w, x, y, h).any()
    assert not plotting._fouling(state, "railleuse", seen, replace(w, foul=0.0), x, y, h).any()


def test_a_captain_plots_clear_of_where_her_consort_has_plotted():
    """Cleopatre plotted to lie, from phase III on, where Railleuse's best plot alone
    would put her then (and far off before): unweighed (foul 0), Railleuse still plots
    aboard her; weighed, another plot, clear of her in every phase.  The term alone
    turns her aside."""
    from tabletop.ai import plotting

    state = Game.new(load_scenario(HOLD_FAST[0]), 1).state
    state = _apply(state, Captain.for_game(state, "british", "scripted").decide(state).action)
    w = load_weights(state.scenario.ruleset)

    def fouls(plot) -> bool:
        x, y, h = (np.array([[getattr(p, a) for p in plot.poses]]) for a in ("x", "y", "heading"))
        return bool(plotting._fouling(state, "railleuse", seen, w, x, y, h)[0])

    alone = plotting.choose(state, "railleuse", "captain", w, None, {})
    assert alone is not None
    away = Pose(5.0, 5.0, 270.0)
    seen = {"cleopatre": (away, away, *alone[0].poses[2:])}
    blind = plotting.choose(state, "railleuse", "captain", replace(w, foul=0.0), None, seen)
    clear = plotting.choose(state, "railleuse", "captain", w, None, seen)
    assert blind is not None and clear is not None
    assert fouls(blind[0]) and not fouls(clear[0])
    assert clear[0].words != blind[0].words


def test_a_captain_adrift_without_a_rudder_keeps_off_the_lee_edge():
    """Cleopatre, her rudder shot away and at speed 0 (she may not turn), lies 1.34 in
    off the south edge, the wind from the north.  Plotting nothing she drifts 1 in after
    phase V, to y = 0.34, her base (1.1 x 0.45 in, heading 225) over the edge: fled, the
    game lost, as in the duel's seed 2 on ee2e12e (ten turns adrift).  Her captain drops
    the anchor (raising sail would leave her where she lies too, but next turn she could
    only run on ahead, south-west onto the edge): her plot ends with her base on the
    table."""
    from tabletop.ai import plotting
    from tabletop.rules.holdfast.ship import HoldFastShip

    state = Game.new(load_scenario(HOLD_FAST[0]), 1).state
    state = _apply(state, Captain.for_game(state, "british", "scripted").decide(state).action)
    st = state.ship("cleopatre")
    assert isinstance(st, HoldFastShip)
    state = state.with_ship(replace(st, pose=Pose(11.34, 1.34, 225.0), speed=0, rudder=True))
    rs = state.scenario.ruleset
    offered = {p.words: p for p in rs.plots(state, "cleopatre")}
    assert offered["- - - - -"].after.y == pytest.approx(0.34)
    got = plotting.choose(state, "cleopatre", "captain", load_weights(rs), None, {})
    assert got is not None and got[0].words == "DA - - - -"
    end = got[0].poses[-1]
    cls = state.scenario.ship("cleopatre").cls
    corners = base_corners(end.x, end.y, end.heading, cls.base_length, cls.base_width)
    assert corners[:, 1].min() > 0 and corners[:, 0].min() > 0


def test_a_plot_off_the_table_is_worse_than_one_that_leaves_her_cornered():
    """The escape's Vestale (base 1.25 x 0.5 in), her rudder shot away and at speed 0,
    heads north at (17.59, 23.0), the wind shifted to blow from 135°.  Drifting, she goes
    an inch north-west, to (17.59 - 0.71, 23.0 + 0.71) = (16.88, 23.71): her bow at
    23.71 + 0.625 = 24.33, over the north edge (the table is 24 deep), fled.  Anchored
    she stays, her bow 0.375 in off the edge with no room to sail clear: cornered, which
    weighs half a blunder; off the table weighs a whole one.  Both counted alike, she
    drifted off (seed 36 on fac5273).  The admiral anchors; the scripted captain stays
    too, with sail raised."""
    from tabletop.ai import plotting
    from tabletop.rules.holdfast.ship import HoldFastShip

    state = Game.new(load_scenario(ESCAPE), 1).state
    st = state.ship("vestale")
    assert isinstance(st, HoldFastShip)
    pose = Pose(17.585786, 23.0, 0.0)
    state = replace(state.with_ship(replace(st, pose=pose, speed=0, rudder=True)), wind_from=135.0)
    rs = state.scenario.ruleset
    plots = rs.advice.foreseen_plots(state, "vestale")
    drift = next(p for p in plots if p.words == "- - - - -").after
    assert drift is not None and (drift.x, drift.y) == pytest.approx((16.878679, 23.707107))
    w = load_weights(rs)
    got = plotting.choose(state, "vestale", "admiral", w, None, {}, plots)
    assert got is not None and got[0].words == "DA - - - -"
    # the baseline makes sail where she lies (its crowding of sail breaks the tie)
    got = plotting.choose(state, "vestale", "scripted", w, None, {}, plots)
    assert got is not None and got[0].words == "- - RS - -" and got[0].after is None


def test_a_captain_with_no_move_of_her_own_takes_one_the_lists_give():
    """Amazon's bow against loire's: the engine takes no move of her fan, only a run
    straight into loire (the collision unavoidable) or a ram.  A captain whose searches
    found nothing gave "end", which the rules refuse while her allowance is unsailed;
    ``forced`` gives the best of the moves ``game.legal`` lists for her instead."""
    from tabletop.engine.core import refusal

    scn = load_scenario(SCENARIOS / "frigate-duel.toml")
    at = {"amazon": Pose(160.7959, 20.76492, 180.0), "loire": Pose(163.1034, 17.09809, 225.0)}
    scn = replace(scn, ships=tuple(s.moved(at[s.id]) for s in scn.ships))
    state = Game.new(scn, 1).state
    assert refusal(state, "end") is not None  # she must sail her allowance first
    d = Captain.for_game(state, "british", "captain").forced(state, "amazon")
    assert d is not None and d.ship == "amazon"
    assert d.action.split()[0] in ("move", "ram") and refusal(state, d.action) is None
