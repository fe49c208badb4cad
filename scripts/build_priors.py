"""Build the priors in ``src/wordsolver/lexicon/data``: how likely each accepted word is to be
the real game's secret.

Run ``python scripts/build_priors.py [--out DIR] [--check]`` in a venv made with
``pip install -e '.[wordlists]'``. The output depends only on the versions of the packages
below and on the game lists already in the package data, so the same versions give
byte-identical files. ``--check`` also prints how well the curve, fitted on one part of the
evidence, predicts the part held out.

The model (the same for every game; only its lists differ):

* The **known answers** (a list the game is known to draw from) share ``1 − outside`` of the
  probability, nearly equally: a common word up to ``KNOWN_TILT`` times as likely as the
  rarest, by the same curve over their own frequency ranks (so that of two known answers that
  fit, the familiar one is named first). A past answer stays possible: the games repeat them.
* Every other accepted word shares ``outside`` in proportion to a weight: a sigmoid over its
  rank by ``wordfreq`` frequency among those words (common words first), times
  ``inflected`` for an inflected form (a plural, a past tense, a third person: the games pick
  lemmas) and times ``name`` for a word that is mostly a name.
* The sigmoid's centre and width are shares of the number of those words, and they and the
  two factors are fitted by maximum likelihood on the one real record of a game picking
  answers beyond its list: the 856 answers of the New York Times WordleBot list (2023) that
  the original list (2021) did not hold, among the accepted words outside the original list.
  ``--check`` fits on half of those answers and scores the other half.

Sources and licences:

* ``wordfreq`` (code Apache-2.0; data CC-BY-SA 4.0): English and Russian word frequencies.
* ``lemminflect`` (MIT): English lemmas, which tell an inflected form (``cards`` of ``card``)
  from a lemma (``bling``); words it does not know are lemmas.
* ``english-words`` (MIT; Webster's Second ``web2``, public domain): a word it lists only
  capitalised is a name (``aaron``, ``texas``).
* ``pymorphy3`` with ``pymorphy3-dicts-ru`` (MIT; OpenCorpora, CC-BY-SA 3.0): whether a
  Russian word is a nominative singular noun (``взмет``) or another form (``слова``).
* The games' own lists in the package data: Wordle's original answers and the WordleBot
  answers (known answers), the New York Times accepted guesses; the 5 букв study's answers
  (known) and the words the game accepts; the Tonguess dictionaries (``frequency`` priors
  weight the dictionary alone, with no known answers).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

import numpy as np
import pymorphy3
from english_words import get_english_words_set
from lemminflect import getAllLemmas
from wordfreq import zipf_frequency

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "src" / "wordsolver" / "lexicon" / "data"
#: The version of the prior files' format and model; bump when either changes.
PRIOR_VERSION = 1
#: The date the files say they were built on (fixed, so a rebuild gives the same bytes).
BUILT = "2026-12-02"

#: The chance that the secret is none of the known answers (see the module docstring).
OUTSIDE = 0.02
#: How much likelier the commonest known answer is than the rarest: a tilt, not a ranking
#: (the games draw from their lists without regard to frequency as far as anyone knows).
KNOWN_TILT = 2.0
#: Candidate shapes searched by the fit: centre and width as shares of the words ranked.
CENTRES = (0.02, 0.03, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.4)
WIDTHS = (0.01, 0.02, 0.04, 0.06, 0.1, 0.15, 0.25)
FACTORS = (0.02, 0.05, 0.1, 0.2, 0.35, 0.5, 1.0)


@dataclass(frozen=True, slots=True)
class Shape:
    """The curve over the words outside the known answers."""

    centre: float  # share of the ranked words at which the sigmoid is one half
    width: float  # share of the ranked words over which it falls by e
    inflected: float  # factor of an inflected form
    name: float  # factor of a word that is mostly a name

    def weights(self, ranks: np.ndarray, inflected: np.ndarray, names: np.ndarray) -> np.ndarray:
        """The unnormalised weight of each word from its frequency rank and its form."""
        n = max(len(ranks), 1)
        curve = 1.0 / (1.0 + np.exp((ranks / n - self.centre) / self.width))
        return curve * np.where(inflected, self.inflected, 1.0) * np.where(names, self.name, 1.0)


def read_list(name: str) -> list[str]:
    """A list of the package data, one word a line."""
    return (DATA / f"{name}.txt").read_text(encoding="utf-8").split()


def frequency_ranks(words: Sequence[str], language: str) -> np.ndarray:
    """Each word's rank by wordfreq frequency among ``words`` (0: the most frequent; ties by
    word order, so the ranks are a permutation)."""
    zipf = np.array([zipf_frequency(word, language) for word in words])
    order = np.lexsort((np.arange(len(words)), -zipf))
    ranks = np.empty(len(words))
    ranks[order] = np.arange(len(words))
    return ranks


def english_forms(words: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """Which words are inflected forms (every lemma lemminflect knows for it is another word)
    and which are names (web2 lists them only capitalised)."""
    web2 = get_english_words_set(["web2"], lower=False, alpha=True)
    inflected = []
    for word in words:
        lemmas = {lemma for forms in getAllLemmas(word).values() for lemma in forms}
        inflected.append(bool(lemmas) and word not in lemmas)
    names = [word not in web2 and word.capitalize() in web2 for word in words]
    return np.array(inflected), np.array(names)


def russian_forms(words: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """Which words are not nominative singular nouns in their likeliest reading (pymorphy3),
    and which are names (a name, surname or patronymic reading first)."""
    morph = pymorphy3.MorphAnalyzer()
    other, names = [], []
    for word in words:
        tag = morph.parse(word)[0].tag
        other.append(not ({"NOUN", "nomn", "sing"} <= tag.grammemes))
        names.append(bool({"Name", "Surn", "Patr", "Geox"} & tag.grammemes))
    return np.array(other), np.array(names)


Forms = Callable[[Sequence[str]], tuple[np.ndarray, np.ndarray]]


def log_likelihood(shape: Shape, ranks: np.ndarray, forms: tuple[np.ndarray, np.ndarray],
                   picked: np.ndarray) -> float:
    """Mean log-probability of the picked words, each word's probability its share of the
    weights."""
    weights = shape.weights(ranks, *forms)
    return float(np.mean(np.log(weights[picked] / weights.sum())))


def fit(ranks: np.ndarray, forms: tuple[np.ndarray, np.ndarray], picked: np.ndarray) -> Shape:
    """The shape under which the picked words are likeliest (a grid search)."""
    best, best_score = None, -math.inf
    for centre in CENTRES:
        for width in WIDTHS:
            for inflected in FACTORS:
                for name in FACTORS:
                    shape = Shape(centre, width, inflected, name)
                    score = log_likelihood(shape, ranks, forms, picked)
                    if score > best_score:
                        best, best_score = shape, score
    assert best is not None
    return best


def wordle_evidence() -> tuple[list[str], np.ndarray, tuple[np.ndarray, np.ndarray], np.ndarray]:
    """The accepted words outside the original answers, their ranks and forms, and which of
    them the WordleBot list picked."""
    original = set(read_list("wordle-answers-original"))
    wordlebot = set(read_list("wordle-answers-wordlebot"))
    outside = [word for word in read_list("wordle-allowed-nyt") if word not in original]
    picked = np.array([word in wordlebot for word in outside])
    return outside, frequency_ranks(outside, "en"), english_forms(outside), picked


def fitted_shape(check: bool) -> Shape:
    """The shape fitted on all the evidence; with ``check``, first fit on each half and print
    how the other half scores beside equal weights."""
    words, ranks, forms, picked = wordle_evidence()
    if check:
        rng = np.random.default_rng(2023)
        chosen = np.flatnonzero(picked)
        half = rng.permutation(chosen)[: len(chosen) // 2]
        first = np.zeros(len(words), dtype=bool)
        first[half] = True
        for name, train, test in (("A", first, picked & ~first), ("B", picked & ~first, first)):
            shape = fit(ranks, forms, train)
            held = log_likelihood(shape, ranks, forms, test)
            uniform = -math.log(len(words))
            top = shape.weights(ranks, *forms)
            share = float(top[test].sum() / top.sum()) / test.mean()
            print(
                f"fit on half {name}: {shape}; held-out mean log-probability {held:.3f}"
                f" (equal weights {uniform:.3f}); held-out words get {share:.1f}x their"
                " share of the weight"
            )
    return fit(ranks, forms, picked)


def prior(words: Sequence[str], known: set[str], language: str, forms: Forms,
          shape: Shape, outside: float) -> dict[str, float]:
    """Each word's probability: the known answers share ``1 − outside`` equally, the others
    ``outside`` by the curve (all of it when no answer is known)."""
    rest = [word for word in words if word not in known]
    ranks = frequency_ranks(rest, language)
    weights = shape.weights(ranks, *forms(rest))
    share = outside if known else 1.0
    probabilities = dict(zip(rest, (share * weights / weights.sum()).tolist(), strict=True))
    if known:
        answers = [word for word in words if word in known]
        plain = np.zeros(len(answers), dtype=bool)
        curve = shape.weights(frequency_ranks(answers, language), plain, plain)
        tilt = 1.0 + (KNOWN_TILT - 1.0) * (curve - curve.min()) / (curve.max() - curve.min())
        shares = (1.0 - share) * tilt / tilt.sum()
        probabilities.update(zip(answers, shares.tolist(), strict=True))
    return probabilities


def write_prior(path: Path, header: dict[str, str], probabilities: dict[str, float]) -> None:
    """The header as ``# key: value`` lines, then ``word<TAB>probability`` in word order."""
    lines = [f"# {key}: {value}\n" for key, value in header.items()]
    lines += [f"{word}\t{p:.6e}\n" for word, p in sorted(probabilities.items())]
    path.write_text("".join(lines), encoding="utf-8")


def packages() -> str:
    return ", ".join(
        f"{name} {version(name)}"
        for name in ("wordfreq", "lemminflect", "english-words", "pymorphy3", "pymorphy3-dicts-ru")
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DATA)
    parser.add_argument("--check", action="store_true", help="score the fit on held-out halves")
    args = parser.parse_args(argv)
    shape = fitted_shape(args.check)
    print(f"fitted on all 856 answers: {shape}")
    common = {
        "version": str(PRIOR_VERSION),
        "built": f"{BUILT} by scripts/build_priors.py",
        "packages": packages(),
        "curve": (
            f"sigmoid over the wordfreq rank among the words outside the known answers, centre"
            f" {shape.centre} and width {shape.width} of their number; inflected forms x"
            f"{shape.inflected}, names x{shape.name}: fitted by maximum likelihood on the 856"
            " WordleBot answers the original list did not hold"
        ),
    }
    nyt = read_list("wordle-allowed-nyt")
    known = set(read_list("wordle-answers-original")) | set(read_list("wordle-answers-wordlebot"))
    write_prior(
        args.out / "prior-wordle.tsv",
        {
            "prior": "nyt: today's New York Times Wordle",
            "words": f"the {len(nyt):,} accepted guesses (wordle-allowed-nyt, 2022-08-30)",
            "known": (
                f"{len(known):,} known answers share {1 - OUTSIDE:g}, the commonest {KNOWN_TILT:g}"
                " times as likely as the rarest: the original list (2,315; 2021) and the"
                " WordleBot list (3,158; 2023-07-01)"
            ),
            "outside": f"the other words share {OUTSIDE:g} by the curve",
            **common,
        },
        prior(nyt, known, "en", english_forms, shape, OUTSIDE),
    )
    accepted = read_list("5bukv-allowed-study")
    study = set(read_list("5bukv-answers-study"))
    write_prior(
        args.out / "prior-5bukv.tsv",
        {
            "prior": "game: the Russian game 5 букв",
            "words": f"the {len(accepted):,} words the game accepts (5bukv-allowed-study)",
            "known": (
                f"the study's {len(study):,} answers share {1 - OUTSIDE:g}, the commonest"
                f" {KNOWN_TILT:g} times as likely as the rarest"
            ),
            "outside": (
                f"the other words share {OUTSIDE:g} by the curve; forms other than a nominative"
                " singular noun (pymorphy3) count as inflected"
            ),
            **common,
        },
        prior(accepted, study, "ru", russian_forms, shape, OUTSIDE),
    )
    for length in (3, 4):
        words = sorted(set(read_list(f"tonguess{length}-game")) | set(read_list(
            f"tonguess{length}-open")))
        write_prior(
            args.out / f"prior-tonguess{length}.tsv",
            {
                "prior": "frequency: people pick common words",
                "words": f"the {len(words):,} words of the game's and the open dictionaries",
                "known": "no known answers",
                "outside": "every word by the curve over its wordfreq rank",
                **common,
            },
            prior(words, set(), "en", english_forms, shape, 1.0),
        )
    print(f"wrote the priors to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
