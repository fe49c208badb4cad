"""Feedback rules: known tables, text forms, and parse/format round trips for every pattern."""

from __future__ import annotations

import contextlib
import itertools
from collections import Counter

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordsolver.alphabet import find_alphabet
from wordsolver.errors import InvalidPatternError, InvalidWordError, WordsolverError
from wordsolver.games import RULES as REGISTRY
from wordsolver.games import FeedbackRule, Game, GameOverrides, find_game, find_rule

COLOURS, BULLS, LIKENESS, JOTTO = (
    find_rule(name) for name in ("colours", "bulls-cows", "likeness", "jotto")
)
RULES = list(REGISTRY.values())
LENGTHS = range(1, 7)


def colours(guess: str, secret: str) -> str:
    return COLOURS.format_pattern(COLOURS.feedback(guess, secret), len(guess))


def get_touch(guess: str, secret: str) -> tuple[int, int]:
    return divmod(BULLS.feedback(guess, secret), len(guess) + 1)


# --- colours: duplicate letters exactly as in Wordle ----------------------------------------


@pytest.mark.parametrize(
    ("guess", "secret", "expected"),
    [
        ("crane", "crane", "ggggg"),
        ("abcde", "fghij", "....."),
        ("crane", "nacre", "yyyyg"),
        ("speed", "abide", "..y.y"),  # the second e is grey: abide has one e
        ("geese", "eerie", ".gy.g"),
        ("eerie", "geese", "yg..g"),
        ("llama", "hello", "yy..."),
        ("array", "rarer", "yyg.."),
        ("abbey", "babes", "yygg."),
        # the secret has one copy, the guess two: only the first unmatched copy is yellow
        ("llama", "salon", "y.y.."),
        ("sassy", "stair", "gy..."),
        ("mamma", "maxim", "ggy.."),
        ("sissy", "mists", "ygg.."),
        # a green copy takes priority over an earlier yellow one
        ("hello", "world", "...gy"),
        ("otter", "hotel", "y.gg."),
        ("banal", "annal", ".yggg"),
        ("aaaaa", "abaca", "g.g.g"),
        ("level", "eerie", ".g.y."),
        ("lolly", "allow", "yyg.."),
        ("kayak", "steak", "...gg"),
    ],
)
def test_colours_table(guess: str, secret: str, expected: str) -> None:
    assert colours(guess, secret) == expected


@pytest.mark.parametrize(
    ("guess", "secret", "pattern"),
    [
        ("speed", "abide", 10),  # 00101 in base 3
        ("crane", "crane", 242),
        ("abcde", "fghij", 0),
        ("crane", "nacre", 1 * 81 + 1 * 27 + 1 * 9 + 1 * 3 + 2),
        ("a", "a", 2),
        ("ab", "ba", 4),
    ],
)
def test_colours_pattern_ints(guess: str, secret: str, pattern: int) -> None:
    assert COLOURS.feedback(guess, secret) == pattern


def wordle_oracle(guess: str, secret: str) -> str:
    """Textbook two-pass scoring: greens first, then yellows from a letter budget."""
    budget = Counter(s for g, s in zip(guess, secret, strict=True) if g != s)
    out = []
    for g, s in zip(guess, secret, strict=True):
        if g == s:
            out.append("g")
        elif budget[g] > 0:
            budget[g] -= 1
            out.append("y")
        else:
            out.append(".")
    return "".join(out)


@st.composite
def word_pairs(draw: st.DrawFn, letters: str = "abcde") -> tuple[str, str]:
    length = draw(st.integers(1, 7))
    word = st.text(alphabet=letters, min_size=length, max_size=length)
    return draw(word), draw(word)


@given(word_pairs())
def test_colours_agree_with_textbook_scoring(pair: tuple[str, str]) -> None:
    guess, secret = pair
    assert colours(guess, secret) == wordle_oracle(guess, secret)


@given(word_pairs())
def test_colours_keep_letter_counts(pair: tuple[str, str]) -> None:
    """Greens plus yellows of a letter never exceed its copies in the secret."""
    guess, secret = pair
    shown = colours(guess, secret)
    for letter in set(guess):
        marked = sum(1 for g, c in zip(guess, shown, strict=True) if g == letter and c != ".")
        assert marked == min(guess.count(letter), secret.count(letter))


# --- Cyrillic: ё is е -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def five_bukv() -> Game:
    return find_game("5bukv", GameOverrides(words=("щётка", "тётка", "шёпот", "ёжики", "актёр")))


def test_five_bukv_words_are_folded(five_bukv: Game) -> None:
    assert five_bukv.secrets.words == ("актер", "ежики", "тетка", "шепот", "щетка")
    assert five_bukv.alphabet.name == "cyrillic"


@pytest.mark.parametrize(
    ("guess", "secret", "expected"),
    [
        ("щётка", "тётка", ".gggg"),
        ("щетка", "тетка", ".gggg"),
        ("ЩЁТКА", "тЁтка", ".gggg"),
        ("ёжики", "ежики", "ggggg"),
        ("ЁЖИКИ", "ёжики", "ggggg"),
        ("актёр", "тётка", "yygy."),
        ("шёпот", "щётка", ".g..y"),
    ],
)
def test_five_bukv_feedback(five_bukv: Game, guess: str, secret: str, expected: str) -> None:
    assert five_bukv.format_pattern(five_bukv.feedback(guess, secret)) == expected


@pytest.mark.parametrize(
    ("with_yo", "with_ye"),
    [(("щётка", "тётка"), ("щетка", "тетка")), (("шёпот", "актёр"), ("шепот", "актер"))],
)
def test_yo_spellings_give_the_same_feedback(
    five_bukv: Game, with_yo: tuple[str, str], with_ye: tuple[str, str]
) -> None:
    assert five_bukv.feedback(*with_yo) == five_bukv.feedback(*with_ye)
    assert five_bukv.feedback(*with_yo) == COLOURS.feedback(*with_ye)


def test_yo_guess_finds_its_row(five_bukv: Game) -> None:
    assert five_bukv.guess_row("ЩЁТКА") == five_bukv.guess_row("щетка")


@pytest.mark.parametrize(("guess", "secret"), [("crane", "щетка"), ("щетк", "щетка")])
def test_five_bukv_feedback_validates(five_bukv: Game, guess: str, secret: str) -> None:
    with pytest.raises(InvalidWordError):
        five_bukv.feedback(guess, secret)


# --- bulls and cows (get, touch), Mastermind multisets ---------------------------------------


@pytest.mark.parametrize(
    ("guess", "secret", "expected"),
    [
        ("tare", "rate", (2, 2)),
        ("1234", "1234", (4, 0)),
        ("1234", "4321", (0, 4)),
        ("1234", "5678", (0, 0)),
        ("1234", "1243", (2, 2)),
        ("1234", "2135", (1, 2)),
        ("123", "312", (0, 3)),
        ("abc", "abd", (2, 0)),
        # Mastermind: letters counted as a multiset
        ("aabb", "abab", (2, 2)),
        ("aabb", "bbaa", (0, 4)),
        ("aaaa", "abcd", (1, 0)),
        ("abcd", "aaaa", (1, 0)),
        ("aabc", "cdaa", (0, 3)),
        ("abbb", "bbba", (2, 2)),
        ("aabb", "aaab", (3, 0)),
        ("aabb", "bccc", (0, 1)),
        ("ffff", "ffff", (4, 0)),
    ],
)
def test_bulls_cows_table(guess: str, secret: str, expected: tuple[int, int]) -> None:
    assert get_touch(guess, secret) == expected


def bulls_oracle(guess: str, secret: str) -> tuple[int, int]:
    rest = [(g, s) for g, s in zip(guess, secret, strict=True) if g != s]
    touch = Counter(g for g, _ in rest) & Counter(s for _, s in rest)
    return len(guess) - len(rest), sum(touch.values())


@given(word_pairs("abc"))
def test_bulls_cows_agree_with_multiset_matching(pair: tuple[str, str]) -> None:
    assert get_touch(*pair) == bulls_oracle(*pair)


# --- likeness -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("guess", "secret", "likeness"),
    [
        ("trade", "crane", 3),
        ("cat", "car", 2),
        ("abc", "xyz", 0),
        ("abc", "cab", 0),
        ("secret", "secret", 6),
        ("aaaa", "abab", 2),
    ],
)
def test_likeness_table(guess: str, secret: str, likeness: int) -> None:
    assert LIKENESS.feedback(guess, secret) == likeness


# --- jotto: letters in common as multisets; the secret itself wins --------------------------


@pytest.mark.parametrize(
    ("guess", "secret", "text"),
    [
        ("crane", "react", "4"),
        ("tears", "rates", "5"),  # an anagram shares every letter but does not win
        ("rates", "rates", "win"),
        ("geese", "eerie", "3"),  # e counted as often as both words have it
        ("abcde", "fghij", "0"),
    ],
)
def test_jotto_table(guess: str, secret: str, text: str) -> None:
    assert JOTTO.format_pattern(JOTTO.feedback(guess, secret), 5) == text


def test_every_rule_describes_its_feedback_as_data() -> None:
    for rule in RULES:
        form = rule.form
        for pattern in range(rule.n_patterns(4)):
            with contextlib.suppress(InvalidPatternError):
                text = rule.format_pattern(pattern, 4)
                rule.parse_pattern(text, 4)
                if form.kind == "marks":
                    assert set(text) <= {mark.symbol for mark in form.marks}
                elif text != form.win:
                    assert len(text.split(form.separator)) == len(form.counts), rule.name


# --- patterns as text -----------------------------------------------------------------------


def reachable(rule: FeedbackRule, length: int) -> set[int]:
    """Patterns some guess and secret can produce (derived by hand, checked by brute force)."""
    if rule is LIKENESS:
        return set(range(length + 1))
    if rule is JOTTO:  # any count of common letters; all of them without winning needs an anagram
        return (set(range(length + 1)) - ({1} if length == 1 else set())) | {length + 1}
    if rule is BULLS:
        return {
            get * (length + 1) + touch
            for get in range(length + 1)
            for touch in range(length + 1 - get)
            if not (get == length - 1 and touch == 1)
        }
    found = set()
    for digits in itertools.product(range(3), repeat=length):
        if not (digits.count(2) == length - 1 and digits.count(1) == 1):
            found.add(int("".join(map(str, digits)), 3))
    return found


@pytest.mark.parametrize("length", range(1, 5))
@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.name)
def test_reachable_patterns_by_brute_force(rule: FeedbackRule, length: int) -> None:
    # Letters only in the guess (or only in the secret) are interchangeable, so length + 2
    # letters reach every pattern any alphabet can.
    alphabet = find_alphabet("abcdefgh"[: length + 2])
    words = alphabet.encode("".join(p) for p in itertools.product(alphabet.letters, repeat=length))
    out = np.empty((len(words), len(words)), dtype=rule.pattern_dtype(length))
    rule.fill_matrix(words, words, out)
    assert set(np.unique(out).tolist()) == reachable(rule, length)


@pytest.mark.parametrize("length", LENGTHS)
@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.name)
def test_format_then_parse_is_identity(rule: FeedbackRule, length: int) -> None:
    patterns = reachable(rule, length)
    assert patterns <= set(range(rule.n_patterns(length)))
    for pattern in patterns:
        assert rule.parse_pattern(rule.format_pattern(pattern, length), length) == pattern


@pytest.mark.parametrize("length", LENGTHS)
@pytest.mark.parametrize("rule", [BULLS, LIKENESS, JOTTO], ids=lambda rule: rule.name)
def test_unreachable_counts_are_refused(rule: FeedbackRule, length: int) -> None:
    readable = set()
    for pattern in range(rule.n_patterns(length)):
        with contextlib.suppress(InvalidPatternError):
            readable.add(rule.parse_pattern(rule.format_pattern(pattern, length), length))
    assert readable == reachable(rule, length)


@pytest.mark.parametrize("length", LENGTHS)
@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.name)
def test_win_pattern_is_a_word_against_itself(rule: FeedbackRule, length: int) -> None:
    word = "abcdef"[:length]
    repeated = "aab" * 2
    assert rule.feedback(word, word) == rule.win_pattern(length)
    assert rule.feedback(repeated[:length], repeated[:length]) == rule.win_pattern(length)
    assert rule.win_pattern(length) == max(reachable(rule, length))


@pytest.mark.parametrize(
    ("rule", "length", "pattern", "text"),
    [
        (COLOURS, 5, 10, "..y.y"),
        (COLOURS, 5, 0, "....."),
        (COLOURS, 5, 242, "ggggg"),
        (COLOURS, 5, 191, "gy..g"),
        (COLOURS, 1, 1, "y"),
        (COLOURS, 6, 728, "gggggg"),
        (BULLS, 4, 12, "2-2"),
        (BULLS, 4, 20, "4-0"),
        (BULLS, 4, 0, "0-0"),
        (BULLS, 3, 3, "0-3"),
        (LIKENESS, 5, 3, "3"),
        (LIKENESS, 5, 0, "0"),
    ],
)
def test_format_pattern(rule: FeedbackRule, length: int, pattern: int, text: str) -> None:
    assert rule.format_pattern(pattern, length) == text


@pytest.mark.parametrize(
    ("rule", "length", "texts", "pattern"),
    [
        (
            COLOURS,
            5,
            ["gy..g", "GY--G", "21002", "g y . . g", " GY__G ", "gyxxg", "gy00g", "gybbg", "Gy.-g"],
            2 * 81 + 1 * 27 + 2,
        ),
        (COLOURS, 5, ["ggggg", "GGGGG", "22222"], 242),
        (COLOURS, 5, [".....", "-----", "00000", "xxxxx"], 0),
        (COLOURS, 3, ["yg.", "YG-", "120"], 9 + 6),
        (BULLS, 4, ["2 1", "2-1", "21", "2,1", "2/1", "2:1", " 2 - 1 ", "2  1"], 2 * 5 + 1),
        (BULLS, 4, ["4-0", "4 0", "40"], 20),
        (BULLS, 4, ["0-0", "0 0", "00"], 0),
        (BULLS, 3, ["0-3", "03"], 3),
        (LIKENESS, 5, ["3", " 3 ", "3\n", "03"], 3),
        (LIKENESS, 5, ["0"], 0),
        (LIKENESS, 5, ["5"], 5),
    ],
)
def test_text_forms_read_alike(
    rule: FeedbackRule, length: int, texts: list[str], pattern: int
) -> None:
    for text in texts:
        assert rule.parse_pattern(text, length) == pattern, text


@pytest.mark.parametrize(
    ("rule", "length", "text"),
    [
        (COLOURS, 5, ""),
        (COLOURS, 5, "gy.."),
        (COLOURS, 5, "gy..gg"),
        (COLOURS, 5, "gyz.g"),
        (COLOURS, 5, "gy?.g"),
        (COLOURS, 5, "31002"),
        (COLOURS, 5, "2-1"),
        (COLOURS, 5, "gy\t..g"),
        (COLOURS, 3, "ggggg"),
        (BULLS, 4, ""),
        (BULLS, 4, "2-"),
        (BULLS, 4, "-1"),
        (BULLS, 4, "2"),
        (BULLS, 4, "5-0"),
        (BULLS, 4, "3-2"),
        (BULLS, 4, "3-1"),  # three in place and one elsewhere cannot happen
        (BULLS, 4, "0-5"),
        (BULLS, 4, "a-b"),
        (BULLS, 4, "2-1-0"),
        (BULLS, 4, "221"),
        (BULLS, 4, "2.1"),
        (BULLS, 3, "2-1"),
        (BULLS, 1, "0-1"),
        (LIKENESS, 5, ""),
        (LIKENESS, 5, "6"),
        (LIKENESS, 5, "-1"),
        (LIKENESS, 5, "+3"),
        (LIKENESS, 5, "x"),
        (LIKENESS, 5, "2.0"),
        (LIKENESS, 5, "3 1"),
        (LIKENESS, 5, "gg..."),
    ],
)
def test_malformed_feedback_is_refused(rule: FeedbackRule, length: int, text: str) -> None:
    with pytest.raises(InvalidPatternError) as raised:
        rule.parse_pattern(text, length)
    assert isinstance(raised.value, WordsolverError)
    assert repr(text) in str(raised.value)


@pytest.mark.parametrize("text", ["²"])
def test_likeness_refuses_superscript_digits(text: str) -> None:
    """SRC BUG: ``"²".isdigit()`` is True but ``int("²")`` fails, so a plain ValueError escapes.

    likeness.py, LikenessRule.parse_pattern: test ``stripped.isdecimal()`` (or ``re.fullmatch(
    r"\\d+", stripped, re.ASCII)``) instead of ``isdigit()``.
    """
    with pytest.raises(InvalidPatternError):
        LIKENESS.parse_pattern(text, 5)


# --- pattern counts and cell types ----------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "length", "n_patterns"),
    [
        (COLOURS, 5, 243),
        (COLOURS, 6, 729),
        (COLOURS, 1, 3),
        (BULLS, 4, 25),
        (BULLS, 3, 16),
        (LIKENESS, 5, 6),
        (LIKENESS, 12, 13),
    ],
)
def test_n_patterns(rule: FeedbackRule, length: int, n_patterns: int) -> None:
    assert rule.n_patterns(length) == n_patterns


@pytest.mark.parametrize(
    ("rule", "length"),
    [(rule, n) for rule in RULES for n in range(1, 13) if rule.n_patterns(n) <= 65536],
    ids=lambda value: getattr(value, "name", str(value)),
)
def test_pattern_dtype_holds_every_pattern(rule: FeedbackRule, length: int) -> None:
    """Wherever a game may exist (at most 65,536 patterns), its cells hold every pattern."""
    dtype = np.dtype(rule.pattern_dtype(length))
    assert np.iinfo(dtype).max >= rule.n_patterns(length) - 1


@pytest.mark.parametrize(
    ("rule", "length", "dtype"),
    [
        (COLOURS, 5, np.uint8),
        (COLOURS, 6, np.uint16),
        (BULLS, 8, np.uint8),
        (LIKENESS, 8, np.uint8),
    ],
)
def test_pattern_dtype_is_the_smallest(rule: FeedbackRule, length: int, dtype: type) -> None:
    assert rule.pattern_dtype(length) is dtype
