"""Built-in word lists shipped as package data, each with where it comes from.

Two kinds of list ship: the real games' own lists, copied by ``scripts/copy_game_lists.py``
from the published sources (what the games actually accept and pick from), and lists built
from open sources by ``scripts/build_wordlists.py`` (the ``open`` list sets, for people who need
their licence, and the ``english`` dictionary). Each file holds one normalised word per line;
a ``.gz`` suffix means gzip-compressed.

>>> len(builtin_lexicon("wordle-answers-original"))
2315
>>> BUILTIN_LISTS["wordle-allowed-nyt"].provenance.date
'2022-08-30'
"""

from __future__ import annotations

import gzip
from dataclasses import dataclass
from functools import cache
from importlib import resources

from wordsolver.errors import UnknownNameError
from wordsolver.lexicon.loading import Lexicon


@dataclass(frozen=True, slots=True, kw_only=True)
class Provenance:
    """Where a list comes from, when it was taken, and under which terms it may be shared."""

    source: str
    date: str
    licence: str


@dataclass(frozen=True, slots=True, kw_only=True)
class BuiltinList:
    """One list file of the package data and what it holds."""

    file: str
    description: str
    provenance: Provenance


_NO_LICENCE = "none stated: the game's own list, copied for interoperability as public solvers do"
_OPEN_ENGLISH = Provenance(
    source="scripts/build_wordlists.py: wordfreq 3.1.1 English frequencies, Webster's Second"
    " (web2) headwords from english-words 2.0.2",
    date="2026-11-29",
    licence="CC-BY-SA 4.0 (wordfreq data, attribute Robyn Speer); web2 is public domain",
)
_OPEN_RUSSIAN = Provenance(
    source="scripts/build_wordlists.py: OpenCorpora nouns (pymorphy3-dicts-ru 2.4.417150),"
    " wordfreq 3.1.1 Russian frequencies",
    date="2026-11-29",
    licence="CC-BY-SA 3.0 (OpenCorpora) and CC-BY-SA 4.0 (wordfreq)",
)
_ORIGINAL_WORDLE = Provenance(
    source="the original Wordle (Josh Wardle, 2021): the answer and guess lists in the game's"
    " code, as every published optimal-play result uses them",
    date="2021-2022 (the game's code before the New York Times edited the lists)",
    licence=_NO_LICENCE,
)
_SELBY = "as published with Alex Selby's solver (github.com/alex1770/wordle, code MIT)"
_TONGUESS = "the Tonguess app's own dictionary, taken from the app"
_FIVE_LETTERS = "a published study of the Russian game 5 букв"

BUILTIN_LISTS: dict[str, BuiltinList] = {
    "wordle-answers-original": BuiltinList(
        file="wordle-answers-original.txt",
        description="the original Wordle's possible answers",
        provenance=_ORIGINAL_WORDLE,
    ),
    "wordle-allowed-original": BuiltinList(
        file="wordle-allowed-original.txt",
        description="the original Wordle's accepted guesses (answers included)",
        provenance=_ORIGINAL_WORDLE,
    ),
    "wordle-allowed-nyt": BuiltinList(
        file="wordle-allowed-nyt.txt",
        description="the guesses the New York Times Wordle accepts (answers included)",
        provenance=Provenance(
            source=f"the New York Times Wordle's accepted guesses, {_SELBY}",
            date="2022-08-30",
            licence=_NO_LICENCE,
        ),
    ),
    "wordle-answers-wordlebot": BuiltinList(
        file="wordle-answers-wordlebot.txt",
        description="the answers the New York Times WordleBot analyses with",
        provenance=Provenance(
            source=f"the answer list of the New York Times WordleBot, {_SELBY}",
            date="2023-07-01",
            licence=_NO_LICENCE,
        ),
    ),
    "wordle-answers-open": BuiltinList(
        file="wordle-answers-open.txt",
        description="common English 5-letter headwords (open-source answers)",
        provenance=_OPEN_ENGLISH,
    ),
    "wordle-allowed-open": BuiltinList(
        file="wordle-allowed-open.txt",
        description="English 5-letter words by frequency (open-source guesses)",
        provenance=_OPEN_ENGLISH,
    ),
    "5bukv-answers-study": BuiltinList(
        file="5bukv-answers-study.txt",
        description="the study's list of the answers the game picks from",
        provenance=Provenance(
            source=f"{_FIVE_LETTERS}: its reconstruction of the answer list",
            date="undated",
            licence=_NO_LICENCE,
        ),
    ),
    "5bukv-allowed-study": BuiltinList(
        file="5bukv-allowed-study.txt",
        description="the study's words the real game accepts as guesses",
        provenance=Provenance(
            source=f"{_FIVE_LETTERS}: the words it found the real game accepts (flagged"
            " 'exists', or from OpenCorpora and not flagged 'not-exists')",
            date="undated",
            licence=_NO_LICENCE + "; most words are OpenCorpora's (CC-BY-SA 3.0)",
        ),
    ),
    "5bukv-answers-open": BuiltinList(
        file="5bukv-answers-open.txt",
        description="frequent Russian 5-letter nouns (open-source answers)",
        provenance=_OPEN_RUSSIAN,
    ),
    "5bukv-allowed-open": BuiltinList(
        file="5bukv-allowed-open.txt",
        description="Russian 5-letter common nouns (open-source guesses)",
        provenance=_OPEN_RUSSIAN,
    ),
    "tonguess3-game": BuiltinList(
        file="tonguess3-game.txt",
        description="the Tonguess game's 3-letter dictionary",
        provenance=Provenance(source=_TONGUESS, date="undated", licence=_NO_LICENCE),
    ),
    "tonguess4-game": BuiltinList(
        file="tonguess4-game.txt",
        description="the Tonguess game's 4-letter dictionary",
        provenance=Provenance(source=_TONGUESS, date="undated", licence=_NO_LICENCE),
    ),
    "tonguess3-open": BuiltinList(
        file="tonguess3-open.txt",
        description="English 3-letter words with no repeated letter (open source)",
        provenance=_OPEN_ENGLISH,
    ),
    "tonguess4-open": BuiltinList(
        file="tonguess4-open.txt",
        description="English 4-letter words with no repeated letter (open source)",
        provenance=_OPEN_ENGLISH,
    ),
    "english": BuiltinList(
        file="english.txt.gz",
        description="English words without names or abbreviations, for checks and hands",
        provenance=Provenance(
            source=f"{_OPEN_ENGLISH.source}; SCOWL size 70 (Debian wamerican-large and"
            " wbritish-large 2020.12.07) tells names from words",
            date="2026-12-01",
            licence=f"{_OPEN_ENGLISH.licence}; SCOWL's permissive licence (Kevin Atkinson)",
        ),
    ),
    "birdigo": BuiltinList(
        file="birdigo.txt.gz",
        description="the word game Birdigo's own dictionary",
        provenance=Provenance(
            source="the word list Birdigo plays with (dwyl/english-words' words_alpha, which is"
            " public domain, plus 27,615 words)",
            date="undated",
            licence=_NO_LICENCE,
        ),
    ),
}


@cache
def builtin_lexicon(name: str) -> Lexicon:
    """A built-in list by name (see :data:`BUILTIN_LISTS`), read once per process."""
    if name not in BUILTIN_LISTS:
        raise UnknownNameError("word list", name, list(BUILTIN_LISTS))
    file_name = BUILTIN_LISTS[name].file
    data = resources.files("wordsolver.lexicon").joinpath("data", file_name).read_bytes()
    if file_name.endswith(".gz"):
        data = gzip.decompress(data)
    return Lexicon(name, tuple(data.decode("utf-8").split()))
