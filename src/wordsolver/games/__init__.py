"""Games: feedback rules and their parameters (rules only: no search, no printing)."""

from wordsolver.games.bulls_cows import BullsCowsRule
from wordsolver.games.colours import ColoursRule
from wordsolver.games.game import Game, all_strings, make_game
from wordsolver.games.likeness import LikenessRule
from wordsolver.games.registry import (
    GAMES,
    GameOverrides,
    GameSpec,
    ListSet,
    ListSizes,
    find_game,
    game_names,
    list_sizes,
)
from wordsolver.games.rule import FeedbackRule

__all__ = [
    "GAMES",
    "BullsCowsRule",
    "ColoursRule",
    "FeedbackRule",
    "Game",
    "GameOverrides",
    "GameSpec",
    "LikenessRule",
    "ListSet",
    "ListSizes",
    "all_strings",
    "find_game",
    "game_names",
    "list_sizes",
    "make_game",
]
