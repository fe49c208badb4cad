"""The guesses still needed to finish every board: the estimate against its definition, and the
board scorer's ranking by it (with the chance of each secret as weights)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.boards.test_review import WORDS as REVIEW_WORDS
from tests.reference import look_ahead_reference, to_finish_reference
from wordsolver.boards import BoardScorer, BoardsSession, finish
from wordsolver.boards.finish import expected_to_finish, groups_to_finish, guesses_to_finish
from wordsolver.boards.lookahead import BoardLeft, look_ahead
from wordsolver.boards.scoring import BEST_TOTAL, FinishOptions
from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.strategies import PlayOptions, RankedGuess, find_strategy

#: The review's twenty words and a few more: seven words of ``_atch`` and three of ``_unny``.
WORDS = (*REVIEW_WORDS, "watch", "bunny", "funny", "sunny")


@pytest.fixture(scope="module")
def matrix() -> PatternMatrix:
    return pattern_matrix(find_game("wordle", GameOverrides(words=WORDS, tries=9)))


def played(matrix: PatternMatrix, guess: str, *secrets: str) -> BoardsSession:
    """Boards of these secrets after one guess."""
    state = BoardsSession(matrix, len(secrets))
    state.push(guess, [matrix.game.feedback(guess, secret) for secret in secrets])
    return state


@settings(max_examples=60, deadline=None)
@given(
    chosen=st.lists(st.sampled_from(WORDS), min_size=1, max_size=12, unique=True),
    guesses=st.lists(st.sampled_from(WORDS), min_size=1, max_size=6),
    weights=st.lists(st.floats(0.01, 10.0), min_size=12, max_size=12),
)
def test_the_estimate_is_its_definition(
    matrix: PatternMatrix, chosen: list[str], guesses: list[str], weights: list[float]
) -> None:
    game = matrix.game
    candidates = np.array([game.secrets.words.index(w) for w in chosen], dtype=np.intp)
    rows = np.array([game.guess_row(g) for g in guesses], dtype=np.intp)
    chance = np.array(weights[: len(chosen)])
    table = guesses_to_finish(len(chosen))
    fast = expected_to_finish(matrix, rows, candidates, chance, table)
    possible = dict(zip(chosen, chance.tolist(), strict=True))
    for guess, value in zip(guesses, fast, strict=True):
        assert value == pytest.approx(to_finish_reference(game, guess, possible))


@pytest.mark.parametrize("sorted_past", [0, 10**9], ids=["sorted", "tabled"])
@settings(max_examples=40, deadline=None)
@given(
    chosen=st.lists(st.sampled_from(WORDS), min_size=1, max_size=16, unique=True),
    guesses=st.lists(st.sampled_from(WORDS), min_size=1, max_size=5),
    boards=st.lists(st.integers(0, 3), min_size=16, max_size=16),
    weights=st.none() | st.lists(st.floats(0.01, 10.0), min_size=16, max_size=16),
)
def test_boards_counted_together_are_each_counted_alone(
    matrix: PatternMatrix,
    sorted_past: int,
    chosen: list[str],
    guesses: list[str],
    boards: list[int],
    weights: list[float] | None,
) -> None:
    """Buckets valued in one count (as the look ahead values every bucket of its guesses) are
    valued as each would be alone, whether the count sorts the buckets or tables them."""
    game = matrix.game
    candidates = np.array([game.secrets.words.index(w) for w in chosen], dtype=np.intp)
    rows = np.array([game.guess_row(g) for g in guesses], dtype=np.intp)
    _, groups = np.unique(boards[: len(chosen)], return_inverse=True)
    chance = None if weights is None else np.array(weights[: len(chosen)])
    table = guesses_to_finish(len(chosen))
    n_groups = int(groups.max()) + 1
    # Each candidate's chance on its own board.
    within = None if chance is None else chance / np.bincount(groups, weights=chance)[groups]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(finish, "_SPARSE", sorted_past)
        together = groups_to_finish(
            matrix, matrix.cells(candidates, rows), groups, n_groups, within, table
        )
    for g in range(n_groups):
        alone = expected_to_finish(
            matrix,
            rows,
            candidates[groups == g],
            None if chance is None else chance[groups == g],
            table,
        )
        np.testing.assert_allclose(together[g], alone, rtol=1e-12, atol=1e-12)


def test_the_table_counts_a_guess_per_board_left() -> None:
    table = guesses_to_finish(6)
    assert table[0] == 0 and table[1] == 1 and table[2] == 1.5
    assert np.all(np.diff(table) > 0)  # more candidates, more guesses
    assert guesses_to_finish(64, per_bit=0.5)[64] == pytest.approx(2 - 1 / 64 + 0.5 * 3.415, 1e-3)


def estimates(ranking: Sequence[RankedGuess]) -> list[float]:
    """Each ranked guess's estimate of the guesses left to finish every board (all have one)."""
    found = [guess.to_finish for guess in ranking]
    assert all(x is not None for x in found), found
    return [float(x or 0) for x in found]


def test_suggestions_are_ranked_by_the_guesses_to_finish(matrix: PatternMatrix) -> None:
    state = played(matrix, "abide", "cater", "match", "funny")
    one_guess = BoardScorer(find_strategy("entropy"), finish=FinishOptions(look_below=0))
    ranking = state.suggest(one_guess, top=30)
    assert ranking.rule == BEST_TOTAL
    finish = estimates(ranking)
    assert len(finish) > 1
    assert np.all(np.diff(finish) > -1e-9)  # best first (ties within rounding)
    for guess, shown in zip(ranking.ranked, finish, strict=True):
        per_board = [
            to_finish_reference(matrix.game, guess.word, dict.fromkeys(board.candidate_words(), 1))
            for board in state.boards
        ]
        assert shown == pytest.approx(sum(per_board))
    payload = state.to_json(ranking, "entropy", PlayOptions())
    assert payload["suggestions"][0]["to_finish"] == pytest.approx(finish[0])
    assert payload["rule"] == BEST_TOTAL and payload["forced"] == []


def test_without_a_shortlist_the_strategy_ranks_alone(matrix: PatternMatrix) -> None:
    state = played(matrix, "abide", "cater", "match")
    plain = BoardScorer(find_strategy("entropy"), finish=FinishOptions(shortlist=0))
    ranking = state.suggest(plain, top=8)
    assert all(guess.to_finish is None for guess in ranking)
    bits = [guess.score for guess in ranking.ranked]
    assert bits == sorted(bits, reverse=True)
    assert "to_finish" not in state.to_json(ranking, "entropy", PlayOptions())["suggestions"][0]


def test_weights_say_which_secret_is_likelier(matrix: PatternMatrix) -> None:
    """Two boards of the same words, none of which splits the others: when one is far likelier
    than the rest, it is played, and leaves almost nothing to do."""
    weights = np.ones(len(matrix.game.secrets))
    weights[matrix.game.secrets.words.index("hatch")] = 1000.0
    game = replace(matrix.game, weights=weights / weights.sum(), prior="hatch likelier")
    state = played(pattern_matrix(game, use_cache=False), "slate", "hatch", "batch")
    words = state.boards[0].candidate_words()
    assert "hatch" in words and len(words) > 2
    skewed = BoardScorer(find_strategy("entropy"), finish=FinishOptions(look_below=0))
    liked = state.suggest(skewed, top=2)
    assert liked.ranked[0].word == "hatch"
    rest = len(words) - 1  # one bucket: no other word splits them
    assert liked[0].to_finish == pytest.approx(2 * rest / (1000 + rest) * (2 - 1 / rest))
    alike = played(matrix, "slate", "hatch", "batch")
    assert (alike.suggest(top=1)[0].to_finish or 0) > 1  # alike, no guess comes near


@settings(max_examples=25, deadline=None)
@given(
    first=st.lists(st.sampled_from(WORDS), min_size=1, max_size=5, unique=True),
    second=st.lists(st.sampled_from(WORDS), min_size=1, max_size=5, unique=True),
    guesses=st.lists(st.sampled_from(WORDS), min_size=1, max_size=3),
    following=st.lists(st.sampled_from(WORDS), min_size=1, max_size=6, unique=True),
    weights=st.lists(st.floats(0.1, 5.0), min_size=5, max_size=5),
)
def test_looking_ahead_is_its_definition(
    matrix: PatternMatrix,
    first: list[str],
    second: list[str],
    guesses: list[str],
    following: list[str],
    weights: list[float],
) -> None:
    game = matrix.game
    table = guesses_to_finish(len(WORDS))
    rows = np.array([game.guess_row(w) for w in following], dtype=np.intp)
    boards = []
    for chosen in (first, second):
        ids = np.array([game.secrets.words.index(w) for w in chosen], dtype=np.intp)
        boards.append(BoardLeft(matrix, ids, np.array(weights[: len(chosen)])))

    tried = np.array([game.guess_row(g) for g in guesses], dtype=np.intp)
    fast = look_ahead(tried, rows, boards, table)
    possible = [
        dict(zip(chosen, weights[: len(chosen)], strict=True)) for chosen in (first, second)
    ]
    for guess, value in zip(guesses, fast, strict=True):
        assert value == pytest.approx(look_ahead_reference(game, guess, following, possible))


def test_the_end_is_looked_past(matrix: PatternMatrix) -> None:
    """Few candidates left: the best guesses are valued one guess further (the next guess's
    sharing is seen, where one guess alone counts each board's guesses apart) and ranked so."""
    state = played(matrix, "abide", "cater", "match")
    alone = BoardScorer(find_strategy("entropy"), finish=FinishOptions(look_below=0))
    further = BoardScorer(find_strategy("entropy"))
    once = state.suggest(alone, top=12)
    twice = state.suggest(further, top=12)
    assert {g.word for g in once.ranked} == {g.word for g in twice.ranked}
    looked = dict(zip((g.word for g in twice), estimates(twice), strict=True))
    plain = dict(zip((g.word for g in once), estimates(once), strict=True))
    assert any(abs(looked[word] - plain[word]) > 1e-6 for word in looked)
    firsts = [looked[g.word] for g in twice.ranked[: FinishOptions().look_width]]
    assert np.all(np.diff(firsts) > -1e-9)
