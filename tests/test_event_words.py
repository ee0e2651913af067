"""Each event says itself in plain English (issue 56): the log read program keys
("masts amazon, circles 1 (damage: mast), left 3"); each kind of event now writes its
own sentence from what it means in its rules.  The expected lines are written by hand
from the event's figures; the keys (the JSON ``run --json`` prints) stay as they were.
"""

from __future__ import annotations

from tabletop.engine.events import Order, Roll, TurnBegins, Winner
from tabletop.game.report import event_text, rolled
from tabletop.rules.escadres import events as es
from tabletop.rules.frigate import events as fg
from tabletop.rules.frigate import fired
from tabletop.rules.holdfast import events as hf
from tabletop.rules.holdfast import hits
from tabletop.rules.manowar import events as mw
from tabletop.rules.trafalgar import events as tr


def test_the_kernel_events_read_as_sentences():
    assert event_text(Order("move amazon F2 S30", 1, "british")) == (
        "british: move amazon F2 S30"  # an order flush left, by the side that gave it
    )
    assert event_text(Order("end", 3, "french")) == "french is done"
    assert event_text(Roll("to hit: amazon light", [2, 6, 1], 6, need=5)) == (
        "    rolls 2, 6 and 1 (to hit: amazon light)"  # what it caused, indented
    )
    assert event_text(TurnBegins(2, "french")) == "    turn 2, french to play"
    assert event_text(Winner("draw")) == "    the battle is drawn"
    assert Winner("blue", "turn 12 ended").text() == "blue has won the battle: turn 12 ended"
    # the keys are those the JSON always had
    assert Roll("saves", [5], 6) == {"why": "saves", "dice": [5], "sides": 6}
    assert Winner("blue") == {"winner": "blue"}


def test_a_roll_gives_the_window_its_faces_and_its_words_without_them():
    faces, words = rolled(Roll("to hit: amazon light", [2, 6, 1], 6, need=5)) or ((), "")
    assert [(f.value, f.made) for f in faces] == [(2, False), (6, True), (1, False)]  # 5+
    assert words == "to hit: amazon light"
    assert rolled(TurnBegins(2, "french")) is None


def test_trafalgar_events_read_as_sentences():
    assert tr.Tacked("amazon", "port", 45.0).text() == (
        "amazon tacks onto the port tack, now heading 45°"
    )
    moved = tr.Moved("amazon", "F2 S30", [97.52631, 38.79849, 65.0], 14.50004, "cm")
    assert moved == {"moved": "amazon", "path": "F2 S30", "to": [97.5263, 38.7985, 65.0],
                     "distance": 14.5}  # fmt: skip  (the unit is the sentence's, not a key)
    assert moved.text() == (
        "amazon sails F2 S30 (14.5 cm sailed), ending at x 97.53, y 38.8, heading 65°"
    )
    assert tr.CommandCheck("amazon", "to recover", 9, 10, False).text() == (
        "amazon fails her command check to recover (9, needing more than 10)"
    )
    hit = tr.Damage("loire")
    hit.add("hull", 2)  # a hull hit crossing one crew box (C) off her track
    hit.add("crew")
    hit.mast("main", 1)
    hit.add("crew", 1)  # a critical row's crew loss on top: 1 + 1 = 2
    hit.flag("holed")
    assert hit.text() == (
        "loire is hit: 2 hull boxes, 2 crew boxes, 1 box of her main mast and holed "
        "below the waterline"
    )
    assert hit == {"damage": "loire", "hull": 2, "crew": 2, "mast": {"main": 1}, "holed": True}
    assert tr.Struck("loire", "no crew left", "british").text() == (
        "loire strikes her colours: no crew left, taken by the british"
    )
    assert tr.BoardingFight("loire", "amazon", 7, 7, None).text() == (
        "loire boards amazon, 7 against 7: neither side gives way"
    )
    fire = tr.Fire("amazon", "loire", "port", 12.34567, "long", 5, "stern",
                   {"light": 3, "carronade": 1},
                   {"expected_unsaved": 0.4444, "p_any_unsaved": 0.3512})  # fmt: skip
    assert fire.text() == (
        "amazon fires her port broadside at loire, raking her stern: long range (12.35), "
        "5+ to hit with 3 light and 1 carronade; 0.44 unsaved hits expected, 35% chance "
        "of any"
    )


def test_hold_fast_events_read_as_sentences():
    assert hits.Masts("amazon", 1, "damage: mast", 3).text() == (
        "amazon loses 1 mast circle to a mast hit, 3 left"
    )
    assert hf.Plotted("british", ["amazon"]).text() == "british plot their orders for amazon"
    assert hf.Reveal("amazon", "II", "RS").text() == "amazon's order for phase II: make sail"
    assert hits.MoraleCheck("loire", "boarded", 4, 5).text() == (
        "loire's morale is tested by being boarded: rolled 4, striking on 5 or more, "
        "she fights on"  # 4 < 5
    )
    assert hf.Shallows("amazon", "the bar", 5, 3, 1).text() == (
        "amazon crosses the bar: 5 less her rate 3 is 2 against depth 1, she strikes bottom"
    )
    won = hf.PointsWinner("french", {"british": 4, "french": 9}, "turn 12 is over")
    assert won == {"winner": "french", "why": "turn 12 is over",
                   "points": {"british": 4, "french": 9}}  # fmt: skip
    assert won.text() == (
        "french has won the battle: turn 12 is over (points: british 4 and french 9)"
    )
    shot = hits.Fires("amazon", "loire", "long", "port", 2, 4, [3, 5, 6], 2)
    assert shot.text() == (
        "amazon's port long guns fire at loire, range 2, 4+ to hit: 2 hits (rolled 3, 5, 6)"
    )
    faces, words = rolled(shot) or ((), "")  # the window draws the dice, and says the rest
    assert [f.made for f in faces] == [False, True, True]  # 3 < 4 <= 5, 6
    assert words == "amazon's port long guns fire at loire, range 2, 4+ to hit: 2 hits"


def test_man_o_war_events_read_as_sentences():
    assert mw.TackChosen("amazon", "port", 45.0, 4.0).text() == (
        "amazon tacks onto the port tack, now heading 45°, 4 of her move left"
    )
    assert mw.IronsRolled("osprey", 2).text() == "osprey misses stays with a 2 and is in irons"
    assert mw.Initiative({"west": 1, "east": 3}, ["east", "west"], 1).text() == (
        "initiative for turn 1: west 1 and east 3; east plays first, then west"
    )
    drift = mw.Drift("swift", 2, 1.23456, 10.0, 20.0, "dauntless", "in")
    assert drift == {"drift": "swift", "inches": 2, "distance": 1.2346, "to": [10.0, 20.0],
                     "collision": "dauntless"}  # fmt: skip
    assert drift.text() == (
        "swift drifts 2 inches downwind to x 10, y 20, stopped by dauntless after 1.23 in"
    )


def test_escadres_events_read_as_sentences():
    assert es.Damage("victory", "gunfire", [4, 5, 6]).text() == (
        "4, 5 and 6 against victory on the gunfire table"
    )
    assert es.Lost("power_lost", "victory", 2) == {"power_lost": "victory", "boxes": 2}
    assert es.Lost("power_lost", "victory", 2).text() == "victory loses 2 power boxes"
    assert es.Shot("bucentaure", "victory", "port", 8, 4, True, False).text() == (
        "bucentaure fires her port broadside at victory, 8 hexes between, enfilading: 4 dice"
    )
    assert es.Beaten("british", ["french"]).text() == (
        "british has won the battle: french beaten"
    )
    assert es.Drift("amazon", "both", [8, -2], 3).text() == (
        "amazon's bow and stern drift downwind: her bow at column 8, row -2, facing 3"
    )


def test_frigate_events_read_as_sentences():
    moved = fg.Moved("jason", [13, -9], 3, 180.0)
    assert moved == {"moved": "jason", "hex": [13, -9], "facing": 3}  # the keys as before
    assert moved.text() == "jason ends her move at column 13, row -9, heading 180°"
    assert fg.Declared("jason", 11, default=True) == {
        "declared": "jason", "allowance": 11, "by": "default"
    }
    assert fg.Declared("jason", 11, default=True).text() == (
        "jason keeps a Movement Allowance of 11, none declared for her"
    )
    assert fg.Unspent({"a": 2, "b": 1, "c": 3}, 3).text() == (
        "a leaves 2 Movement Points unspent in segment 3, and b 1 and c 3: they are lost"
    )
    assert fg.Downwind(["a", "b"], 1, [4, 2]).text() == (
        "a and b drift 1 hex downwind, to column 4, row 2"
    )
    assert fg.DamageControl("jason", "masts", 4, 1) == {
        "damage_control": "jason", "kind": "masts", "die": 4, "masts": 1
    }
    assert fg.DamageControl("jason", "masts", 4, 1).text() == (
        "jason works on her masts with a 4: 1 mast hit left"
    )
    assert fg.Wind(300.0, "light", [1, 2], still=False).text() == (
        "the wind is now light, from 300°"
    )
    assert fg.Wind(300.0, "none", [1], still=True) == {
        "wind": {"from": 300.0, "strength": "none", "dice": [1]}
    }
    assert fg.Wind(300.0, "none", [1], still=True).text() == "the wind dies away"
    assert fg.BothAfoul("a", "b").text() == (
        "a and b both steer to run afoul: a, with the fewer points plotted, keeps her "
        "facing, and b runs afoul of her"
    )


def test_frigate_shots_read_as_sentences():
    # a 1-3 shot at the hull: the die 5, no modifier, 1 crew hit off the table
    shot = fired.Broadside("amazon", "loire", "port", "hull", 10, None, 6, 3, "1-3", 5, 0, 1)
    assert shot.text() == (
        "amazon fires her port broadside at loire's hull, 10 hexes off: strength 6 against "
        "defence 3, odds 1 to 3, a 5: 1 crew hit"
    )
    under = fired.Broadside("loire", "amazon", "starboard", "rigging", 1, "stern", 1, 6, None)
    assert under == {"shot": "loire", "at": "amazon", "side": "starboard", "aim": "rigging",
                     "range": 1, "rake": "stern", "strength": 1, "defence": 6, "odds": None,
                     "hits": 0}  # fmt: skip  (no die off the table)
    assert under.text() == (
        "loire fires her starboard broadside at amazon's rigging, 1 hex off, raking her "
        "stern: strength 1 against defence 6, under the table's odds: no hits"
    )
    # a rigging shot at a ship under fighting sail: the die 3, modified by -1
    aloft = fired.Broadside("a", "b", "port", "rigging", 2, None, 6, 3, "2-1", 3, -1, 2)
    assert aloft.text().endswith("odds 2 to 1, a 3 -1: 2 mast hits")
    chase = fired.Chase("hussard", "amazon", "bow", [6, 6], True)
    assert chase.text() == "hussard fires her bow chasers at amazon: a mast hit"
    assert rolled(chase) is None  # the cup's roll before it draws the two dice, once
    roll = Roll("bow chasers of hussard at amazon: 6s for a mast hit", [6, 5], 6, need=6)
    faces, words = rolled(roll) or ((), "")
    assert [(f.value, f.made) for f in faces] == [(6, True), (5, False)]  # 6 ≥ 6; 5 < 6
    assert fired.Captured("m", "a", 6, 3) == {"captured": "m", "by": "a", "odds": "6 to 3"}
    assert fired.Captured("m", "a", 6, 3).text() == (
        "m strikes her colours to a, threatened at 6 to 3"
    )
    assert fired.Hits("loire", 1, 0).text() == (
        "loire's hits are marked: she now has 1 crew hit and no mast hits"
    )


def test_an_order_is_said_by_the_side_of_the_ship_it_is_for():
    """Both sides fire in a Frigate segment: in the hex duel's seventh order the French
    ville-de-nantes fires at amazon while the British are first to act, and the log
    said "british: fire ville-de-nantes amazon rigging".  A ship's order is her side's;
    "end" stays the side's to act."""
    import json

    from tabletop.engine.core import apply
    from tabletop.game.game import Game
    from tabletop.game.load import load_scenario

    from .conftest import ROOT

    data = json.loads((ROOT / "tests/golden/frigate/hex-duel.json").read_text())
    game = Game.new(load_scenario(ROOT / data["scenario"]), data["seed"])
    for played in data["actions"][:6]:
        game.play(played)
    state = game.state
    assert state.active_side == "british" and data["actions"][6].startswith("fire ville")
    _, events = apply(state, data["actions"][6])
    assert events[0].text() == "french: fire ville-de-nantes amazon rigging"
    _, events = apply(state, "end")
    assert events[0].text() == "british is done"
