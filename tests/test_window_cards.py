"""The ship cards drawn as record sheets: the selected ship's beside the table, and the
card of the ship under the pointer beside her.  What is drawn is read back from the
pane's shapes (each box a filled square in the sheet's colours) and from the frame's
pixels."""

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
    marks = duel.drawing._table_scenes[-1]
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
    marks = window.drawing._table_scenes[-1]
    assert fills(marks, FLAME) == 2 and fills(marks, FLAME_CORE) == 2
    poke(game, set_ship(game.state, "victory", fires=0))
    window.changed(table=True)
    window.rebuild()
    assert fills(window.drawing._table_scenes[-1], FLAME) == 0
