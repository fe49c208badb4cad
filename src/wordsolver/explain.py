"""Why a guess is good: how it splits the candidates, beside another guess, and what the exact
search proves.

:func:`explain` answers for one position of a :class:`~wordsolver.session.Session`: for the
guess (and the one the player has in mind beside it) every feedback it can earn, how many
candidates each would leave and which, and how likely it is (every candidate equally likely);
the sizes of those buckets as a histogram; and, where the exact search proves the position
within its time bound, the expected number of guesses from here under best play. The faces (the
``explain`` command, the assistant, the web page) only draw what it returns;
:func:`wordsolver.plots.bucket_histogram` draws the histogram. In a notebook an explanation
shows itself as a table of its buckets, and :meth:`Explanation.to_frame` gives them as a pandas
DataFrame.

>>> from wordsolver.games import GameOverrides, find_game
>>> from wordsolver.matrix import pattern_matrix
>>> from wordsolver.session import Session
>>> game = find_game("fallout", GameOverrides(words=("cat", "car", "bat", "cot", "dog")))
>>> answer = explain(Session(pattern_matrix(game, use_cache=False)), "cat", versus="car")
>>> [(bucket.feedback, bucket.size) for bucket in answer.guess.buckets]
[('2', 3), ('0', 1), ('3', 1)]
>>> answer.guess.summary(), answer.versus.summary()
('cat leaves 2.2 on average, worst 3', 'car leaves 1.4 on average, worst 2')
>>> answer.exact.best_mean, answer.exact.guess_mean, answer.exact.versus_mean
(2.0, 2.4, 2.0)
>>> answer.rows()[0]["feedback"], answer.rows()[0]["size"], answer.rows()[0]["words"]
('2', 3, 'bat car cot')
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from wordsolver.errors import OptionError, WordsolverError
from wordsolver.partition import split
from wordsolver.plumbing.arrays import FloatArray, IdArray
from wordsolver.plumbing.tables import Row, data_frame, html_table
from wordsolver.search.base import SearchLimit
from wordsolver.session import Session
from wordsolver.strategies import Player, PlayOptions
from wordsolver.strategies.optimal import Optimal
from wordsolver.widen import feedback_against

if TYPE_CHECKING:
    from pandas import DataFrame

#: Candidates named per bucket ("a handful"); the count is always given.
SHOW_WORDS = 6
#: The exact search is asked only when at most this many candidates are left (larger positions
#: are out of its reach in a fraction of a second).
EXACT_MAX_CANDIDATES = 300
#: Seconds the exact search may take by default before the explanation goes without it.
EXACT_SECONDS = 0.08
#: The columns of an explanation's rows, in order (a DataFrame's too).
BUCKET_COLUMNS = ("guess", "feedback", "size", "probability", "wins", "words")


@dataclass(frozen=True, slots=True)
class ExplainOptions:
    """How much an explanation shows, and how long the exact search may try.

    ``exact_seconds`` 0 leaves the exact search out.
    """

    show_words: int = SHOW_WORDS
    exact_seconds: float = EXACT_SECONDS

    def __post_init__(self) -> None:
        if self.show_words < 0:
            raise OptionError("`show_words` must be 0 or more", ("show_words",))
        if not (math.isfinite(self.exact_seconds) and self.exact_seconds >= 0):
            raise OptionError(
                f"`exact_seconds` must be a number of seconds ≥ 0, not {self.exact_seconds}",
                ("exact_seconds",),
            )


@dataclass(frozen=True, slots=True)
class Bucket:
    """One feedback the guess can earn and the candidates it would leave.

    ``words`` names at most a handful of them (in word order); ``size`` counts them all.
    """

    pattern: int
    feedback: str
    size: int
    probability: float
    words: tuple[str, ...]
    wins: bool


@dataclass(frozen=True, slots=True)
class SizeBin:
    """Buckets whose size is in ``low..high``: how many, and how many candidates they hold."""

    low: int
    high: int
    buckets: int
    candidates: int

    @property
    def label(self) -> str:
        """``1``, ``2``, ``3-4``, ``5-8``..."""
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


@dataclass(frozen=True, slots=True)
class GuessSplit:
    """How one guess splits the candidates: its buckets (largest first) and their measures.

    ``mean_left`` is the expected number of candidates left (Σ size² / N), ``bits`` the
    expected information, ``histogram`` maps a bucket size to how many buckets have it.
    """

    word: str
    can_win: bool
    candidates: int
    buckets: tuple[Bucket, ...]
    mean_left: float
    worst: int
    bits: float
    histogram: dict[int, int] = field(repr=False)

    def summary(self) -> str:
        """``crane leaves 17 on average, worst 52``."""
        return f"{self.word} leaves {self.mean_left:.3g} on average, worst {self.worst}"

    def size_bins(self) -> list[SizeBin]:
        """The histogram in bins that double in width (1, 2, 3-4, 5-8, ...), none empty."""
        bins: dict[int, list[int]] = {}
        for size, buckets in self.histogram.items():
            low = 1 if size == 1 else 2 ** math.ceil(math.log2(size)) // 2 + 1
            tally = bins.setdefault(low, [0, 0])
            tally[0] += buckets
            tally[1] += buckets * size
        return [
            SizeBin(low, 1 if low == 1 else 2 * (low - 1), buckets, held)
            for low, (buckets, held) in sorted(bins.items())
        ]

    def to_json(self) -> dict[str, Any]:
        """Plain JSON values (``explain --json``, the web API)."""
        return {
            "word": self.word,
            "can_win": self.can_win,
            "mean_left": round(self.mean_left, 6),
            "worst": self.worst,
            "bits": round(self.bits, 6),
            "n_buckets": len(self.buckets),
            "buckets": [
                {
                    "feedback": bucket.feedback,
                    "pattern": bucket.pattern,
                    "size": bucket.size,
                    "probability": round(bucket.probability, 6),
                    "words": list(bucket.words),
                    "wins": bucket.wins,
                }
                for bucket in self.buckets
            ],
            "histogram": [
                {
                    "sizes": b.label,
                    "low": b.low,
                    "high": b.high,
                    "buckets": b.buckets,
                    "candidates": b.candidates,
                }
                for b in self.size_bins()
            ],
        }


@dataclass(frozen=True, slots=True)
class ExactVerdict:
    """What the exact search proved: an optimal guess now and the expected guesses from here
    under best play (the next guess included), and the same with each explained guess played
    first (None where that guess can finish no tree within the tries)."""

    best: str
    best_mean: float
    guess_mean: float | None
    versus_mean: float | None

    def to_json(self) -> dict[str, Any]:
        """Plain JSON values."""
        return {
            "best": self.best,
            "best_mean": round(self.best_mean, 6),
            "guess_mean": None if self.guess_mean is None else round(self.guess_mean, 6),
            "versus_mean": None if self.versus_mean is None else round(self.versus_mean, 6),
        }


@dataclass(frozen=True, slots=True)
class Explanation:
    """The explanation of a guess at one position.

    ``exact`` is None when the exact search was not asked (too many candidates, or
    ``exact_seconds`` 0) or did not prove the position in its time; ``exact_note`` says which.
    """

    game: str
    candidates_left: int
    guess: GuessSplit
    versus: GuessSplit | None
    exact: ExactVerdict | None
    exact_note: str | None

    def to_json(self) -> dict[str, Any]:
        """Plain JSON values (``explain --json``, the web API)."""
        return {
            "game": self.game,
            "candidates_left": self.candidates_left,
            "guess": self.guess.to_json(),
            "versus": None if self.versus is None else self.versus.to_json(),
            "exact": None if self.exact is None else self.exact.to_json(),
            "exact_note": self.exact_note,
        }

    def rows(self) -> list[Row]:
        """One row per feedback the guess can earn (then the other guess's), largest bucket
        first: the guess, the feedback, how many candidates it leaves, its chance, whether it
        wins, and the candidates named (a handful, by spaces)."""
        return [
            {
                "guess": chosen.word,
                "feedback": bucket.feedback,
                "size": bucket.size,
                "probability": bucket.probability,
                "wins": bucket.wins,
                "words": " ".join(bucket.words),
            }
            for chosen in (self.guess, self.versus)
            if chosen is not None
            for bucket in chosen.buckets
        ]

    def to_frame(self) -> DataFrame:
        """The rows as a pandas DataFrame (the ``notebook`` extra)."""
        return data_frame(self.rows(), BUCKET_COLUMNS)

    def _repr_html_(self) -> str:
        said = [chosen.summary() for chosen in (self.guess, self.versus) if chosen is not None]
        if self.exact is not None:
            said.append(f"best play ({self.exact.best} first) needs {self.exact.best_mean:.4g}")
        caption = f"{self.game}: {self.candidates_left:,} possible; " + "; ".join(said)
        return html_table(self.rows(), BUCKET_COLUMNS, caption=caption)


def split_of(session: Session, word: str, options: ExplainOptions | None = None) -> GuessSplit:
    """How ``word`` splits the session's candidates now."""
    chosen = options or ExplainOptions()
    game = session.game
    row = game.guess_row(word)
    candidates = session.candidates
    n = len(candidates)
    names = game.secrets.words
    patterns = (
        feedback_against(game, row, game.secret_rows[candidates])
        if session.matrix.streamed
        else session.matrix.values[row, candidates]
    )
    # Each candidate's probability (all alike under the uniform prior): a bucket's chance is
    # the sum of its words', and its words are named likeliest first.
    probability = np.zeros(len(names))
    probability[candidates] = session.probabilities()
    buckets = sorted(
        (
            Bucket(
                pattern=pattern,
                feedback=game.format_pattern(pattern),
                size=len(members),
                probability=float(probability[members].sum()),
                words=tuple(
                    names[i] for i in _likeliest_first(members, probability)[: chosen.show_words]
                ),
                wins=pattern == game.win_pattern,
            )
            for pattern, members in split(patterns, candidates)
        ),
        key=lambda bucket: (
            (-bucket.size, bucket.pattern)
            if game.uniform
            else (-bucket.probability, bucket.pattern)
        ),
    )
    sizes = np.array([bucket.size for bucket in buckets], dtype=np.float64)
    chances = np.array([bucket.probability for bucket in buckets], dtype=np.float64)
    positive = chances[chances > 0]
    return GuessSplit(
        word=game.guesses.words[row],
        can_win=any(bucket.wins for bucket in buckets),
        candidates=n,
        buckets=tuple(buckets),
        mean_left=float((sizes**2).sum() / n) if game.uniform else float(chances @ sizes),
        worst=int(sizes.max()),
        bits=(
            float(math.log2(n) - (sizes * np.log2(sizes)).sum() / n)
            if game.uniform
            else float(-(positive * np.log2(positive)).sum())
        ),
        histogram=dict(sorted(Counter(bucket.size for bucket in buckets).items())),
    )


def _likeliest_first(members: IdArray, probability: FloatArray) -> IdArray:
    """The members in word order, or the likeliest first when they are not all alike (ties in
    word order)."""
    ordered: IdArray = members[np.lexsort((members, -probability[members]))]
    return ordered


def explain(
    session: Session,
    guess: str,
    *,
    versus: str | None = None,
    play: PlayOptions | None = None,
    options: ExplainOptions | None = None,
) -> Explanation:
    """Explain ``guess`` (and ``versus`` beside it) at the session's position.

    ``play`` sets hard mode and the guesses allowed for the exact search (the default: any
    allowed word). A solved session has nothing left to explain.
    """
    chosen = options or ExplainOptions()
    if session.solved:
        raise WordsolverError("the secret is found already: nothing to explain")
    mine = split_of(session, guess, chosen)
    other = None if versus is None else split_of(session, versus, chosen)
    exact, note = _exact(session, mine, other, play or PlayOptions(), chosen.exact_seconds)
    return Explanation(
        game=session.game.name,
        candidates_left=len(session.candidates),
        guess=mine,
        versus=other,
        exact=exact,
        exact_note=note,
    )


def _exact(
    session: Session,
    mine: GuessSplit,
    other: GuessSplit | None,
    play: PlayOptions,
    seconds: float,
) -> tuple[ExactVerdict | None, str | None]:
    """The exact search's verdict, or why there is none."""
    n = len(session.candidates)
    if seconds == 0:
        return None, "the exact search was not asked"
    if n > EXACT_MAX_CANDIDATES:
        return None, f"the exact search is asked from {EXACT_MAX_CANDIDATES} candidates down"
    strategy = Optimal(SearchLimit(seconds=seconds))
    player = Player(session.matrix, strategy, play)
    position = session.position(player)
    rows = session.game.guess_index
    explained = [rows[split.word] for split in (mine, other) if split is not None]
    try:
        best, best_mean, means = strategy.means_with(position, explained)
    except WordsolverError:  # out of time (SearchInterrupted), or no tree within the tries
        return None, f"the exact search did not prove this position within {seconds:g} s"
    finite = [mean if math.isfinite(mean) else None for mean in means]
    return (
        ExactVerdict(
            best=session.game.guesses.words[best],
            best_mean=best_mean,
            guess_mean=finite[0],
            versus_mean=finite[1] if other is not None else None,
        ),
        None,
    )
