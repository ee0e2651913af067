"""Dice as the log shows them (``report.rolled``): each roll's faces, made or failed
against the need the rules wrote down with it, and its words without them; the
ruling's faces that hit and save (``view.dice.odds_faces``).  Hand-worked."""

from __future__ import annotations

from tabletop.engine.dice import Script
from tabletop.engine.events import Roll
from tabletop.game.report import Face, event_text, rolled
from tabletop.rules.escadres import events as es
from tabletop.rules.holdfast import hits


def test_a_roll_with_its_need_is_faces_made_or_failed():
    """To hit 3+: 2 fails, 6 hits, 1 fails; the words are why it was rolled."""
    e = Roll("to hit: amazon light", [2, 6, 1], 6, need=3)
    faces, words = rolled(e)
    assert faces == (Face(2, 6, False), Face(6, 6, True), Face(1, 6, False))
    assert words == "to hit: amazon light"
    assert event_text(e) == "    rolls 2, 6 and 1 (to hit: amazon light)"  # run's words


def test_a_roll_without_a_need_is_plain_and_keeps_its_sides():
    faces, words = rolled(Roll("bag", [3], 5))
    assert faces == (Face(3, 5, None),) and words == "bag"


def test_an_event_listing_its_rolls_shows_them_as_dice():
    """Hold Fast's fire: need 4, rolled 1 and 4: one hit; its words lose "rolled 1 and
    4" and keep the rest.  Escadres' damage dice have no need: plain.  A count of dice
    (Escadres' shot: "4 dice") is not a roll; a plugin's plain dict shows no dice."""
    fires = hits.Fires("amazon", "cleopatre", "long", "starboard", 4, 4, [1, 4], 1)
    faces, words = rolled(fires)
    assert faces == (Face(1, 6, False), Face(4, 6, True))
    assert words == "amazon's starboard long guns fire at cleopatre, range 4, 4+ to hit: 1 hit"
    faces, words = rolled(es.Damage("victory", "gunfire", [4, 5, 5, 6]))
    assert [f.made for f in faces] == [None] * 4 and words == "against victory on the gunfire table"
    assert rolled(es.Shot("bucentaure", "victory", "port", 8, 4, False, False)) is None
    assert rolled({"hoisted": "amazon", "dice": [3, 4]}) is None


def test_the_dice_write_down_the_need_they_were_rolled_against():
    """A cup rolled with a need writes it with the dice; without one, writes none."""
    cup = Script([5, 2]).cup(1, 0, [])
    assert cup.roll(1, "to hit", need=4) == [5]
    assert cup.roll(1, "wind") == [2]
    assert cup.rolled == [{"why": "to hit", "dice": [5], "sides": 6, "need": 4},
                          {"why": "wind", "dice": [2], "sides": 6}]  # fmt: skip


def test_the_faces_that_make_odds_of_whole_sixths():
    """p 1/2: faces 4, 5, 6; p 1/3: 5 and 6; p 0: none; 3/10 is no single die's odds."""
    from tabletop.view.dice import odds_faces

    assert [f.value for f in odds_faces("1/2") if f.made] == [4, 5, 6]
    assert [f.value for f in odds_faces("1/3") if f.made] == [5, 6]
    assert not any(f.made for f in odds_faces("0"))
    assert odds_faces("3/10") is None and odds_faces(None) is None
