"""A scenario's ``[scenario]`` keys besides its name, ruleset, units, table and seed:
the optional rules it switches on, each checked against what its ruleset declares
(``Ruleset.options``: a checkbox, a side, two sides, a ship, a turn or one of a few
words), so a set-up can offer each as the ruleset declares it and a misspelt or foreign
option is an error, not silently ignored."""

from __future__ import annotations

from typing import Any

from tabletop.data.reader import Reader, join
from tabletop.rules.base import Ruleset

#: ``[scenario]`` keys every scenario may have, besides its ruleset's options.
_HEAD = ("name", "ruleset", "units", "table", "seed")
#: Options any ruleset's scenario may carry: the drill's windward mark.
_COMMON_OPTIONS = {"mark": "mark"}


def read_options(
    r: Reader, head: dict[str, Any], ruleset: Ruleset, sides: set[str], ids: list[str]
) -> dict[str, Any]:
    """The optional rules the scenario switches on, each checked against the ruleset's
    declared options (``bool``, ``side``, ``sides``: two of them, ``ship``: one of its
    ships' ids, ``turn``: a game-turn, 1 or later, ``a|b|c``: one of those words): a
    misspelt or foreign option is an error, not silently ignored."""
    known = {**_COMMON_OPTIONS, **ruleset.options}
    out: dict[str, Any] = {}
    for key, value in head.items():
        if key in _HEAD:
            continue
        kind = known.get(key)
        path = join("scenario", key)
        if kind is None:
            names = ", ".join(sorted(known)) or "none"
            r.error(path, f"a scenario key or an option of {ruleset.name} ({names})", key)
        elif kind == "bool" and not isinstance(value, bool):
            r.error(path, "true or false", value)
        elif kind == "sides" and (
            not isinstance(value, list)
            or len(value) != 2
            or not all(isinstance(v, str) and v in sides for v in value)
        ):
            r.error(path, f"two of the scenario's sides ({', '.join(sorted(sides))})", value)
        elif kind == "side" and not (isinstance(value, str) and value in sides):
            r.error(path, f"one of the scenario's sides ({', '.join(sorted(sides))})", value)
        elif kind == "ship" and value not in ids:
            r.error(path, f"one of the scenario's ships ({', '.join(ids)})", value)
        elif kind == "turn" and (type(value) is not int or value < 1):
            r.error(path, "a game-turn: a whole number, 1 or more", value)
        elif "|" in kind and value not in kind.split("|"):
            r.error(path, "one of " + ", ".join(kind.split("|")), value)
        else:
            out[key] = value
    return out
