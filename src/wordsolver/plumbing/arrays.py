"""The array types every floor speaks in, named once.

Ids are rows of a list (secrets or guesses) as ``intp``, the index type numpy and the kernels
use; masks are booleans over a list; counts and totals are ``int64``; scores ``float64``; hashes
(partition fingerprints) ``uint64``.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

IdArray = npt.NDArray[np.intp]
BoolArray = npt.NDArray[np.bool_]
Int64Array = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
HashArray = npt.NDArray[np.uint64]
