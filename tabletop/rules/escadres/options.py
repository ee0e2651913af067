"""What an Escadres ship may do now, for a player (the computer captain) choosing: every
move her steps allow (a fan of hex moves) and what each broadside's fire would do.

Both follow the engine's own rules (``game.act_move``, ``game.fire_dice``,
``board.line_of_fire``), step by step, so a move of the fan is one the engine accepts.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction

from tabletop.engine.state import GameState
from tabletop.geometry.hexgrid import place, ship_pose
from tabletop.referee.fan import Fan, empty_fan, hex_fan
from tabletop.rules import hextable
from tabletop.rules.base import FireChance
from tabletop.rules.escadres import board
from tabletop.rules.escadres.board import Board, Step
from tabletop.rules.escadres.damage import ship_of
from tabletop.rules.escadres.game import EscadresGame
from tabletop.rules.escadres.host import Host
from tabletop.rules.escadres.ship import EscadresShip

#: The share of damage dice that do harm: 1-2 miss, 3-6 strike power or crew.
HARM = Fraction(4, 6)


def moves(rs: Host, state: GameState, sid: str) -> Fan:
    """Every sequence of steps she may still make this activation (capacity, turns,
    straight first when stopped), none entering a hex a ship or land holds or leaving
    the table; one end per distinct final (bow, facing), the fewest steps kept.  A ship
    not playing now is given the moves of her next activation, as if drawn now (what
    an enemy could reply): only the drawn ship's moves are orders the engine takes.
    One who has fired this round has none, and :func:`chance` gives her broadsides
    fired none, until she is drawn again: the admiral's replies and the captain's
    exposure count nothing of hers until then (counting her next round's reply, at a
    half or whole, makes the admiral no stronger against the captain)."""
    st = at_pose(rs, state, ship_of(state, sid))
    if st.fired or st.lost:
        return empty_fan()
    if not st.active:
        cap = 0 if st.becalmed else rs.capacity(state, st)
        st = replace(st, capacity=cap, steps=0, turns_made=0, straight=False)
    cls = state.scenario.ship(sid).cls
    most_turns = max(0, (cls.turns or 0) - st.turns_lost)
    left = st.capacity - st.steps
    grid = hextable.grid_of(rs, state)
    seen: dict[tuple[tuple[int, int], int], tuple[str, ...]] = {}
    free: dict[tuple[int, int], bool] = {}
    for n in range(1, left + 1):
        for seq in itertools.product("FPS", repeat=n):
            end = _sail(rs, state, st, seq, most_turns, free)
            if end is not None and end not in seen:
                seen[end] = seq
    ends = list(seen.items())
    poses = [ship_pose(grid, bow, facing, 2) for (bow, facing), _ in ends]
    return hex_fan(poses, [seq for _, seq in ends])


def _sail(
    rs: Board,
    state: GameState,
    st: EscadresShip,
    seq: tuple[str, ...],
    most_turns: int,
    free: dict[tuple[int, int], bool],
) -> tuple[tuple[int, int], int] | None:
    """Where these steps leave her, or None if the engine would refuse or stop them
    (``free``: hexes already found open or not, kept across the sequences)."""
    bow, facing = st.bow, st.facing
    turns, straight = st.turns_made, st.straight
    for k in seq:
        step = Step(k)
        if k != "F":
            if turns >= most_turns or (st.stopped and not straight):
                return None
            turns += 1
        entered = step.entered(bow, facing)
        if entered not in free:
            free[entered] = hextable.on_table(rs, state, entered) and (
                board.blocker(rs, state, entered, st.id) is None
            )
        if not free[entered]:
            return None
        bow, facing = step.after(bow, facing)
        straight = straight or k == "F"
    return bow, facing


def at_pose(rs: Board, state: GameState, st: EscadresShip) -> EscadresShip:
    """Her hexes read from her pose (a pose of her fan she is being judged at)."""
    if st.out is not None:
        return st
    bow, facing = place(hextable.grid_of(rs, state), st.pose, 2)
    return st if (bow, facing) == (st.bow, st.facing) else replace(st, bow=bow, facing=facing)


def chance(rs: Host, state: GameState, firer: str, target: str) -> FireChance | None:
    """Her broadside at the target as the engine would fire it: the zone, a broadside
    not yet fired, a clear line, her dice; the expected harmful dice."""
    st = at_pose(rs, state, ship_of(state, firer))
    tgt = at_pose(rs, state, ship_of(state, target))
    if st.lost or tgt.lost or state.side_of(firer) == state.side_of(target):
        return None
    side = board.zone_side(st, tgt)
    if side is None or side in st.fired:
        return None
    moved = state.with_ship(st).with_ship(tgt)
    between, _ = board.line_of_fire(rs, moved, st, tgt, side)
    if between is None:
        return None
    n, enf, _ = EscadresGame(rs).fire_dice(moved, st, tgt, between)
    if n <= 0:
        return None
    return FireChance(side, float(n * HARM), "enfilade" if enf else None)
