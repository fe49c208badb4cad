"""The assistant's state: play, remove, undo, reset, and the explanation of impossible feedback."""

from __future__ import annotations

import pytest

from tests.assistant.conftest import feedback
from wordsolver.assistant import AssistantState, Removal
from wordsolver.assistant.conflict import find_conflict
from wordsolver.errors import InconsistentFeedbackError, InvalidPatternError, InvalidWordError
from wordsolver.matrix import PatternMatrix


def test_play_narrows_to_the_secrets_that_fit(wordle: PatternMatrix) -> None:
    state = AssistantState(wordle)
    state.play("crane", feedback(wordle, "crane", "store"))
    assert "store" in state.candidate_words()
    assert all(
        feedback(wordle, "crane", word) == feedback(wordle, "crane", "store")
        for word in state.candidate_words()
    )


def test_play_accepts_a_pattern_int_and_normalises_the_guess(wordle: PatternMatrix) -> None:
    state = AssistantState(wordle)
    step = state.play("CRANE", wordle.game.win_pattern)
    assert (step.guess, state.solved, state.candidate_words()) == ("crane", True, ["crane"])


def test_out_of_range_pattern_is_rejected(wordle: PatternMatrix) -> None:
    with pytest.raises(InvalidPatternError, match="out of range"):
        AssistantState(wordle).play("crane", wordle.game.n_patterns)


def test_remove_then_undo_in_reverse_order(fallout: PatternMatrix) -> None:
    state = AssistantState(fallout)
    before = state.candidate_words()
    state.play("spite", "1")
    after_guess = state.candidate_words()
    removal = state.remove(after_guess[0])
    assert removal == Removal(after_guess[0], fallout.game.secrets.words.index(after_guess[0]))
    assert state.candidate_words() == after_guess[1:]
    assert state.undo() == removal
    assert state.candidate_words() == after_guess
    assert state.undo() is not None
    assert state.candidate_words() == before
    assert state.undo() is None


def test_remove_refuses_non_candidates_and_the_last_one(fallout: PatternMatrix) -> None:
    state = AssistantState(fallout)
    state.play("spite", "5")
    with pytest.raises(InvalidWordError, match="not a candidate"):
        state.remove("force")
    with pytest.raises(InconsistentFeedbackError, match="last candidate"):
        state.remove("spite")


def test_removed_words_are_neither_candidates_nor_fits(fallout: PatternMatrix) -> None:
    state = AssistantState(fallout)
    state.remove("force")
    with pytest.raises(InconsistentFeedbackError, match=r"only words you removed fit.*force"):
        state.play("force", "5")


def test_reset_forgets_everything(fallout: PatternMatrix) -> None:
    state = AssistantState(fallout)
    state.play("spite", "1")
    state.remove(state.candidate_words()[0])
    state.reset()
    assert (state.steps, state.removed, state.actions) == ([], {}, [])
    assert len(state.candidates) == len(fallout.game.secrets)


def test_conflict_names_the_earlier_guess_it_contradicts(wordle: PatternMatrix) -> None:
    state = AssistantState(wordle)
    state.play("crane", feedback(wordle, "crane", "store"))
    state.play("hello", feedback(wordle, "hello", "store"))
    with pytest.raises(InconsistentFeedbackError) as error:
        state.play("slate", feedback(wordle, "slate", "crane"))  # as if crane were the secret
    message = str(error.value)
    assert message.startswith("guess 3, slate ..g.g, contradicts guess 1, crane ")
    assert "undo" in message
    assert len(state.steps) == 2  # the bad step was not recorded


def test_feedback_no_secret_can_give_is_named_alone(wordle: PatternMatrix) -> None:
    state = AssistantState(wordle)
    state.play("crane", feedback(wordle, "crane", "store"))
    with pytest.raises(InconsistentFeedbackError, match=r"no secret of .* gives pizza yyyyy"):
        state.play("pizza", "yyyyy")


def test_find_conflict_is_none_when_a_secret_fits(wordle: PatternMatrix) -> None:
    game = wordle.game
    crane, store = game.guess_index["crane"], game.guess_index["store"]
    pattern = int(wordle.values[crane, game.secrets.words.index("store")])
    assert find_conflict(wordle, [(crane, pattern)], (store, game.win_pattern), removed=()) is None


def test_replay_reports_the_first_bad_history_item(wordle: PatternMatrix) -> None:
    history = [("crane", feedback(wordle, "crane", "pizza")), ("pizza", "ggggg")]
    state = AssistantState(wordle)
    state.replay(history)
    assert state.solved
    with pytest.raises(InconsistentFeedbackError, match="found already"):
        state.play("crane", ".....")
    with pytest.raises(InconsistentFeedbackError, match=r"guess 2, proxy \.\.\.\.\., contradicts"):
        AssistantState(wordle).replay([("crane", "..y.."), ("proxy", ".....")])
