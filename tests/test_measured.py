"""A fan's path as a player measures it (``referee/measured.py``, ``view/fanclick.py``):
runs to a tenth of the unit, turns to whole degrees, never longer than the exact path,
and taken by the engine with nothing more owed at the turn's end."""

from __future__ import annotations

from tabletop.game.game import Game
from tabletop.game.load import load_scenario
from tabletop.game.session import Session
from tabletop.referee.measured import made_up, roundings
from tabletop.referee.movement import parse_path
from tabletop.view.fanclick import laid_path

from .conftest import SCENARIOS


def test_roundings_roundest_first():
    """F4.509341 P30 F5.018683 S45 F0.3: she has run 4.509341, then 9.528024, then
    9.828024 where each run ends; rounded down to tenths: 4.5, 9.5, 9.8, so runs 4.5,
    5 and 0.3.  Then the last run making up the exact length: 9.828024 - 9.5 =
    0.328024.  P33.75 is 34 to the nearest degree, 33 toward none."""
    assert roundings("F4.509341 P30 F5.018683 S45 F0.3") == [
        "F4.5 P30 F5 S45 F0.3",
        "F4.5 P30 F5 S45 F0.328024",
    ]
    assert roundings("F2 P33.75 F11.086653") == [
        "F2 P34 F11", "F2 P34 F11.086653", "F2 P33 F11", "F2 P33 F11.086653"
    ]
    assert roundings("F1 S60 F1") == ["F1 S60 F1"]  # a hex game's: nothing to round
    assert roundings("F0.04 S30 F2") == ["S30 F2", "S30 F2.04"]  # a run of nothing: none


def test_a_last_run_made_up_never_runs_past():
    """F2 P34 F11 made up by 0.0866531 is F11.086653 (six places, rounded down)."""
    assert made_up("F2 P34 F11", 0.0866531) == "F2 P34 F11.086653"
    assert made_up("P45", 1.0) == "P45"  # no run to make up


def measured_all(name: str, n: int = 40) -> list[tuple[str, str, Game, float]]:
    """Every ``len(fan) // n``-th pose of the fan of the first ship to play, laid as a
    click lays it and played through the engine: (exact, laid, the game after, the
    exact path's length)."""
    scn = load_scenario(SCENARIOS / name)
    session = Session.open(scn)
    st = session.game.state
    ship = next(s.id for s in scn.ships if st.side_of(s.id) == st.active_side)
    fan = st.scenario.ruleset.advice.fan_now(st, ship)
    out = []
    for i in range(0, len(fan), max(1, len(fan) // n)):
        exact = fan.path(i)
        laid = laid_path(session, ship, exact)
        game = Game.new(scn)
        game.play(f"{session.move_verb(ship)} {ship} {laid}")  # the engine takes it
        out.append((exact, laid, game, session.preview(ship, exact).distance))
    return out


def check(name: str) -> None:
    """Every laid path: turns whole, runs but the last in tenths, sailed no farther
    than the exact path, and she owes nothing more at the turn's end; most rounded."""
    rows = measured_all(name)
    rounded = 0
    for exact, laid, game, length in rows:
        steps = parse_path(laid)
        runs = [s.value for s in steps if s.kind in "FL"]
        assert all(float(s.value).is_integer() for s in steps if s.kind in "PS"), laid
        assert all(abs(v * 10 - round(v * 10)) < 1e-6 for v in runs[:-1]), laid
        st = game.state
        ship = next(s for s in st.ships if s.path)  # the one that sailed
        assert ship.moved <= length + 1e-6, (exact, laid, ship.moved, length)
        owed = st.scenario.ruleset.turn_owed(st, ship.id)  # the side's ships still owing
        assert owed is None or f"{ship.id} has" not in owed, (laid, owed)
        rounded += laid != exact
    assert rounded >= 0.8 * len(rows), (rounded, len(rows))


def test_the_frigate_duels_fan_laid_as_measured_and_taken():
    check("frigate-duel.toml")


def test_the_squadrons_fan_laid_as_measured_and_taken():
    check("squadron-action.toml")

