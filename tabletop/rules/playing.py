"""The values of a game in play that a ruleset passes through its interface
(:mod:`tabletop.rules.base`): the steps of its turn, what a side plots ahead, what a
captain weighs of a shot, and a ship's record sheet.

Apart from :mod:`tabletop.rules.types` (what reading a template needs), and importable
from there too, on first use: a ruling on a scenario loads none of them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tabletop.geometry.pose import Pose


@dataclass(frozen=True)
class TurnStep:
    """One step of a ruleset's turn, declared as data (as boardgame.io declares a game's
    phases): its name as the players say it, what the side to act does in it, and the
    verbs it takes.  ``end`` closes every step, and a pending decision's answers are
    taken whenever one is owed, so neither is listed.  The engine refuses any other verb
    outside its step, for every ruleset alike, before the ruleset is asked."""

    name: str
    does: str
    verbs: frozenset[str]

    def says(self, side: str) -> str:
        """Where the turn stands: "phase 3: fire, british to declare"."""
        return f"{self.name}, {side} to {self.does}"


@dataclass(frozen=True)
class PlotSpec:
    """What a side owes when its ships' orders are plotted ahead for several phases and
    kept from the other side (Hold Fast's movement orders): what a plotting panel offers.

    The plot is given as one action, ``verb SHIP w1 … wn [SHIP w1 … wn …]``, one word per
    slot; ``words`` are the words a slot takes, each with what it does."""

    verb: str
    side: str
    ships: tuple[str, ...]
    slots: tuple[str, ...]
    words: tuple[tuple[str, str], ...]
    blank: str = "-"
    #: A line per ship beside her row, where the panel has nothing else to say of her
    #: (Hold Fast: the phases her speed lets her act in; learnt only from a refusal).
    hints: tuple[tuple[str, str], ...] = ()
    #: Per ship, the slots she may act in as she stands (Hold Fast: her speed's phases),
    #: until a word of ``alters`` in her plot changes them (a sail change): the panel
    #: skips the others as words are put and marks them; none given, every slot.
    acts: tuple[tuple[str, tuple[int, ...]], ...] = ()
    alters: tuple[str, ...] = ()

    def action(self, plots: dict[str, list[str]]) -> str:
        parts = [self.verb]
        for s in self.ships:
            parts += [s, *plots.get(s, [self.blank] * len(self.slots))]
        return " ".join(parts)


@dataclass(frozen=True)
class FireChance:
    """What one ship's fire at an enemy would do as they lie, for a captain weighing it:
    the arc (broadside) it comes from, the expected damage by the rules' exact odds, and
    the end she rakes (or enfilades), if any."""

    arc: str
    expected: float
    rake: str | None = None


@dataclass(frozen=True)
class Plot:
    """One ship's plotted orders for a turn given ahead (her part of her side's order),
    and where she will be after each phase if nothing stops her; ``after``: where she
    will lie when the turn is over, where that is not her last phase's pose (a drift
    after the last phase), else None."""

    words: str
    poses: tuple[Pose, ...]
    after: Pose | None = None


@dataclass(frozen=True)
class Track:
    """One row of a ship's record sheet: ``of`` boxes, ``left`` of them not yet struck
    off; ``lost_now`` of those struck were struck since her side's turn began (drawn in
    the alarm colour).  ``group``: the heading it shares with others (``masts``: fore,
    main, mizzen; a broadside: its guns by type).  ``marks``: a letter per box, ``.``
    where plain, for what striking that box off costs besides (Trafalgar's shaded ``C``
    crew, ``G`` gun, ``R`` rigging boxes).  ``sections``: the boxes in each section
    where the sheet divides the track (Hold Fast's hull and masts: a section lost
    slows her).  ``shape``: ``box``, or ``circle`` where the sheet draws circles."""

    label: str
    left: int
    of: int
    lost_now: int = 0
    group: str = ""
    marks: str = ""
    sections: tuple[int, ...] = ()
    shape: str = "box"


#: A mast as her drawing on the table shows it: standing, damaged, or shot away.
MAST_STATES = ("standing", "damaged", "gone")


@dataclass(frozen=True)
class Card:
    """A ship's condition as her record sheet shows it: the tracks of boxes struck off,
    her guns by battery (a track each, grouped by broadside), the figures said rather
    than boxed, and what her drawing on the table shows of it: each mast bow first
    (:data:`MAST_STATES`; none where her rules do not track masts one by one), whether
    she is on fire, and the ships she is grappled or afoul with."""

    tracks: tuple[Track, ...] = ()
    batteries: tuple[Track, ...] = ()
    figures: tuple[tuple[str, str], ...] = ()
    masts: tuple[str, ...] = ()
    afire: bool = False
    fast_to: tuple[str, ...] = ()

    def since(self, then: Card) -> Card:
        """This card with each track's ``lost_now``: the boxes it has lost since
        ``then`` (her card as her side's turn began), matched by group and label."""

        def marked(tracks: tuple[Track, ...], before: tuple[Track, ...]) -> tuple[Track, ...]:
            was = {(t.group, t.label): t.left for t in before}
            out = []
            for t in tracks:
                lost = was.get((t.group, t.label), t.left) - t.left
                out.append(replace(t, lost_now=max(0, min(t.of - t.left, lost))))
            return tuple(out)

        return replace(
            self,
            tracks=marked(self.tracks, then.tracks),
            batteries=marked(self.batteries, then.batteries),
        )
