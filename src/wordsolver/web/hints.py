"""``GET /api/absurdle/hint``: the proven best guess against the Absurdle adversary.

The adversary is deterministic, so the best guess from a position is the first of the shortest
forced win, which :func:`wordsolver.search.absurdle.forced_win` finds and proves (as ``wordsolver
solve absurdle`` does). A proof takes seconds to a minute, so it runs as a background job in a
child process of its own (:class:`~wordsolver.web.ranking_jobs.RankingJobs`), answering 202 with
its progress until it is done; the answer is kept in the cache, and as it is the position's final
word it is cacheable by any HTTP cache too (Cache-Control, ETag).
"""

from __future__ import annotations

import json
from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel

from wordsolver.errors import WordsolverError
from wordsolver.hosted.absurdle import AdversarialGame, replay_guesses
from wordsolver.matrix import matrix_key
from wordsolver.plans import forced_win_answer, forced_win_work, search_forced_win
from wordsolver.web import service
from wordsolver.web.api import LanesDependency
from wordsolver.web.cached import cacheable, parse_words, validated
from wordsolver.web.limits import Deadline
from wordsolver.web.models import AbsurdleRequest
from wordsolver.web.ranking_jobs import ProgressFile, RankingJobs
from wordsolver.web.tables import StillPreparing, patience, prepared

router = APIRouter(prefix="/api")

#: Bump when the kept hints change meaning; old ones are then searched again.
HINT_FORMAT = 1
#: What the hint ranks by, as the page shows it.
RANKS_BY = "fewest guesses that force the win; no guess forces it sooner (proven)"


class AbsurdleHint(BaseModel):
    """The best guess from the position and the whole forced win it starts, proven shortest."""

    game: str
    lists: str
    hard: bool
    history: list[str]
    candidates: int
    best: str
    shortest_win: int
    guesses: list[str]
    answers: list[str]
    proven: bool
    kept: bool
    ranks_by: str


def replayed(request: AbsurdleRequest) -> AdversarialGame:
    """The game after the request's guesses; a game already won needs no hint."""
    matrix = service.game_matrix(request)
    if not matrix.game.adversarial:
        raise WordsolverError(f"{matrix.game.name} is not an adversarial game: try absurdle")
    hosted = replay_guesses(matrix, request.guesses, hard=request.hard)
    if hosted.won:
        raise WordsolverError("the game is won: no hint needed")
    return hosted


def hint_identity(request: AbsurdleRequest, _: Deadline) -> str:
    """What a kept hint depends on: the game's table, the mode and the guesses (normalised)."""
    hosted = replayed(request)
    return json.dumps([HINT_FORMAT, matrix_key(hosted.game), request.hard, hosted.guesses])


def search_hint(
    request: AbsurdleRequest, deadline: Deadline, progress: ProgressFile
) -> dict[str, Any]:
    """The shortest forced win from the position (the job's search, in its child)."""
    hosted = replayed(request)
    progress.start(forced_win_work(hosted))

    def advance(units: int) -> None:
        deadline.check()
        progress.advance(units)

    answer = forced_win_answer(hosted, search_forced_win(hosted, progress=advance))
    return {**answer, "best": answer["guesses"][0]}


@router.get(
    "/absurdle/hint",
    response_model=AbsurdleHint,
    responses={202: {"description": "still searching: the job's progress; ask again"}},
)
async def absurdle_hint(
    request: Request,
    lanes: LanesDependency,
    game: str = "absurdle",
    lists: Annotated[str | None, Query(description="one of the game's list sets")] = None,
    g: Annotated[str, Query(max_length=2000, description="the guesses so far: a,b,c")] = "",
    w: Annotated[str | None, Query(max_length=20_000, description="the words, a,b,c")] = None,
    hard: bool = False,
    wait: Annotated[float | None, Query(ge=0, le=3600, allow_inf_nan=False)] = None,
) -> Response:
    """The proven best guess from the position and the forced win it starts (202 until
    searched, then kept)."""
    guesses = parse_words(g, "g") or []
    fields = {
        "game": game,
        "lists": lists,
        "words": parse_words(w),
        "hard": hard,
        "guesses": guesses,
    }
    body = validated(AbsurdleRequest, fields)
    await prepared(body, request)
    identity = await lanes.quick.run(partial(hint_identity, body))
    jobs: RankingJobs = request.app.state.rankings
    waited = patience(request, lanes.seconds, wait)
    search = partial(search_hint, body)
    answer, done = await jobs.answer(identity, search, waited, "absurdle-hint", "every guess")
    if not done:
        raise StillPreparing(answer)
    return cacheable(
        AbsurdleHint.model_validate({**answer, "ranks_by": RANKS_BY}).model_dump(), request
    )
