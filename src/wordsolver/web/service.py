"""What each endpoint asks of the library, as plain functions run in the lanes' workers.

Every function takes the validated request and the request's :class:`Deadline`, calls the
library, and returns JSON values in the schema of the matching ``--json`` output. Pattern
matrices of built-in games and the hand solver's index are built on first use and kept for the
life of the process (the server's, or a lane's child); a lock keeps two threads from building
the same matrix at once.
"""

from __future__ import annotations

import functools
import threading
from typing import Any

from wordsolver.anagram import (
    DICTIONARIES,
    LETTER_VALUES,
    LengthRange,
    LetterIndex,
    cached_index,
    find_letter_values,
    load_dictionary,
    parse_hand,
    solve_hand,
)
from wordsolver.evaluation import evaluate
from wordsolver.fallout import read_screen, read_screenshot
from wordsolver.games import GAMES, GameOverrides, find_game
from wordsolver.games.registry import find_spec
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.search import SearchLimit
from wordsolver.session import Session
from wordsolver.strategies import STRATEGIES, Player, PlayOptions, Strategy, find_strategy
from wordsolver.strategies.optimal import Optimal
from wordsolver.web.limits import Deadline
from wordsolver.web.models import (
    AlphabetInfo,
    Catalogue,
    EvaluateRequest,
    FeedbackFormInfo,
    GameInfo,
    HandInfo,
    HandRequest,
    ListSetInfo,
    PlayRequest,
    ScreenRequest,
    StrategyInfo,
    SuggestRequest,
)


def catalogue(time_limit: float) -> Catalogue:
    """The built-in games and strategies (nothing is loaded: the page gets this at once)."""
    games = [
        GameInfo(
            name=spec.name,
            aliases=list(spec.aliases),
            description=spec.description,
            rule=spec.rule.name,
            feedback=FeedbackFormInfo.model_validate(spec.rule.form.to_json()),
            alphabet=AlphabetInfo(
                name=spec.alphabet.name,
                letters=spec.alphabet.letters,
                folds=dict(spec.alphabet.folds),
            ),
            length=spec.length,
            max_tries=spec.max_tries,
            distinct_letters=spec.distinct_letters,
            needs_words=spec.needs_words,
            lists=[ListSetInfo(name=ls.name, description=ls.description) for ls in spec.lists],
        )
        for spec in GAMES
    ]
    strategies = [
        StrategyInfo(name=name, description=cls.description, score_label=cls.score_label)
        for name, cls in STRATEGIES.items()
    ]
    hand = HandInfo(dictionaries=list(DICTIONARIES), scores=list(LETTER_VALUES))
    return Catalogue(games=games, strategies=strategies, hand=hand, time_limit=time_limit)


#: Suggestions over a matrix of more cells than this take long enough (Tonguess 4 has 640
#: million) to be kept off the quick lane, with those whose matrix is not loaded yet.
QUICK_CELLS = 50_000_000

#: Matrices of built-in games by (canonical name, list set), loaded once per process and kept.
_MATRICES: dict[tuple[str, str], PatternMatrix] = {}
_LOADING = threading.Lock()


def _matrix_key(request: PlayRequest) -> tuple[str, str]:
    """The canonical game name and list set of a request for a built-in game."""
    spec = find_spec(request.game)
    return spec.name, spec.list_set(request.lists).name


def _builtin_matrix(name: str, lists: str) -> PatternMatrix:
    """The matrix of a built-in game and list set (built or loaded once, by one thread,
    however many ask at the same time)."""
    matrix = _MATRICES.get((name, lists))
    if matrix is None:
        with _LOADING:
            matrix = _MATRICES.get((name, lists))
            if matrix is None:
                matrix = pattern_matrix(find_game(name, GameOverrides(lists=lists)))
                _MATRICES[name, lists] = matrix
    return matrix


def is_quick(request: PlayRequest) -> bool:
    """Whether a suggestion for the request takes milliseconds: its matrix is small and ready
    (given words are at most a few hundred, their matrix is built in no time)."""
    if request.words is not None:
        return True
    matrix = _MATRICES.get(_matrix_key(request))
    return matrix is not None and matrix.values.size <= QUICK_CELLS


def game_matrix(request: PlayRequest) -> PatternMatrix:
    """The matrix of the request's game: cached for a built-in game, built anew for given words.

    Matrices of given words are small and differ per request, so they skip the disk cache.
    """
    if request.words is None:
        return _builtin_matrix(*_matrix_key(request))
    game = find_game(request.game, GameOverrides(words=tuple(request.words)))
    return pattern_matrix(game, use_cache=False)


def player_for(request: PlayRequest, deadline: Deadline, openers: tuple[str, ...] = ()) -> Player:
    """The request's strategy bound to its game; the exact search gets the time left."""
    matrix = game_matrix(request)
    strategy: Strategy = find_strategy(request.strategy, seed=request.seed)
    if isinstance(strategy, Optimal):
        strategy = Optimal(SearchLimit(seconds=deadline.remaining()))
    options = PlayOptions(hard=request.hard, guess_from=request.guess_from, openers=openers)
    return Player(matrix, strategy, options)


def needs_search(request: PlayRequest) -> bool:
    """Whether the request's strategy is the exact search, which may run to the time limit."""
    return isinstance(find_strategy(request.strategy, seed=request.seed), Optimal)


def suggest(request: SuggestRequest, deadline: Deadline) -> dict[str, Any]:
    """Replay the history and rank the next guesses (``wordsolver solve --json``)."""
    player = player_for(request, deadline)
    state = Session(player.matrix)
    state.replay((move.guess, move.feedback) for move in request.history)
    return state.to_json(player, state.suggest(player, top=request.top))


def evaluate_strategy(request: EvaluateRequest, deadline: Deadline) -> dict[str, Any]:
    """Play every secret with one strategy; stops at the deadline (``evaluate --json``)."""
    player = player_for(request, deadline, tuple(request.openers))
    return evaluate(player, progress=deadline.check).to_json()


@functools.cache
def _hand_index(dictionary: str) -> LetterIndex:
    """The letter-count index of a dictionary named in :data:`DICTIONARIES`."""
    return cached_index(load_dictionary(dictionary))


def hand_words(request: HandRequest, deadline: Deadline) -> dict[str, Any]:
    """Every word the hand spells, best first, with the count of all of them."""
    hand = parse_hand(request.letters)
    values = find_letter_values(request.score)
    lengths = LengthRange(request.shortest, request.longest)
    result = solve_hand(_hand_index(request.dictionary), hand, values, lengths)
    matches = [
        {"word": m.word, "score": m.score, "length": m.length, "wildcards": list(m.wildcards)}
        for m in result.matches(request.top)
    ]
    return {
        "hand": str(hand),
        "total": len(result),
        "scored": values.scores_anything,
        "matches": matches,
    }


def screen_text(request: ScreenRequest, deadline: Deadline) -> dict[str, Any]:
    """The words and bracket pairs of a pasted terminal screen."""
    return read_screen(request.text, request.length).to_json()


def screen_image(data: bytes, length: int | None, deadline: Deadline) -> dict[str, Any]:
    """The same from a screenshot, read by OCR (needs the ``ocr`` extra and Tesseract), which is
    stopped at the deadline."""
    return read_screen(read_screenshot(data, deadline.remaining()), length).to_json()
