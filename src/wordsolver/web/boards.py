"""The board view's API: the state of a multi-board game after its history, and the best next
guesses (``wordsolver suggest quordle --json``). The page sends the whole history each time."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from wordsolver.boards import BOARD_GAMES, MAX_BOARDS, BoardScorer, BoardsSession, board_setup
from wordsolver.boards.review import boards_share_text, review_boards
from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import pattern_matrix
from wordsolver.session import MAX_HISTORY
from wordsolver.strategies import PlayOptions
from wordsolver.web.limits import Deadline
from wordsolver.web.models import MAX_TOP, Likely, Move, Name, PlayRequest, Suggestion
from wordsolver.web.service import game_matrix, ranks_by


class BoardsRequest(PlayRequest):
    """A multi-board game (``quordle``, or any colours game with ``boards``) and its history:
    each move's feedback is one pattern per board, ``-`` for a board solved earlier."""

    game: Name = Field(description="dordle, quordle, octordle, or a colours game with `boards`")
    boards: int | None = Field(None, ge=1, le=MAX_BOARDS, description="boards of a colours game")
    tries: int | None = Field(None, ge=1, le=MAX_HISTORY, description="the whole game's tries")
    history: list[Move] = Field(default_factory=list, max_length=MAX_HISTORY)
    top: int = Field(5, ge=1, le=MAX_TOP)


class BoardGameInfo(BaseModel):
    """A named multi-board game."""

    name: str
    base: str
    boards: int
    tries: int
    description: str


def board_game_catalogue() -> list[BoardGameInfo]:
    """The named multi-board games, for the page's picker."""
    return [
        BoardGameInfo(
            name=spec.name,
            base=spec.base,
            boards=spec.boards,
            tries=spec.tries,
            description=spec.description,
        )
        for spec in BOARD_GAMES
    ]


class BoardState(BaseModel):
    """One board: solved or not, its candidates (listed when few are left), and what is
    possible as the single game says it (the likeliest first, with their probabilities)."""

    solved: bool
    widened: bool
    candidates_left: int
    candidates: list[str] | None
    possible: int
    certain: bool
    likeliest: list[Likely]


class BoardsMove(BaseModel):
    """A guess with every board's feedback (``-``: solved earlier)."""

    guess: str
    feedback: str


class BoardSuggestion(Suggestion):
    """A suggested guess for several boards, with the guesses it leaves to finish every board."""

    to_finish: float | None = Field(
        None, description="guesses the boards still need after this one (summed over boards)"
    )


class BoardsReviewRow(BaseModel):
    """One guess of a solved game beside the solver's from the same spot (``None``: a board
    solved before)."""

    number: int
    guess: str
    left: list[int | None]
    solver_pick: str
    pick_left: list[int | None]
    total_left: int
    pick_total_left: int | None


class BoardsResponse(BaseModel):
    """The boards after the history and the best next guesses."""

    game: str
    base: str
    lists: str
    prior: str = Field("uniform", description="the prior played (how likely each word is)")
    strategy: str
    options: dict[str, Any] = Field(description="the play options (hard, guess_from, openers)")
    boards: list[BoardState]
    history: list[BoardsMove]
    solved: bool
    tries_left: int | None
    forced: list[int] = Field(description="boards (from 1) whose one candidate is played")
    rule: str = Field(description="which rule chose the guesses")
    suggestions: list[BoardSuggestion]
    review: list[BoardsReviewRow] | None = Field(
        None, description="once every board is solved: each guess beside the solver's"
    )
    share: str | None = Field(None, description="once every board is solved: the share text")
    ranks_by: str = Field("", description="what the suggestions are ranked by")


def boards_suggest(request: BoardsRequest, deadline: Deadline) -> dict[str, Any]:
    """Replay the history on every board and rank the next guesses."""
    setup = board_setup(request.game, request.boards, request.tries)
    if request.words is None:
        base = request.model_copy(update={"game": setup.base})
        matrix = game_matrix(base, priors=True)
    else:
        words = tuple(request.words)
        matrix = pattern_matrix(find_game(setup.base, GameOverrides(words=words)), use_cache=False)
    state = BoardsSession(matrix, setup.boards, setup.tries)
    state.replay((move.guess, move.feedback) for move in request.history)
    scorer = BoardScorer.of(request.strategy, request.seed)
    options = PlayOptions(hard=request.hard, guess_from=request.guess_from)
    ranking = state.suggest(scorer, options, top=request.top)
    answer = state.to_json(ranking, scorer.strategy.name, options)
    answer["ranks_by"] = ranks_by(scorer.strategy)
    if state.solved:
        rows = review_boards(state, scorer, progress=deadline.check)
        answer["review"] = [row.to_json() for row in rows]
        answer["share"] = boards_share_text(state)
    return answer
