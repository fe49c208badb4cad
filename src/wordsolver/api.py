"""The front door: what a Python user needs, in one or two lines each.

>>> import wordsolver
>>> game = wordsolver.game("wordle")  # every word today's game accepts may be the secret
>>> game
<wordle: 14,855 secrets, 14,855 guesses, nyt lists, nyt prior>
>>> session = game.session()
>>> session.push("crane", "gy..g").n_candidates  # cerge chere chore corbe corse ... curve
9
>>> [(word, round(p, 3)) for word, p in session.likeliest(3)]
[('curve', 0.365), ('curse', 0.355), ('chore', 0.264)]
>>> [guess.word for guess in session.suggest("entropy", top=3)]
['curve', 'curse', 'goris']
>>> wordsolver.suggest(game, history="crane:gy..g", top=3)
<Suggestions for wordle (nyt prior), 9 possible, the likeliest curve 36.5%: try curve, curse, goris>
>>> wordsolver.explain(game, "curse", history="crane:gy..g").guess.summary()
'curse leaves 1.64 on average, worst 2'
>>> uniform = wordsolver.game("wordle", prior="uniform")  # the original answers, all alike
>>> round(wordsolver.evaluate(uniform, "minimax").mean, 4)
3.5261
>>> wordsolver.evaluate(uniform, ["minimax", "expected-size"], sample=100)
<Comparison on wordle, 100 secrets: minimax 3.5700, expected-size 3.4600>
>>> played = wordsolver.evaluate(game, secrets=["bling", "snafu"])  # as the assistant plays
>>> played.guesses.tolist(), played.rows()[0].path
([5, 3], ('tarse', 'could', 'milky', 'fling', 'bling'))
>>> [match.word for match in wordsolver.hand("quiz*", top=3)]
['quiz', 'quei', 'quib']
>>> quordle = wordsolver.board_game("quordle")  # four boards, each under the prior
>>> quordle
<quordle: wordle on 4 boards, 9 tries, 14,855 secrets, nyt lists, nyt prior>
>>> boards = quordle.session()
>>> boards.push("crane", "gy..g,.....,ggggg,....y")  # a pattern a board, left to right
(9, 1787, 1, 1433)
>>> [guess.word for guess in boards.suggest(top=2).ranked]
['dolts', 'sloth']
>>> wordsolver.board_game("dordle", lists="original").evaluate(sample=20).mean
4.85

``wordsolver.tree``, ``wordsolver.explain`` and ``wordsolver.study`` are the functions here;
the packages of the same names are imported as ``from wordsolver.tree import ...``.

The long calls (:func:`evaluate`, :func:`tree`, :func:`prove`, :func:`study`) take
``progress=True`` for a bar (:mod:`wordsolver.plumbing.bars`). Results show themselves in a
notebook and give ``to_frame()`` (pandas) and ``to_json()``; :mod:`wordsolver.plots` draws them.

Everything here is a thin layer over the floors below (:mod:`wordsolver.games`,
:mod:`wordsolver.session`, :mod:`wordsolver.evaluation`, :mod:`wordsolver.tree`,
:mod:`wordsolver.proof`, :mod:`wordsolver.study`, :mod:`wordsolver.anagram`), which remain the
place for finer control.
"""

from __future__ import annotations

import tempfile
import warnings
from collections.abc import Sequence
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, overload

from wordsolver.against import evaluate_play, secrets_total
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
from wordsolver.boards import BOARD_GAMES, BoardScorer, BoardsSession, load_board_game
from wordsolver.boards.evaluation import BoardsEvaluation, evaluate_boards
from wordsolver.boards.games import board_game_name
from wordsolver.errors import OptionError
from wordsolver.evaluation import Comparison, Played
from wordsolver.explain import ExplainOptions, Explanation
from wordsolver.explain import explain as explain_guess
from wordsolver.games import Game, GameOverrides, find_game
from wordsolver.matrix import PatternMatrix
from wordsolver.plans import TreePlan, bounded_strategy, suggest_now
from wordsolver.plumbing.arrays import FloatArray
from wordsolver.plumbing.bars import ProgressOption, progress_to
from wordsolver.session import Session, game_matrix, parse_history
from wordsolver.strategies import Player, PlayOptions, find_strategy
from wordsolver.suggestions import Suggestions
from wordsolver.tree import DecisionTree

if TYPE_CHECKING:
    from wordsolver.proof import Proof, ProofCounts
    from wordsolver.study import StudyResults

#: A history as ``"crane:gy..g, slate:....g"`` or as (guess, feedback) pairs.
History = str | Sequence[tuple[str, str]]


class LoadedGame:
    """A game and its pattern matrix (built on first use and cached on disk; a game played
    streamed holds none: see :func:`~wordsolver.session.game_matrix`)."""

    def __init__(self, rules: Game) -> None:
        self.rules = rules

    def __repr__(self) -> str:
        rules = self.rules
        return (
            f"<{rules.name}: {len(rules.secrets):,} secrets, {len(rules.guesses):,} guesses,"
            f" {_lists_said(rules)}>"
        )

    @property
    def name(self) -> str:
        """The game's name."""
        return self.rules.name

    @cached_property
    def matrix(self) -> PatternMatrix:
        """The feedback of every allowed guess against every secret (none held for a game
        played streamed)."""
        return game_matrix(self.rules)

    @property
    def probabilities(self) -> FloatArray:
        """How likely each secret is under the game's prior, in secret order."""
        return self.rules.probabilities

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
    prior: str | None = None,
) -> LoadedGame:
    """A built-in game by name or alias (``wordle``, ``5bukv``, ``tonguess4``, ``fallout``...),
    with one of its list sets, or your own lists and rules; ``prior`` names how likely each
    word is (the list set's own unless given; ``uniform``: its answers alike). A game on
    several boards is :func:`board_game`'s."""
    if name.casefold() in {spec.name for spec in BOARD_GAMES}:
        raise OptionError(f"{name} is played on several boards: load it with board_game({name!r})")
    overrides = GameOverrides(
        prior=prior,
        lists=lists,
        answers=None if answers is None else Path(answers),
        allowed=None if allowed is None else Path(allowed),
        words=None if words is None else tuple(words),
        length=length,
        alphabet=alphabet,
        tries=tries,
    )
    return LoadedGame(find_game(name, overrides))


def _lists_said(rules: Game) -> str:
    """The lists a game is played with, and its prior unless uniform: ``nyt lists, nyt prior``."""
    prior = "" if rules.uniform else f", {rules.prior} prior"
    return f"{rules.lists} lists{prior}"


def _loaded(played: LoadedGame | str) -> LoadedGame:
    return played if isinstance(played, LoadedGame) else game(played)


class LoadedBoards:
    """A game played on several boards at once: one board's game (its tries the whole
    game's), the board count, and the matrix every board shares."""

    def __init__(self, rules: Game, boards: int) -> None:
        self.rules = rules
        self.boards = boards

    def __repr__(self) -> str:
        rules = self.rules
        return (
            f"<{self.name}: {rules.name} on {self.boards} boards, {rules.max_tries} tries,"
            f" {len(rules.secrets):,} secrets, {_lists_said(rules)}>"
        )

    @property
    def name(self) -> str:
        """The game's name (``quordle``, or ``wordle ×3``)."""
        return board_game_name(self.rules, self.boards)

    @cached_property
    def matrix(self) -> PatternMatrix:
        """The one board's matrix (none held for a game played streamed)."""
        return game_matrix(self.rules)

    def session(self) -> BoardsSession:
        """A new game in progress: push a guess with every board's feedback, ask what next."""
        return BoardsSession(self.matrix, self.boards)

    def evaluate(
        self,
        strategy: str = "entropy",
        *,
        sample: int = 1000,
        seed: int = 0,
        progress: ProgressOption = None,
    ) -> BoardsEvaluation:
        """Play ``sample`` board sets drawn from ``seed`` (under a prior, from the known
        answers) to their end with a greedy strategy on every board."""
        scorer = BoardScorer.of(strategy, seed)
        with progress_to(progress, f"evaluating {strategy}", sample) as bar:
            return evaluate_boards(
                self.matrix, self.boards, scorer, size=sample, seed=seed, progress=bar.callback
            )


def board_game(
    name: str,
    *,
    boards: int | None = None,
    lists: str | None = None,
    tries: int | None = None,
    prior: str | None = None,
) -> LoadedBoards:
    """A game on several boards: ``dordle``, ``quordle``, ``octordle``, or a colours game
    (``wordle``, ``5bukv``) on ``boards`` boards; ``prior`` as for :func:`game`."""
    overrides = GameOverrides(lists=lists, tries=tries, prior=prior)
    rules, count = load_board_game(name, overrides, boards)
    return LoadedBoards(rules, count)


@overload
def evaluate(
    played: LoadedGame | str,
    strategy: str = "entropy",
    options: PlayOptions | None = None,
    *,
    sample: int | None = None,
    seed: int = 0,
    secrets: Sequence[str] | None = None,
    progress: ProgressOption = None,
) -> Played: ...
@overload
def evaluate(
    played: LoadedGame | str,
    strategy: list[str] | tuple[str, ...],
    options: PlayOptions | None = None,
    *,
    sample: int | None = None,
    seed: int = 0,
    secrets: Sequence[str] | None = None,
    progress: ProgressOption = None,
) -> Comparison: ...
def evaluate(
    played: LoadedGame | str,
    strategy: str | list[str] | tuple[str, ...] = "entropy",
    options: PlayOptions | None = None,
    *,
    sample: int | None = None,
    seed: int = 0,
    secrets: Sequence[str] | None = None,
    progress: ProgressOption = None,
) -> Played | Comparison:
    """Play every secret (or ``sample`` of them, drawn from ``seed``, which also seeds the
    ``random`` strategy) with the strategy: mean, worst, losses, the distribution and each
    secret's play. A list of strategies compares them on the same secrets: a
    :class:`~wordsolver.evaluation.Comparison`, one row each.

    A uniform game plays its secrets by the strategy's tree (an
    :class:`~wordsolver.evaluation.Evaluation`). Under a prior over every accepted word, or
    with ``secrets`` (words the game accepts, in or out of its answers), the secrets are
    played as the assistant plays them (:func:`~wordsolver.against.play_against`, a
    :class:`~wordsolver.against.SecretsPlayed` that also counts false certainties): the list
    set's known answers unless given.
    """
    loaded = _loaded(played)
    names = [strategy] if isinstance(strategy, str) else list(strategy)
    chosen = [find_strategy(name, seed=seed) for name in names]  # a bad name fails first
    each = secrets_total(loaded.rules, secrets, sample)
    results = []
    with progress_to(progress, f"evaluating {', '.join(names)}", each * len(names)) as bar:
        for one in chosen:
            player = Player(loaded.matrix, one, options or PlayOptions())
            results.append(
                evaluate_play(
                    player, secrets=secrets, sample=sample, seed=seed, progress=bar.callback
                )
            )
    return results[0] if isinstance(strategy, str) else Comparison(tuple(results))


def tree(
    played: LoadedGame | str,
    strategy: str = "entropy",
    options: PlayOptions | None = None,
    *,
    progress: ProgressOption = None,
) -> DecisionTree:
    """The strategy's decision tree over every secret (``optimal``: the proven best tree)."""
    loaded = _loaded(played)
    plan = TreePlan(bounded_strategy(strategy), options or PlayOptions())
    with progress_to(progress, f"{strategy} tree", len(loaded.rules.secrets)) as bar:
        return plan.tree(loaded.matrix, progress=bar.callback)


def suggest(
    played: LoadedGame | str,
    *,
    history: History = "",
    strategy: str = "entropy",
    options: PlayOptions | None = None,
    top: int = 5,
    seconds: float | None = 60.0,
) -> Suggestions:
    """The ``top`` best guesses after ``history`` (``"crane:gy..g, ..."`` or pairs), best
    first, as a table a notebook shows (:class:`~wordsolver.suggestions.Suggestions`).

    The exact search (``optimal``) is stopped after ``seconds`` (None: no limit); when it runs
    out of them, or cannot weigh a first turn whose cells are not held, entropy ranks the
    guesses instead, with a warning, as on the command line and the web page."""
    session = _session_after(played, history)
    chosen = bounded_strategy(strategy, seconds=seconds)
    suggested = suggest_now(session, Player(session.matrix, chosen, options or PlayOptions()), top)
    if suggested.gave_way is not None:
        warnings.warn(suggested.gave_way.message("seconds"), stacklevel=2)
        strategy = suggested.player.strategy.name
    return Suggestions.of(session, strategy, suggested.ranked)


def prove(
    played: LoadedGame | str,
    *,
    hard: bool = False,
    top: int = 1,
    seconds: float | None = None,
    results: str | Path | None = None,
    workers: int | None = None,
    progress: ProgressOption = None,
) -> Proof:
    """Prove which first guess is best: every first guess gets a proven lower bound, the best
    ``top`` their exact values, the best its optimal tree (``Proof.tree``).

    It runs in this process, or on a local Dask cluster of ``workers`` processes (the
    ``cluster`` extra). ``results`` keeps every finished first guess in a file, so the same
    call goes on where a stopped one ended (None: a temporary file). Within ``seconds`` the
    proof stops with what it has proven (``Proof.complete`` is then False).

    >>> proof = prove(game("mastermind", length=2, alphabet="abc"))
    >>> proof.complete, proof.best.guess, proof.best.total, proof.counts.classes
    (True, 'ab', 21, 2)
    """
    from wordsolver.proof import DaskRunner, InProcessRunner, ProofSpec, ResultsLog
    from wordsolver.proof import prove as prove_game

    loaded = _loaded(played)
    runner = InProcessRunner() if workers is None else DaskRunner(workers=workers)
    with tempfile.TemporaryDirectory(prefix="wordsolver-proof-") as scratch:
        path = Path(scratch, "proof.jsonl") if results is None else Path(results)
        log = ResultsLog(path, loaded.rules, hard)
        label = f"proving {loaded.name}"
        try:
            with progress_to(progress, label, total=len(loaded.rules.guesses)) as bar:

                def counted(counts: ProofCounts) -> None:
                    if counts.parts:  # few classes, proven in parts: the parts are the work
                        bar.reach(counts.parts_done, counts.parts)
                    else:
                        bar.reach(counts.done, counts.classes)

                spec = ProofSpec(loaded.rules, hard=hard)
                return prove_game(spec, runner, log, top=top, seconds=seconds, progress=counted)
        finally:
            runner.close()


def study(
    name: str,
    pairs: Sequence[tuple[str | Path, str | Path]],
    *,
    goals: Sequence[str] | None = None,
    algorithms: Sequence[str] | None = None,
    results: str | Path | None = None,
    progress: ProgressOption = None,
) -> StudyResults:
    """Compare openers and ways of playing on every (answers file, allowed file) pair: each
    objective × algorithm a cell played over every secret (:mod:`wordsolver.study`).
    ``results`` keeps the finished cells in a file, so the same call resumes (None: a
    temporary file); ``goals`` and ``algorithms`` choose among
    :data:`~wordsolver.study.GOALS` and :data:`~wordsolver.study.ALGORITHMS` (all by
    default).

    >>> import tempfile
    >>> words = Path(tempfile.mkdtemp(), "words.txt")  # one word per line
    >>> _ = words.write_text("\\n".join(["cigar", "rebut", "sissy", "humph", "awake", "blush"]))
    >>> results = study("wordle", [(words, words)], goals=["mean"], algorithms=["greedy"])
    >>> [(row["lists"], row["algorithm"], row["mean"], row["worst"]) for row in results.rows()]
    [('6|6', 'greedy', 1.8333333333333333, 2)]
    """
    from wordsolver.study import ALGORITHMS, GOALS, ListPair, ResultsFile, StudyPlan, run_study

    plan = StudyPlan(
        name,
        tuple(ListPair(Path(answers), Path(allowed)) for answers, allowed in pairs),
        tuple(goals or GOALS),
        tuple(algorithms or ALGORITHMS),
    )
    with tempfile.TemporaryDirectory(prefix="wordsolver-study-") as scratch:
        path = Path(scratch, "results.json") if results is None else Path(results)
        with progress_to(progress, f"study of {name}", len(plan.cells())) as bar:
            return run_study(plan, ResultsFile(path), progress=bar.callback)


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
    history: History = "",
    versus: str | None = None,
    options: PlayOptions | None = None,
    explain_options: ExplainOptions | None = None,
) -> Explanation:
    """Why ``guess`` is good after ``history`` (``"crane:gy..g, ..."`` or pairs): each feedback
    it can earn and what it leaves, beside ``versus``, and the exact search's verdict."""
    session = _session_after(played, history)
    return explain_guess(session, guess, versus=versus, play=options, options=explain_options)


def _session_after(played: LoadedGame | str, history: History) -> Session:
    """A new session of the game with the history played."""
    session = _loaded(played).session()
    session.replay(parse_history(history) if isinstance(history, str) else history)
    return session
