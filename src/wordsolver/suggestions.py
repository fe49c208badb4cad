"""Ranked suggestions as a result that shows itself: rows, JSON, a DataFrame, an HTML table.

:meth:`Session.suggest <wordsolver.session.Session.suggest>` gives the ranked guesses as a list;
:class:`Suggestions` keeps them with the position they were ranked at, for a notebook or a
script: each row is the suggestion as ``suggest --json`` gives it (the word, the strategy's
score, the bits of information, the mean number of candidates left, the worst case, whether it
can win and its chance to win), numbered from 1. Under a prior the position also names the
likeliest words with their probabilities.

>>> from wordsolver.games import GameOverrides, find_game
>>> from wordsolver.matrix import pattern_matrix
>>> from wordsolver.session import Session
>>> game = find_game("fallout", GameOverrides(words=("cat", "car", "bat", "cot", "dog")))
>>> session = Session(pattern_matrix(game, use_cache=False))
>>> ranked = Suggestions.of(session, "entropy", session.suggest("entropy", top=2))
>>> ranked
<Suggestions for fallout (custom), 5 possible: try bat, car>
>>> ranked.rows()[0]["word"], ranked.rows()[0]["rank"], ranked[1].word
('bat', 1, 'car')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from wordsolver.plumbing.tables import Row, data_frame, html_table
from wordsolver.session import Session, suggestion_json
from wordsolver.strategies import RankedGuess
from wordsolver.strategies.base import RankedGuesses

if TYPE_CHECKING:
    from pandas import DataFrame


@dataclass(frozen=True, slots=True, eq=False)
class Suggestions(RankedGuesses):
    """The best guesses at one position, best first, with the position's game, how many
    candidates were left (``candidates_left``, the words still possible), the prior played and
    the likeliest of those words with their probabilities."""

    game: str
    strategy: str
    candidates_left: int
    ranked: tuple[RankedGuess, ...]
    prior: str = "uniform"
    likeliest: tuple[tuple[str, float], ...] = ()
    #: True only when one word the game accepts is possible (see
    #: :attr:`Session.certain <wordsolver.session.Session.certain>`).
    certain: bool = False

    @classmethod
    def of(cls, session: Session, strategy: str, ranked: Sequence[RankedGuess]) -> Suggestions:
        """The suggestions ``ranked`` at the session's position by ``strategy``."""
        return cls(
            session.game.name,
            strategy,
            len(session.candidates),
            tuple(ranked),
            session.prior,
            tuple(session.likeliest()),
            session.certain,
        )

    def __repr__(self) -> str:
        words = ", ".join(guess.word for guess in self.ranked) or "none (solved)"
        return f"<Suggestions for {self._position()}: try {words}>"

    def _position(self) -> str:
        """``wordle (nyt prior), 9 possible, the likeliest curve 36.5%``: what is known."""
        under = "" if self.prior == "uniform" else f" ({self.prior} prior)"
        known = f"{self.game}{under}, {self.candidates_left:,} possible"
        if self.prior == "uniform" or not self.likeliest:
            return known
        word, probability = self.likeliest[0]
        return f"{known}, the likeliest {word} {probability:.1%}"

    def rows(self) -> list[dict[str, Any]]:
        """One row per suggestion, best first: ``rank`` and the ``suggest --json`` keys."""
        return [
            {"rank": rank, **suggestion_json(guess)}
            for rank, guess in enumerate(self.ranked, start=1)
        ]

    def to_json(self) -> dict[str, Any]:
        """Plain JSON values: the position and the rows."""
        return {
            "game": self.game,
            "prior": self.prior,
            "strategy": self.strategy,
            "candidates_left": self.candidates_left,
            "possible": self.candidates_left,
            "certain": self.certain,
            "likeliest": [
                {"word": word, "probability": round(p, 6)} for word, p in self.likeliest
            ],
            "suggestions": self.rows(),
        }

    def to_frame(self) -> DataFrame:
        """The rows as a pandas DataFrame (the ``notebook`` extra)."""
        rows: list[Row] = list(self.rows())
        return data_frame(rows, self._columns(rows))

    def _repr_html_(self) -> str:
        rows: list[Row] = list(self.rows())
        caption = f"{self._position()} ({self.strategy})"
        return html_table(rows, self._columns(rows), caption=caption)

    @staticmethod
    def _columns(rows: Sequence[Row]) -> list[str]:
        """The JSON keys in their order (those of an empty ranking: the rank and the word)."""
        return list(rows[0]) if rows else ["rank", "word"]
