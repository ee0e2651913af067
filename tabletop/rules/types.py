"""The values a ruleset takes and returns through its interface (:mod:`tabletop.rules.base`):
what it can do (its capabilities) and the drill's course, read with its template.

The values of a game in play (the turn's steps, plots, a shot's chance, the record
sheet) live in :mod:`tabletop.rules.playing` and are importable from here too: they are
loaded when first asked for (PEP 562), so a ruling, which reads a template and rules,
starts without building them.  (The hex overlay's template section, read alike by every
hex game, is read in :mod:`tabletop.rules.hextable`.)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tabletop.rules.playing import (
        MAST_STATES,
        Card,
        FireChance,
        Plot,
        PlotSpec,
        Track,
        TurnStep,
    )

#: What :mod:`tabletop.rules.playing` holds, importable from here on first use.
PLAYING = ("TurnStep", "PlotSpec", "FireChance", "Plot", "Track", "Card", "MAST_STATES")

__all__ = ["Capabilities", "DrillDefaults", "TurnStep", "PlotSpec", "FireChance", "Plot",
           "Track", "Card", "MAST_STATES"]  # fmt: skip


def __getattr__(name: str) -> Any:
    """A game's values, imported when first asked for (``from tabletop.rules.types
    import Card`` works as ever)."""
    if name in PLAYING:
        from tabletop.rules import playing

        return getattr(playing, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(frozen=True)
class Capabilities:
    """What a ruleset can do and how its table behaves, declared in one record (as
    OpenSpiel's ``GameType`` is): the clients read these instead of asking method by
    method.  ``has_gunnery`` and ``speed_is_length`` are filled in when the ruleset is
    built (from its code and its template); ``close_hauled`` and ``fixed_turn`` by the
    rulesets whose template sets them."""

    #: Whether the game engine can play it (a golden playthrough is then required).
    has_engine: bool = False
    #: Whether it rules fire at all (it implements ``rule_fire``).
    has_gunnery: bool = False
    #: Whether a class's speed is a length (else it counts hexes, phases or actions).
    speed_is_length: bool = True
    #: Her paths' step kinds (L luffing, T tack, A/W anchors): the window's keys.
    path_tokens: str = "FPS"
    #: The one turn a ship makes, where turns are fixed pivots (the window turns by it).
    fixed_turn: float | None = None
    #: θ of a ship close-hauled (the drill's laylines); None where the rules have none.
    close_hauled: float | None = None
    #: Whether θ 0 is irons: no move, whatever the sector says.
    irons_head_to_wind: bool = False
    #: What a move that meets a ship does, where not stop at the contact ({ship}: hers).
    contact_words: str = ""
    #: Whether a move meets what her hull sweeps on the way (a continuous table); False
    #: where her plan itself stops her before a hex another ship holds, and a hull
    #: pivoting in her hex touches nobody.
    swept_contact: bool = True
    #: Whether a target her arcs' outlines do not reach is never in arc (the outlines are
    #: the arcs, not a picture of them out to some range): the window then rules only
    #: the enemies they reach.
    arcs_are_outlined: bool = False
    #: Verbs whose words are secret when played (a plot of orders): a shared screen
    #: shows that they were played, not what they say.
    secret_verbs: frozenset[str] = frozenset()
    #: The turn's steps in order, where a turn has more than each side's turn to play
    #: (Hold Fast's orders, phases and damage control; Frigate's declaring and
    #: segments): ``GameState.phase`` is the index of the one being played.  Empty: the
    #: turn is the sides' turns alone, and every verb may be given in them.
    steps: tuple[TurnStep, ...] = ()


@dataclass(frozen=True)
class DrillDefaults:
    """The tacking drill's course for this ruleset: class, distance, mark radius."""

    cls: str
    distance: float
    radius: float
