"""`cache info` and `cache clear`: the entries listed with what they are of, removed on demand,
rebuilt when next needed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.conftest import RunCli


@pytest.fixture
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cache folder of this test's own."""
    monkeypatch.setenv("WORDSOLVER_CACHE_DIR", str(tmp_path))
    return tmp_path


def test_info_names_the_game_and_lists_of_each_table(run_cli: RunCli, own_cache: Path) -> None:
    assert run_cli("suggest", "mastermind", "--top", "1").code == 0
    (own_cache / "notes.txt").write_text("not ours")  # left alone: the cache did not make it
    info = json.loads(run_cli("cache", "info", "--json").out)
    assert info["folder"] == str(own_cache)
    [entry] = info["entries"]
    assert entry["kind"] == "matrix" and entry["of"] == "mastermind (generated lists)"
    assert entry["bytes"] == (own_cache / entry["file"]).stat().st_size > 1296 * 1296
    table = run_cli("cache", "info").out
    assert "mastermind (generated lists)" in table and "1 entry" in table


def test_clear_one_game_keeps_the_others(run_cli: RunCli, own_cache: Path) -> None:
    for game in ("mastermind", "bulls"):
        assert run_cli("suggest", game, "--top", "1").code == 0
    cleared = run_cli("cache", "clear", "--game", "bulls-and-cows")  # an alias names the game
    assert cleared.code == 0 and cleared.out.startswith("removed 1 entry,")
    left = [e["of"] for e in json.loads(run_cli("cache", "info", "--json").out)["entries"]]
    assert left == ["mastermind (generated lists)"]
    assert run_cli("cache", "clear").out.startswith("removed 1 entry,")
    assert json.loads(run_cli("cache", "info", "--json").out)["entries"] == []
    assert run_cli("suggest", "mastermind", "--top", "1").code == 0  # rebuilt on demand
    assert len(json.loads(run_cli("cache", "info", "--json").out)["entries"]) == 1


def test_a_first_turn_kept_under_a_prior_is_listed_and_cleared_with_its_game(
    run_cli: RunCli, own_cache: Path
) -> None:
    assert run_cli("suggest", "wordle", "--top", "1").code == 0  # today's Wordle: streamed
    entries = json.loads(run_cli("cache", "info", "--json").out)["entries"]
    first = [e for e in entries if e["kind"] == "first-turn"]
    assert [e["of"] for e in first] == ["wordle (its first turn's splits, under a prior)"]
    assert run_cli("suggest", "mastermind", "--top", "1").code == 0
    cleared = run_cli("cache", "clear", "--game", "wordle")
    assert cleared.code == 0 and not list(own_cache.glob("first-turn-*.bin"))
    kinds = [e["kind"] for e in json.loads(run_cli("cache", "info", "--json").out)["entries"]]
    assert "first-turn" not in kinds and "matrix" in kinds  # mastermind's stays


def test_clear_an_unknown_game_is_one_line(run_cli: RunCli, own_cache: Path) -> None:
    result = run_cli("cache", "clear", "--game", "wordl")
    assert result.code == 2 and "did you mean wordle?" in result.err
    assert result.err.count("\n") == 1


def test_the_first_build_says_what_it_prepares(own_cache: Path) -> None:
    import io

    from rich.console import Console

    from wordsolver.cli import base, progress
    from wordsolver.games import find_game

    screen = io.StringIO()
    terminal = Console(file=screen, force_terminal=True, width=120)
    game = find_game("mastermind")
    with base.running_in(base.Environment(base.environment().stdout, terminal)):
        built = progress.pattern_table(game)
        assert "building the mastermind table once" in screen.getvalue()
        screen.seek(0)
        screen.truncate()
        cached = progress.pattern_table(game)  # read from disk: nothing to say
    assert screen.getvalue() == ""
    assert (cached.values == built.values).all()


def test_kept_rankings_of_the_web_page_are_listed_and_cleared(
    run_cli: RunCli, own_cache: Path
) -> None:
    pytest.importorskip("fastapi")  # the web extra: the page keeps what it ranked
    from wordsolver.web.ranking_jobs import keep_ranking, kept_ranking, ranking_identity

    identity = ranking_identity("mastermind", None, 2, "mean", True)
    keep_ranking(identity, {"openers": [["aabb", "ccdd"]]})
    assert kept_ranking(identity) == {"openers": [["aabb", "ccdd"]]}
    [entry] = json.loads(run_cli("cache", "info", "--json").out)["entries"]
    assert entry["kind"] == "openers"
    assert run_cli("cache", "clear").out.startswith("removed 1 entry,")
    assert kept_ranking(identity) is None


def test_clear_deletes_only_what_the_cache_wrote(run_cli: RunCli, own_cache: Path) -> None:
    assert run_cli("suggest", "mastermind", "--top", "1").code == 0
    [table] = own_cache.glob("matrix-*.bin")
    users = {
        "matrix-notes.txt": "mine",
        "anagram-list.npz": "mine",
        "needed-mine.json": "{}",
        "openers-ideas.txt": "crane, slate",
        f"matrix-{'0' * 24}.bin": "a file of mine named like a table",
        f"needed-{'a' * 24}.json": json.dumps({"payload": [1], "blake2b": "not its sum"}),
    }
    for name, text in users.items():
        (own_cache / name).write_text(text)
    cleared = run_cli("cache", "clear")
    assert cleared.out.startswith("removed 1 entry,")
    assert not table.exists()
    assert sorted(path.name for path in own_cache.iterdir() if path.name in users) == sorted(users)
    assert (own_cache / "manifest.tsv").read_text() == ""  # what it named is gone


def test_a_file_put_in_an_entry_s_place_is_left_alone(run_cli: RunCli, own_cache: Path) -> None:
    assert run_cli("suggest", "mastermind", "--top", "1").code == 0
    [table] = own_cache.glob("matrix-*.bin")
    table.write_text("my own notes, saved over the table")  # not the size and time recorded
    assert run_cli("cache", "clear").out.startswith("removed 0 entries,")
    assert table.read_text() == "my own notes, saved over the table"


def test_entries_of_a_version_without_a_manifest_are_still_cleared(
    run_cli: RunCli, own_cache: Path
) -> None:
    pytest.importorskip("fastapi")  # the web extra: the page keeps what it ranked
    from wordsolver.web.ranking_jobs import keep_ranking, ranking_identity

    assert run_cli("suggest", "mastermind", "--top", "1").code == 0
    keep_ranking(ranking_identity("mastermind", None, 2, "mean", True), {"openers": []})
    (own_cache / "manifest.tsv").unlink()  # as an older version left its cache
    kinds = sorted(e["kind"] for e in json.loads(run_cli("cache", "info", "--json").out)["entries"])
    assert kinds == ["matrix", "openers"]  # their contents are the cache's own
    assert run_cli("cache", "clear").out.startswith("removed 2 entries,")
