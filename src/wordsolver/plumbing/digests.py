"""Content digests (SHA-256, BLAKE2b) without loading OpenSSL.

``import hashlib`` maps OpenSSL's libcrypto into the process (3.4 MB of resident memory here)
for the few short digests a command takes: its word lists', its cache keys'. CPython's own
implementations give the same digests, and its ``random`` module takes them for the same reason;
``hashlib`` is the fallback on an interpreter without them. Large data (the tables' checksums)
is checked with CRC-32 instead (see :mod:`wordsolver.matrix`).

>>> sha256_hex(b"abc")[:16]
'ba7816bf8f01cfea'
>>> blake2b_digest(b"abc", 16).hex()
'cf4ab791c62b8d2b2109c90275287816'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Data = bytes | bytearray | memoryview


def _constructor(modules: tuple[str, ...], name: str) -> Callable[..., Any]:
    """The first of ``modules`` that holds ``name`` (the last is always ``hashlib``)."""
    import importlib

    for module in modules:
        try:
            found: Callable[..., Any] = getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError):
            continue
        return found
    raise ImportError(f"no {name} in {', '.join(modules)}")


# CPython 3.12 and later name the module _sha2, 3.11 _sha256.
_sha256 = _constructor(("_sha2", "_sha256", "hashlib"), "sha256")
_blake2b = _constructor(("_blake2", "hashlib"), "blake2b")


def sha256_hex(data: Data) -> str:
    """The SHA-256 of ``data``, in hexadecimal."""
    return str(_sha256(data).hexdigest())


def blake2b_digest(data: Data, size: int = 64) -> bytes:
    """The BLAKE2b digest of ``data``, ``size`` bytes long (at most 64)."""
    return bytes(_blake2b(data, digest_size=size).digest())
