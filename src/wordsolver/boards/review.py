"""After a multi-board game: each guess beside the one the board solver would have played from the
same spot, what each left on every board, and the share text players post.

The single-board review (:mod:`wordsolver.hosted.review`) also gives the guesses each move lost
in expectation; on several boards that expectation would take a simulation of the solver over
the secret tuples still possible at every spot, so this review compares what is known exactly:
the candidates your guess and the solver's left on each board against the real secrets.

>>> from wordsolver.boards.games import load_board_game
>>> from wordsolver.boards.host import HostedBoards
>>> from wordsolver.matrix import pattern_matrix
>>> from wordsolver.games import GameOverrides  # hosted: the answers alike
>>> game, _ = load_board_game("dordle", GameOverrides(prior="uniform"))
>>> secrets = [game.secrets.words.index(word) for word in ("curse", "ghost")]
>>> hosted = HostedBoards(pattern_matrix(game), secrets)
>>> for guess in ("crane", "curse", "ghost"):
...     _ = hosted.guess(guess)
>>> state = hosted.state
>>> rows = review_boards(state, BoardScorer.of("entropy"))
>>> for row in rows:
...     print(row.guess, row.left, row.solver_pick, row.pick_left)
crane (3, 263) trace (5, 113)
curse (1, 22) sloth (1, 1)
ghost (None, 1) moits (None, 1)
>>> print(boards_share_text(state))
Dordle 3/7
2️⃣3️⃣
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from wordsolver.boards.scoring import BoardScorer
from wordsolver.boards.session import BoardsSession
from wordsolver.hosted.share import share_header
from wordsolver.plumbing.progress import Progress

#: Called once per reviewed guess.

#: How a board's guess count is shown in the share text (as the multi-board games show it):
#: keycaps to 10, then clock faces (11 o'clock, 12, 1 o'clock for 13, ...).
_COUNTS = ("1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟",
           "🕚", "🕛", "🕐", "🕑", "🕒", "🕓", "🕔", "🕕", "🕖", "🕗", "🕘", "🕙")  # fmt: skip
#: A board not solved when the game ended.
UNSOLVED = "🟥"
#: Boards per row of the share text.
_PER_ROW = 2


@dataclass(frozen=True, slots=True)
class BoardReviewRow:
    """One guess of a multi-board game beside the solver's view of the same spot.

    ``left``: candidates left on each board after the guess (None for a board solved before it);
    ``solver_pick``: what the solver would have played there; ``pick_left``: what that guess
    would have left on each board against its secret (None where the board was solved before,
    or its secret is not known).
    """

    number: int
    guess: str
    left: tuple[int | None, ...]
    solver_pick: str
    pick_left: tuple[int | None, ...]

    @property
    def total_left(self) -> int:
        """Candidates left over all boards after the guess."""
        return sum(n for n in self.left if n is not None)

    @property
    def pick_total_left(self) -> int | None:
        """The same after the solver's guess (None when a secret is not known)."""
        if any(mine is not None and theirs is None for mine, theirs in self._pairs()):
            return None
        return sum(n for n in self.pick_left if n is not None)

    def _pairs(self) -> zip[tuple[int | None, int | None]]:
        return zip(self.left, self.pick_left, strict=True)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON values (the web API)."""
        return {
            "number": self.number,
            "guess": self.guess,
            "left": list(self.left),
            "solver_pick": self.solver_pick,
            "pick_left": list(self.pick_left),
            "total_left": self.total_left,
            "pick_total_left": self.pick_total_left,
        }


def review_boards(
    state: BoardsSession,
    scorer: BoardScorer,
    secrets: Sequence[int | None] | None = None,
    *,
    progress: Progress | None = None,
) -> list[BoardReviewRow]:
    """Compare each guess of ``state`` with what ``scorer`` would have played from the same spot.

    ``secrets`` are the boards' secret ids (None where not known); by default those of the boards
    solved (a solved board's secret is its last guess). ``progress`` is called once per guess.
    """
    known = list(secrets) if secrets is not None else solved_secrets(state)
    words = [None if secret is None else state.game.secrets.words[secret] for secret in known]
    replay = BoardsSession(state.matrix, len(state.boards), state.max_tries)
    rows = []
    for number, (guess, _) in enumerate(state.moves, 1):
        pick = replay.suggest(scorer, top=1).ranked[0]  # a board is unsolved: a move followed
        pick_left = [
            None
            if board.solved or word is None or board.widened
            # A board under a prior plays the game narrowed to its words that fit.
            else board.matrix.left_after(pick.row, board.candidates, board.game.secret_id(word))
            for board, word in zip(replay.boards, words, strict=True)
        ]
        patterns = state.patterns(number - 1)
        replay.push(guess, patterns)
        left = tuple(
            None if pattern is None else board.steps[-1].n_candidates
            for board, pattern in zip(replay.boards, patterns, strict=True)
        )
        rows.append(BoardReviewRow(number, guess, left, pick.word, tuple(pick_left)))
        if progress is not None:
            progress(1)
    return rows


def solved_secrets(state: BoardsSession) -> list[int | None]:
    """Each board's secret id when it is solved (its last guess), else None."""
    lookup = state.game.secret_of_guess
    found: list[int | None] = []
    for board in state.boards:
        secret = int(lookup[board.steps[-1].row]) if board.solved and not board.widened else -1
        found.append(secret if secret >= 0 else None)
    return found


def solved_on(state: BoardsSession) -> list[int | None]:
    """The guess (counted from 1) that solved each board, None for a board not solved (every
    guess is played on every unsolved board, so a board's guesses count up to it)."""
    return [len(board.steps) if board.solved else None for board in state.boards]


def boards_share_text(state: BoardsSession) -> str:
    """``Quordle 7/9`` (``X/9`` when a board is left unsolved) and each board's guess count,
    two boards to a row, as the multi-board games' own share text shows them."""
    header = share_header(state.name, state.tries_used if state.solved else None, state.max_tries)
    counts = [UNSOLVED if n is None else _count(n) for n in solved_on(state)]
    rows = ["".join(counts[i : i + _PER_ROW]) for i in range(0, len(counts), _PER_ROW)]
    return "\n".join([header, *rows])


def _count(guesses: int) -> str:
    return _COUNTS[guesses - 1] if guesses <= len(_COUNTS) else f"({guesses})"
