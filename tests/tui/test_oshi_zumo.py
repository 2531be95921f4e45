"""Oshi-Zumo at the terminal table: a whole game against a bot and a spectator's view, drawn by
the generic panel (the game declares no ``terminal`` hook and the terminal knows nothing of it;
issue 19)."""

from __future__ import annotations

from caiquan.games import load_game
from caiquan.tui import Table
from caiquan.tui.app import PlayApp
from caiquan.tui.panels import ViewOptions, render, toggles

from .conftest import SIZE, play_first_options, screen_text, settle


async def test_whole_game_against_greedy_in_the_generic_panel() -> None:
    table = Table.new("oshi_zumo", {"coins": 6, "size": 1}, "human,greedy", seed=4, lang="en")
    app = PlayApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        text = screen_text(app)
        assert "You are player 0" in text and "Your decision" in text
        # the generic panel: the observation's fields, one per line, named by the glossary
        for label in ("coins", "[6, 6]", "wrestler", "ring", "#.W.#", "turn limit"):
            assert label in text, label
        assert "bid face down (you have 6 coins" in text
        assert "1. bid 0" in text and "bid 6" in text
        await play_first_options(pilot, app)
        text = screen_text(app)
        assert "Game over" in text and "player 0:" in text and "player 1 [greedy]:" in text
        assert "coins left" in text  # the score sheet (issue 20)


async def test_a_bots_only_table_in_chinese() -> None:
    table = Table.new("oshi_zumo", {"coins": 8, "size": 2}, "greedy,nash", seed=5, lang="zh")
    app = PlayApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert table.state.is_terminal()
        text = screen_text(app)
        assert "对局结束" in text and "回合：出价" in text


def test_no_toggles_and_a_plain_panel() -> None:
    game = load_game("oshi_zumo")
    assert toggles(game) == ()
    panel = render(game, game.new_state(0).observation(1), "zh", ViewOptions())
    assert panel is not None
