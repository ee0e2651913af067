"""Actions: small immutable values with one text form shared by CLI, log and tests.

``move amazon F2 S30 F12.5``, ``fire amazon loire high``, ``end`` ... ``parse`` and
``str`` round-trip.  Each ruleset declares its own verbs (:class:`Verb`): how many
words follow, which words are allowed where, and a line of help; the engine only
checks an action against them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from tabletop.common.errors import TabletopError, clip


@dataclass(frozen=True)
class Verb:
    """One verb's arguments: ``usage`` as shown in help (``"SHIP TARGET [high]"``),
    the least and most words after it (``most`` None: any number, a path), and for
    chosen words, their position → the words allowed there.  ``answers_only``: the verb
    only answers a pending decision.  ``declared``: an order given for each ship at a
    step of every turn (an allowance declared), which the engine fills in by default
    when none is given: a computer captain gives it (its first choice unless another
    does better) rather than leave it to the default."""

    usage: str
    help: str
    least: int
    most: int | None
    choices: Mapping[int, tuple[str, ...]] | None = None
    answers_only: bool = False
    declared: bool = False

    @property
    def required(self) -> list[str]:
        """The usage's words less its optional ``[...]`` groups (``[L2 S C]`` is one)."""
        return re.sub(r"\[[^\]]*\]", "", self.usage).split()


@dataclass(frozen=True)
class Action:
    """One order as played: its verb and the words after it (``str`` gives it back)."""

    verb: str
    args: tuple[str, ...] = ()

    @property
    def ship(self) -> str:
        return self.args[0] if self.args else ""

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))


def parse(text: str, verbs: Mapping[str, Verb]) -> Action:
    """Parse one action against a ruleset's verbs; a bad one is a TabletopError that says
    what was expected."""
    words = text.split()
    if not words:
        raise TabletopError("empty action")
    verb = words[0].lower()
    if verb not in verbs:
        known = ", ".join(verbs)
        raise TabletopError(f"unknown action '{clip(words[0])}': expected one of {known}")
    spec = verbs[verb]
    args = tuple(words[1:])
    if len(args) < spec.least or (spec.most is not None and len(args) > spec.most):
        raise TabletopError(f"'{clip(text.strip())}': expected '{verb} {spec.usage}'".rstrip())
    for pos, allowed in (spec.choices or {}).items():
        if pos < len(args) and args[pos] not in allowed:
            raise TabletopError(
                f"'{clip(text.strip())}': expected {' or '.join(repr(a) for a in allowed)} "
                f"as word {pos + 2}, found '{clip(args[pos])}'"
            )
    return Action(verb, args)
