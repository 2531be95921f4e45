"""Game panels: pure functions of an observation, drawn for every seat in random games."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from caiquan.engine import Game, Rng
from caiquan.games import load_game
from caiquan.games.promise.terminal import unavailable as promise_unavailable
from caiquan.tui.panels import ViewOptions, explain, render, unavailable

GAMES = [("promise", {}), ("legends", {"players": 3}), ("legends", {"players": 6}),
         ("drama", {}), ("goofspiel", {})]  # fmt: skip


def _text(renderable: object, width: int = 100) -> str:
    console = Console(width=width, record=True, file=None, force_terminal=False)
    with console.capture() as cap:
        console.print(renderable)
    return cap.get()


@pytest.mark.parametrize(("game_id", "config"), GAMES)
def test_every_view_of_random_games_draws(game_id: str, config: dict[str, int]) -> None:
    game = load_game(game_id, config)
    opts = [ViewOptions(), ViewOptions(details=True, hint=True)]
    for seed in range(2):
        state = game.new_state(seed)
        rng = Rng(seed)
        step = 0
        while True:
            if step % 11 == 0 or state.is_terminal():
                for viewer in [None, *state.to_move()]:
                    obs = state.observation(viewer)
                    lang = "zh" if step % 2 else "en"
                    assert _text(render(game, obs, lang, opts[step % 2]))
                    if viewer in state.to_move():
                        d = state.decision(viewer)
                        for label, why in unavailable(game, obs, d, lang):
                            assert label and why
                        for c in d.choices[:5]:
                            explain(game, obs, c.id, lang)
            if state.is_terminal():
                break
            state.apply({p: rng.choice(state.legal(p)) for p in state.to_move()})
            step += 1


def test_a_seat_sees_only_its_own_hand_in_its_panel() -> None:
    from caiquan.games.drama.cards import card_label

    game = load_game("drama")
    state = game.new_state(5)
    while state.phase == "role":  # roles are chosen before the hands are dealt
        (p,) = state.to_move()
        state.apply({p: state.legal(p)[0]})
    for p in range(4):
        assert state.observation(p)["hand"], "a hand to hide"
        text = _text(render(game, state.observation(p), "en", ViewOptions()), width=160)
        hand_line = next(line for line in text.splitlines() if line.startswith("hand "))
        mine = state.observation(p)["hand"]
        assert hand_line.split()[1:] == [card_label(c) for c in mine]
    spectator = _text(render(game, state.observation(None), "en", ViewOptions()), width=160)
    assert not any(line.startswith("hand ") for line in spectator.splitlines())


def test_promise_forbidden_throws_are_explained() -> None:
    game = load_game("promise")
    state = game.new_state(9)
    obs = {"player": 0, "phase": "throw", "battle": {"forbidden": [["strike"], []]}}
    rng = Rng(9)
    while state.is_terminal() is False and not (
        0 in state.to_move() and state.decision(0).kind == "throw"
    ):
        state.apply({p: rng.choice(state.legal(p)) for p in state.to_move()})
    d = state.decision(0)
    assert promise_unavailable(game, obs, d, "zh") == [("打击", "本回合被对手的技能禁止")]
    assert promise_unavailable(game, {**obs, "phase": "stance"}, d, "en") == []


def test_choices_are_explained_with_card_texts() -> None:
    promise = load_game("promise")
    state = promise.new_state(1)
    state.apply({0: 0, 1: 1})  # rock beats scissors: A picks first
    obs = state.observation(0)
    pick = state.decision(0).choices[0]
    text = explain(promise, obs, pick.id, "en")
    assert "slash" in text and "life" in text
    legends = load_game("legends", players=3)
    ls = legends.new_state(1)
    p = ls.to_move()[0]
    play = ls.decision(p).choices[0]
    assert ": " in explain(legends, ls.observation(p), play.id, "zh")


def test_screenshots_keep_chinese_on_the_terminal_grid() -> None:
    from caiquan.tui.screenshots import align_wide_characters

    span = (
        '<text class="r1" x="12.2" y="20" textLength="61.0" clip-path="url(#l1)">'
        "&#160;体力│&#160;</text>"
    )
    out = align_wide_characters(span)
    # cells: " " 1, "体力" 4, "│ " 2; 12.2 units a cell
    assert 'x="12.2" y="20" textLength="12.2"' in out
    assert 'x="24.4" y="20" textLength="48.8" clip-path="url(#l1)">体力</text>' in out
    assert 'x="73.2" y="20" textLength="24.4" clip-path="url(#l1)">│&#160;</text>' in out
    latin = '<text class="r1" x="0" y="20" textLength="24.4" clip-path="url(#l1)">ab</text>'
    assert align_wide_characters(latin) == latin


CJK = re.compile(r"[\u3400-\u9fff]+")
LATIN = re.compile(r"[A-Za-z]{2,}")


def _named(game: Game, lang: str) -> list[str]:
    """Every text a panel may show as a word: the glossary's names (as words and as headings)
    and the catalogue's names (cards, characters, persons, territories … and their kinds)."""
    names = [t.name(lang) for t in game.glossary().words.values()]
    names += [e.name(lang) for e in game.catalogue()]
    names += [n[:1].upper() + n[1:] for n in names]
    return sorted({n for n in names if n}, key=len, reverse=True)


def _unnamed_words(game: Game, text: str, lang: str) -> list[str]:
    """The words left in ``text`` once every glossary and catalogue name is taken out."""
    for name in _named(game, lang):
        text = text.replace(name, " ")
    return (CJK if lang == "zh" else LATIN).findall(text)


@pytest.mark.parametrize(("game_id", "config"), [g for g in GAMES if g[1] != {"players": 6}])
def test_a_panel_shows_no_word_outside_the_glossary(game_id: str, config: dict[str, int]) -> None:
    """Terminal and web name things with one glossary (issue 20): every word a game's panel
    prints, in either language, is a word of its glossary or a name from its catalogue."""
    game = load_game(game_id, config)
    seen: dict[str, set[str]] = {"zh": set(), "en": set()}
    for seed in range(3):
        state = game.new_state(seed)
        rng = Rng(seed)
        step = 0
        while True:
            if step % 5 == 0 or state.is_terminal():
                for viewer in {None, *state.to_move()}:
                    obs = state.observation(viewer)
                    for lang in ("zh", "en"):
                        for opts in (ViewOptions(), ViewOptions(details=True, hint=True)):
                            text = _text(render(game, obs, lang, opts), width=200)
                            seen[lang] |= set(_unnamed_words(game, text, lang))
            if state.is_terminal():
                break
            state.apply({p: rng.choice(state.legal(p)) for p in state.to_move()})
            step += 1
    assert seen == {"zh": set(), "en": set()}, f"{game_id}: words not in the glossary: {seen}"


def test_the_unnamed_words_check_can_fail() -> None:
    game = load_game("drama")
    assert _unnamed_words(game, "table pile: 3  hand count: 2", "en") == ["count"]
    assert _unnamed_words(game, "桌面牌堆：3  角色：旁白", "zh") == ["角色"]
