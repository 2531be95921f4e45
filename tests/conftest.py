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


#: Test files that drive a browser (Playwright and Debian's Chromium).
BROWSER_FILES = ("tests/lab/test_report_browser.py",)
#: Test files that take more than about four seconds of a core in all (``--durations``):
#: real server processes, terminal screens at every width, whole games through the CLI,
#: both builds of every game, floods.
SLOW_FILES = (
    "tests/server/test_processes.py",
    "tests/server/test_ws_fuzz.py",
    "tests/server/test_idle.py",
    "tests/tui/test_width.py",
    "tests/tui/test_play.py",
    "tests/tui/test_live_coach.py",
    "tests/test_fast_path.py",
    "tests/test_cli.py",
    "tests/test_readme_tour.py",
    "tests/test_conformance_registry.py",
    "tests/games/test_legends_conformance.py",
    "tests/server/test_openapi_fuzz.py",
    "tests/server/test_text_sweep.py",
    "tests/lab/test_ray.py",
    "tests/test_bench_ab.py",
    "tests/tui/test_screens.py",
    "tests/tui/test_hotseat.py",
    "tests/tui/test_steps.py",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Markers by what a test needs, so a developer's inner loop can leave them out
    (``pytest -m "not slow and not browser"``; CONTRIBUTING.md): ``browser`` for tests/web
    and the report's browser test, ``postgres`` for tests on PostgreSQL (``pg_url``, or the
    ``postgresql`` case of ``db_url``), ``slow`` for :data:`SLOW_FILES`."""
    root = config.rootpath
    for item in items:
        try:
            rel = item.path.relative_to(root).as_posix()
        except ValueError:
            continue
        if rel.startswith("tests/web/") or rel in BROWSER_FILES:
            item.add_marker(pytest.mark.browser)
        if rel in SLOW_FILES:
            item.add_marker(pytest.mark.slow)
        callspec = getattr(item, "callspec", None)
        on_pg = callspec is not None and callspec.params.get("db_url") == "postgresql"
        if "pg_url" in getattr(item, "fixturenames", ()) or on_pg:
            item.add_marker(pytest.mark.postgres)
