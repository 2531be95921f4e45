# cython: annotation_typing=False
"""Information-set Monte Carlo tree search for simultaneous, hidden-information games.

Each iteration samples a world consistent with the bot's view (``determinize``), walks a
tree keyed by joint decisions, expands one node, plays a rollout and backs the result up
(single-observer ISMCTS, Cowling, Powley & Whitehouse 2012).

The defaults combine the search with the game's knowledge (:mod:`caiquan.bots.heuristics`):

* ``opponents="model"`` (what ``"auto"``, the default, means unless the game's heuristic
  sets ``MODEL = False``, as legends does): inside the tree the other players do not
  search; each plays the game's heuristic rollout player (a share ``noise`` of their moves,
  0.1, is uniformly random among the options worth searching, so the search does not bet
  everything on the model). The tree then branches only on the bot's own options, which
  it searches with UCB1 (availability counts, since the options on offer differ between
  sampled worlds) — at sequential and simultaneous decisions alike. A simultaneous
  decision against a modelled reply is a single-agent choice; searching both sides of a
  11 × 11 skill step or 13 × 13 bid with decoupled bandits needs far more iterations than a
  bot can spend in a second, and averages each option over nearly random replies
  (measured: the old search lost to ``greedy`` in promise and goofspiel, this one wins;
  docs/bots.md). At a simultaneous root the others' replies come from the full heuristic
  player on a pool of ``worlds`` sampled worlds; with ``belief`` > 0 and a game
  ``plausibility`` hook, sampled worlds are drawn from ``belief`` candidates weighted by
  how likely the others' hidden past moves are under the heuristic player (hidden-bid
  goofspiel: otherwise the bot believes a matching player may still hold the 13 it bid).
* ``throws="nash"``: a two-player decision of kind ``throw`` (an RPS throw whose payoffs
  the game states: promise's power table, legends' war) is not searched; the bot plays the
  exact equilibrium mix (:class:`~caiquan.bots.nash.NashBot`). Inside the tree every
  player's throws follow the rollout player, so no iteration is spent on them.
* Rollouts: the game's cheap heuristic player (``rollout="auto"``/``"greedy"``;
  ``epsilon`` of its moves stay random), stopped after ``depth`` decisions (the game's
  ``DEPTH``) and scored by the game's heuristic evaluation; ``rollout="random"`` and
  ``depth=0`` give plain random rollouts to the end. ``prune=1``: the tree only searches
  the options the game's ``prune`` hook keeps (e.g. no promise skill card that cannot be
  used).
* ``trust=z`` (0 = off): the bot keeps the heuristic player's own choice unless the
  search's choice scores more than ``z`` standard errors above it; ``wary=w`` raises that
  bar as the others look random — ``z ÷ (1 − noise)^w`` with the fitted ``noise`` — so a
  search that best-responds to its model only does so while the others play like it.

``opponents="search"`` and ``throws="search"`` restore the game-agnostic search (used
where a game has no heuristic): sequential nodes use UCB1; at simultaneous nodes every
mover runs its own regret-matching bandit (decoupled SM-MCTS with regret matching,
Lanctot et al. 2013), with γ-exploration and importance-weighted regret updates; the
decision at a joint root is sampled from the average strategy (linearly weighted), so the
bot mixes where it must (RPS throws). Options the average plays less than ``purify`` ×
uniform are dropped before sampling (sampling noise of a short search); with ``pure=1`` a
simultaneous decision that is not a throw plays the option the average plays most.

The search is anytime (``seconds``) or fixed (``iterations``, reproducible with a seed).

The code: :class:`ISMCTSConfig` holds the settings (frozen, checked once); each
:meth:`ISMCTSBot.decide` hands a two-player throw to the exact solver or runs a
``_Search`` for that decision, whose phases are its methods (see its docstring).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import ClassVar

from caiquan.engine import JSONValue, PlayerView
from caiquan.engine.rng import Rng  # the names ismcts.pxd cimports (compiled)
from caiquan.engine.state import State

from .base import normalised_returns
from .heuristics import Heuristic, Policy, Prune, heuristic_for
from .nash import NashBot
from .spec import Param

_ROLLOUTS = ("auto", "random", "greedy")
_OPPONENTS = ("auto", "model", "search")
_THROWS = ("nash", "search")
_ROOTS = ("auto", "ucb", "regret")


_Picks = dict[int, tuple[int, float, tuple[int, ...]]]  # player → (option, probability, legal)
_Step = tuple["_Node", _Picks, bool]  # a node on an iteration's path, its picks, regret?


class _Stats:
    __slots__ = ("avail", "cum", "n", "regret", "w", "w2")

    def __init__(self) -> None:
        self.n: dict[int, int] = {}
        self.w: dict[int, float] = {}
        self.w2: dict[int, float] = {}
        self.avail: dict[int, int] = {}
        self.regret: dict[int, float] = {}
        self.cum: dict[int, float] = {}

    def record(self, a: int, u: float) -> None:
        """One more visit of option ``a`` with the value ``u``."""
        self.n[a] = self.n.get(a, 0) + 1
        self.w[a] = self.w.get(a, 0.0) + u
        self.w2[a] = self.w2.get(a, 0.0) + u * u

    def add_regret(self, a: int, u: float, prob: float, legal: tuple[int, ...]) -> None:
        """The importance-weighted regret update after option ``a`` (drawn with ``prob``)."""
        for b in legal:
            gain = u / prob if b == a else 0.0
            self.regret[b] = self.regret.get(b, 0.0) + gain - u


class _Node:
    __slots__ = ("children", "stats")

    def __init__(self) -> None:
        self.children: dict[tuple[int, ...], _Node] = {}
        self.stats: dict[int, _Stats] = {}

    def of(self, player: int) -> _Stats:
        st = self.stats.get(player)
        if st is None:
            st = self.stats[player] = _Stats()
        return st


def _mean(st: _Stats, a: int) -> float:
    return st.w[a] / st.n[a]


def _var(st: _Stats, a: int) -> float:
    """The variance of the mean value of option ``a`` (sample variance / visits)."""
    n = st.n[a]
    if n < 2:
        return 1.0
    m = st.w[a] / n
    return max(0.0, st.w2[a] / n - m * m) / (n - 1)


def _check_choice(name: str, value: str, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise TypeError(f"{name} must be one of {', '.join(choices)}, got {value!r}")


@dataclass(frozen=True)
class ISMCTSConfig:
    """The search's settings: the keywords of :class:`ISMCTSBot` (see its ``PARAMS`` for
    what each means), checked once. ``seconds`` is 1 when neither it nor ``iterations`` is
    given; ``prune``, ``pure`` and ``paired`` are stored as bools."""

    iterations: int | None = None
    seconds: float | None = None
    exploration: float = 0.7
    gamma: float = 0.15
    max_rollout: int = 10_000
    purify: float = 0.5
    linear: bool = True
    rollout: str = "auto"
    epsilon: float = 0.0
    depth: int | str = "auto"
    prune: bool = True
    pure: bool = True
    opponents: str = "auto"
    noise: float | None = None
    throws: str = "nash"
    trust: float | None = None
    wary: float | None = None
    mix_below: int | None = None
    worlds: int = 16
    paired: bool = False
    belief: int = 64
    adapt: bool = True
    root: str = "auto"
    defer: bool = True

    def __post_init__(self) -> None:
        depth = self.depth
        if depth != "auto" and not (isinstance(depth, int) and depth >= 0):
            raise TypeError(f"depth must be 'auto' or a whole number ≥ 0, got {depth!r}")
        _check_choice("rollout", self.rollout, _ROLLOUTS)
        _check_choice("opponents", self.opponents, _OPPONENTS)
        _check_choice("throws", self.throws, _THROWS)
        _check_choice("root", self.root, _ROOTS)
        for flag in ("prune", "pure", "paired", "adapt", "defer"):
            object.__setattr__(self, flag, bool(getattr(self, flag)))
        if self.iterations is None and self.seconds is None:
            object.__setattr__(self, "seconds", 1.0)

    def throws_by_nash(self, view: PlayerView) -> bool:
        """Whether this decision is a two-player throw left to the exact solver."""
        return (
            self.throws == "nash"
            and view.kind() in view.game.matrix_kinds
            and len(view.to_move()) == 2
        )

    def deferred(self, h: Heuristic | None, kind: str) -> bool:
        """Whether my decisions of ``kind`` are the heuristic player's (its ``DEFER``)."""
        return self.defer and h is not None and kind in h.defer

    def deferred_kinds(self, h: Heuristic | None) -> frozenset[str]:
        """Every kind for which :meth:`deferred` holds."""
        return frozenset(k for k in (h.defer if h is not None else ()) if self.deferred(h, k))

    def models_opponents(self, h: Heuristic | None) -> bool:
        """Whether the others (and my own throws) follow the game's heuristic player."""
        if h is None:
            return False
        return self.opponents == "model" or (self.opponents == "auto" and h.model)

    def root_regret(self, h: Heuristic | None) -> bool:
        """Whether a simultaneous root with the others modelled is searched by regret
        matching for every mover, the answer drawn from the average strategy."""
        return self.root == "regret" or (
            self.root == "auto" and h is not None and h.root == "regret"
        )

    def mixes_below(self, h: Heuristic | None) -> int:
        """``mix_below``, else the game heuristic's ``MIX_BELOW``, else 0 (off); only with
        ``root=auto``."""
        if self.root != "auto":
            return 0
        if self.mix_below is not None:
            return self.mix_below
        return h.mix_below if h is not None and h.mix_below is not None else 0

    def noise_prior(self, h: Heuristic | None) -> float:
        """``noise``, else the game heuristic's ``NOISE``, else 0.1."""
        if self.noise is not None:
            return self.noise
        return h.noise if h is not None and h.noise is not None else 0.1

    def trust_for(self, h: Heuristic | None) -> float:
        """``trust``, else the game heuristic's ``TRUST``, else 0 (off)."""
        if self.trust is not None:
            return self.trust
        return h.trust if h is not None and h.trust is not None else 0.0

    def wary_for(self, h: Heuristic | None) -> float:
        """``wary``, else the game heuristic's ``WARY``, else 0 (off)."""
        if self.wary is not None:
            return self.wary
        return h.wary if h is not None and h.wary is not None else 0.0

    def rollout_cap(self, h: Heuristic | None) -> int:
        """The longest rollout, in decisions: ``depth`` (or the game's) within ``max_rollout``."""
        depth = self.depth if self.depth != "auto" else (h.depth if h is not None else None)
        assert depth is None or isinstance(depth, int)
        return self.max_rollout if not depth else min(depth, self.max_rollout)

    def deadline(self) -> float | None:
        """The ``perf_counter`` time by which the search stops, or None (``iterations``)."""
        if self.seconds is None:
            return None
        # the budget bounds the whole answer: keep 2 % (at most 20 ms) for the pauses an
        # iteration cannot foresee (garbage collection of a large tree) and the final choice
        return time.perf_counter() + self.seconds - min(0.02, 0.02 * self.seconds)


class _Search:
    """One decision's search, made by :meth:`ISMCTSBot.decide` and used once.

    :meth:`run` goes through the phases in order: the settings for this game and position
    (``__init__``), the time budget, the heuristic's own choice to keep (``trust``,
    :meth:`_anchor`), the worlds weighted by plausibility (``belief``,
    :meth:`_weigh_worlds`), the pool of worlds with the others' root replies (``worlds``,
    :meth:`_root_pool`), the iterations within the budget (:meth:`_iterations`, each one
    :meth:`_iterate`: :meth:`_descend` selects and expands, :meth:`_rollout`,
    :meth:`_evaluate`, :meth:`_backpropagate`) and the final choice (:meth:`_choose`).
    """

    def __init__(self, config: ISMCTSConfig, view: PlayerView, rng: Rng) -> None:
        self.config = config
        self.view = view
        self.rng = rng
        self.me = view.player
        self.legal = view.legal()
        self.movers = view.to_move()
        self.simultaneous = len(self.movers) > 1
        kind = view.kind()
        h = self.h = heuristic_for(view.game.id)
        self.greedy = h is not None and config.rollout != "random"
        self.model = config.models_opponents(h)
        #: the modelled players' moves inside the tree (None: everyone is searched)
        self.play: Policy | None = h.rollout if self.model and h is not None else None
        self.prune: Prune | None = h.prune if config.prune and h is not None else None
        self.cap = config.rollout_cap(h)
        self.trust = config.trust_for(h)
        self.lo, self.hi = view.game.utility_range()
        self.regret = self.simultaneous and not self.model
        #: how many of the others' past moves ``adapt`` fitted the noise to (0: none seen)
        self.seen = 0
        #: the share of a modelled player's moves that are uniformly random (``adapt``: fitted)
        self.noise = self._fit_noise()
        # mix_below: few options left and nothing seen of how the others play (hidden bids,
        # the first turn) — mix rather than best-reply to a model nothing supports
        few = len(self.legal) <= config.mixes_below(h)
        unproven = self.seen == 0
        #: root=regret: at this simultaneous root every mover is searched (regret matching),
        #: deeper the others follow the model; the answer is a draw from my average strategy
        self.root_regret = (
            self.simultaneous and self.model and (config.root_regret(h) or (few and unproven))
        )
        self.mixed = self.root_regret or (
            self.regret and (not config.pure or kind in view.game.matrix_kinds)
        )
        self.paired = config.paired and not self.regret and not self.root_regret
        #: what :meth:`_modelled` asks at every node, settled once: the kinds of my decisions
        #: the heuristic makes (``config.deferred``), whether two-player throws are Nash's
        self.deferred = config.deferred_kinds(h)
        self.nash_throws = config.throws == "nash"
        self.matrix_kinds = view.game.matrix_kinds
        self.root = _Node()
        self.done = 0  # iterations so far
        self.deadline: float | None = None
        self.slowest = self.last = 0.0  # the slowest iteration yet, the last one's end
        self.anchor: int | None = None
        self.candidates: list[State] = []  # belief: the weighted worlds (empty: off)
        self.weights: list[float] = []
        self.pool: list[tuple[State, dict[int, int]]] = []
        self.options: tuple[int, ...] = ()  # paired: the root options to try on each world
        wary = config.wary_for(h)
        if self.trust > 0 and wary > 0:  # the more the others look random, the higher the bar
            self.trust /= max(1e-6, 1.0 - self.noise) ** wary

    def _fit_noise(self) -> float:
        """``noise``, or with ``adapt`` and the game's ``followed`` hook the posterior mean of
        the others' off-rule share given their past moves: each move off the rule has
        likelihood ``e/k`` and each on it ``1 - e + e/k`` (k options), under a Beta prior of
        mean ``noise`` worth 4 moves. A player who follows the rule keeps it low; one who
        plays at random drives it towards 1, and the search then models them so."""
        prior = self.config.noise_prior(self.h)
        h = self.h
        if not (self.config.adapt and self.model and h is not None and h.followed):
            return prior
        seen = h.followed(self.view.determinize(Rng(0), log=False), self.me)
        self.seen = len(seen)
        if not seen:
            return prior
        a, b = 4 * prior, 4 * (1 - prior)
        grid = [(i + 0.5) / 40 for i in range(40)]
        logs = []
        for e in grid:
            lp = (a - 1) * math.log(e) + (b - 1) * math.log(1 - e)
            for ok, k in seen:
                lp += math.log((1 - e + e / k) if ok else e / k)
            logs.append(lp)
        top = max(logs)
        ws = [math.exp(x - top) for x in logs]
        return sum(e * w for e, w in zip(grid, ws, strict=True)) / sum(ws)

    def run(self) -> int:
        self.deadline = self.config.deadline()
        self.anchor = self._anchor()
        self._weigh_worlds()
        self.pool = self._root_pool()
        self._iterations()
        return self._choose()

    def run_mix(self) -> dict[int, float]:
        """Search as :meth:`run` does, then return the distribution its answer is drawn
        from: the purified average strategy where the answer is mixed, else the answer."""
        self.deadline = self.config.deadline()
        self.anchor = self._anchor()
        self._weigh_worlds()
        self.pool = self._root_pool()
        self._iterations()
        if self.mixed:
            weights = self._average_weights(self.root.of(self.me))
            if weights is not None:
                total = sum(weights)
                return {a: w / total for a, w in zip(self.legal, weights, strict=True) if w > 0}
        return {self._choose(): 1.0}

    # ------------------------------------------------------------------ before the search

    def _anchor(self) -> int | None:
        """What the heuristic player would do here: kept unless the search is sure."""
        h = self.h
        if self.trust > 0 and h is not None and not (self.regret or self.root_regret):
            return h.policy(self.view.determinize(self.rng, log=False), self.me, self.rng)
        return None

    def _weigh_worlds(self) -> None:
        """Worlds weighted by how likely the others' hidden past moves are under the model."""
        h = self.h
        if self.config.belief <= 0 or not self.model or h is None or h.plausibility is None:
            return
        cands = [self.view.determinize(self.rng, log=False) for _ in range(self.config.belief)]
        weights = [h.plausibility(w, self.me) for w in cands]
        if sum(weights) > 0 and max(weights) > min(weights):  # else: nothing to weigh
            self.candidates, self.weights = cands, weights

    def _sample(self, rng: Rng) -> State:
        """A world consistent with the view (drawn by weight from the belief candidates)."""
        if not self.candidates:
            return self.view.determinize(rng, log=False)
        w = self.candidates[rng.weighted(self.weights)].clone()
        w.rng = rng.spawn()
        return w

    def _root_pool(self) -> list[tuple[State, dict[int, int]]]:
        """The others' replies at a simultaneous root by the full heuristic player (the
        rollout player is a cheap stand-in), on a pool of sampled worlds the search reuses."""
        h = self.h
        if self.config.worlds <= 0 or not self.model or not self.simultaneous or h is None:
            return []
        if self.root_regret:  # the others' root moves are searched, not the model's replies
            return []
        # a reply depends on what its player sees: worlds where that player's observation
        # is the same share one — in promise, where mostly only the check deck is hidden,
        # one greedy call answers for all sixteen worlds
        seen: dict[int, list[tuple[JSONValue, int]]] = {}
        return [self._replies(self._sample(self.rng), h, seen) for _ in range(self.config.worlds)]

    def _replies(
        self, w: State, h: Heuristic, seen: dict[int, list[tuple[JSONValue, int]]]
    ) -> tuple[State, dict[int, int]]:
        replies = {}
        for q in self.movers:
            if q == self.me or len(w.legal(q)) == 1:
                continue
            # observations compared as they are (a dict compare in C; a few distinct ones a
            # search), not as JSON text: serialising each one cost more than the replies
            obs = w.observation(q)
            known = seen.setdefault(q, [])
            for other, answer in known:
                if other == obs:
                    reply = answer
                    break
            else:
                reply = h.policy(w.clone(), q, self.rng)
                known.append((obs, reply))
            replies[q] = reply
        return w, replies

    # ------------------------------------------------------------------ the budget

    def _iterations(self) -> None:
        """Iterate until the budget is spent; paired: each world tries every root option."""
        block = 0
        self.slowest, self.last = 0.0, time.perf_counter()
        while self._more():
            world, answers = self._next_world(block if self.paired else self.done)
            block += 1
            if self.paired:
                self._paired_block(world, answers)
            else:
                self._iterate(world, self.rng, answers, None)
                self.done += 1

    def _counted_out(self) -> bool:
        n = self.config.iterations
        return n is not None and self.done >= n

    def _more(self) -> bool:
        """Whether another iteration fits the budget."""
        if self._counted_out():
            return False
        if self.deadline is not None and self.done > 0:
            # stop early enough that one more (slowest-yet) iteration would not be needed
            # to fit: the answer comes within the budget, not just after it
            now = time.perf_counter()
            self.slowest, self.last = max(self.slowest, now - self.last), now
            if now + self.slowest >= self.deadline:
                return False
        return True

    def _next_world(self, index: int) -> tuple[State, dict[int, int] | None]:
        """The next iteration's world and, from the pool, the others' root replies."""
        if not self.pool:
            return self._sample(self.rng), None
        w, answers = self.pool[index % len(self.pool)]
        world = w.clone()
        world.rng = self.rng.spawn()  # the same hidden cards, a fresh future
        return world, answers

    def _paired_block(self, world: State, answers: dict[int, int] | None) -> None:
        """Every root option on this world, with the same chance and draws."""
        if not self.options:
            prune = self.prune
            self.options = prune(world, self.me, self.legal) if prune is not None else self.legal
        chance, draws = self.rng.spawn(), self.rng.spawn()
        for a in self.options:
            if self._counted_out():
                break
            w2 = world.clone()
            w2.rng = chance.copy()
            self._iterate(w2, draws.copy(), answers, a)
            self.done += 1

    # ------------------------------------------------------------------ one iteration

    def _iterate(
        self, state: State, rng: Rng, replies: dict[int, int] | None, force: int | None
    ) -> None:
        """One iteration on the world ``state``; ``replies``: the others' moves at the root;
        ``force``: my root option (paired)."""
        path = self._descend(state, rng, replies, force)
        self._rollout(state, rng)
        self._backpropagate(path, self._evaluate(state))

    def _descend(
        self, state: State, rng: Rng, replies: dict[int, int] | None, force: int | None
    ) -> list[_Step]:
        """Select down the tree and expand one node (applying the moves to ``state``)."""
        path: list[_Step] = []
        node: _Node | None = self.root
        while node is not None and not state.is_terminal():
            at_root = not path
            key, joint, picks, regret = self._select(
                node,
                state,
                rng,
                replies if at_root else None,
                force if at_root else None,
                at_root and self.root_regret,
            )
            path.append((node, picks, regret))
            state.apply(joint)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = _Node()
                # expanded one node where a searched choice was made: roll out from here
                node = None if picks else child
            else:
                node = child
        return path

    def _select(
        self,
        node: _Node,
        state: State,
        rng: Rng,
        replies: dict[int, int] | None,
        force: int | None,
        everyone: bool = False,
    ) -> tuple[tuple[int, ...], dict[int, int], _Picks, bool]:
        """The joint move at ``node``: forced and modelled moves first, then the searched
        ones; returns the child's key, the joint move, the searched picks and whether they
        were made by regret matching. ``everyone``: every mover is searched here, by regret
        matching (``root=regret`` at the root)."""
        movers = state.to_move()
        play = self.play
        joint: dict[int, int] = {}
        searched: list[tuple[int, tuple[int, ...]]] = []
        for p in movers:
            legal = state.legal(p)
            if len(legal) == 1:
                joint[p] = legal[0]
            elif play is not None and not everyone and self._modelled(state, p, movers):
                joint[p] = self._model_move(play, state, p, legal, rng, replies)
            else:
                searched.append((p, self._searchable(state, p, legal)))
        single = not everyone and (play is not None or len(movers) == 1)
        picks: _Picks = {}
        for p, legal in searched:
            a, prob = self._pick(node, p, legal, rng, single, force)
            picks[p] = (a, prob, legal)
            joint[p] = a
        return tuple([joint[p] for p in movers]), joint, picks, not single

    def _modelled(self, state: State, p: int, movers: tuple[int, ...]) -> bool:
        """Whether ``p`` follows the model here: the others, and my own two-player throws
        (``throws=nash``)."""
        if p != self.me:
            return True
        kind = state.kind(p)
        if kind in self.deferred:
            return True
        return self.nash_throws and len(movers) == 2 and kind in self.matrix_kinds

    def _model_move(
        self,
        play: Policy,
        state: State,
        p: int,
        legal: tuple[int, ...],
        rng: Rng,
        replies: dict[int, int] | None,
    ) -> int:
        noise = self.noise
        if noise > 0 and rng.random() < noise:
            return rng.choice(self._searchable(state, p, legal))
        if replies is not None and p in replies:
            return replies[p]
        return play(state, p, rng)

    def _searchable(self, state: State, p: int, legal: tuple[int, ...]) -> tuple[int, ...]:
        return self.prune(state, p, legal) if self.prune else legal

    def _pick(
        self,
        node: _Node,
        p: int,
        legal: tuple[int, ...],
        rng: Rng,
        single: bool,
        force: int | None,
    ) -> tuple[int, float]:
        """A searched player's option and the probability it was drawn with."""
        if force is not None:
            return force, 1.0  # paired root: the option under test
        if single:
            return self._ucb(node.of(p), legal, rng), 1.0
        return self._regret_matching(node.of(p), legal, rng)

    def _ucb(self, st: _Stats, legal: tuple[int, ...], rng: Rng) -> int:
        avail, visits, wins = st.avail, st.n, st.w
        unvisited = []
        for a in legal:
            avail[a] = avail.get(a, 0) + 1
            if a not in visits:  # a visited option has a count of at least 1
                unvisited.append(a)
        if unvisited:
            return rng.choice(unvisited)
        c = self.config.exploration
        log, sqrt = math.log, math.sqrt
        best_a, best_v = legal[0], -math.inf
        for a in legal:
            n = visits[a]
            v = wins[a] / n + c * sqrt(log(avail[a]) / n)
            if v > best_v:
                best_a, best_v = a, v
        return best_a

    def _regret_matching(self, st: _Stats, legal: tuple[int, ...], rng: Rng) -> tuple[int, float]:
        positive = [max(st.regret.get(a, 0.0), 0.0) for a in legal]
        total = sum(positive)
        k = len(legal)
        sigma = [x / total for x in positive] if total > 0 else [1.0 / k] * k
        weight = float(sum(st.n.values()) + 1) if self.config.linear else 1.0
        for a, s in zip(legal, sigma, strict=True):
            st.cum[a] = st.cum.get(a, 0.0) + weight * s
        g = self.config.gamma
        mixed = [(1 - g) * s + g / k for s in sigma]
        i = rng.weighted(mixed)
        return legal[i], mixed[i]

    def _rollout(self, state: State, rng: Rng) -> None:
        """Play on for at most ``cap`` decisions: the game's rollout player, or random."""
        h = self.h
        steps = 0
        if self.greedy and h is not None:
            while not state.is_terminal() and steps < self.cap:
                state.apply(self._greedy_joint(state, rng, h.rollout))
                steps += 1
        else:
            while not state.is_terminal() and steps < self.cap:
                state.apply({p: rng.choice(state.legal(p)) for p in state.to_move()})
                steps += 1

    def _greedy_joint(self, state: State, rng: Rng, play: Policy) -> dict[int, int]:
        eps = self.config.epsilon
        joint = {}
        for p in state.to_move():
            legal = state.legal(p)
            if len(legal) == 1:
                joint[p] = legal[0]
            elif eps > 0 and rng.random() < eps:
                joint[p] = rng.choice(legal)
            else:
                joint[p] = play(state, p, rng)
        return joint

    def _evaluate(self, state: State) -> list[float] | None:
        """Each player's value in [0, 1]: the returns at the end, else the heuristic's."""
        if state.is_terminal():
            return normalised_returns(state.returns(), self.lo, self.hi)
        if self.h is not None:
            return self.h.evaluate(state)
        return None

    def _backpropagate(self, path: list[_Step], rewards: list[float] | None) -> None:
        for node, picks, regret in path:
            for p, (a, prob, legal) in picks.items():
                u = rewards[p] if rewards is not None else 0.5
                st = node.of(p)
                st.record(a, u)
                if regret:
                    st.add_regret(a, u, prob, legal)

    # ------------------------------------------------------------------ the answer

    def _choose(self) -> int:
        st = self.root.of(self.me)
        if self.mixed:
            return self._sample_average(st)
        if self.regret:
            return self._most_played(st)
        if self.paired:
            return self._best_mean(st)
        return self._most_visited(st)

    def _sample_average(self, st: _Stats) -> int:
        """A draw from the average strategy (a throw, or ``pure=0``)."""
        weights = self._average_weights(st)
        if weights is None:
            return self.rng.choice(self.legal)
        return self.legal[self.rng.weighted(weights)]

    def _average_weights(self, st: _Stats) -> list[float] | None:
        """The average strategy's weights over ``legal``, purified (options it plays rarely,
        sampling noise, dropped); None if it has none (a draw is then uniform)."""
        legal = self.legal
        weights = [st.cum.get(a, 0.0) for a in legal]
        total = sum(weights)
        if not total > 0:
            return None
        searched = sum(1 for a in legal if a in st.cum)  # legal minus pruned
        floor = self.config.purify * total / max(1, searched)
        kept = [w if w >= floor else 0.0 for w in weights]
        return kept if sum(kept) > 0 else weights

    def _most_played(self, st: _Stats) -> int:
        """Not a throw: the option the average strategy plays most."""
        top = max(st.cum.get(a, 0.0) for a in self.legal)
        return self.rng.choice([a for a in self.legal if st.cum.get(a, 0.0) == top])

    def _best_mean(self, st: _Stats) -> int:
        """Paired: every option had (about) the same samples, so the best mean."""
        tried = [a for a in self.legal if st.n.get(a, 0) > 0]
        top = max(_mean(st, a) for a in tried)
        return self.rng.choice([a for a in tried if _mean(st, a) >= top - 1e-12])

    def _most_visited(self, st: _Stats) -> int:
        """The most visited option, unless it does not beat the anchor by ``trust``."""
        legal = self.legal
        best = max(st.n.get(a, 0) for a in legal)
        choice = self.rng.choice([a for a in legal if st.n.get(a, 0) == best])
        anchor = self.anchor
        if anchor is not None and anchor != choice and st.n.get(anchor, 0) > 1:
            gap = _mean(st, choice) - _mean(st, anchor)
            if gap <= self.trust * math.sqrt(_var(st, choice) + _var(st, anchor)):
                return anchor
        return choice


class ISMCTSBot:
    """ISMCTS over determinized worlds (see the module docstring)."""

    name = "ismcts"
    SEARCH: ClassVar[bool] = True  # CPU-heavy: the server runs it in worker processes
    #: The spec parameters (``ismcts:seconds=0.5,worlds=8``), one per keyword of __init__.
    #: The bounds keep one decision affordable: the worlds pool and the belief candidates
    #: are built before the search and outside its time budget; with ``seconds=0.1`` and
    #: both at their maximum a decision took at most 1.6 s in the shipped games on a busy
    #: 2-core machine (docs/bots.md, "Bot specs"; worlds=512 took up to 2.1 s in drama).
    PARAMS: ClassVar[tuple[Param, ...]] = (
        Param(
            "iterations",
            "int",
            None,
            minimum=1,
            maximum=1_000_000,
            help="fixed number of search iterations (reproducible with a seed)",
        ),
        Param(
            "seconds",
            "float",
            None,
            minimum=0,
            exclusive_minimum=True,
            maximum=600,
            help="time budget per decision (1 s when neither it nor iterations is given)",
        ),
        Param(
            "opponents",
            "choice",
            "auto",
            choices=_OPPONENTS,
            help="model the others by the game's heuristic player, or search them "
            "(auto: model unless the game's heuristic says MODEL = False)",
        ),
        Param(
            "noise",
            "float",
            None,
            minimum=0,
            maximum=1,
            help="share of a modelled player's moves that are uniformly random (default: "
            "the game heuristic's NOISE, else 0.1)",
        ),
        Param(
            "adapt",
            "bool",
            True,
            help="fit that share to how often the others' past moves followed the model "
            "(where the game can tell: its followed hook); noise is then the prior",
        ),
        Param(
            "root",
            "choice",
            "auto",
            choices=_ROOTS,
            help="a simultaneous root with the others modelled: my UCB1 best reply to the "
            "model (ucb), or regret matching for every mover there and my answer drawn from "
            "the average strategy (regret: mixes); auto: the game's heuristic ROOT, else ucb",
        ),
        Param(
            "defer",
            "bool",
            True,
            help="leave to the game's heuristic what it knows better: my decisions of the "
            "kinds it lists in DEFER (promise: the character pick, by the matchup matrix) "
            "and wherever its expert player answers (goofspiel with three or more players "
            "and open bids: the bid reader)",
        ),
        Param(
            "throws",
            "choice",
            "nash",
            choices=_THROWS,
            help="two-player throws: the exact equilibrium mix, or searched",
        ),
        Param(
            "worlds",
            "int",
            16,
            minimum=0,
            maximum=256,
            help="sampled worlds on which the others' root replies come from the full "
            "heuristic player (0: off)",
        ),
        Param(
            "belief",
            "int",
            64,
            minimum=0,
            maximum=4096,
            help="candidate worlds weighted by the game's plausibility hook (0: off)",
        ),
        Param(
            "trust",
            "float",
            None,
            minimum=0,
            maximum=10,
            help="keep the heuristic's own choice unless the search beats it by this many "
            "standard errors (0: off; default: the game heuristic's TRUST, else 0)",
        ),
        Param(
            "mix_below",
            "int",
            None,
            minimum=0,
            maximum=1000,
            help="with root=auto, mix by regret matching (as root=regret) at a simultaneous "
            "root where I have at most this many options and have seen none of the others' "
            "past moves to fit them by (adapt; e.g. hidden bids) (0: off; default: the game "
            "heuristic's MIX_BELOW, else 0)",
        ),
        Param(
            "wary",
            "float",
            None,
            minimum=0,
            maximum=10,
            help="raise trust as the others look random: trust / (1 - noise)^wary, noise as "
            "fitted (0: off; default: the game heuristic's WARY, else 0)",
        ),
        Param(
            "paired",
            "bool",
            False,
            help="try every root option on the same world with the same chance; best mean wins",
        ),
        Param(
            "rollout",
            "choice",
            "auto",
            choices=_ROLLOUTS,
            help="rollout player: the game's cheap heuristic player (auto, greedy) or random",
        ),
        Param(
            "epsilon",
            "float",
            0.0,
            minimum=0,
            maximum=1,
            help="share of greedy rollout moves that are uniformly random",
        ),
        Param(
            "depth",
            "int",
            "auto",
            minimum=0,
            maximum=100_000,
            words=("auto",),
            help="stop rollouts after this many decisions and evaluate (0: play to the end; "
            "auto: the game's depth)",
        ),
        Param(
            "max_rollout",
            "int",
            10_000,
            minimum=1,
            maximum=100_000,
            help="longest rollout, in decisions",
        ),
        Param(
            "prune",
            "bool",
            True,
            help="search only the options the game's prune hook keeps",
        ),
        Param(
            "exploration",
            "float",
            0.7,
            minimum=0,
            maximum=10,
            help="UCB1 exploration constant",
        ),
        Param(
            "pure",
            "bool",
            True,
            help="opponents=search: a simultaneous decision that is not a throw plays the "
            "option the average strategy plays most",
        ),
        Param(
            "gamma",
            "float",
            0.15,
            minimum=0,
            maximum=1,
            help="opponents=search: exploration share of regret matching",
        ),
        Param(
            "purify",
            "float",
            0.5,
            minimum=0,
            maximum=1,
            help="opponents=search: drop options played less than this share of uniform",
        ),
        Param(
            "linear",
            "bool",
            True,
            help="opponents=search: weight the average strategy linearly by iteration",
        ),
    )

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        *,
        exploration: float = 0.7,
        gamma: float = 0.15,
        max_rollout: int = 10_000,
        purify: float = 0.5,
        linear: bool = True,
        rollout: str = "auto",
        epsilon: float = 0.0,
        depth: int | str = "auto",
        prune: int = 1,
        pure: int = 1,
        opponents: str = "auto",
        noise: float | None = None,
        throws: str = "nash",
        trust: float | None = None,
        wary: float | None = None,
        mix_below: int | None = None,
        worlds: int = 16,
        paired: int = 0,
        belief: int = 64,
        adapt: int = 1,
        root: str = "auto",
        defer: int = 1,
    ) -> None:
        self.config = ISMCTSConfig(
            iterations,
            seconds,
            exploration=exploration,
            gamma=gamma,
            max_rollout=max_rollout,
            purify=purify,
            linear=linear,
            rollout=rollout,
            epsilon=epsilon,
            depth=depth,
            prune=bool(prune),
            pure=bool(pure),
            opponents=opponents,
            noise=noise,
            throws=throws,
            trust=trust,
            wary=wary,
            mix_below=mix_below,
            worlds=worlds,
            paired=bool(paired),
            belief=belief,
            adapt=bool(adapt),
            root=root,
            defer=bool(defer),
        )
        self.last_iterations = 0  # the last decision's iterations (0: not searched)
        self._nash: NashBot | None = None

    def decide(self, view: PlayerView, rng: Rng) -> int:
        shortcut = self._shortcut(view, rng)
        if shortcut is not None:
            return shortcut
        search = _Search(self.config, view, rng)
        choice = search.run()
        self.last_iterations = search.done
        return choice

    def mix(self, view: PlayerView, rng: Rng) -> dict[int, float]:
        """The distribution :meth:`decide` with this ``rng`` draws its answer from, as
        ``{action: probability}``: where the search mixes (throws by regret matching,
        ``mix_below``), its purified average strategy; where the answer is not a draw from a
        search's mix (one option, the equilibrium throw, the heuristic's kinds or expert, a
        pure search), the answer itself. Averaged over seeds it is the bot's policy, with
        less sampling noise than counting answers (``caiquan.bench.exploitability``)."""
        drawn = self._expert_mix(view, rng)
        if drawn is not None:
            return drawn
        shortcut = self._shortcut(view, rng)
        if shortcut is not None:
            return {shortcut: 1.0}
        search = _Search(self.config, view, rng)
        out = search.run_mix()
        self.last_iterations = search.done
        return out

    def _expert(self, view: PlayerView) -> Heuristic | None:
        """The game's heuristic where its expert hook is asked (no single option, no throw
        for ``nash``, no deferred kind, ``defer`` on), else None."""
        if len(view.legal()) == 1 or self.config.throws_by_nash(view):
            return None
        h = heuristic_for(view.game.id)
        if h is None or not self.config.defer or h.expert is None:
            return None
        if self.config.deferred(h, view.kind()):
            return None
        return h

    def _expert_mix(self, view: PlayerView, rng: Rng) -> dict[int, float] | None:
        """Where the expert hook answers by a draw from a distribution it can state
        (``expert_mix``), that distribution, else None."""
        h = self._expert(view)
        if h is None or h.expert_mix is None:
            return None
        drawn = h.expert_mix(view.determinize(rng.copy(), log=False), view.player)
        if drawn is not None:
            self.last_iterations = 0
        return drawn

    def _shortcut(self, view: PlayerView, rng: Rng) -> int | None:
        """The answer where no search is run, else None."""
        legal = view.legal()
        if len(legal) == 1:
            return legal[0]
        if self.config.throws_by_nash(view):
            # a two-player throw: the exact equilibrium mix of its payoff matrix
            if self._nash is None:
                self._nash = NashBot()
            self.last_iterations = 0
            return self._nash.decide(view, rng)
        h = heuristic_for(view.game.id)
        if h is not None and self.config.deferred(h, view.kind()):
            # a kind the game's heuristic knows better than a short search (its DEFER)
            self.last_iterations = 0
            return h.policy(view.determinize(rng, log=False), view.player, rng)
        if h is not None and self.config.defer and h.expert is not None:
            # where the game's heuristic has a stronger player than a short search (its
            # expert hook: goofspiel's equilibrium table with two players and hidden bids,
            # its bid reader at three or more players with open bids), play it; a
            # copy of the RNG, so that where it has no answer the search runs as before
            own = rng.copy()
            choice = h.expert(view.determinize(own, log=False), view.player, own)
            if choice is not None:
                self.last_iterations = 0
                return choice
        return None

    # the settings, read-only (``config`` holds them)

    @property
    def iterations(self) -> int | None:
        return self.config.iterations

    @property
    def seconds(self) -> float | None:
        return self.config.seconds

    @property
    def exploration(self) -> float:
        return self.config.exploration

    @property
    def gamma(self) -> float:
        return self.config.gamma

    @property
    def max_rollout(self) -> int:
        return self.config.max_rollout

    @property
    def purify(self) -> float:
        return self.config.purify

    @property
    def linear(self) -> bool:
        return self.config.linear

    @property
    def rollout(self) -> str:
        return self.config.rollout

    @property
    def epsilon(self) -> float:
        return self.config.epsilon

    @property
    def depth(self) -> int | str:
        return self.config.depth

    @property
    def prune(self) -> bool:
        return self.config.prune

    @property
    def pure(self) -> bool:
        return self.config.pure

    @property
    def opponents(self) -> str:
        return self.config.opponents

    @property
    def noise(self) -> float | None:
        return self.config.noise

    @property
    def throws(self) -> str:
        return self.config.throws

    @property
    def trust(self) -> float | None:
        return self.config.trust

    @property
    def wary(self) -> float | None:
        return self.config.wary

    @property
    def mix_below(self) -> int | None:
        return self.config.mix_below

    @property
    def worlds(self) -> int:
        return self.config.worlds

    @property
    def paired(self) -> bool:
        return self.config.paired

    @property
    def belief(self) -> int:
        return self.config.belief
