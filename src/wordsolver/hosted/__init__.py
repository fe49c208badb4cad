"""Games the program hosts: it picks a secret and scores your guesses (``wordsolver play``), or
duels you (each hides a word for the other); saves of games in progress, and the review of a
finished game beside the solver's play."""

from wordsolver.hosted.duel import Duel, Outcome
from wordsolver.hosted.host import HostedGame, solver_path, solver_turn
from wordsolver.hosted.picking import daily_secret, hardest_secret, random_secret
from wordsolver.hosted.review import ReviewRow, review

__all__ = [
    "Duel",
    "HostedGame",
    "Outcome",
    "ReviewRow",
    "daily_secret",
    "hardest_secret",
    "random_secret",
    "review",
    "solver_path",
    "solver_turn",
]
