"""A photo of the real table under the drawn one: read, placed, drawn; and the tool that
places it by clicks (:class:`PhotoTool`, for the set-up window).

Before it is placed, the photo is shown whole, as large as fits on the table, so a click
on the table is a click on a pixel of the photo; the four clicks on the table's corners
as the photo shows them (south-west, south-east, north-east, north-west), or two on a
ruler and its length typed, place it (``tabletop.geometry.homography``).  Then it is
resampled once onto the table's own grid and drawn as one texture over the table's
rectangle, under the grid and the bases: a frame costs one draw call, and the
resampling is done again only when the photo, its placing or the table changes.

Everything here takes and gives TABLE coordinates: the host converts the mouse with
its camera, and calls :meth:`PhotoTool.draw` (or :meth:`Underlay.draw`) inside it.
"""

from __future__ import annotations

import contextlib
import io
import os
import warnings
from pathlib import Path
from typing import Any

import arcade
import numpy as np
from arcade.gl import BufferDescription
from PIL import Image, ImageOps

from tabletop.common.errors import TabletopError
from tabletop.data.files import read_bounded, shown
from tabletop.game.photo import photo_table
from tabletop.geometry import homography as hg
from tabletop.geometry.pose import Arr
from tabletop.model.photo import OPACITY, Photo, RulerMarks

#: The largest photo file read (a phone's JPEG is a few MiB, a raw scan tens).
MAX_PHOTO_BYTES = 64 * 1024 * 1024
#: The most pixels a photo may have: a 50-megapixel camera's.  (A small PNG may claim
#: billions of pixels, and decoding it would take the memory.)
MAX_PIXELS = 50_000_000
#: The photo is kept, and the table's picture of it made, at most this many pixels a
#: side: sharper than any window shows a whole table, and cheap to resample.
MAX_SIDE = 2048
#: Marks where the corners were clicked, and their size in table units per pixel.
MARK = (255, 80, 200, 255)

_VERTEX = """
#version 330
uniform WindowBlock { mat4 projection; mat4 view; } window;
in vec2 in_vert;
in vec2 in_uv;
out vec2 v_uv;
void main() {
    gl_Position = window.projection * window.view * vec4(in_vert, 0.0, 1.0);
    v_uv = in_uv;
}
"""
_FRAGMENT = """
#version 330
uniform sampler2D photo;
uniform float opacity;
in vec2 v_uv;
out vec4 f_color;
void main() {
    vec4 c = texture(photo, v_uv);
    f_color = vec4(c.rgb, c.a * opacity);
}
"""


def read_image(path: str | Path) -> tuple[np.ndarray, tuple[int, int]]:
    """The photo at ``path`` as shown (a JPEG's turn applied), at most
    :data:`MAX_SIDE` pixels a side, ``(rows, cols, 4)`` with row 0 at its top; and its
    full size (columns, rows), in whose pixels its corners are given.  A file that is
    not a readable PNG or JPEG photo is a :class:`TabletopError` saying so."""
    data = read_bounded(path, "photo", MAX_PHOTO_BYTES)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as im:
                if im.format not in ("PNG", "JPEG"):
                    kind = f"a {im.format} image" if im.format else "another kind of file"
                    raise TabletopError(
                        f"{shown(path)}: expected a PNG or JPEG photo, found {kind}"
                    )
                if im.width * im.height > MAX_PIXELS:
                    raise TabletopError(
                        f"{shown(path)}: expected a photo of at most "
                        f"{MAX_PIXELS // 1_000_000} megapixels, found {im.width} × {im.height}"
                    )
                shown_im = ImageOps.exif_transpose(im).convert("RGBA")
    except TabletopError:
        raise
    except (OSError, SyntaxError, ValueError, EOFError, Image.DecompressionBombError,
            Image.DecompressionBombWarning) as e:  # fmt: skip
        why = "not a PNG or JPEG image" if isinstance(e, Image.UnidentifiedImageError) else str(e)
        raise TabletopError(f"{shown(path)}: cannot read the photo ({why})") from None
    full = shown_im.size
    if max(full) > MAX_SIDE:
        k = MAX_SIDE / max(full)
        shown_im = shown_im.resize((max(1, round(full[0] * k)), max(1, round(full[1] * k))),
                                   Image.Resampling.BOX)  # fmt: skip
    return np.asarray(shown_im, dtype=np.uint8), full


class Picture:
    """One RGBA image drawn on a table rectangle with one draw call, its texture made
    again only when the image changes."""

    def __init__(self, window: arcade.Window) -> None:
        self.ctx = window.ctx
        self.program = self.ctx.program(vertex_shader=_VERTEX, fragment_shader=_FRAGMENT)
        self.texture: Any = None
        self.geometry: Any = None

    def set(
        self, rgba: np.ndarray, rect: tuple[float, float, float, float], top_first: bool
    ) -> None:
        """Show ``rgba`` (rows, cols, 4) over ``rect`` (x0, y0, x1, y1 on the table);
        ``top_first``: its row 0 is the top (a photo), else the bottom (the table's)."""
        self.clear()
        rows, cols = rgba.shape[:2]
        self.texture = self.ctx.texture((cols, rows), components=4,
                                        data=np.ascontiguousarray(rgba).tobytes())  # fmt: skip
        self.texture.filter = self.ctx.LINEAR, self.ctx.LINEAR
        self.texture.wrap_x = self.texture.wrap_y = self.ctx.CLAMP_TO_EDGE
        x0, y0, x1, y1 = rect
        low, high = (1.0, 0.0) if top_first else (0.0, 1.0)  # texture rows run upwards
        quad = np.array([[x0, y0, 0, low], [x1, y0, 1, low], [x1, y1, 1, high],
                         [x0, y0, 0, low], [x1, y1, 1, high], [x0, y1, 0, high]], "f4")  # fmt: skip
        buffer = self.ctx.buffer(data=quad.tobytes())
        self.geometry = self.ctx.geometry(
            [BufferDescription(buffer, "2f 2f", ("in_vert", "in_uv"))]
        )

    def clear(self) -> None:
        if self.texture is not None:
            self.texture.delete()
        self.texture = self.geometry = None

    def draw(self, opacity: float) -> None:
        if self.geometry is None or opacity <= 0.0:
            return
        self.texture.use(0)
        self.program["photo"] = 0
        self.program["opacity"] = float(min(1.0, opacity))
        self.ctx.enable_only(self.ctx.BLEND)
        self.geometry.render(self.program, mode=self.ctx.TRIANGLES)
        self.ctx.disable(self.ctx.BLEND)


class Underlay:
    """A photo under the table: read, then shown whole (:meth:`show_whole`) or placed
    on the table by a map from its pixels (:meth:`place`)."""

    def __init__(self, window: arcade.Window) -> None:
        self.picture = Picture(window)
        self.image: np.ndarray | None = None
        self.full = (0, 0)  # the photo's own size, in whose pixels it is placed
        self.file: str | None = None
        self.to_table: Arr | None = None
        self._followed: Any = None

    @property
    def placed(self) -> bool:
        return self.to_table is not None

    def open(self, path: str | Path) -> None:
        """Read the photo (a :class:`TabletopError` if it cannot be: the one shown before
        is kept)."""
        self.image, self.full = read_image(path)
        self.file, self.to_table = str(path), None
        self.picture.clear()

    def clear(self) -> None:
        self.image, self.file, self.to_table = None, None, None
        self.picture.clear()

    def whole(self, width: float, depth: float) -> Arr:
        """The map from the photo's pixels to the table while it is shown whole."""
        return hg.fitted(self.full, width, depth)

    def show_whole(self, width: float, depth: float) -> None:
        """The photo as large as fits on the table, centred, unplaced."""
        if self.image is None:
            return
        self.to_table = None
        x0, y1 = hg.apply(self.whole(width, depth), [0.0, 0.0])
        x1, y0 = hg.apply(self.whole(width, depth), [float(self.full[0]), float(self.full[1])])
        self.picture.set(self.image, (x0, y0, x1, y1), top_first=True)

    def place(self, to_table: Arr, width: float, depth: float) -> None:
        """Lay the photo on the table by ``to_table`` (its full-size pixels to the
        table): resampled once onto a grid as fine as the photo shows the table."""
        if self.image is None:
            return
        rows, cols = self.image.shape[:2]
        small = np.diag([self.full[0] / cols, self.full[1] / rows, 1.0])  # kept → full pixels
        to_photo = hg.invert(to_table @ small)
        corners = hg.apply(to_photo, hg.table_corners(width, depth))
        across = np.hypot(*(np.roll(corners, -1, axis=0) - corners).T)  # photo pixels a side
        finite = np.isfinite(across)
        per_unit = float(np.max(across[finite]) / max(width, depth)) if finite.any() else 1.0
        per_unit = min(max(per_unit, 1.0), MAX_SIDE / max(width, depth))
        size = (max(1, round(width * per_unit)), max(1, round(depth * per_unit)))
        table = hg.warp(self.image, to_photo, width, depth, size)
        self.picture.set(table, (0.0, 0.0, width, depth), top_first=False)
        self.to_table = to_table

    def follow(self, scn: Any) -> str | None:
        """Show the scenario's photo (``scn.photo``), placed, if it has one: read again
        only when the photo, its placing or the table changes.  What keeps it from
        being shown (the file gone, unreadable) is returned to be said; the table plays
        the same without it."""
        photo: Photo | None = getattr(scn, "photo", None) if scn is not None else None
        key = (photo, scn.width, scn.depth) if photo is not None else None
        if key == self._followed:
            return None
        self._followed = key
        self.clear()
        if photo is None:
            return None
        try:
            self.open(photo.file)
            self.place(photo.to_table(scn.width, scn.depth), scn.width, scn.depth)
        except TabletopError as e:
            self.clear()
            return f"the photo under the table is not shown: {e}; the game is the same without it"
        return None

    def draw(self, opacity: float) -> None:
        self.picture.draw(opacity)


class PhotoTool:
    """The set-up's photo: load it, place it by clicks, turn it down or hide it, and
    what the scenario keeps of it.

    The host (the set-up window) hands it every click on the table, in table
    coordinates, first: :meth:`on_click` answers whether it took the click (a corner
    or a ruler mark while the photo is being placed); once placed it takes none, and
    the clicks trace the bases over it.  :meth:`status` is the line telling the user
    what to do next; :meth:`draw` is called inside the host's camera, under the bases.
    """

    def __init__(self, window: arcade.Window, width: float, depth: float) -> None:
        self.underlay = Underlay(window)
        self.width, self.depth = width, depth
        self.path: str | None = None
        self.visible = True
        self._opacity = OPACITY
        self.mode = "corners"  # or "ruler": how the clicks place it
        self.clicks: list[tuple[float, float]] = []  # in the photo's full-size pixels
        self.corners: tuple[tuple[float, float], ...] | None = None
        self.ruler: RulerMarks | None = None
        self.problem = ""  # why the last placing was refused (said until the next click)

    # -- what the host reads --------------------------------------------------------
    @property
    def loaded(self) -> bool:
        return self.underlay.image is not None

    @property
    def placed(self) -> bool:
        return self.underlay.placed

    @property
    def opacity(self) -> float:
        """How strongly the placed photo shows, 0 to 1 (the whole photo, unplaced, is
        shown fully, for its corners to be seen)."""
        return self._opacity

    @opacity.setter
    def opacity(self, value: float) -> None:
        self._opacity = min(1.0, max(0.0, float(value)))

    def status(self) -> str:
        """What the user is to do next, in a line."""
        if not self.loaded:
            return "no photo: load one (a PNG or JPEG of the table)"
        said = f"{self.problem}: " if self.problem else ""
        if self.placed:
            shown_as = f"at {round(self.opacity * 100)}%" if self.visible else "hidden"
            return f"the photo lies on the table ({shown_as}): trace the bases over it"
        if self.mode == "ruler":
            steps = ("click the ruler's zero mark, at the table's south-west corner",
                     "click a mark further along the ruler, on the south edge",
                     "type the distance between the two marks")  # fmt: skip
            return said + steps[min(len(self.clicks), 2)]
        k = len(self.clicks)
        return f"{said}click the table's {hg.CORNER_NAMES[k]} corner in the photo ({k + 1} of 4)"

    def to_scenario(self, scenario_file: str | Path | None = None) -> dict[str, Any] | None:
        """The scenario's ``[photo]`` table (``game.photo.set_photo`` puts it in the
        set-up), its path relative to ``scenario_file``'s folder (for a table not yet
        saved, None: to the working folder, as the set-up reads it until its save
        writes it from the file's); None until placed."""
        if self.path is None or not self.placed:
            return None
        path = os.path.abspath(self.path)
        folder = os.path.abspath(Path(scenario_file).parent if scenario_file else ".")
        with contextlib.suppress(ValueError):  # another drive (Windows): kept whole
            path = Path(os.path.relpath(path, folder)).as_posix()
        return photo_table(path, self.corners, self.ruler, self.opacity)

    # -- what the user does ---------------------------------------------------------
    def load(self, path: str | Path) -> None:
        """Read a photo and show it whole, to be placed by its corners.  A file that
        cannot be read is a :class:`TabletopError` to show; the photo shown before, and
        its placing, are kept."""
        self.underlay.open(path)  # raises before anything here changes
        self.path, self.corners, self.ruler = str(path), None, None
        self.start_corners()

    def from_scenario(self, photo: Photo | None) -> str | None:
        """Show a scenario's photo where it says (the set-up opening a table:
        ``game.photo.photo_in(setup.data, setup.path)``); what keeps it from being shown
        is returned to be said (the scenario keeps it)."""
        self.underlay.clear()
        self.path, self.corners, self.ruler, self.clicks = None, None, None, []
        if photo is None:
            return None
        try:
            self.underlay.open(photo.file)
            self.underlay.place(photo.to_table(self.width, self.depth), self.width, self.depth)
        except TabletopError as e:
            self.underlay.clear()
            return f"the photo is not shown: {e}"
        self.path, self.corners, self.ruler = photo.file, photo.corners, photo.ruler
        self.opacity = photo.opacity
        return None

    def start_corners(self) -> None:
        """Place the photo (again) by the table's four corners: it is shown whole."""
        self._restart("corners")

    def start_ruler(self) -> None:
        """Place the photo (again) by two marks on a ruler and their distance."""
        self._restart("ruler")

    def _restart(self, mode: str) -> None:
        self.mode, self.clicks, self.problem = mode, [], ""
        self.underlay.show_whole(self.width, self.depth)

    def on_click(self, x: float, y: float) -> bool:
        """A click on the table at (x, y): taken while the photo is being placed."""
        if not self.loaded or self.placed:
            return False
        if self.mode == "ruler" and len(self.clicks) == 2:
            return True  # its length is typed now (back() takes the second mark back)
        u, v = hg.apply(hg.invert(self.underlay.whole(self.width, self.depth)), [x, y])
        self.clicks.append((float(u), float(v)))
        self.problem = ""
        if self.mode == "corners" and len(self.clicks) == 4:
            self._place_by_corners()
        return True

    def back(self) -> bool:
        """Take back the last click."""
        if not self.clicks or self.placed:
            return False
        self.clicks.pop()
        return True

    def set_ruler_length(
        self, length: float, at: tuple[float, float] = (0.0, 0.0), bearing: float = 90.0
    ) -> None:
        """The distance between the two ruler marks clicked (in the table's unit): the
        photo is placed, its first mark at ``at``, the ruler towards ``bearing`` (by
        default the south-west corner, along the south edge).  A length that places
        nothing is a :class:`TabletopError`, the marks kept."""
        if self.mode != "ruler" or len(self.clicks) != 2:
            raise TabletopError("click the ruler's two marks first")
        marks = RulerMarks(self.clicks[0], self.clicks[1], float(length), at, bearing)
        to_table = hg.from_ruler(marks.start, marks.end, marks.length, marks.at, marks.bearing)
        self.underlay.place(to_table, self.width, self.depth)
        self.ruler, self.corners, self.clicks = marks, None, []

    def _place_by_corners(self) -> None:
        corners = tuple(self.clicks)
        try:
            to_table = hg.from_corners(np.array(corners), self.width, self.depth)
        except TabletopError as e:
            self.problem, self.clicks = f"not placed, {e}", []
            return
        self.underlay.place(to_table, self.width, self.depth)
        self.corners, self.ruler, self.clicks = corners, None, []

    def resize(self, width: float, depth: float) -> None:
        """The table's size changed: the photo is laid on it anew (its corners are the
        table's, wherever they are; a ruler keeps its scale)."""
        self.width, self.depth = width, depth
        if self.corners is not None:
            self.underlay.place(hg.from_corners(np.array(self.corners), width, depth), width, depth)
        elif self.ruler is not None:
            r = self.ruler
            self.underlay.place(hg.from_ruler(r.start, r.end, r.length, r.at, r.bearing),
                                width, depth)  # fmt: skip
        elif self.loaded:
            self._restart(self.mode)

    def clear(self) -> None:
        """No photo (the scenario's ``[photo]`` is cleared by ``game.photo.clear_photo``)."""
        self.underlay.clear()
        self.path, self.corners, self.ruler, self.clicks, self.problem = None, None, None, [], ""

    def draw(self) -> None:
        """The photo (whole and fully shown while it is placed, else at its opacity),
        and a mark at each click so far; inside the host's camera."""
        if not self.loaded or not self.visible:
            return
        self.underlay.draw(self.opacity if self.placed else 1.0)
        if self.clicks:
            to_table = self.underlay.whole(self.width, self.depth)
            pts = hg.apply(to_table, np.array(self.clicks))
            r = 0.015 * max(self.width, self.depth)
            lines = [p for x, y in pts for p in ((x - r, y), (x + r, y), (x, y - r), (x, y + r))]
            arcade.draw_lines(lines, MARK, 2)
