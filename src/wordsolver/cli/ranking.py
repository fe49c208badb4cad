"""The position after ``--history`` and the suggestions from there, for ``suggest`` and ``solve``
(a module of its own so that ``suggest`` starts without the terminal programs)."""

from __future__ import annotations

from wordsolver.cli.base import warn
from wordsolver.cli.progress import pattern_table, time_bar
from wordsolver.games import Game
from wordsolver.search.exact import SearchInterrupted, SearchLimit
from wordsolver.session import Session, parse_history
from wordsolver.strategies import Player, PlayOptions, RankedGuess, find_strategy
from wordsolver.strategies.optimal import Optimal


def replayed(
    game: Game, history: str, strategy: str, seed: int, options: PlayOptions, seconds: float
) -> tuple[Session, Player]:
    """The session after ``--history``, and the player that suggests from there (an exact
    search bounded by ``seconds``)."""
    state = Session(pattern_table(game))
    state.replay(parse_history(history))
    chosen = find_strategy(strategy, seed=seed)
    if isinstance(chosen, Optimal):
        chosen = type(chosen)(SearchLimit(seconds=seconds))
    return state, Player(state.matrix, chosen, options)


def ranked_now(player: Player, state: Session, top: int) -> tuple[Player, list[RankedGuess]]:
    """The suggestions now, and the player that ranked them: an exact search shows a bar over
    its time bound, and one that runs out of it gives way to entropy, with a warning."""
    if not isinstance(player.strategy, Optimal):
        return player, state.suggest(player, top=top)
    with time_bar("exact search", player.strategy.limit.seconds or 0.0):
        try:
            return player, state.suggest(player, top=top)
        except SearchInterrupted:
            pass
    warn(
        f"the exact search did not finish within {player.strategy.limit.seconds:g} s"
        " (--time): ranked by entropy instead"
    )
    fallback = Player(player.matrix, find_strategy("entropy"), player.options)
    return fallback, state.suggest(fallback, top=top)
