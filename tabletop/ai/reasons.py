"""The captain's reasons, one readable line per ship: "bears away to rake loire's stern"."""

from __future__ import annotations

import math

from tabletop.ai.judge import Shot, Verdict, enemy_to_close
from tabletop.engine.state import GameState
from tabletop.geometry.angles import relative_wind, wrap
from tabletop.geometry.pose import Pose


def fire_reason(ship: str, shot: Shot) -> str:
    rake = f", raking her {shot.rake}" if shot.rake else ""
    return (
        f"{ship} fires her {shot.arc} broadside into {shot.target}{rake} "
        f"({shot.hits:.2f} hits expected)"
    )


def order_reason(ship: str, text: str, owed: str | None = None, declared: bool = False) -> str:
    """An order other than a move or fire: what it answers when the ruleset says she
    owes one ("amazon must complete her tack: tack amazon starboard"; the ruleset's
    own words, its hint in brackets left off), what she declares ("amazon declares her
    speed 7"), else the verb ("amazon: recovers")."""
    if owed is not None:
        return f"{owed.split(' (')[0]}: {text}"
    words = text.split()
    if declared:
        return f"{ship} declares her {words[0]} {' '.join(words[2:])}"
    return f"{ship}: {words[0]}s ({text})"


def move_reason(
    state: GameState, ship: str, pose: Pose, v: Verdict, alongside: str = "", tack: bool = False
) -> str:
    """What her helm does (stands on, bears away, hauls her wind; ``tack``: goes about
    through the wind, ``pose`` where the tack will leave her) and why: the enemy she
    lays herself alongside (to board or take her), else the best shot her move gives,
    else the enemy she closes with or the danger she keeps from.  A ship her judge keeps
    from the enemy more than it closes her (``Verdict.shy`` over a half: he outmatches
    her) does not close with him: a merchantman's "stands on to close amazon" said what
    her judge did not want."""
    wind = state.table().wind.from_deg
    old = state.ship(ship).pose
    before, after = relative_wind(wind, old.heading), relative_wind(wind, pose.heading)
    turn = wrap(pose.heading - old.heading)
    if tack:
        helm = "goes about"
    elif abs(turn) < 5:
        helm = "stands on"
    elif after > before + 5:
        helm = "bears away"
    elif after < before - 5:
        helm = "hauls her wind"
    else:
        helm = f"turns to {'starboard' if turn > 0 else 'port'}"
    if alongside:
        why = f"to lay herself alongside {alongside}"
    elif v.shots:
        best = max(v.shots.values(), key=lambda s: s.value)
        why = (
            f"to rake {best.target}'s {best.rake}"
            if best.rake
            else f"to bring her {best.arc} broadside to bear on {best.target}"
        )
    elif v.terms.get("danger", 0.0) < -50:  # the edge's or a shore's penalty, not the place's
        shoals = any(t.kind in ("land", "shoal") for t in state.scenario.terrain)
        why = "to keep off the edge and the shoals" if shoals else "to keep off the edge"
    else:
        foe = enemy_to_close(state, ship, old.x, old.y)
        if foe is None:
            why = "with no enemy left to fight"
        else:
            e = state.ship(foe).pose
            if tack:  # she barely moves: closing is where her new bow points
                bearing = math.degrees(math.atan2(e.x - pose.x, e.y - pose.y))
                nearer = abs(wrap(bearing - pose.heading)) < abs(wrap(bearing - old.heading))
            else:
                d0 = math.hypot(old.x - e.x, old.y - e.y)
                nearer = math.hypot(pose.x - e.x, pose.y - e.y) < d0
            if v.shy > 0.5:
                why = (
                    f"as best she can, outmatched by {foe}"
                    if nearer
                    else f"to keep her distance from {foe}, who outmatches her"
                )
            else:
                why = f"to close {foe}" if nearer else f"to keep her distance from {foe}"
                quarry = state.scenario.ruleset.advice.quarry(state, state.side_of(ship))
                if nearer and foe == quarry:
                    why += ", whose taking wins the battle"  # not the enemy nearest her
    risk = v.terms.get("exposure", 0.0)
    tail = ", under fire" if risk < -1 else ""  # "outmatched by amazon under fire" misread
    return f"{ship} {helm} {why}{tail}"
