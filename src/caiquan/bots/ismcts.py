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
  search's choice scores more than ``z`` standard errors above it.

``opponents="search"`` and ``throws="search"`` restore the game-agnostic search (used
where a game has no heuristic): sequential nodes use UCB1; at simultaneous nodes every
mover runs its own regret-matching bandit (decoupled SM-MCTS with regret matching,
Lanctot et al. 2013), with γ-exploration and importance-weighted regret updates; the
decision at a joint root is sampled from the average strategy (linearly weighted), so the
bot mixes where it must (RPS throws). Options the average plays less than ``purify`` ×
uniform are dropped before sampling (sampling noise of a short search); with ``pure=1`` a
simultaneous decision that is not a throw plays the option the average plays most.

The search is anytime (``seconds``) or fixed (``iterations``, reproducible with a seed).
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from typing import ClassVar

from caiquan.engine import PlayerView, Rng, State

from .base import normalised_returns
from .heuristics import Heuristic, heuristic_for
from .nash import NashBot
from .spec import Param

_ROLLOUTS = ("auto", "random", "greedy")
_OPPONENTS = ("auto", "model", "search")
_THROWS = ("nash", "search")


class _Stats:
    __slots__ = ("avail", "cum", "n", "regret", "w", "w2")

    def __init__(self) -> None:
        self.n: dict[int, int] = {}
        self.w: dict[int, float] = {}
        self.w2: dict[int, float] = {}
        self.avail: dict[int, int] = {}
        self.regret: dict[int, float] = {}
        self.cum: dict[int, float] = {}


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
            0.1,
            minimum=0,
            maximum=1,
            help="share of a modelled player's moves that are uniformly random",
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
            0.0,
            minimum=0,
            maximum=10,
            help="keep the heuristic's own choice unless the search beats it by this many "
            "standard errors (0: off)",
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
        noise: float = 0.1,
        throws: str = "nash",
        trust: float = 0.0,
        worlds: int = 16,
        paired: int = 0,
        belief: int = 64,
    ) -> None:
        self.pure = bool(pure)
        if depth != "auto" and not (isinstance(depth, int) and depth >= 0):
            raise TypeError(f"depth must be 'auto' or a whole number ≥ 0, got {depth!r}")
        self.prune = bool(prune)
        if rollout not in _ROLLOUTS:
            raise TypeError(f"rollout must be one of {', '.join(_ROLLOUTS)}, got {rollout!r}")
        if opponents not in _OPPONENTS:
            raise TypeError(f"opponents must be one of {', '.join(_OPPONENTS)}, got {opponents!r}")
        if throws not in _THROWS:
            raise TypeError(f"throws must be one of {', '.join(_THROWS)}, got {throws!r}")
        self.rollout = rollout
        self.epsilon = epsilon
        self.depth = depth
        self.purify = purify
        self.linear = linear
        self.opponents = opponents
        self.noise = noise
        self.throws = throws
        self.trust = trust
        self.worlds = worlds
        self.paired = bool(paired)
        self.belief = belief
        if iterations is None and seconds is None:
            seconds = 1.0
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.gamma = gamma
        self.max_rollout = max_rollout
        self.last_iterations = 0
        self._heuristic: Heuristic | None = None
        self._greedy = False
        self._model = False
        self._me = 0
        self._cap = max_rollout
        self._nash: NashBot | None = None

    def decide(self, view: PlayerView, rng: Rng) -> int:
        legal = view.legal()
        if len(legal) == 1:
            return legal[0]
        movers = view.to_move()
        simultaneous = len(movers) > 1
        kind = view.decision().kind
        if self.throws == "nash" and kind == "throw" and len(movers) == 2:
            # a two-player throw: the exact equilibrium mix of its payoff matrix
            if self._nash is None:
                self._nash = NashBot()
            self.last_iterations = 0
            return self._nash.decide(view, rng)
        root = _Node()
        h = heuristic_for(view.game.id)
        self._heuristic = h
        self._greedy = h is not None and self.rollout != "random"
        self._model = h is not None and (
            self.opponents == "model" or (self.opponents == "auto" and h.model)
        )
        self._me = view.player
        depth = self.depth if self.depth != "auto" else (h.depth if h is not None else None)
        assert depth is None or isinstance(depth, int)
        self._cap = self.max_rollout if not depth else min(depth, self.max_rollout)
        lo, hi = view.game.utility_range()
        regret = simultaneous and not self._model
        mixed = regret and (not self.pure or kind == "throw")
        # the budget bounds the whole answer: keep 2 % (at most 20 ms) for the pauses an
        # iteration cannot foresee (garbage collection of a large tree) and the final choice
        deadline = (
            None
            if self.seconds is None
            else time.perf_counter() + self.seconds - min(0.02, 0.02 * self.seconds)
        )
        anchor = None
        if self.trust > 0 and h is not None and not regret:
            # what the heuristic player would do here: kept unless the search is sure
            anchor = h.policy(view.determinize(rng), view.player, rng)
        sample: Callable[[Rng], State] = view.determinize
        if self.belief > 0 and self._model and h is not None and h.plausibility is not None:
            # worlds weighted by how likely the others' hidden past moves are under the model
            cands = [view.determinize(rng) for _ in range(self.belief)]
            weights = [h.plausibility(w, view.player) for w in cands]
            if sum(weights) > 0 and max(weights) > min(weights):  # else: nothing to weigh

                def weighted(r: Rng) -> State:
                    w = cands[r.weighted(weights)].clone()
                    w.rng = r.spawn()
                    return w

                sample = weighted

        pool: list[tuple[State, dict[int, int]]] = []
        if self.worlds > 0 and self._model and simultaneous and h is not None:
            # the others' replies at the root by the full heuristic player (the rollout
            # player is a cheap stand-in), on a pool of sampled worlds the search reuses
            # (a reply depends on what its player sees: worlds where that player's
            # observation is the same share one — in promise, where mostly only the check
            # deck is hidden, one greedy call answers for all sixteen worlds)
            seen: dict[tuple[int, str], int] = {}
            for _ in range(self.worlds):
                w = sample(rng)
                replies = {}
                for q in movers:
                    if q == view.player or len(w.legal(q)) == 1:
                        continue
                    key = (q, json.dumps(w.observation(q), sort_keys=True))
                    reply = seen.get(key)
                    if reply is None:
                        reply = seen[key] = h.policy(w.clone(), q, rng)
                    replies[q] = reply
                pool.append((w, replies))
        paired = self.paired and not regret
        prune = h.prune if self.prune and h is not None else None
        options: tuple[int, ...] = ()
        done = block = 0
        slowest, last = 0.0, time.perf_counter()
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done > 0:
                # stop early enough that one more (slowest-yet) iteration would not be
                # needed to fit: the answer comes within the budget, not just after it
                now = time.perf_counter()
                slowest, last = max(slowest, now - last), now
                if now + slowest >= deadline:
                    break
            answers: dict[int, int] | None = None
            if pool:
                w, answers = pool[(block if paired else done) % len(pool)]
                world = w.clone()
                world.rng = rng.spawn()  # the same hidden cards, a fresh future
            else:
                world = sample(rng)
            block += 1
            if not paired:
                self._iterate(root, world, rng, lo, hi, answers, None)
                done += 1
                continue
            # paired: every root option on this world, with the same chance and draws
            if not options:
                options = prune(world, view.player, legal) if prune is not None else legal
            chance, draws = rng.spawn(), rng.spawn()
            for a in options:
                if self.iterations is not None and done >= self.iterations:
                    break
                w2 = world.clone()
                w2.rng = chance.copy()
                self._iterate(root, w2, draws.copy(), lo, hi, answers, a)
                done += 1
        self.last_iterations = done
        st = root.of(view.player)
        if mixed:
            weights = [st.cum.get(a, 0.0) for a in legal]
            total = sum(weights)
            if total > 0:
                # purify: drop options the average strategy plays rarely (sampling noise)
                searched = sum(1 for a in legal if a in st.cum)  # legal minus pruned
                floor = self.purify * total / max(1, searched)
                kept = [w if w >= floor else 0.0 for w in weights]
                return legal[rng.weighted(kept if sum(kept) > 0 else weights)]
            return rng.choice(legal)
        if regret:  # not a throw: the option the average strategy plays most
            top = max(st.cum.get(a, 0.0) for a in legal)
            return rng.choice([a for a in legal if st.cum.get(a, 0.0) == top])
        if paired:  # every option had (about) the same samples: the best mean
            tried = [a for a in legal if st.n.get(a, 0) > 0]
            top = max(_mean(st, a) for a in tried)
            return rng.choice([a for a in tried if _mean(st, a) >= top - 1e-12])
        best = max(st.n.get(a, 0) for a in legal)
        choice = rng.choice([a for a in legal if st.n.get(a, 0) == best])
        if anchor is not None and anchor != choice and st.n.get(anchor, 0) > 1:
            gap = _mean(st, choice) - _mean(st, anchor)
            if gap <= self.trust * math.sqrt(_var(st, choice) + _var(st, anchor)):
                return anchor
        return choice

    def _iterate(
        self,
        root: _Node,
        state: State,
        rng: Rng,
        lo: float,
        hi: float,
        replies: dict[int, int] | None,
        force: int | None,
    ) -> None:
        path: list[tuple[_Node, dict[int, tuple[int, float, tuple[int, ...]]], bool]] = []
        node: _Node | None = root
        h = self._heuristic
        prune = h.prune if self.prune and h is not None else None
        model = h.rollout if self._model and h is not None else None
        me = self._me
        noise = self.noise
        nash_throws = self.throws == "nash"
        while node is not None and not state.is_terminal():
            movers = state.to_move()
            joint: dict[int, int] = {}
            picks: dict[int, tuple[int, float, tuple[int, ...]]] = {}
            searched: list[tuple[int, tuple[int, ...]]] = []
            for p in movers:
                legal = state.legal(p)
                if len(legal) == 1:
                    joint[p] = legal[0]
                elif model is not None and (
                    p != me or (nash_throws and len(movers) == 2 and state.kind(p) == "throw")
                ):
                    # the others (and my own throws) follow the game's heuristic player
                    if noise > 0 and rng.random() < noise:
                        joint[p] = rng.choice(prune(state, p, legal) if prune else legal)
                    elif replies is not None and not path and p in replies:
                        joint[p] = replies[p]
                    else:
                        joint[p] = model(state, p, rng)
                else:
                    searched.append((p, prune(state, p, legal) if prune else legal))
            single = model is not None or len(movers) == 1
            for p, legal in searched:
                if force is not None and not path:
                    a, prob = force, 1.0  # paired root: the option under test
                elif single:
                    a, prob = self._ucb(node.of(p), legal, rng), 1.0
                else:
                    a, prob = self._regret_matching(node.of(p), legal, rng, not path)
                picks[p] = (a, prob, legal)
                joint[p] = a
            key = tuple(joint[p] for p in movers)
            path.append((node, picks, not single))
            state.apply(joint)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = _Node()
                # expanded one node where a searched choice was made: roll out from here
                node = None if picks else child
            else:
                node = child
        steps = 0
        cap = self._cap
        if self._greedy and h is not None:
            eps = self.epsilon
            play = h.rollout
            while not state.is_terminal() and steps < cap:
                joint = {}
                for p in state.to_move():
                    legal = state.legal(p)
                    if len(legal) == 1:
                        joint[p] = legal[0]
                    elif eps > 0 and rng.random() < eps:
                        joint[p] = rng.choice(legal)
                    else:
                        joint[p] = play(state, p, rng)
                state.apply(joint)
                steps += 1
        else:
            while not state.is_terminal() and steps < cap:
                state.apply({p: rng.choice(state.legal(p)) for p in state.to_move()})
                steps += 1
        rewards: list[float] | None
        if state.is_terminal():
            rewards = normalised_returns(state.returns(), lo, hi)
        elif h is not None:
            rewards = h.evaluate(state)
        else:
            rewards = None
        for n, picks, regret in path:
            for p, (a, prob, legal) in picks.items():
                u = rewards[p] if rewards is not None else 0.5
                st = n.of(p)
                st.n[a] = st.n.get(a, 0) + 1
                st.w[a] = st.w.get(a, 0.0) + u
                st.w2[a] = st.w2.get(a, 0.0) + u * u
                if regret:
                    for b in legal:
                        gain = u / prob if b == a else 0.0
                        st.regret[b] = st.regret.get(b, 0.0) + gain - u

    def _ucb(self, st: _Stats, legal: tuple[int, ...], rng: Rng) -> int:
        unvisited = []
        for a in legal:
            st.avail[a] = st.avail.get(a, 0) + 1
            if st.n.get(a, 0) == 0:
                unvisited.append(a)
        if unvisited:
            return rng.choice(unvisited)
        c = self.exploration
        best_a, best_v = legal[0], -math.inf
        for a in legal:
            n = st.n[a]
            v = st.w[a] / n + c * math.sqrt(math.log(st.avail[a]) / n)
            if v > best_v:
                best_a, best_v = a, v
        return best_a

    def _regret_matching(
        self, st: _Stats, legal: tuple[int, ...], rng: Rng, root: bool
    ) -> tuple[int, float]:
        positive = [max(st.regret.get(a, 0.0), 0.0) for a in legal]
        total = sum(positive)
        k = len(legal)
        sigma = [x / total for x in positive] if total > 0 else [1.0 / k] * k
        weight = float(sum(st.n.values()) + 1) if self.linear else 1.0
        for a, s in zip(legal, sigma, strict=True):
            st.cum[a] = st.cum.get(a, 0.0) + weight * s
        g = self.gamma
        mixed = [(1 - g) * s + g / k for s in sigma]
        i = rng.weighted(mixed)
        return legal[i], mixed[i]
