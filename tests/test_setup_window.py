"""The set-up mode of the window (issue 60), headless: driven by events as the event
loop sends them (presses, drags, releases, keys, typed text), checked by what is written
and by what the command line then rules on the file."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

arcade = pytest.importorskip("arcade")

from tabletop.shell.cli import _setup, build_parser, main  # noqa: E402
from tabletop.view.app import TableWindow  # noqa: E402
from tabletop.view.forms import DIAL  # noqa: E402
from tabletop.view.setupdraw import FLAGGED  # noqa: E402
from tabletop.view.setuptools import handle_at  # noqa: E402

from .conftest import SCENARIOS  # noqa: E402

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


@pytest.fixture
def duel():
    """The shipped frigate duel in the set-up (Trafalgar, cm: headings of any degree):
    amazon at (50, 50) and loire at (64, 58), both heading 90."""
    h = opened([str(SCENARIOS / "frigate-duel.toml")])
    yield h
    h.window.close()


def test_a_ship_dragged_turned_by_her_bow_and_flagged_not_refused(duel):
    """Dragged 10 east and 3 north she lies at (60, 53).  Her bow's handle dragged to a
    bearing of 52° from her centre: turned to 45° (15° steps: 52/15 = 3.47, 3 × 15);
    with Shift to 52° (single degrees).  Dragged onto loire: laid there, the two bases
    flagged as overlapping and outlined in magenta, not refused.  Ctrl+Z undoes it,
    Ctrl+Y redoes it."""
    h, v = duel, duel.view
    h.click(*h.on_table(50, 50))
    assert v.selected == "amazon"
    h.drag(h.on_table(50, 50), h.on_table(60, 53))
    assert (v.setup.ship("amazon")["x"], v.setup.ship("amazon")["y"]) == (60, 53)

    def turn_to(bearing: float, modifiers: int = 0) -> None:
        _, handle = handle_at(v, "amazon")
        far = (60 + 20 * math.sin(math.radians(bearing)), 53 + 20 * math.cos(math.radians(bearing)))
        h.drag(h.on_table(*handle), h.on_table(*far), modifiers)

    turn_to(52)
    assert v.setup.ship("amazon")["heading"] == 45
    turn_to(52, K.MOD_SHIFT)
    assert v.setup.ship("amazon")["heading"] == 52
    h.drag(h.on_table(60, 53), h.on_table(64.5, 58))
    assert v.setup.flags() == ["amazon and loire: their bases overlap"]
    assert "flagged: amazon and loire: their bases overlap" in [t.text for t in v.status_pane.texts]
    img = np.asarray(arcade.get_image(0, 0, W, H))[::-1]
    x, y = h.on_table(64.5, 58)
    box = img[int(y) - 30 : int(y) + 30, int(x) - 30 : int(x) + 30, :3].astype(int)
    assert (np.abs(box - np.array(FLAGGED[:3])) <= 3).all(axis=-1).any()  # magenta drawn
    h.key(K.Z, K.MOD_CTRL)
    assert (v.setup.ship("amazon")["x"], v.setup.flags()) == (60, [])
    h.key(K.Y, K.MOD_CTRL)
    assert v.setup.ship("amazon")["x"] == 64.5 and v.message == "redone"


def test_a_bad_value_is_said_and_nothing_changes(duel):
    """A length that is no length, an id taken, a side of two words, a heading the
    rules refuse (none here: Trafalgar takes any): each said, the table unchanged."""
    h, v = duel, duel.view
    h.click(*h.on_table(50, 50))
    before = v.setup.data
    h.fill("x", "twelve")
    assert v.error and v.message == "x: expected a length such as 12.5 or 30cm, found 'twelve'"
    h.fill("id", "loire")
    assert v.error and "loire is taken by another ship" in v.message
    h.fill("new_side", "les bleus")
    assert v.error and "one word" in v.message
    assert v.setup.data is before and v.selected == "amazon"
    h.fill("x", "2.5in")  # a length with its unit: 6.35 cm
    assert v.setup.ship("amazon")["x"] == 6.35


def test_terrain_corners_dragged_deleted_and_described(duel):
    """A square shoal drawn (40,20) (60,20) (60,40) (40,40), closed by Enter: its panel
    sets it to land named Isle, level 1, hidden and known to the French; its corner at
    (60, 40) dragged to (65, 45); the corner at (40, 40) picked and deleted (a
    triangle left); Delete on a triangle's corner refused (it keeps three)."""
    h, v = duel, duel.view
    h.button("draw terrain")
    for corner in ((40, 20), (60, 20), (60, 40), (40, 40)):
        h.click(*h.on_table(*corner))
    h.key(K.ENTER)
    assert v.piece == 0 and v.tool == "arrange"
    h.choose("kind", "land")
    h.fill("name", "Isle")
    h.fill("level", "1")
    h.click(*h.at_field("hidden"))
    h.choose("known_to", "french")
    assert v.setup.piece(0) == {
        "kind": "land", "polygon": [[40, 20], [60, 20], [60, 40], [40, 40]],
        "name": "Isle", "level": 1, "hidden": True, "known_to": "french",
    }  # fmt: skip
    h.drag(h.on_table(60, 40), h.on_table(65, 45))
    assert v.setup.piece(0)["polygon"][2] == [65, 45]
    h.click(*h.on_table(40, 40))
    assert v.corner == 3
    h.click(*h.at_field("delete_corner"))
    assert v.setup.piece(0)["polygon"] == [[40, 20], [60, 20], [65, 45]]
    h.click(*h.on_table(40, 20))
    h.key(K.DELETE)
    assert v.error and "keeps three corners" in v.message
    assert len(v.setup.piece(0)["polygon"]) == 3


def test_the_table_form_sets_the_rules_options_as_declared(duel):
    """Trafalgar declares speed_change a checkbox and last_turn a turn: ticked, and
    typed 12; a turn that is no number refused with the reason."""
    h, v = duel, duel.view
    h.click(*h.on_table(150, 10))
    assert v.form_pane.form.title == "The table"
    assert h.field("option:speed_change").kind == "check"
    h.click(*h.at_field("option:speed_change"))
    h.fill("option:last_turn", "12")
    assert (v.setup.data["scenario"]["speed_change"], v.table.options["last_turn"]) == (True, 12)
    h.fill("option:last_turn", "soon")
    assert v.error and "expected a turn" in v.message
    h.choose("units", "in")  # 180 × 120 cm is 70.8661 × 47.2441 in
    assert (v.table.units, round(v.table.width, 4)) == ("in", 70.8661)


def test_a_save_to_a_folder_or_under_a_file_is_refused_and_nothing_lost(duel, tmp_path):
    """Save as a folder: refused, said, the set-up kept unsaved to save elsewhere; as a
    name under a file (no folder can be made there): likewise; then to a good name."""
    h, v = duel, duel.view
    h.click(*h.on_table(50, 50))
    h.fill("x", "55")
    (tmp_path / "a-file").write_text("x")
    for bad in (tmp_path, tmp_path / "a-file" / "t.toml"):
        h.key(K.S, K.MOD_CTRL | K.MOD_SHIFT)
        h.type(str(bad))
        assert v.error and v.message.startswith("not saved: ")
        assert v.prompt is not None  # the line stays, to mend
        h.key(K.ESCAPE)
        assert not v.setup.saved and v.setup.ship("amazon")["x"] == 55
    h.key(K.S, K.MOD_CTRL | K.MOD_SHIFT)
    h.type(str(tmp_path / "good.toml"))
    assert v.setup.saved and main(["check", str(tmp_path / "good.toml")]) == 0


def test_closing_unsaved_work_warns_once(duel):
    """Nothing edited: the window closes at once.  An edit: the first close is kept
    (a warning), Esc takes the warning back, a close after it warns again; a second
    close in a row closes."""
    h, v = duel, duel.view
    assert v.on_close() is False  # nothing to lose: the window's own handler closes
    h.click(*h.on_table(50, 50))
    h.fill("x", "55")
    assert v.on_close() is True and v.message.startswith("this set-up is not saved")
    h.key(K.ESCAPE)
    assert v.message == "" and v.on_close() is True
    assert v.on_close() is False


def test_play_from_the_set_up_and_back(tmp_path, monkeypatch):
    """An unsaved set-up played in one click: a game on the table as it stands; its
    save (Ctrl+S) writes the table beside it as NAME-as-played.toml, which the save
    names, and ``check`` replays it.  Ctrl+E goes back to the same set-up (its undo
    kept), and Ctrl+E again back to the same game, the table unchanged."""
    monkeypatch.chdir(tmp_path)
    h = opened(["--new", "--ruleset", "trafalgar-modified", "--units", "cm", "--table", "120x90"])
    try:
        h.button("add ship")
        h.fill("new_side", "british")
        h.click(*h.on_table(30, 30))
        h.button("add ship")
        h.fill("new_side", "french")
        h.click(*h.on_table(60, 40))
        setup = h.view
        h.button("play")
        table = h.window.table
        assert h.window.current_view is table and [s.id for s in table.scenario.ships] == [
            "first-rate-1", "first-rate-2"
        ]  # fmt: skip
        h.key(K.S, K.MOD_CTRL)
        h.type(str(tmp_path / "g.save.json"))
        assert (tmp_path / "my-table-as-played.toml").exists()
        assert main(["check", str(tmp_path / "g.save.json")]) == 0
        h.key(K.E, K.MOD_CTRL)
        assert h.window.current_view is setup and setup.setup.undo_stack
        game = table.session
        h.key(K.E, K.MOD_CTRL)
        assert h.window.current_view is table and table.session is game
    finally:
        h.window.close()


def test_set_up_from_a_game_opened_on_a_file(tmp_path):
    """From a game of a shipped scenario, Ctrl+E opens its file in the set-up: the
    ships where the scenario lays them."""
    window = TableWindow(str(SCENARIOS / "frigate-duel.toml"), W, H)
    try:
        window.switch_to()
        arcade.set_window(window)
        window.frame()
        window.send("on_key_press", K.E, K.MOD_CTRL)
        window.frame()
        assert window.current_view is window.setup
        assert {s["id"]: (s["x"], s["y"]) for s in window.setup.setup.ships()} == {
            "amazon": (50, 50), "loire": (64, 58)
        }  # fmt: skip
    finally:
        window.close()


def test_hold_fast_ships_turn_by_its_points_and_a_click_moves_nothing(hand):
    """Hold Fast's ships head on the 8 points: the handle turns her in 45° steps (a
    bearing of 52° gives 45: 52/45 = 1.16, 1 × 45; 100° gives 90: 100/45 = 2.2).  A
    ship laid by typing at x = 12.34 is clicked with the pointer jittering 2 px: she
    stays at 12.34 (a drag starts 3 px from the press; a drag would lay her on tenths)."""
    h, v = hand, hand.view
    h.button("add ship")
    h.fill("new_side", "british")
    h.click(*h.on_table(5, 5))
    sid = v.selected  # the roster's first class: a first-rate, "first-rate-1"
    assert sid == "first-rate-1"
    h.fill("x", "12.34")
    h.fill("y", "8")
    sx, sy = h.on_table(12.34, 8)
    h.drag((sx, sy), (sx + 2, sy), steps=2)
    assert v.setup.ship(sid)["x"] == 12.34 and not v.error

    def turn_to(bearing: float) -> None:
        _, handle = handle_at(v, sid)
        far = (12.34 + 6 * math.sin(math.radians(bearing)), 8 + 6 * math.cos(math.radians(bearing)))
        h.drag(h.on_table(*handle), h.on_table(*far))

    turn_to(52)
    assert v.setup.ship(sid)["heading"] == 45
    turn_to(100)
    assert v.setup.ship(sid)["heading"] == 90 and not v.error


def test_a_tool_plugs_in_with_a_button_and_takes_the_tables_clicks(hand):
    """The place left for the photo underlay: a tool (``BaseTool`` with a label and a
    press) added by ``add_tool`` gets its button on the strip; while it is active the
    table's clicks reach it alone, in table units (a click at (6, 4) in arrives as
    (6, 4)), and its ``draw_under`` is called inside the table's camera each frame."""
    from tabletop.view.setuptools import BaseTool

    class Photo(BaseTool):
        label = "photo"

        def __init__(self) -> None:
            self.clicks: list[tuple[float, float]] = []
            self.drawn = 0

        def press(self, desk, x, y, modifiers):
            self.clicks.append((round(x, 3), round(y, 3)))
            return True

        def draw_under(self, desk):
            self.drawn += 1

    h, photo = hand, Photo()
    h.view.add_tool("photo", photo)
    h.window.frame()
    assert [n for _, n, _ in h.view.strip.buttons][:4] == [
        "arrange", "add ship", "draw terrain", "photo"
    ]  # fmt: skip
    h.button("photo")
    h.click(*h.on_table(6, 4))
    assert photo.clicks == [(6, 4)] and photo.drawn > 0
    assert h.view.setup.ships() == [] and h.view.tool == "photo"
    h.key(K.ESCAPE)  # nothing begun to drop: back to arranging
    assert h.view.tool == "arrange"


def test_a_photo_is_loaded_placed_by_its_corners_and_kept_in_the_scenario(hand, tmp_path):
    """The photo tool on the strip (issue 60): its path typed in the form, its four
    corners clicked on the table (at whole pixels, as the mouse gives them), and the
    scenario then carries the ``[photo]``: saved, checked, taken back by undo.

    Unplaced, the test's 1800 × 1350 photo is shown as large as fits on the 36 × 24 in
    table: k = min(36/1800, 24/1350) = 24/1350 in a pixel, 32 × 24 in, from x = 2; its
    pixel (u, v) (v down) lies at table (2 + k·u, 24 − k·v).  A click is within half a
    screen pixel, about 0.02 in at this zoom, so each corner within 0.02/k ≈ 1.2 photo
    pixels of where the drawing put it (2 allowed)."""
    from . import photo_helpers as ph

    h = hand
    h.button("photo")
    h.fill("path", str(tmp_path / "nope.png"))  # no such file: said, nothing changes
    assert h.view.error and "nope.png" in h.view.message
    assert "photo" not in h.view.setup.data
    photo = ph.write(tmp_path / "table.png")
    h.fill("path", str(photo))
    tool = h.view.tools["photo"].tool
    assert tool.loaded and not tool.placed
    k = 24 / 1350
    for u, v in ph.corner_pixels():
        sx, sy = h.on_table(2 + k * u, 24 - k * v)
        h.click(round(sx), round(sy))
    assert tool.placed
    written = h.view.setup.data["photo"]
    assert np.abs(np.array(written["corners"]) - ph.corner_pixels()).max() <= 2
    # a ship laid on the red base as the photo shows it, at (9.5, 7.25)
    h.button("add ship")
    h.choose("roster", "frigate-36")
    h.fill("new_side", "british")
    sx, sy = h.on_table(9.5, 7.25)
    h.click(round(sx), round(sy))
    laid = h.view.setup.ship(h.view.selected)
    assert math.hypot(laid["x"] - 9.5, laid["y"] - 7.25) <= 0.1  # a tenth, as laid
    out = tmp_path / "dispute.toml"
    h.key(K.S, K.MOD_CTRL)  # never saved: the save-as line
    h.type(str(out))
    assert h.view.message == f"saved to {out}", h.view.message
    assert main(["check", str(out), "--json"]) == 0
    assert 'path = "table.png"' in out.read_text()  # from the scenario's own folder
    h.key(K.Z, K.MOD_CTRL)  # the ship taken back, then the photo's placing
    h.key(K.Z, K.MOD_CTRL)
    assert "photo" not in h.view.setup.data and not tool.loaded


def test_the_wind_dial_dragged_at_a_hands_pace_takes(hand):
    """A frame drawn between the press, each move and the release (as a hand drags:
    slower than a frame) laid the table's form anew from the wind as it was, and the
    release set that: the dial never took a drag under Xvfb on a loaded machine.  Its
    tail dragged from north to west sets the wind from 270."""
    h = hand
    h.click(*h.on_table(30, 12))  # the sea: the table's form, with the wind's dial
    r = h.field("dial").rect
    cx, cy = (r[0] + r[1]) / 2, (r[2] + r[3]) / 2
    a, b = (cx, cy + DIAL * 0.8), (cx - DIAL * 0.8, cy)
    h.send("on_mouse_press", *a, arcade.MOUSE_BUTTON_LEFT, 0)
    h.window.frame()
    for i in range(1, 5):
        x, y = a[0] + (b[0] - a[0]) * i / 4, a[1] + (b[1] - a[1]) * i / 4
        h.send("on_mouse_drag", x, y, 1, 1, arcade.MOUSE_BUTTON_LEFT, 0)
        h.window.frame()  # drawn mid-drag
    h.send("on_mouse_release", *b, arcade.MOUSE_BUTTON_LEFT, 0)
    h.window.frame()
    assert h.view.setup.data["wind"]["from"] == 270


def test_a_practice_course_set_up_is_played_as_the_drill(tmp_path):
    """A table with a mark, played from the set-up, opened as a game: no mark, no coach,
    no score.  It opens as the drill (as ``tabletop play`` does), with set up on its
    strip; Ctrl+E goes back to the set-up and Ctrl+E again to the same drill; her start
    moved in the set-up, "play" opens a drill from there."""
    from tabletop.view.drillview import DrillView

    h = opened([str(SCENARIOS / "tacking-practice.toml")])
    try:
        h.button("play")
        drill = h.window.table
        assert isinstance(drill, DrillView) and h.window.current_view is drill
        assert drill.drill.course.ship == "pelican"  # the scenario's one ship
        assert drill.drill.course.mark == (60, 125)  # its mark, in cm
        assert "set up" in {k.strip for k, _ in drill.tools.buttons}
        h.key(K.E, K.MOD_CTRL)
        assert h.window.current_view is h.view
        h.key(K.E, K.MOD_CTRL)
        assert h.window.current_view is drill  # the same drill, the table unchanged
        h.key(K.E, K.MOD_CTRL)
        h.view.setup.place("pelican", 40, 25)  # as a drag would: 20 cm to the west
        h.button("play")
        again = h.window.table
        assert isinstance(again, DrillView) and again is not drill
        start = again.session.game.state.ship("pelican").pose
        assert (start.x, start.y) == (40, 25)
    finally:
        h.window.close()


def test_a_practice_tables_mark_is_drawn_in_the_set_up():
    """The set-up drew no mark: a referee moved the start of a practice course blind to
    where it lay.  It draws the mark and its laylines as the drill does: "mark" is among
    the set-up's labels, over the mark at (60, 125) cm; a table with none has no such
    label."""
    h = opened([str(SCENARIOS / "tacking-practice.toml")])
    try:
        d = h.view.drawing
        marks = [t for t in d._texts if t.text == "mark"]  # the label and its halo
        x, _ = h.view.to_screen(np.array([[60.0, 125.0]]))[0]
        assert marks and all(abs(t.x + t.content_width / 2 - x) < 30 for t in marks)
    finally:
        h.window.close()
    h = opened([str(SCENARIOS / "frigate-duel.toml")])
    try:
        assert not [t for t in h.view.drawing._texts if t.text == "mark"]
    finally:
        h.window.close()
