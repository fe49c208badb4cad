"""Fixtures of the strategy tests: the in-process CLI."""

from __future__ import annotations

from tests.cli.conftest import run_cli as run_cli  # the CLI fixture, for the CLI tests here
