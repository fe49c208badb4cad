"""wordsolver: play word-guessing games well and explain the play.

The public API: games found by name, word lists, the pattern matrix, strategies and evaluation.
"""

__version__ = "0.1.0"
