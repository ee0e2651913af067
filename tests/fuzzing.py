"""Hostile input for the command line, shared by ``tests/test_fuzz.py`` and ``make fuzz``.

A *case* is a folder of files (a scenario, maybe a game log, maybe a whole data folder
of templates and rosters for ``TABLETOP_DATA``) and one command line.  Strategies start
from the shipped files and break them as a careless or hostile user would: a value
swapped for a huge, non-finite, empty, unprintable or wrongly typed one, a key dropped,
a polygon bent, a file cut short, a path of absurd tokens, a log of random actions.

:func:`run_case` runs the command in-process through ``tabletop.shell.cli.main`` (the CLI's
own entry point) and judges the outcome by the CLI contract (SPEC §3): no exception
escapes, exit status 0 or 2, status 0 means nothing on stderr, a user error is one line
(``check`` lists one line per problem), and ``--json`` prints one strict JSON object.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import io
import json
import math
import os
import shutil
import signal
import tempfile
import tomllib
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from tabletop.data.save import dumps as toml_dumps
from tests.fuzz_special import fingerprint
from tests.fuzz_special import make as make_special

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").glob("*.toml"))
LOGS = {p.name: p.read_text() for p in sorted((ROOT / "games").glob("*.log"))}
RULESETS = ("trafalgar-modified", "man-o-war", "hold-fast")

# -- values a careless or hostile user types ---------------------------------------------
HOSTILE_NUMBERS = [
    0,
    -0.0,
    -1,
    1e-300,
    1e-7,
    0.5,
    359.9999999,
    360,
    720.0001,
    1e9,
    2**63,
    10**400,
    -(10**400),
    float("inf"),
    float("-inf"),
    float("nan"),
    1e308,
]
HOSTILE_TEXT = [
    "",
    " ",
    "x",
    "far",
    "N",
    "NNE",
    "roll",
    "inf",
    "nan",
    "1e400",
    "9" * 400,
    "60mm",
    "-5cm",
    "2.5in",
    '3"',
    "2 furlong",
    "a\nb",
    "a\x00b",
    "del\x7f",
    "tab\there",
    "\u2028",
    "é" * 300,
    "D-1",
    "D0",
    "D3",
    "4/3",
    "1/0",
]
HOSTILE = st.one_of(
    st.sampled_from(HOSTILE_NUMBERS),
    st.sampled_from(HOSTILE_TEXT),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=True, allow_infinity=True),
    st.just([]),
    st.just({}),
    st.just([[0, 0], [1, 1]]),
    st.just({"x": "far"}),
    st.lists(st.integers(-3, 3), max_size=3),
)


def _leaves(doc: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path into ``doc`` (tables and arrays), the containers included."""
    out = [path] if path else []
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _leaves(v, (*path, k))
    elif isinstance(doc, list) and len(doc) <= 50:
        for i, v in enumerate(doc):
            out += _leaves(v, (*path, i))
    return out


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> None:
    for k in path[:-1]:
        doc = doc[k]
    if value is _DROP:
        del doc[path[-1]]
    else:
        doc[path[-1]] = copy.deepcopy(value)  # st.just([]) is one shared object


_DROP = object()


@st.composite
def broken_doc(draw: Any, doc: dict[str, Any], max_edits: int = 3) -> dict[str, Any]:
    """``doc`` with a few values replaced by hostile ones, or dropped."""
    doc = copy.deepcopy(doc)
    for _ in range(draw(st.integers(1, max_edits))):
        paths = _leaves(doc)
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        value = draw(st.one_of(HOSTILE, st.just(_DROP)))
        _set(doc, path, value)
    return doc


def _polygons() -> st.SearchStrategy[list[list[float]]]:
    coord = st.one_of(st.floats(-50, 250), st.sampled_from([0.0, 1e-9, 100.0, 1e6]))
    pt = st.lists(coord, min_size=2, max_size=2)
    bow_tie = st.just([[100, 100], [120, 120], [120, 100], [100, 120]])
    sliver = st.just([[50, 50], [50.0000001, 50], [50, 50.0000001]])
    line = st.just([[10, 10], [20, 20], [30, 30]])
    return st.one_of(st.lists(pt, min_size=0, max_size=8), bow_tie, sliver, line)


def _scenario_doc(path: Path) -> dict[str, Any]:
    with open(path, "rb") as fh:
        return tomllib.load(fh)


BASE_DOCS = {p.name: _scenario_doc(p) for p in SCENARIOS}


LOG_SCENARIO = {
    "frigate-duel.log": "frigate-duel.toml",
    "frigate-duel-boarding.log": "frigate-duel.toml",
    "man-o-war-strait.log": "man-o-war-skirmish.toml",
    "escadres-two-fleets.log": "escadres-two-fleets.toml",
    "frigate-hex-duel.log": "frigate-hex-duel.toml",
    "frigate-hex-prize.log": "frigate-hex-prize.toml",
    "frigate-hex-weather.log": "frigate-hex-weather.toml",
    "hold-fast-frigates.log": "hold-fast-frigates.toml",
    "hold-fast-duel.log": "hold-fast-duel.toml",
}
MODES = ["clean"] * 3 + ["ships"] * 3 + ["terrain"] * 2 + ["values"] * 2 + ["cut"]


@st.composite
def scenario_text(draw: Any, name: str | None = None) -> tuple[str, list[str]]:
    """A scenario file's text, broken one of several ways, and the ship ids it meant."""
    name = name or draw(st.sampled_from(sorted(BASE_DOCS)))
    base = BASE_DOCS[name]
    ids = [str(s.get("id")) for s in base.get("ships", [])]
    how = draw(st.sampled_from(MODES))
    doc = copy.deepcopy(base)
    if how == "values":
        doc = draw(broken_doc(doc))
    elif how == "ships":
        ships = doc.get("ships", [])
        table = doc.get("scenario", {}).get("table", {})
        w, d = float(table.get("width", 100)), float(table.get("depth", 100))
        rare = st.sampled_from(HOSTILE_NUMBERS)
        for s in ships:
            if draw(st.booleans()):
                s["x"] = draw(st.floats(0, w) if draw(st.integers(0, 9)) else rare)
                s["y"] = draw(st.floats(0, d) if draw(st.integers(0, 9)) else rare)
                s["heading"] = draw(st.floats(0, 360) if draw(st.integers(0, 9)) else HOSTILE)
        if ships and draw(st.booleans()):  # two ships on one spot, or one id twice
            other = dict(ships[0])
            other["id"] = draw(st.sampled_from([ships[0]["id"], "twin"]))
            ships.append(other)
    elif how == "terrain":
        table = doc.get("scenario", {}).get("table", {})
        w, d = float(table.get("width", 100)), float(table.get("depth", 100))
        islands = st.builds(
            lambda x, y, r, n: [
                [x + r * math.cos(2 * math.pi * k / n), y + r * math.sin(2 * math.pi * k / n)]
                for k in range(n)
            ],
            st.floats(0, w),
            st.floats(0, d),
            st.floats(0.01, 30),
            st.integers(3, 40),
        )
        doc["terrain"] = [
            {"kind": draw(st.sampled_from(["land", "land", "shoal", "reef"])), "polygon": p}
            for p in draw(
                st.lists(st.one_of(islands, islands, _polygons()), min_size=1, max_size=3)
            )
        ]
    try:
        text = toml_dumps(doc)
    except (TypeError, ValueError):
        text = toml_dumps(base)
    if how == "cut":
        text = text[: draw(st.integers(0, len(text)))] + draw(st.sampled_from(["", "[", "= ="]))
    return text, ids


TOKENS = st.one_of(
    st.sampled_from(["F2", "F12.5", "S30", "P45", "L3", "T", "A", "W", "F0", "S0", "P359.99"]),
    st.sampled_from(["P1000000000", "F1000000", "S360", "F", "X1", "f2", "F-1", "F1e3", "F.5"]),
    st.builds(
        lambda k, v: f"{k}{v}",
        st.sampled_from("FPSL"),
        st.one_of(st.integers(0, 2000), st.floats(0, 400).map(lambda x: f"{x:.4f}")),
    ),
)


@st.composite
def path_words(draw: Any) -> list[str]:
    """Path tokens: usually a few, sometimes a flood (up to 300)."""
    if draw(st.integers(0, 9)) == 0:
        tok = draw(TOKENS)
        return [tok] * draw(st.integers(150, 300))
    return draw(st.lists(TOKENS, min_size=1, max_size=8))


@st.composite
def log_text(draw: Any, ids: list[str], shipped: str | None = None) -> str:
    """A game log: a shipped one, cut or spliced, or random actions."""
    if shipped:
        text = LOGS[shipped]
        lines = text.splitlines()
        k = draw(st.integers(0, len(lines)))
        extra = draw(
            st.lists(
                st.sampled_from(
                    [
                        "end",
                        "seed 7",
                        "seed x",
                        "seed " + "9" * 5000,
                        "undo",
                        "move",
                        "fire a",
                        "\x00",
                    ]
                ),
                max_size=3,
            )
        )
        return "\n".join(lines[:k] + extra) + "\n"
    ship = st.sampled_from([*ids, "nobody"]) if ids else st.just("nobody")
    action = st.one_of(
        st.builds(lambda s, p: f"move {s} " + " ".join(p), ship, path_words()),
        st.builds(lambda a, b: f"fire {a} {b}", ship, ship),
        st.builds(lambda a, b: f"ram {a} {b} F5", ship, ship),
        st.builds(lambda s, t: f"tack {s} {t}", ship, st.sampled_from(["port", "starboard"])),
        st.builds(lambda s, t: f"recover {s} {t}", ship, st.sampled_from(["port", "x"])),
        st.builds(lambda s: f"choose {s} irons", ship),
        st.builds(lambda s: f"stand {s}", ship),
        st.builds(lambda a, b: f"board {a} {b}", ship, ship),
        st.builds(lambda s: f"cut {s}", ship),
        st.just("end"),
        st.sampled_from(["# comment", "", "seed 3", "bogus verb", "end extra"]),
    )
    return "\n".join(draw(st.lists(action, max_size=25))) + "\n"


@st.composite
def data_folder(draw: Any) -> dict[str, str]:
    """A TABLETOP_DATA folder: the shipped templates and rosters, one file broken."""
    files = {}
    for sub in ("templates", "rosters"):
        for p in sorted((ROOT / sub).glob("*.toml")):
            files[f"{sub}/{p.name}"] = p.read_text()
    victim = draw(st.sampled_from(sorted(files)))
    doc = tomllib.loads(files[victim])
    files[victim] = toml_dumps(draw(broken_doc(doc, max_edits=2)))
    return files


@dataclass
class Case:
    argv: list[str]  # with {dir} standing for the case's folder
    files: dict[str, str] = field(default_factory=dict)
    data: bool = False  # point TABLETOP_DATA at the case's folder
    special: dict[str, str] = field(default_factory=dict)  # name: a kind of fuzz_special
    keep: tuple[str, ...] = ()  # files the command must leave as they were
    # what the program owes the case beyond the contract: "refused" (exit 2) or "ok"
    # (exit 0) for the files' cases; "refuse" (a lie: exit 0 is a tamper accepted) or
    # "accept" (an honest save) for the saves' (``kept_promise``); "" the contract alone
    expect: str = ""
    then: list[str] | None = None  # after exit 0, this must exit 0 too (reads it back)
    says: str = ""  # words an exit 0 must print (a tampered save's note)


@st.composite
def cases(draw: Any) -> Case:
    """One hostile command: which command, on which broken files."""
    text, ids = draw(scenario_text())
    files = {"s.toml": text}
    data = False
    if draw(st.integers(0, 5)) == 0:
        files.update(draw(data_folder()))
        data = True
    ship = st.one_of(st.sampled_from(ids or ["nobody"]), st.sampled_from(["nobody", "a\nb", ""]))
    json_flag = ["--json"] if draw(st.booleans()) else []
    cmd = draw(st.sampled_from(["check", "sail", "measure", "fire", "move", "move", "run", "run"]))
    s = "{dir}/s.toml"
    if cmd == "check":
        argv = ["check", s]
    elif cmd == "sail":
        argv = ["sail", s, draw(ship)]
    elif cmd in ("measure", "fire"):
        argv = [cmd, s, draw(ship), draw(ship)]
        if cmd == "fire" and draw(st.booleans()):
            argv.append("--high")
    elif cmd == "move":
        argv = ["move", s, draw(ship), *draw(path_words())]
        if draw(st.integers(0, 3)) == 0:
            argv += ["-o", draw(st.sampled_from(["{dir}/out.toml", "", "{dir}"]))]
    else:
        if draw(st.booleans()):  # a shipped game on its own scenario, cut and spliced
            log = draw(st.sampled_from(sorted(LOGS)))
            text, ids = draw(scenario_text(LOG_SCENARIO[log]))
            files["s.toml"] = text
            files["game.log"] = draw(log_text(ids, log))
        else:
            files["game.log"] = draw(log_text(ids))
        argv = ["run", s, "{dir}/game.log"]
        if draw(st.booleans()):
            argv += ["--undo", str(draw(st.sampled_from([0, 1, 3, -5, 10**9])))]
        if draw(st.integers(0, 3)) == 0:
            argv += ["--save", draw(st.sampled_from(["{dir}/game.json", "", "{dir}"]))]
    return Case(argv + json_flag, files, data)


# -- running a case ----------------------------------------------------------------------
#: Crashes found by this fuzzing whose fix lies in files another refactor owns (engine/,
#: rules/, ...): reported there, counted apart as "known", never silently passed.  Keyed
#: by the innermost project frame: (file, function, exception).
KNOWN: dict[tuple[str, str, str], str] = {}


class Hang(Exception):
    """The case ran past its time limit."""


@dataclass
class Outcome:
    kind: str  # ok | traceback | known | hang | wrong_exit | non_json | ... (fuzz_main.KINDS)
    code: int | None = None
    detail: str = ""
    site: str = ""  # for a traceback: file:function: exception of the innermost frame
    out: str = ""  # what an ok command printed (a tampered save's note is read there)


def _strict(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _alarm(signum: int, frame: Any) -> None:
    raise Hang


def run_case(case: Case, limit: float = 0.0) -> Outcome:
    """Run one case in-process through ``tabletop.shell.cli.main`` and judge it: by the
    CLI contract, then by what the case expects (files kept, refused or not, read back).

    With ``limit`` (seconds, POSIX), a case that runs longer is a hang.
    """
    from tabletop import rules

    folder = Path(tempfile.mkdtemp(prefix="tabletop-fuzz-"))
    old_env = os.environ.get("TABLETOP_DATA")
    shared = rules._load
    try:
        for name, text in case.files.items():
            p = folder / name
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(text, encoding="utf-8", errors="surrogatepass")
        for name, kind in case.special.items():
            make_special(folder, name, kind)
        kept = {n: fingerprint(folder / n) for n in case.keep}
        if case.data:
            os.environ["TABLETOP_DATA"] = str(folder)
            # the case's templates in a cache of its own: clearing the shared one made
            # every ruleset loaded before it a stranger to the same ruleset loaded after
            # (a later test's saved game no longer equal to its replay)
            rules._load = functools.cache(shared.__wrapped__)  # type: ignore[method-assign]
        argv = [a.replace("{dir}", str(folder)) for a in case.argv]
        outcome = _run(argv, limit)
        if outcome.kind != "ok":
            return kept_promise(case, outcome, outcome.out, outcome.detail)
        changed = [n for n in case.keep if fingerprint(folder / n) != kept[n]]
        if changed:
            return Outcome("destroyed", outcome.code, f"{' '.join(argv)}: changed {changed}")
        if case.expect == "refused" and outcome.code != 2:
            return Outcome("not_refused", outcome.code, " ".join(argv))
        if case.expect == "ok" and outcome.code != 0:
            return Outcome("not_accepted", outcome.code, f"{' '.join(argv)}: {outcome.detail}")
        if case.then and outcome.code == 0:
            then = [a.replace("{dir}", str(folder)) for a in case.then]
            back = _run(then, limit)
            if back.kind == "ok" and back.code != 0:
                return Outcome("unreadable", back.code, f"{' '.join(then)}: {back.detail}")
            return back
        return kept_promise(case, outcome, outcome.out, outcome.detail)
    finally:
        if case.data:
            if old_env is None:
                os.environ.pop("TABLETOP_DATA", None)
            else:
                os.environ["TABLETOP_DATA"] = old_env
            rules._load = shared
        shutil.rmtree(folder, ignore_errors=True)


def _run(argv: list[str], limit: float) -> Outcome:
    """One command through ``main``, timed out after ``limit`` seconds, and judged."""
    from tabletop.shell.cli import main

    out, err = io.StringIO(), io.StringIO()
    if limit:
        signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    except Hang:
        return Outcome("hang", None, " ".join(argv))
    except BaseException as e:  # noqa: BLE001 - anything escaping is what we count
        return _crash(e)
    finally:
        if limit:
            signal.setitimer(signal.ITIMER_REAL, 0)
    return judge(argv, code, out.getvalue(), err.getvalue())


def _crash(e: BaseException) -> Outcome:
    frames = [f for f in traceback.extract_tb(e.__traceback__) if "/tabletop/" in f.filename]
    site = ("", "", type(e).__name__)
    if frames:
        f = frames[-1]
        rel = f.filename[f.filename.rindex("/tabletop/") + 1 :]
        site = (rel, f.name, type(e).__name__)
    kind = "known" if site in KNOWN else "traceback"
    return Outcome(kind, None, traceback.format_exc(), ":".join(site))


#: The longest line of stderr a user error may print: it quotes input cut short.
MAX_ERROR_LINE = 1000


def judge(argv: list[str], code: int, out: str, err: str) -> Outcome:
    """The CLI contract (SPEC §3) for one finished command, with a user error's lines
    at most :data:`MAX_ERROR_LINE` long."""
    if code not in (0, 2):
        return Outcome("wrong_exit", code, err)
    if code == 0 and err:
        return Outcome("exit0_stderr", code, err)
    if code == 2 and argv[0] != "check" and err.count("\n") != 1:
        return Outcome("not_one_line", code, err)
    if any(len(line) > MAX_ERROR_LINE for line in err.splitlines()):
        return Outcome("too_long", code, err[:300] + f"... ({len(err)} characters)")
    if "--json" in argv and (code == 0 or out):
        try:
            data = json.loads(out, parse_constant=_strict)
        except ValueError as e:
            return Outcome("non_json", code, f"{e}: {out[:200]}")
        if not isinstance(data, dict):
            return Outcome("non_json", code, out[:200])
    return Outcome("ok", code, err, out=out)


def kept_promise(case: Case, outcome: Outcome, out: str, err: str) -> Outcome:
    """What a case was owed beyond the contract (a tampered save: ``fuzz_saves.py``):
    a lie refused, an honest save accepted, and what an accepted one must say."""
    if outcome.kind != "ok":
        return outcome
    if case.expect == "refuse" and outcome.code == 0:
        return Outcome("tamper_accepted", 0, out[-1500:])
    if case.expect == "accept" and outcome.code != 0:
        return Outcome("honest_refused", outcome.code, err[-1500:])
    if outcome.code == 0 and case.says not in out:
        return Outcome("unsaid", 0, f"expected {case.says!r} in: {out[-1500:]}")
    return outcome
