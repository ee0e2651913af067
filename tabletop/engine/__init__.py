"""The game engine: an immutable state, actions with a text form, dice, log, undo, replay.

``apply(state, action) -> (state, events)`` is pure: the dice come from a counter-based
generator whose seed and position live in the state, so a log of actions replays to the
identical state and undo never re-rolls.  Rulesets supply the procedures.
"""
