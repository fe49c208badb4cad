"""The feedback rule protocol: how a guess is scored against a secret, as one dense int.

A rule knows nothing of word lists or search. It gives a slow, readable reference
(:meth:`FeedbackRule.feedback`) and a compiled kernel that fills a whole pattern matrix; tests prove
the two agree. Its :attr:`~FeedbackRule.form` says, as data, how people type and see its feedback
(:mod:`wordsolver.games.form`), so the faces draw any rule without naming it.

A rule also declares what the engines may do with it, so generic code asks the rule instead of
naming it: :attr:`~FeedbackRule.symmetries` (the renamings of letters and reorderings of
positions that leave every pattern unchanged, which the whole-game proof searches one guess per
class of) and :meth:`~FeedbackRule.hard_mode` (how hard mode narrows the guesses, as data the
compiled search reads).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import numpy.typing as npt

from wordsolver.alphabet import LetterCodes
from wordsolver.games.form import FeedbackForm

PatternArray = npt.NDArray[np.uint8] | npt.NDArray[np.uint16]


@dataclass(frozen=True, slots=True)
class Symmetries:
    """The permutations that, applied alike to guess and secret, leave every pattern as it was.

    ``letters``: any renaming of the letters (Wordle's colours, Bulls and Cows, likeness,
    Jotto); ``positions``: any reordering of the positions (the rules that only count matches,
    not Wordle's colours, whose yellows go left to right).

    >>> Symmetries(letters=True)
    Symmetries(letters=True, positions=False)
    """

    letters: bool = False
    positions: bool = False


#: A letter's mark in :attr:`HardMode.marks`: its copies need not come back.
FREE = 0
#: A letter's mark in :attr:`HardMode.marks`: it is used again (counting copies), anywhere.
PRESENT = 1
#: A letter's mark in :attr:`HardMode.marks`: it stays in its place (and counts as present).
PLACED = 2


@dataclass(frozen=True, slots=True, eq=False)
class HardMode:
    """How hard mode narrows the guesses after a guess earned a pattern, as data.

    Without ``marks``, the general rule: a guess must be consistent with the feedback (it could
    be the secret, as far as the feedback tells); a search computes it from the feedback of
    guesses against guesses. With ``marks`` (one row per pattern, one mark per position: FREE,
    PRESENT or PLACED), Wordle's own, more lenient rule: a letter marked PLACED stays in its
    place and every letter marked PRESENT or PLACED is used again, counting copies; the others
    may come back or not.
    """

    marks: npt.NDArray[np.uint8] | None = None

    @property
    def consistent(self) -> bool:
        """Whether a guess must be consistent with the feedback (no marks)."""
        return self.marks is None


#: The general hard mode: every guess fits all the feedback so far.
CONSISTENT = HardMode()


class FeedbackRule(ABC):
    """Scores guesses against secrets; every method depends only on the word length."""

    #: Registry name of the rule (``colours``, ``bulls-cows``, ``likeness``, ``jotto``).
    name: str
    #: One line for listings.
    description: str
    #: How its feedback is typed and shown.
    form: FeedbackForm
    #: The permutations of letters and positions that leave every pattern unchanged (none
    #: unless the rule says so: a symmetry claimed wrongly would prove wrong values).
    symmetries: ClassVar[Symmetries] = Symmetries()
    #: Whether its games are also played on several boards at once, one guess for all (Dordle,
    #: Quordle): its feedback can be shown on one keyboard shared by the boards.
    several_boards: ClassVar[bool] = False
    #: Whether a letter that no secret of a set holds earns the same feedback whatever it is
    #: (and changes nothing elsewhere in the pattern): then two guesses that differ only in such
    #: letters split the set, and every subset, alike, and a search keeps one of them. False
    #: unless the rule says so: claimed wrongly, it would prove wrong values.
    absent_letters_alike: ClassVar[bool] = False

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
        as far as this feedback tells). Rules whose real game is more lenient override this and
        :meth:`hard_mode`.
        """
        row = np.empty((1, len(guesses)), dtype=self.pattern_dtype(guesses.shape[1]))
        self.fill_matrix(played[np.newaxis, :], guesses, row)
        allowed: npt.NDArray[np.bool_] = row[0] == pattern
        return allowed

    def hard_mode(self, length: int) -> HardMode:
        """How hard mode filters, as data for the compiled search (the same test as
        :meth:`hard_mode_allows`): consistency with the feedback, unless the rule says
        otherwise."""
        return CONSISTENT

    def pattern_dtype(self, length: int) -> type[np.unsignedinteger]:
        """The smallest unsigned int that holds every pattern: uint8 unless the game needs more."""
        return np.uint8 if self.n_patterns(length) <= 256 else np.uint16
