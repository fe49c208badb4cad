"""Built-in games found by name, and custom games made from them with overrides.

Every built-in game is a :class:`GameSpec`; :func:`find_game` turns a name plus optional
:class:`GameOverrides` (length, alphabet, tries, word lists) into a :class:`Game`.

>>> find_game("5bukv").alphabet.name
'cyrillic'
>>> len(find_game("bulls").secrets)
5040
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal

from wordsolver.alphabet import CYRILLIC, DIGITS, LATIN, Alphabet, find_alphabet
from wordsolver.errors import InvalidWordError, UnknownNameError
from wordsolver.games.bulls_cows import BullsCowsRule
from wordsolver.games.colours import ColoursRule
from wordsolver.games.game import Game, all_strings, make_game
from wordsolver.games.likeness import LikenessRule
from wordsolver.games.rule import FeedbackRule
from wordsolver.lexicon import (
    Lexicon,
    WordRule,
    builtin_lexicon,
    lexicon_from_words,
    read_word_file,
)

#: A list source: a built-in list name, every string of the alphabet, or nothing.
ListSource = str | Literal["generated"] | None


@dataclass(frozen=True, slots=True)
class GameSpec:
    """How to make a built-in game; ``length`` None means "the length of the words given"."""

    name: str
    rule: FeedbackRule
    alphabet: Alphabet
    length: int | None
    max_tries: int | None
    answers: ListSource
    allowed: ListSource
    distinct_letters: bool
    description: str
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GameOverrides:
    """Changes a user asks for on the command line; None keeps the game's own setting."""

    length: int | None = None
    alphabet: str | None = None
    tries: int | None = None
    answers: Path | None = None
    allowed: Path | None = None
    words: tuple[str, ...] | None = None
    skip_bad: bool = False


COLOURS, BULLS_COWS, LIKENESS = ColoursRule(), BullsCowsRule(), LikenessRule()
#: Longest word any game may have.
MAX_LENGTH = 32
#: Most patterns a game may have (cells of the pattern matrix are at most 16 bits).
MAX_PATTERNS = 65536
#: Most strings a generated list may hold (the pattern matrix must fit in memory).
MAX_GENERATED = 2_000_000

GAMES: tuple[GameSpec, ...] = (
    GameSpec(
        "wordle",
        COLOURS,
        LATIN,
        5,
        6,
        "wordle-answers",
        "wordle-allowed",
        False,
        "English Wordle: 5 letters, 6 tries, green/yellow/grey",
    ),
    GameSpec(
        "5bukv",
        COLOURS,
        CYRILLIC,
        5,
        6,
        "5bukv-answers",
        "5bukv-allowed",
        False,
        "Russian 5 букв: 5 letters (ё = е), 6 tries, colours",
        ("five-letters",),
    ),
    GameSpec(
        "tonguess3",
        BULLS_COWS,
        LATIN,
        3,
        None,
        "tonguess3",
        "generated",
        True,
        "word Bulls and Cows, 3-letter heterograms; any distinct letters may be guessed",
    ),
    GameSpec(
        "tonguess4",
        BULLS_COWS,
        LATIN,
        4,
        None,
        "tonguess4",
        "generated",
        True,
        "word Bulls and Cows, 4-letter heterograms; any distinct letters may be guessed",
        ("tonguess",),
    ),
    GameSpec(
        "fallout",
        LIKENESS,
        LATIN,
        None,
        4,
        None,
        None,
        False,
        "Fallout terminal hacking: likeness of the words on screen, 4 tries",
    ),
    GameSpec(
        "bulls",
        BULLS_COWS,
        DIGITS,
        4,
        None,
        "generated",
        "generated",
        True,
        "classic Bulls and Cows: 4 distinct digits",
        ("bulls-and-cows",),
    ),
    GameSpec(
        "mastermind",
        BULLS_COWS,
        find_alphabet("abcdef"),
        4,
        10,
        "generated",
        "generated",
        False,
        "Mastermind: 4 pegs of 6 colours a-f, repeats allowed, black/white pegs",
    ),
)

_BY_NAME = {name: spec for spec in GAMES for name in (spec.name, *spec.aliases)}


def game_names() -> list[str]:
    """Names and aliases accepted by :func:`find_game`."""
    return list(_BY_NAME)


def find_spec(name: str) -> GameSpec:
    """The built-in game of that name or alias."""
    spec = _BY_NAME.get(name.casefold())
    if spec is None:
        raise UnknownNameError("game", name, [spec.name for spec in GAMES])
    return spec


def find_game(name: str, overrides: GameOverrides | None = None) -> Game:
    """A playable game: the built-in one of that name, changed by the overrides."""
    spec = find_spec(name)
    wanted = overrides or GameOverrides()
    custom = wanted.length is not None or wanted.alphabet is not None
    if wanted.alphabet is not None:
        spec = replace(spec, alphabet=find_alphabet(wanted.alphabet))
    if wanted.tries is not None:
        if wanted.tries < 1:
            raise InvalidWordError("--tries must be at least 1")
        spec = replace(spec, max_tries=wanted.tries)
    if wanted.length is not None and not 1 <= wanted.length <= MAX_LENGTH:
        raise InvalidWordError(f"--length must be from 1 to {MAX_LENGTH}")
    secrets = _answers(spec, wanted, custom)
    length = wanted.length or spec.length or len(secrets.words[0])
    if spec.rule.n_patterns(length) > MAX_PATTERNS:
        longest = max(n for n in range(1, MAX_LENGTH) if spec.rule.n_patterns(n) <= MAX_PATTERNS)
        raise InvalidWordError(
            f"{spec.rule.name} feedback allows words of at most {longest} letters, not {length}"
        )
    rule = WordRule(spec.alphabet, length, spec.distinct_letters)
    secrets = _check_all(secrets, rule, wanted.skip_bad)
    allowed = _allowed(spec, wanted, custom, length)
    return make_game(
        spec.name if not (custom or wanted.answers or wanted.words) else f"{spec.name} (custom)",
        spec.rule,
        spec.alphabet,
        length,
        spec.max_tries,
        secrets,
        allowed,
        distinct_letters=spec.distinct_letters,
        description=spec.description,
    )


def _answers(spec: GameSpec, wanted: GameOverrides, custom: bool) -> Lexicon:
    """The secrets before the final check, from the user if given, else the game's own."""
    loose = WordRule(spec.alphabet, wanted.length, spec.distinct_letters)
    if wanted.words is not None:
        return lexicon_from_words("--words", wanted.words, loose, skip_bad=wanted.skip_bad)
    if wanted.answers is not None:
        return read_word_file(wanted.answers, loose, skip_bad=wanted.skip_bad)
    if spec.answers == "generated":
        return _generate(spec.alphabet, wanted.length or _fixed(spec), spec.distinct_letters)
    if spec.answers is None:
        raise InvalidWordError(f"{spec.name} needs the words on screen: give --words or --answers")
    if custom:
        raise InvalidWordError(
            f"a custom length or alphabet for {spec.name} needs your own list: give --answers"
        )
    return builtin_lexicon(spec.answers)


def _allowed(spec: GameSpec, wanted: GameOverrides, custom: bool, length: int) -> Lexicon | None:
    """Extra allowed guesses (the secrets are always allowed too)."""
    if wanted.allowed is not None:
        return read_word_file(
            wanted.allowed, WordRule(spec.alphabet, length), skip_bad=wanted.skip_bad
        )
    if spec.allowed == "generated":
        return _generate(spec.alphabet, length, spec.distinct_letters)
    if spec.allowed is None or custom or wanted.answers or wanted.words:
        return None
    return builtin_lexicon(spec.allowed)


def _check_all(secrets: Lexicon, rule: WordRule, skip_bad: bool) -> Lexicon:
    """Secrets that all fit the final rule (length included), or the first problem as an error."""
    good = tuple(word for word in secrets.words if rule.problem(word) is None)
    if len(good) == len(secrets.words):
        return secrets
    if not skip_bad:
        bad = next(word for word in secrets.words if rule.problem(word) is not None)
        raise InvalidWordError(f"{secrets.name}: {rule.problem(bad)} (use --skip-bad to skip it)")
    if not good:
        raise InvalidWordError(f"{secrets.name}: no word fits the game")
    return Lexicon(secrets.name, good, secrets.skipped + len(secrets.words) - len(good))


def _generate(alphabet: Alphabet, length: int, distinct_letters: bool) -> Lexicon:
    """Every string of the game's kind, refusing spaces too large to hold."""
    if distinct_letters and length > alphabet.size:
        raise InvalidWordError(f"{length} distinct letters cannot be drawn from {alphabet.size}")
    count = math.perm(alphabet.size, length) if distinct_letters else alphabet.size**length
    if count > MAX_GENERATED:
        raise InvalidWordError(
            f"{count:,} strings of {length} letters are too many to generate"
            f" (at most {MAX_GENERATED:,}); use a shorter length or a smaller alphabet"
        )
    return all_strings(alphabet, length, distinct_letters)


def _fixed(spec: GameSpec) -> int:
    assert spec.length is not None, "generated games have a fixed length"
    return spec.length
