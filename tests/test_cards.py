"""A ship's card as the window draws it (``rs.look.card``): each ruleset's record sheet
as tracks of boxes, guns by broadside, what her drawing shows of her (masts, fire, the
ships she is fast to), and the boxes lost since her side's turn began.  Each case is a
roster entry and a state set by hand; the expected boxes are counted out in the test."""

from __future__ import annotations

from dataclasses import replace

from tabletop.game.game import Game
from tabletop.game.load import load_scenario
from tabletop.rules.clients import sheet_of
from tabletop.rules.types import Card, Track

from .conftest import SCENARIOS


def start(name: str) -> tuple[Game, object]:
    scn = load_scenario(SCENARIOS / name)
    return Game.new(scn), scn.ruleset


def hurt(state, ship: str, **kw):
    return state.with_ship(replace(state.ship(ship), **kw))


def by_label(tracks: tuple[Track, ...]) -> dict[tuple[str, str], tuple[int, int, int]]:
    return {(t.group, t.label): (t.left, t.of, t.lost_now) for t in tracks}


def test_trafalgar_the_roster_card_with_its_shaded_boxes():
    """frigate-36: damage track ".C.G.R.CGRC" (11 boxes), crew 4, masts fore, main and
    mizzen 2 each, 3 light guns and a carronade a side.  Hit for 3 hull boxes, a crew
    box, the main mast's 2 boxes and a port light gun: hull 11 - 3 = 8, crew 4 - 1 =
    3, main 2 - 2 = 0 (shot away), port light 3 - 1 = 2; all lost this turn."""
    g, rs = start("frigate-duel.toml")
    then = g.state
    now = hurt(then, "amazon", hull_lost=3, crew_lost=1, masts_lost=(("main", 2),),
               guns_lost=(("port", "light", 1),))  # fmt: skip
    card = rs.look.card(now, "amazon", then)
    assert by_label(card.tracks) == {
        ("", "hull"): (8, 11, 3),
        ("", "crew"): (3, 4, 1),
        ("masts", "fore"): (2, 2, 0),
        ("masts", "main"): (0, 2, 2),
        ("masts", "mizzen"): (2, 2, 0),
    }
    assert card.tracks[0].marks == ".C.G.R.CGRC"
    assert by_label(card.batteries) == {
        ("port", "light"): (2, 3, 1),
        ("port", "carronade"): (1, 1, 0),
        ("starboard", "light"): (3, 3, 0),
        ("starboard", "carronade"): (1, 1, 0),
    }
    assert card.masts == ("standing", "gone", "standing")
    assert not card.afire and card.fast_to == ()
    # with no turn's start to compare, nothing is this turn's
    assert all(t.lost_now == 0 for t in rs.look.card(now, "amazon").tracks)
    # a fore mast with one box of two left is damaged, not gone
    assert rs.look.card(hurt(then, "amazon", masts_lost=(("fore", 1),)), "amazon").masts[0] == (
        "damaged"
    )


def test_trafalgar_grappled_ships_are_fast_to_each_other():
    g, rs = start("frigate-duel.toml")
    st = replace(g.state, grappled=(("amazon", "loire"),))
    assert rs.look.card(st, "amazon").fast_to == ("loire",)
    assert rs.look.card(st, "loire").fast_to == ("amazon",)


def test_hold_fast_the_diagram_in_sections():
    """frigate-36: 6 hull squares and 6 mast circles, each in 3 sections of 2 (HF-44,
    HF-46), 3 marines, 4 morale boxes, batteries long 2, short 1, carronade 1 a side.
    3 hull hits: 6 - 3 = 3 left; 3 mast hits: the first section (2 circles) gone, the
    second damaged (1 of 2), the third standing; the rudder shot away; on fire."""
    g, rs = start("hold-fast-duel.toml")
    then = g.state
    now = hurt(then, "amazon", hull_lost=3, masts_lost=3, rudder=True, on_fire=True,
               batteries_lost=(("starboard", "long", 1),))  # fmt: skip
    card = rs.look.card(now, "amazon", then)
    assert by_label(card.tracks) == {
        ("", "hull"): (3, 6, 3),
        ("", "masts"): (3, 6, 3),
        ("", "marines"): (3, 3, 0),
        ("", "morale"): (4, 4, 0),
        ("", "rudder"): (0, 1, 1),
        ("", "wheel"): (1, 1, 0),
    }
    hull, masts = card.tracks[:2]
    assert hull.sections == (2, 2, 2) and masts.sections == (2, 2, 2)
    assert masts.shape == "circle" and hull.shape == "box"
    assert by_label(card.batteries)[("starboard", "long")] == (1, 2, 1)
    assert len(card.batteries) == 6  # 3 types on each of 2 broadsides
    assert card.masts == ("gone", "damaged", "standing")
    assert card.afire
    # top speed 4, less one for the hull's first section (3 squares lost, 2 a section)
    # and one for the masts' first section (3 circles lost): 4 - 1 - 1 = 2
    figures = dict(card.figures)
    assert figures["top speed"] == "2" and figures["morale factor"] == "4"


def test_escadres_the_log_with_power_crew_hull_points_and_fires():
    """first-rate: power 12, crew 8, hull points 12 / 2 = 6.  Two power boxes and a crew
    box blackened, a fire token: power 10/12, crew 7/8, hull points 6/6, afire."""
    g, rs = start("escadres-two-fleets.toml")
    then = g.state
    now = hurt(then, "victory", power_lost=2, crew_lost=1, fires=1)
    card = rs.look.card(now, "victory", then)
    assert by_label(card.tracks) == {
        ("", "power"): (10, 12, 2),
        ("", "crew"): (7, 8, 1),
        ("", "hull points"): (6, 6, 0),
    }
    assert card.afire and dict(card.figures)["fires"] == "1"
    assert card.batteries == () and card.masts == ()


def test_frigate_crew_and_mast_hits_as_boxes():
    """Three crew hits lay a warship open to capture, three mast hits dismast her (the
    template): 1 mast hit and 1 more this segment leave 3 - 2 = 1 mast box; her drawing
    shows two masts damaged, one standing.  Three crew hits: 0 of 3."""
    g, rs = start("frigate-hex-duel.toml")
    then = g.state
    now = hurt(then, "amazon", mast_hits=1, masts_new=1, crew_hits=3, afoul="jason")
    card = rs.look.card(now, "amazon", then)
    assert by_label(card.tracks) == {("", "crew"): (0, 3, 3), ("", "masts"): (1, 3, 2)}
    assert card.masts == ("damaged", "damaged", "standing")
    assert card.fast_to == ("jason",)
    labels = [k for k, _ in card.figures]
    assert "crew hits" not in labels and "efficiency" in labels  # said as boxes instead
    gone = rs.look.card(hurt(then, "amazon", mast_hits=3), "amazon")
    assert gone.masts == ("gone", "gone", "gone")


def test_man_o_war_keeps_no_boxes():
    """The Man O' War sailing rules track no damage: her card has no tracks."""
    g, rs = start("man-o-war-skirmish.toml")
    assert rs.look.card(g.state, "dauntless") == Card()


def test_the_default_sheet_is_read_from_the_report():
    """A ruleset with no card of its own: "a/b" figures are tracks, a table of them a
    group, guns by broadside and type a battery each (as many built as left: the report
    says no more), the rest figures in words; where she lies is left off."""
    report = {
        "id": "a", "side": "red", "x": 1.0, "y": 2.0, "heading": 90.0, "status": ["struck"],
        "hex": [3, 4], "hull": "3/5", "masts": {"fore": "1/2", "main": "2/2"},
        "guns": {"port": {"light": 2}}, "speed": 3, "fired": [], "note": None,
    }  # fmt: skip
    card = sheet_of(report, ("b",))
    assert by_label(card.tracks) == {
        ("", "hull"): (3, 5, 0),
        ("masts", "fore"): (1, 2, 0),
        ("masts", "main"): (2, 2, 0),
    }
    assert by_label(card.batteries) == {("port", "light"): (2, 2, 0)}
    assert card.figures == (("speed", "3"), ("fired", "none"))
    assert card.fast_to == ("b",)


def test_lost_this_turn_counts_only_boxes_struck_since():
    """A box mended since (Hold Fast's repairs) is not a loss; a loss is never more than
    the boxes struck off: hull 5 of 6 left, 2 left at the turn's start (3 mended): 0
    lost; 1 of 6 left, 4 at the start: 3 lost."""
    before = Card(tracks=(Track("hull", 2, 6),))
    assert Card(tracks=(Track("hull", 5, 6),)).since(before).tracks[0].lost_now == 0
    before = Card(tracks=(Track("hull", 4, 6),))
    assert Card(tracks=(Track("hull", 1, 6),)).since(before).tracks[0].lost_now == 3
