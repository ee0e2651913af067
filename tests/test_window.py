"""The window, headless: drive it through its input handlers, read its pixels."""

from __future__ import annotations

import numpy as np
import pytest

arcade = pytest.importorskip("arcade")

from tabletop.view.app import TableWindow  # noqa: E402
from tabletop.view.scene import SEA, SELECT  # noqa: E402

from .conftest import SCENARIOS  # noqa: E402

W, H = 800, 600


@pytest.fixture(scope="module")
def window():
    w = TableWindow(str(SCENARIOS / "squadron-action.toml"), W, H)
    yield w
    w.close()


def frame(window) -> np.ndarray:
    """Draw one frame and return it as an (H, W, 4) array with row 0 at the bottom."""
    window.on_draw()
    img = np.asarray(arcade.get_image(0, 0, W, H))
    return img[::-1]


def colour_near(img, x, y, colour, radius=6) -> bool:
    x, y = int(round(x)), int(round(y))
    box = img[max(0, y - radius) : y + radius + 1, max(0, x - radius) : x + radius + 1, :3]
    return bool((np.abs(box.astype(int) - np.array(colour[:3])) <= 3).all(axis=-1).any())


def test_sea_is_drawn_where_the_table_is(window):
    window.selected = None
    window.fit()
    window.rebuild()
    img = frame(window)
    # table point (150, 100) cm is open sea in the squadron action
    x, y = window.to_screen(np.array([150.0, 100.0]))
    assert colour_near(img, x, y, SEA, radius=1)
    # outside the table (left margin) is the window background, not sea
    assert not colour_near(img, 3, H // 2, SEA, radius=1)


def test_click_selects_and_draws_the_highlight(window):
    window.fit()
    window.rebuild()
    ship = window.scenario.ship("bellona")
    sx, sy = window.to_screen(np.array([ship.pose.x, ship.pose.y]))
    window.on_mouse_press(sx, sy, arcade.MOUSE_BUTTON_LEFT, 0)
    assert window.selected == "bellona"
    img = frame(window)
    assert colour_near(img, sx, sy, SELECT, radius=12)
    # the HUD says her point of sail
    assert any("reaching" in t.text for t in window.hud)
    window.on_key_press(arcade.key.ESCAPE, 0)
    assert window.selected is None
    assert not colour_near(frame(window), sx, sy, SELECT, radius=12)


def test_wheel_zooms_about_the_cursor(window):
    window.fit()
    before = window.to_table(400, 300)
    scale = window.px_per_unit
    window.on_mouse_scroll(400, 300, 0, 2)
    assert window.px_per_unit == pytest.approx(scale * 1.15**2)
    assert window.to_table(400, 300) == pytest.approx(before)


def test_bad_scenario_is_a_message_and_the_window_keeps_running(window, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text("[scenario]\nname = 3\n")
    current = window.scenario
    window.load(str(bad))
    assert window.message.startswith(f"cannot open {bad}")
    assert window.scenario is current  # the table on show is kept
    window.rebuild()
    frame(window)
    assert any("cannot open" in t.text for t in window.hud)
