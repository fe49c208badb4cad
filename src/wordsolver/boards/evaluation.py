"""Evaluate a strategy on random board sets: the space of secret tuples is far too large to
play whole (2,315⁴ Quordles), so ``size`` games are drawn, each with distinct secrets; or on the
board sets given (another solver's sample, a host's archive), read by :func:`parse_board_sets`.

A game is played until every board is solved, even past the tries allowed, so the mean counts
every guess needed and a loss (more guesses than tries) says by how much.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from wordsolver.boards.games import board_game_name
from wordsolver.boards.scoring import BoardScorer
from wordsolver.boards.session import BoardsSession
from wordsolver.errors import InvalidWordError, OptionError
from wordsolver.evaluation import Evaluation
from wordsolver.games import Game, known_answers
from wordsolver.matrix import PatternMatrix
from wordsolver.plumbing.arrays import IdArray
from wordsolver.plumbing.progress import Progress
from wordsolver.session import MAX_HISTORY
from wordsolver.strategies import Player, PlayOptions

#: Most games one evaluation may play.
MAX_GAMES = 1_000_000


@dataclass(frozen=True, slots=True, eq=False)
class BoardsEvaluation(Evaluation):
    """How a strategy did on a sample of board sets: ``secrets`` holds one row of secret ids
    per game, ``guesses`` the guesses each game needed to solve every board."""

    boards: int = 1
    seed: int = 0

    def to_json(self, *, rows: bool = False) -> dict[str, Any]:
        """The ``--json`` schema of ``evaluate`` with the board count and seed added."""
        return {**Evaluation.to_json(self, rows=rows), "boards": self.boards, "seed": self.seed}


def draw_board_sets(game: Game, boards: int, size: int, seed: int) -> IdArray:
    """``size`` games of ``boards`` distinct secrets (ids) drawn from the known answers of the
    game's lists (under a prior over every accepted word, the list it holds likeliest; else
    every secret), reproducibly from ``seed``."""
    if game.uniform:
        return sample_board_sets(len(game.secrets), boards, size, seed)
    ids = np.asarray([game.secret_id(word) for word in known_answers(game).words], np.intp)
    ids = ids[ids >= 0]
    return ids[sample_board_sets(len(ids), boards, size, seed)]


def sample_board_sets(n_secrets: int, boards: int, size: int, seed: int) -> IdArray:
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
    return np.asarray(sets, dtype=np.intp).reshape(size, boards)


def parse_board_sets(game: Game, text: str, boards: int) -> IdArray:
    """Board sets written one game per line, its secrets in board order separated by commas or
    blanks (``cigar,rebut,sissy,humph``); blank lines and ``#`` comments are skipped. A set may
    name a word twice, as some hosts draw them. A line that is not ``boards`` possible secrets
    is refused with its number."""
    sets: list[list[int]] = []
    for number, line in enumerate(text.splitlines(), 1):
        words = re.split(r"[,\s]+", line.split("#", 1)[0].strip())
        if words == [""]:
            continue
        if len(words) != boards:
            raise InvalidWordError(
                f"line {number}: {len(words)} words for {boards} boards (one word per board)"
            )
        if len(sets) == MAX_GAMES:
            raise OptionError(f"at most {MAX_GAMES:,} board sets are played", ("sets",))
        sets.append([_secret_id(game, word, number) for word in words])
    if not sets:
        raise InvalidWordError("no board sets: write one game per line, e.g. cigar,rebut,sissy")
    return np.asarray(sets, dtype=np.intp).reshape(len(sets), boards)


def _secret_id(game: Game, word: str, line: int) -> int:
    try:
        secret = game.secret_id(word)
    except InvalidWordError as error:
        raise InvalidWordError(f"line {line}: {error}") from None
    if secret < 0:
        raise InvalidWordError(f"line {line}: {word} is not a possible secret in {game.name}")
    return secret


def play_board_set(player: Player, scorer: BoardScorer, secrets: IdArray) -> int:
    """Guesses the scorer needs to solve every board of one game (played past the tries), each
    board played as the assistant plays it (narrowed under a prior, widened when its secret is
    outside the answers)."""
    matrix = player.matrix
    state = BoardsSession(matrix, len(secrets))
    secrets = np.asarray(secrets, dtype=np.intp)
    for used in range(MAX_HISTORY):
        if used < len(player.opener_rows):
            row = player.opener_rows[used]
        else:
            row = scorer.choose(state.positions(player), state.tries_to_score)
        patterns = matrix.cells(secrets, np.array([row], dtype=np.intp))[:, 0]
        solved = state.solved_boards
        state.push(
            matrix.game.guesses.words[row],
            [None if done else int(p) for p, done in zip(patterns, solved, strict=True)],
        )
        if state.solved:
            return used + 1
    raise AssertionError("every guess splits or solves a board, so a game ends")


def evaluate_boards(
    matrix: PatternMatrix,
    boards: int,
    scorer: BoardScorer,
    *,
    size: int = 0,
    seed: int = 0,
    sets: IdArray | None = None,
    options: PlayOptions | None = None,
    progress: Progress | None = None,
) -> BoardsEvaluation:
    """Play ``size`` random board sets (drawn from ``seed``), or the ``sets`` given (one row of
    secret ids per game), and count the guesses each needs."""
    chosen = options or PlayOptions()
    if chosen.hard:
        raise OptionError("hard mode is not played on several boards", ("hard",))
    started = time.perf_counter()
    if sets is None:
        sets = draw_board_sets(matrix.game, boards, size, seed)
    player = Player(matrix, scorer.strategy, chosen)
    guesses = np.empty(len(sets), dtype=np.int64)
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
