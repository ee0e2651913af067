"""Laying Escadres ships by hex in a test scenario (1.5-inch flat hexes, as templated)."""

from __future__ import annotations

from dataclasses import replace

from tabletop import rules
from tabletop.engine.actions import Action
from tabletop.engine.dice import Script
from tabletop.engine.state import GameState
from tabletop.game.game import Game
from tabletop.game.load import load_scenario
from tabletop.geometry.hexgrid import ship_pose
from tabletop.rules.escadres.game import EscadresGame

from .hex_helpers import OFF, at, rel  # noqa: F401 (the tests import them from here)


def rs():
    return rules.load("escadres")


def text(ships, wind="N", strength=""):
    """``ships``: (id, class, side, bow (q, r), facing[, extra TOML lines])."""
    grid = rs().grid
    out = [
        '[scenario]\nname = "t"\nruleset = "escadres"\nunits = "in"\n'
        "table = { width = 60, depth = 60 }\nseed = 1\n",
        f'[wind]\nfrom = "{wind}"\n' + (f'strength = "{strength}"\n' if strength else ""),
    ]
    for sid, cls, side, bow, facing, *extra in ships:
        p = ship_pose(grid, at(bow), facing, 2)
        out.append(
            f'[[ships]]\nid = "{sid}"\nroster = "{cls}"\nside = "{side}"\n'
            f"x = {p.x!r}\ny = {p.y!r}\nheading = {p.heading!r}\n" + "".join(extra)
        )
    return "\n".join(out)


def game(write_scenario, ships, script: Script, **kw) -> Game:
    scn = load_scenario(write_scenario(text(ships, **kw)))
    return Game.new(scn, 1, dice=script.cup)


def engine() -> EscadresGame:
    return EscadresGame(rs())


def cup(script: Script, events=None):
    return script.cup(1, 0, [] if events is None else events)


def set_ship(state: GameState, ship: str, **kw) -> GameState:
    return state.with_ship(replace(state.ship(ship), **kw))


def random_play(scn, seed: int, n: int = 300) -> Game:
    """A game of up to ``n`` legal actions chosen by a seeded random player."""
    import random

    from tabletop.common.errors import TabletopError

    rnd = random.Random(seed)
    g = Game.new(scn, seed)
    for _ in range(n):
        st = g.state
        if st.winner:
            break
        if st.pending:
            g.play(rnd.choice(st.pending[0].answers).action)
            continue
        me = next((s for s in st.ships if s.active), None)
        if me is None:  # she burst out in her own turn: the next name is drawn
            g.play("end")
            continue
        tries = [f"move {me.id} F1", f"move {me.id} S60", f"move {me.id} P60"]
        tries += [f"fire {me.id} {t.id}" for t in st.ships if t.id != me.id]
        rnd.shuffle(tries)
        for t in [*tries, "end"]:
            if t != "end" and rnd.random() < 0.2:
                continue
            try:
                g.play(t)
                break
            except TabletopError:
                continue
    return g


def poke(g: Game, state: GameState) -> None:
    """Make ``state`` the game's current state (a marker or damage from earlier play)."""
    g.history.append((state, Action("end"), []))
