"""Hold Fast test tables: small scenarios in inches, and a game over them with rigged dice."""

from __future__ import annotations

from pathlib import Path

from tabletop.engine.dice import Script
from tabletop.game.game import Game
from tabletop.game.load import load_scenario
from tabletop.rules.holdfast.ship import HoldFastShip

CLASS = """
[classes.{cid}]
name = "Test frigate"
rate = {rate}
base = {{ length = 1.25, width = 0.5 }}
speed = {speed}
batteries = {{ long = 2, short = 1, carronade = 1 }}
hull_boxes = 6
masts = 6
marines = {marines}
morale = 4
morale_factor = 4
{fields}
"""


def hf_game(
    tmp: Path,
    ships: list[tuple],
    rigged: Script | None = None,
    *,
    wind: str = '"N"',
    speed: int = 5,
    rate: int = 5,
    marines: int = 2,
    fields: str = "",
    options: str = "",
    terrain: str = "",
    classes: str = "",
) -> Game:
    """A game of test frigates (1.25 × 0.5 in) at ``(id, x, y, heading, side[, extra])``;
    ``extra`` is more TOML for that ship (``start_speed = 2``, say)."""
    text = f"""
[scenario]
name = "hold fast test"
ruleset = "hold-fast"
units = "in"
table = {{ width = 36, depth = 24 }}
{options}

[wind]
from = {wind}
"""
    text += CLASS.format(cid="t", rate=rate, speed=speed, marines=marines, fields=fields)
    text += classes
    for s in ships:
        sid, x, y, h, side = s[:5]
        extra = s[5] if len(s) > 5 else ""
        roster = "" if "roster =" in extra else 'roster = "t"\n'
        text += f'\n[[ships]]\nid = "{sid}"\n{roster}side = "{side}"\n'
        text += f"x = {x}\ny = {y}\nheading = {h}\n{extra}\n"
    text += terrain
    path = tmp / "hf.toml"
    path.write_text(text)
    scn = load_scenario(path)
    return Game.new(scn, 1, dice=rigged.cup) if rigged else Game.new(scn, 1)


def st(game: Game, sid: str) -> HoldFastShip:
    s = game.state.ship(sid)
    assert isinstance(s, HoldFastShip)
    return s


def pose(game: Game, sid: str) -> tuple[float, float, float]:
    p = game.state.ship(sid).pose
    return (round(p.x, 6), round(p.y, 6), round(p.heading, 6))


def quiet_phase(game: Game) -> None:
    """Every side ends the fire step without firing."""
    for _ in game.state.sides:
        game.play("end")
