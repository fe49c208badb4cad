"""The pages hold no example that escapes the runner, and the reference covers the library."""

from __future__ import annotations

import pkgutil
import re
from pathlib import Path

import pytest

import wordsolver
from tests.docs.examples import PAGES, ROOT
from wordsolver import plumbing

_FENCE = re.compile(r"^```(\S*)\s*$")
#: Faces and entry points: programs, not library API (their own pages document them).
NOT_API = {"cli", "web", "__main__"}


def fenced_blocks(page: Path) -> list[tuple[int, str, list[str]]]:
    """Every fenced block of a page: line of its fence (1-based), language, lines."""
    lines = page.read_text(encoding="utf-8").splitlines()
    blocks, number = [], 0
    while number < len(lines):
        fence = _FENCE.match(lines[number])
        if fence:
            end = number + 1
            while not _FENCE.match(lines[end]):
                end += 1
            blocks.append((number + 1, fence.group(1), lines[number + 1 : end]))
            number = end
        number += 1
    return blocks


@pytest.mark.parametrize("page", PAGES, ids=[str(page.relative_to(ROOT)) for page in PAGES])
def test_examples_are_written_so_that_they_run(page: Path) -> None:
    """Python is shown as ``pycon`` sessions and commands with output as ``console`` blocks,
    the two kinds the runner executes; ``sh`` is kept for what cannot run here (and says why)."""
    unrun = []
    for line, language, body in fenced_blocks(page):
        first = body[0] if body else ""
        if language in ("python", "py", "python3"):
            unrun.append(f"{page.name}:{line}: a {language} block (write it as pycon)")
        elif language not in ("console", "pycon") and first.startswith(("$ ", ">>> ")):
            unrun.append(f"{page.name}:{line}: a session in a {language or 'plain'} block")
    assert not unrun, "\n".join(unrun)


def test_every_library_module_has_a_reference_page() -> None:
    """A page per top-level module, and one per helper of ``wordsolver.plumbing`` (a package
    of separate modules, where the others' pages show what their package exports)."""
    documented = {
        match.group(1)
        for page in (ROOT / "docs" / "reference").rglob("*.md")
        for match in re.finditer(r"^::: wordsolver\.([\w.]+)", page.read_text("utf-8"), re.M)
    }
    modules = {
        prefix + info.name
        for prefix, path in (("", wordsolver.__path__), ("plumbing.", plumbing.__path__))
        for info in pkgutil.iter_modules(path)
        if not info.name.startswith("_") and info.name not in NOT_API
    }
    assert modules - documented == set(), "add a page under docs/reference/ for each"
    assert documented - modules == set(), "these modules are gone: drop their pages"


def test_ci_runs_the_readme_test_command_word_for_word() -> None:
    commands = [
        body[0]
        for _, language, body in fenced_blocks(ROOT / "README.md")
        if language == "sh" and body and "pytest" in body[0]
    ]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]
    assert commands == [ci], "README's test command and .ci/run's last line must be the same"
    assert "mkdocs build --strict" in ci


def test_readme_links_point_at_files_that_exist() -> None:
    """The site's build checks its own links; the README's into it are checked here."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    readme = re.sub(r"^```.*?^```", "", text, flags=re.MULTILINE | re.DOTALL)  # prose only
    targets = re.findall(r"\]\(((?!https?:|#)[^)#\s]+)(?:#[^)]*)?\)", readme)
    assert targets, "the README links into the docs"
    missing = sorted({target for target in targets if not (ROOT / target).exists()})
    assert not missing, f"README links to missing files: {missing}"


def test_readme_stays_a_short_tour() -> None:
    """The README is the front door: what it is, the two set-up commands and a short tour;
    everything longer belongs on the site."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 300, f"README.md has {len(lines)} lines: move detail to docs/"
