"""Games the program hosts, in the browser (``wordsolver play`` and ``play --versus``).

The server keeps no game: the page sends the seed that picks the secret and every guess so far,
and each answer replays them. The secret is told only once the game is over (a reader of the
page's code could work it out from the seed with the library; this is a game among friends, not
a lock). The review at the end is :func:`wordsolver.hosted.review`, run in the search lane since
it plays every remaining secret after each guess.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from wordsolver.errors import WordsolverError
from wordsolver.hosted import (
    Duel,
    HostedGame,
    hardest_secret,
    random_secret,
    solver_path,
)
from wordsolver.session import MAX_HISTORY, Step, suggestion_json
from wordsolver.strategies import Player
from wordsolver.web import service
from wordsolver.web.api import LanesDependency, play_lane
from wordsolver.web.explaining import LostInAll, ReviewRowOut, ShareText, review_json
from wordsolver.web.limits import Deadline
from wordsolver.web.models import MAX_TOP, PlayRequest, Suggestion, Word
from wordsolver.web.tables import prepared

router = APIRouter(prefix="/api")


class HostRequest(PlayRequest):
    """A hosted game so far: ``seed`` picks the secret (and breaks the strategy's ties)."""

    guesses: list[Word] = Field(default_factory=list, max_length=MAX_HISTORY)
    give_up: bool = Field(False, description="end the game and reveal the secret")
    hints: int = Field(0, ge=0, le=MAX_TOP, description="suggestions wanted for the next guess")


class DuelRequest(HostRequest):
    """A duel so far: your secret, which the computer guesses from the feedback alone."""

    secret: Word = Field(description="your secret word, from the game's list of secrets")
    computer_secret: Literal["hardest", "random"] = Field(
        "hardest", description="the computer hides its hardest word for the strategy, or any"
    )


class HostedMove(BaseModel):
    """One scored guess."""

    guess: str
    feedback: str
    candidates_left: int


class HostedResponse(BaseModel):
    """The game after the guesses; ``secret`` is given once it is over."""

    game: str
    max_tries: int | None
    moves: list[HostedMove]
    won: bool
    lost: bool
    finished: bool
    secret: str | None
    candidates_left: int
    hints: list[Suggestion]
    ranks_by: str = Field("", description="what the hints are ranked by")


class HostedReviewRow(ReviewRowOut):
    """A guess beside what the solver would have played, with its feedback as text."""

    feedback: str


class ReviewResponse(BaseModel):
    """The review of a finished game, and the solver's own game against the same secret."""

    secret: str
    won: bool
    rows: list[HostedReviewRow]
    lost: LostInAll
    solver: list[str]
    share: ShareText


class DuelResponse(BaseModel):
    """Both sides of a duel; ``outcome`` is set (and the computer's secret told) once decided."""

    game: str
    you: list[HostedMove]
    computer: list[HostedMove]
    outcome: str | None
    you_won: bool
    computer_won: bool
    computer_secret: str | None
    computer_left: int
    hints: list[Suggestion]
    ranks_by: str = Field("", description="what the hints are ranked by")


def _moves(game: HostedGame) -> list[dict[str, Any]]:
    return [
        {
            "guess": step.guess,
            "feedback": game.game.format_pattern(step.pattern),
            "candidates_left": step.n_candidates,
        }
        for step in game.state.steps
    ]


def _hints(hosted: HostedGame, player: Player, top: int) -> list[dict[str, Any]]:
    if top == 0 or hosted.finished:
        return []
    return [suggestion_json(ranked) for ranked in hosted.state.suggest(player, top=top)]


def _replayed(request: HostRequest, deadline: Deadline) -> tuple[HostedGame, Player]:
    player = service.player_for(request, deadline)
    secret = random_secret(player.matrix.game, request.seed)
    hosted = HostedGame(player.matrix, secret, hard=request.hard)
    for word in request.guesses:
        hosted.guess(word)
    if request.give_up and not hosted.finished:
        hosted.give_up()
    return hosted, player


@router.post("/play", response_model=HostedResponse)
async def play(body: HostRequest, lanes: LanesDependency, request: Request) -> dict[str, Any]:
    """Score the guesses against the secret the seed picks."""
    await prepared(body, request)
    return await play_lane(body, lanes).run(partial(hosted_game, body))


@router.post("/play/review", response_model=ReviewResponse)
async def play_review(
    body: HostRequest, lanes: LanesDependency, request: Request
) -> dict[str, Any]:
    """A finished game's review beside the solver's play."""
    await prepared(body, request)
    return await lanes.search.run(partial(hosted_review, body))


@router.post("/duel", response_model=DuelResponse)
async def duel(body: DuelRequest, lanes: LanesDependency, request: Request) -> dict[str, Any]:
    """The duel after your guesses, each answered by the computer's turn."""
    await prepared(body, request)
    return await lanes.search.run(partial(duel_game, body))


def hosted_game(request: HostRequest, deadline: Deadline) -> dict[str, Any]:
    """The hosted game replayed, with hints for the next guess when asked."""
    hosted, player = _replayed(request, deadline)
    return {
        "game": hosted.game.name,
        "max_tries": hosted.game.max_tries,
        "moves": _moves(hosted),
        "won": hosted.won,
        "lost": hosted.lost,
        "finished": hosted.finished,
        "secret": hosted.secret_word if hosted.finished else None,
        "candidates_left": len(hosted.state.candidates),
        "hints": _hints(hosted, player, request.hints),
        "ranks_by": service.ranks_by(player.strategy),
    }


def hosted_review(request: HostRequest, deadline: Deadline) -> dict[str, Any]:
    """Each guess of a finished game beside the solver's pick and the guesses it needs."""
    hosted, player = _replayed(request, deadline)
    if not hosted.finished:
        raise WordsolverError("the game is not over yet: the review comes at the end")
    steps: list[Step] = hosted.state.steps
    answer = review_json(
        player,
        hosted.game,
        steps,
        won=hosted.won,
        secret=hosted.secret,
        hard=request.hard,
        progress=deadline.check,
    )
    return {
        "secret": hosted.secret_word,
        "won": hosted.won,
        "rows": [
            {**row, "feedback": hosted.game.format_pattern(row["pattern"])}
            for row in answer["rows"]
        ],
        "lost": answer["lost"],
        "solver": [step.guess for step in solver_path(player, hosted.secret)],
        "share": answer["share"],
    }


def duel_game(request: DuelRequest, deadline: Deadline) -> dict[str, Any]:
    """Replay the duel: each of your guesses, then the computer's turn it owes."""
    player = service.player_for(request, deadline)
    game = player.matrix.game
    yours = game.secret_id(request.secret)
    if yours < 0:
        raise WordsolverError(
            f"{request.secret} is not in the list of secrets; choose a more common word",
            ("secret",),
        )
    if request.computer_secret == "hardest":
        mine = hardest_secret(player, request.seed, progress=deadline.check)
    else:
        mine = random_secret(game, request.seed)
    duel = Duel(player, mine, yours)
    for word in request.guesses:
        duel.guess(word)
        if duel.computer_due:
            duel.computer_turn()
    if request.give_up and duel.outcome is None:
        duel.human.give_up()
    outcome = duel.outcome
    return {
        "game": game.name,
        "you": _moves(duel.human),
        "computer": _moves(duel.computer),
        "outcome": None if outcome is None else outcome.value,
        "you_won": duel.human.won,
        "computer_won": duel.computer.won,
        "computer_secret": None if outcome is None else duel.human.secret_word,
        "computer_left": len(duel.computer.state.candidates),
        "hints": [] if outcome is not None else _hints(duel.human, player, request.hints),
        "ranks_by": service.ranks_by(player.strategy),
    }
