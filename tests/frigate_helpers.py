"""Laying Frigate ships by hex in a test scenario (1.5-inch flat hexes, as templated)."""

from __future__ import annotations

import random
from dataclasses import replace

from tabletop import rules
from tabletop.data.load import load_scenario
from tabletop.engine.actions import Action
from tabletop.engine.dice import Script
from tabletop.engine.game import Game
from tabletop.engine.state import GameState
from tabletop.errors import TabletopError
from tabletop.geometry.hexgrid import ship_pose

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
