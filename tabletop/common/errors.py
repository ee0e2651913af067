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
            where = clip(file, MAX_PATH_SHOWN)
            if path:
                where += f": {clip(path, MAX_PATH_SHOWN)}"
            shown = _show(found)
            message = f"{where}: expected {expected}, found {shown}"
        super().__init__(one_line(message))


class DataErrors(TabletopError):
    """Several data problems found in one validation pass (``tabletop check``)."""

    def __init__(self, errors: list[DataError]) -> None:
        self.errors = errors
        super().__init__("; ".join(str(e) for e in errors))


#: How much of a user's text an error quotes (a token, a line of a log, a word), and of a
#: file name or key path: enough to find it, never megabytes of stderr for a junk word.
MAX_QUOTED = 80
MAX_PATH_SHOWN = 160
#: The longest line an error may print, whatever it quotes.
MAX_LINE = 600


def clip(text: str, limit: int = MAX_QUOTED) -> str:
    """``text`` cut to at most ``limit`` characters, its start and end kept with ``...``
    between: a file name's folder and its name both stay, a 10 MB junk word does not."""
    if len(text) <= limit:
        return text
    head = (limit - 3) // 2
    tail = limit - 3 - head
    return text[:head] + "..." + text[len(text) - tail :]


def message_line(text: str) -> str:
    """An error message as printed: one line (see :func:`one_line`) of at most
    :data:`MAX_LINE` characters, the last resort against a message quoting too much."""
    return clip(one_line(clip(text, 4 * MAX_LINE)), MAX_LINE)


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
