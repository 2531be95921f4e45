"""``caiquan play``: arguments become a table; mistakes are one-line errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from caiquan.cli.main import main
from caiquan.tui import Table


@pytest.fixture
def captured(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Replace the full-screen run with a recorder of what it was given."""
    seen: dict[str, Any] = {}

    def fake_run(table: Table | None, *, lang: str, make_table: Any) -> Table | None:
        seen.update(table=table, lang=lang, make_table=make_table)
        return table

    monkeypatch.setattr("caiquan.tui.app.run", fake_run)
    return seen


def test_play_builds_the_table(captured: dict[str, Any]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["play", "legends", "-o", "players=4", "--seats", "human,random", "--seed", "5",
              "--lang", "zh"])  # fmt: skip
    assert done.value.code == 0
    table = captured["table"]
    assert table.game.id == "legends" and table.game.num_players == 4
    assert table.seats == ["human", "random", "random", "random"]
    assert table.state.seed == 5 and table.lang == "zh"


def test_play_defaults_seat_zero_human_against_the_games_hard(captured: dict[str, Any]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "promise", "--lang", "en"])
    assert captured["table"].seats == ["human", "ismcts:iterations=200,seconds=1"]
    with pytest.raises(SystemExit):
        main(["play", "oshi_zumo", "--lang", "en"])  # its hard is the equilibrium bot
    assert captured["table"].seats == ["human", "nash"]


def test_play_without_a_game_asks_on_screen(captured: dict[str, Any]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--seats", "human,random", "--lang", "en"])
    assert captured["table"] is None
    made = captured["make_table"]("drama")
    assert made.game.id == "drama" and made.seats == ["human", "random", "random", "random"]


def test_play_resume(captured: dict[str, Any], tmp_path: Path,
                     capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    table = Table.new("promise", seats="human,nash", seed=3, lang="zh")
    st = table.state
    st.apply({p: st.legal(p)[0] for p in st.to_move()})
    path = table.save(tmp_path / "g.json")
    with pytest.raises(SystemExit):
        main(["play", "--resume", str(path)])
    again = captured["table"]
    assert again.state == table.state and again.seats == ["human", "nash"]
    assert again.lang == "zh"
    assert f"caiquan play --resume {path}" in capsys.readouterr().out


def test_play_learn_mode(captured: dict[str, Any], tmp_path: Path) -> None:
    """--learn turns learn mode on (a game chosen on screen too); a resumed game keeps it."""
    with pytest.raises(SystemExit):
        main(["play", "promise", "--seats", "human,random", "--learn", "--lang", "zh"])
    table = captured["table"]
    assert table.learn and table.hints(0)  # in the table's language
    assert [x for _, x in table.hints(0)] == [h["zh"] for h in table.game.learn_hints(
        table.state, 0)]  # fmt: skip
    with pytest.raises(SystemExit):
        main(["play", "--learn", "--seats", "human,random"])
    assert captured["make_table"]("promise").learn
    with pytest.raises(SystemExit):
        main(["play", "promise", "--seats", "human,random"])
    assert not captured["table"].learn
    path = Table.new("promise", seats="human,random", learn=True).save(tmp_path / "l.json")
    with pytest.raises(SystemExit):
        main(["play", "--resume", str(path)])
    assert captured["table"].learn


def test_play_says_when_the_last_moves_were_not_saved(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def play_one_move_unsaved(table: Table | None, **_: Any) -> Table | None:
        assert table is not None
        table.save()
        st = table.state
        table.commit(0, st.legal(0)[0])
        table.commit(1, st.legal(1)[0])
        return table

    monkeypatch.setattr("caiquan.tui.app.run", play_one_move_unsaved)
    path = tmp_path / "u.json"
    with pytest.raises(SystemExit):
        main(["play", "promise", "--seats", "human,random", "--save", str(path), "--lang", "en"])
    assert f"last saved: {path} (the moves after it were not saved)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "chess"),
        (["play", "promise", "--seats", "human,random,random"], "3 seats given"),
        (["play", "promise", "--seats", "human,wizard"], "no bot called 'wizard'"),
        (["play", "promise", "--lang", "fr"], "language must be 'zh' or 'en'"),
        (["play", "--resume", "/nonexistent.json"], "cannot read /nonexistent.json"),
    ],
)
def test_play_mistakes_are_one_line(
    captured: dict[str, Any], capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as done:
        main(args)
    assert done.value.code == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_play_without_a_terminal_says_so_at_once() -> None:
    """Through a pipe the table would wait for keys forever: it refuses instead."""
    src = Path(__file__).resolve().parents[2] / "src"
    r = subprocess.run(
        [sys.executable, "-m", "caiquan", "play", "promise"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env={"PATH": "", "LANG": "C.UTF-8", "PYTHONPATH": str(src)},
        timeout=60,
    )
    assert r.returncode == 1
    assert "caiquan play needs a terminal" in r.stderr and "Traceback" not in r.stderr
