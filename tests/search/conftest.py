"""Fixtures of the search tests: the published Russian study's lists and the nine-word terminal."""

from __future__ import annotations

from tests.study.conftest import russian_lists as russian_lists  # the study's lists, shared
from tests.tree.conftest import nine as nine  # the nine-word terminal, shared
