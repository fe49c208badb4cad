"""A game: a feedback rule plus its parameters and word lists (no search, no printing)."""

from __future__ import annotations

import itertools
from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from wordsolver.alphabet import Alphabet, LetterCodes
from wordsolver.errors import InvalidWordError, quoted
from wordsolver.games.rule import FeedbackRule
from wordsolver.lexicon import Lexicon, WordRule
from wordsolver.plumbing.arrays import FloatArray, IdArray


@dataclass(frozen=True)
class Game:
    """Rules and lists of one game.

    ``guesses`` holds every allowed guess in alphabetical order, the secrets among them;
    ``secrets`` holds the possible secrets in alphabetical order. Hot code works on row numbers of
    these two tuples; words appear only at the edges. ``lists`` names the game's list set the
    two come from (``custom`` for lists the user gave).

    ``prior`` names how likely each secret is (``uniform``: all alike); ``weights`` holds each
    secret's probability, in secret order, summing to 1 (None when uniform): read them through
    :attr:`probabilities`.
    """

    name: str
    rule: FeedbackRule
    alphabet: Alphabet
    length: int
    max_tries: int | None
    secrets: Lexicon
    guesses: Lexicon
    distinct_letters: bool = False
    description: str = field(default="", compare=False)
    lists: str = "custom"
    #: The host answers each guess adversarially instead of holding a secret (Absurdle).
    adversarial: bool = False
    prior: str = "uniform"
    weights: FloatArray | None = field(default=None, compare=False, repr=False)

    @property
    def uniform(self) -> bool:
        """Whether every secret is equally likely."""
        return self.weights is None

    @cached_property
    def probabilities(self) -> FloatArray:
        """How likely each secret is, in secret order (summing to 1).

        >>> from wordsolver.games import find_game
        >>> wordle = find_game("wordle")
        >>> p = wordle.probabilities
        >>> honor, hilch = wordle.secret_id("honor"), wordle.secret_id("hilch")
        >>> round(float(p.sum()), 6), bool(p[honor] > p[hilch] > 0)
        (1.0, True)
        """
        if self.weights is not None:
            return self.weights
        n = len(self.secrets)
        return np.full(n, 1.0 / n) if n else np.zeros(0)

    @property
    def n_patterns(self) -> int:
        """Number of pattern ints (exclusive upper bound)."""
        return self.rule.n_patterns(self.length)

    @property
    def win_pattern(self) -> int:
        """The pattern of a guess that is the secret."""
        return self.rule.win_pattern(self.length)

    @property
    def word_rule(self) -> WordRule:
        """What a secret of this game must look like."""
        return WordRule(self.alphabet, self.length, self.distinct_letters)

    @cached_property
    def guess_index(self) -> dict[str, int]:
        """Word -> row in :attr:`guesses` (a dictionary of every guess: :meth:`row_of` finds one
        without building it, which matters for the 358,800 guesses of Tonguess 4)."""
        return {word: row for row, word in enumerate(self.guesses.words)}

    def row_of(self, word: str) -> int | None:
        """The row of an (already normalised) allowed guess, or None; found by bisection in
        the sorted guesses."""
        words = self.guesses.words
        key = self.alphabet.sort_key
        at = bisect_left(words, word if key is None else key(word), key=key)
        return at if at < len(words) and words[at] == word else None

    @cached_property
    def secret_rows(self) -> IdArray:
        """For each secret, its row in :attr:`guesses`."""
        rows = [self.row_of(word) for word in self.secrets.words]
        return np.array(rows, dtype=np.intp)

    @cached_property
    def secret_of_guess(self) -> IdArray:
        """For each guess row, the secret id it is, or -1 when it cannot be the secret."""
        lookup = np.full(len(self.guesses), -1, dtype=np.intp)
        lookup[self.secret_rows] = np.arange(len(self.secrets), dtype=np.intp)
        return lookup

    @cached_property
    def guess_codes(self) -> LetterCodes:
        """Allowed guesses as letter codes, one row per guess."""
        return self.alphabet.encode(self.guesses.words)

    def secret_codes(self) -> LetterCodes:
        """Secrets as letter codes, one row per secret."""
        return self.alphabet.encode(self.secrets.words)

    def guess_row(self, word: str) -> int:
        """The row of a guess the user typed, or InvalidWordError saying why it is not allowed."""
        normal = WordRule(self.alphabet, self.length).validate(word)
        row = self.row_of(normal)
        if row is None:
            raise InvalidWordError(f"{quoted(normal)} is not an allowed guess in {self.name}")
        return row

    def secret_id(self, word: str) -> int:
        """The secret id of a word the user typed, -1 when the game never hides it;
        InvalidWordError when it is not an allowed guess.

        >>> from wordsolver.games import GameOverrides, find_game
        >>> wordle = find_game("wordle", GameOverrides(lists="original"))
        >>> wordle.secrets.words[wordle.secret_id("CIGAR")], wordle.secret_id("aahed")
        ('cigar', -1)
        """
        return int(self.secret_of_guess[self.guess_row(word)])

    def feedback(self, guess: str, secret: str) -> int:
        """The pattern of one guess against one secret (reference rule, validated words)."""
        checker = WordRule(self.alphabet, self.length)
        return self.rule.feedback(checker.validate(guess), checker.validate(secret))

    def parse_pattern(self, text: str) -> int:
        """Read feedback text as typed by people."""
        return self.rule.parse_pattern(text, self.length)

    def format_pattern(self, pattern: int) -> str:
        """Canonical feedback text."""
        return self.rule.format_pattern(pattern, self.length)


def all_strings(alphabet: Alphabet, length: int, distinct_letters: bool) -> Lexicon:
    """Every string of the alphabet of that length (with distinct letters if asked), in order.

    >>> from wordsolver.alphabet import DIGITS
    >>> len(all_strings(DIGITS, 4, distinct_letters=True))
    5040
    """
    combos: Iterable[tuple[str, ...]] = (
        itertools.permutations(alphabet.letters, length)
        if distinct_letters
        else itertools.product(alphabet.letters, repeat=length)
    )
    kind = "distinct-letter" if distinct_letters else "all"
    return Lexicon(f"{kind} {length}-letter strings", tuple(map("".join, combos)), generated=True)


def make_game(
    name: str,
    rule: FeedbackRule,
    alphabet: Alphabet,
    length: int,
    max_tries: int | None,
    secrets: Lexicon,
    allowed: Lexicon | None,
    *,
    distinct_letters: bool = False,
    description: str = "",
    lists: str = "custom",
    adversarial: bool = False,
) -> Game:
    """Assemble a game, sorting both lists and adding the secrets to the allowed guesses."""
    secret_words = tuple(sorted(secrets.words, key=alphabet.sort_key))
    extra = allowed.words if allowed is not None else ()
    # In the order given, the allowed list is mostly sorted already (a generated one wholly):
    # sorting its runs is quick, sorting a set's scrambled order is not (358,800 Tonguess words).
    guess_words = tuple(sorted(dict.fromkeys((*extra, *secret_words)), key=alphabet.sort_key))
    return Game(
        name=name,
        rule=rule,
        alphabet=alphabet,
        length=length,
        max_tries=max_tries,
        secrets=Lexicon(secrets.name, secret_words, secrets.skipped),
        guesses=Lexicon(
            allowed.name if allowed else secrets.name,
            guess_words,
            generated=allowed is not None and allowed.generated,
        ),
        distinct_letters=distinct_letters,
        description=description,
        lists=lists,
        adversarial=adversarial,
    )
