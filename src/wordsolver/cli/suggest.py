"""``suggest``: the best guesses now, given the history so far (one answer, no prompt)."""

from __future__ import annotations

import json

from wordsolver.cli.base import app, stdout
from wordsolver.cli.options import (
    DEFAULT_SEARCH_SECONDS,
    AllowedOption,
    AlphabetOption,
    AnswersOption,
    BoardsOption,
    GameArgument,
    GuessFromOption,
    HardOption,
    HistoryOption,
    JsonOption,
    LengthOption,
    ListsOption,
    PriorOption,
    SearchTimeOption,
    SeedOption,
    SkipBadOption,
    StrategyOption,
    TopOption,
    TriesOption,
    WordsOption,
    open_boards,
    play_options,
)
from wordsolver.cli.ranking import ranked_now, replayed, suggested_json
from wordsolver.cli.repl.render import WIDENED_NOTE, possible_line, suggestion_table
from wordsolver.session import SHOW_CANDIDATES


@app.command("suggest")
def suggest(
    game_name: GameArgument,
    lists: ListsOption = None,
    length: LengthOption = None,
    alphabet: AlphabetOption = None,
    tries: TriesOption = None,
    answers: AnswersOption = None,
    allowed: AllowedOption = None,
    words: WordsOption = None,
    skip_bad: SkipBadOption = False,
    prior: PriorOption = None,
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
    game, boards = open_boards(
        game_name,
        boards,
        lists=lists,
        length=length,
        alphabet=alphabet,
        tries=tries,
        answers=answers,
        allowed=allowed,
        words=words,
        skip_bad=skip_bad,
        prior=prior,
    )
    options = play_options(hard, guess_from, None)
    if boards > 1:
        from wordsolver.cli.boards import suggest_boards  # the boards' side, loaded when played

        suggest_boards(game, boards, history, strategy, options, top, seed, as_json)
        return
    state, player = replayed(game, history, strategy, seed, options, seconds)
    suggested = ranked_now(player, state, top)
    if as_json:
        stdout.print_json(json.dumps(suggested_json(state, suggested), ensure_ascii=False))
        return
    if state.solved:
        stdout.print(f"solved: {state.steps[-1].guess}")
        return
    if state.widened:
        stdout.print(WIDENED_NOTE, markup=False)
    stdout.print(possible_line(state, SHOW_CANDIDATES))
    chances = not state.game.uniform
    label = suggested.player.strategy.score_label
    stdout.print(suggestion_table(suggested.ranked, label, chances=chances))
