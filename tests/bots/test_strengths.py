"""Each game's bot strengths (``Game.strengths``): every level is a bot spec that plays, and
the terminal and the command line read the game's own ladder."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import pytest

from caiquan.bots import BotSpec, decide, strength_spec
from caiquan.engine import DEFAULT_STRENGTHS, STRENGTH_LEVELS, ConfigError, Game
from caiquan.games import game_class, game_ids, load_game
from caiquan.tui import Table, parse_seats

GAMES = game_ids()


@pytest.mark.parametrize("gid", GAMES)
def test_every_level_is_a_canonical_bot_spec(gid: str) -> None:
    cls = game_class(gid)
    assert set(cls.strengths) == set(STRENGTH_LEVELS)
    for level in STRENGTH_LEVELS:
        spec = cls.strength(level)
        assert str(BotSpec.parse(spec)) == spec  # canonical: the spelling a table stores
    # three different bots: a level that played like its neighbour would name nothing
    assert len({cls.strength(lv) for lv in STRENGTH_LEVELS}) == len(STRENGTH_LEVELS)
    assert load_game(gid).info()["strengths"] == {lv: cls.strength(lv) for lv in STRENGTH_LEVELS}


def test_unknown_levels_are_refused_and_the_default_fills_in() -> None:
    cls = game_class(GAMES[0])
    with pytest.raises(ConfigError, match="no strength 'expert'"):
        cls.strength("expert")

    class Partial(Game):  # declares only one level: the engine's default gives the others
        strengths: ClassVar[Mapping[str, str]] = {"hard": "nash"}

    assert Partial.strength("hard") == "nash"
    assert Partial.strength("easy") == DEFAULT_STRENGTHS["easy"]


@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("level", STRENGTH_LEVELS)
def test_every_level_plays(gid: str, level: str) -> None:
    """A short game with every seat at this level (a search at a small fixed budget, so the
    test does not take the level's seconds): every decision is legal, the game moves on."""
    game = load_game(gid)
    spec = BotSpec.parse(game.strength(level))
    if spec.search:
        spec = spec.without("seconds").with_params(iterations=6)
    bot = spec.build()
    state = game.new_state(seed=2301)
    for _ in range(12):
        if state.is_terminal():
            break
        joint = {p: decide(bot, state, p) for p in state.to_move()}
        for p, option in joint.items():
            assert option in state.legal(p), (gid, level, p, option)
        state.apply(joint)
    assert state.move_number > 0


def test_strength_words_resolve_per_game(monkeypatch: pytest.MonkeyPatch) -> None:
    cls = game_class(GAMES[0])
    monkeypatch.setattr(cls, "strengths", {"easy": "greedy", "medium": "nash", "hard": "random"})
    assert strength_spec(cls, " easy ") == "greedy"
    assert strength_spec(cls, "ismcts:iterations=5") == "ismcts:iterations=5"  # not a word
    assert strength_spec(cls, "human") == "human"
    n = load_game(GAMES[0]).num_players
    # the terminal: seat words
    assert parse_seats("human,hard", n, cls) == ["human"] + ["random"] * (n - 1)
    assert Table.new(GAMES[0], seats="human,easy", seed=1).seats[1] == "greedy"
    with pytest.raises(ConfigError):  # without the game a strength word is no bot
        parse_seats("human,hard", n)


def test_the_command_line_reads_the_games_ladder(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from caiquan.cli.main import main

    gid = GAMES[0]
    monkeypatch.setattr(game_class(gid), "strengths", {"easy": "greedy", "medium": "nash"})
    with pytest.raises(SystemExit) as done:
        main(["demo", gid, "--seed", "3", "--bots", "easy", "--lang", "en"])
    assert done.value.code in (0, None)
    assert "bots: greedy" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["games", "--lang", "en"])
    listing = capsys.readouterr().out
    assert "easy greedy · medium nash · hard ismcts:iterations=200,seconds=1" in listing
