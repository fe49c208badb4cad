"""Strategies: registry of greedy heuristics, and how they are played (hard mode, openers)."""

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
