"""Symmetry of games whose feedback does not depend on which letter or which position is which.

A rule declares the permutations that leave its feedback unchanged
(:attr:`~wordsolver.games.FeedbackRule.symmetries`): in Mastermind and Bulls and Cows the
feedback of a guess counts letters in place and letters elsewhere, so renaming the letters
(colours, digits) or reordering the positions, the same way in guess and secret, leaves every
pattern as it was; Wordle's colours survive renaming the letters only. When the secrets and the
allowed guesses are closed under these permutations too (every string, or every string of
distinct letters), guesses that one permutation maps onto another are worth the same. A
permutation that fixes every guess played so far also fixes every candidate set they left, so
below a history of guesses only one guess of each class of the permutations fixing the history
needs searching: 5 first guesses of Mastermind's 1,296 (``aaaa aaab aabb aabc abcd``), one of
Bulls and Cows' 5,040.

Classes are found by canonical labels: for each order of the positions, the letters of the
history followed by the guess are renamed in order of first appearance (kept as they are when
the rule does not allow renaming); the least result over the position orders that give the
history its least form names the guess's class.

>>> from wordsolver.games import find_game
>>> game = find_game("mastermind")
>>> symmetry = game_symmetry(game)
>>> [game.guesses.words[row] for row in symmetry.representatives((), all_rows(game))]
['aaaa', 'aaab', 'aabb', 'aabc', 'abcd']
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from wordsolver.alphabet import LetterCodes
from wordsolver.games import Game
from wordsolver.plumbing.arrays import IdArray

KeyArray = npt.NDArray[np.int64]
#: Position orders are tried only up to this word length (its factorial of them).
MAX_PERMUTED_LENGTH = 6


@dataclass(frozen=True, slots=True, eq=False)
class Symmetry:
    """The letter and position permutations a game's rules and lists are closed under."""

    #: The allowed guesses as letter codes (one row each).
    codes: LetterCodes
    #: Every order of the positions the symmetry uses (one row each; the identity alone when
    #: the rule does not allow reordering).
    orders: npt.NDArray[np.intp]
    alphabet_size: int
    #: Whether letters may be renamed (else each letter names itself).
    letters: bool = True

    def class_keys(self, history: Sequence[int], rows: IdArray) -> KeyArray:
        """For each guess of ``rows``, a key shared exactly by the guesses that a permutation
        fixing every guess of ``history`` maps onto it."""
        length = self.codes.shape[1]
        played = self.codes[np.asarray(history, dtype=np.intp)].reshape(len(history), length)
        labelled = [self._label_history(played[:, order]) for order in self.orders]
        least = min(labels for labels, _ in labelled)
        guesses = self.codes[rows]
        keys = np.full(len(rows), np.iinfo(np.int64).max, dtype=np.int64)
        for order, (labels, named) in zip(self.orders, labelled, strict=True):
            if labels == least:
                keys = np.minimum(keys, self._label_guesses(guesses[:, order], named))
        return keys

    def representatives(self, history: Sequence[int], rows: IdArray) -> IdArray:
        """One guess of ``rows`` per class (the first of each), in the order of ``rows``."""
        _, first = np.unique(self.class_keys(history, rows), return_index=True)
        kept: IdArray = rows[np.sort(first)]
        return kept

    def _label_history(self, played: LetterCodes) -> tuple[tuple[int, ...], dict[int, int]]:
        """The history's letters renamed in order of first appearance, and the renaming (every
        letter named as itself when letters may not be renamed)."""
        if not self.letters:
            return tuple(played.ravel().tolist()), {k: k for k in range(self.alphabet_size)}
        named: dict[int, int] = {}
        for letter in played.ravel().tolist():
            named.setdefault(letter, len(named))
        return tuple(named[letter] for letter in played.ravel().tolist()), named

    def _label_guesses(self, guesses: LetterCodes, named: dict[int, int]) -> KeyArray:
        """Each guess's letters renamed after the history's (new letters in order of first
        appearance), packed into one number."""
        n = len(guesses)
        names = np.full((n, self.alphabet_size), -1, dtype=np.int64)
        for letter, known in named.items():
            names[:, letter] = known
        next_name = np.full(n, len(named), dtype=np.int64)
        keys = np.zeros(n, dtype=np.int64)
        everyone = np.arange(n)
        for position in range(guesses.shape[1]):
            letters = guesses[:, position].astype(np.intp)
            name = names[everyone, letters]
            fresh = name < 0
            name = np.where(fresh, next_name, name)
            names[everyone[fresh], letters[fresh]] = next_name[fresh]
            next_name += fresh
            keys = keys * self.alphabet_size + name
        return keys


def all_rows(game: Game) -> IdArray:
    """Every allowed guess's row."""
    return np.arange(len(game.guesses), dtype=np.intp)


def game_symmetry(game: Game) -> Symmetry | None:
    """The game's symmetry: the permutations its rule declares
    (:attr:`~wordsolver.games.FeedbackRule.symmetries`) when both its lists are closed under
    them; None otherwise (word lists, a rule without symmetries)."""
    declared = game.rule.symmetries
    if not declared.letters and not declared.positions:
        return None
    size = game.alphabet.size
    if size**game.length >= 2**62:
        return None
    guesses = game.guess_codes
    secrets = game.secret_codes()
    length = game.length
    renamed = declared.letters and size > 1
    letter_moves = [_swap(size, 0, 1), np.roll(np.arange(size), 1)] if renamed else []
    permuted = declared.positions and 1 < length <= MAX_PERMUTED_LENGTH
    position_moves = [_swap(length, 0, 1), np.roll(np.arange(length), 1)] if permuted else []
    if not letter_moves and not position_moves:
        return None
    for codes in (guesses, secrets):
        present = set(_numbers(codes, size).tolist())
        images: list[npt.NDArray[np.integer[Any]]] = [move[codes] for move in letter_moves]
        images += [codes[:, move] for move in position_moves]
        if any(not present.issuperset(_numbers(image, size).tolist()) for image in images):
            return None
    positions = range(length)
    orders = itertools.permutations(positions) if permuted else iter([tuple(positions)])
    return Symmetry(guesses, np.array(list(orders), dtype=np.intp), size, declared.letters)


def _swap(size: int, a: int, b: int) -> npt.NDArray[np.intp]:
    moved = np.arange(size, dtype=np.intp)
    moved[[a, b]] = moved[[b, a]]
    return moved


def _numbers(codes: npt.NDArray[np.integer[Any]], size: int) -> KeyArray:
    """Each row of letter codes as one number (base ``size``)."""
    numbers = np.zeros(len(codes), dtype=np.int64)
    for position in range(codes.shape[1]):
        numbers = numbers * size + codes[:, position]
    return numbers
