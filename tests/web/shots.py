"""Screenshots of each game's table for docs/ (desktop 1280×800 and phone 390×844).

Run: ``PYTHONPATH=src python -m tests.web.shots [out_dir] [desktop_lang] [phone_lang]``
(needs the games in the server's tree; ``CAIQUAN_WEB_SRC`` chooses it). Plays a few random
clicks into each game first.

``PYTHONPATH=src python -m tests.web.shots --guides`` retakes the pictures of the players'
pages instead (``games/<game>/guide/table-{zh,en}.png``: the board; promise's
``power-{zh,en}.png``: its power table), from real tables in each language.

``PYTHONPATH=src python -m tests.web.shots --direct [out_dir] [lang]`` takes the image
sequence of direct play for docs/web.md (``direct-*.png``): a promise round played on the
board (the first heart, the stance chosen, a skill chosen with its preview, the throw) and
three bot moves after one of ours in legends, each on screen on its own.
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from .conftest import CHROMIUM, WebServer
from .helpers import (
    BOARD_TARGETS,
    DESKTOP,
    PHONE,
    board_decide,
    click_one,
    create_table,
    new_page,
    status,
)

GAMES = {
    "promise": (["human", "easy"], {"characters": "taoist,sword"}, 7),
    "legends": (["human", "easy", "easy", "easy"], {}, 6),
    "drama": (["human", "easy", "easy", "easy"], {}, 5),
}


#: The players' pages' pictures: each game's table after a few clicks (seats, options, clicks).
GUIDES = {
    "promise": (["human", "easy"], {"characters": "taoist,sword"}, 7),
    "legends": (["human", "easy", "easy", "easy"], {}, 6),
    "drama": (["human", "easy", "easy", "easy"], {}, 5),
    "goofspiel": (["human", "easy"], {}, 3),
}


def _play(page: Any, clicks: int) -> None:
    rng = random.Random(3)
    done = 0
    while done < clicks and status(page) != "finished":
        if click_one(page, rng):
            done += 1
        else:
            page.wait_for_timeout(100)
    page.wait_for_timeout(400)


def guides() -> None:
    """Retake the players' pages' pictures (``--guides``)."""
    from playwright.sync_api import sync_playwright

    import caiquan.games

    root = Path(caiquan.games.__file__).parent
    server = WebServer(Path(tempfile.mkdtemp()))
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM)
            for game, (seats, options, clicks) in GUIDES.items():
                folder = root / game / "guide"
                for lang in ("zh", "en"):
                    page = new_page(browser, lang=lang, viewport=DESKTOP)
                    create_table(page, server.base, game, options, seats)
                    _play(page, clicks)
                    page.mouse.move(0, 0)  # no card text open over the board
                    # the page's sticky bar would cover the board's top in an element shot
                    page.add_style_tag(content="header { position: static !important; }")
                    page.locator("#t-panel .panel").first.screenshot(
                        path=str(folder / f"table-{lang}.png")
                    )
                    if game == "promise":
                        page.locator("#t-panel figure:has(table)").first.screenshot(
                            path=str(folder / f"power-{lang}.png")
                        )
                    print("guide", game, lang)
                    page.context.close()
            browser.close()
    finally:
        server.stop()


def _targets(page: Any) -> list[str]:
    return [
        str(k)
        for k in page.locator(BOARD_TARGETS).evaluate_all("els => els.map(e => e.dataset.target)")
    ]


def _until(page: Any, prefix: str, rng: random.Random) -> None:
    """Play by the board until a decision offers `prefix…` places."""
    for _ in range(60):
        page.wait_for_timeout(150)
        if any(k.startswith(prefix) for k in _targets(page)):
            return
        if board_decide(page, rng) is None:
            page.wait_for_timeout(100)
    raise AssertionError(f"no {prefix} decision came")


def direct(out: Path, lang: str) -> None:
    """The image sequence of direct play (``--direct``)."""
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    server = WebServer(Path(tempfile.mkdtemp()))

    def shot(page: Any, name: str) -> None:
        page.mouse.move(0, 0)
        page.wait_for_timeout(250)
        page.locator(".play").first.screenshot(path=str(out / f"direct-{name}.png"))
        print("shot", name)

    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM)
            page = new_page(browser, lang=lang, viewport=DESKTOP)
            page.add_init_script("localStorage.setItem('caiquan.speed', 'off')")
            create_table(
                page, server.base, "promise", {"characters": "taoist,sword"}, ["human", "easy"]
            )
            page.add_style_tag(content="header { position: static !important; }")
            rng = random.Random(7)
            _until(page, "heart:", rng)
            page.locator("#t-panel .targetable[data-target^='heart:']").nth(1).click()
            shot(page, "1-promise-first-heart")
            page.locator("#t-panel .targetable[data-target^='heart:']").nth(3).click()
            shot(page, "2-promise-stance-chosen")
            page.click("#bar-confirm")
            _until(page, "skill:", rng)
            page.locator("#t-panel .targetable[data-target^='skill:']").last.click()
            shot(page, "3-promise-skill-preview")
            page.click("#bar-confirm")
            _until(page, "throw:", rng)
            shot(page, "4-promise-throw")
            page.context.close()

            # bots' moves one at a time: legends with three bots, 'slow'
            page = new_page(browser, lang=lang, viewport=DESKTOP)
            page.add_init_script("localStorage.setItem('caiquan.speed', 'slow')")
            create_table(
                page, server.base, "legends", {"players": 4}, ["human", "easy", "easy", "easy"]
            )
            page.add_style_tag(content="header { position: static !important; }")
            rng = random.Random(2)
            run: list[str] = []  # versions shown since our last move
            last = page.get_attribute("#main", "data-version") or ""
            for _ in range(600):
                v = page.get_attribute("#main", "data-version") or ""
                if v != last:
                    last = v
                    run.append(v)
                    page.mouse.move(0, 0)
                    page.locator("#t-panel").screenshot(
                        path=str(out / f"direct-5-paced-{len(run)}.png")
                    )
                    print("shot paced", v)
                    if len(run) == 3:
                        break
                elif not page.locator("#t-actions").is_hidden():
                    board_decide(page, rng)  # our move: a run of the bots' moves follows
                    last = page.get_attribute("#main", "data-version") or ""
                    run = []
                page.wait_for_timeout(60)
            else:
                raise AssertionError("no run of three bot moves came")
            page.context.close()
            browser.close()
    finally:
        server.stop()


def main() -> None:
    from playwright.sync_api import sync_playwright

    if sys.argv[1:] == ["--guides"]:
        guides()
        return
    if sys.argv[1:2] == ["--direct"]:
        direct(
            Path(sys.argv[2] if len(sys.argv) > 2 else "docs/images"),
            sys.argv[3] if len(sys.argv) > 3 else "en",
        )
        return

    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images")
    lang = sys.argv[2] if len(sys.argv) > 2 else "en"
    phone_lang = sys.argv[3] if len(sys.argv) > 3 else "zh"
    out.mkdir(parents=True, exist_ok=True)
    server = WebServer(Path(tempfile.mkdtemp()))
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM)
            for game, (seats, options, clicks) in GAMES.items():
                if game not in server.games:
                    print(f"skip {game}: not in this tree")
                    continue
                page = new_page(browser, lang=lang, viewport=DESKTOP)
                table = create_table(page, server.base, game, options, seats)
                _play(page, clicks)
                page.evaluate("window.scrollTo(0, 0)")
                page.screenshot(path=str(out / f"web-{game}-desktop.png"))
                phone = new_page(browser, lang=phone_lang, viewport=PHONE)
                phone.goto(f"{server.base}/")
                # the player's own view on a phone: the same seat's token in this context
                token = page.evaluate(f"localStorage.getItem('caiquan.table.{table}')")
                phone.evaluate(f"localStorage.setItem('caiquan.table.{table}', {token!r})")
                phone.goto(f"{server.base}/?table={table}")
                phone.wait_for_selector("#t-panel .panel")
                phone.wait_for_timeout(400)
                phone.screenshot(
                    path=str(out / f"web-{game}-phone.png"),
                )
                print("shot", game)
                page.context.close()
                phone.context.close()
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
