"""A save killed at any moment leaves the old file or the new one, whole; and the next
save clears away what the killed writer left behind."""

from __future__ import annotations

import os
import random
import signal
import sys
import time
from pathlib import Path

import pytest

from tabletop.data.save import write_atomic

KILLS = 200


def _writer(path: Path, contents: list[str], ready: int) -> None:
    """The child: say it is ready, then rewrite the save for ever, alternating."""
    try:
        os.write(ready, b"r")
        i = 0
        while True:
            write_atomic(path, contents[i % 2])
            i += 1
    finally:
        os._exit(0)


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "fork") or sys.platform == "darwin", reason="needs fork")
def test_sigkill_during_saves_never_corrupts_and_leaves_no_temporary(tmp_path: Path) -> None:
    # ~200 kB each, so that a kill often lands mid-write
    old = "".join(f'{{"turn": {k}, "side": "british"}}\n' for k in range(6000))
    new = "".join(f'{{"turn": {k}, "side": "french"}}\n' for k in range(6000))
    save = tmp_path / "game.json"
    write_atomic(save, old)
    rnd = random.Random(1805)
    left_behind = 0
    for _ in range(KILLS):
        r, w = os.pipe()
        pid = os.fork()  # forked, not spawned: no interpreter start-up per kill
        if pid == 0:
            os.close(r)
            _writer(save, [new, old], w)
        os.close(w)
        assert os.read(r, 1) == b"r"
        os.close(r)
        time.sleep(rnd.uniform(0, 0.02))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        assert save.read_text() in (old, new)  # never half a file, never empty
        left_behind += any(p.name.endswith(".tmp") for p in tmp_path.iterdir())
    # Only worth something if kills did land mid-write and leave a temporary.
    assert left_behind > 0
    write_atomic(save, old)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
    assert save.read_text() == old
