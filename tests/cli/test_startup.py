"""Commands start with only what they need: numba (most of a second to import and load) only
where one of its kernels runs (scoring guesses needs none), and only the module of the command
named (a start is mostly imports)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from wordsolver.cli.app import COMMAND_MODULES, command_modules, main

PROBE = """
import json, sys
from wordsolver.cli.app import main
sys.argv = ["wordsolver", *sys.argv[1:]]
try:
    code = main()
except SystemExit as exit:
    code = exit.code
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def started(args: list[str]) -> tuple[int, set[str]]:
    """The exit code of ``wordsolver ARGS`` run in a fresh process, and the modules it loaded."""
    run = subprocess.run(
        [sys.executable, "-c", PROBE, *args], capture_output=True, text=True, check=True
    )
    found = json.loads(run.stdout.strip().splitlines()[-1])
    return found["code"], set(found["modules"])


@pytest.mark.parametrize(
    "args",
    [["games"], ["--help"], ["check", "obama"], ["check", "--game", "wordle", "crane"],
     ["suggest", "--help"], ["--version"], ["gmaes"], ["suggest", "wordel"]],
)  # fmt: skip
def test_command_starts_without_numba(args: list[str]) -> None:
    _, modules = started(args)
    assert "numba" not in modules


@pytest.mark.parametrize(
    "args",
    [["suggest", "mastermind", "--top", "1"], ["suggest", "mastermind", "--history", "aabb 1-1"],
     ["suggest", "tonguess3", "--history", "ant 1-0", "--top", "2"]],
)  # fmt: skip
def test_scoring_guesses_with_the_table_on_disk_needs_no_numba(args: list[str]) -> None:
    started(args)  # the first run builds the table (with the rule's compiled kernel)
    code, modules = started(args)
    assert code == 0
    assert "numba" not in modules


@pytest.mark.parametrize(
    "args",
    [["suggest", "mastermind", "--top", "1"], ["check", "--game", "wordle", "crane"],
     ["tree", "build", "bulls", "--length", "3", "--alphabet", "abcdef", "-s", "optimal",
      "-o", "TREE", "--json"]],
)  # fmt: skip
def test_commands_digest_their_lists_without_loading_openssl(
    args: list[str], tmp_path: Path
) -> None:
    """``hashlib`` maps OpenSSL into the process (3.4 MB); the few digests a command takes
    come from wordsolver.plumbing.digests."""
    args = [str(tmp_path / "tree.json") if arg == "TREE" else arg for arg in args]
    started(args)  # the first run builds the table
    code, modules = started(args)
    assert code == 0
    assert "wordsolver.plumbing.digests" in modules and "_hashlib" not in modules


def test_probe_sees_numba_when_a_command_needs_it() -> None:
    _, modules = started(["hand", "retains"])
    assert "numba" in modules


@pytest.mark.parametrize(
    ("args", "module"),
    [(["games"], "wordsolver.cli.info"), (["check", "--game", "wordle", "crane"],
      "wordsolver.cli.words"), (["suggest", "wordle", "--help"], "wordsolver.cli.suggest")],
)  # fmt: skip
def test_a_command_imports_its_own_module_only(args: list[str], module: str) -> None:
    _, modules = started(args)
    commands = set(COMMAND_MODULES.values())
    assert module in modules
    assert "wordsolver.proof" not in modules
    assert "wordsolver.cli.tree" not in modules or module == "wordsolver.cli.tree"
    assert len(commands & modules) < len(commands)


def test_version_imports_no_command() -> None:
    code, modules = started(["--version"])
    assert code == 0
    assert not set(COMMAND_MODULES.values()) & modules


def test_every_command_is_mapped_to_the_module_that_registers_it() -> None:
    from wordsolver.cli import base

    for module in dict.fromkeys(COMMAND_MODULES.values()):
        __import__(module)
    import typer

    group = typer.main.get_command(base.app)
    assert set(group.commands) == set(COMMAND_MODULES)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("args", "expected"),
    [(["games"], ["wordsolver.cli.info"]), (["--traceback", "cache", "info"],
      ["wordsolver.cli.cache"]), (["--version"], []),
     (["games", "--help"], ["wordsolver.cli.info"])],
)  # fmt: skip
def test_command_modules(args: list[str], expected: list[str]) -> None:
    assert command_modules(args) == expected


@pytest.mark.parametrize("args", [[], ["--help"], ["--help", "games"]])
def test_the_help_loads_every_command(args: list[str]) -> None:
    assert command_modules(args) == list(dict.fromkeys(COMMAND_MODULES.values()))


def test_an_unknown_command_is_named_with_the_closest_without_loading_any(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, modules = started(["gmaes", "--json"])
    assert code == 2
    assert not set(COMMAND_MODULES.values()) & modules
    assert main(["gmaes"]) == 2
    assert capsys.readouterr().err.startswith(
        "error: unknown command 'gmaes' (did you mean games?); choose from: cache, check,"
    )
