"""Helpers of the strategy tests: random small word lists."""

from __future__ import annotations

import numpy as np


def random_words(
    seed: int, count: int, letters: str = "abcdefg", length: int = 5
) -> tuple[str, ...]:
    """``count`` distinct random words of ``length`` letters drawn from ``letters``, sorted;
    the same for the same ``seed``."""
    rng = np.random.default_rng(seed)
    words: set[str] = set()
    while len(words) < count:
        words.add("".join(rng.choice(list(letters), length)))
    return tuple(sorted(words))
