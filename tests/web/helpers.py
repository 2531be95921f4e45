"""Playwright helpers: create tables through the lobby and play by clicking."""

from __future__ import annotations

import random
import time
from typing import Any

INIT = """
localStorage.setItem('caiquan.anim', 'off');
if (!localStorage.getItem('caiquan.lang')) localStorage.setItem('caiquan.lang', 'en');
"""

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def new_page(
    browser: Any, locale: str = "en-US", lang: str | None = "en", viewport: Any = None
) -> Any:
    ctx = browser.new_context(locale=locale, viewport=viewport or DESKTOP)
    if lang is not None:
        ctx.add_init_script(INIT.replace("'en'", f"'{lang}'"))
    else:
        ctx.add_init_script("localStorage.setItem('caiquan.anim', 'off');")
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.script_errors = errors  # read by create_table and the tests: a script error fails
    return page


def script_errors(page: Any) -> list[str]:
    """The uncaught script errors the page has raised so far."""
    return list(getattr(page, "script_errors", []))


def create_table(
    page: Any,
    base: str,
    game: str,
    options: dict[str, Any] | None = None,
    seats: list[str] | None = None,
    hotseat: bool = False,
    listed: bool = True,
    keep: bool = False,
) -> str:
    """Fill the lobby form and start; returns the table id (``keep``: the page is open)."""
    if not keep:
        page.goto(base + "/")
    try:
        page.wait_for_selector("#create-btn")
    except Exception as exc:
        raise AssertionError(
            f"the lobby did not load; script errors: {script_errors(page)}"
        ) from exc
    page.select_option("#game-select", game)
    if options:
        page.click("#create details summary")
        for name, value in options.items():
            field = page.locator(f'#game-options [name="{name}"]')
            if field.evaluate("e => e.tagName") == "SELECT":
                field.select_option(str(value))
            elif isinstance(value, bool):
                field.set_checked(value)
            else:
                field.fill(str(value))
                field.dispatch_event("change")
    for i, kind in enumerate(seats or []):
        page.select_option(f'#seat-list select[data-seat="{i}"]', kind)
    if hotseat:
        page.check("#hotseat")
    if not listed:
        page.uncheck("#listed")
    page.click("#create-btn")
    page.wait_for_url("**/?table=*")
    page.wait_for_selector("#t-seats li")
    return str(page.url.split("table=")[1].split("&")[0])


def version(page: Any) -> str:
    return str(page.get_attribute("#main", "data-version") or "")


def status(page: Any) -> str:
    return str(page.get_attribute("#main", "data-status") or "")


def click_one(page: Any, rng: random.Random) -> bool:
    """Click a random option if this page must decide (and has not committed); True if so."""
    if page.locator("#privacy-ready").is_visible():
        page.click("#privacy-ready")
    if page.locator("#my-commit").count():
        return False
    buttons = page.locator("#t-decision button.option")
    n = buttons.count()
    if not n:
        return False
    v = version(page)
    try:
        buttons.nth(rng.randrange(n)).click(timeout=2_000)
    except Exception:  # re-rendered under the pointer: the next loop sees the new state
        return True
    try:
        page.wait_for_function(
            "v => document.querySelector('#main').dataset.version !== v"
            " || document.querySelector('#main').dataset.status === 'finished'"
            " || document.querySelector('#my-commit')"
            " || (document.querySelector('#privacy')"
            " && !document.querySelector('#privacy').hidden)",
            arg=v,
            timeout=15_000,
        )
    except Exception:  # the click landed on a frame being replaced: the caller's loop (and
        return True  # its time limit) looks again; a game that never moves still fails there
    return True


def play_to_end(pages: list[Any], seed: int = 1, limit: float = 90.0) -> int:
    """Click random options on every page until each shows the outcome; returns clicks."""
    rng = random.Random(seed)
    clicks = 0
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if all(status(p) == "finished" and p.locator("#outcome").count() for p in pages):
            return clicks
        moved = False
        for p in rng.sample(pages, len(pages)):  # who decides first varies
            if status(p) != "finished" and click_one(p, rng):
                clicks += 1
                moved = True
        if not moved:
            time.sleep(0.05)
    raise AssertionError(f"the game did not end in {limit} s (clicks: {clicks})")


def check_end_screen(page: Any, seats: int, lang: str = "en") -> None:
    """The end screen (issue 20): the winner by a name the seat chips show (or a draw), the
    reason in words of the page's language, a score sheet with a column per seat and no raw
    float."""
    import re

    page.wait_for_selector("#outcome #outcome-title")
    title = page.inner_text("#outcome-title").strip()
    chips = [page.inner_text(f".seat[data-seat='{i}']") for i in range(seats)]
    draw = "draw" in title if lang == "en" else "平局" in title
    if not draw:
        ending = (" wins", " share first place") if lang == "en" else (" 获胜", " 并列第一")
        cut = next((title[: -len(e)] for e in ending if title.endswith(e)), None)
        assert cut, f"the headline names no winner: {title!r}"
        winners = re.split(" and |、", cut)
        for w in winners:
            assert any(w in c for c in chips), (w, chips)
    reason = page.inner_text("#outcome-reason").strip()
    assert len(reason) > 12, f"no reason in words: {reason!r}"
    has_cjk = bool(re.search(r"[\u3400-\u9fff]", reason))
    assert has_cjk == (lang == "zh"), reason
    assert page.locator("#standings thead th").count() == seats
    sheet = page.inner_text("#standings")
    assert not re.search(r"\d\.\d{3,}", sheet), f"a raw float on the score sheet: {sheet}"


# ---------------------------------------------------------------- direct play (issue 21)
# The board is the controller: these helpers click only board elements ([data-target] on
# the table and its action bar), never the option list.
BOARD_TARGETS = "#t-panel .targetable, #t-actions .targetable"
DONE = (
    "v => document.querySelector('#main').dataset.version !== v"
    " || document.querySelector('#main').dataset.status === 'finished'"
    " || document.querySelector('#my-commit')"
)


def board_decide(page: Any, rng: random.Random) -> list[str] | None:
    """Make one decision by clicking the board: random highlighted places until a move is
    chosen, then confirm it. Returns the target keys clicked (the last one "confirm" or a
    pick), or None when this page has nothing to decide now."""
    if page.locator("#my-commit").count() or page.locator("#t-actions").is_hidden():
        return None
    v = version(page)
    clicked: list[str] = []
    for _ in range(12):
        confirm = page.locator("#bar-confirm")
        if confirm.count():
            clicked.append("confirm")
            confirm.click()
            break
        targets = page.locator(BOARD_TARGETS)
        keys = [
            k
            for k in targets.evaluate_all("els => els.map(e => e.dataset.target)")
            if k != "cancel"
        ]
        if not keys:
            if version(page) != v:
                return clicked or None
            time.sleep(0.05)
            continue
        key = rng.choice(keys)
        try:
            page.locator(f'[data-target="{key}"].targetable').first.click(timeout=3_000)
        except Exception:  # re-rendered under the pointer (a paced frame): read the board again
            continue
        clicked.append(key)
        if key.startswith("pick:"):
            break
    else:
        raise AssertionError(f"no move chosen after 12 board clicks: {clicked}")
    page.wait_for_function(DONE, arg=v, timeout=15_000)
    return clicked


def play_by_board(page: Any, seed: int = 1, limit: float = 120.0) -> list[list[str]]:
    """Play one seat to the end by board clicks only; returns each decision's clicks."""
    rng = random.Random(seed)
    moves: list[list[str]] = []
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if status(page) == "finished" and page.locator("#outcome").count():
            return moves
        assert not page.locator("#t-decision button.option:focus").count()
        got = board_decide(page, rng)
        if got is None:
            time.sleep(0.05)
        else:
            moves.append(got)
    raise AssertionError(f"the game did not end in {limit} s ({len(moves)} moves)")
