"""One language on every screen (issue 20): the lobby and whole games against bots, in 中文 and
in English, never mix languages and never show a raw observation key.

What the page shows is read as a player reads it: ``#main``'s text without the chat (players
type what they like there). English mode has no CJK character; 中文 mode has no Latin word of
three letters or more except :data:`ALLOWED`; neither has a ``snake_case`` word (a raw key such
as ``territory_deck`` or ``last_round``).
"""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest

from .conftest import WebServer, need_game
from .helpers import check_end_screen, click_one, create_table, new_page, script_errors, status

# Short games, as in test_web.py.
SHORT = {
    "promise": {"characters": "taoist,sword"},
    "legends": {"players": 3, "round_cap": 3},
    "drama": {"rounds": 3},
}
SEATS = {"promise": 2, "legends": 3, "drama": 4}

# Latin words a Chinese page may show: the record's file format on the end screen's
# "棋谱 JSON" button; the games' own names that keep their Latin spelling in Chinese, as in
# "纯策略竞价（Goofspiel）" in the lobby's game list. (Card letters A J Q K and seat letters
# are single letters; player-typed names appear only in the chat, which is not read; the
# lobby's name fields are left empty.)
ALLOWED = {"JSON", "Goofspiel", "Oshi", "Zumo"}

CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
LATIN = re.compile(r"[A-Za-z]{3,}")
RAW_KEY = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")

READ = """() => {
  const m = document.querySelector('#main');
  const chat = m.querySelector('.chat-box');
  return chat ? m.innerText.replace(chat.innerText, '') : m.innerText;
}"""


def problems(text: str, lang: str) -> list[str]:
    """What on the page is in the wrong language or is a raw key (empty: all is well)."""
    found = [f"raw key {k!r}" for k in RAW_KEY.findall(text)]
    if lang == "en":
        found += [f"CJK {c!r} in {line!r}" for line in text.splitlines() for c in CJK.findall(line)]
    else:
        found += [
            f"Latin {word!r} in {line!r}"
            for line in text.splitlines()
            for word in LATIN.findall(line)
            if word not in ALLOWED
        ]
    return found


def check(page: Any, lang: str, where: str) -> None:
    text = str(page.evaluate(READ))
    bad = problems(text, lang)
    assert not bad, f"{where} ({lang}): " + "; ".join(dict.fromkeys(bad))


def test_the_checks_can_fail() -> None:
    assert problems("round 2 · territory_deck 5", "en") == ["raw key 'territory_deck'"]
    assert problems("回合 2 · bot 1", "zh") == ["Latin 'bot' in '回合 2 · bot 1'"]
    assert problems("In role (身份相同)", "en")
    assert problems("棋谱 JSON · 剑 K · 玩家 A", "zh") == []
    assert problems("Round 2 · hand ♠K", "en") == []


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_lobby_speaks_one_language(server: WebServer, browser: Any, lang: str) -> None:
    page = new_page(browser, lang=lang)
    page.goto(server.base + "/")
    page.wait_for_selector("#create-btn")
    page.click("#create details summary")
    for game in sorted(server.games):
        page.select_option("#game-select", game)
        page.wait_for_selector("#game-options label.opt")
        # every bot strength in the seat lists, and every choice of every option, as shown
        shown = page.evaluate(
            "() => [...document.querySelectorAll('#create option')].map(o => o.textContent)"
        )
        check(page, lang, f"lobby, {game}")
        bad = problems("\n".join(shown), lang)
        assert not bad, f"lobby choices, {game} ({lang}): {bad}"
    assert script_errors(page) == []
    page.context.close()


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("game", ["promise", "legends", "drama"])
def test_a_whole_game_speaks_one_language(
    server: WebServer, browser: Any, game: str, lang: str
) -> None:
    need_game(server, game)
    page = new_page(browser, lang=lang)
    seats = ["human"] + ["easy"] * (SEATS[game] - 1)
    create_table(page, server.base, game, SHORT[game], seats)
    page.wait_for_selector("#t-panel .panel")
    rng = random.Random(20)
    clicks = 0
    end = time.monotonic() + 120
    while not (status(page) == "finished" and page.locator("#outcome").count()):
        assert time.monotonic() < end, f"{game} did not end (clicks: {clicks})"
        if page.locator("#t-decision button.option").count():
            # read the page at the decision (prompt, overlay, panel, log) before each click
            check(page, lang, f"{game}, before click {clicks + 1}")
        if click_one(page, rng):
            clicks += 1
        else:
            time.sleep(0.05)
    assert clicks > 0
    check_end_screen(page, SEATS[game], lang)
    check(page, lang, f"{game}, the end")
    assert script_errors(page) == []
    page.context.close()
