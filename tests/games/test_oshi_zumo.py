"""Oshi-Zumo: the rules from their own sentences, the conformance harness, a move-for-move
cross-check against OpenSpiel's C++ ``oshi_zumo``, and every front end, with no wiring of the
game anywhere outside its package (issue 19: a game is one package and one registry line).

The terminal table, the server and the browser play it in ``tests/tui``, ``tests/server`` and
``tests/web`` (``test_oshi_zumo.py`` in each), beside the helpers they use.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from caiquan.bots import make_bot
from caiquan.engine import ConfigError, PlayerView, Rng
from caiquan.games import game_class, game_ids, load_game
from caiquan.games.oshi_zumo import OshiZumo, OshiZumoState
from caiquan.games.oshi_zumo import strategy as oz
from caiquan.testing import check_game


def new(seed: int = 0, **options: Any) -> OshiZumoState:
    state = load_game("oshi_zumo", options).new_state(seed)
    assert isinstance(state, OshiZumoState)
    return state


def bout(state: OshiZumoState, b0: int, b1: int) -> None:
    state.apply({0: b0, 1: b1})


# ---------------------------------------------------------------------- the rules


def test_registered_with_openspiels_options_and_defaults() -> None:
    assert "oshi_zumo" in game_ids() and game_class("oshi_zumo") is OshiZumo
    g = load_game("oshi_zumo")
    assert dict(g.config) == {
        "coins": 50, "size": 3, "horizon": 1000, "min_bid": 0, "alesia": False,
    }  # fmt: skip
    assert g.num_players == 2 and g.num_option_ids == 51 and g.max_decisions() == 1000
    d = g.description()
    assert (d["dynamics"], d["chance"], d["information"]) == (
        "simultaneous",
        "deterministic",
        "perfect",
    )
    assert d["matrix_kinds"] == ["bid"] and d["utility_sum"] == 0.0
    assert d["hooks"] == ["encoder", "guide", "learn", "strategy"]
    assert {t["kind"] for t in d["balance_targets"]} == {"seat_gap", "draw_rate", "end_reason"}


def test_options_are_typed_and_bounded() -> None:
    with pytest.raises(ConfigError, match=r"min_bid.*at most coins"):
        load_game("oshi_zumo", coins=5, min_bid=6)
    for bad in ({"coins": 0}, {"size": -1}, {"horizon": 0}, {"coins": "many"}, {"alesia": 3}):
        with pytest.raises(ConfigError):
            load_game("oshi_zumo", bad)
    assert load_game("oshi_zumo", coins="7", alesia="true").config["alesia"] is True


def test_both_bid_at_once_from_nothing_to_everything() -> None:
    s = new(coins=5)
    assert s.to_move() == (0, 1) and s.is_simultaneous()
    assert s.legal(0) == s.legal(1) == (0, 1, 2, 3, 4, 5)
    d = s.decision(1)
    assert d.kind == "bid" and d.simultaneous and d.choices[2].en == "bid 2"
    assert "you have 5 coins, your opponent 5" in d.prompt_en and "中央" in d.prompt_zh


def test_the_higher_bid_pushes_toward_the_other_edge_and_both_pay() -> None:
    s = new(coins=10, size=2)
    bout(s, 3, 1)  # player 0 pushes toward player 1's edge: +1
    assert s.position == 1 and s.coins == [7, 9]
    bout(s, 2, 4)  # player 1 pushes back
    assert s.position == 0 and s.coins == [5, 5]
    bout(s, 2, 2)  # equal bids: no move, both still pay
    assert s.position == 0 and s.coins == [3, 3] and s.turn == 3
    assert s.observation(None)["bids"] == [[3, 1], [2, 4], [2, 2]]


def test_min_bid_and_a_player_short_of_it_bids_all_they_have() -> None:
    s = new(coins=5, min_bid=2)
    assert s.legal(0) == (2, 3, 4, 5)
    bout(s, 4, 2)
    assert s.legal(0) == (1,), "one coin left, below min_bid: bid it (as OpenSpiel)"
    assert s.legal(1) == (2, 3)
    bout(s, 1, 3)
    assert s.coins == [0, 0] and s.is_terminal()  # both out of coins
    assert s.outcome().reason == "no_coins" and s.returns() == (0.0, 0.0)  # the centre


def test_a_player_without_coins_can_only_bid_nothing() -> None:
    s = new(coins=3, size=3)
    bout(s, 3, 0)
    assert s.legal(0) == (0,) and s.legal(1) == (0, 1, 2, 3)
    assert s.timeout_option(1) == 0, "a timer runs out: the smallest bid"


def test_pushing_the_wrestler_off_wins_at_once() -> None:
    s = new(coins=10, size=1)
    bout(s, 1, 0)
    bout(s, 1, 0)  # two steps: off player 1's edge
    assert s.is_terminal() and s.position == 2 and s.coins == [8, 10]
    o = s.outcome()
    assert o.returns == (1.0, -1.0) and o.results == ("win", "loss") and o.reason == "pushed_off"
    ev = s.events(None)[-1]
    assert ev == {"kind": "end", "reason": "pushed_off", "winner": 0, "position": 2}
    s = new(coins=10, size=0)
    bout(s, 0, 4)  # size 0: the first push is off the ring
    assert s.is_terminal() and s.returns() == (-1.0, 1.0)


def test_the_turn_limit_ends_the_game_and_the_half_decides() -> None:
    s = new(coins=10, size=3, horizon=2)
    bout(s, 0, 1)
    bout(s, 0, 0)
    assert s.is_terminal() and s.outcome().reason == "horizon"
    assert s.position == -1 and s.returns() == (-1.0, 1.0)  # in player 0's half
    s = new(coins=10, size=3, horizon=2)
    bout(s, 2, 1)
    bout(s, 1, 2)
    assert s.position == 0 and s.returns() == (0.0, 0.0)  # the centre is a draw


def test_alesia_only_a_push_off_wins() -> None:
    s = new(coins=4, size=3, alesia=True)
    bout(s, 4, 0)
    bout(s, 0, 0)
    assert s.is_terminal() is False
    bout(s, 0, 0)  # horizon 1000 is far: the game goes on while anyone can bid
    s = new(coins=4, size=3, horizon=3, alesia=True)
    for _ in range(3):
        bout(s, 1, 0)
    assert s.position == 3 and s.is_terminal() and s.returns() == (0.0, 0.0)
    s = new(coins=4, size=1, alesia=True)
    bout(s, 1, 0)
    bout(s, 1, 0)
    assert s.returns() == (1.0, -1.0) and s.outcome().reason == "pushed_off"


def test_max_decisions_is_a_true_bound() -> None:
    assert load_game("oshi_zumo", coins=7, min_bid=2).max_decisions() == 4
    assert load_game("oshi_zumo", coins=7, min_bid=2, horizon=3).max_decisions() == 3
    assert load_game("oshi_zumo", coins=7).max_decisions() == 1000
    s = new(coins=7, size=20, min_bid=2)
    for _ in range(4):  # the longest game: every bid the smallest
        bout(s, s.legal(0)[0], s.legal(1)[0])
    assert s.is_terminal() and s.move_number == 4


def test_everything_is_public_but_a_face_down_bid() -> None:
    s = new(coins=6, size=2)
    bout(s, 2, 1)
    views = [s.observation(p) for p in (0, 1, None)]
    for v in views:
        v.pop("player")
    assert views[0] == views[1] == views[2]
    assert views[0]["coins"] == [4, 5] and views[0]["ring"] == "#...W.#"
    before = s.observation(1)
    assert not s.commit(0, 3)
    after = s.observation(1)
    assert after["committed"] == [0] and "my_commit" not in after
    assert {k: v for k, v in after.items() if k != "committed"} == {
        k: v for k, v in before.items() if k != "committed"
    }
    assert s.observation(0)["my_commit"] == 3
    # a search for player 1 does not see player 0's face-down bid: it is re-drawn
    drawn = {s.determinize(1, Rng(k))._pending[0] for k in range(40)}
    assert len(drawn) > 1 and drawn <= set(s.legal(0))


def test_events_read_in_both_languages() -> None:
    g = load_game("oshi_zumo", coins=5, size=1)
    s = g.new_state(0)
    s.apply({0: 2, 1: 1})
    s.apply({0: 1, 1: 1})
    s.apply({0: 2, 1: 0})
    en = [g.format_event(e, "en") for e in s.events(None)]
    zh = [g.format_event(e, "zh") for e in s.events(None)]
    assert en == [
        "turn 1: bids 2 vs 1, player 0 pushes; wrestler at +1, in player 1's half; coins 3 / 4",
        "turn 2: bids 1 vs 1, a standoff; wrestler at +1, in player 1's half; coins 2 / 3",
        "turn 3: bids 2 vs 0, player 0 pushes; wrestler at +2, in player 1's half; coins 0 / 3",
        "the wrestler was pushed off the ring: player 0 wins",
    ]
    assert zh[0] == "第 1 回合：出价 2 对 1，玩家 0 推进一步；力士在玩家 1 半场 +1；剩余硬币 3 / 4"
    assert zh[1].startswith("第 2 回合：出价 1 对 1，僵持不动")
    assert zh[3] == "力士被推出场外：玩家 0 获胜"


def test_catalogue_texts_follow_the_configuration() -> None:
    coin, wrestler = load_game("oshi_zumo", coins=9, min_bid=2, size=1).catalogue()
    assert (coin.kind, coin.id, wrestler.id) == ("piece", "coin", "wrestler")
    assert "9 coins" in coin.text.en and "at least 2" in coin.text.en and "9 枚" in coin.text.zh
    assert "3 cells" in wrestler.text.en and "2 steps" in wrestler.text.en
    (_, alesia) = load_game("oshi_zumo", alesia=True).catalogue()
    assert "Alesia" in alesia.text.en and "阿莱西亚" in alesia.text.zh
    rules = load_game("oshi_zumo").rules("zh")
    assert "阿莱西亚" in rules and "Alesia" not in rules


# ---------------------------------------------------------------------- conformance

CONFIGS: list[dict[str, Any]] = [
    {"coins": 10, "size": 1},
    {"coins": 7, "size": 2, "horizon": 6, "min_bid": 2},
    {"coins": 12, "size": 0, "min_bid": 5},
    {"coins": 6, "size": 4, "horizon": 9, "alesia": True},
    {"coins": 3, "size": 3, "horizon": 4},
]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: json.dumps(c))
def test_conformance(config: dict[str, Any]) -> None:
    check_game(load_game("oshi_zumo", config), seeds=range(4))


# ---------------------------------------------------------------------- OpenSpiel

pyspiel_reason = "OpenSpiel is a test extra: pip install -e '.[test]'"

#: OpenSpiel's defaults, then non-default coins, size (0 included), horizon, min_bid, alesia
XCONFIGS: list[dict[str, Any]] = [
    {},
    {"coins": 10, "size": 1, "horizon": 20},
    {"coins": 7, "size": 2, "horizon": 6, "min_bid": 2},
    {"coins": 12, "size": 0, "min_bid": 5},
    {"coins": 20, "size": 4, "horizon": 9, "alesia": True},
    {"coins": 5, "size": 1, "min_bid": 1, "alesia": True},
    {"coins": 3, "size": 3, "horizon": 4},
    {"coins": 30, "size": 2, "horizon": 40, "min_bid": 3},
]
XGAMES = 1600


def _pick(legal: tuple[int, ...], rng: Rng) -> int:
    # half uniform, half among the three smallest bids: long games (the turn limit, pushes
    # won by a coin) as well as short ones
    return rng.choice(legal if rng.random() < 0.5 else legal[:3])


def _cross_check(config: dict[str, Any], seed: int) -> str:
    pyspiel = pytest.importorskip("pyspiel", reason=pyspiel_reason)
    from caiquan.envs.tensors import encoder_for

    game = load_game("oshi_zumo", config)
    enc = encoder_for(game)
    first = enc.segment("coins_0").offset
    ours = game.new_state(seed)
    theirs = pyspiel.load_game("oshi_zumo", config).new_initial_state()
    rng = Rng(seed * 7919 + 1)
    while True:
        assert ours.is_terminal() == theirs.is_terminal(), f"terminal differs at {ours.turn}"
        obs = ours.observation(None)
        flat = [b for turn in obs["bids"] for b in turn]
        for p in (0, 1):
            # the information state: OpenSpiel's is the history of bids, ours shows them all
            assert theirs.information_state_string(p) == ", ".join(map(str, flat))
            # the observation: coins and the ring, as OpenSpiel writes them
            c0, c1 = obs["coins"]
            assert theirs.observation_string(p) == f"Coins: {c0} {c1}, Field: {obs['ring']}\n"
            tensor = np.asarray(theirs.observation_tensor(p), dtype=np.float32)
            mine = enc.encode(ours.observation(p))[first : first + tensor.size]
            assert np.array_equal(mine, tensor), "the observation tensors differ"
        if ours.is_terminal():
            break
        for p in (0, 1):
            assert list(ours.legal(p)) == theirs.legal_actions(p)
        joint = [_pick(ours.legal(p), rng) for p in (0, 1)]
        ours.apply(joint)
        theirs.apply_actions(joint)
    assert ours.returns() == tuple(theirs.returns())
    assert ours.move_number == len(theirs.history()) // 2
    return ours.outcome().reason


def test_same_legal_actions_returns_and_information_as_openspiel() -> None:
    reasons: dict[str, int] = {}
    for i in range(XGAMES):
        reason = _cross_check(XCONFIGS[i % len(XCONFIGS)], seed=i)
        reasons[reason] = reasons.get(reason, 0) + 1
    # every way a game can end was compared
    assert set(reasons) == {"pushed_off", "horizon", "no_coins"}, reasons
    assert min(reasons.values()) >= 50, reasons


def test_openspiel_adapter_registers_it_as_openspiel_declares_it() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason=pyspiel_reason)
    from caiquan.envs import openspiel as cos

    game = cos.load("oshi_zumo", coins=6, size=1)
    native = pyspiel.load_game("oshi_zumo", {"coins": 6, "size": 1})
    gt, nt = game.get_type(), native.get_type()
    assert (gt.information, gt.chance_mode, gt.utility) == (
        nt.information,
        nt.chance_mode,
        nt.utility,
    )
    assert gt.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert "deal_draws" not in game.get_parameters()  # no chance: no deal to draw
    state = game.new_initial_state()
    assert not state.is_chance_node() and state.is_simultaneous_node()
    assert state.legal_actions(0) == native.new_initial_state().legal_actions(0)
    assert game.num_distinct_actions() == native.num_distinct_actions() + 1  # + the wait action
    pyspiel.random_sim_test(cos.load("oshi_zumo"), num_sims=3, serialize=True, verbose=False)
    pyspiel.random_sim_test(
        cos.load("oshi_zumo", coins=9, min_bid=2, alesia=True), num_sims=5, serialize=True,
        verbose=False,
    )  # fmt: skip


def test_cfr_on_caiquan_oshi_zumo_matches_openspiel_oshi_zumo() -> None:
    """A known value from outside: CFR+ through OpenSpiel's turn-based transform gives the
    same NashConv, iteration by iteration, on caiquan_oshi_zumo as on OpenSpiel's C++ game."""
    pyspiel = pytest.importorskip("pyspiel", reason=pyspiel_reason)
    from open_spiel.python.algorithms import cfr, exploitability

    from caiquan.envs import openspiel as cos

    config = {"coins": 3, "size": 1, "horizon": 3}
    ours = pyspiel.convert_to_turn_based(cos.load("oshi_zumo", **config))
    native = pyspiel.convert_to_turn_based(pyspiel.load_game("oshi_zumo", config))
    a, b = cfr.CFRPlusSolver(ours), cfr.CFRPlusSolver(native)
    for _ in range(3):
        a.evaluate_and_update_policy()
        b.evaluate_and_update_policy()
        conv_a = exploitability.nash_conv(ours, a.average_policy())
        conv_b = exploitability.nash_conv(native, b.average_policy())
        assert conv_a == pytest.approx(conv_b, abs=1e-9)


# ---------------------------------------------------------------------- bots


def _play(specs: tuple[str, str], seed: int, **config: Any) -> tuple[float, ...]:
    from caiquan.lab.play import play_game

    game = load_game("oshi_zumo", config)
    return play_game(game, [make_bot(s) for s in specs], seed).outcome.returns


@pytest.mark.parametrize(
    "specs",
    [
        ("random", "greedy"),
        ("nash", "random"),
        ("ismcts:iterations=60", "greedy"),
        ("nash", "ismcts:iterations=60"),
    ],
)
def test_every_bot_plays_whole_games(specs: tuple[str, str]) -> None:
    for seed in range(2):
        r = _play(specs, seed, coins=8, size=2)
        assert r in ((1.0, -1.0), (-1.0, 1.0), (0.0, 0.0))


def test_nash_solves_the_bid_matrix() -> None:
    """``bid`` is a matrix kind: nash solves the matrix of both players' bids (valued by the
    strategy's evaluation); a sure win is the only bid it plays."""
    bot = make_bot("nash")
    s = new(coins=6, size=1)
    bot.decide(PlayerView(s, 0), Rng(1))
    assert bot.last_matrix is not None and len(bot.last_matrix) == len(bot.last_matrix[0]) == 7
    assert bot.last_mix is not None and abs(sum(bot.last_mix) - 1) < 1e-9
    s = new(coins=6, size=1)
    bout(s, 0, 5)  # pushed back, but 6 coins against 1: bids of 2 win the 3 pushes needed
    assert oz.sure_win(s, 0) and oz.sure_bid(s, 0) == 2
    assert bot.decide(PlayerView(s, 0), Rng(2)) == 2
    assert oz.policy(s, 0, Rng(3)) == 2


def test_greedy_budgets_its_coins_and_beats_random() -> None:
    s = new(coins=20, size=3)
    bids = {oz.policy(s, 0, Rng(k)) for k in range(30)}
    assert bids == {4, 5, 6}, "20 coins over 4 pushes: 5, one coin either way"
    assert oz.prune(s, 0, s.legal(0)) == s.legal(0)[:22]  # above 21 a bid only costs more
    wins = sum(_play(("greedy", "random"), i, coins=20)[0] > 0 for i in range(0, 60, 2))
    wins += sum(_play(("random", "greedy"), i, coins=20)[1] > 0 for i in range(1, 60, 2))
    assert wins >= 45, f"greedy won {wins} of 60 against random"


def test_evaluate_counts_a_push_as_about_one_coin() -> None:
    """As the exact values of small games have it: a push bought for a coin is worth having,
    one bought for three is not; out of coins against a sure win is lost."""
    s = new(coins=20, size=3)
    assert oz.evaluate(s) == [0.5, 0.5]
    cheap, dear = s.clone(), s.clone()
    bout(cheap, 1, 0)
    bout(dear, 3, 0)
    assert oz.evaluate(cheap)[0] > 0.5 > oz.evaluate(dear)[0]
    assert sum(oz.evaluate(dear)) == pytest.approx(1.0)
    bout(dear, 17, 0)  # player 0 is out of coins: player 1 wins surely
    v = oz.evaluate(dear)
    assert v[1] > 0.99 and v[0] == pytest.approx(1 - v[1])


# ---------------------------------------------------------------------- adapters


def test_pettingzoo_api_tests() -> None:
    pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
    import warnings

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "The old environment creation API", DeprecationWarning)
        warnings.filterwarnings("ignore", "Observation is not a NumPy array", UserWarning)
        warnings.filterwarnings("ignore", "Observation space for each agent", UserWarning)
        from pettingzoo.test import api_test, parallel_api_test, seed_test

        from caiquan.envs.pettingzoo import env, parallel_env

        for config in ({"coins": 8, "size": 2}, {"coins": 5, "min_bid": 2, "alesia": True}):
            api_test(env("oshi_zumo", config), num_cycles=200)
            parallel_api_test(parallel_env("oshi_zumo", config), num_cycles=500)
            seed_test(lambda config=config: env("oshi_zumo", config), num_cycles=100)


def test_gymnasium_check_env_both_seats() -> None:
    pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    from caiquan.envs.gymnasium import SingleAgentEnv, env_id

    for seat in (0, 1):
        env = SingleAgentEnv("oshi_zumo", seat=seat, config={"coins": 8}, opponents="greedy")
        check_env(env, skip_render_check=True)
        _, info = env.reset(seed=seat)
        done = False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            _, reward, done, _, info = env.step(int(legal[len(legal) // 2]))
        assert reward == env.state.returns()[seat]
    made = gymnasium.make(env_id("oshi_zumo"), config={"coins": 6}, render_mode="ansi")
    check_env(made.unwrapped)


def test_encoder_layout() -> None:
    from caiquan.envs.tensors import encoder_for

    enc = encoder_for(load_game("oshi_zumo", coins=4, size=1, horizon=10))
    names = [s.name for s in enc.segments]
    assert names[-4:] == ["coins_0", "coins_1", "wrestler", "turns_left"]
    s = new(coins=4, size=1, horizon=10)
    bout(s, 3, 1)
    x = enc.encode(s.observation(1))
    assert x[enc.segment("coins_0").slice].tolist() == [0, 1, 0, 0, 0]
    assert x[enc.segment("coins_1").slice].tolist() == [0, 0, 0, 1, 0]
    assert x[enc.segment("wrestler").slice].tolist() == [0, 0, 0, 1, 0]
    assert x[enc.segment("turns_left").slice].tolist() == pytest.approx([0.9])


# ---------------------------------------------------------------------- the lab and the bench


def test_simulate_and_balance_from_the_command_line(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("pyarrow", reason="the lab extra (pyarrow) is not installed")
    from caiquan.cli.main import main

    with pytest.raises(SystemExit) as done:
        main(["simulate", "oshi_zumo", "-n", "12", "-b", "greedy,random", "-o", "coins=10",
              "--json"])  # fmt: skip
    assert done.value.code in (0, None)
    summary = json.loads(capsys.readouterr().out)
    assert summary["game"] == "oshi_zumo" and summary["games"] == 12
    out = tmp_path / "oz.html"
    with pytest.raises(SystemExit) as done:
        main(["balance", "oshi_zumo", "-n", "16", "-b", "greedy", "-o", "coins=10", "--json",
              "--out", str(out)])  # fmt: skip
    assert done.value.code in (0, None)
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "oshi_zumo" and "bid" in report["decision_kinds"]
    assert set(report["end_reasons"]) <= {"pushed_off", "horizon", "no_coins"}
    assert out.exists() and out.with_suffix(".json").exists()


def test_bench_measures_it() -> None:
    from caiquan.bench import default_setups, run

    assert ("oshi_zumo", {}) in default_setups()
    (result,) = run([("oshi_zumo", {})], seconds=0.05)
    assert result.game == "oshi_zumo" and result.games > 0 and result.decisions > 0
