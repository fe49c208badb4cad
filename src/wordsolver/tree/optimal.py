"""The optimal tree: the exact search of :mod:`wordsolver.search` turned into a decision tree.

One entry point, :func:`optimal_tree`, for everything that wants the proven tree (the CLI, the
benchmarks, the tests): it runs the search set by set below the fixed openers, turns its answers
into nodes, and finishes the sets a budget cut short with the entropy strategy's subtree
(:mod:`wordsolver.tree.fallback`), keeping the best lower bound proven for each.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from wordsolver.errors import WordsolverError
from wordsolver.matrix import PatternMatrix
from wordsolver.partition import IdArray, split
from wordsolver.search.exact import (
    INFEASIBLE,
    UNLIMITED_TRIES,
    OptimalSearch,
    Pool,
    SearchInterrupted,
    SearchLimit,
)
from wordsolver.strategies import PlayOptions
from wordsolver.tree.fallback import Fallback, entropy_fallback
from wordsolver.tree.node import DecisionTree, Node
from wordsolver.weights import SecretWeights

Progress = Callable[[int], None]


@dataclass(frozen=True, slots=True, eq=False)
class SearchResult:
    """A tree found by the search, its total, and the lower bound that was proven."""

    tree: DecisionTree
    total: int
    lower_bound: int
    proven: bool
    nodes: int
    seconds: float
    #: The weight of all secrets in the search's units (their number when unweighted).
    weight: int

    @property
    def mean(self) -> float:
        """Mean guesses per secret (weighted: the expected number of guesses)."""
        return self.total / self.weight


def optimal_tree(
    matrix: PatternMatrix,
    options: PlayOptions | None = None,
    *,
    limit: SearchLimit | None = None,
    weights: SecretWeights | None = None,
    progress: Progress | None = None,
) -> SearchResult:
    """The optimal tree of the game played with ``options`` (hard mode, pool, openers), proven;
    or, within ``limit``, the best tree found and the lower bound proven.

    ``progress(n)`` is called as secrets are settled. With ``weights`` the tree minimises the
    expected number of guesses.

    >>> from wordsolver.games import GameOverrides, find_game
    >>> from wordsolver.matrix import pattern_matrix
    >>> game = find_game("fallout", GameOverrides(words=("cat", "car", "bat", "bar")))
    >>> result = optimal_tree(pattern_matrix(game, use_cache=False))
    >>> result.total, result.proven
    (8, True)
    """
    options = options or PlayOptions()
    search = OptimalSearch(
        matrix,
        hard=options.hard,
        only_candidates=options.guess_from == "candidates",
        limit=limit,
        weights=weights,
    )
    openers = tuple(matrix.game.guess_row(word) for word in options.openers)
    return grow_optimal(
        search, openers, fallback=entropy_fallback(matrix, options), progress=progress
    )


def grow_optimal(
    search: OptimalSearch,
    openers: tuple[int, ...] = (),
    *,
    fallback: Fallback,
    progress: Progress | None = None,
) -> SearchResult:
    """The tree of :func:`optimal_tree` from a given search (its memo is kept and reused).

    ``fallback(candidates, tries_left, pool)`` grows a heuristic subtree for any set the budget
    did not let the search finish.
    """
    started = time.perf_counter()
    game = search.game
    tries = game.max_tries or UNLIMITED_TRIES
    everything = np.arange(len(game.secrets), dtype=np.intp)
    all_rows = np.arange(len(game.guesses), dtype=np.intp)
    start_pool = np.asarray(game.secret_rows, dtype=np.intp) if search.only_candidates else all_rows
    search.start_clock()
    totals = {"total": 0, "lower": 0}
    proven = search.limit.beam is None

    def grow(candidates: IdArray, depth: int, pool: Pool) -> Node:
        nonlocal proven
        if depth < len(openers) and len(candidates) > 1:
            node = Node(openers[depth])
            totals["total"] += search.weight(candidates)
            totals["lower"] += search.weight(candidates)
            for pattern, members in split(search.matrix.values[node.guess, candidates], candidates):
                if pattern == game.win_pattern:
                    if progress is not None:
                        progress(1)
                    continue
                child_pool = search.pool_after(pool, node.guess, pattern, members)
                node.children[pattern] = grow(members, depth + 1, child_pool)
            return node
        tries_left = tries - depth
        try:
            known = search.solve(candidates, tries_left, pool, INFEASIBLE)
            if known.lower >= INFEASIBLE:
                raise WordsolverError(
                    f"no tree solves {len(candidates)} candidates within {tries_left} tries"
                )
            node = subtree(search, candidates, tries_left, pool)
            totals["total"] += known.lower
            # A beam's value is only the best tree it saw; its proof is the first-guess bound.
            beamed = search.limit.beam is not None
            totals["lower"] += search.first_bound(candidates, pool) if beamed else known.lower
        except SearchInterrupted:
            proven = False
            node = fallback(candidates, tries_left, pool)
            sub = DecisionTree(search.matrix, node, "fallback")
            totals["total"] += int(sub.guesses_needed(candidates) @ search.units[candidates])
            known_lower = search.memo.get(search.memo_key(candidates, tries_left, pool))
            floor = search.first_bound(candidates, pool)
            proven_lower = known_lower.lower if known_lower and search.limit.beam is None else 0
            totals["lower"] += max(floor, proven_lower)
        if progress is not None:
            progress(len(candidates))
        return node

    root = grow(everything, 0, start_pool)
    lower = totals["lower"]
    weight = search.weight(everything)
    tree = DecisionTree(
        matrix=search.matrix,
        root=root,
        strategy="optimal",
        proven=proven and lower == totals["total"],
        # In guesses for equally likely secrets: n × the bound on the expected guesses.
        lower_bound=lower if search.weights is None else lower / weight * len(everything),
        weights=search.weights,
    )
    return SearchResult(
        tree=tree,
        total=totals["total"],
        lower_bound=lower,
        proven=tree.proven,
        nodes=search.nodes,
        seconds=time.perf_counter() - started,
        weight=weight,
    )


def subtree(search: OptimalSearch, candidates: IdArray, tries_left: int, pool: Pool) -> Node:
    """The optimal tree below a set the search has solved exactly."""
    node = Node(search.best_guess(candidates, tries_left, pool))
    for pattern, members in split(search.matrix.values[node.guess, candidates], candidates):
        if pattern != search.game.win_pattern:
            child_pool = search.pool_after(pool, node.guess, pattern, members)
            node.children[pattern] = subtree(search, members, tries_left - 1, child_pool)
    return node
