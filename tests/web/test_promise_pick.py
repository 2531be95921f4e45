"""Promise's character pick at the web table: two players on one screen choose the same
character. By default (rules version 5, priority) the throw's winner keeps it and the other
draws one of the rest; in the blind variant the table takes it out and both choose again."""

from __future__ import annotations

from typing import Any

from .conftest import WebServer
from .helpers import create_table, new_page, script_errors, version


def _act(page: Any, text: str) -> None:
    """Pass the privacy screen if it is up, then choose the option whose label has ``text``
    and wait until the table has taken it (a new state version, or the privacy screen for
    the other seat)."""
    page.wait_for_selector("#privacy-ready, #t-decision .option")
    if page.locator("#privacy-ready").is_visible():
        page.click("#privacy-ready")
        page.wait_for_selector("#t-decision .option")
    before = version(page)
    page.locator("#t-decision .option", has_text=text).first.click()
    page.wait_for_function(
        """v => document.querySelector('#main').dataset.version !== v
            || !!document.querySelector('#privacy-ready')?.offsetParent""",
        arg=before,
    )


def test_a_clash_leaves_the_character_with_the_throws_winner(
    server: WebServer, browser: Any
) -> None:
    page = new_page(browser)
    page.add_init_script("localStorage.setItem('caiquan.speed', 'off')")
    create_table(page, server.base, "promise", None, ["human", "human"], hotseat=True, keep=False)
    _act(page, "rock")  # seat 0
    _act(page, "scissors")  # seat 1: rock beats scissors, A (seat 0) picks first
    _act(page, "Boxer")  # A: face down
    _act(page, "Boxer")  # B: the same character — a clash, A keeps it
    page.wait_for_selector("#privacy #privacy-ready")  # round 1: seat 0 places its tokens
    page.click("#privacy-ready")
    page.wait_for_selector("#t-log li:has-text('both chose')")
    log = page.inner_text("#t-log")
    assert "both chose Tieshan the Boxer:" in log and "picks first and keeps it" in log
    assert "draws one of the others at random" in log
    line = page.locator("#t-log li", has_text="characters:")
    line.wait_for()
    assert line.inner_text().count("Tieshan the Boxer") == 1  # no mirror match
    assert not script_errors(page)


def test_a_blind_clash_is_shown_and_both_choose_again(server: WebServer, browser: Any) -> None:
    page = new_page(browser)
    page.add_init_script("localStorage.setItem('caiquan.speed', 'off')")
    create_table(
        page,
        server.base,
        "promise",
        {"character_pick": "blind"},
        ["human", "human"],
        hotseat=True,
        keep=False,
    )
    _act(page, "rock")  # seat 0
    _act(page, "scissors")  # seat 1: rock beats scissors, A (seat 0) picks first
    _act(page, "Boxer")  # A: face down
    _act(page, "Boxer")  # B: the same character — a clash
    # the first picker picks first again: the device goes back to seat 0
    page.wait_for_selector("#privacy:has-text('Seat 0') #privacy-ready")
    page.click("#privacy-ready")
    page.wait_for_selector("#t-log li:has-text('both chose')")
    log = page.inner_text("#t-log")
    assert "both chose Tieshan the Boxer: that character is out, both pick again" in log
    panel = page.inner_text("#t-panel")
    assert "out after a clash" in panel and "Tieshan the Boxer" in panel
    page.wait_for_selector("#t-decision .option")
    assert page.get_attribute("#main", "data-seat") == "0"
    assert page.locator("#t-decision .option", has_text="Boxer").count() == 0
    assert page.locator("#t-decision .option", has_text="Swordsman").count() == 1
    _act(page, "Swordsman")
    _act(page, "Taoist")
    page.wait_for_selector("#privacy #privacy-ready")  # round 1: seat 0 places its tokens
    page.click("#privacy-ready")
    line = page.locator("#t-log li", has_text="characters:")
    line.wait_for()
    assert "Ling Feng the Swordsman" in line.inner_text()
    assert "Qingxu the Taoist" in line.inner_text()
    assert not script_errors(page)
