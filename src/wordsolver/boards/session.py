"""A multi-board game in progress: one :class:`~wordsolver.session.Session` per board.

Each guess is pushed on every board not solved yet, with that board's feedback; taking it back
pops it from those boards. Each board keeps its own state as any single game does (widening
when its secret is outside the answers, contradictions named), so a board's error names the
board and leaves every board as it was.

>>> from wordsolver.boards.games import load_board_game
>>> from wordsolver.session import game_matrix
>>> game, boards = load_board_game("dordle")  # under its prior: every accepted word possible
>>> state = BoardsSession(game_matrix(game), boards)
>>> state.push("crane", "gy..g,ggggg")
(9, 1)
>>> state.solved_boards, state.tries_left
((False, True), 6)
>>> [(word, round(chance, 2)) for word, chance in state.boards[0].likeliest(2)]
[('curve', 0.36), ('curse', 0.35)]
>>> [guess.word for guess in state.suggest(top=2).ranked]
['curve', 'curse']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from wordsolver.boards.feedback import format_board_feedback, parse_board_feedback
from wordsolver.boards.games import board_game_name
from wordsolver.boards.scoring import BoardRanking, BoardScorer, pool_rule
from wordsolver.errors import (
    GameOverError,
    InconsistentFeedbackError,
    OptionError,
    WordsolverError,
)
from wordsolver.games import Game
from wordsolver.matrix import PatternMatrix
from wordsolver.session import MAX_HISTORY, SHOW_CANDIDATES, Session, suggestion_json
from wordsolver.strategies import Player, PlayOptions, Position, RankedGuess, Strategy


class BoardsSession:
    """Several boards sharing each guess: push a guess with every board's feedback, pop it back,
    ask what to guess next (scored over the unsolved boards); a
    :class:`~wordsolver.session.GameState` as one board's session is. ``tries`` is the whole
    game's (None: the game's own)."""

    def __init__(self, matrix: PatternMatrix, boards: int, tries: int | None = None) -> None:
        if boards < 1:
            raise OptionError(f"`boards` must be at least 1, not {boards}", ("boards",))
        if tries is not None and tries < 1:
            raise OptionError("`tries` must be at least 1", ("tries",))
        self.matrix = matrix
        #: Guesses allowed before the game is lost (None: unlimited).
        self.max_tries = matrix.game.max_tries if tries is None else tries
        self.boards = [Session(matrix) for _ in range(boards)]
        #: Each guess played, with the boards (indexes) it was played on.
        self.moves: list[tuple[str, tuple[int, ...]]] = []

    @property
    def game(self) -> Game:
        """The single-board game every board plays."""
        return self.matrix.game

    @property
    def name(self) -> str:
        """The game's name (``quordle``, or ``wordle ×3``)."""
        return board_game_name(self.game, len(self.boards), self.max_tries)

    @property
    def solved_boards(self) -> tuple[bool, ...]:
        """Whether each board's secret is found."""
        return tuple(board.solved for board in self.boards)

    @property
    def solved(self) -> bool:
        """Whether every board is solved."""
        return all(self.solved_boards)

    @property
    def guesses(self) -> list[str]:
        """The words guessed so far, oldest first."""
        return [guess for guess, _ in self.moves]

    @property
    def tries_used(self) -> int:
        """Guesses played so far."""
        return len(self.moves)

    @property
    def tries_left(self) -> int | None:
        """Guesses left before the game is lost (None: unlimited; negative: lost by that many)."""
        tries = self.max_tries
        return None if tries is None else tries - self.tries_used

    @property
    def lost(self) -> bool:
        """Whether the tries ran out with a board unsolved."""
        left = self.tries_left
        return left is not None and left <= 0 and not self.solved

    def push(self, guess: str, feedback: str | Sequence[int | None]) -> tuple[int, ...]:
        """Play ``guess`` on every unsolved board with its feedback (the text form, or one
        pattern per board with None for a board solved earlier); returns the candidates left on
        the boards it was played on. An error names the board and changes nothing."""
        if self.solved:
            raise GameOverError(
                f"every board is solved (guess {len(self.moves)}, {self.moves[-1][0]}):"
                " no guess may follow it"
            )
        if len(self.moves) >= MAX_HISTORY:
            raise InconsistentFeedbackError(f"a game holds at most {MAX_HISTORY} guesses")
        row = self.game.guess_row(guess)
        solved = self.solved_boards
        patterns = (
            parse_board_feedback(self.game, feedback, solved)
            if isinstance(feedback, str)
            else _checked(feedback, solved)
        )
        played: list[int] = []
        for board, pattern in enumerate(patterns):
            if pattern is None:
                continue
            try:
                self.boards[board].push(guess, pattern)
            except WordsolverError as error:
                for earlier in played:
                    self.boards[earlier].pop()
                raise type(error)(f"board {board + 1}: {error}", error.parameters) from None
            played.append(board)
        self.moves.append((self.game.guesses.words[row], tuple(played)))
        return tuple(self.boards[board].steps[-1].n_candidates for board in played)

    def pop(self) -> str | None:
        """Take back the last guess from every board it was played on (None when none)."""
        if not self.moves:
            return None
        guess, played = self.moves.pop()
        for board in played:
            self.boards[board].pop()
        return guess

    def reset(self) -> None:
        """Take back every guess: the game as it began."""
        while self.pop() is not None:
            pass

    def replay(self, history: Iterable[tuple[str, str]]) -> None:
        """Push every (guess, feedback) pair in order, e.g. from ``--history``."""
        for guess, feedback in history:
            self.push(guess, feedback)

    def patterns(self, move: int) -> tuple[int | None, ...]:
        """Each board's pattern for the ``move``-th guess (None: the board was solved before)."""
        _, played = self.moves[move]
        found: list[int | None] = [None] * len(self.boards)
        for board in played:
            steps = self.boards[board].steps
            # A board's steps are the guesses played on it, in order: count those before.
            index = sum(1 for earlier in self.moves[:move] if board in earlier[1])
            found[board] = steps[index].pattern
        return tuple(found)

    def suggest(
        self,
        strategy: str | Strategy | BoardScorer = "entropy",
        options: PlayOptions | None = None,
        top: int = 5,
        *,
        seed: int = 0,
    ) -> BoardRanking:
        """The ``top`` best guesses now over the unsolved boards (none once all are solved)."""
        scorer = BoardScorer.of(strategy, seed)
        player = Player(self.matrix, scorer.strategy, options or PlayOptions())
        return scorer.rank(self.positions(player), self.tries_to_score, top)

    def positions(self, player: Player) -> list[Position]:
        """What the player's strategy sees on each unsolved board now (hard mode refused)."""
        if player.options.hard:
            raise OptionError("hard mode is not played on several boards", ("hard",))
        return [board.position(player) for board in self.boards if not board.solved]

    @property
    def tries_to_score(self) -> int | None:
        """The tries left as the scorer weighs them: none left past the last (None: unlimited)."""
        left = self.tries_left
        return None if left is None else max(left, 0)

    def to_json(
        self, ranked: Sequence[RankedGuess], strategy: str, options: PlayOptions
    ) -> dict[str, Any]:
        """The state and the guesses ``strategy`` ranked under ``options`` as plain JSON values
        (``--json``, the web API); ``forced`` and ``rule`` say which rule chose the guesses
        (:func:`~wordsolver.boards.scoring.pool_rule`)."""
        game = self.game
        unsolved = [b for b, board in enumerate(self.boards) if not board.solved]
        left = [len(self.boards[b].candidates) for b in unsolved]
        forced, rule = pool_rule(left, self.tries_to_score)
        return {
            "game": self.name,
            "base": game.name,
            "lists": self.matrix.game.lists,
            "prior": game.prior,
            "strategy": strategy,
            "options": options.describe(),
            "boards": [_board_json(board) for board in self.boards],
            "history": [
                {
                    "guess": guess,
                    "feedback": format_board_feedback(game, self.patterns(move)),
                }
                for move, (guess, _) in enumerate(self.moves)
            ],
            "solved": self.solved,
            "tries_left": self.tries_left,
            "forced": [unsolved[b] + 1 for b in forced],
            "rule": rule,
            "suggestions": [suggestion_json(r) for r in ranked],
        }


def _board_json(board: Session) -> dict[str, Any]:
    """One board as the single game's JSON says it: what is possible, the likeliest first."""
    words = board.candidate_words()
    return {
        "solved": board.solved,
        "widened": board.widened,
        "candidates_left": len(words),
        "candidates": words if len(words) <= SHOW_CANDIDATES else None,
        "possible": len(words),
        "certain": board.certain,
        "likeliest": [{"word": word, "probability": round(p, 6)} for word, p in board.likeliest()],
    }


def _checked(patterns: Sequence[int | None], solved: Sequence[bool]) -> tuple[int | None, ...]:
    """Patterns given as numbers, one per board, None exactly on the boards solved earlier."""
    if len(patterns) != len(solved):
        raise InconsistentFeedbackError(f"{len(solved)} boards need {len(solved)} patterns")
    for board, (pattern, done) in enumerate(zip(patterns, solved, strict=True), start=1):
        if done != (pattern is None):
            state = "was solved earlier" if done else "is not solved yet"
            raise InconsistentFeedbackError(f"board {board} {state}")
    return tuple(patterns)
