"""Input to the table view: the mouse on the table (the panes take their own clicks),
and keys through the one key map, then the pending decision's answers and the action
bar's keys, then the move being built; the key map's commands.

It serves :class:`tabletop.view.table.TableView`, which hands itself over: the input
reads and changes it as a :class:`~tabletop.view.host.Host`.
Every handler says it handled its event: the section manager hands the view what no
pane took, and the window must not hand it to the view a second time.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

import arcade

from tabletop.view.host import Host
from tabletop.view.keys import Key, lookup
from tabletop.view.tools import Button, FireTool, Ruler

#: What a move's key says with no ship selected (it did nothing, and said nothing).
SELECT_FIRST = "select a ship first: the keys build her move"
#: The key map's commands the hot-seat cover lets through (the save's line alone of "ask").
COVER_KEYS = ("plot_ready", "ask", "quit")
#: Keys pressed on their own on the way to a chord: the cover says nothing of them.
MODIFIER_KEYS = frozenset({arcade.key.LCTRL, arcade.key.RCTRL, arcade.key.LSHIFT,
                           arcade.key.RSHIFT, arcade.key.LALT, arcade.key.RALT})  # fmt: skip
#: A greyed button's key: said why, nothing played.
GREYED = Button("", "")


class TableInput:
    """The view's input handlers and commands."""

    def __init__(self, view: Host) -> None:
        self.view = view

    def _safely(self, fn: Callable[..., Any], *args: Any) -> bool:
        """A fault in answering a key or a click must not close the window (the drill's
        H where the coach found no way closed it, the game unsaved): it is said, and the
        game stands to be saved."""
        try:
            fn(*args)
        except Exception as e:
            traceback.print_exc()
            self.view.say(
                f"that failed ({type(e).__name__}: {e}); the game is kept: save it", error=True
            )
            self.view.changed()
        return True

    def on_mouse_press(self, x: float, y: float, button: int, modifiers: int) -> bool:
        """A click on the table (the panes take their own).  Every handler here says it
        handled its event: the section manager hands the view what no pane took, and the
        window must not hand it to the view a second time."""
        return self._safely(self._press, x, y)

    def _press(self, x: float, y: float) -> None:
        if self.view.session is None:
            return
        tx, ty = self.view.to_table(x, y)
        hit = self.view.ship_at(x, y)
        if self.view.arming is not None:
            if hit is not None:
                self.view.armed_pick(hit)
                self.view.changed()
            return
        if self.view.ruler is not None:
            reach = 8.0 / self.view.px_per_unit
            self.view.ruler.a = Ruler.snap(self.view.scenario, tx, ty, reach)
            self.view.ruler.b = self.view.ruler.a
            self.view._drag = "ruler"
            return
        if self.view.fire_tool is not None:
            if hit is not None:
                self.view.fire_tool.pick(hit)
                if self.view.fire_tool.target is not None:
                    self.view.ruling = (self.view.fire_tool.firer, self.view.fire_tool.target)  # type: ignore[assignment]
                self.view.changed()
            return
        if hit is None and self.view.take_fan_pose(tx, ty):
            return
        if hit is not None and hit == self.view.selected and self.view.builder is not None:
            self.view._drag = "ghost"
            return
        if hit is not None:
            self.view.select(hit)
            return
        self.view._drag = "pan"

    def on_mouse_drag(
        self, x: float, y: float, dx: float, dy: float, buttons: int, modifiers: int
    ) -> bool:
        if self.view._drag == "pan":
            cx, cy = self.view.camera.position
            k = self.view.px_per_unit
            self.view.camera.position = (cx - dx / k, cy - dy / k)
            self.view._dirty.add("labels")
        elif self.view._drag == "ruler" and self.view.ruler is not None:
            tx, ty = self.view.to_table(x, y)
            self.view.ruler.b = Ruler.snap(self.view.scenario, tx, ty, 8.0 / self.view.px_per_unit)
            self.view.changed(interact_only=True)
        elif self.view._drag == "ghost" and self.view.builder is not None and self.view.selected:
            self.view.drag_ghost(*self.view.to_table(x, y))
        return True

    def on_mouse_release(self, x: float, y: float, button: int, modifiers: int) -> bool:
        self.view._drag = None
        return True

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool:
        before = self.view.to_table(x, y)
        self.view.camera.zoom = float(self.view.camera.zoom) * 1.15**scroll_y
        after = self.view.to_table(x, y)
        cx, cy = self.view.camera.position
        self.view.camera.position = (cx + before[0] - after[0], cy + before[1] - after[1])
        self.view._dirty |= {"table", "overlay", "interact", "labels"}  # widths follow the zoom
        return True

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        """The key map first; then the pending decision's answers and the action bar's
        buttons by their keys; then the move being built."""
        return self._safely(self._key, symbol, modifiers)

    def _key(self, symbol: int, modifiers: int) -> None:
        if self.view.prompt is not None:
            self.view.prompt_key(symbol)
            self.view.changed()
            return
        covered = self.view.plot is not None and not self.view.plot.shown
        can = self.view.abilities()
        if covered:
            self._covered(symbol, modifiers, can)
            return
        for k in lookup(symbol, modifiers, "global", can):
            if self.do(k) is not False:
                chord = modifiers & (arcade.key.MOD_CTRL | arcade.key.MOD_ALT)
                if self.view.prompt is not None and 32 <= symbol < 127 and not chord:
                    self.view.prompt.skip = chr(symbol)  # its text follows: not typed
                self.view.changed()
                return
        if (answer := self._answer(symbol)) is not None:
            self.view.play(answer)
        elif (b := self._button_for(symbol)) is not None:
            if b is not GREYED:
                self.view.press(b)
        else:
            edits = lookup(symbol, modifiers, "edit", can)
            for k in edits:
                if self.view.builder is not None and self.do(k) is not False:
                    if self.view.message == SELECT_FIRST:  # said before: not so now
                        self.view.say("")
                    return
            self._unheard(symbol, modifiers, bool(edits))
            return
        self.view.changed()

    def _covered(self, symbol: int, modifiers: int, can: frozenset[str]) -> None:
        """While the screen is passed the cover takes every key: its own (Space or Enter,
        the captain is here; Ctrl+S save; Ctrl+Q quit) do what its buttons do, and any
        other says so.  Keys acted on the hidden table (Ctrl+Z and Ctrl+Y played, '/'
        opened a line the cover hid), and a save's line was typed out of sight."""
        enter = symbol in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.NUM_ENTER)
        for k in lookup(symbol, modifiers, "global", can):
            if k.command in COVER_KEYS and (k.command != "ask" or k.args == ("save",)):
                self.do(k)
                break
        else:
            if enter and not modifiers:
                self.view.plot_ready()
            elif symbol not in MODIFIER_KEYS:
                side = self.view.plot.spec.side if self.view.plot is not None else ""
                self.view.say(f"the table is covered: Space when the {side} captain is "
                              "here (Ctrl+S saves, Ctrl+Q quits)")  # fmt: skip
        self.view.changed()

    def _unheard(self, symbol: int, modifiers: int, edits: bool) -> None:
        """A key that did nothing says so: a letter or figure with no binding here, or a
        move's key with no ship selected (both were silent)."""
        chord = modifiers & (arcade.key.MOD_CTRL | arcade.key.MOD_ALT)
        if edits and self.view.builder is None:
            self.view.say(SELECT_FIRST)
        elif not edits and not chord and 33 <= symbol < 127 and chr(symbol).isalnum():
            self.view.say(f"'{chr(symbol)}' does nothing here (F1 lists the keys)")
        else:
            return
        self.view.changed()

    def do(self, k: Key) -> bool | None:
        """A binding's command: the input's own, else the view's (moves, files, plots)."""
        fn = getattr(self, k.command, None) or getattr(self.view, k.command)
        result: bool | None = fn(*k.args)
        return result

    def _button_for(self, symbol: int) -> Button | None:
        """The action bar's button with this letter key (Enter stays the move's key); a
        greyed one says why it is greyed, as a click on it does."""
        for b, _, why in self.view.bar.slots:
            if len(b.key) == 1 and symbol == getattr(arcade.key, b.key, None):
                if why is None:
                    return b
                self.view.say(f"{b.label}: not now, {why}")
                return GREYED
        return None

    def _answer(self, symbol: int) -> str | None:
        """The pending decision's answer whose key this is (one that needs no path)."""
        game = self.view.session.game if self.view.session is not None else None
        if game is None or not game.state.pending:
            return None
        for a in game.state.pending[0].answers:
            if len(a.key) == 1 and symbol == getattr(arcade.key, a.key.upper(), None):
                return a.action
        return None

    # -- the key map's commands (each: True or None when it did something) ---------------
    def quit(self) -> bool:
        """Close the window (from the cover too: the game was saved or is let go)."""
        self.view.window.close()
        return True

    def set_up(self) -> bool:
        """Into the set-up: the table as its scenario is written (the window's switch)."""
        if self.view.switch is None:
            self.view.say("no set-up here: a table is set up from its scenario", error=True)
        else:
            self.view.switch()
        return True

    def end_turn(self) -> bool:
        self.view.play("end")
        return True

    def toggle_log(self) -> bool:
        """Show or hide the log pane (F then fits the table to the room it leaves)."""
        self.view.log_shown = not self.view.log_shown
        return True

    def toggle_help(self) -> bool:
        self.view.show_help = not self.view.show_help
        return True

    def toggle(self, name: str) -> bool:
        self.view.overlays ^= {name}
        if name == "fan" and "fan" in self.view.overlays and self.view.selected:
            self.view._compute_fan()
        return True

    def ruler_tool(self) -> bool:
        self.view.ruler = None if self.view.ruler is not None else Ruler()
        self.view.fire_tool = None
        return True

    def fire_tool_toggle(self) -> bool:
        self.view.fire_tool = None if self.view.fire_tool is not None else FireTool()
        self.view.ruler = None
        if self.view.fire_tool is None:
            self.view.ruling = None
        return True

    def fire_ruling(self, high: bool = False) -> bool:
        """G fires the ruling the line-of-fire tool shows; without one, the bar's G."""
        if self.view.ruling is None:
            return False
        firer, target = self.view.ruling
        self.view.play(f"fire {firer} {target}" + (" high" if high else ""))
        return True

    def escape(self) -> bool:
        """Esc: the armed button, else the tool, else the move being built, else the ship."""
        if self.view.arming is not None:
            self.view.arming = None
            self.view.say("")
        elif self.view.ruler is not None or self.view.fire_tool is not None:
            self.view.ruler, self.view.fire_tool, self.view.ruling = None, None, None
        elif self.view.builder is not None and self.view.builder.steps:
            self.view.fresh_move()
        else:
            self.view.select(None)
        return True
