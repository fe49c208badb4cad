"""Measure the finish curve of :mod:`wordsolver.strategies.finish`: the mean guesses still
needed (the next included) from a position of so many bits, under today's Wordle prior.

Run ``python -m scripts.finish_curve [--secrets 3000] [--seed 7]``. It draws the secrets from
the prior (each accepted word as likely as the prior says, repeats dropped), plays each with
the greedy order alone (entropy, its best guesses not weighed again, so the curve does not feed
on itself), and at every position passed records the candidates' entropy in bits and the
guesses the game then took; the means by bin are printed as the ``FINISH_CURVE`` points, the
first (0 bits, 1 guess) added. The figures in the package were made with the defaults.
"""

from __future__ import annotations

import argparse
import itertools
from collections.abc import Iterator

import numpy as np

from wordsolver.against import play_against
from wordsolver.games import Game, find_game
from wordsolver.session import Session, game_matrix
from wordsolver.strategies import finish

#: Bin edges in bits; each bin gives one point (its mean bits, its mean guesses).
EDGES = (0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0, 14.0)


def positions(game: Game, secrets: list[str]) -> Iterator[tuple[float, int]]:
    """(bits, guesses the game then took) at every position the greedy play passes."""
    matrix = game_matrix(game)
    finish.MAX_CANDIDATES = 0  # the greedy order alone: nothing weighed deeper
    played = play_against(game, secrets, matrix=matrix)
    for word, path in zip(played.words, played.paths, strict=True):
        session = Session(matrix)
        secret = np.array([game.secret_of_guess[game.row_of(word)]], dtype=np.intp)
        for k, guess in enumerate(path):
            shares = session.probabilities()
            shares = shares[shares > 0] / shares.sum()
            yield float(-(shares * np.log2(shares)).sum()), len(path) - k
            if guess == word:
                break
            row = np.array([game.row_of(guess)], dtype=np.intp)
            session.push(guess, int(matrix.cells(secret, row)[0, 0]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--secrets", type=int, default=3000, help="secrets drawn from the prior")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    game = find_game("wordle")
    prior = np.asarray(game.probabilities, dtype=np.float64)
    drawn = np.random.default_rng(args.seed).choice(len(prior), args.secrets, p=prior / prior.sum())
    secrets = sorted({game.secrets.words[i] for i in drawn})
    seen = np.array(list(positions(game, secrets)))
    points = [(0.0, 1.0)]
    for low, high in itertools.pairwise(EDGES):
        inside = (seen[:, 0] >= low) & (seen[:, 0] < high)
        if inside.any():
            points.append((seen[inside, 0].mean(), seen[inside, 1].mean()))
    print(f"{len(secrets):,} secrets, {len(seen):,} positions")
    print("bits:   ", ", ".join(f"{bits:.3g}" for bits, _ in points))
    print("guesses:", ", ".join(f"{guesses:.4g}" for _, guesses in points))


if __name__ == "__main__":
    main()
