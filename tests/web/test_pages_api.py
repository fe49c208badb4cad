"""The API of the starting-words, hosted-game and tree pages, checked against the library."""

from __future__ import annotations

import hashlib
import itertools
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import make_client
from wordsolver.games import GameOverrides, find_game
from wordsolver.hosted import Duel, HostedGame, random_secret
from wordsolver.hosted.review import review as review_of
from wordsolver.hosted.share import share_row
from wordsolver.matrix import pattern_matrix
from wordsolver.plumbing.cache import cache_dir
from wordsolver.plumbing.sealed import seal
from wordsolver.search.openers import OpenerQuery, search_openers
from wordsolver.strategies import Player, PlayOptions, find_strategy
from wordsolver.tree import grow_tree, save_tree
from wordsolver.web import WebSettings
from wordsolver.web.ranking_jobs import kept_ranking, ranking_identity


def ok(client: TestClient, path: str, body: Any) -> Any:
    response = client.post(path, json=body)
    assert response.status_code == 200, response.text
    return response.json()


def test_one_word_openers_are_the_librarys_ranking(client: TestClient) -> None:
    answer = ok(client, "/api/openers", {"game": "5bukv", "top": 4})
    game = find_game("5bukv", GameOverrides(prior="uniform"))  # the pages play it alike
    query = OpenerQuery(words=1, any_words=True, top=4)
    expected = search_openers(pattern_matrix(game), query).final.openers
    assert [row["words"] for row in answer["openers"]] == [list(o.words) for o in expected]
    assert [row["worst"] for row in answer["openers"]] == [o.worst for o in expected]
    assert answer["exact"] and answer["secrets"] == len(game.secrets)
    columns = {"word", "words", "mean", "worst", "buckets", "bits", "exact"}
    assert set(answer["openers"][0]) == columns


def ranked(client: TestClient, body: dict[str, Any]) -> tuple[Any, list[Any]]:
    """The ranking of pairs, asked again while the server answers 202; and those answers."""
    running: list[Any] = []
    for _ in range(600):
        response = client.post("/api/openers", json=body)
        if response.status_code != 202:
            assert response.status_code == 200, response.text
            return response.json(), running
        running.append(response.json())
    pytest.fail(f"the ranking was still running after {len(running)} answers: {running[-1]}")


def test_exact_pairs_are_searched_once_and_then_kept(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WORDSOLVER_CACHE_DIR", str(tmp_path))  # nothing kept from before
    body = {"game": "5bukv", "words": 2, "top": 5, "wait": 0.5}
    answer, running = ranked(client, body)
    game = find_game("5bukv", GameOverrides(prior="uniform"))  # the pages play it alike
    expected = search_openers(pattern_matrix(game), OpenerQuery(words=2, top=5)).final.openers
    assert [row["words"] for row in answer["openers"]] == [list(o.words) for o in expected]
    assert [row["mean"] for row in answer["openers"]] == [round(o.mean, 4) for o in expected]
    assert answer["exact"] and not answer["kept"] and answer["words"] == 2
    for status in running:  # what a 202 says while the search runs
        assert status["status"] in ("running", "waiting") and status["message"]
        assert status["total"] is None or 0 <= status["done"] <= status["total"]
    assert list(tmp_path.glob("openers-*.json"))  # kept in the cache, as the tables are
    again = ok(client, "/api/openers", {**body, "top": 2, "wait": 0})
    assert again["kept"] and again["openers"] == answer["openers"][:2]


def test_a_damaged_kept_ranking_is_searched_again(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WORDSOLVER_CACHE_DIR", str(tmp_path))
    body = {"game": "5bukv", "words": 2, "top": 3, "by": "worst"}
    first, _ = ranked(client, body)
    (kept,) = tmp_path.glob("openers-*.json")
    text = kept.read_text()
    assert r"\u0441" in text
    kept.write_text(text.replace(r"\u0441", r"\u0442", 1))  # one letter changed
    second, _ = ranked(client, body)
    assert not second["kept"] and second["openers"] == first["openers"]


def test_pairs_of_a_large_game_answer_or_say_they_are_running() -> None:
    """Wordle's pairs take minutes on a busy machine: a request never hangs past its wait nor
    fails; it has the ranking, or a 202 that says how far the search has got."""
    with make_client(WebSettings(time_limit=5)) as large:
        body = {"game": "wordle", "words": 2, "wait": 1}
        started = time.monotonic()
        answers = [large.post("/api/openers", json=body) for _ in range(3)]
        assert time.monotonic() - started < 3 * (1 + 5)  # each waits 1 s (the table may load)
        assert all(answer.status_code in (200, 202) for answer in answers), answers[-1].text
        statuses = [answer.json() for answer in answers if answer.status_code == 202]
        for status in statuses:
            assert status["status"] == "running", status  # none waits behind a search of its own
            assert "searching every pair" in status["message"]
        seconds = [status["seconds"] for status in statuses]
        assert seconds == sorted(seconds)  # one search's clock, joined by every request for it
    # Leaving the block stops the server and the search it was running.


def test_openers_of_more_than_two_words_are_refused(client: TestClient) -> None:
    response = client.post("/api/openers", json={"game": "wordle", "words": 3})
    assert response.status_code == 422
    assert "words" in response.json()["detail"]


def secret_of(game: str, seed: int) -> str:
    chosen = find_game(game, GameOverrides(prior="uniform"))  # hosted games play it alike
    return chosen.secrets.words[random_secret(chosen, seed)]


def test_hosted_game_keeps_its_secret_until_the_end(client: TestClient) -> None:
    secret = secret_of("wordle", 11)
    body = {"game": "wordle", "seed": 11, "hints": 3}
    first = ok(client, "/api/play", {**body, "guesses": ["crane"]})
    assert first["secret"] is None and not first["finished"]
    game = find_game("wordle")
    assert first["moves"][0]["feedback"] == game.format_pattern(game.feedback("crane", secret))
    assert len(first["hints"]) == 3
    won = ok(client, "/api/play", {**body, "guesses": ["crane", secret]})
    assert won["won"] and won["finished"] and won["secret"] == secret and won["hints"] == []
    gave_up = ok(client, "/api/play", {**body, "guesses": ["crane"], "give_up": True})
    assert gave_up["lost"] and gave_up["secret"] == secret


def test_a_bad_guess_is_a_400_and_the_game_is_unchanged(client: TestClient) -> None:
    response = client.post("/api/play", json={"game": "wordle", "seed": 1, "guesses": ["zzzzz"]})
    assert response.status_code == 400
    assert response.json()["detail"] == "'zzzzz' is not an allowed guess in wordle"


def test_review_of_a_finished_game_and_the_solvers_own(client: TestClient) -> None:
    secret = secret_of("tonguess3", 4)
    body = {"game": "tonguess3", "seed": 4, "guesses": ["par", secret]}
    review = ok(client, "/api/play/review", body)
    assert [row["guess"] for row in review["rows"]] == ["par", secret]
    assert review["won"] and review["solver"][-1] == secret
    assert review["rows"][-1]["solver_needs"] is None  # solved: nothing more to need
    player = Player(pattern_matrix(find_game("tonguess3")), find_strategy("entropy"), PlayOptions())
    hosted = HostedGame(player.matrix, random_secret(player.matrix.game, 4))
    steps = [hosted.guess(word) for word in ("par", secret)]
    rows = review_of(player, steps, won=True)
    assert [row["lost"] for row in review["rows"]] == [round(row.lost, 6) for row in rows]
    assert review["lost"] == pytest.approx(sum(row.lost for row in rows), abs=1e-5)
    assert review["rows"][0]["pick_left"] == rows[0].pick_left is not None
    game = find_game("tonguess3")
    par = share_row(game, game.feedback("par", secret))
    assert review["share"].splitlines()[1:] == [par, share_row(game, game.win_pattern)]
    unfinished = client.post("/api/play/review", json={**body, "guesses": ["par"]})
    assert unfinished.status_code == 400 and "not over" in unfinished.json()["detail"]


def test_duel_turns_match_the_librarys_duel(client: TestClient) -> None:
    game = find_game("tonguess3")
    body = {"game": "tonguess3", "seed": 9, "secret": "dog", "computer_secret": "random"}
    answer = ok(client, "/api/duel", {**body, "guesses": ["par", "ten"]})
    matrix = pattern_matrix(game)
    player = Player(matrix, find_strategy("entropy"), PlayOptions())
    duel = Duel(player, random_secret(game, 9), game.secrets.words.index("dog"))
    for word in ("par", "ten"):
        duel.guess(word)
        duel.computer_turn()
    assert [move["guess"] for move in answer["computer"]] == duel.computer.guesses
    assert answer["outcome"] is None and answer["computer_secret"] is None
    mine = game.secrets.words[random_secret(game, 9)]
    won = ok(client, "/api/duel", {**body, "guesses": [mine]})
    assert won["outcome"] in ("you win", "a draw") and won["computer_secret"] == mine


def test_a_finished_duel_reviews_your_guesses_at_the_computers_secret(
    client: TestClient,
) -> None:
    game = find_game("tonguess3")
    mine = game.secrets.words[random_secret(game, 9)]
    body = {"game": "tonguess3", "seed": 9, "secret": "dog", "computer_secret": "random"}
    duel = ok(client, "/api/duel", {**body, "guesses": ["par", mine]})
    assert duel["outcome"] is not None and duel["computer_secret"] == mine
    history = [{"guess": m["guess"], "feedback": m["feedback"]} for m in duel["you"]]
    review = ok(client, "/api/review", {"game": "tonguess3", "history": history, "secret": mine})
    player = Player(pattern_matrix(game), find_strategy("entropy"), PlayOptions())
    hosted = HostedGame(player.matrix, random_secret(game, 9))
    rows = review_of(player, [hosted.guess(word) for word in ("par", mine)], won=True)
    assert review["rows"] == [row.to_json() for row in rows]
    assert review["won"] and review["share"].startswith("Tonguess3 2")


def test_duel_needs_your_secret_from_the_list(client: TestClient) -> None:
    body = {"game": "tonguess3", "seed": 1, "secret": "qzx", "computer_secret": "random"}
    response = client.post("/api/duel", json=body)
    assert response.status_code == 400
    assert "qzx" in response.json()["detail"]


@pytest.fixture(scope="module")
def tree_file(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    matrix = pattern_matrix(find_game("tonguess3"))
    path = tmp_path_factory.mktemp("trees") / "tonguess3.tree.json"
    save_tree(grow_tree(Player(matrix, find_strategy("entropy"), PlayOptions())), path)
    yield path


def upload(client: TestClient, path: Path) -> Any:
    response = client.post("/api/trees", content=path.read_bytes())
    assert response.status_code == 200, response.text
    return response.json()


def test_an_uploaded_tree_opens_with_its_first_level(client: TestClient, tree_file: Path) -> None:
    opened = upload(client, tree_file)
    matrix = pattern_matrix(find_game("tonguess3"))
    tree = grow_tree(Player(matrix, find_strategy("entropy"), PlayOptions()))
    assert opened["size"] == tree.size and opened["total"] == 709
    root = opened["nodes"][0]
    assert root["guess"] == matrix.game.guesses.words[tree.root.guess] and root["reach"] == 709
    assert len(opened["nodes"]) == 1 + len(tree.root.children)
    assert sum(opened["distribution"].values()) == 709


def test_branches_load_on_demand(client: TestClient, tree_file: Path) -> None:
    opened = upload(client, tree_file)
    child = opened["nodes"][0]["children"][0]
    answer = client.get(f"/api/trees/{opened['tree']}/nodes/{child}", params={"depth": 1}).json()
    node = answer["nodes"][0]
    assert node["number"] == child and node["parent"] == 0
    assert [n["number"] for n in answer["nodes"][1:]] == node["children"]
    reached = sum(n["reach"] for n in answer["nodes"][1:]) + node["solves"]
    assert reached == node["reach"]  # every secret here goes on to one branch, or is solved


def test_path_search_replays_to_the_secret(client: TestClient, tree_file: Path) -> None:
    game = find_game("tonguess3")
    opened = upload(client, tree_file)
    answer = client.get(f"/api/trees/{opened['tree']}/path", params={"secret": "dog"}).json()
    nodes = {node["number"]: node for node in answer["nodes"]}
    steps = [nodes[number] for number in answer["path"]]
    assert steps[-1]["guess"] == "dog" and steps[0]["edge"] is None
    for before, after in itertools.pairwise(steps):
        assert after["edge"] == game.format_pattern(game.feedback(before["guess"], "dog"))


def test_grown_tree_opens_like_a_file(client: TestClient, tree_file: Path) -> None:
    grown = ok(client, "/api/trees/build", {"game": "tonguess3"})
    assert grown["tree"] == upload(client, tree_file)["tree"]  # the same document, the same tree


def test_a_tree_the_server_does_not_hold_is_a_404(client: TestClient) -> None:
    response = client.get("/api/trees/0123456789abcdef/nodes/0")
    assert response.status_code == 404
    assert response.json()["detail"] == "no open tree 0123456789abcdef: open its file again"


def test_a_damaged_tree_file_is_a_400(client: TestClient, tree_file: Path) -> None:
    damaged = tree_file.read_bytes().replace(b'"guess":"', b'"guess":"zz', 1)
    response = client.post("/api/trees", content=damaged)
    assert response.status_code == 400
    assert response.json()["detail"].startswith("the tree file: damaged tree")


def test_a_ranking_kept_under_the_earlier_file_name_is_read() -> None:
    """Rankings kept before the sealed-entry helpers (same name, same document) still answer."""
    identity = ranking_identity("tonguess3", None, 2, "worst", True)
    folder = cache_dir()
    assert folder is not None
    name = f"openers-{hashlib.sha256(identity.encode()).hexdigest()[:24]}.json"
    answer = {"game": "tonguess3", "openers": [{"words": ["abc", "def"]}]}
    (folder / name).write_text(json.dumps(seal({"identity": identity, "answer": answer})))
    try:
        assert kept_ranking(identity) == answer
    finally:
        (folder / name).unlink()
