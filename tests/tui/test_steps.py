"""Decisions picked in two steps at the terminal table (issue 21): promise's stance (a heart,
then the second), legends' build (the territory, then the marker), drama's card (the card,
then as it is or with the weapon). The steps are the game's (its terminal ``steps`` hook);
the list, the keys and the way back are the table's, the same for every game."""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import OptionList, Static

from caiquan.engine import Choice, Decision, Rng
from caiquan.tui import Table
from caiquan.tui.app import PlayApp
from caiquan.tui.steps import Picker

from .conftest import SIZE, screen_text, settle


def _advance_to(table: Table, wanted: Callable[[Decision], bool], seed: int) -> None:
    """Random joint decisions until seat 0 must take a decision ``wanted`` says yes to."""
    st, rng = table.state, Rng(seed)
    for _ in range(400):
        assert not st.is_terminal(), "the game ended first: choose another seed"
        if 0 in st.to_move() and wanted(st.decision(0)):
            return
        st.apply({p: rng.choice(st.legal(p)) for p in st.to_move()})
    raise AssertionError("no such decision met: choose another seed")


def _has_steps(table: Table) -> Callable[[Decision], bool]:
    def wanted(d: Decision) -> bool:
        obs = table.state.observation(0)
        return any(e.key is not None for e in Picker.of(table.game, obs, d, "en").entries())

    return wanted


def _committed(table: Table, move: int) -> int:
    """The option seat 0 laid down at decision ``move`` (face down or applied)."""
    if table.state.move_number > move:
        return dict(table.state.history()[move])[0]
    return table.face_down[0]


def _every_option_is_reached_once_by_its_steps(picker: Picker, choices: tuple[Choice, ...]) -> None:
    """Walking every step of the list reaches each option, and only legal ones."""
    reached: list[int] = []

    def walk() -> None:
        for e in picker.entries():
            if e.option is not None:
                reached.append(e.option)
            else:
                picker.open(e)
                walk()
                assert picker.back()

    walk()
    assert not picker.path
    assert set(reached) == {c.id for c in choices}


# ---------------------------------------------------------------------- the picker alone


def test_promise_stance_is_a_first_heart_then_a_second_in_either_order() -> None:
    table = Table.new("promise", seats="human,random", seed=3, lang="en")
    _advance_to(table, lambda d: d.kind == "stance", 3)
    game, st = table.game, table.state
    d = st.decision(0)
    obs = st.observation(0)
    picker = Picker.of(game, obs, d, "en")
    first = picker.entries()
    assert len(d.choices) == 15 and len(first) == 5  # 15 pairs: 5 hearts of my row first
    assert all(e.key is not None and e.label.startswith("♥") for e in first)
    picker.open(first[3])
    second = picker.entries()
    names = {picker.choice(e.option).name for e in second if e.option is not None}
    c = int(first[3].key or "")
    assert names == {f"stance-{min(c, x)}-{max(c, x)}" for x in range(5)}
    assert any("both tokens here" in e.label for e in second)
    assert picker.back() and not picker.back()
    _every_option_is_reached_once_by_its_steps(picker, d.choices)


def test_one_option_behind_a_step_is_picked_at_once_with_its_whole_label() -> None:
    table = Table.new("legends", {"players": 3}, "human,random", seed=1, lang="en")
    _advance_to(table, _has_steps(table), 1)
    d = table.state.decision(0)
    picker = Picker.of(table.game, table.state.observation(0), d, "en")
    entries = picker.entries()
    by_label = {e.label: e for e in entries}
    assert by_label["pass"].option == d.by_name("pass").id  # one step: as it was
    assert (
        by_label["build Amazonia (pay Culture)"].option == d.by_name("build-amazon-culture").id
    )  # the only build of a territory: no second step
    gaul = by_label["build Gaul (Europe)"]
    assert gaul.key == "gaul" and gaul.option is None
    picker.open(gaul)
    assert [e.label for e in picker.entries()] == ["pay Culture", "pay Tech"]
    assert picker.back() and picker.entries() == entries
    _every_option_is_reached_once_by_its_steps(picker, d.choices)


# ---------------------------------------------------------------------- at the table


async def test_promise_stance_by_steps_with_the_way_back() -> None:
    table = Table.new("promise", seats="human,random", seed=28, lang="en")
    app = PlayApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        for _ in range(6):
            if table.state.decision(0).kind == "stance":
                break
            await pilot.press("enter")
            await settle(pilot, app)
        d = table.state.decision(0)
        move = table.state.move_number
        assert d.kind == "stance"
        first = list(app._entries)
        assert len(first) == 5
        text = screen_text(app)
        assert "A line with … has a next step" in text
        assert f"2. {first[1].label} …" in text
        await pilot.press("2")  # the second heart of my row: the second list
        await pilot.pause()
        text = screen_text(app)
        assert f"Chosen: {first[1].label}" in text and "Esc or Backspace goes back" in text
        assert table.state.move_number == move and 0 not in table.state.committed()
        await pilot.press("escape")  # back to the first list
        await pilot.pause()
        assert app._entries == first and "Chosen:" not in screen_text(app)
        await pilot.press("down", "enter")  # the same heart by arrows and Enter
        await pilot.pause()
        await pilot.press("backspace")  # Backspace goes back too
        await pilot.pause()
        assert app._entries == first
        await pilot.press("2")
        await pilot.pause()
        second = app._entries
        target = second[3]
        assert target.option is not None
        # at the last step, the option the steps make is named under the list (with its
        # preview, when the game previews it)
        app._previews[target.option] = "PREVIEW OF THIS OPTION"
        choices = app.screen_main.query_one("#choices", OptionList)  # type: ignore[union-attr]
        choices.highlighted = 3
        await pilot.pause()
        detail = str(app.screen_main.query_one("#detail", Static).content)  # type: ignore[union-attr]
        whole = d.choices[[c.id for c in d.choices].index(target.option)].label("en")
        assert f"Option: {whole}" in detail and "PREVIEW OF THIS OPTION" in detail
        await pilot.press("4")
        await settle(pilot, app)
        cells = sorted((int(first[1].key or ""), _cell_of(second[3].label, table)))
        assert _committed(table, move) == d.by_name(f"stance-{cells[0]}-{cells[1]}").id


def _cell_of(label: str, table: Table) -> int:
    """The heart cell a second-step line names (its heart and column, as the label says)."""
    obs = table.state.observation(0)
    hearts = [*obs["hearts"][0], *obs["hearts"][1]]
    for cell in range(10):
        row, col = divmod(cell, 5)
        side = "your row" if row == 0 else "far row"
        if label.startswith(f"♥{hearts[cell]} ({side}, column {col + 1})"):
            return cell
    raise AssertionError(label)


async def test_legends_build_by_territory_then_marker() -> None:
    table = Table.new("legends", {"players": 3}, "human,random", seed=1, lang="zh")
    _advance_to(table, _has_steps(table), 1)
    move = table.state.move_number
    d = table.state.decision(0)
    app = PlayApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        first = list(app._entries)
        i = next(i for i, e in enumerate(first) if e.key == "gaul")
        assert first[i].label == "建设 高卢（欧洲）"
        await pilot.press(str(i + 1))
        await pilot.pause()
        assert [e.label for e in app._entries] == ["支付文化", "支付科技"]
        assert "已选：建设 高卢（欧洲）" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app._entries == first
        await pilot.press(str(i + 1))
        await pilot.pause()
        await pilot.press("2")  # pay Tech
        await settle(pilot, app)
        assert _committed(table, move) == d.by_name("build-gaul-tech").id


async def test_legends_one_step_options_are_picked_at_once() -> None:
    table = Table.new("legends", {"players": 3}, "human,random", seed=1, lang="en")
    _advance_to(table, _has_steps(table), 1)
    move = table.state.move_number
    d = table.state.decision(0)
    app = PlayApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        i = next(i for i, e in enumerate(app._entries) if e.label == "pass")
        await pilot.press(str(i + 1))
        await settle(pilot, app)
        assert _committed(table, move) == d.by_name("pass").id


async def test_drama_card_then_as_it_is_or_with_the_weapon() -> None:
    table = Table.new("drama", seats="human,random", seed=1, lang="en")
    _advance_to(table, _has_steps(table), 1)
    move = table.state.move_number
    d = table.state.decision(0)
    assert d.kind == "duel"
    app = PlayApp(table)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        first = list(app._entries)
        assert len(first) * 2 == len(d.choices)  # each card both ways: one line a card
        card = first[0]
        await pilot.press("1")
        await pilot.pause()
        assert [e.label for e in app._entries] == ["play it as it is", "play it with my weapon"]
        assert f"Chosen: {card.label}" in screen_text(app)
        await pilot.press("backspace")
        await pilot.pause()
        assert app._entries == first
        await pilot.press("1")
        await pilot.pause()
        await pilot.press("2")
        await settle(pilot, app)
        plain = min(card.options)  # "play ♠K" is the card's id, with the weapon it is not
        token = d.choices[[c.id for c in d.choices].index(plain)].name
        assert _committed(table, move) == d.by_name(f"{token}-weapon").id
