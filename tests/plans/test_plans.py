"""The composer the faces share: time limits and the fallback of suggestions, the tree builder a
strategy gets, and the adversarial games' dispatch, called directly."""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest

import wordsolver
from wordsolver.api import game as front_game
from wordsolver.api import suggest as front_suggest
from wordsolver.api import tree as front_tree
from wordsolver.errors import OptionError
from wordsolver.evaluation import evaluate
from wordsolver.games import GameOverrides, find_game
from wordsolver.hosted.absurdle import AdversarialGame, replay_guesses
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.plans import (
    FALLBACK,
    GaveWay,
    TreePlan,
    bounded_strategy,
    check_adversary,
    check_weights,
    finished_proof,
    forced_win_answer,
    plays_the_proof,
    proof_plays,
    proven_evaluation,
    proven_start,
    search_forced_win,
    suggest_now,
)
from wordsolver.search import INFEASIBLE, UNLIMITED_TRIES, OptimalSearch, SearchLimit
from wordsolver.search.base import SearchInterrupted
from wordsolver.session import Session
from wordsolver.strategies import STRATEGIES, Player, PlayOptions, find_strategy
from wordsolver.tree import check_tree
from wordsolver.tree.storage import tree_document
from wordsolver.weights import SecretWeights

WORDS = ("crane", "slate", "trace", "crate", "grate", "irate", "plate", "shore", "store")


@pytest.fixture(scope="module")
def small() -> PatternMatrix:
    return pattern_matrix(find_game("wordle", GameOverrides(words=WORDS)), use_cache=False)


@pytest.fixture(scope="module")
def mastermind() -> PatternMatrix:
    """1,296 secrets: the exact search needs far more than a tenth of a second."""
    return pattern_matrix(find_game("mastermind"))


def test_only_a_strategy_that_needs_a_time_limit_is_bounded() -> None:
    for name, cls in STRATEGIES.items():
        bounded = bounded_strategy(name, seconds=2.5)
        assert type(bounded) is cls  # optimal-within stays itself, not plain optimal
        assert bounded.time_limit == (2.5 if cls.needs_time_limit else None)
    assert {name for name, cls in STRATEGIES.items() if cls.needs_time_limit} == {
        "optimal",
        "optimal-within",
    }
    assert bounded_strategy("optimal").time_limit is None  # None: no limit


def test_an_exact_search_that_finishes_ranks_the_suggestions(small: PatternMatrix) -> None:
    state = Session(small)
    player = Player(small, bounded_strategy("optimal", seconds=30), PlayOptions())
    suggested = suggest_now(state, player, top=3)
    assert suggested.gave_way is None and suggested.player is player
    assert suggested.ranked == state.suggest(player, top=3)


def test_an_exact_search_out_of_time_gives_way_to_entropy(mastermind: PatternMatrix) -> None:
    state = Session(mastermind)
    player = Player(mastermind, bounded_strategy("optimal", seconds=0.05), PlayOptions())
    suggested = suggest_now(state, player, top=3)
    assert suggested.gave_way == GaveWay(candidates=1296, seconds=0.05)
    assert suggested.player.strategy.name == FALLBACK
    assert suggested.player.options == player.options
    entropy = Player(mastermind, find_strategy(FALLBACK), player.options)
    assert suggested.ranked == state.suggest(entropy, top=3)
    assert suggested.gave_way.message("--time") == (
        "the exact search did not finish within 0.05 s (--time): ranked by entropy instead"
    )


def test_a_whole_games_start_is_ranked_by_the_proof_of_its_first_guesses() -> None:
    """Mastermind of 3 pegs and 5 colours (125 secrets, past the small search): the proof of
    the best first guesses ranks the start, with the values the readable search gives them."""
    matrix = pattern_matrix(find_game("mastermind", GameOverrides(length=3, alphabet="abcde")))
    state = Session(matrix)
    player = Player(matrix, bounded_strategy("optimal", seconds=60), PlayOptions())
    suggested = suggest_now(state, player, top=3)
    assert suggested.gave_way is None
    assert [r.word for r in suggested.ranked] == ["abc", "abd", "abe"]  # one class, alike
    assert suggested.ranked[0].score == pytest.approx(451 / 125)  # prove's own example
    search, everything = OptimalSearch(matrix), np.arange(len(matrix.game.secrets))
    tries = matrix.game.max_tries or UNLIMITED_TRIES
    assert search.solve(everything, tries, everything, INFEASIBLE).lower == 451  # none better
    for ranked in suggested.ranked:
        value = search.try_guess(everything, tries, everything, ranked.row, INFEASIBLE)
        assert value.exact and value.lower == 451
    within = Player(matrix, bounded_strategy("optimal-within", seconds=60), PlayOptions())
    assert proven_start(state, within, 3) is None  # its choice is not the proof's
    state.push("abc", "1-0")
    assert proven_start(state, player, 3) is None  # no longer the start


def test_a_whole_games_evaluation_plays_the_proven_tree() -> None:
    """Mastermind 3×5 evaluated on the proof's tree: the value the search playing each turn
    finds, in a tree that checks as a saved one does."""
    matrix = pattern_matrix(find_game("mastermind", GameOverrides(length=3, alphabet="abcde")))
    player = Player(matrix, bounded_strategy("optimal", seconds=60), PlayOptions())
    assert plays_the_proof(player)
    told: list[int] = []
    proven = proven_evaluation(player, progress=told.append)
    assert proven is not None and proven.tree is not None and proven.tree.proven
    assert proven.guesses.sum() == 451 and told == [125]
    assert proven.options == PlayOptions().describe()  # no opener handed in shows
    played = evaluate(player)  # each turn searched: slower, the same value
    assert played.guesses.sum() == 451 and played.worst == proven.worst
    check_tree(proven.tree, tree_document(proven.tree))
    sampled = proven_evaluation(player, np.array([3, 70, 124]))
    assert sampled is not None and sampled.total == 3
    assert list(sampled.guesses) == [proven.guesses[k] for k in (3, 70, 124)]
    for opener in (PlayOptions(openers=("abc",)), PlayOptions(guess_from="candidates")):
        assert not plays_the_proof(Player(matrix, player.strategy, opener))
    assert not plays_the_proof(Player(matrix, find_strategy("optimal-within"), PlayOptions()))
    small_game = Player(
        pattern_matrix(find_game("wordle", GameOverrides(words=WORDS)), use_cache=False),
        player.strategy,
        PlayOptions(),
    )
    assert not plays_the_proof(small_game)  # the small search settles it whole


def test_an_evaluation_stops_at_the_proofs_time_limit(mastermind: PatternMatrix) -> None:
    player = Player(mastermind, bounded_strategy("optimal", seconds=0.05), PlayOptions())
    with pytest.raises(SearchInterrupted, match="ran out of time"):
        proven_evaluation(player)


def test_a_first_turn_not_held_cannot_be_searched() -> None:
    assert GaveWay(candidates=14855).message("--time") == (
        "the exact search cannot weigh all 14855 possible words of the first turn:"
        " ranked by entropy instead"
    )


def test_a_greedy_strategy_never_gives_way(mastermind: PatternMatrix) -> None:
    state = Session(mastermind)
    player = Player(mastermind, bounded_strategy("minimax", seconds=0.0), PlayOptions())
    suggested = suggest_now(state, player, top=2)
    assert suggested.gave_way is None and suggested.player.strategy.name == "minimax"


def test_optimal_within_grows_its_own_tree_where_no_tree_solves_every_secret() -> None:
    """Two tries for nine words: no tree solves them all (the proof refuses), and the most
    solved in time is optimal-within's aim, not the fewest guesses'."""
    two_tries = GameOverrides(words=WORDS, tries=2)
    matrix = pattern_matrix(find_game("wordle", two_tries), use_cache=False)
    within = bounded_strategy("optimal-within")
    plan = TreePlan(within, PlayOptions())
    assert not plan.by_proof
    tree = plan.tree(matrix)
    assert tree.strategy == "optimal-within"
    needed = tree.guesses_needed()
    played = evaluate(Player(matrix, within, PlayOptions()))
    assert int((needed <= 2).sum()) == 7 == int((played.guesses <= 2).sum())
    with pytest.raises(OptionError, match="optimal only"):
        check_adversary(find_game("absurdle"), within)


def test_a_proof_with_no_tree_in_the_tries_is_told_from_a_mistake() -> None:
    """No first guess solves nine words in two tries: no proven tree, and the search plays
    for the fewest guesses; a mistake in the request is still the user's error."""
    two_tries = find_game("wordle", GameOverrides(words=WORDS, tries=2))
    matrix = pattern_matrix(two_tries, use_cache=False)
    assert finished_proof(matrix, hard=False, seconds=60) is None
    assert (
        TreePlan(bounded_strategy("optimal"), PlayOptions()).proven_tree(matrix, complete=True)
        is None
    )
    with pytest.raises(OptionError, match="`seconds` must be"):
        finished_proof(matrix, hard=False, seconds=float("nan"))


def test_one_rule_decides_whether_the_proof_plays_the_whole_game() -> None:
    optimal, within = bounded_strategy("optimal"), bounded_strategy("optimal-within")
    assert proof_plays(optimal, PlayOptions(hard=True))
    assert proof_plays(optimal, PlayOptions(), limit=SearchLimit(seconds=5))
    assert not proof_plays(within, PlayOptions())
    assert not proof_plays(optimal, PlayOptions(), weighted=True)
    assert not proof_plays(optimal, PlayOptions(guess_from="candidates"))
    assert not proof_plays(optimal, PlayOptions(openers=("salet",)))
    for limit in (SearchLimit(nodes=10), SearchLimit(beam=3)):
        assert not proof_plays(optimal, PlayOptions(), limit=limit)
        assert not TreePlan(optimal, PlayOptions(), limit).by_proof


def test_a_greedy_strategy_grows_its_tree(small: PatternMatrix) -> None:
    plan = TreePlan(find_strategy("minimax"), PlayOptions(hard=True))
    assert not plan.by_proof
    tree = plan.tree(small)
    assert tree.strategy == "minimax" and not tree.proven
    assert tree.options == PlayOptions(hard=True).describe()
    check_tree(tree, tree_document(tree))


def test_the_exact_search_proves_the_whole_game(small: PatternMatrix) -> None:
    plan = TreePlan(bounded_strategy("optimal"), PlayOptions())
    assert plan.by_proof
    proofs: list[object] = []
    told: list[int] = []
    tree = plan.tree(small, told.append, proof_progress=proofs.append)
    assert tree.strategy == "optimal" and tree.proven and proofs  # the proof told its progress
    assert sum(told) == len(small.game.secrets)  # a bar of secrets is full too
    assert tree.guesses_needed().sum() == plan.grown_tree(small).guesses_needed().sum()


@pytest.mark.parametrize(
    ("options", "limit"),
    [
        (PlayOptions(openers=("slate",)), SearchLimit()),
        (PlayOptions(guess_from="candidates"), SearchLimit()),
        (PlayOptions(), SearchLimit(beam=3)),
    ],
)
def test_the_exact_search_builds_a_tree_past_an_opener_or_a_budget(
    small: PatternMatrix, options: PlayOptions, limit: SearchLimit
) -> None:
    plan = TreePlan(bounded_strategy("optimal"), options, limit)
    assert not plan.by_proof and plan.proven_tree(small) is None
    tree = plan.tree(small)
    assert tree.strategy == "optimal" and tree.options == options.describe()
    if options.openers:
        assert small.game.guesses.words[tree.root.guess] == "slate"


def test_weights_are_for_the_exact_search_only(small: PatternMatrix) -> None:
    game = small.game
    weights = SecretWeights("given", game.probabilities)
    with pytest.raises(OptionError, match="`weights` needs `strategy` optimal"):
        TreePlan(find_strategy("entropy"), PlayOptions(), weights=weights)
    with pytest.raises(OptionError):
        check_weights(find_strategy("random"))
    plan = TreePlan(bounded_strategy("optimal"), PlayOptions(), weights=weights)
    assert not plan.by_proof  # weighed secrets: the proof counts them alike
    assert plan.tree(small).options["weights"] == "given"


def test_an_adversarial_game_is_solved_by_the_exact_search_only() -> None:
    absurdle, wordle = find_game("absurdle"), find_game("wordle")
    with pytest.raises(OptionError, match="absurdle is solved by `strategy` optimal only"):
        check_adversary(absurdle, find_strategy("entropy"))
    check_adversary(absurdle, find_strategy("optimal"))
    check_adversary(wordle, find_strategy("entropy"))  # not adversarial: any strategy


def test_the_forced_win_is_answered_as_the_adversary_answers() -> None:
    game = find_game("absurdle", GameOverrides(words=WORDS))
    hosted = replay_guesses(pattern_matrix(game, use_cache=False), ["crane"])
    win = search_forced_win(hosted)
    answer = forced_win_answer(hosted, win)
    assert answer["history"] == ["crane"] and answer["shortest_win"] == win.length
    assert answer["guesses"] == list(win.guesses) and "first_guesses" not in answer
    replay = AdversarialGame(hosted.matrix)
    for guess in ["crane", *win.guesses]:
        step = replay.guess(guess)
    assert replay.won and game.format_pattern(step.pattern) == answer["answers"][-1]
    every_first = search_forced_win(hosted, every_first=True)
    every = forced_win_answer(hosted, every_first, every_first=True)
    assert every["first_guess_count"] == len(every["first_guesses"]) >= 1
    assert answer["guesses"][0] in every["first_guesses"]


def test_the_front_door_gives_way_with_a_warning(mastermind: PatternMatrix) -> None:
    played = front_game("mastermind")
    with pytest.warns(UserWarning, match=r"did not finish within 0\.05 s \(seconds\)"):
        suggestions = front_suggest(played, strategy="exact", top=3, seconds=0.05)
    assert suggestions.strategy == "entropy"
    assert list(suggestions) == Session(mastermind).suggest("entropy", top=3)
    assert front_suggest(played, strategy="minimax", top=1).strategy == "minimax"


def test_the_front_door_builds_trees_by_the_plan() -> None:
    played = front_game("wordle", words=WORDS)
    optimal = front_tree(played, "optimal")
    assert optimal.proven and optimal.options == PlayOptions().describe()
    assert not front_tree(played, "entropy").proven


def test_no_code_outside_the_strategies_asks_a_strategy_its_class() -> None:
    """What a strategy can do is read from its class's capabilities, not from its type."""
    package = Path(wordsolver.__file__).parent
    classes = {cls.__name__ for cls in STRATEGIES.values()}
    asked = []
    for path in sorted(package.rglob("*.py")):
        if path.parent.name == "strategies":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("isinstance", "issubclass")
                and len(node.args) == 2
            ):
                names = {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)}
                if names & classes:
                    asked.append(f"{path.relative_to(package)}:{node.lineno}")
    assert asked == []
