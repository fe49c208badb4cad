"""The position after ``--history`` and the suggestions from there, for ``suggest`` and ``solve``
(a module of its own so that ``suggest`` starts without the terminal programs)."""

from __future__ import annotations

from contextlib import nullcontext
from typing import Any

from wordsolver.cli.base import warn
from wordsolver.cli.progress import pattern_table, time_bar
from wordsolver.games import Game
from wordsolver.plans import Suggested, bounded_strategy, suggest_now
from wordsolver.session import Session, parse_history
from wordsolver.strategies import Player, PlayOptions


def replayed(
    game: Game, history: str, strategy: str, seed: int, options: PlayOptions, seconds: float
) -> tuple[Session, Player]:
    """The session after ``--history``, and the player that suggests from there (an exact
    search bounded by ``seconds``)."""
    state = Session(pattern_table(game))
    state.replay(parse_history(history))
    return state, Player(
        state.matrix, bounded_strategy(strategy, seed=seed, seconds=seconds), options
    )


def ranked_now(player: Player, state: Session, top: int) -> Suggested:
    """The suggestions now: a search with a time limit shows a bar over it, and one that gives
    way to entropy says why."""
    strategy = player.strategy
    searching = strategy.needs_time_limit
    with time_bar("exact search", strategy.time_limit or 0.0) if searching else nullcontext():
        suggested = suggest_now(state, player, top)
    if suggested.gave_way is not None:
        warn(suggested.gave_way.message("--time"))
    return suggested


def suggested_json(state: Session, suggested: Suggested) -> dict[str, Any]:
    """The state and the suggestions as ``--json`` prints them, with ``note`` when the exact
    search gave way (as the web's answer has it)."""
    player = suggested.player
    answer = state.to_json(suggested.ranked, player.strategy.name, player.options)
    if suggested.gave_way is not None:
        answer["note"] = suggested.gave_way.message("--time")
    return answer
