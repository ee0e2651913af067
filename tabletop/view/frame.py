"""The view's pane manager: how the window's events reach the panes and the view.

arcade's :class:`~arcade.SectionManager` routes them; two things it leaves to us are
done here: a click is judged against the panes as they are about to be drawn, and a
resize reaches the window's viewport as well as the panes and the view.
"""

from __future__ import annotations

from typing import Any

import arcade


class Panes(arcade.SectionManager):
    """The view's panes: a click is judged against the panes as they are about to be
    drawn (the view lays them out first: a state change since the last frame counts)."""

    def on_mouse_press(self, x: int, y: int, *args: Any, **kwargs: Any) -> bool | None:
        self.view.rebuild()  # type: ignore[attr-defined]
        return super().on_mouse_press(x, y, *args, **kwargs)

    def on_resize(self, width: int, height: int) -> bool:
        """The panes and the view follow the new size, and so does the window's viewport.
        arcade's manager marks a resize handled once the panes and the view have had it,
        so the window's own handler beneath (the one that sets the viewport) never ran:
        an enlarged window went on drawing into its old 1100 × 760 corner, black bands
        around it."""
        self.view.window.viewport = (0, 0, width, height)  # first: the view fits to it
        super().on_resize(width, height)
        return True
