"""Reading and validating word lists.

A word list file is UTF-8 text, one word per line; ``#`` starts a comment, blank lines are
ignored, case is folded (plus the alphabet's folds, e.g. ё → е) and duplicates collapse. A line
that breaks the rule is an error naming the file and line, or with ``skip_bad`` it is counted in
:attr:`Lexicon.skipped` instead.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from wordsolver.alphabet import Alphabet
from wordsolver.digests import sha256_hex
from wordsolver.errors import InvalidWordError, WordListError, quoted
from wordsolver.files import UserFileError, read_user_text


@dataclass(frozen=True, slots=True)
class WordRule:
    """What a word must look like: its alphabet, optionally a fixed length and distinct letters.

    >>> from wordsolver.alphabet import LATIN
    >>> WordRule(LATIN, length=5).problem("crane") is None
    True
    >>> WordRule(LATIN, length=3, distinct_letters=True).problem("eve")
    "'eve' repeats a letter"
    """

    alphabet: Alphabet
    length: int | None = None
    distinct_letters: bool = False

    def problem(self, word: str) -> str | None:
        """Why a normalised word breaks the rule, or None when it is fine."""
        if not word:
            return "empty word"
        if self.length is not None and len(word) != self.length:
            return f"{quoted(word)} has {len(word)} letters, expected {self.length}"
        foreign = self.alphabet.foreign_letters(word)
        if foreign:
            alphabet = self.alphabet.name
            return f"{quoted(word)} has letters outside the {alphabet} alphabet: {foreign}"
        if self.distinct_letters and len(set(word)) != len(word):
            return f"{quoted(word)} repeats a letter"
        return None

    def validate(self, word: str) -> str:
        """The normalised word, or :class:`InvalidWordError` saying what is wrong with it."""
        normal = self.alphabet.normalise(word)
        reason = self.problem(normal)
        if reason is not None:
            raise InvalidWordError(reason)
        return normal


@dataclass(frozen=True, slots=True)
class Lexicon:
    """A named, normalised, duplicate-free word list in its original order.

    ``skipped`` counts the words left out because they break the game's rule; ``generated``
    marks every string of an alphabet (Bulls and Cows guesses) rather than a list of words.
    """

    name: str
    words: tuple[str, ...]
    skipped: int = 0
    generated: bool = False

    def __len__(self) -> int:
        return len(self.words)

    def digest(self) -> str:
        """A short content hash, used to key caches and to tie saved trees to their lists."""
        return sha256_hex("\n".join(self.words).encode())[:16]


def lexicon_from_words(
    name: str, words: Iterable[str], rule: WordRule, *, skip_bad: bool = False
) -> Lexicon:
    """Normalise, validate and de-duplicate words given in memory (e.g. from ``--words``)."""
    return _collect(name, ((None, word) for word in words), rule, skip_bad)


def read_word_file(path: str | Path, rule: WordRule, *, skip_bad: bool = False) -> Lexicon:
    """Load a user's word list; errors name the file and the line."""
    file = Path(path)
    try:
        text = read_user_text(file)
    except UserFileError as error:
        raise WordListError(str(error)) from None
    numbered = ((number, line.split("#", 1)[0]) for number, line in enumerate(text.splitlines(), 1))
    return _collect(str(file), ((n, line) for n, line in numbered if line.strip()), rule, skip_bad)


def _collect(
    source: str, lines: Iterable[tuple[int | None, str]], rule: WordRule, skip_bad: bool
) -> Lexicon:
    words: dict[str, None] = {}
    skipped = 0
    for number, raw in lines:
        word = rule.alphabet.normalise(raw)
        reason = rule.problem(word)
        if reason is None:
            words[word] = None
        elif skip_bad:
            skipped += 1
        else:
            where = source if number is None else f"{source}:{number}"
            raise WordListError(
                f"{where}: {reason} (use `skip_bad` to skip such lines)", ("skip_bad",)
            )
    if not words:
        raise WordListError(f"{source}: no valid words")
    return Lexicon(source, tuple(words), skipped)
