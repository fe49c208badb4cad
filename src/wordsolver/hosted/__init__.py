"""Games the program hosts: it picks a secret and scores your guesses (``wordsolver play``),
duels you (each hides a word for the other), or answers adversarially with no secret at all
(Absurdle); saves of games in progress, and the review of a finished game beside the solver's
play, with its share text (the emoji grid)."""

from wordsolver.hosted.absurdle import AdversarialGame, replay_guesses
from wordsolver.hosted.duel import Duel, Outcome
from wordsolver.hosted.host import HostedGame, solver_path, solver_turn
from wordsolver.hosted.picking import daily_secret, hardest_secret, random_secret
from wordsolver.hosted.review import ReviewRow, review
from wordsolver.hosted.share import share_row, share_text

__all__ = [
    "AdversarialGame",
    "Duel",
    "HostedGame",
    "Outcome",
    "ReviewRow",
    "daily_secret",
    "hardest_secret",
    "random_secret",
    "replay_guesses",
    "review",
    "share_row",
    "share_text",
    "solver_path",
    "solver_turn",
]
