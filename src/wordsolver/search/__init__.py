"""The search engines: exact search (what every engine offers: :mod:`~wordsolver.search.base`)
with its bounds, memo and cut-offs, on its compiled core (:mod:`~wordsolver.search.core`,
driven on one or more cores and split by first guess by :mod:`~wordsolver.search.compiled`;
the tests hold it to a readable search of their own), the compiled exact search of small games
(:mod:`~wordsolver.search.small_exact`), the search for fixed multi-word openers
(:mod:`~wordsolver.search.openers`) and the shortest forced wins against the Absurdle
adversary (:mod:`~wordsolver.search.absurdle`).

Floors: this package stands on the rules, the pattern matrix and the partition kernels
(:mod:`wordsolver.partition`) only. It speaks in candidate sets, guess rows and values, never
in strategies or trees: :mod:`wordsolver.strategies` adapts it into strategies, and
:mod:`wordsolver.tree.optimal` turns its answers into decision trees.
"""

from typing import TYPE_CHECKING

from wordsolver.plumbing.lazy import exports
from wordsolver.search.base import (
    INFEASIBLE,
    UNLIMITED_TRIES,
    ExactSearch,
    SearchCoverageError,
    SearchInterrupted,
    SearchLimit,
    SetValue,
    level_floor,
)

if TYPE_CHECKING:
    from wordsolver.search.compiled import CompiledSearch, FirstGuessValue, exact_search

#: Names of the compiled driver, imported on first use: it loads the compiled core.
_COMPILED = dict.fromkeys(
    ("CompiledSearch", "FirstGuessValue", "exact_search"), "wordsolver.search.compiled"
)
__getattr__ = exports(__name__, _COMPILED)


__all__ = [
    "INFEASIBLE",
    "UNLIMITED_TRIES",
    "CompiledSearch",
    "ExactSearch",
    "FirstGuessValue",
    "SearchCoverageError",
    "SearchInterrupted",
    "SearchLimit",
    "SetValue",
    "exact_search",
    "level_floor",
]
