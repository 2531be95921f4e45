"""At a skill or weapon decision the terminal says, under the choices, what the highlighted
card would do to the power table (the game's previews, worded by its terminal hook; issue 20).
"""

from __future__ import annotations

from textual.widgets import OptionList, Static

from caiquan.games.promise import terminal
from caiquan.tui import Table
from caiquan.tui.app import PlayApp

from .conftest import SIZE, settle


async def test_promise_highlighted_card_previews_its_change_to_the_power_table() -> None:
    table = Table.new("promise", seats="human,random", seed=28, lang="en")
    app = PlayApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        for _ in range(20):  # the first choices until a skill decision
            if table.state.decision(0).kind == "skill":
                break
            await pilot.press("enter")
            await settle(pilot, app)
        decision = table.state.decision(0)
        assert decision.kind == "skill"
        by_name = table.game.option_previews(table.state, 0)
        assert by_name, "promise previews its skill cards"
        scr = app.screen_main
        assert scr is not None
        choices = scr.query_one("#choices", OptionList)
        seen = 0
        for i, choice in enumerate(decision.choices):
            if choice.name not in by_name:
                continue
            choices.highlighted = i
            await pilot.pause()
            detail = str(scr.query_one("#detail", Static).content)
            said = terminal.preview(table.game, by_name[choice.name], "en")
            assert said in " ".join(detail.split()), (choice.name, detail)
            assert "power table" in said
            seen += 1
        assert seen == len(by_name)
