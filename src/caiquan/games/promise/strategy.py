# cython: annotation_typing=False
"""猜拳战争●四年之约: a player who reads the power table (the game's ``strategy`` hook).

* character pick: when the first pick is face down (``character_pick = "priority"``, the
  default, ``"blind"`` or ``"open"``), the equilibrium mix of the measured matchup matrix
  (draft.py); in the visible draft, or where no table fits the content, the sturdiest hitter
  (vitality + best attribute + qi);
* stance: the placement whose usable skill values include the best skill it can pay for
  (skills scored from their printed effects);
* configuration, ○一 skill: every skill card that would take effect (and none) is tried on
  a copy against an opponent who sets nothing, each followed by its best weapon step; the
  one that leaves the best throw (the value of the power-table matrix game under
  :func:`evaluate`) wins. Cards that would be discarded unused are never laid;
* configuration, ○二 weapon: each weapon card (and keeping the equipped one) is tried the
  same way, still against an opponent whose face-down skill card counts for nothing (its
  value is unknown: a sampled world's guess is not relied on);
* throw: the equilibrium mix of that matrix; when one side throws first, the maximin throw
  or the best reply to the open throw.
"""

from __future__ import annotations

import math
from functools import lru_cache

from caiquan.engine import Rng, State
from caiquan.engine.strategy import argmax, best_options, maximin, pick_best, terminal_values

from .content import Skill
from .draft import pick_mix, priority_mix, table_for
from .effects import effect_value
from .rules import (
    CHAR_BASE,
    ELIGIBLE_MASK,
    PAIRS,
    SKILL_BASE,
    STANCE_BASE,
    WEAPON_BASE,
    PromiseState,
    eligible_values,
)


def evaluate(world: State) -> list[float]:
    """Life lead (in hits) squashed to [0, 1], with a little weight on qi."""
    assert isinstance(world, PromiseState)
    if world.is_terminal():
        return terminal_values(world, *world.game.utility_range())
    if world.round == 0:
        return [0.5, 0.5]
    life, qi = world.life, world.qi
    x = (life[0] - life[1]) / 2.5 + 0.08 * (qi[0] - qi[1])
    v = 0.5 + 0.45 * math.tanh(x)
    return [v, 1.0 - v]


@lru_cache(maxsize=256)
def _skill_score(skill: Skill) -> float:
    score = 0.0
    for e in skill.effects:
        s = effect_value(e)
        score += s if e.when == "reveal" else 0.5 * s
    return score - 0.3 * skill.cost


#: The search leaves the character pick to :func:`_pick` (``caiquan.bots.heuristics``
#: ``DEFER``): the matchup matrix (draft.toml, from thousands of simulated games) knows what a
#: pick is worth, while a search of a few hundred iterations scores a pick by a rollout
#: stopped after a few decisions — measured, it picked the guard in 60 of 60 sampled picks,
#: and ``greedy`` beat the search 53.8 % over 200 games (docs/bots.md, the ladder).
DEFER = ("character",)

#: The search keeps the heuristic's own choice unless it beats it by two standard errors
#: (``caiquan.bots.heuristics`` ``TRUST``): against a player unlike its model (``random``)
#: the search alone beat ``random`` less often than ``greedy`` (83.5 % against 91.0 %, 200
#: games each, docs/bots.md); with it, 90.0 % over 100 games where ``greedy`` took 83.0 %.
TRUST = 2.0


def _pick(world: PromiseState, legal: tuple[int, ...], rng: Rng) -> int:
    chars = world.game.content.characters
    table = table_for(world.game.content)
    if table is not None and not world.game.draft:
        # face-down picks (draft.py): the matchup matrix's equilibrium; never a look at the
        # other's hidden pick
        mine = [chars[o - CHAR_BASE].id for o in legal]
        if world.game.priority:  # every character is legal: the priority pick's own game
            first = world.phase == "pick" and world.first_picker == world.to_move()[0]
            return legal[rng.weighted(priority_mix(table, mine, first))]
        # blind: the other picks from the same free characters (a clash is a fair replay);
        # open: from all of them
        theirs = mine if world.game.blind else [c.id for c in chars]
        return legal[rng.weighted(pick_mix(table, mine, theirs))]
    values = []
    for o in legal:
        c = chars[o - CHAR_BASE]
        values.append(c.vitality + max(c.attack) + 0.5 * c.qi)
    return argmax(legal, values, rng)


def _stance(world: PromiseState, me: int, legal: tuple[int, ...], rng: Rng) -> int:
    info = _stance_info(world, me, legal)
    best = info.best
    if best is None:
        best = info.best = best_options(legal, info.values)
    return pick_best(best, rng)  # argmax(legal, values, rng), its ties memoised


class _Stances:
    """What the heuristic knows of one stance decision: each option's value, and (made when
    first asked) the tied best options and the options a search keeps (:func:`prune`)."""

    __slots__ = ("best", "kept", "values")

    def __init__(self, values: list[float]) -> None:
        self.values = values
        self.best: list[int] | None = None
        self.kept: tuple[int, ...] | None = None


# (content, character, skill hand, qi, hearts, legal) → the stance decision: a search asks
# again and again. Contents are keyed by id (hashing the frozen dataclass each time costs
# more than the values) and kept alive in _CONTENTS so an id is never reused.
_STANCE_CACHE: dict[tuple[object, ...], _Stances] = {}
_CONTENTS: dict[int, object] = {}


def _stance_info(world: PromiseState, me: int, legal: tuple[int, ...]) -> _Stances:
    content = world.game.content
    _CONTENTS.setdefault(id(content), content)
    key = (
        id(content),
        world.chars[me],
        world.hand_skills[me],
        world.qi[me],
        tuple(world.hearts),
        legal,
    )
    info = _STANCE_CACHE.get(key)
    if info is None:
        if len(_STANCE_CACHE) > 20_000:
            _STANCE_CACHE.clear()
        info = _STANCE_CACHE[key] = _Stances(_compute_stance_values(world, me, legal))
    return info


def _skill_scores(world: PromiseState) -> tuple[tuple[float, ...], ...]:
    """Each character's skill cards' scores (card ``v`` at ``v − 1``), once per content:
    hashing a card (a frozen dataclass of effects) for the memo cost more than the score."""
    content = world.game.content
    scores = _SCORES.get(id(content))
    if scores is None:
        _CONTENTS.setdefault(id(content), content)
        scores = _SCORES[id(content)] = tuple(
            tuple(_skill_score(skill) for skill in c.skills) for c in content.characters
        )
    return scores


_SCORES: dict[int, tuple[tuple[float, ...], ...]] = {}  # by id(content), kept in _CONTENTS


def _compute_stance_values(world: PromiseState, me: int, legal: tuple[int, ...]) -> list[float]:
    c = world.game.content.characters[world.chars[me]]
    scores = _skill_scores(world)[world.chars[me]]
    hand = world.hand_skills[me]
    qi = world.qi[me]
    usable = [
        (v, scores[v - 1]) for v in range(1, 11) if hand >> v & 1 and c.skills[v - 1].cost <= qi
    ]
    usable_mask = sum(1 << v for v, _ in usable)
    hearts = world.hearts
    by_mask: dict[int, float] = {}  # many placements allow the same usable skills
    values = []
    for o in legal:
        i, j = PAIRS[o - STANCE_BASE]
        m = ELIGIBLE_MASK[hearts[i]][hearts[j]] & usable_mask
        value = by_mask.get(m)
        if value is None:
            kept = [s for v, s in usable if m >> v & 1]
            # the best usable skill, and a little for having a second option next round
            value = by_mask[m] = (max(kept) if kept else 0.0) + 0.1 * len(kept)
        values.append(value)
    return values


def throw_matrix(
    world: PromiseState, me: int, spend: bool = False
) -> tuple[tuple[int, ...], list[list[float]]]:
    """At a simultaneous throw: my legal throws and the matrix of :func:`evaluate` values.

    Each cell is settled on a copy of ``world``; with ``spend`` (the caller is done with
    ``world``) the last cell is settled on ``world`` itself, one copy fewer.
    """
    opp = 1 - me
    mine, theirs = world.legal(me), world.legal(opp)
    last_a, last_b = mine[-1], theirs[-1]
    rows = []
    for a in mine:
        row = []
        for b in theirs:
            s = world if spend and a == last_a and b == last_b else world.clone()
            if me == 0:
                s.settle_now(a, b)
            else:
                s.settle_now(b, a)
            row.append(evaluate(s)[me])
        rows.append(row)
    return mine, rows


#: The replies :func:`_sequential_values` valued last, for the reply that follows on the very
#: same world: a search rollout applies the opening throw to the world the opener valued it
#: on, and the replier then asks for those values again. ``(world, its move number then, the
#: opener, {opening throw: (the replies, each one's value for the replier)})``; a world is a
#: function of its state before and the decision applied, so the values are the same floats.
_Replies = tuple[PromiseState, int, int, dict[int, tuple[tuple[int, ...], list[float]]]]
_REPLIES: list[_Replies | None] = [None]


def _sequential_values(world: PromiseState, me: int) -> tuple[tuple[int, ...], list[float]]:
    """One player throws first, openly: the mover's throws valued for ``me``, the other
    side replying with its best throw."""
    (mover,) = world.to_move()
    second = 1 - mover
    firsts = world.legal(mover)
    answers = world.throw_options(second)  # what the second may answer, whatever comes first
    values = []
    valued: dict[int, tuple[tuple[int, ...], list[float]]] = {}
    for a in firsts:
        replies = []
        for b in answers:
            t = world.clone()
            if mover == 0:  # both throws settled on the copy, as two decisions would
                t.settle_now(a, b)
            else:
                t.settle_now(b, a)
            replies.append(evaluate(t)[second])
        valued[a] = (answers, replies)
        best = max(replies)  # the second player's best reply, valued for them
        values.append(best if second == me else 1.0 - best)
    _REPLIES[0] = (world, world.move_number, mover, valued)
    return firsts, values


def _reply_values(world: PromiseState, me: int, legal: tuple[int, ...]) -> list[float]:
    """The replier's values of its throws, each applied on a copy of ``world`` (the opening
    throw is on the table); read from :data:`_REPLIES` when it holds them for this world."""
    memo = _REPLIES[0]
    if memo is not None and memo[0] is world and world.move_number == memo[1] + 1:
        last = world._history[-1]  # the opening throw: ((opener, throw),)
        if len(last) == 1 and last[0][0] == memo[2]:
            hit = memo[3].get(last[0][1])
            if hit is not None and hit[0] == legal:
                return hit[1]
    values = []
    for a in legal:
        s = world.clone()
        s.apply({me: a})
        values.append(evaluate(s)[me])
    return values


def throw_value(world: PromiseState, me: int, spend: bool = False) -> float:
    """What the coming battle throw is worth to ``me`` with both playing well (``spend``:
    the caller is done with ``world``, see :func:`throw_matrix`)."""
    if world.phase != "throw":
        return evaluate(world)[me]
    if len(world.to_move()) == 2:
        _, m = throw_matrix(world, me, spend)
        return maximin(m)[1]
    (mover,) = world.to_move()
    _, values = _sequential_values(world, me)
    return max(values) if mover == me else min(values)


def _usable(world: PromiseState, me: int, option: int) -> bool:
    """Whether a skill-step option lays nothing or a card that would take effect now."""
    v = option - SKILL_BASE
    return not v or world.skill_status(me, v) == "active"


def _best_weapon_value(world: PromiseState, me: int) -> float:
    """At the weapon step: the best throw value over my weapon options, the opponent laying
    no weapon and their face-down skill card (unknown to me) counting for nothing.

    ``world`` is spent: the caller's own copy, changed here (the last option is played on
    it, the others on copies)."""
    opp = 1 - me
    world.set_skill[opp] = 0
    best = -math.inf
    options = world.legal(me)
    last = options[-1]
    for o in options:
        s = world if o == last else world.clone()
        s.apply({me: o, opp: WEAPON_BASE})
        best = max(best, throw_value(s, me, True) if not s.is_terminal() else evaluate(s)[me])
    return best


def _configure_skill(world: PromiseState, me: int, legal: tuple[int, ...], rng: Rng) -> int:
    c = world.game.content.characters[world.chars[me]]
    opp = 1 - me
    options, values = [], []
    for o in legal:
        if not _usable(world, me, o):
            continue  # it would be wasted
        s = world.clone()
        s.apply({me: o, opp: SKILL_BASE})
        v = _best_weapon_value(s, me)
        if skill := o - SKILL_BASE:
            v -= 0.01 * c.skills[skill - 1].cost  # keep qi when it buys nothing
        options.append(o)
        values.append(v)
    return argmax(options, values, rng)


def _configure_weapon(world: PromiseState, me: int, legal: tuple[int, ...], rng: Rng) -> int:
    opp = 1 - me
    base = world.clone()
    base.set_skill[opp] = 0  # see _best_weapon_value
    values = []
    last = legal[-1]
    for o in legal:
        s = base if o == last else base.clone()  # base is ours: the last option spends it
        s.apply({me: o, opp: WEAPON_BASE})
        values.append(throw_value(s, me, True) if not s.is_terminal() else evaluate(s)[me])
    return argmax(legal, values, rng)


def _throw(world: PromiseState, me: int, legal: tuple[int, ...], rng: Rng) -> int:
    if len(world.to_move()) == 2:
        mine, m = throw_matrix(world, me)
        mix, _ = maximin(m)
        return mine[rng.weighted(mix)]
    if not world.throw_queue or len(world.throw_queue) == 2:
        firsts, values = _sequential_values(world, me)
        return argmax(firsts, values, rng)
    return argmax(legal, _reply_values(world, me, legal), rng)


def plausibility(world: State, me: int) -> float:
    """How likely the other's face-down skill card in ``world`` is if they play
    :func:`policy`: between the two configuration steps a sampled world re-deals it from
    their hand, but the heuristic player never lays a card that would be discarded unused."""
    assert isinstance(world, PromiseState)
    if world.phase != "weapon":
        return 1.0
    q = 1 - me
    v = world.set_skill[q]
    return 1.0 if not v or world.skill_status(q, v) == "active" else _SLIP


_SLIP = 0.05  # the weight of a world where the other laid a card that cannot take effect

#: Search bots stop rollouts after this many decisions (about three rounds) and evaluate.
DEPTH = 10
_STANCES = 8


def prune(world: State, me: int, legal: tuple[int, ...]) -> tuple[int, ...]:
    """The options worth searching: no skill card that cannot be used (it would only be
    discarded), and the eight stances best for usable skills."""
    assert isinstance(world, PromiseState)
    if world.phase == "skill":
        usable = [o for o in legal if _usable(world, me, o)]  # a list: no generator, compiled
        return tuple(usable)
    if world.phase == "stance" and len(legal) > _STANCES:
        info = _stance_info(world, me, legal)
        if info.kept is None:
            values = info.values
            ranked = sorted(range(len(legal)), key=lambda i: -values[i])[:_STANCES]
            info.kept = tuple(legal[i] for i in sorted(ranked))
        return info.kept
    return legal


def policy(world: State, me: int, rng: Rng) -> int:
    assert isinstance(world, PromiseState)
    legal = world.legal(me)
    if len(legal) == 1:
        return legal[0]
    ph = world.phase
    if ph == "pick":
        return _pick(world, legal, rng)
    if ph == "stance":
        return _stance(world, me, legal, rng)
    if ph == "skill":
        return _configure_skill(world, me, legal, rng)
    if ph == "weapon":
        return _configure_weapon(world, me, legal, rng)
    if ph == "throw":
        return _throw(world, me, legal, rng)
    return rng.choice(legal)  # the plain rock-paper-scissors for first pick: uniform


def rollout(world: State, me: int, rng: Rng) -> int:
    """A cheaper player for search rollouts: the greedy stance and throws, and at
    configuration the best-scored usable skill (no lookahead), and a random weapon while none
    is equipped (else keep it)."""
    assert isinstance(world, PromiseState)
    legal = world.legal(me)
    if world.phase == "weapon":
        if world.equipped[me] < 0 and world.hand_weapons[me] == 0b111:
            return WEAPON_BASE + 1 + rng.below(3)
        return WEAPON_BASE
    if world.phase != "skill":
        if world.phase == "throw" and len(world.to_move()) == 2:
            return rng.choice(legal)
        return policy(world, me, rng)
    content = world.game.content
    t1, t2 = world.tokens[me]
    hearts = world.hearts
    h1, h2 = hearts[t1], hearts[t2]
    _CONTENTS.setdefault(id(content), content)
    key = (id(content), world.chars[me], h1, h2, world.qi[me], legal)
    best = _SKILL_CACHE.get(key)
    if best is None:
        if len(_SKILL_CACHE) > 20_000:
            _SKILL_CACHE.clear()
        best = _SKILL_CACHE[key] = _best_skill(world, me, h1, h2, legal)
    return best


# (content, character, hearts under my tokens, qi, legal) → the rollout's skill card
_SKILL_CACHE: dict[tuple[object, ...], int] = {}


def _best_skill(world: PromiseState, me: int, h1: int, h2: int, legal: tuple[int, ...]) -> int:
    """The best-scored usable, affordable skill card, or none."""
    c = world.game.content.characters[world.chars[me]]
    scores = _skill_scores(world)[world.chars[me]]
    ok = eligible_values(h1, h2)
    best, best_s = SKILL_BASE, 0.0
    for o in legal:
        skill = o - SKILL_BASE
        if not skill or skill not in ok or c.skills[skill - 1].cost > world.qi[me]:
            continue
        s = scores[skill - 1]
        if s > best_s:
            best, best_s = o, s
    return best
