"""The optimal tree: the exact search of :mod:`wordsolver.search` turned into a decision tree.

One entry point, :func:`optimal_tree`, for everything that wants the proven tree (the CLI, the
benchmarks, the tests): it runs the search set by set below the fixed openers, turns its answers
into nodes, and finishes the sets a budget cut short with the entropy strategy's subtree
(:mod:`wordsolver.tree.fallback`), keeping the best lower bound proven for each.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from wordsolver.errors import UnsolvableError
from wordsolver.matrix import PatternMatrix
from wordsolver.partition import split
from wordsolver.plumbing.arrays import IdArray, Int64Array
from wordsolver.plumbing.progress import Progress
from wordsolver.search.base import (
    INFEASIBLE,
    UNLIMITED_TRIES,
    ExactSearch,
    Pool,
    SearchInterrupted,
    SearchLimit,
)
from wordsolver.strategies import PlayOptions
from wordsolver.tree.fallback import Fallback, entropy_fallback
from wordsolver.tree.node import DecisionTree, Node
from wordsolver.weights import SecretWeights


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
    from wordsolver.search.compiled import exact_search  # loads the compiled core

    options = options or PlayOptions()
    search = exact_search(
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


@dataclass(slots=True)
class _Leaf:
    """A set below the openers: the node that stands for it and what it is searched with."""

    node: Node
    candidates: IdArray
    tries_left: int
    pool: Pool


def grow_optimal(
    search: ExactSearch,
    openers: tuple[int, ...] = (),
    *,
    fallback: Fallback,
    progress: Progress | None = None,
) -> SearchResult:
    """The tree of :func:`optimal_tree` from a given search (its memo is kept and reused).

    The sets below the openers are solved first, all at once (the search may share them
    between cores), then each becomes its subtree. ``fallback(candidates, tries_left, pool)``
    grows a heuristic subtree for any set the budget did not let the search finish.
    """
    started = time.perf_counter()
    game = search.game
    tries = game.max_tries or UNLIMITED_TRIES
    everything = np.arange(len(game.secrets), dtype=np.intp)
    all_rows = np.arange(len(game.guesses), dtype=np.intp)
    start_pool = np.asarray(game.secret_rows, dtype=np.intp) if search.only_candidates else all_rows
    search.start_clock()
    total = lower = 0
    leaves: list[_Leaf] = []

    def plant(candidates: IdArray, depth: int, pool: Pool) -> Node:
        """The openers' part of the tree, with a leaf for every set below them."""
        nonlocal total, lower
        if depth < len(openers) and len(candidates) > 1:
            node = Node(openers[depth])
            total += search.weight(candidates)
            lower += search.weight(candidates)
            for pattern, members in split(search.matrix.values[node.guess, candidates], candidates):
                if pattern == game.win_pattern:
                    if progress is not None:
                        progress(1)
                    continue
                child_pool = search.pool_after(pool, node.guess, pattern, members)
                node.children[pattern] = plant(members, depth + 1, child_pool)
            return node
        leaf = _Leaf(Node(-1), candidates, tries - depth, pool)
        leaves.append(leaf)
        return leaf.node

    root = plant(everything, 0, start_pool)
    search.solve_all([(leaf.candidates, leaf.tries_left, leaf.pool) for leaf in leaves], progress)
    proven = search.limit.beam is None
    for leaf in leaves:
        value, floor, exact = _settle(search, leaf, fallback)
        total += value
        lower += floor
        proven &= exact
    weight = search.weight(everything)
    tree = DecisionTree(
        matrix=search.matrix,
        root=root,
        strategy="optimal",
        proven=proven and lower == total,
        # In guesses for equally likely secrets: n × the bound on the expected guesses.
        lower_bound=lower if search.weights is None else lower / weight * len(everything),
        weights=search.weights,
    )
    return SearchResult(
        tree=tree,
        total=total,
        lower_bound=lower,
        proven=tree.proven,
        nodes=search.nodes,
        seconds=time.perf_counter() - started,
        weight=weight,
    )


def _settle(search: ExactSearch, leaf: _Leaf, fallback: Fallback) -> tuple[int, int, bool]:
    """Grow a leaf's subtree into its node: (its total, the lower bound proven, whether the
    search finished it)."""
    candidates, tries_left, pool = leaf.candidates, leaf.tries_left, leaf.pool
    try:
        known = search.solve(candidates, tries_left, pool, INFEASIBLE)
    except SearchInterrupted:
        sub = DecisionTree(search.matrix, fallback(candidates, tries_left, pool), "fallback")
        _adopt(leaf.node, sub.root)
        value = int(sub.guesses_needed(candidates) @ search.units[candidates])
        floor = search.first_bound(candidates, pool)
        proven_lower = (
            0
            if search.limit.beam is not None
            else search.proven_lower(candidates, tries_left, pool)
        )
        return value, max(floor, proven_lower), False
    if known.lower >= INFEASIBLE:
        raise UnsolvableError(
            f"no tree solves {len(candidates)} candidates within {tries_left} tries"
        )
    _adopt(leaf.node, nodes_of(search.tree_rows(candidates, tries_left, pool)))
    # A beam's value is only the best tree it saw; its proof is the first-guess bound.
    beamed = search.limit.beam is not None
    floor = (
        search.first_bound(candidates, pool)
        if beamed
        else search.lower_of(candidates, tries_left, known)
    )
    value = known.lower
    if beamed:  # a set searched again may take another beam's path: count the tree kept
        grown = DecisionTree(search.matrix, leaf.node, "optimal")
        value = int(grown.guesses_needed(candidates) @ search.units[candidates])
    return value, floor, True


def _adopt(node: Node, grown: Node) -> None:
    """Make ``node`` (already linked into the tree) the root of ``grown``."""
    node.guess = grown.guess
    node.children = grown.children


def nodes_of(rows: Int64Array) -> Node:
    """The tree of rows (guess, parent node, pattern from the parent), root first as node 1."""
    nodes = [Node(-1)]
    for guess, parent, pattern in rows.tolist():
        node = Node(guess)
        nodes.append(node)
        if parent > 0:
            nodes[parent].children[pattern] = node
    return nodes[1]
