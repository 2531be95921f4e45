"""Bots never read hidden information: the same view and seed give the same decision on the
true state and on a ``determinize``d twin, for every bot in every game."""

from __future__ import annotations

import pytest

from caiquan.bots import make_bot
from caiquan.engine import PlayerView, Rng, State
from caiquan.games import load_game

BOTS = [
    "random",
    "greedy",
    "nash",
    "exploit",
    "exploit:margin=0,prior=0.5,memory=3",
    "ismcts:iterations=8",
    "ismcts:iterations=8,depth=3",
    "ismcts:iterations=8,worlds=3,trust=1",
    "ismcts:iterations=8,paired=1",
    "ismcts:iterations=8,opponents=search,throws=search",
    "ismcts:iterations=8,root=regret",
]
GAMES = ["promise", "legends", "drama", "goofspiel", "goofspiel-3p", "goofspiel-solved"]
#: the game each label plays: hidden bids at two players; open bids at three, where the search
#: leaves bids to the bid reader (the point cards' order is the hidden part there); hidden
#: bids at two players in a game with a solved table (the search draws from it)
CONFIGS = {
    "goofspiel": {"imp_info": True},
    "goofspiel-3p": {"players": 3},
    "goofspiel-solved": {"imp_info": True, "num_cards": 6, "points_order": "descending"},
}
#: the first step a state is taken from (a 6-card game has five decisions)
START = {"goofspiel-solved": 1}


def _states(game_id: str) -> list[State]:
    """Mid-game states of a few random games: two simultaneous throws (where ``nash``
    works) and the first state of every other decision kind."""
    game = load_game(game_id.split("-")[0], CONFIGS.get(game_id, {}))
    kinds: dict[str, State] = {}
    throws: list[State] = []
    more: list[State] = []
    for seed in range(6):
        s = game.new_state(seed)
        rng = Rng(seed)
        step = 0
        start = START.get(game_id, 4)
        while not s.is_terminal():
            movers = s.to_move()
            if step >= start and any(len(s.legal(p)) > 1 for p in movers):
                kind = s.decision(movers[0]).kind
                if kind == "throw" and len(movers) == 2:
                    if len(throws) < 2:
                        throws.append(s.clone())
                elif kind not in kinds and len(kinds) < 5:
                    kinds[kind] = s.clone()
                elif step == start + 1:
                    more.append(s.clone())
            s.apply({p: rng.choice(s.legal(p)) for p in movers})
            step += 1
    picked = throws + list(kinds.values())
    return picked + more[: max(0, 3 - len(picked))]


@pytest.mark.parametrize("game_id", GAMES)
def test_same_decision_on_a_determinized_twin(game_id: str) -> None:
    states = _states(game_id)
    assert len(states) >= 3
    for i, s in enumerate(states):
        for p in s.to_move():
            if len(s.legal(p)) == 1:
                continue
            twin = s.determinize(p, Rng(1000 + i))
            assert twin.observation(p) == s.observation(p)
            for spec in BOTS:
                a = make_bot(spec).decide(PlayerView(s, p), Rng(7 + i))
                b = make_bot(spec).decide(PlayerView(twin, p), Rng(7 + i))
                assert a == b, f"{spec} decided {a} on the true state, {b} on its twin"
                assert a in s.legal(p)
