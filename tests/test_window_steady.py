"""A steady window (issue 59): the action bar's buttons keep their places, greyed when
the engine would not take them; a message that the next order made stale goes; the
header keeps its height, the card beside the table; the log hides and never covers the
ship in use; the hot-seat cover takes every key and click, save and quit on it; and
messages are true (no "part of her move" after all of it, nothing of a plot said to the
other side).  Driven through the window's own events, headless."""

from __future__ import annotations

import numpy as np
import pytest

arcade = pytest.importorskip("arcade")

from tabletop.engine.dice import Script  # noqa: E402
from tabletop.referee.movement import parse_path  # noqa: E402
from tabletop.view.app import TableWindow  # noqa: E402
from tabletop.view.panes import STATUS_H  # noqa: E402
from tabletop.view.tools import MoveBuilder  # noqa: E402

from .conftest import HOVE_TO, SCENARIOS  # noqa: E402

W, H = 1100, 760
K = arcade.key


@pytest.fixture
def view():
    w = TableWindow(str(SCENARIOS / "frigate-duel.toml"), W, H)
    yield w.table
    w.close()


def click(view, x: float, y: float) -> None:
    view.window.send("on_mouse_press", x, y, arcade.MOUSE_BUTTON_LEFT, 0)
    view.window.send("on_mouse_release", x, y, arcade.MOUSE_BUTTON_LEFT, 0)


def click_ship(view, ship: str) -> None:
    p = view.scenario.ship(ship).pose
    click(view, *view.to_screen(np.array([p.x, p.y])))


def slots(view) -> dict[str, tuple[tuple[float, ...], str | None]]:
    """The bar's buttons by label: where each lies, and why it is greyed (None: live)."""
    view.rebuild()
    return {b.label: (r, why) for b, r, why in view.bar.slots}


def click_slot(view, label: str) -> None:
    (left, right, bottom, top), _ = slots(view)[label]
    click(view, (left + right) / 2, (bottom + top) / 2)


def test_the_bar_keeps_its_buttons_in_their_places():
    """Nothing selected, bellona selected, tonnant (not the side to play) selected, and
    after bellona has fired: the same buttons at the same places, "end turn" first.
    Firing once greyed "fire …" (it was removed, and "end turn", after it, slid from
    x 149 to 59); a click on it plays nothing and says why, and so does its key."""
    w = TableWindow(str(SCENARIOS / "squadron-action.toml"), W, H)
    try:
        view = w.table
        view.session.game.dice = Script(when={"": 6}).cup
        seen = [slots(view)]
        click_ship(view, "bellona")
        seen.append(slots(view))
        assert seen[-1]["fire …"][1] is None  # tonnant lies in her port arc
        click_ship(view, "tonnant")
        seen.append(slots(view))
        assert "tonnant is french" in (seen[-1]["move"][1] or "")
        click_ship(view, "bellona")
        assert view.play("fire bellona tonnant"), view.message
        seen.append(slots(view))
        places = [{label: r for label, (r, _) in s.items()} for s in seen]
        assert all(p == places[0] for p in places), places
        assert next(iter(places[0])) == "end turn" and places[0]["end turn"][0] == 10
        why = seen[-1]["fire …"][1]
        assert why and "fired her port broadside" in why, why
        n = len(view.session.actions)
        click_slot(view, "fire …")
        assert len(view.session.actions) == n and view.arming is None
        assert view.message.startswith("fire …: not now") and "broadside" in view.message
        view.say("")
        view.on_key_press(K.G, 0)  # its key says the same, and plays nothing
        assert len(view.session.actions) == n and "broadside" in view.message
    finally:
        w.close()


def test_a_greyed_button_says_why_under_the_pointer(view):
    """Hovering a greyed button lays a tip above the bar with why; a live one has none."""
    click_ship(view, "amazon")
    (left, right, bottom, top), why = slots(view)["cut"]
    assert why
    view.window.send("on_mouse_motion", (left + right) / 2, (bottom + top) / 2, 1, 0)
    assert view.bar.tip is not None and view.bar.tip.text == why
    assert view.bar.tip.y > view.bar.top  # above the bar, over nothing of it
    (left, right, bottom, top), _ = slots(view)["move"]
    view.window.send("on_mouse_motion", (left + right) / 2, (bottom + top) / 2, 1, 0)
    assert view.bar.tip is None


def test_hold_fast_end_step_stays_first_whatever_is_selected():
    """In a Hold Fast fire phase "end step" was first or fourth by the selection (a
    player hit "fire …" instead): it is first, in one place, for none, either side's
    ship, and the enemy's."""
    w = TableWindow(str(HOVE_TO), W, H)
    try:
        v = w.table
        v.play("orders amazon RS F - F F")
        v.play("orders cleopatre - - - - D railleuse - F - F -")
        assert v.session.status.startswith("turn 1, phase 1: fire")
        seen = []
        for ship in (None, "amazon", "cleopatre"):
            v.select(ship)
            seen.append({label: r for label, (r, _) in slots(v).items()})
        assert all(s == seen[0] for s in seen)
        assert next(iter(seen[0])) == "end step"
    finally:
        w.close()


def test_a_ram_leaves_no_stale_illegal_line(view):
    """amazon rams loire with the move built: the header said "ILLEGAL: …" in red after
    the ram was taken (the move, judged again from where the ram left her).  The move
    is used up, and the message is the ram's news."""
    view.session.game.dice = Script(when={"": 6}).cup
    click_ship(view, "amazon")
    view.builder = MoveBuilder("amazon", list(parse_path("F2 P30 F15.5251")))
    view._rebuild_move()
    view.say("an old complaint", error=True)
    click_slot(view, "ram …")
    click_ship(view, "loire")
    assert view.session.actions == ["ram amazon loire F2 P30 F15.5251"], view.message
    view.rebuild()
    status = [t.text for t in view.status_pane.texts]
    assert not any("ILLEGAL" in t or "old complaint" in t for t in status), status
    assert not view.error and view.builder is not None and not view.builder.steps


def test_the_header_keeps_its_height(view):
    """Nothing selected, then amazon with her move built, a tool and a long message:
    the header is STATUS_H high each time (it grew to 6-8 rows), her card is beside the
    table, in the log's column, not in the header."""
    view.rebuild()
    heights = [view.status_pane.height]
    click_ship(view, "amazon")
    view.on_key_press(K.UP, 0)
    view.on_key_press(K.R, 0)
    view.say("a long message " * 30)
    view.rebuild()
    heights.append(view.status_pane.height)
    assert heights == [STATUS_H, STATUS_H]
    assert len(view.status_pane.texts) <= 5  # four rows and the wind
    card = " ".join(t.text for t in view.card_pane.texts)
    assert "hull 11/11" in card and "amazon (british)" in card
    assert not any("hull" in t.text for t in view.status_pane.texts)
    assert view.card_pane.left >= W - view.log_width - 1


def test_the_log_hides_by_key_and_by_click(view):
    view.play("move amazon F22.666667")
    view.rebuild()
    assert view.log_pane.enabled
    view.on_key_press(K.TAB, 0)
    view.rebuild()
    assert not view.log_pane.enabled and view.log_width == 0
    (left, right, bottom, top) = next(r for k, r in view.tools.buttons if k.strip == "log")
    click(view, (left + right) / 2, (bottom + top) / 2)
    view.rebuild()
    assert view.log_pane.enabled


def test_the_log_never_covers_the_ship_in_use(view):
    """Zoomed in with amazon under the log's column (it covered the right quarter of the
    table, and her with it): the log and the card go to the left, clear of her."""
    for a in ("move amazon F22.666667", "move loire F22.666667", "end"):
        view.play(a)
    click_ship(view, "amazon")
    p = view.scenario.ship("amazon").pose
    view.camera.zoom = 12.0
    x, y = W - 120, H / 2  # where she is to lie on screen: in the log's column
    view.camera.position = (p.x - (x - W / 2) / 12.0, p.y - (y - H / 2) / 12.0)
    view.changed()
    view.rebuild()
    sx, sy = view.to_screen(np.array([p.x, p.y]))
    assert sx > W - view.log_width  # she lies where the column is
    for pane in (view.log_pane, view.card_pane):
        if pane.enabled:
            assert not (pane.left <= sx <= pane.right and pane.bottom <= sy <= pane.top), pane
    assert view.log_pane.enabled and view.log_pane.left < W / 2
    # panned back (a drag, as a player pans), the log takes its column again
    view.window.send("on_mouse_press", 300, 200, arcade.MOUSE_BUTTON_LEFT, 0)
    view.window.send("on_mouse_drag", 100, 200, -200, 0, arcade.MOUSE_BUTTON_LEFT, 0)
    view.window.send("on_mouse_drag", -100, 200, -200, 0, arcade.MOUSE_BUTTON_LEFT, 0)
    view.window.send("on_mouse_release", -100, 200, arcade.MOUSE_BUTTON_LEFT, 0)
    view.rebuild()
    sx, _ = view.to_screen(np.array([p.x, p.y]))
    assert sx < W - view.log_width - 20
    assert view.log_pane.left >= W - view.log_width - 1


def test_a_whole_move_is_not_called_part_of_it(view):
    """amazon sails part of her allowance, then the rest; selected again with the fan
    on, the message said "amazon has sailed part of her move" after all of it too."""
    view.on_key_press(K.N, 0)
    click_ship(view, "amazon")
    view.play("move amazon F5")
    view.select(None)
    click_ship(view, "amazon")
    assert "has sailed part of her move" in view.message  # part is part
    view.play("move amazon F17.666667")
    assert view.session.rest("amazon") == (0.0, "cm")
    view.select(None)
    click_ship(view, "amazon")
    assert "part of her move" not in view.message
    assert "has sailed all her move this turn" in view.message


@pytest.fixture
def hot():
    w = TableWindow(str(SCENARIOS / "hold-fast-duel.toml"), W, H)
    yield w.table
    w.close()


def test_the_cover_takes_every_key_and_click(hot):
    """Under the cover keys acted on the hidden table: Ctrl+Z, the overlays, '/', a
    wheel or a drag.  Each is taken now, and nothing under it changes."""
    v = hot
    assert v.plot is not None and not v.plot.shown
    v.rebuild()
    before = (v.camera.zoom, tuple(v.camera.position), set(v.overlays), v.show_help)
    for key, mods in ((K.KEY_1, 0), (K.SLASH, 0), (K.Z, K.MOD_CTRL), (K.F1, 0), (K.TAB, 0),
                      (K.N, 0), (K.E, 0)):  # fmt: skip
        v.window.send("on_key_press", key, mods)
    v.window.send("on_mouse_scroll", W / 2, H / 2, 0, 3)
    v.window.send("on_mouse_press", 300, 300, arcade.MOUSE_BUTTON_LEFT, 0)
    v.window.send("on_mouse_drag", 200, 300, -100, 0, arcade.MOUSE_BUTTON_LEFT, 0)
    v.window.send("on_mouse_release", 200, 300, arcade.MOUSE_BUTTON_LEFT, 0)
    v.rebuild()
    after = (v.camera.zoom, tuple(v.camera.position), set(v.overlays), v.show_help)
    assert after == before and v.prompt is None and v.log_shown
    assert v.session.actions == [] and not v.plot.shown
    assert "the table is covered" in v.message
    v.window.send("on_key_press", K.SPACE, 0)  # the captain is here: the cover's words go
    assert v.plot.shown and v.message == ""


def test_save_and_quit_from_the_cover(hot, tmp_path, monkeypatch):
    """The save button was unreachable under the cover: it is on it, its line typed on
    the cover; so is quit."""
    v = hot
    v.rebuild()
    box = next(b for b in v.boxes if b.command == ("save",))
    left, right, bottom, top = box.rect
    click(v, (left + right) / 2, (bottom + top) / 2)
    assert v.prompt is not None and v.prompt.kind == "save"
    target = tmp_path / "duel.json"
    v.window.send("on_key_press", K.BACKSPACE, 0)
    v.prompt.text = ""
    v.window.send("on_text", str(target))
    v.rebuild()
    assert any(b.text.startswith("save the game to") for b in v.boxes)  # on the cover
    v.window.send("on_key_press", K.ENTER, 0)
    assert target.exists() and f"saved to {target}" in v.message
    assert not v.plot.shown  # still covered
    closed = []
    monkeypatch.setattr(v.window, "close", lambda: closed.append(True))
    v.rebuild()
    box = next(b for b in v.boxes if b.command == ("quit",))
    left, right, bottom, top = box.rect
    click(v, (left + right) / 2, (bottom + top) / 2)
    v.window.send("on_key_press", K.Q, K.MOD_CTRL)
    assert closed == [True, True]


def test_nothing_of_a_plot_is_said_to_the_other_side(hot):
    """The British captain, at the screen with the fan on and amazon selected, gives
    his orders: the message "no move of amazon now: …" (read from her plot) was then
    shown on the French side's screen.  Nothing is said there, and the French, choosing
    amazon, are told nothing of her either."""
    v = hot
    v.plot_ready()
    v.on_key_press(K.N, 0)
    v.plot_command(("cell", "amazon", "0"))
    v.plot_command(("type", "RS F - F F"))
    v.plot_command(("give",))
    assert v.session.actions == ["orders amazon RS F - F F"]
    assert v.plot is not None and v.plot.spec.side == "french" and not v.plot.shown
    assert "amazon" not in v.message
    v.plot_ready()
    v.select("amazon")
    assert "amazon" not in v.message and v.fan is None
