"""OpenSpiel: ``random_sim_test`` with serialization on every game and player count; the
deal, observers, the wait action and serialization round trips."""

from __future__ import annotations

import json
import pickle
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra (open-spiel) is not installed")

from caiquan.engine import Rng  # noqa: E402
from caiquan.envs import openspiel as cos  # noqa: E402
from caiquan.envs.tensors import encoder_for  # noqa: E402
from caiquan.games import game_ids, load_game  # noqa: E402

from .configs import CONFIGS, config_id  # noqa: E402

# legends games are long (hundreds of decisions, each checked by clone and string
# comparisons in C++): fewer simulations for the big tables keep the suite quick
SIMS = {"legends": 1, "promise": 2, "drama": 3, "goofspiel": 5}


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_random_sim_test_with_serialization(config: tuple[str, dict[str, Any]]) -> None:
    gid, opts = config
    game = cos.load(gid, **opts)
    pyspiel.random_sim_test(game, num_sims=SIMS[gid], serialize=True, verbose=False)


def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    assert {f"caiquan_{g}" for g in game_ids()} <= names
    game = pyspiel.load_game("caiquan_legends(players=5)")
    assert game.num_players() == 5
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_distinct_actions() == load_game("legends", players=5).num_option_ids + 1
    total = cos.load("goofspiel", returns_type="total_points")
    assert total.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def dealt(game: Any, seed: int) -> Any:
    state = game.new_initial_state()
    for i in range(game.deal_draws):
        state.apply_action((seed >> (8 * i)) & 255)
    return state


def test_the_deal_is_the_engine_seed() -> None:
    game = cos.load("promise")
    assert game.max_chance_outcomes() == 256
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 256 and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    seed = 0x01020304
    assert dealt(game, seed).engine_state == load_game("promise").new_state(seed)
    fixed = cos.load("promise", deal_draws=0).new_initial_state()
    assert not fixed.is_chance_node()
    assert fixed.engine_state == load_game("promise").new_state(0)


def test_wait_action_at_a_partial_simultaneous_node() -> None:
    """A legends war throw is simultaneous for attacker and defender only."""
    game = cos.load("legends", players=4)
    rng = Rng(1)
    for seed in range(20):
        state = dealt(game, seed)
        while not state.is_terminal():
            movers = state.engine_state.to_move()
            if state.is_simultaneous_node() and len(movers) < 4:
                for p in range(4):
                    legal = state.legal_actions(p)
                    assert legal == ([game.wait_action] if p not in movers else legal)
                assert state.action_to_string(0, game.wait_action) == "wait"
                return
            if state.is_simultaneous_node():
                state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(4)])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    pytest.fail("no partial simultaneous node in 20 games")


def test_observers_show_the_player_view() -> None:
    game = cos.load("drama")
    state = dealt(game, 77)
    if state.is_simultaneous_node():
        state.apply_actions([state.legal_actions(p)[0] for p in range(4)])
    else:
        state.apply_action(state.legal_actions()[0])
    engine = state.engine_state
    enc = encoder_for(engine.game)
    for p in range(4):
        tensor = np.array(state.observation_tensor(p), dtype=np.float32)
        assert np.array_equal(tensor, enc.encode(engine.observation(p)))
        assert json.loads(state.observation_string(p)) == engine.observation(p)
        info = json.loads(state.information_state_string(p))
        assert info["observation"] == engine.observation(p)
        assert info["events"] == engine.events(p)
        mine = [dict(joint)[p] for joint in engine.history() if p in dict(joint)]
        assert info["my_choices"] == mine
    assert game.observation_tensor_shape() == [enc.size]
    # segments are named tensors of the Python observer
    from open_spiel.python.observation import make_observation

    obs = make_observation(game)
    obs.set_from(state, 2)
    assert set(obs.dict) == {s.name for s in enc.segments}
    assert obs.dict["me"].tolist() == [0.0, 0.0, 1.0, 0.0]
    everything = pyspiel.IIGObservationType(
        perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    with pytest.raises(ValueError, match="one player's view"):
        game.make_py_observer(everything)


def test_serialization_and_pickle_replay_the_record() -> None:
    game = cos.load("legends", players=3)
    state = dealt(game, 1234)
    rng = Rng(3)
    for _ in range(40):
        if state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(3)])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert state2.engine_state == state.engine_state
    assert state2.history() == state.history()
    assert pickle.loads(pickle.dumps(state)).engine_state == state.engine_state
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    clone = state.clone()
    assert clone.engine_state == state.engine_state
    assert clone.engine_state is not state.engine_state


def test_information_state_string_is_built_incrementally_and_exactly() -> None:
    """The cached, incremental string equals a plain JSON dump at every step, also on
    clones taken along the way."""
    game = cos.load("legends", players=3)
    state = dealt(game, 99)
    rng = Rng(5)
    clones = []
    for step in range(120):
        if state.is_terminal():
            break
        for p in range(3):
            engine = state.engine_state
            mine = [dict(j)[p] for j in engine.history() if p in dict(j)]
            plain = {"events": engine.events(p), "my_choices": mine,
                     "observation": engine.observation(p)}  # fmt: skip
            expected = json.dumps(plain, sort_keys=True, ensure_ascii=False)
            assert state.information_state_string(p) == expected
        if step % 10 == 0:
            clones.append((state.clone(), [state.information_state_string(p) for p in range(3)]))
        if state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(3)])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    for clone, strings in clones:
        assert [clone.information_state_string(p) for p in range(3)] == strings


@pytest.mark.parametrize(("game_id", "params"), [("goofspiel", {"num_cards": 5}), ("promise", {})])
def test_information_state_string_of_a_game_whose_events_tell_all(
    game_id: str, params: dict[str, Any]
) -> None:
    """Where the game declares ``events_tell_all``, the string holds the first observation
    instead of the current one, equals a plain JSON dump at every step and on clones, and
    still tells apart every pair of states whose observations differ."""
    game = cos.load(game_id, **params)
    assert game.caiquan_game.events_tell_all
    seen: dict[str, Any] = {}
    repeats = 0
    for seed in range(12):
        state = dealt(game, seed)
        first = [state.engine_state.observation(p) for p in range(2)]
        rng = Rng(seed)
        clones = []
        while not state.is_terminal():
            engine = state.engine_state
            strings = []
            for p in range(2):
                mine = [dict(j)[p] for j in engine.history() if p in dict(j)]
                plain = {"events": engine.events(p), "first_observation": first[p],
                         "my_choices": mine}  # fmt: skip
                text = state.information_state_string(p)
                assert text == json.dumps(plain, sort_keys=True, ensure_ascii=False)
                assert "observation" not in json.loads(text)
                obs = engine.observation(p)
                repeats += text in seen
                assert seen.setdefault(text, obs) == obs, "one string, two observations"
                strings.append(text)
            if engine.move_number % 3 == 0:
                clones.append((state.clone(), strings))
            if state.is_simultaneous_node():
                state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(2)])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        for clone, strings in clones:
            assert [clone.information_state_string(p) for p in range(2)] == strings
    if game_id == "goofspiel":  # small enough that playouts meet in the same information state
        assert repeats > 0


@pytest.mark.parametrize("form", ["transform", "turn_based"])
def test_cfr_on_caiquan_goofspiel_matches_openspiel_goofspiel(form: str) -> None:
    """A known value from outside: CFR+ gives the same NashConv, iteration by iteration, on
    caiquan_goofspiel (through OpenSpiel's turn-based transform, or in its own turn-based
    form) as on OpenSpiel's own C++ goofspiel under the transform (3 cards, descending
    points, one fixed deal)."""
    from open_spiel.python.algorithms import cfr, exploitability

    params = {"num_cards": 3, "points_order": "descending", "deal_draws": 0}
    if form == "turn_based":
        ours = cos.load("goofspiel", turn_based=True, **params)
    else:
        ours = pyspiel.convert_to_turn_based(cos.load("goofspiel", **params))
    native = pyspiel.convert_to_turn_based(
        pyspiel.load_game("goofspiel(num_cards=3,points_order=descending)")
    )
    a, b = cfr.CFRPlusSolver(ours), cfr.CFRPlusSolver(native)
    for _ in range(6):
        a.evaluate_and_update_policy()
        b.evaluate_and_update_policy()
        conv_a = exploitability.nash_conv(ours, a.average_policy())
        conv_b = exploitability.nash_conv(native, b.average_policy())
        assert conv_a == pytest.approx(conv_b, abs=1e-9)
    assert conv_a < 0.1


def test_fresh_initial_states_share_nothing_once_they_move() -> None:
    """Without a deal every initial state borrows the game's one engine until it moves
    (OpenSpiel builds a new initial state for every clone): moving, cloning or reading one
    state never changes another."""
    game = cos.load("goofspiel", num_cards=4, deal_draws=0)
    start = load_game("goofspiel", {"num_cards": 4}).new_state(0)
    a, b = game.new_initial_state(), game.new_initial_state()
    a.apply_actions([0, 1])
    c = b.clone()
    b.apply_actions([3, 3])
    assert a.engine_state.move_number == 1 and b.engine_state.move_number == 1
    assert a.engine_state.history() != b.engine_state.history()
    assert c.engine_state == start and game.new_initial_state().engine_state == start
    fresh = game.new_initial_state()
    fresh.engine_state.apply([2, 2])  # the escape hatch too: engine_state is the state's own
    assert game.new_initial_state().engine_state == start


def test_mccfr_visits_the_same_tree_as_openspiel_goofspiel() -> None:
    """Seeded MCCFR draws the same numbers on the adapter's goofspiel as on OpenSpiel's C++
    goofspiel only if both offer the same number of actions at every node: the solvers then
    tabulate the same number of information states (bench/mccfr.py times them): the
    turn-based form and the simultaneous one under OpenSpiel's transform alike."""
    from caiquan.bench.mccfr import _games, _wrapped, run_solver

    cpp, ours = _games(4)
    wrapped = _wrapped(4)
    for kind, iterations in (("outcome", 300), ("external", 20)):
        expected = run_solver(kind, cpp, iterations)[1]
        assert run_solver(kind, ours, iterations)[1] == expected
        assert run_solver(kind, wrapped, iterations)[1] == expected
