"""Reading a terminal's text: both columns, wrapped words, case, OCR noise, bracket pairs."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fallout.screens import HEADER, PLAIN_JUNK, ROWS, WIDTH, layout, make_screen
from wordsolver.errors import WordsolverError
from wordsolver.fallout import read_screen
from wordsolver.fallout.screen import screen_rows

WORDS = ("SPIES", "TIRES", "WALLS", "TERMS", "DOORS", "SKIES", "FARMS", "LINES", "GAMES")


def _screen(words: tuple[str, ...] = WORDS, seed: int = 1, **kwargs: object) -> str:
    return make_screen(words, random.Random(seed), **kwargs).text  # type: ignore[arg-type]


def test_reads_words_of_both_columns_in_memory_order() -> None:
    reading = read_screen(HEADER + _screen())
    assert reading.words == tuple(w.lower() for w in WORDS)
    assert reading.length == 5
    assert len(reading.rows) == 2 * ROWS


def test_rows_read_left_column_then_right() -> None:
    text = "0xF4A0 AAAA 0xF4B0 CCCC\n0xF4A4 BBBB 0xF4B4 DDDD\n"
    assert [row.data for row in screen_rows(text)] == ["AAAA", "BBBB", "CCCC", "DDDD"]


@pytest.mark.parametrize(
    "offset",
    [
        WIDTH - 2,  # wraps from the end of the first row to the second
        ROWS * WIDTH - 3,  # wraps from the bottom of the left column to the top of the right
        2 * ROWS * WIDTH - 5,  # ends at the very last character
        0,  # starts at the very first
    ],
)
def test_wrapped_words(offset: int) -> None:
    others = [at for at in (60, 150, 250) if abs(at - offset) > 10][:2]
    text = _screen(("SPIES", "TIRES", "WALLS"), junk=PLAIN_JUNK, offsets=sorted([offset, *others]))
    assert read_screen(text).words == ("spies", "tires", "walls")


def test_lower_case_screen() -> None:
    assert read_screen(_screen().lower()).words == tuple(w.lower() for w in WORDS)


def test_crlf_and_tabs() -> None:
    text = _screen().replace("\n", "\r\n").replace(" 0x", "\t0x")
    assert read_screen(text).words == tuple(w.lower() for w in WORDS)


def _ocr_noise(text: str, seed: int) -> str:
    """Mistakes Tesseract makes: 0x read Ox, 0 read O in addresses, spaces inside rows, and the
    attempt log after the right column and on lines of its own."""
    rng = random.Random(seed)
    lines = []
    for line in text.splitlines():
        parts = line.split(" ")
        for k in (1, 3):  # the rows of both columns (addresses are parts 0 and 2)
            spot = rng.randrange(1, WIDTH)
            parts[k] = parts[k][:spot] + " " + parts[k][spot:]
        for k in (0, 2):
            parts[k] = "Ox" + parts[k][2:].replace("0", "O")
        lines.append(" ".join(parts))
    lines[2] += " >TIRES"
    lines[3] += " >Entry denied."
    lines[4] += " >0/5 correct."
    lines.append(">Likeness=2")
    return "\n".join(lines)


#: The words as OCR may read them: digits for letters that look alike.
MISREAD = ("SP1ES", "TIRES", "WALL5", "TERMS", "D0ORS", "SKIES", "FARMS", "LINES", "6AMES")


@pytest.mark.parametrize("seed", range(5))
def test_ocr_noise(seed: int) -> None:
    reading = read_screen(_ocr_noise(_screen(MISREAD, seed=seed), seed))
    assert reading.words == tuple(w.lower() for w in WORDS)
    assert {row.address for row in reading.rows} >= {"0xF4A0", "0xF4AC"}


def test_addresses_with_stray_characters() -> None:
    text = _screen().replace("0xF4A0", "OxF4AQ0").replace("0xF4B8", "QOxF4B8")
    reading = read_screen(text.replace("0xF56C ", "0xF56C"))  # no space after an address
    assert reading.words == tuple(w.lower() for w in WORDS)
    assert [row.address for row in reading.rows[:3]] == ["0xF4AQ0", "0xF4AC", "0xF4B8"]


def test_noise_letters_beside_a_word_are_trimmed_and_strays_reported() -> None:
    noisy = ("lSPIES", *WORDS[1:-1], "GAMES8", "lI")
    reading = read_screen(_screen(noisy, junk=PLAIN_JUNK))
    assert reading.words == tuple(w.lower() for w in WORDS)
    assert "lI" in reading.fragments


def test_damaged_word_is_a_fragment_not_a_guess() -> None:
    reading = read_screen(_screen(("SPIES", "TI.RES", *WORDS[2:]), junk=PLAIN_JUNK))
    assert "tires" not in reading.words
    assert set(reading.fragments) == {"TI", "RES"}


def test_length_option_overrides_the_guess() -> None:
    text = _screen(("SPIES", "TIRES", "WALLS", "DOG", "CAT"), junk=PLAIN_JUNK)
    assert read_screen(text).words == ("spies", "tires", "walls")
    assert read_screen(text, length=3).words == ("dog", "cat")


def test_screen_without_addresses_is_read_line_by_line() -> None:
    text = "/:[SPIES(*_-\n)](->;#!TIRE\nS*.<$*$>}%,-\n{':(![BONES\n"
    reading = read_screen(text)
    assert reading.words == ("spies", "tires", "bones")
    assert [row.address for row in reading.rows] == [None] * 4


@pytest.mark.parametrize(
    "text", ["spies\ntires\nwalls\n", "spies tires walls", "  SPIES\r\n\ttires  walls\n\n"]
)
def test_a_list_of_words_is_the_words_on_screen(text: str) -> None:
    reading = read_screen(text)
    assert reading.words == ("spies", "tires", "walls")
    assert (reading.length, reading.brackets, reading.fragments) == (5, (), ())


def test_a_word_of_another_length_in_a_list_is_a_fragment() -> None:
    reading = read_screen("spies tires walls dog")
    assert (reading.words, reading.fragments) == (("spies", "tires", "walls"), ("dog",))
    assert read_screen("spies tires walls dog cat", length=3).words == ("dog", "cat")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            random.Random(0).randbytes(200_000).decode("utf-8", "replace"),
            r"[\d,]+ rows, where a terminal shows 34",
        ),
        ("".join(random.Random(1).choices("ABC!?#$%", k=5000)), "a row of 5,000 characters"),
        ("0xF4A0 " + "SPIES." * 10 + "\n0xF4AC TIRES.\n", "a row of 60 characters"),
        ("\n".join(f"0x{0xF4A0 + 12 * k:X} .SPIES.TIRES" for k in range(65)), "65 rows"),
    ],
)
def test_text_without_a_terminal_layout_is_refused(text: str, message: str) -> None:
    with pytest.raises(WordsolverError, match=f"not a terminal screen: .*({message})"):
        read_screen(text)


def test_duplicate_words_are_listed_once() -> None:
    assert read_screen(_screen(("SPIES", "TIRES", "SPIES"))).words == ("spies", "tires")


@pytest.mark.parametrize(
    ("text", "message"),
    [("", "no letters"), ("0xF4A0 !!!!\n", "no letters"), ("0xF4A0 .SPIES.\n", "1 word")],
)
def test_not_a_terminal(text: str, message: str) -> None:
    with pytest.raises(WordsolverError, match=message):
        read_screen(text)


@pytest.mark.parametrize(
    ("row", "pairs"),
    [
        ("(!!)", ["(!!)"]),
        ("[]", ["[]"]),
        ("{$%}", ["{$%}"]),
        ("<..>", ["<..>"]),
        ("(A)", []),  # a letter between: no pair
        ("(!]", []),  # brackets of different kinds
        (")!(", []),  # closing before opening
        ("((!)", ["((!)", "(!)"]),  # each opening bracket pairs with the nearest closing one
        ("([)]", ["([)", "[)]"]),
        ("<{!>}", ["<{!>", "{!>}"]),
    ],
)
def test_bracket_pairs(row: str, pairs: list[str]) -> None:
    memory = ("SPIES." + row.ljust(WIDTH - 6, ".") + "TIRES").ljust(2 * ROWS * WIDTH, ".")
    reading = read_screen(layout(memory).text)
    assert [pair.text for pair in reading.brackets] == pairs
    assert all((p.row, p.address) == (0, "0xF4A0") for p in reading.brackets)


def test_bracket_pairs_do_not_span_rows() -> None:
    memory = ("SPIES." + "(".rjust(WIDTH - 6, ".") + ")TIRES").ljust(2 * ROWS * WIDTH, ".")
    assert read_screen(layout(memory).text).brackets == ()


def test_bracket_position_and_json() -> None:
    memory = ("SPIES" + "." * WIDTH + "..[$%]..TIRES").ljust(2 * ROWS * WIDTH, ".")
    reading = read_screen(layout(memory).text)
    assert reading.to_json()["brackets"] == [
        {"row": 1, "address": "0xF4AC", "column": 7, "text": "[$%]"}
    ]


@settings(max_examples=60, deadline=None)
@given(
    length=st.integers(4, 12),
    data=st.data(),
    seed=st.integers(0, 2**32),
)
def test_any_screen_reads_back_its_words(length: int, data: st.DataObject, seed: int) -> None:
    words = data.draw(
        st.lists(
            st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=length, max_size=length),
            min_size=2,
            max_size=20,
            unique=True,
        )
    )
    text = make_screen(words, random.Random(seed)).text
    assert read_screen(text).words == tuple(w.lower() for w in words)
