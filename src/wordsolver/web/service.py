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

import numpy as np

from wordsolver.against import evaluate_play
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
from wordsolver.errors import InvalidPatternError, OptionError
from wordsolver.evaluation import evaluate
from wordsolver.fallout import read_photo, read_screen, read_screenshot
from wordsolver.first_turn import first_turn_stats
from wordsolver.first_turn import table_key as first_turn_key
from wordsolver.games import GAMES, GameOverrides, find_game
from wordsolver.games.registry import find_spec
from wordsolver.hosted.absurdle import feedback_refused, replay_guesses
from wordsolver.lexicon import prior_header
from wordsolver.matrix import (
    BuildProgress,
    PatternMatrix,
    StreamedMatrix,
    matrix_key,
    pattern_matrix,
    should_stream,
)
from wordsolver.plans import bounded_strategy, suggest_now
from wordsolver.plumbing.progress import Progress
from wordsolver.session import Session
from wordsolver.strategies import (
    STRATEGIES,
    Player,
    PlayOptions,
    Position,
    Strategy,
    find_strategy,
)
from wordsolver.strategies.finish import LOOKED_AT, expected_to_finish
from wordsolver.web.limits import Deadline
from wordsolver.web.models import (
    AbsurdleRequest,
    AlphabetInfo,
    Catalogue,
    EvaluateRequest,
    FeedbackFormInfo,
    GameInfo,
    HandInfo,
    HandRequest,
    ListSetInfo,
    PlayRequest,
    PriorInfo,
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
            lists=[
                ListSetInfo(name=ls.name, description=ls.description, prior=ls.prior)
                for ls in spec.lists
            ],
            priors=[
                PriorInfo(
                    name=prior.name,
                    description=prior.description,
                    sources=None if prior.file is None else prior_header(prior.file),
                )
                for prior in spec.priors
            ],
            adversarial=spec.adversarial,
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

#: A built-in game's table: its canonical name, list set and prior.
TableKey = tuple[str, str, str]
#: Matrices of built-in games by :data:`TableKey`, loaded once per process and kept (a game
#: played streamed keeps only its game, its first turn counted and kept on disk: see
#: :func:`wordsolver.session.game_matrix` and :mod:`wordsolver.first_turn`).
_MATRICES: dict[TableKey, PatternMatrix] = {}
_LOADING = threading.Lock()
#: The prior of the endpoints that do not play the request's (hosting, openers, trees,
#: boards): the list set's answers alike.
UNIFORM = "uniform"


def table_key(game: str, lists: str | None, prior: str | None = UNIFORM) -> TableKey:
    """The canonical name, list set (None: the default) and prior (None: the list set's own)
    of a built-in game (unknown names: UnknownNameError)."""
    spec = find_spec(game)
    chosen = spec.list_set(lists)
    return spec.name, chosen.name, spec.prior_spec(prior or chosen.prior).name


def request_table(request: PlayRequest, *, priors: bool = False) -> TableKey:
    """The table a request for a built-in game plays: under the request's prior when the
    endpoint plays priors (suggestions, explanations, evaluations, reviews), else uniform."""
    return table_key(request.game, request.lists, request.prior if priors else UNIFORM)


def load_matrix(key: TableKey, progress: BuildProgress | None = None) -> PatternMatrix:
    """Load (or build, telling ``progress`` the work done of the total) the matrix of a
    built-in game's table into the kept ones, unless it is there already.

    A game played streamed holds no table: what is prepared is its first turn (how every guess
    splits every secret, counted once and kept on disk), which its first suggestion needs."""
    with _LOADING:
        matrix = _MATRICES.get(key)
        if matrix is None:
            name, lists, prior = key
            game = find_game(name, GameOverrides(lists=lists, prior=prior))
            if should_stream(game):
                matrix = StreamedMatrix(game)
                first_turn_stats(matrix, progress=_counted(progress, len(game.guesses)))
            else:
                matrix = pattern_matrix(game, progress=progress)
            _MATRICES[key] = matrix
    return matrix


def _counted(progress: BuildProgress | None, total: int) -> Progress | None:
    """``progress(done, total)`` told as the units of work come in."""
    if progress is None:
        return None
    done = 0

    def tell(units: int) -> None:
        nonlocal done
        done += units
        progress(done, total)

    return tell


def table_lock(key: TableKey) -> str:
    """The name of the lock file several server processes share while one of them prepares
    the table (the matrix's cells, or a streamed game's first turn)."""
    name, lists, prior = key
    game = find_game(name, GameOverrides(lists=lists, prior=prior))
    if should_stream(game):
        return f"first-turn-{first_turn_key(StreamedMatrix(game))}"
    return f"matrix-{matrix_key(game)}"


def is_loaded(key: TableKey) -> bool:
    """Whether this process holds the matrix of that table."""
    return key in _MATRICES


def builtin_matrix(
    game: str, lists: str | None = None, prior: str | None = UNIFORM
) -> PatternMatrix:
    """The matrix of a built-in game by name, list set (None: its default) and prior (None:
    the list set's own), kept once loaded (built or loaded once, by one thread, however many
    ask at the same time)."""
    key = table_key(game, lists, prior)
    matrix = _MATRICES.get(key)
    return load_matrix(key) if matrix is None else matrix


def is_quick(request: PlayRequest, *, priors: bool = False) -> bool:
    """Whether a suggestion for the request takes milliseconds: its matrix is small and ready
    (given words are at most a few hundred, their matrix is built in no time; a game played
    streamed reads its first turn from disk and splits only the words that fit after it)."""
    if request.words is not None:
        return True
    matrix = _MATRICES.get(request_table(request, priors=priors))
    return matrix is not None and (matrix.streamed or matrix.values.size <= QUICK_CELLS)


def game_matrix(request: PlayRequest, *, priors: bool = False) -> PatternMatrix:
    """The matrix of the request's game: cached for a built-in game, built anew for given words;
    under the request's prior only when the endpoint plays priors.

    Matrices of given words are small and differ per request, so they skip the disk cache.
    """
    if request.words is None:
        return builtin_matrix(*request_table(request, priors=priors))
    game = find_game(request.game, GameOverrides(words=tuple(request.words)))
    return pattern_matrix(game, use_cache=False)


#: Seconds of a suggestion's time kept for the fallback's ranking, should the exact search
#: run out of the rest (at most half the time left).
FALLBACK_RESERVE = 2.0


def player_for(
    request: PlayRequest,
    deadline: Deadline,
    openers: tuple[str, ...] = (),
    *,
    priors: bool = False,
    reserve: float = 0.0,
) -> Player:
    """The request's strategy bound to its game (under the request's prior when the endpoint
    plays priors: suggestions, explanations, evaluations); a strategy that needs a time limit
    gets the time left, less ``reserve`` seconds (at most half of it)."""
    matrix = game_matrix(request, priors=priors)
    left = deadline.remaining()
    seconds = left - min(reserve, left / 2)
    strategy = bounded_strategy(request.strategy, seed=request.seed, seconds=seconds)
    options = PlayOptions(hard=request.hard, guess_from=request.guess_from, openers=openers)
    return Player(matrix, strategy, options)


def needs_search(request: PlayRequest) -> bool:
    """Whether the request's strategy is the exact search, which may run to the time limit."""
    return find_strategy(request.strategy, seed=request.seed).needs_time_limit


#: How a suggestion's note names the limit the exact search ran out of.
TIME_LIMIT = "the server's time limit"


def suggest(request: SuggestRequest, deadline: Deadline) -> dict[str, Any]:
    """Replay the history and rank the next guesses (``wordsolver solve --json``); an exact
    search that runs out of time gives way to entropy, and ``note`` says so."""
    player = player_for(request, deadline, priors=True, reserve=FALLBACK_RESERVE)
    state = Session(player.matrix)
    state.replay((move.guess, move.feedback) for move in request.history)
    suggested = suggest_now(state, player, request.top)
    player = suggested.player
    answer = state.to_json(suggested.ranked, player.strategy.name, player.options)
    weighed = any(guess.to_finish is not None for guess in suggested.ranked)
    answer["ranks_by"] = ranks_by(suggested.player.strategy, weighed=weighed)
    if suggested.gave_way is not None:
        answer["note"] = suggested.gave_way.message(TIME_LIMIT)
    return answer


def ranks_by(strategy: Strategy, *, weighed: bool = False) -> str:
    """What a strategy's suggestions are ranked by, as the page shows it beside them;
    ``weighed``: the best few were weighed by the guesses they leave to finish."""
    told = f"{strategy.score_label}: {strategy.description}"
    return f"{told}; the best {LOOKED_AT} by the guesses to finish" if weighed else told


#: A small game that the warm-up plays through, so the compiled code it needs is loaded.
WARM_UP_WORDS = ("crane", "slate", "trace", "crate", "grate", "irate", "plate", "shore", "store")


def warm_up(deadline: Deadline) -> None:
    """Play a small game with a greedy strategy and the exact search, so that a process's first
    real request does not pay for loading (or, on a new machine, compiling) their code."""
    matrix = pattern_matrix(
        find_game("wordle", GameOverrides(words=WARM_UP_WORDS)), use_cache=False
    )
    for name in ("entropy", "optimal"):
        strategy = bounded_strategy(name, seconds=deadline.remaining())
        evaluate(Player(matrix, strategy, PlayOptions()), progress=deadline.check)
    everyone = np.arange(len(WARM_UP_WORDS), dtype=np.intp)  # and the weighing under a prior
    weighed = Position(matrix, everyone, everyone, weights=np.linspace(0.1, 0.2, len(everyone)))
    expected_to_finish(weighed, weighed.split(everyone), everyone[:1])


def evaluate_strategy(request: EvaluateRequest, deadline: Deadline) -> dict[str, Any]:
    """Play every secret with one strategy; stops at the deadline (``evaluate --json``). Under
    a prior over every accepted word the known answers are played as the assistant plays."""
    player = player_for(request, deadline, tuple(request.openers), priors=True)
    return evaluate_play(player, progress=deadline.check).to_json()


@functools.cache
def _hand_index(dictionary: str) -> LetterIndex:
    """The letter-count index of a dictionary named in :data:`DICTIONARIES`."""
    return cached_index(load_dictionary(dictionary))


#: What the hand's words are ranked by.
HAND_RANKS_BY = "score, then length, then alphabet"


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
        "ranks_by": HAND_RANKS_BY,
    }


def screen_text(request: ScreenRequest, deadline: Deadline) -> dict[str, Any]:
    """The words and bracket pairs of a pasted terminal screen."""
    return read_screen(request.text, request.length).to_json()


def screen_image(data: bytes, length: int | None, deadline: Deadline) -> dict[str, Any]:
    """The same from a screenshot, read by OCR (needs the ``ocr`` extra and Tesseract), which is
    stopped at the deadline."""
    text = read_screenshot(data, deadline.left_to_give())
    return {**read_screen(text, length).to_json(), "text": text}


def screen_photo(data: bytes, length: int | None, deadline: Deadline) -> dict[str, Any]:
    """The same from a phone photo of the screen, straightened and cleaned before the OCR."""
    return read_photo(data, length, deadline.left_to_give()).to_json()


#: How many of the words still possible an adversarial game's answer lists.
ABSURDLE_EXAMPLES = 10


def absurdle_answers(request: AbsurdleRequest, deadline: Deadline) -> dict[str, Any]:
    """The adversary's answers to the guesses (``wordsolver play absurdle``)."""
    matrix = game_matrix(request)
    game = matrix.game
    if request.feedback is not None:
        raise InvalidPatternError(feedback_refused(game.name))
    if not game.adversarial:
        raise OptionError(f"{game.name} is not an adversarial game: try absurdle")
    hosted = replay_guesses(matrix, request.guesses, hard=request.hard)
    words = hosted.state.candidate_words()
    return {
        "game": game.name,
        "moves": [
            {"guess": step.guess, "feedback": game.format_pattern(step.pattern)}
            for step in hosted.state.steps
        ],
        "candidates": len(words),
        "examples": words[:ABSURDLE_EXAMPLES],
        "won": hosted.won,
    }
