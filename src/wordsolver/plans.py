"""The composer the command line, the web app and the front door share: what a request (a game,
the play options, a strategy, its limits) asks of the library, decided once.

- A strategy that needs a time limit gets one (:func:`bounded_strategy`); a suggestion whose
  exact search runs out of it, or cannot start (a first turn whose cells are not held), gives
  way to entropy and says why (:func:`suggest_now`).
- A whole-game tree is found by the exact search (the proof of the best first guess, else
  :func:`~wordsolver.tree.optimal.optimal_tree`) for a strategy that builds its tree so, and
  grown by playing every secret for the others (:class:`TreePlan`).
- An adversarial game has no secret to find: its answer is the shortest forced win, proven
  (:func:`check_adversary`, :func:`forced_win_answer`).

The faces only read their input, call these, and show what comes back (bars, tables, JSON).

>>> from wordsolver.games import GameOverrides, find_game
>>> from wordsolver.matrix import pattern_matrix
>>> from wordsolver.session import Session
>>> words = ("crane", "slate", "trace", "crate", "grate", "irate", "plate")
>>> matrix = pattern_matrix(find_game("wordle", GameOverrides(words=words)), use_cache=False)
>>> state = Session(matrix)
>>> player = Player(matrix, bounded_strategy("optimal", seconds=5.0), PlayOptions())
>>> suggested = suggest_now(state, player, top=2)
>>> suggested.player.strategy.name, suggested.gave_way is None
('optimal', True)
>>> TreePlan(bounded_strategy("entropy"), PlayOptions()).tree(matrix).strategy
'entropy'
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from wordsolver.errors import OptionError, UnsolvableError
from wordsolver.evaluation import Evaluation
from wordsolver.games import Game
from wordsolver.matrix import PatternMatrix
from wordsolver.plumbing.arrays import IdArray
from wordsolver.plumbing.progress import Progress
from wordsolver.search import SearchLimit
from wordsolver.search.base import SearchInterrupted
from wordsolver.session import Session
from wordsolver.strategies import Player, PlayOptions, RankedGuess, Strategy, find_strategy
from wordsolver.tree import DecisionTree, grow_tree
from wordsolver.weights import SecretWeights

if TYPE_CHECKING:
    from wordsolver.hosted.absurdle import AdversarialGame
    from wordsolver.proof import Proof, ProofCounts
    from wordsolver.search.absurdle import ForcedWin

#: The strategy a suggestion falls back on when the exact search gives way.
FALLBACK = "entropy"


def bounded_strategy(name: str, *, seed: int = 0, seconds: float | None = None) -> Strategy:
    """A strategy by name or alias (``seed`` feeds the ones that draw at random); one that needs
    a time limit is stopped after ``seconds`` (None: no limit)."""
    chosen = find_strategy(name, seed=seed)
    return chosen.within(seconds) if chosen.needs_time_limit else chosen


@dataclass(frozen=True, slots=True)
class GaveWay:
    """Why a suggestion's exact search gave way to :data:`FALLBACK`: it ran out of ``seconds``,
    or (``seconds`` None) the first turn's cells are not held, so no search can weigh them."""

    candidates: int
    seconds: float | None = None

    def message(self, limit: str) -> str:
        """One line for the user; ``limit`` names the time limit the face set (``--time``)."""
        if self.seconds is None:
            return (
                f"the exact search cannot weigh all {self.candidates} possible words of the"
                f" first turn: ranked by {FALLBACK} instead"
            )
        return (
            f"the exact search did not finish within {round(self.seconds, 2):g} s ({limit}):"
            f" ranked by {FALLBACK} instead"
        )


@dataclass(frozen=True, slots=True)
class Suggested:
    """The suggestions now, the player that ranked them (the fallback's when the exact search
    gave way) and why it gave way."""

    player: Player
    ranked: list[RankedGuess]
    gave_way: GaveWay | None = None


def suggest_now(state: Session, player: Player, top: int) -> Suggested:
    """The ``top`` best guesses of ``state`` by ``player``; a strategy that needs a time limit
    and runs out of it (or cannot search the first turn of a game played streamed) gives way
    to :data:`FALLBACK`."""
    strategy = player.strategy
    if not strategy.needs_time_limit:
        return Suggested(player, state.suggest(player, top=top))
    if state.matrix.streamed:
        return _fall_back(state, player, top, GaveWay(len(state.candidates)))
    try:
        proven = proven_start(state, player, top)
        return Suggested(player, state.suggest(player, top=top) if proven is None else proven)
    except SearchInterrupted:
        return _fall_back(state, player, top, GaveWay(len(state.candidates), strategy.time_limit))


def proven_start(state: Session, player: Player, top: int) -> list[RankedGuess] | None:
    """At the start of a whole game too large for the small exact search, the ``top`` best
    first guesses with their exact means, by the proof of the best first guesses (it searches
    one guess of each class alike up to the game's symmetry: Mastermind's best class of 720 in
    a second, where a search from the root runs past a minute), stopped at the strategy's time
    limit (SearchInterrupted). None elsewhere, for a strategy whose choice is not the proof's,
    or when no first guess finishes within the tries (the search then plays for the fewest
    guesses)."""
    if state.moves or not plays_the_proof(player):
        return None
    game = state.game
    proof = finished_proof(
        state.matrix, hard=player.options.hard, seconds=player.strategy.time_limit, top=top
    )
    if proof is None:
        return None
    standings = list(itertools.takewhile(lambda known: known.exact, proof.ranking))[:top]
    rows = np.array([game.guess_row(known.guess) for known in standings], dtype=np.intp)
    position = state.position(player)
    stats = position.split(rows, every_row=True)
    n = len(game.secrets)
    return [
        RankedGuess.of_split(position, stats, k, known.total / n)
        for k, known in enumerate(standings)
    ]


def finished_proof(
    matrix: PatternMatrix,
    *,
    hard: bool,
    seconds: float | None,
    top: int = 1,
    progress: ProofProgress | None = None,
) -> Proof | None:
    """The proof of the game's ``top`` best first guesses, finished: stopped at ``seconds``
    even inside a task (SearchInterrupted); None when no first guess finishes within the
    tries."""
    from wordsolver.proof import prove_whole_game  # the proof's machinery when it runs

    try:
        proof = prove_whole_game(
            matrix, hard=hard, seconds=seconds, progress=progress, top=top, strict=True
        )
    except UnsolvableError:  # no first guess finishes within the tries
        return None
    if not proof.complete:
        raise SearchInterrupted("the proof of the best first guess ran out of time")
    return proof


def proof_plays(
    strategy: Strategy,
    options: PlayOptions,
    *,
    weighted: bool = False,
    limit: SearchLimit | None = None,
) -> bool:
    """Whether the proof of the best first guess plays the whole game: a strategy whose tree
    is the exact search's (``exact_tree``: its objective is the proof's, the fewest total
    guesses), no opener, any allowed word guessed, secrets counted alike (the proof does not
    weigh them), and no node budget nor beam in ``limit``."""
    return (
        strategy.exact_tree
        and not options.openers
        and options.guess_from == "allowed"
        and not weighted
        and (limit is None or (limit.nodes is None and limit.beam is None))
    )


def plays_the_proof(player: Player) -> bool:
    """Whether the player's turns and evaluation are played from the proof (:func:`proof_plays`
    under the game's own prior), in a game held whole and too large for the small exact
    search, which settles the smaller ones faster than a proof. A whole-game tree is the
    proof's at any size (:attr:`TreePlan.by_proof`)."""
    matrix = player.matrix
    game = matrix.game
    if matrix.streamed or not proof_plays(
        player.strategy, player.options, weighted=not game.uniform
    ):
        return False
    from wordsolver.search import small_exact  # its kernels, when asked

    return not small_exact.fits(len(game.secrets), len(game.guesses))


def proven_evaluation(
    player: Player,
    secrets: IdArray | None = None,
    progress: Progress | None = None,
    proof_progress: ProofProgress | None = None,
) -> Evaluation | None:
    """The player's evaluation (over ``secrets``, or every secret) on the whole game's proven
    optimal tree, for a player that :func:`plays_the_proof` (None for others): Mastermind's
    in a second, where playing each turn's search from the root runs past a minute. The proof
    is stopped at the strategy's time limit (SearchInterrupted) and tells ``proof_progress``
    as it goes; ``progress`` hears of the secrets played once the tree is known."""
    if not plays_the_proof(player):
        return None
    started = time.perf_counter()
    limit = SearchLimit(seconds=player.strategy.time_limit)
    plan = TreePlan(player.strategy, player.options, limit)
    tree = plan.proven_tree(player.matrix, proof_progress, complete=True)
    if tree is None:
        return None  # no first guess finishes within the tries: the search plays for fewest
    evaluation = Evaluation.of_tree(tree, secrets, time.perf_counter() - started)
    if progress is not None:
        progress(evaluation.total)
    return evaluation


def _fall_back(state: Session, player: Player, top: int, why: GaveWay) -> Suggested:
    fallback = Player(player.matrix, find_strategy(FALLBACK), player.options)
    return Suggested(fallback, state.suggest(fallback, top=top), why)


#: What the proof of the whole game tells as it goes.
ProofProgress = Callable[["ProofCounts"], None]


@dataclass(frozen=True, slots=True)
class TreePlan:
    """How a strategy's whole-game tree is built under the play options and limits.

    A strategy that builds its tree by exact search (``exact_tree``) gets the proof of the best
    first guess when the game is played whole (no opener, any allowed word guessed, equally
    likely secrets, no node budget nor beam), else
    :func:`~wordsolver.tree.optimal.optimal_tree` within the limits; any other strategy's tree
    is grown by playing it against every secret. Weights are for the exact search only.
    """

    strategy: Strategy
    options: PlayOptions
    limit: SearchLimit = field(default_factory=SearchLimit)
    weights: SecretWeights | None = None

    def __post_init__(self) -> None:
        if self.weights is not None:
            check_weights(self.strategy)

    @property
    def by_proof(self) -> bool:
        """Whether the tree is the whole game's, as the proof finds it (:func:`proof_plays`)."""
        weighted = self.weights is not None
        return proof_plays(self.strategy, self.options, weighted=weighted, limit=self.limit)

    def proven_tree(
        self,
        matrix: PatternMatrix,
        progress: ProofProgress | None = None,
        *,
        complete: bool = False,
    ) -> DecisionTree | None:
        """The whole game's optimal tree by the proof; within the time limit the best first
        guess found exact so far, not proven (None: none yet, or no proof planned). With
        ``complete``, only a proven tree: the proof stops at the time limit even inside a task
        and raises SearchInterrupted; None when no first guess finishes within the tries."""
        if not self.by_proof:
            return None
        hard, seconds = self.options.hard, self.limit.seconds
        if complete:
            proof = finished_proof(matrix, hard=hard, seconds=seconds, progress=progress)
        else:
            from wordsolver.proof import prove_whole_game  # the proof's machinery when it runs

            proof = prove_whole_game(matrix, hard=hard, seconds=seconds, progress=progress)
        return None if proof is None or proof.tree is None else self._described(proof.tree)

    def grown_tree(
        self, matrix: PatternMatrix, progress: Progress | None = None, *, spent: float = 0.0
    ) -> DecisionTree:
        """The tree by the exact search within the limits (less the ``spent`` seconds a proof
        took of them), or grown by playing the strategy."""
        if not self.strategy.exact_tree:
            player = Player(matrix, self.strategy, self.options)
            return self._described(grow_tree(player, progress=progress))
        from wordsolver.tree.optimal import optimal_tree

        limit = self.limit
        if limit.seconds is not None:
            limit = SearchLimit(max(0.0, limit.seconds - spent), limit.nodes, limit.beam)
        found = optimal_tree(
            matrix, self.options, limit=limit, weights=self.weights, progress=progress
        )
        return self._described(found.tree)

    def _described(self, tree: DecisionTree) -> DecisionTree:
        """The tree with the play options (and weights) it was built under, as its file keeps
        them."""
        tree.options = self.options.describe()
        if self.weights is not None:
            tree.options["weights"] = self.weights.source
        return tree

    def tree(
        self,
        matrix: PatternMatrix,
        progress: Progress | None = None,
        proof_progress: ProofProgress | None = None,
    ) -> DecisionTree:
        """The tree: the proof's when it finds one, else :meth:`grown_tree` in the time left."""
        started = time.monotonic()
        proven = self.proven_tree(matrix, proof_progress)
        if proven is not None:
            if progress is not None:  # a bar counting secrets: the proof's tree holds them all
                progress(len(matrix.game.secrets))
            return proven
        return self.grown_tree(matrix, progress, spent=time.monotonic() - started)


def check_weights(strategy: Strategy) -> None:
    """Refuse secret weights for a strategy whose tree is not the exact search's (call it
    before loading them)."""
    if not strategy.exact_tree:
        raise OptionError("`weights` needs `strategy` optimal", ("weights", "strategy"))


def check_adversary(game: Game, strategy: Strategy) -> None:
    """Refuse a strategy that cannot solve an adversarial game (only the exact search proves
    the shortest forced win)."""
    if game.adversarial and not strategy.exact_tree:
        raise OptionError(f"{game.name} is solved by `strategy` optimal only", ("strategy",))


#: How the adversary chooses among the answers that keep the most words.
TIE_BREAK = "largest bucket, then fewest greens, then fewest yellows, then lowest pattern"


def search_forced_win(
    hosted: AdversarialGame, *, every_first: bool = False, progress: Progress | None = None
) -> ForcedWin:
    """The shortest forced win from where the adversarial game stands, proven;
    ``progress`` hears of :func:`forced_win_work` units in all."""
    from wordsolver.search.absurdle import forced_win  # compiled: loaded when a search runs

    session = hosted.state
    mask = session.consistent_mask() if hosted.hard else None
    return forced_win(
        hosted.matrix,
        session.candidates,
        mask,
        hard=hosted.hard,
        every_first=every_first,
        progress=progress,
    )


def forced_win_work(hosted: AdversarialGame) -> int:
    """The units of work :func:`search_forced_win` tells its progress in."""
    if not hosted.hard:
        return 2 * len(hosted.game.guesses)
    return 2 * int(hosted.state.consistent_mask().sum())


def forced_win_answer(
    hosted: AdversarialGame, win: ForcedWin, *, every_first: bool = False
) -> dict[str, Any]:
    """The forced win as JSON (``solve absurdle --json``, the web's hint): the position, the
    guesses of the win and the adversary's answer to each (with ``every_first``, the first
    guesses that start one, which the search was asked for)."""
    from wordsolver.hosted.absurdle import AdversarialGame

    game = hosted.game
    replay = AdversarialGame(hosted.matrix, hard=hosted.hard)
    for guess in hosted.guesses:
        replay.guess(guess)
    answer: dict[str, Any] = {
        "game": game.name,
        "lists": game.lists,
        "hard": hosted.hard,
        "history": hosted.guesses,
        "candidates": len(hosted.state.candidates),
        "tie_break": TIE_BREAK,
        "shortest_win": win.length,
        "proven": True,
        "guesses": list(win.guesses),
        "answers": [game.format_pattern(replay.guess(word).pattern) for word in win.guesses],
    }
    if every_first:
        answer["first_guesses"] = list(win.first_guesses)
        answer["first_guess_count"] = len(win.first_guesses)
    return answer
