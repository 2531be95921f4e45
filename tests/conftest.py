"""The test modules hold no doctests: ``--doctest-modules`` (for ``src``) must not import them a
second time, or a module that skips itself (a missing extra) is reported twice.

The doctests of a compiled module (the fast path, ``caiquan._fastpath``) run on its compiled
twin: pytest would refuse it as an "import file mismatch" (its ``__file__`` is the extension,
not the ``.py`` collected), so that check is off (``PY_IGNORE_IMPORTMISMATCH``); the module
names are unique within ``src``, which is what the check guards.

Hypothesis runs without its per-example deadline (200 ms by default): on a loaded 2-core
machine one example of a spec or record property can take longer, and a timing failure says
nothing about the property; the example counts stay as each test sets them."""

from __future__ import annotations

import os

os.environ.setdefault("PY_IGNORE_IMPORTMISMATCH", "1")

from collections.abc import Generator
from typing import Any

import pytest
from _pytest.doctest import DoctestModule
from hypothesis import settings

settings.register_profile("caiquan", deadline=None)
settings.load_profile("caiquan")


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(file_path: Any, parent: Any) -> Generator[None, list[Any], list[Any]]:
    collected = yield
    return [c for c in collected if not isinstance(c, DoctestModule)]
