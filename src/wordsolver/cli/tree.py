"""``tree build|stats|show|export|check|walk``: whole strategies as decision trees."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from wordsolver.cli.absurdle import build_adversary
from wordsolver.cli.base import JsonOption, app, stdout
from wordsolver.cli.options import (
    AllowedOption,
    AlphabetOption,
    AnswersOption,
    GameArgument,
    GuessFromOption,
    HardOption,
    LengthOption,
    ListsOption,
    OpenerOption,
    SeedOption,
    SkipBadOption,
    StrategyOption,
    TriesOption,
    WordsOption,
    finite_seconds,
    game_overrides,
    load_game,
    open_game,
    play_options,
)
from wordsolver.cli.progress import pattern_table, progress_bar, proof_bar
from wordsolver.cli.repl import terminal_lines
from wordsolver.cli.repl.render import plural
from wordsolver.cli.repl.walk import TreeWalk
from wordsolver.errors import OptionError
from wordsolver.evaluation import Evaluation
from wordsolver.games import GameOverrides
from wordsolver.games.registry import find_spec
from wordsolver.plans import TreePlan, bounded_strategy, check_adversary, check_weights
from wordsolver.plumbing.files import check_output, write_output
from wordsolver.search import SearchLimit
from wordsolver.tree import (
    DecisionTree,
    TreeFileError,
    check_tree,
    load_tree,
    read_tree_document,
    render_dot,
    render_text,
    save_tree,
)
from wordsolver.tree.storage import tree_document
from wordsolver.weights import load_weights

tree_app = typer.Typer(
    help="Build a whole strategy once as a decision tree; inspect, export, check and walk it.",
    no_args_is_help=True,
)
app.add_typer(tree_app, name="tree")

TreeFile = Annotated[Path, typer.Argument(help="a tree file made by `wordsolver tree build`")]


@tree_app.command("build")
def build(
    game_name: GameArgument,
    lists: ListsOption = None,
    length: LengthOption = None,
    alphabet: AlphabetOption = None,
    tries: TriesOption = None,
    answers: AnswersOption = None,
    allowed: AllowedOption = None,
    words: WordsOption = None,
    skip_bad: SkipBadOption = False,
    strategy: StrategyOption = "entropy",
    hard: HardOption = False,
    guess_from: GuessFromOption = "allowed",
    opener: OpenerOption = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="tree file to write")
    ] = None,
    seconds: Annotated[
        float | None,
        typer.Option(
            "--time", callback=finite_seconds, help="optimal: stop searching after this long"
        ),
    ] = None,
    nodes: Annotated[
        int | None, typer.Option(min=1, help="optimal: stop after this many sets")
    ] = None,
    beam: Annotated[
        int | None,
        typer.Option(min=1, help="optimal: try only the K most promising guesses per set"),
    ] = None,
    weights: Annotated[
        str | None,
        typer.Option(
            help="optimal: minimise the expected guesses with these secret weights: a file of"
            " 'word weight' lines, or 'wordfreq' (word frequencies)"
        ),
    ] = None,
    seed: SeedOption = 0,
    every_first: Annotated[
        bool,
        typer.Option(
            "--every-first",
            help="absurdle: try every first guess and count those that start a shortest win",
        ),
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Grow the strategy's decision tree (optimal: search and prove it) and save it.

    For absurdle: find the shortest forced win and prove none is shorter (saved as JSON: a
    win against the adversary is one path, not a tree)."""
    game = open_game(
        game_name,
        lists=lists,
        length=length,
        alphabet=alphabet,
        tries=tries,
        answers=answers,
        allowed=allowed,
        words=words,
        skip_bad=skip_bad,
    )
    options = play_options(hard, guess_from, opener)
    chosen = bounded_strategy(strategy, seed=seed)
    check_adversary(game, chosen)
    if game.adversarial:
        build_adversary(game, hard, output, as_json, every_first)
        return
    if weights is not None:
        check_weights(chosen)  # before the weights are read
    secret_weights = None if weights is None else load_weights(weights, game)
    plan = TreePlan(chosen, options, SearchLimit(seconds, nodes, beam), secret_weights)
    target = output or Path(f"{game.name.split()[0]}-{chosen.name}.tree.json")
    check_output(target)  # before the search, not after it
    matrix = pattern_table(game)
    started = time.monotonic()  # the proof's time counts against --time
    whole = None
    if plan.by_proof:
        with proof_bar("optimal tree: proving the best first guess") as proving:
            whole = plan.proven_tree(matrix, proving)
    with progress_bar(f"{chosen.name} tree", len(game.secrets)) as advance:
        spent = time.monotonic() - started
        tree = plan.grown_tree(matrix, advance, spent=spent) if whole is None else whole
    save_tree(tree, target)
    _print_stats(tree, as_json, saved=target)


def _open_tree(path: Path, overrides: GameOverrides) -> DecisionTree:
    """Load a tree with the game and list set it records (custom options must name the same
    lists)."""
    document = read_tree_document(path)
    recorded = document["game"]
    lists = recorded.get("lists")
    given = overrides.answers or overrides.words or overrides.allowed or overrides.lists
    if not given and isinstance(lists, str) and lists != "custom":
        overrides = replace(overrides, lists=lists)
    own = document.get("words")
    name = str(recorded.get("name", "")).removesuffix(" (custom)")
    if not given and lists == "custom" and isinstance(own, dict):
        overrides = _own_lists(overrides, name, recorded, own)
    game = load_game(name, overrides)
    return load_tree(path, pattern_table(game))


def _own_lists(
    overrides: GameOverrides, name: str, recorded: dict[str, Any], own: dict[str, Any]
) -> GameOverrides:
    """Overrides that rebuild a custom game from the lists its tree file records (the digests
    then check them, as for any lists)."""
    try:
        spec = find_spec(name)
        length, letters = int(recorded["length"]), str(recorded["alphabet"])
        tries = recorded.get("max_tries")
        return replace(
            overrides,
            words=tuple(str(word) for word in own["secrets"]),
            allowed_words=tuple(str(word) for word in own["guesses"]),
            length=overrides.length or (None if length == spec.length else length),
            alphabet=overrides.alphabet or (None if letters == spec.alphabet.letters else letters),
            tries=overrides.tries or (None if tries == spec.max_tries else tries),
        )
    except (KeyError, TypeError, ValueError):
        raise TreeFileError("the tree file's own word lists are damaged") from None


def _stats(tree: DecisionTree) -> dict[str, Any]:
    numbers = Evaluation.of_tree(tree).to_json()
    del numbers["seconds"]
    needed = tree.guesses_needed()
    weighted = {}
    if tree.weights is not None:
        n = len(needed)
        bound = tree.lower_bound
        weighted = {
            "weights": tree.weights.source,
            "weighted_mean": round(tree.weights.expected(needed), 6),
            "weighted_lower_bound": None if bound is None else round(bound / n, 6),
        }
    return {
        **numbers,
        "total_guesses": int(needed.sum()),
        "size": tree.size,
        "proven": tree.proven,
        # In total guesses, like total_guesses (weighted: secrets × expected guesses).
        "lower_bound": tree.lower_bound,
        **weighted,
    }


def _print_stats(tree: DecisionTree, as_json: bool, saved: Path | None = None) -> None:
    numbers = _stats(tree)
    if as_json:
        stdout.print_json(json.dumps(numbers, ensure_ascii=False))
        return
    table = Table("measure", "value", title=f"{numbers['game']}: {numbers['strategy']} tree")
    table.add_row("secrets", str(numbers["total"]))
    table.add_row("mean guesses", f"{numbers['mean']:.4f}")
    table.add_row("total guesses", str(numbers["total_guesses"]))
    table.add_row("worst", str(numbers["worst"]))
    if numbers["max_tries"]:
        table.add_row(f"losses (> {numbers['max_tries']} tries)", str(numbers["losses"]))
    table.add_row("distribution", "  ".join(f"{k}:{v}" for k, v in numbers["distribution"].items()))
    table.add_row("nodes", str(numbers["size"]))
    proof = "proven optimal" if numbers["proven"] else "not proven"
    if "weights" in numbers:
        table.add_row(
            f"expected guesses ({numbers['weights']} weights)", f"{numbers['weighted_mean']:.4f}"
        )
        if numbers["weighted_lower_bound"] is not None:
            table.add_row(
                "lower bound (expected guesses)", f"{numbers['weighted_lower_bound']:.4f} ({proof})"
            )
    elif numbers["lower_bound"] is not None:
        table.add_row("lower bound", f"{numbers['lower_bound']} ({proof})")
    stdout.print(table)
    if saved is not None:
        stdout.print(f"saved {saved}")


@tree_app.command("stats")
def stats(
    tree_file: TreeFile,
    lists: ListsOption = None,
    length: LengthOption = None,
    alphabet: AlphabetOption = None,
    tries: TriesOption = None,
    answers: AnswersOption = None,
    allowed: AllowedOption = None,
    words: WordsOption = None,
    skip_bad: SkipBadOption = False,
    plot: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="also draw the tree's depths as a PNG (plots extra)"),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Mean, distribution, worst case, losses and size of a saved tree."""
    overrides = game_overrides(
        lists=lists,
        length=length,
        alphabet=alphabet,
        tries=tries,
        answers=answers,
        allowed=allowed,
        words=words,
        skip_bad=skip_bad,
    )
    if plot is not None:
        check_output(plot)  # a mistyped path fails before the work
    tree = _open_tree(tree_file, overrides)
    if plot is not None:
        from wordsolver.plots import depth_histogram, save_png  # matplotlib only when asked

        save_png(depth_histogram(tree), plot)
    _print_stats(tree, as_json)
    if plot is not None and not as_json:
        stdout.print(f"depth histogram written to {plot}", markup=False)


@tree_app.command("show")
def show(
    tree_file: TreeFile,
    lists: ListsOption = None,
    length: LengthOption = None,
    alphabet: AlphabetOption = None,
    tries: TriesOption = None,
    answers: AnswersOption = None,
    allowed: AllowedOption = None,
    words: WordsOption = None,
    skip_bad: SkipBadOption = False,
    depth: Annotated[int | None, typer.Option(min=0, help="show this many levels")] = None,
    secret: Annotated[
        str | None,
        typer.Option(metavar="WORD", help="show only the guesses it plays against this secret"),
    ] = None,
) -> None:
    """The tree as indented text: ``feedback → next guess``; with ``--secret``, the one line
    of guesses it plays against that secret."""
    overrides = game_overrides(
        lists=lists,
        length=length,
        alphabet=alphabet,
        tries=tries,
        answers=answers,
        allowed=allowed,
        words=words,
        skip_bad=skip_bad,
    )
    tree = _open_tree(tree_file, overrides)
    if secret is None:
        stdout.print(render_text(tree, depth), markup=False)
        return
    moves = tree.moves_against(secret)
    steps = [moves[0][0]] + [f"{moves[k - 1][1]} → {moves[k][0]}" for k in range(1, len(moves))]
    solved = f"{moves[-1][0]} is solved in {plural(len(moves), 'guess', 'guesses')}"
    stdout.print(f"{solved}: {', '.join(steps)}", markup=False)


@tree_app.command("export")
def export(
    tree_file: TreeFile,
    lists: ListsOption = None,
    length: LengthOption = None,
    alphabet: AlphabetOption = None,
    tries: TriesOption = None,
    answers: AnswersOption = None,
    allowed: AllowedOption = None,
    words: WordsOption = None,
    skip_bad: SkipBadOption = False,
    fmt: Annotated[str, typer.Option("--format", help="json or dot (Graphviz)")] = "json",
    output: Annotated[Path | None, typer.Option("--output", "-o", help="file to write")] = None,
) -> None:
    """Write the tree as JSON or as Graphviz dot."""
    overrides = game_overrides(
        lists=lists,
        length=length,
        alphabet=alphabet,
        tries=tries,
        answers=answers,
        allowed=allowed,
        words=words,
        skip_bad=skip_bad,
    )
    tree = _open_tree(tree_file, overrides)
    if fmt == "json":
        text = json.dumps(tree_document(tree), ensure_ascii=False, indent=1) + "\n"
    elif fmt == "dot":
        text = render_dot(tree)
    else:
        raise OptionError(f"unknown --format {fmt!r}; choose from: dot, json")
    if output is None:
        stdout.out(text, end="", highlight=False)
    else:
        write_output(output, text.encode("utf-8"))


@tree_app.command("check")
def check(
    tree_file: TreeFile,
    game_name: GameArgument,
    lists: ListsOption = None,
    length: LengthOption = None,
    alphabet: AlphabetOption = None,
    tries: TriesOption = None,
    answers: AnswersOption = None,
    allowed: AllowedOption = None,
    words: WordsOption = None,
    skip_bad: SkipBadOption = False,
    as_json: JsonOption = False,
) -> None:
    """Prove a tree fits a game: every secret is reached, every edge can happen, and what the
    file claims (proven, lower bound, hard mode and the other play options) is true."""
    game = open_game(
        game_name,
        lists=lists,
        length=length,
        alphabet=alphabet,
        tries=tries,
        answers=answers,
        allowed=allowed,
        words=words,
        skip_bad=skip_bad,
    )
    document = read_tree_document(tree_file)
    tree = load_tree(tree_file, pattern_table(game))
    check_tree(tree, document)
    numbers = _stats(tree)
    if as_json:
        stdout.print_json(json.dumps({"ok": True, **numbers}, ensure_ascii=False))
    else:
        stdout.print(
            f"ok: all {numbers['total']} secrets are reached, every edge can happen"
            f" ({numbers['size']} nodes, mean {numbers['mean']:.4f}, worst {numbers['worst']})"
        )


@tree_app.command("walk")
def walk(
    tree_file: TreeFile,
    lists: ListsOption = None,
    length: LengthOption = None,
    alphabet: AlphabetOption = None,
    tries: TriesOption = None,
    answers: AnswersOption = None,
    allowed: AllowedOption = None,
    words: WordsOption = None,
    skip_bad: SkipBadOption = False,
) -> None:
    """Play along a saved tree: it says what to guess, you type the feedback. Instant.

    At the prompt, undo takes the last feedback back, left lists the secrets still possible,
    help lists the commands.
    """
    overrides = game_overrides(
        lists=lists,
        length=length,
        alphabet=alphabet,
        tries=tries,
        answers=answers,
        allowed=allowed,
        words=words,
        skip_bad=skip_bad,
    )
    walker = TreeWalk(stdout, _open_tree(tree_file, overrides), str(tree_file))
    walker.run(terminal_lines(stdout, walker.completions))
    if walker.damage is not None:
        raise walker.damage
