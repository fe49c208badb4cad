"""Reading and validating word lists.

A word list file is UTF-8 text, one word per line; ``#`` starts a comment, blank lines are
ignored, case is folded (plus the alphabet's folds, e.g. ё → е) and duplicates collapse. A line
that breaks the rule is an error naming the file and line, or with ``skip_bad`` it is counted in
:attr:`Lexicon.skipped` instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from wordsolver.alphabet import Alphabet
from wordsolver.errors import InvalidWordError, WordListError, quoted
from wordsolver.lexicon.unique import unique_words
from wordsolver.plumbing.digests import sha256_hex
from wordsolver.plumbing.files import UserFileError, read_user_text


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

    def matching(self, words: list[str], joined: str | None = None) -> list[str]:
        """The normalised words that keep the rule, in order (``joined``: them joined by line
        breaks, when the caller has it). One regular expression runs over them all, a line
        each, far faster than :meth:`problem` word by word; when none breaks the rule the list
        itself comes back, no copy made.

        >>> from wordsolver.alphabet import LATIN
        >>> WordRule(LATIN, length=3).matching(["cat", "ca t", "dogs", "dog"])
        ['cat', 'dog']
        """
        lines = "\n".join(words) if joined is None else joined
        if lines.count("\n") != len(words) - 1:  # a word must stay on its line
            return [word for word in words if self.problem(word) is None]
        broken, kept = _line_patterns(self.alphabet.letters, self.length, self.distinct_letters)
        if words and broken.search(lines) is None:
            return words
        if self.distinct_letters:  # the pattern's groups: a repeated letter (none), the word
            return [word for _, word in kept.findall(lines)]
        found: list[str] = kept.findall(lines)
        return found

    def validate(self, word: str) -> str:
        """The normalised word, or :class:`InvalidWordError` saying what is wrong with it."""
        normal = self.alphabet.normalise(word)
        reason = self.problem(normal)
        if reason is not None:
            raise InvalidWordError(reason)
        return normal


@cache
def _line_patterns(
    letters: str, length: int | None, distinct: bool
) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A line that breaks a word rule, and the lines that keep it: the rule's letters, its
    length, no letter twice when it says so."""
    letter = "[" + "".join(re.escape(one) for one in letters) + "]"
    word = letter + ("+" if length is None else f"{{{length}}}")
    if distinct:
        word = f"(?!.*(.).*\\1)({word})"
    return re.compile(f"^(?!{word}$)", re.MULTILINE), re.compile(f"^{word}$", re.MULTILINE)


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
    """Normalise, validate and de-duplicate words given in memory (a Fallout screen's words)."""
    listed = list(words)
    normal = [rule.alphabet.normalise(word) for word in listed]
    return _collect(name, normal, rule, skip_bad, lambda: ((None, word) for word in listed))


def read_word_file(path: str | Path, rule: WordRule, *, skip_bad: bool = False) -> Lexicon:
    """Load a user's word list; errors name the file and the line.

    The work is done on the whole text at once (case folding, splitting, one regular expression
    that checks every line, de-duplication), so a 60 MB file of ten million lines takes seconds;
    only a file with a bad line is walked line by line, to name it.
    """
    file = Path(path)
    try:
        text = read_user_text(file)
    except UserFileError as error:
        raise WordListError(str(error)) from None
    return _collect(str(file), _words(text, rule), rule, skip_bad, lambda: _numbered_lines(text))


#: Line breaks besides ``\n`` (``str.splitlines`` splits on these too).
_OTHER_BREAKS = "\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"
#: What a word is stripped of (every space but the line break ``\n``).
_SPACES = (
    " \t\v\f\r\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
    "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)


def _words(text: str, rule: WordRule) -> list[str]:
    """The normalised words of a file's lines (comments cut, blank lines left out); the passes
    most files do not need (other line breaks, comments, spaces) are skipped when the text
    holds none of their characters."""
    folded = rule.alphabet.normalise_text(text)
    holds = _holds(folded)
    if holds("\r"):  # Windows line ends, then see what is left
        folded = folded.replace("\r\n", "\n")
        holds = _holds(folded)
    lines = folded.splitlines() if holds(_OTHER_BREAKS) else folded.split("\n")
    if holds("#"):
        lines = [line.partition("#")[0] for line in lines]
    if holds(_SPACES):
        return [word for word in map(str.strip, lines) if word]
    return list(filter(None, lines))


def _holds(text: str) -> Callable[[str], bool]:
    """Whether the text holds any of some characters: for ASCII text (most word lists) the
    characters present are found in one array pass, else each question is one search."""
    if not text.isascii():
        return lambda characters: re.search(f"[{re.escape(characters)}]", text) is not None
    seen = np.zeros(128, dtype=np.bool_)
    seen[np.frombuffer(text.encode("ascii"), dtype=np.uint8)] = True
    present = {chr(code) for code in np.flatnonzero(seen).tolist()}
    return lambda characters: not present.isdisjoint(characters)


def _numbered_lines(text: str) -> Iterator[tuple[int, str]]:
    """The lines that hold a word (comments cut), numbered from 1 as an editor does."""
    for number, line in enumerate(text.splitlines(), 1):
        word = line.partition("#")[0]
        if word.strip():
            yield number, word


def _collect(
    source: str,
    words: list[str],
    rule: WordRule,
    skip_bad: bool,
    lines: Callable[[], Iterable[tuple[int | None, str]]],
) -> Lexicon:
    """The lexicon of normalised, non-blank ``words``; ``lines`` gives them again as numbered
    raw lines (None: no number), read only to name the first bad one."""
    joined = "\n".join(words)
    good = rule.matching(words, joined)
    skipped = len(words) - len(good)
    if skipped and not skip_bad:
        for number, raw in lines():
            reason = rule.problem(rule.alphabet.normalise(raw))
            if reason is not None:
                where = source if number is None else f"{source}:{number}"
                raise WordListError(
                    f"{where}: {reason} (use `skip_bad` to skip such lines)", ("skip_bad",)
                )
    unique = unique_words(good, joined if good is words else None)
    if not unique:
        raise WordListError(f"{source}: no valid words")
    return Lexicon(source, unique, skipped)
