"""Hostile files for ``make fuzz`` (issue 58): the cases the first fuzzer did not try.

- outputs aimed at special files (a FIFO, a socket, a device, a folder, links to them,
  a loop of links), at the scenario or log being read, at names too long or in no
  folder: each must be refused, and every one of them left as it was;
- control characters in logs (each that some reader takes for a line break, and the
  others) and seed lines repeated or below an action: each must be refused;
- ship ids no action can name (refused by ``check``), and odd ids that are one word
  (a game on them is saved and the save read back);
- oversized input: a junk word of megabytes, ``/dev/zero`` and a FIFO as a log or a
  save, a save with an integer of 5,000 digits, seeds too big for a log.

Each case says what it expects (:class:`tests.fuzzing.Case`), so a wrong answer is
counted, not only a traceback.
"""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import strategies as st

from tabletop.data.save import dumps as toml_dumps
from tests.fuzzing import BASE_DOCS, LOG_SCENARIO, LOGS, Case, cases

S, LOG = "{dir}/s.toml", "{dir}/game.log"
#: Characters a log may not hold (a tab may be), each tried inside a comment.
HIDING = ["\x0b", "\x0c", "\r", "\x85", "\u2028", "\u2029", "\x00", "\x1b", "\x7f", "\x9b"]
HIDING += ["\u202e", "\u2066", "\ufeff", "\x1c", "\x1e"]
CONTROL = st.one_of(
    st.sampled_from(HIDING),
    st.characters(categories=["Cc", "Zl", "Zp"]).filter(lambda c: c not in "\t\n"),
)
ODD_IDS = ["two words", "hash#tag", "it's", "a,b", "semi;colon", 'q"uote', "+x", "x=y", "(x)"]
GOOD_ID = st.text(alphabet="abcXYZ09-_.éßΩ", min_size=1, max_size=10).filter(
    lambda s: s not in ("-", "_", ".")
)
#: Games that replay whole on their own scenario, with their ship ids renamed.
RENAMABLE = ["frigate-duel.log", "man-o-war-strait.log", "hold-fast-duel.log"]


def _game(draw: Any) -> tuple[str, dict[str, str]]:
    """A shipped game and its scenario, unbroken: the files of a case."""
    log = draw(st.sampled_from(sorted(LOGS)))
    return log, {"s.toml": toml_dumps(BASE_DOCS[LOG_SCENARIO[log]]), "game.log": LOGS[log]}


@st.composite
def output_cases(draw: Any) -> Case:
    """A writer aimed where it must not write; the inputs and the target are kept."""
    log, files = _game(draw)
    ship = BASE_DOCS[LOG_SCENARIO[log]]["ships"][0]["id"]
    special: dict[str, str] = {}
    where = draw(st.sampled_from(["fifo", "socket", "device", "folder", "loop", "link-device"]))
    target = draw(st.sampled_from(["special", "special", "s.toml", "game.log", "long", "nowhere"]))
    keep = ["s.toml", "game.log"]
    cmd = draw(st.sampled_from(["run", "move", "render"]))
    if cmd != "run" and target == "game.log":  # not read by move or render: the scenario is
        target = "s.toml"
    if target == "special":
        special["out"] = where
        keep.append("out")
        out = "{dir}/out"
    elif target == "long":
        out = "{dir}/" + "x" * draw(st.integers(256, 600))
    elif target == "nowhere":
        out = "{dir}/no/such/folder/out"
    else:
        out = "{dir}/" + target
    if cmd == "run":
        argv = ["run", S, LOG, "--save", out]
    elif cmd == "move":
        argv = ["move", S, ship, "F1", "-o", out]
    else:  # refused before the window opens: a picture is never drawn here
        argv = ["render", S, "-o", out]
    return Case(argv, files, special=special, keep=tuple(keep), expect="refused")


@st.composite
def log_cases(draw: Any) -> Case:
    """A shipped game's log with a control character, or a seed line where none may be."""
    log, files = _game(draw)
    lines = files["game.log"].splitlines()
    actions = [i for i, x in enumerate(lines) if x.strip() and not x.startswith("#")]
    if draw(st.booleans()):
        at = draw(st.integers(0, len(lines)))
        c = draw(CONTROL)
        lines.insert(at, draw(st.sampled_from([f"# a note{c}end", f"end{c}", f"{c}# x"])))
    else:  # a second seed, or one below the first action
        at = draw(st.integers(actions[0] + 1, len(lines)))
        lines.insert(at, f"seed {draw(st.integers(-(10**18), 10**18))}")
    files["game.log"] = "\n".join(lines) + "\n"
    return Case(["run", S, LOG], files, expect="refused")


@st.composite
def id_cases(draw: Any) -> Case:
    """An id no action can name (refused), or odd one-word ids a game is saved with."""
    if draw(st.booleans()):
        doc = copy.deepcopy(draw(st.sampled_from(list(BASE_DOCS.values()))))
        ships = doc["ships"]
        ships[draw(st.integers(0, len(ships) - 1))]["id"] = draw(st.sampled_from(ODD_IDS))
        return Case(["check", S], {"s.toml": toml_dumps(doc)}, expect="refused")
    log = draw(st.sampled_from(RENAMABLE))
    doc = copy.deepcopy(BASE_DOCS[LOG_SCENARIO[log]])
    old = [s["id"] for s in doc["ships"]]
    new = draw(st.lists(GOOD_ID, min_size=len(old), max_size=len(old), unique=True))
    # in the same order: some rules take ships in the order of their ids
    names = dict(zip(sorted(old), sorted(new), strict=True))
    for s in doc["ships"]:
        s["id"] = names[s["id"]]
    text = "\n".join(
        " ".join(names.get(w, w) for w in x.split()) if not x.startswith("#") else x
        for x in LOGS[log].splitlines()
    )
    files = {"s.toml": toml_dumps(doc), "game.log": text + "\n"}
    argv = ["run", S, LOG, "--save", "{dir}/g.json"]
    return Case(argv, files, expect="ok", then=["check", "{dir}/g.json"])


@st.composite
def oversized_cases(draw: Any) -> Case:
    """Input too big, or without end: each refused at once, its error short."""
    log, files = _game(draw)
    kind = draw(st.sampled_from(["junk", "zero", "fifo", "save-zero", "save-int", "seed"]))
    if kind == "junk":  # one word of megabytes, under the log's cap or over it
        n = draw(st.sampled_from([3_000, 100_000, 3_000_000, 5_000_000]))
        files["game.log"] = "move " + "Z" * n + "\n"
        return Case(["run", S, LOG], files, expect="refused")
    if kind == "zero":
        return Case(["run", S, "/dev/zero"], files, expect="refused")
    if kind == "fifo":
        return Case(["run", S, "{dir}/pipe"], files, special={"pipe": "fifo"}, expect="refused")
    if kind == "save-zero":
        return Case(["check", "{dir}/g.json"], files, special={"g.json": "link-zero"},
                    expect="refused")  # fmt: skip
    if kind == "save-int":
        big = "9" * draw(st.integers(4301, 20_000))
        files["g.json"] = '{"format": "tabletop-save/2", "seed": ' + big + "}"
        return Case(["check", "{dir}/g.json"], files, expect="refused")
    files["s.toml"] = toml_dumps(BASE_DOCS["frigate-duel.toml"])
    seed = draw(st.sampled_from([str(2**63 - 1), str(2**63), "9" * 20, str(-(2**63))]))
    argv = ["duel", S, "--side", "british:scripted", "--side", "french:scripted"]
    return Case([*argv, "--seed", seed, "--games", "2"], files, expect="refused")


def file_cases() -> st.SearchStrategy[Case]:
    """One case of each kind above, evenly."""
    return st.one_of(output_cases(), log_cases(), id_cases(), oversized_cases())


def all_cases() -> st.SearchStrategy[Case]:
    """``make fuzz``'s cases: two of the first fuzzer's for one of these."""
    return st.one_of(cases(), cases(), file_cases())
