"""Strategies: registry of greedy heuristics and exact play, and how they are played (hard mode,
openers).

Floors: strategies stand on :mod:`wordsolver.search` (the exact ones are thin adapters over its
engines) and never import :mod:`wordsolver.tree`, which stands on them.
"""

from wordsolver.strategies.base import Position, RankedGuess, Strategy
from wordsolver.strategies.player import Player, PlayOptions, consistent_after
from wordsolver.strategies.registry import STRATEGIES, find_strategy, strategy_names

__all__ = [
    "STRATEGIES",
    "PlayOptions",
    "Player",
    "Position",
    "RankedGuess",
    "Strategy",
    "consistent_after",
    "find_strategy",
    "strategy_names",
]
