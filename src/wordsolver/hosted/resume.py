"""Hosted games to :class:`SavedGame` and back: feedback is never saved, it is replayed."""

from __future__ import annotations

from collections.abc import Callable

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
    check_saved(saved, SOLO, player.matrix.game)
    hosted = HostedGame(
        player.matrix, saved_secret_id(player.matrix.game, saved.secret), hard=saved.hard
    )
    replay_saved(hosted.guess, saved.guesses)
    return hosted


def restore_duel(saved: SavedGame, player: Player) -> Duel:
    """The duel a save describes, both sides replayed."""
    game = player.matrix.game
    check_saved(saved, VERSUS, game)
    if saved.opponent_secret is None:
        raise SaveError("the saved duel has no secret of yours; delete it")
    duel = Duel(
        player, saved_secret_id(game, saved.secret), saved_secret_id(game, saved.opponent_secret)
    )
    replay_saved(duel.human.guess, saved.guesses)
    replay_saved(duel.computer.guess, saved.opponent_guesses)
    return duel


def check_saved(saved: SavedGame, mode: str, game: Game, name: str | None = None) -> None:
    """SaveError unless ``saved`` is a ``mode`` game of ``game`` (named ``name`` when it is
    played on several boards) with the same word lists."""
    name = name or game.name
    if saved.mode != mode or saved.game != name:
        raise SaveError(f"the saved game is a {saved.mode} game of {saved.game}, not {name}")
    if saved.lists != lists_digest(game):
        raise SaveError(
            f"the saved {name} game was played with other word lists;"
            " give the same list options, or start a new game without `resume`",
            ("resume",),
        )


def saved_secret_id(game: Game, word: str) -> int:
    """The secret id of a saved secret; SaveError when it is not a secret of ``game``."""
    try:
        secret = game.secret_id(word)
    except WordsolverError:
        secret = -1
    if secret < 0:
        raise SaveError(f"the saved game's secret {word!r} is not a secret of {game.name}")
    return secret


def replay_saved(play: Callable[[str], object], guesses: tuple[str, ...]) -> None:
    """Play the saved guesses again; SaveError when one no longer fits."""
    try:
        for word in guesses:
            play(word)
    except WordsolverError as error:
        raise SaveError(f"the saved game cannot be replayed: {error}") from None
