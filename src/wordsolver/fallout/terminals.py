"""Random terminals: N distinct words of one length from a dictionary, and a secret among them.

Everything random comes from one seed and the terminal's shape, through numpy's SeedSequence, so
the same seed, length and word count give the same terminals in ``simulate`` and in every cell of
``sweep``, on any machine. Many terminals are drawn in batches (:func:`terminal_batches`) of a
size fixed by the shape, so memory stays flat however many are asked for, Ctrl-C lands between
two batches, and the terminals still depend on nothing but the seed and the shape.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from wordsolver.errors import OptionError
from wordsolver.fallout.pool import WordPool

if TYPE_CHECKING:
    from wordsolver.fallout.kernels import LikenessArray
    from wordsolver.plumbing.arrays import FloatArray, IdArray


@dataclass(frozen=True, slots=True)
class TerminalSpec:
    """The shape of a terminal: word length and how many words are on screen."""

    length: int
    n_words: int

    def __post_init__(self) -> None:
        if self.length < 1 or self.n_words < 2:
            raise OptionError("a terminal needs `length` ≥ 1 and `words` ≥ 2", ("length", "words"))

    @property
    def label(self) -> str:
        """Readable shape, e.g. ``20 words of 5 letters``."""
        return f"{self.n_words} words of {self.length} letters"


@dataclass(frozen=True, eq=False)
class Terminals:
    """A batch of random terminals of one shape (arrays have one row per terminal).

    ``word_ids`` index :attr:`vocabulary` and are sorted, so a terminal's words are in the order
    a :class:`~wordsolver.games.Game` made of them sorts its secrets; ``secrets`` are positions in
    a row; ``keys`` are random numbers per word that the ``random`` strategy plays in order of;
    ``likeness[t, g, s]`` is the feedback of word ``g`` against word ``s`` of terminal ``t``.
    """

    spec: TerminalSpec
    vocabulary: tuple[str, ...]
    word_ids: IdArray
    secrets: IdArray
    keys: FloatArray
    likeness: LikenessArray

    def __len__(self) -> int:
        return len(self.secrets)

    def words(self, terminal: int) -> tuple[str, ...]:
        """The words on screen of one terminal, sorted."""
        return tuple(self.vocabulary[i] for i in self.word_ids[terminal])


#: Likeness cells (terminals × words²) of one batch: 8 MB, and about 20,000 terminals of 20 words.
BATCH_CELLS = 1 << 23


def batch_size(spec: TerminalSpec) -> int:
    """How many terminals of that shape one batch holds."""
    return max(1, BATCH_CELLS // (spec.n_words * spec.n_words))


def terminal_batches(
    pool: WordPool, spec: TerminalSpec, count: int, seed: int
) -> Iterator[Terminals]:
    """``count`` random terminals of that shape, batch after batch (batch ``k`` of the seed is
    :func:`draw_terminals` with ``batch=k``); one batch when ``count`` fits in one."""
    size = batch_size(spec)
    for batch, start in enumerate(range(0, count, size)):
        yield draw_terminals(pool, spec, min(size, count - start), seed, batch=batch)


def draw_terminals(
    pool: WordPool, spec: TerminalSpec, count: int, seed: int, *, batch: int = 0
) -> Terminals:
    """``count`` random terminals of that shape: distinct words, a uniform secret each
    (``batch`` > 0: another batch of the same seed).

    >>> from wordsolver.lexicon import Lexicon
    >>> pool = WordPool.from_lexicon(Lexicon("demo", ("cat", "car", "bat", "bar", "cab")))
    >>> batch = draw_terminals(pool, TerminalSpec(3, 4), 2, seed=7)
    >>> batch.words(0), int(batch.secrets[0])
    (('bat', 'cab', 'car', 'cat'), 2)
    """
    vocabulary = pool.words(spec.length)
    if len(vocabulary) < spec.n_words:
        raise OptionError(
            f"{pool.name} has {len(vocabulary)} words of {spec.length} letters,"
            f" fewer than the {spec.n_words} a terminal needs"
        )
    if count < 1 or seed < 0:
        raise OptionError("the number of terminals must be positive and the seed not negative")
    from wordsolver.fallout.kernels import likeness_tensor, sample_rows  # compiled

    entropy = [seed, spec.length, spec.n_words, *([batch] if batch else [])]
    streams = np.random.SeedSequence(entropy).spawn(2)
    draw, strategy = (np.random.default_rng(stream) for stream in streams)
    word_ids = sample_rows(draw.random((count, spec.n_words)), len(vocabulary))
    secrets = draw.integers(0, spec.n_words, size=count).astype(np.intp)
    keys = strategy.random((count, spec.n_words))
    likeness = likeness_tensor(pool.codes(spec.length), word_ids)
    return Terminals(spec, vocabulary, word_ids, secrets, keys, likeness)
