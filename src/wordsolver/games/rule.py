"""The feedback rule protocol: how a guess is scored against a secret, as one dense int.

A rule knows nothing of word lists or search. It gives a slow, readable reference
(:meth:`FeedbackRule.feedback`) and a compiled kernel that fills a whole pattern matrix; tests prove
the two agree. Its :attr:`~FeedbackRule.form` says, as data, how people type and see its feedback
(:mod:`wordsolver.games.form`), so the faces draw any rule without naming it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

import numpy as np
import numpy.typing as npt

from wordsolver.alphabet import LetterCodes
from wordsolver.games.form import FeedbackForm

PatternArray = npt.NDArray[np.uint8] | npt.NDArray[np.uint16]


class FeedbackRule(ABC):
    """Scores guesses against secrets; every method depends only on the word length."""

    #: Registry name of the rule (``colours``, ``bulls-cows``, ``likeness``, ``jotto``).
    name: str
    #: One line for listings.
    description: str
    #: How its feedback is typed and shown.
    form: FeedbackForm

    @abstractmethod
    def n_patterns(self, length: int) -> int:
        """Upper bound (exclusive) of the pattern ints of words of this length."""

    @abstractmethod
    def win_pattern(self, length: int) -> int:
        """The pattern a guess earns when it is the secret."""

    @abstractmethod
    def feedback(self, guess: str, secret: str) -> int:
        """Reference implementation: the pattern of one guess against one secret."""

    @abstractmethod
    def fill_matrix(self, guesses: LetterCodes, secrets: LetterCodes, out: PatternArray) -> None:
        """Compiled kernel: ``out[g, s] = feedback(guesses[g], secrets[s])`` for coded words.

        Kernels walk secret by secret, so ``out`` is best the transposed view of a secret-major
        array (as :mod:`wordsolver.matrix` stores it); any layout gives the same cells.
        """

    @abstractmethod
    def parse_pattern(self, text: str, length: int) -> int:
        """Read the text people type (raises InvalidPatternError with the accepted forms)."""

    @abstractmethod
    def format_pattern(self, pattern: int, length: int) -> str:
        """The canonical text of a pattern; ``parse_pattern`` reads it back."""

    def hard_mode_allows(
        self, guesses: LetterCodes, played: LetterCodes, pattern: int
    ) -> npt.NDArray[np.bool_]:
        """Which guesses hard mode still allows after ``played`` earned ``pattern``.

        The general rule: a guess must be consistent with the feedback (it could be the secret
        as far as this feedback tells). Rules whose real game is more lenient override this.
        """
        row = np.empty((1, len(guesses)), dtype=self.pattern_dtype(guesses.shape[1]))
        self.fill_matrix(played[np.newaxis, :], guesses, row)
        allowed: npt.NDArray[np.bool_] = row[0] == pattern
        return allowed

    def pattern_dtype(self, length: int) -> type[np.unsignedinteger]:
        """The smallest unsigned int that holds every pattern: uint8 unless the game needs more."""
        return np.uint8 if self.n_patterns(length) <= 256 else np.uint16
