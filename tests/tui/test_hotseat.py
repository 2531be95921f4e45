"""Hot-seat: several people at one screen; a privacy screen whenever the viewer changes."""

from __future__ import annotations

from textual.widgets import Static

from caiquan.games.drama.cards import card_label
from caiquan.tui import Table
from caiquan.tui.app import PlayApp, PrivacyScreen

from .conftest import SIZE, screen_text, settle


async def test_promise_simultaneous_reveal_hides_the_first_choice() -> None:
    table = Table.new("promise", seats="human,human", seed=7, lang="en")
    app = PlayApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        # before anybody sees anything: pass the device to player 0
        assert isinstance(app.screen, PrivacyScreen)
        text = screen_text(app)
        assert "Pass the device to player 0" in text
        assert "Heart grid" not in text and "rock" not in text
        await pilot.press("enter")
        await settle(pilot, app)
        text = screen_text(app)
        assert "You are player 0" in text and "3. paper" in text
        await pilot.press("3")  # player 0 throws paper, face down
        await settle(pilot, app)
        # the device passes: nothing of player 0's view or choice is on the screen
        assert isinstance(app.screen, PrivacyScreen)
        text = screen_text(app)
        assert "Pass the device to player 1" in text
        assert "paper" not in text and "You are player 0" not in text
        assert "Heart grid" not in text
        # even beneath the privacy screen, the table is not redrawn for player 1 yet
        await pilot.resize_terminal(SIZE[0] - 10, SIZE[1])
        await pilot.pause()
        assert app.screen_main is not None
        status = str(app.screen_main.query_one("#status", Static).content)
        assert "player 1" not in status.split("·")[1]
        await pilot.press("enter")
        await settle(pilot, app)
        text = screen_text(app)
        assert "You are player 1" in text
        assert "player 0 ✓" in text  # public: player 0 has chosen ...
        # ... but paper shows only in player 1's own prompt and options
        leaks = [
            line
            for line in text.replace("rock-paper-scissors", "").splitlines()
            if "paper" in line and "3. paper" not in line
        ]
        assert leaks == []
        assert "face down" not in text
        await pilot.press("1")  # player 1 throws rock: the reveal
        await settle(pilot, app)
        assert table.state.move_number == 1
        # player 0 won the throw and picks: the device passes back to player 0, and the
        # privacy screen tells both what was revealed (public events only)
        assert table.state.to_move() == (0,)
        assert isinstance(app.screen, PrivacyScreen)
        text = screen_text(app)
        assert "Pass the device to player 0" in text
        # the log names the seats as the table does: promise's letters with "player 0"
        assert "choice throw: A (player 0) paper, B (player 1) rock" in text


async def test_drama_hot_seat_never_shows_another_hand() -> None:
    table = Table.new("drama", seats="human,human,random,random", seed=3, lang="en")
    app = PlayApp(table)
    seen: set[int] = set()
    dealt: set[int] = set()  # viewers checked after the deal (with hands to hide)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        for _ in range(200):
            if table.state.is_terminal() or (len(dealt) == 2 and table.state.move_number > 6):
                break
            if isinstance(app.screen, PrivacyScreen):
                # only public news: no card of a hand unless a public event names it
                text = screen_text(app)
                st = table.state
                public = "\n".join(table.game.format_event(e, "en") for e in st.events(None))
                for p in (0, 1):
                    for c in st.observation(p)["hand"]:
                        if card_label(c) not in public:
                            assert card_label(c) not in text, "a hand shows on the privacy screen"
                assert "hand" not in text and "You are" not in text
                await pilot.press("enter")
                await settle(pilot, app)
            viewer = app.table.viewer if app.table else None
            assert viewer in (0, 1)
            seen.add(viewer)
            text = screen_text(app)
            assert f"You are player {viewer}" in text
            hand_line = next(
                line for line in text.splitlines() if line.lstrip().startswith("hand ")
            )
            mine = table.state.observation(viewer)["hand"]
            other = table.state.observation(1 - viewer)["hand"]
            for c in mine:
                assert card_label(c) in hand_line
            for c in set(other) - set(mine):
                assert card_label(c) not in hand_line
            # the log is the viewer's own: the other human's private deal is not in it
            if table.state.phase == "role":  # roles are chosen before anything is dealt
                assert "your hand:" not in text and not mine
            else:
                assert text.count("your hand:") == 1  # the viewer's own deal, no one else's
                assert f"player {1 - viewer} is dealt 5 intention cards" in text
                dealt.add(viewer)
            await pilot.press("enter")
            await settle(pilot, app)
        assert seen == {0, 1} and dealt == {0, 1}
