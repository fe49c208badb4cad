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
from wordsolver.errors import InvalidWordError, OptionError, UnknownNameError
from wordsolver.games.bulls_cows import BullsCowsRule
from wordsolver.games.form import COUNTERS_BULLS_COWS, COUNTERS_PEGS
from wordsolver.games.game import Game, all_strings, make_game
from wordsolver.games.rule import FeedbackRule
from wordsolver.games.rules import RULES
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
class ListSizes:
    """How many secrets and allowed guesses a list set gives its game, and how many words of
    its answer list the game cannot use (a repeated letter in a heterogram game)."""

    secrets: int
    guesses: int
    skipped: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ListSet:
    """A named pair of lists a game is played with: the possible secrets and the extra allowed
    guesses (the secrets are always allowed too)."""

    name: str
    answers: ListSource
    allowed: ListSource
    description: str
    #: The answers are the words of the game's length in a longer list (the dictionary).
    select_length: bool = False
    #: The alphabet of these lists when it is not the game's own (another language's lists).
    alphabet: Alphabet | None = None
    #: The sizes the game plays these lists with, recorded for ``wordsolver games`` (reading
    #: and checking every list each time cost it a quarter of a second); a test checks each
    #: against the game the lists make. None for lists that are generated or given.
    sizes: ListSizes | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class GameSpec:
    """How to make a built-in game; ``length`` None means "the length of the words given".

    ``lists`` holds the game's named list sets, the default first.
    """

    name: str
    rule: FeedbackRule
    alphabet: Alphabet
    length: int | None
    max_tries: int | None
    lists: tuple[ListSet, ...]
    distinct_letters: bool
    description: str
    aliases: tuple[str, ...] = ()
    #: The host keeps no secret: it answers each guess so as to keep the most secrets possible.
    adversarial: bool = False

    @property
    def default_lists(self) -> ListSet:
        """The list set played when none is named: the real game's lists where it has any."""
        return self.lists[0]

    @property
    def needs_words(self) -> bool:
        """Whether the secrets must be given (a Fallout screen's words)."""
        return self.default_lists.answers is None

    def list_set(self, name: str | None) -> ListSet:
        """The list set of that name (None: the default)."""
        if name is None:
            return self.default_lists
        for lists in self.lists:
            if lists.name == name.casefold():
                return lists
        raise UnknownNameError(f"{self.name} list set", name, [ls.name for ls in self.lists])


@dataclass(frozen=True, slots=True, kw_only=True)
class GameOverrides:
    """Changes a user asks for on the command line; None keeps the game's own setting.

    ``lists`` names one of the game's list sets; ``answers``/``words`` and ``allowed`` replace
    its parts (given answers alone play without the game's allowed list, unless ``lists`` is
    named too); ``allowed_words`` gives the allowed guesses as words (a tree file's own lists).
    """

    lists: str | None = None
    length: int | None = None
    alphabet: str | None = None
    tries: int | None = None
    answers: Path | None = None
    allowed: Path | None = None
    words: tuple[str, ...] | None = None
    allowed_words: tuple[str, ...] | None = None
    skip_bad: bool = False


COLOURS, GET_TOUCH, LIKENESS, JOTTO = (
    RULES[n] for n in ("colours", "bulls-cows", "likeness", "jotto")
)
#: Longest word any game may have.
MAX_LENGTH = 32
#: Most patterns a game may have (cells of the pattern matrix are at most 16 bits).
MAX_PATTERNS = 65536
#: Most strings a generated list may hold (the pattern matrix must fit in memory).
MAX_GENERATED = 2_000_000

_OPEN = "built from open sources (wordfreq, web2; CC-BY-SA)"
_GENERATED = (
    ListSet(name="generated", answers="generated", allowed="generated", description="every string"),
)

_WORDLE_LISTS = (
    ListSet(
        name="nyt",
        answers="wordle-answers-original",
        allowed="wordle-allowed-nyt",
        sizes=ListSizes(secrets=2_315, guesses=14_855, skipped=0),
        description="the original answers; the guesses today's game accepts",
    ),
    ListSet(
        name="original",
        answers="wordle-answers-original",
        allowed="wordle-allowed-original",
        sizes=ListSizes(secrets=2_315, guesses=12_972, skipped=0),
        description="the original game's lists (published optimal results use them)",
    ),
    ListSet(
        name="wordlebot",
        answers="wordle-answers-wordlebot",
        allowed="wordle-allowed-nyt",
        sizes=ListSizes(secrets=3_158, guesses=14_855, skipped=0),
        description="the answers of the game's own analysis bot; today's guesses",
    ),
    ListSet(
        name="open",
        answers="wordle-answers-open",
        allowed="wordle-allowed-open",
        sizes=ListSizes(secrets=2_331, guesses=10_640, skipped=0),
        description=_OPEN,
    ),
)
_5BUKV_LISTS = (
    ListSet(
        name="study",
        answers="5bukv-answers-study",
        allowed="5bukv-allowed-study",
        sizes=ListSizes(secrets=2_066, guesses=4_110, skipped=0),
        description="a published study's answers, and the words the game accepts",
    ),
    ListSet(
        name="open",
        answers="5bukv-answers-open",
        allowed="5bukv-allowed-open",
        sizes=ListSizes(secrets=2_099, guesses=4_013, skipped=0),
        description="built from open sources (OpenCorpora, wordfreq; CC-BY-SA)",
    ),
)

GAMES: tuple[GameSpec, ...] = (
    GameSpec(
        name="wordle",
        rule=COLOURS,
        alphabet=LATIN,
        length=5,
        max_tries=6,
        lists=_WORDLE_LISTS,
        distinct_letters=False,
        description="English Wordle: 5 letters, 6 tries, green/yellow/grey",
    ),
    GameSpec(
        name="absurdle",
        rule=COLOURS,
        alphabet=LATIN,
        length=5,
        max_tries=None,
        lists=(
            *_WORDLE_LISTS,
            *(
                replace(lists, name=f"5bukv-{lists.name}", alphabet=CYRILLIC)
                for lists in _5BUKV_LISTS
            ),
        ),
        distinct_letters=False,
        description="adversarial Wordle: no secret; each answer keeps the most words possible",
        adversarial=True,
    ),
    GameSpec(
        name="5bukv",
        rule=COLOURS,
        alphabet=CYRILLIC,
        length=5,
        max_tries=6,
        lists=_5BUKV_LISTS,
        distinct_letters=False,
        description="Russian 5 букв: 5 letters (ё = е), 6 tries, colours",
        aliases=("five-letters",),
    ),
    GameSpec(
        name="tonguess3",
        rule=GET_TOUCH,
        alphabet=LATIN,
        length=3,
        max_tries=None,
        lists=(
            ListSet(
                name="game",
                answers="tonguess3-game",
                allowed="generated",
                sizes=ListSizes(secrets=709, guesses=15_600, skipped=2),
                description="the game's own dictionary; any distinct letters may be guessed",
            ),
            ListSet(
                name="open",
                answers="tonguess3-open",
                allowed="generated",
                description=_OPEN,
                sizes=ListSizes(secrets=767, guesses=15_600, skipped=0),
            ),
        ),
        distinct_letters=True,
        description=(
            "word Bulls and Cows, 3-letter heterograms; any distinct letters may be guessed"
        ),
    ),
    GameSpec(
        name="tonguess4",
        rule=GET_TOUCH,
        alphabet=LATIN,
        length=4,
        max_tries=None,
        lists=(
            ListSet(
                name="game",
                answers="tonguess4-game",
                allowed="generated",
                sizes=ListSizes(secrets=1_782, guesses=358_800, skipped=17),
                description="the game's own dictionary; any distinct letters may be guessed",
            ),
            ListSet(
                name="open",
                answers="tonguess4-open",
                allowed="generated",
                description=_OPEN,
                sizes=ListSizes(secrets=1_890, guesses=358_800, skipped=0),
            ),
        ),
        distinct_letters=True,
        description=(
            "word Bulls and Cows, 4-letter heterograms; any distinct letters may be guessed"
        ),
        aliases=("tonguess",),
    ),
    GameSpec(
        name="fallout",
        rule=LIKENESS,
        alphabet=LATIN,
        length=None,
        max_tries=4,
        lists=(
            ListSet(
                name="screen", answers=None, allowed=None, description="the words on the screen"
            ),
        ),
        distinct_letters=False,
        description="Fallout terminal hacking: likeness of the words on screen, 4 tries",
    ),
    GameSpec(
        name="bulls",
        rule=BullsCowsRule(COUNTERS_BULLS_COWS),
        alphabet=DIGITS,
        length=4,
        max_tries=None,
        lists=_GENERATED,
        distinct_letters=True,
        description="classic Bulls and Cows: 4 distinct digits",
        aliases=("bulls-and-cows",),
    ),
    GameSpec(
        name="mastermind",
        rule=BullsCowsRule(COUNTERS_PEGS),
        alphabet=find_alphabet("abcdef"),
        length=4,
        max_tries=10,
        lists=_GENERATED,
        distinct_letters=False,
        description="Mastermind: 4 pegs of 6 colours a-f, repeats allowed, black/white pegs",
    ),
    GameSpec(
        name="jotto",
        rule=JOTTO,
        alphabet=LATIN,
        length=5,
        max_tries=None,
        lists=(
            ListSet(
                name="english",
                answers="english",
                allowed=None,
                description="the English dictionary's 5-letter words, as secrets and guesses",
                select_length=True,
                sizes=ListSizes(secrets=10_554, guesses=10_554, skipped=0),
            ),
        ),
        distinct_letters=False,
        description="Jotto: 5 letters, feedback = letters in common (the secret itself wins)",
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
    lists = spec.list_set(wanted.lists)
    custom = wanted.length is not None or wanted.alphabet is not None
    if lists.alphabet is not None:
        spec = replace(spec, alphabet=lists.alphabet)
    if wanted.alphabet is not None:
        spec = replace(spec, alphabet=find_alphabet(wanted.alphabet))
    if wanted.tries is not None:
        if wanted.tries < 1:
            raise OptionError("`tries` must be at least 1", ("tries",))
        spec = replace(spec, max_tries=wanted.tries)
    if wanted.length is not None and not 1 <= wanted.length <= MAX_LENGTH:
        raise OptionError(f"`length` must be from 1 to {MAX_LENGTH}", ("length",))
    given = wanted.answers is not None or wanted.words is not None
    secrets = _answers(spec, lists, wanted, custom)
    length = wanted.length or spec.length or len(secrets.words[0])
    if length > MAX_LENGTH:
        raise InvalidWordError(f"words of {length} letters are too long: at most {MAX_LENGTH}")
    if spec.rule.n_patterns(length) > MAX_PATTERNS:
        longest = max(n for n in range(1, MAX_LENGTH) if spec.rule.n_patterns(n) <= MAX_PATTERNS)
        raise InvalidWordError(
            f"{spec.rule.name} feedback allows words of at most {longest} letters, not {length}"
        )
    rule = WordRule(spec.alphabet, length, spec.distinct_letters)
    # The games' own lists may hold words a game cannot use (Tonguess's "ohio"): skip and count.
    secrets = _check_all(secrets, rule, wanted.skip_bad or not given)
    allowed = _allowed(spec, lists, wanted, custom, length)
    own = not (custom or given or wanted.allowed or wanted.allowed_words)
    return make_game(
        spec.name if not (custom or given) else f"{spec.name} (custom)",
        spec.rule,
        spec.alphabet,
        length,
        spec.max_tries,
        secrets,
        allowed,
        distinct_letters=spec.distinct_letters,
        description=spec.description,
        lists=lists.name if own else "custom",
        adversarial=spec.adversarial,
    )


def _answers(spec: GameSpec, lists: ListSet, wanted: GameOverrides, custom: bool) -> Lexicon:
    """The secrets before the final check, from the user if given, else the list set's."""
    loose = WordRule(spec.alphabet, wanted.length, spec.distinct_letters)
    if wanted.words is not None:
        return lexicon_from_words("--words", wanted.words, loose, skip_bad=wanted.skip_bad)
    if wanted.answers is not None:
        return read_word_file(wanted.answers, loose, skip_bad=wanted.skip_bad)
    if lists.answers == "generated":
        return _generate(spec.alphabet, wanted.length or _fixed(spec), spec.distinct_letters)
    if lists.answers is None:
        raise OptionError(
            f"{spec.name} needs the words on screen: give `words` or `answers`",
            ("words", "answers"),
        )
    if custom:
        raise OptionError(
            f"a custom length or alphabet for {spec.name} needs your own list: give `answers`",
            ("answers",),
        )
    return _builtin_answers(spec, lists)


def _builtin_answers(spec: GameSpec, lists: ListSet) -> Lexicon:
    """A list set's answers: the built-in list, or its words of the game's length."""
    assert lists.answers is not None and lists.answers != "generated"
    lexicon = builtin_lexicon(lists.answers)
    if not lists.select_length:
        return lexicon
    return Lexicon(lexicon.name, tuple(w for w in lexicon.words if len(w) == spec.length))


def _allowed(
    spec: GameSpec, lists: ListSet, wanted: GameOverrides, custom: bool, length: int
) -> Lexicon | None:
    """Extra allowed guesses (the secrets are always allowed too)."""
    if wanted.allowed_words is not None:
        return lexicon_from_words(
            "allowed", wanted.allowed_words, WordRule(spec.alphabet, length), skip_bad=False
        )
    if wanted.allowed is not None:
        return read_word_file(
            wanted.allowed, WordRule(spec.alphabet, length), skip_bad=wanted.skip_bad
        )
    if lists.allowed == "generated":
        return _generate(spec.alphabet, length, spec.distinct_letters)
    given = wanted.answers is not None or wanted.words is not None
    if lists.allowed is None or custom or (given and wanted.lists is None):
        return None
    return builtin_lexicon(lists.allowed)


def list_sizes(spec: GameSpec, lists: ListSet) -> ListSizes | None:
    """The sizes of a game played with one of its list sets (None when the player gives the
    words): counted for generated lists, recorded with the list set for the lists that ship."""
    if lists.answers is None or spec.length is None:
        return None
    if lists.answers == "generated":
        every = _count(lists.alphabet or spec.alphabet, spec.length, spec.distinct_letters)
        return ListSizes(every, every, 0)
    assert lists.sizes is not None, f"{spec.name} {lists.name}: record the sizes of its lists"
    return lists.sizes


def _check_all(secrets: Lexicon, rule: WordRule, skip_bad: bool) -> Lexicon:
    """Secrets that all fit the final rule (length included), or the first problem as an error."""
    good = tuple(word for word in secrets.words if rule.problem(word) is None)
    if len(good) == len(secrets.words):
        return secrets
    if not skip_bad:
        bad = next(word for word in secrets.words if rule.problem(word) is not None)
        raise InvalidWordError(
            f"{secrets.name}: {rule.problem(bad)} (use `skip_bad` to skip it)", ("skip_bad",)
        )
    if not good:
        raise InvalidWordError(f"{secrets.name}: no word fits the game")
    return Lexicon(secrets.name, good, secrets.skipped + len(secrets.words) - len(good))


def _generate(alphabet: Alphabet, length: int, distinct_letters: bool) -> Lexicon:
    """Every string of the game's kind, refusing spaces too large to hold."""
    if distinct_letters and length > alphabet.size:
        raise InvalidWordError(f"{length} distinct letters cannot be drawn from {alphabet.size}")
    count = _count(alphabet, length, distinct_letters)
    if count > MAX_GENERATED:
        raise InvalidWordError(
            f"{count:,} strings of {length} letters are too many to generate"
            f" (at most {MAX_GENERATED:,}); use a shorter length or a smaller alphabet"
        )
    return all_strings(alphabet, length, distinct_letters)


def _count(alphabet: Alphabet, length: int, distinct_letters: bool) -> int:
    """How many strings of the game's kind there are."""
    return math.perm(alphabet.size, length) if distinct_letters else alphabet.size**length


def _fixed(spec: GameSpec) -> int:
    assert spec.length is not None, "generated games have a fixed length"
    return spec.length
