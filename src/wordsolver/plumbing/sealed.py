"""JSON cache payloads sealed with a checksum, so a changed or damaged file is never believed.

A sealed document is ``{"payload": ..., "blake2b": hex}`` where the checksum is over the payload's
canonical JSON. :func:`unseal` gives the payload back only when the checksum matches, as the
pattern matrix cache verifies its cells: one changed number must cost a recomputation, never a
wrong answer (a duel's hidden secret was once chosen from an edited guess-count file).

>>> unseal(json.loads(json.dumps(seal({"needed": [3, 4]}))))
{'needed': [3, 4]}
>>> unseal({"payload": {"needed": [3, 5]}, "blake2b": seal({"needed": [3, 4]})["blake2b"]})
"""

from __future__ import annotations

import json
from typing import Any

from wordsolver.plumbing.digests import blake2b_digest


def _checksum(payload: Any) -> str:
    canonical = json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return blake2b_digest(canonical.encode("utf-8")).hex()


def seal(payload: Any) -> dict[str, Any]:
    """The document to write: the payload and its checksum."""
    return {"payload": payload, "blake2b": _checksum(payload)}


def unseal(document: Any) -> Any:
    """The payload of a sealed document, or None when it is not one or its checksum is wrong."""
    if not isinstance(document, dict) or set(document) != {"payload", "blake2b"}:
        return None
    payload = document["payload"]
    return payload if document["blake2b"] == _checksum(payload) else None
