"""What the window offers a player, as the engine would take it: the action bar's
buttons tried on the state, and a secret plot's words kept off a shared screen.  No
drawing here (the panes draw what these say)."""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import apply
from tabletop.errors import TabletopError
from tabletop.view.tools import Button


def playable(state: Any, buttons: list[Button], ship: str | None = None) -> list[Button]:
    """The buttons whose action the engine would take now: each whole action is tried on
    the state (pure: nothing is kept); one still wanting a target or a path is tried
    with each other ship and a few of her fan's paths, and offered if any is taken (or
    nothing can be tried), unless the ruleset refuses its verb for ``ship`` whatever the
    words (``unready``).  The bar offered a move after she had fired, a prize in the
    fire phase, a fire in the damage control, and the game refused each."""
    out = []
    rs = state.scenario.ruleset
    for b in buttons:
        if ship is not None and rs.unready(state, ship, b.action.split()[0]) is not None:
            continue
        if not b.needs_typing and not any(_taken(state, a) for a in _tries(state, b, ship)):
            continue
        out.append(b)
    return out


def _tries(state: Any, b: Button, ship: str | None) -> list[str]:
    """The whole actions ``b`` stands for, as far as the bar can fill it: a target each
    other ship, a path a few of her fan's (a button that cannot be filled: none)."""
    targets = [s.id for s in state.ships if s.id != ship] if b.needs_target else [None]
    paths = [""]
    if b.needs_path and ship is not None:
        _asked(state)
        if ("fan", ship) not in _TAKEN:  # her fan, once for the state
            _TAKEN["fan", ship] = state.scenario.ruleset.fan_now(state, ship, 2).sample(6)
        paths = _TAKEN["fan", ship]
    return [b.fill(t, p) for t in targets for p in paths] if targets and paths else [b.action]


def _taken(state: Any, action: str) -> bool:
    """Whether the engine takes the action now (tried on the state: nothing is kept)."""
    key = (id(state), action)
    _asked(state)
    if key not in _TAKEN:
        try:
            apply(state, action)
            _TAKEN[key] = True
        except TabletopError:
            _TAKEN[key] = False
    return bool(_TAKEN[key])


def _asked(state: Any) -> None:
    """The answers kept are the state's: another state, and they are dropped."""
    if _TAKEN.get("state") is not state:
        _TAKEN.clear()
        _TAKEN["state"] = state  # held: its id is not reused while the answers stand


#: The engine's answers (and her fan's paths) for the state last asked about (the bar
#: is built many times a turn; the state changes only with an action).
_TAKEN: dict[Any, Any] = {}

def hide(line: str, secret: frozenset[str]) -> str:
    """A secret action's words kept off a shared screen: the verb, not the plot."""
    words = line.split()
    verb_at = 1 if words[:1] == [">"] else 0
    if len(words) > verb_at and words[verb_at] in secret:
        return " ".join(words[: verb_at + 1]) + " … (hidden until revealed)"
    return line
