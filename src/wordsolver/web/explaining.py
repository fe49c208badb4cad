"""The bodies of the explanation and review endpoints (``/api/explain``,
``/api/explain/exact``, ``/api/review``), and what each asks of the library.

They mirror the library's own JSON (:meth:`wordsolver.explain.Explanation.to_json`,
:meth:`wordsolver.hosted.review.ReviewRow.to_json`); the page draws the buckets' feedback from
the game's feedback form, as it draws the board.

The page asks for the split of a guess without the exact search (it answers in milliseconds on
the quick lane) and then for the exact verdict alone (``/api/explain/exact``), which runs in
the search lane with seconds rather than a fraction of one: on a busy machine the exact search
of a position with a few dozen candidates needs more than ``explain``'s default bound.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

from pydantic import BaseModel, Field

from wordsolver.errors import InvalidWordError
from wordsolver.explain import EXACT_SECONDS, ExplainOptions, explain
from wordsolver.games import Game
from wordsolver.hosted.review import review
from wordsolver.hosted.share import share_text
from wordsolver.plumbing.progress import Progress
from wordsolver.session import Session, Step
from wordsolver.strategies import Player
from wordsolver.web.limits import Deadline
from wordsolver.web.models import SuggestRequest, Word
from wordsolver.web.service import player_for

#: Candidates named per bucket that one request may ask for.
MAX_SHOW_WORDS = 50
#: Seconds of exact search one request may ask for (within the server's time limit).
MAX_EXACT_SECONDS = 10.0
#: Seconds the exact verdict is given by default in the search lane.
VERDICT_SECONDS = 8.0


class ExplainRequest(SuggestRequest):
    """A guess to explain after the history, and optionally another beside it."""

    guess: Word
    versus: Word | None = None
    show_words: int = Field(6, ge=0, le=MAX_SHOW_WORDS)
    exact_seconds: float = Field(
        EXACT_SECONDS,
        ge=0,
        le=MAX_EXACT_SECONDS,
        allow_inf_nan=False,
        description="0 leaves the exact search out",
    )


class BucketOut(BaseModel):
    """One feedback the guess can earn and what it leaves."""

    feedback: str
    pattern: int
    size: int
    probability: float
    words: list[str] = Field(description="a handful of the candidates it leaves")
    wins: bool


class SizeBinOut(BaseModel):
    """Buckets of sizes ``low..high``: how many, and the candidates they hold."""

    sizes: str
    low: int
    high: int
    buckets: int
    candidates: int


class GuessSplitOut(BaseModel):
    """How one guess splits the candidates."""

    word: str
    can_win: bool
    mean_left: float
    worst: int
    bits: float
    n_buckets: int
    buckets: list[BucketOut]
    histogram: list[SizeBinOut]


class ExactOut(BaseModel):
    """Expected guesses from here under best play, and with each explained guess first."""

    best: str
    best_mean: float
    guess_mean: float | None
    versus_mean: float | None


class ExplainResponse(BaseModel):
    """The explanation of a guess (``wordsolver explain --json``)."""

    game: str
    candidates_left: int
    guess: GuessSplitOut
    versus: GuessSplitOut | None
    exact: ExactOut | None
    exact_note: str | None


class VerdictRequest(ExplainRequest):
    """A guess whose exact verdict is wanted (the split is left out of the answer)."""

    exact_seconds: float = Field(
        VERDICT_SECONDS,
        gt=0,
        le=MAX_EXACT_SECONDS,
        allow_inf_nan=False,
        description="seconds of exact search",
    )


class VerdictResponse(BaseModel):
    """What the exact search proved at the position, or why it did not."""

    game: str
    candidates_left: int
    exact: ExactOut | None
    exact_note: str | None


class ReviewRequest(SuggestRequest):
    """A finished game: its history and, when it was not won, the secret (if known)."""

    secret: Word | None = None


class ReviewRowOut(BaseModel):
    """One guess beside the solver's view of the same spot."""

    number: int
    guess: str
    pattern: int
    before: int
    left: int
    solver_pick: str
    pick_left: int | None
    you_needed: int | None
    solver_needs: float | None
    lost: float = Field(description="expected guesses lost beside the solver (less than 0: saved)")


#: The review's total: expected guesses lost in all beside the solver's play.
LostInAll = Annotated[
    float, Field(description="expected guesses lost in all beside the solver's play")
]
#: The text players post: the grid of the game's feedback.
ShareText = Annotated[
    str, Field(description="the text players post: the grid of the game's feedback")
]


class ReviewResponse(BaseModel):
    """The review of a finished game and its share text."""

    game: str
    strategy: str
    prior: str = Field("uniform", description="the prior the review plays under")
    starts_after: int = Field(
        0,
        description="guesses the review starts after: 1 when every word the game accepts was"
        " possible before the first guess (a game played streamed), else 0",
    )
    won: bool
    rows: list[ReviewRowOut]
    lost: LostInAll
    share: ShareText


def explain_guess(request: ExplainRequest, deadline: Deadline) -> dict[str, Any]:
    """Replay the history and explain the guess (``wordsolver explain --json``)."""
    player = player_for(request, deadline, priors=True)
    state = Session(player.matrix)
    state.replay((move.guess, move.feedback) for move in request.history)
    seconds = min(request.exact_seconds, deadline.remaining())
    options = ExplainOptions(show_words=request.show_words, exact_seconds=seconds)
    answer = explain(
        state, request.guess, versus=request.versus, play=player.options, options=options
    )
    return answer.to_json()


def exact_verdict(request: VerdictRequest, deadline: Deadline) -> dict[str, Any]:
    """The exact search's verdict on the guess (and ``versus``) at the position alone."""
    answer = explain_guess(request.model_copy(update={"show_words": 0}), deadline)
    return {key: answer[key] for key in ("game", "candidates_left", "exact", "exact_note")}


def review_game(request: ReviewRequest, deadline: Deadline) -> dict[str, Any]:
    """The review of a finished game beside the request's strategy, under the prior it was
    played with (the request's), and its share text.

    A game played streamed (every accepted word possible) is reviewed from the spot after its
    first guess, as the terminal assistant reviews it: its session then holds the words that
    fit, not every word the game accepts."""
    played = player_for(request, deadline, priors=True)
    state = Session(played.matrix)
    state.replay((move.guess, move.feedback) for move in request.history)
    start = 1 if state.base.streamed and state.steps else 0
    player = Player(state.matrix, played.strategy, played.options)
    game = state.game
    secret = None
    if request.secret is not None:
        secret = game.secret_id(request.secret)
        if secret < 0 or secret not in state.candidates:
            raise InvalidWordError(f"{request.secret} does not fit the feedback of the game")
    answer = review_json(
        player,
        game,
        state.steps,
        won=state.solved,
        secret=secret,
        hard=request.hard,
        progress=deadline.check,
        start=start,
    )
    return {
        "game": game.name,
        "strategy": player.strategy.name,
        "prior": game.prior,
        "starts_after": start,
        "won": state.solved,
        "rows": answer["rows"],
        "lost": answer["lost"],
        "share": answer["share"],
    }


def review_json(
    player: Player,
    game: Game,
    steps: Sequence[Step],
    *,
    won: bool,
    secret: int | None,
    hard: bool,
    progress: Progress,
    start: int = 0,
) -> dict[str, Any]:
    """The review's ``rows``, their ``lost`` in all and the game's ``share`` text, as both the
    review of a game played elsewhere and the review of a hosted game answer them (``start``:
    the guesses the review leaves out, see :func:`wordsolver.hosted.review`)."""
    rows = review(player, steps, won=won, secret=secret, progress=progress, start=start)
    return {
        "rows": [row.to_json() for row in rows],
        "lost": round(sum(row.lost for row in rows), 6),
        "share": share_text(game, steps, won=won, hard=hard),
    }
