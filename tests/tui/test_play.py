"""Full games at the terminal table, driven headless by key presses."""

from __future__ import annotations

import threading

from caiquan.engine import PlayerView, Rng
from caiquan.tui import Table
from caiquan.tui.app import PlayApp

from .conftest import SIZE, play_first_options, screen_text, settle


async def test_promise_full_game_against_a_bot() -> None:
    table = Table.new("promise", seats="human,random", seed=28, lang="en")
    app = PlayApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        text = screen_text(app)
        assert "You are player 0" in text
        assert "Your decision" in text
        assert "rock-paper-scissors for first pick" in text
        assert "1. rock" in text and "3. paper" in text
        assert "Heart grid" in text
        for _ in range(3):  # choice throw, picks: until the first stance placement
            await pilot.press("enter")
            await settle(pilot, app)
            if table.state.decision(0).kind == "stance":
                break
        text = screen_text(app)
        assert "Power table" in text and "life" in text and "qi" in text
        await pilot.press("h")
        await pilot.pause()
        assert "Equilibrium mix (A)" in screen_text(app)
        await pilot.press("d")
        await pilot.pause()
        assert "attributes+win value+weapons+skills" in screen_text(app)
        await play_first_options(pilot, app)
        text = screen_text(app)
        assert "Game over" in text
        assert "player 0:" in text and "player 1 [random]:" in text
        # the end says who won, why in words, and the score sheet (issue 20)
        assert " wins" in text or "a draw" in text
        assert "life ran out" in text or "rounds were played" in text
        assert "life left" in text and "character" in text


async def test_legends_full_game_three_players() -> None:
    table = Table.new("legends", {"players": 3}, "human,random", seed=23, lang="en")
    app = PlayApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        text = screen_text(app)
        assert "You are player 0" in text
        for label in (
            "markers",
            "territories",
            "★",
            "continents",
            "deck",
            "territory deck",
            "top territory",
            "hand ",
        ):
            assert label in text, label
        obs = table.state.observation(0)
        persons = table.game.content.persons  # type: ignore[attr-defined]
        for c in obs["hand"]:
            assert persons[c].en in text
        await play_first_options(pilot, app)
        assert "Game over" in screen_text(app)


async def test_drama_full_game_in_chinese() -> None:
    table = Table.new("drama", seats="human,random", seed=20, lang="zh")
    app = PlayApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        text = screen_text(app)
        for label in ("你是 玩家 0", "回合牌", "性质", "身份", "武器", "手牌", "桌面牌堆"):
            assert label in text, label
        await play_first_options(pilot, app)
        text = screen_text(app)
        assert "对局结束" in text and "玩家 3 [random]：" in text
        assert "剩余牌最少者胜" in text or "牌最少者胜" in text  # why, in words (issue 20)
        assert "身份" in text


class GatedBot:
    """A bot that thinks until the test lets it answer."""

    name = "gated"

    def __init__(self) -> None:
        self.go = threading.Event()

    def decide(self, view: PlayerView, rng: Rng) -> int:
        assert self.go.wait(10)
        return view.legal()[0]


async def test_bots_think_in_a_worker_thread() -> None:
    """While a bot thinks the screen says so and stays responsive."""
    table = Table.new("promise", seats="human,random", seed=1, lang="en")
    bot = GatedBot()
    table.bots[1] = bot
    app = PlayApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # player 0 throws; player 1 still thinks
        await pilot.pause()
        assert "player 1 [random] is thinking…" in screen_text(app)
        assert "Your choice is face down" in screen_text(app)
        await pilot.press("question_mark")  # the UI answers while the bot thinks
        await pilot.pause()
        assert "Rules" in screen_text(app) or "rules" in screen_text(app).lower()
        await pilot.press("escape")
        bot.go.set()
        await settle(pilot, app)
        assert "thinking" not in screen_text(app)
        assert table.state.move_number == 1


async def test_any_game_plays_on_the_generic_panel() -> None:
    """Goofspiel has no panel of its own: its observation is shown field by field."""
    table = Table.new("goofspiel", {"num_cards": 4}, "human,random", seed=1, lang="en")
    app = PlayApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        text = screen_text(app)
        assert "You are player 0" in text and "hand" in text
        assert await play_first_options(pilot, app) == 3  # the last bid plays itself
        assert "Game over" in screen_text(app)


async def test_a_bot_deciding_keeps_the_players_place_in_the_list() -> None:
    table = Table.new("promise", seats="human,random", seed=1, lang="en")
    bot = GatedBot()
    table.bots[1] = bot
    app = PlayApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("down", "down")  # on "3. paper"
        bot.go.set()  # the bot lays its choice down meanwhile
        await settle(pilot, app)
        assert "player 1 [random] ✓" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot, app)
        assert table.state.history()[0][0] == (0, 2)  # paper, as highlighted


async def test_drama_a_card_that_cannot_be_played_says_why() -> None:
    """Issue 20: drama listed every card as playable and as "cannot be played now", with no
    reason. Each form of a card the rules refuse is crossed out once, with its rule, and no
    crossed-out line repeats a choice that can be taken."""
    from caiquan.games.drama.text import NOT_NOW

    # seed 12: the human's second decision already has a refused form
    table = Table.new("drama", seats="human,random", seed=12, lang="en")
    app = PlayApp(table)
    crossed = 0
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        for _ in range(60):
            if table.state.is_terminal() or crossed:
                break
            if app._unavailable:
                d = table.state.decision(0)
                labels = {c.label("en") for c in d.choices}
                text = screen_text(app)
                for label, why in app._unavailable:
                    assert label not in labels and why != NOT_NOW["other"][1]
                    assert f"✗ {label} — {why[:30]}" in text
                crossed += 1
                first = len(app._entries)  # the first crossed-out line: Enter says why
                app.screen_main.query_one("#choices").highlighted = first  # type: ignore[union-attr]
                await pilot.press("enter")
                await pilot.pause()
                label, why = app._unavailable[0]
                assert f"{label}: {why[:30]}" in screen_text(app)
                assert table.state.decision(0) == d  # nothing was played
            await pilot.press("enter")
            await settle(pilot, app)
    assert crossed, "no refused card met: choose another seed"


async def test_the_end_screen_shows_the_throw_coach() -> None:
    """A finished promise game: under the final board, the coach's report on every player
    (worked out in a worker thread), in the table's language."""
    table = Table.new("promise", seats="human,nash", seed=28, lang="en")
    app = PlayApp(table)
    async with app.run_test(size=(160, 120)) as pilot:
        await settle(pilot, app)
        await play_first_options(pilot, app)
        assert table.state.is_terminal()
        for _ in range(100):
            await pilot.pause(0.05)
            if "habit reader" in screen_text(app):
                break
        text = screen_text(app)
        assert "Throw coach · The Four-Year Promise:" in text
        assert "player 0:" in text and "player 1:" in text
        assert "A habit reader would have won" in text
        assert "After a" in text or "Throws:" in text
