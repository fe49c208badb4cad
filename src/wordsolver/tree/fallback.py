"""Finish what a budget cut short: the entropy strategy's subtree for a set the exact search
did not solve in time (used by ``tree build --strategy optimal --time/--nodes/--beam``)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from wordsolver.matrix import PatternMatrix
from wordsolver.plumbing.arrays import IdArray
from wordsolver.search.base import UNLIMITED_TRIES
from wordsolver.strategies import Player, PlayOptions, find_strategy
from wordsolver.tree.grow import grow_tree
from wordsolver.tree.node import Node

#: Grows a subtree for (candidates, tries left, guesses allowed) when the search could not.
Fallback = Callable[[IdArray, int, IdArray], Node]


def entropy_fallback(matrix: PatternMatrix, options: PlayOptions) -> Fallback:
    """A fallback for :func:`~wordsolver.tree.optimal.grow_optimal` that grows the
    entropy strategy's subtree from the set, with the tries used and hard-mode pool there."""
    player = Player(matrix, find_strategy("entropy"), options)
    tries = matrix.game.max_tries

    def fallback(candidates: IdArray, tries_left: int, pool: IdArray) -> Node:
        mask = None
        if options.hard:
            mask = np.zeros(len(matrix.game.guesses), dtype=np.bool_)
            mask[pool] = True
        used = (tries or UNLIMITED_TRIES) - tries_left
        return grow_tree(player, start=(candidates, used, mask)).root

    return fallback
