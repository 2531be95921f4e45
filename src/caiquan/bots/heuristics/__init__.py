"""Rule-based players, one per game, and the ``greedy`` bot that dispatches to them.

Each game module offers three functions on a *world* (a full state sampled with
``PlayerView.determinize``, or a state inside a search — never the true state of a game in
progress):

* ``policy(world, player, rng) -> option`` — the heuristic player (``greedy``);
* ``rollout(world, player, rng) -> option`` — a cheaper variant for search rollouts;
* ``evaluate(world) -> [value per player]`` — a heuristic value in [0, 1] (1 = surely wins),
  used by the search when it stops a rollout early and by ``nash`` to value throw outcomes;

and optionally ``prune(world, player, legal) -> options`` (the options worth searching: the
search skips plainly wasted ones, e.g. a promise skill card that cannot be used),
``DEPTH`` (the rollout length at which the search stops and evaluates by default) and
``plausibility(world, player) -> weight`` (how likely the others' hidden past choices in a
sampled world are if they play ``policy``: the search weights sampled worlds by it) and
``followed(world, player) -> [(followed, options), …]`` (for each of the others' past moves
the player can see: did it follow ``policy``, out of how many options — the search fits how
often the others leave the rule, ``noise``, from these) and
``MODEL`` (``False``: the search's default ``opponents="auto"`` searches the others'
decisions instead of modelling them by the rollout player), ``ROOT`` (``"regret"``: the
search's default ``root="auto"`` mixes at a simultaneous root by regret matching instead of
best-responding to the model), ``NOISE``, ``TRUST`` and ``WARY`` (the search's defaults for
``noise``, the modelled players' random share — with ``followed``, the prior of its fit —,
``trust``, how many standard errors the search must beat the heuristic's own choice by, and
``wary``, how much that bar rises as the fitted noise grows), ``DEFER``
(decision kinds the search leaves to ``policy``: where the heuristic holds knowledge a short
search cannot rebuild, e.g. promise's matchup matrix for the character pick),
``expert(world, player, rng) -> option | None`` (a stronger player than ``policy`` where the
game's author knows one, e.g. goofspiel's bid reader with three or more players and open
bids: the search plays its answer and searches where it answers ``None``), ``expert_mix(world,
player) -> {option: probability} | None`` (where ``expert`` draws its answer from a
distribution, that distribution: goofspiel's equilibrium table with two players and hidden
bids; ``ISMCTSBot.mix`` reports it) and
``throw_payoffs(view) -> matrix | None`` (a heuristic payoff matrix of a two-player throw
for ``nash``, where the game has no exact ``throw_payoffs`` hook).

A game declares its module as its ``strategy`` hook (``hooks = {"strategy": ".strategy"}`` on
its ``Game`` class, see :mod:`caiquan.engine.describe`); a game without one is played at
random by ``greedy`` and rolled out at random by ``ismcts``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from caiquan.engine import Game, PlayerView, Rng, State, UnknownGameError
from caiquan.games import game_class

from ..spec import Param
from .common import Evaluate, argmax, lookahead, maximin

Policy = Callable[[State, int, Rng], int]
Prune = Callable[[State, int, tuple[int, ...]], tuple[int, ...]]
Plausibility = Callable[[State, int], float]
Followed = Callable[[State, int], list[tuple[bool, int]]]
Expert = Callable[[State, int, Rng], int | None]
ExpertMix = Callable[[State, int], dict[int, float] | None]


@dataclass(frozen=True)
class Heuristic:
    policy: Policy
    rollout: Policy
    evaluate: Evaluate
    prune: Prune | None = None
    depth: int | None = None
    plausibility: Plausibility | None = None
    model: bool = True
    throw_payoffs: Callable[[PlayerView], list[list[float]] | None] | None = None
    followed: Followed | None = None
    root: str = "ucb"
    noise: float | None = None
    trust: float | None = None
    defer: tuple[str, ...] = ()
    wary: float | None = None
    mix_below: int | None = None
    expert: Expert | None = None
    expert_mix: ExpertMix | None = None


@cache
def _load(cls: type[Game]) -> Heuristic | None:
    m = cls.hook("strategy")
    if m is None:
        return None
    return Heuristic(
        m.policy,
        m.rollout,
        m.evaluate,
        getattr(m, "prune", None),
        getattr(m, "DEPTH", None),
        getattr(m, "plausibility", None),
        getattr(m, "MODEL", True),
        getattr(m, "throw_payoffs", None),
        getattr(m, "followed", None),
        getattr(m, "ROOT", "ucb"),
        getattr(m, "NOISE", None),
        getattr(m, "TRUST", None),
        tuple(getattr(m, "DEFER", ())),
        getattr(m, "WARY", None),
        getattr(m, "MIX_BELOW", None),
        getattr(m, "expert", None),
        getattr(m, "expert_mix", None),
    )


def heuristic_for(game_id: str) -> Heuristic | None:
    """The heuristic a game declares (its ``strategy`` hook, imported on first use), or
    ``None`` (no hook, or no such game)."""
    try:
        cls = game_class(game_id)
    except UnknownGameError:
        return None
    return _load(cls)


class GreedyBot:
    """The per-game heuristic player (random in a game without one).

    It samples one world consistent with its view and applies the game's rules of thumb
    to it; see each module of :mod:`caiquan.bots.heuristics` for what they are.
    """

    name = "greedy"
    PARAMS: ClassVar[tuple[Param, ...]] = ()  # the game's heuristic decides everything
    SEARCH: ClassVar[bool] = False

    def decide(self, view: PlayerView, rng: Rng) -> int:
        legal = view.legal()
        if len(legal) == 1:
            return legal[0]
        h = heuristic_for(view.game.id)
        if h is None:
            return rng.choice(legal)
        return h.policy(view.determinize(rng, log=False), view.player, rng)


__all__ = [
    "Evaluate",
    "Expert",
    "Followed",
    "GreedyBot",
    "Heuristic",
    "Plausibility",
    "Policy",
    "Prune",
    "argmax",
    "heuristic_for",
    "lookahead",
    "maximin",
]
