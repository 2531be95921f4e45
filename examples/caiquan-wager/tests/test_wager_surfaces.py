"""Wager on every surface, through caiquan's public API only: found through its entry point,
the command line, the bots, the lab, the terminal table, the server and the research
adapters. Nothing in caiquan names the game."""

from __future__ import annotations

import json
import random
import time
import warnings
from importlib import metadata
from pathlib import Path

import pytest

pytest.importorskip(
    "caiquan_wager", reason="install the example: pip install -e examples/caiquan-wager"
)

from caiquan_wager import Wager

from caiquan.bots import decide, make_bot
from caiquan.engine import STRENGTH_LEVELS
from caiquan.games import game_class, game_ids, load_game, registry


def test_found_through_its_entry_point() -> None:
    eps = [ep for ep in metadata.entry_points(group="caiquan.games") if ep.name == "wager"]
    assert [ep.value for ep in eps] == ["caiquan_wager:Wager"]
    assert eps[0].dist is not None and eps[0].dist.name == "caiquan-wager"
    assert "wager" in game_ids() and game_class("wager") is Wager
    assert registry.declarations()["wager"].distribution == "caiquan-wager"
    assert "wager" not in registry.BUILTIN


def test_every_hook_and_text_is_served_from_the_package() -> None:
    game = load_game("wager")
    d = game.description()
    assert set(d["hooks"]) == set(Wager.hooks)  # type: ignore[arg-type]
    for lang, title in (("zh", "# 押注猜拳"), ("en", "# Wager")):
        assert game.rules(lang).startswith(title)
        assert (Wager.guide(lang) or "").startswith(title)
    assert "export default function panel" in Wager.hook("web")
    assert ".panel.wager" in Wager.hook("css")
    assert game.glossary().word("pot", "zh") == "奖池"
    assert [e.id for e in game.catalogue()] == ["rock", "paper", "scissors", "chip"]
    assert Wager.reference_configs() == [{"content": "standard"}, {"content": "quick"}]


def test_the_command_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from caiquan.cli.main import main

    def run(*args: str) -> str:
        with pytest.raises(SystemExit) as done:
            main(list(args))
        assert done.value.code in (0, None), capsys.readouterr().err
        return capsys.readouterr().out

    assert "wager" in run("games", "--lang", "en") and "Wager" in run("games", "--lang", "en")
    assert "paper beats rock" in run("rules", "wager", "--lang", "en").lower()
    assert "round 1:" in run("demo", "wager", "--seed", "3", "--lang", "en")
    out = tmp_path / "wager.parquet"
    run("simulate", "wager", "--games", "8", "--bots", "random,greedy", "--out", str(out))
    assert out.is_file()
    table = json.loads(
        run("tournament", "wager", "--bots", "random,greedy", "--games", "4", "--json")
    )
    assert table


@pytest.mark.parametrize("level", STRENGTH_LEVELS)
def test_every_strength_plays_a_whole_game(level: str) -> None:
    game = load_game("wager")
    bot = make_bot(game.strength(level))
    s = game.new_state(11)
    while not s.is_terminal():
        s.apply({p: decide(bot, s, p) for p in s.to_move()})
    assert s.outcome().reason == "hands_played"


def test_the_strength_ladder_holds() -> None:
    """hard (nash) beats medium (greedy) over 200 seeded games, both seats (measured: about
    60 %; greedy against random about 54 %)."""
    from caiquan.bots.match import play_match

    game = load_game("wager")
    score = 0.0
    for i in range(100):
        for seats, me in ((["nash", "greedy"], 0), (["greedy", "nash"], 1)):
            score += (play_match(game, seats, 5000 + i).outcome().returns[me] + 1) / 2
    assert score / 200 > 0.53


def test_the_lab_simulates_and_rates() -> None:
    from caiquan.lab import run_tournament

    result = run_tournament(load_game("wager"), ["random", "greedy"], games=6, seed=1)
    assert result.game == "wager" and result.games == 6 and len(result.standings) == 2


async def test_the_terminal_table_plays_a_whole_game() -> None:
    from caiquan.tui import Table
    from caiquan.tui.app import PlayApp

    table = Table.new("wager", {}, "human,greedy", seed=4, lang="en")
    app = PlayApp(table)
    async with app.run_test(size=(150, 50)) as pilot:
        for _ in range(400):
            await app.workers.wait_for_complete()
            await pilot.pause()
            if app.idle:
                break
        app.screen._refresh_layout()
        text = "\n".join(s.text for s in app.screen._compositor.render_strips())
        assert "cards unseen" in text and "stake limit" in text and "rock, stake 0" in text
        steps = 0
        while not table.state.is_terminal():
            await pilot.press("enter")
            for _ in range(400):
                await app.workers.wait_for_complete()
                await pilot.pause()
                if app.idle:
                    break
            steps += 1
            assert steps < 20
        app.screen._refresh_layout()
        text = "\n".join(s.text for s in app.screen._compositor.render_strips())
        assert "Game over" in text and "chips left" in text


def test_the_server_plays_a_bots_table_and_serves_the_panel(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from caiquan.games import replay
    from caiquan.server import Settings, create_app

    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 's.sqlite3'}",
        allowed_hosts=["testserver"],
        http_burst=10_000,
    )
    with TestClient(create_app(settings)) as http:
        assert "wager" in [g["id"] for g in http.get("/api/games").json()]
        for path in ("panel.js", "style.css", "rules?lang=zh", "guide?lang=en", "description"):
            assert http.get(f"/api/games/wager/{path}").status_code == 200, path
        r = http.post(
            "/api/tables",
            json={
                "game": "wager",
                "seats": [{"kind": "bot", "strength": "easy"}, {"kind": "bot", "strength": "hard"}],
            },
        )
        assert r.status_code == 201, r.text
        table = r.json()["table"]
        deadline = time.monotonic() + 30
        while http.get(f"/api/tables/{table}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots' table did not finish"
            time.sleep(0.05)
        record = http.get(f"/api/tables/{table}/record")
        assert record.status_code == 200 and replay(record.text).is_terminal()


def test_gymnasium_single_agent_env_passes_its_checker() -> None:
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from caiquan.envs.gymnasium import SingleAgentEnv

    env = SingleAgentEnv("wager", seat=0, opponents="greedy")
    check_env(env, skip_render_check=True)
    env.reset(seed=3)
    done = False
    rng = random.Random(0)
    while not done:
        legal = [i for i, ok in enumerate(env.action_masks()) if ok]
        _, reward, term, trunc, _ = env.step(rng.choice(legal))
        done = term or trunc
    assert reward in (-1.0, 0.0, 1.0)


# PettingZoo's api_test warns whenever observations are dicts, although {"observation",
# "action_mask"} is its own convention for games with masks: these two warnings are expected
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array:UserWarning")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
def test_pettingzoo_api_and_parallel_tests() -> None:
    pytest.importorskip("pettingzoo")
    with warnings.catch_warnings():
        # pettingzoo.test imports one of its classic envs through a deprecated path
        warnings.filterwarnings("ignore", "The old environment creation API", DeprecationWarning)
        from pettingzoo.test import api_test, parallel_api_test

    from caiquan.envs.pettingzoo import env, parallel_env

    api_test(env("wager"), num_cycles=20)
    parallel_api_test(parallel_env("wager"), num_cycles=20)


def test_openspiel_registers_and_plays_it() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import caiquan.envs.openspiel  # noqa: F401  (registers every caiquan game)

    game = pyspiel.load_game("caiquan_wager")
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    assert state.is_simultaneous_node() and len(state.observation_tensor(0)) > 0


def test_the_bench_measures_its_workloads() -> None:
    from caiquan.bench import default_setups

    assert ("wager", {"content": "quick"}) in default_setups()


def test_the_package_uses_only_the_public_game_api() -> None:
    """A game imports the engine and the terminal kit, never an outer layer (bots, tui,
    server …): the outer layers reach it through its hooks."""
    import ast

    import caiquan_wager

    allowed = {"caiquan.engine", "caiquan.engine.encoding", "caiquan.engine.strategy"}
    allowed.add("caiquan.games.terminal_kit")
    found = []
    for path in sorted(Path(caiquan_wager.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            names += [a.name for a in node.names] if isinstance(node, ast.Import) else []
            found += [
                f"{path.name}: {n}" for n in names if n.startswith("caiquan.") and n not in allowed
            ]
    assert not found, found
