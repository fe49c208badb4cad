"""The order a proof takes its classes in: best first, each search capped a little above its
class's bound, and one search without a cap once a capped one missed while nothing is exact."""

from __future__ import annotations

import numpy as np

from wordsolver.proof.driver import _Class, _Ledger
from wordsolver.search import INFEASIBLE


def bounded_classes(*bounds: int) -> list[_Class]:
    """Classes of one first guess each, their two-level bounds counted."""
    return [
        _Class(bound=bound, searched=row, members=np.array([row]), bounded=True)
        for row, bound in enumerate(bounds)
    ]


def test_the_least_bounded_class_is_searched_first_a_little_above_its_bound() -> None:
    classes = bounded_classes(120, 100, 110)
    ledger = _Ledger(classes, top=1, secrets=320)  # aspiration: 10 above a bound
    task = ledger.next_task()
    assert task is not None and (task.guess, task.cutoff, task.search) == (1, 110, True)


def test_one_class_is_searched_without_a_cap_once_a_capped_search_missed() -> None:
    classes = bounded_classes(120, 100, 110)
    ledger = _Ledger(classes, top=1, secrets=320)
    first = ledger.next_task()
    assert first is not None and first.cutoff == 110
    classes[1].take(111, False, 0, None)  # refuted under 110: its bound rises
    ledger.finished(classes[1])
    ledger.requeue(classes[1])
    again = ledger.next_task()  # the least bound is its own again: searched without a cap
    assert again is not None and (again.guess, again.cutoff) == (2, 120)
    classes[2].take(121, False, 0, None)
    ledger.finished(classes[2])
    ledger.requeue(classes[2])
    uncapped = ledger.next_task()
    assert uncapped is not None and (uncapped.guess, uncapped.cutoff) == (1, INFEASIBLE)
    capped = ledger.next_task()  # only one runs without a cap at a time
    assert capped is not None and capped.guess == 0 and capped.cutoff == 130
    classes[1].take(140, True, 5, None)
    ledger.finished(classes[1])
    ledger.requeue(classes[1])
    classes[0].take(131, False, 0, None)
    ledger.finished(classes[0])
    ledger.requeue(classes[0])
    assert ledger.cutoff() == 140
    after = ledger.next_task()  # once something is exact every search is capped by it
    assert after is not None and after.cutoff <= 140
