"""Modified Trafalgar fire: the dice of a broadside, hits, saves, criticals and damage."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from tabletop.common.errors import IllegalAction
from tabletop.engine.actions import Action
from tabletop.engine.dice import Dice
from tabletop.engine.state import GameState
from tabletop.geometry.angles import wrap
from tabletop.model.scenario import ShipClass
from tabletop.referee.fire import die_odds, rule_fire
from tabletop.rules.trafalgar.events import Critical, Damage, Fire
from tabletop.rules.trafalgar.procedures import Events, Procedures, _ship
from tabletop.rules.trafalgar.ship import TrafalgarShip, guns_on, masts_of, track


class Gunnery(Procedures):
    """Fire as she bears: the plan and odds before rolling, then hits and damage."""

    def fire_plan(self, state: GameState, firer: str, target: str, high: bool) -> dict[str, Any]:
        """The ruling, the dice by gun type, and the exact odds, before anything is rolled."""
        ruling = rule_fire(state.table(), firer, target, high=high)
        out: dict[str, Any] = {"ruling": ruling, "groups": [], "odds": None}
        if ruling.arc is None or ruling.to_hit is None:
            return out
        fst = _ship(state, firer)
        cls = state.scenario.ship(firer).cls
        left = guns_on(cls, fst, ruling.arc)
        reach = {g for g in (ruling.save or {}).get("by_gun", {})}
        groups = [
            (g, left.get(g, 0)) for g in self.rs.gun_order if g in reach and left.get(g, 0) > 0
        ]
        if (min(firer, target), max(firer, target)) in state.boarding:
            groups = _halved(groups)
        out["groups"] = groups
        out["odds"] = ruling.odds(tuple(groups))
        return out

    def act_fire(self, state: GameState, act: Action, dice: Dice, events: Events) -> GameState:
        firer, target = act.args[0], act.args[1]
        high = len(act.args) > 2
        fst = self._own(state, firer)
        if state.side_of(target) == state.side_of(firer):
            raise IllegalAction(f"{target} is a ship of your own side")
        if state.ship(target).struck:
            raise IllegalAction(f"{target} has struck")
        if fst.left or _ship(state, target).left:
            gone = firer if fst.left else target
            raise IllegalAction(f"{gone} has sailed off the table: she is out of the battle")
        plan = self.fire_plan(state, firer, target, high)
        r = plan["ruling"]
        if not r.can_fire:
            raise IllegalAction(f"{firer} cannot fire at {target}: " + "; ".join(r.reasons))
        if r.arc in fst.fired:
            raise IllegalAction(f"{firer} has fired her {r.arc} broadside this turn")
        groups = plan["groups"]
        if not groups:
            raise IllegalAction(f"{firer} has no guns left on her {r.arc} side that reach")
        events.append(Fire(firer, target, r.arc, r.range, r.range_band, r.to_hit["need"],
                           r.rake, dict(groups), plan["odds"]))  # fmt: skip
        need = r.to_hit["need"]
        crit_ok = r.to_hit["criticals"]
        state = state.with_ship(replace(fst, fired=(*fst.fired, r.arc)))
        # the side of the target facing the firer takes the gun hits
        tside = self._facing_side(state, target, firer)
        for gun, n in groups:
            rolls = dice.roll(n, f"to hit: {firer} {gun}", need=die_odds(need)[0])
            hits = [x for x in rolls if x == 6 or (x != 1 and x >= need)]
            if not hits:
                continue
            save_need = r.save["by_gun"][gun]["need"]
            face = die_odds(save_need)[0]  # the least face that saves (a 1 never does)
            saves = dice.roll(len(hits), f"saves: {target} against {gun}", need=face)
            for hit, sv in zip(hits, saves, strict=True):
                saved = sv == 6 or (sv != 1 and sv >= save_need)
                if saved:
                    continue
                critical = hit == 6 and crit_ok
                state = self._damage(
                    state, target, tside, gun, critical, high, r.rake, dice, events
                )
        tst = _ship(state, target)
        return self._strike_if_beaten(state.with_ship(replace(tst, fired_on=True)), target, events)

    def _facing_side(self, state: GameState, target: str, firer: str) -> str:
        t, f = state.ship(target).pose, state.ship(firer).pose
        bearing = math.degrees(math.atan2(f.x - t.x, f.y - t.y))
        return "starboard" if wrap(bearing - t.heading) >= 0 else "port"

    def _damage(
        self,
        state: GameState,
        target: str,
        side: str,
        gun: str,
        critical: bool,
        high: bool,
        rake: str | None,
        dice: Dice,
        events: Events,
    ) -> GameState:
        rs = self.rs
        if critical:
            crit = rs.criticals
            bonus = (crit.stern_rake if rake == "stern" else 0) + (
                crit.carronade if gun == "carronade" else 0
            )
            roll = dice.roll(1, f"critical: {target}")[0]
            row_n = min(6, roll + bonus)
            row = (crit.high if high else crit.low)[row_n - 1]
            events.append(Critical(target, high, row_n))
        else:
            n = rs.damage.normal
            row = {"mast": n} if high else {"hull": n}
        return self._apply_row(state, target, side, row, dice, events)

    def _apply_row(
        self,
        state: GameState,
        target: str,
        side: str,
        row: Mapping[str, Any],
        dice: Dice,
        events: Events,
    ) -> GameState:
        cls = state.scenario.ship(target).cls
        st = _ship(state, target)
        got = Damage(target)
        if "hull" in row:
            n = dice.d(row["hull"], f"hull damage: {target}")
            marks = track(cls)[st.hull_lost : st.hull_lost + n]
            st = replace(st, hull_lost=st.hull_lost + n)
            got.add("hull", n)
            for m in marks:
                if m == "C":
                    st = replace(st, crew_lost=st.crew_lost + 1)
                    got.add("crew")
                elif m == "R":
                    st = replace(st, rigging_lost=st.rigging_lost + 1)
                    got.add("rigging")
                elif m == "G":
                    st = self._lose_gun(st, cls, side)
                    got.add("gun")
        if "mast" in row:
            n = dice.d(row["mast"], f"mast damage: {target}")
            masts = masts_of(cls)
            names = list(masts)
            pick = names[(dice.roll(1, f"which mast: {target}", len(names))[0]) - 1]
            lost = min(masts[pick], st.mast_lost(pick) + n)
            st = replace(st, masts_lost=tuple(sorted({**dict(st.masts_lost), pick: lost}.items())))
            got.mast(pick, n)
        if "crew" in row:
            n = dice.d(row["crew"], f"crew loss: {target}")
            st = replace(st, crew_lost=st.crew_lost + n)
            got.add("crew", n)
        if row.get("rudder"):
            st = replace(st, rudder=True)
            got.flag("rudder")
        bw = row.get("below_waterline")
        save = self.rs.damage.below_waterline_save
        if bw == "hit" or (
            bw == "save" and dice.roll(1, f"below waterline save: {target}")[0] < save
        ):
            st = replace(st, holed=True)
            got.flag("holed")
        events.append(got)
        return self._strike_if_beaten(state.with_ship(st), target, events)

    def _lose_gun(self, st: TrafalgarShip, cls: ShipClass, side: str) -> TrafalgarShip:
        """A gun box: one die from the type with the most left on the side that was hit."""
        left = guns_on(cls, st, side)
        if not any(left.values()):
            return st
        best = max((g for g in self.rs.gun_order if left.get(g, 0) > 0), key=lambda g: left[g])
        lost = dict(((s, g), n) for s, g, n in st.guns_lost)
        lost[(side, best)] = lost.get((side, best), 0) + 1
        return replace(st, guns_lost=tuple(sorted((s, g, n) for (s, g), n in lost.items())))


def _halved(groups: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """Fire between two ships locked in a boarding action: the whole broadside halved,
    rounded up (SPEC), the dice kept heaviest first (the crews still at the great guns
    man the heaviest)."""
    left = math.ceil(sum(n for _, n in groups) / 2)
    out = []
    for g, n in groups:
        take = min(n, left)
        if take:
            out.append((g, take))
        left -= take
    return out
