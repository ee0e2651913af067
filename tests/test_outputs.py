"""Outputs never destroy, inputs are read within bounds (issue 58).

Every file the program writes (``run --save``, ``move -o``, ``render -o``, ``duel
--logs``, the window's saves through the same writer) goes to a regular file or a new
name.  A FIFO, a device, a folder, a socket or a file the same command reads is refused
in one line, exit 2, and is still what it was afterwards; so is every kind of bad path.
Logs and saves are read only from regular files under a size cap: ``/dev/zero`` and a
FIFO are refused at once.
"""

from __future__ import annotations

import os
import socket
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tabletop.common.errors import TabletopError
from tabletop.data.files import output_target, read_bounded
from tabletop.data.save import write_atomic
from tabletop.game.logs import MAX_LOG_BYTES
from tabletop.game.saved import MAX_BYTES
from tabletop.shell.cli import main

from .conftest import ROOT, SCENARIOS

LOG = ROOT / "games" / "frigate-duel.log"
ROOTED = hasattr(os, "geteuid") and os.geteuid() == 0


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys, *argv: str) -> str:
    """The command fails as a user error: exit 2, one line on stderr, nothing else."""
    code, out, err = cli(capsys, *argv)
    assert code == 2, (out, err)
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


@pytest.fixture
def game(tmp_path: Path) -> tuple[Path, Path]:
    """A copy of the frigate duel's scenario and log, in a folder of their own."""
    scn, log = tmp_path / "duel.toml", tmp_path / "duel.log"
    scn.write_bytes((SCENARIOS / "frigate-duel.toml").read_bytes())
    log.write_bytes(LOG.read_bytes())
    return scn, log


def _kind(p: Path) -> int:
    return stat.S_IFMT(os.lstat(p).st_mode)


# -- the writers, each aimed at a target -------------------------------------------------
Writer = Callable[[Path, Path, str], list[str]]
WRITERS: dict[str, Writer] = {
    "run --save": lambda scn, log, out: ["run", str(scn), str(log), "--save", out],
    "move -o": lambda scn, log, out: ["move", str(scn), "amazon", "F2", "-o", out],
    "render -o": lambda scn, log, out: ["render", str(scn), "-o", out],
}


def _special(tmp_path: Path, kind: str) -> Path:
    """A file of ``kind`` to aim a writer at."""
    p = tmp_path / f"target-{kind}"
    if kind == "fifo":
        os.mkfifo(p)
    elif kind == "socket":
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(str(p))
        sock.close()
    elif kind == "folder":
        p.mkdir()
    elif kind == "device":  # a private stand-in for /dev/null (needs root to make)
        if not ROOTED:
            pytest.skip("making a device needs root")
        os.mknod(p, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    elif kind == "link to a fifo":
        os.mkfifo(tmp_path / "pipe")
        p.symlink_to(tmp_path / "pipe")
    return p


@pytest.mark.parametrize("writer", sorted(WRITERS))
@pytest.mark.parametrize("kind", ["fifo", "socket", "folder", "device", "link to a fifo"])
def test_a_writer_never_replaces_a_special_file(capsys, tmp_path, game, writer, kind):
    target = _special(tmp_path, kind)
    before = _kind(target)
    real = os.path.realpath(target)
    real_before = _kind(Path(real))
    err = refused(capsys, *WRITERS[writer](*game, str(target)))
    assert "expected a regular file or a new name to write to, found a" in err
    assert _kind(target) == before and _kind(Path(real)) == real_before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_dev_null_is_never_replaced(capsys, game, writer):
    # as root the rename once replaced /dev/null itself with a regular file
    err = refused(capsys, *WRITERS[writer](*game, "/dev/null"))
    assert "/dev/null: expected a regular file or a new name to write to, found a character" in err
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_a_writer_never_writes_over_the_scenario_it_reads(capsys, game, writer):
    scn, log = game
    text = scn.read_bytes()
    err = refused(capsys, *WRITERS[writer](scn, log, str(scn)))
    assert f"{scn}: expected a file to write to, found the scenario this command reads" in err
    assert scn.read_bytes() == text
    # nor through another name for it: a hard link, a symbolic link
    (scn.parent / "hard.toml").hardlink_to(scn)
    (scn.parent / "soft.toml").symlink_to(scn)
    for other in ("hard.toml", "soft.toml"):
        refused(capsys, *WRITERS[writer](scn, log, str(scn.parent / other)))
    assert scn.read_bytes() == text


def test_run_never_writes_its_save_over_the_log(capsys, game):
    scn, log = game
    text = log.read_bytes()
    err = refused(capsys, "run", scn, log, "--save", log)
    assert "found the log this command reads" in err
    assert log.read_bytes() == text


def test_a_save_may_be_continued_in_place(capsys, game, tmp_path):
    # the save being continued is not refused: the new one replaces it atomically
    scn, log = game
    lines = [x for x in log.read_text().splitlines() if x and not x.startswith("#")]
    (tmp_path / "first.log").write_text("\n".join(lines[:6]) + "\n")
    (tmp_path / "rest.log").write_text("\n".join(lines[6:]) + "\n")
    save = tmp_path / "game.json"
    assert cli(capsys, "run", scn, tmp_path / "first.log", "--save", save)[0] == 0
    code, _, err = cli(capsys, "run", "--load", save, tmp_path / "rest.log", "--save", save)
    assert code == 0, err
    code, out, _ = cli(capsys, "check", save)
    assert code == 0 and f"{len(lines)} actions replayed" in out


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_bad_paths_are_one_line(capsys, tmp_path, game, writer):
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    cases = {
        str(loop): "a loop of symbolic links",
        str(tmp_path / ("x" * 300 + ".out")): "File name too long",
        str(tmp_path / "no" / "such" / "game.json"): "no such folder",
        str(game[1]) + "/inside": "Not a directory",
    }
    for target, says in cases.items():
        err = refused(capsys, *WRITERS[writer](*game, target))
        assert says in err and len(err) < 400, err


def test_permission_denied_is_one_line(capsys, tmp_path, game, monkeypatch):
    folder = tmp_path / "locked"
    folder.mkdir()
    if ROOTED:  # root may write anywhere: the system's refusal is stood in for
        import tempfile

        def denied(*a: object, **k: object) -> None:
            raise PermissionError(13, "Permission denied")

        monkeypatch.setattr(tempfile, "mkstemp", denied)
    else:
        folder.chmod(0o500)
    err = refused(capsys, "run", *game, "--save", folder / "game.json")
    assert "game.json: cannot write (Permission denied)" in err
    assert list(folder.iterdir()) == []


def test_duel_logs_never_replace_a_special_file(capsys, tmp_path):
    logs = tmp_path / "logs"
    logs.mkdir()
    name = "frigate-duel-seed1-british-scripted-french-scripted.log"
    os.mkfifo(logs / name)
    scn = SCENARIOS / "frigate-duel.toml"
    argv = ["duel", scn, "--side", "british:scripted", "--side", "french:scripted"]
    err = refused(capsys, *argv, "--games", "1", "--turns", "1", "--logs", logs)
    assert f"{name}: expected a regular file or a new name to write to, found a FIFO" in err
    assert stat.S_ISFIFO(os.lstat(logs / name).st_mode)


def test_the_writer_itself_refuses_whoever_calls_it(tmp_path):
    # the window's saves and the drill's scores reach the same writer: it checks too
    os.mkfifo(tmp_path / "pipe")
    with pytest.raises(TabletopError, match="found a FIFO"):
        write_atomic(tmp_path / "pipe", "{}")
    source = tmp_path / "s.toml"
    source.write_text("x = 1\n")
    with pytest.raises(TabletopError, match="found the scenario this command reads"):
        write_atomic(source, "y = 2\n", reads=[("scenario", source)])
    assert source.read_text() == "x = 1\n"
    # and a regular file or a new name is still written atomically
    write_atomic(tmp_path / "new.json", "{}")
    write_atomic(tmp_path / "new.json", "[]")
    assert (tmp_path / "new.json").read_text() == "[]"
    assert output_target(tmp_path / "new.json") == tmp_path / "new.json"


# -- reading, bounded ----------------------------------------------------------------------
def _guarded(*argv: str) -> subprocess.CompletedProcess[str]:
    """A command in its own process: a reader that blocks is stopped by the guard (a
    failure, not a timing), and one that reads without end by the memory limit."""
    code = (
        "import resource, sys; resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30)); "
        "from tabletop.shell.cli import main; sys.exit(main(sys.argv[1:]))"
    )
    return subprocess.run(
        [sys.executable, "-c", code, *argv], capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize("what", ["log", "save"])
@pytest.mark.parametrize("source", ["/dev/zero", "fifo"])
def test_dev_zero_and_a_fifo_are_refused_at_once(tmp_path, what, source):
    if source == "fifo":
        source = str(tmp_path / "pipe")
        os.mkfifo(source)
    scn = str(SCENARIOS / "frigate-duel.toml")
    argv = ["run", scn, source] if what == "log" else ["check", source + ".json"]
    if what == "save":  # a save is named .json: a link with that name to the source
        os.symlink(source, tmp_path / "g.json")
        argv = ["check", str(tmp_path / "g.json")]
    done = _guarded(*argv)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "as a regular file, found a" in done.stderr


def test_a_log_or_save_over_its_cap_is_refused_and_one_at_it_is_read(tmp_path, capsys):
    scn = SCENARIOS / "frigate-duel.toml"
    line = "# " + "x" * 1021 + "\n"  # 1 KiB a line
    at_cap = tmp_path / "at.log"
    at_cap.write_text(line * (MAX_LOG_BYTES // len(line)) + "#" * (MAX_LOG_BYTES % len(line)))
    assert at_cap.stat().st_size == MAX_LOG_BYTES
    code, _, err = cli(capsys, "run", scn, at_cap)
    assert code == 0, err  # comments only: the game at its start
    over = tmp_path / "over.log"
    over.write_text(at_cap.read_text() + "#")
    err = refused(capsys, "run", scn, over)
    assert f"expected a log of at most 4 MiB, found {MAX_LOG_BYTES + 1} bytes" in err
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_BYTES + 1))
    assert "expected a saved game of at most 16 MiB" in refused(capsys, "check", big)


def test_read_bounded_reads_no_more_than_its_cap(tmp_path):
    p = tmp_path / "f"
    p.write_bytes(b"a" * 100)
    assert read_bounded(p, "log", 100) == b"a" * 100
    with pytest.raises(TabletopError, match="at most 99 bytes, found 100 bytes"):
        read_bounded(p, "log", 99)


def test_a_save_with_a_huge_integer_is_one_line(tmp_path, capsys):
    save = tmp_path / "g.json"
    save.write_text('{"format": "tabletop-save/2", "seed": ' + "9" * 5000 + "}")
    err = refused(capsys, "check", save)
    assert "expected a saved game, found a number too long to read" in err


def test_a_junk_word_is_quoted_short(tmp_path, capsys):
    scn = SCENARIOS / "frigate-duel.toml"
    log = tmp_path / "junk.log"
    log.write_text("move amazon " + "Z" * 3_000_000 + "\n")  # under the cap, one word
    err = refused(capsys, "run", scn, log)
    assert "line 1: expected an action of at most 2000 characters" in err and len(err) < 300
    log.write_text("move " + "Z" * 1990 + "\n")  # an action, quoted by the error
    err = refused(capsys, "run", scn, log)
    assert "ZZZ...ZZZ" in err and len(err) < 400  # the action and the parser's quote, cut
    bad = tmp_path / "bad.toml"  # a key path a megabyte long in a data error
    text = (SCENARIOS / "frigate-duel.toml").read_text()
    bad.write_text(text.replace("[wind]\n", f"[wind]\n{'k' * 1_000_000} = 1\n"))
    code, _, err = cli(capsys, "check", bad)
    assert code == 2 and all(len(x) < 700 for x in err.splitlines()), len(err)
    # a typed argument the parser quotes
    err = refused(capsys, "duel", scn, "--seed", "9" * 5000)
    assert len(err) < 700
