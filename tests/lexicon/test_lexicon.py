"""Word lists: reading users' files, in-memory lists, and the word rule."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordsolver.alphabet import CYRILLIC, DIGITS, LATIN
from wordsolver.errors import InvalidWordError, WordListError, WordsolverError
from wordsolver.lexicon import Lexicon, WordRule, lexicon_from_words, read_word_file
from wordsolver.lexicon.unique import ARRAYS_FROM, unique_words

FIVE = WordRule(LATIN, length=5)
DISTINCT = WordRule(LATIN, length=3, distinct_letters=True)


def write(tmp_path: Path, text: str, name: str = "words.txt") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    return path


# --- read_word_file -------------------------------------------------------------------------


def test_comments_blank_lines_case_and_duplicates(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "# five-letter words\n"
        "Crane\n"
        "slate   # a trailing comment\n"
        "\n"
        "   \n"
        "CRANE\n"
        "  trace  \n"
        "# crane\n"
        "slate\n",
    )
    lexicon = read_word_file(path, FIVE)
    assert lexicon.words == ("crane", "slate", "trace")
    assert lexicon.skipped == 0
    assert lexicon.name == str(path)
    assert len(lexicon) == 3


def test_words_keep_file_order(tmp_path: Path) -> None:
    path = write(tmp_path, "zesty\nabbey\nmoist\n")
    assert read_word_file(path, FIVE).words == ("zesty", "abbey", "moist")


def test_crlf_line_ends(tmp_path: Path) -> None:
    path = write(tmp_path, "crane\r\nslate\r\n")
    assert read_word_file(path, FIVE).words == ("crane", "slate")


def test_yo_folds_and_collapses_with_ye(tmp_path: Path) -> None:
    path = write(tmp_path, "Ёлка\nелка\nЩётка\nщетка\nтётка\n")
    lexicon = read_word_file(path, WordRule(CYRILLIC))
    assert lexicon.words == ("елка", "щетка", "тетка")


def test_no_length_takes_any_length(tmp_path: Path) -> None:
    path = write(tmp_path, "a\nbb\nccc\n")
    assert read_word_file(path, WordRule(LATIN)).words == ("a", "bb", "ccc")


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ("crane\nslat\n", 2, "4 letters, expected 5"),
        ("crane\nslates\n", 2, "6 letters"),
        ("slat\ncrane\n", 1, "4 letters"),
        ("crane\n\n# comment\ncr4ne\n", 4, "outside the latin alphabet: 4"),
        ("crane\nCRÄNE\n", 2, "ä"),
        ("crane\r\nslate\r\nice c\r\n", 3, "outside"),
        ("# a\n# b\n\n\nab cd\n", 5, "outside"),
    ],
)
def test_bad_line_names_file_and_line(tmp_path: Path, text: str, line: int, fragment: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(WordListError) as raised:
        read_word_file(path, FIVE)
    message = str(raised.value)
    assert message.startswith(f"{path}:{line}: ")
    assert fragment in message


def test_repeated_letter_breaks_a_distinct_rule(tmp_path: Path) -> None:
    path = write(tmp_path, "tare\nrate\nadam\n")
    with pytest.raises(WordListError, match=r":3: 'adam' repeats a letter"):
        read_word_file(path, WordRule(LATIN, 4, distinct_letters=True))


@pytest.mark.parametrize(
    ("text", "words", "skipped"),
    [
        ("crane\nslat\nslate\n", ("crane", "slate"), 1),
        ("crane\nslat\ncr4ne\nsl ate\nslate\n", ("crane", "slate"), 3),
        ("crane\nCRANE\nslat\n", ("crane",), 1),  # a duplicate is not a bad line
        ("crane\n", ("crane",), 0),
    ],
)
def test_skip_bad_counts_skipped_lines(
    tmp_path: Path, text: str, words: tuple[str, ...], skipped: int
) -> None:
    lexicon = read_word_file(write(tmp_path, text), FIVE, skip_bad=True)
    assert lexicon.words == words
    assert lexicon.skipped == skipped


def test_skip_bad_with_distinct_letters(tmp_path: Path) -> None:
    path = write(tmp_path, "EVE\nbat\nADAM\ndog\nmom\n")
    lexicon = read_word_file(path, WordRule(LATIN, 3, distinct_letters=True), skip_bad=True)
    assert lexicon.words == ("bat", "dog")
    assert lexicon.skipped == 3  # eve and mom repeat a letter, adam is too long


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n", "   # x\n\n"])
def test_no_words_is_an_error(tmp_path: Path, text: str) -> None:
    with pytest.raises(WordListError, match="no valid words"):
        read_word_file(write(tmp_path, text), FIVE)


def test_only_bad_lines_with_skip_bad_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(WordListError, match="no valid words"):
        read_word_file(write(tmp_path, "abc\nabcd\n"), FIVE, skip_bad=True)


@pytest.mark.parametrize(
    "data",
    [
        "café\nslate\n".encode("latin-1"),
        b"crane\n\xff\xfeslate\n",
        "crane\n".encode("utf-16"),
    ],
)
def test_non_utf8_file_is_a_word_list_error(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes(data)
    with pytest.raises(WordListError) as raised:
        read_word_file(path, FIVE)
    assert "UTF-8" in str(raised.value)
    assert str(path) in str(raised.value)


def test_missing_file_is_a_word_list_error(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.txt"
    with pytest.raises(WordListError) as raised:
        read_word_file(path, FIVE)
    assert str(path) in str(raised.value)
    assert isinstance(raised.value, WordsolverError)


def test_folder_is_a_word_list_error(tmp_path: Path) -> None:
    with pytest.raises(WordListError):
        read_word_file(tmp_path, FIVE)


def test_accepts_a_path_as_text(tmp_path: Path) -> None:
    path = write(tmp_path, "crane\n")
    assert read_word_file(str(path), FIVE).words == ("crane",)


def test_utf8_file_with_byte_order_mark(tmp_path: Path) -> None:
    """SRC BUG: Windows editors save UTF-8 with a BOM; line 1 then fails as a 6-letter word.

    loading.py, read_word_file: read with ``encoding="utf-8-sig"`` (strips a leading BOM).
    """
    path = tmp_path / "bom.txt"
    path.write_bytes("\ufeffcrane\nslate\n".encode())
    assert read_word_file(path, FIVE).words == ("crane", "slate")


# --- lexicon_from_words ---------------------------------------------------------------------


def test_words_in_memory_are_normalised_and_deduplicated() -> None:
    lexicon = lexicon_from_words("--words", ["Slate", " crane", "SLATE", "crane "], FIVE)
    assert lexicon == Lexicon("--words", ("slate", "crane"), 0)


def test_bad_word_in_memory_names_the_source() -> None:
    with pytest.raises(WordListError, match=r"^--words: 'cran' has 4 letters"):
        lexicon_from_words("--words", ["crane", "cran"], FIVE)


def test_words_in_memory_skip_bad() -> None:
    lexicon = lexicon_from_words("x", ["crane", "cran", "slate"], FIVE, skip_bad=True)
    assert lexicon.words == ("crane", "slate")
    assert lexicon.skipped == 1


# --- Lexicon --------------------------------------------------------------------------------


def test_digest_depends_on_the_words() -> None:
    one = Lexicon("a", ("crane", "slate"))
    assert one.digest() == Lexicon("other name", ("crane", "slate")).digest()
    assert one.digest() != Lexicon("a", ("crane", "slats")).digest()
    assert one.digest() != Lexicon("a", ("crane",)).digest()
    assert len(one.digest()) == 16


# --- WordRule -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "word", "problem"),
    [
        (FIVE, "crane", None),
        (FIVE, "cran", "'cran' has 4 letters, expected 5"),
        (FIVE, "cranes", "'cranes' has 6 letters, expected 5"),
        (FIVE, "", "empty word"),
        (FIVE, "cr4ne", "'cr4ne' has letters outside the latin alphabet: 4"),
        (FIVE, "crä4e", "outside the latin alphabet: ä4"),
        (FIVE, "eerie", None),  # repeats are fine unless the rule forbids them
        (WordRule(LATIN), "a", None),
        (WordRule(LATIN), "abcdefghijklmnop", None),
        (WordRule(LATIN), "", "empty word"),
        (WordRule(LATIN, 3, distinct_letters=True), "eve", "'eve' repeats a letter"),
        (WordRule(LATIN, 3, distinct_letters=True), "bat", None),
        (WordRule(LATIN, 4, distinct_letters=True), "eve", "3 letters, expected 4"),
        (WordRule(CYRILLIC, 5), "ежики", None),
        (WordRule(CYRILLIC, 5), "ёжики", "outside the cyrillic alphabet: ё"),
        (WordRule(CYRILLIC, 5), "crane", "outside the cyrillic alphabet"),
        (WordRule(DIGITS, 4, distinct_letters=True), "1234", None),
        (WordRule(DIGITS, 4, distinct_letters=True), "1231", "repeats a letter"),
        (WordRule(DIGITS, 4), "12a4", "outside the digits alphabet: a"),
    ],
)
def test_word_rule_problem(rule: WordRule, word: str, problem: str | None) -> None:
    found = rule.problem(word)
    if problem is None:
        assert found is None
    else:
        assert found is not None
        assert problem in found


@pytest.mark.parametrize(
    ("rule", "word", "normal"),
    [
        (FIVE, "CRANE", "crane"),
        (FIVE, " crane ", "crane"),
        (WordRule(CYRILLIC, 5), "ЁЖИКИ", "ежики"),
        (WordRule(CYRILLIC, 5), "щётка", "щетка"),
    ],
)
def test_word_rule_validate_normalises(rule: WordRule, word: str, normal: str) -> None:
    assert rule.validate(word) == normal


@pytest.mark.parametrize(
    ("rule", "word"),
    [
        (FIVE, "cran"),
        (FIVE, "cr4ne"),
        (FIVE, ""),
        (WordRule(LATIN, 3, distinct_letters=True), "EVE"),
        (WordRule(CYRILLIC, 5), "crane"),
    ],
)
def test_word_rule_validate_raises(rule: WordRule, word: str) -> None:
    with pytest.raises(InvalidWordError):
        rule.validate(word)
    with pytest.raises(ValueError):  # also a ValueError for library users
        rule.validate(word)


# --- long lists: the whole-text path agrees with the word-by-word rule ----------------------


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.text(alphabet="abcё Ё\t#\r\x0bé4", max_size=7), max_size=60),
    st.sampled_from([WordRule(LATIN), FIVE, WordRule(CYRILLIC, length=3), DISTINCT]),
    st.sampled_from(["\n", "\r\n"]),
)
def test_whole_text_reading_agrees_with_the_word_by_word_rule(
    tmp_path_factory: pytest.TempPathFactory, lines: list[str], rule: WordRule, end: str
) -> None:
    path = tmp_path_factory.mktemp("lines") / "words.txt"
    path.write_bytes(end.join(lines).encode("utf-8"))
    kept: dict[str, None] = {}
    bad = 0
    for line in end.join(lines).splitlines():
        raw = line.split("#", 1)[0]
        if not raw.strip():
            continue
        word = rule.alphabet.normalise(raw)
        if rule.problem(word) is None:
            kept[word] = None
        else:
            bad += 1
    if not kept:
        with pytest.raises(WordListError):
            read_word_file(path, rule, skip_bad=True)
        return
    lexicon = read_word_file(path, rule, skip_bad=True)
    assert (lexicon.words, lexicon.skipped) == (tuple(kept), bad)


@settings(max_examples=25, deadline=None)
@given(
    st.lists(st.text(alphabet="abyёж", min_size=1, max_size=14), min_size=1, max_size=40),
    st.integers(min_value=0, max_value=2**32),
)
def test_unique_words_of_a_long_list_keep_the_first_of_each(pool: list[str], seed: int) -> None:
    draw = np.random.default_rng(seed)
    words = [pool[i] for i in draw.integers(0, len(pool), size=ARRAYS_FROM + 7)]
    assert unique_words(words) == tuple(dict.fromkeys(words))


def test_a_bad_line_deep_in_a_long_file_is_named(tmp_path: Path) -> None:
    lines = ["crane", "slate"] * 100_000
    lines[150_001] = "cr4ne"
    path = write(tmp_path, "\n".join(lines))
    with pytest.raises(WordListError, match=r":150002: 'cr4ne' has letters outside"):
        read_word_file(path, FIVE)
    assert read_word_file(path, FIVE, skip_bad=True).skipped == 1
