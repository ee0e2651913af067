"""The photo underlay in a real window, headless: a photo drawn by the test (a table in
perspective, two coloured bases on it) is loaded, its corners clicked by mouse events
where the window shows them, and the bases traced over the photo laid on the table land
within 2 mm of where the drawing put them; and the play window draws a scenario's photo
under its grid, hides it on its key, and plays on without it when the file is gone."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

arcade = pytest.importorskip("arcade")
import pyglet  # noqa: E402
import shapely  # noqa: E402
from PIL import Image  # noqa: E402

from tabletop.common.errors import TabletopError  # noqa: E402
from tabletop.geometry.outlines import base_from_corners  # noqa: E402
from tabletop.view.app import TableWindow  # noqa: E402
from tabletop.view.keys import help_lines  # noqa: E402
from tabletop.view.scene import SEA  # noqa: E402
from tabletop.view.underlay import PhotoTool  # noqa: E402

from . import photo_helpers as ph  # noqa: E402
from .conftest import SCENARIOS  # noqa: E402

pytestmark = pytest.mark.gui

W, H = 900, 640
#: 2 mm in inches: how near a traced base must land to where the photo has it.
TWO_MM = 0.2 / 2.54  # = 0.0787 in


class Tracer(arcade.View):
    """The least of a set-up window: the table under a camera, the photo tool handed
    each click first (in table coordinates), and every click it does not take kept as
    a traced point."""

    def __init__(self, window: arcade.Window) -> None:
        super().__init__(window)
        self.camera = arcade.camera.Camera2D()
        self.tool = PhotoTool(window, ph.WIDTH, ph.DEPTH)
        self.traced: list[tuple[float, float]] = []

    def fit(self) -> float:
        """The whole table in view, as the table view fits it (40 px margins)."""
        self.camera.match_window()
        zoom = min((W - 80) / ph.WIDTH, (H - 80) / ph.DEPTH)
        self.look(ph.WIDTH / 2, ph.DEPTH / 2, zoom)
        return zoom

    def look(self, x: float, y: float, zoom: float) -> None:
        self.camera.zoom = zoom
        self.camera.position = (x, y)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        tx, ty, *_ = self.camera.unproject((x, y))
        if not self.tool.on_click(float(tx), float(ty)):
            self.traced.append((float(tx), float(ty)))

    def on_draw(self) -> None:
        self.clear()
        with self.camera.activate():
            arcade.draw_lrbt_rectangle_filled(0, ph.WIDTH, 0, ph.DEPTH, SEA)
            self.tool.draw()


@pytest.fixture(scope="module")
def tracer():
    window = arcade.Window(W, H, "photo", visible=False)
    view = Tracer(window)
    window.show_view(view)
    view.fit()
    yield view
    window.close()


def click(view: Tracer, x: float, y: float) -> None:
    """A left click at the window pixel nearest (x, y), as the event loop sends it."""
    args = (round(x), round(y), arcade.MOUSE_BUTTON_LEFT, 0)
    pyglet.event.EventDispatcher.dispatch_event(view.window, "on_mouse_press", *args)


def shot(view: Tracer) -> np.ndarray:
    """One frame drawn: (H, W, 3), row 0 at the TOP of the window."""
    view.window.switch_to()
    view.on_draw()
    return np.asarray(arcade.get_image(0, 0, W, H))[..., :3].astype(int)


def blob(img: np.ndarray, colour: tuple[int, int, int]) -> np.ndarray:
    """The window points (x right, y up) of the pixels nearer ``colour`` than any other
    colour the photo shows: the centre of each."""
    others = [c for c in (ph.FELT, ph.FLOOR, ph.RED, ph.YELLOW, SEA[:3]) if c != colour]
    d = np.linalg.norm(img - colour, axis=-1)
    mask = np.all([d < np.linalg.norm(img - c, axis=-1) for c in others], axis=0)
    rows, cols = np.nonzero(mask)
    return np.column_stack([cols + 0.5, H - rows - 0.5])


def test_bases_traced_over_a_photo_land_within_two_mm(tracer, tmp_path):
    view = tracer
    view.tool.load(ph.write(tmp_path / "table.png"))
    assert view.tool.status() == "click the table's south-west corner in the photo (1 of 4)"
    fit = view.fit()
    # Unplaced, the 1800 × 1350 photo is shown as large as fits on the 36 × 24 table:
    # k = min(36/1800, 24/1350) = 24/1350 in a pixel, so it is 32 × 24 in, from x = 2;
    # its pixel (u, v) (v down) lies at table (2 + k·u, 24 − k·v).
    k = 24 / 1350
    for i, (u, v) in enumerate(ph.corner_pixels()):
        x, y = 2 + k * u, 24 - k * v
        view.look(x + 0.3, y - 0.2, 8 * fit)  # zoomed in on the corner, as a player does
        sx, sy, *_ = view.camera.project((x, y))
        click(view, sx, sy)
        assert view.tool.placed == (i == 3)
    assert view.tool.status() == "the photo lies on the table (at 50%): trace the bases over it"
    view.tool.opacity = 1.0  # turned up to trace
    view.fit()
    whole = shot(view)
    for (pose, colour), name in zip(ph.BASES, ("red", "yellow"), strict=True):
        seen = blob(whole, colour)
        assert len(seen) > 50, f"the {name} base is not on the table"
        cx, cy, *_ = view.camera.unproject(tuple(seen.mean(axis=0)))
        view.look(float(cx), float(cy), 120.0)  # zoomed in on her, 120 px an inch
        box = shapely.MultiPoint(blob(shot(view), colour)).minimum_rotated_rectangle
        view.traced.clear()
        for sx, sy in np.array(box.exterior.coords)[:4]:
            click(view, sx, sy)
        assert len(view.traced) == 4  # the tool took none: they trace the base
        traced = np.array(view.traced)
        truth = ph.base_corners(*pose)
        x, y, heading, length, width = base_from_corners(traced)
        assert np.hypot(x - pose[0], y - pose[1]) <= TWO_MM, name
        for corner in traced:  # each traced corner near one the drawing put there
            assert np.hypot(*(truth - corner).T).min() <= TWO_MM, name
        for corner in truth:  # and each of the drawing's near one traced
            assert np.hypot(*(traced - corner).T).min() <= TWO_MM, name
        view.fit()


def test_the_corners_clicked_crossed_are_refused_and_clicked_again(tracer, tmp_path):
    view = tracer
    view.tool.load(ph.write(tmp_path / "table.png"))
    view.fit()
    k = 24 / 1350
    sw, se, ne, nw = ((2 + k * u, 24 - k * v) for u, v in ph.corner_pixels())
    for x, y in (sw, ne, se, nw):  # south-east and north-east swapped: the sides cross
        click(view, *view.camera.project((x, y))[:2])
    assert not view.tool.placed
    assert view.tool.status() == (
        "not placed, the sides between the corners cross: two corners are swapped: "
        "click the table's south-west corner in the photo (1 of 4)"
    )
    for x, y in (sw, nw, ne, se):  # round the wrong way (a mirror image)
        click(view, *view.camera.project((x, y))[:2])
    assert not view.tool.placed and "go round the wrong way" in view.tool.status()
    for x, y in (sw, se, ne, nw):
        click(view, *view.camera.project((x, y))[:2])
    assert view.tool.placed


def test_an_unreadable_photo_is_said_and_the_photo_shown_is_kept(tracer, tmp_path):
    view = tracer
    good = ph.write(tmp_path / "table.png")
    view.tool.load(good)
    bad = tmp_path / "holiday.png"
    bad.write_bytes(b"\x89PNG\r\n\x1a\n" + b"not really" * 50)
    with pytest.raises(TabletopError, match=r"holiday.png: cannot read the photo"):
        view.tool.load(bad)
    notes = tmp_path / "notes.txt"
    notes.write_text("a table, 6 by 4")
    with pytest.raises(TabletopError, match=r"notes.txt: cannot read the photo \(not a PNG"):
        view.tool.load(notes)
    with pytest.raises(TabletopError, match=r"gone.jpg: cannot read the photo \(No such file"):
        view.tool.load(tmp_path / "gone.jpg")
    assert view.tool.path == str(good) and view.tool.loaded  # nothing lost
    assert view.tool.status().startswith("click the table's south-west corner")


def test_a_photo_from_above_is_placed_by_a_ruler(tracer, tmp_path):
    """A ruler along the south edge from the south-west corner: its zero and its 30 in
    mark clicked in the photo, 30 typed.  The photo (1800 × 1350, a table drawn square
    from above at 40 px an inch, its south-west corner at pixel (180, 1155)) then lies
    with pixel (180 + 40·x, 1155 − 40·y) at table (x, y)."""
    img = np.zeros((1350, 1800, 3), np.uint8)
    img[:] = ph.FLOOR
    img[1155 - 960 : 1155, 180 : 180 + 1440] = ph.FELT  # the 36 × 24 in table
    img[1155 - 40 * 13 : 1155 - 40 * 11, 180 + 40 * 20 : 180 + 40 * 24] = ph.RED  # x 20-24, y 11-13
    path = tmp_path / "above.jpg"
    Image.fromarray(img).save(path, "JPEG", quality=95)
    view = tracer
    view.tool.load(path)
    view.tool.start_ruler()
    assert view.tool.status() == "click the ruler's zero mark, at the table's south-west corner"
    view.fit()
    k = 24 / 1350
    for u, v in ((180, 1155), (180 + 1200, 1155)):
        view.look(2 + k * u, 24 - k * v, 400.0)  # the mark under the window's centre
        click(view, W / 2, H / 2)
    assert view.tool.status() == "type the distance between the two marks"
    view.tool.set_ruler_length(30)
    assert view.tool.placed
    view.tool.opacity = 1.0
    view.look(22, 12, 40.0)
    red = blob(shot(view), ph.RED)
    (x0, y0, *_), (x1, y1, *_) = (view.camera.unproject(tuple(p)) for p in (red.min(0), red.max(0)))
    # the red block: x 20 to 24, y 11 to 13 (pixel centres half a pixel, 1/80 in, inside)
    assert abs(x0 - 20) < 0.05 and abs(x1 - 24) < 0.05
    assert abs(y0 - 11) < 0.05 and abs(y1 - 13) < 0.05
    table = view.tool.to_scenario(tmp_path / "s.toml")
    assert table == {"path": "above.jpg", "ruler": {"start": [180.0, 1155.0],
                     "end": [1380.0, 1155.0], "length": 30.0}, "opacity": 1.0}  # fmt: skip


SCENARIO = """
[scenario]
name = "Photo table"
ruleset = "hold-fast"
units = "in"
table = {{ width = 36, depth = 24 }}

[wind]
from = "N"

[[ships]]
id = "amazon"
roster = "frigate-36"
side = "british"
x = 33
y = 3
heading = 90

[photo]
path = "{path}"
corners = {corners}
"""


def _scenario(tmp_path: Path, photo: str) -> Path:
    corners = [[round(float(u), 3), round(float(v), 3)] for u, v in ph.corner_pixels()]
    p = tmp_path / "photo-table.toml"
    p.write_text(SCENARIO.format(path=photo, corners=corners), encoding="utf-8")
    return p


@pytest.fixture(scope="module")
def table_window():
    w = TableWindow(None, W, H)
    yield w
    w.close()


def test_the_play_window_draws_the_photo_under_the_table_and_hides_it(table_window, tmp_path):
    ph.write(tmp_path / "table.png")
    window = table_window
    window.switch_to()
    view = window.table
    view.load(str(_scenario(tmp_path, "table.png")))
    assert view.session is not None and view.message == ""

    def pixel(x: float, y: float) -> np.ndarray:
        window.frame()
        sx, sy = view.to_screen(np.array([x, y]))
        img = np.asarray(arcade.get_image(0, 0, W, H))[::-1]
        return img[round(sy), round(sx), :3].astype(int)

    # the red base's centre: half the photo (opacity 0.5) over the sea,
    # (225 + 18) / 2 ≈ 121, (35 + 24) / 2 ≈ 29, (35 + 32) / 2 ≈ 33 (SEA is (18, 24, 32))
    red = pixel(9.5, 7.25)
    want = (np.array(ph.RED) + np.array(SEA[:3])) / 2
    assert np.abs(red - want).max() <= 6, red
    felt = pixel(18.3, 12.3)  # the felt, between grid lines
    assert np.abs(felt - (np.array(ph.FELT) + np.array(SEA[:3])) / 2).max() <= 6, felt
    said = " ".join(help_lines(view.abilities()))
    assert "6 the scenario's photo of the table, under it" in said  # F1 lists its key
    view.on_key_press(arcade.key.KEY_6, 0)  # hidden: the sea alone
    assert np.abs(pixel(9.5, 7.25) - SEA[:3]).max() <= 3
    view.on_key_press(arcade.key.KEY_6, 0)
    assert np.abs(pixel(9.5, 7.25) - want).max() <= 6


def test_a_scenario_whose_photo_is_gone_plays_without_it(table_window, tmp_path):
    window = table_window
    window.switch_to()
    view = window.table
    view.load(str(_scenario(tmp_path, "photos/gone.png")))
    assert view.session is not None  # the game is open
    window.frame()
    assert view.message.startswith("the photo under the table is not shown: ")
    assert "photos/gone.png: cannot read the photo (No such file or directory)" in view.message
    assert view.message.endswith("the game is the same without it")
    assert view.play("orders amazon - - - - -"), view.message  # and it plays
    view.load(str(SCENARIOS / "hold-fast-duel.toml"))
    assert "photo" not in " ".join(help_lines(view.abilities()))  # no photo: no key 6
