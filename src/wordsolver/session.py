"""THE game state: the guesses and feedback so far, the words ruled out, and what is left.

A :class:`Session` is played like a chess board: :meth:`~Session.push` a guess and its feedback,
:meth:`~Session.pop` to take the last move back. Each move keeps what it leaves (the candidates,
and on demand the guesses hard mode still allows), so nothing is recomputed from the start.
Words the user rules out (a Fallout dud, a word the game rejected) are moves too.

Feedback that leaves no answer is not yet a contradiction: when allowed words still fit it, the
secret is outside the game's answer list, and the session plays on over those words
(:attr:`~Session.widened`, :mod:`wordsolver.widen`); a move taken back returns to the answers as
soon as some answer fits again. Only feedback no allowed word fits is refused, naming the earlier
guess it contradicts.

Under a prior (:attr:`Game.probabilities <wordsolver.games.Game.probabilities>`) the candidates
are not equally likely: :meth:`~Session.probabilities` says how likely each is, and the
suggestions weigh them so. A game too large to hold whole (today's Wordle, whose every accepted
word may be the secret) is played streamed: its first turn is read from a table kept on disk
(:mod:`wordsolver.first_turn`), and its first guess narrows it to the words that fit
(:func:`~wordsolver.widen.narrowed_matrix`); :func:`game_matrix` gives the matrix a session
starts from.

:meth:`~Session.suggest` ranks the next guesses, and :meth:`~Session.to_json` is the state as the
``--json`` output and the web API give it.

>>> from wordsolver.games import GameOverrides, find_game
>>> from wordsolver.matrix import pattern_matrix
>>> game = find_game("fallout", GameOverrides(words=("cat", "car", "bat", "cot")))
>>> session = Session(pattern_matrix(game, use_cache=False))
>>> session.push("cat", "2").n_candidates
3
>>> session.remove("bat").word, session.candidate_words()
('bat', ['car', 'cot'])
>>> [guess.word for guess in session.suggest("entropy", top=2)]
['car', 'cot']
>>> session.pop() is not None, session.candidate_words()
(True, ['bat', 'car', 'cot'])
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

import numpy as np

from wordsolver.conflict import find_conflict
from wordsolver.errors import (
    GameOverError,
    InconsistentFeedbackError,
    InvalidPatternError,
    InvalidWordError,
)
from wordsolver.first_turn import first_turn_stats
from wordsolver.games import Game
from wordsolver.matrix import BuildProgress, PatternMatrix, StreamedMatrix, pattern_matrix
from wordsolver.matrix import should_stream as should_stream
from wordsolver.plumbing.arrays import BoolArray, FloatArray, IdArray, without
from wordsolver.strategies import Player, PlayOptions, RankedGuess, Strategy, find_strategy
from wordsolver.strategies.base import Position
from wordsolver.strategies.player import consistent_after
from wordsolver.widen import (
    NARROWED,
    can_widen,
    fitting_guesses,
    narrowed_matrix,
    widened_matrix,
)

#: Most guesses a history may hold: more than any game needs (and a bound on the work a typed
#: history can cause).
MAX_HISTORY = 64
#: Candidates are listed by name (in JSON and on screen) when at most this many are left.
SHOW_CANDIDATES = 20
#: The likeliest candidates the JSON names, with their probabilities.
SHOW_LIKELIEST = 10


def game_matrix(game: Game, progress: BuildProgress | None = None) -> PatternMatrix:
    """The matrix a session of the game starts from: the whole table (built once and kept on
    disk; ``progress`` hears of the build), or none for a game played streamed."""
    return StreamedMatrix(game) if should_stream(game) else pattern_matrix(game, progress=progress)


@dataclass(frozen=True, slots=True, eq=False)
class Step:
    """One guess, its feedback, and the secrets left after it."""

    guess: str
    row: int
    pattern: int
    candidates: IdArray

    @property
    def n_candidates(self) -> int:
        """How many secrets still fit after this step."""
        return len(self.candidates)


@dataclass(frozen=True, slots=True)
class Removal:
    """A word the user ruled out as the secret."""

    word: str


#: One move that :meth:`Session.pop` takes back: a guess with its feedback, or a removal.
Move = Step | Removal


class GameState(Protocol):
    """A game in progress, on one board (:class:`Session`) or several
    (:class:`~wordsolver.boards.session.BoardsSession`): what a face or a host needs of it
    whatever its boards. A guess is pushed with its feedback as text (each board's, for
    several), popped back; the tries count the guesses, and a game is lost once they are spent
    with the secret (a secret) not found."""

    @property
    def game(self) -> Game:
        """The game each board plays."""

    @property
    def guesses(self) -> list[str]:
        """The words guessed so far, oldest first."""

    @property
    def solved(self) -> bool:
        """Whether every secret is found."""

    @property
    def max_tries(self) -> int | None:
        """Guesses allowed before the game is lost (None: unlimited)."""

    @property
    def tries_left(self) -> int | None:
        """Guesses left (None: unlimited; negative: past the tries by that many)."""

    @property
    def lost(self) -> bool:
        """Whether the tries are spent and a secret is not found."""

    def push(self, guess: str, feedback: str) -> object:
        """Play a guess with its feedback; an error changes nothing."""

    def pop(self) -> object | None:
        """Take back the last move (None when there is none)."""

    def reset(self) -> None:
        """Take back every move: the game as it began."""

    def replay(self, history: Iterable[tuple[str, str]]) -> None:
        """Push every (guess, feedback) pair in order."""

    def suggest(
        self,
        strategy: str | Strategy = "entropy",
        options: PlayOptions | None = None,
        top: int = 5,
        *,
        seed: int = 0,
    ) -> Sequence[RankedGuess]:
        """The ``top`` best guesses now, best first (none once solved)."""

    def to_json(
        self, ranked: Sequence[RankedGuess], strategy: str, options: PlayOptions
    ) -> dict[str, Any]:
        """The state and the guesses ``strategy`` ranked under ``options`` as plain JSON values
        (``--json``, the web API)."""


class Session:
    """A game in progress: push guesses and removals, pop them back, ask what to guess next."""

    def __init__(self, matrix: PatternMatrix) -> None:
        self.base = matrix
        self.matrix = matrix
        self.moves: list[Move] = []
        self._steps: list[Step] = []
        self._masks: list[BoolArray] = []  # hard-mode masks after each step, filled on demand
        self._all = np.arange(len(matrix.game.secrets), dtype=np.intp)

    # -- what the state is ------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game played now (its secrets are the allowed words that fit when widened)."""
        return self.matrix.game

    @property
    def steps(self) -> list[Step]:
        """The guesses so far, oldest first."""
        return self._steps

    @property
    def guesses(self) -> list[str]:
        """The words guessed so far, oldest first."""
        return [step.guess for step in self._steps]

    @property
    def max_tries(self) -> int | None:
        """Guesses allowed before the game is lost (None: unlimited)."""
        return self.base.game.max_tries

    @property
    def tries_left(self) -> int | None:
        """Guesses left before the game is lost (None: unlimited; negative: lost by that
        many)."""
        tries = self.max_tries
        return None if tries is None else tries - len(self._steps)

    @property
    def lost(self) -> bool:
        """Whether the tries ran out with the secret not found."""
        left = self.tries_left
        return left is not None and left <= 0 and not self.solved

    @property
    def removed_words(self) -> list[str]:
        """The words ruled out, in the order they were."""
        return [move.word for move in self.moves if isinstance(move, Removal)]

    @property
    def removed(self) -> dict[int, str]:
        """The words ruled out, by their secret id in the matrix played now."""
        return self._removed_in(self.matrix)

    @property
    def candidates(self) -> IdArray:
        """Secret ids that fit every feedback and were not ruled out."""
        fitting = self._steps[-1].candidates if self._steps else self._all
        return without(fitting, self.removed)

    def candidate_words(self) -> list[str]:
        """The candidates as words, in word order."""
        words = self.game.secrets.words
        return [words[i] for i in self.candidates]

    @property
    def solved(self) -> bool:
        """Whether the last guess was the secret."""
        return bool(self._steps) and self._steps[-1].pattern == self.game.win_pattern

    @property
    def widened(self) -> bool:
        """Whether no answer fits the feedback, so the candidates are allowed words that do."""
        return self.matrix is not self.base and self.matrix.game.secrets.name != NARROWED

    @property
    def certain(self) -> bool:
        """Whether exactly one word the game accepts fits: one candidate, and (when the
        candidates are a list that may miss the secret) no other allowed word fits."""
        candidates = self.candidates
        if len(candidates) != 1:
            return False
        if self.widened or not can_widen(self.base.game):
            return True
        played = [(step.row, step.pattern) for step in self._steps]
        fitting = fitting_guesses(self.base.game, played)
        removed = self.base.game.secret_rows[list(self._removed_in(self.base))]
        return len(without(fitting, removed)) == 1

    @property
    def prior(self) -> str:
        """The name of the prior played (``uniform``: every candidate alike)."""
        return self.base.game.prior

    def probabilities(self) -> FloatArray:
        """How likely each candidate is (aligned with :attr:`candidates`, summing to 1)."""
        shares = self.game.probabilities[self.candidates]
        total = shares.sum()
        result: FloatArray = shares / total if total > 0 else shares
        return result

    def likeliest(self, count: int = SHOW_LIKELIEST) -> list[tuple[str, float]]:
        """Up to ``count`` candidates with their probabilities, the likeliest first (ties in
        word order)."""
        shares = self.probabilities()
        order = np.lexsort((self.candidates, -shares))[:count]
        words = self.game.secrets.words
        return [(words[self.candidates[k]], float(shares[k])) for k in order]

    def consistent_mask(self) -> BoolArray:
        """Hard-mode mask: the allowed guesses that keep to every feedback so far (the game's
        rule decides what that means), kept step by step."""
        while len(self._masks) < len(self._steps):
            before = self._masks[-1] if self._masks else np.ones(len(self.game.guesses), np.bool_)
            step = self._steps[len(self._masks)]
            self._masks.append(consistent_after(self.matrix, before, step.row, step.pattern))
        return self._masks[-1] if self._masks else np.ones(len(self.game.guesses), np.bool_)

    # -- moves --------------------------------------------------------------------------------

    def push(self, guess: str, feedback: str | int) -> Step:
        """Record a guess and its feedback.

        Feedback that leaves no answer but fits allowed words widens the game to those;
        InconsistentFeedbackError names the earlier guess it contradicts otherwise.
        """
        if self.solved:
            found = self._steps[-1]
            raise GameOverError(
                f"the secret is found already (guess {len(self._steps)}, {found.guess}):"
                " no guess may follow it"
            )
        if len(self._steps) >= MAX_HISTORY:
            raise InvalidPatternError(f"a game holds at most {MAX_HISTORY} guesses")
        row = self.game.guess_row(guess)
        pattern = self.game.parse_pattern(feedback) if isinstance(feedback, str) else feedback
        if not 0 <= pattern < self.game.n_patterns:
            raise InvalidPatternError(f"pattern {pattern} is out of range for {self.game.name}")
        if self.matrix.streamed:
            self._narrow_for(row, pattern)
        elif not (self.matrix.values[row, self.candidates] == pattern).any():
            self._widen_for(row, pattern)
        return self._record(row, pattern)

    def _narrow_for(self, row: int, pattern: int) -> None:
        """The first guess of a game played streamed: play on over the secrets that fit it (not
        ruled out), or refuse when none does."""
        base = self.base
        narrow = base.kept((row, pattern))
        if narrow is None:
            narrow = narrowed_matrix(base.game, [(row, pattern)])
            if narrow is not None:
                base.keep((row, pattern), narrow)
        if narrow is None or len(self._removed_in(narrow)) == len(narrow.game.secrets):
            removed = self._removed_in(self.base)
            conflict = find_conflict(
                self.base, [], (row, pattern), removed=removed, over_allowed=True
            )
            raise InconsistentFeedbackError(conflict or "no secret fits the feedback")
        self._replay_on(narrow)

    def _record(self, row: int, pattern: int) -> Step:
        before = self._steps[-1].candidates if self._steps else self._all
        after = before[self.matrix.values[row, before] == pattern]
        step = Step(self.game.guesses.words[row], row, pattern, after)
        self._steps.append(step)
        self.moves.append(step)
        return step

    def _widen_for(self, row: int, pattern: int) -> None:
        """Play on over the allowed words that fit every step and the new one, or refuse."""
        played = [(step.row, step.pattern) for step in self._steps]
        wide = None if self.widened else widened_matrix(self.base, [*played, (row, pattern)])
        if wide is None:
            conflict = find_conflict(
                self.base,
                played,
                (row, pattern),
                removed=self._removed_in(self.base),
                # A streamed game's secrets are every allowed word: its cells are not held.
                over_allowed=can_widen(self.base.game) or self.base.streamed,
            )
            raise InconsistentFeedbackError(conflict or "no secret fits the feedback")
        self._replay_on(wide)

    def remove(self, word: str) -> Removal:
        """Rule a word out as the secret."""
        row = self.game.guess_row(word)
        secret = int(self.game.secret_of_guess[row])
        shown = self.game.guesses.words[row]
        candidates = self.candidates
        if secret < 0 or secret not in candidates:
            raise InvalidWordError(f"{shown} is not a candidate now")
        if len(candidates) == 1:
            raise InconsistentFeedbackError(f"{shown} is the last candidate: it cannot be removed")
        removal = Removal(shown)
        self.moves.append(removal)
        return removal

    def pop(self) -> Move | None:
        """Take back the last move, guess or removal (None when there is none)."""
        if not self.moves:
            return None
        move = self.moves.pop()
        if isinstance(move, Step):
            self._steps.pop()
            del self._masks[len(self._steps) :]
            if self.widened:
                self._settle()
            elif self.base.streamed and not self._steps:
                self._replay_on(self.base)  # back to the first turn, read from its table
        return move

    def reset(self) -> None:
        """Forget everything: a new game."""
        self.moves = []
        self._replay_on(self.base)

    def replay(self, history: Iterable[tuple[str, str]]) -> None:
        """Push every (guess, feedback) pair in order, e.g. from ``--history``."""
        for guess, feedback in history:
            self.push(guess, feedback)

    def _removed_in(self, matrix: PatternMatrix) -> dict[int, str]:
        """The removed words as secret ids of ``matrix`` (those that are secrets there)."""
        game = matrix.game
        rows = {word: game.row_of(word) for word in self.removed_words}
        ids = {
            int(game.secret_of_guess[row]): word for word, row in rows.items() if row is not None
        }
        return {secret: word for secret, word in ids.items() if secret >= 0}

    def _replay_on(self, matrix: PatternMatrix) -> None:
        """Carry the guesses over to another matrix of the same guesses (the moves stay)."""
        moves = self.moves
        self.matrix, self.moves = matrix, []
        self._steps, self._masks = [], []
        self._all = np.arange(len(matrix.game.secrets), dtype=np.intp)
        for move in moves:
            if isinstance(move, Step):
                self._record(move.row, move.pattern)
            else:
                self.moves.append(move)

    def _settle(self) -> None:
        """After a move taken back while widened: back to the answers if some answer fits all
        the feedback again, else the allowed words that fit the shorter history."""
        fitting = self.base.game.secrets.words
        removed = self._removed_in(self.base)
        left = without(np.arange(len(fitting), dtype=np.intp), removed)
        for step in self._steps:
            left = left[self.base.values[step.row, left] == step.pattern]
        if len(left):
            self._replay_on(self.base)
            return
        wide = widened_matrix(self.base, [(step.row, step.pattern) for step in self._steps])
        assert wide is not None, "the allowed words that fit a longer history fit this one"
        self._replay_on(wide)

    # -- what to guess next -----------------------------------------------------------------

    def position(self, player: Player) -> Position:
        """What the player's strategy sees now: the candidates, and the guesses allowed (hard
        mode and guessing only candidates follow the player's options; removed words are
        neither candidates nor guesses)."""
        if player.matrix is not self.matrix:  # widened: the same guesses, other secrets
            player = Player(self.matrix, player.strategy, player.options)
        mask = self.consistent_mask() if player.options.hard else None
        removed = list(self.removed)
        taken_out = self.game.secret_rows[removed] if removed else None
        position = player.position(self.candidates, len(self._steps), mask, taken_out)
        if self.matrix.streamed:  # the first turn of a game too large to hold
            whole = first_turn_stats(self.matrix, None if not removed else self.candidates)
            position = replace(position, table=whole)
        return position

    def suggest(
        self,
        strategy: str | Strategy | Player = "entropy",
        options: PlayOptions | None = None,
        top: int = 5,
        *,
        seed: int = 0,
    ) -> list[RankedGuess]:
        """The ``top`` best guesses now, best first (none once solved).

        Guesses that make no progress (they neither split the candidates nor can win) are left
        out, and so are guesses that cannot win when candidates already split the others apart:
        guessing one of those is then provably best (it may win, and else the next guess does).
        """
        if self.solved:
            return []
        player = _as_player(self.matrix, strategy, options, seed)
        ranked = player.strategy.rank(self.position(player), top)
        ranked = [r for r in ranked if math.isfinite(r.score)]
        if ranked and ranked[0].is_candidate and ranked[0].worst == 1:
            ranked = [r for r in ranked if r.is_candidate and r.worst == 1]
        return ranked

    def to_json(
        self, ranked: Sequence[RankedGuess], strategy: str, options: PlayOptions
    ) -> dict[str, Any]:
        """The state and the guesses ``strategy`` ranked under ``options`` as plain JSON values
        (``solve --json``, the web API).

        ``widened`` is true when no answer fits the feedback and the candidates are the allowed
        words that do. ``possible`` counts the candidates (as ``candidates_left`` does),
        ``likeliest`` names the likeliest with their probabilities (those of every candidate
        sum to 1), ``certain`` is true only when one word is possible.
        """
        game = self.game
        words = self.candidate_words()
        return {
            "game": game.name,
            "lists": self.base.game.lists,
            "prior": self.prior,
            "strategy": strategy,
            "options": options.describe(),
            "history": [
                {
                    "guess": step.guess,
                    "feedback": game.format_pattern(step.pattern),
                    "pattern": step.pattern,
                    "candidates_left": step.n_candidates,
                }
                for step in self._steps
            ],
            "removed": sorted(self.removed_words),
            "solved": self.solved,
            "widened": self.widened,
            "candidates_left": len(words),
            "candidates": words if len(words) <= SHOW_CANDIDATES else None,
            "possible": len(words),
            "certain": self.certain,
            "likeliest": [
                {"word": word, "probability": round(p, 6)} for word, p in self.likeliest()
            ],
            "suggestions": [suggestion_json(r) for r in ranked],
        }


def _as_player(
    matrix: PatternMatrix, strategy: str | Strategy | Player, options: PlayOptions | None, seed: int
) -> Player:
    """A player for this matrix from a strategy name, a strategy or a player."""
    if isinstance(strategy, Player):
        return strategy if options is None else Player(matrix, strategy.strategy, options)
    chosen = find_strategy(strategy, seed=seed) if isinstance(strategy, str) else strategy
    return Player(matrix, chosen, options or PlayOptions())


def suggestion_json(ranked: RankedGuess) -> dict[str, Any]:
    """One suggestion in the ``--json`` schema shared by ``suggest``, ``solve`` and the web;
    ``to_finish`` only when the guess was weighed by the guesses it leaves to finish."""
    shown = {
        "word": ranked.word,
        "score": ranked.score,
        "entropy": round(ranked.entropy, 6),
        "expected_left": round(ranked.expected_size, 6),
        "worst": ranked.worst,
        "can_win": ranked.is_candidate,
        "win_chance": round(ranked.win_chance, 6),
    }
    if ranked.to_finish is not None:
        shown["to_finish"] = round(ranked.to_finish, 6)
    return shown


_ITEM = re.compile(r"^\s*([^\s:=]+)\s*[:=\s]\s*(.+?)\s*$")


def separators_alone(text: str) -> InvalidPatternError:
    """The error of a history that holds separators and no guess (``",,,"``)."""
    return InvalidPatternError(
        f"the history {text.strip()[:20]!r} holds no guess: write GUESS:FEEDBACK items,"
        " e.g. crane:gy..g, or give no history"
    )


def history_items(text: str, *, separators: str = ",;") -> list[str]:
    """The items of a history written as text, one per guess (blank text: none). A history of
    separators alone (``",,,"``) says nothing the user can have meant: InvalidPatternError.

    >>> history_items("crane:gy..g, slate:....g")
    ['crane:gy..g', ' slate:....g']
    """
    parts = [part for part in re.split(f"[{re.escape(separators)}]", text) if part.strip()]
    if not parts and text.strip():
        raise separators_alone(text)
    if len(parts) > MAX_HISTORY:
        raise InvalidPatternError(
            f"a history holds at most {MAX_HISTORY} guesses, not {len(parts):,}"
        )
    return parts


def parse_history(text: str, *, separators: str = ",;") -> list[tuple[str, str]]:
    """Read ``"crane:gy..g, slate:....g"`` (``:``, ``=`` or a space between guess and feedback;
    items separated by any of ``separators``).

    >>> parse_history("crane:gy..g,tare 2-1")
    [('crane', 'gy..g'), ('tare', '2-1')]
    """
    items = []
    for part in history_items(text, separators=separators):
        match = _ITEM.match(part)
        if match is None:
            raise InvalidPatternError(
                f"cannot read history item {part.strip()!r}: write GUESS:FEEDBACK, e.g. crane:gy..g"
            )
        items.append((match.group(1), match.group(2)))
    return items
