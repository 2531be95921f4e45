"""What a position is worth to 伟人的猜拳战略's heuristic player.

The valuations :mod:`.strategy` plays by, shared with the effect table (:mod:`.effects`),
whose entries value the options of their own decisions with them. Everything here reads a
*world* (a full state sampled from a player's view, or a state inside a search).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .data import CULTURE, MIGHT, TECH

if TYPE_CHECKING:
    from .rules import LegendsState


def progress(world: LegendsState, p: int) -> float:
    """How near ``p`` is to either victory (0 … ~1.3)."""
    g = world.game
    score = world.score(p)
    cont = world.continents(p)
    markers = sum(world.markers[3 * p + k] for k in range(3))
    return _progress(cont, score, g.content.star_goal, markers, len(world.hands[p]))


def _progress(continents: int, score: int, goal: int, markers: int, hand: int) -> float:
    """The formula of :func:`progress`: the nearer victory counts most (continents of 6, or
    stars of the goal), the other a quarter, then markers and cards in hand."""
    a, b = continents / 6, max(0, score) / goal
    return max(a, b) + 0.25 * min(a, b) + 0.015 * min(markers, 10) + 0.01 * hand


def progress_all(world: LegendsState) -> list[float]:
    """:func:`progress` of every player, equal to it number for number, in one pass over the
    territories (``evaluate`` asks for every player's at each node of a search)."""
    g = world.game
    n = g.num_players
    terrs = g.content.territories
    yellow = world.yellow
    scores = [0] * n
    held = [0] * n  # a bit per continent held
    for t, o in enumerate(world.owner):
        if o >= 0:
            terr = terrs[t]
            scores[o] += terr.yellow if yellow[t] else -terr.black
            held[o] |= 1 << terr.continent
    goal = g.content.star_goal
    markers = world.markers
    out = []
    hands = world.hands
    for p in range(n):
        m = markers[3 * p] + markers[3 * p + 1] + markers[3 * p + 2]
        out.append(_progress(held[p].bit_count(), scores[p], goal, m, len(hands[p])))
    return out


def continents(world: LegendsState, p: int) -> dict[int, int]:
    """How many territories ``p`` holds of each continent (only those held)."""
    terrs = world.game.content.territories
    out: dict[int, int] = {}
    for t, o in enumerate(world.owner):
        if o == p:
            c = terrs[t].continent
            out[c] = out.get(c, 0) + 1
    return out


def territory_hit(world: LegendsState, me: int, t: int) -> float:
    """What winning a war on territory ``t`` is worth to ``me``."""
    terr = world.game.content.territories[t]
    d = world.owner[t]
    weight = 1.0 + 2.0 * progress(world, d)
    if world.yellow[t]:
        return (terr.yellow + terr.black) * weight
    mine = continents(world, me)
    theirs = continents(world, d)
    v = (3.0 if terr.continent not in mine else 0.3) - 0.5 * terr.black
    if theirs.get(terr.continent, 0) == 1:
        v += 2.0 * weight
    return v + 0.5 * terr.black * weight


def build_value(world: LegendsState, me: int, option: int) -> float:
    """What a build option (a territory and the marker paid) is worth to ``me``."""
    g = world.game
    tech = option >= g.BUILD_TECH
    t = option - (g.BUILD_TECH if tech else g.BUILD_CULTURE)
    terr = g.content.territories[t]
    left = world.markers[3 * me + (TECH if tech else CULTURE)] - terr.build
    return terr.yellow + terr.black + 0.01 * left


def marker_need(world: LegendsState, me: int) -> int:
    """The marker ``me`` needs most: for the next build, or for the next expansion."""
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


def leader_value(world: LegendsState, q: int) -> float:
    """How much hurting ``q`` is worth: their progress."""
    return progress(world, q)


__all__ = [
    "build_value",
    "continents",
    "leader_value",
    "marker_need",
    "progress",
    "territory_hit",
]
