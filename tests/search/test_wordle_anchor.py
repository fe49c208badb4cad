"""The published anchor of exact Wordle play: after salet, 7,920 guesses in total is optimal.

Original lists (2,315 answers, 12,972 allowed guesses), opener salet: the proven optimum is
7,920 guesses (mean 3.4212, worst case 5). Hard mode after salet: 8,122 (Wordle's own hard
mode: greens stay, revealed letters are reused). Each search takes 5–45 s depending on the load.
"""

from __future__ import annotations

import pytest

from tests.reference import optimal, paths
from wordsolver.matrix import PatternMatrix
from wordsolver.tree import check_tree
from wordsolver.tree.optimal import SearchResult


@pytest.fixture(scope="module")
def salet(original_wordle_matrix: PatternMatrix) -> SearchResult:
    opener = original_wordle_matrix.game.guess_row("salet")
    return optimal(original_wordle_matrix, openers=(opener,))


@pytest.mark.slow
def test_salet_total_is_the_proven_optimum(salet: SearchResult) -> None:
    assert salet.proven
    assert salet.total == salet.lower_bound == 7920


@pytest.mark.slow
def test_salet_mean_and_worst(salet: SearchResult) -> None:
    assert round(salet.mean, 4) == 3.4212
    assert int(salet.tree.guesses_needed().max()) == 5


@pytest.mark.slow
def test_salet_tree_is_sound_and_starts_with_salet(salet: SearchResult) -> None:
    check_tree(salet.tree)
    game = salet.tree.matrix.game
    assert game.guesses.words[salet.tree.root.guess] == "salet"
    assert int(salet.tree.guesses_needed().sum()) == 7920
    assert salet.tree.guesses_needed().min() == 2  # salet is not an answer


@pytest.fixture(scope="module")
def salet_hard(original_wordle_matrix: PatternMatrix) -> SearchResult:
    opener = original_wordle_matrix.game.guess_row("salet")
    return optimal(original_wordle_matrix, hard=True, openers=(opener,))


@pytest.mark.slow
def test_salet_hard_mode_total_is_the_proven_optimum(salet_hard: SearchResult) -> None:
    assert salet_hard.proven
    assert salet_hard.total == salet_hard.lower_bound == 8122
    assert int(salet_hard.tree.guesses_needed().max()) <= 6


@pytest.mark.slow
def test_salet_hard_mode_tree_is_sound_and_obeys_hard_mode(salet_hard: SearchResult) -> None:
    check_tree(salet_hard.tree)
    game = salet_hard.tree.matrix.game
    codes = game.guess_codes
    for node, history, _ in paths(salet_hard.tree):
        for guess, pattern in history:
            assert game.rule.hard_mode_allows(codes[[node.guess]], codes[guess], pattern)[0]
