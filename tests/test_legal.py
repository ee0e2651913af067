"""``legal_actions``: every order the engine would take now, for all five rulesets.

Over every state of every golden game: each action listed is accepted by the engine,
a side's list names only that side's ships, and the action the golden log played next
is among those listed (a path, a plot or a declared order as far as the list samples
it: an action of that verb for that ship, see ``legal.covers``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.engine.core import refusal
from tabletop.game.game import Game
from tabletop.game.legal import covers, legal_actions, only_end, ship_orders
from tabletop.game.load import load_scenario

from .conftest import ROOT

GOLDEN = sorted((ROOT / "tests" / "golden").glob("*/*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_listed_order_is_taken_and_every_played_one_listed(path: Path):
    data = json.loads(path.read_text())
    game = Game.new(load_scenario(ROOT / data["scenario"]), data["seed"])
    rs = game.state.scenario.ruleset
    declared: set[tuple[int, int, str]] = set()  # (turn, phase, ship) offered a declaration
    missed, wrong = [], []
    for n, played in enumerate(data["actions"], 1):
        state = game.state
        listed = legal_actions(state)
        assert listed, f"action {n} '{played}': nothing listed"
        assert only_end(state) == (listed == ["end"]), f"action {n}: only 'end' or not"
        wrong += [(n, a, why) for a in listed if (why := refusal(state, a)) is not None]
        verb, *words = played.split()
        ship = words[0] if words else ""
        for a in listed:  # an order declared at a step: offered until she gives it
            if rs.verbs[a.split()[0]].declared:
                declared.add((state.turn, state.phase, a.split()[1]))
        again = rs.verbs[verb].declared and (state.turn, state.phase, ship) in declared
        if not covers(state, listed, played) and not again:
            missed.append((n, played))
        game.play(played)
    assert wrong == []
    assert missed == []


@pytest.mark.parametrize(
    "path",
    [ROOT / "tests/golden/frigate/hex-duel.json", ROOT / "tests/golden/hold-fast/duel.json"],
    ids=["frigate", "hold-fast"],
)
def test_a_sides_list_names_only_its_own_ships(path: Path):
    data = json.loads(path.read_text())
    game = Game.new(load_scenario(ROOT / data["scenario"]), data["seed"])
    seen_both = False
    for played in data["actions"][:60]:
        state = game.state
        by_side = {side: legal_actions(state, side) for side in state.sides}
        for side, listed in by_side.items():
            named = {a.split()[1] for a in listed if len(a.split()) > 1}
            ids = {s.id for s in state.ships}
            assert all(state.side_of(s) == side for s in named if s in ids)
        everyone = set(legal_actions(state))
        assert set().union(*by_side.values()) <= everyone
        seen_both = seen_both or all(by_side.values())
        game.play(played)
    assert seen_both or "hold-fast" in str(path)  # Frigate: both sides fire in a segment


def test_nothing_is_listed_once_the_battle_is_won():
    """The boarding game ends with amazon carried: the French have won."""
    boarding = ROOT / "tests/golden/trafalgar-modified/frigate-duel-boarding.json"
    data = json.loads(boarding.read_text())
    game = Game.new(load_scenario(ROOT / data["scenario"]), data["seed"])
    for played in data["actions"]:
        game.play(played)
    assert game.state.winner == "french"
    assert legal_actions(game.state) == []
    assert all(legal_actions(game.state, side) == [] for side in game.state.sides)


PLAYABLE = sorted(
    p for p in (ROOT / "scenarios").glob("*.toml") if load_scenario(p).ruleset.caps.has_engine
)


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    path=st.sampled_from(PLAYABLE),
    picks=st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=40),
)
def test_random_play_from_the_list_is_taken_and_replays(path: Path, picks: list[int]):
    """A fuzzer's walk: each order drawn from the list is taken, in states no golden
    reaches; the list is empty only when the battle is over (a walk once stuck where a
    ship had sailed part of her move); and the game so played replays to the same
    state from its log."""
    game = Game.new(load_scenario(path), 7)
    for k in picks:
        listed = legal_actions(game.state)
        if not listed:
            assert game.state.winner is not None, (game.actions, "nothing listed")
            break
        game.play(listed[k % len(listed)])  # raises if the engine refuses it
    again = Game.new(load_scenario(path), 7)
    for a in game.actions:
        again.play(a)
    assert again.state.snapshot() == game.state.snapshot()


def test_a_ship_that_sailed_part_of_her_move_is_offered_the_rest():
    """A random walk stuck here: loire, on a reach, sailed 8.5 + 4.25 + 4.25 = 17 cm
    (her speed) of her allowance, 17 × 4/3 (reaching's factor) = 22.67 cm; "end" is
    refused until she sails it all, and every path listed was a fresh fan's, 17 cm too
    long.  The list now runs her straight on over what is left: 22.67 − 17 = 5.67 cm."""
    game = Game.new(load_scenario(ROOT / "scenarios" / "frigate-duel.toml"), 3)
    for a in ("move amazon F2 S45 P45 F11.241889", "end", "move loire F8.5",
              "move loire F4.25", "ram loire amazon F4.25"):  # fmt: skip
        game.play(a)
    assert refusal(game.state, "end") is not None  # her allowance is not yet used
    listed = legal_actions(game.state, "french")
    assert "move loire F5.6667" in listed  # 17 × 4/3 − 17, the rest whole (to 0.1 mm)
    assert "move loire F2.8333" in listed  # and half of it, to fire as she bears
    game.play("move loire F5.6667")
    assert "end" in legal_actions(game.state, "french")


@pytest.mark.parametrize(
    "path",
    [
        ROOT / "tests/golden/trafalgar-modified/frigate-duel-boarding.json",
        ROOT / "tests/golden/hold-fast/close-quarters.json",
        ROOT / "tests/golden/frigate/hex-prize.json",
    ],
    ids=["trafalgar", "hold-fast", "frigate"],
)
def test_one_ships_orders_are_her_part_of_the_whole_list(path: Path):
    """``ship_orders``, the captain's list, is ``legal_actions`` cut to one ship, some
    verbs and one other ship: the same orders, found without trying the rest.  While
    a decision waits or a plot is owed it lists nothing (the side's list answers)."""
    data = json.loads(path.read_text())
    game = Game.new(load_scenario(ROOT / data["scenario"]), data["seed"])
    compared = 0
    for n, played in enumerate(data["actions"]):
        state = game.state
        if n % 3:
            game.play(played)
            continue
        owed = bool(state.pending) or state.scenario.ruleset.plot_spec(state) is not None
        listed = legal_actions(state)
        for s in state.ships:
            hers = ship_orders(state, s.id)
            if owed:
                assert hers == []
                continue
            assert set(hers) == {a for a in listed if a.split()[1:2] == [s.id]}
            for other in state.ships:
                at = ship_orders(state, s.id, ("fire", "board"), at=other.id)
                assert set(at) == {
                    a
                    for a in hers
                    if a.split()[0] in ("fire", "board") and a.split()[2] == other.id
                }
                compared += len(at)
        game.play(played)
    assert compared > 0  # some shots or boardings were compared in each game
