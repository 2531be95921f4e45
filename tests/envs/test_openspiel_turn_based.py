"""OpenSpiel adapter: the turn-based form (``turn_based=True``), the Python fast path (the
query methods answered in Python for Python callers) and copy-on-write clones."""

from __future__ import annotations

import json
import pickle
from collections import defaultdict
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra (open-spiel) is not installed")

from caiquan.engine import GameOverError, IllegalDecisionError, Rng  # noqa: E402
from caiquan.envs import openspiel as cos  # noqa: E402
from caiquan.games import load_game  # noqa: E402

from .configs import CONFIGS, config_id  # noqa: E402

SIMS = {"legends": 1, "promise": 2, "drama": 2, "goofspiel": 4}
#: every game (three players where a game takes more than two), in both forms
EVERY_GAME = pytest.mark.parametrize(
    ("game_id", "opts"),
    [("promise", {}), ("drama", {}), ("legends", {"players": 3}), ("goofspiel", {"players": 3})],
)
EVERY_FORM = pytest.mark.parametrize(
    "turn_based", [False, True], ids=["simultaneous", "turn-based"]
)


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_random_sim_test_of_the_turn_based_form(config: tuple[str, dict[str, Any]]) -> None:
    gid, opts = config
    game = cos.load(gid, turn_based=True, **opts)
    assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game.num_distinct_actions() == game.caiquan_game.num_option_ids  # no WAIT
    pyspiel.random_sim_test(game, num_sims=SIMS[gid], serialize=True, verbose=False)


def _step(state: Any, rng: Rng) -> None:
    if state.is_simultaneous_node():
        n = state.get_game().num_players()
        state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(n)])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def _same_error(state: Any, method: str, *args: int) -> None:
    """The Python method and the pyspiel.State one both raise ``SpielError``."""
    with pytest.raises(pyspiel.SpielError):
        getattr(state, method)(*args)
    with pytest.raises(pyspiel.SpielError):
        getattr(pyspiel.State, method)(state, *args)


@EVERY_FORM
@EVERY_GAME
def test_the_python_fast_path_answers_as_pyspiel_does(
    game_id: str, opts: dict[str, Any], turn_based: bool
) -> None:
    """Every query the state answers in Python (for Python callers) gives what the
    pyspiel.State method it shadows gives through C++, at every node of random games,
    chance and terminal nodes and bad players included."""
    game = cos.load(game_id, turn_based=turn_based, **opts)
    n = game.num_players()
    base = pyspiel.State
    rng = Rng(11)
    for _ in range(2):
        state = game.new_initial_state()
        for _step_no in range(400):
            assert state.is_chance_node() == base.is_chance_node(state)
            assert state.is_simultaneous_node() == base.is_simultaneous_node(state)
            assert state.is_player_node() == base.is_player_node(state)
            assert state.legal_actions() == base.legal_actions(state)
            for p in range(n):
                assert state.legal_actions(p) == base.legal_actions(state, p)
                assert state.information_state_string(p) == base.information_state_string(state, p)
                assert state.observation_string(p) == base.observation_string(state, p)
            if state.current_player() >= 0:
                assert state.information_state_string() == base.information_state_string(state)
            _same_history(state, state)
            _same_error(state, "information_state_string", n)
            _same_error(state, "observation_string", -1)
            _same_error(state, "player_return", n)
            if state.is_terminal():
                assert [state.player_return(p) for p in range(n)] == [
                    base.player_return(state, p) for p in range(n)
                ]
                break
            if not state.is_chance_node():
                _same_error(state, "legal_actions", -5)
            _step(state, rng)


def _same_history(state: Any, reference: Any) -> None:
    """``state`` answers with the history C++ keeps for ``reference`` (a state moved by C++
    alone)."""
    base = pyspiel.State
    assert state.history() == base.history(reference)
    assert [(x.player, x.action) for x in state.full_history()] == [
        (x.player, x.action) for x in base.full_history(reference)
    ]
    assert state.history_str() == base.history_str(reference)
    assert state.move_number() == base.move_number(reference)
    assert state.is_initial_state() == base.is_initial_state(reference)
    assert state.is_initial_non_chance_state() == base.is_initial_non_chance_state(reference)


def _same_state(mine: Any, theirs: Any, n: int) -> None:
    """Two states of the same game answer every query alike."""
    assert mine.current_player() == theirs.current_player()
    assert mine.is_terminal() == theirs.is_terminal()
    assert mine.engine_state == theirs.engine_state
    assert str(mine) == str(theirs)
    assert mine.legal_actions() == theirs.legal_actions()
    for p in range(n):
        assert mine.information_state_string(p) == theirs.information_state_string(p)
        assert mine.observation_string(p) == theirs.observation_string(p)
        assert mine.player_return(p) == theirs.player_return(p)
    assert mine.returns() == theirs.returns()


@EVERY_FORM
@EVERY_GAME
def test_python_child_and_clone_are_the_cxx_ones(
    game_id: str, opts: dict[str, Any], turn_based: bool
) -> None:
    """``child`` and ``clone`` answered in Python give the states C++ would (same answers to
    every query, the same history as C++ keeps when it makes every move), leave their
    parent unchanged, and mix with C++ moves, serialization and pickling."""
    game = cos.load(game_id, turn_based=turn_based, **opts)
    n = game.num_players()
    base = pyspiel.State
    rng = Rng(5)
    state = game.new_initial_state()  # moved by the Python child
    twin = game.new_initial_state()  # moved by C++ alone
    for _step_no in range(300):
        if state.is_terminal():
            break
        if state.is_simultaneous_node():
            actions = [rng.choice(state.legal_actions(p)) for p in range(n)]
            state.apply_actions(actions)
            twin.apply_actions(actions)
        else:
            before = str(state), state.history()
            action = rng.choice(state.legal_actions())
            child, cxx_child = state.child(action), base.child(state, action)
            assert (str(state), state.history()) == before  # the parent did not move
            twin.apply_action(action)
            _same_state(child, cxx_child, n)
            _same_state(child, twin, n)
            _same_history(child, twin)
            state = child if rng.random() < 0.5 else child.clone()
        _same_history(state, twin)
        if rng.random() < 0.1:  # C++ moves and copies of Python-made states keep count
            copy = base.clone(state)
            _same_history(copy, twin)
            if not copy.is_terminal() and not copy.is_simultaneous_node():
                a = copy.legal_actions()[0]
                _same_history(base.child(copy, a), base.child(twin, a))
    assert state.is_terminal()
    again = pickle.loads(pickle.dumps(state))
    _same_state(again, twin, n)
    _same_history(again, twin)
    _, state2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    _same_state(state2, twin, n)
    _same_history(state2, twin)


def test_an_illegal_pending_choice_is_refused_at_once() -> None:
    game = cos.load("goofspiel", num_cards=4, deal_draws=0, turn_based=True)
    state = game.new_initial_state()
    for move in (state.child, state.apply_action):
        with pytest.raises(IllegalDecisionError, match="cannot choose option 7"):
            move(7)
    assert state.history() == [] and not state._engine.pending
    child = state.child(1).child(2)
    assert child.history() == [1, 2]
    with pytest.raises(GameOverError):
        terminal = child
        while not terminal.is_terminal():
            terminal = terminal.child(terminal.legal_actions()[0])
        terminal.child(0)


def _tree_strings(game: Any) -> dict[tuple[int, ...], tuple[int, str]]:
    """Every decision node of a small game: history -> (player to move, their string)."""
    out: dict[tuple[int, ...], tuple[int, str]] = {}

    def walk(state: Any) -> None:
        if state.is_terminal():
            return
        p = state.current_player()
        out[tuple(state.history())] = (p, state.information_state_string(p))
        for a in state.legal_actions():
            walk(state.child(a))

    walk(game.new_initial_state())
    return out


def _partition(nodes: dict[tuple[int, ...], tuple[int, str]]) -> set[frozenset[tuple[int, ...]]]:
    groups: dict[tuple[int, str], set[tuple[int, ...]]] = defaultdict(set)
    for history, key in nodes.items():
        groups[key].add(history)
    return {frozenset(g) for g in groups.values()}


@pytest.mark.parametrize("imp_info", [True, False])
def test_turn_based_goofspiel_has_openspiel_information_sets(imp_info: bool) -> None:
    """The turn-based form rolls a simultaneous node out as OpenSpiel's
    ``convert_to_turn_based`` does (in seat order, a choice hidden from the later movers):
    over the whole tree of 4-card goofspiel, the same histories and the same player to
    move. With hidden bids the strings group the histories into exactly OpenSpiel's
    information sets; with open bids OpenSpiel's C++ string forgets in which turn each bid
    was played (it is not perfect recall), so ours split its sets and never merge two."""
    params = {"num_cards": 4, "points_order": "descending", "imp_info": imp_info}
    ours = _tree_strings(cos.load("goofspiel", deal_draws=0, turn_based=True, **params))
    text = f"goofspiel(num_cards=4,points_order=descending,imp_info={str(imp_info).lower()})"
    cpp = _tree_strings(pyspiel.convert_to_turn_based(pyspiel.load_game(text)))
    assert ours.keys() == cpp.keys()
    assert all(ours[h][0] == cpp[h][0] for h in ours)
    mine, theirs = _partition(ours), _partition(cpp)
    if imp_info:
        assert mine == theirs
        assert len(mine) > 100
    else:
        assert all(any(group <= other for other in theirs) for group in mine)
        assert len(mine) > len(theirs)


def test_a_pending_choice_is_seen_only_by_its_maker() -> None:
    game = cos.load("goofspiel", num_cards=4, deal_draws=0, turn_based=True)
    state = game.new_initial_state()
    before = [state.information_state_string(p) for p in range(2)]
    assert state.current_player() == 0 and state.legal_actions(1) == []
    state.apply_action(2)  # player 0 bids 3; player 1 has not bid
    assert state.current_player() == 1
    assert state.engine_state.move_number == 0  # nothing applied yet
    assert state.information_state_string(1) == before[1]
    assert state.observation_string(1) == json.dumps(
        state.engine_state.observation(1), sort_keys=True, ensure_ascii=False
    )
    assert json.loads(state.information_state_string(0))["my_pending_choice"] == 2
    assert json.loads(state.observation_string(0))["my_pending_choice"] == 2
    assert "1 choice(s) pending" in str(state)
    state.apply_action(0)
    assert list(state.engine_state.history()) == [((0, 2), (1, 0))]
    assert "my_pending_choice" not in state.information_state_string(0)
    with pytest.raises(ValueError, match="one action at a time"):
        state.apply_actions([0, 1])


def test_clones_share_the_engine_state_until_one_changes_it() -> None:
    """A clone shares the caiquan state with its original (copy on write): changing either,
    by a move or through ``engine_state``, never shows in the other, in both forms and
    across a turn-based rollout."""
    for turn_based in (False, True):
        game = cos.load("goofspiel", num_cards=8, deal_draws=0, turn_based=turn_based)
        rng = Rng(4)
        state = game.new_initial_state()
        for _ in range(3):
            _step(state, rng)
        snapshot = state.engine_state.clone()
        strings = [state.information_state_string(p) for p in range(2)]
        clone = state.clone()
        assert clone._engine is state._engine  # shared, not yet copied
        _step(clone, rng)
        _step(clone, rng)
        assert state.engine_state == snapshot
        assert [state.information_state_string(p) for p in range(2)] == strings
        again = state.clone()
        _step(state, rng)
        assert again.engine_state == snapshot
        if turn_based:  # child() takes one player's action
            children = [again.child(a) for a in again.legal_actions()]
            grandchildren = [c.child(c.legal_actions()[0]) for c in children]
            assert again.engine_state == snapshot
            assert len({c.information_state_string(0) for c in children}) == len(children)
            assert len({g.engine_state.history()[-1] for g in grandchildren}) == len(children)
        third = again.clone()
        third.engine_state.apply({0: third.engine_state.legal(0)[0],
                                  1: third.engine_state.legal(1)[0]})  # fmt: skip
        assert again.engine_state == snapshot


def test_the_turn_based_form_pickles_its_pending_choices() -> None:
    game = cos.load("promise", turn_based=True)
    rng = Rng(8)
    state = game.new_initial_state()
    while True:
        _step(state, rng)
        if state._engine is not None and state._engine.pending:
            break
    text = pyspiel.serialize_game_and_state(game, state)
    _, state2 = pyspiel.deserialize_game_and_state(text)
    assert state2._engine.pending == state._engine.pending
    assert state2.current_player() == state.current_player()
    assert state2.information_state_string(0) == state.information_state_string(0)
    assert state2.history() == state.history()


def test_turn_based_must_be_a_bool() -> None:
    with pytest.raises(pyspiel.SpielError):
        pyspiel.load_game("caiquan_goofspiel", {"turn_based": 1})
    assert cos.load("goofspiel").get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert load_game("goofspiel").num_option_ids + 1 == cos.load("goofspiel").num_distinct_actions()


def test_json_falls_back_to_the_plain_encoder(monkeypatch: pytest.MonkeyPatch) -> None:
    value = {"b": [1, 2.5, None, "é"], "a": {"x": True}}
    expected = json.dumps(value, sort_keys=True, ensure_ascii=False)
    assert cos._make_dumps()(value) == expected
    monkeypatch.setattr(json.encoder, "c_make_encoder", None)
    plain = cos._make_dumps()
    assert plain.__name__ == "encode" and plain(value) == expected
