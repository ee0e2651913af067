"""``tabletop bench``: performance figures, printed (never asserted in tests).

* the full fire analysis of every ordered pair of random fleets of 10, 50 and 200 ships,
  by the vectorised core and by the plain per-pair reference loop, and their ratio;
* the cold start of ``tabletop fire`` against a bare ``python -c "import shapely"``;
* one ship's fan (her legal moves, swept for collisions) in the squadron action, at
  the densities the computer captain uses: it builds one for every pose it judges.
"""

from __future__ import annotations

import compileall
import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from tabletop.data.paths import scenarios_dir
from tabletop.drill import best_possible, coach_for, course_from_scenario, make_course
from tabletop.drill.replay import WINDOW_SECONDS
from tabletop.game.game import Game
from tabletop.game.load import load_scenario
from tabletop.game.session import Session
from tabletop.geometry.pose import Pose
from tabletop.model.scenario import Scenario, Ship, Terrain
from tabletop.referee.analysis import fire_table, naive_fire_pair, outlines
from tabletop.referee.fire import Table


def random_scenario(n: int, seed: int = 0, land: bool = True) -> Scenario:
    """``n`` ships of mixed classes on a jittered grid (so no bases overlap), plus an island.

    The table grows with the fleet, keeping about one ship per 20 × 20 cm cell, so a
    ship has a handful of others within gun range whatever the fleet size.
    """

    rng = np.random.default_rng(seed)
    base = load_scenario(scenarios_dir() / "squadron-action.toml")
    classes = [s.cls for s in base.ships]
    cols = int(np.ceil(np.sqrt(n * 1.5)))
    rows = int(np.ceil(n / cols)) + 1
    cell = 20.0
    cells = rng.choice(cols * rows, size=n, replace=False)
    ships = []
    for k, c in enumerate(cells):
        cx = (c % cols + 0.5) * cell + rng.uniform(-5, 5)
        cy = (c // cols + 0.5) * cell + rng.uniform(-5, 5)
        ships.append(
            Ship(
                f"s{k}",
                classes[k % len(classes)],
                ("red", "blue")[k % 2],
                Pose(float(cx), float(cy), float(rng.uniform(0, 360))),
            )
        )
    terrain: tuple[Terrain, ...] = ()
    if land:
        # A small island in an empty cell, if there is one.
        free = sorted(set(range(cols * rows)) - set(int(c) for c in cells))
        if free:
            c = free[len(free) // 2]
            x, y = (c % cols + 0.5) * cell, (c // cols + 0.5) * cell
            terrain = (
                Terrain(
                    "land",
                    ((x - 4, y - 3), (x + 5, y - 4), (x + 3, y + 5), (x - 5, y + 3)),
                    "island",
                ),
            )
    return replace(
        base,
        name=f"random {n}",
        width=cols * cell,
        depth=rows * cell,
        ships=tuple(ships),
        terrain=terrain,
    )


def _best_ms(fn: Any, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best * 1000.0


def fleet_figures(n: int, seed: int = 1) -> dict[str, float]:

    scn = random_scenario(n, seed)
    tab = Table.of(scn)
    vec = _best_ms(lambda: fire_table(scn, tab), repeat=5)

    def naive() -> None:
        shapes = outlines(scn)
        for i in range(n):
            for j in range(n):
                if i != j:
                    naive_fire_pair(scn, i, j, shapes)

    nai = _best_ms(naive, repeat=1)
    return {
        "ships": n,
        "vectorised_ms": round(vec, 3),
        "naive_ms": round(nai, 1),
        "ratio": round(nai / vec, 1),
    }


def fan_figures(densities: tuple[int, ...] = (2, 4)) -> list[dict[str, float]]:
    """Milliseconds per fan of the squadron action's bellona, as it starts: the computer
    captain's look at her room next turn (density 2) and her own moves (4)."""
    state = Game.new(load_scenario(scenarios_dir() / "squadron-action.toml"), 1).state
    rs = state.scenario.ruleset
    out = []
    for d in densities:
        poses = len(rs.advice.fan_now(state, "bellona", d))
        ms = _best_ms(lambda d=d: rs.advice.fan_now(state, "bellona", d), repeat=30)
        out.append({"density": d, "poses": poses, "ms": round(ms, 2)})
    return out


def _cold(cmd: list[str]) -> float:
    """One cold run of ``cmd``, in milliseconds of wall time."""
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True)
    return (time.perf_counter() - t0) * 1000.0


def cold_start(pairs: int = 15) -> dict[str, float]:
    """The cold start of ``tabletop fire`` against a bare shapely import, run side by
    side ``pairs`` times (one of each in turn, so the machine's load falls on both
    alike): each one's median, the median of the pairs' ratios, and the load average.

    The package is byte-compiled first, as an installed package is (pip compiles
    site-packages; an editable checkout may run with PYTHONDONTWRITEBYTECODE set).
    """

    compileall.compile_dir(str(Path(__file__).parents[1]), quiet=1)
    scn = str(scenarios_dir() / "worked-example.toml")
    bare: list[float] = []
    fire: list[float] = []
    for _ in range(pairs):
        bare.append(_cold([sys.executable, "-c", "import shapely"]))
        fire.append(_cold([sys.executable, "-m", "tabletop", "fire", scn, "a", "b", "--json"]))
    return {
        "import_shapely_ms": round(statistics.median(bare), 1),
        "fire_ms": round(statistics.median(fire), 1),
        "cold_start_ratio": round(
            statistics.median([f / b for f, b in zip(fire, bare, strict=True)]), 2
        ),
        "pairs": pairs,
        "load": round(os.getloadavg()[0], 2),
    }


def coach_figures() -> list[dict[str, Any]]:
    """The coach's planning time for a mark 100 cm (40 in for Man O' War) dead upwind, in
    open water and with islands, and for the shipped practice course (best of three, each
    with a new coach), as the window's drill plans the best possible when it starts
    (within ``WINDOW_SECONDS``); whether the count is proven the fewest."""

    courses = [
        make_course(distance=100),
        make_course(distance=100, seed=2),
        course_from_scenario(load_scenario(scenarios_dir() / "tacking-practice.toml")),
        make_course("man-o-war", distance=40),
        make_course("man-o-war", distance=40, seed=3),
    ]
    out = []
    for course in courses:
        plans = [best_possible(coach_for(course), WINDOW_SECONDS) for _ in range(3)]
        out.append(
            {
                "course": course.key,
                "turns": plans[-1].count,
                "expected": not plans[-1].exact,
                "proven": all(p.proven for p in plans),  # every time, not once in three
                "proven_at_least": min(p.lower for p in plans),
                "ms": round(min(p.ms for p in plans), 1),
                "worst_ms": round(max(p.ms for p in plans), 1),
            }
        )
    return out


def window_figures(n: int = 50, frames: int = 120) -> dict[str, float]:
    """Frames per second of the window, headless, with every overlay on.

    Every ship's arcs and bands are on; then one ship is selected as well (her sectors,
    lines of fire to every enemy and her fan).  Each frame is
    flushed to the GPU before the clock is read.
    """
    os.environ.setdefault("ARCADE_HEADLESS", "1")
    # the window stack loads only here, after the headless switch is set
    from tabletop.view.app import TableWindow

    scn = random_scenario(n, seed=3)
    window = TableWindow(None, 1100, 760, visible=False)
    view = window.table
    try:
        view.session = Session.open(scn)
        view.overlays = {"sectors", "arcs", "every_arc", "bands", "lof", "fan"}
        view.fit()
        out: dict[str, float] = {"ships": n}
        for label, ship in (("all_ships", None), ("selected", scn.ships[n // 2].id)):
            view.select(ship)
            t0 = time.perf_counter()
            window.frame()
            window.ctx.finish()
            out[f"{label}_rebuild_ms"] = round((time.perf_counter() - t0) * 1000, 1)
            t0 = time.perf_counter()
            for _ in range(frames):
                window.frame()
                window.ctx.finish()
            out[f"{label}_fps"] = round(frames / (time.perf_counter() - t0), 1)
        out["fps"] = min(out["all_ships_fps"], out["selected_fps"])
        out.update(_click_to_drawn(window, scn))
        return out
    finally:
        window.close()


def _click_to_drawn(window: Any, scn: Any, clicks: int = 20) -> dict[str, float]:
    """What a player waits for: a click on a ship (the window's default overlays: her
    sectors, arcs, bands and lines of fire to every enemy) until the frame showing them
    is flushed.  Mean and worst over ``clicks`` ships."""
    view = window.table
    view.overlays = {"sectors", "arcs", "bands", "lof"}
    view.select(None)
    window.frame()
    window.ctx.finish()
    times = []
    for ship in scn.ships[:clicks]:
        x, y = view.to_screen(np.array([ship.pose.x, ship.pose.y]))
        t0 = time.perf_counter()
        window.send("on_mouse_press", float(x), float(y), 1, 0)
        window.send("on_mouse_release", float(x), float(y), 1, 0)
        window.frame()
        window.ctx.finish()
        times.append((time.perf_counter() - t0) * 1000)
    return {
        "click_to_drawn_ms": round(float(np.mean(times)), 1),
        "click_to_drawn_worst_ms": round(float(np.max(times)), 1),
    }


def run_bench(json_out: bool = False, sizes: list[int] | None = None, window: bool = False) -> int:
    if window:
        fig = window_figures()
        if json_out:
            print(json.dumps({"window": fig}))
        else:
            print(f"window, {fig['ships']:.0f} ships, every overlay on (headless, software GL):")
            print(
                f"  all ships' arcs and bands: {fig['all_ships_fps']:.1f} fps "
                f"(rebuild {fig['all_ships_rebuild_ms']:.0f} ms)"
            )
            print(
                f"  one selected (sectors, arcs, bands, lines of fire, fan): "
                f"{fig['selected_fps']:.1f} fps (rebuild {fig['selected_rebuild_ms']:.0f} ms)"
            )
            print(
                f"  a click selecting a ship, until drawn: {fig['click_to_drawn_ms']:.0f} ms "
                f"(worst {fig['click_to_drawn_worst_ms']:.0f} ms)"
            )
        return 0
    fleets = [fleet_figures(n) for n in (sizes or [10, 50, 200])]
    cold = cold_start()
    coach = coach_figures()
    fans = fan_figures()
    if json_out:
        print(json.dumps({"fleets": fleets, **cold, "coach": coach, "fan": fans}))
        return 0
    print("full fire analysis of every ordered pair (arc, range, band, line of fire, rake)")
    print(f"{'ships':>6} {'vectorised ms':>14} {'naive ms':>10} {'ratio':>7}")
    for f in fleets:
        print(
            f"{f['ships']:>6} {f['vectorised_ms']:>14.3f} {f['naive_ms']:>10.1f} {f['ratio']:>7.1f}"
        )
    print(
        f"cold start: tabletop fire {cold['fire_ms']:.0f} ms, import shapely "
        f"{cold['import_shapely_ms']:.0f} ms, ratio {cold['cold_start_ratio']:.2f} "
        f"(medians of {cold['pairs']:.0f} pairs, load {cold['load']:.2f})"
    )
    for c in coach:
        exp = " expected" if c["expected"] else ""
        proof = "proven fewest" if c["proven"] else f"not proven; at least {c['proven_at_least']:g}"
        print(
            f"coach: {c['course']}: {c['turns']:g}{exp} turns ({proof}), "
            f"planned in {c['ms']:.0f} ms (worst of 3: {c['worst_ms']:.0f} ms)"
        )
    for f in fans:
        print(f"fan: density {f['density']:g}, {f['poses']:g} poses, {f['ms']:.2f} ms (best of 30)")
    return 0


if __name__ == "__main__":
    raise SystemExit(run_bench("--json" in sys.argv))
