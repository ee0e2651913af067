"""``tabletop render``: the window's picture as a PNG, checked by its pixels."""

from __future__ import annotations

import numpy as np
import pytest

from tabletop.shell.cli import main

from .conftest import SCENARIOS

PIL = pytest.importorskip("PIL.Image")


def test_render_ruling_shows_blocked_rays_and_the_target(tmp_path, capsys):
    out = tmp_path / "ruling.png"
    code = main(
        [
            "render",
            str(SCENARIOS / "squadron-action.toml"),
            "-o",
            str(out),
            "--ruling",
            "amazon:serieuse",
            "--size",
            "900x600",
        ]
    )
    assert code == 0 and out.exists()
    img = np.asarray(PIL.open(out).convert("RGB")).astype(int)
    assert img.shape == (600, 900, 3)
    # The blocked-ray shading is red over sea; the target's outline is drawn red (cannot
    # fire).  Both must appear somewhere in the picture.
    reddish = (img[..., 0] > 150) & (img[..., 1] < 120) & (img[..., 2] < 120)
    assert reddish.sum() > 50
    # and no green "clear" shading: every ray amazon → serieuse is blocked by the isle
    greenish = (img[..., 1] > 180) & (img[..., 0] < 120) & (img[..., 2] < 140)
    assert greenish.sum() < 20


def test_render_bad_ruling_is_a_user_error(tmp_path, capsys):
    code = main(
        [
            "render",
            str(SCENARIOS / "squadron-action.toml"),
            "-o",
            str(tmp_path / "x.png"),
            "--ruling",
            "amazon",
        ]
    )
    assert code == 2
    assert "FIRER:TARGET" in capsys.readouterr().err
