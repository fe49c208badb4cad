"""What a built-in game is made of, as values: its list sets, their sizes, its priors.

A :class:`GameSpec` says how to make a game (the rule, the alphabet, the length, the tries, the
named list sets, the priors); the catalogue (:mod:`wordsolver.games.catalogue`) lists one per
game, and :func:`~wordsolver.games.registry.find_game` turns one into a playable game.

>>> lists = ListSet(name="mine", answers="wordle-answers-open", allowed=None, description="x")
>>> lists.prior, lists.select_length
('uniform', False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from wordsolver.alphabet import Alphabet
from wordsolver.errors import UnknownNameError
from wordsolver.games.rule import FeedbackRule

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
class PriorSpec:
    """A prior a game may be played under: how likely each word is to be the secret.

    ``file`` names the built-in prior file (``scripts/build_priors.py`` makes it; its header
    names its sources); None is the uniform prior: the list set's answers, all alike.
    """

    name: str
    file: str | None
    description: str


UNIFORM = PriorSpec(
    name="uniform",
    file=None,
    description="the answers of the list set, all equally likely; other allowed words only"
    " when no answer fits",
)


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
    #: The sizes the game plays these lists with (under their default prior), recorded for
    #: ``wordsolver games`` (reading and checking every list each time cost it a quarter of a
    #: second); a test checks each against the game the lists make. None for lists that are
    #: generated or given.
    sizes: ListSizes | None = None
    #: The name of the prior these lists are played under unless another is asked for.
    prior: str = "uniform"


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
    #: The priors the game may be played under (``uniform`` always among them).
    priors: tuple[PriorSpec, ...] = (UNIFORM,)

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

    def prior_spec(self, name: str) -> PriorSpec:
        """The prior of that name."""
        for prior in self.priors:
            if prior.name == name.casefold():
                return prior
        raise UnknownNameError(f"{self.name} prior", name, [p.name for p in self.priors])
