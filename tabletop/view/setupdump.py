"""What the set-up shows, where, as JSON (as :mod:`tabletop.view.uidump` does for play):
for ``tools/xsetup.py``, which sets up a table by mouse and typing under Xvfb, and for
bug reports.  Written after each layout of the panes when ``TABLETOP_UI_DUMP`` names a
file, atomically.  Positions are the window's pixels, origin bottom-left.
"""

from __future__ import annotations

import json
import os
from typing import Any

import numpy as np

from tabletop.data.save import write_atomic_bytes
from tabletop.game.setup import table_flags
from tabletop.view.setuphost import Desk
from tabletop.view.uidump import ENV


def _xy(desk: Desk, x: float, y: float) -> list[float]:
    sx, sy = desk.to_screen(np.array([x, y]))
    return [round(float(sx), 1), round(float(sy), 1)]


def layout(desk: Desk) -> dict[str, Any]:
    """The set-up's clickable things on screen and its state in brief."""
    t, form = desk.table, desk.form_pane.form
    return {
        "mode": "setup",
        "size": [desk.view_w, desk.view_h],
        "message": desk.message,
        "error": desk.error,
        "tool": desk.tool,
        "selected": desk.selected,
        "piece": desk.piece,
        "saved": desk.setup.saved,
        "path": desk.setup.path,
        "prompt": desk.prompt.text if desk.prompt is not None else None,
        "flags": [text for _, text in table_flags(t)],
        "ships": {s.id: _xy(desk, s.pose.x, s.pose.y) for s in t.ships},
        "terrain": [[_xy(desk, x, y) for x, y in p.points] for p in t.terrain],
        # the table's corners on screen: x0, y0 (its south-west), x1, y1 (north-east)
        "table": [*_xy(desk, 0.0, 0.0), *_xy(desk, t.width, t.depth)],
        "form": form.title,
        "fields": [
            {"key": f.key, "kind": f.kind, "value": f.value, "live": f.live, "rect": list(f.rect)}
            for f in form.fields()
            if f.kind != "note"
        ],
        "items": [{"value": v, "rect": list(r)} for v, r in form.items],
        "strip": [{"name": n, "rect": list(r)} for _, n, r in desk.strip.buttons],
    }


def dump(desk: Desk) -> None:
    """Write the layout where ``TABLETOP_UI_DUMP`` says, if it says."""
    path = os.environ.get(ENV)
    if path:
        write_atomic_bytes(path, json.dumps(layout(desk)).encode())
