"""What Frigate's guns and boarders cause, each event in its own words: a broadside on
the combat results table, the chase guns, the hits marked at a segment's end, and the
prizes taken, retaken and destroyed."""

from __future__ import annotations

from tabletop.engine.events import Event, plural


def hits_on(n: int, aim: str) -> str:
    """Hits as the aim makes them: at the hull crew hits, at the rigging mast hits."""
    if n == 0:
        return "no hits"
    return plural(n, "crew hit" if aim == "hull" else "mast hit")


class Broadside(Event):
    """A broadside fired: its side and aim, the range and rake, the strength against the
    defence, the odds (None: under the table, no die); on the table, the die and its
    modifier, and the hits it made."""

    __slots__ = ()

    def __init__(
        self, ship: str, at: str, side: str, aim: str, range_: int, rake: str | None,
        strength: int, defence: int, odds: str | None, die: int | None = None,
        modifier: int = 0, hits: int = 0,
    ) -> None:  # fmt: skip
        super().__init__(shot=ship, at=at, side=side, aim=aim, range=range_, rake=rake,
                         strength=strength, defence=defence, odds=odds)  # fmt: skip
        if die is not None:  # on the table: the die rolled
            self.update(die=die, modifier=modifier)
        self["hits"] = hits

    def text(self) -> str:
        rake = f", raking her {self['rake']}" if self["rake"] else ""
        said = (
            f"{self['shot']} fires her {self['side']} broadside at {self['at']}'s "
            f"{self['aim']}, {plural(self['range'], 'hex', 'hexes')} off{rake}: strength "
            f"{self['strength']} against defence {self['defence']}"
        )
        if self["odds"] is None:
            return said + ", under the table's odds: no hits"
        mod = f" {self['modifier']:+d}" if self["modifier"] else ""
        odds = self["odds"].replace("-", " to ")
        return said + f", odds {odds}, a {self['die']}{mod}: {hits_on(self['hits'], self['aim'])}"


class Chase(Event):
    """Her chase guns fired, and a mast hit when every die shows the face.  Its dice
    are said (and drawn, in the window) by the cup's roll just before it: drawn here
    too, the log showed each pair twice."""

    __slots__ = ()

    def __init__(self, ship: str, at: str, guns: str, dice: list[int], mast_hit: bool) -> None:
        super().__init__(chase=ship, at=at, guns=guns, dice=dice, mast_hit=mast_hit)

    def text(self) -> str:
        hit = "a mast hit" if self["mast_hit"] else "no hit"
        return f"{self['chase']} fires her {self['guns']} chasers at {self['at']}: {hit}"


class Hits(Event):
    """The segment's hits marked on her: all she now carries of each kind."""

    __slots__ = ()

    def __init__(self, ship: str, crew: int, masts: int) -> None:
        super().__init__(hits=ship, crew=crew, masts=masts)

    def text(self) -> str:
        crew = plural(self["crew"], "crew hit") if self["crew"] else "no crew hits"
        masts = plural(self["masts"], "mast hit") if self["masts"] else "no mast hits"
        return f"{self['hits']}'s hits are marked: she now has {crew} and {masts}"


class Captured(Event):
    """Alongside, an attack at the odds the rules ask makes her strike."""

    __slots__ = ()
    weight = 2

    def __init__(self, ship: str, by: str, attack: int, defence: int) -> None:
        super().__init__(captured=ship, by=by, odds=f"{attack} to {defence}")

    def text(self) -> str:
        return (
            f"{self['captured']} strikes her colours to {self['by']}, threatened at {self['odds']}"
        )


class Recaptured(Event):
    __slots__ = ()
    weight = 2

    def __init__(self, ship: str, by: str) -> None:
        super().__init__(recaptured=ship, by=by)

    def text(self) -> str:
        return f"{self['recaptured']} is retaken by {self['by']}"


class Destroying(Event):
    """She sets about destroying a prize alongside, counted from the next turn."""

    __slots__ = ()

    def __init__(self, prize: str, by: str, from_turn: int) -> None:
        super().__init__(destroying=prize, by=by, from_turn=from_turn)

    def text(self) -> str:
        return (
            f"{self['by']} sets about destroying her prize {self['destroying']}, "
            f"counting from turn {self['from_turn']}"
        )
