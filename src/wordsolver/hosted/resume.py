"""Hosted games to :class:`SavedGame` and back: feedback is never saved, it is replayed."""

from __future__ import annotations

from wordsolver.errors import WordsolverError
from wordsolver.games import Game
from wordsolver.hosted.duel import Duel
from wordsolver.hosted.host import HostedGame
from wordsolver.hosted.saves import SavedGame, SaveError, lists_digest
from wordsolver.strategies import Player

SOLO, VERSUS = "solo", "versus"


def save_solo(hosted: HostedGame, player: Player) -> SavedGame:
    """A solo game as saved."""
    return SavedGame(
        mode=SOLO,
        game=hosted.game.name,
        lists=lists_digest(hosted.game),
        strategy=player.strategy.name,
        hard=hosted.hard,
        secret=hosted.secret_word,
        guesses=tuple(hosted.guesses),
    )


def save_duel(duel: Duel) -> SavedGame:
    """A duel as saved: your side, then the computer's."""
    return SavedGame(
        mode=VERSUS,
        game=duel.human.game.name,
        lists=lists_digest(duel.human.game),
        strategy=duel.player.strategy.name,
        hard=duel.human.hard,
        secret=duel.human.secret_word,
        guesses=tuple(duel.human.guesses),
        opponent_secret=duel.computer.secret_word,
        opponent_guesses=tuple(duel.computer.guesses),
    )


def restore_solo(saved: SavedGame, player: Player) -> HostedGame:
    """The solo game a save describes, its guesses replayed."""
    _check(saved, SOLO, player.matrix.game)
    hosted = HostedGame(
        player.matrix, _secret_id(player.matrix.game, saved.secret), hard=saved.hard
    )
    _replay(hosted, saved.guesses)
    return hosted


def restore_duel(saved: SavedGame, player: Player) -> Duel:
    """The duel a save describes, both sides replayed."""
    game = player.matrix.game
    _check(saved, VERSUS, game)
    if saved.opponent_secret is None:
        raise SaveError("the saved duel has no secret of yours; delete it")
    duel = Duel(player, _secret_id(game, saved.secret), _secret_id(game, saved.opponent_secret))
    _replay(duel.human, saved.guesses)
    _replay(duel.computer, saved.opponent_guesses)
    return duel


def _check(saved: SavedGame, mode: str, game: Game) -> None:
    if saved.mode != mode or saved.game != game.name:
        raise SaveError(f"the saved game is a {saved.mode} game of {saved.game}, not {game.name}")
    if saved.lists != lists_digest(game):
        raise SaveError(
            f"the saved {game.name} game was played with other word lists;"
            " give the same list options, or start a new game without `resume`",
            ("resume",),
        )


def _secret_id(game: Game, word: str) -> int:
    try:
        secret = game.secret_id(word)
    except WordsolverError:
        secret = -1
    if secret < 0:
        raise SaveError(f"the saved game's secret {word!r} is not a secret of {game.name}")
    return secret


def _replay(hosted: HostedGame, guesses: tuple[str, ...]) -> None:
    try:
        for word in guesses:
            hosted.guess(word)
    except WordsolverError as error:
        raise SaveError(f"the saved game cannot be replayed: {error}") from None
