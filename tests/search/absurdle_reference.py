"""Slow, plain references for the adversarial game: the adversary's answer from its definition
(the rule's own feedback, one word at a time) and the shortest forced win by trying every
sequence of guesses, with no cuts at all."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from wordsolver.games import Game


def adversary_reference(game: Game, possible: Sequence[str], guess: str) -> tuple[str, list[str]]:
    """(feedback text, words kept): the largest bucket; ties to fewest greens, then fewest
    yellows, then the lowest pattern number."""
    buckets: dict[int, list[str]] = defaultdict(list)
    for word in possible:
        buckets[game.feedback(guess, word)].append(word)

    def key(pattern: int) -> tuple[int, int, int, int]:
        text = game.format_pattern(pattern)
        return (-len(buckets[pattern]), text.count("g"), text.count("y"), pattern)

    chosen = min(buckets, key=key)
    return game.format_pattern(chosen), buckets[chosen]


def fits_hard(game: Game, guess: str, history: Sequence[tuple[str, int]]) -> bool:
    """Whether a guess keeps to every feedback so far under the rule's hard mode."""
    codes = game.alphabet.encode([guess])
    for played, pattern in history:
        if not game.rule.hard_mode_allows(codes, game.alphabet.encode([played])[0], pattern)[0]:
            return False
    return True


def shortest_win_reference(
    game: Game, hard: bool = False, most: int = 4
) -> tuple[int | None, list[str]]:
    """(fewest guesses that force the win, every first guess of such a win), trying every
    sequence of at most ``most`` guesses; (None, []) when none is that short."""

    def wins(possible: list[str], left: int, history: list[tuple[str, int]]) -> bool:
        if left == 0:
            return False
        for guess in game.guesses.words:
            if hard and not fits_hard(game, guess, history):
                continue
            text, kept = adversary_reference(game, possible, guess)
            if text == game.format_pattern(game.win_pattern):
                return True
            pattern = game.parse_pattern(text)
            if wins(kept, left - 1, [*history, (guess, pattern)]):
                return True
        return False

    everything = list(game.secrets.words)
    for length in range(1, most + 1):
        firsts = []
        for guess in game.guesses.words:
            text, kept = adversary_reference(game, everything, guess)
            if text == game.format_pattern(game.win_pattern) or wins(
                kept, length - 1, [(guess, game.parse_pattern(text))]
            ):
                firsts.append(guess)
        if firsts:
            return length, firsts
    return None, []
