"""The set-up mode of the window (issue 60), headless: driven by events as the event
loop sends them (presses, drags, releases, keys, typed text), checked by what is written
and by what the command line then rules on the file."""

from __future__ import annotations

import json

import numpy as np
import pytest

arcade = pytest.importorskip("arcade")

from tabletop.shell.cli import _setup, build_parser, main  # noqa: E402
from tabletop.view.app import TableWindow  # noqa: E402
from tabletop.view.forms import DIAL  # noqa: E402

W, H = 1100, 760
K = arcade.key


class Hand:
    """A player's hand on the set-up: each gesture sent as the event loop sends it,
    a frame drawn after it (the panes are laid out, as before the next click)."""

    def __init__(self, window: TableWindow) -> None:
        self.window = window

    @property
    def view(self):
        return self.window.setup

    def send(self, event, *args):
        self.window.send(event, *args)

    def click(self, x, y, modifiers=0):
        self.send("on_mouse_press", x, y, arcade.MOUSE_BUTTON_LEFT, modifiers)
        self.send("on_mouse_release", x, y, arcade.MOUSE_BUTTON_LEFT, modifiers)
        self.window.frame()

    def drag(self, a, b, modifiers=0, steps=4):
        self.send("on_mouse_press", *a, arcade.MOUSE_BUTTON_LEFT, modifiers)
        for i in range(1, steps + 1):
            x = a[0] + (b[0] - a[0]) * i / steps
            y = a[1] + (b[1] - a[1]) * i / steps
            self.send("on_mouse_drag", x, y, 1, 1, arcade.MOUSE_BUTTON_LEFT, modifiers)
        self.send("on_mouse_release", *b, arcade.MOUSE_BUTTON_LEFT, modifiers)
        self.window.frame()

    def key(self, symbol, modifiers=0):
        self.send("on_key_press", symbol, modifiers)
        self.window.frame()

    def type(self, text, then=K.ENTER):
        self.send("on_text", text)
        if then is not None:
            self.send("on_key_press", then, 0)
        self.window.frame()

    def field(self, key):
        f = self.view.form_pane.form.field(key)
        assert f is not None, f"no field {key} on {self.view.form_pane.form.title}"
        return f

    def at_field(self, key):
        r = self.field(key).rect
        return (r[0] + r[1]) / 2, (r[2] + r[3]) / 2

    def fill(self, key, text, then=K.ENTER):
        self.click(*self.at_field(key))
        self.type(text, then)

    def choose(self, key, value):
        self.click(*self.at_field(key))
        r = next(r for v, r in self.view.form_pane.form.items if v == value)
        self.click((r[0] + r[1]) / 2, (r[2] + r[3]) / 2)

    def button(self, name):
        r = next(r for _, n, r in self.view.strip.buttons if n == name)
        self.click((r[0] + r[1]) / 2, (r[2] + r[3]) / 2)

    def on_table(self, x, y):
        sx, sy = self.view.to_screen(np.array([x, y]))
        return float(sx), float(sy)


def opened(argv: list[str]) -> Hand:
    """The window ``tabletop setup ARGS`` opens (its arguments read by the command
    line's own parser), headless."""
    setup = _setup(build_parser().parse_args(["setup", *argv]))
    window = TableWindow(None, W, H, setup=setup)
    window.switch_to()
    arcade.set_window(window)
    window.frame()
    return Hand(window)


@pytest.fixture
def hand():
    h = opened(["--new", "--ruleset", "hold-fast", "--units", "in", "--table", "36x24"])
    yield h
    h.window.close()


def test_a_dispute_set_up_from_nothing_by_events_and_ruled(hand, tmp_path, capsys):
    """Issue 60's first test.  A 36 × 24 in Hold Fast table, empty.  Two frigates added
    from the roster.  The British one laid by tape from the table's edges: 24 in from
    the east edge and 16 from the north, so x = 36 − 24 = 12 and y = 24 − 16 = 8; she
    heads north (0°, as added).  The French one laid from her: 3.5 in from her centre
    on a bearing of 90°, so (12 + 3.5 sin 90°, 8 + 3.5 cos 90°) = (15.5, 8).  An island
    of three corners, (20, 20), (24, 20), (22, 23), clicked (a fourth corner at
    (22, 19) would cross its first edge: refused as it is clicked).  The wind's arrow
    dragged to the west: from 270°.  Saved by Ctrl+S and a typed path.

    The ruling, worked from the Hold Fast rules: the French ship lies due east of a
    ship heading north, in her starboard quadrant (the quadrants split on the
    diagonals); range is centre to centre, 3.5 in, its category rounded up to the next
    whole inch, 4; long guns at category 4 need a 4 (the template's long =
    [1, 1, 2, 3, 4], index 4), so p = (6 − 4 + 1)/6 = 1/2; the island lies 12 in to
    the north, clear of the line."""
    h = hand
    assert h.view.table.ships == () and h.view.table.width == 36
    h.button("add ship")
    h.choose("roster", "frigate-36")
    h.fill("new_side", "british")
    h.click(*h.on_table(5, 5))
    a = h.view.selected
    assert a == "frigate-36-1" and h.view.tool == "arrange"
    h.choose("edge_x", "east")
    h.fill("from_x", "24")
    h.choose("edge_y", "north")
    h.fill("from_y", "16")
    assert (h.view.setup.ship(a)["x"], h.view.setup.ship(a)["y"]) == (12, 8)

    h.button("add ship")  # the table has one side: the next is a new one, named
    h.fill("new_side", "french")
    h.click(*h.on_table(30, 4))
    b = h.view.selected
    assert b == "frigate-36-2"
    h.fill("distance", "3.5", then=K.TAB)  # Tab: on to the bearing
    h.type("90")
    assert (h.view.setup.ship(b)["x"], h.view.setup.ship(b)["y"]) == (15.5, 8)
    assert h.view.setup.ship(b)["side"] == "french"

    h.button("draw terrain")
    for corner in ((20, 20), (24, 20), (22, 23)):
        h.click(*h.on_table(*corner))
    h.click(*h.on_table(22, 19))  # its edge from (22, 23) would cross the first
    assert h.view.error and "cross" in h.view.message
    h.click(*h.on_table(20, 20))  # the first corner again: closed
    assert h.view.setup.data["terrain"] == [
        {"kind": "land", "polygon": [[20.0, 20.0], [24.0, 20.0], [22.0, 23.0]]}
    ]

    h.click(*h.on_table(30, 12))  # the sea: the table's form, with the wind's dial
    r = h.field("dial").rect
    cx, cy = (r[0] + r[1]) / 2, (r[2] + r[3]) / 2
    h.drag((cx, cy + DIAL * 0.8), (cx - DIAL * 0.8, cy))  # its tail from north to west
    assert h.view.setup.data["wind"]["from"] == 270

    out = tmp_path / "dispute.toml"
    h.key(K.S, K.MOD_CTRL)  # never saved: the save-as line
    assert h.view.prompt is not None
    h.type(str(out))
    assert h.view.setup.saved and h.view.message == f"saved to {out}"

    assert main(["check", str(out)]) == 0
    assert main(["fire", str(out), a, b, "--json"]) == 0
    capsys.readouterr()
    main(["fire", str(out), a, b, "--json"])
    r = json.loads(capsys.readouterr().out)
    assert (r["arc"], r["range"], r["line_of_fire"], r["can_fire"]) == (
        "starboard", 3.5, "clear", True,
    )  # fmt: skip
    assert (r["to_hit"]["need"], r["to_hit"]["p_hit_fraction"]) == (4, "1/2")
