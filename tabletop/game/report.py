"""The game state and its events as a referee reads them, in text and in JSON."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.engine.events import Event
from tabletop.engine.state import GameState, ended


def ship_report(state: GameState, ship: str, viewer: str | None = "") -> dict[str, Any]:
    """Where she is, and her condition as her ruleset reports it; with a ``viewer`` (a
    side, or None for everyone at the table) only what that viewer may see of it."""
    st = state.ship(ship)
    out: dict[str, Any] = {
        "id": ship,
        "side": state.scenario.ship(ship).side,
        "x": round(st.pose.x, 4),
        "y": round(st.pose.y, 4),
        "heading": round(st.pose.heading, 4),
    }
    rs = state.scenario.ruleset
    out.update(rs.ship_report(state, ship) if viewer == "" else rs.report_seen(state, ship, viewer))
    if st.captured_by:
        out["captured_by"] = st.captured_by
    return out


def state_report(state: GameState) -> dict[str, Any]:
    return {
        "scenario": state.scenario.name,
        "ruleset": state.scenario.ruleset.name,
        "units": state.scenario.units,
        "turn": state.turn,
        "active_side": state.active_side,
        # where the wind blows from now (a ruleset may shift it during the game)
        "wind_from": state.wind_from
        if state.wind_from is not None
        else state.scenario.wind.from_deg,
        "wind_strength": state.wind_strength or state.scenario.wind.strength,
        "winner": state.winner,
        "pending": [{"kind": p.kind, "ship": p.ship, "decides": p.side} for p in state.pending],
        "ships": [ship_report(state, s.id) for s in state.ships],
    }


def over_text(state: GameState) -> str:
    """The status of a game that is over, with the turn it ended in (not the next, where
    the turn's end ended it)."""
    assert state.winner is not None
    return f"turn {state.final_turn}: {ended(state.winner)}, the game is over"


def state_text(state: GameState) -> str:
    rep = state_report(state)
    lines = [
        over_text(state)
        if state.winner
        else f"turn {rep['turn']}, {rep['active_side']} to play"
    ]
    for p in rep["pending"]:
        kind = p["kind"].replace("_", " ")
        lines.append(f"  waiting: {p['decides']} decides for {p['ship']}: {kind}")
    for s in rep["ships"]:
        dmg = ""
        if "hull" in s:
            guns = " and ".join(f"{sum(g.values())} {side}" for side, g in s["guns"].items())
            dmg = f", hull {s['hull']}, crew {s['crew']}, guns {guns}"
        flags = f"; {_words(list(s['status']))}" if s["status"] else ""
        lines.append(
            f"  {s['id']:<10} {s['side']:<8} x {s['x']:.2f}, y {s['y']:.2f}, "
            f"heading {s['heading']:.1f}{dmg}{flags}"
        )
    return "\n".join(lines)


@dataclass(frozen=True)
class Face:
    """One die as it came up: its face, its sides, and whether it made what it was
    rolled for (a hit, a save; None where no need was told)."""

    value: int
    sides: int = 6
    made: bool | None = None


def rolled(e: dict[str, Any]) -> tuple[tuple[Face, ...], str] | None:
    """An event's dice as faces, and its words without them, for a log that draws its
    dice (the window's); None for an event that shows none.  A typed event tells its
    own (:meth:`Event.faces`, :meth:`Event.words`); :func:`event_text` keeps them in
    words ("rolls 1 and 4"), for ``run``.  An untyped event (a plugin ruleset's) shows
    none: its dice are in its words, and the cup's :class:`Roll` shows them anyway."""
    if not isinstance(e, Event):
        return None
    got = e.faces()
    if got is None:
        return None
    values, sides, need = got
    return tuple(Face(v, sides, None if need is None else v >= need) for v in values), e.words()


def event_text(e: dict[str, Any]) -> str:
    """One event as a player reads it: an order flush left, what it caused indented.  A
    typed event says itself; every ruleset of ours writes typed events, but a plugin's
    may write plain dicts (tests/test_plugin.py's does), said here by their keys."""
    if isinstance(e, Event):
        return e.text() if e.order else "    " + e.text()
    parts: list[str] = []
    for k, v in e.items():
        f = _field(k, v)
        if f and k in _TOLD and parts:  # "struck amazon (no crew left)": not "why no ..."
            parts[-1] += _TOLD[k].format(_words(v))
        elif f:
            parts.append(f)
    return "    " + ", ".join(parts)


#: Fields that qualify the one before them, and how ("struck amazon, why no crew left"
#: and "repair amazon, what wheel" read as program keys).
_TOLD = {"why": " ({})", "what": ": {}"}


def _field(key: str, v: Any) -> str:
    """One field of an event as a player reads it: a flag is its name ("stopped") or
    its name denied ("not stopped"); nothing given is left out (the log read "stopped
    False", "rake None" and a bare "aim"); a place is said as one ("to x 97.5, y 38.8,
    heading 65", "bow at column 11, row -2"), never as a program's list."""
    name = key.replace("_", " ")
    if isinstance(v, bool):
        return name if v else f"not {name}"
    if v is None or v == "" or v == [] or v == ():
        return ""
    if _numbers(v) and len(v) == 3 and key == "to":
        return f"to x {v[0]:g}, y {v[1]:g}, heading {v[2]:g}"
    if _numbers(v) and len(v) == 2 and key in ("to", "point"):
        return f"{'to' if key == 'to' else 'at'} x {v[0]:g}, y {v[1]:g}"
    if _numbers(v) and len(v) == 2 and key in _HEXES:
        return f"{name} at column {v[0]:g}, row {v[1]:g}"
    return f"{name} {_words(v)}"


#: Fields that name a hex by its two coordinates.
_HEXES = ("bow", "stern", "hex", "from_hex", "into")


def _numbers(v: Any) -> bool:
    return isinstance(v, list | tuple) and all(
        isinstance(x, int | float) and not isinstance(x, bool) for x in v
    )


def _words(v: Any) -> str:
    """A value as a player reads it: lists and tables spelt out, not as program values
    (a list of one name is the name: "beaten french", not "beaten [french]"; dice are
    "1, 4 and 6"; ships "aquilon and defence")."""
    if isinstance(v, dict):
        return "(" + ", ".join(f for k, x in v.items() if (f := _field(k, x))) + ")"
    if isinstance(v, list | tuple):
        items = [_words(x) for x in v]
        if all(isinstance(x, str | int | float) for x in v):
            return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
        return "; ".join(items)
    if isinstance(v, float):
        return f"{v:g}"
    return str(v)


#: The fields of a ship report that say where she is, not her condition.
_WHERE = ("id", "side", "x", "y", "heading", "status", "orders")
#: Fields of her card that follow the play, not her condition (where she lies on the
#: hexes, what she has declared or has left of a segment): no alarm when they change.
_PLAY = ("hex", "hexes", "facing", "allowance", "points_this_segment", "fired")


def condition_line(report: dict[str, Any]) -> str:
    """Her card's line of figures less what follows the play: compared with the same
    line at her side's turn's start, it says what she has lost (a move of hers raised
    the alarm: "as her side began to play: hexes (12, -8) ...")."""
    return ship_card({k: v for k, v in report.items() if k not in _PLAY})[0]


def ship_card(report: dict[str, Any], grappled_with: tuple[str, ...] = ()) -> list[str]:
    """A ship's condition as a player reads it, from her ruleset's report: one line of
    figures (hull, crew, guns by side, masts ... whatever the ruleset reports) and one
    of her state (struck, in irons, grappled with whom ...)."""
    items = [(k, v) for k, v in report.items() if k not in _WHERE and k != "captured_by"]
    # a group mixing figures and tables (a ship diagram) is read as its figures
    flat: list[tuple[str, Any]] = []
    for k, v in items:
        mixed = isinstance(v, dict) and len({isinstance(x, dict) for x in v.values()}) == 2
        flat += list(v.items()) if mixed else [(k, v)]
    figures = [f"{k.replace('_', ' ')} {_figure(v)}" for k, v in flat]
    flags = [
        f"grappled with {', '.join(grappled_with)}" if f == "grappled" and grappled_with else f
        for f in report.get("status", [])
    ]
    if report.get("captured_by"):
        flags.append(f"captured by {report['captured_by']}")
    lines = [f"{report['id']} ({report['side']})" + (": " + " · ".join(figures) if figures else "")]
    if flags:
        lines.append("  " + ", ".join(flags))
    if report.get("orders"):  # plotted orders, as far as the reader may see them
        lines.append("  orders " + " ".join(str(w) for w in report["orders"]))
    return lines


def _figure(v: Any) -> str:
    """Nested figures flattened: guns {port: {light: 2}} → 'port light 2'."""
    if isinstance(v, dict) and any(isinstance(x, dict) for x in v.values()):
        return "; ".join(f"{k.replace('_', ' ')}: {_figure(x)}" for k, x in v.items())
    if isinstance(v, dict):
        return ", ".join(f"{k.replace('_', ' ')} {_figure(x)}" for k, x in v.items())
    if v is None:
        return "—"
    if isinstance(v, list | tuple):
        if not v:
            return "none"
        if all(_numbers(x) and len(x) == 2 for x in v):  # hexes: "column 8, row 0"
            return _words([f"column {_words(x[0])}, row {_words(x[1])}" for x in v])
        if _numbers(v) and len(v) == 2:  # one hex
            return f"column {_words(v[0])}, row {_words(v[1])}"
        return ", ".join(_figure(x) for x in v)
    return _words(v)
