"""wordsolver: play word-guessing games well and explain the play.

The front door (:mod:`wordsolver.api`): :func:`game` loads a game, whose :meth:`~LoadedGame.session`
is played with ``push``/``pop`` and asked to ``suggest``; :func:`evaluate` plays every secret;
:func:`tree` builds a strategy's decision tree; :func:`hand` solves a hand of letters.

>>> import wordsolver
>>> wordsolver.game("mastermind").feedback("aabb", "abab")
'2-2'

The names are imported when first used, so ``import wordsolver`` (and every command's start)
stays quick.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from wordsolver.errors import (
    InconsistentFeedbackError,
    InvalidPatternError,
    InvalidWordError,
    UnknownNameError,
    WordsolverError,
)
from wordsolver.lazy import exports

if TYPE_CHECKING:
    from wordsolver.api import LoadedGame, evaluate, game, hand, tree
    from wordsolver.session import Session
    from wordsolver.strategies import PlayOptions

#: The installed version (pyproject.toml's), read when first asked for: the metadata machinery
#: costs every command's start tens of milliseconds.
__version__: str


@cache
def _installed_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("wordsolver")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "0+unknown"


#: Public name -> the module that defines it, imported on first use.
_LAZY = {
    "LoadedGame": "wordsolver.api",
    "evaluate": "wordsolver.api",
    "game": "wordsolver.api",
    "hand": "wordsolver.api",
    "tree": "wordsolver.api",
    "Session": "wordsolver.session",
    "PlayOptions": "wordsolver.strategies",
}


_parts = exports(__name__, _LAZY)


def __getattr__(name: str) -> Any:
    if name == "__version__":
        return _installed_version()
    return _parts(name)


__all__ = [
    "InconsistentFeedbackError",
    "InvalidPatternError",
    "InvalidWordError",
    "LoadedGame",
    "PlayOptions",
    "Session",
    "UnknownNameError",
    "WordsolverError",
    "__version__",
    "evaluate",
    "game",
    "hand",
    "tree",
]
