"""What a query says of a game's state, the engine agrees with when the order is played.

Issue 57's property, over states of every golden game of all five rulesets (every other
state, none awaiting a decision or a plot).  The queries are the ones a player reads at
the table: the move preview (the window's ghost and the `move` line, laid as the rest of
her move this turn), what is left of her move (the `sail` line, or "N of her move left"),
and the fire ruling on the game's table (the window's fire panel, ``tabletop fire`` on
the position).  For every ship the engine lets move now, each of her listed moves and
straight runs of a half, the whole and a hundredth over what is left:

- the preview calls a path legal exactly when the engine takes it;
- no move the engine takes spends more than the query said was left;

and every fire order the engine takes is one the fire ruling allows.  Last, the odds the
fire ruling gives are the engine's dice: over 1,500 seeds a Trafalgar broadside's hits, a
Frigate shot's hits and a Hold Fast battery's hits per die fall as the ruling says.
Escadres' ruling gives no odds (its fire panel shows the guns that bear), so there is
nothing of it to compare.
"""

from __future__ import annotations

import json
import math
from dataclasses import replace
from functools import cache
from pathlib import Path

import pytest

from tabletop.common.errors import TabletopError
from tabletop.engine.core import apply, refusal
from tabletop.engine.state import GameState
from tabletop.game.game import Game
from tabletop.game.legal import legal_actions
from tabletop.game.load import load_scenario
from tabletop.game.session import Session
from tabletop.referee.fire import rule_fire
from tabletop.referee.movement import preview
from tabletop.referee.rulings import sail

from .conftest import ROOT
from .hf import hf_game

GOLDEN = sorted((ROOT / "tests" / "golden").glob("*/*.json"))


@cache
def states(path: Path) -> list[tuple[Game, GameState]]:
    """Every other state of the golden game that awaits an order of a ship (none
    pending, no plot owed), with the game at it (the session reads its log)."""
    data = json.loads(path.read_text())
    game = Game.new(load_scenario(ROOT / data["scenario"]), data["seed"])
    rs = game.state.scenario.ruleset
    out = []
    for n, played in enumerate(data["actions"]):
        st = game.state
        if n % 2 == 0 and not st.pending and rs.plot_spec(st) is None:
            out.append((Game(game.start, list(game.history), list(game.opening)), st))
        game.play(played)
    return out


def _left(sess: Session, state: GameState, ship: str) -> float:
    """What the player is told is left of her move: "N of her move left", else her
    point of sail's allowance."""
    rest = sess.rest(ship)
    return rest[0] if rest is not None else float(sail(state.table(), ship)["allowance"])


def _spent_before(state: GameState, ship: str) -> float:
    """What the part of her move sailed already spent, in the allowance's unit."""
    rs = state.scenario.ruleset
    model, done, ctx = rs.move_so_far(state, ship)
    if not done:
        return 0.0
    plan = rs.plan_move(state.table(), model, done, ctx)
    return sum(s.distance for s in plan.segments) if plan.used is None else float(plan.used)


MOVED = [p for p in GOLDEN if p.parent.name != "hold-fast"]  # Hold Fast plots its moves
PLOTTED = [p for p in GOLDEN if p.parent.name == "hold-fast"]


@pytest.mark.slow
@pytest.mark.parametrize("path", MOVED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_move_preview_and_what_is_left_agree_with_the_engine(path: Path):
    disagree, overspent, tried = [], [], 0
    for game, state in states(path):
        sess = Session(state.scenario, game)
        listed = legal_actions(state)
        for ship in sorted({a.split()[1] for a in listed if a.split()[0] == "move"}):
            left = _left(sess, state, ship)
            paths = {" ".join(a.split()[2:]) for a in listed if a.split()[:2] == ["move", ship]}
            paths |= {f"F{left * k:.4f}" for k in (0.5, 1.0, 1.01) if left > 0}
            before = _spent_before(state, ship)
            for p in sorted(paths):
                tried += 1
                try:
                    ruling = sess.preview(ship, p)
                except TabletopError:
                    ruling = None
                taken = refusal(state, f"move {ship} {p}") is None
                if (ruling is not None and ruling.legal) != taken:
                    why = ruling.violations if ruling is not None else "no ruling"
                    disagree.append((state.turn, ship, p, taken, why))
                if taken and ruling is not None and ruling.spent - before > left + 1e-3:
                    overspent.append((state.turn, ship, p, ruling.spent - before, left))
    assert tried > 0
    assert disagree == []
    assert overspent == []


#: A Hold Fast plot's words as a path: a move forward is an inch, a turn 45°.
PLOT_STEPS = {"F": "F1", "P": "P45", "S": "S45"}


@pytest.mark.slow
@pytest.mark.parametrize("path", PLOTTED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_plot_the_engine_takes_the_move_preview_calls_legal(path: Path):
    """Hold Fast's moves are plotted for five phases: each plot the engine takes at the
    plotting step, its moves and turns laid as one path, is legal by the `move` preview
    and spends no more actions than `sail` gives her.  One difference is the rules':
    orders are written before they are sailed, so a plot may order a move forward that
    her turns will have put into the wind; the engine takes the plot and wastes that
    move when it is revealed ("forward into the wind"), and the preview says so, as the
    one thing wrong with it.  A plot that makes or takes in sail changes her speed, and
    so her phases, as it goes: the `sail` and `move` queries answer for her speed now,
    and such plots are left out."""
    data = json.loads(path.read_text())
    game = Game.new(load_scenario(ROOT / data["scenario"]), data["seed"])
    rs = game.state.scenario.ruleset
    wrong, tried = [], 0
    for played in data["actions"]:
        state = game.state
        spec = rs.plot_spec(state)
        if spec is not None and not state.pending:
            table = state.table()
            listed = set(legal_actions(state))
            for ship in spec.ships:
                allowance = sail(table, ship)["allowance"]
                for plot in rs.plots(state, ship):
                    if spec.action({ship: plot.words.split()}) not in listed:
                        continue
                    words = plot.words.split()
                    steps = [PLOT_STEPS[w] for w in words if w in PLOT_STEPS]
                    if not steps or {"RS", "LS"} & set(words):
                        continue  # a sail change mid-plot changes her speed: not one move
                    tried += 1
                    so_far = rs.move_so_far(state, ship)
                    ruling = preview(table, ship, " ".join(steps), so_far)
                    wasted = [v for v in ruling.violations if "straight into the wind" in v]
                    if len(wasted) < len(ruling.violations) or ruling.spent > allowance + 1e-9:
                        wrong.append((state.turn, ship, plot.words, ruling.violations, allowance))
        game.play(played)
    assert tried > 0
    assert wrong == []


@pytest.mark.slow
@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_shot_the_engine_takes_the_fire_ruling_allows(path: Path):
    refused = []
    for _, state in states(path):
        table = state.table()
        for a in legal_actions(state):
            words = a.split()
            if words[0] != "fire":
                continue
            r = rule_fire(table, words[1], words[2], high="high" in words[3:])
            if not r.can_fire:
                refused.append((state.turn, a, r.reasons))
    assert refused == []


@pytest.mark.slow
def test_a_broadsides_hits_fall_as_the_fire_ruling_says():
    """The frigate duel, amazon after F14 abeam of loire at 6.2 cm (short, +1): 3 light
    guns and a carronade, each die hitting on 3+ (4 − 1), so p = 4/6 = 2/3 and her 4 dice
    hit k times with C(4, k)·(2/3)^k·(1/3)^(4−k): 1/81, 8/81, 24/81, 32/81, 16/81.  The
    ruling gives those; the engine, over 1,500 seeds, lands within 5 standard errors of
    each (a hit is a die that rolls a save: one save die is rolled per hit)."""
    game = Game.new(load_scenario(ROOT / "scenarios" / "frigate-duel.toml"))
    game.play("move amazon F14")
    state = game.state
    odds = rule_fire(state.table(), "amazon", "loire").odds()
    exact = [math.comb(4, k) * (2 / 3) ** k * (1 / 3) ** (4 - k) for k in range(5)]
    assert odds["hits"] == pytest.approx(exact, abs=1e-6)
    n = 1500
    counts = [0] * 5
    for seed in range(n):
        _, events = apply(replace(state, seed=seed, counter=0), "fire amazon loire")
        hits = sum(len(e["dice"]) for e in events if str(e.get("why", "")).startswith("saves"))
        counts[hits] += 1
    for k, p in enumerate(exact):
        se = math.sqrt(p * (1 - p) / n)
        assert abs(counts[k] / n - p) < 5 * se, (k, counts[k] / n, p)


def _within(counts: dict[str, int], n: int, exact: dict[str, float]) -> list[tuple]:
    """The outcomes whose share over ``n`` draws is more than 5 standard errors from
    the exact chance (an outcome never seen counts 0)."""
    off = []
    for k, p in exact.items():
        share = counts.get(k, 0) / n
        if abs(share - p) >= 5 * math.sqrt(p * (1 - p) / n) + 1e-12:
            off.append((k, share, p))
    return off + [(k, c / n, 0.0) for k, c in counts.items() if k not in exact]


@pytest.mark.slow
def test_a_frigate_shots_hits_fall_as_the_fire_ruling_says():
    """The hex duel's first shot: amazon's strength 6 against ville-de-nantes' defence 3
    is 2-1, three columns less at range 10 (1-3); at 1-3 a 6 on the die hits once, so the
    ruling gives 0 hits 5/6, 1 hit 1/6.  Over 1,500 seeds the engine's shots land within
    5 standard errors of each."""
    data = json.loads((ROOT / "tests/golden/frigate/hex-duel.json").read_text())
    game = Game.new(load_scenario(ROOT / data["scenario"]), data["seed"])
    shot = "fire amazon ville-de-nantes hull"
    for played in data["actions"][: data["actions"].index(shot)]:
        game.play(played)
    state = game.state
    ruling = rule_fire(state.table(), "amazon", "ville-de-nantes")
    assert ruling.to_hit is not None
    assert ruling.to_hit["hits"] == {"0": "5/6", "1": "1/6"}
    n, counts = 1500, {}
    for seed in range(n):
        _, events = apply(replace(state, seed=seed, counter=0), shot)
        hits = str(next(e for e in events if "shot" in e)["hits"])
        counts[hits] = counts.get(hits, 0) + 1
    assert _within(counts, n, {"0": 5 / 6, "1": 1 / 6}) == []


@pytest.mark.slow
def test_a_hold_fast_batterys_hits_fall_as_the_fire_ruling_says(tmp_path, rigged):
    """a heads north at (10, 10), t at (12, 10): t is 2 inches off a's starboard beam.
    Range 2 (centre to centre, rounded up): long and short guns need 2 (the template's
    long [1, 1, 2, ...], short [1, 1, 2, ...]), so each die hits 5 times in 6; the
    ruling says so.  Both ships plot nothing, a fires, the phase resolves: over 1,500
    seeds her long and short dice hit within 5 standard errors of 5/6."""
    g = hf_game(tmp_path, [("a", 10, 10, 0, "red"), ("t", 12, 10, 0, "blue")], rigged)
    g.play("orders a - - - - -")
    g.play("orders t - - - - -")
    g.play("fire a t")
    g.play("end")
    ruling = rule_fire(g.state.table(), "a", "t")
    assert ruling.to_hit is not None and ruling.to_hit["by_battery"] == {"long": 2, "short": 2}
    assert ruling.to_hit["p_hit_fraction"] == "5/6"
    state, n, counts = g.state, 1500, {}
    for seed in range(n):
        _, events = apply(replace(state, seed=seed, counter=0), "end")
        for e in events:
            if e.get("fires") == "a":
                for die in e["rolls"]:
                    key = "hit" if die >= e["need"] else "miss"
                    counts[key] = counts.get(key, 0) + 1
                assert sum(d >= e["need"] for d in e["rolls"]) == e["hits"]
    dice = sum(counts.values())
    assert dice == 3 * n  # two long guns and one short a volley
    assert _within(counts, dice, {"hit": 5 / 6, "miss": 1 / 6}) == []
