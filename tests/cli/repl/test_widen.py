"""Feedback that no answer fits: the state plays on over the allowed words that fit, and goes
back to the answers when an undo makes some answer fit again."""

from __future__ import annotations

import pytest
from rich.console import Console

from tests.cli.repl.conftest import Drive
from tests.conftest import feedback
from wordsolver.cli.repl import Assistant
from wordsolver.errors import InconsistentFeedbackError
from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.session import Session
from wordsolver.strategies import Player, PlayOptions, find_strategy
from wordsolver.widen import can_widen, fitting_guesses


@pytest.fixture(scope="module")
def matrix() -> PatternMatrix:
    return pattern_matrix(find_game("wordle", GameOverrides(lists="original")))


def test_the_allowed_words_that_fit_are_the_candidates(matrix: PatternMatrix) -> None:
    state = Session(matrix)
    state.push("crane", feedback(matrix, "crane", "acing"))
    assert state.widened
    assert state.candidate_words() == ["acing", "acini", "adunc"]
    rows = fitting_guesses(matrix.game, [(step.row, step.pattern) for step in state.steps])
    assert [matrix.game.guesses.words[r] for r in rows] == state.candidate_words()


def test_undo_goes_back_to_the_answers(matrix: PatternMatrix) -> None:
    state = Session(matrix)
    state.push("salet", feedback(matrix, "salet", "acing"))
    assert not state.widened
    state.push("crane", feedback(matrix, "crane", "acing"))
    assert state.widened
    state.pop()
    assert not state.widened
    assert state.matrix is matrix
    assert len(state.steps) == 1


def test_later_feedback_narrows_the_widened_candidates(matrix: PatternMatrix) -> None:
    state = Session(matrix)
    state.push("crane", feedback(matrix, "crane", "acini"))
    state.push("icing", feedback(matrix, "icing", "acini"))
    assert state.candidate_words() == ["acini"]
    with pytest.raises(InconsistentFeedbackError, match="no allowed word fits both"):
        state.push("crane", "ggggg")


def test_removals_survive_widening_and_undo(matrix: PatternMatrix) -> None:
    state = Session(matrix)
    state.push("salet", feedback(matrix, "salet", "acing"))
    some_answer = state.candidate_words()[0]
    state.remove(some_answer)
    state.push("crane", feedback(matrix, "crane", "acing"))
    assert state.removed_words == [some_answer]
    state.remove("adunc")
    assert "adunc" not in state.candidate_words()
    state.pop()  # the removal of adunc
    state.pop()  # crane: back to the answers, the first removal kept
    assert not state.widened
    assert some_answer not in state.candidate_words()
    state.pop()
    assert some_answer in state.candidate_words()


def test_suggestions_in_a_widened_game_come_from_its_candidates(matrix: PatternMatrix) -> None:
    state = Session(matrix)
    state.push("crane", feedback(matrix, "crane", "acing"))
    for hard in (False, True):
        player = Player(matrix, find_strategy("entropy"), PlayOptions(hard=hard))
        ranked = state.suggest(player, top=3)
        assert ranked and ranked[0].worst == 1  # some guess tells the three apart


def test_games_of_generated_guesses_never_widen() -> None:
    game = find_game("tonguess3")
    assert not can_widen(game)
    state = Session(pattern_matrix(game))
    state.push("oat", "0-0")
    with pytest.raises(InconsistentFeedbackError):
        state.push("oat", "1-0")


def test_the_assistant_says_the_secret_is_outside_the_answers(
    drive: Drive, matrix: PatternMatrix
) -> None:
    def make(console: Console) -> Assistant:
        player = Player(matrix, find_strategy("entropy"), PlayOptions())
        return Assistant(console, Session(matrix), player, top=3)

    screen = drive(make, [f"crane {feedback(matrix, 'crane', 'acing')}", "undo", "quit"])
    assert "the secret is outside the game's answer list" in screen
    assert "3 possible: acing acini adunc" in screen
    assert screen.count("outside the game's answer list") == 1  # undo: back to the answers
