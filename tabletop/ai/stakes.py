"""What the result of an order is worth to a side, beyond the lie of the table: the
material of the battle (each ship's loss by the side she began with) and the battle
itself, won or lost.  The captain weighs an order other than a move (a capture, a
boarding, an aim) and a move that ends alongside an enemy by these."""

from __future__ import annotations

from tabletop.ai.judge import damage_share
from tabletop.ai.weights import Weights
from tabletop.engine.state import GameState


def material(state: GameState, side: str) -> float:
    """The enemy's losses less her own side's, as shares of each ship (0..1 each), by
    the side each ship began with: a prize taken (struck, now flying her captor's
    colours) is her old side's loss, not her captor's."""
    first = {s.id: state.scenario.ship(s.id).side for s in state.ships}
    mine = sum(damage_share(state, s.id) for s in state.ships if first[s.id] == side)
    theirs = sum(damage_share(state, s.id) for s in state.ships if first[s.id] != side)
    return theirs - mine


def outcome(state: GameState, side: str, w: Weights) -> float:
    """What an order's result is worth to her side beyond the lie of the table:
    ``material`` per whole ship's worth of damage dealt less taken and, with
    ``victory``, the battle ended in her side's favour (less, in the enemy's).  Material
    alone undervalues the blow that ends it: a Frigate warship with three crew hits is
    all but lost already, so taking her alongside (and with her the battle) was worth
    0.06 of a ship, and a captain lying beside her raked her for eight turns instead."""
    won = 0.0
    if state.winner == side:
        won = 1.0
    elif state.winner is not None and state.winner != "draw":
        won = -1.0
    return w.material * material(state, side) + w.victory * won
