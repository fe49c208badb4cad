"""Play a game's knowledge (its lists and prior) against secrets given from outside: the real
answers of a game, which need not be among its answer list.

:func:`play_against` plays each secret as the assistant would: a :class:`~wordsolver.session.
Session` pushes the feedback the secret earns, and the strategy's top suggestion is played
next, so widening (a uniform list that missed the secret), narrowing (a game played streamed)
and the prior all act as they do for a user. Secrets that earn the same feedback share their
path, so the games are played as one walk of a tree. A play that names one word as certain
(one candidate left) while the secret is another is a **false certainty**: under a prior over
every accepted word there can be none.

>>> from wordsolver.games import GameOverrides, find_game
>>> game = find_game("wordle", GameOverrides(prior="uniform"))
>>> played = play_against(game, ["bling", "cigar"])
>>> played.guesses.tolist(), played.false_certainties  # "1 candidate left: blink" was wrong
([6, 4], 1)
>>> played.rows()[0].path  # the words played for bling, itself last
('tarse', 'colin', 'blind', 'blink', 'agami', 'bling')
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from wordsolver.errors import InvalidWordError, WordsolverError, quoted
from wordsolver.evaluation import Played, SecretRow, evaluate, sample_secrets
from wordsolver.games import Game, known_answers
from wordsolver.matrix import PatternMatrix
from wordsolver.partition import split
from wordsolver.plans import ProofProgress, proven_evaluation
from wordsolver.plumbing.arrays import IdArray
from wordsolver.plumbing.progress import Progress
from wordsolver.session import Session, game_matrix
from wordsolver.strategies import Player, PlayOptions, Strategy, find_strategy

#: A play that needs more guesses than this is stuck.
MAX_GUESSES = 32


@dataclass(frozen=True, slots=True, eq=False)
class SecretsPlayed(Played):
    """How a game's knowledge did against given secrets (``guesses`` and ``paths`` aligned
    with ``words``, in the order given).

    ``false_certainties`` counts the secrets whose play, at some turn, had one candidate left
    that was not the secret.
    """

    game: str
    prior: str
    strategy: str
    max_tries: int | None
    words: tuple[str, ...] = field(repr=False)
    guesses: npt.NDArray[np.int64]
    false_certainties: int
    seconds: float
    options: dict[str, Any] = field(default_factory=dict)
    #: The words played for each secret, the secret last.
    paths: tuple[tuple[str, ...], ...] = field(default=(), repr=False)

    def rows(self) -> list[SecretRow]:
        """Every secret played, in the order given: the guesses it needed and the path
        played."""
        return [
            SecretRow.of(word, path, self.max_tries)
            for word, path in zip(self.words, self.paths, strict=True)
        ]

    def to_json(self, *, rows: bool = False) -> dict[str, Any]:
        """``evaluate``'s ``--json`` schema (:meth:`Played.to_json`) with the prior and the
        false certainties."""
        played = _after(Played.to_json(self, rows=rows), "game", "prior", self.prior)
        return _after(played, "losses", "false_certainties", self.false_certainties)

    def summary(self) -> dict[str, Any]:
        """:meth:`Played.summary` with the false certainties after the share solved."""
        certain = self.false_certainties
        return _after(Played.summary(self), "solved_share", "false_certainties", certain)


def _after(row: dict[str, Any], key: str, added: str, value: object) -> dict[str, Any]:
    """``row`` with ``added: value`` placed right after ``key``."""
    items = list(row.items())
    at = [name for name, _ in items].index(key) + 1
    return dict([*items[:at], (added, value), *items[at:]])


def play_against(
    game: Game,
    secrets: Sequence[str],
    strategy: str | Strategy = "entropy",
    options: PlayOptions | None = None,
    *,
    progress: Progress | None = None,
    matrix: PatternMatrix | None = None,
) -> SecretsPlayed:
    """Play the game's knowledge against each of ``secrets`` (accepted words of the game),
    taking the strategy's top suggestion every turn; ``progress(n)`` hears of the secrets
    solved. ``matrix``: the game's (:func:`~wordsolver.session.game_matrix`) when it is loaded
    already."""
    started = time.perf_counter()
    words = tuple(dict.fromkeys(game.word_rule.validate(word) for word in secrets))
    rows = np.array([_accepted(game, word) for word in words], dtype=np.intp)
    chosen = find_strategy(strategy) if isinstance(strategy, str) else strategy
    session = Session(game_matrix(game) if matrix is None else matrix)
    player = Player(session.matrix, chosen, options or PlayOptions())
    walk = _Walk(game, session, player, rows, progress)
    walk.play(np.arange(len(rows), dtype=np.intp))
    return SecretsPlayed(
        game=game.name,
        prior=game.prior,
        strategy=chosen.name,
        max_tries=game.max_tries,
        words=words,
        guesses=walk.needed,
        false_certainties=int(walk.falsely_certain.sum()),
        seconds=time.perf_counter() - started,
        options=player.options.describe(),
        paths=tuple(map(tuple, walk.paths)),
    )


def evaluate_play(
    player: Player,
    *,
    secrets: Sequence[str] | None = None,
    sample: int | None = None,
    seed: int = 0,
    progress: Progress | None = None,
    proof_progress: ProofProgress | None = None,
) -> Played:
    """The evaluation of the player's strategy on its game, played the way that game is
    played: a uniform game's secrets (``sample`` of them, drawn from ``seed``) by the
    strategy's tree (:func:`~wordsolver.evaluation.evaluate`; the proof's for a player that
    :func:`~wordsolver.plans.plays_the_proof`, which tells ``proof_progress`` as it goes);
    under a prior over every accepted word, or given ``secrets``, those secrets (else the
    lists' known answers) as the assistant plays them (:func:`play_against`).
    ``progress(n)`` hears of the secrets played, :func:`secrets_total` of them."""
    game = player.matrix.game
    if secrets is None and game.uniform:
        ids = None if sample is None else sample_secrets(len(game.secrets), sample, seed)
        proven = proven_evaluation(player, ids, progress, proof_progress)
        return proven or evaluate(player, secrets=ids, progress=progress)
    words = secrets_to_play(game, secrets, sample, seed)
    return play_against(
        game, words, player.strategy, player.options, progress=progress, matrix=player.matrix
    )


def secrets_total(
    game: Game, secrets: Sequence[str] | None = None, sample: int | None = None
) -> int:
    """How many secrets :func:`evaluate_play` plays."""
    if sample is not None:
        return sample
    if secrets is None and game.uniform:
        return len(game.secrets)
    return len(secrets_to_play(game, secrets))


def secrets_to_play(
    game: Game, secrets: Sequence[str] | None = None, sample: int | None = None, seed: int = 0
) -> tuple[str, ...]:
    """The secrets to play against: ``secrets``, or else the known answers of the game's
    lists; ``sample`` of them drawn at random (reproducibly from ``seed``) when asked."""
    words = tuple(known_answers(game).words if secrets is None else secrets)
    if sample is None:
        return words
    return tuple(words[i] for i in sample_secrets(len(words), sample, seed))


def _accepted(game: Game, word: str) -> int:
    row = game.row_of(word)
    if row is None:
        raise InvalidWordError(f"{quoted(word)} is not a word {game.name} accepts")
    return row


class _Walk:
    """The depth-first walk: each node plays the suggestion for the secrets that reach it."""

    def __init__(
        self,
        game: Game,
        session: Session,
        player: Player,
        rows: IdArray,
        progress: Progress | None,
    ) -> None:
        self.game = game
        self.session = session
        self.player = player
        self.rows = rows
        self.progress = progress
        self.needed = np.zeros(len(rows), dtype=np.int64)
        self.falsely_certain = np.zeros(len(rows), dtype=np.bool_)
        self.paths: list[list[str]] = [[] for _ in rows]
        self.openers = player.opener_rows

    def play(self, members: IdArray) -> None:
        session = self.session
        turn = len(session.steps)
        if turn >= MAX_GUESSES:
            raise WordsolverError(f"{self.player.strategy.name} needed more than {MAX_GUESSES}")
        candidates = session.candidates
        if len(candidates) == 1:
            only = session.game.secret_rows[candidates[0]]
            self.falsely_certain[members[self.rows[members] != only]] = True
        guess = self._guess(turn, len(candidates))
        codes = self.game.guess_codes
        patterns = np.empty((1, len(members)), dtype=self.game.rule.pattern_dtype(self.game.length))
        self.game.rule.fill_matrix(codes[guess : guess + 1], codes[self.rows[members]], patterns)
        word = self.game.guesses.words[guess]
        for member in members.tolist():
            self.paths[member].append(word)
        for pattern, group in split(patterns[0], members):
            if pattern == self.game.win_pattern:
                self.needed[group] = turn + 1
                if self.progress is not None:
                    self.progress(len(group))
                continue
            session.push(word, pattern)
            try:
                self.play(group)
            finally:
                session.pop()

    def _guess(self, turn: int, left: int) -> int:
        """The row to play: an opener while more than one candidate is left, else the top
        suggestion."""
        if turn < len(self.openers) and left > 1:
            return self.openers[turn]
        ranked = self.session.suggest(self.player, top=1)
        if not ranked:
            raise WordsolverError("no guess makes progress")
        return ranked[0].row
