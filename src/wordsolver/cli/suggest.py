"""``suggest``: the best guesses now, given the history so far (one answer, no prompt)."""

from __future__ import annotations

import json

from wordsolver.cli.base import app, stdout
from wordsolver.cli.options import (
    DEFAULT_SEARCH_SECONDS,
    BoardsOption,
    GuessFromOption,
    HardOption,
    HistoryOption,
    JsonOption,
    SearchTimeOption,
    SeedOption,
    StrategyOption,
    TopOption,
    boards_command,
    play_options,
)
from wordsolver.cli.ranking import ranked_now, replayed
from wordsolver.cli.repl.render import WIDENED_NOTE, suggestion_table
from wordsolver.games import Game
from wordsolver.session import SHOW_CANDIDATES


@app.command("suggest")
@boards_command
def suggest(
    game: Game,
    boards: BoardsOption = None,
    history: HistoryOption = "",
    strategy: StrategyOption = "entropy",
    top: TopOption = 5,
    hard: HardOption = False,
    guess_from: GuessFromOption = "allowed",
    seed: SeedOption = 0,
    seconds: SearchTimeOption = DEFAULT_SEARCH_SECONDS,
    as_json: JsonOption = False,
) -> None:
    """The top guesses now, with their scores and the number of candidates left.

    With --boards (or dordle, quordle, octordle) the history is one pattern per board, guesses
    separated by ;, e.g. "crane gy..g,.....;slate ...g.,-"; guesses are scored over the boards.
    """
    options = play_options(hard, guess_from, None)
    if boards is not None and boards > 1:
        from wordsolver.cli.boards import suggest_boards  # the boards' side, loaded when played

        suggest_boards(game, boards, history, strategy, options, top, seed, as_json)
        return
    state, player = replayed(game, history, strategy, seed, options, seconds)
    player, ranked = ranked_now(player, state, top)
    if as_json:
        stdout.print_json(json.dumps(state.to_json(player, ranked), ensure_ascii=False))
        return
    if state.solved:
        stdout.print(f"solved: {state.steps[-1].guess}")
        return
    if state.widened:
        stdout.print(WIDENED_NOTE, markup=False)
    words = state.candidate_words()
    shown = ": " + " ".join(words) if len(words) <= SHOW_CANDIDATES else ""
    stdout.print(f"{len(words)} candidate{'s' * (len(words) != 1)} left{shown}")
    stdout.print(suggestion_table(ranked, player.strategy.score_label))
