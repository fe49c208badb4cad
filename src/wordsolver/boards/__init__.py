"""Multi-board games (Dordle, Quordle, Octordle, N boards of any colours game): the games,
the feedback text form, the state (one Session per board), strategies summed over the boards,
and the evaluation of random board sets."""

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
from wordsolver.boards.scoring import BoardRanking, BoardScorer
from wordsolver.boards.session import BoardsSession

__all__ = [
    "BOARD_GAMES",
    "MAX_BOARDS",
    "BoardGameSpec",
    "BoardRanking",
    "BoardScorer",
    "BoardSetup",
    "BoardsSession",
    "board_game_name",
    "board_game_names",
    "board_setup",
    "format_board_feedback",
    "load_board_game",
    "parse_board_feedback",
    "parse_board_history",
]
