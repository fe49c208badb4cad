"""Budgets: a search cut short still returns a complete, sound tree and an honest lower bound."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from tests.reference import optimal
from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.search import SearchLimit
from wordsolver.strategies import Player, PlayOptions, find_strategy
from wordsolver.tree import check_tree, grow_tree
from wordsolver.tree.optimal import SearchResult

LIMITS = {
    "one-node": SearchLimit(nodes=1),
    "ten-nodes": SearchLimit(nodes=10),
    "hundred-nodes": SearchLimit(nodes=100),
    "no-time": SearchLimit(seconds=0),
}


@pytest.fixture(scope="module")
def medium() -> PatternMatrix:
    """Bulls and Cows with 3 of 6 letters: 120 secrets, a search of thousands of sets."""
    return pattern_matrix(find_game("bulls", GameOverrides(length=3, alphabet="abcdef")))


@pytest.fixture(scope="module")
def mastermind() -> PatternMatrix:
    """Mastermind with 3 pegs of 4 colours: 64 secrets, where a beam of one is not optimal."""
    return pattern_matrix(find_game("mastermind", GameOverrides(length=3, alphabet="abcd")))


@functools.cache
def exact_total(matrix: PatternMatrix, hard: bool) -> int:
    return optimal(matrix, hard=hard).total


@pytest.fixture(scope="module")
def quarter_wordle(shared_data: Path) -> PatternMatrix:
    """Every fourth original Wordle answer (579 words), the only guesses: a colours game whose
    hard mode the search proves in seconds."""
    answers = (shared_data / "wordle" / "answers.txt").read_text().split()[::4]
    return pattern_matrix(find_game("wordle", GameOverrides(words=tuple(answers))))


@pytest.fixture(scope="module")
def exact(medium: PatternMatrix) -> SearchResult:
    return optimal(medium)


@pytest.fixture(scope="module", params=list(LIMITS))
def cut_short(request: pytest.FixtureRequest, medium: PatternMatrix) -> SearchResult:
    return optimal(medium, limit=LIMITS[request.param])


def test_exact_search_of_the_medium_game_is_proven(exact: SearchResult) -> None:
    assert exact.proven
    assert exact.lower_bound == exact.total


def test_cut_short_search_is_not_proven(cut_short: SearchResult) -> None:
    assert not cut_short.proven
    assert not cut_short.tree.proven


def test_cut_short_tree_is_complete_and_sound(cut_short: SearchResult) -> None:
    check_tree(cut_short.tree)
    assert int(cut_short.tree.guesses_needed().sum()) == cut_short.total


def test_cut_short_lower_bound_is_below_the_total(cut_short: SearchResult) -> None:
    assert cut_short.lower_bound <= cut_short.total
    assert cut_short.tree.lower_bound == cut_short.lower_bound


def test_cut_short_lower_bound_is_below_the_optimum(
    cut_short: SearchResult, exact: SearchResult
) -> None:
    assert 2 * len(exact.tree.matrix.game.secrets) - 1 <= cut_short.lower_bound <= exact.total
    assert cut_short.total >= exact.total


def test_one_node_gives_the_fallback_tree(medium: PatternMatrix) -> None:
    """Cut at the first set, the whole tree is the fallback's: the entropy strategy's."""
    result = optimal(medium, limit=SearchLimit(nodes=1))
    entropy = grow_tree(Player(medium, find_strategy("entropy"), PlayOptions()))
    assert result.tree.guesses_needed().tolist() == entropy.guesses_needed().tolist()
    assert result.nodes == 1


@pytest.mark.parametrize("nodes", [1, 3, 30, 300])
def test_budget_after_an_opener_proves_part_of_the_tree(
    nodes: int, medium: PatternMatrix, exact: SearchResult
) -> None:
    """After a fixed opener each branch is searched on its own: the bound adds up what was
    proven, so it stays between 2n − 1 and the optimum after that opener."""
    opener = (exact.tree.root.guess,)
    result = optimal(medium, limit=SearchLimit(nodes=nodes), openers=opener)
    check_tree(result.tree)
    assert result.tree.root.guess == opener[0]
    assert result.lower_bound <= exact.total <= result.total


@pytest.mark.parametrize("hard", [False, True])
@pytest.mark.parametrize("nodes", [1, 50, 500])
def test_budget_in_hard_mode_keeps_an_honest_bound(
    hard: bool, nodes: int, quarter_wordle: PatternMatrix
) -> None:
    result = optimal(quarter_wordle, hard=hard, limit=SearchLimit(nodes=nodes))
    check_tree(result.tree)
    assert not result.proven
    assert result.lower_bound <= exact_total(quarter_wordle, hard) <= result.total


@pytest.mark.parametrize("beam", [1, 2])
def test_beam_is_never_proven(beam: int, medium: PatternMatrix) -> None:
    result = optimal(medium, limit=SearchLimit(beam=beam))
    assert not result.proven
    assert not result.tree.proven
    check_tree(result.tree)


def test_beam_of_one_misses_the_mastermind_optimum(mastermind: PatternMatrix) -> None:
    """The premise of the next test: on this game a beam of one really is worse (208 > 206)."""
    assert optimal(mastermind, limit=SearchLimit(beam=1)).total > optimal(mastermind).total


def test_beam_lower_bound_is_not_above_the_optimum(mastermind: PatternMatrix) -> None:
    """A beam search proves nothing, so the bound it reports must still be a true bound.

    Fails now: ``grow_optimal`` adds the beam's own value (208) as if it were proven, while
    the proven optimum is 206.
    """
    beam = optimal(mastermind, limit=SearchLimit(beam=1))
    best = optimal(mastermind)
    assert beam.lower_bound <= best.total


def test_ample_budget_gives_the_unlimited_answer(
    medium: PatternMatrix, exact: SearchResult
) -> None:
    large = optimal(medium, limit=SearchLimit(seconds=3600, nodes=10**9))
    assert large.proven
    assert large.total == exact.total


@pytest.mark.parametrize("nodes", [1, 5, 20])
def test_node_budget_holds_after_the_first_interruption(
    nodes: int, medium: PatternMatrix, exact: SearchResult
) -> None:
    """After an opener every branch is searched on the same budget: once it is spent, each
    branch may tick once more at most before it falls back.

    Fails now: ``ReadableSearch._tick`` (tests/readable_search.py) stops only when ``nodes ==
    budget``; once past it, the later branches search without any limit (781 sets for a
    budget of 1 here).
    """
    opener = (exact.tree.root.guess,)
    result = optimal(medium, limit=SearchLimit(nodes=nodes), openers=opener)
    assert result.nodes <= nodes + len(result.tree.root.children)
