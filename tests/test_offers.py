"""The action bar offers what the engine would take now (a newcomer, playing under Xvfb,
was offered a move after his ship had fired, a prize in the fire phase, speeds' rivals
while declaring speeds, and the game refused each).  Pure: no window."""

from __future__ import annotations

from tabletop.engine.events import Event, Order, Roll, Winner
from tabletop.game.load import load_scenario
from tabletop.game.session import Session
from tabletop.view.offers import steady
from tabletop.view.tools import action_buttons

from .conftest import HOVE_TO, SCENARIOS
from .escadres_helpers import game


def bar(s: Session, ship: str) -> list[str]:
    """The bar's live buttons for ``ship`` (the greyed ones are left out), in order."""
    return [b.label for b, why in steady(s.game.state, ship, None) if why is None]


def test_hold_fast_fire_phase_offers_fire_not_a_prize_nor_repairs():
    """Phase I is for fire (declared, then resolved): marines, boarding, repairs and
    prizes belong to other steps, and the engine says "not now"."""
    s = Session.open(load_scenario(str(HOVE_TO)))
    s.play("orders amazon RS F - F F")
    s.play("orders cleopatre - - - - D railleuse - F - F -")
    assert s.status.startswith("turn 1, phase 1: fire")
    assert bar(s, "amazon") == ["end step", "fire …"]


def test_frigate_declaring_speeds_offers_the_speed_and_the_end_only():
    s = Session.open(load_scenario(str(SCENARIOS / "frigate-hex-duel.toml")))
    assert s.status == "turn 1 of 11, declaring allowances, british to declare"
    speeds = [f"speed {n}" for n in range(10, -1, -1)]  # a click each: 0 to her 10
    assert bar(s, "amazon") == ["end step", "speed … (type)", *speeds]
    s.play("end")
    s.play("end")  # segment 1: she may move and fire (nothing yet to chase or take)
    assert {"move", "fire …"} <= set(bar(s, "amazon"))
    assert not {"chase …", "capture …", "destroy …"} & set(bar(s, "amazon"))
    # nor an allowance to type: it stayed, and every one was refused ("allowances are
    # declared before the first segment")
    assert "speed … (type)" not in bar(s, "amazon")


def test_escadres_a_ship_that_has_fired_is_offered_no_move(write_scenario, rigged):
    """Fire ends her movement: a 74 with the wind dead astern (4 steps to make) fires
    her broadside at a 74 abeam; the bar had still offered "move"."""
    ships = [("a", "third-rate-74", "blue", (0, 0), 0), ("z", "third-rate-74", "red", (3, 0), 0)]
    rigged([1])
    g = game(write_scenario, ships, rigged, wind="S")
    s = Session(g.state.scenario, g)
    assert "move" in bar(s, "a")
    rigged([1] * 12)
    g.play("fire a z")
    assert "move" not in bar(s, "a") and "end step" in bar(s, "a")


def test_the_ship_drawn_from_the_bag_is_the_one_to_play():
    """Escadres activates one ship at a time: the window selects her (the last ship
    stayed selected, her bar shown while another was drawn).  Where a side's ships all
    may act (the squadron action), or a side has one ship, nothing is chosen for the
    player."""
    s = Session.open(load_scenario(str(SCENARIOS / "escadres-two-fleets.toml")))
    assert s.status.startswith("turn 1, redoutable drawn")
    assert s.sole_actor() == "redoutable"
    s.play("end")
    drawn = s.status.split(", ")[1].split(" drawn")[0]
    assert s.sole_actor() == drawn != "redoutable"
    assert Session.open(load_scenario(str(SCENARIOS / "squadron-action.toml"))).sole_actor() is None
    assert Session.open(load_scenario(str(SCENARIOS / "frigate-duel.toml"))).sole_actor() is None


class _Struck(Event):
    """A ship struck, as a ruleset says it (weighing 2: more news than damage)."""

    weight = 2

    def __init__(self, ship: str) -> None:
        super().__init__(struck=ship)

    def text(self) -> str:
        return f"{self['struck']} strikes"


class _Said(Event):
    """Anything else that happened (weighing 1)."""

    def __init__(self, what: str) -> None:
        super().__init__(what=what)

    def text(self) -> str:
        return self["what"]


def test_the_message_says_a_ship_struck_before_the_damage_that_did_it():
    said = [Order("fire a z", 1, "blue"), _Said("z loses 1 box of power"), _Struck("z"),
            _Said("z loses no crew")]  # fmt: skip
    assert Session.headline(said) == "z strikes"  # weight 2 over the later 1
    assert Session.headline([*said, Winner("blue")]) == "blue has won the battle"
    assert Session.headline([Order("end", 1, "blue"), _Said("a ends her move")]) == (
        "a ends her move"  # the order is what the player did, not news
    )
    assert Session.headline([Order("end", 1, "blue")]) == "blue is done"  # nothing else
    # the damage a broadside left, not the last roll of the saves after it
    shot = [Order("fire amazon loire", 1, "british"), Roll("to hit: amazon", [6, 4], 6),
            _Said("loire is hit"), Roll("saves: loire", [5], 6)]  # fmt: skip
    assert Session.headline(shot) == "loire is hit"
    assert Session.headline([Order("recover a port", 1, "blue"), Roll("tacking: a", [2], 6)]) == (
        "rolls 2 (tacking: a)"  # a roll and nothing else: the roll
    )
    # a line the session says itself (a step passed) weighs as an event
    assert Session.headline([Order("end", 1, "blue"), "    red has no order: passed"]) == (
        "red has no order: passed"
    )


def test_a_ship_part_way_through_her_move_is_still_offered_her_move():
    """amazon (frigate duel) sails F10 of her 22.67 cm and may fire, then must sail on:
    the bar keeps "move" for the rest (tried with fresh moves of her fan, which overrun
    what is left, it was lost, and "end turn" is refused until she has sailed it)."""
    s = Session.open(load_scenario(str(SCENARIOS / "frigate-duel.toml")))
    s.play("move amazon F10")
    assert "move" in bar(s, "amazon")
    assert "end turn" not in bar(s, "amazon")  # the rest of her allowance is owed


def test_alone_on_the_table_no_ram_and_the_tack_buttons_show_their_keys():
    """The tacking practice has one ship: the bar offered "ram … [m]" (a path to come
    kept it from being tried).  With no other ship to aim at, a target verb is not
    offered, path or not.  The buttons onto a tack now show the key map's ',' and '.'
    that play them."""
    s = Session.open(load_scenario(str(SCENARIOS / "tacking-practice.toml")))
    assert not [b for b in bar(s, "pelican") if b.startswith(("ram", "fire", "board"))]
    buttons = {b.label: b.shown for b in action_buttons(s.game.state.scenario.ruleset.verbs,
                                                        None, "pelican")}  # fmt: skip
    assert buttons["recover port"] == " (key ,)" and buttons["recover starboard"] == " (key .)"
    assert buttons["tack port"] == " (key ,)" and buttons["ram …"] == " (M)"
    assert buttons["move"] == " (Enter)"


def test_the_fire_ruling_says_when_the_game_refuses_the_shot(write_scenario, rigged):
    """The line-of-fire tool's ruling is the table's geometry: it said CAN FIRE for a
    ship whose damage left her no dice there, and G was then refused ("amazon has no
    dice at redoutable").  In a game its last line now gives the engine's reason.
    Escadres, a 74 (power 9) two hexes between a's starboard broadside and z: 9 − 2 = 7
    dice; with 7 power lost, 2 − 2 = 0: none."""
    from tabletop.referee.fire import rule_fire
    from tabletop.view.offers import ruled

    from .escadres_helpers import poke, set_ship

    ships = [("a", "third-rate-74", "blue", (0, 0), 2), ("z", "third-rate-74", "red", (3, 0), 0)]
    rigged([1])
    g = game(write_scenario, ships, rigged)
    lines = rule_fire(g.state.table(), "a", "z").text().splitlines()
    assert lines[-1].strip() == "CAN FIRE" and ruled(lines, g.state, "a", "z") == lines
    poke(g, set_ship(g.state, "a", power_lost=7))
    got = ruled(lines, g.state, "a", "z")
    assert got[-1] == "  cannot fire now: a has no dice at z (2 hexes between)"
    assert ruled(lines, None, "a", "z") == lines  # free play: the table's ruling alone


def test_a_ship_gone_from_the_table_is_named_so():
    """A sunk Escadres ship ("sunk hermione" in the log) was drawn as "hermione
    (struck)".  The ruleset says why a ship is gone (``Ruleset.gone``) and her name on
    the table says so; a ship struck and still afloat is still "(struck)"."""
    from tabletop.view.scene import table_scenes

    from .escadres_helpers import poke, set_ship

    s = Session.open(load_scenario(str(SCENARIOS / "escadres-two-fleets.toml")))
    g = s.game
    poke(g, set_ship(g.state, "hermione", struck=True, out="sunk"))
    poke(g, set_ship(g.state, "bellona", struck=True))
    assert s.notes == {"hermione": "sunk"}
    names = {lb.text for lb in table_scenes(s.table, None, s.struck, s.notes)[2].labels}
    assert "hermione (sunk)" in names and "bellona (struck)" in names


def test_hold_fast_damage_control_says_her_sailing_is_over():
    """In damage control the sail line said "she sails by her plotted orders": none are
    left to sail then."""
    from dataclasses import replace

    from tabletop.rules.holdfast.game import DAMAGE_CONTROL

    s = Session.open(load_scenario(str(HOVE_TO)))
    state = replace(s.game.state, phase=DAMAGE_CONTROL)
    why = state.scenario.ruleset.unready(state, "amazon", "move")
    assert why is not None and why.startswith("her sailing is over this turn (damage control")
