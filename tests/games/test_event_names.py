"""Every game names the players in its event lines by the table's seat names when it gets
them (``Game.format_event(event, lang, names)``), and never as "player 2" / "玩家 2" then;
without names the wording stays the rules' own (the golden playthroughs check that)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import pytest

from caiquan.engine import Game, JSONValue
from caiquan.games import load_game
from caiquan.testing.conformance import random_playout

#: Seat names as a person might type them: markup and quotes stay plain text in a line.
NAMES = ["<b>Ann</b>", 'Bo & "Co"', "小明", "Dee's", "bot 4", "Eve"]

#: A seat named by number: what a line must not say once it has names.
NUMBERED = re.compile(r"\bplayers? \d|玩家 ?\d")


def _log(game: Game, seeds: range) -> list[Mapping[str, JSONValue]]:
    """Every event of random games, as the spectator and as each seat saw them."""
    events: list[Mapping[str, JSONValue]] = []
    for seed in seeds:
        state = random_playout(game, seed)
        events += state.events(None)
        for p in range(game.num_players):
            events += state.events(p)
    return events


def _check_named(game: Game, seeds: range) -> set[str]:
    """Each line with names: no numbered seat, and every seat the plain line numbers is
    named. Returns the names the lines used."""
    names = NAMES[: game.num_players]
    used: set[str] = set()
    for e in _log(game, seeds):
        for lang in ("zh", "en"):
            plain = game.format_event(e, lang)
            named = game.format_event(e, lang, names)
            assert not NUMBERED.search(named), (lang, named)
            for m in re.finditer(r"(?:player |玩家 ?)(\d)\b", plain):
                assert names[int(m.group(1))] in named, (plain, named)
            used |= {n for n in names if n in named}
    return used


@pytest.mark.parametrize(
    ("game_id", "options"),
    [
        ("legends", {"players": 3}),
        ("legends", {"players": 6}),
    ],
)
def test_legends_names_the_players(game_id: str, options: dict[str, Any]) -> None:
    game = load_game(game_id, **options)
    assert _check_named(game, range(3)) == set(NAMES[: game.num_players])
    line = game.format_event(
        {"kind": "throw", "throws": {"0": "rock", "2": "paper"}}, "zh", NAMES[:3]
    )
    assert line == "出拳：<b>Ann</b> 出石头，小明 出布"


@pytest.mark.parametrize(
    "options",
    [{}, {"last_round": "all_in", "tie": "table"}, {"discard_in_role": "literal", "roles": "deal"}],
)
def test_drama_names_the_players(options: dict[str, Any]) -> None:
    game = load_game("drama", **options)
    assert _check_named(game, range(4)) == set(NAMES[:4])


def test_drama_names_the_card_a_player_played() -> None:
    """A duel's line says which card each side played (the cards are public once shown)."""
    game = load_game("drama")
    duels = [e for e in _log(game, range(2)) if e["kind"] == "duel" and "sides" in e]
    assert duels
    for e in duels:
        line = game.format_event(e, "en", NAMES[:4])
        for side in e["sides"]:
            assert isinstance(side, dict)
            assert f"{NAMES[int(side['player'])]} {side['card']}" in line, line


def test_goofspiel_names_the_players() -> None:
    game = load_game("goofspiel", players=3, num_cards=6)
    used = _check_named(game, range(4))
    assert used and used <= set(NAMES[:3])
    line = game.format_event({"kind": "reveal", "turn": 1, "point": 3, "winner": 1}, "en", NAMES)
    assert line == 'reveal: Bo & "Co" wins 3'


def test_oshi_zumo_names_the_players() -> None:
    game = load_game("oshi_zumo", coins=8, size=2)
    assert _check_named(game, range(4)) == set(NAMES[:2])
    bout = {"kind": "bout", "turn": 1, "bids": [3, 1], "coins": [5, 7], "pusher": 0,
            "position": 1}  # fmt: skip
    assert game.format_event(bout, "en", ["Ann", "Bo"]) == (
        "turn 1: bids 3 vs 1, Ann pushes; wrestler at +1, in Bo's half; coins 5 / 7"
    )


#: A seat letter of promise left without its name.
BARE_LETTER = re.compile(r"(?<![A-Za-z0-9])[AB](?![A-Za-z0-9])")


def test_promise_keeps_its_letters_with_the_names() -> None:
    """Promise's rules call the players A and B (so does its board, "A (you)"): with names
    each is "A (name)", every time."""
    game = load_game("promise")
    names = NAMES[:2]
    assert _check_named(game, range(3)) == set(names)
    forms = {
        "en": [f"A ({names[0]})", f"B ({names[1]})"],
        "zh": [f"A（{names[0]}）", f"B（{names[1]}）"],
    }
    seen = 0
    for e in _log(game, range(3)):
        for lang in ("zh", "en"):
            plain = game.format_event(e, lang)
            named = game.format_event(e, lang, names)
            rest = named
            for form in forms[lang]:
                rest = rest.replace(form, "")
            assert not BARE_LETTER.search(rest), (plain, named)
            letters = len(BARE_LETTER.findall(plain))
            assert sum(named.count(f) for f in forms[lang]) == letters, (plain, named)
            seen += letters
    assert seen > 100
    pick = {"kind": "pick", "player": 1, "taken": "sword"}
    assert game.format_event(pick, "zh", ["小明", "bot 1"]).startswith("B（bot 1）选了 ")
    assert game.format_event(pick, "zh").startswith("B 方选了 ")


def test_without_names_or_with_empty_names_the_rules_wording_stays() -> None:
    game = load_game("legends", players=3)
    e = {"kind": "pass", "player": 2}
    assert game.format_event(e, "en") == "player 2 passes"
    assert game.format_event(e, "en", ["a", "b", ""]) == "player 2 passes"
    assert game.format_event(e, "zh", ["a", "b", "丙"]) == "丙 跳过"
