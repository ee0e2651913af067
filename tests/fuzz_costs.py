"""Cost bombs for ``make fuzz`` (issue 58: bounded costs, stated and tested).

Input each of whose values is small but whose cost is not: terrain of more vertices in
all than a scenario may have, more ships than one may hold, a data file over its cap, a
picture of too many pixels, numbers whose exponent or digits would take minutes to
build, logs of more actions than a game may have, and options asking for a billion
games, processes or fleets.  Each case is refused (exit 2), and at once: before its
bound, each took the fuzzer's time limit or its memory (``fuzz_main``'s 10 s and 3 GB),
so a bound lost shows as a hang or a traceback, and a bound no longer enforced as input
taken.  A few cases sit exactly at a bound and must be accepted.
"""

from __future__ import annotations

import copy
import math
import tomllib
from typing import Any

from hypothesis import strategies as st

from tabletop.data.save import dumps as toml_dumps
from tests.fuzzing import BASE_DOCS, ROOT, Case

S = "{dir}/s.toml"
DUEL = "frigate-duel.toml"
#: The bounds as docs/limits.md states them (not imported: a bound changed in the code
#: alone is then a failure here too).
MAX_TOTAL_VERTICES = 50_000
MAX_SHIPS = 100
MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_ACTIONS = 4_000
#: Numbers that once took minutes to read, or more memory than there is.
ABSURD = ["1e30000000", "1e-30000000", "9" * 5000, "1" * 30 + "/" + "3" * 30, "1e999999999"]
#: Of those, the ones too large for a length or a distance (1e-30000000 is a fine 0).
HUGE = [a for a in ABSURD if not a.startswith("1e-")]


def _doc() -> dict[str, Any]:
    return copy.deepcopy(BASE_DOCS[DUEL])


def _island(n: int, cx: float, cy: float, r: float) -> list[list[float]]:
    return [
        [round(cx + r * math.cos(2 * math.pi * k / n), 2),
         round(cy + r * math.sin(2 * math.pi * k / n), 2)]
        for k in range(n)
    ]  # fmt: skip


@st.composite
def terrain_cases(draw: Any) -> Case:
    """Coastlines whose vertices pass the bound in all (each polygon within its own),
    or reach it exactly."""
    doc = _doc()
    doc["scenario"]["table"] = {"width": 900, "depth": 900}
    extra = draw(st.sampled_from([0, 1, 7, 10_000, 50_000]))
    total = MAX_TOTAL_VERTICES + extra
    sizes = [10_000] * (total // 10_000) + ([total % 10_000] if total % 10_000 >= 3 else [])
    if total % 10_000 and total % 10_000 < 3:  # a triangle takes the odd vertices
        sizes[-1] -= 3 - total % 10_000
        sizes.append(3)
    doc["terrain"] = [
        {"kind": "land", "polygon": _island(n, 120 + 80 * (i % 9), 200 + 80 * (i // 9), 30)}
        for i, n in enumerate(sizes)
    ]
    cmd = draw(st.sampled_from(["check", "fire", "move"]))
    argv = {"check": ["check", S], "fire": ["fire", S, "amazon", "loire"]}.get(
        cmd, ["move", S, "amazon", "F2", "S30", "F12"]
    )
    return Case(argv, {"s.toml": toml_dumps(doc)}, expect="ok" if extra == 0 else "refused")


@st.composite
def ship_cases(draw: Any) -> Case:
    """More ships than a scenario may hold (or exactly as many), for a query, a check,
    or the computer's turn."""
    doc = _doc()
    n = MAX_SHIPS + draw(st.sampled_from([0, 1, 2, 900]))
    cols = 12
    doc["scenario"]["table"] = {"width": 300, "depth": 300}
    doc["ships"] = [
        {"id": f"s{k}", "roster": "frigate-36", "side": ("british", "french")[k % 2],
         "x": 10 + 20 * (k % cols), "y": 10 + 20 * (k // cols), "heading": 90}
        for k in range(n)
    ]  # fmt: skip
    files = {"s.toml": toml_dumps(doc), "game.log": ""}
    argv = draw(
        st.sampled_from(
            [["check", S], ["fire", S, "s0", "s1"], ["run", S, "{dir}/game.log", "--ai", "french"]]
        )
    )
    if n == MAX_SHIPS:  # at the bound: a query is answered (the computer's turn is long)
        return Case(["check", S], files, expect="ok")
    return Case(argv, files, expect="refused")


@st.composite
def file_size_cases(draw: Any) -> Case:
    """A scenario padded to its cap exactly (read), or past it, with a comment or the
    densest TOML there is (an array of zeros): refused unread."""
    text = toml_dumps(_doc()).rstrip("\n") + "\n"
    extra = draw(st.sampled_from([0, 1, 1000, MAX_FILE_BYTES]))
    room = MAX_FILE_BYTES + extra - len(text.encode())
    if draw(st.booleans()) or extra == 0:
        body = text + "#" * (room - 1) + "\n"
    else:
        pad = "junk = [" + "0," * ((room - 12) // 2) + "0]"
        body = pad + " " * (room - len(pad) - 1) + "\n" + text
    return Case(["check", S], {"s.toml": body}, expect="ok" if extra == 0 else "refused")


@st.composite
def number_cases(draw: Any) -> Case:
    """Numbers whose reading was the cost: a template factor, a length, a path token,
    a seed, each with an absurd exponent or thousands of digits."""
    where = draw(st.sampled_from(["factor", "length", "token", "size"]))
    absurd = draw(st.sampled_from(ABSURD if where in ("factor", "size") else HUGE))
    if where == "factor":
        files = {}
        for sub in ("templates", "rosters"):
            for p in sorted((ROOT / sub).glob("*.toml")):
                files[f"{sub}/{p.name}"] = p.read_text()
        name = "templates/trafalgar-modified.toml"
        tmpl = tomllib.loads(files[name])
        tmpl["sectors"][draw(st.integers(0, len(tmpl["sectors"]) - 1))]["factor"] = absurd
        files[name] = toml_dumps(tmpl)
        files["s.toml"] = toml_dumps(_doc())
        return Case(["check", S], files, data=True, expect="refused")
    if where == "length":
        doc = _doc()
        doc["ships"][0]["x"] = absurd + draw(st.sampled_from(["", "cm", "mm", "in"]))
        return Case(["check", S], {"s.toml": toml_dumps(doc)}, expect="refused")
    if where == "token":
        tok = draw(st.sampled_from("FPSL")) + absurd.replace("/", "")
        return Case(["move", S, "amazon", tok], {"s.toml": toml_dumps(_doc())}, expect="refused")
    size = draw(st.sampled_from([f"{absurd}x10", "8192x8192", "4097x4096", "8192x2049"]))
    argv = ["render", S, "-o", "{dir}/out.png", "--size", size]
    return Case(argv, {"s.toml": toml_dumps(_doc())}, expect="refused")


@st.composite
def option_cases(draw: Any) -> Case:
    """Options that set how much work a command does, past their bounds."""
    huge = str(draw(st.sampled_from([10**9, 10**18, 2**63, 10**30])))
    files = {"s.toml": toml_dumps(_doc())}
    duel = ["duel", S, "--side", "british:scripted", "--side", "french:scripted"]
    argv = draw(
        st.sampled_from(
            [
                [*duel, "--games", huge],
                [*duel, "--games", "10001"],
                [*duel, "--games", "2", "--jobs", huge],
                [*duel, "--games", "2", "--turns", huge],
                ["bench", "--ships", huge],
                ["bench", "--ships", "201"],
                ["bench", "--ships", *(["10"] * draw(st.integers(4, 50)))],
                ["drill", "tacking", "--auto", "--distance", huge],
                ["drill", "tacking", "--auto", "--islands", huge],
                ["drill", "tacking", "--auto", "--gate", "1e308"],
            ]
        )
    )
    return Case(argv, files, expect="refused")


@st.composite
def action_cases(draw: Any) -> Case:
    """A log of more actions than a game may have, each of which would replay (a lone
    Man O' War frigate ending turn after turn, drifting): refused before any is played
    (100,000 of them once took a minute and a half)."""
    n = MAX_ACTIONS + draw(st.sampled_from([1, 2, 1000, 100_000]))
    log = draw(st.sampled_from(["end\n", "# a comment\nend\n", "end # drifting\n"])) * n
    doc = toml_dumps(BASE_DOCS["tacking-practice-inches.toml"])
    argv = ["run", "{dir}/s.toml", "{dir}/game.log"]
    return Case(argv, {"s.toml": doc, "game.log": log}, expect="refused")


def cost_cases() -> st.SearchStrategy[Case]:
    """One cost bomb of each kind above, evenly."""
    return st.one_of(
        terrain_cases(),
        ship_cases(),
        file_size_cases(),
        number_cases(),
        option_cases(),
        action_cases(),
    )
