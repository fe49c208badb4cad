"""Every console example and ``pycon`` block of README.md and docs/ prints what the page shows.

One test per page: a page's examples share a scratch folder and run in page order. Refresh the
pages after a deliberate change with ``python -m tests.docs.update [PAGE...]``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.docs.examples import PAGES, ROOT, differences


@pytest.mark.parametrize("page", PAGES, ids=[str(page.relative_to(ROOT)) for page in PAGES])
def test_page_examples_print_what_the_page_shows(
    page: Path, tmp_path: Path, private_cache: Path
) -> None:
    total, wrong = differences(page, tmp_path, private_cache)
    assert not wrong, f"{len(wrong)} of {total} examples differ:\n\n" + "\n\n".join(wrong)
