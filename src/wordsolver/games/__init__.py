"""Games: feedback rules and their parameters (rules only: no search, no printing)."""

from wordsolver.games.bulls_cows import BullsCowsRule
from wordsolver.games.colours import ColoursRule
from wordsolver.games.form import Count, FeedbackForm, Mark
from wordsolver.games.game import Game, all_strings, make_game
from wordsolver.games.jotto import JottoRule
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
from wordsolver.games.rules import RULES, find_rule

__all__ = [
    "GAMES",
    "RULES",
    "BullsCowsRule",
    "ColoursRule",
    "Count",
    "FeedbackForm",
    "FeedbackRule",
    "Game",
    "GameOverrides",
    "GameSpec",
    "JottoRule",
    "LikenessRule",
    "ListSet",
    "ListSizes",
    "Mark",
    "all_strings",
    "find_game",
    "find_rule",
    "game_names",
    "list_sizes",
    "make_game",
]
