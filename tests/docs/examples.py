"""The console examples of README.md and docs/: read them, run them, compare what they print.

A ``console`` block holds commands (``$ `` lines; a line ending in ``\\`` continues) each followed
by the output it prints, stdout and stderr together as a terminal shows them. Hidden set-up
for the blocks of a page goes in HTML comments that readers do not see::

    <!-- setup: cp ../shared/data/wordle/answers.txt . -->

runs in the page's scratch folder before the next block, and ``<!-- file: NAME -->`` just before
a fenced block of any kind writes that block's text to the file ``NAME`` there (a screen the
page shows is the file its examples read). ``$PAGE_DIR`` in a set-up step is the page's own
folder, where the files it offers for download lie. Every page gets its own scratch folder,
shared by its blocks in order (a tree built in one block is shown in the next), with the
reference lists of ``tests/data`` at ``../shared/data``, where the project's examples read them.
A block after
``<!-- interactive -->`` is a session: the text typed after each prompt (``...> input``) is fed
to the command as standard input, and the command echoes it, so the transcript is compared whole.

A command that exits with a code other than 0 shows it on a last line of its own, ``[exit N]``.
Output is compared after :func:`normalise`: trailing blanks, timings and the scratch folder's
path never make a difference, and an expected line ``...`` matches any number of lines.

A ``pycon`` block is a session of the interactive interpreter, run in the page's scratch folder
by :mod:`tests.docs.pycon`: each ``>>> `` statement (with its ``... `` continuation lines) is run
in turn and the transcript, statements and what they print, must be the block. Each block is a
fresh interpreter. A line ``...`` alone is the wildcard there too, never a continuation.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: The reference lists the examples read as ``../shared/data`` (see ``tests/data/README.md``).
REFERENCE_DATA = ROOT / "tests" / "data"
#: Pages whose examples run: the README and every page of the docs site.
PAGES = (ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")))
#: Longest a single example may take (whole proofs belong in benchmarks, not in examples).
TIMEOUT = 300

_FENCE = re.compile(r"^```(\S*)\s*$")
_SETUP = re.compile(r"<!--\s*setup:(.*?)-->", re.DOTALL)
_FILE = re.compile(r"<!--\s*file:\s*(\S+)\s*-->")
_INTERACTIVE = "<!-- interactive -->"
_PROMPT = re.compile(r"^[^\n]*?> (.*)$")
_TIMING = re.compile(r"\b\d+(?:[.,]\d+)?(?:\s?(?:ms|s|sec|seconds|min))\b")
_JSON_SECONDS = re.compile(r'("seconds":\s*)[0-9.]+')
ELLIPSIS = "..."


@dataclass
class Example:
    """One command of a console block and the output the page shows for it, or a whole
    ``pycon`` block (its ``command`` the block's text, its output the block itself)."""

    page: Path
    line: int  # line of the ``$`` in the page (of the opening fence for pycon), 1-based
    command: str
    expected: list[str]
    output_at: int  # index in the page's lines of the first line of ``expected``
    setup: list[str] = field(default_factory=list)  # shell lines to run before it
    interactive: bool = False
    kind: str = "console"

    @property
    def name(self) -> str:
        """A test id: page (from the project root) and line."""
        page = self.page.relative_to(ROOT) if self.page.is_relative_to(ROOT) else self.page
        return f"{page}:{self.line}"

    def typed(self) -> str:
        """What a person typed in an interactive transcript, one line each."""
        lines = [_PROMPT.match(line) for line in self.expected]
        return "".join(f"{match.group(1)}\n" for match in lines if match)


def read_examples(page: Path) -> list[Example]:
    """Every command of every console block of a page, in page order."""
    lines = page.read_text(encoding="utf-8").splitlines()
    examples: list[Example] = []
    pending_setup: list[str] = []
    interactive = False
    number = 0
    while number < len(lines):
        text = lines[number]
        if text.lstrip().startswith("<!--"):
            end = number
            while "-->" not in lines[end]:
                end += 1
            comment = "\n".join(lines[number : end + 1])
            for match in _SETUP.finditer(comment):
                pending_setup.extend(filter(str.strip, match.group(1).strip().splitlines()))
            interactive = interactive or _INTERACTIVE in comment
            number = end + 1
            named = _FILE.search(comment)
            if named and number < len(lines) and _FENCE.match(lines[number]):
                close = number + 1
                while not _FENCE.match(lines[close]):
                    close += 1
                content = "\n".join(lines[number + 1 : close])
                pending_setup.append(
                    f"cat > {named.group(1)} <<'END_OF_FILE'\n{content}\nEND_OF_FILE"
                )
                number = close + 1
            continue
        fence = _FENCE.match(text)
        if fence and fence.group(1) in ("console", "pycon"):
            end = number + 1
            while not _FENCE.match(lines[end]):
                end += 1
            if fence.group(1) == "pycon":
                body = lines[number + 1 : end]
                source = "\n".join(body)
                block = [Example(page, number + 1, source, body, number + 1, kind="pycon")]
            else:
                block = _commands(page, lines, number + 1, end)
            if block:
                block[0].setup = pending_setup
                for example in block:
                    example.interactive = interactive
            examples.extend(block)
            pending_setup, interactive = [], False
            number = end + 1
            continue
        if fence:  # another kind of block: skip it whole
            end = number + 1
            while not _FENCE.match(lines[end]):
                end += 1
            number = end + 1
            continue
        number += 1
    return examples


def _commands(page: Path, lines: list[str], start: int, end: int) -> list[Example]:
    """The commands of a block spanning ``lines[start:end]``."""
    examples: list[Example] = []
    number = start
    while number < end:
        if not lines[number].startswith("$ "):
            raise ValueError(f"{page}:{number + 1}: console block output before any command")
        first = number
        command = lines[number][2:]
        while command.endswith("\\"):
            number += 1
            command += "\n" + lines[number]  # as typed: the shell joins the lines
        number += 1
        output_start = number
        while number < end and not lines[number].startswith("$ "):
            number += 1
        examples.append(Example(page, first + 1, command, lines[output_start:number], output_start))
    return examples


def normalise(lines: list[str], scratch: Path | None = None) -> list[str]:
    """Lines as compared: trailing blanks gone, timings (``0.2 s``, ``"seconds": 0.2``, a table's
    ``seconds`` column) and the scratch folder's path replaced."""
    result = []
    seconds_column: int | None = None
    for line in lines:
        if scratch is not None:
            line = line.replace(str(scratch), ".")
        if "┃" in line and "seconds" in line:
            seconds_column = [cell.strip() for cell in line.split("┃")].index("seconds")
        elif seconds_column is not None and line.count("│") > seconds_column:
            cells = line.split("│")
            cells[seconds_column] = " <time> "
            line = "│".join(cells)
        elif line.startswith("└"):
            seconds_column = None
        line = _JSON_SECONDS.sub(r"\1<time>", line)
        result.append(_TIMING.sub("<time>", line.rstrip()))
    while result and not result[-1]:
        result.pop()
    return result


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether the actual lines fit the expected ones, ``...`` standing for any lines."""
    if not expected:
        return not actual
    head, *rest = expected
    if head == ELLIPSIS:
        return any(matches(rest, actual[skip:]) for skip in range(len(actual) + 1))
    return bool(actual) and actual[0] == head and matches(rest, actual[1:])


def scratch_folder(base: Path) -> Path:
    """A working folder with the reference lists at ``../shared/data``."""
    work = base / "work"
    work.mkdir(parents=True, exist_ok=True)
    data = base / "shared" / "data"
    if not data.exists():
        data.parent.mkdir(exist_ok=True)
        data.symlink_to(REFERENCE_DATA, target_is_directory=True)
    return work


def environment(cache: Path, work: Path, page: Path) -> dict[str, str]:
    """What every example runs with: this venv's ``wordsolver`` first on PATH, a private cache
    and saved-games folder, no colours, and the width piped output gets."""
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["WORDSOLVER_CACHE_DIR"] = str(cache)
    env["WORDSOLVER_DATA_DIR"] = str(work.parent / "data")
    env["NO_COLOR"] = "1"
    env["COLUMNS"] = "160"
    env["PYTHONUNBUFFERED"] = "1"  # stdout and stderr interleave as on a terminal
    env["PYTHONPATH"] = str(ROOT)  # set-up steps may use the test helpers (``tests.*``)
    env["PAGE_DIR"] = str(page.parent)  # the files a page offers lie beside it
    env.pop("FORCE_COLOR", None)
    return env


def run(example: Example, work: Path, env: dict[str, str]) -> list[str]:
    """Run an example's set-up and command in ``work``; its output lines, stdout and stderr
    interleaved as a terminal shows them."""
    for line in example.setup:
        subprocess.run(["bash", "-c", line], cwd=work, env=env, check=True, timeout=TIMEOUT)
    if example.kind == "pycon":
        command, typed = [sys.executable, "-m", "tests.docs.pycon"], example.command
    else:
        command = ["bash", "-c", "exec 2>&1\n" + example.command]
        typed = example.typed() if example.interactive else ""
    finished = subprocess.run(
        command,
        cwd=work,
        env=env,
        input=typed,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=TIMEOUT,
    )
    exit_line = [f"[exit {finished.returncode}]"] if finished.returncode else []
    return finished.stdout.splitlines() + exit_line


def differences(page: Path, base: Path, cache: Path) -> tuple[int, list[str]]:
    """Run every example of a page in a scratch folder under ``base``: how many there are, and
    for each one whose output differs, its name and command followed by what it printed."""
    examples = read_examples(page)
    work = scratch_folder(base)
    env = environment(cache, work, page)
    wrong = []
    for example in examples:
        actual = normalise(run(example, work, env), work)
        if not matches(normalise(example.expected), actual):
            shown = example.command if example.kind == "console" else "(pycon block)"
            wrong.append("\n".join([f"{example.name}: $ {shown}", *actual]))
    return len(examples), wrong
