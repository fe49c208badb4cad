"""The front door: what a Python user needs, in one or two lines each.

>>> import wordsolver
>>> game = wordsolver.game("wordle")
>>> game
<wordle: 2,315 secrets, 14,855 guesses, nyt lists>
>>> session = game.session()
>>> session.push("crane", "gy..g").n_candidates, session.candidate_words()
(3, ['chore', 'curse', 'curve'])
>>> [guess.word for guess in session.suggest("entropy", top=3)]  # each splits the others apart
['curse', 'curve']
>>> from wordsolver.api import explain  # wordsolver.explain is the module beneath
>>> explain(game, "curse", history="crane:gy..g").guess.summary()
'curse leaves 1 on average, worst 1'
>>> round(wordsolver.evaluate(game, "minimax").mean, 4)
3.5261
>>> [match.word for match in wordsolver.hand("quiz*", top=3)]
['quiz', 'quei', 'quib']

Everything here is a thin layer over the floors below (:mod:`wordsolver.games`,
:mod:`wordsolver.session`, :mod:`wordsolver.evaluation`, :mod:`wordsolver.tree`,
:mod:`wordsolver.anagram`), which remain the place for finer control.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path

from wordsolver.anagram import (
    DEFAULT_DICTIONARY,
    HandMatch,
    LengthRange,
    cached_index,
    find_letter_values,
    load_dictionary,
    parse_hand,
    solve_hand,
)
from wordsolver.evaluation import Evaluation
from wordsolver.evaluation import evaluate as evaluate_player
from wordsolver.explain import ExplainOptions, Explanation
from wordsolver.explain import explain as explain_guess
from wordsolver.games import Game, GameOverrides, find_game
from wordsolver.matrix import PatternMatrix, pattern_matrix
from wordsolver.session import Session, parse_history
from wordsolver.strategies import Player, PlayOptions, find_strategy
from wordsolver.strategies.optimal import Optimal
from wordsolver.tree import DecisionTree, grow_tree
from wordsolver.tree.optimal import optimal_tree


class LoadedGame:
    """A game and its pattern matrix (built on first use and cached on disk)."""

    def __init__(self, rules: Game) -> None:
        self.rules = rules

    def __repr__(self) -> str:
        rules = self.rules
        return (
            f"<{rules.name}: {len(rules.secrets):,} secrets, {len(rules.guesses):,} guesses,"
            f" {rules.lists} lists>"
        )

    @property
    def name(self) -> str:
        """The game's name."""
        return self.rules.name

    @cached_property
    def matrix(self) -> PatternMatrix:
        """The feedback of every allowed guess against every secret."""
        return pattern_matrix(self.rules)

    def session(self) -> Session:
        """A new game in progress: push guesses and feedback, ask for suggestions."""
        return Session(self.matrix)

    def feedback(self, guess: str, secret: str) -> str:
        """The feedback a guess earns against a secret, as people type it."""
        return self.rules.format_pattern(self.rules.feedback(guess, secret))

    def player(self, strategy: str = "entropy", options: PlayOptions | None = None) -> Player:
        """A strategy bound to this game and the play options."""
        return Player(self.matrix, find_strategy(strategy), options or PlayOptions())


def game(
    name: str,
    *,
    lists: str | None = None,
    answers: str | Path | None = None,
    allowed: str | Path | None = None,
    words: tuple[str, ...] | list[str] | None = None,
    length: int | None = None,
    alphabet: str | None = None,
    tries: int | None = None,
) -> LoadedGame:
    """A built-in game by name or alias (``wordle``, ``5bukv``, ``tonguess4``, ``fallout``...),
    with one of its list sets, or your own lists and rules."""
    overrides = GameOverrides(
        lists=lists,
        answers=None if answers is None else Path(answers),
        allowed=None if allowed is None else Path(allowed),
        words=None if words is None else tuple(words),
        length=length,
        alphabet=alphabet,
        tries=tries,
    )
    return LoadedGame(find_game(name, overrides))


def _loaded(played: LoadedGame | str) -> LoadedGame:
    return played if isinstance(played, LoadedGame) else game(played)


def evaluate(
    played: LoadedGame | str, strategy: str = "entropy", options: PlayOptions | None = None
) -> Evaluation:
    """Play every secret with the strategy: mean, worst, losses and the distribution."""
    return evaluate_player(_loaded(played).player(strategy, options))


def tree(
    played: LoadedGame | str, strategy: str = "entropy", options: PlayOptions | None = None
) -> DecisionTree:
    """The strategy's decision tree over every secret (``optimal``: the proven best tree)."""
    loaded = _loaded(played)
    chosen = find_strategy(strategy)
    if isinstance(chosen, Optimal):
        return optimal_tree(loaded.matrix, options).tree
    return grow_tree(Player(loaded.matrix, chosen, options or PlayOptions()))


def hand(
    letters: str,
    *,
    dictionary: str = DEFAULT_DICTIONARY,
    length: int | None = None,
    min_length: int = 1,
    score: str = "scrabble",
    top: int | None = None,
) -> list[HandMatch]:
    """The words a hand of letters spells (``*`` is a wildcard), best-scoring first."""
    lengths = LengthRange.exactly(length) if length is not None else LengthRange(min_length)
    index = cached_index(load_dictionary(dictionary))
    result = solve_hand(index, parse_hand(letters), find_letter_values(score), lengths)
    return result.matches(top)


def explain(
    played: LoadedGame | str,
    guess: str,
    *,
    history: str | list[tuple[str, str]] = "",
    versus: str | None = None,
    options: PlayOptions | None = None,
    explain_options: ExplainOptions | None = None,
) -> Explanation:
    """Why ``guess`` is good after ``history`` (``"crane:gy..g, ..."`` or pairs): each feedback
    it can earn and what it leaves, beside ``versus``, and the exact search's verdict."""
    session = _loaded(played).session()
    session.replay(parse_history(history) if isinstance(history, str) else history)
    return explain_guess(session, guess, versus=versus, play=options, options=explain_options)
