"""Pictures over text: the ship cards drawn as record sheets (the selected ship's beside
the table, the card of the ship under the pointer beside her), damage marked on the
ships' drawings, dice drawn as dice in the log and the ruling.  What is drawn is read
back from the panes' and the table's shapes (each box or face a filled polygon in its
colour) and from the frame's pixels."""

from __future__ import annotations

import arcade
import numpy as np
import pytest

from tabletop.view.app import TableWindow
from tabletop.view.sheets import ALARM, PAPER, SHADED, STRUCK

from .conftest import SCENARIOS
from .escadres_helpers import poke, set_ship

W, H = 1100, 760


@pytest.fixture(scope="module")
def window():
    w = TableWindow(str(SCENARIOS / "frigate-duel.toml"), W, H)
    yield w.table
    w.close()


@pytest.fixture
def duel(window):
    window.window.switch_to()
    arcade.set_window(window.window)
    window.load(str(SCENARIOS / "frigate-duel.toml"))
    window.hover_pane.ship = None
    return window


def fills(scene, colour) -> int:
    return sum(1 for f in scene.fills if f.color == colour)


def frame(view) -> np.ndarray:
    view.window.frame()
    return np.asarray(arcade.get_image(0, 0, W, H))[::-1]


def test_the_card_strikes_off_her_boxes_and_this_turns_in_the_alarm_colour(duel):
    """loire, frigate-38: a damage track of 11 boxes (the roster's ".C.G.R.CGRC": 4
    plain, 7 shaded with a letter), crew 4, masts 2 + 3 + 2, guns 3 light and a
    carronade a side.  Hit for 2 hull boxes as the British play: those 2
    are struck in the alarm colour, 11 - 2 = 9 hull boxes left."""
    duel.select("loire")
    duel.rebuild()  # her side's turn is taken as it stands
    game = duel.session.game
    poke(game, set_ship(game.state, "loire", hull_lost=2))
    duel.changed(table=True)
    duel.rebuild()
    pane = duel.card_pane
    assert pane.enabled and pane.drawn is not None and pane.scene is not None
    hull = pane.drawn.tracks[0]
    assert (hull.label, hull.left, hull.of, hull.lost_now) == ("hull", 9, 11, 2)
    scene = pane.scene
    assert fills(scene, ALARM) == 2 and fills(scene, STRUCK) == 0
    # the first two struck were ".C": of the 9 hull boxes left 7 - 1 = 6 are shaded and
    # 4 - 1 = 3 plain; as paper besides: 4 crew, 7 mast boxes and 8 guns
    assert fills(scene, SHADED) == 6
    assert fills(scene, PAPER) == 3 + 4 + 7 + 8
    words = " ".join(" ".join(t.text for t in pane.texts).split())  # wrapped or not
    assert "loire (french)" in words and "hull 9/11" in words and "masts: fore" in words
    assert "lost since the british began to play: hull 2" in words
    # the frame shows the alarm colour inside the pane, where the first box is
    img = frame(duel)
    first = next(f for f in scene.fills if f.color == ALARM)
    (x0, y0), (x1, _) = first.points.min(axis=0), first.points.max(axis=0)
    x, y = (x0 + x1) / 2, y0 + 2.5  # below the cross's middle, above its foot
    assert tuple(img[int(y), int(x), :3]) == ALARM[:3]
    assert pane.left <= x <= pane.right and pane.bottom <= y <= pane.top


def test_a_ship_under_the_pointer_shows_her_card_beside_her(duel):
    """The pointer over amazon (nothing selected): her card beside her base, right of
    it, with her name and her boxes; over open sea, none; over the selected ship, none
    (her card is shown in its place)."""
    p = duel.scenario.ship("amazon").pose
    x, y = duel.to_screen(np.array([p.x, p.y]))
    duel.window.send("on_mouse_motion", x, y, 0, 0)
    duel.rebuild()
    pane = duel.hover_pane
    assert pane.ship == "amazon" and pane.enabled
    assert pane.left > x and pane.bottom < y < pane.top
    assert "amazon (british)" in [t.text for t in pane.texts]
    assert pane.scene is not None and fills(pane.scene, PAPER) > 0
    sea = duel.to_screen(np.array([150.0, 100.0]))
    duel.window.send("on_mouse_motion", *sea, 0, 0)
    duel.rebuild()
    assert pane.ship is None and not pane.enabled
    duel.select("amazon")
    duel.window.send("on_mouse_motion", x, y, 0, 0)
    duel.rebuild()
    assert not pane.enabled and duel.card_pane.enabled


def test_damage_is_marked_on_the_ships_drawing(duel):
    """The frigate duel: amazon (frigate-36, masts fore, main, mizzen) with her main
    mast shot away and her fore mast damaged (1 box of 2 left), grappled with loire
    (frigate-38, three masts standing), loire's colours struck.  Drawn on the table:
    one amber truck (the fore mast), one dark cross of two arms (the main mast), no
    mark for the 1 + 3 masts standing; three grapples between them; a white flag at
    loire's stern (her own side's: struck, not a prize); no flames."""
    from dataclasses import replace

    from tabletop.view.marks import DAMAGED, FLAME, GONE, MAST, ROPE, WHITE_FLAG

    game = duel.session.game
    st = set_ship(game.state, "amazon", masts_lost=(("main", 2), ("fore", 1)))
    st = replace(set_ship(st, "loire", struck=True), grappled=(("amazon", "loire"),))
    poke(game, st)
    duel.changed(table=True)
    duel.rebuild()
    marks = duel.drawing.damage
    assert fills(marks, DAMAGED) == 1 and fills(marks, MAST) == 0
    assert sum(1 for ln in marks.lines if ln.color == GONE) == 2
    # the amber truck stands forward of amazon's centre (she heads east: east of it)
    truck = next(f for f in marks.fills if f.color == DAMAGED).points.mean(axis=0)
    assert truck[0] > duel.scenario.ship("amazon").pose.x
    assert sum(1 for ln in marks.lines if ln.color == ROPE) == 3
    assert fills(marks, WHITE_FLAG) == 1 and fills(marks, FLAME) == 0
    # the flag is at loire's stern, half her drawn hull behind her centre, and shows
    flag = next(f for f in marks.fills if f.color == WHITE_FLAG)
    loire = duel.scenario.ship("loire").pose
    sx, sy = duel.to_screen(flag.points.mean(axis=0))
    cx, cy = duel.to_screen(np.array([loire.x, loire.y]))
    assert sx < cx  # she heads east (90): her stern is to the west of her centre
    img = frame(duel)
    assert tuple(img[int(round(sy)), int(round(sx)), :3]) == WHITE_FLAG[:3]


def test_fire_aboard_is_drawn_as_flames(window):
    """Escadres: victory with a fire token burns on her drawing: two flames, each with
    a yellow core; her fire put out, none."""
    from tabletop.view.marks import FLAME, FLAME_CORE

    window.window.switch_to()
    arcade.set_window(window.window)
    window.load(str(SCENARIOS / "escadres-two-fleets.toml"))
    game = window.session.game
    poke(game, set_ship(game.state, "victory", fires=1))
    window.changed(table=True)
    window.rebuild()
    marks = window.drawing.damage
    assert fills(marks, FLAME) == 2 and fills(marks, FLAME_CORE) == 2
    poke(game, set_ship(game.state, "victory", fires=0))
    window.changed(table=True)
    window.rebuild()
    assert fills(window.drawing.damage, FLAME) == 0


def test_the_log_draws_each_roll_as_dice_made_or_failed(duel):
    """The frigate duel's first broadside (games/frigate-duel.log): amazon at loire, short
    range, to hit 4+ less 1 for short range = 3+; saves 4+ against light guns, 5+ against
    the carronade (-1).  Rolled: to hit (light) 2, 6, 1: the 6 hits (a 1 never does);
    saves 2: fails; critical 6, hull damage 1, crew loss 1: no need, plain; to hit
    (carronade) 4: hits; saves 5: saves.  Made 1 + 1 + 1 = 3, failed 2 + 1 = 3, plain 3."""
    from tabletop.view.dice import FAILED, MADE, PLAIN

    for action in ("move amazon F14", "fire amazon loire"):
        assert duel.play(action), duel.message
    duel.rebuild()
    pane = duel.log_pane
    assert pane.enabled
    assert (fills(pane.dice, MADE), fills(pane.dice, FAILED), fills(pane.dice, PLAIN)) == (3, 3, 3)
    words = [t.text for t in pane.texts]
    assert "to hit: amazon light" in words and not any("rolls" in w for w in words)
    # the log's words are still the text form: what tabletop run prints
    assert "    rolls 2, 6 and 1 (to hit: amazon light)" in [s for s, _ in duel.log_lines()]
    # the frame shows the gold of a die that made it, where the pane drew it
    made = next(f for f in pane.dice.fills if f.color == MADE)
    x0, y0 = made.points.min(axis=0)
    img = frame(duel)
    assert tuple(img[int(y0) + 1, int(x0) + 1, :3]) == MADE[:3]


def test_the_ruling_shows_the_faces_that_hit_and_save(window):
    """The worked example: a fires at b, medium range, 3 light guns: to hit 4+ (p 1/2:
    faces 4, 5 and 6 gold), saves 4+ (4, 5, 6); the faces drawn under the ruling's
    words: 6 + 6 faces, 3 + 3 gold."""
    from tabletop.view.dice import FAILED, MADE

    window.window.switch_to()
    arcade.set_window(window.window)
    window.load(str(SCENARIOS / "worked-example.toml"))
    window.ruling = ("a", "b")
    window.changed()
    window.rebuild()
    pane = window.ruling_pane
    assert pane.enabled
    assert fills(pane.dice, MADE) == 6 and fills(pane.dice, FAILED) == 6
    labels = [t.text.strip() for t in pane.texts]
    assert "to hit, 3 dice:" in labels and "saves:" in labels
    faces = [f for f in pane.dice.fills if f.color in (MADE, FAILED)]
    assert all(pane.left <= f.points[:, 0].min() and f.points[:, 0].max() <= pane.right
               and pane.bottom <= f.points[:, 1].min() for f in faces)  # fmt: skip
    window.ruling = None


def test_a_fan_pose_is_a_bar_to_click_and_lays_a_measured_path(duel):
    """amazon's fan: each pose a bar 10 pixels long and 3 wide on screen whatever the
    zoom; a click 12 pixels from a pose, off its bar's end, still takes it; the path laid
    has its runs but the last in tenths and whole-degree turns, and Enter plays it."""
    from tabletop.referee.movement import parse_path
    from tabletop.view.marks import FAN_BAR

    duel.select("amazon")
    duel.input.toggle("fan")
    duel.rebuild()
    fan = duel.fan
    bars = [ln for s in duel.drawing._overlay_scenes for ln in s.lines
            if ln.width == FAN_BAR[1] and not ln.closed]  # fmt: skip (her outline is closed)
    assert len(bars) == len(fan)
    a, b = duel.to_screen(bars[0].points)
    assert abs(np.hypot(*(b - a)) - FAN_BAR[0]) < 0.01
    i = len(fan) // 3
    x, y = duel.to_screen(np.array([fan.x[i], fan.y[i]]))
    duel.window.send("on_mouse_press", x + 12, y, arcade.MOUSE_BUTTON_LEFT, 0)
    duel.window.send("on_mouse_release", x + 12, y, arcade.MOUSE_BUTTON_LEFT, 0)
    steps = parse_path(duel.builder.text)
    runs = [s.value for s in steps if s.kind == "F"]
    assert all(float(s.value).is_integer() for s in steps if s.kind in "PS")
    assert all(abs(v * 10 - round(v * 10)) < 1e-6 for v in runs[:-1]), duel.builder.text
    assert duel.builder.text != fan.path(fan.nearest(*duel.to_table(x + 12, y)))  # rounded
    laid = duel.builder.text
    duel.on_key_press(arcade.key.ENTER, 0)
    assert duel.session.actions[-1] == f"move amazon {laid}", duel.message
    duel.input.toggle("fan")


@pytest.mark.parametrize("size", [(800, 600), (1100, 760), (1920, 1080), (2560, 1440)])
def test_the_headers_rows_keep_clear_of_the_wind_and_the_sail_meter(duel, size):
    """A long message of wide letters (W) and of words, a move being built (the sail
    meter shows): every row of the header ends left of the corner the wind's label and
    the meter keep (its left edge: the window's width less WIND_W), at every size."""
    from tabletop.view.panes import WIND_W

    w, h = size
    duel.window.send("on_resize", w, h)
    duel.select("amazon")
    duel.play("move amazon F2")  # a move part-built: the meter has something to show
    duel.fresh_move()
    duel.builder.forward(5.0)
    duel._rebuild_move()
    for message in ("W" * 400, "the squadron's long message " * 30):
        duel.say(message, error=True)
        duel.rebuild()
        texts = duel.status_pane.texts
        rows = [t for t in texts if not t.text.startswith("wind from")]
        assert len(rows) == len(texts) - 1 and len(rows) >= 3
        assert any(t.text.endswith("…") for t in rows)  # the message was cut
        for t in rows:
            assert t.x + t.content_width <= w - WIND_W, (size, t.text, t.x + t.content_width)
    duel.window.send("on_resize", W, H)
    duel.say("")


def test_the_rulers_figures_come_back_down_when_the_plotting_panel_closes(window):
    """While a Hold Fast side plots, the foot's figures of the edge ruler keep clear of
    the plotting panel; once the orders are given and the panel closes, they are laid
    again under the table's edge, where they belong (laid out before the panes, they
    kept clear of the panel just closed, 40 pixels up the table)."""
    from tabletop.game.logs import read_log

    window.window.switch_to()
    arcade.set_window(window.window)
    window.load(str(SCENARIOS / "hold-fast-duel.toml"))
    window.plot_ready()  # the British captain is here: the panel, not the cover
    window.rebuild()
    assert window.plot_pane.enabled
    scn = window.scenario
    _, actions = read_log(SCENARIOS.parent / "games" / "hold-fast-duel.log")
    window.session.auto_pass = False
    for action in actions[:2]:  # both sides' orders: the plotting is over
        assert window.play(action), window.message
    window.rebuild()
    assert window.plot is None and not window.plot_pane.enabled
    x, under = window.to_screen(np.array([6.0, -0.025 * scn.depth]))  # its place
    figures = [t for t in window.drawing._pinned if t.text == "6" and abs(t.x - x) < 2]
    assert figures and abs(figures[0].y - round(under)) <= 1, (figures[0].y, under)


def test_a_tables_name_under_a_pane_is_left_out(duel):
    """At 800 x 600 the selected ship's card lies over the table's top right, where the
    wind's words are ("wind from 0° moderate", cut in two by the card's edge): they are
    left out while the card is there, halo and all, and shown again when it goes."""
    duel.window.send("on_resize", 800, 600)
    duel.select("loire")
    duel.rebuild()
    wind = [t for t in duel.drawing._labels if t.text.startswith("wind from")]
    assert wind and duel.card_pane.enabled
    text, card = wind[0], duel.card_pane
    assert text.x - text.content_width < card.right and text.x > card.left  # it meets it
    assert not text.visible
    pinned = {id(t) for t in duel.drawing._pinned}
    named = [t for t in duel.drawing._labels if id(t) not in pinned]
    at = named.index(text)
    assert not any(h.visible for h in duel.drawing._halos[4 * at : 4 * at + 4])
    duel.select(None)
    duel.rebuild()
    assert text.visible and not duel.card_pane.enabled
    duel.window.send("on_resize", W, H)
