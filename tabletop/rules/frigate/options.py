"""What a Frigate ship may do now, for a player (the computer captain) choosing: every
move her points allow in this segment (a fan of hex moves), what her broadside would
do, and the allowances she may declare.

Each is the engine's own rule, run: a move of the fan is a sequence of steps the
engine's :class:`~tabletop.rules.frigate.moves.Movement` takes, step by step (points,
turning costs, the extra point into the wind, three hexsides only to tack or fall off,
the table's edge, land, running afoul); a broadside's odds are the engine's fire, tried
with each face of the die.  Nothing here copies a rule.
"""

from __future__ import annotations

from dataclasses import replace

from tabletop.common.errors import IllegalAction
from tabletop.engine.actions import Action
from tabletop.engine.dice import Dice
from tabletop.engine.state import GameState
from tabletop.geometry.hexgrid import place
from tabletop.referee.fan import Fan, empty_fan, hex_fan
from tabletop.rules import hextable
from tabletop.rules.base import FireChance
from tabletop.rules.frigate import board
from tabletop.rules.frigate.board import Board
from tabletop.rules.frigate.combat import Combat, Events
from tabletop.rules.frigate.host import Host
from tabletop.rules.frigate.ship import FrigateShip, ship_of

#: The most steps a move of the fan is tried with (a segment's points are a few; a
#: turn's cost may be taken from the later segments).
MOST_STEPS = 5


def at_pose(rs: Board, state: GameState, st: FrigateShip) -> FrigateShip:
    """Her hex and facing read from her pose (a pose of her fan she is being judged at);
    afoul, she stays where the rules put her, unless her pose is one she has sailed to
    (a break-away from a prize)."""
    if st.out is not None:
        return st
    if st.afoul is not None:
        if st.pose == board.pose_of(rs, state, st):
            return st
        st = replace(st, afoul=None, side_in="")
    h, facing = place(hextable.grid_of(rs, state), st.pose, 1)
    return st if (h, facing) == (st.hex, st.facing) else replace(st, hex=h, facing=facing)


def moves(rs: Host, state: GameState, sid: str) -> Fan:
    """Every sequence of steps she may make now with this segment's points (and turns
    paid from later ones), one per distinct end (hex, facing) other than where she lies,
    the fewest steps kept.
    A ship of the side not moving now is given the moves her points of this segment
    allow, as if it were her turn (what an enemy could reply); none before the
    segments, afoul of a ship that has not struck, or gone.  Afoul of a captured ship,
    her moves break away from it: a hex ahead first, as the engine has it."""
    st = ship_of(state, sid)
    mv = Combat(rs)
    if state.phase == 0 or st.lost:
        return empty_fan()
    if st.afoul is not None and (
        all(s.id != st.afoul for s in state.ships) or mv.held_afoul(state, st)
    ):  # held, or judged on a table without the ship she lies afoul of
        return empty_fan()
    first = ""
    if st.afoul is not None:
        state = mv.break_away(state, st, [])
        st, first = ship_of(state, sid), "F"
    seen: dict[tuple[tuple[int, int], int], tuple[tuple[str, ...], FrigateShip]] = {}
    # the sequences grown a step at a time, shortest first and in F, P, S order (so the
    # first found to an end is the one of fewest steps): a sequence the rules refuse, or
    # one stopped afoul, is not grown (its longer sequences are refused or end there too)
    live: list[tuple[tuple[str, ...], GameState, FrigateShip]] = [((), state, st)]
    for _ in range(MOST_STEPS):
        grown = []
        for seq, now, ship in live:
            for k in first or "FPS":
                got = _step(mv, now, ship, k)
                if got is None:
                    continue
                after, end, stop = got
                if (end.hex, end.facing) != (st.hex, st.facing):  # not a wasted there-and-back
                    seen.setdefault((end.hex, end.facing), (seq + (k,), end))
                if not stop:
                    grown.append((seq + (k,), after, end))
            first = ""
        live = grown
        if not live:
            break
    ends = list(seen.values())
    poses = [board.pose_of(rs, state, end) for _, end in ends]
    return hex_fan(poses, [seq for seq, _ in ends])


def _step(
    mv: Combat, state: GameState, st: FrigateShip, kind: str
) -> tuple[GameState, FrigateShip, bool] | None:
    """A step by the engine's rules (the state, her after it, whether it stopped her),
    or None if it refuses it."""
    try:
        return mv.step(state, st, kind, [])
    except IllegalAction:
        return None


class _Face(Dice):
    """A cup whose every die shows one face: a shot tried with each face in turn."""

    def __init__(self, face: int) -> None:
        super().__init__(0, 0, [])
        self.face = face

    def draw(self, k: int, why: str, sides: int) -> int:
        return min(self.face, sides)


def chance(rs: Host, state: GameState, firer: str, target: str) -> FireChance | None:
    """Her broadside at the target now as the engine fires it (the field, the range,
    the line, raking, her strength after crew hits, the second side halved, the odds
    column): the mean hits over the die's six faces that take effect, aimed at the hull
    or the rigging, whichever takes more.  Hits past the most a ship can take of their
    kind (crew hits past the loss table's last row, mast hits past dismasting) do
    nothing: a captain counting them turned, turn after turn, to fire on a crew already
    beaten, as if its hull hits still told.  None where the engine would refuse it, or
    before the segments."""
    if state.phase == 0 or state.side_of(firer) == state.side_of(target):
        return None
    mv = Combat(rs)
    st = at_pose(rs, state, ship_of(state, firer))
    tgt = at_pose(rs, state, ship_of(state, target))
    there = state.with_ship(st).with_ship(tgt)
    room = {
        "hull": len(mv.cb.crew_loss) - tgt.crew_hits - tgt.crew_new,
        "rigging": mv.mv.dismasted_at - tgt.mast_hits - tgt.masts_new,
    }
    best: FireChance | None = None
    for aim, most in room.items():
        if most <= 0:  # nothing of that kind left to hit (the aim does not change legality)
            continue
        total = 0
        side: str | None = None
        rake: str | None = None
        for face in range(1, 7):
            events: Events = []
            try:
                mv.act_fire(there, Action("fire", (firer, target, aim)), _Face(face), events)
            except IllegalAction:
                return None
            shot = next(e for e in events if "shot" in e)
            side, rake = str(shot["side"]), shot["rake"]
            total += min(int(shot["hits"]), most)
        if side is not None and total and (best is None or total / 6 > best.expected):
            best = FireChance(side, total / 6, rake)
    return best


def allowances(rs: Host, state: GameState, sid: str) -> list[str]:
    """The allowances she may declare now, the most first (a captain's default: all
    the way the wind and momentum give)."""
    st = ship_of(state, sid)
    if state.phase != 0 or st.lost or st.declared is not None:
        return []
    lo, hi = Combat(rs).bounds(state, st)
    return [str(n) for n in range(hi, lo - 1, -1)]
