"""Games: feedback rules and their parameters (rules only: no search, no printing)."""

from wordsolver.games.bulls_cows import BullsCowsRule
from wordsolver.games.catalogue import GAMES
from wordsolver.games.colours import ColoursRule
from wordsolver.games.form import Count, FeedbackForm, Mark
from wordsolver.games.game import Game, all_strings, make_game
from wordsolver.games.jotto import JottoRule
from wordsolver.games.likeness import LikenessRule
from wordsolver.games.overrides import GameOverrides
from wordsolver.games.registry import find_game, game_names, known_answers, list_sizes
from wordsolver.games.rule import FeedbackRule
from wordsolver.games.rules import RULES, find_rule
from wordsolver.games.specs import GameSpec, ListSet, ListSizes, PriorSpec

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
    "PriorSpec",
    "all_strings",
    "find_game",
    "find_rule",
    "game_names",
    "known_answers",
    "list_sizes",
    "make_game",
]
