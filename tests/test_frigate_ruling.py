"""The referee's fire ruling on the Frigate hex table (``tabletop fire``, the window's
fire fields and line of fire) agrees with the engine: every shot of the golden games is
ruled in the same field, at the same range, rake, strength and odds; and hand-worked
rulings from the rules.

The board as in test_frigate_combat: axial hexes, facing 0 is north, a ship at (0, 0)
facing 0 has her bow hex at (1, -1) and her starboard field between the directions
(1, 0) and (0, 1).  Roster (ruling): a frigate-38 has gunnery 6, a sloop-18 defence 3.
The combat results table (ruling), columns 1-3 1-2 1-1 2-1 3-1 4-1; by die 1..6 the
2-1 column gives 0 0 1 1 1 2 hits, the 3-1 column 0 1 1 1 2 2, the 1-1 column 0 0 0 1 1 1.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from tabletop.game.game import Game, read_log
from tabletop.game.load import load_scenario
from tabletop.referee.fire import rule_fire
from tabletop.rules.frigate import ruling
from tabletop.shell.cli import main

from .conftest import ROOT
from .frigate_helpers import game, poke, prize_played_on, set_ship, text

A = ("a", "frigate-38", "blue", (0, 0), 0)
GOLDEN = ("frigate-hex-duel", "frigate-hex-prize", "frigate-hex-weather")


def rule(write_scenario, ships, firer="a", target="b", high=False):
    return rule_fire(load_scenario(write_scenario(text(ships))), firer, target, high=high)


@pytest.mark.parametrize("name", GOLDEN)
def test_every_golden_shot_is_ruled_as_the_engine_fired_it(name, write_scenario):
    """Each fire and chase action of the golden game, ruled on the state it was played
    on: the same field, range, rake, strength, defence and odds column (the prize's
    game played on past the capture that wins it: more shots)."""
    if name == "frigate-hex-prize":
        scn, seed, actions = prize_played_on(write_scenario)
    else:
        seed, actions = read_log(ROOT / "games" / f"{name}.log")
        scn = load_scenario(ROOT / "scenarios" / f"{name}.toml")
    game = Game.new(scn, seed)
    rs = game.state.scenario.ruleset
    shots = tabled = 0
    for action in actions:
        state = game.state
        words = action.split()
        events = game.play(action)
        if words[0] not in ("fire", "chase"):
            continue
        high = words[0] == "fire" and len(words) > 3 and words[3] == "rigging"
        r = ruling.rule(rs, state, words[1], words[2], high)
        assert r.can_fire, (action, r.reasons)
        if words[0] == "chase":
            e = next(e for e in events if "chase" in e)
            assert r.arc == ruling.CHASE_ARC[e["guns"]] and r.dice == 2, action
            continue
        e = next(e for e in events if "shot" in e)
        assert (r.arc, r.range_band, r.rake) == (e["side"], f"{e['range']} hexes", e["rake"])
        assert r.to_hit is not None
        got = (r.to_hit["strength"], r.to_hit["defence"], r.to_hit["odds"])
        assert got == (e["strength"], e["defence"], e["odds"]), action
        shots += 1
        f = state.ship(words[1])
        if not (f.fired or f.afoul or state.ship(words[2]).afoul):  # as a table shows it
            t = rule_fire(state.table(), words[1], words[2], high=high)
            assert t.to_hit is not None and t.to_hit["strength"] == e["strength"], action
            tabled += 1
    assert shots >= 3 and tabled >= 1


def test_a_broadside_at_two_hexes_hand_worked(write_scenario):
    """Gunnery 6 against defence 3: 6·1 ≥ 3·2, so 2-1 (not 3-1: 6·1 < 3·3); range 2
    shifts (2 − 1) // 3 = 0 columns.  On 2-1 a die of 1-2 misses (2/6), 3-5 is one hit
    (3/6), 6 two (1/6): at least one on 3+, p = 4/6 = 2/3."""
    r = rule(write_scenario, [A, ("b", "sloop-18", "red", (2, 0), 0)])
    assert (r.arc, r.range_band, r.rake, r.line_of_fire, r.can_fire) == (
        "starboard", "2 hexes", None, "clear", True,
    )  # fmt: skip
    assert r.to_hit["odds"] == "2-1" and r.to_hit["need"] == 3
    assert r.to_hit["hits"] == {"0": "1/3", "1": "1/2", "2": "1/6"}
    assert Fraction(r.to_hit["p_hit_fraction"]) == Fraction(2, 3)
    assert r.range == pytest.approx(2 * 1.5)  # two hexes of 1.5 in, centre to centre
    assert len(r.proof.clear) == 1 and not r.proof.blocked  # (1, 0) between them


def test_odds_under_the_table_are_a_legal_shot_to_no_effect(write_scenario):
    """A merchantman's gunnery 1 against a 38's defence 6: 1·3 < 6, below the lowest
    column (1-3), so no die can hit.  The order is legal (the engine takes it and
    rolls for nothing); the ruling says so rather than a bare CAN FIRE."""
    r = rule(
        write_scenario,
        [("a", "merchantman", "blue", (0, 0), 0), ("b", "frigate-38", "red", (2, 0), 0)],
    )
    assert (r.arc, r.can_fire, r.to_hit["odds"], r.to_hit["p_hit_fraction"]) == (
        "starboard", True, None, "0",
    )  # fmt: skip
    assert r.harmless
    lines = r.text().splitlines()
    assert lines[-2].endswith("(under the table): no hit possible")
    assert lines[-1] == "  CAN FIRE, to no effect: no die can hit"
    assert not rule(write_scenario, [A, ("b", "sloop-18", "red", (2, 0), 0)]).harmless


def test_bow_rake_and_crew_hits_hand_worked(write_scenario):
    """From b's bow hex (1, -1), facing 2, b at (0, 0) lies on a's starboard edge.
    Bow rake: 6 + 6/2 = 9 → 9 : 3 is 3-1 (9 ≥ 3·3), range 1: on 3-1 a die of 1 misses,
    2-4 one hit, 5-6 two.  With one crew hit (scenario ``crew_hits = 1``) the rake is
    added first: 9 − 9/3 = 6 → 6 : 3 is 2-1."""
    b = ("b", "sloop-18", "red", (0, 0), 0)
    r = rule(write_scenario, [("a", "frigate-38", "blue", (1, -1), 2), b])
    assert (r.arc, r.rake, r.to_hit["strength"], r.to_hit["odds"]) == ("starboard", "bow", 9, "3-1")
    assert r.to_hit["hits"] == {"0": "1/6", "1": "1/2", "2": "1/3"}
    hurt = ("a", "frigate-38", "blue", (1, -1), 2, "crew_hits = 1\n")
    r = rule(write_scenario, [hurt, b])
    assert (r.to_hit["strength"], r.to_hit["odds"]) == (6, "2-1")


def test_stern_rake_hand_worked(write_scenario):
    """From b's stern hex (−1, 1): 6 + 6·2/3 = 10 → 10 : 3 is 3-1 (10 ≥ 9, < 12)."""
    b = ("b", "sloop-18", "red", (0, 0), 0)
    r = rule(write_scenario, [("a", "frigate-38", "blue", (-1, 1), 5), b])
    assert (r.rake, r.to_hit["strength"], r.to_hit["odds"]) == ("stern", 10, "3-1")


def test_a_ship_between_the_centres_blocks_and_the_proof_shows_her_hex(write_scenario):
    ships = [A, ("b", "frigate-38", "red", (3, 0), 0), ("c", "sloop-18", "red", (2, 0), 0)]
    r = rule(write_scenario, ships)
    assert (r.line_of_fire, r.blocked_by, r.can_fire) == ("blocked", ["c"], False)
    assert r.reasons == ["the line of fire is blocked by c"]
    assert len(r.proof.blocked) == 1 and len(r.proof.clear) == 1  # (2, 0) stops; (1, 0) not


def test_chase_guns_ahead_and_beyond_their_reach(write_scenario):
    """Dead ahead at 3 hexes: the bow chasers, two dice, both 1s a mast hit: 1/36.
    At 8 hexes the chasers (7) do not reach: in none of her fields."""
    r = rule(write_scenario, [A, ("b", "frigate-38", "red", (3, -3), 0)])
    assert (r.arc, r.dice, r.to_hit["p_hit_fraction"], r.can_fire) == ("fore", 2, "1/36", True)
    r = rule(write_scenario, [A, ("b", "frigate-38", "red", (8, -8), 0)])
    assert (r.arc, r.can_fire) == (None, False)
    assert r.reasons == ["b is 8 hexes off: beyond the chase guns' range"]


def test_at_the_rigging_of_a_ship_under_fighting_sail(write_scenario):
    """Fighting sail: −1 on the die for mast hits.  6 : 6 at range 1 is 1-1 (a die of
    4-6 one hit); less one, 5-6 hit: p = 2/6 = 1/3."""
    b = ("b", "frigate-38", "red", (1, 0), 0, "fighting_sail = true\n")
    r = rule(write_scenario, [A, b], high=True)
    assert r.to_hit["modifiers"] == [{"name": "fighting sail (at her rigging)", "value": -1}]
    assert (r.to_hit["odds"], r.to_hit["hits_are"], r.to_hit["p_hit_fraction"]) == (
        "1-1", "mast", "1/3",
    )  # fmt: skip


def test_fire_cli_json_on_frigate(capsys):
    """The contract's keys, with the zone's outline and the line between the centres."""
    scn = str(ROOT / "scenarios" / "frigate-hex-duel.toml")
    assert main(["fire", scn, "amazon", "ville-de-nantes", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert (d["arc"], d["range_band"], d["can_fire"], d["to_hit"]["odds"]) == (
        "port", "10 hexes", True, "1-3",
    )  # fmt: skip
    # 6 : 3 reaches 2-1; (10 − 1) // 3 = 3 columns less for the range: 1-3
    assert d["to_hit"]["odds_reached"] == "2-1"
    assert d["to_hit"]["column_shifts"] == [{"name": "range 10 hexes", "value": -3}]
    assert len(d["proof"]["ray"]) == 2 and len(d["proof"]["arc"]) >= 6
    assert len(d["proof"]["clear"]) == 9  # the 9 hexes between, none held


def test_fire_cli_bad_ship_is_a_one_line_error(capsys):
    scn = str(ROOT / "scenarios" / "frigate-hex-duel.toml")
    assert main(["fire", scn, "amazon", "nobody"]) == 2
    err = capsys.readouterr().err.strip()
    assert "nobody" in err and "\n" not in err


def test_window_outlines_are_both_broadsides_and_with_bands_the_chasers():
    scn = load_scenario(ROOT / "scenarios" / "frigate-hex-duel.toml")
    rs = scn.ruleset
    assert [f for _, f in rs.look.arc_outlines(scn, scn.ship("amazon"), False)] == [True, True]
    assert [f for _, f in rs.look.arc_outlines(scn, scn.ship("amazon"), True)] == [
        True,
        True,
        False,
        False,
    ]


def test_a_games_table_carries_her_crew_hits(write_scenario, rigged):
    """The window rules on the game's table: a's crew hit goes with her.  6 − 6/3 = 4;
    4 : 3 is 1-1 (4 ≥ 3, 4 < 6), range 2 shifts nothing."""
    g = game(write_scenario, [A, ("b", "sloop-18", "red", (2, 0), 0)], rigged)
    poke(g, set_ship(g.state, "a", crew_hits=1))
    r = rule_fire(g.state.table(), "a", "b")
    assert (r.to_hit["strength"], r.to_hit["odds"]) == (4, "1-1")
