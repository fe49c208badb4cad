"""Fixtures of the search tests: the in-process CLI and the published Russian study's lists."""

from __future__ import annotations

from tests.cli.conftest import run_cli as run_cli  # the CLI fixture, shared
from tests.study.conftest import russian_lists as russian_lists  # the study's lists, shared
from tests.tree.conftest import nine as nine  # the nine-word terminal, shared
