"""The letter-count index cached on disk, keyed by the word list's digest and a format version.

A cache file is an uncompressed ``.npz`` written atomically. On load it is verified: format
version, list digest, alphabet, array shapes and dtypes, and the zip checksums of every array.
Any mismatch or damage means the index is rebuilt and the file rewritten, never a wrong answer.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import numpy as np

from wordsolver.alphabet import LATIN, Alphabet
from wordsolver.anagram.index import LetterIndex
from wordsolver.lexicon import Lexicon
from wordsolver.plumbing.cache import cache_path, write_cache_entry
from wordsolver.plumbing.files import UserFileError, read_user_bytes

#: Bump when the arrays or their meaning change, so old files are ignored.
FORMAT_VERSION = 1

_ARRAYS = {"counts": np.uint8, "lengths": np.uint8, "masks": np.int64, "ranks": np.int32}
#: Largest index file read: the index of the largest word file read (256 MB, some 40 million
#: words) takes about 40 bytes a word.
MAX_INDEX_FILE = 2 * 1024 * 1024 * 1024


def index_path(digest: str, alphabet: Alphabet = LATIN) -> Path | None:
    """Where the index of the list with this digest is cached (None: no usable cache)."""
    return cache_path(f"anagram-{alphabet.name}-{digest}-v{FORMAT_VERSION}.npz")


def cached_index(lexicon: Lexicon, alphabet: Alphabet = LATIN) -> LetterIndex:
    """The index of ``lexicon``: read from the cache when valid, otherwise built and cached."""
    path = index_path(lexicon.digest(), alphabet)
    if path is None:
        return LetterIndex.build(lexicon, alphabet)
    index = read_index(path, lexicon, alphabet)
    if index is None:
        index = LetterIndex.build(lexicon, alphabet)
        write_index(path, index)
    return index


def write_index(path: Path, index: LetterIndex) -> None:
    """Save an index atomically."""
    buffer = io.BytesIO()
    header = np.array([str(FORMAT_VERSION), index.digest, index.alphabet.letters])
    np.savez(
        buffer,
        header=header,
        counts=index.counts,
        lengths=index.lengths,
        masks=index.masks,
        ranks=index.ranks,
    )
    write_cache_entry(path, lambda file: file.write(buffer.getvalue()))


def read_index(path: Path, lexicon: Lexicon, alphabet: Alphabet = LATIN) -> LetterIndex | None:
    """The cached index of ``lexicon``, or None when the file is missing, stale or damaged."""
    try:
        data = read_user_bytes(path, limit=MAX_INDEX_FILE)
    except UserFileError:
        return None
    try:
        with np.load(io.BytesIO(data), allow_pickle=False) as saved:
            header = saved["header"].tolist()
            arrays = {name: saved[name] for name in _ARRAYS}
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        return None
    digest = lexicon.digest()
    if header != [str(FORMAT_VERSION), digest, alphabet.letters]:
        return None
    rows = len(lexicon.words)
    for name, dtype in _ARRAYS.items():
        shape = (rows, alphabet.size) if name == "counts" else (rows,)
        if arrays[name].dtype != dtype or arrays[name].shape != shape:
            return None
    return LetterIndex(
        alphabet,
        digest,
        lexicon.words,
        arrays["counts"],
        arrays["lengths"],
        arrays["masks"],
        arrays["ranks"],
    )
