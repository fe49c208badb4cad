"""The array types every floor speaks in, named once.

Ids are rows of a list (secrets or guesses) as ``intp``, the index type numpy and the kernels
use; masks are booleans over a list; counts and totals are ``int64``; scores ``float64``; hashes
(partition fingerprints) ``uint64``.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

IdArray = npt.NDArray[np.intp]
BoolArray = npt.NDArray[np.bool_]
Int64Array = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
HashArray = npt.NDArray[np.uint64]


def without(ids: IdArray, removed: Iterable[int]) -> IdArray:
    """``ids`` minus the ``removed`` ones, order kept.

    >>> without(np.arange(5), {1, 3}).tolist()
    [0, 2, 4]
    """
    drop = list(removed)
    kept: IdArray = ids[~np.isin(ids, drop)] if drop else ids
    return kept
