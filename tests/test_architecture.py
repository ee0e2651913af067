"""The architecture the project keeps: rulesets are plug-ins, the layers hold, no cycles.

import-linter (in ``make lint``) checks the layers; these tests check what it cannot
say: no import cycle anywhere (function-local imports included), no ruleset named
outside ``tabletop/rules/`` to decide anything, no function-local import outside the
command-line shell, and the size limits that keep each module readable.
"""

from __future__ import annotations

import ast
import configparser
import re
from pathlib import Path

import grimp
import pytest

from tabletop import rules

PACKAGE = Path(__file__).resolve().parent.parent / "tabletop"
#: Modules whose function-local imports are deliberate: the CLI loads each command's
#: modules only when it runs (start-up time), arcade must be imported after the
#: headless switch is set, installed plug-ins' metadata is read only when no
#: built-in ruleset has the name asked for, and a ruleset loads its game, movement and
#: coach (the interface, a game's values; a scenario, its photo's model; a digest,
#: hashlib) on their first use, so a ruling on its table loads only its reading and fire.
LAZY_OK = {
    "shell/cli.py",
    "shell/drill.py",
    "shell/output.py",
    "shell/bench.py",
    "view/render.py",
    "rules/__init__.py",
    "rules/types.py",
    "rules/trafalgar/__init__.py",
    "game/photo.py",
    "data/digest.py",
}


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def import_cycles() -> set[str]:
    """Every import circle among tabletop's modules, counting imports made only under
    ``TYPE_CHECKING`` and inside functions: a circle for the type checker is still two
    modules that cannot be understood apart."""
    graph = grimp.build_graph("tabletop", exclude_type_checking_imports=False)
    seen: dict[str, int] = {}  # 1: on the path, 2: done
    cycles: list[list[str]] = []

    def visit(m: str, path: list[str]) -> None:
        seen[m] = 1
        for n in sorted(graph.find_modules_directly_imported_by(m)):
            if not n.startswith("tabletop"):
                continue
            if seen.get(n) == 1:
                cycles.append([*path[path.index(n) :], n])
            elif n not in seen:
                visit(n, [*path, n])
        seen[m] = 2

    for m in sorted(graph.modules):
        if m.startswith("tabletop") and m not in seen:
            visit(m, [m])
    # a package imports its own submodules from __init__, which grimp shows as a
    # parent-child edge back; those are not cycles of meaning
    real = [
        c
        for c in cycles
        if not all(
            b.startswith(a + ".") or a.startswith(b + ".") for a, b in zip(c, c[1:], strict=False)
        )
    ]
    return {" -> ".join(m.removeprefix("tabletop.") for m in c) for c in real}


def test_no_import_cycles():
    """None anywhere: not in the kernel, the rules' interface, the game layer, the
    window (its helpers are typed by ``view.host.Host``, not the TableView they serve),
    nor inside a ruleset's package (its helpers are typed by small protocols of what
    they read, not the package's Ruleset class)."""
    assert import_cycles() == set()


def test_every_module_lives_in_a_layer_package():
    """A file's path says its layer: nothing sits loose in ``tabletop/`` but the package's
    own ``__init__`` and ``__main__``, and every package is a layer of the contract."""
    loose = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert loose == ["__init__.py", "__main__.py"]
    cfg = configparser.ConfigParser()
    cfg.read(PACKAGE.parent / ".importlinter")
    layers = cfg["importlinter:contract:layers"]
    assert layers["exhaustive"].strip() == "true"
    assert cfg["importlinter"]["exclude_type_checking_imports"].strip() == "False"
    named = set(re.split(r"[\s:|]+", layers["layers"].strip()))
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    assert packages | {"__main__"} == named


def test_no_ruleset_is_named_outside_rules_to_decide_anything():
    names = "|".join(re.escape(n) for n in rules.names())
    decides = re.compile(rf"""(==|!=|\bin\b)\s*\(?["']({names})["']|["']({names})["']\s*(==|!=)""")
    found = []
    for p in modules():
        rel = p.relative_to(PACKAGE).as_posix()
        if rel.startswith("rules/"):
            continue
        for n, line in enumerate(p.read_text().splitlines(), 1):
            if decides.search(line) or "attr-defined" in line and "rules" in line:
                found.append(f"{rel}:{n}: {line.strip()}")
    assert found == []


def test_no_module_outside_rules_imports_a_ruleset_package():
    pkgs = [n for n in (PACKAGE / "rules").iterdir() if (n / "__init__.py").exists()]
    bad = []
    for p in modules():
        rel = p.relative_to(PACKAGE).as_posix()
        if rel.startswith("rules/"):
            continue
        for node in ast.walk(ast.parse(p.read_text())):
            if (
                isinstance(node, ast.ImportFrom)
                and node.module
                and any(node.module.startswith(f"tabletop.rules.{k.name}") for k in pkgs)
            ):
                bad.append(f"{rel}:{node.lineno} {node.module}")
    assert bad == []


def test_function_local_imports_only_in_the_shell():
    bad = []
    for p in modules():
        rel = p.relative_to(PACKAGE).as_posix()
        if rel in LAZY_OK:
            continue
        for fn in ast.walk(ast.parse(p.read_text())):
            if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                for node in ast.walk(fn):
                    if isinstance(node, ast.Import | ast.ImportFrom):
                        bad.append(f"{rel}:{node.lineno}")
    assert bad == []


def _reason(p: Path) -> bool:
    """A module may pass a size limit if its docstring's first lines say why (``Long:``)."""
    return "Long:" in "\n".join(p.read_text().splitlines()[:12])


@pytest.mark.parametrize("path", modules(), ids=lambda p: p.relative_to(PACKAGE).as_posix())
def test_modules_and_functions_stay_short(path):
    text = path.read_text()
    if _reason(path):
        return
    assert len(text.splitlines()) <= 500, f"{path.name}: over 500 lines"
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            n = (node.end_lineno or node.lineno) - node.lineno + 1
            assert n <= 80, f"{path.name}: {node.name} is {n} lines"


def test_the_core_contract_stays_small():
    """``Ruleset`` keeps what every game needs (issue 56: at most 30 public members);
    what one client alone asks is on its own object (``look``, ``advice``, ``data``),
    what a ruleset declares is its ``caps`` record, and helpers no ruleset overrides
    are plain functions (``referee.reckon``, ``engine.state``)."""
    from tabletop.rules.base import Ruleset

    public = [m for m in dir(Ruleset) if not m.startswith("_")]
    assert len(public) <= 30, public
