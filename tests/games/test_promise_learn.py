"""Promise's learn-mode hints (the ``learn`` hook, issue 20): the stance hint fits the round it
is shown in — the first placement in round 1, how far the tokens may move later."""

from __future__ import annotations

import random

from caiquan.games import load_game
from caiquan.games.promise.rules import PromiseState


def _stance_hint(state: PromiseState, player: int) -> dict[str, str]:
    hints = state.game.learn_hints(state, player)
    (what,) = [h for h in hints if h["kind"] == "what"]
    return what


def _next_stance(state: PromiseState, rng: random.Random) -> None:
    """Play on (random choices) to the next stance step."""
    state.apply({d.player: rng.choice(state.legal(d.player)) for d in state.decisions()})
    while not state.is_terminal() and state.phase != "stance":
        state.apply({d.player: rng.choice(state.legal(d.player)) for d in state.decisions()})


def test_the_stance_hint_of_round_1_is_the_first_placement() -> None:
    state = load_game("promise", {"characters": "sword,spear"}).new_state(4)
    assert isinstance(state, PromiseState) and state.phase == "stance" and state.round == 1
    for p in (0, 1):
        hint = _stance_hint(state, p)
        assert "first placement" in hint["en"] and "row nearest you" in hint["en"]
        assert "第一次放置" in hint["zh"] and "最近的一排" in hint["zh"]
        assert "move" not in hint["en"].split("first placement")[1]


def test_the_stance_hint_of_later_rounds_says_how_far_the_tokens_move() -> None:
    seen: set[int] = set()
    for seed in range(40):
        game = load_game(
            "promise",
            {
                "characters": random.Random(seed).choice(
                    ["fist,sword", "sword,fist", "taoist,guard", "spear,assassin"]
                )
            },
        )
        state = game.new_state(seed)
        assert isinstance(state, PromiseState)
        rng = random.Random(seed)
        _next_stance(state, rng)
        while not state.is_terminal():
            assert state.round >= 2
            for p in (0, 1):
                hint = _stance_hint(state, p)
                step = state.step_range[p]
                seen.add(min(step, 2))
                assert "round 1" not in hint["en"] and "first placement" not in hint["en"]
                assert "第 1 回合" not in hint["zh"] and "第一次放置" not in hint["zh"]
                if step == 0:
                    assert "may not move" in hint["en"] and "不能移动" in hint["zh"], hint
                elif step == 1:
                    assert "one step" in hint["en"] and "一格" in hint["zh"], hint
                else:
                    assert f"up to {step} steps" in hint["en"], hint
                    assert f"至多 {step} 格" in hint["zh"], hint
            _next_stance(state, rng)
    assert seen == {0, 1, 2}, seen  # pinned, plain and longer moves all came up
