"""Evaluate a strategy on random board sets: the space of secret tuples is far too large to
play whole (2,315⁴ Quordles), so ``size`` games are drawn, each with distinct secrets.

A game is played until every board is solved, even past the tries allowed, so the mean counts
every guess needed and a loss (more guesses than tries) says by how much.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from wordsolver.boards.games import board_game_name
from wordsolver.boards.scoring import BoardScorer
from wordsolver.errors import OptionError
from wordsolver.matrix import PatternMatrix
from wordsolver.session import MAX_HISTORY
from wordsolver.strategies import Player, PlayOptions

Int64Array = npt.NDArray[np.int64]
#: Most games one evaluation may play.
MAX_GAMES = 1_000_000


@dataclass(frozen=True, slots=True, eq=False)
class BoardsEvaluation:
    """How a strategy did on a sample of board sets."""

    game: str
    strategy: str
    boards: int
    max_tries: int | None
    secrets: Int64Array  # one row of secret ids per game
    guesses: Int64Array  # guesses needed to solve every board, aligned with ``secrets``
    seconds: float
    seed: int
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def total(self) -> int:
        """Games played."""
        return len(self.guesses)

    @property
    def mean(self) -> float:
        """Mean guesses to solve every board."""
        return float(self.guesses.mean())

    @property
    def worst(self) -> int:
        """Most guesses any game needed."""
        return int(self.guesses.max())

    @property
    def losses(self) -> int:
        """Games that needed more guesses than the tries allowed."""
        return 0 if self.max_tries is None else int((self.guesses > self.max_tries).sum())

    @property
    def solved_share(self) -> float:
        """Share of games won within the tries allowed."""
        return 1.0 - self.losses / self.total

    @property
    def distribution(self) -> dict[int, int]:
        """Guesses needed -> number of games."""
        values, counts = np.unique(self.guesses, return_counts=True)
        return {int(v): int(c) for v, c in zip(values, counts, strict=True)}

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` schema of ``evaluate`` with the board count and seed added."""
        return {
            "game": self.game,
            "strategy": self.strategy,
            "options": self.options,
            "boards": self.boards,
            "seed": self.seed,
            "total": self.total,
            "mean": round(self.mean, 6),
            "worst": self.worst,
            "losses": self.losses,
            "max_tries": self.max_tries,
            "distribution": {str(k): v for k, v in self.distribution.items()},
            "seconds": round(self.seconds, 3),
        }


def sample_board_sets(n_secrets: int, boards: int, size: int, seed: int) -> Int64Array:
    """``size`` games of ``boards`` distinct secret ids each, drawn reproducibly from ``seed``."""
    if not 1 <= size <= MAX_GAMES:
        raise OptionError(f"`sample` must be from 1 to {MAX_GAMES:,}, not {size}", ("sample",))
    if boards > n_secrets:
        raise OptionError(
            f"{boards} boards need {boards} distinct secrets: the game has {n_secrets}",
            ("boards",),
        )
    rng = np.random.default_rng(seed)
    sets = [rng.choice(n_secrets, size=boards, replace=False) for _ in range(size)]
    return np.asarray(sets, dtype=np.int64).reshape(size, boards)


def play_board_set(player: Player, scorer: BoardScorer, secrets: Int64Array) -> int:
    """Guesses the scorer needs to solve every board of one game (played past the tries)."""
    matrix = player.matrix
    values = matrix.values
    win = matrix.game.win_pattern
    tries = matrix.game.max_tries
    every = np.arange(len(matrix.game.secrets), dtype=np.intp)
    boards = [every for _ in secrets]
    unsolved = list(range(len(secrets)))
    for used in range(MAX_HISTORY):
        positions = [player.position(boards[b], used, None) for b in unsolved]
        left = None if tries is None else max(tries - used, 0)
        if used < len(player.opener_rows):
            row = player.opener_rows[used]
        else:
            row = scorer.choose(positions, left)
        still = []
        for b in unsolved:
            pattern = values[row, secrets[b]]
            if pattern != win:
                boards[b] = boards[b][values[row, boards[b]] == pattern]
                still.append(b)
        unsolved = still
        if not unsolved:
            return used + 1
    raise AssertionError("every guess splits or solves a board, so a game ends")


def evaluate_boards(
    matrix: PatternMatrix,
    boards: int,
    scorer: BoardScorer,
    *,
    size: int,
    seed: int = 0,
    options: PlayOptions | None = None,
    progress: Callable[[int], None] | None = None,
) -> BoardsEvaluation:
    """Play ``size`` random board sets (drawn from ``seed``) and count the guesses each needs."""
    chosen = options or PlayOptions()
    if chosen.hard:
        raise OptionError("hard mode is not played on several boards", ("hard",))
    started = time.perf_counter()
    sets = sample_board_sets(len(matrix.game.secrets), boards, size, seed)
    player = Player(matrix, scorer.strategy, chosen)
    guesses = np.empty(size, dtype=np.int64)
    for game, secrets in enumerate(sets):
        guesses[game] = play_board_set(player, scorer, secrets)
        if progress is not None:
            progress(1)
    return BoardsEvaluation(
        game=board_game_name(matrix.game, boards),
        strategy=scorer.strategy.name,
        boards=boards,
        max_tries=matrix.game.max_tries,
        secrets=sets,
        guesses=guesses,
        seconds=time.perf_counter() - started,
        seed=seed,
        options=player.options.describe(),
    )
