"""How a strategy plays a batch of terminals: compiled for the greedy heuristics, else the library.

:func:`terminal_player` takes any registered strategy name. The heuristics of
:mod:`wordsolver.strategies.heuristics` have a compiled twin in
:mod:`wordsolver.fallout.kernels` that plays thousands of terminals per second; every other
strategy (e.g. the exact ``optimal``) is played terminal by terminal through the library's
:class:`~wordsolver.strategies.Player` and :func:`~wordsolver.evaluation.evaluate`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import numpy as np

from wordsolver.errors import WordsolverError
from wordsolver.evaluation import evaluate
from wordsolver.fallout.terminals import Terminals
from wordsolver.games import GameOverrides, find_game
from wordsolver.matrix import PatternMatrix
from wordsolver.plumbing.progress import Progress
from wordsolver.strategies import Player, PlayOptions, find_strategy
from wordsolver.strategies.registry import STRATEGIES

if TYPE_CHECKING:
    from wordsolver.plumbing.arrays import Int64Array


class TerminalPlayer(ABC):
    """Plays every terminal of a batch with one strategy and counts the guesses."""

    #: The strategy's registry name.
    name: str

    @abstractmethod
    def play(
        self, terminals: Terminals, max_tries: int | None, progress: Progress | None = None
    ) -> Int64Array:
        """Guesses each terminal needed to play its secret (``progress(n)`` after n terminals).

        ``max_tries`` is the game's limit (None: none), for strategies that play for it; every
        terminal is played until solved whatever it is.
        """


@dataclass(frozen=True, slots=True)
class CompiledPlayer(TerminalPlayer):
    """A greedy heuristic in compiled code: its score (``score_index`` of
    :mod:`wordsolver.strategies.scores`), and whether it guesses only among the candidates."""

    name: str
    score_index: int
    only_candidates: bool

    def play(
        self, terminals: Terminals, max_tries: int | None, progress: Progress | None = None
    ) -> Int64Array:
        from wordsolver.fallout import kernels  # compiled: loaded when terminals are played

        needed = kernels.play_terminals(
            terminals.likeness,
            terminals.secrets,
            terminals.keys,
            self.score_index,
            self.only_candidates,
            terminals.spec.length + 1,
            terminals.spec.n_words,  # each guess rules out at least one word: N are enough
        )
        if (needed < 0).any():
            raise WordsolverError(f"{self.name} made a guess that ruled nothing out: it is stuck")
        if progress is not None:
            progress(len(terminals))
        return needed


@dataclass(frozen=True, slots=True)
class LibraryPlayer(TerminalPlayer):
    """Any registered strategy, each terminal played as a game of its own by the library.

    ``seed`` feeds strategies that draw at random. The game gets ``max_tries`` (None: unlimited),
    so a strategy that plays for the chance to finish within the tries sees the right limit.
    """

    name: str
    seed: int = 0

    def play(
        self, terminals: Terminals, max_tries: int | None, progress: Progress | None = None
    ) -> Int64Array:
        needed = np.empty(len(terminals), dtype=np.int64)
        for t in range(len(terminals)):
            game = find_game("fallout", GameOverrides(words=terminals.words(t)))
            matrix = PatternMatrix(replace(game, max_tries=max_tries), terminals.likeness[t])
            player = Player(matrix, find_strategy(self.name, seed=self.seed), PlayOptions())
            secret = terminals.secrets[t : t + 1]
            needed[t] = evaluate(player, secrets=secret).guesses[0]
            if progress is not None:
                progress(1)
        return needed


#: A compiled player for every greedy strategy of the registry, derived from the strategy.
#: ``random`` plays the words in the order of :attr:`Terminals.keys`: a uniformly random
#: candidate each time, from the seed.
COMPILED: dict[str, CompiledPlayer] = {
    name: CompiledPlayer(name, strategy.score_index, strategy.only_candidates)
    for name, strategy in STRATEGIES.items()
    if strategy.greedy
}


def terminal_player(name: str, seed: int = 0) -> TerminalPlayer:
    """The fastest player of a registered strategy (name or alias; unknown names are errors)."""
    canonical = find_strategy(name, seed=seed).name
    return COMPILED.get(canonical) or LibraryPlayer(canonical, seed)


def terminal_players(names: Sequence[str], seed: int = 0) -> list[TerminalPlayer]:
    """Players of several strategies in the order given, each strategy once (aliases merge).

    >>> [player.name for player in terminal_players(["entropy", "information", "random"])]
    ['entropy', 'random']
    """
    players: dict[str, TerminalPlayer] = {}
    for name in names:
        player = terminal_player(name, seed)
        players.setdefault(player.name, player)
    return list(players.values())
