"""Measure a grid of terminal shapes (word lengths × word counts) with several strategies.

Each cell is exactly what :func:`~wordsolver.fallout.simulate.simulate` gives for that shape and
seed, so a cell can be re-run alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from wordsolver.errors import OptionError
from wordsolver.evaluation import Evaluation
from wordsolver.fallout.players import terminal_players
from wordsolver.fallout.pool import WordPool
from wordsolver.fallout.simulate import SimulationOptions, play
from wordsolver.fallout.terminals import TerminalSpec, terminal_batches
from wordsolver.plumbing.progress import Progress


@dataclass(frozen=True, slots=True, eq=False)
class Sweep:
    """Results of every (length, word count, strategy) of a grid."""

    lengths: tuple[int, ...]
    word_counts: tuple[int, ...]
    strategies: tuple[str, ...]
    options: SimulationOptions
    dictionary: str
    results: dict[tuple[int, int, str], Evaluation]

    def result(self, length: int, n_words: int, strategy: str) -> Evaluation:
        """The evaluation of one cell and strategy."""
        return self.results[length, n_words, strategy]

    @property
    def cells(self) -> int:
        """Number of terminal shapes."""
        return len(self.lengths) * len(self.word_counts)


def sweep(
    pool: WordPool,
    lengths: Sequence[int],
    word_counts: Sequence[int],
    strategies: Sequence[str],
    options: SimulationOptions,
    progress: Progress | None = None,
) -> Sweep:
    """Simulate every shape of the grid; ``progress(n)`` counts terminals played.

    The total to expect is ``len(lengths) · len(word_counts) · len(strategies) · trials``.
    """
    if not lengths or not word_counts or not strategies:
        raise OptionError(
            "a sweep needs at least one of `lengths`, `words` and `strategy` each",
            ("lengths", "words", "strategy"),
        )
    players = terminal_players(strategies, options.seed)
    results: dict[tuple[int, int, str], Evaluation] = {}
    for length in lengths:
        for n_words in word_counts:
            spec = TerminalSpec(length, n_words)
            batches = terminal_batches(pool, spec, options.trials, options.seed)
            for evaluation in play(players, batches, spec, pool.name, options, progress):
                results[length, n_words, evaluation.strategy] = evaluation
    return Sweep(
        tuple(lengths),
        tuple(word_counts),
        tuple(player.name for player in players),
        options,
        pool.name,
        results,
    )
