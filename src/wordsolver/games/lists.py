"""A game's word lists and prior, resolved from its list set and the user's overrides.

The secrets are the words the user gives, else the list set's answers (built in, or every
string of the alphabet); the extra allowed guesses likewise; under a built-in prior every word
the game accepts may be the secret. Problems are told in the library's words, naming the
parameter (```skip_bad```) that would change the outcome.

>>> from wordsolver.alphabet import DIGITS
>>> len(generate(DIGITS, 4, distinct_letters=True).words), count_strings(DIGITS, 4, False)
(5040, 10000)
"""

from __future__ import annotations

import math
from dataclasses import replace

from wordsolver.alphabet import Alphabet
from wordsolver.errors import InvalidWordError, OptionError, WordListError
from wordsolver.games.game import Game, all_strings
from wordsolver.games.overrides import GameOverrides
from wordsolver.games.specs import UNIFORM, GameSpec, ListSet, PriorSpec
from wordsolver.lexicon import (
    Lexicon,
    WordRule,
    builtin_lexicon,
    builtin_prior,
    lexicon_from_words,
    read_word_file,
)

#: Most strings a generated list may hold (the pattern matrix must fit in memory).
MAX_GENERATED = 2_000_000
#: The name of the secrets given as words (``GameOverrides.words``), as problems name them.
GIVEN_WORDS = "the words given"


def secrets_of(spec: GameSpec, lists: ListSet, wanted: GameOverrides) -> Lexicon:
    """The secrets before the final check, from the user if given, else the list set's."""
    loose = WordRule(spec.alphabet, wanted.length, spec.distinct_letters)
    if wanted.words is not None:
        return lexicon_from_words(GIVEN_WORDS, wanted.words, loose, skip_bad=wanted.skip_bad)
    if wanted.answers is not None:
        return read_word_file(wanted.answers, loose, skip_bad=wanted.skip_bad)
    if lists.answers == "generated":
        return generate(spec.alphabet, wanted.length or _fixed(spec), spec.distinct_letters)
    if lists.answers is None:
        raise OptionError(
            f"{spec.name} needs the words on screen: give `words` or `answers`",
            ("words", "answers"),
        )
    if wanted.custom_shape:
        raise OptionError(
            f"a custom length or alphabet for {spec.name} needs your own list: give `answers`",
            ("answers",),
        )
    return builtin_answers(spec, lists)


def builtin_answers(spec: GameSpec, lists: ListSet) -> Lexicon:
    """A list set's answers: the built-in list, or its words of the game's length."""
    assert lists.answers is not None and lists.answers != "generated"
    lexicon = builtin_lexicon(lists.answers)
    if not lists.select_length:
        return lexicon
    return Lexicon(lexicon.name, tuple(w for w in lexicon.words if len(w) == spec.length))


def allowed_of(
    spec: GameSpec, lists: ListSet, wanted: GameOverrides, length: int
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
        return generate(spec.alphabet, length, spec.distinct_letters)
    mine = wanted.gives_secrets and wanted.lists is None
    if lists.allowed is None or wanted.custom_shape or mine:
        return None
    return builtin_lexicon(lists.allowed)


def fitting(secrets: Lexicon, rule: WordRule, skip_bad: bool) -> Lexicon:
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


def prior_of(spec: GameSpec, lists: ListSet, asked: str | None, own: bool) -> PriorSpec:
    """The prior to play: the one asked for, else the list set's own (uniform for lists the
    user gave: a built-in prior knows only the game's own words)."""
    if asked is None:
        return spec.prior_spec(lists.prior) if own else UNIFORM
    prior = spec.prior_spec(asked)
    if prior.file is not None and not own:
        raise OptionError(
            f"the {prior.name} prior weighs {spec.name}'s own lists: play your lists with the"
            " uniform prior",
            ("prior",),
        )
    return prior


def every_word(prior: PriorSpec, secrets: Lexicon, allowed: Lexicon | None) -> Lexicon:
    """Under a built-in prior every word the game accepts may be the secret: the answers and
    the allowed words (a generated guess space adds none)."""
    extra = () if allowed is None or allowed.generated else allowed.words
    assert prior.file is not None
    return Lexicon(prior.file, tuple(dict.fromkeys((*secrets.words, *extra))), secrets.skipped)


def weighed(game: Game, prior: PriorSpec, lists: ListSet) -> Game:
    """The game played under a built-in prior: each secret's probability from its file."""
    assert prior.file is not None
    try:
        weights = builtin_prior(prior.file).over(game.secrets.words)
    except WordListError as error:
        raise OptionError(
            f"the {prior.name} prior does not cover the {lists.name} lists ({error}): play them"
            " with the uniform prior",
            ("prior",),
        ) from None
    return replace(game, prior=prior.name, weights=weights)


def generate(alphabet: Alphabet, length: int, distinct_letters: bool) -> Lexicon:
    """Every string of the game's kind, refusing spaces too large to hold."""
    if distinct_letters and length > alphabet.size:
        raise OptionError(
            f"{length} distinct letters cannot be drawn from {alphabet.size}", ("length",)
        )
    count = count_strings(alphabet, length, distinct_letters)
    if count > MAX_GENERATED:
        raise OptionError(
            f"{count:,} strings of {length} letters are too many to generate"
            f" (at most {MAX_GENERATED:,}); use a shorter length or a smaller alphabet",
            ("length",),
        )
    return all_strings(alphabet, length, distinct_letters)


def count_strings(alphabet: Alphabet, length: int, distinct_letters: bool) -> int:
    """How many strings of the game's kind there are."""
    return math.perm(alphabet.size, length) if distinct_letters else alphabet.size**length


def _fixed(spec: GameSpec) -> int:
    assert spec.length is not None, "generated games have a fixed length"
    return spec.length
