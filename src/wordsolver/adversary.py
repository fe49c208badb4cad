"""The adversary of Absurdle-style games: after each guess it keeps the largest bucket.

The host holds no secret. After a guess it splits the secrets still possible by the feedback
they would give and answers with the feedback of the largest bucket, so that as many secrets as
possible stay alive. Ties between buckets of the same size are broken by :func:`preference`:
the bucket whose feedback shows **fewest greens**, then **fewest yellows**, then the **lowest
pattern number** (for colours: the first position most significant, grey < yellow < green).
The win pattern (all green) is therefore chosen only when the guess is the last secret left,
and the game ends only when the guess is forced. The real Absurdle's own tie rule is not
published; this one is documented and tested here.

>>> from wordsolver.games import GameOverrides, find_game
>>> from wordsolver.matrix import pattern_matrix
>>> game = find_game("wordle", GameOverrides(words=("crane", "crate", "trace", "slate")))
>>> matrix = pattern_matrix(game, use_cache=False)
>>> answer = adversary_answer(matrix, np.arange(4), game.guess_row("crate"))
>>> game.format_pattern(answer.pattern), [game.secrets.words[i] for i in answer.bucket]
('..ggg', ['slate'])
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from wordsolver.games import Game
from wordsolver.games.rule import FeedbackRule, PatternArray
from wordsolver.matrix import PatternMatrix
from wordsolver.plumbing.arrays import IdArray

RankArray = npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True)
class AdversaryAnswer:
    """The feedback the adversary gives a guess, and the secrets that stay possible."""

    pattern: int
    bucket: IdArray


def preference(game: Game) -> RankArray:
    """Each pattern's rank among buckets of equal size (lower is kept first): fewest greens,
    then fewest yellows, then lowest pattern number. Read from the rule's own text form, so
    any rule whose feedback is marks ranks the same way (green ``g``, yellow ``y``)."""
    return _ranks(game.rule, game.length)


@functools.lru_cache(maxsize=8)
def _ranks(rule: FeedbackRule, length: int) -> RankArray:
    n = rule.n_patterns(length)
    keys = []
    for pattern in range(n):
        text = rule.format_pattern(pattern, length)
        keys.append((text.count("g"), text.count("y"), pattern))
    order = sorted(range(n), key=lambda p: keys[p])
    ranks = np.empty(n, dtype=np.int64)
    ranks[np.array(order, dtype=np.int64)] = np.arange(n, dtype=np.int64)
    return ranks


def adversary_answer(matrix: PatternMatrix, bucket: IdArray, guess: int) -> AdversaryAnswer:
    """The adversary's feedback to guess row ``guess`` when ``bucket`` (secret ids) is possible.

    Raises ValueError on an empty bucket (there is always a secret left in a game)."""
    if len(bucket) == 0:
        raise ValueError("no secret is possible")
    patterns = matrix.values[guess, bucket]
    chosen = choose_pattern(patterns, preference(matrix.game))
    return AdversaryAnswer(chosen, bucket[patterns == chosen])


def choose_pattern(patterns: PatternArray, ranks: RankArray) -> int:
    """The pattern the adversary answers, given the patterns of every possible secret: the
    largest bucket's, ties to the lowest rank."""
    counts = np.bincount(patterns, minlength=ranks.shape[0])
    largest = np.flatnonzero(counts == counts.max())
    return int(largest[np.argmin(ranks[largest])])
