"""Slow, plain references for the tree tests: exhaustive optimal search, pool rules, fallbacks.

The exhaustive search tries every allowed guess at every set, with no bounds and no pruning, so
its answer is the definition of optimal: the fewest total guesses over all secrets, ties broken
by the smaller worst case (deepest secret).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from typing import TypedDict

import numpy as np

from wordsolver.alphabet import find_alphabet
from wordsolver.games import BullsCowsRule, ColoursRule, Game, LikenessRule, make_game
from wordsolver.lexicon import Lexicon
from wordsolver.matrix import PatternMatrix
from wordsolver.search import UNLIMITED_TRIES, SearchLimit
from wordsolver.strategies import PlayOptions
from wordsolver.tree import DecisionTree, Node
from wordsolver.tree.optimal import SearchResult, optimal_tree


class PoolFlags(TypedDict, total=False):
    """Which guesses the searches may play: hard mode, or only the candidates."""

    hard: bool
    only_candidates: bool


#: (total guesses, deepest secret) of an optimal tree, or None when no tree fits the tries.
Value = tuple[int, int] | None

RULES = {"colours": ColoursRule(), "bulls-cows": BullsCowsRule(), "likeness": LikenessRule()}


def brute_force(
    game: Game,
    *,
    hard: bool = False,
    only_candidates: bool = False,
    weights: Sequence[int] | None = None,
) -> Value:
    """The optimal (total, worst) by trying every allowed guess everywhere.

    Pools follow the rules the search is given: the candidates left when ``only_candidates``,
    the guesses ``game.rule.hard_mode_allows`` keeps when ``hard``, every allowed guess
    otherwise. A game without a limit of tries gets the search's own (``UNLIMITED_TRIES``).
    With ``weights`` each secret counts its weight in the total instead of one.
    """
    words = game.guesses.words
    secrets = game.secrets.words
    codes = game.alphabet.encode(words)
    row_of = {word: row for row, word in enumerate(words)}
    weight = [1] * len(secrets) if weights is None else list(weights)

    @cache
    def feedback(guess: int, secret: int) -> int:
        return game.rule.feedback(words[guess], secrets[secret])

    @cache
    def value(candidates: frozenset[int], tries_left: int, pool: tuple[int, ...]) -> Value:
        if tries_left == 0:
            return None
        best: Value = None
        for guess in pool:
            buckets: dict[int, set[int]] = {}
            for secret in candidates:
                buckets.setdefault(feedback(guess, secret), set()).add(secret)
            buckets.pop(game.win_pattern, None)
            if any(len(bucket) == len(candidates) for bucket in buckets.values()):
                continue  # learns nothing: a wasted guess is never part of an optimal tree
            total, worst = sum(weight[secret] for secret in candidates), 1
            for pattern, bucket in buckets.items():
                if only_candidates:
                    next_pool = tuple(sorted(row_of[secrets[s]] for s in bucket))
                elif hard:
                    kept = game.rule.hard_mode_allows(codes[list(pool)], codes[guess], pattern)
                    next_pool = tuple(p for p, keep in zip(pool, kept, strict=True) if keep)
                else:
                    next_pool = pool
                child = value(frozenset(bucket), tries_left - 1, next_pool)
                if child is None:
                    break
                total += child[0]
                worst = max(worst, child[1] + 1)
            else:
                if best is None or (total, worst) < best:
                    best = (total, worst)
        return best

    start = (
        tuple(sorted(row_of[word] for word in secrets))
        if only_candidates
        else tuple(range(len(words)))
    )
    return value(frozenset(range(len(secrets))), game.max_tries or UNLIMITED_TRIES, start)


def no_fallback(candidates: np.ndarray, tries_left: int, pool: np.ndarray) -> Node:
    """For searches without a budget: the fallback must never be needed."""
    raise AssertionError("a search without a budget asked for its fallback")


def optimal(
    matrix: PatternMatrix,
    *,
    hard: bool = False,
    only_candidates: bool = False,
    limit: SearchLimit | None = None,
    openers: tuple[int, ...] = (),
) -> SearchResult:
    """:func:`~wordsolver.tree.optimal.optimal_tree` with these play options (openers as rows)."""
    options = PlayOptions(
        hard=hard,
        guess_from="candidates" if only_candidates else "allowed",
        openers=tuple(matrix.game.guesses.words[row] for row in openers),
    )
    return optimal_tree(matrix, options, limit=limit)


def small_game(
    rule: str,
    secrets: Sequence[str],
    extra: Sequence[str] = (),
    *,
    letters: str = "abcdef",
    tries: int | None = None,
) -> Game:
    """A small custom game of any rule over a small alphabet."""
    return make_game(
        f"{rule} (custom)",
        RULES[rule],
        find_alphabet(letters),
        len(secrets[0]),
        tries,
        Lexicon("secrets", tuple(secrets)),
        Lexicon("allowed", tuple(extra)) if extra else None,
    )


def paths(tree: DecisionTree) -> Iterator[tuple[Node, list[tuple[int, int]], np.ndarray]]:
    """Every node with its history [(guess, pattern), ...] and the candidates left there."""
    matrix = tree.matrix
    stack: list[tuple[Node, list[tuple[int, int]], np.ndarray]] = [
        (tree.root, [], np.arange(len(matrix.game.secrets)))
    ]
    while stack:
        node, history, candidates = stack.pop()
        yield node, history, candidates
        patterns = matrix.values[node.guess, candidates]
        for pattern, child in node.children.items():
            stack.append(
                (child, [*history, (node.guess, pattern)], candidates[patterns == pattern])
            )
