"""Multi-board games on the command line: the boards side by side, the suggestions with the
rule that chose them, and the branches ``suggest`` and ``evaluate`` take for several boards."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from rich.console import Group
from rich.table import Table
from rich.text import Text

from wordsolver.boards.evaluation import (
    BoardsEvaluation,
    draw_board_sets,
    evaluate_boards,
    parse_board_sets,
)
from wordsolver.boards.feedback import parse_board_history
from wordsolver.boards.review import BoardReviewRow
from wordsolver.boards.scoring import LAST_TRIES, BoardRanking, BoardScorer
from wordsolver.boards.session import BoardsSession
from wordsolver.cli.base import stdout
from wordsolver.cli.progress import pattern_table, progress_bar
from wordsolver.cli.repl.render import percent, plural, review_frame, suggestion_table, tiles
from wordsolver.games import Game
from wordsolver.plumbing.files import read_user_text
from wordsolver.session import Session
from wordsolver.strategies import PlayOptions


def boards_state(game: Game, boards: int, history: str) -> BoardsSession:
    """The boards after ``--history`` (guesses separated by ``;``)."""
    state = BoardsSession(pattern_table(game), boards)
    state.replay(parse_board_history(history))
    return state


def board_grid(state: BoardsSession) -> Table:
    """The boards side by side: a column per board, a row per guess, then what is left."""
    game = state.game
    table = Table(
        "#", *(f"board {b}" for b in range(1, len(state.boards) + 1)), box=None, pad_edge=False
    )
    for move, (guess, _) in enumerate(state.moves):
        cells = [
            Text("") if pattern is None else tiles(game, guess, pattern, compact=True)
            for pattern in state.patterns(move)
        ]
        table.add_row(str(move + 1), *cells)
    table.add_row("", *(_left(board) for board in state.boards))
    return table


#: The likeliest words a board's column names under a prior.
BOARD_LIKELIEST = 2


def _left(board: Session) -> Text:
    """What is possible on one board: its few candidates, or how many are left; under a prior
    how many are possible and the likeliest with their chances."""
    words = board.candidate_words()
    if board.solved:
        return Text("solved", style="bold green")
    if board.game.uniform:
        if len(words) <= 3:
            return Text(" ".join(words), style="bold")
        return Text(f"{len(words)} left", style="dim")
    if board.certain:
        return Text(f"certain: {words[0]}", style="bold")
    likeliest = (f"{word} {percent(p)}" for word, p in board.likeliest(BOARD_LIKELIEST))
    return Text(f"{len(words)} possible\n" + "\n".join(likeliest), style="dim")


def board_review_table(rows: Sequence[BoardReviewRow], strategy: str) -> Table:
    """Each guess beside the solver's from the same spot: the candidates each left on every board
    (``-``: a board solved before) and in all."""
    table = review_frame(
        strategy,
        "#",
        "your guess",
        "left on each board",
        "in all",
        f"{strategy} would play",
        "it leaves",
        "in all",
    )
    for row in rows:
        table.add_row(
            str(row.number),
            row.guess,
            _per_board(row.left),
            str(row.total_left),
            row.solver_pick,
            _per_board(row.pick_left),
            "" if row.pick_total_left is None else str(row.pick_total_left),
        )
    return table


def _per_board(counts: Sequence[int | None]) -> str:
    return " ".join("-" if n is None else str(n) for n in counts)


def ranking_note(state: BoardsSession, ranking: BoardRanking) -> str | None:
    """Why the suggestions are these, when a rule chose them rather than the best total."""
    unsolved = [b for b, board in enumerate(state.boards) if not board.solved]
    if ranking.forced:
        numbers = ", ".join(str(unsolved[b] + 1) for b in ranking.forced)
        which = f"board {numbers} has" if len(ranking.forced) == 1 else f"boards {numbers} have"
        return (
            f"{which} one candidate left: play it (it is needed anyway, solves a board now, and"
            " still splits the others)"
        )
    if ranking.rule == LAST_TRIES:
        return "one try per unsolved board is left: only words that can solve a board are played"
    return None


def board_suggestions(state: BoardsSession, ranking: BoardRanking, score_label: str) -> Table:
    """The suggestions with the guesses each leaves the boards to finish them all; under a
    prior, how likely each is to solve a board now."""
    return suggestion_table(ranking, score_label, chances=not state.game.uniform)


def boards_summary(state: BoardsSession, ranking: BoardRanking, score_label: str) -> Group:
    """The grid, the tries left, the rule's note and the suggestions."""
    parts: list[Table | Text] = [board_grid(state)] if state.moves else []
    left = state.tries_left
    solved = sum(state.solved_boards)
    status = f"{solved} of {plural(len(state.boards), 'board')} solved"
    if left is not None:
        status += f", {plural(max(left, 0), 'try', 'tries')} left"
    parts.append(Text(status, style="bold"))
    note = ranking_note(state, ranking)
    if note:
        parts.append(Text(note, style="yellow"))
    if ranking.ranked:
        parts.append(board_suggestions(state, ranking, score_label))
    return Group(*parts)


def suggest_boards(
    game: Game,
    boards: int,
    history: str,
    strategy: str,
    options: PlayOptions,
    top: int,
    seed: int,
    as_json: bool,
) -> None:
    """``suggest`` for several boards."""
    state = boards_state(game, boards, history)
    scorer = BoardScorer.of(strategy, seed)
    ranking = state.suggest(scorer, options, top=top)
    if as_json:
        payload = state.to_json(ranking, scorer.strategy.name, options)
        stdout.print_json(json.dumps(payload, ensure_ascii=False))
        return
    if state.solved:
        stdout.print(f"solved every board in {plural(state.tries_used, 'guess', 'guesses')}")
        return
    stdout.print(boards_summary(state, ranking, scorer.strategy.score_label))


def evaluate_boards_command(
    game: Game,
    boards: int,
    names: list[str],
    options: PlayOptions,
    sample: int,
    seed: int,
    sets_file: Path | None = None,
) -> list[BoardsEvaluation]:
    """``evaluate`` for several boards: ``sample`` random board sets (the same for every
    strategy), or the sets of ``sets_file``."""
    sets = (
        draw_board_sets(game, boards, sample, seed)
        if sets_file is None
        else parse_board_sets(game, read_user_text(sets_file), boards)
    )
    matrix = pattern_table(game)
    results = []
    for name in names:
        scorer = BoardScorer.of(name, seed)
        with progress_bar(name, len(sets)) as advance:
            results.append(
                evaluate_boards(
                    matrix, boards, scorer, seed=seed, sets=sets, options=options,
                    progress=advance,
                )
            )  # fmt: skip
    return results
