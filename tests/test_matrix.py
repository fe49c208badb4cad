"""The pattern matrix cache: reused when intact, rebuilt silently when damaged or stale."""

from __future__ import annotations

import json
import string
import zlib
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from wordsolver import matrix as matrix_module
from wordsolver.games import Game, GameOverrides, find_game
from wordsolver.matrix import CHECKSUM, FORMAT_VERSION, build_values, matrix_key, pattern_matrix
from wordsolver.plumbing import stopping
from wordsolver.plumbing.cache import cache_dir

WORDS = ("crane", "slate", "trace", "eerie", "speed", "abide", "geese", "hello", "llama")


def unique_game(tag: str, extra: tuple[str, ...] = ()) -> Game:
    """A small colours game whose cache file no other test touches (``tag`` is 5 letters)."""
    return find_game("wordle", GameOverrides(words=(*WORDS, tag, *extra)))


def cache_path(game: Game) -> Path:
    folder = cache_dir()
    assert folder is not None
    return folder / f"matrix-{matrix_key(game)}.bin"


def reference(game: Game) -> list[list[int]]:
    return [[game.rule.feedback(g, s) for s in game.secrets.words] for g in game.guesses.words]


def test_cache_dir_is_the_private_one(private_cache: Path) -> None:
    assert cache_dir() == private_cache


def test_first_call_writes_a_cache_file() -> None:
    game = unique_game("aaaaa")
    assert not cache_path(game).exists()
    values = pattern_matrix(game).values
    assert cache_path(game).is_file()
    assert values.tolist() == reference(game)
    assert not list(cache_path(game).parent.glob(".*.tmp"))  # no temporary file left behind


def test_second_call_loads_the_same_values(monkeypatch: pytest.MonkeyPatch) -> None:
    game = unique_game("aaaab")
    first = pattern_matrix(game).values
    monkeypatch.setattr(matrix_module, "build_values", _refuse)
    second = pattern_matrix(game)
    assert second.game is game
    assert second.values.dtype == first.dtype
    np.testing.assert_array_equal(second.values, first)


def _refuse(game: Game) -> None:
    raise AssertionError("the matrix was rebuilt instead of loaded from the cache")


def test_without_cache_no_file_is_written() -> None:
    game = unique_game("aaaac")
    values = pattern_matrix(game, use_cache=False).values
    assert values.tolist() == reference(game)
    assert not cache_path(game).exists()


def flip_last_byte(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[-1] ^= 0x01
    path.write_bytes(bytes(data))


def flip_first_cell(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[data.index(b"\n") + 1] ^= 0x80
    path.write_bytes(bytes(data))


def truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:-3])


def truncate_header(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:10])


def append_byte(path: Path) -> None:
    path.write_bytes(path.read_bytes() + b"\0")


def empty(path: Path) -> None:
    path.write_bytes(b"")


def garbage(path: Path) -> None:
    path.write_bytes(b"\xff\xfe not a matrix at all \x00\x01")


Header = dict[str, object]


def rewrite_header(change: Callable[[Header], object]) -> Callable[[Path], None]:
    """Damage that replaces the JSON header line by ``change(header)``."""

    def damage(path: Path) -> None:
        head, _, body = path.read_bytes().partition(b"\n")
        path.write_bytes(json.dumps(change(json.loads(head))).encode() + b"\n" + body)

    return damage


def edited(**fields: object) -> Callable[[Header], Header]:
    return lambda header: {**header, **fields}


def reversed_shape(header: Header) -> Header:
    shape = header["shape"]
    assert isinstance(shape, list)
    return {**header, "shape": shape[::-1]}


def without_checksum(header: Header) -> Header:
    return {key: value for key, value in header.items() if key != CHECKSUM}


DAMAGE = {
    "flipped last byte": flip_last_byte,
    "flipped first cell": flip_first_cell,
    "truncated cells": truncate,
    "truncated header": truncate_header,
    "extra byte": append_byte,
    "empty file": empty,
    "garbage": garbage,
    "wrong format": rewrite_header(edited(format=FORMAT_VERSION + 1)),
    "wrong shape": rewrite_header(reversed_shape),
    "wrong dtype": rewrite_header(edited(dtype="<u2")),
    "wrong checksum": rewrite_header(edited(**{CHECKSUM: "0" * 64})),
    "no checksum": rewrite_header(without_checksum),
    "header is a list": rewrite_header(lambda header: [1, 2, 3]),
    "header is null": rewrite_header(lambda header: None),
    "header is a string": rewrite_header(lambda header: "matrix"),
}


@pytest.mark.parametrize("name", DAMAGE)
def test_damaged_cache_is_rebuilt_silently(name: str) -> None:
    game = unique_game("bbbb" + string.ascii_lowercase[list(DAMAGE).index(name)])
    pattern_matrix(game)
    DAMAGE[name](cache_path(game))
    values = pattern_matrix(game).values
    assert values.tolist() == reference(game)


@pytest.mark.parametrize("damage", [flip_last_byte, truncate, garbage], ids=["flip", "cut", "junk"])
def test_rebuilt_cache_is_written_again(
    damage: Callable[[Path], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    tags: dict[Callable[[Path], None], str] = {flip_last_byte: "ccccc", truncate: "ccccd",
                                               garbage: "cccce"}  # fmt: skip
    tag = tags[damage]
    game = unique_game(tag)
    expected = pattern_matrix(game).values.copy()
    damage(cache_path(game))
    pattern_matrix(game)  # rebuilds and saves
    monkeypatch.setattr(matrix_module, "build_values", _refuse)
    np.testing.assert_array_equal(pattern_matrix(game).values, expected)


def test_cache_of_a_uint16_game() -> None:
    game = find_game("wordle", GameOverrides(length=6, words=("abacus", "banana", "zzzzzz")))
    first = pattern_matrix(game).values
    flip_first_cell(cache_path(game))
    second = pattern_matrix(game).values
    assert first.dtype == second.dtype == np.uint16
    assert second.tolist() == reference(game)


# --- the cache key --------------------------------------------------------------------------


def test_key_changes_when_a_secret_changes() -> None:
    assert matrix_key(unique_game("ddddd")) != matrix_key(unique_game("dddde"))


def test_key_changes_when_an_allowed_guess_changes(tmp_path: Path) -> None:
    answers = tmp_path / "answers.txt"
    answers.write_text("crane\nslate\n")
    keys = set()
    for extra in ("trace", "tract"):
        allowed = tmp_path / f"allowed-{extra}.txt"
        allowed.write_text(f"crane\n{extra}\n")
        game = find_game("wordle", GameOverrides(answers=answers, allowed=allowed))
        assert game.secrets.words == ("crane", "slate")
        keys.add(matrix_key(game))
    assert len(keys) == 2


def test_key_changes_with_the_rule() -> None:
    words = ("crane", "slate", "trace")
    colours = find_game("wordle", GameOverrides(words=words))
    likeness = find_game("fallout", GameOverrides(words=words))
    assert colours.guesses.words == likeness.guesses.words
    assert matrix_key(colours) != matrix_key(likeness)


def test_key_ignores_input_order_and_case() -> None:
    one = find_game("wordle", GameOverrides(words=("crane", "slate", "trace")))
    two = find_game("wordle", GameOverrides(words=("TRACE", "crane", "Slate", "crane")))
    assert matrix_key(one) == matrix_key(two)


def test_changed_list_gets_its_own_correct_matrix() -> None:
    old = unique_game("eeeee")
    new = unique_game("eeeef")
    pattern_matrix(old)
    assert pattern_matrix(new).values.tolist() == reference(new)
    assert cache_path(old) != cache_path(new)
    assert cache_path(old).exists() and cache_path(new).exists()


def test_build_values_matches_the_reference() -> None:
    game = unique_game("fffff", ("abbey", "babes", "array", "rarer"))
    assert build_values(game).tolist() == reference(game)


@pytest.mark.parametrize("cores", [1, 3])
def test_the_checksum_is_each_chunks_crc_on_any_number_of_cores(
    cores: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    cells = np.random.default_rng(7).integers(0, 243, size=(37, 1001), dtype=np.uint8)
    monkeypatch.setattr(matrix_module, "CHECKSUM_CHUNK", 4096)
    monkeypatch.setattr(matrix_module, "usable_cores", lambda: cores)
    flat = cells.tobytes()
    chunks = [flat[at : at + 4096] for at in range(0, len(flat), 4096)]
    expected = "".join(f"{zlib.crc32(chunk):08x}" for chunk in chunks)
    assert len(chunks) == 10 and matrix_module._checksum(cells) == expected


def test_a_build_in_many_small_pieces_matches_the_reference(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(stopping, "PIECE_SECONDS", 0.0)  # every piece one secret
    monkeypatch.setattr(matrix_module, "FIRST_PIECE_CELLS", 1)  # the first one too
    game = unique_game("ggggg", ("abbey", "babes", "array", "rarer", "crane", "slate"))
    done: list[int] = []
    values = build_values(game, progress=lambda filled, total: done.append(filled))
    assert values.tolist() == reference(game)
    assert len(done) >= 4 and done[-1] == len(game.secrets)  # built piece by piece
