"""Built-in games found by name, and custom games made from them with overrides.

The games are listed in :data:`~wordsolver.games.catalogue.GAMES`; :func:`find_game` turns a
name plus optional :class:`~wordsolver.games.overrides.GameOverrides` (length, alphabet, tries,
word lists, prior) into a :class:`~wordsolver.games.game.Game`, its lists resolved by
:mod:`wordsolver.games.lists`.

>>> find_game("5bukv").alphabet.name
'cyrillic'
>>> len(find_game("bulls").secrets)
5040
"""

from __future__ import annotations

from dataclasses import replace

from wordsolver.alphabet import find_alphabet
from wordsolver.errors import OptionError, UnknownNameError
from wordsolver.games.catalogue import GAMES
from wordsolver.games.game import Game, make_game
from wordsolver.games.lists import (
    allowed_of,
    builtin_answers,
    count_strings,
    every_word,
    fitting,
    prior_of,
    secrets_of,
    weighed,
)
from wordsolver.games.overrides import GameOverrides
from wordsolver.games.rule import FeedbackRule
from wordsolver.games.specs import GameSpec, ListSet, ListSizes
from wordsolver.lexicon import Lexicon, WordRule

#: Longest word any game may have.
MAX_LENGTH = 32
#: Most patterns a game may have (cells of the pattern matrix are at most 16 bits).
MAX_PATTERNS = 65536

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
    wanted = overrides or GameOverrides()
    spec = find_spec(name)
    lists = spec.list_set(wanted.lists)
    spec = _shaped(spec, lists, wanted)
    secrets = secrets_of(spec, lists, wanted)
    length = wanted.length or spec.length or len(secrets.words[0])
    _check_length(spec.rule, length)
    rule = WordRule(spec.alphabet, length, spec.distinct_letters)
    # The games' own lists may hold words a game cannot use (Tonguess's "ohio"): skip and count.
    secrets = fitting(secrets, rule, wanted.skip_bad or not wanted.gives_secrets)
    allowed = allowed_of(spec, lists, wanted, length)
    custom = wanted.custom_shape or wanted.gives_secrets
    own = not (custom or wanted.gives_allowed)
    prior = prior_of(spec, lists, wanted.prior, own)
    if prior.file is not None:
        secrets = every_word(prior, secrets, allowed)
    game = make_game(
        f"{spec.name} (custom)" if custom else spec.name,
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
    return game if prior.file is None else weighed(game, prior, lists)


def _shaped(spec: GameSpec, lists: ListSet, wanted: GameOverrides) -> GameSpec:
    """The game's spec with the alphabet of its lists and the alphabet and tries asked for,
    refusing tries and lengths no game can have."""
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
    return spec


def _check_length(rule: FeedbackRule, length: int) -> None:
    """Refuse words too long for any game, or for the rule's patterns to fit the matrix."""
    if length > MAX_LENGTH:
        raise OptionError(
            f"words of {length} letters are too long: at most {MAX_LENGTH}", ("length",)
        )
    if rule.n_patterns(length) > MAX_PATTERNS:
        longest = max(n for n in range(1, MAX_LENGTH) if rule.n_patterns(n) <= MAX_PATTERNS)
        raise OptionError(
            f"{rule.name} feedback allows words of at most {longest} letters, not {length}",
            ("length",),
        )


def known_answers(game: Game) -> Lexicon:
    """The answers a game's list set knows: its answer list (under a prior over every accepted
    word, the list the prior holds likeliest), or the game's secrets for lists the user gave."""
    if game.lists == "custom" or game.name not in _BY_NAME:
        return game.secrets
    spec = find_spec(game.name)
    lists = spec.list_set(game.lists)
    if lists.answers in (None, "generated") or game.uniform:
        return game.secrets
    return builtin_answers(spec, lists)


def list_sizes(spec: GameSpec, lists: ListSet) -> ListSizes | None:
    """The sizes of a game played with one of its list sets (None when the player gives the
    words): counted for generated lists, recorded with the list set for the lists that ship."""
    if lists.answers is None or spec.length is None:
        return None
    if lists.answers == "generated":
        every = count_strings(lists.alphabet or spec.alphabet, spec.length, spec.distinct_letters)
        return ListSizes(every, every, 0)
    assert lists.sizes is not None, f"{spec.name} {lists.name}: record the sizes of its lists"
    return lists.sizes
