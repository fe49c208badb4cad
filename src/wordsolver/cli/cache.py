"""``cache info`` and ``cache clear``: what the on-disk cache holds, and making room."""

from __future__ import annotations

import json
import time
from typing import Annotated

import typer
from rich.table import Table

from wordsolver.cli.base import app, stdout
from wordsolver.cli.options import JsonOption
from wordsolver.games.registry import find_spec
from wordsolver.matrix import read_header
from wordsolver.plumbing.cache import (
    ENTRY_KINDS,
    CacheEntry,
    cache_dir,
    cache_entries,
    remove_entries,
)

cache_app = typer.Typer(
    help="What the on-disk cache holds (pattern tables, dictionary indexes), and clearing it.",
    no_args_is_help=True,
)
app.add_typer(cache_app, name="cache")


#: The kinds of entry that are one game's tables (``cache clear --game`` removes them).
GAME_TABLES = ("matrix", "first-turn")


def _what(entry: CacheEntry) -> str:
    """What an entry is of: the game (and lists) of a pattern table or a first turn's splits,
    else its kind."""
    if entry.kind in GAME_TABLES:
        found = read_header(entry.path)
        header = found[0] if found is not None else {}
        if "game" not in header:
            return "a game's table (made before tables named their game)"
        if entry.kind == "first-turn":
            return f"{header['game']} (its first turn's splits, under a prior)"
        lists = header.get("lists")
        custom = lists in (None, "custom") or "(" in header["game"]
        return str(header["game"]) + ("" if custom else f" ({lists} lists)")
    return ENTRY_KINDS[entry.kind]


def _size(size: int) -> str:
    """Bytes as people read them: 640.2 MB, 12.0 kB."""
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if size >= scale:
            return f"{size / scale:,.1f} {unit}"
    return f"{size} B"


def _entries(count: int) -> str:
    return f"{count} entr{'y' if count == 1 else 'ies'}"


@cache_app.command("info")
def cache_info(as_json: JsonOption = False) -> None:
    """List the cache's entries, largest first, with what each is of and its size.

    Every entry is rebuilt when missing, so clearing the cache costs time, never an answer.
    """
    entries = cache_entries()
    folder = cache_dir()
    if as_json:
        rows = [
            {"file": e.path.name, "kind": e.kind, "of": _what(e), "bytes": e.size,
             "modified": time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(e.modified))}
            for e in entries
        ]  # fmt: skip
        stdout.print_json(json.dumps({"folder": str(folder), "entries": rows}, ensure_ascii=False))
        return
    table = Table("of", "kind", "size", "modified", title=f"cache: {folder}")
    for entry in entries:
        table.add_row(
            _what(entry),
            entry.kind,
            _size(entry.size),
            time.strftime("%Y-%m-%d %H:%M", time.localtime(entry.modified)),
        )
    stdout.print(table)
    stdout.print(f"{_entries(len(entries))}, {_size(sum(e.size for e in entries))}")


@cache_app.command("clear")
def cache_clear(
    game: Annotated[
        str | None,
        typer.Option(help="Only this game's tables (e.g. tonguess4): patterns, first turn."),
    ] = None,
) -> None:
    """Delete the cache's entries (all, or one game's pattern tables and first turn); they are
    rebuilt when next needed."""
    entries = cache_entries()
    if game is not None:
        name = find_spec(game).name
        entries = [e for e in entries if e.kind in GAME_TABLES and _what(e).split(" ")[0] == name]
    freed = remove_entries(entries)
    stdout.print(f"removed {_entries(len(entries))}, {_size(freed)} freed")
