"""Games played by the legal list, through the command line: ``legal_games``.

The hostile cases elsewhere feed the CLI what it must refuse.  These feed it what it must
take: a game of a few orders, each drawn from ``legal_actions`` on the state the orders
before it left (so states no golden game reaches), written as a log with its seed.
``tabletop run`` must replay it whole (exit 0: a refusal is good input refused), save
it, and ``tabletop check`` must verify the save.  A walk that finds nothing listed before
the battle is over fails at once: the list has lost the orders a player still has (a
ship that sailed part of her move was once offered none of the rest).
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from hypothesis import strategies as st

from tabletop.game.game import Game
from tabletop.game.legal import legal_actions
from tabletop.game.load import load_scenario

from .fuzzing import SCENARIOS, Case

#: Scenarios a walk plays: every one the engine plays, but those of many ships (a list
#: there tries hundreds of orders; the walks would crowd out every other case).
MOST_SHIPS = 6


@cache
def _playable() -> tuple[str, ...]:
    out = []
    for p in SCENARIOS:
        scn = load_scenario(p)
        if scn.ruleset.caps.has_engine and len(scn.ships) <= MOST_SHIPS:
            out.append(str(p))
    return tuple(out)


def walk(path: str, seed: int, picks: random.Random, orders: int) -> list[str]:
    """Up to ``orders`` orders of a game of ``path`` on ``seed``, each drawn from the
    list of the state before it; fewer only if the battle ends."""
    game = Game.new(load_scenario(path), seed)
    for _ in range(orders):
        listed = legal_actions(game.state, paths=2)
        if not listed:
            if game.state.winner is None:
                raise AssertionError(f"{path}, seed {seed}: nothing listed after {game.actions}")
            break
        game.play(picks.choice(listed))
    return [str(a) for a in game.actions]


@st.composite
def legal_games(draw: Any) -> Case:
    """``tabletop run`` of a walk's log, saving it; the save then checked."""
    path = draw(st.sampled_from(_playable()))
    seed = draw(st.integers(0, 2**31 - 1))
    played = walk(path, seed, draw(st.randoms(use_true_random=False)), draw(st.integers(1, 8)))
    log = f"seed {seed}\n" + "".join(f"{a}\n" for a in played)
    return Case(
        argv=["run", path, "{dir}/game.log", "--save", "{dir}/game.json", "--json"],
        files={"game.log": log},
        expect="ok",
        then=["check", "{dir}/game.json", "--json"],
    )
