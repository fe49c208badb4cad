"""Whole-dictionary evaluation: play every secret (or a sample) and summarise the guesses needed.

The strategy is deterministic for a given position, so all secrets are played at once: the
strategy's decision tree is grown (only the branches the chosen secrets reach) and walked. The
tree is kept, so an evaluation knows how it played each secret: :meth:`Evaluation.rows` gives
the secret, the guesses it needed, the path played and whether it was lost, and
:meth:`~Evaluation.to_frame` the same as a pandas DataFrame. A :class:`Comparison` holds the
evaluations of several strategies on the same secrets, one summary row each.

>>> from wordsolver.games import GameOverrides, find_game
>>> from wordsolver.matrix import pattern_matrix
>>> from wordsolver.strategies import PlayOptions, find_strategy
>>> game = find_game("fallout", GameOverrides(words=("cat", "car", "bat", "cot", "dog")))
>>> player = Player(pattern_matrix(game, use_cache=False), find_strategy("entropy"), PlayOptions())
>>> result = evaluate(player)
>>> result.mean, result.distribution
(2.0, {1: 1, 2: 3, 3: 1})
>>> result.rows()[0]
SecretRow(secret='bat', guesses=1, path=('bat',), lost=False)
>>> result.to_frame().head(2)
  strategy secret  guesses     path   lost
0  entropy    bat        1      bat  False
1  entropy    car        2  bat car  False
>>> result.summary()["mean"], result.to_json(rows=True)["rows"][-1]
(2.0, {'secret': 'dog', 'guesses': 2, 'path': ['bat', 'dog'], 'lost': False})
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, overload

import numpy as np
import numpy.typing as npt

from wordsolver.errors import OptionError, WordsolverError
from wordsolver.plumbing.arrays import IdArray
from wordsolver.plumbing.progress import Progress
from wordsolver.plumbing.tables import Row, data_frame, html_table
from wordsolver.strategies.player import Player
from wordsolver.tree.grow import Start, grow_tree
from wordsolver.tree.node import DecisionTree

if TYPE_CHECKING:
    from pandas import DataFrame

#: The columns of the per-secret rows, in order (a DataFrame's too).
ROW_COLUMNS = ("strategy", "secret", "guesses", "path", "lost")


@dataclass(frozen=True, slots=True)
class SecretRow:
    """How one secret was played: the guesses it needed, the words played in order (the
    secret last) and whether it needed more guesses than the game allows."""

    secret: str
    guesses: int
    path: tuple[str, ...]
    lost: bool

    @classmethod
    def of(cls, secret: str, path: tuple[str, ...], max_tries: int | None) -> SecretRow:
        """The row of a secret played along ``path`` in a game of ``max_tries`` (None:
        unlimited)."""
        return cls(secret, len(path), path, max_tries is not None and len(path) > max_tries)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON values."""
        return {
            "secret": self.secret,
            "guesses": self.guesses,
            "path": list(self.path),
            "lost": self.lost,
        }


class Played:
    """What a strategy's play over some secrets came to, whichever way they were played: the
    statistics, the summary row of a table of strategies and a row per secret.

    :class:`Evaluation` (every secret of one game, played by a tree) and
    :class:`~wordsolver.against.SecretsPlayed` (given secrets played as the assistant plays)
    are both; a :class:`Comparison` holds several of either kind.
    """

    __slots__ = ()
    game: str
    strategy: str
    max_tries: int | None
    guesses: npt.NDArray[np.int64]  # guesses needed, one per secret played
    seconds: float
    options: dict[str, Any]

    @property
    def total(self) -> int:
        """Number of secrets played."""
        return len(self.guesses)

    @property
    def mean(self) -> float:
        """Mean guesses per secret, the winning guess included."""
        return float(self.guesses.mean())

    @property
    def worst(self) -> int:
        """Most guesses any secret needed."""
        return int(self.guesses.max())

    @property
    def losses(self) -> int:
        """Secrets that needed more guesses than the game allows (0 when tries are unlimited)."""
        return 0 if self.max_tries is None else int((self.guesses > self.max_tries).sum())

    @property
    def solved_share(self) -> float:
        """Share of secrets solved within the tries allowed (1.0 when tries are unlimited)."""
        return 1.0 - self.losses / self.total

    @property
    def distribution(self) -> dict[int, int]:
        """Guesses needed -> number of secrets."""
        values, counts = np.unique(self.guesses, return_counts=True)
        return {int(v): int(c) for v, c in zip(values, counts, strict=True)}

    def rows(self) -> list[SecretRow]:
        """Every secret played: the guesses it needed and the path played."""
        raise NotImplementedError

    def to_json(self, *, rows: bool = False) -> dict[str, Any]:
        """The stable ``--json`` schema; ``rows`` adds every secret's row (:meth:`rows`)."""
        summary = {
            "game": self.game,
            "strategy": self.strategy,
            "options": self.options,
            "total": self.total,
            "mean": round(self.mean, 6),
            "worst": self.worst,
            "losses": self.losses,
            "max_tries": self.max_tries,
            "distribution": {str(k): v for k, v in self.distribution.items()},
            "seconds": round(self.seconds, 3),
        }
        if rows:
            summary["rows"] = [row.to_json() for row in self.rows()]
        return summary

    def to_frame(self) -> DataFrame:
        """The rows as a pandas DataFrame, one per secret: ``strategy``, ``secret``,
        ``guesses``, ``path`` (the words played, by spaces) and ``lost`` (the ``notebook``
        extra)."""
        return data_frame(self._frame_rows(), ROW_COLUMNS)

    def _frame_rows(self) -> list[Row]:
        return [
            {
                "strategy": self.strategy,
                "secret": row.secret,
                "guesses": row.guesses,
                "path": " ".join(row.path),
                "lost": row.lost,
            }
            for row in self.rows()
        ]

    def summary(self) -> dict[str, Any]:
        """One row for a table of strategies: mean, worst, losses, the share solved, the
        number of secrets that needed each number of guesses (``"1"``, ``"2"``, ...) and the
        seconds taken."""
        counts = self.distribution
        return {
            "strategy": self.strategy,
            "mean": round(self.mean, 6),
            "worst": self.worst,
            "losses": self.losses,
            "solved_share": round(self.solved_share, 6),
            **{str(k): counts.get(k, 0) for k in range(1, self.worst + 1)},
            "seconds": round(self.seconds, 3),
        }

    def _repr_html_(self) -> str:
        return Comparison((self,))._repr_html_()


@dataclass(frozen=True, slots=True, eq=False)
class Evaluation(Played):
    """How a strategy did over a set of secrets of one game, played by its decision tree."""

    game: str
    strategy: str
    max_tries: int | None
    secrets: IdArray  # secret ids that were played
    guesses: npt.NDArray[np.int64]  # guesses needed, aligned with ``secrets``
    seconds: float
    options: dict[str, Any] = field(default_factory=dict)
    #: The tree the secrets were played with (None: an evaluation that keeps no play per
    #: secret, such as random Fallout terminals or sets of boards).
    tree: DecisionTree | None = field(default=None, repr=False)

    def rows(self) -> list[SecretRow]:
        """Every secret played, in word order: the guesses it needed and the path played.

        Only an evaluation played with a tree keeps them (every evaluation of one game's
        secrets); WordsolverError says so otherwise."""
        tree = self.tree
        if tree is None:
            raise WordsolverError(
                f"{self.game}: this evaluation keeps no play per secret (only the evaluations"
                " of one game's secrets do)"
            )
        game = tree.matrix.game
        secrets, guesses = game.secrets.words, game.guesses.words
        rows = []
        for secret in self.secrets.tolist():
            path = tuple(guesses[row] for row in tree.path(secret))
            rows.append(SecretRow.of(secrets[secret], path, self.max_tries))
        return rows

    @classmethod
    def of_tree(
        cls, tree: DecisionTree, secrets: IdArray | None = None, seconds: float = 0.0
    ) -> Evaluation:
        """The evaluation of a grown tree over all secrets (or those it was grown for)."""
        game = tree.matrix.game
        played = np.arange(len(game.secrets)) if secrets is None else np.unique(secrets)
        return cls(
            game=game.name,
            strategy=tree.strategy,
            max_tries=game.max_tries,
            secrets=played,
            guesses=tree.guesses_needed(played),
            seconds=seconds,
            options=tree.options,
            tree=tree,
        )


def sample_secrets(n_secrets: int, size: int, seed: int) -> IdArray:
    """``size`` distinct secret ids drawn at random (reproducibly from ``seed``), sorted."""
    if not 1 <= size <= n_secrets:
        raise OptionError(f"`sample` must be from 1 to {n_secrets}, not {size}", ("sample",))
    rng = np.random.default_rng(seed)
    return np.sort(rng.choice(n_secrets, size=size, replace=False))


def evaluate(
    player: Player,
    *,
    secrets: IdArray | None = None,
    progress: Progress | None = None,
    start: Start | None = None,
) -> Evaluation:
    """Play ``player`` against every secret (or just ``secrets``) and count the guesses.

    ``start`` = (candidates, tries used, hard-mode mask) plays from a later moment of a game
    instead: pass the candidates as ``secrets`` too; guesses are counted from that moment.
    """
    started = time.perf_counter()
    tree = grow_tree(player, secrets=secrets, progress=progress, start=start)
    return Evaluation.of_tree(tree, secrets, time.perf_counter() - started)


@dataclass(frozen=True, slots=True, eq=False)
class Comparison(Sequence[Played]):
    """The evaluations of several strategies on the same secrets, in the order asked; indexed
    by position or by strategy name.

    :meth:`summary_frame` is one row per strategy (the table ``wordsolver evaluate`` prints),
    :meth:`to_frame` every secret of every strategy (pivot it for one column per strategy).
    """

    evaluations: tuple[Played, ...]

    def __post_init__(self) -> None:
        if not self.evaluations:
            raise OptionError("a comparison needs at least one strategy", ("strategy",))

    @overload
    def __getitem__(self, key: int | str) -> Played: ...
    @overload
    def __getitem__(self, key: slice) -> Sequence[Played]: ...
    def __getitem__(self, key: int | str | slice) -> Played | Sequence[Played]:
        if isinstance(key, str):
            for evaluation in self.evaluations:
                if evaluation.strategy == key:
                    return evaluation
            raise KeyError(key)
        return self.evaluations[key]

    def __len__(self) -> int:
        return len(self.evaluations)

    def __iter__(self) -> Iterator[Played]:
        return iter(self.evaluations)

    def __repr__(self) -> str:
        first = self.evaluations[0]
        means = ", ".join(f"{e.strategy} {e.mean:.4f}" for e in self.evaluations)
        return f"<Comparison on {first.game}, {first.total:,} secrets: {means}>"

    def summaries(self) -> list[dict[str, Any]]:
        """One :meth:`Played.summary` per strategy, with a count for every number of
        guesses any of them needed."""
        longest = max(e.worst for e in self.evaluations)
        rows = []
        for evaluation in self.evaluations:
            row = evaluation.summary()
            seconds = row.pop("seconds")
            rows.append(
                {
                    **row,
                    **{str(k): row.get(str(k), 0) for k in range(1, longest + 1)},
                    "seconds": seconds,
                }
            )
        return rows

    def summary_frame(self) -> DataFrame:
        """:meth:`summaries` as a pandas DataFrame (the ``notebook`` extra)."""
        rows = self.summaries()
        return data_frame(rows, list(rows[0]))

    def to_frame(self) -> DataFrame:
        """Every strategy's rows (:meth:`Played.to_frame`) in one DataFrame."""
        return data_frame([r for e in self.evaluations for r in e._frame_rows()], ROW_COLUMNS)

    def to_json(self, *, rows: bool = False) -> list[dict[str, Any]]:
        """One :meth:`Played.to_json` per strategy (the ``evaluate --json`` list)."""
        return [evaluation.to_json(rows=rows) for evaluation in self.evaluations]

    def _repr_html_(self) -> str:
        first = self.evaluations[0]
        rows = self.summaries()
        caption = f"{first.game}: {first.total:,} secrets"
        return html_table(rows, list(rows[0]), caption=caption)
