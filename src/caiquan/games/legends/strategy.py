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

from caiquan.engine import PlayerView, Rng, State
from caiquan.engine.strategy import argmax, maximin, terminal_values

from .content import CULTURE, MIGHT, TECH
from .rules import PASSIVE, PEOPLE, SKILL, WAR, LegendsState

_TEMPERATURE = 6.0

#: Search bots stop rollouts after this many decisions and evaluate (a game is hundreds).
DEPTH = 12

#: The search searches the others' turns here instead of modelling them by the rollout
#: player (every legends decision but the war throw is sequential; measured against
#: ``greedy``, 200 iterations, 40 games each: searched 36.2 % per seat, modelled 30.0 %).
MODEL = False


def _progress(world: LegendsState, p: int) -> float:
    """How near ``p`` is to either victory (0 … ~1.3)."""
    g = world.game
    score = world.score(p)
    cont = world.continents(p)
    goal = g.content.star_goal
    a, b = cont / 6, max(0, score) / goal
    markers = sum(world.markers[3 * p + k] for k in range(3))
    return max(a, b) + 0.25 * min(a, b) + 0.015 * min(markers, 10) + 0.01 * len(world.hands[p])


def evaluate(world: State) -> list[float]:
    """Each player's share of a softmax over their progress towards a victory."""
    assert isinstance(world, LegendsState)
    if world.is_terminal():
        return terminal_values(world, *world.game.utility_range())
    n = world.game.num_players
    w = [math.exp(_TEMPERATURE * _progress(world, p)) for p in range(n)]
    total = sum(w)
    return [x / total for x in w]


def _continents(world: LegendsState, p: int) -> dict[int, int]:
    terrs = world.game.content.territories
    out: dict[int, int] = {}
    for t, o in enumerate(world.owner):
        if o == p:
            c = terrs[t].continent
            out[c] = out.get(c, 0) + 1
    return out


def _territory_hit(world: LegendsState, me: int, t: int) -> float:
    """What winning a war on territory ``t`` is worth to ``me``."""
    terr = world.game.content.territories[t]
    d = world.owner[t]
    weight = 1.0 + 2.0 * _progress(world, d)
    if world.yellow[t]:
        return (terr.yellow + terr.black) * weight
    mine = _continents(world, me)
    theirs = _continents(world, d)
    v = (3.0 if terr.continent not in mine else 0.3) - 0.5 * terr.black
    if theirs.get(terr.continent, 0) == 1:
        v += 2.0 * weight
    return v + 0.5 * terr.black * weight


def _build_value(world: LegendsState, me: int, option: int) -> float:
    g = world.game
    tech = option >= g.BUILD_TECH
    t = option - (g.BUILD_TECH if tech else g.BUILD_CULTURE)
    terr = g.content.territories[t]
    left = world.markers[3 * me + (TECH if tech else CULTURE)] - terr.build
    return terr.yellow + terr.black + 0.01 * left


def _want_expand(world: LegendsState, me: int) -> bool:
    g = world.game
    top = g.content.territories[world.tdeck[-1]]
    if top.continent not in _continents(world, me):
        return True
    builder = max(world.markers[3 * me + TECH], world.markers[3 * me + CULTURE])
    return builder + 2 >= top.build


def _action(world: LegendsState, me: int, legal: tuple[int, ...], rng: Rng) -> int:
    g = world.game
    builds = [o for o in legal if g.BUILD_CULTURE <= o < g.EXPAND]
    if builds:
        return argmax(builds, [_build_value(world, me, o) for o in builds], rng)
    if g.EXPAND in legal and _want_expand(world, me):
        return g.EXPAND
    cards = [o for o in legal if o < g.DISCARD]
    if cards:
        persons = g.content.persons
        targets = [t for t, o in enumerate(world.owner) if o >= 0 and o != me]
        best_hit = max((_territory_hit(world, me, t) for t in targets), default=0.0)
        values = []
        for c in cards:
            kind = persons[c].kind
            if kind == WAR:
                values.append(2.0 + best_hit / 4 if best_hit > 1.0 else -1.0)
            elif kind == SKILL:
                values.append(2.0)
            elif kind == PASSIVE:
                values.append(1.0)
            else:
                values.append(0.5)
        if max(values) > 0:
            return argmax(cards, values, rng)
    if g.EXPAND in legal:
        return g.EXPAND
    return g.PASS


def _marker_need(world: LegendsState, me: int) -> int:
    g = world.game
    m = world.markers
    terrs = g.content.territories
    blacks = [terrs[t] for t, o in enumerate(world.owner) if o == me and not world.yellow[t]]
    build_gap = min(
        (t.build - max(m[3 * me + TECH], m[3 * me + CULTURE]) for t in blacks), default=99
    )
    might_gap = 99
    if world.tdeck:
        might_gap = terrs[world.tdeck[-1]].expand - m[3 * me + MIGHT]
    if 0 < build_gap <= might_gap or (might_gap <= 0 < build_gap):
        return TECH if m[3 * me + TECH] >= m[3 * me + CULTURE] else CULTURE
    if might_gap > 0:
        return MIGHT
    return TECH if m[3 * me + TECH] >= m[3 * me + CULTURE] else CULTURE


def _leader_value(world: LegendsState, q: int) -> float:
    return _progress(world, q)


def war_matrix(world: LegendsState, me: int) -> tuple[tuple[int, ...], list[list[float]]]:
    """At a war throw: my throws and the change of :func:`evaluate` for me per throw pair."""
    (opp,) = [q for q in world.to_move() if q != me]
    base = evaluate(world)[me]
    mine, theirs = world.legal(me), world.legal(opp)
    rows = []
    for a in mine:
        row = []
        for b in theirs:
            s = world.clone()
            s.apply({me: a, opp: b})
            row.append(evaluate(s)[me] - base)
        rows.append(row)
    return mine, rows


def war_payoffs(view: PlayerView) -> list[list[float]] | None:
    """``nash`` payoffs at a legends war throw (a ``PayoffFn``): each throw pair's outcome
    valued by :func:`evaluate` on a world sampled from the view (deterministically, so the
    decision depends on the view alone)."""
    if len(view.to_move()) != 2 or view.decision().kind != "throw":
        return None
    world = view.determinize(Rng(view.move_number))
    assert isinstance(world, LegendsState)
    return war_matrix(world, view.player)[1]


#: ``nash`` values legends' war throws with this (no exact payoffs: a war's worth is heuristic).
throw_payoffs = war_payoffs


def policy(world: State, me: int, rng: Rng) -> int:
    assert isinstance(world, LegendsState)
    legal = world.legal(me)
    if len(legal) == 1:
        return legal[0]
    g = world.game
    kind = world.pend[0]
    terrs = g.content.territories
    persons = g.content.persons
    if kind == "action":
        return _action(world, me, legal, rng)
    if kind == "throw":
        mine, m = war_matrix(world, me)
        mix, _ = maximin(m)
        return mine[rng.weighted(mix)]
    if kind == "war_target":
        return argmax(legal, [_territory_hit(world, me, o - g.ATTACK) for o in legal], rng)
    if kind in ("output", "marker"):
        return g.MARKER + _marker_need(world, me)
    if kind == "may":
        return g.YES
    if kind == "target":
        return argmax(legal, [_leader_value(world, o - g.PLAYER) for o in legal], rng)
    if kind == "discard":
        vals = [
            3.0 if persons[o - g.DISCARD].kind == PASSIVE
            else 1.0 if persons[o - g.DISCARD].colour == PEOPLE else 0.0
            for o in legal
        ]  # fmt: skip
        return argmax(legal, vals, rng)
    if kind == "purge":
        vals = []
        for o in legal:
            c = o - g.PURGE
            holder = next(q for q, d in enumerate(world.displays) if c in d)
            passive = persons[c].kind == PASSIVE
            vals.append(_leader_value(world, holder) - (1.0 if passive else 0.0))
        return argmax(legal, vals, rng)
    if kind in ("scout", "take"):
        base = g.SCOUT if kind == "scout" else g.TAKE
        held = _continents(world, me)
        vals = [
            (3.0 if terrs[o - base].continent not in held else 0.0)
            - 0.3 * terrs[o - base].expand
            - 0.2 * terrs[o - base].black
            for o in legal
        ]
        return argmax(legal, vals, rng)
    if kind == "develop":
        return argmax(legal, [_build_value(world, me, o) for o in legal], rng)
    if kind == "raze":
        vals = []
        for o in legal:
            t = o - g.RAZE
            d = world.owner[t]
            lone = _continents(world, d).get(terrs[t].continent, 0) == 1
            vals.append((2.0 if lone else 0.5) * (1.0 + _leader_value(world, d)))
        return argmax(legal, vals, rng)
    if kind == "flip":
        return argmax(legal, [_territory_hit(world, me, o - g.FLIP) for o in legal], rng)
    return rng.choice(legal)  # announce: any throw


def rollout(world: State, me: int, rng: Rng) -> int:
    """The same player, throwing uniformly at random (cheaper inside a search)."""
    assert isinstance(world, LegendsState)
    if world.pend and world.pend[0] == "throw":
        return rng.choice(world.legal(me))
    return policy(world, me, rng)
