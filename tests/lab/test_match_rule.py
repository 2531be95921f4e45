"""One match runner, one rule for the bots' RNG (issue 19): every front end plays the same
game from the same seed — simulate, demo, tournament, the terminal table, the server's bot
seats and the Gymnasium env's opponents."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from caiquan.bots import BotSpec, decide, game_seed, play_match, seat_specs
from caiquan.bots.match import bot_rng, decision_seed
from caiquan.cli.main import app
from caiquan.engine import PlayerView, Record, Rng, State
from caiquan.games import load_game, replay
from caiquan.lab import play_game
from caiquan.lab.simulate import iter_rows, seeds, simulate
from caiquan.tui.session import Table

SEED = 7
SMALL = {"num_cards": 6}

#: (game, config, bots, games): a fixed pair, and a search bot whose play depends on its RNG
#: (promise with ISMCTS takes seconds a game: two games).
CASES = [
    ("promise", {}, ["greedy", "nash"], 3),
    ("promise", {}, ["ismcts:iterations=20", "greedy"], 2),
    ("goofspiel", SMALL, ["greedy", "nash"], 3),
    ("goofspiel", SMALL, ["nash", "ismcts:iterations=20"], 3),
]


def same_game(state: State, row: dict[str, Any]) -> None:
    """``state`` is the game of ``row``: same deal, length, decisions and result."""
    o = state.outcome()
    assert state.seed == row["seed"]
    assert [float(x) for x in o.returns] == row["returns"]
    assert list(o.ranks) == row["ranks"] and list(o.results) == row["results"]
    assert state.move_number == row["decisions"]
    assert sum(len(joint) for joint in state.record().decisions) == row["moves"]


@pytest.mark.parametrize(("game_id", "config", "bots", "games"), CASES)
def test_demo_path_replays_game_i_of_a_simulation(
    game_id: str, config: dict[str, Any], bots: list[str], games: int
) -> None:
    """What ``caiquan demo GAME --seed S --game-index I --bots B`` runs (seat_specs,
    game_seed, play_match) is row I of ``caiquan simulate GAME --seed S --bots B``."""
    rows = simulate(game_id, config, bots, games, SEED)
    game = load_game(game_id, config)
    specs = seat_specs(bots, game.num_players)
    assert [r["seed"] for r in rows] == [game_seed(SEED, i) for i in range(games)]
    assert seeds(SEED, games) == [r["seed"] for r in rows]
    for row in rows:
        same_game(play_match(game, specs, game_seed(SEED, row["game"])), row)
    if any(BotSpec.parse(b).search for b in bots):
        return  # seconds a game: the rest is checked with the quick bots
    # bots built beforehand play alike; so does the tournament's game (lab.play_game)
    last = rows[-1]
    same_game(play_match(game, [s.build() for s in specs], last["seed"]), last)
    result = play_game(game, specs, game_seed(SEED, last["game"]))
    assert result.decisions == last["decisions"]
    assert [float(x) for x in result.outcome.returns] == last["returns"]


def test_the_bots_rng_decides_the_game() -> None:
    """Not vacuous: a search bot's games differ with its RNG, and the rows show it."""
    rows = simulate("goofspiel", SMALL, ["nash", "ismcts:iterations=20"], 8, SEED)
    assert len({(tuple(r["returns"]), r["decisions"]) for r in rows}) > 1
    game = load_game("goofspiel", SMALL)
    state = game.new_state(rows[0]["seed"])
    bot = BotSpec.parse("ismcts:iterations=20").build()
    picks = {bot.decide(PlayerView(state, 1), Rng(k)) for k in range(12)}
    assert len(picks) > 1  # so agreeing on the RNG is what makes the front ends agree


@pytest.mark.parametrize(
    ("game_id", "options", "bots"),
    [
        ("promise", [], "greedy,nash"),
        ("goofspiel", ["-o", "num_cards=6"], "nash,ismcts:iterations=20"),
    ],
)
def test_demo_cli_shows_game_i_of_simulate_cli(
    tmp_path: Path, game_id: str, options: list[str], bots: str
) -> None:
    runner = CliRunner()
    results = tmp_path / "results.parquet"
    common = [game_id, *options, "--bots", bots, "--seed", str(SEED)]
    r = runner.invoke(app, ["simulate", *common, "-n", "3", "--out", str(results)])
    assert r.exit_code == 0, r.output
    rows = list(iter_rows(results))
    for row in rows:
        record = tmp_path / f"game{row['game']}.json"
        r = runner.invoke(
            app, ["demo", *common, "--game-index", str(row["game"]), "--record", str(record)]
        )
        assert r.exit_code == 0, r.output
        assert f"game {row['game']} of simulate --seed {SEED}: seed {row['seed']}" in r.output
        state = replay(Record.from_json(record.read_text(encoding="utf-8")))
        same_game(state, row)
        # --seed with the row's seed (its deal seed) is the same game
        again = tmp_path / "again.json"
        args = [game_id, *options, "--bots", bots, "--seed", str(row["seed"])]
        r = runner.invoke(app, ["demo", *args, "--record", str(again)])
        assert r.exit_code == 0, r.output
        assert (
            json.loads(again.read_text())["decisions"]
            == json.loads(record.read_text())["decisions"]
        )


def test_demo_game_index_defaults_to_simulates_seed_0() -> None:
    r = CliRunner().invoke(app, ["demo", "goofspiel", "-o", "num_cards=4", "--game-index", "1"])
    assert r.exit_code == 0, r.output
    assert f"game 1 of simulate --seed 0: seed {game_seed(0, 1)}" in r.output


def test_the_rule_is_stateless_and_documented() -> None:
    import hashlib

    digest = hashlib.sha256(b"12345:bot:1:7").digest()
    assert decision_seed(12345, 1, 7) == int.from_bytes(digest[:8], "big")
    assert bot_rng(12345, 1, 7) == Rng(decision_seed(12345, 1, 7))
    rng = Rng(3)
    assert [game_seed(3, i) for i in range(5)] == [rng.next_u64() >> 1 for _ in range(5)]
    assert game_seed(3, 1000) == seeds(3, 1001)[-1]  # game i alone, without the others


# ---------------------------------------------------------------------- terminal and server


def _bot_table_game(game_id: str, specs: list[str], seed: int) -> State:
    """A terminal table of bots played out as the app does, the seats' worker threads
    finishing in reverse seat order."""
    table = Table.new(game_id, {}, ",".join(specs), seed=seed)
    while not table.state.is_terminal():
        jobs = {p: table.bot_job(p) for p in table.waiting_bots()}
        for p in sorted(jobs, reverse=True):
            assert table.bot_result(jobs[p], jobs[p].run())
    return table.state


@pytest.mark.parametrize("bots", [["ismcts:iterations=20", "nash"], ["greedy", "random"]])
def test_terminal_table_plays_the_demo_game(bots: list[str]) -> None:
    seed = game_seed(SEED, 1)
    final = play_match(load_game("promise"), bots, seed)
    assert _bot_table_game("promise", bots, seed) == final


def test_a_terminal_bot_and_a_server_bot_decide_alike() -> None:
    """Same seed, seat and move → same decision: the terminal's worker thread, the server's
    search process (a table rebuilt from its log), the server's thread path and the
    Gymnasium env's opponent."""
    pytest.importorskip("starlette", reason="the server needs: pip install -e '.[server]'")
    from caiquan.server.hub import decide_in_worker

    spec = "ismcts:iterations=20"
    seed = game_seed(SEED, 2)
    game = load_game("promise")
    bots = [BotSpec.parse(spec).build(), BotSpec.parse("greedy").build()]
    lab = game.new_state(seed)  # the first decisions as play_match makes them
    actions = []
    for _ in range(6):
        joint = tuple((p, decide(bots[p], lab, p)) for p in lab.to_move())
        actions.append(joint)
        lab.apply(dict(joint))
    log: list[tuple[int, int]] = []
    table = Table.new("promise", {}, f"{spec},greedy", seed=seed)
    for joint in actions:
        for p, option in joint:
            if p == 0:
                job = table.bot_job(0)
                assert job.run() == option
                assert decide_in_worker("promise", dict(game.config), seed, log, 0, spec) == option
                state = game.new_state(seed)
                for q, o in log:
                    state.commit(q, o)
                assert decide(BotSpec.parse(spec).build(), state.clone(), 0) == option
        # the other seat commits first here, as it may at a server table
        for p, option in sorted(joint, key=lambda po: -po[0]):
            log.append((p, option))
            table.commit(p, option)


def test_gymnasium_opponents_decide_by_the_rule() -> None:
    pytest.importorskip("gymnasium", reason="needs the envs extra")
    from caiquan.envs.gymnasium import SingleAgentEnv

    seed = game_seed(SEED, 0)
    final = play_match(load_game("goofspiel", SMALL), ["ismcts:iterations=20", "nash"], seed)
    env = SingleAgentEnv("goofspiel", seat=1, opponents="ismcts:iterations=20", config=SMALL)
    env.reset(seed=seed)
    for joint in final.record().decisions:
        mine = dict(joint)
        assert env._pending == {0: mine[0]}  # the opponent's choice, waiting for the seat's
        env.step(mine[1])
    assert env.state == final
