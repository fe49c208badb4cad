"""The built-in games, as data: one :class:`~wordsolver.games.specs.GameSpec` each in
:data:`GAMES`, the way python-chess lists its variants. Adding a game made of an existing rule is
one entry here; finding a game by name and making it playable is
:mod:`wordsolver.games.registry`'s job.

>>> [spec.name for spec in GAMES][:5]
['wordle', 'absurdle', '5bukv', 'tonguess3', 'tonguess4']
"""

from __future__ import annotations

from dataclasses import replace

from wordsolver.alphabet import CYRILLIC, DIGITS, LATIN, find_alphabet
from wordsolver.games.bulls_cows import BullsCowsRule
from wordsolver.games.form import COUNTERS_BULLS_COWS, COUNTERS_PEGS
from wordsolver.games.rules import RULES
from wordsolver.games.specs import UNIFORM, GameSpec, ListSet, ListSizes, PriorSpec

_OPEN = "built from open sources (wordfreq, web2; CC-BY-SA)"

_GENERATED = (
    ListSet(name="generated", answers="generated", allowed="generated", description="every string"),
)

_WORDLE_LISTS = (
    ListSet(
        name="nyt",
        answers="wordle-answers-original",
        allowed="wordle-allowed-nyt",
        sizes=ListSizes(secrets=14_855, guesses=14_855, skipped=0),
        description="today's game: every word it accepts may be the secret, the known answers"
        " likeliest",
        prior="nyt",
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
_WORDLE_PRIOR = PriorSpec(
    name="nyt",
    file="prior-wordle",
    description="every word today's game accepts: the known answers likeliest, the others by"
    " frequency, inflected forms and names least",
)

_5BUKV_LISTS = (
    ListSet(
        name="game",
        answers="5bukv-answers-study",
        allowed="5bukv-allowed-study",
        sizes=ListSizes(secrets=4_110, guesses=4_110, skipped=0),
        description="every word the game accepts may be the secret, the study's answers likeliest",
        prior="game",
    ),
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
_5BUKV_PRIOR = PriorSpec(
    name="game",
    file="prior-5bukv",
    description="every word the game accepts: the study's answers likeliest, then nominative"
    " singular nouns by frequency, other forms least",
)

#: The sizes of the list sets whose own prior is not uniform, when played uniform.
_UNIFORM_SIZES = {"nyt": ListSizes(secrets=2_315, guesses=14_855, skipped=0)}


def _uniform(lists: ListSet) -> ListSet:
    """A list set played uniform over its answers by default (the adversarial host)."""
    if lists.prior == "uniform":
        return lists
    return replace(
        lists,
        prior="uniform",
        sizes=_UNIFORM_SIZES[lists.name],
        description="the original answers; the guesses today's game accepts",
    )


def _tonguess(
    length: int, game: ListSizes, open_sizes: ListSizes, aliases: tuple[str, ...] = ()
) -> GameSpec:
    """Word Bulls and Cows of one length (Tonguess): the game's own dictionary or an open one
    as secrets, any string of distinct letters as a guess; the lengths differ only in sizes."""
    return GameSpec(
        name=f"tonguess{length}",
        rule=RULES["bulls-cows"],
        alphabet=LATIN,
        length=length,
        max_tries=None,
        lists=(
            ListSet(
                name="game",
                answers=f"tonguess{length}-game",
                allowed="generated",
                sizes=game,
                description="the game's own dictionary; any distinct letters may be guessed",
            ),
            ListSet(
                name="open",
                answers=f"tonguess{length}-open",
                allowed="generated",
                sizes=open_sizes,
                description=_OPEN,
            ),
        ),
        distinct_letters=True,
        description=f"word Bulls and Cows, {length}-letter heterograms; any distinct letters may"
        " be guessed",
        priors=(
            UNIFORM,
            PriorSpec(
                name="frequency",
                file=f"prior-tonguess{length}",
                description="the dictionary's words by how common they are (people pick common"
                " words)",
            ),
        ),
        aliases=aliases,
    )


#: Every built-in game, in the order they are listed (``wordsolver games``, the web page).
GAMES: tuple[GameSpec, ...] = (
    GameSpec(
        name="wordle",
        rule=RULES["colours"],
        alphabet=LATIN,
        length=5,
        max_tries=6,
        lists=_WORDLE_LISTS,
        distinct_letters=False,
        description="English Wordle: 5 letters, 6 tries, green/yellow/grey",
        priors=(_WORDLE_PRIOR, UNIFORM),
    ),
    GameSpec(
        name="absurdle",
        rule=RULES["colours"],
        alphabet=LATIN,
        length=5,
        max_tries=None,
        lists=(  # the host keeps every answer alike: no prior
            *(_uniform(lists) for lists in _WORDLE_LISTS),
            *(
                replace(_uniform(lists), name=f"5bukv-{lists.name}", alphabet=CYRILLIC)
                for lists in _5BUKV_LISTS
                if lists.prior == "uniform"
            ),
        ),
        distinct_letters=False,
        description="adversarial Wordle: no secret; each answer keeps the most words possible",
        adversarial=True,
    ),
    GameSpec(
        name="5bukv",
        rule=RULES["colours"],
        alphabet=CYRILLIC,
        length=5,
        max_tries=6,
        lists=_5BUKV_LISTS,
        distinct_letters=False,
        description="Russian 5 букв: 5 letters (ё = е), 6 tries, colours",
        priors=(_5BUKV_PRIOR, UNIFORM),
        aliases=("five-letters",),
    ),
    _tonguess(3, game=ListSizes(709, 15_600, 2), open_sizes=ListSizes(767, 15_600, 0)),
    _tonguess(
        4,
        game=ListSizes(1_782, 358_800, 17),
        open_sizes=ListSizes(1_890, 358_800, 0),
        aliases=("tonguess",),
    ),
    GameSpec(
        name="fallout",
        rule=RULES["likeness"],
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
        rule=RULES["jotto"],
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
