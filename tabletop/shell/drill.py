"""``tabletop drill``: solo practice, tacking up to a windward mark (the window, or the
coach's plan alone with ``--auto``)."""

from __future__ import annotations

import argparse
from typing import Any

from tabletop.shell.output import emit, scenario


def drill_parser(cmd: Any) -> None:
    """The drill's words and options (``cmd``: the parser's subcommand maker)."""
    sp = cmd("drill", cmd_drill, "solo practice: tacking up to a windward mark")
    sp.add_argument("kind", choices=["tacking"], help="the drill (tacking)")
    sp.add_argument(
        "--ruleset", default="trafalgar-modified", help="trafalgar-modified (cm) or man-o-war (in)"
    )
    sp.add_argument(
        "--distance", type=float, help="the mark's distance upwind (default 100 cm / 40 in)"
    )
    sp.add_argument("--seed", type=int, help="islands on the course, and the dice")
    sp.add_argument("--islands", type=int, help="how many islands (with --seed; default 1-2)")
    sp.add_argument("--class", dest="cls", help="ship class from the ruleset's roster")
    sp.add_argument(
        "--gate",
        type=float,
        help="sail through a gate this wide, centred on "
        "the mark, instead of reaching the mark's circle",
    )
    sp.add_argument("--scenario", help="a practice scenario with a [scenario] mark instead")
    sp.add_argument("--auto", action="store_true", help="run the coach alone and print its plan")


def cmd_drill(args: argparse.Namespace) -> int:
    from tabletop.common.errors import TabletopError
    from tabletop.drill import (
        best_possible,
        coach_for,
        course_from_scenario,
        make_course,
        replay_plan,
    )
    from tabletop.shell.limits import DRILL_ISLANDS, DRILL_LENGTH

    for name, v in (("--distance", args.distance), ("--gate", args.gate)):
        if v is not None and not 0 < v <= DRILL_LENGTH:
            raise TabletopError(
                f"{name}: expected a length above 0 and at most {DRILL_LENGTH}, found {v}"
            )
    if args.islands is not None and not 0 <= args.islands <= DRILL_ISLANDS:
        raise TabletopError(f"--islands: expected 0 to {DRILL_ISLANDS}, found {args.islands}")

    if args.scenario:
        course = course_from_scenario(scenario(args.scenario))
    else:
        course = make_course(
            args.ruleset, args.distance, args.seed, args.cls, args.islands, args.gate
        )
    if not args.auto:
        from tabletop.view.app import run_drill

        return run_drill(course)
    plan = best_possible(coach_for(course))
    _, closest = replay_plan(course, plan)  # the plan is played through the engine first
    data = {**plan.as_json(course), "closest_approach": round(closest, 4)}
    expected = "" if plan.exact else "expected "
    lines = [
        f"{course.key}: {plan.count:g} {expected}turns "
        + (
            f"through the {course.gate:g} {course.units} gate"
            if course.gate
            else f"to the mark ({course.radius:g} {course.units} radius)"
        )
        + f", planned in {plan.ms:.0f} ms"
    ]
    if not plan.proven:
        lines.append(
            f"  the fewest found in {plan.ms / 1000:.1f} s, not proven: "
            f"at least {plan.lower:g} turns are needed"
        )
    if not plan.exact:  # a plan that depends on dice: how the rolls spread the turns
        lines.append(
            "  turns over the tacking rolls: "
            + ", ".join(f"{n} {p:.0%}" for n, p in plan.distribution(0.05))
            + ", ..."
        )
    lines += [
        f"  turn {n:>2}: {'; '.join(a for a in t if a != 'end')}"
        for n, t in enumerate(plan.turns, 1)
    ]
    emit(args, data, "\n".join(lines))
    return 0
