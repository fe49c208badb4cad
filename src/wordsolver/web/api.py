"""The JSON API: one route per library service, each run in its lane within the time limit.

The server keeps no game state: the page sends the whole history with every request, so any
number of tabs can play at once and a restart loses nothing.
"""

from __future__ import annotations

from functools import partial
from typing import Annotated, Any, cast

from fastapi import APIRouter, Depends, HTTPException, Query, Request

from wordsolver.games.registry import MAX_LENGTH
from wordsolver.web import explaining, service
from wordsolver.web.boards import (
    BoardGameInfo,
    BoardsRequest,
    BoardsResponse,
    board_game_catalogue,
    boards_suggest,
)
from wordsolver.web.lanes import Lane, Lanes
from wordsolver.web.models import (
    AbsurdleRequest,
    AbsurdleResponse,
    Catalogue,
    ErrorMessage,
    EvaluateRequest,
    EvaluateResponse,
    HandRequest,
    HandResponse,
    PlayRequest,
    ScreenRequest,
    ScreenResponse,
    SuggestRequest,
    SuggestResponse,
)

#: The one route whose body is an image, so it may be larger than the others.
SCREENSHOT_PATH = "/api/fallout/screenshot"

router = APIRouter(
    prefix="/api",
    responses={
        400: {"model": ErrorMessage, "description": "bad input: the message says what is wrong"},
        413: {"model": ErrorMessage, "description": "request body too large"},
        422: {"model": ErrorMessage, "description": "malformed request body or parameter"},
        503: {
            "model": ErrorMessage,
            "description": "the computation ran past the time limit, or the server is busy",
        },
    },
)


def _lanes(request: Request) -> Lanes:
    return cast(Lanes, request.app.state.lanes)


LanesDependency = Annotated[Lanes, Depends(_lanes)]


@router.get("/games", response_model=Catalogue)
def games(lanes: LanesDependency) -> Catalogue:
    """Built-in games, strategies, hand-solver choices and the time limit."""
    return service.catalogue(lanes.seconds)


@router.post("/suggest", response_model=SuggestResponse)
async def suggest(body: SuggestRequest, lanes: LanesDependency) -> dict[str, Any]:
    """The candidates left after the history, and the best next guesses."""
    return await play_lane(body, lanes).run(partial(service.suggest, body))


def play_lane(request: PlayRequest, lanes: Lanes) -> Lane:
    """Where a call that plays the request's strategy runs: the exact search in its own lane,
    the greedy strategies on the quick lane once their matrix is loaded and small."""
    if service.needs_search(request):
        return lanes.search
    return lanes.quick if service.is_quick(request) else lanes.large


@router.post("/absurdle", response_model=AbsurdleResponse)
async def absurdle(body: AbsurdleRequest, lanes: LanesDependency) -> dict[str, Any]:
    """The adversary's answers to the guesses so far (it keeps the largest bucket)."""
    lane = lanes.quick if service.is_quick(body) else lanes.large
    return await lane.run(partial(service.absurdle_answers, body))


@router.get("/board-games", response_model=list[BoardGameInfo])
def board_games() -> list[BoardGameInfo]:
    """The named multi-board games (any colours game also plays on ``boards`` boards)."""
    return board_game_catalogue()


@router.post("/boards", response_model=BoardsResponse)
async def boards(body: BoardsRequest, lanes: LanesDependency) -> dict[str, Any]:
    """A multi-board game: every board after the history, and the best next guesses."""
    return await lanes.large.run(partial(boards_suggest, body))


@router.post("/explain", response_model=explaining.ExplainResponse)
async def explain(body: explaining.ExplainRequest, lanes: LanesDependency) -> dict[str, Any]:
    """How a guess splits the candidates left: each feedback, what it leaves, the histogram."""
    lane = lanes.quick if service.is_quick(body) else lanes.large
    return await lane.run(partial(explaining.explain_guess, body))


@router.post("/explain/exact", response_model=explaining.VerdictResponse)
async def explain_exact(body: explaining.VerdictRequest, lanes: LanesDependency) -> dict[str, Any]:
    """The exact search's verdict at the position, given seconds in the search lane: expected
    guesses under best play from here, and with the guess (and ``versus``) played first."""
    return await lanes.search.run(partial(explaining.exact_verdict, body))


@router.post("/review", response_model=explaining.ReviewResponse)
async def review(body: explaining.ReviewRequest, lanes: LanesDependency) -> dict[str, Any]:
    """A finished game beside the solver's play, guess by guess, and its share text."""
    return await lanes.search.run(partial(explaining.review_game, body))


@router.post("/evaluate", response_model=EvaluateResponse)
async def evaluate(body: EvaluateRequest, lanes: LanesDependency) -> dict[str, Any]:
    """Play every secret of the game with one strategy: mean, worst, losses, distribution."""
    return await lanes.search.run(partial(service.evaluate_strategy, body))


@router.post("/hand", response_model=HandResponse)
async def hand(body: HandRequest, lanes: LanesDependency) -> dict[str, Any]:
    """Every word a hand of letters (``*`` = wildcard) spells, ranked by score."""
    return await lanes.quick.run(partial(service.hand_words, body))


@router.post("/fallout/screen", response_model=ScreenResponse)
async def fallout_screen(body: ScreenRequest, lanes: LanesDependency) -> dict[str, Any]:
    """The candidate words and bracket pairs of a Fallout terminal's screen text."""
    return await lanes.quick.run(partial(service.screen_text, body))


@router.post(
    SCREENSHOT_PATH.removeprefix("/api"),
    response_model=ScreenResponse,
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {"image/*": {"schema": {"type": "string", "format": "binary"}}},
        }
    },
)
async def fallout_screenshot(
    request: Request,
    lanes: LanesDependency,
    length: Annotated[int | None, Query(ge=1, le=MAX_LENGTH)] = None,
) -> dict[str, Any]:
    """The same from a screenshot sent as the raw body (OCR: the ``fallout`` extra)."""
    data = await request.body()
    if not data:
        raise HTTPException(400, "send the screenshot itself as the request body (PNG or JPEG)")
    return await lanes.ocr.run(partial(service.screen_image, data, length))
