"""Prove a tree is sound, and that the file's claims about it hold.

Sound: every secret is reached and every edge is a feedback that can happen. Claims: what the file
says besides the tree, namely a strategy name, ``proven`` with its ``lower_bound``, and the play
options the tree obeys (hard mode checked by the rule's own hard mode, ``guess_from``
``candidates``, the openers played first). A claim a walker would trust must be true, or a word.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np

from wordsolver.errors import WordsolverError
from wordsolver.plumbing.arrays import BoolArray, IdArray
from wordsolver.strategies.player import consistent_after
from wordsolver.tree.node import DecisionTree, Node, split

#: Relative slack when a bound is compared with a total (weighted totals are floats).
TOLERANCE = 1e-6


class TreeCheckError(WordsolverError):
    """A tree misses a secret, holds an edge that no secret can produce, or its file claims
    what the tree does not bear out."""


def check_tree(tree: DecisionTree, document: Mapping[str, Any] | None = None) -> None:
    """Raise TreeCheckError describing the first fault; silent when the tree is sound and its
    claims hold. ``document`` is the file's raw content, whose recorded types are checked too."""
    if document is not None:
        check_recorded_types(document)
    _check_reach(tree)
    _check_bound(tree)
    _check_play_options(tree)


def check_recorded_types(document: Mapping[str, Any]) -> None:
    """The fields a loader would convert silently must already have their types."""
    if not isinstance(document.get("strategy"), str):
        raise TreeCheckError(f"the strategy must be a name, not {document.get('strategy')!r}")
    if not isinstance(document.get("proven", False), bool):
        raise TreeCheckError(f"proven must be true or false, not {document.get('proven')!r}")
    bound = document.get("lower_bound")
    if bound is not None and (isinstance(bound, bool) or not isinstance(bound, int | float)):
        raise TreeCheckError(f"the lower bound must be a number or null, not {bound!r}")
    options = document.get("options", {})
    if not isinstance(options, dict):
        raise TreeCheckError(f"the options must be an object, not {options!r}")
    if not isinstance(options.get("hard", False), bool):
        raise TreeCheckError(f"options.hard must be true or false, not {options.get('hard')!r}")


def _check_reach(tree: DecisionTree) -> None:
    game = tree.matrix.game
    words = game.guesses.words
    stack: list[tuple[Node, IdArray, str]] = [
        (tree.root, np.arange(len(game.secrets), dtype=np.intp), "")
    ]
    while stack:
        node, candidates, path = stack.pop()
        here = f"{path}{words[node.guess]}"
        groups = dict(split(tree.matrix.values[node.guess, candidates], candidates))
        for pattern in node.children.keys() - groups.keys():
            raise TreeCheckError(f"after {here}, edge {game.format_pattern(pattern)} cannot happen")
        for pattern, members in groups.items():
            if pattern == game.win_pattern:
                if pattern in node.children:
                    raise TreeCheckError(f"after {here}, a guess follows the win")
                continue
            child = node.children.get(pattern)
            if child is None:
                missing = game.secrets.words[members[0]]
                raise TreeCheckError(
                    f"after {here} {game.format_pattern(pattern)}, no guess follows"
                    f" ({len(members)} secrets, e.g. {missing!r}, are never reached)"
                )
            stack.append((child, members, f"{here} {game.format_pattern(pattern)} → "))


def tree_total(tree: DecisionTree) -> float:
    """The tree's total in the unit of its bound: guesses summed over the secrets, or, for a
    weighted tree, the number of secrets times the expected guesses."""
    needed = tree.guesses_needed()
    if tree.weights is None:
        return float(needed.sum())
    return len(needed) * tree.weights.expected(needed)


def _check_bound(tree: DecisionTree) -> None:
    """No tree beats a lower bound; a proven tree is one whose total meets its bound."""
    bound = tree.lower_bound
    if tree.proven and bound is None:
        raise TreeCheckError("the file says proven but records no lower bound")
    if bound is None:
        return
    total = tree_total(tree)
    if not math.isfinite(bound):
        raise TreeCheckError(f"the lower bound {bound} is not a finite number")
    if bound < 0:
        raise TreeCheckError(
            f"the lower bound {bound:g} is negative: a count of guesses cannot be, so the file"
            " was edited by hand"
        )
    slack = TOLERANCE * max(1.0, abs(total))
    if bound > total + slack:
        raise TreeCheckError(
            f"the lower bound {bound:g} is above the tree's own total {total:g}: no tree can"
            " beat a true lower bound, so the file's claim is false"
        )
    if tree.proven and bound < total - slack:
        raise TreeCheckError(
            f"the file says proven optimal, but its lower bound {bound:g} is below the tree's"
            f" total {total:g}"
        )


def _check_play_options(tree: DecisionTree) -> None:
    """Every guess obeys the options the file records: openers first, hard mode, candidates."""
    game = tree.matrix.game
    options = tree.options
    hard = options.get("hard") is True
    only_candidates = options.get("guess_from") == "candidates"
    openers = [game.guess_row(word) for word in options.get("openers", [])]
    words = game.guesses.words
    start: BoolArray | None = np.ones(len(game.guesses), dtype=np.bool_) if hard else None
    stack: list[tuple[Node, IdArray, BoolArray | None, int, str]] = [
        (tree.root, np.arange(len(game.secrets), dtype=np.intp), start, 0, "")
    ]
    while stack:
        node, candidates, allowed, depth, path = stack.pop()
        where = f"after {path.rstrip(' →')}" if path else "at the start"
        guess = words[node.guess]
        if len(candidates) > 1 and depth < len(openers) and node.guess != openers[depth]:
            raise TreeCheckError(f"{where}, {guess} is played where opener {depth + 1} is due")
        if allowed is not None and not allowed[node.guess]:
            raise TreeCheckError(f"{where}, {guess} breaks the hard mode the file claims")
        if only_candidates and node.guess not in game.secret_rows[candidates]:
            raise TreeCheckError(
                f"{where}, {guess} is not a candidate, though the file says guesses are"
            )
        groups = dict(split(tree.matrix.values[node.guess, candidates], candidates))
        for pattern, child in node.children.items():
            after = (
                None
                if allowed is None
                else consistent_after(tree.matrix, allowed, node.guess, pattern)
            )
            step = f"{path}{guess} {game.format_pattern(pattern)} → "
            stack.append((child, groups[pattern], after, depth + 1, step))
