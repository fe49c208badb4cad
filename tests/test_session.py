"""Interactive sessions: push and pop, inconsistent feedback, reading a typed history."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from wordsolver.boards import BoardsSession
from wordsolver.errors import (
    InconsistentFeedbackError,
    InvalidPatternError,
    InvalidWordError,
    WordsolverError,
)
from wordsolver.games import Game, GameOverrides, find_game
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.session import GameState, Session, parse_history
from wordsolver.strategies import PlayOptions

FALLOUT_WORDS = ("cat", "car", "bat", "cot", "dog", "bar")
WORDLE_WORDS = ("crane", "slate", "trace", "react", "cater", "eerie", "geese", "speed", "abide")


@pytest.fixture(scope="module")
def fallout() -> PatternMatrix:
    return pattern_matrix(find_game("fallout", GameOverrides(words=FALLOUT_WORDS)))


@pytest.fixture(scope="module")
def wordle() -> PatternMatrix:
    return pattern_matrix(find_game("wordle", GameOverrides(words=WORDLE_WORDS)))


def words_left(session: Session) -> list[str]:
    return session.candidate_words()


def brute_force(game: Game, history: list[tuple[str, int]]) -> list[str]:
    return [
        secret
        for secret in game.secrets.words
        if all(game.rule.feedback(guess, secret) == pattern for guess, pattern in history)
    ]


def test_new_session_has_every_secret(fallout: PatternMatrix) -> None:
    session = Session(fallout)
    assert session.game is fallout.game
    assert words_left(session) == sorted(FALLOUT_WORDS)
    assert session.steps == []
    assert not session.solved


@pytest.mark.parametrize(
    ("guess", "feedback", "left"),
    [
        ("cat", "2", ["bat", "car", "cot"]),
        ("cat", "3", ["cat"]),
        ("cat", "1", ["bar"]),
        ("dog", "0", ["bar", "bat", "car", "cat"]),
        ("bar", 1, ["cat"]),
        ("CAT", " 2 ", ["bat", "car", "cot"]),
    ],
)
def test_push_filters_the_candidates(
    fallout: PatternMatrix, guess: str, feedback: str | int, left: list[str]
) -> None:
    session = Session(fallout)
    step = session.push(guess, feedback)
    assert words_left(session) == left
    assert step.n_candidates == len(left)
    assert step.guess == guess.lower()
    assert step.row == fallout.game.guess_index[guess.lower()]
    assert step.pattern == int(str(feedback).strip())


def test_push_matches_a_brute_force_filter(wordle: PatternMatrix) -> None:
    game = wordle.game
    session = Session(wordle)
    history = [
        ("crane", game.feedback("crane", "react")),
        ("eerie", game.feedback("eerie", "react")),
    ]
    for guess, pattern in history:
        session.push(guess, game.format_pattern(pattern))
        assert words_left(session) == brute_force(game, history[: len(session.steps)])
    assert "react" in words_left(session)


def test_pop_undoes_the_last_step(fallout: PatternMatrix) -> None:
    session = Session(fallout)
    session.push("dog", "0")
    after_first = words_left(session)
    second = session.push("cat", "2")
    assert session.pop() is second
    assert words_left(session) == after_first
    assert session.pop() is not None
    assert words_left(session) == sorted(FALLOUT_WORDS)
    assert session.pop() is None
    assert session.steps == []


def test_pattern_may_be_given_as_an_int(wordle: PatternMatrix) -> None:
    one, two = Session(wordle), Session(wordle)
    text = wordle.game.format_pattern(wordle.game.feedback("crane", "react"))
    one.push("crane", text)
    two.push("crane", wordle.game.parse_pattern(text))
    assert words_left(one) == words_left(two)
    np.testing.assert_array_equal(one.candidates, two.candidates)


def test_inconsistent_feedback_names_the_guess(fallout: PatternMatrix) -> None:
    session = Session(fallout)
    session.push("cat", "2")
    with pytest.raises(InconsistentFeedbackError) as raised:
        session.push("DOG", "3")  # only dog itself gives 3, and dog gives cat 0
    message = str(raised.value)
    assert "dog 3" in message and "cat 2" in message
    assert isinstance(raised.value, WordsolverError)
    assert len(session.steps) == 1  # the bad step was not recorded
    assert words_left(session) == ["bat", "car", "cot"]


def test_inconsistent_first_feedback(wordle: PatternMatrix) -> None:
    session = Session(wordle)
    with pytest.raises(InconsistentFeedbackError, match="crane ggggy"):
        session.push("crane", "ggggy")
    assert session.steps == []


@pytest.mark.parametrize(
    ("guess", "feedback", "error"),
    [
        ("zebra", "..y.y", InvalidWordError),  # a real word, but not in this game's list
        ("cran", "..y.y", InvalidWordError),
        ("cr4ne", "..y.y", InvalidWordError),
        ("crane", "..y.", InvalidPatternError),
        ("crane", "hello", InvalidPatternError),
        ("crane", 243, InvalidPatternError),
        ("crane", -1, InvalidPatternError),
    ],
)
def test_bad_push_changes_nothing(
    wordle: PatternMatrix, guess: str, feedback: str | int, error: type[Exception]
) -> None:
    session = Session(wordle)
    session.push("eerie", wordle.game.feedback("eerie", "crane"))
    before = words_left(session)
    with pytest.raises(error):
        session.push(guess, feedback)
    assert len(session.steps) == 1
    assert words_left(session) == before


@pytest.mark.parametrize(
    ("pushes", "solved"),
    [
        ([], False),
        ([("cat", "3")], True),
        ([("cat", "2")], False),
        ([("cat", "2"), ("car", "3")], True),
        ([("dog", "0"), ("cat", "2"), ("bat", "3")], True),
    ],
)
def test_solved(fallout: PatternMatrix, pushes: list[tuple[str, str]], solved: bool) -> None:
    session = Session(fallout)
    for guess, feedback in pushes:
        session.push(guess, feedback)
    assert session.solved is solved


def test_pop_unsolves(fallout: PatternMatrix) -> None:
    session = Session(fallout)
    session.push("cat", "2")
    session.push("car", "3")
    session.pop()
    assert not session.solved


def test_not_solved_while_candidates_remain(fallout: PatternMatrix) -> None:
    session = Session(fallout)
    session.push("cat", "2")
    session.push("cot", "1")
    assert not session.solved
    assert words_left(session) == brute_force(fallout.game, [("cat", 2), ("cot", 1)])
    assert words_left(session) == ["bat", "car"]


def test_consistent_mask_in_fallout_is_consistency(fallout: PatternMatrix) -> None:
    game = fallout.game
    session = Session(fallout)
    assert session.consistent_mask().all()
    session.push("cat", "2")
    session.push("cot", "1")
    expected = [
        game.rule.feedback("cat", word) == 2 and game.rule.feedback("cot", word) == 1
        for word in game.guesses.words
    ]
    assert session.consistent_mask().tolist() == expected


def test_consistent_mask_in_wordle_keeps_greens_and_revealed_letters(
    wordle: PatternMatrix,
) -> None:
    game = wordle.game
    session = Session(wordle)
    session.push("crane", game.feedback("crane", "trace"))
    shown = game.format_pattern(session.steps[0].pattern)
    assert shown == "ygg.g"
    mask = session.consistent_mask()
    for row, guess in enumerate(game.guesses.words):
        greens_kept = all(c != "g" or g == p for p, c, g in zip("crane", shown, guess, strict=True))
        revealed = [p for p, c in zip("crane", shown, strict=True) if c != "."]
        letters_kept = all(guess.count(x) >= revealed.count(x) for x in set(revealed))
        assert mask[row] == (greens_kept and letters_kept), guess
    assert mask[game.guess_index["trace"]]


def test_yo_guess_in_a_five_bukv_session() -> None:
    game = find_game("5bukv", GameOverrides(words=("щётка", "тётка", "шёпот", "ёжики")))
    session = Session(pattern_matrix(game, use_cache=False))
    step = session.push("ЩЁТКА", ".gggg")
    assert step.guess == "щетка"
    assert session.candidate_words() == ["тетка"]


# --- parse_history --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "items"),
    [
        ("crane:gy..g", [("crane", "gy..g")]),
        ("crane=gy..g", [("crane", "gy..g")]),
        ("crane gy..g", [("crane", "gy..g")]),
        ("  crane : gy..g  ", [("crane", "gy..g")]),
        ("crane = GY--G", [("crane", "GY--G")]),
        ("crane:gy..g, slate:....g", [("crane", "gy..g"), ("slate", "....g")]),
        ("crane:gy..g;slate:....g", [("crane", "gy..g"), ("slate", "....g")]),
        ("crane:gy..g,", [("crane", "gy..g")]),
        ("crane:gy..g,,slate:.....", [("crane", "gy..g"), ("slate", ".....")]),
        ("tare 2-1", [("tare", "2-1")]),
        ("tare 2 1", [("tare", "2 1")]),
        ("tare:2:1", [("tare", "2:1")]),
        ("cat 2, bat=0; dog:3", [("cat", "2"), ("bat", "0"), ("dog", "3")]),
        ("ёлка:gy..g", [("ёлка", "gy..g")]),
        ("", []),
        ("  ", []),
    ],
)
def test_parse_history(text: str, items: list[tuple[str, str]]) -> None:
    assert parse_history(text) == items


@pytest.mark.parametrize(
    "text",
    [
        *("crane", "crane:", ":gy..g", "crane:gy..g, slate", "=gy..g", "crane:gy..g; ::"),
        *(" , ; ", ",,,", ";;;;"),  # separators alone: a history that says nothing
    ],
)
def test_parse_history_errors(text: str) -> None:
    with pytest.raises(InvalidPatternError) as raised:
        parse_history(text)
    assert "GUESS:FEEDBACK" in str(raised.value)


def test_parse_history_error_names_the_item() -> None:
    with pytest.raises(InvalidPatternError, match="'slate'"):
        parse_history("crane:gy..g, slate")


def test_history_replays_into_a_session(wordle: PatternMatrix) -> None:
    game = wordle.game
    session = Session(wordle)
    for guess, feedback in parse_history("speed:..y.y, CRANE=..Y-G"):
        session.push(guess, feedback)
    history = [("speed", game.parse_pattern("..y.y")), ("crane", game.parse_pattern("..y.g"))]
    assert words_left(session) == brute_force(game, history)
    assert "abide" in words_left(session)


def spend_the_tries(state: GameState, guess: str, feedback: str) -> list[tuple[int | None, bool]]:
    """Push the same losing guess until the tries are spent: tries left and lost after each."""
    seen: list[tuple[int | None, bool]] = []
    while not state.lost:
        state.push(guess, feedback)
        seen.append((state.tries_left, state.lost))
    return seen


@pytest.mark.parametrize("boards", [1, 2])
def test_one_board_and_several_are_one_game_state(wordle: PatternMatrix, boards: int) -> None:
    """The same moves, told as text, mean the same on one board's session and on several."""
    game = replace(wordle.game, max_tries=3)
    matrix = pattern_matrix(game)
    text = ",".join([".y..g"] * boards)  # crane against eerie on every board
    state: GameState = Session(matrix) if boards == 1 else BoardsSession(matrix, boards)
    assert (state.max_tries, state.tries_left, state.guesses) == (3, 3, [])
    assert [guess.word for guess in state.suggest(top=2)] == ["crane", "react"]
    assert spend_the_tries(state, "crane", text) == [(2, False), (1, False), (0, True)]
    assert state.guesses == ["crane"] * 3 and not state.solved
    assert state.pop() is not None and not state.lost and state.tries_left == 1
    state.replay([("eerie", ",".join(["ggggg"] * boards))])
    assert state.solved and not state.lost and state.guesses[-1] == "eerie"
    told = state.to_json([], "entropy", PlayOptions())
    assert told["solved"] and [move["guess"] for move in told["history"]][-1] == "eerie"
    assert (told["strategy"], told["options"]["hard"]) == ("entropy", False)
    assert told["suggestions"] == []
    state.reset()
    assert (state.guesses, state.tries_left, state.solved) == ([], 3, False)
