"""The set-up's photo tool: a photo of the real table loaded, placed by its four corners
(or two marks on a ruler and their distance) and laid under the drawn table, to trace
the bases over.

The placing is :class:`~tabletop.view.underlay.PhotoTool`'s; this tool is its place on
the set-up's strip: a form to load the photo and set how it shows, the clicks on the
table handed to it while it is being placed, and the scenario's ``[photo]`` written once
it is (an edit like any other: undo takes it back).  With the photo placed, the clicks
go to no one here: the user switches to "arrange" or "add ship" to trace the bases.
"""

from __future__ import annotations

import arcade

from tabletop.common.errors import TabletopError
from tabletop.game import photo as gp
from tabletop.view.forms import Field
from tabletop.view.setuphost import Desk
from tabletop.view.setuptools import BaseTool
from tabletop.view.underlay import PhotoTool

#: The opacities offered, as the form names them.
OPACITIES = ("0.25", "0.5", "0.75", "1")
SHOWN_AS = ("a quarter", "half", "three quarters", "whole")


class PhotoStep(BaseTool):
    """Load a photo of the table, place it, set how strongly it shows."""

    label = "photo"

    def __init__(self) -> None:
        self.tool: PhotoTool | None = None
        self.typed = ""  # the path typed, kept while the form is rebuilt
        self._synced: object = None  # the scenario's [photo] the tool shows

    # -- the photo the scenario has -----------------------------------------------------
    def photo(self, desk: Desk) -> PhotoTool:
        """The placing tool, showing the scenario's photo as it now stands (after an
        undo or a redo too), laid on the table at its present size."""
        scn = desk.setup.data.get("scenario", {})
        size = scn.get("table", {}) if isinstance(scn, dict) else {}
        width, depth = float(size.get("width", 1)), float(size.get("depth", 1))
        if self.tool is None:
            self.tool = PhotoTool(desk.window, width, depth)
        elif (self.tool.width, self.tool.depth) != (width, depth):
            self.tool.resize(width, depth)
        table = desk.setup.data.get("photo")
        if table is not self._synced and not (table is None and not self.tool.placed):
            note = self.tool.from_scenario(gp.photo_in(desk.setup.data, desk.setup.path))
            if note:
                desk.say(note, error=True)
        self._synced = table
        return self.tool

    def draw_under(self, desk: Desk) -> None:
        self.photo(desk).draw()

    # -- the clicks -----------------------------------------------------------------
    def hint(self, desk: Desk) -> str:
        return self.photo(desk).status()

    def press(self, desk: Desk, x: float, y: float, modifiers: int) -> bool:
        tool = self.photo(desk)
        if not tool.on_click(x, y):
            return False
        if tool.placed:
            desk.say("")  # "loaded ..." is old news: the status says what next
            self._keep(desk)
        desk.changed()
        return True

    def key(self, desk: Desk, symbol: int, modifiers: int) -> bool:
        if symbol == arcade.key.BACKSPACE and self.photo(desk).back():
            desk.changed()
            return True
        return False

    def _keep(self, desk: Desk) -> None:
        """The placed photo written into the scenario (undoable); a refusal said."""
        tool = self.photo(desk)
        table = tool.to_scenario(desk.setup.path)
        if table is None:
            return
        try:
            gp.set_photo(desk.setup, table)
        except TabletopError as e:
            desk.say(str(e), error=True)
            return
        self._synced = desk.setup.data.get("photo")
        desk.changed(table=True)

    # -- the form -------------------------------------------------------------------
    def form(self, desk: Desk) -> tuple[str, list[list[Field]]] | None:
        tool = self.photo(desk)
        ruler = tool.mode == "ruler" and not tool.placed
        near = min(OPACITIES, key=lambda o: abs(float(o) - tool.opacity))
        rows = [
            [Field("path", "photo, PNG or JPEG", "text", self.typed or (tool.path or ""),
                   width=180)],
            [Field("how", "placed by", "choice", "ruler" if ruler else "corners",
                   ("corners", "ruler"), ("its four corners", "a ruler, from above"),
                   width=150, live=tool.loaded),
             Field("length", "ruler marks apart", "text", "", width=70,
                   live=ruler and len(tool.clicks) == 2)],
            [Field("opacity", "shows", "choice", near, OPACITIES, SHOWN_AS, width=120,
                   live=tool.placed),
             Field("shown", "shown", "check", "on" if tool.visible else "", width=50,
                   live=tool.loaded)],
            [Field("back", "", "button", "take back a click", width=130,
                   live=bool(tool.clicks)),
             Field("again", "", "button", "place it again", width=110, live=tool.placed),
             Field("remove", "", "button", "remove the photo", width=130, live=tool.loaded)],
        ]  # fmt: skip
        return "Photo of the table", rows

    def commit(self, desk: Desk, f: Field, value: str) -> None:
        tool = self.photo(desk)
        try:
            self._commit(desk, tool, f.key, value)
        except (TabletopError, ValueError) as e:
            desk.say(f"the photo: {e}", error=True)
        desk.changed()

    def _commit(self, desk: Desk, tool: PhotoTool, key: str, value: str) -> None:
        if key == "path":
            self.typed = value.strip()
            tool.load(self.typed)  # an unreadable file: said, the photo before kept
            desk.say(f"loaded {self.typed}")  # what to click next: the status line
        elif key == "how":
            tool.start_ruler() if value == "ruler" else tool.start_corners()
        elif key == "length":
            tool.set_ruler_length(float(value))
            self._keep(desk)
        elif key == "opacity":
            tool.opacity = float(value)
            self._keep(desk)
        elif key == "shown":
            tool.visible = value == "on"
        elif key == "back":
            tool.back()
        elif key == "again":
            tool.start_corners()
        elif key == "remove":
            tool.clear()
            self.typed = ""
            gp.clear_photo(desk.setup)
            self._synced = desk.setup.data.get("photo")
            desk.changed(table=True)
