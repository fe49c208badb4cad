"""A multi-board game the program hosts: a secret per board, and each guess answered on every
board not solved yet (``wordsolver play quordle``, the web page's board view).

>>> from wordsolver.boards.games import load_board_game
>>> from wordsolver.matrix import pattern_matrix
>>> from wordsolver.games import GameOverrides  # hosted: the answers alike
>>> game, boards = load_board_game("dordle", GameOverrides(prior="uniform"))
>>> hosted = HostedBoards(pattern_matrix(game), board_secrets(len(game.secrets), boards, seed=1))
>>> len(hosted.guess("crane")), hosted.state.tries_left
(2, 6)
>>> from datetime import date
>>> daily_board_secrets(game, 4, date(2025, 3, 1)) == daily_board_secrets(game, 4, date(2025, 3, 1))
True
"""

from __future__ import annotations

import secrets as system_random
from collections.abc import Sequence
from datetime import date

import numpy as np

from wordsolver.boards.evaluation import sample_board_sets
from wordsolver.boards.session import BoardsSession
from wordsolver.errors import GameOverError
from wordsolver.games import Game
from wordsolver.hosted.picking import EPOCH
from wordsolver.matrix import PatternMatrix


def board_secrets(n_secrets: int, boards: int, seed: int | None) -> tuple[int, ...]:
    """Distinct secret ids, one per board, at random (reproducibly when ``seed`` is given)."""
    chosen = system_random.randbits(32) if seed is None else seed
    return tuple(int(s) for s in sample_board_sets(n_secrets, boards, 1, chosen)[0])


def daily_board_secrets(game: Game, boards: int, day: date) -> tuple[int, ...]:
    """The day's board set: each day takes the next ``boards`` secrets of an order fixed by the
    word list and the board count (so every machine draws the same), every secret once per
    cycle; distinct as long as the list holds ``boards`` secrets."""
    seed = [int(game.secrets.digest(), 16) % 2**64, boards]
    order = np.random.default_rng(seed).permutation(len(game.secrets))
    start = (day - EPOCH).days * boards
    return tuple(int(order[(start + b) % len(order)]) for b in range(boards))


class HostedBoards:
    """The boards' secrets and the state the player's guesses make."""

    def __init__(self, matrix: PatternMatrix, secrets: Sequence[int]) -> None:
        self.matrix = matrix
        self.secrets = tuple(secrets)
        self.state = BoardsSession(matrix, len(self.secrets))

    @property
    def secret_words(self) -> list[str]:
        """The secrets, board by board."""
        words = self.matrix.game.secrets.words
        return [words[s] for s in self.secrets]

    @property
    def finished(self) -> bool:
        """Whether every board is solved or the tries ran out."""
        return self.state.solved or self.state.lost

    def guess(self, word: str) -> tuple[int | None, ...]:
        """Play ``word``: each board's pattern (None for a board solved earlier)."""
        if self.finished:
            raise GameOverError("this game is over: start a new one")
        row = self.matrix.game.guess_row(word)
        solved = self.state.solved_boards
        patterns = tuple(
            None if done else int(self.matrix.values[row, secret])
            for secret, done in zip(self.secrets, solved, strict=True)
        )
        self.state.push(word, patterns)
        return patterns
