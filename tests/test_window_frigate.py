"""Frigate's fire fields and line of fire in the window, headless, checked by pixels:
a selected ship's broadside fields shade their hexes, the ruling shades the hexes its
line crosses green and the one that stops it red (as Escadres' zones are drawn)."""

from __future__ import annotations

import numpy as np
import pytest

arcade = pytest.importorskip("arcade")

from tabletop.referee.fire import rule_fire  # noqa: E402
from tabletop.view.app import TableWindow  # noqa: E402

from .frigate_helpers import at, text  # noqa: E402

W, H = 1100, 760
#: a fires at b along the row (1, 0), (2, 0), (3, 0): c on (2, 0) stops the line.
SHIPS = [
    ("a", "frigate-38", "blue", (0, 0), 0),
    ("b", "frigate-38", "red", (3, 0), 0),
    ("c", "sloop-18", "red", (2, 0), 0),
]


@pytest.fixture
def view(write_scenario):
    w = TableWindow(str(write_scenario(text(SHIPS))), W, H)
    v = w.table
    v.overlays = {"arcs", "bands"}
    v.fit()
    yield v
    w.close()


def frame(view) -> np.ndarray:
    view.window.frame()
    return np.asarray(arcade.get_image(0, 0, W, H))[::-1].astype(int)


def colour_at(view, img, pt) -> np.ndarray:
    """The mean colour of a small box at a table point (a hex centre: no grid line)."""
    x, y = (int(round(v)) for v in view.to_screen(np.array(pt)))
    return img[y - 2 : y + 3, x - 2 : x + 3, :3].reshape(-1, 3).mean(axis=0)


def centroid(ring) -> tuple[float, float]:
    pts = np.asarray(ring)
    return float(pts[:, 0].mean()), float(pts[:, 1].mean())


def test_a_selected_ships_broadside_fields_shade_their_hexes(view):
    """Hex (1, 0) (in a's starboard field) is lighter than the hex astern of her
    (−1, 1), which no broadside field holds: the field's white wash over the sea."""
    scn = view.scenario
    r = rule_fire(scn, "a", "b")
    field_hex = centroid(r.proof.clear[0])  # (1, 0), the hex the line crosses first
    grid = scn.ruleset.grid_in(scn.units)
    astern = grid.centre(at((-1, 1)))
    before_f = colour_at(view, frame(view), field_hex)
    view.select("a")
    img = frame(view)
    shaded, plain = colour_at(view, img, field_hex), colour_at(view, img, astern)
    assert shaded.sum() > plain.sum() + 30, (shaded, plain)
    assert shaded.sum() > before_f.sum() + 30  # the wash came with the selection


def test_the_ruling_shades_the_crossed_hex_green_and_the_stopping_hex_red(view):
    scn = view.scenario
    r = rule_fire(scn, "a", "b")
    assert r.blocked_by == ["c"] and len(r.proof.clear) == 1 and len(r.proof.blocked) == 1
    view.ruling = ("a", "b")
    view.changed()
    img = frame(view)
    (x0, y0), (x1, y1) = r.proof.ray
    n = np.array([y0 - y1, x1 - x0]) / np.hypot(x1 - x0, y1 - y0)  # across the line
    # a quarter hex off the white line, on the side the range's label does not take (at
    # the zoom a two-row action bar leaves, "4.50 in" lay over the other side)
    off = -n * scn.ruleset.grid_in(scn.units).size / 4
    green = colour_at(view, img, np.array(centroid(r.proof.clear[0])) + off)
    # c's own hex: her base is drawn over its centre, so look half-way to its edge
    cx, cy = centroid(r.proof.blocked[0])
    ex, ey = r.proof.blocked[0][0]
    red = colour_at(view, img, ((cx + ex) / 2, (cy + ey) / 2))
    assert green[1] > green[0] + 30 and green[1] > green[2] - 40, green
    assert red[0] > red[1] + 30 and red[0] > red[2], red


def test_render_draws_the_same_proof(write_scenario, tmp_path):
    """``tabletop render --ruling a:b`` (headless PNG): the green crossed hex and the
    red stopping one appear in the picture too."""
    pil = pytest.importorskip("PIL.Image")
    from tabletop.shell.cli import main

    out = tmp_path / "r.png"
    scn = str(write_scenario(text(SHIPS)))
    assert main(["render", scn, "-o", str(out), "--ruling", "a:b", "--size", "900x600"]) == 0
    img = np.asarray(pil.open(out).convert("RGB")).astype(int)
    r, g, b = img[..., 0], img[..., 1], img[..., 2]
    assert ((r > 150) & (g < 120) & (b < 130)).sum() > 50  # the stopping hex, c's outline
    assert ((g > r + 30) & (g > 120)).sum() > 50  # the crossed hex


def test_a_declared_speed_is_a_click_on_the_bar():
    """Issue 59, 'every action by mouse': Frigate's declared speed had to be typed.  At
    the hex duel's declaring step amazon (frigate-38, the wind on her quarter) may
    declare 0 to 10; the bar lays out a button for each (``Ruleset.word_choices``), each
    one the engine takes, and a click on "speed 6" declares it."""
    from .conftest import SCENARIOS

    w = TableWindow(str(SCENARIOS / "frigate-hex-duel.toml"), W, H)
    try:
        view = w.table
        view.select("amazon")
        view.rebuild()
        labels = [b.label for b, _ in view.buttons]
        assert [f"speed {n}" for n in range(10, -1, -1)] == [
            x for x in labels if x.startswith("speed ") and "…" not in x
        ]
        left, right, bottom, top = next(r for b, r in view.buttons if b.label == "speed 6")
        x, y = (left + right) / 2, (bottom + top) / 2
        w.send("on_mouse_press", x, y, arcade.MOUSE_BUTTON_LEFT, 0)
        w.send("on_mouse_release", x, y, arcade.MOUSE_BUTTON_LEFT, 0)
        assert view.session.actions == ["speed amazon 6"], view.message
    finally:
        w.close()
