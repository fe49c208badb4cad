"""How the terminal modes look: tiles, the board, candidates and suggestion tables.

Everything here returns rich renderables and prints nothing, so the same pieces serve the
assistant and the hosted games, on a colour terminal and in plain captured text alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.columns import Columns
from rich.console import Group
from rich.table import Table
from rich.text import Text

from wordsolver.games import Game
from wordsolver.session import Session, Step
from wordsolver.strategies import RankedGuess

if TYPE_CHECKING:
    from wordsolver.hosted.review import ReviewRow

#: Scores every table shows; a strategy's own score gets a column only when it is not one of them.
STANDARD_SCORES = ("mean left", "worst", "bits")


def tiles(game: Game, guess: str, pattern: int, *, compact: bool = False) -> Text:
    """One guess with its feedback, drawn from the rule's feedback form: a coloured tile per
    letter for marks (then the text, readable without colour too); else the guess in bold and
    the feedback as the game writes it. ``compact`` tiles are a letter wide (boards side by
    side)."""
    shown = game.format_pattern(pattern)
    form = game.rule.form
    if form.kind != "marks":
        return Text.assemble((guess, "bold"), "  ", (shown, "cyan"))
    colours = {mark.symbol: mark.colour for mark in form.marks}
    drawn = Text()
    for letter, symbol in zip(guess, shown, strict=True):
        shown_letter = letter.upper() if compact else f" {letter.upper()} "
        drawn.append(shown_letter, style=f"bold white on {colours[symbol]}")
        if not compact:
            drawn.append(" ")
    drawn.append(f" {shown}", style="dim")
    return drawn


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``1 word``, ``2 words``; ``many`` spells an irregular plural.

    >>> plural(1, "word"), plural(3, "word"), plural(2, "try", "tries")
    ('1 word', '3 words', '2 tries')
    """
    return f"{count} {noun if count == 1 else many or noun + 's'}"


def board(game: Game, steps: Sequence[Step]) -> Group:
    """Every guess so far, numbered, with the candidates it left."""
    lines = []
    for number, step in enumerate(steps, 1):
        line = Text(f"{number:>2}  ")
        line.append_text(tiles(game, step.guess, step.pattern))
        line.append(f"   {step.n_candidates} left", style="dim")
        lines.append(line)
    return Group(*lines)


def candidates_line(words: Sequence[str], show: int) -> Text:
    """How many candidates are left, and which when at most ``show``."""
    line = Text(f"{plural(len(words), 'candidate')} left", style="bold")
    if len(words) == 1:
        line = Text.assemble(("1 candidate left: ", "bold"), (words[0], "bold green"))
    elif len(words) <= show:
        line.append(": " + " ".join(words))
    return line


#: The likeliest candidates a line of text names under a prior.
SHOW_LIKELIEST = 5


def percent(probability: float) -> str:
    """A probability as people read it: whole percents from 10%, a decimal below.

    >>> [percent(p) for p in (0.62, 0.045, 0.004, 0.00046, 0.0000049, 1.0)]
    ['62%', '4.5%', '0.4%', '0.05%', '<0.01%', '100%']
    """
    if probability >= 0.1 or probability == 0:
        return f"{probability:.0%}"
    if probability >= 0.001:
        return f"{probability:.1%}"
    if probability >= 0.0001:
        return f"{probability:.2%}"
    return "<0.01%"


def possible_line(session: Session, show: int) -> Text:
    """What is known of the secret: ``3 possible, the likeliest: honor 62%, donor 21%, round
    17%`` under a prior; ``3 possible: honor mourn rough`` (at most ``show`` named) when all
    are alike; ``certain: honor`` only when it is the one word the game accepts that fits."""
    words = session.candidate_words()
    if session.certain:
        return Text.assemble(("certain: ", "bold"), (words[0], "bold green"))
    count = len(words)
    line = Text(f"{count} possible", style="bold")
    if session.game.uniform:
        if count <= show:
            line.append(": " + " ".join(words))
        if count == 1:
            line.append(" (the one answer that fits; other words the game accepts fit too)")
        return line
    likeliest = session.likeliest(SHOW_LIKELIEST)
    line.append(", the likeliest: " if count > 1 else ": ")
    line.append(", ".join(f"{word} {percent(p)}" for word, p in likeliest))
    return line


#: Said while no answer fits the feedback and the candidates are allowed words that do.
WIDENED_NOTE = (
    "no answer fits the feedback: the secret is outside the game's answer list, so the"
    " candidates are the allowed words that fit"
)


def candidate_columns(words: Sequence[str]) -> Columns:
    """All candidates packed in columns (``list``)."""
    return Columns(words, padding=(0, 2))


def suggestion_table(
    ranked: Sequence[RankedGuess],
    score_label: str,
    *,
    chances: bool = False,
) -> Table:
    """Ranked guesses with expected candidates left, worst case and bits; ``can win`` says
    yes for a guess that may be the secret, or with ``chances`` (candidates not all alike)
    how likely it is; ``to finish``, when the best guesses were weighed so, the mean guesses
    to finish the game (every board of it) with each."""
    own = () if score_label in STANDARD_SCORES else (score_label,)
    weighed = ("to finish",) if any(r.to_finish is not None for r in ranked) else ()
    table = Table(
        "#", "guess", *own, *STANDARD_SCORES, "can win", *weighed, box=None, pad_edge=False
    )
    for rank, r in enumerate(ranked, 1):
        table.add_row(
            str(rank),
            Text(r.word, style="bold"),
            *(f"{r.score:.4g}" for _ in own),
            f"{r.expected_size:.2f}",
            str(r.worst),
            f"{r.entropy:.3f}",
            (percent(r.win_chance) if chances else "yes") if r.is_candidate else "",
            *("" if r.to_finish is None else f"{r.to_finish:.3f}" for _ in weighed),
        )
    return table


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``... ``11th``, ``21st``.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 21)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '21st']
    """
    suffix = (
        "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    )
    return f"{number}{suffix}"


def review_frame(strategy: str, *columns: str) -> Table:
    """The table of a review: your guesses beside the ``strategy`` solver's, these columns."""
    return Table(
        *columns,
        box=None,
        pad_edge=False,
        title=f"your game beside the {strategy} solver",
        title_justify="left",
    )


def review_table(game: Game, rows: Sequence[ReviewRow], strategy: str) -> Table:
    """Your guesses beside the solver's view of the same spots, and what each guess lost (+) or
    saved (-) beside the solver's play, in expected guesses."""
    table = review_frame(
        strategy,
        "#",
        "your guess",
        "left",
        f"{strategy} would play",
        "it leaves",
        "you then needed",
        f"{strategy} needs (mean)",
        "lost",
    )
    for row in rows:
        table.add_row(
            str(row.number),
            tiles(game, row.guess, row.pattern),
            str(row.left),
            row.solver_pick,
            "" if row.pick_left is None else str(row.pick_left),
            "" if row.you_needed is None else str(row.you_needed),
            "" if row.solver_needs is None else f"{row.solver_needs:.2f}",
            Text(f"{row.lost:+.2f}", style="red" if row.lost > 0.005 else "green"),
        )
    return table


def review_total(rows: Sequence[ReviewRow]) -> str | None:
    """The guesses the whole game lost or saved beside the solver's mean from the start."""
    if not rows:
        return None
    total = sum(row.lost for row in rows)
    if abs(total) < 0.005:
        return "in all you played as well as the solver does on average"
    verb = "lost" if total > 0 else "saved"
    start = "the start" if rows[0].number == 1 else f"your {ordinal(rows[0].number - 1)} guess"
    return f"in all your guesses {verb} {abs(total):.2f} beside the solver's average from {start}"


def review_summary(rows: Sequence[ReviewRow]) -> str | None:
    """One sentence on the spot where the solver would have gained most, if it would have."""
    gaps = [
        (row.you_needed - row.solver_needs, row)
        for row in rows
        if row.you_needed is not None and row.solver_needs is not None
    ]
    if not gaps:
        return None
    gap, row = max(gaps, key=lambda item: item[0])
    if gap <= 0:
        return "from every spot you needed no more guesses than the solver would on average"
    were = "was" if row.left == 1 else "were"
    return (
        f"after your {ordinal(row.number)} guess {plural(row.left, 'word')} {were} left;"
        f" the solver would have needed {row.solver_needs:.1f} more on average,"
        f" you needed {row.you_needed}"
    )
