"""Every console example of README.md and docs/ prints what the page says it prints.

One test per page: a page's examples share a scratch folder and run in page order. Refresh the
pages after a deliberate change with ``python -m tests.docs.update [PAGE...]``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.docs.examples import (
    PAGES,
    ROOT,
    environment,
    matches,
    normalise,
    read_examples,
    run,
    scratch_folder,
)


@pytest.mark.parametrize("page", PAGES, ids=[str(page.relative_to(ROOT)) for page in PAGES])
def test_page_examples_print_what_the_page_shows(
    page: Path, tmp_path: Path, private_cache: Path
) -> None:
    examples = read_examples(page)
    work = scratch_folder(tmp_path)
    env = environment(private_cache, work)
    wrong = []
    for example in examples:
        actual = normalise(run(example, work, env), work)
        expected = normalise(example.expected)
        if not matches(expected, actual):
            wrong.append("\n".join([f"{example.name}: $ {example.command}", *actual]))
    assert not wrong, f"{len(wrong)} of {len(examples)} examples differ:\n\n" + "\n\n".join(wrong)
