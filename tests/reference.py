"""The slow, plain references the tests compare the engines with, in one place.

* The exact search's: an exhaustive optimal search over every allowed guess at every set, no
  bounds and no pruning (:func:`brute_force`, :func:`optimal`), the pool rules and fallbacks,
  random small games and an exhaustive search of them (:func:`games`, :func:`exhaustive`).
* The adversarial game's: the adversary's answer from its definition and the shortest forced
  win by trying every sequence of guesses (:func:`adversary_reference`,
  :func:`shortest_win_reference`).

Both exhaustive searches try every allowed guess at every set (:func:`exhaustive` wasted guesses
too), with no bound, no closed form and no pruning: their answers are the definition of optimal,
the fewest total guesses over all secrets, ties broken by the smaller worst case.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Iterator, Sequence
from functools import cache
from typing import TypedDict

import numpy as np
from hypothesis import strategies as st

from wordsolver.alphabet import find_alphabet
from wordsolver.games import (
    BullsCowsRule,
    ColoursRule,
    Game,
    GameOverrides,
    LikenessRule,
    find_game,
    make_game,
)
from wordsolver.lexicon import Lexicon
from wordsolver.matrix import PatternMatrix
from wordsolver.search import UNLIMITED_TRIES, SearchLimit
from wordsolver.strategies import PlayOptions
from wordsolver.tree import DecisionTree, Node
from wordsolver.tree.optimal import SearchResult, optimal_tree


class PoolFlags(TypedDict, total=False):
    """Which guesses the searches may play: hard mode, or only the candidates."""

    hard: bool
    only_candidates: bool


#: (total guesses, deepest secret) of an optimal tree, or None when no tree fits the tries.
Value = tuple[int, int] | None

RULES = {"colours": ColoursRule(), "bulls-cows": BullsCowsRule(), "likeness": LikenessRule()}


def brute_force(
    game: Game,
    *,
    hard: bool = False,
    only_candidates: bool = False,
    weights: Sequence[int] | None = None,
) -> Value:
    """The optimal (total, worst) by trying every allowed guess everywhere.

    Pools follow the rules the search is given: the candidates left when ``only_candidates``,
    the guesses ``game.rule.hard_mode_allows`` keeps when ``hard``, every allowed guess
    otherwise. A game without a limit of tries gets the search's own (``UNLIMITED_TRIES``).
    With ``weights`` each secret counts its weight in the total instead of one.
    """
    words = game.guesses.words
    secrets = game.secrets.words
    codes = game.alphabet.encode(words)
    row_of = {word: row for row, word in enumerate(words)}
    weight = [1] * len(secrets) if weights is None else list(weights)

    @cache
    def feedback(guess: int, secret: int) -> int:
        return game.rule.feedback(words[guess], secrets[secret])

    @cache
    def value(candidates: frozenset[int], tries_left: int, pool: tuple[int, ...]) -> Value:
        if tries_left == 0:
            return None
        best: Value = None
        for guess in pool:
            buckets: dict[int, set[int]] = {}
            for secret in candidates:
                buckets.setdefault(feedback(guess, secret), set()).add(secret)
            buckets.pop(game.win_pattern, None)
            if any(len(bucket) == len(candidates) for bucket in buckets.values()):
                continue  # learns nothing: a wasted guess is never part of an optimal tree
            total, worst = sum(weight[secret] for secret in candidates), 1
            for pattern, bucket in buckets.items():
                if only_candidates:
                    next_pool = tuple(sorted(row_of[secrets[s]] for s in bucket))
                elif hard:
                    kept = game.rule.hard_mode_allows(codes[list(pool)], codes[guess], pattern)
                    next_pool = tuple(p for p, keep in zip(pool, kept, strict=True) if keep)
                else:
                    next_pool = pool
                child = value(frozenset(bucket), tries_left - 1, next_pool)
                if child is None:
                    break
                total += child[0]
                worst = max(worst, child[1] + 1)
            else:
                if best is None or (total, worst) < best:
                    best = (total, worst)
        return best

    start = (
        tuple(sorted(row_of[word] for word in secrets))
        if only_candidates
        else tuple(range(len(words)))
    )
    return value(frozenset(range(len(secrets))), game.max_tries or UNLIMITED_TRIES, start)


def no_fallback(candidates: np.ndarray, tries_left: int, pool: np.ndarray) -> Node:
    """For searches without a budget: the fallback must never be needed."""
    raise AssertionError("a search without a budget asked for its fallback")


def optimal(
    matrix: PatternMatrix,
    *,
    hard: bool = False,
    only_candidates: bool = False,
    limit: SearchLimit | None = None,
    openers: tuple[int, ...] = (),
) -> SearchResult:
    """:func:`~wordsolver.tree.optimal.optimal_tree` with these play options (openers as rows)."""
    options = PlayOptions(
        hard=hard,
        guess_from="candidates" if only_candidates else "allowed",
        openers=tuple(matrix.game.guesses.words[row] for row in openers),
    )
    return optimal_tree(matrix, options, limit=limit)


def small_game(
    rule: str,
    secrets: Sequence[str],
    extra: Sequence[str] = (),
    *,
    letters: str = "abcdef",
    tries: int | None = None,
) -> Game:
    """A small custom game of any rule over a small alphabet."""
    return make_game(
        f"{rule} (custom)",
        RULES[rule],
        find_alphabet(letters),
        len(secrets[0]),
        tries,
        Lexicon("secrets", tuple(secrets)),
        Lexicon("allowed", tuple(extra)) if extra else None,
    )


def paths(tree: DecisionTree) -> Iterator[tuple[Node, list[tuple[int, int]], np.ndarray]]:
    """Every node with its history [(guess, pattern), ...] and the candidates left there."""
    matrix = tree.matrix
    stack: list[tuple[Node, list[tuple[int, int]], np.ndarray]] = [
        (tree.root, [], np.arange(len(matrix.game.secrets)))
    ]
    while stack:
        node, history, candidates = stack.pop()
        yield node, history, candidates
        patterns = matrix.values[node.guess, candidates]
        for pattern, child in node.children.items():
            stack.append(
                (child, [*history, (node.guess, pattern)], candidates[patterns == pattern])
            )


# -- random small games and their exhaustive search ------------------------------


#: (secrets not solved within the tries, total guesses, deepest secret).
Triple = tuple[int, int, int]


def exhaustive(
    game: Game, tries: int, *, within: bool, only_candidates: bool = False
) -> Triple | None:
    """The best value over every tree of the whole game with ``tries`` tries.

    ``within``: a secret still unsolved when the tries run out is one failure (its guesses
    count in the total and its depth); otherwise such a tree does not count (None: no tree
    solves every secret in time). Patterns come from the rule's slow reference.
    """
    words = game.guesses.words
    secrets = game.secrets.words
    row_of = {word: row for row, word in enumerate(words)}

    @cache
    def feedback(guess: int, secret: int) -> int:
        return game.rule.feedback(words[guess], secrets[secret])

    @cache
    def value(candidates: frozenset[int], tries_left: int) -> Triple | None:
        if tries_left == 0:
            return (len(candidates), 0, 0) if within else None
        pool = (
            sorted(row_of[secrets[s]] for s in candidates) if only_candidates else range(len(words))
        )
        best: Triple | None = None
        for guess in pool:
            buckets: dict[int, set[int]] = {}
            for secret in candidates:
                buckets.setdefault(feedback(guess, secret), set()).add(secret)
            buckets.pop(game.win_pattern, None)
            failures, total, worst = 0, len(candidates), 1
            for bucket in buckets.values():
                child = value(frozenset(bucket), tries_left - 1)
                if child is None:
                    break
                failures += child[0]
                total += child[1]
                worst = max(worst, child[2] + 1)
            else:
                if best is None or (failures, total, worst) < best:
                    best = (failures, total, worst)
        return best

    return value(frozenset(range(len(secrets))), tries)


KINDS = ["fallout", "wordle", "bulls", "mastermind", "likeness+", "colours+"]


@st.composite
def games(
    draw: st.DrawFn, kinds: list[str] | None = None, most: int = 9, tries: list[int] | None = None
) -> Game:
    """A random small game of any rule: Fallout likeness, Wordle colours (3 letters of abcd),
    Bulls and Cows (heterograms of abcd, every one of the 24 allowed), Mastermind (abc, all 27
    allowed), or likeness and colours with a few extra allowed guesses."""
    kind = draw(st.sampled_from(kinds or KINDS))
    limit = draw(st.sampled_from(tries or [2, 3, 4, 6]))
    if kind == "bulls":
        word = st.permutations("abcd").map(lambda letters: "".join(letters[:3]))
        letters = "abcd"
    else:
        letters = "abc" if kind == "mastermind" else draw(st.sampled_from(["abc", "abcd"]))
        word = st.text(alphabet=letters, min_size=3, max_size=3)
    secrets = tuple(draw(st.lists(word, min_size=2, max_size=most, unique=True)))
    if kind.endswith("+"):
        extra = draw(st.lists(word, min_size=1, max_size=5, unique=True))
        rule = "likeness" if kind == "likeness+" else "colours"
        return small_game(rule, secrets, extra, letters=letters, tries=limit)
    overrides = GameOverrides(
        words=secrets,
        tries=limit,
        length=None if kind == "fallout" else 3,
        alphabet=None if kind == "fallout" else letters,
    )
    return find_game(kind, overrides)


# -- the adversarial game --------------------------------------------------


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


def to_finish_reference(game: Game, guess: str, possible: dict[str, float]) -> float:
    """The guesses one board still needs after ``guess``, from its definition: group the
    ``possible`` secrets (word -> weight) by the pattern ``guess`` earns; a group that is the
    win needs none, any other ``2 - q`` with ``q`` its likeliest word's share of its chance
    (``2 - 1/n`` for ``n`` words alike); the mean weighted by chance."""
    groups: dict[int, list[str]] = defaultdict(list)
    for word in possible:
        groups[game.feedback(guess, word)].append(word)
    total = sum(possible.values())
    needed = 0.0
    for pattern, words in groups.items():
        if pattern != game.win_pattern:
            mass = sum(possible[w] for w in words)
            likeliest = max(possible[w] for w in words) / mass
            needed += mass / total * (2 - likeliest)
    return needed


def finish_deeper_reference(
    game: Game,
    guess: str,
    second: Sequence[str],
    possible: dict[str, float],
    curve: tuple[Sequence[float], Sequence[float]],
) -> float:
    """The mean guesses to finish a game when ``guess`` is played now, looked at one guess
    deeper, from its definition: 1 for the guess; each bucket it leaves (but the win) weighted
    by its chance: one word 1 more, two words 2 - q, more the least over the guesses of
    ``second`` and the bucket's own words of 1 + the chance-weighted guesses to finish each
    part that one leaves (but its win): 1, 2 - q, or ``curve`` (bits, guesses) read at the
    part's entropy."""

    def groups(word: str, words: Sequence[str]) -> dict[int, list[str]]:
        found: dict[int, list[str]] = defaultdict(list)
        for secret in words:
            found[game.feedback(word, secret)].append(secret)
        return found

    def mass(words: Sequence[str]) -> float:
        return sum(possible[w] for w in words)

    def small(words: Sequence[str]) -> float:
        return 1.0 if len(words) == 1 else 2 - max(possible[w] for w in words) / mass(words)

    def part(words: Sequence[str]) -> float:
        if len(words) <= 2:
            return small(words)
        shares = np.array([possible[w] for w in words]) / mass(words)
        bits = float(-(shares * np.log2(shares)).sum())
        return float(np.interp(bits, *curve))

    def deeper(words: Sequence[str]) -> float:
        costs = []
        for word in [*second, *words]:
            cost = 1.0
            for pattern, inner in groups(word, words).items():
                if pattern != game.win_pattern:
                    cost += mass(inner) / mass(words) * part(inner)
            costs.append(cost)
        return min(costs)

    total = 1.0
    everyone = sum(possible.values())
    for pattern, words in groups(guess, list(possible)).items():
        if pattern != game.win_pattern:
            value = small(words) if len(words) <= 2 else deeper(words)
            total += mass(words) / everyone * value
    return total


def look_ahead_reference(
    game: Game, guess: str, next_guesses: Sequence[str], boards: Sequence[dict[str, float]]
) -> float:
    """The guesses still needed after ``guess`` on several boards (each ``word -> weight``)
    when the best of ``next_guesses`` is played next, from its definition: every tuple of
    secrets, one per board, with the chance of its weights; nothing more once ``guess`` solves
    every board, else the next guess and what it leaves by :func:`to_finish_reference`."""
    total = 0.0
    mass = 1.0
    for board in boards:
        mass *= sum(board.values())
    for secrets in itertools.product(*(list(board) for board in boards)):
        chance = float(np.prod([board[s] for board, s in zip(boards, secrets, strict=True)]))
        left = [
            {w: wt for w, wt in board.items() if game.feedback(guess, w) == game.feedback(guess, s)}
            for board, s in zip(boards, secrets, strict=True)
            if s != guess
        ]
        if not left:
            continue
        best = min(
            sum(to_finish_reference(game, nxt, board) for board in left) for nxt in next_guesses
        )
        total += chance / mass * (1 + best)
    return total
