"""The shipped priors: every accepted word covered, probabilities sane, the known answers high,
inflected forms and names low, the sources named; and the games that play them."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from wordsolver.errors import OptionError, UnknownNameError, WordListError
from wordsolver.games import GameOverrides, find_game
from wordsolver.lexicon import BUILTIN_PRIORS, builtin_lexicon, builtin_prior, prior_header
from wordsolver.lexicon.priors import parse_prior

#: Each prior file, the list of every word it must cover and its known answers (None: none).
COVERED = {
    "prior-wordle": ("wordle-allowed-nyt", ("wordle-answers-original", "wordle-answers-wordlebot")),
    "prior-5bukv": ("5bukv-allowed-study", ("5bukv-answers-study",)),
    "prior-tonguess3": ("tonguess3-game", ()),
    "prior-tonguess4": ("tonguess4-game", ()),
}


@pytest.mark.parametrize("name", BUILTIN_PRIORS)
def test_a_prior_covers_every_accepted_word_with_a_chance(name: str) -> None:
    prior = builtin_prior(name)
    accepted, known = COVERED[name]
    assert set(builtin_lexicon(accepted).words) <= set(prior.words)
    assert list(prior.words) == sorted(prior.words)
    assert (prior.values > 0).all() and np.isfinite(prior.values).all()
    assert prior.values.sum() == pytest.approx(1.0, abs=1e-4)
    answers = {word for name in known for word in builtin_lexicon(name).words}
    if answers:
        prior.over(tuple(sorted(answers)))  # every known answer has a chance (else it raises)
        in_known = np.array([word in answers for word in prior.words])
        # The known answers share most of the probability; each is likelier than the median
        # word outside them.
        assert prior.values[in_known].sum() > 0.9
        assert prior.values[in_known].min() > np.median(prior.values[~in_known])


@pytest.mark.parametrize("name", BUILTIN_PRIORS)
def test_a_prior_names_its_sources_version_and_date(name: str) -> None:
    header = prior_header(name)
    assert {"prior", "words", "known", "outside", "version", "built", "packages", "curve"} <= set(
        header
    )
    assert "wordfreq" in header["packages"] and "scripts/build_priors.py" in header["built"]
    assert builtin_prior(name).header == header


def test_wordle_prior_puts_plurals_and_names_low() -> None:
    prior = builtin_prior("prior-wordle")
    # Known answers high; a plural, a past tense and names far below a known answer.
    assert prior.probability("honor") > prior.probability("donor") > 20 * prior.probability("cards")
    for low in ("cards", "boxes", "jived", "texas", "paris", "james"):
        assert prior.probability(low) < prior.probability("bling") / 20, low
    # A common lemma outside the known answers is likelier than an obscure one.
    assert prior.probability("hilch") < prior.probability("zilch") / 100


def test_5bukv_prior_keeps_every_accepted_noun_possible() -> None:
    prior = builtin_prior("prior-5bukv")
    assert 0 < prior.probability("взмет") < prior.probability("сюжет")


def test_a_prior_file_is_read_strictly() -> None:
    table = parse_prior("t", "# prior: test\ncrane\t0.75\nslate\t0.25\n")
    assert table.header == {"prior": "test"} and table.over(("slate",)).tolist() == [1.0]
    with pytest.raises(WordListError, match="t:2"):
        parse_prior("t", "# x: y\ncrane 0.5\n")
    with pytest.raises(WordListError, match="no chance"):
        table.over(("trace",))
    with pytest.raises(UnknownNameError):
        builtin_prior("prior-nothing")


def test_default_games_play_their_prior_and_research_lists_stay_uniform() -> None:
    wordle = find_game("wordle")
    assert (wordle.prior, len(wordle.secrets)) == ("nyt", 14855)
    assert wordle.probabilities.sum() == pytest.approx(1.0)
    five = find_game("5bukv")
    assert (five.lists, five.prior, len(five.secrets)) == ("game", "game", 4110)
    for name, lists, size in (
        ("wordle", "original", 2315),
        ("wordle", "wordlebot", 3158),
        ("5bukv", "study", 2066),
        ("tonguess4", None, 1782),
    ):
        game = find_game(name, GameOverrides(lists=lists))
        assert (game.prior, game.uniform, len(game.secrets)) == ("uniform", True, size)
    uniform = find_game("wordle", GameOverrides(prior="uniform"))
    assert (len(uniform.secrets), uniform.weights) == (2315, None)
    tonguess = find_game("tonguess4", GameOverrides(prior="frequency"))
    p = tonguess.probabilities
    assert p[tonguess.secret_id("word")] > p[tonguess.secret_id("zarf")]


def test_a_prior_is_refused_where_it_cannot_apply() -> None:
    with pytest.raises(OptionError, match="does not cover"):
        find_game("wordle", GameOverrides(lists="open", prior="nyt"))
    with pytest.raises(OptionError, match="your lists"):
        find_game("wordle", GameOverrides(words=("crane", "slate"), prior="nyt"))
    with pytest.raises(UnknownNameError):
        find_game("wordle", GameOverrides(prior="frequency"))
    # The adversarial host keeps every answer alike.
    assert find_game("absurdle").uniform


@pytest.mark.skipif(
    importlib.util.find_spec("lemminflect") is None, reason="the wordlists extra is not installed"
)
def test_the_build_script_rebuilds_the_shipped_files(tmp_path: Path) -> None:
    from scripts.build_priors import DATA, main

    assert main(["--out", str(tmp_path)]) == 0
    for name in BUILTIN_PRIORS:
        assert (tmp_path / f"{name}.tsv").read_bytes() == (DATA / f"{name}.tsv").read_bytes()
