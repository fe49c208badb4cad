"""Options that take either a registered name or a file path (``--dict``, ``--score``)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from wordsolver.errors import UnknownNameError


def path_or_unknown(kind: str, spec: str, names: Iterable[str]) -> Path:
    """The file ``spec`` names, once it is known not to be one of ``names``.

    A value that is no existing file and has neither a folder nor a suffix is most likely a
    mistyped name, so it gets the list of names rather than "file not found".

    >>> path_or_unknown("dictionary", "englsh", ["english"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    wordsolver.errors.UnknownNameError: unknown dictionary 'englsh' (did you mean english?); ...
    """
    path = Path(spec)
    if not path.exists() and path.name == spec and not path.suffix:
        raise UnknownNameError(kind, spec, [*names, "<file>"])
    return path
