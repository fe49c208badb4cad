"""Copy the real games' word lists into the package data (``src/wordsolver/lexicon/data``).

Run ``python scripts/copy_game_lists.py [--shared DIR] [--out DIR]``; ``--shared`` is the folder
of reference lists (default ``tests/data``, the lists as published). Each list is copied as
the game has it, only normalised the way every built-in list is: casefolded, Russian ё folded
into е, de-duplicated, sorted, one word per line with a trailing newline (the Birdigo list is
gzip-compressed with a fixed header). Words a game cannot use stay in the copy (the four-letter
Tonguess list keeps *adam* and *ohio*); the game skips them and counts them. The only list that
is selected rather than copied is the 5 букв allowed list, taken from the study's table of words
by the rule the study gives (see :func:`five_letters_allowed`).

The script prints each file with its word count and the SHA-256 of its source, the numbers
``docs/wordlists.md`` records; ``tests/games/test_game_lists.py`` checks the copies against the
sources.
"""

from __future__ import annotations

import argparse
import hashlib
from collections.abc import Iterable
from pathlib import Path

from wordlist_files import write_list

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SHARED = ROOT / "tests" / "data"
DEFAULT_OUT = ROOT / "src" / "wordsolver" / "lexicon" / "data"

#: Package file -> source file under the shared folder (plain copies).
COPIES = {
    "wordle-answers-original.txt": "wordle/answers.txt",
    "wordle-allowed-original.txt": "wordle/allowed.txt",
    "wordle-allowed-nyt.txt": "wordle/allowed-nyt.txt",
    "wordle-answers-wordlebot.txt": "wordle/answers-wordlebot.txt",
    "tonguess3-game.txt": "tonguess/dict3",
    "tonguess4-game.txt": "tonguess/dict4",
    "5bukv-answers-study.txt": "five-letters/tbank-answers-assumption.txt",
    "birdigo.txt.gz": "birdigo/words_alpha.txt",
}
#: The study's table of every word it collected (``word;source;flag``).
FIVE_LETTERS_TABLE = "five-letters/all-words.csv"


def normalise(words: Iterable[str]) -> list[str]:
    """Casefolded (ё → е), de-duplicated, sorted words; blank entries dropped."""
    return sorted({word.strip().casefold().replace("ё", "е") for word in words} - {""})


def five_letters_allowed(table: str) -> list[str]:
    """The words the study found the real game accepts: rows flagged ``exists``, and rows from
    OpenCorpora not flagged ``not-exists``."""
    rows = [line.split(";") for line in table.splitlines() if line.strip()]
    return [
        word
        for word, source, flag in rows
        if flag != "not-exists" and (flag == "exists" or source == "OpenCorpora")
    ]


def copy_lists(shared: Path, out: Path) -> None:
    """Write every game list into ``out`` and report it."""
    out.mkdir(parents=True, exist_ok=True)
    jobs = {name: (source, None) for name, source in COPIES.items()}
    jobs["5bukv-allowed-study.txt"] = (FIVE_LETTERS_TABLE, five_letters_allowed)
    for name, (source, select) in jobs.items():
        raw = (shared / source).read_bytes()
        text = raw.decode("utf-8")
        words = normalise(select(text) if select else text.split())
        write_list(out / name, words)
        digest = hashlib.sha256(raw).hexdigest()
        print(f"{name:<30} {len(words):>7} words  from {source} (sha256 {digest[:16]})")


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=DEFAULT_SHARED, help="reference lists")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output directory")
    args = parser.parse_args()
    copy_lists(args.shared, args.out)


if __name__ == "__main__":
    main()
