"""Evaluating from a spot of the game, and the review of a finished game."""

from __future__ import annotations

import numpy as np
import pytest

from wordsolver.evaluation import evaluate
from wordsolver.hosted.host import HostedGame
from wordsolver.hosted.review import evaluate_from, review
from wordsolver.matrix import PatternMatrix
from wordsolver.plumbing.arrays import BoolArray, IdArray
from wordsolver.strategies import Player, PlayOptions, consistent_after, find_strategy


def player(matrix: PatternMatrix, strategy: str = "entropy", hard: bool = False) -> Player:
    return Player(matrix, find_strategy(strategy), PlayOptions(hard=hard))


def reference(
    solver: Player, candidates: IdArray, tries_used: int, mask: BoolArray | None, secret: int
) -> int:
    """Slow and plain: play one secret from the spot, counting guesses."""
    matrix = solver.matrix
    guesses = 0
    while True:
        row = solver.next_guess(candidates, tries_used + guesses, mask)
        guesses += 1
        pattern = int(matrix.values[row, secret])
        if pattern == matrix.game.win_pattern:
            return guesses
        candidates = candidates[matrix.values[row, candidates] == pattern]
        if mask is not None:
            mask = consistent_after(matrix, mask, row, pattern)


def test_from_the_start_it_is_evaluate(wordle: PatternMatrix) -> None:
    solver = player(wordle)
    everything = np.arange(len(wordle.game.secrets), dtype=np.intp)
    assert evaluate_from(solver, everything).guesses.tolist() == evaluate(solver).guesses.tolist()


@pytest.mark.parametrize("strategy", ["entropy", "minimax"])
@pytest.mark.parametrize("hard", [False, True])
def test_from_a_spot_matches_playing_each_candidate(
    wordle: PatternMatrix, strategy: str, hard: bool
) -> None:
    solver = player(wordle, strategy, hard)
    game = wordle.game
    row, secret = game.guess_index["crane"], game.secrets.words.index("store")
    pattern = int(wordle.values[row, secret])
    everything = np.arange(len(game.secrets), dtype=np.intp)
    candidates = everything[wordle.values[row] == pattern]
    mask = consistent_after(wordle, np.ones(len(game.guesses), np.bool_), row, pattern)
    spot_mask = mask if hard else None
    result = evaluate_from(solver, candidates, tries_used=1, consistent=spot_mask)
    expected = [reference(solver, candidates, 1, spot_mask, s) for s in candidates]
    assert result.guesses.tolist() == expected


def test_review_rows(wordle: PatternMatrix) -> None:
    solver = player(wordle)
    hosted = HostedGame(wordle, wordle.game.secrets.words.index("store"))
    for word in ("pizza", "crane", "shore", "store"):
        hosted.guess(word)
    advanced: list[int] = []
    rows = review(solver, hosted.state.steps, won=True, progress=advanced.append)
    assert advanced == [1, 1, 1, 1, 1]  # the start, then each guess
    assert [row.guess for row in rows] == ["pizza", "crane", "shore", "store"]
    assert [row.you_needed for row in rows] == [3, 2, 1, None]
    assert rows[-1].solver_needs is None and rows[-1].left == 1
    first = solver.next_guess(np.arange(len(wordle.game.secrets), dtype=np.intp), 0)
    assert rows[0].solver_pick == wordle.game.guesses.words[first]
    for row, step in zip(rows[:-1], hosted.state.steps, strict=False):
        spot = evaluate_from(solver, step.candidates, tries_used=row.number)
        assert row.solver_needs == pytest.approx(spot.mean)
        assert row.left == step.n_candidates


def test_review_of_a_lost_game_has_no_needed_counts(fallout: PatternMatrix) -> None:
    hosted = HostedGame(fallout, fallout.game.secrets.words.index("force"))
    for word in ("spite", "spies", "tires", "tries"):
        hosted.guess(word)
    rows = review(player(fallout), hosted.state.steps, won=False)
    assert [row.you_needed for row in rows] == [None] * 4
    assert all(row.solver_needs is not None for row in rows)


def test_review_losses_add_up_to_the_guesses_beyond_the_solvers_mean(wordle: PatternMatrix) -> None:
    solver = player(wordle)
    secret = wordle.game.secrets.words.index("store")
    hosted = HostedGame(wordle, secret)
    for word in ("pizza", "crane", "shore", "store"):
        hosted.guess(word)
    rows = review(solver, hosted.state.steps, won=True)
    assert sum(row.lost for row in rows) == pytest.approx(4 - evaluate(solver).mean)
    assert [row.before for row in rows[1:]] == [row.left for row in rows[:-1]]
    assert rows[0].before == len(wordle.game.secrets)
    game = wordle.game
    for row, step in zip(rows, hosted.state.steps, strict=True):
        pick = game.guess_index[row.solver_pick]
        before = (
            np.arange(len(game.secrets))
            if row.number == 1
            else hosted.state.steps[row.number - 2].candidates
        )
        expected = sum(
            1
            for s in before
            if game.feedback(row.solver_pick, game.secrets.words[s])
            == game.feedback(row.solver_pick, "store")
        )
        assert row.pick_left == expected, (row, pick, step)


def test_review_without_the_secret_leaves_pick_left_out(fallout: PatternMatrix) -> None:
    hosted = HostedGame(fallout, fallout.game.secrets.words.index("force"))
    for word in ("spite", "spies"):
        hosted.guess(word)
    rows = review(player(fallout), hosted.state.steps, won=False)
    assert all(row.pick_left is None for row in rows)
