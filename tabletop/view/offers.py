"""What the window offers a player, as the engine would take it: the action bar's
buttons tried on the state, and a secret plot's words kept off a shared screen.  No
drawing here (the panes draw what these say)."""

from __future__ import annotations

from typing import Any

from tabletop.engine.core import refusal
from tabletop.view.tools import Button, action_buttons


def playable(state: Any, buttons: list[Button], ship: str | None = None) -> list[Button]:
    """The buttons whose action the engine would take now (:func:`why_not` is None)."""
    return [b for b in buttons if why_not(state, b, ship) is None]


def why_not(state: Any, b: Button, ship: str | None) -> str | None:
    """Why the engine would not take ``b`` now, in a player's words; None when it would.
    Each whole action is tried on the state (pure: nothing is kept); one still wanting
    a target is tried with each other ship and taken if any is; one wanting a path is
    refused only where the ruleset refuses its verb for ``ship`` whatever the words
    (``unready``).  The bar offered a move after she had fired, a prize in the fire
    phase, a fire in the damage control: the game refused each."""
    rs = state.scenario.ruleset
    verb = b.action.split()[0]
    if ship is not None and (why := rs.unready(state, ship, verb)) is not None:
        return str(why)
    if b.needs_typing and ship is not None and _nothing_to_type(state, b, ship):
        return f"no {verb} of {ship} the rules take now"  # "speed … (type)" in a segment
    tries = [] if b.needs_typing else _tries(state, b, ship)
    if tries and not any(taken(state, a) for a in tries):
        return _said(state, tries)
    return None


def steady(
    state: Any, ship: str | None, unchosen: str | None, no_path: str | None = None
) -> list[tuple[Button, str | None]]:
    """The action bar as it stands: every button the ruleset's verbs make, each with why
    the engine would not take it now (None: it would), "end" first.  The same buttons in
    the same places whatever is selected, so a click lands where it did: a button the
    selected ship cannot play is greyed, not removed ("end turn" slid from x 149 to 59
    once she had fired; in Hold Fast "end step" was first or fourth by the selection,
    and a player hit "fire …" instead).  ``ship``: the ship the buttons are for (the
    pending decision's when one waits); ``unchosen``: why there is none, when there is
    none of the side to act selected; ``no_path``: why a move is out (none of it left).
    A secret plot's verb is not on the bar (its panel gives it)."""
    rs = state.scenario.ruleset
    verbs = {v: spec for v, spec in rs.verbs.items() if v not in rs.caps.secret_verbs}
    pending = state.pending[0] if state.pending else None
    every = action_buttons(verbs, None, ship or "SHIP")
    step = rs.step_text(state) is not None  # a step of the turn: "end turn" ended a phase
    ends = [Button("end step", b.action, b.key) if step else b for b in every if b.action == "end"]
    out: list[tuple[Button, str | None]] = []
    if pending is not None:
        first = f"{pending.side} decides for {pending.ship} first"
        out += [(b, first) for b in ends]
        answers = action_buttons(verbs, pending, ship)
        return out + [(b, why_not(state, b, ship)) for b in answers]
    for b in [*ends, *(b for b in every if b.action != "end" and not b.optional)]:
        if ship is None and b.action != "end":
            out.append((b, unchosen or "select a ship first"))
        elif no_path is not None and b.needs_path:
            out.append((b, no_path))
        else:
            out.append((b, why_not(state, b, ship if b.action != "end" else None)))
    if ship is not None:  # a choice of an optional word, where taken: after the fixed places
        out += [(b, None) for b in every if b.optional and why_not(state, b, ship) is None]
        out += [(b, None) for b in _typed_choices(state, every, ship)]
    return out


#: The most values of a typed word the bar lays out as buttons (a declared speed's 0-10).
MOST_CHOICES = 12


def _typed_choices(state: Any, every: list[Button], ship: str) -> list[Button]:
    """A button per value of a word the player would type, where the ruleset lists the
    values the rules take now (``Ruleset.word_choices``: Frigate's declared speed, 0 up
    to her allowance) and they are few: 'speed 6' by a click, where it had to be typed
    (issue 59, 'every action by mouse').  Each is one the engine takes; none otherwise."""
    rs = state.scenario.ruleset
    out: list[Button] = []
    for b in every:
        verb = b.action.split()[0]
        spec = rs.verbs.get(verb)
        if not b.needs_typing or spec is None or len(spec.required) != 2:
            continue
        values = rs.word_choices(state, ship, verb, spec.required[1]) or []
        if len(values) > MOST_CHOICES:
            continue
        for v in values:
            c = Button(f"{verb} {v}", f"{verb} {ship} {v}", optional=True)
            if why_not(state, c, ship) is None:
                out.append(c)
    return out


def _said(state: Any, tries: list[str]) -> str:
    """Why none of an order's tries is taken: the engine's reason for the first (all,
    where there is but one: "end"), with how many targets were tried."""
    taken(state, tries[0])
    why = _TAKEN.get(tries[0]) or "not now"
    return why if len(tries) == 1 else f"{why} (nor at any other ship)"


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
    side = state.side_of(ship) if ship is not None else None  # her enemies first: why
    others = sorted((s for s in state.ships if s.id != ship),  # the shot is refused is
                    key=lambda s: state.side_of(s.id) == side)  # theirs  # fmt: skip
    targets = [s.id for s in others] if b.needs_target else [None]
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
        _TAKEN[action] = refusal(state, action)  # why not (None: taken), for the bar too
    return _TAKEN[action] is None


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
    verb_at = 1 if words[:1] and words[0].endswith(":") else 0  # "british: orders ..."
    mine = len(words) > verb_at + 1 and words[verb_at + 1] in own
    if len(words) > verb_at and words[verb_at] in secret and not mine:
        return " ".join(words[: verb_at + 1]) + " … (hidden until revealed)"
    return line
