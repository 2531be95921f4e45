"""Helpers to drive the terminal table headless (Textual's pilot)."""

from __future__ import annotations

from textual.pilot import Pilot

from caiquan.tui.app import PlayApp

SIZE = (150, 50)


def screen_text(app: PlayApp) -> str:
    """The characters on the terminal now, line by line (what a player sees): first the
    layout and repaint Textual's update timer would do next (on a busy machine the timer can
    fire after the table has come to rest), then the screen."""
    app.screen._refresh_layout()
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def settle(pilot: Pilot[None], app: PlayApp, limit: int = 400) -> None:
    """Wait until bots have moved and the table waits for a person (or the game is over)."""
    for _ in range(limit):
        await app.workers.wait_for_complete()
        await pilot.pause()
        if app.idle:
            return
    raise AssertionError("the table never came to rest")


async def play_first_options(pilot: Pilot[None], app: PlayApp, max_steps: int = 400) -> int:
    """The human presses Enter (the first legal option) until the game ends."""
    assert app.table is not None
    steps = 0
    await settle(pilot, app)
    while not app.table.state.is_terminal():
        assert steps < max_steps, "game too long"
        await pilot.press("enter")
        await settle(pilot, app)
        steps += 1
    return steps
