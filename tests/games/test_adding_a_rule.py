"""Adding a rule: a rule defined only here, a Jotto-like count of the letters guess and secret
share, gets what its class declares (the proof's symmetry, the compiled hard mode) from code
that never names it, and agrees with the plain references."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.readable_search import ReadableSearch
from tests.reference import brute_force, no_fallback
from wordsolver.alphabet import LetterCodes, find_alphabet
from wordsolver.errors import InvalidPatternError
from wordsolver.games import FeedbackForm, Game, all_strings, make_game
from wordsolver.games.form import NUMBER_COMMON
from wordsolver.games.rule import FeedbackRule, PatternArray, Symmetries
from wordsolver.lexicon import Lexicon
from wordsolver.matrix import pattern_matrix
from wordsolver.proof import InProcessRunner, ProofSpec, ResultsLog, prove
from wordsolver.proof.symmetry import all_rows, game_symmetry
from wordsolver.search.compiled import CompiledSearch, exact_search
from wordsolver.strategies import PlayOptions
from wordsolver.tree import check_tree
from wordsolver.tree.optimal import grow_optimal, optimal_tree


class SharedLettersRule(FeedbackRule):
    """How many different letters guess and secret share (each counted once), as pattern
    ``1 + shared``; the secret itself wins with pattern 0."""

    name = "shared-letters"
    description = "how many different letters guess and secret share"
    form: FeedbackForm = NUMBER_COMMON
    symmetries = Symmetries(letters=True, positions=True)

    def n_patterns(self, length: int) -> int:
        return 2 + length

    def win_pattern(self, length: int) -> int:
        return 0

    def feedback(self, guess: str, secret: str) -> int:
        return 0 if guess == secret else 1 + len(set(guess) & set(secret))

    def fill_matrix(self, guesses: LetterCodes, secrets: LetterCodes, out: PatternArray) -> None:
        letters = int(max(guesses.max(initial=0), secrets.max(initial=0))) + 1
        has_guess = np.zeros((len(guesses), letters), dtype=np.int64)
        has_secret = np.zeros((len(secrets), letters), dtype=np.int64)
        np.put_along_axis(has_guess, guesses.astype(np.intp), 1, axis=1)
        np.put_along_axis(has_secret, secrets.astype(np.intp), 1, axis=1)
        same = (guesses[:, np.newaxis, :] == secrets[np.newaxis, :, :]).all(axis=2)
        out[...] = np.where(same, 0, 1 + has_guess @ has_secret.T)

    def parse_pattern(self, text: str, length: int) -> int:
        if text.strip() == "win":
            return 0
        if text.strip().isdecimal() and int(text) <= length:
            return 1 + int(text)
        raise InvalidPatternError(f"cannot read {text!r}: give win or a number up to {length}")

    def format_pattern(self, pattern: int, length: int) -> str:
        return "win" if pattern == 0 else str(pattern - 1)


RULE = SharedLettersRule()


def every_string_game(letters: str, length: int, tries: int | None = None) -> Game:
    """The rule's game over every string of the letters."""
    alphabet = find_alphabet(letters)
    words = all_strings(alphabet, length, distinct_letters=False)
    return make_game("shared letters", RULE, alphabet, length, tries, words, None)


def test_the_rule_kernel_is_its_reference() -> None:
    game = every_string_game("abcd", 3)
    matrix = pattern_matrix(game, use_cache=False)
    words = game.guesses.words
    for guess in range(0, len(words), 5):
        for secret, word in enumerate(game.secrets.words):
            assert matrix.values[guess, secret] == RULE.feedback(words[guess], word)


def test_the_declared_symmetry_gives_the_proof_its_classes() -> None:
    """Renaming letters and reordering positions: the first guesses of every 3-letter string
    of abcd fall into three classes (one letter, two, three), as for Mastermind."""
    game = every_string_game("abcd", 3)
    symmetry = game_symmetry(game)
    assert symmetry is not None
    first = symmetry.representatives((), all_rows(game))
    assert [game.guesses.words[row] for row in first] == ["aaa", "aab", "abc"]
    # A list the permutations do not keep whole gets none.
    words = Lexicon("words", ("abc", "abd", "bcd"))
    partial = make_game("partial", RULE, find_alphabet("abcd"), 3, None, words, None)
    assert game_symmetry(partial) is None


@pytest.mark.parametrize("symmetric", [True, False])
def test_the_proof_with_the_symmetry_equals_a_brute_force(symmetric: bool, tmp_path: Path) -> None:
    """The whole-game proof, one first guess per class or every one, finds the exhaustive
    search's best."""
    game = every_string_game("abc", 3)
    proof = prove(
        ProofSpec(game, symmetric=symmetric, split_min=3),
        InProcessRunner(),
        ResultsLog(tmp_path / "r.jsonl", game, False),
        top=len(game.guesses),
    )
    assert proof.symmetric == symmetric
    assert proof.best is not None
    assert (proof.best.total, proof.best.worst) == brute_force(game)


@pytest.mark.parametrize("tries", [None, 8])
def test_hard_mode_runs_in_the_compiled_core_and_equals_a_brute_force(tries: int | None) -> None:
    """The rule states no hard mode of its own: the general one (every guess consistent with
    the feedback so far) runs in the compiled core, pool for pool as the rule's own filter, and
    finds the exhaustive search's value, as the readable search does."""
    game = every_string_game("abc", 3, tries)
    matrix = pattern_matrix(game, use_cache=False)
    search = exact_search(matrix, hard=True)
    assert isinstance(search, CompiledSearch)
    codes = game.guess_codes
    pool = all_rows(game)
    for guess in range(len(game.guesses)):
        for pattern in range(game.n_patterns):
            expected = pool[RULE.hard_mode_allows(codes, codes[guess], pattern)]
            assert search.pool_after(pool, guess, pattern, pool).tolist() == expected.tolist()
    compiled = optimal_tree(matrix, PlayOptions(hard=True))
    readable = grow_optimal(ReadableSearch(matrix, hard=True), fallback=no_fallback)
    expected_value = brute_force(game, hard=True)
    for result in (compiled, readable):
        assert result.proven
        assert (result.total, int(result.tree.guesses_needed().max())) == expected_value
    check_tree(compiled.tree)
