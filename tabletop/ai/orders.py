"""The orders a captain may give a ship besides a move and fire: every action of the
ruleset's verbs, filled in from each verb's usage words."""

from __future__ import annotations

from tabletop.ai.judge import enemies
from tabletop.engine.state import GameState


def options(state: GameState, ship: str) -> list[str]:
    """Every action of the ruleset's verbs for her, filled in from the verb's usage:
    SHIP her, TARGET each enemy, a word from its choices (the ruleset's own first:
    ``Ruleset.word_choices``), PATH a few of her fan."""
    rs = state.scenario.ruleset
    out: list[str] = []
    for verb, spec in rs.verbs.items():
        if verb in ("move", "fire", "end") or spec.answers_only or "..." in spec.usage:
            continue
        words = spec.required
        texts = [verb]
        for pos, word in enumerate(words):
            got = rs.word_choices(state, ship, verb, word)
            if got is None:
                got = fill(state, ship, word, (spec.choices or {}).get(pos))
            texts = [f"{t} {f}" for t in texts for f in got]
        out.extend(texts)
    return out


def fill(state: GameState, ship: str, word: str, choices: tuple[str, ...] | None) -> list[str]:
    """The words a usage word stands for: its choices, her id, each enemy, a few paths
    of her fan, else the word's first form."""
    if choices:
        return list(choices)
    if word == "SHIP":
        return [ship]
    if word == "TARGET":
        return enemies(state, state.side_of(ship))
    if word.startswith("PATH"):
        return state.scenario.ruleset.advice.fan_now(state, ship, 2).sample(6)
    return ["|".join(word.split("|")[:1])]
