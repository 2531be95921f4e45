"""The table logic behind the screen: seats, bots, saving and resuming."""

from __future__ import annotations

from pathlib import Path

import pytest

from caiquan.engine import ConfigError, IllegalDecisionError, Rng
from caiquan.tui import Table, parse_seats
from caiquan.tui.session import DEFAULT_BOT, data_dir


def test_seats_default_fill_and_errors() -> None:
    assert parse_seats(None, 2) == ["human", DEFAULT_BOT]
    assert parse_seats("human,human", 2) == ["human", "human"]
    assert parse_seats("random", 4) == ["random"] * 4
    assert parse_seats("human", 3) == ["human", DEFAULT_BOT, DEFAULT_BOT]
    assert parse_seats(["nash", "human"], 2) == ["nash", "human"]
    with pytest.raises(ConfigError, match="3 seats given for a 2-player game"):
        parse_seats("human,random,random", 2)
    with pytest.raises(ConfigError, match="no bot called 'wizard'"):
        parse_seats("human,wizard", 2)


def _play(table: Table, decisions: int, rng: Rng) -> None:
    st = table.state
    for _ in range(decisions):
        for p in st.to_move():
            table.commit(p, rng.choice(st.legal(p)))


@pytest.mark.parametrize(
    ("game", "config", "seats"),
    [
        ("promise", {}, "human,human"),
        ("legends", {"players": 4}, "human,random,human"),
        ("drama", {}, "random,human"),
    ],
)
def test_saved_game_resumes_to_the_identical_state(
    tmp_path: Path, game: str, config: dict[str, int], seats: str
) -> None:
    table = Table.new(game, config, seats, seed=11, lang="zh", save_path=tmp_path / "g.json")
    _play(table, 12, Rng(3))
    assert table.unsaved
    path = table.save()
    assert not table.unsaved
    again = Table.resume(path)
    assert again.state == table.state
    assert again.seats == table.seats
    assert again.lang == "zh"
    assert again.viewer == table.viewer
    assert not again.unsaved
    # both go on identically
    _play(table, 5, Rng(9))
    _play(again, 5, Rng(9))
    assert again.state == table.state


def test_face_down_choices_survive_save_and_resume(tmp_path: Path) -> None:
    table = Table.new("promise", seats="human,human", seed=8, save_path=tmp_path / "h.json")
    table.commit(1, 2)  # player 1 has chosen paper, face down; player 0 has not
    again = Table.resume(table.save())
    assert again.state == table.state
    assert again.state.committed() == (1,)
    again.commit(0, 0)
    table.commit(0, 0)
    assert again.state == table.state and again.state.move_number == 1


def test_resume_can_change_seats_and_language(tmp_path: Path) -> None:
    table = Table.new("promise", seats="human,random", seed=2, save_path=tmp_path / "p.json")
    _play(table, 3, Rng(1))
    table.save()
    again = Table.resume(tmp_path / "p.json", lang="en", seats="human,human")
    assert again.seats == ["human", "human"] and again.lang == "en"
    with pytest.raises(ConfigError, match="cannot read"):
        Table.resume(tmp_path / "missing.json")


def test_default_save_place_is_the_data_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr("sys.platform", "linux")
    assert data_dir() == tmp_path / "caiquan" / "games"
    table = Table.new("promise", seats="human,random", seed=5)
    path = table.save()
    assert path.parent == tmp_path / "caiquan" / "games"
    assert path.name.startswith("promise-") and path.suffix == ".json"
    assert Table.resume(path).state == table.state


def test_bot_result_for_a_past_decision_is_dropped() -> None:
    table = Table.new("promise", seats="random,random", seed=5)
    job = table.bot_job(0)
    option = job.run()
    st = table.state
    st.apply({p: st.legal(p)[0] for p in st.to_move()})  # the table moved on meanwhile
    assert not table.bot_result(job, option)


def test_a_bot_decides_on_a_clone() -> None:
    table = Table.new("promise", seats="random,random", seed=5)
    clone = table.bot_job(1).state
    assert clone == table.state and clone is not table.state


def test_illegal_commit_is_refused_with_a_reason() -> None:
    table = Table.new("promise", seats="human,human", seed=5)
    with pytest.raises(IllegalDecisionError, match="cannot choose option 50"):
        table.commit(0, 50)
    assert table.state.committed() == ()


def test_next_human_prefers_the_player_holding_the_device() -> None:
    table = Table.new("promise", seats="human,human", seed=5)
    assert table.hot_seat and table.next_human() == 0
    table.viewer = 1
    assert table.next_human() == 1
    table.commit(1, table.state.legal(1)[0])
    assert table.next_human() == 0


def test_the_seats_set_the_player_count() -> None:
    """``--seats human,greedy,ismcts`` for legends is a 3-player game (it silently started
    a 4-player one, issue 22); an explicit player count still wins; a game with a fixed
    count fills missing seats with the last bot, as documented."""
    assert Table.new("legends", None, "human,greedy,random").game.num_players == 3
    assert Table.new("legends", None, "human,random,random,random,random").game.num_players == 5
    table = Table.new("legends", {"players": 4}, "human,random,greedy")
    assert table.game.num_players == 4 and table.seats == ["human", "random", "greedy", "greedy"]
    assert Table.new("drama", None, "human,random").seats == ["human"] + ["random"] * 3
    with pytest.raises(ConfigError, match="7 seats given: legends takes 3–6 players"):
        Table.new("legends", None, ",".join(["random"] * 7))
