"""A game played elsewhere, reviewed from what its player has: the share grid they posted and the
guesses they remember, the secret last (``POST /api/review/shared``).

The secret gives every guess its feedback; the grid, when pasted, is the check that the guesses
were typed right (row by row, as :func:`wordsolver.hosted.share.share_row` draws them). A grid
with a row fewer than the guesses is a game lost: its secret was never played.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from wordsolver.errors import WordsolverError
from wordsolver.hosted.share import SQUARES, share_row
from wordsolver.session import MAX_HISTORY
from wordsolver.web.api import LanesDependency
from wordsolver.web.explaining import ReviewRequest, ReviewResponse, review_game
from wordsolver.web.limits import Deadline
from wordsolver.web.models import Move, PlayRequest, Word
from wordsolver.web.service import player_for
from wordsolver.web.tables import prepared

router = APIRouter(prefix="/api")

#: Characters of a pasted share text.
MAX_GRID = 4000
#: Squares some games post for a letter not in the word, read as the dark square.
LIGHT_SQUARES = {"⬜": "⬛"}


class SharedReviewRequest(PlayRequest):
    """The share grid as pasted (may be empty) and every guess, the secret last."""

    grid: str = Field("", max_length=MAX_GRID, description="the share text, header and all")
    guesses: list[Word] = Field(min_length=1, max_length=MAX_HISTORY + 1)


class PlayedOut(BaseModel):
    """A guess and the feedback the secret gives it."""

    guess: str
    feedback: str


class SharedReviewResponse(BaseModel):
    """The moves the guesses make against the secret, and their review."""

    history: list[PlayedOut]
    secret: str
    won: bool
    review: ReviewResponse


def grid_rows(text: str) -> list[str]:
    """The rows of a share grid: its lines that hold squares (the header and blanks left out),
    with light squares read as dark and spaces closed up.

    >>> grid_rows("Wordle 1,234 3/6\\n\\n⬜🟨⬜⬜⬜\\n🟩🟩⬛⬛🟩\\n🟩🟩🟩🟩🟩")
    ['⬛🟨⬛⬛⬛', '🟩🟩⬛⬛🟩', '🟩🟩🟩🟩🟩']
    """
    rows = []
    for line in text.splitlines():
        row = " ".join("".join(LIGHT_SQUARES.get(c, c) for c in line).split())
        if any(square in row for square in SQUARES):
            rows.append(row)
    return rows


def _same_row(pasted: str, drawn: str) -> bool:
    return pasted == " ".join(drawn.split())


def shared_review(request: SharedReviewRequest, deadline: Deadline) -> dict[str, Any]:
    """Score the guesses against the secret, check them against the grid, review the game."""
    game = player_for(request, deadline, priors=True).matrix.game
    secret = request.guesses[-1]
    rows = grid_rows(request.grid)
    count = len(request.guesses)
    if rows and len(rows) not in (count, count - 1):
        raise WordsolverError(
            f"the grid has {len(rows)} rows: type its {len(rows)} guesses in order (a game won)"
            f" or those and the secret (a game lost), not {count} words",
            ("guesses",),
        )
    played = request.guesses if not rows or len(rows) == count else request.guesses[:-1]
    history = []
    for number, guess in enumerate(played, 1):
        pattern = game.feedback(guess, secret)
        if rows and not _same_row(rows[number - 1], share_row(game, pattern)):
            raise WordsolverError(
                f"guess {number}, {guess}, scores {share_row(game, pattern)} against {secret},"
                f" but the grid's row {number} is {rows[number - 1]}: check the guesses and"
                " their order (the secret last)",
                ("guesses",),
            )
        history.append({"guess": guess, "feedback": game.format_pattern(pattern)})
    won = bool(history) and history[-1]["feedback"] == game.format_pattern(game.win_pattern)
    fields = request.model_dump(exclude={"grid", "guesses"})
    asked = ReviewRequest(
        **fields,
        history=[Move(**move) for move in history],
        secret=None if won else secret,
    )
    return {
        "history": history,
        "secret": game.alphabet.normalise(secret),
        "won": won,
        "review": review_game(asked, deadline),
    }


@router.post("/review/shared", response_model=SharedReviewResponse)
async def review_shared(
    body: SharedReviewRequest, lanes: LanesDependency, request: Request
) -> dict[str, Any]:
    """A game played elsewhere: its share grid and its guesses (the secret last), reviewed
    under the prior of its lists (today's game: every word it accepts, the likely ones
    first)."""
    await prepared(body, request, prior=body.prior)
    return await lanes.search.run(partial(shared_review, body))
