"""What the window offers a player, as the engine would take it: the action bar's
buttons tried on the state, and a secret plot's words kept off a shared screen.  No
drawing here (the panes draw what these say)."""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import refusal
from tabletop.view.tools import Button


def playable(state: Any, buttons: list[Button], ship: str | None = None) -> list[Button]:
    """The buttons whose action the engine would take now: each whole action is tried on
    the state (pure: nothing is kept); one still wanting a target is tried with each
    other ship and offered if any is taken; one wanting a path, unless the ruleset
    refuses its verb for ``ship`` whatever the words (``unready``: tried with a few of
    her fan's paths, a Trafalgar ship part-way through her move, whose fresh moves
    overrun what is left, lost her "move").  The bar offered a move after she had fired,
    a prize in the fire phase, a fire in the damage control: the game refused each."""
    out = []
    rs = state.scenario.ruleset
    step = rs.step_text(state) is not None  # a step of the turn: "end turn" ended a phase
    for b in buttons:
        if b.action == "end" and step:
            b = Button("end step", b.action, b.key)
        if ship is not None and rs.unready(state, ship, b.action.split()[0]) is not None:
            continue
        if b.needs_typing and ship is not None and _nothing_to_type(state, b, ship):
            continue  # "speed … (type)" in a segment: every allowance refused
        tries = [] if b.needs_typing else _tries(state, b, ship)
        if tries and not any(taken(state, a) for a in tries):
            continue
        out.append(b)
    return out


def _nothing_to_type(state: Any, b: Button, ship: str) -> bool:
    """Whether a word left for the player to type has no value the rules take now (the
    ruleset lists none: ``Ruleset.word_choices`` gives an empty list)."""
    rs = state.scenario.ruleset
    verb = b.action.split()[0]
    spec = rs.verbs.get(verb)
    words = spec.required[1:] if spec else []
    return any(rs.word_choices(state, ship, verb, w) == [] for w in words)


def _tries(state: Any, b: Button, ship: str | None) -> list[str]:
    """The whole actions ``b`` stands for, as far as the bar can fill it: a target each
    other ship (none with a path to come: the path is the player's, not to be guessed;
    with no other ship, the action as it stands, which the engine refuses)."""
    targets = [s.id for s in state.ships if s.id != ship] if b.needs_target else [None]
    if b.needs_path:  # unless there is no ship to aim it at (the drill offered a ram)
        return [] if targets else [b.action]
    return [b.fill(t, "") for t in targets] if targets else [b.action]


def ruled(
    lines: list[str], state: Any, firer: str, target: str, verb: str = "fire"
) -> list[str]:
    """The fire ruling's lines, checked against the game: where the table's geometry
    says CAN FIRE and the engine refuses the shot now (her damage, a broadside fired,
    the step of the turn), its last line says so (the tool said CAN FIRE, then G was
    refused: "amazon has no dice at redoutable").  ``verb`` fires the ruling's arc
    (``Look.fire_verb``: a Frigate ship's chasers are ``chase``)."""
    if state is None or not lines or not lines[-1].strip().startswith("CAN FIRE"):
        return lines
    why = refusal(state, f"{verb} {firer} {target}")
    return lines if why is None else [*lines[:-1], f"  cannot fire now: {why}"]


def taken(state: Any, action: str) -> bool:
    """Whether the engine takes the action now (tried on the state: nothing is kept)."""
    _asked(state)
    if action not in _TAKEN:
        _TAKEN[action] = refusal(state, action) is None
    return bool(_TAKEN[action])


def _asked(state: Any) -> None:
    """The answers kept are the state's: another state, and they are dropped."""
    if _TAKEN.get(None) is not state:
        _TAKEN.clear()
        _TAKEN[None] = state  # the state they answer for (no action is None)


#: The engine's answers for the state last asked about (the bar is built many times a
#: turn; the state changes only with an action).
_TAKEN: dict[Any, Any] = {}


def hide(line: str, secret: frozenset[str], own: frozenset[str] = frozenset()) -> str:
    """A secret action's words kept off a shared screen: the verb, not the plot; but
    for the ships of ``own`` (the lone player's against the computer, who read his own
    orders as '… (hidden until revealed)')."""
    words = line.split()
    verb_at = 1 if words[:1] == [">"] else 0
    mine = len(words) > verb_at + 1 and words[verb_at + 1] in own
    if len(words) > verb_at and words[verb_at] in secret and not mine:
        return " ".join(words[: verb_at + 1]) + " … (hidden until revealed)"
    return line
