"""What the window shows, where, as JSON: for scripts that drive a real window with the
mouse (``tools/xplay.py`` plays a whole game by clicks under Xvfb) and for bug reports.

Written after each layout of the panes when ``TABLETOP_UI_DUMP`` names a file (atomically:
a reader never sees half a file).  Positions are the window's pixels, origin bottom-left.
"""

from __future__ import annotations

import json
import os
from typing import Any

import numpy as np

from tabletop.data.save import write_atomic_bytes
from tabletop.view.host import Host

ENV = "TABLETOP_UI_DUMP"


def _xy(view: Host, x: float, y: float) -> list[float]:
    sx, sy = view.to_screen(np.array([x, y]))
    return [round(float(sx), 1), round(float(sy), 1)]


def layout(view: Host) -> dict[str, Any]:
    """The clickable things on screen and the game's state in brief."""
    game = view.session.game if view.session is not None else None
    scn = view.scenario
    out: dict[str, Any] = {
        "size": [view.view_w, view.view_h],
        "status": view.session.status if view.session is not None else "",
        "message": view.message,
        "error": view.error,
        "selected": view.selected,
        "overlays": sorted(view.overlays),
        "actions": view.session.actions if view.session is not None else [],
        "winner": game.state.winner if game is not None else None,
        "move": view.builder.text if view.builder is not None else "",
        "ruling": list(view.ruling) if view.ruling is not None else None,  # firer, target
        "ships": {s.id: _xy(view, s.pose.x, s.pose.y) for s in scn.ships} if scn else {},
        # the table's corners on screen: x0, y0 (its south-west), x1, y1 (north-east)
        "table": [*_xy(view, 0.0, 0.0), *_xy(view, scn.width, scn.depth)] if scn else [],
        "buttons": [
            {"label": b.label, "action": b.action, "rect": list(r)} for b, r in view.buttons
        ],
        # the bar's greyed buttons, each in its place, with why (a click says it)
        "greyed": [{"label": b.label, "why": why, "rect": list(r)}
                   for b, r, why in view.bar.slots if why is not None],  # fmt: skip
        "tools": [{"label": k.strip, "rect": list(r)} for k, r in view.tools.buttons],
        "boxes": [{"text": b.text, "command": list(b.command), "rect": list(b.rect)}
                  for b in view.boxes],  # fmt: skip
    }
    fan = view.fan if "fan" in view.overlays else None
    if fan is not None:
        out["fan"] = [_xy(view, float(fan.x[i]), float(fan.y[i])) for i in range(len(fan))]
    return out


def dump(view: Host) -> None:
    """Write the layout where ``TABLETOP_UI_DUMP`` says, if it says."""
    path = os.environ.get(ENV)
    if path:
        write_atomic_bytes(path, json.dumps(layout(view)).encode())
