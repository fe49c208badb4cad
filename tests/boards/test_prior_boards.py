"""Several boards under a prior: every board says what is possible with its chances, a game
played streamed (each board narrowed apart to the words that fit it) ranks exactly as the whole
table does, and an evaluation draws its board sets from the known answers."""

from __future__ import annotations

import numpy as np
import pytest

from tests.boards.test_finish import estimates
from wordsolver.boards import BoardScorer, BoardsSession
from wordsolver.boards.evaluation import draw_board_sets, evaluate_boards
from wordsolver.games import GameOverrides, find_game, known_answers
from wordsolver.matrix import PatternMatrix, StreamedMatrix, pattern_matrix
from wordsolver.plumbing.cache import cache_entries
from wordsolver.strategies import PlayOptions, find_strategy

#: Three 5 букв secrets and the guesses played on their boards.
SECRETS = ("сокол", "пешка", "норка")
GUESSES = ("порка", "сокол")


@pytest.fixture(scope="module")
def five() -> PatternMatrix:
    """5 букв under its prior (every accepted word possible), its table held whole."""
    return pattern_matrix(find_game("5bukv"))


def played(matrix: PatternMatrix, guesses: tuple[str, ...]) -> BoardsSession:
    game = matrix.game
    state = BoardsSession(matrix, len(SECRETS))
    for guess in guesses:
        solved = zip(SECRETS, state.solved_boards, strict=True)
        patterns = [None if done else game.feedback(guess, secret) for secret, done in solved]
        state.push(guess, patterns)
    return state


def test_a_streamed_matrix_computes_the_cells_the_table_holds(five: PatternMatrix) -> None:
    streamed = StreamedMatrix(five.game)
    rng = np.random.default_rng(3)
    secrets = rng.choice(len(five.game.secrets), 40, replace=False)
    rows = rng.choice(len(five.game.guesses), 25, replace=False)
    np.testing.assert_array_equal(streamed.cells(secrets, rows), five.cells(secrets, rows))
    for row, secret in zip(rows[:5], secrets[:5], strict=True):
        assert streamed.left_after(row, secrets, secret) == five.left_after(row, secrets, secret)


@pytest.mark.parametrize("guesses", [(), GUESSES[:1], GUESSES])
def test_boards_played_streamed_rank_what_the_whole_table_does(
    five: PatternMatrix, guesses: tuple[str, ...]
) -> None:
    held, streamed = played(five, guesses), played(StreamedMatrix(five.game), guesses)
    for state in (held, streamed):
        assert state.game.prior != "uniform"
    scorer = BoardScorer(find_strategy("entropy"))
    mine, whole = streamed.suggest(scorer, top=8), held.suggest(scorer, top=8)
    assert [g.word for g in mine.ranked] == [g.word for g in whole.ranked]
    np.testing.assert_allclose(estimates(mine), estimates(whole), rtol=1e-9)
    np.testing.assert_allclose(
        [g.win_chance for g in mine.ranked], [g.win_chance for g in whole.ranked], atol=1e-12
    )
    shown = streamed.to_json(mine, "entropy", PlayOptions())
    assert shown["boards"] == held.to_json(whole, "entropy", PlayOptions())["boards"]
    for board in shown["boards"]:
        if not board["solved"]:
            chances = [chance["probability"] for chance in board["likeliest"]]
            assert chances == sorted(chances, reverse=True) and 0 < sum(chances) <= 1 + 1e-6


def test_a_guess_that_may_solve_a_board_has_the_chance_it_does(five: PatternMatrix) -> None:
    """The chance a guess solves at least one board: one minus the chance it solves none."""
    state = played(five, GUESSES[:1])
    best = state.suggest(top=5).ranked
    for guess in best:
        missed = 1.0
        for board in state.boards:
            shares = dict(board.likeliest(len(board.candidates)))
            missed *= 1.0 - shares.get(guess.word, 0.0)
        assert guess.win_chance == pytest.approx(1.0 - missed, abs=1e-9)


def test_board_sets_under_a_prior_are_drawn_from_the_known_answers() -> None:
    game = find_game("5bukv")
    answers = set(known_answers(game).words)
    assert len(answers) < len(game.secrets)  # the study's answers among every accepted word
    sets = draw_board_sets(game, 2, 30, seed=4)
    assert {game.secrets.words[s] for s in sets.ravel()} <= answers
    alike = find_game("5bukv", GameOverrides(prior="uniform", lists="study"))
    assert set(alike.secrets.words) == answers


def test_an_evaluation_under_a_prior_plays_every_game_to_the_end() -> None:
    game = find_game("5bukv")
    result = evaluate_boards(
        StreamedMatrix(game), 2, BoardScorer(find_strategy("entropy")), size=4, seed=2
    )
    assert result.total == 4 and (result.guesses >= 2).all() and (result.guesses <= 12).all()


def test_a_first_turn_is_estimated_once_and_kept(five: PatternMatrix) -> None:
    """Full boards of a game played streamed: their estimates are kept in the cache, read back
    by the next scorer, and counted again when the kept copy is damaged."""
    for entry in cache_entries():
        if entry.kind == "boards":
            entry.path.unlink()  # kept by other tests of this run (the cache is the run's)
    streamed = StreamedMatrix(five.game)
    first = played(streamed, ()).suggest(BoardScorer(find_strategy("entropy")), top=6)
    kept = [entry for entry in cache_entries() if entry.kind == "boards"]
    assert len(kept) == 1
    again = played(streamed, ()).suggest(BoardScorer(find_strategy("entropy")), top=6)
    assert again.ranked == first.ranked
    kept[0].path.write_text('{"to_finish": [1, 2]}')  # damaged: no seal
    counted = played(streamed, ()).suggest(BoardScorer(find_strategy("entropy")), top=6)
    assert estimates(counted) == estimates(first)
    held = played(five, ()).suggest(BoardScorer(find_strategy("entropy")), top=6)
    np.testing.assert_allclose(estimates(held), estimates(first), rtol=1e-9)
