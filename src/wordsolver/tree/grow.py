"""Grow a decision tree by asking a player what to guess at every branch."""

from __future__ import annotations

import numpy as np

from wordsolver.errors import WordsolverError
from wordsolver.plumbing.arrays import BoolArray, IdArray
from wordsolver.plumbing.progress import Progress
from wordsolver.strategies.player import Player, consistent_after
from wordsolver.tree.node import DecisionTree, Node, split

#: A strategy that needs more guesses than this is not making progress.
MAX_GUESSES = 64

#: A later moment of a game: (candidates, tries used, hard-mode mask or None).
Start = tuple[IdArray, int, BoolArray | None]


def grow_tree(
    player: Player,
    *,
    secrets: IdArray | None = None,
    progress: Progress | None = None,
    start: Start | None = None,
) -> DecisionTree:
    """The player's whole strategy as a tree; ``secrets`` grows only the branches they reach.

    ``start`` = (candidates, tries used, hard-mode mask) grows the tree from a later moment of a
    game instead of from its beginning. ``progress(n)`` is called as secrets are solved.
    """
    game = player.matrix.game
    everything = np.arange(len(game.secrets), dtype=np.intp)
    wanted = np.zeros(len(game.secrets), dtype=np.bool_)
    wanted[everything if secrets is None else secrets] = True

    root = Node(-1)
    candidates, tries_used, consistent = start or (everything, 0, player.start_mask())
    stack: list[tuple[Node, IdArray, int, BoolArray | None]] = [
        (root, candidates, tries_used, consistent)
    ]
    while stack:
        node, candidates, tries_used, consistent = stack.pop()
        if tries_used >= MAX_GUESSES:
            raise WordsolverError(
                f"{player.strategy.name} needed more than {MAX_GUESSES} guesses: it is stuck"
            )
        node.guess = player.next_guess(candidates, tries_used, consistent)
        patterns = player.matrix.values[node.guess, candidates]
        for pattern, members in split(patterns, candidates):
            if pattern == game.win_pattern:
                if progress is not None and wanted[members[0]]:
                    progress(1)
            elif wanted[members].any():
                child = node.children[pattern] = Node(-1)
                mask = (
                    None
                    if consistent is None
                    else consistent_after(player.matrix, consistent, node.guess, pattern)
                )
                stack.append((child, members, tries_used + 1, mask))
    return DecisionTree(
        matrix=player.matrix,
        root=root,
        strategy=player.strategy.name,
        options=player.options.describe(),
    )
