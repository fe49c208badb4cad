"""The on-disk index cache: reused when valid, rebuilt when stale or damaged."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from wordsolver.alphabet import CYRILLIC, LATIN, Alphabet
from wordsolver.anagram import LetterIndex, cached_index
from wordsolver.anagram.store import index_path as _cache_index_path
from wordsolver.anagram.store import read_index, write_index
from wordsolver.lexicon import Lexicon


def same_index(a: LetterIndex, b: LetterIndex) -> bool:
    return (
        a.words == b.words
        and a.digest == b.digest
        and all(
            np.array_equal(getattr(a, name), getattr(b, name))
            for name in ("counts", "lengths", "masks", "ranks")
        )
    )


def _index_path(digest: str, alphabet: Alphabet = LATIN) -> Path:
    """Where the index is cached: the tests always have a cache folder."""
    path = _cache_index_path(digest, alphabet)
    assert path is not None
    return path


def test_first_call_builds_and_writes_then_reads(tiny_lexicon: Lexicon) -> None:
    path = _index_path(tiny_lexicon.digest())
    assert not path.exists()
    built = cached_index(tiny_lexicon)
    assert path.exists()
    loaded = read_index(path, tiny_lexicon)
    assert loaded is not None
    assert same_index(built, loaded)
    assert same_index(cached_index(tiny_lexicon), built)


def test_cache_lives_in_the_configured_folder(tiny_lexicon: Lexicon, private_cache: Path) -> None:
    assert _index_path(tiny_lexicon.digest()).parent == private_cache


def test_key_includes_alphabet_and_list(tiny_lexicon: Lexicon) -> None:
    other = Lexicon("other", ("dog",))
    assert _index_path(tiny_lexicon.digest()) != _index_path(other.digest())
    assert _index_path(other.digest(), LATIN) != _index_path(other.digest(), CYRILLIC)


def test_stale_file_is_ignored(tiny_lexicon: Lexicon) -> None:
    path = _index_path(tiny_lexicon.digest())
    write_index(path, LetterIndex.build(Lexicon("other", ("dog", "god"))))
    assert read_index(path, tiny_lexicon) is None
    assert same_index(cached_index(tiny_lexicon), LetterIndex.build(tiny_lexicon))
    assert read_index(path, tiny_lexicon) is not None  # rewritten


def flip_a_count(data: bytes, counts: np.ndarray) -> bytes:
    """Flip one bit inside the stored counts: only the zip checksum can tell."""
    at = data.index(counts.tobytes()) + counts.size // 2
    return data[:at] + bytes([data[at] ^ 1]) + data[at + 1 :]


@pytest.mark.parametrize(
    "damage",
    [
        lambda data, counts: data[: len(data) // 2],
        lambda data, counts: b"",
        lambda data, counts: b"not a zip file at all",
        flip_a_count,
    ],
    ids=["truncated", "empty", "not-a-zip", "flipped-bit"],
)
def test_damaged_file_is_rebuilt(
    tiny_lexicon: Lexicon, damage: Callable[[bytes, np.ndarray], bytes]
) -> None:
    path = _index_path(tiny_lexicon.digest())
    index = cached_index(tiny_lexicon)
    path.write_bytes(damage(path.read_bytes(), index.counts))
    assert read_index(path, tiny_lexicon) is None
    assert same_index(cached_index(tiny_lexicon), index)
    assert read_index(path, tiny_lexicon) is not None


def test_missing_file_reads_as_none(tiny_lexicon: Lexicon, tmp_path: Path) -> None:
    assert read_index(tmp_path / "absent.npz", tiny_lexicon) is None


def test_wrong_alphabet_is_ignored(tiny_lexicon: Lexicon, tmp_path: Path) -> None:
    path = tmp_path / "index.npz"
    write_index(path, LetterIndex.build(tiny_lexicon))
    assert read_index(path, tiny_lexicon, CYRILLIC) is None
