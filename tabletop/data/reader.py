"""A small validating reader for TOML tables.

It records every problem (file, key path, what was expected, what was found) instead
of stopping at the first, so ``tabletop check`` can list them all, and returns a
harmless default so reading can go on.
"""

from __future__ import annotations

import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any

from tabletop.errors import DataError, DataErrors
from tabletop.geometry.angles import POINTS, normalise
from tabletop.units import parse_length

_MISSING = object()


def load_toml(path: Path) -> dict[str, Any]:
    """Parse a TOML file; any failure is a DataError naming the file."""
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise DataErrors([DataError(str(path), "", "an existing file", "no such file")]) from None
    except IsADirectoryError:
        raise DataErrors([DataError(str(path), "", "a file", "a directory")]) from None
    except tomllib.TOMLDecodeError as e:
        raise DataErrors([DataError(str(path), "", "valid TOML", str(e))]) from None
    except UnicodeDecodeError:
        raise DataErrors([DataError(str(path), "", "UTF-8 text", "undecodable bytes")]) from None
    except OSError as e:
        raise DataErrors([DataError(str(path), "", "a readable file", e.strerror)]) from None


def join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


class Reader:
    """Reads values out of nested tables, collecting DataErrors for one file."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.errors: list[DataError] = []
        self._seen: set[tuple[int, str]] = set()  # (id of a table, key) read so far

    def error(self, path: str, expected: str, found: object) -> None:
        self.errors.append(DataError(self.file, path, expected, found))

    def raise_if_any(self) -> None:
        if self.errors:
            raise DataErrors(self.errors)

    def _get(self, tbl: Any, path: str, key: str, required: bool) -> Any:
        if not isinstance(tbl, dict):
            return _MISSING
        self._seen.add((id(tbl), key))
        if key not in tbl:
            if required:
                self.error(join(path, key), "a value", None)
            return _MISSING
        return tbl[key]

    def table(self, tbl: Any, path: str, key: str, required: bool = True) -> dict[str, Any]:
        v = self._get(tbl, path, key, required)
        if v is _MISSING:
            return {}
        if not isinstance(v, dict):
            self.error(join(path, key), "a table", v)
            return {}
        return v

    def tables(self, tbl: Any, path: str, key: str, required: bool = False) -> list[dict[str, Any]]:
        v = self._get(tbl, path, key, required)
        if v is _MISSING:
            return []
        if not isinstance(v, list) or not all(isinstance(x, dict) for x in v):
            self.error(join(path, key), "an array of tables", v)
            return []
        return v

    def value(self, tbl: Any, path: str, key: str) -> Any:
        """A value the caller checks itself (a list of numbers, say), or None if missing."""
        v = self._get(tbl, path, key, True)
        return None if v is _MISSING else v

    def boolean(self, tbl: Any, path: str, key: str, default: bool) -> bool:
        v = self._get(tbl, path, key, False)
        if v is _MISSING:
            return default
        if not isinstance(v, bool):
            self.error(join(path, key), "true or false", v)
            return default
        return v

    def strings(self, tbl: Any, path: str, key: str) -> tuple[str, ...]:
        """A list of words (missing: none)."""
        v = self._get(tbl, path, key, False)
        if v is _MISSING:
            return ()
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            self.error(join(path, key), "a list of strings", v)
            return ()
        return tuple(v)

    def amount(self, tbl: Any, path: str, key: str) -> int | str:
        """A number of boxes: a whole number ≥ 0, or a die to roll, "D3" or "D6"."""
        v = self._get(tbl, path, key, True)
        if isinstance(v, str) and v.strip().upper() in ("D3", "D6"):
            return v.strip().upper()
        if v is _MISSING or isinstance(v, bool) or not isinstance(v, int) or v < 0:
            if v is not _MISSING:
                self.error(join(path, key), 'a whole number ≥ 0, "D3" or "D6"', v)
            return 0
        return v

    def unused(self, data: Any, path: str = "") -> list[str]:
        """Key paths present in ``data`` that nothing read: a misspelt or decorative key,
        which would otherwise be silently ignored."""
        out: list[str] = []
        if isinstance(data, dict):
            for key, v in data.items():
                p = join(path, key)
                if (id(data), key) not in self._seen:
                    out.append(p)
                else:
                    out.extend(self.unused(v, p))
        elif isinstance(data, list):
            for i, v in enumerate(data):
                out.extend(self.unused(v, join(path, i)))
        return out

    def report_unused(self, data: Any) -> None:
        for p in self.unused(data):
            self.error(p, "a key this file's reader knows (misspelt, or not a rule)", p)

    def string(
        self,
        tbl: Any,
        path: str,
        key: str,
        default: str | None = None,
        choices: tuple[str, ...] | None = None,
    ) -> str:
        v = self._get(tbl, path, key, default is None)
        if v is _MISSING:
            return default or ""
        if not isinstance(v, str) or not v.strip():
            self.error(join(path, key), "a non-empty string", v)
            return default or ""
        if choices and v not in choices:
            self.error(join(path, key), "one of " + ", ".join(choices), v)
            return default or choices[0]
        return v

    def number(
        self,
        tbl: Any,
        path: str,
        key: str,
        default: float | None = None,
        minimum: float | None = None,
        maximum: float | None = None,
    ) -> float:
        v = self._get(tbl, path, key, default is None)
        if v is _MISSING:
            return default if default is not None else 0.0
        if isinstance(v, bool) or not isinstance(v, int | float) or v != v:
            self.error(join(path, key), "a number", v)
            return default if default is not None else 0.0
        if (minimum is not None and v < minimum) or (maximum is not None and v > maximum):
            want = "a number" + (f" ≥ {minimum:g}" if minimum is not None else "")
            if maximum is not None:
                want += (" and" if minimum is not None else "") + f" ≤ {maximum:g}"
            self.error(join(path, key), want, v)
            return default if default is not None else float(minimum or 0.0)
        return float(v)

    def integer(
        self, tbl: Any, path: str, key: str, default: int | None = None, minimum: int | None = None
    ) -> int | None:
        v = self._get(tbl, path, key, False)
        if v is _MISSING:
            return default
        if isinstance(v, bool) or not isinstance(v, int):
            self.error(join(path, key), "a whole number", v)
            return default
        if minimum is not None and v < minimum:
            self.error(join(path, key), f"a whole number ≥ {minimum}", v)
            return default
        return v

    def length(
        self,
        tbl: Any,
        path: str,
        key: str,
        unit: str,
        default: float | None = None,
        positive: bool = True,
    ) -> float:
        v = self._get(tbl, path, key, default is None)
        if v is _MISSING:
            return default if default is not None else 1.0
        try:
            x = parse_length(v, unit)
        except ValueError as e:
            self.error(join(path, key), f"a length ({e})", v)
            return default if default is not None else 1.0
        if x != x or x in (float("inf"), float("-inf")):
            self.error(join(path, key), "a finite length", v)
            return default if default is not None else 1.0
        if positive and x <= 0:
            self.error(join(path, key), "a positive length", v)
            return default if default is not None else 1.0
        if not positive and x < 0:
            self.error(join(path, key), "a length ≥ 0", v)
            return default if default is not None else 0.0
        return x

    def coordinate(self, tbl: Any, path: str, key: str, unit: str) -> float:
        """A position on the table: a length that may be zero or negative."""
        v = self._get(tbl, path, key, True)
        if v is _MISSING:
            return 0.0
        try:
            x = parse_length(v, unit)
        except ValueError as e:
            self.error(join(path, key), f"a position ({e})", v)
            return 0.0
        if x != x or abs(x) == float("inf"):
            self.error(join(path, key), "a finite position", v)
            return 0.0
        return x

    def angle(
        self, tbl: Any, path: str, key: str, default: float | None = None, points: bool = False
    ) -> float:
        """Compass degrees, or (when ``points``) one of the 8 wind points."""
        v = self._get(tbl, path, key, default is None)
        if v is _MISSING:
            return default or 0.0
        if points and isinstance(v, str) and v.strip().upper() in POINTS:
            return POINTS[v.strip().upper()]
        if (
            isinstance(v, bool)
            or not isinstance(v, int | float)
            or v != v
            or abs(v) == float("inf")
        ):
            want = "degrees or one of N NE E SE S SW W NW" if points else "compass degrees"
            self.error(join(path, key), want, v)
            return default or 0.0
        return normalise(float(v))

    def fraction(self, tbl: Any, path: str, key: str, default: Fraction | None = None) -> Fraction:
        """An exact factor: a number or a string like ``"4/3"``."""
        v = self._get(tbl, path, key, default is None)
        if v is _MISSING:
            return default if default is not None else Fraction(1)
        try:
            if isinstance(v, bool):
                raise ValueError
            f = Fraction(v) if isinstance(v, int | str) else Fraction(v).limit_denominator(1000)
        except (ValueError, ZeroDivisionError, TypeError):
            self.error(join(path, key), 'a factor like 1, 0.5 or "4/3"', v)
            return default if default is not None else Fraction(1)
        if f < 0:
            self.error(join(path, key), "a factor ≥ 0", v)
            return Fraction(0)
        return f
