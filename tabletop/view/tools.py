"""Input tools as small objects the window delegates to (no arcade here).

``MoveBuilder`` turns key presses and drags into a path in the SPEC syntax; ``Ruler``
measures between two points with snapping to base edges and centres; ``FireTool`` picks
a firer and a target.  Each can say what it would draw, as scene primitives.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import shapely

from tabletop.model.scenario import Scenario
from tabletop.referee.movement import MoveRuling, Step, path_text, preview

TURN_STEP = 5.0  # degrees per arrow-key press (Shift: 1)


@dataclass
class MoveBuilder:
    """A move being built for one ship: a list of steps, edited token by token."""

    ship: str
    steps: list[Step] = field(default_factory=list)
    luffing: bool = False  # forward steps are luffing runs (L) instead of F

    @property
    def text(self) -> str:
        return path_text(tuple(self.steps))

    def forward(self, d: float) -> None:
        """Lengthen (or, negative, shorten) the last run; a run follows a turn or starts."""
        kind = "L" if self.luffing else "F"
        if self.steps and self.steps[-1].kind in "FL":
            last = self.steps[-1]
            v = round((last.value or 0.0) + d, 4)
            if v <= 1e-9:
                self.steps.pop()
            else:
                self.steps[-1] = Step(last.kind, v)
        elif d > 0:
            self.steps.append(Step(kind, round(d, 4)))

    def set_run(self, d: float) -> None:
        """Set the last run's length (a drag of the ghost along her heading)."""
        if self.steps and self.steps[-1].kind in "FL":
            self.steps.pop()
        if d > 1e-6:
            self.steps.append(Step("L" if self.luffing else "F", round(d, 4)))

    def turn(self, degrees: float) -> None:
        """Turn by ``degrees`` (+ starboard); presses the same way add up into one turn."""
        if self.steps and self.steps[-1].kind in "PS":
            last = self.steps[-1]
            signed = (last.value or 0.0) * (1 if last.kind == "S" else -1) + degrees
            self.steps.pop()
        else:
            signed = degrees
        if abs(signed) > 1e-9:
            self.steps.append(Step("S" if signed > 0 else "P", round(abs(signed), 4)))

    def token(self, kind: str) -> None:
        """T (tack), A (drop anchor), W (weigh anchor)."""
        self.steps.append(Step(kind))

    def back(self) -> None:
        if self.steps:
            self.steps.pop()

    def preview(self, table: Scenario) -> MoveRuling | None:
        return preview(table, self.ship, self.text) if self.steps else None


@dataclass
class Ruler:
    """A tape measure from ``a`` to ``b``; points snap to base centres and edges."""

    a: tuple[float, float] | None = None
    b: tuple[float, float] | None = None

    @staticmethod
    def snap(table: Scenario, x: float, y: float, reach: float) -> tuple[float, float]:
        """The nearest ship centre within ``reach``, else the nearest point on a base edge
        within ``reach``, else the point itself."""
        p = shapely.Point(x, y)
        best: tuple[float, tuple[float, float]] | None = None
        for s in table.ships:
            d = float(np.hypot(s.pose.x - x, s.pose.y - y))
            if d <= reach and (best is None or d < best[0]):
                best = (d, (s.pose.x, s.pose.y))
        if best is not None:
            return best[1]
        for s in table.ships:
            ring = s.base_polygon().exterior
            d = float(ring.distance(p))
            if d <= reach and (best is None or d < best[0]):
                q = ring.interpolate(ring.project(p))
                best = (d, (q.x, q.y))
        return best[1] if best else (x, y)

    @property
    def length(self) -> float | None:
        if self.a is None or self.b is None:
            return None
        return float(np.hypot(self.b[0] - self.a[0], self.b[1] - self.a[1]))


@dataclass
class FireTool:
    """Pick a firer, then a target; the window shows the ruling with its proof."""

    firer: str | None = None
    target: str | None = None

    def pick(self, ship: str) -> None:
        if self.firer is None or self.target is not None:
            self.firer, self.target = ship, None
        elif ship != self.firer:
            self.target = ship


#: Keys for the verbs several rulesets share (the bar shows them; a verb not here is
#: reached by its button).  Verb words, not rulesets: any ruleset's 'board' is B.
VERB_KEYS = {
    "move": "ENTER",
    "end": "E",
    "fire": "G",
    "board": "B",
    "cut": "C",
    "ram": "M",
    "marines": "K",
}
#: The key map's ', / .' (onto the port / starboard tack) on the buttons they play.
TACK_KEYS = {"port": "COMMA", "starboard": "PERIOD"}
TACK_VERBS = ("tack", "recover")
#: How a key that is not a letter is written on its button.
KEY_SHOWN = {"COMMA": ",", "PERIOD": ".", "ENTER": "Enter"}


def key_hint(key: str) -> str:
    """A key named after what it does: " (G)" for a letter, " (key ,)" for a mark that
    would read as punctuation, " (Enter)" for a named key; "" for none."""
    if not key:
        return ""
    if len(key) == 1 and not key.isalnum():
        return f" (key {key})"
    return f" ({key.upper() if len(key) == 1 else key.title()})"


@dataclass(frozen=True)
class Button:
    """One action the selected ship may take now, as the action bar offers it.

    ``action`` is the text to play, with ``TARGET`` standing for a ship still to be
    picked (the next ship clicked) and ``PATH`` for the move being built."""

    label: str
    action: str
    key: str = ""
    #: a variant with an optional word chosen (a repair with marines): offered only
    #: where the engine takes it, after the bar's fixed places
    optional: bool = False

    @property
    def needs_target(self) -> bool:
        return "TARGET" in self.action.split()

    @property
    def needs_path(self) -> bool:
        return "PATH" in self.action.split()

    @property
    def needs_typing(self) -> bool:
        """Its last words are typed by the player (a number, a list the bar cannot fill)."""
        return self.action.endswith(" ?")

    @property
    def shown(self) -> str:
        """Its key as the bar writes it after its label, in words a player reads: " (G)",
        " (key ,)", " (Enter)" (it wrote " [g]", a program's brackets)."""
        return key_hint(KEY_SHOWN.get(self.key, self.key))

    def fill(self, target: str | None, path: str) -> str:
        words = [
            (target or "") if w == "TARGET" else path if w == "PATH" else w
            for w in self.action.split()
        ]
        return " ".join(w for w in words if w)


#: Usage words that stand for another ship, picked by a click on her.
PICKED = ("TARGET", "PRIZE")


def action_buttons(verbs: dict[str, Any], pending: Any, ship: str | None) -> list[Button]:
    """The buttons for ``ship`` now: the pending decision's answers when one waits,
    else a button per way the ruleset's verbs can be played for her, read from each
    verb's usage words (``SHIP``, ``TARGET``, ``PATH``, ``a|b`` choices; ``[...]``
    optional words are left out), and 'end turn'.  A verb with words a bar cannot fill
    (a number, a plot of orders) gets a button that opens a typed line for the rest."""
    if pending is not None:
        return [Button(a.label, a.action, a.key) for a in pending.answers]
    out: list[Button] = []
    for verb, spec in verbs.items():
        if spec.answers_only:
            continue
        words = spec.required
        key = VERB_KEYS.get(verb, "")
        if not words:
            out.append(Button("end turn" if verb == "end" else verb, verb, key))
            continue
        if ship is None or words[0] != "SHIP":
            continue
        rest = words[1:]
        if any(w not in (*PICKED, "PATH...", "STEPS...") and "|" not in w for w in rest):
            out.append(Button(f"{verb} … (type)", f"{verb} {ship} ?"))  # the rest typed
            continue
        fills: list[list[str]] = [[]]
        for w in rest:
            opts = w.split("|") if "|" in w else ["TARGET" if w in PICKED else "PATH"]
            fills = [f + [o] for f in fills for o in opts]
        for f in fills:
            label = " ".join([verb, *("…" if o == "TARGET" else o for o in f if o != "PATH")])
            tack = TACK_KEYS.get(f[-1], "") if verb in TACK_VERBS and f else ""
            out.append(Button(label, " ".join([verb, ship, *f]), key if len(fills) == 1 else tack))
            out += _optional(spec, verb, ship, f, label)
    return out


def _optional(spec: Any, verb: str, ship: str, fill: list[str], label: str) -> list[Button]:
    """The buttons for an optional word the ruleset lists the choices of, after the
    required ones, each choice but the first (the default): Hold Fast's repair with one
    or two marine detachments committed ("repair mast, marines 1"), which the bar did not
    offer (the player had to type it)."""
    if "TARGET" in fill or "PATH" in fill:
        return []
    usage = [w for w in spec.usage.split()]
    out = []
    for pos, choices in sorted((spec.choices or {}).items()):
        if pos < len(spec.required) or pos >= len(usage):
            continue
        name = usage[pos].strip("[]").lower()
        for c in choices[1:]:
            action = " ".join([verb, ship, *fill, c])
            out.append(Button(f"{label}, {name} {c}", action, optional=True))
    return out


@dataclass
class Prompt:
    """A line of text typed into the window: where to save or open, or a path in the
    move syntax.  ``kind`` says what Enter does with it."""

    kind: str  # "save" | "open" | "path" | "orders" | "action"
    title: str
    text: str = ""
    #: The text is offered (her path so far, her plot, a file name): the first character
    #: typed replaces it, Backspace keeps it to edit.  Typed after it, "S - F - F" made
    #: "S - - - -S - F - F" of a plot.
    offered: bool = False
    #: The character of the key that opened the line: the window sends it as text too,
    #: and it is not to be typed ("/" opened a path and began it: "bad path token '/F2'").
    skip: str = ""

    def type(self, chars: str) -> None:
        """Printable characters only (a key's text, as the window receives it)."""
        if self.skip:
            chars, self.skip = chars.removeprefix(self.skip), ""
        chars = "".join(c for c in chars if c.isprintable())
        if chars and self.offered:
            self.text, self.offered = "", False
        self.text += chars

    def back(self) -> None:
        self.offered = False
        self.text = self.text[:-1]

    def line(self) -> str:
        """The line as shown: an offered text in brackets, and what the keys do."""
        if self.offered and self.text:
            keys = "type to replace, Backspace to edit; Enter, Esc"
            return f"{self.title}: [{self.text}]_   ({keys})"
        return f"{self.title}: {self.text}_   (Enter, Esc)"
