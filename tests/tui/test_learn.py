"""Learn mode at the terminal table (``caiquan play --learn``, key ``l``): the game's own
hints beside the choices at each decision of the person at the screen, in the table's
language, made from that person's observation only (issue 20)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.containers import VerticalScroll
from textual.widgets import Static

from caiquan.engine import Decision, Game
from caiquan.tui import Table
from caiquan.tui.app import PlayApp, PrivacyScreen, RulesScreen

from .conftest import SIZE, screen_text, settle


def hints_shown(app: PlayApp) -> str:
    """The learn panel's text, unwrapped ("" when the panel is hidden)."""
    assert app.screen_main is not None
    box = app.screen_main.query_one("#learn", VerticalScroll)
    if not box.display:
        return ""
    return str(app.screen_main.query_one("#hints", Static).content)


def first_words(text: str, n: int = 4) -> str:
    return " ".join(text.split()[:n])


async def test_promise_hints_beside_the_choices_up_to_the_throw() -> None:
    table = Table.new("promise", seats="human,random", seed=28, lang="en", learn=True)
    app = PlayApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        shown = hints_shown(app)
        hints = table.game.learn_hints(table.state, 0)
        assert hints and shown.startswith("Learn mode")
        for h in hints:
            assert h["en"] in shown and h["zh"] not in shown
        screen = screen_text(app)
        assert "Learn mode" in screen and first_words(hints[0]["en"]) in screen
        # the panel sits beside the choices: on the same lines of the screen
        row = next(line for line in screen.splitlines() if "Learn mode" in line)
        assert "Your decision" in row or "rock-paper-scissors" in row
        kinds: set[str] = set()
        for _ in range(30):  # first choices until the battle throw, where the mix is shown
            kinds |= {k for k, _ in table.hints(0)}
            if table.state.decision(0).kind == "throw" and "mix" in kinds:
                break
            await pilot.press("enter")
            await settle(pilot, app)
        assert {"what", "key", "mix"} <= kinds
        shown = hints_shown(app)
        assert "Power table key" in shown and "Equilibrium mix (A)" in shown
        assert all(text in shown for _, text in table.hints(0))


async def test_drama_hints_in_chinese() -> None:
    table = Table.new("drama", seats="human,random", seed=20, lang="zh", learn=True)
    app = PlayApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        for _ in range(4):
            shown = hints_shown(app)
            hints = table.game.learn_hints(table.state, 0)
            assert shown.startswith("学习模式") and hints
            for h in hints:
                assert h["zh"] in shown and h["en"] not in shown
            assert "学习模式" in screen_text(app)
            await pilot.press("enter")
            await settle(pilot, app)


async def test_key_l_turns_learn_mode_on_and_off_and_a_save_keeps_it(tmp_path: Path) -> None:
    table = Table.new("legends", {"players": 3}, "human,random", seed=23, lang="en")
    app = PlayApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert hints_shown(app) == "" and "Learn mode" not in screen_text(app)
        await pilot.press("l")
        await pilot.pause()
        assert table.learn and "Learn mode" in screen_text(app)
        assert all(text in hints_shown(app) for _, text in table.hints(0))
        path = table.save(tmp_path / "g.json")
        await pilot.press("l")
        await pilot.pause()
        assert not table.learn and hints_shown(app) == ""
        assert "Learn mode" not in screen_text(app)
    assert Table.resume(path).learn
    assert not Table.resume(path, learn=False).learn


async def test_without_a_hint_the_panel_says_how_to_choose(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Game, "learn_hints", lambda self, state, player: [])
    table = Table.new("goofspiel", seats="human,random", seed=1, lang="en", learn=True)
    app = PlayApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert "Choose one of the options at the right" in hints_shown(app)


async def test_hot_seat_hints_are_each_players_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each hint is made from the deciding player's decision and observation, and only the
    player alone at the screen sees theirs: none on the privacy screen."""
    from caiquan.games.promise import learn

    asked: list[tuple[int, Any]] = []
    real = learn.hints

    def spy(game: Game, decision: Decision, obs: Any) -> list[dict[str, str]]:
        asked.append((decision.player, obs.get("player")))
        return real(game, decision, obs)

    monkeypatch.setattr(learn, "hints", spy)
    table = Table.new("promise", seats="human,human", seed=3, lang="en", learn=True)
    app = PlayApp(table)
    privacy = 0
    shown_to: list[int] = []
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(5):
            await settle(pilot, app)
            if isinstance(app.screen, PrivacyScreen):
                privacy += 1
                assert "Learn mode" not in screen_text(app)
                await pilot.press("enter")
                await settle(pilot, app)
            player = app.unlocked
            assert player is not None and player in table.waiting_humans()
            assert "Learn mode" in screen_text(app)
            assert all(text in hints_shown(app) for _, text in table.hints(player))
            shown_to.append(player)
            await pilot.press("enter")
    assert privacy >= 2 and set(shown_to) == {0, 1}
    assert asked and all(p == seen for p, seen in asked)
    assert {p for p, _ in asked} == {0, 1}


async def test_key_g_shows_how_to_play() -> None:
    table = Table.new("promise", seats="human,random", seed=28, lang="zh")
    app = PlayApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        page = table.game.guide("zh")
        assert page is not None
        title = next(line for line in page.splitlines() if line.startswith("# "))
        assert title[2:].strip() in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, RulesScreen)
