"""The example runner itself: how pages are read, run and compared, and that a wrong page fails."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.docs.examples import differences, matches, normalise, read_examples
from tests.docs.pycon import statements
from tests.docs.update import update


def test_commands_outputs_setup_and_sessions_are_read(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "<!-- setup: echo hi > a.txt -->\n"
        "<!-- file: screen.txt -->\n```text\nSPIES\n```\n"
        "```console\n$ cat a.txt\nhi\n$ echo one \\\n  two\none two\n```\n"
        "```sh\n$ not run\n```\n"
        "<!-- interactive -->\n```console\n$ wordsolver solve wordle\n"
        "guess 1/6 (tarse)> crane .....\nx\n```\n",
        encoding="utf-8",
    )
    first, second, session = read_examples(page)
    assert (first.command, first.expected) == ("cat a.txt", ["hi"])
    assert first.setup[0] == "echo hi > a.txt" and "SPIES" in first.setup[1]
    assert second.command == "echo one \\\n  two" and second.setup == []
    assert session.interactive and session.typed() == "crane .....\n"
    assert not first.interactive


def test_ellipsis_stands_for_any_lines() -> None:
    assert matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert matches(["a", "...", "d"], ["a", "d"])
    assert not matches(["a", "...", "d"], ["a", "b", "c"])
    assert not matches(["a", "b"], ["a", "b", "c"])


def test_timings_and_paths_do_not_count(tmp_path: Path) -> None:
    assert normalise([f"saved {tmp_path}/t.json in 3.1 s  "], tmp_path) == [
        "saved ./t.json in <time>"
    ]
    table = ["┃ strategy ┃ seconds ┃", "│ entropy  │    0.59 │", "└──────────┴─────────┘"]
    assert normalise(table) == normalise([table[0], "│ entropy  │    1.02 │", table[2]])
    assert normalise(['  "seconds": 0.2']) == normalise(['  "seconds": 12.5'])
    assert normalise(["mean 3.4212"]) != normalise(["mean 3.4213"])


def test_pycon_block_is_one_example_read_whole(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("text\n```pycon\n>>> 1 + 1\n2\n```\n", encoding="utf-8")
    (block,) = read_examples(page)
    assert block.kind == "pycon" and block.line == 2 and block.output_at == 2
    assert block.expected == [">>> 1 + 1", "2"]


def test_statements_and_continuations_are_told_from_output() -> None:
    block = ">>> for n in range(2):\n...     print(n)\n0\n...\n>>> x = 1\n>>> x\n1\n"
    assert statements(block) == [
        [">>> for n in range(2):", "...     print(n)"],
        [">>> x = 1"],
        [">>> x"],
    ]


PAGE = """\
<!-- setup: printf 'cat\\ncar\\n' > words.txt -->
```console
$ sort words.txt
car
cat
$ exit 3
[exit 3]
$ echo one \\
    two
one two
```

```pycon
>>> from pathlib import Path
>>> Path("words.txt").read_text().split()
['cat', 'car']
>>> for word in ["a", "b"]:
...     print(word.upper())
A
B
>>> int("x")
Traceback (most recent call last):
  ...
ValueError: invalid literal for int() with base 10: 'x'
```
"""


def test_a_page_whose_examples_print_what_it_shows_passes(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(PAGE, encoding="utf-8")
    assert differences(page, tmp_path / "run", tmp_path / "cache") == (4, [])


@pytest.mark.parametrize(
    ("shown", "wrong"),
    [
        ("car\ncat\n$ exit 3", "cat\ncar\n$ exit 3"),  # console output out of order
        ("[exit 3]", "[exit 4]"),  # another exit code
        ("['cat', 'car']", "['cat', 'cow']"),  # pycon value
        ("A\nB", "A\nB\nC"),  # pycon output with an extra line
        ("ValueError: invalid", "TypeError: invalid"),  # another exception
        ("one two\n", "one\n"),  # a continued command (one command) printing otherwise
    ],
)
def test_a_page_that_shows_other_output_fails(tmp_path: Path, shown: str, wrong: str) -> None:
    assert shown in PAGE
    page = tmp_path / "page.md"
    page.write_text(PAGE.replace(shown, wrong), encoding="utf-8")
    total, differing = differences(page, tmp_path / "run", tmp_path / "cache")
    assert total == 4 and len(differing) == 1


def test_update_rewrites_wrong_outputs_of_both_kinds(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    broken = PAGE.replace("car\ncat\n$ exit 3", "dog\n$ exit 3").replace("'car']", "'cow']")
    page.write_text(broken, encoding="utf-8")
    assert update(page, tmp_path / "run") == 2
    assert page.read_text(encoding="utf-8") == PAGE
