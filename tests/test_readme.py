"""The console examples of README.md and docs/*.md are what the program prints (so they
stay true).

Each ```console block is a list of ``$ tabletop ...`` commands and their output; a line
``...`` stands for output left out.  Commands that open a window are skipped.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tabletop.shell.cli import main

from .conftest import ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def blocks(page: Path) -> list[str]:
    return re.findall(r"```console\n(.*?)```", page.read_text(encoding="utf-8"), re.S)


def examples(page: Path) -> list[tuple[str, list[str]]]:
    out: list[tuple[str, list[str]]] = []
    for block in blocks(page):
        cmd: str | None = None
        lines: list[str] = []
        for line in block.splitlines():
            if line.startswith("$ "):
                if cmd is not None:
                    out.append((cmd, lines))
                cmd, lines = line[2:].split("#")[0].strip(), []
            elif cmd is not None:
                lines.append(line)
        if cmd is not None:
            out.append((cmd, lines))
    # only commands whose output is shown, and no window
    return [
        (c, ls)
        for c, ls in out
        if ls
        and c.split()[1] not in ("play",)
        and not (c.split()[1] == "drill" and "--auto" not in c)
    ]


def matches(expected: list[str], got: list[str]) -> bool:
    """Without '...' the output is exactly the example; with it, the example's other
    lines appear in the output in order ('...' stands for any number of lines)."""
    expected = ["..." if e.strip() == "..." else e.rstrip() for e in expected]
    while expected and not expected[-1]:
        expected.pop()
    got = [g.rstrip() for g in got]
    if "..." not in expected:
        return expected == got
    i = 0
    for want in (e for e in expected if e != "..."):
        while i < len(got) and got[i] != want:
            i += 1
        if i == len(got):
            return False
        i += 1
    return True


CASES = [
    pytest.param(cmd, expected, id=f"{page.relative_to(ROOT)}: {cmd}")
    for page in PAGES
    for cmd, expected in examples(page)
]


@pytest.mark.parametrize("cmd, expected", CASES)
def test_readme_example(cmd, expected, capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    argv = shlex.split(cmd)[1:]
    if "bad.toml" in argv:  # docs/cli.md's broken scenario: the worked example, spoilt
        good = (ROOT / "scenarios" / "worked-example.toml").read_text()
        (tmp_path / "bad.toml").write_text(
            good.replace("x = 45", 'x = "far"').replace("length = 8,", "length = -8,")
        )
        monkeypatch.chdir(tmp_path)
        argv = [str(ROOT / a) if a.startswith("scenarios/") else a for a in argv]
    else:
        monkeypatch.chdir(ROOT)
    code = main(argv)
    out, err = capsys.readouterr()
    got = (out + err).splitlines()
    # timings vary: compare lines with the figures in milliseconds blanked
    norm = [re.sub(r"planned in \d+ ms", "planned in N ms", g) for g in got]
    want = [re.sub(r"planned in \d+ ms", "planned in N ms", e) for e in expected]
    assert matches(want, norm), "\n".join(["the page says:", *expected, "program says:", *got])
    assert code in (0, 2)


def test_there_are_examples():
    assert len(CASES) >= 8
    assert examples(ROOT / "README.md"), "the README shows the program at work"
