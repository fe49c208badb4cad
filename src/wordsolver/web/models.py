"""The API's request and response bodies (pydantic models, published in the OpenAPI schema).

Requests are checked for shape here (sizes, ranges, names that must not be file paths); the
library checks the rest (letters, word lengths, feedback) and its messages reach the page as they
are. Responses mirror the ``--json`` schemas of the matching commands.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from wordsolver.anagram import DEFAULT_DICTIONARY, DICTIONARIES, LETTER_VALUES, MAX_WILDCARDS
from wordsolver.games.registry import MAX_LENGTH
from wordsolver.session import MAX_HISTORY

#: Words a request may give as the possible secrets (a Fallout screen shows about 20).
MAX_WORDS = 500
#: Suggestions one request may ask for.
MAX_TOP = 50
#: Words of a hand one request may ask for (the count of all of them is always given).
MAX_MATCHES = 2000
#: Characters of a pasted terminal screen.
MAX_SCREEN = 20_000

Word = Annotated[str, Field(min_length=1, max_length=MAX_LENGTH)]
Name = Annotated[str, Field(min_length=1, max_length=40)]


class Request(BaseModel):
    """Every request body: unknown fields are refused, so a typo is an error, not a default."""

    model_config = ConfigDict(extra="forbid")


class Move(Request):
    """A guess and the game's feedback, as people type it (``gy..g``, ``2-1``, ``3``)."""

    guess: Word
    feedback: str = Field(min_length=1, max_length=64)


class PlayRequest(Request):
    """A game and how to play it."""

    game: Name = Field(description="a built-in game name or alias, e.g. wordle, 5bukv, fallout")
    lists: Name | None = Field(None, description="one of the game's list sets (None: its default)")
    words: list[Word] | None = Field(
        None,
        max_length=MAX_WORDS,
        description="the possible secrets instead of the game's list (e.g. a Fallout screen's)",
    )
    prior: Name | None = Field(
        None,
        description="how likely each word is to be the secret (None: the list set's own, for"
        " suggestions, explanations and evaluations; uniform: its answers alike)",
    )
    strategy: Name = "entropy"
    hard: bool = Field(False, description="hard mode (Wordle's rule in colour games)")
    guess_from: Literal["allowed", "candidates"] = "allowed"
    seed: int = Field(0, ge=0, le=2**32, description="seed of the random strategy")


class SuggestRequest(PlayRequest):
    """The history so far (the page keeps it) and how many suggestions to give."""

    history: list[Move] = Field(default_factory=list, max_length=MAX_HISTORY)
    top: int = Field(5, ge=1, le=MAX_TOP)


class EvaluateRequest(PlayRequest):
    """Play every secret with one strategy (the page sends one request per strategy)."""

    openers: list[Word] = Field(default_factory=list, max_length=6)


class AbsurdleRequest(PlayRequest):
    """The guesses so far of an adversarial game (the page keeps them); the host answers each
    one itself, so feedback is refused."""

    game: Name = Field("absurdle", description="an adversarial game")
    guesses: list[Word] = Field(default_factory=list, max_length=MAX_HISTORY)
    feedback: list[str] | None = Field(
        None, max_length=MAX_HISTORY, description="refused: the host gives the feedback itself"
    )


class HandRequest(Request):
    """A hand of letters with ``*`` wildcards, and which words to list."""

    letters: str = Field(min_length=1, max_length=64, examples=["retains*"])
    shortest: int = Field(1, ge=1, le=255)
    longest: int | None = Field(None, ge=1, le=255)
    score: str = Field("scrabble", description=f"one of: {', '.join(LETTER_VALUES)}")
    dictionary: str = Field(DEFAULT_DICTIONARY, description=f"one of: {', '.join(DICTIONARIES)}")
    top: int = Field(500, ge=1, le=MAX_MATCHES)

    @field_validator("score")
    @classmethod
    def _known_score(cls, value: str) -> str:
        return _one_of(value, LETTER_VALUES)

    @field_validator("dictionary")
    @classmethod
    def _known_dictionary(cls, value: str) -> str:
        return _one_of(value, DICTIONARIES)


def _one_of(value: str, names: Any) -> str:
    """Only names: the library would also read a file path, which a web client must not name."""
    if value not in names:
        raise ValueError(f"unknown name {value!r}; choose from: {', '.join(names)}")
    return value


class ScreenRequest(Request):
    """A Fallout terminal's screen as text."""

    text: str = Field(min_length=1, max_length=MAX_SCREEN)
    length: int | None = Field(None, ge=1, le=MAX_LENGTH, description="word length, if known")


class ErrorMessage(BaseModel):
    """Every error answer: one readable line."""

    detail: str


class AlphabetInfo(BaseModel):
    """A game's letters and the folds applied to input (ё → е)."""

    name: str
    letters: str
    folds: dict[str, str]


class MarkInfo(BaseModel):
    """A state a letter's tile shows: its symbol in the feedback text, name and colour."""

    symbol: str
    name: str
    colour: str


class CountInfo(BaseModel):
    """One number of a feedback, and what it counts."""

    name: str
    description: str


class FeedbackFormInfo(BaseModel):
    """How a rule's feedback is typed and shown (``marks``, ``counters`` or ``number``): the page
    draws every game from this, never from the rule's name."""

    kind: Literal["marks", "counters", "number"]
    marks: list[MarkInfo]
    counts: list[CountInfo]
    separator: str
    win: str | None = Field(description="the text of the winning feedback, when not a count")


class ListSetInfo(BaseModel):
    """One of a game's named list sets."""

    name: str
    description: str
    prior: str = Field("uniform", description="the prior its games are played under by default")


class PriorInfo(BaseModel):
    """A prior a game may be played under: how likely each word is to be the secret."""

    name: str
    description: str
    sources: dict[str, str] | None = Field(
        None, description="the header of its data file: what it holds, how and when made"
    )


class GameInfo(BaseModel):
    """A built-in game as the page needs it to draw the board and keyboard."""

    name: str
    aliases: list[str]
    description: str
    rule: str = Field(description="the feedback rule's registry name")
    feedback: FeedbackFormInfo
    alphabet: AlphabetInfo
    length: int | None = Field(description="None: the length of the words given")
    max_tries: int | None
    distinct_letters: bool
    needs_words: bool = Field(description="the secrets must be given as words (Fallout)")
    lists: list[ListSetInfo] = Field(description="the game's list sets, the default first")
    priors: list[PriorInfo] = Field(
        default_factory=list, description="the priors it may be played under (`prior`)"
    )
    adversarial: bool = Field(False, description="the host answers each guess (Absurdle)")


class StrategyInfo(BaseModel):
    """A strategy and what its score means."""

    name: str
    description: str
    score_label: str


class HandInfo(BaseModel):
    """Choices of the hand solver."""

    dictionaries: list[str]
    scores: list[str]
    max_wildcards: int = MAX_WILDCARDS


class Catalogue(BaseModel):
    """What the server offers: games, strategies, hand-solver choices and the time limit."""

    games: list[GameInfo]
    strategies: list[StrategyInfo]
    hand: HandInfo
    time_limit: float


class Suggestion(BaseModel):
    """A suggested guess with its scores (``score`` is the strategy's own measure)."""

    word: str
    score: float
    entropy: float
    expected_left: float
    worst: int
    can_win: bool
    win_chance: float = Field(
        0.0, description="the probability that this guess is the secret (0 when it cannot be)"
    )
    to_finish: float | None = Field(
        None,
        description="the mean guesses to finish the game when this one is played now, looked"
        " at one guess deeper (under a prior, the best few guesses); null otherwise",
    )


class PlayedMove(BaseModel):
    """A move as the game read it: normalised guess, canonical feedback, candidates after it."""

    guess: str
    feedback: str
    pattern: int
    candidates_left: int


class Likely(BaseModel):
    """A possible word and its probability."""

    word: str
    probability: float


class SuggestResponse(BaseModel):
    """The state after the history and the best next guesses (``wordsolver solve --json``)."""

    game: str
    strategy: str
    options: dict[str, Any]
    history: list[PlayedMove]
    removed: list[str]
    solved: bool
    widened: bool = Field(
        description="no answer fits the feedback: the candidates are the allowed words that do"
    )
    candidates_left: int
    candidates: list[str] | None = Field(description="listed when few are left")
    prior: str = Field("uniform", description="the prior played (how likely each word is)")
    possible: int = Field(0, description="how many words are still possible")
    certain: bool = Field(False, description="exactly one word the game accepts fits")
    likeliest: list[Likely] = Field(
        default_factory=list,
        description="up to 10 possible words, the likeliest first (all of them sum to 1)",
    )
    suggestions: list[Suggestion]
    ranks_by: str = Field("", description="what the suggestions are ranked by")
    note: str | None = Field(
        None, description="why the exact search gave way to entropy (it ran out of time)"
    )


class EvaluateResponse(BaseModel):
    """One strategy over every secret (``wordsolver evaluate --json``)."""

    game: str
    strategy: str
    options: dict[str, Any]
    total: int
    mean: float
    worst: int
    losses: int
    max_tries: int | None
    distribution: dict[str, int] = Field(description="guesses needed -> number of secrets")
    seconds: float
    prior: str | None = Field(None, description="played as the assistant plays, under a prior")
    false_certainties: int | None = Field(
        None, description="secrets once left with one candidate that was not the secret"
    )


class HandMatchOut(BaseModel):
    """A word the hand spells; ``wildcards`` are the 0-based positions blanks fill."""

    word: str
    score: int
    length: int
    wildcards: list[int]


class HandResponse(BaseModel):
    """The best words of a hand, ranked by score, length, then alphabet."""

    hand: str
    total: int
    scored: bool = Field(description="False when every letter is worth 0 (scores not shown)")
    matches: list[HandMatchOut]
    ranks_by: str = Field("", description="what the words are ranked by")


class BracketOut(BaseModel):
    """A bracket pair on the screen (removes a dud or resets the tries)."""

    row: int
    address: str | None
    column: int
    text: str


class UnreadRowOut(BaseModel):
    """A row of a photographed screen where no word could be read: check it on the screen."""

    row: int = Field(description="reading order: the left column top to bottom, then the right")
    column: int = Field(description="0 the left column, 1 the right one")
    line: int = Field(description="0 the column's top row")
    address: str | None = Field(description="the row's address, when the photo gives it")
    text: str = Field(description="what was read there")
    place: str = Field(description="where the row is, in a player's words")


class ScreenResponse(BaseModel):
    """What a screen shows (``wordsolver fallout parse --json``)."""

    length: int
    words: list[str]
    brackets: list[BracketOut]
    fragments: list[str]
    rows: int
    text: str | None = Field(
        None, description="images: the text read, for the player to correct (None for text)"
    )
    unread: list[UnreadRowOut] = Field(
        default_factory=list,
        description="photos: the rows where no word could be read, to check on the screen",
    )


class AdversaryMove(BaseModel):
    """A guess and the host's answer to it."""

    guess: str
    feedback: str


class AbsurdleResponse(BaseModel):
    """The host's answers, how many words are still possible (a few of them), and whether the
    last guess was the one word left."""

    game: str
    moves: list[AdversaryMove]
    candidates: int
    examples: list[str]
    won: bool
