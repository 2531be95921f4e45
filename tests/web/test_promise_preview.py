"""Promise at the web table: a skill or weapon option shows the power table it would make
(issue 20) — on hover and on keyboard focus, in the page's language, its changed cells marked
"was→now" against the table on the board, each verdict on the right side of the thresholds —
and each stance option says where the tokens go in words."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from .conftest import WebServer, need_game
from .helpers import click_one, create_table, new_page, script_errors
from .test_card_text import in_language, norm, settle, tip_text

# a sword against a spear: skills that add power, forbid a throw or change a threshold
OPTIONS = {"characters": "sword,spear"}
NUM = re.compile(r"^(-?\d+)(?:→(-?\d+))?$")


def board_table(page: Any) -> list[list[int]]:
    cells = page.locator("#t-panel table.power:not(.preview) td.cell strong")
    values = [int(cells.nth(i).inner_text()) for i in range(cells.count())]
    assert len(values) == 9, values
    return [values[r * 3 : r * 3 + 3] for r in range(3)]


def check_preview(page: Any, board: list[list[int]], lang: str) -> int:
    """The popover's preview table against the board's: returns how many cells it changes."""
    tip = page.locator("#card-tip")
    assert tip.locator(".power-preview").count() == 1, tip.inner_text()
    text = tip.inner_text()
    assert in_language(text, lang), text
    key = tip.locator(".preview-key").first.inner_text()
    a, b = (int(x) for x in re.findall(r"(\d+)", key)[:2])
    table = tip.locator("table.power.preview").first
    cells = table.locator("td.cell")
    assert cells.count() == 9
    changed = 0
    for i in range(9):
        cell = cells.nth(i)
        m = NUM.match(cell.locator("strong").inner_text().strip())
        assert m, cell.inner_text()
        was, now = int(m[1]), int(m[2] or m[1])
        marked = "changed" in (cell.get_attribute("class") or "")
        assert marked == (m[2] is not None), cell.inner_text()
        assert was == board[i // 3][i % 3], (i, was, board)  # "was" is the board's number
        changed += marked
        verdict = cell.locator("small").inner_text().strip()
        if now >= a:
            assert verdict == "A", (now, verdict, key)
        elif now <= -b:
            assert verdict == "B", (now, verdict, key)
    return changed


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_skill_and_weapon_options_preview_the_power_table(
    server: WebServer, browser: Any, lang: str
) -> None:
    need_game(server, "promise")
    page = new_page(browser, lang=lang)
    create_table(page, server.base, "promise", OPTIONS, ["human", "easy"])
    rng = random.Random(11)
    steps = {"skill": 0, "weapon": 0}
    changed = inactive = 0
    stance_checked = False
    for _ in range(60):
        settle(page)
        names = page.locator("#t-decision button.option").evaluate_all(
            "bs => bs.map((b) => b.dataset.name)"
        )
        if names and names[0].startswith("stance-") and not stance_checked:
            labels = page.locator("#t-decision button.option").all_inner_texts()
            for label in labels:  # where the tokens go, in words: row and column of a heart
                assert in_language(label, lang), label
                assert not re.search(r"[（(]\d+[)）]", label), label  # no bare cell number
                words = ("row", "column") if lang == "en" else ("排", "列")
                assert all(w in label for w in words), label
            stance_checked = True
        kind = next((k for k in steps if names and names[0].startswith(f"{k}-")), None)
        if kind and steps[kind] < 2:
            board = board_table(page)
            buttons = page.locator("#t-decision button.option")
            for i in range(buttons.count()):
                b = buttons.nth(i)
                b.hover()
                tip_text(page)
                n = check_preview(page, board, lang)
                hovered = norm(page.locator("#card-tip").inner_text())
                changed += n > 0
                if "No effect" in hovered or "无效果" in hovered:
                    inactive += 1
                    assert n == 0
                page.mouse.move(1, 1)
                b.focus()
                tip_text(page)
                assert norm(page.locator("#card-tip").inner_text()) == hovered
            steps[kind] += 1
        if steps["skill"] >= 2 and steps["weapon"] >= 2 and changed:
            break
        if page.locator("#outcome").count():
            break
        click_one(page, rng)
    assert stance_checked
    assert steps["skill"] and steps["weapon"], steps
    assert changed, "no option changed the table in the rounds played"
    assert script_errors(page) == []
    page.context.close()
