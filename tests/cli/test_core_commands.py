"""The engine's commands end to end: output, exit codes, and one-line errors on bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.conftest import RunCli
from tests.strategies.conftest import random_words
from wordsolver.search.small_exact import MAX_SECRETS


@pytest.fixture(scope="module")
def wordle_lists(shared_data: Path) -> list[str]:
    folder = shared_data / "wordle"
    return ["--answers", str(folder / "answers.txt"), "--allowed", str(folder / "allowed.txt")]


def test_strategies_lists_every_strategy_with_a_description(run_cli: RunCli) -> None:
    result = run_cli("strategies")
    assert result.code == 0
    for name in ("entropy", "expected-size", "minimax", "stdev", "eliminations", "random"):
        assert name in result.out


def test_games_lists_builtin_games(run_cli: RunCli) -> None:
    result = run_cli("games")
    for name in ("wordle", "5bukv", "tonguess3", "tonguess4", "fallout", "bulls", "mastermind"):
        assert name in result.out


def test_feedback_prints_text_and_int(run_cli: RunCli) -> None:
    result = run_cli("feedback", "wordle", "speed", "abide")
    assert (result.code, result.out.split()) == (0, ["..y.y", "10"])


def test_openers_json_ranks_by_mean(run_cli: RunCli, wordle_lists: list[str]) -> None:
    result = run_cli("openers", "wordle", *wordle_lists, "--top", "3", "--json")
    rows = json.loads(result.out)
    assert [row["word"] for row in rows] == ["roate", "raise", "raile"]
    assert rows[0]["mean"] == pytest.approx(60.4246, abs=1e-4)
    assert rows[1]["worst"] == 168
    assert rows == sorted(rows, key=lambda row: row["mean"])


def test_openers_by_worst(run_cli: RunCli, wordle_lists: list[str]) -> None:
    rows = json.loads(run_cli("openers", "wordle", *wordle_lists, "--by", "worst", "--json").out)
    assert rows[0]["worst"] == min(row["worst"] for row in rows) == 168


def test_suggest_json_after_history(run_cli: RunCli, wordle_lists: list[str]) -> None:
    result = run_cli(
        "suggest", "wordle", *wordle_lists, "--history", "soare:..y..,clint:..y..", "--json"
    )
    payload = json.loads(result.out)
    assert payload["candidates_left"] == 6
    assert "pizza" in payload["candidates"]
    assert payload["suggestions"][0]["can_win"] is True


def test_suggest_table_names_candidates(run_cli: RunCli, wordle_lists: list[str]) -> None:
    result = run_cli("suggest", "wordle", *wordle_lists, "--history", "soare ..y..; clint ..y..")
    assert result.code == 0
    assert result.out.startswith("6 possible: affix aphid mafia maxim pizza vapid")


def test_suggest_optimal_within(run_cli: RunCli) -> None:
    words = "spies,tires,walls,terms,doors,skies,farms,lines,tiles,sides"
    result = run_cli("suggest", "fallout", "--words", words, "-s", "optimal-within")
    assert result.code == 0, result.err
    assert "10 possible" in result.out and "share solved in time" in result.out
    after = run_cli(
        "suggest", "fallout", "--words", words, "-s", "optimal-within", "--history", "tires:2"
    )
    assert after.code == 0, after.err


def test_suggest_optimal_within_refuses_a_large_game(run_cli: RunCli) -> None:
    words = ",".join(random_words(11, MAX_SECRETS + 1, letters="abcd", length=4))
    result = run_cli("suggest", "fallout", "--words", words, "-s", "optimal-within")
    assert result.code != 0 and result.out == ""
    assert len(result.err.strip().splitlines()) == 1 and str(MAX_SECRETS) in result.err


def test_evaluate_compares_strategies_in_json(run_cli: RunCli) -> None:
    words = "--words", "cat,car,bat,bar,cot,cab,tab,rat,art,arc"
    result = run_cli("evaluate", "fallout", *words, "-s", "entropy,random", "--json")
    assert result.code == 0
    rows = json.loads(result.out)
    assert [row["strategy"] for row in rows] == ["entropy", "random"]
    for row in rows:
        assert {"mean", "worst", "losses", "distribution", "total"} <= row.keys()
        assert row["total"] == 10
        assert sum(row["distribution"].values()) == 10


def test_evaluate_sample_plays_only_that_many(run_cli: RunCli, wordle_lists: list[str]) -> None:
    result = run_cli("evaluate", "wordle", *wordle_lists, "--sample", "50", "--seed", "3", "--json")
    assert json.loads(result.out)[0]["total"] == 50


def test_evaluate_table(run_cli: RunCli) -> None:
    result = run_cli("evaluate", "bulls", "--length", "2", "--alphabet", "abcd", "-s", "minimax")
    assert result.code == 0
    assert "minimax" in result.out and "12 secrets" in result.out


def test_evaluate_optimal_plays_the_proofs_tree(run_cli: RunCli) -> None:
    result = run_cli("evaluate", "mastermind", "-s", "optimal", "--json")
    assert result.code == 0
    summary = json.loads(result.out)[0]
    assert summary["total"] == 1296 and summary["mean"] == pytest.approx(5625 / 1296)
    assert summary["options"]["openers"] == []  # the proof's first guess is played, not handed in


def test_evaluate_optimal_stops_at_its_time_limit(run_cli: RunCli) -> None:
    result = run_cli("evaluate", "bulls", "-s", "optimal", "--time", "0.5")
    assert result.code != 0 and result.out == ""
    assert result.err == (
        "error: the proof of the best first guess ran out of time (optimal, after 0.5 s):"
        " allow it longer with --time\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("suggest", "wordel"), "unknown game 'wordel' (did you mean wordle?); choose from: 5bukv"),
        (("suggest", "bulls", "-s", "magic"), "unknown strategy 'magic'; choose from:"),
        (("suggest", "bulls", "--history", "123:1-1"), "'123' has 3 letters, expected 4"),
        (("suggest", "bulls", "--history", "12a4:1-1"), "letters outside the digits alphabet: a"),
        (("suggest", "bulls", "--history", "1234:9-9"), "cannot read bulls-cows '9-9'"),
        (("suggest", "bulls", "--history", "1234:0-0,5678:0-0"), "guess 2, 5678 0-0, contradicts"),
        (("suggest", "bulls", "--history", "oops"), "cannot read history item 'oops'"),
        (("evaluate", "bulls", "--guess-from", "any"), "unknown guess source 'any'"),
        (("evaluate", "bulls", "--opener", "12"), "'12' has 2 letters, expected 4"),
        (("openers", "fallout"), "fallout needs the words on screen"),
        (("openers", "wordle", "--length", "6"), "needs your own list: give --answers"),
        (("openers", "bulls", "--bogus"), "No such option: --bogus"),
        (("openers", "bulls", "--alphabet", "!"), "unknown alphabet '!'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    run_cli: RunCli, args: tuple[str, ...], message: str
) -> None:
    result = run_cli(*args)
    assert result.code == 2
    assert result.out == ""
    assert result.err.count("\n") == 1 and result.err.startswith("error: ")
    assert message in result.err
    assert "Traceback" not in result.err


def test_bad_word_file_names_file_and_line(run_cli: RunCli, tmp_path: Path) -> None:
    answers = tmp_path / "answers.txt"
    answers.write_text("# my words\ncrane\n\nSLATE\nab1de\n", encoding="utf-8")
    result = run_cli("openers", "wordle", "--answers", str(answers))
    assert result.code == 2
    assert f"{answers}:5:" in result.err and "letters outside the latin alphabet: 1" in result.err


def test_skip_bad_warns_with_a_count(run_cli: RunCli, tmp_path: Path) -> None:
    answers = tmp_path / "answers.txt"
    answers.write_text("crane\nslate\nab1de\ntoolong\n", encoding="utf-8")
    result = run_cli("openers", "wordle", "--answers", str(answers), "--skip-bad", "--json")
    assert result.code == 0
    assert "skipped 2 bad word(s)" in result.err
    assert {row["word"] for row in json.loads(result.out)} == {"crane", "slate"}


def test_traceback_flag_shows_the_error_object(run_cli: RunCli) -> None:
    from wordsolver.errors import UnknownNameError

    with pytest.raises(UnknownNameError):
        run_cli("suggest", "nope", "--traceback")
