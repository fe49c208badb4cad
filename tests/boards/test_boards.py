"""Multi-board games: names and options, the feedback text form, the state over several boards,
strategies summed over boards, and the evaluation of random board sets."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest

from wordsolver.boards import (
    BoardScorer,
    BoardsSession,
    board_setup,
    format_board_feedback,
    load_board_game,
    parse_board_feedback,
    parse_board_history,
    scoring,
)
from wordsolver.boards.evaluation import (
    evaluate_boards,
    parse_board_sets,
    play_board_set,
    sample_board_sets,
)
from wordsolver.boards.scoring import BEST_TOTAL, LAST_TRIES, ONE_LEFT, FinishOptions
from wordsolver.errors import (
    InconsistentFeedbackError,
    InvalidPatternError,
    InvalidWordError,
    OptionError,
    WordsolverError,
)
from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.strategies import Player, PlayOptions, find_strategy
from wordsolver.strategies.registry import strategy_names

WORDS = ("crane", "slate", "trace", "react", "cater", "eerie", "geese", "speed", "abide", "tares")
GREEDY = [name for name in strategy_names() if not name.startswith("optimal")]


@pytest.fixture(scope="module")
def small() -> PatternMatrix:
    return pattern_matrix(find_game("wordle", GameOverrides(words=WORDS, tries=8)))


def feedback(matrix: PatternMatrix, guess: str, secrets: list[str], solved: list[bool]) -> str:
    game = matrix.game
    return format_board_feedback(
        game,
        [
            None if done else game.feedback(guess, s)
            for s, done in zip(secrets, solved, strict=True)
        ],
    )


@pytest.mark.parametrize(
    ("name", "boards", "tries", "expected"),
    [
        ("dordle", None, None, ("wordle", 2, 7)),
        ("quordle", None, None, ("wordle", 4, 9)),
        ("octordle", None, None, ("wordle", 8, 13)),
        ("octordle", None, 20, ("wordle", 8, 20)),
        ("wordle", 3, None, ("wordle", 3, 8)),
        ("5bukv", 4, 10, ("5bukv", 4, 10)),
        ("wordle", None, None, ("wordle", 1, 6)),
        ("QUORDLE", 4, None, ("wordle", 4, 9)),
    ],
)
def test_board_setup(
    name: str, boards: int | None, tries: int | None, expected: tuple[str, int, int]
) -> None:
    setup = board_setup(name, boards, tries)
    assert (setup.base, setup.boards, setup.tries) == expected


@pytest.mark.parametrize(
    ("name", "boards", "message"),
    [
        ("quordle", 2, "quordle is played on 4 boards"),
        ("wordle", 0, "`boards` must be from 1 to 32"),
        ("wordle", 33, "`boards` must be from 1 to 32"),
        ("tonguess3", 2, "`boards` plays colours games"),
        ("bulls", 4, "`boards` plays colours games"),
    ],
)
def test_board_setup_refuses(name: str, boards: int, message: str) -> None:
    with pytest.raises(OptionError, match=message) as caught:
        board_setup(name, boards)
    assert caught.value.parameters == ("boards",)


def test_feedback_text_round_trips() -> None:
    game = find_game("wordle", GameOverrides(words=WORDS))
    rng = np.random.default_rng(3)
    for _ in range(50):
        solved = rng.random(4) < 0.3
        patterns = tuple(None if s else int(rng.integers(game.n_patterns)) for s in solved)
        text = format_board_feedback(game, patterns)
        assert parse_board_feedback(game, text, tuple(solved)) == patterns


@pytest.mark.parametrize(
    ("text", "solved", "message"),
    [
        ("gy..g,.....", (False, False, False), "3 boards need 3 patterns .* not 2"),
        ("gy..g,.....,.....,.....", (False, False, False), "not 4"),
        ("gy..g,-", (False, False), "board 2 is not solved yet: give its pattern"),
        ("gy..g,.....", (True, False), "board 1 was solved earlier: write - for it"),
        ("gy..g,gy.", (False, False), "board 2: "),
    ],
)
def test_feedback_text_refuses(text: str, solved: tuple[bool, ...], message: str) -> None:
    game = find_game("wordle", GameOverrides(words=WORDS))
    with pytest.raises(InvalidPatternError, match=message):
        parse_board_feedback(game, text, solved)


def test_history_reads_semicolons() -> None:
    assert parse_board_history("crane:gy..g,ggggg ; tares ..y..,-") == [
        ("crane", "gy..g,ggggg"),
        ("tares", "..y..,-"),
    ]
    with pytest.raises(InvalidPatternError, match="cannot read history item"):
        parse_board_history("crane")


def test_session_plays_each_board_and_takes_back(small: PatternMatrix) -> None:
    secrets = ["trace", "geese", "abide"]
    state = BoardsSession(small, 3)
    solved = [False, False, False]
    text = feedback(small, "trace", secrets, solved)
    left = state.push("trace", text)
    assert state.solved_boards == (True, False, False)
    assert left[0] == 1
    assert state.boards[1].candidate_words() == [
        w for w in WORDS if small.game.feedback("trace", w) == small.game.feedback("trace", "geese")
    ]
    assert state.patterns(0) == tuple(small.game.feedback("trace", s) for s in secrets)
    state.push("geese", feedback(small, "geese", secrets, [True, False, False]))
    assert state.patterns(1)[0] is None
    assert state.solved_boards == (True, True, False)
    assert state.tries_left == 6
    assert state.pop() == "geese"
    assert state.solved_boards == (True, False, False)
    assert state.pop() == "trace" and state.pop() is None
    assert all(len(board.candidates) == len(WORDS) for board in state.boards)


def test_a_board_error_names_the_board_and_changes_nothing(small: PatternMatrix) -> None:
    state = BoardsSession(small, 3)
    # board 2 claims "all grey" for crane, which no word of the list earns.
    first = small.game.format_pattern(small.game.feedback("crane", "trace"))
    with pytest.raises(WordsolverError, match=r"^board 2: ") as caught:
        state.push("crane", f"{first},.....,ggggg")
    assert isinstance(caught.value, InconsistentFeedbackError)
    assert state.moves == [] and all(not board.steps for board in state.boards)


def test_solved_game_refuses_more(small: PatternMatrix) -> None:
    state = BoardsSession(small, 2)
    state.push(
        "crane",
        "ggggg,.....".replace(
            ".....", small.game.format_pattern(small.game.feedback("crane", "speed"))
        ),
    )
    state.push("speed", "-,ggggg")
    assert state.solved and state.suggest().ranked == []
    solved = r"^every board is solved \(guess 2, speed\): no guess may follow it$"
    with pytest.raises(InconsistentFeedbackError, match=solved):
        state.push("slate", "-,-")


def naive_total(matrix: PatternMatrix, guess: int, boards: list[list[int]]) -> tuple[float, float]:
    """Total entropy and total expected size of one guess over the boards, counted by hand."""
    entropy = expected = 0.0
    for candidates in boards:
        sizes = Counter(int(matrix.values[guess, s]) for s in candidates)
        n = len(candidates)
        entropy += -sum(c / n * math.log2(c / n) for c in sizes.values())
        expected += sum(c * c for c in sizes.values()) / n
    return entropy, expected


@pytest.mark.parametrize("name", ["entropy", "expected-size"])
def test_scores_are_sums_over_boards(small: PatternMatrix, name: str) -> None:
    state = BoardsSession(small, 3)
    secrets = ["cater", "geese", "speed"]
    state.push("slate", feedback(small, "slate", secrets, [False] * 3))
    boards = [list(board.candidates) for board in state.boards]
    plain = BoardScorer(find_strategy(name), finish=FinishOptions(shortlist=0))
    ranked = state.suggest(plain, top=len(small.game.guesses)).ranked
    assert ranked
    for guess in ranked:
        entropy, expected = naive_total(small, guess.row, boards)
        assert guess.entropy == pytest.approx(entropy)
        assert guess.expected_size == pytest.approx(expected)
    scores = [g.score for g in ranked]
    best_first = sorted(scores, reverse=name == "entropy")
    assert scores == pytest.approx(best_first)


def test_full_boards_split_as_the_first_turn_table_says(
    small: PatternMatrix, monkeypatch: pytest.MonkeyPatch
) -> None:
    every = len(small.game.guesses)
    with monkeypatch.context() as patch:
        patch.setattr(scoring, "cache_dir", lambda: None)  # no cache: every split counted
        counted = BoardsSession(small, 3).suggest(top=every)

    def no_counting(*args: object, **kwargs: object) -> None:
        raise AssertionError("a full board's split is read, not counted")

    monkeypatch.setattr(scoring, "partition_stats", no_counting)
    for _ in range(2):  # the first counts the table into the cache, the second reads it
        read = BoardsSession(small, 3).suggest(top=every)
        assert read.ranked == counted.ranked
        assert read.ranked == counted.ranked
    state = BoardsSession(small, 3)
    state.push("slate", feedback(small, "slate", ["cater", "geese", "speed"], [False] * 3))
    with pytest.raises(AssertionError, match="read, not counted"):
        state.suggest()  # boards narrowed by a guess are counted


def test_one_candidate_left_is_played(small: PatternMatrix) -> None:
    state = BoardsSession(small, 2)
    secrets = ["abide", "tares"]
    state.push("abide", feedback(small, "abide", secrets, [False, False]))
    assert state.solved_boards == (True, False)
    state.pop()
    # eerie leaves abide alone on its board (the only word with b and d)...
    state.push("speed", feedback(small, "speed", secrets, [False, False]))
    ranking = state.suggest(top=5)
    lonely = [b for b, board in enumerate(state.boards) if len(board.candidates) == 1]
    assert lonely and ranking.rule == ONE_LEFT
    assert ranking.forced == tuple(lonely)
    forced_words = {state.boards[b].candidate_words()[0] for b in lonely}
    assert {g.word for g in ranking.ranked} <= forced_words


def test_last_tries_play_only_candidates() -> None:
    matrix = pattern_matrix(find_game("wordle", GameOverrides(words=WORDS, tries=2)))
    state = BoardsSession(matrix, 2)
    ranking = state.suggest(top=20)
    assert ranking.rule == LAST_TRIES
    assert all(g.is_candidate for g in ranking.ranked)
    roomy = BoardsSession(pattern_matrix(find_game("wordle", GameOverrides(words=WORDS))), 2)
    assert roomy.suggest().rule == BEST_TOTAL


@pytest.mark.parametrize("name", GREEDY)
def test_every_greedy_strategy_solves_boards(small: PatternMatrix, name: str) -> None:
    scorer = BoardScorer(find_strategy(name, seed=1))
    player = Player(small, scorer.strategy, PlayOptions())
    for secrets in sample_board_sets(len(WORDS), 3, 10, seed=2):
        used = play_board_set(player, scorer, secrets)
        assert 1 <= used <= 3 * len(WORDS)


def test_optimal_and_hard_are_refused(small: PatternMatrix) -> None:
    with pytest.raises(OptionError, match="plays one board"):
        BoardScorer(find_strategy("optimal"))
    with pytest.raises(OptionError, match="hard mode"):
        BoardsSession(small, 2).suggest(options=PlayOptions(hard=True))


def test_evaluation_is_reproducible_and_counts(small: PatternMatrix) -> None:
    scorer = BoardScorer(find_strategy("entropy"))
    ticks: list[int] = []
    first = evaluate_boards(small, 4, scorer, size=30, seed=5, progress=ticks.append)
    again = evaluate_boards(small, 4, BoardScorer(find_strategy("entropy")), size=30, seed=5)
    assert sum(ticks) == 30 and first.total == 30
    assert np.array_equal(first.secrets, again.secrets)
    assert np.array_equal(first.guesses, again.guesses)
    assert all(len(set(row)) == 4 for row in first.secrets.tolist())
    assert sum(first.distribution.values()) == 30
    assert first.losses == int((first.guesses > 8).sum())
    assert first.to_json()["boards"] == 4 and first.to_json()["seed"] == 5
    # Each game replayed through the session takes the same number of guesses.
    for secrets, used in zip(first.secrets[:5], first.guesses[:5], strict=True):
        words = [small.game.secrets.words[s] for s in secrets]
        state = BoardsSession(small, 4)
        while not state.solved:
            guess = state.suggest(scorer, top=1).ranked[0].word
            state.push(guess, feedback(small, guess, words, list(state.solved_boards)))
        assert state.tries_used == used


def test_sample_refuses_bad_sizes() -> None:
    with pytest.raises(OptionError, match="`sample`"):
        sample_board_sets(10, 2, 0, 0)
    with pytest.raises(OptionError, match="distinct secrets"):
        sample_board_sets(3, 4, 5, 0)


def test_dordle_is_wordle_on_two_boards() -> None:
    game, boards = load_board_game("dordle")
    assert (game.name, game.max_tries, boards) == ("wordle", 7, 2)


def test_board_sets_given_are_played_as_written(small: PatternMatrix) -> None:
    game = small.game
    text = "crane,slate,trace,react\n# from another solver's sample\n\nEERIE geese  speed abide\n"
    text += "tares,tares,crane,slate  # a word twice\n"
    sets = parse_board_sets(game, text, 4)
    words = game.secrets.words
    assert [[words[s] for s in row] for row in sets.tolist()] == [
        ["crane", "slate", "trace", "react"],
        ["eerie", "geese", "speed", "abide"],
        ["tares", "tares", "crane", "slate"],
    ]
    scorer = BoardScorer(find_strategy("entropy"))
    result = evaluate_boards(small, 4, scorer, sets=sets)
    assert result.total == 3 and np.array_equal(result.secrets, sets)
    player = Player(small, scorer.strategy, PlayOptions())
    assert result.guesses.tolist() == [play_board_set(player, scorer, row) for row in sets]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("crane,slate\n", "line 1: 2 words for 4 boards"),
        ("crane,slate,trace,react\ncrane,slate,trace,pizza\n", "line 2: 'pizza' is not an allowed"),
        ("# nothing\n", "no board sets"),
    ],
)
def test_board_sets_refused_with_their_line(small: PatternMatrix, text: str, message: str) -> None:
    with pytest.raises(InvalidWordError, match=message):
        parse_board_sets(small.game, text, 4)
