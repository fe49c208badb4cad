"""Suggestions for the assistant's state, and their stable ``--json`` form.

The assistant's state has one thing a plain :class:`~wordsolver.strategies.Position` lacks:
removed words, which are neither possible secrets nor playable guesses any more, so they leave
the guess pool too.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import replace
from typing import Any

from wordsolver.assistant.state import AssistantState, without
from wordsolver.session import Session
from wordsolver.strategies import Player, RankedGuess

#: Candidates are listed by name when at most this many are left.
SHOW_CANDIDATES = 20


def suggestions(
    player: Player, session: Session, top: int, *, removed: Collection[int] = ()
) -> list[RankedGuess]:
    """The ``top`` best guesses now, best first (none once solved), leaving out guesses that
    make no progress (they neither split the candidates nor can win).

    ``removed`` are secret ids ruled out by the user: neither candidates nor guesses any more.
    """
    if session.solved:
        return []
    if player.matrix is not session.matrix:  # widened: the same guesses, other secrets
        player = Player(session.matrix, player.strategy, player.options)
    mask = session.consistent_mask() if player.options.hard else None
    candidates = without(session.candidates, removed)
    position = player.position(candidates, len(session.steps), mask)
    if removed:
        rows = session.game.secret_rows[list(removed)]
        position = replace(position, pool=without(position.pool, rows))
    return [r for r in player.strategy.rank(position, top) if math.isfinite(r.score)]


def suggestion_json(ranked: RankedGuess) -> dict[str, Any]:
    """One suggestion in the ``--json`` schema shared with ``wordsolver suggest``."""
    return {
        "word": ranked.word,
        "score": ranked.score,
        "entropy": round(ranked.entropy, 6),
        "expected_left": round(ranked.expected_size, 6),
        "worst": ranked.worst,
        "can_win": ranked.is_candidate,
    }


def state_json(state: AssistantState, player: Player, ranked: list[RankedGuess]) -> dict[str, Any]:
    """The state and its suggestions as plain JSON values (``wordsolver solve --json``).

    ``widened`` is true when no answer fits the feedback and the candidates are the allowed
    words that do.
    """
    game = state.game
    words = state.candidate_words()
    return {
        "game": game.name,
        "strategy": player.strategy.name,
        "options": player.options.describe(),
        "history": [
            {
                "guess": step.guess,
                "feedback": game.format_pattern(step.pattern),
                "pattern": step.pattern,
                "candidates_left": step.n_candidates,
            }
            for step in state.steps
        ],
        "removed": sorted(state.removed_words),
        "solved": state.solved,
        "widened": state.widened,
        "candidates_left": len(words),
        "candidates": words if len(words) <= SHOW_CANDIDATES else None,
        "suggestions": [suggestion_json(r) for r in ranked],
    }
