"""Letters no candidate holds: the rules that declare they all earn the same feedback
(``absent_letters_alike``) keep that promise, and the compiled search, which then keeps one
guess per spelling of the letters a small set holds, finds the values and trees it finds
without the declaration (and the readable search's). A rule that declares it wrongly is
searched with the cut: its value comes out wrong, so the cut is in play."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import numpy as np
import pytest

from tests.readable_search import ReadableSearch
from tests.reference import no_fallback
from wordsolver.alphabet import LetterCodes, find_alphabet
from wordsolver.errors import InvalidPatternError
from wordsolver.games import Game, all_strings, make_game
from wordsolver.games.bulls_cows import BullsCowsRule
from wordsolver.games.colours import ColoursRule
from wordsolver.games.form import NUMBER_LIKENESS, FeedbackForm
from wordsolver.games.jotto import JottoRule
from wordsolver.games.likeness import LikenessRule
from wordsolver.games.rule import FeedbackRule, PatternArray
from wordsolver.lexicon import Lexicon
from wordsolver.matrix import pattern_matrix
from wordsolver.search.compiled import CompiledSearch, exact_search
from wordsolver.tree import Node, check_tree
from wordsolver.tree.optimal import SearchResult, grow_optimal

CLAIMING: list[FeedbackRule] = [ColoursRule(), BullsCowsRule(), LikenessRule(), JottoRule()]


class UnclaimedBullsCows(BullsCowsRule):
    """Bulls and Cows without the declaration: the search keeps every guess."""

    absent_letters_alike = False


class WildcardLikeness(FeedbackRule):
    """Likeness where a guess's ``h`` also matches an ``a``, ``b`` or ``c`` of the secret in its
    place; the secret itself wins (pattern ``length + 1``). Absent from every secret, ``h``
    still tells something: the rule must not declare ``absent_letters_alike``."""

    name = "wildcard-likeness"
    description = "likeness, h matching a, b or c"
    form: FeedbackForm = NUMBER_LIKENESS
    absent_letters_alike = False

    def n_patterns(self, length: int) -> int:
        return length + 2

    def win_pattern(self, length: int) -> int:
        return length + 1

    def feedback(self, guess: str, secret: str) -> int:
        if guess == secret:
            return len(guess) + 1
        return sum(g == s or (g == "h" and s in "abc") for g, s in zip(guess, secret, strict=True))

    def fill_matrix(self, guesses: LetterCodes, secrets: LetterCodes, out: PatternArray) -> None:
        g = guesses[:, np.newaxis, :]
        s = secrets[np.newaxis, :, :]
        wild = (g == 7) & (s <= 2)
        same = (g == s).all(axis=2)
        out[...] = np.where(same, guesses.shape[1] + 1, ((g == s) | wild).sum(axis=2))

    def parse_pattern(self, text: str, length: int) -> int:
        if text.strip().isdecimal() and int(text) <= length + 1:
            return int(text)
        raise InvalidPatternError(f"cannot read {text!r}")

    def format_pattern(self, pattern: int, length: int) -> str:
        return str(pattern)


class WronglyClaimed(WildcardLikeness):
    """The same rule declaring, wrongly, that absent letters earn alike."""

    absent_letters_alike = True


def heterogram_game(rule: FeedbackRule, secrets: Sequence[str], letters: str = "abcdefgh") -> Game:
    """A Tonguess-like game: the secrets, and every string of distinct letters as guesses."""
    alphabet = find_alphabet(letters)
    length = len(secrets[0])
    return make_game(
        "heterograms",
        rule,
        alphabet,
        length,
        None,
        Lexicon("secrets", tuple(secrets)),
        all_strings(alphabet, length, distinct_letters=True),
        distinct_letters=True,
    )


def solved(game: Game) -> SearchResult:
    search = exact_search(pattern_matrix(game, use_cache=False), workers=1)
    assert isinstance(search, CompiledSearch)
    result = grow_optimal(search, fallback=no_fallback)
    assert result.proven
    check_tree(result.tree)
    return result


def value(result: SearchResult) -> tuple[int, int]:
    return result.total, int(result.tree.guesses_needed().max())


def guesses(result: SearchResult) -> dict[tuple[int, ...], str]:
    """The tree's guesses, each by the patterns that lead to it."""
    words = result.tree.matrix.game.guesses.words
    out: dict[tuple[int, ...], str] = {}
    stack: list[tuple[tuple[int, ...], Node]] = [((), result.tree.root)]
    while stack:
        path, node = stack.pop()
        out[path] = words[node.guess]
        stack.extend(((*path, pattern), child) for pattern, child in node.children.items())
    return out


def some_heterograms(count: int, seed: int, letters: str = "abcdef") -> list[str]:
    words = sorted("".join(p) for p in itertools.permutations(letters, 3))
    return sorted(random.Random(seed).sample(words, count))


def test_the_rules_declare_it_and_the_default_does_not() -> None:
    assert FeedbackRule.absent_letters_alike is False
    assert all(rule.absent_letters_alike for rule in CLAIMING)


@pytest.mark.parametrize("rule", CLAIMING, ids=lambda rule: rule.name)
def test_letters_no_secret_holds_earn_alike(rule: FeedbackRule) -> None:
    """Guesses that differ only in letters none of the secrets holds score every secret alike."""
    rng = random.Random(5)
    held, absent = "abcde", "fgh"
    for _ in range(400):
        length = rng.choice((3, 4, 5))
        secrets = ["".join(rng.choices(held, k=length)) for _ in range(4)]
        guess = "".join(rng.choices(held + absent, k=length))
        other = "".join(rng.choice(absent) if c in absent else c for c in guess)
        for secret in secrets:
            assert rule.feedback(guess, secret) == rule.feedback(other, secret)


@pytest.mark.parametrize(
    ("count", "seed"), [(9, 1), (14, 2), (20, 3), (40, 4)], ids=lambda x: str(x)
)
def test_one_guess_per_spelling_finds_the_same_trees(count: int, seed: int) -> None:
    """Small sets (the whole game below 24 secrets, the buckets of the larger one) with the
    cut and without it: the same values and the same guesses; the readable search agrees."""
    secrets = some_heterograms(count, seed)
    with_cut = solved(heterogram_game(BullsCowsRule(), secrets))
    without = solved(heterogram_game(UnclaimedBullsCows(), secrets))
    assert value(with_cut) == value(without)
    assert guesses(with_cut) == guesses(without)
    readable = ReadableSearch(
        pattern_matrix(heterogram_game(BullsCowsRule(), secrets), use_cache=False)
    )
    assert value(grow_optimal(readable, fallback=no_fallback)) == value(with_cut)


def test_a_wrong_declaration_is_searched_with_the_cut() -> None:
    """``h`` matches no secret's letter but tells a, b and c apart from the rest: keeping one
    guess per spelling drops it, and the wrongly declared rule's value is worse."""
    secrets = ["abc", "acb", "ade", "afd", "bec", "dae", "eba", "efb", "fbc"]
    honest = solved(heterogram_game(WildcardLikeness(), secrets))
    wrong = solved(heterogram_game(WronglyClaimed(), secrets))
    assert any("h" in word for word in guesses(honest).values())
    assert value(wrong) > value(honest)


def test_an_alphabet_beyond_the_cuts_codes_is_searched_uncut() -> None:
    """Letters past the 64 codes the cut reads: the search runs without the cut, to the same
    value as the same game spelled in a small alphabet."""
    small = "abcdef"
    large = "".join(chr(code) for code in range(0x4E00, 0x4E00 + 70))  # 70 letters (CJK)
    secrets = some_heterograms(12, 6, small)
    renamed = ["".join(large[64 + small.index(c)] for c in word) for word in secrets]

    def game(letters: str, words: list[str]) -> Game:
        lexicon = Lexicon("secrets", tuple(words))
        return make_game("colours", ColoursRule(), find_alphabet(letters), 3, None, lexicon, None)

    assert value(solved(game(large, renamed))) == value(solved(game(small, secrets)))
