"""Hold Fast hot seat in the window, headless: the screen passed between the sides, each
plotting its orders on the panel out of the other's sight, and the golden duel played by
mouse alone to the same state as its log."""

from __future__ import annotations

import numpy as np
import pytest
import shapely

arcade = pytest.importorskip("arcade")

from tabletop.game.game import read_log, replay  # noqa: E402
from tabletop.game.load import load_scenario  # noqa: E402
from tabletop.view.app import TableWindow  # noqa: E402
from tabletop.view.panes import COVER  # noqa: E402

from .conftest import HOVE_TO, HOVE_TO_LOG, SCENARIOS  # noqa: E402

W, H = 1100, 760
DUEL = str(HOVE_TO)


@pytest.fixture
def window():
    """The table view of a window on the duel (events sent through the window)."""
    w = TableWindow(DUEL, W, H)
    yield w.table
    w.close()


def frame(view) -> np.ndarray:
    view.window.frame()
    return np.asarray(arcade.get_image(0, 0, W, H))[::-1]


def click(view, x: float, y: float) -> None:
    view.window.send("on_mouse_press", x, y, arcade.MOUSE_BUTTON_LEFT, 0)
    view.window.send("on_mouse_release", x, y, arcade.MOUSE_BUTTON_LEFT, 0)


def click_box(window, *command: str) -> None:
    """Click the panel's (or the cover's) box that does ``command``."""
    window.rebuild()
    for b in window.boxes:
        if b.command == command:
            left, right, bottom, top = b.rect
            click(window, (left + right) / 2, (bottom + top) / 2)
            return
    raise AssertionError(f"no box {command}: {[b.command for b in window.boxes]}")


def plot_by_mouse(window, orders: dict[str, list[str]]) -> None:
    """Pass the screen, then each ship's five phases: a click on the cell, one on the word."""
    click_box(window, "ready")
    plot_by_mouse_shown(window, orders)


def press(window, label_start: str) -> None:
    window.rebuild()
    for b, (left, right, bottom, top) in window.buttons:
        if b.label.startswith(label_start):
            click(window, (left + right) / 2, (bottom + top) / 2)
            return
    raise AssertionError(f"no button {label_start!r}: {[b.label for b, _ in window.buttons]}")


def click_ship(window, ship: str) -> None:
    """Click a point of her base that no other base covers (ships lie alongside here)."""
    scn = window.scenario
    mine = scn.ship(ship).base_polygon()
    others = shapely.union_all([s.base_polygon() for s in scn.ships if s.id != ship])
    p = mine.difference(others.buffer(0.1)).representative_point()
    click(window, *window.to_screen(np.array([p.x, p.y])))


def test_the_screen_is_passed_before_a_side_plots(window):
    """Two human sides share the screen: the table is covered (the cover's colour nearly
    everywhere) until the plotting side's captain says he is there."""
    img = frame(window)
    covered = (np.abs(img[..., :3].astype(int) - COVER[:3]) <= 2).all(-1).mean()
    assert covered > 0.9, covered
    assert window.plot is not None and window.plot.spec.side == "british"
    window.on_key_press(arcade.key.E, 0)  # nothing but Space gets past the cover
    assert window.session.actions == []
    window.on_key_press(arcade.key.SPACE, 0)
    img = frame(window)
    covered = (np.abs(img[..., :3].astype(int) - COVER[:3]) <= 2).all(-1).mean()
    assert covered < 0.5, covered


def test_the_plot_foresees_where_she_will_be_and_whom_she_meets(window):
    """Amazon at (10, 12) heading 90 (east), speed 3, the wind from the north; her plot
    RS F - F F: RS in I makes her speed 4, whose phases are I, II, IV, V, so she moves
    1 inch in II (x 11), stands in III, and in IV (x 12) her bow meets Cleopatre, whose
    base (0.5 wide, heading 0) spans x 11.85..12.35 at x 12.1: a ghost at x 12 with a
    base 1.25 long reaches x 12.625."""
    plot_by_mouse_without_giving = ["RS", "F", "-", "F", "F"]
    click_box(window, "ready")
    for k, word in enumerate(plot_by_mouse_without_giving):
        click_box(window, "cell", "amazon", str(k))
        click_box(window, "word", word)
    poses = window.foresight.poses["amazon"]
    assert [round(p.x, 4) for p in poses] == [10.0, 11.0, 11.0, 12.0, 13.0]
    assert window.foresight.meets["amazon"] == (3, "cleopatre")
    window.rebuild()
    notes = [b.text for b in window.boxes if b.text.startswith("meets")]
    assert notes == ["meets cleopatre in phase IV (if she stands on)"]


def test_a_plot_that_breaks_a_rule_is_not_given(window):
    """F in phase I at speed 3 (phases I, III, V) is hers; two sail changes are not
    (once a turn, HF-10): the panel says why and Enter gives nothing."""
    click_box(window, "ready")
    for k, word in enumerate(["RS", "LS"]):
        click_box(window, "cell", "amazon", str(k))
        click_box(window, "word", word)
    assert "amazon" in window.foresight.problems
    window.on_key_press(arcade.key.ENTER, 0)
    assert window.session.actions == []
    assert window.error and "not given" in window.message


def test_the_next_captain_cannot_take_back_the_orders_handed_over(window):
    """At the hot seat the French captain's Ctrl+Z, on the cover or at the screen, took
    back the British orders handed over to him.  They stand now: the cover takes the key
    (it says which keys it has), and at the screen it is said; the French captain's own
    orders he may still take back before he hands them over."""
    plot_by_mouse(window, {"amazon": ["RS", "F", "-", "F", "F"]})
    assert window.plot is not None and window.plot.spec.side == "french"
    window.on_key_press(arcade.key.Z, arcade.key.MOD_CTRL)  # on the cover
    assert window.session.actions == ["orders amazon RS F - F F"]
    assert "the table is covered" in window.message
    click_box(window, "ready")
    window.on_key_press(arcade.key.Z, arcade.key.MOD_CTRL)  # at the screen
    assert window.session.actions == ["orders amazon RS F - F F"]
    assert window.error and "british orders are given and hidden: they stand" in window.message


def test_the_other_sides_plot_stays_hidden(window):
    """After the British plot, the French see that it was given, not what it says: not in
    the log pane, not on Amazon's card (her phases show as '?')."""
    plot_by_mouse(window, {"amazon": ["RS", "F", "-", "F", "F"]})
    assert window.session.actions == ["orders amazon RS F - F F"]
    assert window.plot is not None and window.plot.spec.side == "french"
    click_box(window, "ready")
    text = [t for t, _ in window.log_lines()]
    assert not any("RS F" in t for t in text), text
    assert any("orders … (hidden until revealed)" in t for t in text), text
    assert window.card("amazon")[-1] == "  orders ? ? ? ? ?"


def test_against_the_computer_no_cover_and_its_plot_unsaid(window):
    """``play --ai french:captain``: the panel was opened (behind the cover, two humans
    then) before the computer took its side, and stayed covered; the computer's plot
    was said in the message line, words, scores and all ("cleopatre plots RS - P - -
    (judged -516.0)"), where the log kept it hidden.  Now no cover, and the message says
    only that the orders are given."""
    from tabletop.ai.autopilot import Autopilot

    assert window.plot is not None and not window.plot.shown  # two humans: covered
    window.autopilot = Autopilot.parse(window.session.game.state, ["french:captain"])
    window.sync_plot()  # as `play --ai` does once the window is open
    assert window.plot is not None and window.plot.shown  # no one to pass the screen to
    plot_by_mouse_shown(window, {"amazon": ["RS", "F", "-", "F", "F"]})
    game = window.session.game
    said = []
    for _ in range(20):
        window.window.send("on_update", 1.0)
        said.append(window.message)
        if any(str(a).startswith("orders cleopatre") for a in game.actions):
            break
    given = next(str(a) for a in game.actions if str(a).startswith("orders cleopatre"))
    words = given.split()[2:7]  # cleopatre's five phases, e.g. "- F - - D"
    assert "the french orders are given (hidden until revealed)" in said, said
    assert not any("judged" in m or " plots " in m for m in said), said
    assert not any(" ".join(words) in m for m in said), (words, said)
    # the player's own orders on her card whole (they read 'RS ? ? ? ?' to him, with
    # no one else at the screen), the computer's only as far as the phases revealed
    state = game.state
    mine = next(line for line in window.card("amazon") if "orders" in line)
    assert "RS F - F F" in mine, mine
    theirs = next(line for line in window.card("cleopatre") if "orders" in line)
    shown = min(state.phase, 5)
    assert theirs.count("?") == 5 - shown, (theirs, state.phase)
    # and his own orders in the log (they read '> orders … (hidden until revealed)')
    log = [text for text, _ in window.log_lines()]
    assert any(t.startswith("british: orders amazon RS F - F F") for t in log), log
    assert any(t.startswith("french: orders … (hidden until revealed)") for t in log), log
    window.autopilot = None


def plot_by_mouse_shown(window, orders: dict[str, list[str]]) -> None:
    """:func:`plot_by_mouse` with the panel in view already (no screen to pass)."""
    for ship, words in orders.items():
        for k, word in enumerate(words):
            click_box(window, "cell", ship, str(k))
            click_box(window, "word", word)
    click_box(window, "give")


def test_the_golden_duel_by_mouse_alone(window):
    """The hove-to duel (tests/golden/hold-fast/hove-to.log) played with clicks only
    (the panel, the action bar, the ships): the same actions, and the same state, as the
    log replayed; a step with no order to give but "end" passes by itself."""
    seed, actions = read_log(HOVE_TO_LOG)
    plot_by_mouse(window, {"amazon": ["RS", "F", "-", "F", "F"]})
    plot_by_mouse(window, {"cleopatre": ["-"] * 4 + ["D"], "railleuse": ["-", "F", "-", "F", "-"]})
    assert window.plot is None  # phase I: movement done, fire to declare
    assert window.card("amazon")[-1] == "  orders RS ? ? ? ?"  # revealed phase by phase
    for _ in range(6):  # phases I-III: amazon might fire, and holds; each side ends
        press(window, "end step")
    press(window, "same")  # phase IV: amazon's captain places her alongside
    for ship, target in (("amazon", "cleopatre"), ("cleopatre", "amazon")):
        click_ship(window, ship)
        press(window, "board")
        click_ship(window, target)
        press(window, "fire")
        click_ship(window, target)  # her last order: her side's step ends by itself
    click_ship(window, "amazon")  # phase V
    press(window, "board")
    click_ship(window, "cleopatre")
    press(window, "end step")  # the French have no order to give: their step passes
    click_ship(window, "amazon")  # damage control
    press(window, "prize")
    click_ship(window, "cleopatre")
    press(window, "end step")
    passed = [line for line in window.session.log if "has no order to give" in line]
    assert len(passed) == 4  # the log's ends 11, 14, 17 and 20, none clicked
    assert window.session.actions == actions, window.message
    logged = replay(load_scenario(DUEL), actions, seed)
    assert window.session.game.state.snapshot() == logged.state.snapshot()
    assert window.plot is not None and window.plot.spec.side == "british"  # turn 2's plot


def test_orders_can_also_be_typed(window):
    """'/' while plotting types the chosen ship's five words (any case); a wrong count or
    word is refused with what was expected, and the plot stays as it was."""
    click_box(window, "ready")
    window.on_key_press(arcade.key.SLASH, 0)
    window.on_text("/")  # the key's text, sent after it: not typed
    assert window.prompt is not None and window.prompt.kind == "orders"
    assert window.prompt.offered  # her plot as it stands: typing replaces it
    window.on_text("rs f - f f")
    window.on_key_press(arcade.key.ENTER, 0)
    assert window.plot.plots["amazon"] == ["RS", "F", "-", "F", "F"]
    assert window.foresight.meets["amazon"] == (3, "cleopatre")
    window.on_key_press(arcade.key.SLASH, 0)
    window.on_text("/")
    assert window.prompt.text == "RS F - F F"  # offered: "F F" replaces it, not added on
    window.on_text("F F")
    window.on_key_press(arcade.key.ENTER, 0)
    assert window.error and "5 words of" in window.message
    assert window.plot.plots["amazon"] == ["RS", "F", "-", "F", "F"]
    # the line stays open with what was typed, to mend (it closed: typed again whole)
    assert window.prompt is not None and window.prompt.text == "F F"
    window.on_text(" - - -")
    window.on_key_press(arcade.key.ENTER, 0)
    assert window.prompt is None and window.plot.plots["amazon"] == ["F", "F", "-", "-", "-"]


def test_typed_orders_are_laid_as_ghosts_before_enter_and_esc_takes_them_back(window):
    """Typed orders, once five words, are laid on the table as her plot is (her ghosts,
    whom she meets: amazon RS F - F F meets cleopatre in phase 3, as clicked above);
    Esc puts her plot back as it was (all '-': she meets no one)."""
    click_box(window, "ready")
    before = list(window.plot.plots["amazon"])
    window.on_key_press(arcade.key.SLASH, 0)
    window.on_text("/")
    window.on_text("rs f - f")  # four words: not yet a plot, nothing laid
    assert window.plot.plots["amazon"] == before
    window.on_text(" f")
    assert window.prompt is not None  # not given: still typing
    assert window.plot.plots["amazon"] == ["RS", "F", "-", "F", "F"]
    assert window.foresight.meets["amazon"] == (3, "cleopatre")
    window.on_key_press(arcade.key.ESCAPE, 0)
    assert window.prompt is None and window.plot.plots["amazon"] == before
    assert "amazon" not in window.foresight.meets


def test_the_fan_while_plotting_shows_where_each_plot_ends_and_takes_it(window):
    """With the fan on, a ship being plotted shows where every plot the rules allow her
    ends after phase V; a click on one puts that plot on the panel, and its ghost ends
    where the click was."""
    click_box(window, "ready")
    click_box(window, "cell", "amazon", "0")  # her row chosen: she is selected
    assert window.selected == "amazon"
    window.input.toggle("fan")
    fan = window.fan
    assert fan is not None and len(fan) == len(window.plot_fan) > 10
    # Amazon at (10, 12) heading 90, speed 3 (moves in I, III, V), top speed 4: three
    # moves at most whatever she does with her sail (RS in I: speed 4 moves in II, IV,
    # V; F in I, RS in II: IV and V), so her farthest end is x = 10 + 3 = 13
    assert fan.x.max() == pytest.approx(13.0)
    i = int(np.argmax(fan.x))
    x, y = window.to_screen(np.array([fan.x[i], fan.y[i]]))
    click(window, x, y)
    end = window.foresight.poses["amazon"][-1]
    assert (end.x, end.y) == pytest.approx((fan.x[i], fan.y[i]))
    assert " ".join(window.plot.plots["amazon"]) in {p.words for p in window.plot_fan}


def test_a_ghost_s_phases_are_named_in_runs_beside_it():
    """A ship lying still all turn has one ghost for the five phases: its label read
    "I,II,III,IV,V" across her hull.  Runs are now named by their ends, beside the
    ghost (placed as a name is)."""
    from tabletop.view.plotting import plot_scene, runs

    slots = ("I", "II", "III", "IV", "V")
    assert runs(["I", "II", "III", "IV", "V"], slots) == "I–V"
    assert runs(["I", "III", "IV"], slots) == "I, III–IV"
    assert runs(["II"], slots) == "II"
    scn = load_scenario(DUEL)
    amazon = scn.ship("amazon")
    still = plot_scene(scn, {"amazon": (amazon.pose,) * 5}, {}, slots)
    (label,) = still.labels
    assert label.text == "I–V" and label.clear == pytest.approx(0.5 * amazon.cls.base_length)
    # heading 90 (east): above and below her, half her beam, as a ship's name keeps
    assert label.tall == pytest.approx(0.5 * amazon.cls.base_width)



def test_the_plotting_panel_s_shade_holds_its_words_and_the_log_keeps_above_it(window):
    """The words' legend ("F forward 1 inch · … · - nothing") ran past the panel's shade
    and under the log, whose last row it crossed.  The shade now holds every caption, and
    where the panel reaches under the log, the log starts above it."""
    plot_by_mouse(window, {"amazon": ["RS", "F", "-", "F", "F"]})  # the log has a line
    click_box(window, "ready")  # the French plot
    window.rebuild()
    pane, log = window.plot_pane, window.log_pane
    legend = next(t for t in pane.texts if t.text.startswith("F forward"))
    assert pane.right >= legend.x + legend.content_width
    assert window.log_width > 0 and pane.right > window.view_w - window.log_width
    assert log.enabled and log.bottom >= pane.top


def test_in_the_fire_phases_her_sail_line_says_she_sails_by_her_orders(window):
    """In phase I (fire) amazon's sail line read "allowance 0 to 4 actions, by choice",
    as if she might sail; she sails only by the orders plotted before phase I."""
    plot_by_mouse(window, {"amazon": ["RS", "F", "-", "F", "F"]})
    plot_by_mouse(window, {"cleopatre": ["-"] * 4 + ["D"], "railleuse": ["-", "F", "-", "F", "-"]})
    click_ship(window, "amazon")
    lines = [t for t, _ in window.card_pane.lines("amazon")]  # her card, beside the table
    sail = next(t for t in lines if t.startswith("amazon: heading"))
    assert sail.endswith("; no move now: she sails by her plotted orders (phase 1: fire, "
                         "british to declare)")  # fmt: skip
    assert "allowance" not in sail


def test_the_panel_says_in_which_phases_each_ship_moves(window):
    """Which phases a ship acts in was learnt only from a refusal ("at speed 3 she acts
    in phases I, III, V").  Beside each row, until the foresight has a note of her:
    amazon, speed 3, moves in I, III and V (the duel's phase table)."""
    click_box(window, "ready")
    window.rebuild()
    texts = [b.text for b in window.plot_pane.boxes]
    assert "speed 3: moves in phases I, III, V (a sail change alters them)" in texts


def test_the_plotting_fan_shows_where_a_ship_at_speed_0_drifts(tmp_path):
    """A ship at speed 0, wind from N, at (10, 10): plotting nothing she lies still
    through phase V and then drifts a step (1 in) downwind, so the fan shows that plot
    ending at (10, 9); dropping her anchor ends it at (10, 10)."""
    from tabletop.view.moving import plot_fan

    from .hf import hf_game

    g = hf_game(tmp_path, [("a", 10, 10, 90, "red", "start_speed = 0"), ("b", 30, 20, 0, "blue")])
    fan, plots = plot_fan(g.state, "a")
    ends = {p.words: (float(fan.x[i]), float(fan.y[i])) for i, p in enumerate(plots)}
    assert ends["- - - - -"] == pytest.approx((10.0, 9.0))
    assert ends["DA - - - -"] == pytest.approx((10.0, 10.0))


def _terrain_named(view) -> set[str]:
    view.rebuild()
    return {lb.text for s in view.drawing._table_scenes for lb in s.labels}


def test_a_hidden_shoal_is_drawn_only_for_the_side_that_charted_it():
    """HF-72: the squadrons' Spanish shoal (``known_to = "spanish"``) is the Spanish
    captain's secret: drawn while the screen is his, kept off it while the British
    captain has it or both look on (it was drawn for every side)."""
    w = TableWindow(str(SCENARIOS / "hold-fast-squadrons.toml"), W, H)
    view = w.table
    try:
        assert view.plot is not None and view.plot.spec.side == "british"
        # known terrain is drawn for everyone, named with its level (HF-71)
        assert "the bank (level 2)" in _terrain_named(view)
        assert "Spanish shoal (level 1)" not in _terrain_named(view)  # both at the screen
        click_box(view, "ready")  # the British captain at the screen
        assert "Spanish shoal (level 1)" not in _terrain_named(view)
        click_box(view, "give")  # every British ship's phases '-'
        assert view.plot is not None and view.plot.spec.side == "spanish"
        assert "Spanish shoal (level 1)" not in _terrain_named(view)  # covered again
        click_box(view, "ready")  # the Spanish captain at the screen
        assert "Spanish shoal (level 1)" in _terrain_named(view)
    finally:
        w.close()


def test_a_turn_with_nobody_in_range_asks_no_click_after_the_plots(window):
    """Issue 59: a Hold Fast turn took about 13 "end step" clicks, with no enemy in
    range.  The shipped duel: amazon off the British line's far end, the French three
    ships beyond her guns' reach, every ship plotted to lie still.  After the two plots
    the five phases' fire steps and the damage control (two sides each: 12 steps) pass
    by themselves, each said in the log, and the window is at turn 2's plot with no
    click given: at most the issue's 4 a side, here none."""
    window.load(str(SCENARIOS / "hold-fast-duel.toml"))
    window.sync_plot()
    plot_by_mouse(window, {"amazon": ["-"] * 5})
    plot_by_mouse(window, {s: ["-"] * 5 for s in ("cleopatre", "railleuse", "sirene")})
    state = window.session.game.state
    assert (state.turn, state.phase) == (2, 0)  # turn 2, its plot: no "end step" clicked
    assert window.plot is not None and window.plot.spec.side == "british"
    passed = [line for line in window.session.log if "has no order to give" in line]
    assert len(passed) == 12
    assert window.session.actions.count("end") == 12
    window.session.undo()  # the player's undo takes back the French plot and the passes
    assert window.session.actions == ["orders amazon - - - - -"]
