"""How an explanation looks in the terminal: the buckets a guess splits the candidates into, the
histogram of their sizes as bars, the comparison line and the exact search's verdict.

Shared by the ``explain`` command and the assistant's ``explain``; like :mod:`.render`, it
returns rich renderables and prints nothing.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from wordsolver.cli.repl.render import plural, tiles
from wordsolver.explain import Explanation, GuessSplit
from wordsolver.games import Game

#: Buckets listed per guess by default (the largest; the rest are summed up in one line).
SHOW_BUCKETS = 10
#: Width of the longest histogram bar, in characters.
BAR_WIDTH = 30


def bucket_table(game: Game, split: GuessSplit, top: int = SHOW_BUCKETS) -> Table:
    """The ``top`` largest buckets of one guess: feedback, candidates left, chance, which."""
    table = Table(
        "feedback", "left", "chance", "candidates",
        box=None, pad_edge=False, title_justify="left",
        title=f"{split.word}: {plural(len(split.buckets), 'feedback')} it can earn",
    )  # fmt: skip
    for bucket in split.buckets[:top]:
        more = bucket.size - len(bucket.words)
        named = " ".join(bucket.words) + (f" +{more}" if more and bucket.words else "")
        table.add_row(
            tiles(game, split.word, bucket.pattern),
            str(bucket.size),
            f"{bucket.probability:.1%}",
            Text("solved", style="bold green") if bucket.wins else named,
        )
    rest = split.buckets[top:]
    if rest:
        held = sum(bucket.size for bucket in rest)
        table.add_row(
            Text(f"{plural(len(rest), 'more feedback')}", style="dim"),
            str(held),
            f"{sum(bucket.probability for bucket in rest):.1%}",
            Text(f"at most {rest[0].size} left each", style="dim"),
        )
    return table


def histogram_table(splits: list[GuessSplit]) -> Table:
    """Bucket sizes in bins (1, 2, 3-4, 5-8...): for each guess, how many buckets of that size
    and the candidates in them, drawn as a bar."""
    labels = sorted({b.label: b.low for s in splits for b in s.size_bins()}.items(),
                    key=lambda item: item[1])  # fmt: skip
    table = Table("size", box=None, pad_edge=False, title="bucket sizes", title_justify="left")
    for split in splits:
        table.add_column(f"{split.word}: buckets", justify="right")
        table.add_column("candidates", justify="right")
        table.add_column("")
    widest = max(b.candidates for s in splits for b in s.size_bins())
    for label, _ in labels:
        cells: list[RenderableType] = [label]
        for k, split in enumerate(splits):
            found = {b.label: b for b in split.size_bins()}.get(label)
            held = 0 if found is None else found.candidates
            bar = "█" * max(1 if held else 0, round(BAR_WIDTH * held / widest))
            cells += [
                "" if found is None else str(found.buckets),
                "" if found is None else str(held),
                Text(bar, style="cyan" if k == 0 else "magenta"),
            ]
        table.add_row(*cells)
    return table


def comparison_line(answer: Explanation) -> str:
    """``crane leaves 17 on average, worst 52; salet leaves 12 on average, worst 41``."""
    splits = [s for s in (answer.guess, answer.versus) if s is not None]
    return "; ".join(split.summary() for split in splits)


def exact_line(answer: Explanation) -> Text:
    """What the exact search proved (expected guesses from here, the next one included), or
    why it says nothing."""
    exact = answer.exact
    if exact is None:
        return Text(answer.exact_note or "", style="dim")
    parts = [f"best play ({exact.best} first) needs {exact.best_mean:.3g} guesses on average"]
    named = [(answer.guess.word, exact.guess_mean)]
    if answer.versus is not None:
        named.append((answer.versus.word, exact.versus_mean))
    for word, mean in named:
        parts.append(
            f"{word} first: {mean:.3g}" if mean is not None else f"{word} first: no tree in time"
        )
    return Text("exact: " + "; ".join(parts))


def explanation_view(game: Game, answer: Explanation, top: int = SHOW_BUCKETS) -> Group:
    """The whole explanation, top to bottom."""
    splits = [s for s in (answer.guess, answer.versus) if s is not None]
    header = Text(f"{answer.candidates_left} possible; ", style="bold").append(
        comparison_line(answer), style=""
    )
    pieces: list[RenderableType] = [header]
    for split in splits:
        pieces += [Text(), bucket_table(game, split, top)]
    pieces += [Text(), histogram_table(splits), Text(), exact_line(answer)]
    return Group(*pieces)
