"""Actions: small immutable values with one text form shared by CLI, log and tests.

``move amazon F2 S30 F12.5``, ``fire amazon loire high``, ``end`` ... ``parse`` and
``str`` round-trip.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.errors import TabletopError

#: verb → (argument names, help)
VERBS: dict[str, tuple[str, str]] = {
    "move": ("SHIP PATH...", "sail a path (SPEC path syntax); may be split to fire as she bears"),
    "ram": ("SHIP TARGET PATH...", "sail a path meaning to collide with TARGET (command check)"),
    "fire": ("SHIP TARGET [high]", "fire the broadside that bears on TARGET"),
    "tack": ("SHIP port|starboard", "complete a tack: close-hauled with the wind over that side"),
    "recover": ("SHIP port|starboard", "out of irons or luffing onto the nominated tack"),
    "choose": ("SHIP irons|luffing", "the opponent's choice after a failed check"),
    "avoid": ("SHIP PATH...", "the rammed ship sails clear (command check, half movement)"),
    "stand": ("SHIP", "the rammed ship stands and is grappled"),
    "board": ("SHIP TARGET", "send a boarding party across to a grappled enemy"),
    "cut": ("SHIP", "cut loose from every grappled ship (command check)"),
    "end": ("", "end the active side's player turn"),
}


@dataclass(frozen=True)
class Action:
    verb: str
    args: tuple[str, ...] = ()

    @property
    def ship(self) -> str:
        return self.args[0] if self.args else ""

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))


def parse(text: str) -> Action:
    """Parse one action; a bad one is a TabletopError that says what was expected."""
    words = text.split()
    if not words:
        raise TabletopError("empty action")
    verb = words[0].lower()
    if verb not in VERBS:
        raise TabletopError(f"unknown action '{words[0]}': expected one of {', '.join(VERBS)}")
    args = tuple(words[1:])
    need = {
        "move": 2,
        "ram": 3,
        "fire": 2,
        "tack": 2,
        "recover": 2,
        "choose": 2,
        "avoid": 2,
        "stand": 1,
        "board": 2,
        "cut": 1,
        "end": 0,
    }[verb]
    exact = verb in ("tack", "recover", "choose", "stand", "board", "cut", "end")
    if len(args) < need or (exact and len(args) != need) or (verb == "fire" and len(args) > 3):
        raise TabletopError(f"'{text.strip()}': expected '{verb} {VERBS[verb][0]}'".rstrip())
    if verb in ("tack", "recover") and args[1] not in ("port", "starboard"):
        raise TabletopError(f"'{text.strip()}': the tack is 'port' or 'starboard'")
    if verb == "choose" and args[1] not in ("irons", "luffing"):
        raise TabletopError(f"'{text.strip()}': choose 'irons' or 'luffing'")
    if verb == "fire" and len(args) == 3 and args[2] != "high":
        raise TabletopError(f"'{text.strip()}': the only fire option is 'high'")
    return Action(verb, args)
