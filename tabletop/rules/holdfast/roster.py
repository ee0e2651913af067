"""What the loader asks of Hold Fast: a roster's diagram fields and its speed in phases,
and headings and the wind on the compass points (HF-26..29, HF-53/54, HF-1)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Protocol

from tabletop.data.reader import Reader, join
from tabletop.geometry.angles import wrap
from tabletop.model.scenario import ShipClass
from tabletop.rules.clients import Data
from tabletop.rules.holdfast import config, orders
from tabletop.rules.types import Capabilities


class Points(Protocol):
    """What the checks read of the ruleset: the compass's step and its allowed slack."""

    title: str
    caps: Capabilities
    pivot: float
    fudge: float
    engine: config.Engine


class HoldFastData(Data):
    """What the loader asks of Hold Fast."""

    rs: Points

    class_fields = frozenset({"hull_boxes", "masts", "marines", "morale", "crews",
                              "morale_factor", "ironsides", "start_speed", "gun_count",
                              "batteries", "plus"})  # fmt: skip

    def read_speed(
        self, r: Reader, tbl: dict[str, Any], path: str, file_unit: str, k: float
    ) -> tuple[float, float | None]:
        """Speed is the number of phases (0-5) in which she acts, not a length."""
        speed = float(r.integer(tbl, path, "speed", minimum=0) or 0)
        want = f"a whole number of phases (0-{orders.PHASES})"
        if "speed" not in tbl:
            r.error(join(path, "speed"), want, None)
        elif speed > orders.PHASES:
            r.error(join(path, "speed"), want, tbl["speed"])
        return speed, None

    def check_class(self, r: Reader, tbl: dict[str, Any], path: str) -> None:
        """The diagram's fields the engine plays with (HF-26..HF-29, HF-53/54); a class
        that names no morale boxes takes them from its rate, so it needs one the
        template's ``[morale] by_rate`` lists, or none (unrated)."""
        for key in ("hull_boxes", "masts", "marines", "morale", "crews"):
            if key in tbl:
                r.integer(tbl, path, key, minimum=0)
        by_rate, rate = self.rs.engine.morale_by_rate, tbl.get("rate")
        if "morale" not in tbl and isinstance(rate, int) and rate not in by_rate:
            listed = ", ".join(str(k) for k in sorted(by_rate))
            want = f"morale boxes (the rules give them by rate for {listed} and unrated)"
            r.error(join(path, "morale"), want, None)
        if "morale_factor" in tbl:
            r.integer(tbl, path, "morale_factor", minimum=1, maximum=6)
        if "ironsides" in tbl:
            r.boolean(tbl, path, "ironsides", False)
        if "start_speed" in tbl:
            r.integer(tbl, path, "start_speed", minimum=0, maximum=orders.PHASES)
        if "gun_count" in tbl:
            r.integer(tbl, path, "gun_count", minimum=0)
        bats = tbl.get("batteries", {})
        if not isinstance(bats, dict) or any(
            g not in config.GUNS or isinstance(n, bool) or not isinstance(n, int) or n < 0
            for g, n in (bats.items() if isinstance(bats, dict) else ())
        ):
            r.error(join(path, "batteries"), "a table of long/short/carronade = count", bats)
        fit = tbl.get("plus", [])
        if not isinstance(fit, list) or any(g not in config.GUNS for g in fit):
            r.error(join(path, "plus"), 'a list of battery types with a "+" fitting', fit)

    def check_table(self, r: Reader, path: str, heading: float) -> None:
        """Headings and the wind on the 8 points (HF-16, HF-23), a heading within the
        fudge of one (played as that point)."""
        off = abs(float(wrap(heading - orders.nearest_point(heading, self.rs.pivot))))
        slack = 1e-9 if path.startswith("wind") else self.rs.fudge + 1e-9
        if off > slack:
            what = "one of the 8 points" + (
                "" if path.startswith("wind") else f" (±{self.rs.fudge:g}°)"
            )
            r.error(path, what, heading)

    def adapt_class(self, cls: ShipClass, options: dict[str, Any]) -> ShipClass:
        """Her morale boxes written on her class where it names none: by her rate, or
        the unrated ship's (HF-53; the template's ``[morale]``)."""
        if "morale" in cls.fields:
            return cls
        eng = self.rs.engine
        boxes = eng.morale_unrated if cls.rate is None else eng.morale_by_rate.get(cls.rate)
        if boxes is None:  # check_class refused the roster already
            return cls
        return replace(cls, fields={**cls.fields, "morale": boxes})
