"""The balance report renders in headless Chromium without errors (Playwright + Debian's
Chromium; never ``playwright install``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from caiquan.lab import balance

CHROMIUM = Path("/usr/bin/chromium")
sync_api = pytest.importorskip("playwright.sync_api", reason="needs playwright (pip install)")
if not CHROMIUM.exists():
    pytest.skip(
        "needs Debian's Chromium at /usr/bin/chromium (apt-get install chromium)",
        allow_module_level=True,
    )


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    # A module-scoped browser of our own, not pytest-playwright's session fixtures: those keep
    # Playwright's event loop running and break later asyncio tests.
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM))
        yield b
        b.close()


def load(browser: Any, path: Path) -> tuple[Any, list[str]]:
    page = browser.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("requestfailed", lambda r: errors.append(f"request {r.url}"))
    page.goto(path.as_uri())
    return page, errors


def test_report_renders(browser: Any, tmp_path: Path) -> None:
    out = tmp_path / "promise.html"
    data = balance.analyse("promise", {}, ["random"], 40, seed=2, matchup_games=2)
    balance.write_report(data, out)
    page, errors = load(browser, out)
    assert errors == []
    assert page.title() == "caiquan promise balance"
    assert page.locator("svg").count() >= 6
    # every plot has a size: it was laid out, not left empty
    for box in page.locator("svg").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().width * e.getBoundingClientRect().height)"
    ):
        assert box > 0
    shown = page.locator('[data-k="seats.0.rate"]').inner_text()
    assert shown == f"{data['summary']['seats'][0]['rate'] * 100:.1f} %"
    page.close()


def test_compare_renders(browser: Any, tmp_path: Path) -> None:
    out = tmp_path / "cmp.html"
    data = balance.compare(
        "legends",
        {"players": 3},
        [("base", {}), ("round_cap=8", {"round_cap": "8"})],
        ["random"],
        20,
        seed=1,
    )
    balance.write_report(data, out)
    page, errors = load(browser, out)
    assert errors == []
    assert page.locator("table").count() >= 2
    page.close()
