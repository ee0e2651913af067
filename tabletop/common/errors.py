"""User-facing errors.

Every problem a user can cause (a bad file, an unknown ship id, a path that does not
parse) is a :class:`TabletopError`, whose message names where the problem is, what was
expected and what was found.  The CLI prints it on one line and exits with status 2; the
window shows it and keeps running.  Anything else escaping is a bug.
"""

from __future__ import annotations


class TabletopError(Exception):
    """A problem the user can fix; ``str()`` is the whole message."""


class IllegalAction(TabletopError):
    """The rules forbid this action now; the message says why."""


class DataError(TabletopError):
    """A data file (scenario, roster, template) is not as the SPEC says.

    The message reads ``FILE: KEY.PATH: expected WHAT, found WHAT``.
    """

    def __init__(
        self,
        file: str,
        path: str,
        expected: str,
        found: object = None,
        *,
        message: str | None = None,
    ) -> None:
        self.file = file
        self.path = path
        self.expected = expected
        self.found = found
        if message is None:
            where = f"{file}: {path}" if path else file
            shown = _show(found)
            message = f"{where}: expected {expected}, found {shown}"
        super().__init__(one_line(message))


class DataErrors(TabletopError):
    """Several data problems found in one validation pass (``tabletop check``)."""

    def __init__(self, errors: list[DataError]) -> None:
        self.errors = errors
        super().__init__("; ".join(str(e) for e in errors))


def one_line(text: str) -> str:
    """``text`` with every unprintable character (newline, NUL, DEL, ...) escaped, so a
    message naming a hostile id or key stays one line on stderr."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _show(found: object) -> str:
    if found is None:
        return "nothing"
    try:
        text = repr(found)
    except ValueError:  # an integer of more digits than Python will print
        return "a number too large to show"
    return text if len(text) <= 60 else text[:57] + "..."
