"""Hold Fast under random play: random plots and random declarations are played or
refused in words (never a crash), a refusal changes nothing, and replay is identical."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as hs

from tabletop.common.errors import TabletopError
from tabletop.game.game import Game, replay
from tabletop.game.load import load_scenario

from .conftest import ROOT

SCN = load_scenario(ROOT / "scenarios/hold-fast-squadrons.toml")
IDS = [s.id for s in SCN.ships]
PHASE = hs.sampled_from(["F", "P", "S", "RS", "LS", "DA", "WA", "D", "-", "-", "F", "F"])
ACTION = hs.one_of(
    hs.builds(lambda a, b, w: f"fire {a} {b} {w}".strip(), hs.sampled_from(IDS),
              hs.sampled_from(IDS), hs.sampled_from(["", "L", "S2", "C", "high", "port"])),
    hs.builds(lambda a, b: f"board {a} {b}", hs.sampled_from(IDS), hs.sampled_from(IDS)),
    hs.builds(lambda a, b: f"marines {a} {b}", hs.sampled_from(IDS), hs.sampled_from(IDS)),
    hs.builds(lambda a, w: f"repair {a} {w}", hs.sampled_from(IDS),
              hs.sampled_from(["mast", "hull", "rudder", "fire"])),
    hs.builds(lambda a, w: f"place {a} {w}", hs.sampled_from(IDS),
              hs.sampled_from(["same", "opposite", "port", "starboard"])),
    hs.just("end"), hs.just("end"), hs.just("end"),
)  # fmt: skip


def _orders(data, side: str, state) -> str:
    words = ["orders"]
    for s in SCN.ships:
        if state.side_of(s.id) == side and data.draw(hs.booleans()):
            words += [s.id, *(data.draw(PHASE) for _ in range(5))]
    return " ".join(words)


@settings(max_examples=30, deadline=None)
@given(data=hs.data(), seed=hs.integers(0, 10**6))
def test_random_play_is_played_or_refused_and_replays(data, seed):
    game = Game.new(SCN, seed)
    for _ in range(60):
        if game.state.winner:
            break
        before = game.state
        if game.state.phase == 0:
            action = _orders(data, game.state.active_side, game.state)
        elif game.state.pending:
            p = game.state.pending[0]
            action = data.draw(hs.sampled_from([a.action for a in p.answers] + ["end"]))
        else:
            action = data.draw(ACTION)
        try:
            game.play(action)
        except TabletopError as e:
            assert str(e) and game.state == before
    again = replay(SCN, [str(a) for a in game.actions], seed)
    assert again.state == game.state and again.events == game.events


def test_a_state_snapshot_shows_the_phase_only_where_a_ruleset_uses_it():
    # the kernel's one generalisation: GameState.phase, kept out of every other
    # ruleset's snapshot (so their goldens replay unchanged)
    game = Game.new(SCN, 1)
    assert "phase" not in game.state.snapshot()
    game.play("orders")
    game.play("orders")
    assert game.state.snapshot()["phase"] == 1
    other = Game.new(load_scenario(ROOT / "scenarios/frigate-duel.toml"), 1)
    assert "phase" not in other.state.snapshot()
    assert other.state.scenario.ruleset.look.phase_poses(other.state, "amazon", ()) == ()
