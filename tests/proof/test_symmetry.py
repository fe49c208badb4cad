"""Symmetry classes: which games have them, the classes' sizes, and the symmetric search
against the plain one on small Mastermind and Bulls and Cows variants."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from tests.proof.conftest import SMALL, plain_values, small, words_game
from wordsolver.alphabet import find_alphabet
from wordsolver.games import (
    ColoursRule,
    GameOverrides,
    JottoRule,
    all_strings,
    find_game,
    make_game,
)
from wordsolver.matrix import pattern_matrix
from wordsolver.proof.first_guess import FirstGuessSearch
from wordsolver.proof.symmetric import SymmetricSearch
from wordsolver.proof.symmetry import Symmetry, all_rows, game_symmetry
from wordsolver.search import UNLIMITED_TRIES, CompiledSearch
from wordsolver.tree import DecisionTree
from wordsolver.tree.optimal import nodes_of


def test_mastermind_and_bulls_first_guess_classes() -> None:
    mastermind, bulls = find_game("mastermind"), find_game("bulls")
    for game, expected in ((mastermind, 5), (bulls, 1)):
        symmetry = game_symmetry(game)
        assert symmetry is not None
        assert len(symmetry.representatives((), all_rows(game))) == expected
    symmetry = game_symmetry(bulls)
    assert symmetry is not None
    # The 20 classes of second guesses after 0123, as the literature counts them.
    assert len(symmetry.representatives((bulls.guess_row("0123"),), all_rows(bulls))) == 20


@pytest.mark.parametrize("name", ["wordle", "5bukv", "tonguess3"])
def test_word_lists_have_no_symmetry(name: str) -> None:
    assert game_symmetry(find_game(name)) is None


def test_a_list_not_closed_under_renaming_has_no_symmetry() -> None:
    game = find_game("mastermind", GameOverrides(words=("aabc", "abcd", "bbbb")))
    assert game_symmetry(game) is None
    assert game_symmetry(words_game()) is None


def test_classes_are_orbits_of_the_permutations() -> None:
    """Every member of a class is a renaming and reordering of its first one, and guesses in
    different classes never are (brute force over the whole group of a small game)."""
    game = small("mastermind-3x4")
    symmetry = game_symmetry(game)
    assert symmetry is not None
    words = game.guesses.words
    history = (game.guess_row("aab"),)
    keys = symmetry.class_keys(history, all_rows(game))

    def move(word: str, rename: dict[str, str], order: tuple[int, ...]) -> str:
        return "".join(rename[word[i]] for i in order)

    def images(word: str, fixed: str) -> set[str]:
        found = set()
        for letters in itertools.permutations("abcd"):
            rename = dict(zip("abcd", letters, strict=True))
            for order in itertools.permutations(range(3)):
                if move(fixed, rename, order) == fixed:
                    found.add(move(word, rename, order))
        return found

    for row, word in enumerate(words):
        same = {words[other] for other in np.flatnonzero(keys == keys[row])}
        assert same == images(word, "aab"), word


@pytest.mark.parametrize("name", list(SMALL))
def test_symmetric_search_equals_the_plain_one(name: str) -> None:
    """Every first guess: the same total and worst case with one guess per class at every
    level as with every guess, and the symmetric tree holds what it claims."""
    game = small(name)
    matrix = pattern_matrix(game, use_cache=False)
    symmetry = game_symmetry(game)
    assert symmetry is not None
    search = CompiledSearch(matrix, workers=1)
    symmetric = SymmetricSearch(search, symmetry, min_size=3, depth=8)
    everything = np.arange(len(game.secrets), dtype=np.intp)
    tries = game.max_tries or UNLIMITED_TRIES
    first = FirstGuessSearch(search, everything, tries, all_rows(game), symmetric)
    plain = plain_values(name)
    for row, word in enumerate(game.guesses.words):
        value, _ = first.value(row)
        assert value.exact
        assert (value.total, value.worst) == plain[word], word
        rows = first.tree_rows(row)
        tree = DecisionTree(matrix, nodes_of(rows), "optimal")
        needed = tree.guesses_needed()
        assert (int(needed.sum()), int(needed.max())) == plain[word], word


@pytest.mark.parametrize("name", ["mastermind-3x4", "bulls-3of6"])
def test_symmetric_cutoffs_are_sound(name: str) -> None:
    """Under a cutoff: exact at or below it, and a true lower bound above it."""
    game = small(name)
    symmetry = game_symmetry(game)
    assert symmetry is not None
    search = CompiledSearch(pattern_matrix(game, use_cache=False), workers=1)
    symmetric = SymmetricSearch(search, symmetry, min_size=3, depth=8)
    everything = np.arange(len(game.secrets), dtype=np.intp)
    tries = game.max_tries or UNLIMITED_TRIES
    first = FirstGuessSearch(search, everything, tries, all_rows(game), symmetric)
    plain = plain_values(name)
    best = min(total for total, _ in plain.values())
    for row, word in enumerate(game.guesses.words):
        value, _ = first.value(row, best)
        total = plain[word][0]
        if total <= best:
            assert value.exact and value.total == total
        else:
            assert not value.exact and best < value.total <= total


@pytest.mark.parametrize(("letters", "positions"), [(True, False), (False, True)])
def test_classes_of_a_part_of_the_permutations_are_its_orbits(
    letters: bool, positions: bool
) -> None:
    """A rule may allow renaming letters only (Wordle's colours) or reordering positions
    only: the classes are then the orbits of that part alone."""
    game = small("mastermind-3x4")
    orders = list(itertools.permutations(range(3))) if positions else [(0, 1, 2)]
    symmetry = Symmetry(game.guess_codes, np.array(orders, dtype=np.intp), 4, letters)
    words = game.guesses.words
    fixed = "aab"
    keys = symmetry.class_keys((game.guess_row(fixed),), all_rows(game))
    renamings = list(itertools.permutations("abcd")) if letters else ["abcd"]

    def images(word: str) -> set[str]:
        found = set()
        for renamed in renamings:
            rename = dict(zip("abcd", renamed, strict=True))
            for order in orders:
                if "".join(rename[fixed[i]] for i in order) == fixed:
                    found.add("".join(rename[word[i]] for i in order))
        return found

    for row, word in enumerate(words):
        assert {words[other] for other in np.flatnonzero(keys == keys[row])} == images(word)


def test_colours_over_every_string_rename_letters_only() -> None:
    alphabet = find_alphabet("abc")
    words = all_strings(alphabet, 2, distinct_letters=False)
    game = make_game("colours", ColoursRule(), alphabet, 2, None, words, None)
    symmetry = game_symmetry(game)
    assert symmetry is not None and symmetry.letters and len(symmetry.orders) == 1
    first = symmetry.representatives((), all_rows(game))
    assert [game.guesses.words[row] for row in first] == ["aa", "ab"]


def test_jotto_over_every_string_has_the_classes_of_mastermind() -> None:
    """Jotto declares the symmetries Bulls and Cows has: over every 3-letter string of abcd its
    first guesses fall into the same three classes (one letter, two, three)."""
    alphabet = find_alphabet("abcd")
    words = all_strings(alphabet, 3, distinct_letters=False)
    game = make_game("jotto", JottoRule(), alphabet, 3, None, words, None)
    symmetry = game_symmetry(game)
    assert symmetry is not None
    first = symmetry.representatives((), all_rows(game))
    assert [game.guesses.words[row] for row in first] == ["aaa", "aab", "abc"]
