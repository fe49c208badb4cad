"""Strategies found by name.

>>> find_strategy("minimax").name
'minimax'
"""

from __future__ import annotations

from wordsolver.errors import UnknownNameError
from wordsolver.strategies.base import Strategy
from wordsolver.strategies.heuristics import (
    Eliminations,
    Entropy,
    ExpectedSize,
    Minimax,
    RandomCandidate,
    Stdev,
)
from wordsolver.strategies.optimal import Optimal, OptimalWithin

STRATEGIES: dict[str, type[Strategy]] = {
    cls.name: cls
    for cls in (
        Entropy,
        ExpectedSize,
        Minimax,
        Stdev,
        Eliminations,
        RandomCandidate,
        Optimal,
        OptimalWithin,
    )
}
ALIASES = {
    "information": "entropy",
    "expected": "expected-size",
    "worst": "minimax",
    "exact": "optimal",
    "within": "optimal-within",
}


def strategy_names() -> list[str]:
    """Registered strategy names."""
    return list(STRATEGIES)


def find_strategy(name: str, *, seed: int = 0) -> Strategy:
    """A fresh strategy by name or alias; ``seed`` feeds the ones that draw at random."""
    key = ALIASES.get(name.casefold(), name.casefold())
    cls = STRATEGIES.get(key)
    if cls is None:
        raise UnknownNameError("strategy", name, list(STRATEGIES))
    if cls is RandomCandidate:
        return RandomCandidate(seed)
    return cls()
