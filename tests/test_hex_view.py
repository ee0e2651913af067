"""The hex overlay as the window draws it (scene primitives, no GL needed): the hexes
tile the table exactly, each ship's hexes are hers, the fan shades reachable hexes."""

from __future__ import annotations

import numpy as np
import pytest
import shapely

from tabletop.game.load import load_scenario
from tabletop.referee.fan import Fan
from tabletop.view import scene as sc

from .conftest import SCENARIOS


@pytest.fixture(scope="module")
def escadres():
    return load_scenario(SCENARIOS / "escadres-two-fleets.toml")


def test_the_hexes_tile_the_table_exactly(escadres):
    """Hexes tile the plane, so the cells cut at the table's edge add up to the table:
    36 × 30 = 1080 square inches, none of it counted twice, no square grid beside them."""
    sea = sc.table_scenes(escadres)[0]
    cells = [shapely.Polygon(line.points) for line in sea.lines if line.closed]
    assert len(cells) > 100
    assert sum(c.area for c in cells) == pytest.approx(36 * 30, abs=1e-6)
    assert shapely.union_all(cells).area == pytest.approx(36 * 30, abs=1e-6)
    pts = np.concatenate([line.points for line in sea.lines])
    assert pts.min() >= -1e-9 and pts[:, 0].max() <= 36 + 1e-9 and pts[:, 1].max() <= 30 + 1e-9
    assert not [line for line in sea.lines if not line.closed]  # no square grid lines


def test_a_ships_hexes_are_the_two_her_pose_stands_on(escadres):
    """An Escadres ship stands on two hexes: her centre is the middle of their centres,
    and her heading runs from the stern hex's centre to the bow hex's."""
    grid, occupied = escadres.ruleset.look.hex_overlay(escadres)
    for ship in escadres.ships:
        bow, stern = occupied[ship.id]
        (bx, by), (sx, sy) = grid.centre(bow), grid.centre(stern)
        assert ((bx + sx) / 2, (by + sy) / 2) == pytest.approx((ship.pose.x, ship.pose.y))
        heading = np.degrees(np.arctan2(bx - sx, by - sy)) % 360
        assert heading == pytest.approx(ship.pose.heading % 360)
    outline = sc.hexes_scene(escadres, "victory")
    assert len(outline.lines) == 2 and all(line.color == sc.SELECT for line in outline.lines)


def test_the_hex_fan_shades_the_hex_under_each_poses_bow_half(escadres):
    """Two end poses a hex apart, heading 60: two hexes shaded, the one under each
    pose's bow half (a quarter of the longest base ahead of her centre)."""
    grid, occupied = escadres.ruleset.look.hex_overlay(escadres)
    ship = escadres.ship("victory")
    p = ship.pose
    xs = np.array([p.x, p.x + grid.size * np.sin(np.radians(60))])
    ys = np.array([p.y, p.y + grid.size * np.cos(np.radians(60))])
    fan = Fan(xs, ys, np.array([60.0, 60.0]), np.array([0, 0]), (), np.zeros(2, int),
              np.arange(2))  # fmt: skip
    shaded = sc.hex_fan_scene(escadres, fan)
    assert len(shaded.fills) == 2
    bow = occupied["victory"][0]
    centres = {tuple(np.round(np.mean(f.points, axis=0), 6)) for f in shaded.fills}
    assert tuple(np.round(grid.centre(bow), 6)) in centres


def test_a_frigate_ship_stands_on_one_hex_at_its_centre():
    """Frigate: one hex a ship; her pose is the hex's centre, heading through a hexside."""
    scn = load_scenario(SCENARIOS / "frigate-hex-duel.toml")
    grid, occupied = scn.ruleset.look.hex_overlay(scn)
    for ship in scn.ships:
        (h,) = occupied[ship.id]
        assert grid.centre(h) == pytest.approx((ship.pose.x, ship.pose.y))
        assert ship.pose.heading % 60 == pytest.approx(grid.first_facing % 60)
    assert scn.ruleset.caps.fixed_turn == 60
    sea = sc.table_scenes(scn)[0]
    cells = [shapely.Polygon(line.points) for line in sea.lines if line.closed]
    assert sum(c.area for c in cells) == pytest.approx(scn.width * scn.depth, abs=1e-6)


def test_frigate_status_says_where_the_turn_stands():
    """Declarations first (each side in scenario order), then segment 1 of 4; the
    convoy action's last turn said throughout."""
    from tabletop.game.session import Session

    scn = load_scenario(SCENARIOS / "frigate-hex-duel.toml")
    session = Session.open(scn)
    first, second = session.game.state.sides
    assert session.status == f"turn 1 of 11, declaring allowances, {first} to declare"
    session.play("end")
    session.play("end")
    assert session.status.startswith("turn 1 of 11, segment 1 of 4, ")
    assert session.status.endswith(" to move and fire")


@pytest.mark.parametrize("name", ["squadron-action.toml", "hold-fast-squadrons.toml",
                                  "escadres-two-fleets.toml"])  # fmt: skip
def test_lines_of_fire_skip_only_enemies_no_arc_reaches(name):
    """The lines-of-fire overlay rules only the enemies her arcs' outlines reach: it draws
    exactly the outlines a ruling of every enemy would (each ship of each scenario)."""
    from tabletop.referee.fire import rule_fire

    scn = load_scenario(SCENARIOS / name)
    for ship in scn.ships:
        enemies = [s.id for s in scn.ships if s.side != ship.side]
        drawn = sc.lof_scene(scn, ship.id, enemies)
        expected = [e for e in enemies if rule_fire(scn, ship.id, e).arc is not None]
        outlined = [
            e for e in enemies
            if any(np.array_equal(line.points, scn.ship(e).base_corners()) for line in drawn.lines)
        ]  # fmt: skip
        assert outlined == [
            e for e in expected if rule_fire(scn, ship.id, e).line_of_fire is not None
        ], ship.id


def test_a_prize_is_drawn_greyed_in_her_captors_colours_and_named_so(write_scenario, rigged):
    """a (blue) runs afoul of the merchantman m (red) and takes her: the session lists
    m as struck and blue's now; the table draws her hull grey (not red), outlined in
    blue's colours, her hex shaded blue, named "m (prize, blue)".  A ship struck to
    nobody keeps her side: "(struck)".  The others are drawn as before."""
    from tabletop.game.session import Session

    from .frigate_helpers import declare, game

    ships = [("a", "frigate-38", "blue", (0, 0), 1), ("m", "merchantman", "red", (1, 0), 2)]
    g = game(write_scenario, ships, rigged)
    declare(g, {"a": 7})
    g.play("move a F1")
    g.play("capture a m")
    session = Session(g.state.scenario, g)
    assert session.struck == {"m": "blue"}
    scn = session.table
    colours = sc.side_colours(scn)  # by each ship's first side: blue, then red
    sea, _, fleet = sc.table_scenes(scn, None, session.struck)
    shades = {f.color for f in sea.fills}  # each ship's hex, in the colours she flies
    assert (*colours["blue"][:3], 60) in shades and (*colours["red"][:3], 60) not in shades
    fills = [f.color for f in fleet.fills]
    assert sc.STRUCK in fills and colours["red"] not in fills and colours["blue"] in fills
    assert any(ln.color == colours["blue"] and ln.width == 2.0 for ln in fleet.lines)
    names = {lb.text for lb in fleet.labels}
    assert {"a", "m (prize, blue)"} <= names
    fleet = sc.table_scenes(scn, None, {"m": "red"})[2]
    assert "m (struck)" in {lb.text for lb in fleet.labels}
    assert "m" in {lb.text for lb in sc.table_scenes(scn)[2].labels}


@pytest.mark.parametrize(("k", "colour"), [(5, "clear"), (6, "cannot")])
def test_a_line_clear_but_out_of_her_dice_is_grey(write_scenario, k, colour):
    """Escadres fire: power less the hexes between.  A frigate (power 5) abeam of a 74
    whose bow lies k hexes off: k − 1 between, so at k = 5 she has 5 − 4 = 1 die (green,
    clear), at k = 6 she has 5 − 5 = 0: the line is clear, yet she cannot fire.  It was
    drawn green, like a shot; it is grey."""
    from .escadres_helpers import text

    ships = [("a", "frigate-38", "blue", (0, 0), 0), ("z", "third-rate-74", "red", (k, 0), 0)]
    scn = load_scenario(write_scenario(text(ships)))
    lines = sc.lof_scene(scn, "a", ["z"]).lines
    assert lines and {line.color for line in lines} == {sc.LOF_COLOURS[colour]}


def test_fire_zones_are_drawn_on_the_table_only(escadres):
    """A zone running past the edge lay over the rulers' figures (amazon's, below the
    south edge).  A 2 × 2 square about the corner (0, 0) keeps its quarter on the
    table, 1 × 1; amazon's zones keep within 36 × 30 inches, and still cover ground."""
    from tabletop.geometry.arcs import on_table

    (part,) = on_table(np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], float), 10, 10)
    assert shapely.Polygon(part).area == pytest.approx(1.0)
    assert part.min() >= 0
    scene = sc.arcs_scene(escadres, False, only="amazon")
    pts = np.concatenate([f.points for f in scene.fills])
    assert scene.fills and pts.min() >= -1e-9
    assert pts[:, 0].max() <= 36 + 1e-9 and pts[:, 1].max() <= 30 + 1e-9
    whole = escadres.ruleset.look.arc_outlines(escadres, escadres.ship("amazon"), False)
    assert min(np.asarray(r).min() for r, _ in whole) < 0  # the zone did run past the edge


def test_lines_of_fire_with_no_enemy_left_are_none():
    """The window draws no line to a struck ship: with every enemy struck the list is
    empty, and where her arcs are outlined (the frigate duel's broadsides) an empty list
    of bases made shapely fail ("linearrings: ... not enough dimensions"), which closed
    the window after loire struck (tests/test_xplay.py, against the captain)."""
    duel = load_scenario(SCENARIOS / "frigate-duel.toml")
    assert duel.ruleset.caps.arcs_are_outlined
    assert sc.lof_scene(duel, "amazon", []).lines == []
