"""伟人的猜拳战略: a player who builds and expands when it can and wars the weakest spot.

Action order: build (the territory worth most stars, paid in the marker held most), expand
(when the top territory brings a new continent or can be built soon), play a card (war
cards when a good target stands, then skills, passives, people), pass. Wars target the
territory whose loss hurts the strongest opponent most (a yellow one is flipped: all its
stars; a black one is taken: a continent for me, one less for them). Markers go where the
next expansion or build needs them. Throws: the equilibrium mix of the war's outcomes
valued by :func:`evaluate` (``war_payoffs``, which the ``nash`` bot uses as ``throw_payoffs``).

The game's ``strategy`` hook (see :mod:`caiquan.bots.heuristics` for what ``policy``,
``rollout``, ``evaluate``, ``DEPTH`` and ``MODEL`` are for).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from caiquan.engine import PlayerView, Rng, State
from caiquan.engine.strategy import argmax, maximin, terminal_values

from .data import CULTURE, PASSIVE, PEOPLE, SKILL, TECH, WAR
from .effects import DECISIONS, EFFECTS
from .judge import build_value, continents, marker_need, progress_all, territory_hit
from .rules import LegendsState

_TEMPERATURE = 6.0

#: Search bots stop rollouts after this many decisions and evaluate (a game is hundreds).
DEPTH = 12

#: The search searches the others' turns here instead of modelling them by the rollout
#: player (every legends decision but the war throw is sequential; measured against
#: ``greedy``, 200 iterations, 40 games each: searched 36.2 % per seat, modelled 30.0 %).
MODEL = False

#: What playing a card of each kind is worth at the turn's action (war: see :func:`_cards`).
_CARD_KIND_VALUE = {SKILL: 2.0, PASSIVE: 1.0}


def evaluate(world: State) -> list[float]:
    """Each player's share of a softmax over their progress towards a victory."""
    assert isinstance(world, LegendsState)
    if world.is_terminal():
        return terminal_values(world, *world.game.utility_range())
    w = [math.exp(_TEMPERATURE * x) for x in progress_all(world)]
    total = sum(w)
    return [x / total for x in w]


def _want_expand(world: LegendsState, me: int) -> bool:
    g = world.game
    top = g.content.territories[world.tdeck[-1]]
    if top.continent not in continents(world, me):
        return True
    builder = max(world.markers[3 * me + TECH], world.markers[3 * me + CULTURE])
    return builder + 2 >= top.build


def _card_values(world: LegendsState, me: int, cards: list[int]) -> list[float]:
    """Playing each card: a war card when a good target stands, then skills, passives."""
    persons = world.game.content.persons
    targets = [t for t, o in enumerate(world.owner) if o >= 0 and o != me]
    best_hit = max((territory_hit(world, me, t) for t in targets), default=0.0)
    war = 2.0 + best_hit / 4 if best_hit > 1.0 else -1.0
    return [
        war if persons[c].kind == WAR else _CARD_KIND_VALUE.get(persons[c].kind, 0.5) for c in cards
    ]


def _action(world: LegendsState, me: int, legal: tuple[int, ...], rng: Rng) -> int:
    g = world.game
    builds = [o for o in legal if g.BUILD_CULTURE <= o < g.EXPAND]
    if builds:
        return argmax(builds, [build_value(world, me, o) for o in builds], rng)
    if g.EXPAND in legal and _want_expand(world, me):
        return g.EXPAND
    cards = [o for o in legal if o < g.DISCARD]
    if cards:
        values = _card_values(world, me, cards)
        if max(values) > 0:
            return argmax(cards, values, rng)
    if g.EXPAND in legal:
        return g.EXPAND
    return g.PASS


def war_matrix(world: LegendsState, me: int) -> tuple[tuple[int, ...], list[list[float]]]:
    """At a war throw: my throws and the change of :func:`evaluate` for me per throw pair
    (played out once per distinct effect of a pair, ``LegendsState.throw_effect``: three
    or four plays instead of nine)."""
    (opp,) = [q for q in world.to_move() if q != me]
    base = evaluate(world)[me]
    mine, theirs = world.legal(me), world.legal(opp)
    throw = world.game.THROW
    attacking = world.war[0] == me
    by_effect: dict[tuple[int, bool], float] = {}
    rows = []
    for a in mine:
        row = []
        for b in theirs:
            ta, td = (a, b) if attacking else (b, a)
            effect = world.throw_effect(ta - throw, td - throw)
            value = by_effect.get(effect)
            if value is None:
                s = world.clone()
                s.apply({me: a, opp: b})
                value = by_effect[effect] = evaluate(s)[me] - base
            row.append(value)
        rows.append(row)
    return mine, rows


def war_payoffs(view: PlayerView) -> list[list[float]] | None:
    """``nash`` payoffs at a legends war throw (a ``PayoffFn``): each throw pair's outcome
    valued by :func:`evaluate` on a world sampled from the view (deterministically, so the
    decision depends on the view alone)."""
    if len(view.to_move()) != 2 or view.decision().kind != "throw":
        return None
    world = view.determinize(Rng(view.move_number), log=False)
    assert isinstance(world, LegendsState)
    return war_matrix(world, view.player)[1]


#: ``nash`` values legends' war throws with this (no exact payoffs: a war's worth is heuristic).
throw_payoffs = war_payoffs


def _throw(world: LegendsState, me: int, legal: tuple[int, ...], rng: Rng) -> int:
    mine, m = war_matrix(world, me)
    mix, _ = maximin(m)
    return mine[rng.weighted(mix)]


def _war_target(world: LegendsState, me: int, legal: tuple[int, ...], rng: Rng) -> int:
    g = world.game
    return argmax(legal, [territory_hit(world, me, o - g.ATTACK) for o in legal], rng)


def _output(world: LegendsState, me: int, legal: tuple[int, ...], rng: Rng) -> int:
    return world.game.MARKER + marker_need(world, me)


def _may(world: LegendsState, me: int, legal: tuple[int, ...], rng: Rng) -> int:
    return world.game.YES


def _discard(world: LegendsState, me: int, legal: tuple[int, ...], rng: Rng) -> int:
    """Discard a passive first (it fires), then a people card, then anything."""
    g = world.game
    persons = g.content.persons
    vals = [
        3.0 if persons[o - g.DISCARD].kind == PASSIVE
        else 1.0 if persons[o - g.DISCARD].colour == PEOPLE else 0.0
        for o in legal
    ]  # fmt: skip
    return argmax(legal, vals, rng)


def _effect_decision(world: LegendsState, me: int, legal: tuple[int, ...], rng: Rng) -> int:
    """A decision an effect asks: the option its entry in the effect table values most."""
    eff = world._pending_effect(world.pend)
    value = EFFECTS[eff.do].value
    assert value is not None
    return argmax(legal, [value(world, me, eff, o) for o in legal], rng)


Rule = Callable[[LegendsState, int, tuple[int, ...], Rng], int]

#: How the player decides each kind of decision (the effects' decisions: their table).
_RULES: dict[str, Rule] = {
    "action": _action,
    "throw": _throw,
    "war_target": _war_target,
    "output": _output,
    "may": _may,
    "discard": _discard,
    **dict.fromkeys(DECISIONS, _effect_decision),
}


def policy(world: State, me: int, rng: Rng) -> int:
    assert isinstance(world, LegendsState)
    legal = world.legal(me)
    if len(legal) == 1:
        return legal[0]
    rule = _RULES.get(str(world.pend[0]))
    if rule is None:
        return rng.choice(legal)  # announce: any throw
    return rule(world, me, legal, rng)


def rollout(world: State, me: int, rng: Rng) -> int:
    """The same player, throwing uniformly at random (cheaper inside a search)."""
    assert isinstance(world, LegendsState)
    if world.pend and world.pend[0] == "throw":
        return rng.choice(world.legal(me))
    return policy(world, me, rng)
