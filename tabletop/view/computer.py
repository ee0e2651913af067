"""The computer's side in the window: one order at a time, each with its reason in the
message, and a fault in the computer said, never a closed window.  No drawing here."""

from __future__ import annotations

import traceback

from tabletop.view.host import Host

#: Seconds between two of the computer's orders, for the player to follow them.
PACE = 0.5


def step(view: Host) -> None:
    """The computer's next order, if its side is to act and its pause is over.  A fault
    in it stops the computer (an error each half second would bury the message) and is
    said; the game stands, to be saved or played on by hand."""
    game = view.session.game if view.session is not None else None
    if view.autopilot is None or game is None or view._ai_wait > 0:
        return
    try:
        cap = view.autopilot.due(game.state)
        if cap is None:
            return
        d = cap.decide(game.state)
    except Exception as e:
        traceback.print_exc()
        view.autopilot = None
        view.say(f"the computer failed ({type(e).__name__}: {e}) and plays no more; the "
                 "game is kept: save it, or play its side by hand", error=True)  # fmt: skip
        return
    first = len(game.events)
    if view.play(d.action) and d.reason:
        secret = game.state.scenario.ruleset.caps.secret_verbs
        if d.action.split()[0] in secret:  # a plot's aim would give it away
            view.say(f"the {cap.side} orders are given (hidden until revealed)")
        else:
            view.say(d.reason)
            view._reasons[(id(view.session), first)] = d.reason
    view._ai_wait = PACE


def lone_human(view: Host) -> str | None:
    """The one side a human plays against the computer, who sees the screen alone: her
    own secret orders are shown to her whole (her card read 'P ? ? ? ?' of the orders she
    had just given); None without the computer, or with two humans at the screen."""
    game = view.session.game if view.session is not None else None
    if view.autopilot is None or game is None:
        return None
    humans = [s for s in game.state.sides if s not in view.autopilot.captains]
    return humans[0] if len(humans) == 1 else None


def take_back(view: Host) -> bool:
    """Ctrl+Z: the last action; against the computer, back to the last of the player's
    own (the computer's orders since taken back with it).  Taking back the computer's
    last order alone did nothing that could be seen: it gave the very same order again
    (its decisions come from the table), so the player's undo was lost."""
    s = view.session
    if s is None or not s.undo():
        return False
    while view.autopilot is not None and s.game is not None and view.autopilot.due(s.game.state):
        if not s.undo():  # the computer's orders from the start: none of the player's
            break
    return True


def own_ships(view: Host) -> frozenset[str]:
    """The lone human's ships against the computer (:func:`lone_human`): his own secret
    orders are his to read in the log; none without the computer."""
    side = lone_human(view)
    game = view.session.game if view.session is not None else None
    if side is None or game is None:
        return frozenset()
    return frozenset(s.id for s in game.state.ships if game.state.side_of(s.id) == side)
