"""The computer captain's evaluation weights: one data file per ruleset.

``templates/ai/<ruleset>.toml`` holds what a captain values (``[weights]``) and how hard
she looks (``[search]``), so a house style of play is an edit, not a code change.  Every
value is validated at load through the :class:`Reader`; a key nothing reads is an error.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from tabletop.common.errors import TabletopError
from tabletop.data.paths import templates_dir
from tabletop.data.reader import Reader, load_toml
from tabletop.rules.base import Ruleset

_NUMBERS = (
    "fire",
    "rake",
    "exposure",
    "reply",
    "close",
    "weather",
    "mobility",
    "edge",
    "land",
    "blunder",
    "damage",
    "finish",
    "material",
    "escape_turn",
)
_LENGTHS = ("ideal_range", "edge_margin", "land_margin")
#: Whole numbers ≥ 1 every [search] table gives (the last two: the judgements counted,
#: see ``ai.clock``).
_COUNTS = ("density", "shortlist", "admiral_shortlist", "replies", "judgements", "stage_judgements")


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights (lengths in the ruleset's unit) and the search's sizes."""

    fire: float
    rake: float
    exposure: float
    reply: float
    close: float
    weather: float
    mobility: float
    edge: float
    land: float
    blunder: float
    damage: float
    finish: float
    material: float
    escape_turn: float
    escape: float
    riposte: float
    lee: float
    prudence: float
    #: The admiral's: how far a ship counts as her worth in the battle's score
    #: (``Advice.worth``, against her side's mean; see ``judge.stake``): an escaping
    #: ship sails for her edge, and an enemy is chased, by it; 0 weighs all alike.
    stakes: float
    #: The admiral's: an enemy who outmatches her and lies within a turn's run of her
    #: where her move leaves her, times how far he outmatches her and how near he lies,
    #: costs what she is still worth (``material``) and, where she is his side's
    #: ``Advice.quarry``, the battle (``victory``): a capture or a boarding the
    #: fire of his reply does not show (``ai.replies.boarding_threat``); her side's
    #: threat to his ships is weighed alike (``ai.replies.menace``), and she fires
    #: where her blind cups lift the most of it (``ai.replies.lifting_shot``).
    threat: float
    #: Per ``formation_gap`` that her nearest consort lies beyond ``formation_gap`` (up
    #: to two of them): a squadron keeps together (see ``judge.placed``).
    formation: float
    #: A battle won (the engine's ``winner`` her side), in the units of the weights: an
    #: order that ends it is worth more than what is left of the ship it takes.
    victory: float
    #: A plotted turn (see ``ai.plotting``): a plot whose base touches, in any phase, a
    #: consort's where her own plot puts her then (within ``foul_margin``), as the
    #: rules judge a collision at the end of each phase's movement.  A ship's plot that
    #: ran her aboard her consort cost both a hull box, their orders and the turn.
    foul: float
    #: Beyond ``approach_range``, per half turn (180°) her bow points away from the enemy
    #: she closes with (see ``judge.placed``): she comes about after a pass (none: unweighed).
    approach: float
    #: What a move that finishes on a later turn (``Advice.turnabouts``: a tack)
    #: costs her beyond the pose it leads to: the turn she lies in stays.
    turnabout: float
    ideal_range: float
    #: From this range to the enemy she closes with ``approach`` begins to count, in
    #: full from twice it (none given: ``ideal_range``).
    approach_range: float
    edge_margin: float
    land_margin: float
    formation_gap: float
    #: How near a consort's plotted base counts as fouling her (``foul``): a plot cut
    #: short, hers or the consort's, leaves them nearer than plotted.
    foul_margin: float
    density: int
    shortlist: int
    admiral_shortlist: int
    replies: int
    #: The admiral foresees the replies of her nearest this many enemies as their own
    #: captain would give them; 0 samples each enemy's replies instead (``ai.replies``).
    foreseen: int
    #: A foreseen reply is his captain's best of this many of his sketched moves,
    #: judged alike for each of her candidates; 0: as many as her decision's count
    #: has left (the first candidate's reply best of twenty, the later ones one).
    reply_care: int
    time_limit: float
    decision_limit: float
    #: One ship's decision and each stage of its search, in judgements counted (see
    #: ``ai.clock``): where these stop the search before the clock does, a match
    #: replays alike on any machine.
    judgements: int
    stage_judgements: int
    #: A plotted turn: each later phase's judgement counts this share of the one before
    #: (see ``ai.plotting``); 1 weighs every phase alike.
    phase_trust: float = 1.0
    #: The levels that foresee a secret plot (see ``ai.plotting.foresee``); all by default.
    foresee: tuple[str, ...] = ("captain", "admiral")
    #: The fire verb's optional words (of those its usage lists) every level weighs
    #: against the rules' default, by what the blind cups take from the enemy (see
    #: ``Captain.aimed``); none by default: an aim the judge cannot price is left alone.
    aims: tuple[str, ...] = ()


def ai_file(rs: Ruleset) -> Path:
    return templates_dir() / "ai" / f"{rs.name}.toml"


def load_weights(rs: Ruleset) -> Weights:
    """The weights for this ruleset, read once; a missing or bad file is a clear error."""
    fire = rs.verbs.get("fire")
    listed = (fire.choices or {}) if fire is not None else {}
    aims = tuple(c for pos, cs in sorted(listed.items()) if pos >= 2 for c in cs)
    return _load(rs.name, rs.units, str(ai_file(rs)), aims)


@lru_cache(maxsize=8)
def _load(name: str, units: str, file: str, listed: tuple[str, ...] = ()) -> Weights:
    """The file's weights; ``listed``: the optional words of the fire verb, the only
    ones ``[search] aims`` may name."""
    if not Path(file).exists():
        raise TabletopError(f"{file}: no computer captain for the ruleset '{name}' (no such file)")
    data = load_toml(Path(file))
    r = Reader(file)
    w = r.table(data, "", "weights")
    s = r.table(data, "", "search")
    nums = {k: r.number(w, "weights", k, minimum=0) for k in _NUMBERS}
    # only a ruleset with escapes (Advice.goal_edges) needs it: none sail for an edge
    nums["escape"] = r.number(w, "weights", "escape", default=0.0, minimum=0)
    # the admiral's: her broadside back where the enemy's reply leaves him (none: unweighed)
    nums["riposte"] = r.number(w, "weights", "riposte", default=0.0, minimum=0)
    # a lee shore: the edges the wind blows onto, feared from twice the edge margin
    nums["lee"] = r.number(w, "weights", "lee", default=0.0, minimum=0)
    # an outmatched ship keeps her distance (Advice.match_strength; none: all close)
    nums["prudence"] = r.number(w, "weights", "prudence", default=0.0, minimum=0)
    # the admiral's: ships weighed by what they score in the battle (none: all alike)
    nums["stakes"] = r.number(w, "weights", "stakes", default=0.0, minimum=0)
    # the admiral's: an enemy who can come alongside her (none: unweighed)
    nums["threat"] = r.number(w, "weights", "threat", default=0.0, minimum=0)
    # a squadron keeps together: her nearest consort within formation_gap (none: unweighed)
    nums["formation"] = r.number(w, "weights", "formation", default=0.0, minimum=0)
    # the battle won by an order (none: only the material it gains is weighed)
    nums["victory"] = r.number(w, "weights", "victory", default=0.0, minimum=0)
    # a plot that runs her aboard a consort's plotted place (none: unweighed)
    nums["foul"] = r.number(w, "weights", "foul", default=0.0, minimum=0)
    # her bow toward the enemy beyond her range: she comes about after a pass (none: unweighed)
    nums["approach"] = r.number(w, "weights", "approach", default=0.0, minimum=0)
    # a tack's cost beyond where it leads (none: only that pose is weighed)
    nums["turnabout"] = r.number(w, "weights", "turnabout", default=0.0, minimum=0)
    lens = {k: r.length(w, "weights", k, units) for k in _LENGTHS}
    lens["formation_gap"] = r.length(w, "weights", "formation_gap", units, default=0.0)
    lens["foul_margin"] = r.length(w, "weights", "foul_margin", units, default=0.0)
    lens["approach_range"] = r.length(
        w, "weights", "approach_range", units, default=lens["ideal_range"]
    )
    if nums["formation"] and lens["formation_gap"] <= 0:
        r.error("weights.formation_gap", "a length above 0 where formation is weighed", None)
    search = {k: r.integer(s, "search", k, minimum=1) or 1 for k in _COUNTS}
    for k in _COUNTS:
        if k not in s:
            r.error(f"search.{k}", "a whole number ≥ 1", None)
    search["foreseen"] = r.integer(s, "search", "foreseen", minimum=0, default=0) or 0
    search["reply_care"] = r.integer(s, "search", "reply_care", minimum=0, default=0) or 0
    limit = r.number(s, "search", "time_limit", minimum=0.01, maximum=60)
    whole = r.number(s, "search", "decision_limit", minimum=0.05, maximum=60)
    trust = r.number(s, "search", "phase_trust", default=1.0, minimum=0, maximum=1)
    foresee = r.strings(s, "search", "foresee") if "foresee" in s else ("captain", "admiral")
    for level in foresee:
        if level not in ("captain", "admiral"):
            r.error("search.foresee", 'a list of levels: "captain", "admiral"', level)
    aims = r.strings(s, "search", "aims")
    for aim in aims:
        if aim not in listed:
            said = " or ".join(f'"{a}"' for a in listed) or "none (its fire has no aim)"
            r.error("search.aims", f"a list of the fire verb's aims: {said}", aim)
    r.report_unused(data)
    r.raise_if_any()
    times = {"time_limit": limit, "decision_limit": whole}
    kept = {"phase_trust": trust, "foresee": foresee, "aims": aims}
    return Weights(**nums, **lens, **search, **times, **kept)  # type: ignore[arg-type]
