"""The test modules hold no doctests: ``--doctest-modules`` (for ``src``) must not import them a
second time, or a module that skips itself (a missing extra) is reported twice."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

import pytest
from _pytest.doctest import DoctestModule


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(file_path: Any, parent: Any) -> Generator[None, list[Any], list[Any]]:
    collected = yield
    return [c for c in collected if not isinstance(c, DoctestModule)]
