"""Laying Frigate ships by hex in a test scenario (1.5-inch flat hexes, as templated)."""

from __future__ import annotations

import random
from dataclasses import replace

from tabletop import rules
from tabletop.common.errors import TabletopError
from tabletop.engine.actions import Action
from tabletop.engine.dice import Script
from tabletop.engine.state import GameState
from tabletop.game.game import Game, read_log
from tabletop.game.load import load_scenario
from tabletop.geometry.hexgrid import ship_pose
from tabletop.model.scenario import Scenario

from .hex_helpers import OFF, at, rel  # noqa: F401 (the tests import them from here)


def rs():
    return rules.load("frigate")


def text(ships, wind="N", strength="moderate", options=""):
    """``ships``: (id, class, side, hex (q, r), facing[, extra TOML lines])."""
    grid = rs().grid
    out = [
        '[scenario]\nname = "t"\nruleset = "frigate"\nunits = "in"\n'
        f"table = {{ width = 60, depth = 60 }}\nseed = 1\n{options}",
        f"[wind]\nfrom = {wind if isinstance(wind, int | float) else repr(wind)}\n"
        f'strength = "{strength}"\n',
    ]
    for sid, cls, side, h, facing, *extra in ships:
        p = ship_pose(grid, at(h), facing, 1)
        out.append(
            f'[[ships]]\nid = "{sid}"\nroster = "{cls}"\nside = "{side}"\n'
            f"x = {p.x!r}\ny = {p.y!r}\nheading = {p.heading!r}\n" + "".join(extra)
        )
    return "\n".join(out)


def game(write_scenario, ships, script: Script, **kw) -> Game:
    scn = load_scenario(write_scenario(text(ships, **kw)))
    return Game.new(scn, 1, dice=script.cup)


def declare(g: Game, speeds: dict[str, int]) -> None:
    """The declaration phase: each side declares its ships' allowances, then ends."""
    for _side in g.state.sides:
        mine = [s for s in speeds if g.state.side_of(s) == g.state.active_side]
        for s in mine:
            g.play(f"speed {s} {speeds[s]}")
        g.play("end")


def ship(g: Game, sid: str):
    return g.state.ship(sid)


def set_ship(state: GameState, sid: str, **kw) -> GameState:
    return state.with_ship(replace(state.ship(sid), **kw))


def poke(g: Game, state: GameState) -> None:
    """Make ``state`` the game's current state (damage or a position from earlier play)."""
    g.history.append((state, Action("end"), []))


def random_play(scn, seed: int, n: int = 300) -> Game:
    """A game of up to ``n`` legal actions chosen by a seeded random player."""
    rnd = random.Random(seed)
    g = Game.new(scn, seed)
    ids = [s.id for s in scn.ships]
    for _ in range(n):
        st = g.state
        if st.winner:
            break
        tries = []
        for me in ids:
            tries += [f"speed {me} {rnd.randint(0, 12)}", f"move {me} F1", f"move {me} S60"]
            tries += [f"move {me} P60", f"move {me} F2"]
            for t in ids:
                if t != me:
                    aim = rnd.choice(("hull", "rigging"))
                    tries += [f"fire {me} {t} {aim}", f"chase {me} {t}", f"capture {me} {t}"]
                    tries += [f"destroy {me} {t}"]
        rnd.shuffle(tries)
        for t in [*tries[:30], "end"]:
            try:
                g.play(t)
                break
            except TabletopError:
                continue
    return g


#: The prize game played on past the capture that wins it, in the scenario without its
#: convoy objective: amazon breaks away, jason rakes the escort from her bow hex, the
#: escort chases amazon and rakes jason from her stern hex.
PLAYED_ON = [
    "move jason F2",
    "end",
    "move amazon F1",
    "move jason F1",
    "end",
    "move hussard F1",
    "fire jason hussard",
    "end",
    "end",
    "end",
    "speed amazon 8",
    "speed jason 4",
    "end",
    "speed hussard 4",
    "end",
    "fire jason hussard",
    "move amazon S60 F1",
    "move jason F1",
    "end",
    "move hussard F1",
    "end",
    "fire hussard jason rigging",
    "end",
    "move jason F1",
    "move amazon F2",
    "end",
    "end",
    "end",
    "end",
    "end",
]


def prize_played_on(write_scenario) -> tuple[Scenario, int | None, list[str]]:
    """The shipped prize log and :data:`PLAYED_ON` after it, on the prize scenario less
    its convoy objective (which ends the shipped game at the capture)."""
    from .conftest import ROOT

    text = (ROOT / "scenarios/frigate-hex-prize.toml").read_text()
    free = text.replace('convoy = "ville-de-nantes"\n', "")
    assert free != text
    seed, actions = read_log(ROOT / "games/frigate-hex-prize.log")
    return load_scenario(write_scenario(free)), seed, [*actions, *PLAYED_ON]
