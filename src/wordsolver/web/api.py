"""The JSON API: one route per library service, each run in its lane within the time limit.

The server keeps no game state: the page sends the whole history with every request, so any
number of tabs can play at once and a restart loses nothing.
"""

from __future__ import annotations

from collections.abc import Callable
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
from wordsolver.web.limits import Deadline
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
from wordsolver.web.tables import prepared

#: The routes whose body is an image, so it may be larger than the others.
SCREENSHOT_PATH = "/api/fallout/screenshot"
PHOTO_PATH = "/api/fallout/photo"

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
async def suggest(body: SuggestRequest, lanes: LanesDependency, request: Request) -> dict[str, Any]:
    """The candidates left after the history, and the best next guesses."""
    await prepared(body, request, prior=body.prior)
    return await play_lane(body, lanes, priors=True).run(partial(service.suggest, body))


def play_lane(request: PlayRequest, lanes: Lanes, *, priors: bool = False) -> Lane:
    """Where a call that plays the request's strategy runs: the exact search in its own lane,
    the greedy strategies on the quick lane once their matrix (under the request's prior when
    the call plays priors) is loaded and small."""
    if service.needs_search(request):
        return lanes.search
    return lanes.quick if service.is_quick(request, priors=priors) else lanes.large


@router.post("/absurdle", response_model=AbsurdleResponse)
async def absurdle(
    body: AbsurdleRequest, lanes: LanesDependency, request: Request
) -> dict[str, Any]:
    """The adversary's answers to the guesses so far (it keeps the largest bucket)."""
    await prepared(body, request)
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
async def explain(
    body: explaining.ExplainRequest, lanes: LanesDependency, request: Request
) -> dict[str, Any]:
    """How a guess splits the candidates left: each feedback, what it leaves, the histogram."""
    await prepared(body, request, prior=body.prior)
    lane = lanes.quick if service.is_quick(body, priors=True) else lanes.large
    return await lane.run(partial(explaining.explain_guess, body))


@router.post("/explain/exact", response_model=explaining.VerdictResponse)
async def explain_exact(
    body: explaining.VerdictRequest, lanes: LanesDependency, request: Request
) -> dict[str, Any]:
    """The exact search's verdict at the position, given seconds in the search lane: expected
    guesses under best play from here, and with the guess (and ``versus``) played first."""
    await prepared(body, request, prior=body.prior)
    return await lanes.search.run(partial(explaining.exact_verdict, body))


@router.post("/review", response_model=explaining.ReviewResponse)
async def review(
    body: explaining.ReviewRequest, lanes: LanesDependency, request: Request
) -> dict[str, Any]:
    """A finished game beside the solver's play, guess by guess, and its share text (under
    the prior it was played with)."""
    await prepared(body, request, prior=body.prior)
    return await lanes.search.run(partial(explaining.review_game, body))


@router.post("/evaluate", response_model=EvaluateResponse)
async def evaluate(
    body: EvaluateRequest, lanes: LanesDependency, request: Request
) -> dict[str, Any]:
    """Play every secret of the game with one strategy: mean, worst, losses, distribution."""
    await prepared(body, request, prior=body.prior)
    return await lanes.search.run(partial(service.evaluate_strategy, body))


@router.post("/hand", response_model=HandResponse)
async def hand(body: HandRequest, lanes: LanesDependency) -> dict[str, Any]:
    """Every word a hand of letters (``*`` = wildcard) spells, ranked by score."""
    return await lanes.quick.run(partial(service.hand_words, body))


@router.post("/fallout/screen", response_model=ScreenResponse)
async def fallout_screen(body: ScreenRequest, lanes: LanesDependency) -> dict[str, Any]:
    """The candidate words and bracket pairs of a Fallout terminal's screen text."""
    return await lanes.quick.run(partial(service.screen_text, body))


#: A library call that reads a screen from an image: ``read(data, length, deadline)``.
ImageReader = Callable[[bytes, int | None, Deadline], dict[str, Any]]
#: The schema of a body that is an image.
IMAGE_BODY = {
    "requestBody": {
        "required": True,
        "content": {"image/*": {"schema": {"type": "string", "format": "binary"}}},
    }
}


LengthQuery = Annotated[int | None, Query(ge=1, le=MAX_LENGTH, description="word length, if known")]


def _image_route(path: str, kind: str, read: ImageReader, description: str) -> None:
    """A route that reads a Fallout screen from an image sent as the raw body, in the ocr lane."""

    async def read_image(
        request: Request, lanes: LanesDependency, length: LengthQuery = None
    ) -> dict[str, Any]:
        data = await request.body()
        if not data:
            raise HTTPException(400, f"send the {kind} itself as the request body (PNG or JPEG)")
        return await lanes.ocr.run(partial(read, data, length))

    router.add_api_route(
        path.removeprefix("/api"),
        read_image,
        methods=["POST"],
        name=f"fallout_{kind}",
        response_model=ScreenResponse,
        openapi_extra=IMAGE_BODY,
        description=description,
    )


_image_route(
    SCREENSHOT_PATH,
    "screenshot",
    service.screen_image,
    "The same from a screenshot sent as the raw body (OCR: the ``ocr`` extra).",
)
_image_route(
    PHOTO_PATH,
    "photo",
    service.screen_photo,
    "The same from a phone photo of the screen: straightened and cleaned (perspective, glare,"
    " scan lines, blur, noise, glow, moiré) before the OCR; ``fragments`` lists every letter"
    " run that is not surely a word, ``unread`` every row where no word could be read, and"
    " ``text`` what was read, for the player to correct.",
)
