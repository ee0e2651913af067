"""The window's one key map: what each key does, from which the F1 help is written.

A key is bound to a command of the table view (a method name and its arguments).  The
map is searched in order; a command answers whether it did anything, so a key whose
command has nothing to do falls through to the pending decision's answers and the
action bar's buttons (their keys are data: each button shows its own), and then to the
move being built.  The ``edit`` stage holds the keys that build a move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import arcade

K = arcade.key
SHIFT, CTRL = K.MOD_SHIFT, K.MOD_CTRL


@dataclass(frozen=True)
class Key:
    """One binding: the keys (with the modifiers each needs), the command it runs, and
    how the help names it.  An empty ``label`` keeps a variant out of the help."""

    group: str
    label: str
    does: str
    combos: tuple[tuple[int, int], ...]
    command: str
    args: tuple[object, ...] = ()
    stage: str = "global"  # or "edit": the move being built
    strip: str = ""  # its button on the tool strip, for the mouse alone
    #: What the game must offer for the key to mean anything (see ``abilities``): path
    #: step kinds ("L", "T", "A"), "tack" (a verb onto a tack), "secret" (orders
    #: plotted in secret: the hot seat), "drill" (the coach), "gunnery", "bands",
    #: "high" (fire aimed high), "fine" (runs of any length, not whole steps).  A key
    #: of the move being built needs a "move" verb besides.
    needs: str = ""
    #: Its help where the game offers an ability: the first (ability, words) that
    #: applies ("whole" steps, a fixed "pivot" of ``{pivot}`` degrees, "secret" plots).
    variants: tuple[tuple[str, str], ...] = ()

    def matches(self, symbol: int, modifiers: int) -> bool:
        mods = modifiers & (SHIFT | CTRL)
        return any(symbol == s and mods == m for s, m in self.combos)


ENTER = ((K.ENTER, 0), (K.RETURN, 0), (K.NUM_ENTER, 0))

KEYS: tuple[Key, ...] = (
    Key("File", "Ctrl+S", "save as (the last place offered)", ((K.S, CTRL),), "ask", ("save",),
        strip="save"),  # fmt: skip
    Key("File", "Ctrl+O", "open a saved game", ((K.O, CTRL),), "ask", ("open",)),
    Key("File", "Ctrl+P", "this position as a new scenario", ((K.P, CTRL),), "ask",
        ("position",), needs="game"),  # fmt: skip
    Key("File", "Ctrl+E", "set up this table (its scenario as written; Ctrl+E again: play)",
        ((K.E, CTRL),), "set_up", strip="set up", needs="setup"),  # fmt: skip
    Key("File", "Ctrl+Z", "undo", ((K.Z, CTRL),), "undo", strip="undo"),
    Key("File", "Ctrl+Y", "redo", ((K.Y, CTRL),), "redo", strip="redo"),
    Key("File", "Ctrl+Q", "quit (save first: Ctrl+S)", ((K.Q, CTRL),), "quit"),
    Key("File", "F1", "this help", ((K.F1, 0), (K.F1, SHIFT)), "toggle_help", strip="help"),
    Key("Hot seat", "Space", "the plotting side's captain is at the screen",
        ((K.SPACE, 0),), "plot_ready", needs="secret"),  # fmt: skip
    Key("Move", "/", "type her path (previewed as you type)", ((K.SLASH, 0),), "ask", ("path",),
        variants=(("secret", "type her path (previewed as you type), or the orders of the "
                   "ship plotted"),)),  # fmt: skip
    Key("View", "F", "fit the table", ((K.F, 0),), "fit"),
    Key("View", "Tab", "show or hide the log", ((K.TAB, 0),), "toggle_log", strip="log"),
    Key("Overlays", "Shift+2", "every ship's arcs (@ on X11)",
        ((K.KEY_2, SHIFT), (K.AT, 0), (K.AT, SHIFT)), "toggle", ("every_arc",),
        needs="gunnery"),  # fmt: skip
    Key("Overlays", "1", "sectors", ((K.KEY_1, 0),), "toggle", ("sectors",)),
    Key("Overlays", "2", "arcs", ((K.KEY_2, 0),), "toggle", ("arcs",), needs="gunnery"),
    Key("Overlays", "3", "bands", ((K.KEY_3, 0),), "toggle", ("bands",), needs="bands"),
    Key("Overlays", "4", "lines of fire", ((K.KEY_4, 0),), "toggle", ("lof",),
        needs="gunnery"),  # fmt: skip
    Key("Overlays", "5 or N", "the fan of legal end poses (click one to lay its move)",
        ((K.KEY_5, 0), (K.N, 0)), "toggle", ("fan",), strip="fan"),  # fmt: skip
    Key("Overlays", "6", "the scenario's photo of the table, under it", ((K.KEY_6, 0),),
        "toggle", ("photo",), needs="photo"),  # fmt: skip
    Key("Tools", "R", "ruler (drag)", ((K.R, 0),), "ruler_tool", strip="ruler"),
    Key("Tools", "L", "line of fire: click the firer, then the target",
        ((K.L, 0),), "fire_tool_toggle", strip="line of fire", needs="gunnery"),  # fmt: skip
    Key("Tools", "G", "fire the ruling shown", ((K.G, 0),), "fire_ruling", needs="gunnery",
        variants=(("high", "fire the ruling shown (Shift+G high)"),)),  # fmt: skip
    Key("Tools", "", "", ((K.G, SHIFT),), "fire_ruling", (True,), needs="high"),
    Key("Game", "E", "end the turn (or the step)", ((K.E, 0),), "end_turn"),
    Key("Game", ", / .", "onto the port / starboard tack (finish a tack, or out of irons)",
        ((K.COMMA, 0),), "onto_tack", ("port",), needs="tack"),  # fmt: skip
    Key("Game", "", "", ((K.PERIOD, 0),), "onto_tack", ("starboard",), needs="tack"),
    Key("Game", "H", "the coach's next move as a ghost (drill)", ((K.H, 0),), "hint",
        needs="drill"),  # fmt: skip
    Key("Game", "Enter", "play the move built (an illegal one is refused)", ENTER, "enter",
        variants=(("secret", "give the plot, or play the move built (an illegal one is "
                   "refused)"),)),  # fmt: skip
    Key("Game", "Esc", "cancel: the button waiting for a ship, the tool, the move, the selection",
        ((K.ESCAPE, 0),), "escape"),  # fmt: skip
    Key("Move", "Up / Down", "her run 1 longer / shorter (Shift 0.1, Ctrl 5)",
        ((K.UP, 0),), "run", (1.0,), "edit",
        variants=(("whole", "her run a step longer / shorter (Ctrl 5)"),)),  # fmt: skip
    Key("Move", "", "", ((K.UP, SHIFT),), "run", (0.1,), "edit", needs="fine"),
    Key("Move", "", "", ((K.UP, CTRL),), "run", (5.0,), "edit"),
    Key("Move", "", "", ((K.DOWN, 0),), "run", (-1.0,), "edit"),
    Key("Move", "", "", ((K.DOWN, SHIFT),), "run", (-0.1,), "edit", needs="fine"),
    Key("Move", "", "", ((K.DOWN, CTRL),), "run", (-5.0,), "edit"),
    Key("Move", "Left / Right", "turn 5° to port / starboard (Shift 1°)",
        ((K.LEFT, 0),), "turn", (-1, False), "edit",
        variants=(("pivot", "turn a {pivot:g}° pivot to port / starboard"),)),  # fmt: skip
    Key("Move", "", "", ((K.LEFT, SHIFT),), "turn", (-1, True), "edit", needs="fine"),
    Key("Move", "", "", ((K.RIGHT, 0),), "turn", (1, False), "edit"),
    Key("Move", "", "", ((K.RIGHT, SHIFT),), "turn", (1, True), "edit", needs="fine"),
    Key("Move", "=", "her last run to the end of her allowance, exactly",
        ((K.EQUAL, 0), (K.NUM_EQUAL, 0)), "snap_rest", (), "edit", needs="fine"),  # fmt: skip
    Key("Move", "U", "luffing runs on / off", ((K.U, 0),), "luffing", (), "edit", needs="L"),
    Key("Move", "T", "tack", ((K.T, 0),), "token", ("T",), "edit", needs="T"),
    Key("Move", "A W", "drop anchor, weigh anchor",
        ((K.A, 0),), "token", ("A",), "edit", needs="A"),  # fmt: skip
    Key("Move", "", "", ((K.W, 0),), "token", ("W",), "edit", needs="W"),
    Key("Move", "Backspace", "take back a step", ((K.BACKSPACE, 0),), "back", (), "edit"),
)

#: What the mouse does, for the help (not keys, so not bindings).
MOUSE = (
    "click a ship: select her (her arcs, bands, lines of fire); drag the sea: pan; "
    "wheel: zoom; drag her ghost: her last run (it snaps to the end of her allowance)",
    "the action bar: every verb she may play now, each with its key ('…': then click "
    "the ship it is aimed at); a pending decision's answers",
)


def strip(can: frozenset[str] | None = None) -> list[Key]:
    """The tool strip's bindings, in the map's order; of those the game offers, where
    ``can`` says what it offers (``abilities``: no "line of fire" without gunnery, no
    "set up" in the drill)."""
    return [k for k in KEYS if k.strip and (can is None or not k.needs or k.needs in can)]


def abilities(
    ruleset: Any, drill: bool, photo: bool = False, setup: bool = True
) -> frozenset[str]:
    """What the game played offers the keys (``Key.needs``), from the ruleset's declared
    interface: the step kinds of its paths, a verb onto a tack, and the drill's coach;
    ``photo``: the scenario has a photo of the table; ``setup``: the window can switch
    to its set-up (the drill cannot: its strip offered "set up" only to say there was
    none).  ``None`` for a ruleset: every key (no game open)."""
    if ruleset is None:
        return frozenset("LTAW") | {"tack", "secret", "drill", "move", "gunnery", "bands",
                                    "high", "fine", "game", "photo", "setup"}  # fmt: skip
    fire = ruleset.verbs.get("fire")
    said = {
        "move": "move" in ruleset.verbs,
        "tack": "recover" in ruleset.verbs,
        "secret": bool(ruleset.caps.secret_verbs),
        "drill": drill,
        "game": ruleset.caps.has_engine and not drill,  # a game's position to write
        "gunnery": ruleset.caps.has_gunnery,
        "bands": bool(ruleset.bands),
        "high": fire is not None and "high" in fire.usage,
        "fine": ruleset.caps.fixed_turn is None,  # runs of any length, turns of any angle
        "whole": ruleset.caps.fixed_turn is not None,
        "pivot": ruleset.caps.fixed_turn is not None,
        "photo": photo,
        "setup": setup,
    }
    return frozenset(ruleset.caps.path_tokens) | {k for k, on in said.items() if on}


def offered(k: Key, can: frozenset[str] | None) -> bool:
    """Whether the key means anything in the game played (``None``: every key)."""
    if can is None:
        return True
    if k.stage == "edit" and "move" not in can:  # Hold Fast plots: no move is built
        return False
    return not k.needs or k.needs in can


def lookup(
    symbol: int, modifiers: int, stage: str, can: frozenset[str] | None = None
) -> list[Key]:
    """The bindings of ``stage`` this key press matches, in the map's order; with
    ``can``, only those the game offers (a T in a hex game adds no step it refuses)."""
    return [
        k for k in KEYS if k.stage == stage and k.matches(symbol, modifiers) and offered(k, can)
    ]


def help_lines(can: frozenset[str] | None = None, pivot: float | None = None) -> list[str]:
    """The F1 help, written from the key map: one line a group, only the keys the game
    offers (``can``), a turn key said by the fixed pivot where there is one."""
    groups: dict[str, list[str]] = {}
    for k in KEYS:
        if k.label and offered(k, can):
            does = next((words for ability, words in k.variants
                         if can is not None and ability in can), k.does)  # fmt: skip
            groups.setdefault(k.group, []).append(f"{k.label} {does.format(pivot=pivot or 0)}")
    return ["Mouse: " + MOUSE[0], "       " + MOUSE[1]] + [
        f"{g}: " + "  ·  ".join(items) for g, items in groups.items()
    ]


def orders_help(title: str, verbs: dict[str, Any]) -> list[str]:
    """The F1 help's orders of the ruleset played, from its verbs (the keys above are
    the window's, alike for all; a Frigate player read only the Trafalgar tack and
    anchors there, and nothing on hex steps)."""
    said = [f"{v} {spec.usage}".strip() + f": {spec.help}" for v, spec in verbs.items()
            if not spec.answers_only]  # fmt: skip
    return [f"Orders in {title}: " + "  ·  ".join(said)] if said else []
