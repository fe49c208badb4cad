"""The starting-words page's endpoint: the ``openers`` ranking, as ``wordsolver openers --json``.

One word ranks every allowed first guess in moments once the process has it loaded and
compiled, which its first time may not be; the exact best pairs search every pair of words
without shared letters, which takes from seconds (5 букв) to a minute or more on a busy machine
(Wordle). So each ranking is searched once as a background job and then kept
(:mod:`~wordsolver.web.ranking_jobs`); until it is done the answer is 202 with the job's
progress, and the page asks again: a first "Rank" never fails at the time limit.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from wordsolver.plumbing.progress import Progress
from wordsolver.search.openers import (
    OpenerQuery,
    opener_rows,
    opener_space,
    search_openers,
    search_steps,
)
from wordsolver.web import service
from wordsolver.web.api import LanesDependency
from wordsolver.web.limits import Deadline
from wordsolver.web.models import MAX_TOP, Name
from wordsolver.web.models import Request as Body
from wordsolver.web.ranking_jobs import KEPT, ProgressFile, RankingJobs, ranking_identity
from wordsolver.web.tables import prepared

#: Words in one opener the page asks for: the sizes the library searches exactly by default.
MAX_OPENER_WORDS = 2

router = APIRouter(prefix="/api")
#: What each ranking ranks by, as the page shows it.
RANKS = {
    "mean": "mean candidates left after the opener, fewest first",
    "worst": "the most candidates the opener can leave, fewest first",
}


class OpenersRequest(Body):
    """Which openers to rank (the options of ``wordsolver openers``)."""

    game: Name
    lists: Name | None = None
    words: int = Field(1, ge=1, le=MAX_OPENER_WORDS, description="words played in a row")
    by: Literal["mean", "worst"] = "mean"
    any_words: bool = Field(
        False, description="pairs may repeat letters and share them (one word always may)"
    )
    top: int = Field(10, ge=1, le=MAX_TOP)
    wait: float | None = Field(
        None,
        ge=0,
        le=3600,
        allow_inf_nan=False,
        description="pairs: seconds to wait for the search before answering 202 with its"
        " progress (None: the time limit, the most it may be)",
    )


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
    seconds: float = Field(description="seconds the search took")
    kept: bool = Field(False, description="pairs: the ranking was searched before and kept")
    openers: list[OpenerRow]
    ranks_by: str = Field("", description="what the openers are ranked by")


class OpenersRunning(BaseModel):
    """A ranking of pairs still being searched: ask again for it."""

    status: Literal["running", "waiting"]
    message: str
    done: int = Field(description="units of the search done")
    total: int | None = Field(description="units of the whole search (None before it starts)")
    seconds: float = Field(description="seconds it has been running (or waiting)")


@router.post(
    "/openers",
    response_model=OpenersResponse,
    responses={202: {"model": OpenersRunning, "description": "pairs: still searching"}},
)
async def openers(
    body: OpenersRequest, lanes: LanesDependency, request: Request
) -> dict[str, Any] | JSONResponse:
    """The best fixed first guesses: one word, or the exact best pairs (202 until searched)."""
    await prepared(body, request)
    any_words = body.any_words or body.words == 1  # one word: every allowed guess
    where = (body.game, body.lists, body.words, body.by, any_words)
    identity = await lanes.quick.run(lambda _: ranking_identity(*where))
    jobs: RankingJobs = request.app.state.rankings
    search = partial(search_ranking, body.model_copy(update={"top": KEPT}))
    patience = lanes.seconds if body.wait is None else min(body.wait, lanes.seconds)
    searching = "every pair" if body.words == 2 else "every first guess"
    answer, done = await jobs.answer(identity, search, patience, "openers", searching)
    if not done:
        return JSONResponse(answer, status_code=202)
    return {**answer, "openers": answer["openers"][: body.top], "ranks_by": RANKS[body.by]}


def search_ranking(
    request: OpenersRequest, deadline: Deadline, progress: ProgressFile
) -> dict[str, Any]:
    """A ranking job's search, its progress reported to the job's file."""

    def advance(units: int) -> None:
        deadline.check()
        progress.advance(units)

    return rank_openers(request, deadline, progress.start, advance)


def rank_openers(
    request: OpenersRequest,
    deadline: Deadline,
    start: Callable[[int], None] | None = None,
    advance: Progress | None = None,
) -> dict[str, Any]:
    """Search the openers, stopped at the deadline; ``start`` is told the units of work the
    search will report and ``advance`` each unit done."""
    matrix = service.builtin_matrix(request.game, request.lists)
    game = matrix.game
    any_words = request.any_words or request.words == 1  # one word: rank every allowed guess
    query = OpenerQuery(words=request.words, by=request.by, any_words=any_words, top=request.top)
    space = opener_space(game, any_words)
    if start is not None:
        start(search_steps(query, space))
    search = search_openers(matrix, query, space=space, progress=advance or deadline.check)
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
