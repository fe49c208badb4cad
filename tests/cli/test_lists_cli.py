"""The list sets from the command line: `games`, `--lists`, `check --game`, and the widened
search when the secret is outside the answer list."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.cli.conftest import RunCli


def test_games_json_shows_the_list_sets_and_provenance(run_cli: RunCli) -> None:
    result = run_cli("games", "--json")
    games = {game["name"]: game for game in json.loads(result.out)}
    wordle = games["wordle"]["lists"]
    assert [lists["name"] for lists in wordle] == ["nyt", "original", "wordlebot", "open"]
    assert wordle[0]["default"] and (wordle[0]["secrets"], wordle[0]["guesses"]) == (14855, 14855)
    assert [lists["prior"] for lists in wordle] == ["nyt", "uniform", "uniform", "uniform"]
    priors = {prior["name"]: prior for prior in games["wordle"]["priors"]}
    assert set(priors) == {"nyt", "uniform"} and priors["uniform"]["sources"] is None
    assert priors["nyt"]["file"] == "prior-wordle.tsv"
    assert "WordleBot" in priors["nyt"]["sources"]["known"]
    assert [p["name"] for p in games["tonguess4"]["priors"]] == ["uniform", "frequency"]
    assert wordle[0]["allowed"]["date"] == "2022-08-30"
    assert "licence" in wordle[0]["answers"]
    assert games["tonguess4"]["lists"][0]["skipped"] == 17
    assert games["bulls"]["lists"][0]["answers"] == "generated"
    quordle = games["quordle"]
    assert (quordle["boards"], quordle["boards_of"], quordle["max_tries"]) == (4, "wordle", 9)
    assert quordle["lists"] == games["wordle"]["lists"] and "boards" not in games["wordle"]


def test_games_table_shows_each_list_set(run_cli: RunCli) -> None:
    out = run_cli("games").out
    assert "nyt (default)" in out and "14,855" in out and "1,782 (17 skipped)" in out
    assert "prior-wordle.tsv" in out and "prior-5bukv.tsv" in out  # each prior's sources


def _play_out(run_cli: RunCli, secret: str, *options: str) -> list[dict[str, Any]]:
    """Follow `suggest --json` against a secret until it is solved; every state on the way."""
    from wordsolver.games import find_game

    game = find_game("wordle")
    history: list[str] = []
    states = []
    for _ in range(10):
        state = json.loads(
            run_cli("suggest", "wordle", *options, "--history", ",".join(history), "--json").out
        )
        states.append(state)
        if state["solved"]:
            return states
        guess = state["suggestions"][0]["word"]
        history.append(f"{guess}:{game.format_pattern(game.feedback(guess, secret))}")
    raise AssertionError(f"not solved: {history}")


def test_suggest_never_suggests_a_word_the_game_refuses(run_cli: RunCli, shared_data: Path) -> None:
    accepted = set((shared_data / "wordle" / "allowed-nyt.txt").read_text().split())
    for history in ("", "tarse:..y..", "tarse:.y.y.,doily:.g..."):
        state = json.loads(
            run_cli("suggest", "wordle", "--history", history, "--top", "50", "--json").out
        )
        words = [s["word"] for s in state["suggestions"]]
        assert words and set(words) <= accepted


def test_entropy_opens_with_soare_on_the_original_lists(run_cli: RunCli) -> None:
    state = json.loads(run_cli("suggest", "wordle", "--lists", "original", "--json").out)
    assert state["suggestions"][0]["word"] == "soare"


def test_a_real_answer_outside_the_answer_list_is_found(run_cli: RunCli) -> None:
    # A later answer, not among the original 2,315: the original answers alike widen to it.
    states = _play_out(run_cli, "abuzz", "--prior", "uniform")
    assert any(state["widened"] for state in states)
    assert states[-1]["history"][-1]["guess"] == "abuzz"
    # Under the prior it is possible from the start: nothing to widen, never a false certainty.
    states = _play_out(run_cli, "abuzz")
    assert not any(state["widened"] for state in states)
    assert all(
        "abuzz" in [row["word"] for row in state["likeliest"]] or not state["certain"]
        for state in states
    )
    assert states[-1]["history"][-1]["guess"] == "abuzz" and len(states[-1]["history"]) <= 6


def test_the_old_failure_now_widens_to_the_secret(run_cli: RunCli) -> None:
    result = run_cli(
        "suggest", "wordle", "--lists", "open", "--history", "trane:.....,coils:...gy,skull:g..gy"
    )
    assert result.code == 0
    assert "outside the game's answer list" in result.out
    assert "certain: slyly" in result.out


def test_feedback_no_allowed_word_fits_names_the_guesses(run_cli: RunCli) -> None:
    result = run_cli("suggest", "wordle", "--history", "crane:.....,crane:ggggg")
    assert result.code == 2
    assert "contradicts guess 1" in result.err and "no allowed word fits both" in result.err


def test_check_answers_for_the_games_lists(run_cli: RunCli) -> None:
    result = run_cli("check", "--game", "wordle", "qualm", "soare", "trane")
    assert result.code == 1
    assert result.out.splitlines() == [  # every word today's game accepts may be the secret
        "qualm  yes, and it can be the secret",
        "soare  yes, and it can be the secret",
        "trane  no",
    ]
    assert "wordle (nyt lists): 14,855 allowed guesses, 14,855 possible secrets" in result.err
    old = run_cli("check", "--game", "wordle", "--lists", "original", "soare")
    assert old.out.splitlines() == ["soare  yes, as a guess (not in the answer list)"]
    original = run_cli("check", "--game", "wordle", "--lists", "open", "trane")
    assert (original.code, original.out.split()[1]) == (0, "yes,")


def test_plain_check_names_its_dictionary(run_cli: RunCli) -> None:
    result = run_cli("check", "london", "email")
    assert result.out.split() == ["london", "no", "email", "yes"]
    assert result.err.startswith("dictionary: english (")
    birdigo = run_cli("check", "--dict", "birdigo", "zyzzyva")
    assert (birdigo.code, birdigo.err.split()[1]) == (0, "birdigo")


def test_a_tree_is_never_walked_with_another_list_set(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    built = run_cli("tree", "build", "wordle", "--lists", "original", "-o", str(path))
    assert built.code == 0, built.err
    assert run_cli("tree", "stats", str(path)).code == 0  # the file names its lists
    refused = run_cli("tree", "stats", str(path), "--lists", "nyt")
    assert refused.code == 2
    assert "built for 'wordle' with its original lists" in refused.err
