"""A hosted game on several boards to a :class:`~wordsolver.hosted.saves.SavedGame` and back, in
the single board's save files: each board's secret and the guesses made (the feedback is never
saved, it is replayed).

>>> from wordsolver.boards.games import load_board_game
>>> from wordsolver.matrix import pattern_matrix
>>> from wordsolver.games import GameOverrides  # hosted: the answers alike
>>> game, boards = load_board_game("dordle", GameOverrides(prior="uniform"))
>>> hosted = HostedBoards(pattern_matrix(game), (0, 1))
>>> _ = hosted.guess("crane")
>>> saved = save_boards(hosted, "entropy")
>>> saved.game, saved.boards, saved.guesses
('dordle', ('aback', 'abase'), ('crane',))
>>> again = restore_boards(saved, hosted.matrix, boards)
>>> again.secrets, again.state.tries_used
((0, 1), 1)
"""

from __future__ import annotations

from wordsolver.boards.games import board_game_name
from wordsolver.boards.host import HostedBoards
from wordsolver.games import Game
from wordsolver.hosted.resume import check_saved, replay_saved, saved_secret_id
from wordsolver.hosted.saves import SavedGame, SaveError, SaveSlot, lists_digest
from wordsolver.matrix import PatternMatrix

#: The save mode of a game on several boards (``quordle-boards.json``).
BOARDS = "boards"


def boards_name(game: Game, boards: int) -> str:
    """The name a game on several boards is saved under (``quordle``, ``wordle ×3``)."""
    return board_game_name(game, boards)


def boards_slot(game: Game, boards: int) -> SaveSlot:
    """The save file of ``boards`` boards of ``game`` (its tries the whole game's)."""
    return SaveSlot.for_game(game, BOARDS, boards_name(game, boards))


def save_boards(hosted: HostedBoards, strategy: str) -> SavedGame:
    """The game as saved after each move."""
    game = hosted.matrix.game
    secrets = tuple(hosted.secret_words)
    return SavedGame(
        mode=BOARDS,
        game=boards_name(game, len(secrets)),
        lists=lists_digest(game),
        strategy=strategy,
        hard=False,
        secret=secrets[0],
        guesses=tuple(hosted.state.guesses),
        boards=secrets,
    )


def restore_boards(saved: SavedGame, matrix: PatternMatrix, boards: int) -> HostedBoards:
    """The game a save describes, its guesses replayed; SaveError when the save is of another
    game, board count or word lists, or its secrets or guesses no longer fit."""
    game = matrix.game
    check_saved(saved, BOARDS, game, boards_name(game, boards))
    if len(saved.boards) != boards:
        raise SaveError(
            f"the saved game has {len(saved.boards)} board secrets for {boards} boards; delete it"
        )
    hosted = HostedBoards(matrix, tuple(saved_secret_id(game, word) for word in saved.boards))
    replay_saved(hosted.guess, saved.guesses)
    return hosted
