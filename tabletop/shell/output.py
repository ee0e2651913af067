"""How a command answers: one JSON object (strict: no NaN or Infinity), or its text;
the scenario it rules on, read lazily so a query starts fast; its help's width."""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from typing import Any


def finite(v: Any) -> Any:
    """``v`` with every NaN or infinity replaced by null, for strict JSON."""
    if isinstance(v, float):
        return v if math.isfinite(v) else None
    if isinstance(v, dict):
        return {k: finite(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [finite(x) for x in v]
    return v


def dumps(data: Any) -> str:
    """Strict JSON (RFC 8259): no NaN or Infinity, whatever a ruling computed."""
    return json.dumps(finite(data), allow_nan=False)


def scenario(path: str) -> Any:
    from tabletop.game.load import load_scenario

    return load_scenario(path)


def emit(args: argparse.Namespace, data: dict[str, Any], text: str) -> None:
    if getattr(args, "json", False):
        print(dumps(data))
    else:
        print(text)


class HelpWidth(argparse.HelpFormatter):
    """argparse's help at the terminal's width, read as ``shutil.get_terminal_size``
    reads it but without importing shutil: argparse asks for the width each time an
    argument is added, and shutil brings the compression modules (~2 ms of a query)."""

    def __init__(self, prog: str) -> None:
        try:
            columns = int(os.environ["COLUMNS"])
        except (KeyError, ValueError):
            columns = 0
        if columns <= 0:
            out = sys.__stdout__
            try:
                columns = os.get_terminal_size(out.fileno()).columns if out else 0
            except (AttributeError, ValueError, OSError):
                columns = 0
        super().__init__(prog, width=(columns or 80) - 2)
