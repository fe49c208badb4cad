"""The starting-words page's endpoint: the ``openers`` ranking, as ``wordsolver openers --json``.

One word ranks every allowed first guess in moments; the exact best pairs search every pair of
words without shared letters, which takes from seconds (5 букв) to a minute or more (Wordle), so
every search runs in the search lane, stopped at the time limit.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Literal

from fastapi import APIRouter
from pydantic import BaseModel, Field

from wordsolver.search.openers import OpenerQuery, opener_rows, opener_space, search_openers
from wordsolver.web import service
from wordsolver.web.api import LanesDependency
from wordsolver.web.limits import Deadline
from wordsolver.web.models import MAX_TOP, Name, Request

#: Words in one opener the page asks for: the sizes the library searches exactly by default.
MAX_OPENER_WORDS = 2

router = APIRouter(prefix="/api")


class OpenersRequest(Request):
    """Which openers to rank (the options of ``wordsolver openers``)."""

    game: Name
    lists: Name | None = None
    words: int = Field(1, ge=1, le=MAX_OPENER_WORDS, description="words played in a row")
    by: Literal["mean", "worst"] = "mean"
    any_words: bool = Field(
        False, description="pairs may repeat letters and share them (one word always may)"
    )
    top: int = Field(10, ge=1, le=MAX_TOP)


class OpenerRow(BaseModel):
    """One opener with the columns of the ``openers`` table."""

    word: str
    words: list[str]
    mean: float = Field(description="mean candidates left after all the words")
    worst: int
    buckets: int
    bits: float
    exact: bool


class OpenersResponse(BaseModel):
    """The ranking and how it was found."""

    game: str
    secrets: int
    words: int
    by: str
    space: int = Field(description="guesses the search chose from")
    any_words: bool
    exact: bool = Field(description="the best of the search space, not a heuristic's pick")
    seconds: float
    openers: list[OpenerRow]


@router.post("/openers", response_model=OpenersResponse)
async def openers(body: OpenersRequest, lanes: LanesDependency) -> dict[str, Any]:
    """The best fixed first guesses: one word, or the exact best pairs."""
    return await lanes.search.run(partial(rank_openers, body))


def rank_openers(request: OpenersRequest, deadline: Deadline) -> dict[str, Any]:
    """Search the openers; the search reports progress, where it stops at the deadline."""
    matrix = service.builtin_matrix(request.game, request.lists)
    game = matrix.game
    any_words = request.any_words or request.words == 1  # one word: rank every allowed guess
    query = OpenerQuery(words=request.words, by=request.by, any_words=any_words, top=request.top)
    space = opener_space(game, any_words)
    search = search_openers(matrix, query, space=space, progress=deadline.check)
    level = search.final
    return {
        "game": game.name,
        "secrets": len(game.secrets),
        "words": request.words,
        "by": request.by,
        "space": search.space_size,
        "any_words": any_words,
        "exact": level.exact,
        "seconds": round(search.seconds, 3),
        "openers": opener_rows(level),
    }
