"""The review of a finished multi-board game: each guess beside the solver's, the candidates both
left on each board (counted here by scoring every word against every guess), and the share
text."""

from __future__ import annotations

import random

import pytest

from wordsolver.boards import BoardScorer, BoardsSession
from wordsolver.boards.host import HostedBoards
from wordsolver.boards.review import boards_share_text, review_boards, solved_on
from wordsolver.games import Game, GameOverrides, find_game
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.strategies import find_strategy

WORDS = (
    "crane", "slate", "trace", "react", "cater", "eerie", "geese", "speed", "abide", "tares",
    "batch", "catch", "hatch", "latch", "match", "patch", "light", "might", "fight", "sight",
)  # fmt: skip


@pytest.fixture(scope="module")
def matrix() -> PatternMatrix:
    return pattern_matrix(
        find_game("wordle", GameOverrides(words=WORDS, tries=12)), use_cache=False
    )


def fitting(game: Game, played: list[str], secret: str) -> list[str]:
    """The words that give every guess played the feedback the secret gives it."""
    return [
        word
        for word in WORDS
        if all(game.feedback(guess, word) == game.feedback(guess, secret) for guess in played)
    ]


@pytest.mark.parametrize("seed", range(6))
def test_review_counts_what_each_guess_left_on_every_board(
    matrix: PatternMatrix, seed: int
) -> None:
    game = matrix.game
    words = game.secrets.words
    rng = random.Random(seed)
    secrets = rng.sample(range(len(words)), 3)
    hosted = HostedBoards(matrix, secrets)
    while not hosted.finished:  # random guesses, then the unsolved secrets in turn
        unsolved = [
            s for s, done in zip(secrets, hosted.state.solved_boards, strict=True) if not done
        ]
        word = rng.choice(words) if hosted.state.tries_used < 2 else words[unsolved[0]]
        hosted.guess(word)
    scorer = BoardScorer(find_strategy("entropy"))
    rows = review_boards(hosted.state, scorer)
    replay = BoardsSession(matrix, 3)
    played: list[str] = []
    for row, (guess, _) in zip(rows, hosted.state.moves, strict=True):
        assert row.solver_pick == replay.suggest(scorer, top=1).ranked[0].word
        for board, secret in enumerate(secrets):
            word = words[secret]
            solved_before = word in played
            mine = None if solved_before else len(fitting(game, [*played, guess], word))
            theirs = None if solved_before else len(fitting(game, [*played, row.solver_pick], word))
            assert (row.left[board], row.pick_left[board]) == (mine, theirs)
        assert row.total_left == sum(n for n in row.left if n is not None)
        replay.push(guess, hosted.state.patterns(row.number - 1))
        played.append(guess)
    assert hosted.state.solved
    assert solved_on(hosted.state) == [played.index(words[s]) + 1 for s in secrets]


def test_share_text_counts_each_board_and_marks_the_unsolved(matrix: PatternMatrix) -> None:
    words = matrix.game.secrets.words
    hosted = HostedBoards(matrix, [words.index(w) for w in ("batch", "light", "crane", "eerie")])
    for word in ("light", "crane", "batch"):
        hosted.guess(word)
    hosted.state.max_tries = 3
    assert hosted.state.lost
    assert boards_share_text(hosted.state) == "Wordle (custom) ×4 X/3\n3️⃣1️⃣\n2️⃣🟥"


def test_unknown_secrets_leave_the_solvers_counts_out(matrix: PatternMatrix) -> None:
    state = BoardsSession(matrix, 2)
    game = matrix.game
    state.push("crane", [game.feedback("crane", "latch"), game.feedback("crane", "crane")])
    (row,) = review_boards(state, BoardScorer(find_strategy("entropy")))
    assert row.left == (len(fitting(game, ["crane"], "latch")), 1)
    assert row.pick_left[0] is None and row.pick_total_left is None  # board 1's secret unknown
    assert row.pick_left[1] is not None
