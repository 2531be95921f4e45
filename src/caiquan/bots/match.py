"""One match runner and one rule for the bots' randomness, for every front end.

``caiquan demo``, ``simulate``, ``balance``, ``tournament`` and ``play``, the server's bot
seats and the Gymnasium env's opponents all let a bot decide through :func:`decide`, so a
game's seed fixes the whole game — the deal *and* every bot decision — whichever front end
plays it. Two rules make that so:

**The game seed of a run** (:func:`game_seed`). Game ``i`` of a run with seed ``S``
(``caiquan simulate --seed S``, ``caiquan balance --seed S``, ``caiquan tournament --seed S``)
is dealt with ``game_seed(S, i)``: the ``i+1``-th output of SplitMix64 (:class:`Rng`) seeded
with ``S``, shifted right by one bit (a 63-bit seed). It is the ``seed`` column of the
simulation's results file, and ``caiquan demo GAME --seed S --game-index i`` plays it.

**The bots' RNG** (:func:`decision_seed`, :func:`bot_rng`). The bot in seat ``p`` deciding
at move ``m`` (``state.move_number``: the joint decisions applied so far) of the game dealt
with seed ``g`` draws all its randomness for that decision from
``Rng(decision_seed(g, p, m))``, where ``decision_seed`` is the first 8 bytes (big-endian)
of the SHA-256 digest of the text ``"{g}:bot:{p}:{m}"``. A fresh generator per decision,
derived from nothing but the seed, the seat and the move, because:

* the server decides one seat at a time, in a thread or in another process, and rebuilds a
  table from its log after a restart: a stream carried from decision to decision would be
  lost there, a derived one is not;
* in a simultaneous reveal the seats decide in any order (worker threads in the terminal
  UI), so no seat's randomness may depend on another's draws;
* a saved game resumed in ``caiquan play`` goes on exactly as it would have.

For the same reason a bot decides on the decision as it began: choices other seats have
already laid face down are taken back on a copy first (:func:`decide`).

Hence ``caiquan demo GAME --seed N --bots B`` shows exactly the game that the results file of
``caiquan simulate GAME --bots B`` holds in its row with seed ``N`` (same options and
content), and a bot seat at a table or in the terminal decides as it would there. Bots with a
time budget (``ismcts:seconds=…``) depend on the machine's speed; only an iteration budget
reproduces.

>>> game_seed(1, 0), game_seed(1, 1)
(5225608189600411232, 6878622605533214259)
>>> decision_seed(7, 1, 0) == decision_seed(7, 1, 0) != decision_seed(7, 0, 0)
True
>>> from caiquan.games import load_game
>>> end = play_match(load_game("goofspiel", {"num_cards": 4}), ["random", "greedy"], 3)
>>> end.is_terminal(), end.move_number
(True, 3)
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence

from caiquan.engine import Game, PlayerView, Rng, State

from .base import Bot
from .spec import BotSpec, as_spec

_GAMMA = 0x9E3779B97F4A7C15  # SplitMix64's increment (caiquan.engine.rng)
_MASK = (1 << 64) - 1

OnDecision = Callable[[State, dict[int, int]], None]
"""Called with the state *before* a joint decision and the choices about to be applied."""


def game_seed(run_seed: int, index: int) -> int:
    """The seed game ``index`` (from 0) of a run with ``run_seed`` is dealt with.

    The ``index+1``-th output of ``Rng(run_seed)`` shifted right by one: computed directly,
    so game ``i`` of a long run is the same as game ``i`` of a short one.

    >>> rng = Rng(9)
    >>> [rng.next_u64() >> 1 for _ in range(3)] == [game_seed(9, i) for i in range(3)]
    True
    """
    if index < 0:
        raise ValueError(f"a game index is at least 0, got {index}")
    return Rng((run_seed + index * _GAMMA) & _MASK).next_u64() >> 1


def decision_seed(seed: int, seat: int, move: int) -> int:
    """The seed of the RNG the bot in ``seat`` uses at move ``move`` of the game dealt with
    ``seed``: the first 8 bytes (big-endian) of ``sha256(f"{seed}:bot:{seat}:{move}")``."""
    digest = hashlib.sha256(f"{seed}:bot:{seat}:{move}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def bot_rng(seed: int, seat: int, move: int) -> Rng:
    """The RNG of the bot in ``seat`` at move ``move`` of the game dealt with ``seed``."""
    return Rng(decision_seed(seed, seat, move))


def decision_rng(state: State, seat: int) -> Rng:
    """:func:`bot_rng` for ``seat``'s decision now in ``state``."""
    return bot_rng(state.seed, seat, state.move_number)


def decide(bot: Bot, state: State, seat: int) -> int:
    """``bot``'s choice for ``seat`` now: it sees ``seat``'s view of ``state`` only and draws
    from :func:`decision_rng` — the one way every front end lets a bot decide.

    Choices other seats have already laid face down for this decision (a server table, the
    terminal) are taken back on a copy first: a bot decides on the decision as it began, so
    its choice does not depend on the order in which the seats commit.
    """
    if state.committed():
        state = state.clone()
        for q in state.committed():
            state.withdraw(q)
    return bot.decide(PlayerView(state, seat), decision_rng(state, seat))


def seat_specs(specs: Sequence[str | BotSpec], seats: int) -> list[BotSpec]:
    """One spec per seat, the given ones cycled (``simulate --bots a,b`` at 3 seats:
    ``a, b, a``); each string parsed and checked once.

    >>> [str(s) for s in seat_specs(["random", "nash"], 3)]
    ['random', 'nash', 'random']
    """
    if not specs:
        raise ValueError("name at least one bot")
    parsed = [as_spec(s) for s in specs]
    return [parsed[p % len(parsed)] for p in range(seats)]


def play_match(
    game: Game,
    players: Sequence[Bot | str | BotSpec],
    seed: int,
    *,
    on_decision: OnDecision | None = None,
) -> State:
    """Deal ``game`` with ``seed`` and let ``players[p]`` play seat ``p`` to the end; the
    final state.

    ``players`` holds one bot or spec per seat (a spec builds a new bot for this game; use
    :func:`seat_specs` to cycle fewer specs). Every decision goes through :func:`decide`.
    ``on_decision(state, choices)`` sees each joint decision before it is applied (do not
    change ``state``).
    """
    if len(players) != game.num_players:
        raise ValueError(f"{game.id} needs {game.num_players} bots, got {len(players)}")
    bots = [p.build() if isinstance(p, BotSpec) else p for p in _parsed(players)]
    state = game.new_state(seed)
    while not state.is_terminal():
        choices = {p: decide(bots[p], state, p) for p in state.to_move()}
        if on_decision is not None:
            on_decision(state, choices)
        state.apply(choices)
    return state


def _parsed(players: Sequence[Bot | str | BotSpec]) -> list[Bot | BotSpec]:
    return [BotSpec.parse(p) if isinstance(p, str) else p for p in players]


__all__ = [
    "OnDecision",
    "bot_rng",
    "decide",
    "decision_rng",
    "decision_seed",
    "game_seed",
    "play_match",
    "seat_specs",
]
