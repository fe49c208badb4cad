"""Plain references for the exact search: random small games and an exhaustive search.

The exhaustive search tries every allowed guess at every set, wasted guesses included, with no
bound, no closed form and no pruning: its answer is the definition of both objectives.
"""

from __future__ import annotations

from functools import cache

from hypothesis import strategies as st

from tests.search.reference import small_game
from wordsolver.games import Game, GameOverrides, find_game

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
