"""A ruleset is a plug-in: a package, a template, a roster and a scenario, nothing else.

The toy ruleset below lives in a temporary folder, outside the project.  It has its own
template (with a value of its own, validated at load), one verb of its own (``hoist``),
its own ship field (``flags``), and plays through ``tabletop run`` with no edit to the
engine: the engine finds it through ``TABLETOP_RULESETS`` and talks to it only through
the declared interface.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tabletop import rules
from tabletop.rules.base import REGISTRY, Ruleset

TOY = '''
"""Toy rules: ships sail straight and hoist flags; the first side to three flags wins."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from tabletop.engine.actions import Verb
from tabletop.engine.state import ShipState, own
from tabletop.common.errors import IllegalAction
from tabletop.geometry.motion import Segment, end_pose
from tabletop.referee.movement import check_distance, parse_path
from tabletop.rules.base import NO_CONTEXT, PathPlan, Ruleset


@dataclass(frozen=True)
class ToyShip(ShipState):
    flags: int = 0


class Toy(Ruleset):
    name = "toy"
    caps = replace(Ruleset.caps, has_engine=True)
    ship_state = ToyShip
    verbs: ClassVar[dict[str, Verb]] = {
        "move": Verb("SHIP PATH...", "sail straight on", 2, None),
        "hoist": Verb("SHIP", "hoist one more flag", 1, 1),
        "end": Verb("", "end the turn", 0, 0),
    }

    def read_extra(self, r, data):
        self.to_win = r.integer(r.table(data, "", "victory"), "victory", "flags", minimum=1)

    def plan_move(self, scn, ship, steps, ctx=NO_CONTEXT):
        v = [f"'{s}': toy ships only sail straight" for s in steps if s.kind != "F"]
        segs = tuple(Segment(length=float(s.value or 0)) for s in steps if s.kind == "F")
        most = float(ship.cls.speed)
        check_distance(sum(s.distance for s in segs), 0.0, most, scn.units, v, False)
        return PathPlan(segs, tuple(v), most, 0.0, "any")

    def apply(self, state, act, dice, events):
        st = own(state, act.ship) if act.verb != "end" else None
        if act.verb == "move":
            plan = self.plan_move(state.table(), state.table().ship(act.ship),
                                  parse_path(" ".join(act.args[1:])))
            if plan.violations:
                raise IllegalAction("; ".join(plan.violations))
            return state.with_ship(replace(st, pose=end_pose(st.pose, plan.segments)))
        if act.verb == "hoist":
            st = replace(st, flags=st.flags + 1)
            events.append({"hoisted": st.id, "flags": st.flags})
            state = state.with_ship(st)
            if st.flags >= self.to_win:
                events.append({"winner": state.side_of(st.id)})
                state = replace(state, winner=state.side_of(st.id))
            return state
        return replace(state, active=(state.active + 1) % len(state.sides))

    def ship_report(self, state, ship):
        return {"status": [], "flags": state.ship(ship).flags}
'''

TEMPLATE = """
[ruleset]
title = "Toy rules"
units = "cm"

[[sectors]]
name = "any"
from = 0
factor = 1

[victory]
flags = 3
"""

ROSTER = """
[sloop]
name = "Sloop"
base = { length = 4, width = 1.5 }
speed = 10
"""

SCENARIO = """
[scenario]
name = "Flags"
ruleset = "toy"
units = "cm"
table = { width = 100, depth = 100 }

[wind]
from = 0

[[ships]]
id = "red"
roster = "sloop"
side = "reds"
x = 20
y = 20
heading = 90

[[ships]]
id = "blue"
roster = "sloop"
side = "blues"
x = 80
y = 80
heading = 270
"""

LOG = """
move red F10
hoist red
end
hoist blue
end
hoist red
end
end
hoist red
"""


@pytest.fixture
def toy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    pkg = tmp_path / "plugins" / "toyrules"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text(textwrap.dedent(TOY))
    data = tmp_path / "data"
    for folder, name, text in (
        ("templates", "toy.toml", TEMPLATE),
        ("rosters", "toy.toml", ROSTER),
        ("scenarios", "flags.toml", SCENARIO),
    ):
        (data / folder).mkdir(parents=True, exist_ok=True)
        (data / folder / name).write_text(text)
    (tmp_path / "flags.log").write_text(LOG)
    monkeypatch.syspath_prepend(str(tmp_path / "plugins"))
    monkeypatch.setenv("TABLETOP_RULESETS", "toyrules")
    monkeypatch.setenv("TABLETOP_DATA", str(data))
    yield tmp_path
    REGISTRY.pop("toy", None)  # leave the registry as the project ships it
    sys.modules.pop("toyrules", None)


def _run(tmp: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(tmp / "plugins")}
    cmd = [sys.executable, "-m", "tabletop"]
    return subprocess.run(
        [*cmd, *args], capture_output=True, text=True, env=env, cwd=tmp, timeout=120
    )


def test_a_ruleset_declaring_a_capability_outside_its_record_is_told_where():
    """``has_engine = True`` on the class was how a ruleset said it had an engine; read
    no more, it would leave her silently unplayable, so the class is refused."""
    with pytest.raises(TypeError, match=r"caps = replace\(Ruleset.caps, has_engine=...\)"):

        class Old(Ruleset):  # noqa: F841 (the class statement itself is refused)
            has_engine = True


def test_a_toy_ruleset_plays_a_game_through_tabletop_run(toy: Path):
    out = _run(toy, "run", "data/scenarios/flags.toml", "flags.log", "--json")
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""
    game = json.loads(out.stdout)
    assert game["ruleset"] == "toy"
    # red sailed 10 cm east from (20, 20); hoisted three flags to blue's one: reds win
    red = next(s for s in game["ships"] if s["id"] == "red")
    assert (red["x"], red["y"], red["flags"]) == (30.0, 20.0, 3)
    assert game["winner"] == "reds"
    assert [e["flags"] for e in game["events"] if "hoisted" in e] == [1, 1, 2, 3]


def test_the_toy_ruleset_is_known_and_its_verbs_are_its_own(toy: Path):
    assert "toy" in rules.names()
    bad = toy / "bad.log"
    bad.write_text("fire red blue\n")
    out = _run(toy, "run", "data/scenarios/flags.toml", "bad.log")
    assert out.returncode == 2
    assert "unknown action 'fire': expected one of move, hoist, end" in out.stderr
    assert "Traceback" not in out.stderr


def test_the_toy_template_is_validated_at_load(toy: Path):
    tpl = toy / "data" / "templates" / "toy.toml"
    tpl.write_text(TEMPLATE.replace("flags = 3", "flags = 0\nflag = 2"))
    out = _run(toy, "check", "data/scenarios/flags.toml")
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert any("toy.toml: victory.flags: expected a whole number ≥ 1, found 0" in x for x in lines)
    assert any("toy.toml: victory.flag: expected a key" in x for x in lines)


@pytest.mark.parametrize(
    "scenario, ship",
    [
        ("squadron-action.toml", "bellona"),
        ("man-o-war-skirmish.toml", "leviathan"),
        ("hold-fast-duel.toml", "amazon"),
        ("escadres-two-fleets.toml", "bellona"),
        ("frigate-hex-duel.toml", "amazon"),
    ],
)
def test_a_rulesets_path_tokens_are_the_steps_its_moves_take(scenario: str, ship: str):
    """The window offers the keys of ``path_tokens`` alone: a step kind left out of it
    must be one the ruleset's moves refuse (or, Man O' War's L, read as a plain run: the
    same end as F), so no key the help hides was of use."""
    from tabletop.game.load import load_scenario
    from tabletop.referee.movement import preview

    root = Path(__file__).resolve().parents[1] / "scenarios"
    scn = load_scenario(str(root / scenario))
    tokens = scn.ruleset.caps.path_tokens
    assert set(tokens) <= set("FLPSTAW") and "F" in tokens
    for kind in sorted(set("LTAW") - set(tokens)):
        word = "L1" if kind == "L" else kind
        m = preview(scn, ship, word)
        if m.legal:  # only a run by another name
            assert kind == "L" and m.end == preview(scn, ship, "F1").end, (scenario, kind)
        else:
            assert m.violations, (scenario, kind)


@pytest.mark.parametrize(
    "name, game",
    [
        ("trafalgar-modified", "tabletop.rules.trafalgar.game:TrafalgarGame"),
        ("man-o-war", "tabletop.rules.manowar.game:ManOWarGame"),
        ("hold-fast", "tabletop.rules.holdfast.game:HoldFastGame"),
        ("escadres", "tabletop.rules.escadres.game:EscadresGame"),
        ("frigate", "tabletop.rules.frigate.game:FrigateGame"),
    ],
)
def test_every_verb_has_one_handler_and_every_handler_a_verb(name, game):
    """A game's procedures declare their verbs as one map (``HANDLERS``), read by the
    kernel's ``dispatch``: the map and the ruleset's verbs name the same orders, and an
    order the map lacks is refused in words, not an AttributeError."""
    import importlib

    from tabletop.common.errors import IllegalAction
    from tabletop.engine.actions import Action
    from tabletop.engine.core import dispatch

    module, cls = game.split(":")
    handlers = getattr(importlib.import_module(module), cls).HANDLERS
    assert set(handlers) == set(rules.load(name).verbs)
    assert all(callable(h) for h in handlers.values())
    with pytest.raises(IllegalAction, match="'sing' is not an order of these rules"):
        dispatch(handlers, None, None, Action("sing", ("a",)), None, [])  # type: ignore[arg-type]


@pytest.mark.parametrize("name", rules.names())
def test_a_rulesets_declared_steps_name_its_own_verbs(name: str):
    """The turn's steps are data (``Capabilities.steps``): each names only verbs of its
    ruleset, never ``end`` (it closes every step) nor a decision's answer (taken whenever
    one is owed); a ruleset that declares none takes its verbs at any time."""
    rs = rules.load(name)
    for step in rs.caps.steps:
        assert step.verbs and step.verbs <= set(rs.verbs) - {"end"}, (name, step)
        assert not any(rs.verbs[v].answers_only for v in step.verbs), (name, step)
    # Hold Fast: orders, phases 1-5, damage control (HF-4); Frigate: declaring, then
    # segments 1-4; the three others play each side's turn alone
    assert len(rs.caps.steps) == {"hold-fast": 1 + 5 + 1, "frigate": 1 + 4}.get(name, 0)


@pytest.mark.parametrize(
    "scenario, order, said",
    [
        # Hold Fast opens on the movement orders: no shot until phase 1
        ("hold-fast-duel.toml", "fire amazon cleopatre", "movement orders, british to plot"),
        # Frigate opens on the declared allowances: no move until segment 1
        ("frigate-hex-duel.toml", "move amazon F1", "declaring allowances, british to declare"),
    ],
)
def test_the_engine_refuses_a_verb_outside_its_step(scenario: str, order: str, said: str):
    """The kernel reads the declared step, for every ruleset alike, before the ruleset's
    procedures are asked: the refusal says where the turn stands."""
    from tabletop.engine.core import in_step, refusal
    from tabletop.game.game import Game
    from tabletop.game.load import load_scenario

    state = Game.new(load_scenario(Path("scenarios") / scenario), seed=1).state
    assert state.phase == 0
    assert not in_step(state, order.split()[0]) and in_step(state, "end")
    assert refusal(state, order) == f"not now: {said}"
