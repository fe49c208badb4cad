"""The installed version of wordsolver, on the ground floor: the package's ``__version__``, a
proof's results file and the web app's title read it here, so none of them imports the front
door (:mod:`wordsolver`, which stands above the whole library) for it.

>>> installed_version() == __import__("wordsolver").__version__
True
"""

from __future__ import annotations

from functools import cache


@cache
def installed_version() -> str:
    """The version pyproject.toml gave the installed package, read when first asked for (the
    metadata machinery costs every command's start tens of milliseconds)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("wordsolver")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "0+unknown"
