"""Multi-board games (Dordle, Quordle, Octordle, N boards of any colours game): the games,
the feedback text form, the state (one Session per board), the scorer (a strategy's shortlist
ranked by the guesses still needed to finish every board), saves, and the evaluation of random
board sets."""

from typing import TYPE_CHECKING

from wordsolver.plumbing.lazy import exports

if TYPE_CHECKING:
    from wordsolver.boards.feedback import (
        format_board_feedback,
        parse_board_feedback,
        parse_board_history,
    )
    from wordsolver.boards.games import (
        BOARD_GAMES,
        MAX_BOARDS,
        BoardGameSpec,
        BoardSetup,
        board_game_name,
        board_game_names,
        board_setup,
        load_board_game,
    )
    from wordsolver.boards.scoring import BoardRanking, BoardScorer, FinishOptions
    from wordsolver.boards.session import BoardsSession

#: Public name -> the module that defines it, imported on first use (``games`` lists the board
#: games without loading the boards' state and strategies).
_PARTS = {
    "BOARD_GAMES": "wordsolver.boards.games",
    "MAX_BOARDS": "wordsolver.boards.games",
    "BoardGameSpec": "wordsolver.boards.games",
    "BoardRanking": "wordsolver.boards.scoring",
    "BoardScorer": "wordsolver.boards.scoring",
    "BoardSetup": "wordsolver.boards.games",
    "BoardsSession": "wordsolver.boards.session",
    "FinishOptions": "wordsolver.boards.scoring",
    "board_game_name": "wordsolver.boards.games",
    "board_game_names": "wordsolver.boards.games",
    "board_setup": "wordsolver.boards.games",
    "format_board_feedback": "wordsolver.boards.feedback",
    "load_board_game": "wordsolver.boards.games",
    "parse_board_feedback": "wordsolver.boards.feedback",
    "parse_board_history": "wordsolver.boards.feedback",
}
__getattr__ = exports(__name__, _PARTS)

__all__ = [
    "BOARD_GAMES",
    "MAX_BOARDS",
    "BoardGameSpec",
    "BoardRanking",
    "BoardScorer",
    "BoardSetup",
    "BoardsSession",
    "FinishOptions",
    "board_game_name",
    "board_game_names",
    "board_setup",
    "format_board_feedback",
    "load_board_game",
    "parse_board_feedback",
    "parse_board_history",
]
