"""Answers any HTTP cache may keep: the position-to-suggestions answers as GET requests.

Suggestions for a position are deterministic: the same game, lists, prior, options and history
always give the same answer from the same version of the program. So ``GET /api/suggest`` names
the position in its address (``?game=wordle&h=tarse:..y..,coign:.g..y``, the page's own address
format; ``prior`` when not the list set's own) and answers with ``Cache-Control: public`` and a
strong ``ETag``, the SHA-256 of the body itself (byte-identical answers share it, whatever
changed in the program; the body names the prior played): a reverse proxy or the browser keeps
it, and a request that sends the tag back with ``If-None-Match`` gets 304 and no body. Answers
that are no position's final word (202 while a table is prepared, errors) carry
``Cache-Control: no-store``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import partial
from typing import Annotated, Any, Literal, TypeVar

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ValidationError
from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from wordsolver.plumbing.digests import sha256_hex
from wordsolver.session import separators_alone
from wordsolver.web import service
from wordsolver.web.api import LanesDependency, play_lane
from wordsolver.web.models import MAX_TOP, SuggestRequest, SuggestResponse
from wordsolver.web.tables import prepared

router = APIRouter(prefix="/api")
Model = TypeVar("Model", bound=BaseModel)

#: Seconds an HTTP cache may serve a kept answer without asking again (a day: answers change
#: only when the program or its word lists do, and then the tag tells).
MAX_AGE = 86_400
#: The header of every answer a cache may keep.
CACHEABLE = f"public, max-age={MAX_AGE}"
#: The header of every answer a cache must not keep.
NO_STORE = "no-store"


def parse_history(text: str) -> list[dict[str, str]]:
    """The history of the address, ``guess:feedback`` pairs separated by commas (commas alone
    say nothing: refused, as everywhere a history is read).

    >>> parse_history("tarse:..y..,coign:.g..y")
    [{'guess': 'tarse', 'feedback': '..y..'}, {'guess': 'coign', 'feedback': '.g..y'}]
    """
    moves = []
    items = [piece.strip() for piece in text.split(",") if piece.strip()]
    if not items and text.strip():
        raise separators_alone(text)
    for item in items:  # how many: the request's own limit (422, as a body's)
        guess, colon, feedback = item.partition(":")
        if not colon or not guess or not feedback:
            raise HTTPException(
                400,
                f"cannot read h {item!r}: give guess:feedback pairs separated by commas,"
                " e.g. tarse:..y..,coign:.g..y",
            )
        moves.append({"guess": guess, "feedback": feedback})
    return moves


def parse_words(text: str | None, name: str = "w") -> list[str] | None:
    """The words of the address's parameter ``name``, separated by commas (None: the game's own
    lists); commas alone say nothing and are refused."""
    if text is None:
        return None
    words = [word for word in (piece.strip() for piece in text.split(",")) if word]
    if not words and text.strip():
        raise HTTPException(
            400, f"{name} {text.strip()[:20]!r} holds no word: give words separated by commas"
        )
    return words


def validated(model: type[Model], fields: Mapping[str, Any]) -> Model:
    """The request model of the address's parameters; what it refuses is a 422, as a body's."""
    try:
        return model.model_validate(fields)
    except ValidationError as error:
        located = [{**detail, "loc": ("query", *detail["loc"])} for detail in error.errors()]
        raise RequestValidationError(located) from None


def cacheable(answer: Mapping[str, Any], request: Request) -> Response:
    """The answer as JSON any cache may keep, with its strong tag; 304 when the client holds it."""
    body = json.dumps(answer, ensure_ascii=False, separators=(",", ":")).encode()
    tag = f'"{sha256_hex(body)[:32]}"'
    headers = {"ETag": tag, "Cache-Control": CACHEABLE}
    held = request.headers.get("if-none-match", "")
    if tag in (value.strip() for value in held.split(",")) or held.strip() == "*":
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


@router.get(
    "/suggest",
    response_model=SuggestResponse,
    responses={304: {"description": "the client's copy (If-None-Match) is the answer"}},
)
async def suggest_at(
    request: Request,
    lanes: LanesDependency,
    game: Annotated[str, Query(description="a built-in game name or alias")],
    lists: Annotated[str | None, Query(description="one of the game's list sets")] = None,
    prior: Annotated[
        str | None, Query(description="how likely each word is (None: the list set's own)")
    ] = None,
    h: Annotated[str, Query(max_length=2000, description="guess:feedback,...")] = "",
    w: Annotated[str | None, Query(max_length=20_000, description="the possible secrets")] = None,
    strategy: str = "entropy",
    hard: bool = False,
    guess_from: Annotated[Literal["allowed", "candidates"], Query(alias="from")] = "allowed",
    top: Annotated[int, Query(ge=1, le=MAX_TOP)] = 5,
    seed: Annotated[int, Query(ge=0, le=2**32)] = 0,
) -> Response:
    """The POST answer for the position the address names, cacheable (ETag, 304)."""
    fields = {
        "game": game,
        "lists": lists,
        "prior": prior,
        "words": parse_words(w),
        "strategy": strategy,
        "hard": hard,
        "guess_from": guess_from,
        "seed": seed,
        "history": parse_history(h),
        "top": top,
    }
    body = validated(SuggestRequest, fields)
    await prepared(body, request, prior=body.prior)
    answer = await play_lane(body, lanes, priors=True).run(partial(service.suggest, body))
    shown = SuggestResponse.model_validate(answer).model_dump(mode="json")
    if shown["note"] is not None:  # the exact search ran out of time: another try may finish
        return JSONResponse(shown, headers={"Cache-Control": NO_STORE})
    return cacheable(shown, request)


class NoStoreErrors:
    """ASGI middleware: an API answer that is neither 200 nor 304 (202 while something is
    prepared, errors) tells every cache not to keep it, unless it says otherwise itself."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith("/api/"):
            await self.app(scope, receive, send)
            return

        async def marked(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] not in (200, 304):
                headers = MutableHeaders(scope=message)
                headers.setdefault("Cache-Control", NO_STORE)
            await send(message)

        await self.app(scope, receive, marked)
