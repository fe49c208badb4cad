"""``wordsolver fallout parse|simulate|sweep`` end to end, and parse feeding the fallout game."""

from __future__ import annotations

import io
import json
import random
import shutil
from pathlib import Path

import pytest

from tests.cli.conftest import RunCli
from tests.fallout.screens import HEADER, make_screen, render

WORDS = ("SPIES", "TIRES", "WALLS", "TERMS", "DOORS", "SKIES", "FARMS", "LINES")


@pytest.fixture
def screen_file(tmp_path: Path) -> Path:
    path = tmp_path / "screen.txt"
    path.write_text(HEADER + make_screen(WORDS, random.Random(2)).text, encoding="utf-8")
    return path


def test_parse_text(run_cli: RunCli, screen_file: Path) -> None:
    result = run_cli("fallout", "parse", str(screen_file))
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    assert lines[0] == "8 words of 5 letters: spies tires walls terms doors skies farms lines"
    assert "bracket pair" in result.out
    assert lines[-1] == "play it: wordsolver suggest fallout --words " + ",".join(
        w.lower() for w in WORDS
    )


def test_parse_json_and_stdin(
    run_cli: RunCli, screen_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(screen_file.read_text()))
    payload = json.loads(run_cli("fallout", "parse", "-", "--json").out)
    assert payload["words"] == [w.lower() for w in WORDS]
    assert payload["length"] == 5 and payload["rows"] == 34
    assert all(set(p) == {"row", "address", "column", "text"} for p in payload["brackets"])


def test_parsed_words_play_as_the_fallout_game(run_cli: RunCli, screen_file: Path) -> None:
    words = run_cli("fallout", "parse", str(screen_file), "--format", "words").out.strip()
    assert words == ",".join(w.lower() for w in WORDS)
    history = "spies:1"
    result = run_cli("suggest", "fallout", "--words", words, "--history", history, "--json")
    assert result.code == 0, result.err
    payload = json.loads(result.out)
    assert set(payload["candidates"]) <= {w.lower() for w in WORDS}
    assert payload["suggestions"]


def test_parse_warns_about_fragments(run_cli: RunCli, tmp_path: Path) -> None:
    path = tmp_path / "noisy.txt"
    path.write_text(make_screen((*WORDS, "TI.RE"), random.Random(1)).text)
    result = run_cli("fallout", "parse", str(path), "--format", "words")
    assert result.code == 0
    assert "warning: ignored letters that do not make a 5-letter word: TI, RE" in result.err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--format", "xml"], "unknown format 'xml'; choose from: text, words"),
        (["--image", "x.png"], "not both"),
        (["--length", "0"], "--length"),
    ],
)
def test_parse_usage_errors(
    run_cli: RunCli, screen_file: Path, args: list[str], message: str
) -> None:
    result = run_cli("fallout", "parse", str(screen_file), *args)
    assert result.code == 2 and message in result.err
    assert len(result.err.strip().splitlines()) == 1


def test_parse_missing_file(run_cli: RunCli, tmp_path: Path) -> None:
    result = run_cli("fallout", "parse", str(tmp_path / "none.txt"))
    assert result.code == 2 and "cannot read" in result.err


@pytest.mark.skipif(shutil.which("tesseract") is None, reason="needs the tesseract program")
def test_parse_image(run_cli: RunCli, tmp_path: Path) -> None:
    pytest.importorskip("pytesseract")
    pytest.importorskip("PIL")
    image = render(make_screen(WORDS, random.Random(8)).text, tmp_path / "screen.png")
    result = run_cli("fallout", "parse", "--image", str(image), "--format", "words")
    assert result.code == 0, result.err
    assert result.out.strip() == ",".join(w.lower() for w in WORDS)


@pytest.mark.skipif(shutil.which("tesseract") is None, reason="needs the tesseract program")
def test_parse_photo_reports_the_rows_it_could_not_read(run_cli: RunCli, tmp_path: Path) -> None:
    pytest.importorskip("cv2")
    from tests.fallout.photos import GRADE, make_photo

    photo = tmp_path / "photo.jpg"
    photo.write_bytes(make_photo(GRADE["moderate"], 5).data)  # DETECTIVE misread
    result = run_cli("fallout", "parse", "--image", str(photo), "--json")
    assert result.code == 0, result.err
    warning = next(line for line in result.err.splitlines() if "could not read" in line)
    assert "(a word there may be missing); check on the screen: " in warning
    assert "row 0xF548 (left column, 15th row)" in warning
    unread = json.loads(result.out)["unread"]
    place = {"row": 14, "column": 0, "line": 14, "address": "0xF548"}
    assert any(place.items() <= row.items() for row in unread)


def test_simulate_table(run_cli: RunCli, words_alpha: Path) -> None:
    args = ["--length", "6", "--words", "12", "--trials", "400", "--dict", str(words_alpha)]
    result = run_cli("fallout", "simulate", *args, "-s", "random,eliminations")
    assert result.code == 0, result.err
    assert "400 terminals of 12 words of 6 letters from words_alpha.txt (seed 0)" in result.out
    assert "solved ≤ 4" in result.out
    assert "random" in result.out and "eliminations" in result.out


def test_simulate_json_repeats(run_cli: RunCli) -> None:
    args = ["fallout", "simulate", "--trials", "300", "--seed", "9", "-s", "minimax", "--json"]
    first, again = (json.loads(run_cli(*args).out) for _ in range(2))
    assert first[0]["distribution"] == again[0]["distribution"]
    assert first[0]["strategy"] == "minimax" and first[0]["total"] == 300
    assert 0 < first[0]["solved"] <= 1 and first[0]["options"]["dictionary"] == "english"


def test_simulate_until_solved(run_cli: RunCli) -> None:
    result = run_cli("fallout", "simulate", "--trials", "200", "-s", "random", "--until-solved")
    assert result.code == 0 and "solved ≤" not in result.out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--until-solved", "--tries", "3"], "not both"),
        (["-s", "nonsense"], "unknown strategy 'nonsense'"),
        (["--words", "1"], "--words"),
        (["--length", "40"], "no 40-letter words"),
        (["--dict", "/no/such/file"], "/no/such/file: cannot read"),
    ],
)
def test_simulate_errors(run_cli: RunCli, args: list[str], message: str) -> None:
    result = run_cli("fallout", "simulate", "--trials", "10", *args)
    assert result.code == 2 and message in result.err, result.err


def test_sweep_writes_tables_and_heat_maps(run_cli: RunCli, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "sweep"
    args = ["--lengths", "4-5", "--words", "5,10", "--trials", "100", "-s", "random,entropy"]
    result = run_cli("fallout", "sweep", *args, "--out", str(out))
    assert result.code == 0, result.err
    assert "entropy: mean tries to solve (letters down, words across)" in result.out
    files = sorted(path.name for path in out.iterdir())
    assert files == [
        "entropy-mean-tries.png",
        "entropy-solved.png",
        "random-mean-tries.png",
        "random-solved.png",
        "sweep.csv",
        "sweep.md",
    ]
    payload = json.loads(run_cli("fallout", "sweep", *args, "--out", str(out), "--json").out)
    assert len(payload["cells"]) == 2 * 2 * 2 and len(payload["files"]) == 6


@pytest.mark.parametrize("lengths", ["15-4", "a-b", ","])
def test_sweep_bad_range(run_cli: RunCli, lengths: str, tmp_path: Path) -> None:
    result = run_cli("fallout", "sweep", "--lengths", lengths, "--out", str(tmp_path))
    assert result.code == 2 and "--lengths" in result.err
