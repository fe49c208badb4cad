"""The assistant's state: play, remove, undo, reset, and the explanation of impossible feedback."""

from __future__ import annotations

import pytest

from tests.conftest import feedback
from wordsolver.conflict import find_conflict
from wordsolver.errors import InconsistentFeedbackError, InvalidPatternError, InvalidWordError
from wordsolver.matrix import PatternMatrix
from wordsolver.session import Removal, Session


def test_play_narrows_to_the_secrets_that_fit(wordle: PatternMatrix) -> None:
    state = Session(wordle)
    state.push("crane", feedback(wordle, "crane", "store"))
    assert "store" in state.candidate_words()
    assert all(
        feedback(wordle, "crane", word) == feedback(wordle, "crane", "store")
        for word in state.candidate_words()
    )


def test_play_accepts_a_pattern_int_and_normalises_the_guess(wordle: PatternMatrix) -> None:
    state = Session(wordle)
    step = state.push("CRANE", wordle.game.win_pattern)
    assert (step.guess, state.solved, state.candidate_words()) == ("crane", True, ["crane"])


def test_out_of_range_pattern_is_rejected(wordle: PatternMatrix) -> None:
    with pytest.raises(InvalidPatternError, match="out of range"):
        Session(wordle).push("crane", wordle.game.n_patterns)


def test_remove_then_undo_in_reverse_order(fallout: PatternMatrix) -> None:
    state = Session(fallout)
    before = state.candidate_words()
    state.push("spite", "1")
    after_guess = state.candidate_words()
    removal = state.remove(after_guess[0])
    assert removal == Removal(after_guess[0])
    assert state.candidate_words() == after_guess[1:]
    assert state.pop() == removal
    assert state.candidate_words() == after_guess
    assert state.pop() is not None
    assert state.candidate_words() == before
    assert state.pop() is None


def test_remove_refuses_non_candidates_and_the_last_one(fallout: PatternMatrix) -> None:
    state = Session(fallout)
    state.push("spite", "5")
    with pytest.raises(InvalidWordError, match="not a candidate"):
        state.remove("force")
    with pytest.raises(InconsistentFeedbackError, match="last candidate"):
        state.remove("spite")


def test_removed_words_are_neither_candidates_nor_fits(fallout: PatternMatrix) -> None:
    state = Session(fallout)
    state.remove("force")
    with pytest.raises(InconsistentFeedbackError, match=r"only words you removed fit.*force"):
        state.push("force", "5")


def test_reset_forgets_everything(fallout: PatternMatrix) -> None:
    state = Session(fallout)
    state.push("spite", "1")
    state.remove(state.candidate_words()[0])
    state.reset()
    assert (state.steps, state.removed, state.moves) == ([], {}, [])
    assert len(state.candidates) == len(fallout.game.secrets)


def test_conflict_names_the_earlier_guess_it_contradicts(wordle: PatternMatrix) -> None:
    state = Session(wordle)
    state.push("crane", feedback(wordle, "crane", "store"))
    state.push("hello", feedback(wordle, "hello", "store"))
    with pytest.raises(InconsistentFeedbackError) as error:
        state.push("slate", feedback(wordle, "slate", "crane"))  # as if crane were the secret
    message = str(error.value)
    assert message.startswith("guess 3, slate ..g.g, contradicts guess 1, crane ")
    assert message.endswith(": no secret fits both (check them)")  # each face says how to undo
    assert len(state.steps) == 2  # the bad step was not recorded


def test_feedback_no_secret_can_give_is_named_alone(wordle: PatternMatrix) -> None:
    state = Session(wordle)
    state.push("crane", feedback(wordle, "crane", "store"))
    with pytest.raises(InconsistentFeedbackError, match=r"no secret of .* gives pizza yyyyy"):
        state.push("pizza", "yyyyy")


def test_find_conflict_is_none_when_a_secret_fits(wordle: PatternMatrix) -> None:
    game = wordle.game
    crane, store = game.guess_index["crane"], game.guess_index["store"]
    pattern = int(wordle.values[crane, game.secrets.words.index("store")])
    assert find_conflict(wordle, [(crane, pattern)], (store, game.win_pattern), removed=()) is None


def test_replay_reports_the_first_bad_history_item(wordle: PatternMatrix) -> None:
    history = [("crane", feedback(wordle, "crane", "pizza")), ("pizza", "ggggg")]
    state = Session(wordle)
    state.replay(history)
    assert state.solved
    found = r"^the secret is found already \(guess 2, pizza\): no guess may follow it$"
    with pytest.raises(InconsistentFeedbackError, match=found):
        state.push("crane", ".....")
    with pytest.raises(InconsistentFeedbackError, match=r"guess 2, proxy \.\.\.\.\., contradicts"):
        Session(wordle).replay([("crane", "..y.."), ("proxy", ".....")])
