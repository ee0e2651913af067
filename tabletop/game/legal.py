"""Every order a side may give now, as the engine would take it: :func:`legal_actions`.

One list for every client that offers or chooses orders (a fuzzer, a computer player, an
action bar), built alike for all five rulesets from what the core contract declares: a
pending decision's answers; a side's plotted orders (each ship's plots from
``Ruleset.plots``, one ship at a time, the others left blank); and every verb of the
ruleset filled in from its usage (``SHIP`` each of her ships that may act, ``TARGET`` and
``PRIZE`` every other ship, a word of its choices or of ``Ruleset.word_choices``, a
path sampled from her fan), each optional word of choices tried as well.  Each candidate
is tried on the state (nothing is kept) and listed only if the engine takes it.

Continuous moves are sampled, not enumerated: ``paths`` evenly spread ends of her fan
(``Fan.sample``) and a few straight runs, so a move played is "listed" when a move of
that ship is (see :func:`covers`).  Optional words with no listed choices (Hold Fast's
arc and batteries) are left to the engine's defaults.
"""

from __future__ import annotations

from collections.abc import Collection

from tabletop.engine.actions import Verb
from tabletop.engine.core import in_step, refusal
from tabletop.engine.state import GameState

#: Usage words that stand for a path the player lays: sampled from her fan.
PATH_WORDS = ("PATH...", "STEPS...")


def legal_actions(state: GameState, side: str | None = None, paths: int = 6) -> list[str]:
    """Every order the engine would take now (of ``side``'s ships only, if one is
    named), each tried on the state; moves are ``paths`` samples of each ship's fan.

    A pending decision is answered first, and by its side alone; a plot owed is given
    whole; otherwise every ship may be named, not only the side to act's: the engine
    says whose ships may act in this step (a Frigate segment's fire, say, is both
    sides')."""
    return _taken(state, _candidates(state, side, paths))


def ship_orders(
    state: GameState,
    ship: str,
    verbs: Collection[str] | None = None,
    at: str | None = None,
    paths: int = 6,
) -> list[str]:
    """The orders of ``verbs`` (every verb of hers, if None) the engine would take for
    her now, each tried on the state: a computer captain's choices of a verb's words
    (a repair and how many marines, a shot and where it is aimed), ``at`` one ship
    only where a verb names another (her target, her prize).  None while a decision is
    pending or a plot is owed: those are the side's (:func:`legal_actions`)."""
    if state.winner is not None or state.pending or state.scenario.ruleset.plot_spec(state):
        return []
    return _taken(state, _hers(state, ship, verbs, paths, at))


def only_end(state: GameState) -> bool:
    """Whether the one order the engine would take now is "end": :func:`legal_actions`
    is ``["end"]``, found without trying every candidate (the window asks after each
    order whether a step passes by itself; the whole list took up to 22 ms there)."""
    if refusal(state, "end") is not None:
        return False
    return not any(a != "end" and refusal(state, a) is None for a in _candidates(state, None, 2))


def _candidates(state: GameState, side: str | None, paths: int) -> list[str]:
    """The orders to try now (see :func:`legal_actions`), before the engine is asked."""
    if state.winner is not None:
        return []
    rs = state.scenario.ruleset
    if state.pending:
        p = state.pending[0]
        if side not in (None, p.side):
            return []
        return _answers(state, p.ship, [a.action for a in p.answers], paths)
    spec = rs.plot_spec(state)
    if spec is not None:
        if side not in (None, spec.side):
            return []
        plotted = [spec.action({})]
        plotted += [
            spec.action({s: p.words.split()}) for s in spec.ships for p in rs.plots(state, s)
        ]
        return plotted
    out: list[str] = []
    for st in state.ships:
        if side in (None, state.side_of(st.id)):
            out += _hers(state, st.id, None, paths)
    if side in (None, state.active_side):
        out += [verb for verb, v in rs.verbs.items() if not v.usage and not v.answers_only]
    return out


def _hers(
    state: GameState, ship: str, verbs: Collection[str] | None, paths: int, at: str | None = None
) -> list[str]:
    """Her orders to try now, of ``verbs`` (all, if None), before the engine is asked:
    none if she is out of the fight; a verb only in its step of the turn and where the
    ruleset does not refuse it whatever its words (``unready``)."""
    rs = state.scenario.ruleset
    if not rs.fighting(state, ship):
        return []
    out: list[str] = []
    for verb, v in rs.verbs.items():
        if verbs is not None and verb not in verbs:
            continue
        if v.answers_only or not v.usage.startswith("SHIP") or not in_step(state, verb):
            continue
        if rs.unready(state, ship, verb) is None:
            out += _filled(state, ship, verb, v, paths, at)
    return out


def lays_path(v: Verb) -> bool:
    """Whether a verb's words lay a path (a move, a ram): sampled from her fan here."""
    return bool(set(v.required) & set(PATH_WORDS))


def covers(state: GameState, listed: list[str], played: str) -> bool:
    """Whether ``played`` is among ``listed`` as far as they sample it: the very action;
    or, where the list samples the verb's words, an action of that verb for that ship: a
    path (the fan's samples), a plot (``Ruleset.plots``), or an order declared at a step
    (a Frigate allowance: offered by ``word_choices`` until she has declared one, though
    the engine takes a second that replaces the first)."""
    if played in listed:
        return True
    verb, *words = played.split()
    v = state.scenario.ruleset.verbs.get(verb)
    sampled = v is not None and (v.declared or any(w in v.usage for w in (*PATH_WORDS, " W ")))
    return sampled and any(a.split()[:2] == [verb, words[0] if words else ""] for a in listed)


def _filled(
    state: GameState, ship: str, verb: str, v: Verb, paths: int, at: str | None = None
) -> list[str]:
    """The actions a verb's usage stands for, for her: each required word filled in
    (another ship, ``at`` alone if named), then each optional word of listed choices
    tried too."""
    rs = state.scenario.ruleset
    texts = [verb]
    for pos, word in enumerate(v.required):
        if word in PATH_WORDS:
            got = _paths(state, ship, paths, straight=word == "PATH...")
        elif word == "SHIP" and pos == 0:
            got = [ship]
        elif word in ("TARGET", "PRIZE"):
            got = [at] if at is not None else [s.id for s in state.ships if s.id != ship]
        elif v.choices and pos in v.choices:
            got = list(v.choices[pos])
        else:
            got = rs.word_choices(state, ship, verb, word) or []
        texts = [f"{t} {g}" for t in texts for g in got]
    extra = [
        f"{t} {c}"
        for pos, choices in sorted((v.choices or {}).items())
        if pos >= len(v.required)
        for t in texts
        for c in choices
    ]
    return texts + extra


def _paths(state: GameState, ship: str, paths: int, straight: bool) -> list[str]:
    """Paths to try for her: ``paths`` ends of her fan, and on a free table runs straight
    on over what her turn's allowance leaves, whole, a half and a quarter (a ship that
    has sailed part of her move and fired sails on from there: her fresh fan overruns
    it).  The allowance is her move's, laid where it began (a Trafalgar frigate on a
    reach sails more than her speed: a random player who had sailed her speed found
    nothing left to list, though the rest of her allowance was hers to sail)."""
    rs = state.scenario.ruleset
    out = rs.advice.fan_now(state, ship, 2).sample(paths)
    if straight:
        at, sailed, _ = rs.move_so_far(state, ship)
        left = rs.laid_allowance(state.table(), at)[1] - sum(
            float(s.value or 0) for s in sailed if s.kind in "FL"
        )
        out += [f"F{left * k:.4f}".rstrip("0").rstrip(".") for k in (1, 0.5, 0.25) if left * k > 0]
    return out


def _answers(state: GameState, ship: str, actions: list[str], paths: int) -> list[str]:
    """A decision's answers, a ``PATH`` in one laid from her fan's samples."""
    out: list[str] = []
    for a in actions:
        if "PATH" in a.split():
            out += [a.replace("PATH", p) for p in _paths(state, ship, paths, straight=True)]
        else:
            out.append(a)
    return out


def _taken(state: GameState, actions: list[str]) -> list[str]:
    """Those of ``actions`` the engine takes now (each tried on the state, kept nowhere)."""
    return [a for a in dict.fromkeys(actions) if refusal(state, a) is None]
