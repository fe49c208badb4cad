"""The exact search's memo: an open-addressing table in numpy arrays, keyed by two independent
64-bit hashes of (frame, sorted set, tries left and, in hard mode, the guesses allowed), so that
a false match needs a 128-bit collision. An entry holds the exact value of a set (with its
deepest secret and guess, packed in one info word) or a proven lower bound."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from numba import njit

from wordsolver.partition import IdArray

Int64Array = npt.NDArray[np.int64]
HashArray = npt.NDArray[np.uint64]

#: Memo slots (a power of two); a key probes a few slots, and a full table drops its cheapest.
MEMO_SLOTS = 1 << 19
PROBES = 8
#: An entry's info word: this bit for an exact value, the deepest secret in bits 32–39 and the
#: guess in bits 0–31.
EXACT_BIT = 1 << 62
H1_SEED = np.uint64(0x9E3779B97F4A7C15)
H2_SEED = np.uint64(0xC2B2AE3D27D4EB4F)


@njit(cache=True, inline="always")
def mix(value: np.uint64) -> np.uint64:
    """splitmix64's finaliser: every input bit moves every output bit."""
    value = (value ^ (value >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    value = (value ^ (value >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return value ^ (value >> np.uint64(31))


@njit(cache=True)
def set_keys(frame: np.uint64, members: IdArray, tries_left: int) -> tuple[np.uint64, np.uint64]:
    """Two independent hashes of a frame, a sorted set in it and the tries left."""
    h1 = mix(H1_SEED ^ frame) ^ np.uint64(tries_left)
    h2 = mix(H2_SEED + frame) + np.uint64(members.shape[0])
    for secret in members:
        x = np.uint64(secret)
        h1 = mix(h1 ^ x)
        h2 = (h2 + mix(x + H2_SEED)) * np.uint64(0x100000001B3)
    return h1, mix(h2 ^ np.uint64(tries_left << 32))


@njit(cache=True)
def with_pool(h1: np.uint64, h2: np.uint64, pool: IdArray) -> tuple[np.uint64, np.uint64]:
    """Keys that also name the guesses allowed (hard mode)."""
    for guess in pool:
        x = np.uint64(guess)
        h1 = mix(h1 + x)
        h2 = (h2 ^ mix(x ^ H1_SEED)) * np.uint64(0x100000001B3)
    return h1, mix(h2)


@njit(cache=True)
def memo_find(keys: HashArray, h1: np.uint64, h2: np.uint64) -> int:
    """The slot holding (h1, h2), or -1."""
    mask = keys.shape[0] - 1
    slot = np.int64(h1 & np.uint64(mask))
    for _ in range(PROBES):
        if keys[slot, 0] == h1 and keys[slot, 1] == h2:
            return int(slot)
        if keys[slot, 0] == 0 and keys[slot, 1] == 0:
            return -1
        slot = (slot + 1) & mask
    return -1


@njit(cache=True)
def memo_store(
    keys: HashArray, lowers: Int64Array, infos: Int64Array, h1: np.uint64, h2: np.uint64,
    lower: int, info: int,
) -> None:  # fmt: skip
    """Record an entry: its own slot, else the first free one, else (a full table) the one
    of least value it probes: small sets cost least to search again."""
    mask = keys.shape[0] - 1
    slot = np.int64(h1 & np.uint64(mask))
    cheapest = slot
    found = False
    for _ in range(PROBES):
        if (keys[slot, 0] == h1 and keys[slot, 1] == h2) or (keys[slot, 0] | keys[slot, 1]) == 0:
            found = True
            break
        if lowers[slot] < lowers[cheapest]:
            cheapest = slot
        slot = (slot + 1) & mask
    if not found:
        slot = cheapest
    keys[slot, 0] = h1
    keys[slot, 1] = h2
    lowers[slot] = lower
    infos[slot] = info


@njit(cache=True)
def known_lower(
    frame: np.uint64, candidates: IdArray, pool: IdArray, tries_left: int,
    keys: HashArray, lowers: Int64Array, hard: bool,
) -> int:  # fmt: skip
    """The lower bound (or exact value) the memo holds for a set, 0 when none."""
    h1, h2 = set_keys(frame, candidates, tries_left)
    if hard:
        h1, h2 = with_pool(h1, h2, pool)
    slot = memo_find(keys, h1, h2)
    return 0 if slot < 0 else int(lowers[slot])


@njit(cache=True)
def known_guess(
    rows: IdArray, frame: np.uint64, candidates: IdArray, pool: IdArray, tries_left: int,
    keys: HashArray, infos: Int64Array, hard: bool,
) -> int:  # fmt: skip
    """The optimal guess (a frame column) the memo holds for a set solved exactly, or -1."""
    if candidates.shape[0] <= 2:
        return int(rows[candidates[0]])
    h1, h2 = set_keys(frame, candidates, tries_left)
    if hard:
        h1, h2 = with_pool(h1, h2, pool)
    slot = memo_find(keys, h1, h2)
    if slot < 0 or not infos[slot] & EXACT_BIT:
        return -1
    return int(infos[slot] & 0xFFFFFFFF)
