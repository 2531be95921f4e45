"""The board is the controller (issue 21): a whole game of each game played by clicking the
board only — hearts, cards in hand, seats, territories, markers, throw controls and the
table's action bar — never the option list; one game by keyboard only; a chosen move shows
its preview before it is played; bots' moves are shown one at a time.
"""

from __future__ import annotations

import itertools
import json
import random
import statistics
import time
from typing import Any

import pytest

from .conftest import WebServer, need_game
from .helpers import (
    BOARD_TARGETS,
    create_table,
    new_page,
    play_by_board,
    script_errors,
    status,
    version,
)

GAMES = {
    # game: (options, seats, target kinds a whole game must have used)
    "promise": ({}, ["human", "easy"], {"character", "heart", "throw"}),
    "drama": ({"rounds": 4}, ["human", "easy", "easy", "easy"], {"card"}),
    "legends": ({"players": 3, "round_cap": 4}, ["human", "easy", "easy"], {"person"}),
    "goofspiel": ({}, ["human", "easy"], {"bid"}),
}


def my_decisions(server: WebServer, table: str, seat: int = 0) -> int:
    """How many decisions the seat made, from the finished game's record."""
    record = server.get(f"/api/tables/{table}/record")
    if isinstance(record, str | bytes):
        record = json.loads(record)
    return sum(1 for joint in record["decisions"] for p in joint if int(p) == seat)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_by_board_clicks(server: WebServer, browser: Any, game: str) -> None:
    need_game(server, game)
    options, seats, kinds = GAMES[game]
    page = new_page(browser)
    table = create_table(page, server.base, game, options=options, seats=seats)
    moves = play_by_board(page, seed=21)
    used = {k.split(":")[0] for move in moves for k in move}
    assert kinds <= used, f"{game}: the board's {kinds - used} were never clicked ({used})"
    # every move ended with a confirm (or naming one of several moves a click makes)
    assert all(m[-1] == "confirm" or m[-1].startswith("pick:") for m in moves), moves
    # each of this seat's decisions in the record is one board move: nothing else played
    assert my_decisions(server, table) == len(moves)
    assert statistics.median(len(m) for m in moves) <= 2
    assert page.locator("#outcome").count()
    assert not script_errors(page)


def test_a_chosen_move_previews_and_waits(server: WebServer, browser: Any) -> None:
    """Clicking a card chooses it without playing it: the action bar names it, shows the
    power table it would make, and waits for confirm; cancel takes it back."""
    page = new_page(browser)
    create_table(page, server.base, "promise", seats=["human", "easy"])
    rng = random.Random(5)
    for _ in range(40):  # to the first skill step
        page.wait_for_selector("#t-actions:not([hidden])")
        first = page.evaluate(
            f"() => [...document.querySelectorAll('{BOARD_TARGETS}')]"
            ".map(e => e.dataset.target).find(k => k.startsWith('skill:')) || ''"
        )
        if first:
            break
        from .helpers import board_decide

        if board_decide(page, rng) is None:
            time.sleep(0.05)
    else:
        raise AssertionError("no skill step reached")
    v = version(page)
    page.locator(f'#t-panel [data-target="{first}"]').first.click()
    bar = page.locator("#bar-chosen")
    bar.wait_for()
    assert f"skill {first.split(':')[1]} " in bar.inner_text()
    assert bar.locator("table.power.preview").count() >= 1  # the power table it would make
    assert page.locator(f'#t-panel [data-target="{first}"].chosen-target').count()
    time.sleep(0.3)
    assert version(page) == v and not page.locator("#my-commit").count()  # not played
    page.click("#bar-cancel")
    assert not page.locator("#bar-chosen").count()
    # clicking the chosen card again plays it
    page.locator(f'#t-panel [data-target="{first}"]').first.click()
    page.locator(f'#t-panel [data-target="{first}"]').first.click()
    page.wait_for_function(
        "v => document.querySelector('#main').dataset.version !== v"
        " || document.querySelector('#my-commit')",
        arg=v,
    )
    assert not script_errors(page)


def test_a_whole_game_by_keyboard_only(server: WebServer, browser: Any) -> None:
    """Tab to a highlighted place on the board (or the action bar), Enter; Tab to confirm,
    Enter — no mouse. The first highlighted place each time, so the game is reproducible."""
    page = new_page(browser)
    table = create_table(page, server.base, "goofspiel", seats=["human", "easy"])
    page.mouse.move(0, 0)
    presses = decisions = 0
    end = time.monotonic() + 120
    while status(page) != "finished" or not page.locator("#outcome").count():
        assert time.monotonic() < end, f"not finished: {decisions} decisions, {presses} keys"
        if page.locator("#my-commit").count() or page.locator("#t-actions").is_hidden():
            time.sleep(0.05)
            continue
        v = version(page)
        want = "#bar-confirm" if page.locator("#bar-confirm").count() else ".targetable"
        for _ in range(300):
            page.keyboard.press("Tab")
            presses += 1
            if page.evaluate(
                "w => !!document.activeElement?.matches(w)"
                " && !!document.activeElement.closest('#t-panel, #t-actions')",
                want,
            ):
                break
        else:
            raise AssertionError(f"Tab never reached {want}")
        page.keyboard.press("Enter")
        if want == "#bar-confirm":
            decisions += 1
            page.wait_for_function(
                "v => document.querySelector('#main').dataset.version !== v"
                " || document.querySelector('#main').dataset.status === 'finished'"
                " || document.querySelector('#my-commit')",
                arg=v,
            )
        else:
            page.wait_for_selector("#bar-confirm")
    assert decisions >= 12 and my_decisions(server, table) == decisions
    assert not script_errors(page)


PACED = """
localStorage.setItem('caiquan.speed', 'fast');
window.__frames = [];
window.__shown = [];
const Real = window.WebSocket;
window.WebSocket = class extends Real {
  constructor(...a) {
    super(...a);
    this.addEventListener('message', (m) => {
      const f = JSON.parse(m.data);
      if (f.type === 'state') window.__frames.push(f.version);
    });
  }
};
new MutationObserver(() => {
  const v = document.querySelector('#main')?.dataset.version;
  const last = window.__shown[window.__shown.length - 1];
  if (v && (!last || last.v !== v)) window.__shown.push({ v, at: performance.now() });
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-version'] });
"""


def test_bot_moves_are_shown_one_at_a_time(server: WebServer, browser: Any) -> None:
    """Legends with three bots at the 'fast' speed: every state the server sent is on the
    screen on its own (the DOM shows each intermediate version), each for about the speed's
    time, including runs of several bot moves after one of ours."""
    need_game(server, "legends")
    page = new_page(browser)
    page.context.add_init_script(PACED)
    create_table(
        page, server.base, "legends", options={"players": 4, "round_cap": 2},
        seats=["human", "easy", "easy", "easy"],
    )  # fmt: skip
    rng = random.Random(4)
    from .helpers import board_decide

    for _ in range(6):
        while board_decide(page, rng) is None:
            if status(page) == "finished":
                break
            time.sleep(0.05)
    # the queue drains: the last state the server sent is the one on the screen (a fixed
    # 2.5 s sleep was not always enough on a loaded machine)
    page.wait_for_function(
        "() => { const f = window.__frames, s = window.__shown;"
        " return f.length > 0 && s.length > 0"
        " && s[s.length - 1].v === String(f[f.length - 1]); }",
        timeout=30_000,
    )
    frames = page.evaluate("window.__frames")
    shown = page.evaluate("window.__shown")
    got = [int(s["v"]) for s in shown]
    sent = list(dict.fromkeys(frames))  # each version once, in order
    assert got == sent[: len(got)] and len(got) >= len(sent) - 1, (got, sent)
    # runs of consecutive bot moves, each on screen for at least most of the 'fast' 350 ms
    gaps = [b["at"] - a["at"] for a, b in itertools.pairwise(shown)]
    paced = [g for g in gaps if g >= 300]
    assert len(paced) >= 3, gaps
    assert not script_errors(page)


def test_on_a_phone_a_tap_chooses_and_a_second_tap_plays(server: WebServer, browser: Any) -> None:
    """390×844 with touch: tapping a bid card chooses it (the bar names it, its text opens),
    tapping it again plays it."""
    from .helpers import INIT, PHONE

    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    ctx.add_init_script(INIT)
    page = ctx.new_page()
    page.set_default_timeout(15_000)
    create_table(page, server.base, "goofspiel", seats=["human", "easy"])
    card = page.locator("#t-panel .targetable[data-target^='bid:']").first
    card.wait_for()
    key = card.get_attribute("data-target")
    v = version(page)
    card.scroll_into_view_if_needed()
    card.tap()
    assert f"bid {key.split(':')[1]}" in page.inner_text("#bar-chosen")
    assert page.locator("#card-tip").is_visible()
    page.locator(f'#t-panel [data-target="{key}"]').tap()
    page.wait_for_function(
        "v => document.querySelector('#main').dataset.version !== v"
        " || document.querySelector('#my-commit')",
        arg=v,
    )
    ctx.close()
