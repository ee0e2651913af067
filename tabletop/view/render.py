"""``tabletop render``: the table as the window draws it, to a PNG, headless."""

from __future__ import annotations

import io
import os

from tabletop.data.save import write_atomic_bytes
from tabletop.errors import TabletopError

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
    try:
        if window.session is None:
            raise TabletopError(window.message)
        if overlays is not None:
            window.overlays = set(overlays)
        if select:
            window.scenario.ship(select)
            window.select(select)
        if ruling:
            for s in ruling:
                window.scenario.ship(s)
            window.ruling = ruling
        window.on_draw()
        img = arcade.get_image(0, 0, size[0], size[1])
        buf = io.BytesIO()
        img.save(buf, format="PNG")
        write_atomic_bytes(out, buf.getvalue())
    finally:
        window.close()
