"""The search engines: exact search with its bounds, memo and cut-offs
(:mod:`~wordsolver.search.exact`), the compiled exact search of small games
(:mod:`~wordsolver.search.small_exact`) and the search for fixed multi-word openers
(:mod:`~wordsolver.search.openers`).

Floors: this package stands on the rules, the pattern matrix and the partition kernels
(:mod:`wordsolver.partition`) only. It speaks in candidate sets, guess rows and values, never
in strategies or trees: :mod:`wordsolver.strategies` adapts it into strategies, and
:mod:`wordsolver.tree.optimal` turns its answers into decision trees.
"""

from wordsolver.search.exact import (
    INFEASIBLE,
    UNLIMITED_TRIES,
    OptimalSearch,
    SearchInterrupted,
    SearchLimit,
    SetValue,
    level_floor,
)

__all__ = [
    "INFEASIBLE",
    "UNLIMITED_TRIES",
    "OptimalSearch",
    "SearchInterrupted",
    "SearchLimit",
    "SetValue",
    "level_floor",
]
