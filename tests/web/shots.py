"""Screenshots of each game's table for docs/ (desktop 1280×800 and phone 390×844).

Run: ``PYTHONPATH=src python -m tests.web.shots [out_dir] [desktop_lang] [phone_lang]``
(needs the games in the server's tree; ``CAIQUAN_WEB_SRC`` chooses it). Plays a few random
clicks into each game first.
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

from .conftest import CHROMIUM, WebServer
from .helpers import DESKTOP, PHONE, click_one, create_table, new_page, status

GAMES = {
    "promise": (["human", "easy"], {"characters": "taoist,sword"}, 7),
    "legends": (["human", "easy", "easy", "easy"], {}, 6),
    "drama": (["human", "easy", "easy", "easy"], {}, 5),
}


def main() -> None:
    from playwright.sync_api import sync_playwright

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
                rng = random.Random(3)
                done = 0
                while done < clicks and status(page) != "finished":
                    if click_one(page, rng):
                        done += 1
                    else:
                        page.wait_for_timeout(100)
                page.wait_for_timeout(400)
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
