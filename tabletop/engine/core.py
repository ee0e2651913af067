"""Applying one action: the engine's kernel.  It imports no ruleset: the scenario's
ruleset parses the action against its verbs and applies its own procedures."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from tabletop.common.errors import IllegalAction, TabletopError
from tabletop.engine.actions import Action, parse
from tabletop.engine.dice import Dice, DiceSource, hash_dice
from tabletop.engine.events import Events, Order
from tabletop.engine.state import GameState, ended

#: A ruleset's answer to one order: its game's procedures (the first argument), the
#: state, the order, the dice and the events it writes; the state after it.
Handler = Callable[..., GameState]


def dispatch(
    handlers: Mapping[str, Handler],
    game: object,
    state: GameState,
    act: Action,
    dice: Dice,
    events: Events,
) -> GameState:
    """Play ``act`` by the handler its verb maps to: a game's procedures declare their
    verbs as one map (as boardgame.io's ``moves``), not as methods found by name."""
    handler = handlers.get(act.verb)
    if handler is None:
        raise IllegalAction(f"'{act.verb}' is not an order of these rules")
    return handler(game, state, act, dice, events)


def in_step(state: GameState, verb: str) -> bool:
    """Whether ``verb`` may be given in the step of the turn being played: the step the
    ruleset declares (its ``caps.steps``) takes it, or ends with it; a ruleset that
    declares none takes every verb at any time."""
    steps = state.scenario.ruleset.caps.steps
    return not steps or verb == "end" or verb in steps[state.phase].verbs


def apply(
    state: GameState, action: Action | str, dice: DiceSource = hash_dice
) -> tuple[GameState, Events]:
    """The next state and the events the action caused.  Pure: the dice come from the
    state's seed and counter through ``dice`` (the hash generator unless a script)."""
    rs = state.scenario.ruleset
    act = parse(action, rs.verbs) if isinstance(action, str) else action
    if state.winner is not None:
        raise IllegalAction(f"the game is over: {ended(state.winner)}")
    if state.pending:
        p = state.pending[0]
        if act.verb not in {a.verb for a in p.answers} or act.ship != p.ship:
            raise IllegalAction(
                f"waiting for {p.side} to decide for {p.ship}: "
                + " or ".join(f"'{a.action}'" for a in p.answers)
            )
    elif act.verb in rs.verbs and rs.verbs[act.verb].answers_only:
        raise IllegalAction(f"there is no decision to make for {act.ship}")
    elif not in_step(state, act.verb):
        raise IllegalAction(f"not now: {rs.step_text(state)}")
    events: Events = [Order(str(act), state.turn, _giver(state, act))]
    cup = dice(state.seed, state.counter, events)
    nxt = state.scenario.ruleset.apply(state, act, cup, events)
    if nxt.winner is not None and state.winner is None:
        nxt = replace(nxt, ended_turn=state.turn)
    return replace(nxt, counter=cup.counter), events


def _giver(state: GameState, act: Action) -> str | None:
    """The side that gave the order: a decision's answer is its decider's, not the
    mover's; a ship's order her side's (both sides fire in a Frigate segment: the log
    said "british: fire ville-de-nantes amazon" of a French ship); else the side to act."""
    if state.pending:
        return state.pending[0].side
    if act.ship and any(s.id == act.ship for s in state.ships):
        return state.side_of(act.ship)
    return state.active_side


def refusal(state: GameState, action: Action | str) -> str | None:
    """The engine's reason for refusing ``action`` now, or None if it would take it
    (tried on the state: pure, nothing is kept)."""
    try:
        apply(state, action)
    except TabletopError as e:
        return str(e)
    return None
