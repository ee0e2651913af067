"""``tabletop render``: the table as the window draws it, to a PNG, headless."""

from __future__ import annotations

import io
import os

from tabletop.common.errors import TabletopError
from tabletop.data.save import write_atomic_bytes

OVERLAYS = ("sectors", "arcs", "bands", "lof", "fan")


def render(
    scenario: str,
    out: str,
    size: tuple[int, int] = (1100, 760),
    select: str | None = None,
    ruling: tuple[str, str] | None = None,
    overlays: tuple[str, ...] | None = None,
) -> None:
    """Draw one frame offscreen and save it: the evidence picture a referee posts."""
    os.environ.setdefault("ARCADE_HEADLESS", "1")
    # arcade reads ARCADE_HEADLESS when first imported: the window stack loads only here
    import arcade

    from tabletop.view.app import TableWindow

    window = TableWindow(scenario, size[0], size[1], visible=False)
    view = window.table  # the same view the window shows, drawn offscreen
    try:
        if view.session is None:
            raise TabletopError(view.message)
        if view.plot is not None:  # a referee's picture: the table, not the hot seat's panel
            view.plot = view.foresight = None
            view.fit()
        if overlays is not None:
            view.overlays = set(overlays)
        if select:
            view.scenario.ship(select)
            view.select(select)
        if ruling:
            for s in ruling:
                view.scenario.ship(s)
            view.ruling = ruling
        window.frame()
        img = arcade.get_image(0, 0, size[0], size[1])
        buf = io.BytesIO()
        img.save(buf, format="PNG")
        write_atomic_bytes(out, buf.getvalue(), reads=[("scenario", scenario)])
    finally:
        window.close()
