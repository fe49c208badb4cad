"""Games the program hosts: it picks a secret and scores your guesses (``wordsolver play``), or
duels you (each hides a word for the other); saves of games in progress, and the review of a
finished game beside the solver's play, and its share text (the emoji grid)."""

from wordsolver.hosted.duel import Duel, Outcome
from wordsolver.hosted.host import HostedGame, solver_path, solver_turn
from wordsolver.hosted.picking import daily_secret, hardest_secret, random_secret
from wordsolver.hosted.review import ReviewRow, review
from wordsolver.hosted.share import share_row, share_text

__all__ = [
    "Duel",
    "HostedGame",
    "Outcome",
    "ReviewRow",
    "daily_secret",
    "hardest_secret",
    "random_secret",
    "review",
    "share_row",
    "share_text",
    "solver_path",
    "solver_turn",
]
