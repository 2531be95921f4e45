"""The game registry: the ``caiquan.games`` entry-point group, the built-in table, and what a
broken plug-in does (a clear ``GameLoadError`` naming it; the other games still listed)."""

from __future__ import annotations

import logging
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from caiquan.engine import CaiquanError, GameLoadError, RecordError, UnknownGameError
from caiquan.games import BUILTIN, GROUP, game_class, game_ids, load_game, refresh, registry

ROOT = Path(__file__).resolve().parents[1]

GOOD = """
from caiquan.games.goofspiel import Goofspiel


class Tiny(Goofspiel):
    id = "tiny_plugin"
"""


def test_the_builtin_table_is_the_pyproject_entry_points() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    declared = pyproject["project"]["entry-points"][GROUP]
    assert declared == BUILTIN


def test_the_installed_distribution_declares_the_builtin_games() -> None:
    """caiquan is installed (editable) in every test run: its entry points are read from its
    metadata, and they are the built-in table."""
    from importlib import metadata

    eps = {ep.name: ep.value for ep in metadata.entry_points(group=GROUP) if ep.name in BUILTIN}
    assert eps == BUILTIN
    decl = registry.declarations()
    assert {gid: decl[gid].target for gid in BUILTIN} == BUILTIN


def test_a_source_tree_without_metadata_still_finds_the_builtin_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(registry, "_entry_points", list)
    refresh()
    try:
        assert set(BUILTIN) <= set(game_ids())
        assert all(d.distribution == "caiquan" for d in registry.declarations().values())
    finally:
        monkeypatch.undo()
        refresh()


@pytest.fixture
def plugins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on ``sys.path`` holding one installed distribution, ``fake-plugins`` 1.0;
    write its entry points with :func:`declare` and its modules beside it."""
    info = tmp_path / "fake_plugins-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: fake-plugins\nVersion: 1.0\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    for name in [m for m in sys.modules if m.startswith("fakeplug_")]:
        del sys.modules[name]
    for gid in ("tiny_plugin", "broken_plugin", "wrong_id", "not_a_game"):
        registry._REGISTERED.pop(gid, None)
    monkeypatch.undo()
    refresh()


def declare(root: Path, **entries: str) -> None:
    lines = [f"{name} = {value}" for name, value in entries.items()]
    text = f"[{GROUP}]\n" + "\n".join(lines) + "\n"
    (root / "fake_plugins-1.0.dist-info" / "entry_points.txt").write_text(text)
    refresh()


def test_an_installed_plugin_is_listed_and_loads(plugins: Path) -> None:
    (plugins / "fakeplug_good.py").write_text(GOOD)
    declare(plugins, tiny_plugin="fakeplug_good:Tiny")
    assert "tiny_plugin" in game_ids()
    assert registry.declarations()["tiny_plugin"].distribution == "fake-plugins"
    game = load_game("tiny_plugin", num_cards=3)
    assert game.id == "tiny_plugin" and game.new_state(1).legal(0) == (0, 1, 2)


def test_a_plugin_that_fails_to_import_is_named_and_skipped(
    plugins: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (plugins / "fakeplug_good.py").write_text(GOOD)
    (plugins / "fakeplug_broken.py").write_text("import caiquan_no_such_module\n")
    declare(plugins, tiny_plugin="fakeplug_good:Tiny", broken_plugin="fakeplug_broken:Game")
    with caplog.at_level(logging.WARNING, logger="caiquan.games.registry"):
        ids = game_ids()
        game_ids()  # warned once, not at every listing
    assert "broken_plugin" not in ids and {"tiny_plugin", *BUILTIN} <= set(ids)
    warnings = [r.getMessage() for r in caplog.records]
    assert len(warnings) == 1
    assert "'broken_plugin'" in warnings[0] and "'fake-plugins'" in warnings[0]
    assert "caiquan_no_such_module" in warnings[0] and "left out" in warnings[0]
    with pytest.raises(GameLoadError, match="fails to import") as err:
        game_class("broken_plugin")
    message = str(err.value)
    assert "'fakeplug_broken:Game'" in message and "distribution 'fake-plugins'" in message
    assert isinstance(err.value, UnknownGameError) and isinstance(err.value, CaiquanError)


def test_an_entry_point_named_unlike_its_class_id_is_refused(plugins: Path) -> None:
    (plugins / "fakeplug_good.py").write_text(GOOD + "\nNOT_A_GAME = 3\n")
    declare(plugins, wrong_id="fakeplug_good:Tiny", not_a_game="fakeplug_good:NOT_A_GAME")
    assert not {"wrong_id", "not_a_game", "tiny_plugin"} & set(game_ids())
    with pytest.raises(GameLoadError, match="whose id is 'tiny_plugin'"):
        load_game("wrong_id")
    with pytest.raises(GameLoadError, match=r"not a subclass of caiquan\.engine\.Game"):
        game_class("not_a_game")


def test_a_plugin_cannot_take_a_builtin_id(plugins: Path, caplog: pytest.LogCaptureFixture) -> None:
    (plugins / "fakeplug_good.py").write_text(GOOD)
    with caplog.at_level(logging.WARNING, logger="caiquan.games.registry"):
        declare(plugins, goofspiel="fakeplug_good:Tiny")
        decl = registry.declarations()["goofspiel"]
    assert decl.target == BUILTIN["goofspiel"] and decl.distribution == "caiquan"
    assert any("takes the id of a built-in game" in r.getMessage() for r in caplog.records)


def test_a_record_of_a_broken_plugin_does_not_replay(plugins: Path) -> None:
    from caiquan.games import replay

    (plugins / "fakeplug_broken.py").write_text("raise RuntimeError('boom')\n")
    declare(plugins, broken_plugin="fakeplug_broken:Game")
    record = load_game("goofspiel", num_cards=3).new_state(1).record()
    text = record.to_json().replace('"goofspiel"', '"broken_plugin"')
    with pytest.raises(RecordError, match="RuntimeError: boom"):
        replay(text)


def test_the_cli_lists_the_games_past_a_broken_plugin_and_refuses_it_in_one_line(
    plugins: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from caiquan.cli.main import main

    (plugins / "fakeplug_broken.py").write_text("raise RuntimeError('boom')\n")
    declare(plugins, broken_plugin="fakeplug_broken:Game")
    with pytest.raises(SystemExit) as done:
        main(["games", "--lang", "en"])
    assert done.value.code in (0, None)
    listing = capsys.readouterr().out
    assert all(gid in listing for gid in BUILTIN) and "broken_plugin" not in listing
    with pytest.raises(SystemExit) as done:
        main(["rules", "broken_plugin"])
    assert done.value.code == 1
    err = capsys.readouterr().err
    assert "error: the game 'broken_plugin' cannot be loaded" in err and "Traceback" not in err


def test_register_checks_the_id() -> None:
    from caiquan.games import register
    from caiquan.games.goofspiel import Goofspiel

    class Bad(Goofspiel):
        id = "Bad-Id"

    with pytest.raises(ValueError, match="lower-case letters"):
        register(Bad)
    with pytest.raises(UnknownGameError, match="no game called 'nope'"):
        game_class("nope")
