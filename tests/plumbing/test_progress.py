"""Progress shared out between equal parts of a piece of work."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from hypothesis import given
from hypothesis import strategies as st

from wordsolver.plumbing.progress import shared_out


@given(shares=st.integers(1, 50), told=st.lists(st.integers(0, 1000), max_size=40))
def test_shared_out_passes_on_the_whole_units_of_the_share(shares: int, told: list[int]) -> None:
    passed: list[int] = []
    tell = shared_out(passed.append, shares)
    for units in told:
        tell(units)
    assert sum(passed) == sum(told) // shares
    assert all(step > 0 for step in passed)


def test_shared_out_counts_every_unit_told_from_several_threads() -> None:
    passed: list[int] = []
    tell = shared_out(passed.append, 7)
    with ThreadPoolExecutor(4) as executor:
        list(executor.map(lambda _: tell(1), range(7 * 1000)))
    assert sum(passed) == 1000
