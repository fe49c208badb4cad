"""wordsolver: play word-guessing games well and explain the play.

The front door (:mod:`wordsolver.api`): :func:`game` loads a game, whose :meth:`~LoadedGame.session`
is played with ``push``/``pop`` and asked to ``suggest`` (:func:`board_game` a game on several
boards); :func:`suggest` and :func:`explain`
answer for a history; :func:`evaluate` plays every secret with one strategy or several;
:func:`tree` builds a strategy's decision tree; :func:`prove` proves the best first guess;
:func:`study` compares openers and ways of playing; :func:`hand` solves a hand of letters;
:mod:`wordsolver.plots` draws the results.

>>> import wordsolver
>>> wordsolver.game("mastermind").feedback("aabb", "abab")
'2-2'
>>> [name for name in dir(wordsolver) if name.islower() and not name.startswith("_")]
['board_game', 'evaluate', 'explain', 'game', 'hand', 'plots', 'prove', 'study', 'suggest', 'tree']

The names are imported when first used, so ``import wordsolver`` (and every command's start)
stays quick; ``dir(wordsolver)`` (and so a notebook's completion) lists them all the same.
"""

from __future__ import annotations

import sys
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any

from wordsolver._version import installed_version
from wordsolver.errors import (
    InconsistentFeedbackError,
    InvalidPatternError,
    InvalidWordError,
    UnknownNameError,
    WordsolverError,
)
from wordsolver.plumbing.lazy import exports

if TYPE_CHECKING:
    from wordsolver import plots
    from wordsolver.api import (
        LoadedBoards,
        LoadedGame,
        board_game,
        evaluate,
        explain,
        game,
        hand,
        prove,
        study,
        suggest,
        tree,
    )
    from wordsolver.evaluation import Comparison, Evaluation
    from wordsolver.session import Session
    from wordsolver.strategies import PlayOptions
    from wordsolver.suggestions import Suggestions

#: The installed version (pyproject.toml's), read when first asked for: the metadata machinery
#: costs every command's start tens of milliseconds.
__version__: str


#: Public name -> the module that defines it, imported on first use.
_LAZY = {
    "LoadedBoards": "wordsolver.api",
    "LoadedGame": "wordsolver.api",
    "board_game": "wordsolver.api",
    "evaluate": "wordsolver.api",
    "explain": "wordsolver.api",
    "game": "wordsolver.api",
    "hand": "wordsolver.api",
    "prove": "wordsolver.api",
    "study": "wordsolver.api",
    "suggest": "wordsolver.api",
    "tree": "wordsolver.api",
    "Comparison": "wordsolver.evaluation",
    "Evaluation": "wordsolver.evaluation",
    "Session": "wordsolver.session",
    "PlayOptions": "wordsolver.strategies",
    "Suggestions": "wordsolver.suggestions",
}
#: Modules of the front door, imported on first use too (``wordsolver.plots.guess_distribution``).
_MODULES = ("plots",)


_parts = exports(__name__, _LAZY)


def __getattr__(name: str) -> Any:
    if name == "__version__":
        return installed_version()
    if name in _MODULES:
        return import_module(f"{__name__}.{name}")
    return _parts(name)


class _FrontDoor(ModuleType):
    """The package, whose front-door functions keep their names when a package of the same
    name is imported beneath (``tree``, ``explain``, ``study``): importing a submodule would
    otherwise put it in their place. Those packages are reached by ``from wordsolver.tree
    import ...``."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _LAZY and isinstance(value, ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _FrontDoor


def __dir__() -> list[str]:
    """The front door and the module's own attributes (lazy names are not yet globals)."""
    own = (name for name in globals() if name.startswith("__"))
    return sorted({*__all__, *own})


__all__ = [
    "Comparison",
    "Evaluation",
    "InconsistentFeedbackError",
    "InvalidPatternError",
    "InvalidWordError",
    "LoadedBoards",
    "LoadedGame",
    "PlayOptions",
    "Session",
    "Suggestions",
    "UnknownNameError",
    "WordsolverError",
    "__version__",
    "board_game",
    "evaluate",
    "explain",
    "game",
    "hand",
    "plots",
    "prove",
    "study",
    "suggest",
    "tree",
]
