"""Observation tensors and action masks: fixed sizes, bounds, layouts, and no hidden
information (a player's tensor is unchanged by ``determinize`` for that player)."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from caiquan.engine import Rng
from caiquan.envs.tensors import HIGH, LOW, action_mask, encoder_for
from caiquan.games import load_game

from .configs import CONFIGS, config_id

# the determinize test plays a few games of each configuration to the end
SEEDS = range(4)
# other contents and variants with hidden information of their own
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("promise", {"character_pick": "open"}),  # the first pick is hidden until both pick
    ("legends", {"players": 4, "content": "edition54"}),
    ("drama", {"swap_natures": True, "two_is_composite": True}),
]


def playout(gid: str, opts: dict[str, Any], seed: int) -> list[Any]:
    """Every state of one random game (copies), the final one included."""
    game = load_game(gid, opts)
    state = game.new_state(seed)
    rng = Rng(seed + 1000)
    states = [state.clone()]
    while not state.is_terminal():
        state.apply({p: rng.choice(state.legal(p)) for p in state.to_move()})
        states.append(state.clone())
    return states


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_fixed_size_bounds_and_contiguous_layout(config: tuple[str, dict[str, Any]]) -> None:
    gid, opts = config
    enc = encoder_for(load_game(gid, opts))
    offset = 0
    for seg in enc.segments:
        assert seg.offset == offset and seg.length > 0, seg
        offset += seg.length
    assert offset == enc.size
    for state in playout(gid, opts, 1)[::3]:
        for p in range(state.num_players):
            x = enc.encode(state.observation(p))
            assert x.shape == (enc.size,) and x.dtype == np.float32
            assert np.all(x >= LOW) and np.all(x <= HIGH)
            assert x[enc.segment("me").offset + p] == 1.0


@pytest.mark.parametrize("config", CONFIGS + VARIANTS, ids=config_id)
def test_tensor_is_unchanged_by_determinize_for_that_player(
    config: tuple[str, dict[str, Any]],
) -> None:
    gid, opts = config
    enc = encoder_for(load_game(gid, opts))
    checked = 0
    for seed in SEEDS:
        states = playout(gid, opts, seed)
        step = max(1, len(states) // 30)  # legends games are long: ~30 states per game
        for i, state in enumerate(states):
            if i % step and i != len(states) - 1:
                continue
            for p in range(state.num_players):
                mine = enc.encode(state.observation(p))
                twin = state.determinize(p, Rng(seed * 7919 + i * 31 + p))
                assert np.array_equal(mine, enc.encode(twin.observation(p))), (gid, seed, i, p)
                # a determinized twin of the twin looks the same to p as well
                twin2 = twin.determinize(p, Rng(i))
                assert np.array_equal(mine, enc.encode(twin2.observation(p)))
                checked += 1
    assert checked >= 40


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_scales_keep_values_in_bounds_before_clipping(config: tuple[str, dict[str, Any]]) -> None:
    """Clipping to [-1, 1] is a safety net: the documented scales keep typical games inside."""
    gid, opts = config
    enc = encoder_for(load_game(gid, opts))
    for seed in range(3):
        for state in playout(gid, opts, seed)[::3]:
            for p in range(state.num_players):
                v = np.zeros(enc.size, dtype=np.float32)
                enc._fill(v, state.observation(p))
                worst = int(np.argmax(np.abs(v)))
                seg = next(s for s in enc.segments if s.offset <= worst < s.offset + s.length)
                assert abs(v[worst]) <= 1.0, f"{seg.name} reaches {v[worst]}"


@pytest.mark.parametrize("config", CONFIGS, ids=config_id)
def test_different_observations_give_different_tensors(
    config: tuple[str, dict[str, Any]],
) -> None:
    """The encoder keeps the information of the observation: along a game, the player's
    distinct observations (ignoring texts) map to distinct tensors, with few exceptions."""
    gid, opts = config
    enc = encoder_for(load_game(gid, opts))
    for p in (0, 1):
        seen: dict[bytes, str] = {}
        collisions = 0
        for state in playout(gid, opts, 2):
            obs = state.observation(p)
            key = enc.encode(obs).tobytes()
            text = json.dumps(obs, sort_keys=True)
            if key in seen and seen[key] != text:
                collisions += 1
            seen.setdefault(key, text)
        assert collisions == 0, f"{collisions} distinct observations share a tensor"


def test_mask_marks_exactly_the_legal_options() -> None:
    game = load_game("legends", players=4)
    for state in playout("legends", {"players": 4}, 3)[:200]:
        for p in range(game.num_players):
            mask = action_mask(state, p)
            assert mask.dtype == np.int8 and mask.shape == (game.num_option_ids,)
            assert tuple(np.flatnonzero(mask)) == state.legal(p)
            if p not in state.to_move():
                assert not mask.any()


def test_spectator_and_missing_observations() -> None:
    game = load_game("drama")
    enc = encoder_for(game)
    state = game.new_state(5)
    spectator = enc.encode(state.observation(None))
    assert not spectator[enc.segment("me").slice].any()
    assert not spectator[enc.segment("hand").slice].any()
    assert not enc.encode(None).any()


def test_layout_is_documented() -> None:
    """docs/envs.md shows each encoder's layout table (regenerate with Encoder.describe)."""
    from pathlib import Path

    docs = (Path(__file__).parents[2] / "docs" / "envs.md").read_text(encoding="utf-8")
    for gid, opts in [
        ("promise", {}),
        ("drama", {}),
        ("legends", {"players": 4}),
        ("goofspiel", {}),
    ]:
        table = encoder_for(load_game(gid, opts)).describe()
        assert table in docs, f"docs/envs.md lacks the current layout of {gid} {opts}"


def test_unknown_game_has_no_encoder() -> None:
    class Fake:
        id = "nope"

        @staticmethod
        def hook(name: str) -> None:
            return None

    with pytest.raises(KeyError, match="declares no observation encoder"):
        encoder_for(Fake())  # type: ignore[arg-type]
