# cython: annotation_typing=False
# (rules.pxd types this module for the compiled fast path; the annotations are for mypy)
"""伟人的猜拳战略 (Conflicting Legends): rules as code.

3–6 players play person cards, expand into and build territories of six continents, and
fight rock-paper-scissors wars over them. The first to hold a territory of every continent,
or to reach yellow − black stars ≥ 10, wins at once. See ``rules.md`` for the rules as a
player reads them; every interpretation is marked there.

Decisions and option ids
------------------------
With ``P`` person cards and ``T`` territories in the content (default 37 and 18), the option
ids are fixed for a configuration and each id means one thing (``num_option_ids`` =
``3P + 7T + 19``, 256 by default):

==========================  =================================================================
ids                         meaning (decision kinds in brackets)
==========================  =================================================================
``0 … P−1``                 play person card ``c`` (content order) (``action``)
``P … 2P−1``                discard card ``c`` from one's hand (``discard``)
``2P … 3P−1``               discard card ``c`` from an opponent's display (``purge``)
``A … A+T−1``               attack territory ``t`` (``war_target``); ``A = 3P``
``A+T … A+2T−1``            put territory ``t`` on top of the territory deck (``scout``)
``A+2T … A+3T−1``           take territory ``t`` from the territory deck (``take``)
``A+3T … A+4T−1``           raze an opponent's black territory ``t`` (``raze``)
``A+4T … A+5T−1``           flip an opponent's yellow territory ``t`` (``flip``)
``A+5T … A+6T−1``           build territory ``t`` paying 文化 Culture (``action``, ``develop``)
``A+6T … A+7T−1``           build territory ``t`` paying 科技 Tech (``action``, ``develop``)
``E = A+7T``                expand (``action``)
``E+1``                     pass (``action``)
``E+2 … E+4``               throw rock / scissors / paper (``throw``, :data:`RPS` order)
``E+5 … E+7``               announce rock / scissors / paper (``announce``)
``E+8 … E+10``              marker 武力 Might / 科技 Tech / 文化 Culture (``output`` of a people
                            card at round end; ``marker`` of a "gain any" effect)
``E+11 … E+16``             player 0 … 5 (``target`` of an effect)
``E+17``, ``E+18``          use / skip a "you may" effect (``may``)
==========================  =================================================================

Decision kinds: ``action`` (the acting player's one action of the turn), ``war_target``,
``announce``, ``throw`` (simultaneous: attacker and defender), ``output``, ``marker``,
``target``, ``discard``, ``purge``, ``scout``, ``take``, ``develop``, ``raze``, ``flip``,
``may``.

Hidden information
------------------
Hands are hidden (others see their sizes), as are the person deck's order and the territory
deck below its top card; the top territory card is public (its cost is printed on it). A
player who scouted knows the top ``n`` territory cards until they are taken or the deck is
shuffled (``known_top``). A card stolen from a hand is known to thief and victim
(``hand_known``) until it leaves that hand. :meth:`LegendsState._resample` re-deals the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar, Self

from caiquan.engine import (
    RPS,
    Choice,
    ConfigError,
    ConfigOption,
    Ending,
    Entry,
    Game,
    JSONValue,
    Player,
    Rng,
    ranks_from_scores,
)
from caiquan.engine.fields import Fields
from caiquan.engine.state import State  # the name rules.pxd cimports (compiled)

from . import cardlist, text
from .content import PRESETS, load_content
from .data import (
    CONTINENTS,
    CULTURE,
    KINDS,
    MARKERS,
    MIGHT,
    PASSIVE,
    PEOPLE,
    SKILL,
    TECH,
    WAR,
    Content,
    Effect,
    Person,
)
from .effects import EFFECTS
from .effects import bound as effect_bound
from .text import PROMPTS, option_help

MAX_PLAYERS = 6

Task = tuple[int | str, ...]
"""A step waiting on the resolution stack: ``(name, args...)`` of ints and strs only."""


Decision = tuple[Callable[..., list[int]], Callable[..., None]]
"""One decision kind: ``(legal, apply)``, as ``legal(state, player)`` → the options offered
and ``apply(state, pend, joint)``: the decision ``pend`` taken with ``joint``'s options (a
plain tuple: the compiled rules index it directly)."""


def _decider(pend: Task) -> int:
    """The one player a non-simultaneous decision asks (its task's first argument)."""
    p = pend[1]
    assert isinstance(p, int)
    return p


class LegendsState(State):
    game: Legends

    # The game's hot fields, declared once: compiled, they are C struct fields of an
    # extension type (rules.pxd); this file stays the reference twin with the same layout.
    # python -m caiquan.fastgen writes __slots__, the clone's field sets, clone and the
    # .pxd's class from this (CONTRIBUTING.md, "Changing hot code").
    FIELDS = Fields(
        values=(
            "current",
            "dealt",
            "pend",
            "progress",
            "reason",
            "round",
            "start",
            "war",
            "winner",
        ),
        lists=(
            "deck",
            "discard",
            "known_top",
            "markers",
            "owner",
            "passed",
            "stack",
            "tdeck",
            "tdiscard",
            "yellow",
        ),
        dicts=("hand_known",),
        nested=(
            "displays",
            "hands",
        ),
        python_methods=(
            "_discard_card",
            "_ranks",
        ),
        cython_locals={"_apply": "d=tuple", "_legal": "d=tuple"},
    )

    # --- generated by caiquan.fastgen from LegendsState.FIELDS: do not edit ---
    __slots__ = (
        "current",
        "dealt",
        "deck",
        "discard",
        "displays",
        "hand_known",
        "hands",
        "known_top",
        "markers",
        "owner",
        "passed",
        "pend",
        "progress",
        "reason",
        "round",
        "stack",
        "start",
        "tdeck",
        "tdiscard",
        "war",
        "winner",
        "yellow",
    )
    _flat_fields: ClassVar[frozenset[str]] = frozenset(
        {
            "deck",
            "discard",
            "hand_known",
            "known_top",
            "markers",
            "owner",
            "passed",
            "stack",
            "tdeck",
            "tdiscard",
            "yellow",
        }
    )
    _nested_fields: ClassVar[frozenset[str]] = frozenset({"displays", "hands"})

    def clone(self) -> Self:
        """A copy of this state: what :meth:`State.clone` makes of it (the flat fields
        copied, the nested ones two levels deep, the others shared), written out field
        by field."""
        if type(self) is not LegendsState or vars(self):
            return State.clone(self)  # a subclass or an extra attribute: the general path
        new = LegendsState.__new__(LegendsState)
        self._engine_fill(new)
        # [:] of a list: the same new list as list(), and a direct slice compiled
        new.current = self.current
        new.dealt = self.dealt
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.displays = [inner[:] for inner in self.displays]
        new.hand_known = dict(self.hand_known)
        new.hands = [inner[:] for inner in self.hands]
        new.known_top = self.known_top[:]
        new.markers = self.markers[:]
        new.owner = self.owner[:]
        new.passed = self.passed[:]
        new.pend = self.pend
        new.progress = self.progress
        new.reason = self.reason
        new.round = self.round
        new.stack = self.stack[:]
        new.start = self.start
        new.tdeck = self.tdeck[:]
        new.tdiscard = self.tdiscard[:]
        new.war = self.war
        new.winner = self.winner
        new.yellow = self.yellow[:]
        return new  # type: ignore[return-value]  # Self is LegendsState here (checked above)

    # --- end of generated code ---

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
        g = self.game
        n = g.num_players
        c = g.content
        self.deck: list[int] = list(range(len(c.persons)))  # top = end
        self.rng.shuffle(self.deck)
        self.discard: list[int] = []
        self.tdeck: list[int] = list(range(len(c.territories)))  # top = end
        self.rng.shuffle(self.tdeck)
        self.tdiscard: list[int] = []
        self.owner: list[int] = [-1] * len(c.territories)
        self.yellow: list[bool] = [False] * len(c.territories)
        self.markers: list[int] = [1] * (3 * n)  # markers[3*p + kind]
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.displays: list[list[int]] = [[] for _ in range(n)]
        self.passed: list[bool] = [False] * n
        self.known_top: list[int] = [0] * n
        self.hand_known: dict[int, int] = {}  # card -> bitmask of players who know its hand
        self.stack: list[Task] = []
        self.pend: Task = ()
        self.war: tuple[int, ...] = ()
        self.round = 1
        self.progress = False
        self.winner = -1
        self.reason = ""
        for p in range(n):
            t = self.tdeck.pop()
            self.owner[t] = p
        if not self._quiet:
            self._log("territories", {"owner": [self.owner[t] for t in range(len(self.owner))]})
        self.dealt = -1  # the seat dealt the `deal` option's card (a lab handicap), or −1
        if g.deal_card >= 0:
            # swap the card into a random slot of a random seat's opening six (drawn from
            # the end of the deck, seat 0 first), so the deal itself is drawn as usual
            self.dealt = self.rng.below(n)
            slot = len(self.deck) - 1 - (g.opening * self.dealt + self.rng.below(g.opening))
            at = self.deck.index(g.deal_card)
            self.deck[slot], self.deck[at] = self.deck[at], self.deck[slot]
        for p in range(n):
            self._draw(p, g.opening)
        fixed = int(g.config["start_player"])
        self.start = self.rng.below(n) if fixed < 0 else fixed
        self.current = self.start
        if not self._quiet:
            self._log("round", {"round": 1, "start": self.start})
        self._ask(("action", self.start))

    # ------------------------------------------------------------------ small helpers

    def _opponents(self, p: int) -> list[int]:
        n = self.game.num_players
        return [(p + i) % n for i in range(1, n)]

    def _person(self, c: int) -> Person:
        return self.game.content.persons[c]

    def score(self, p: int) -> int:
        """Yellow stars − black stars of ``p``'s territories."""
        total = 0
        for t, terr in enumerate(self.game.content.territories):
            if self.owner[t] == p:
                total += terr.yellow if self.yellow[t] else -terr.black
        return total

    def continents(self, p: int) -> int:
        """How many continents ``p`` holds a territory of (either side)."""
        terrs = self.game.content.territories
        return len({terrs[t].continent for t in range(len(terrs)) if self.owner[t] == p})

    def _draw(self, p: int, n: int) -> int:
        limit = self.game.content.hand_limit
        got: list[int] = []
        while len(got) < n and self.deck and len(self.hands[p]) < limit:
            card = self.deck.pop()
            self.hands[p].append(card)
            got.append(card)
        self.hands[p].sort()
        if got and not self._quiet:
            self._log("draw", {"player": p, "count": len(got)}, {"cards": got}, to=(p,))
        return len(got)

    def _gain(self, p: int, kind: int, n: int) -> None:
        self.markers[3 * p + kind] += n
        if not self._quiet:
            self._log("gain", {"player": p, "marker": MARKERS[kind], "n": n})

    def _take_top_territory(self, p: int, cost: int) -> None:
        t = self.tdeck.pop()
        self.markers[3 * p + MIGHT] -= cost
        self.owner[t] = p
        self.yellow[t] = False
        self.known_top = [max(0, k - 1) for k in self.known_top]
        if not self._quiet:
            self._log("expand", {"player": p, "territory": t, "paid": cost})
        self._refill_territories()

    def _refill_territories(self) -> None:
        if not self.tdeck and self.tdiscard:
            self.tdeck = self.tdiscard
            self.tdiscard = []
            self.rng.shuffle(self.tdeck)
            self.known_top = [0] * self.game.num_players
            if not self._quiet:
                self._log("territory_deck_rebuilt", {"count": len(self.tdeck)})

    def _build_options(self, p: int, discount: int) -> list[int]:
        g = self.game
        out: list[int] = []
        for t, terr in enumerate(g.content.territories):
            if self.owner[t] != p or self.yellow[t]:
                continue
            cost = max(0, terr.build - discount)
            if self.markers[3 * p + CULTURE] >= cost:
                out.append(g.BUILD_CULTURE + t)
            if self.markers[3 * p + TECH] >= cost:
                out.append(g.BUILD_TECH + t)
        return sorted(out)

    def _do_build(self, p: int, option: int, discount: int) -> None:
        g = self.game
        if option >= g.BUILD_TECH:
            t, kind = option - g.BUILD_TECH, TECH
        else:
            t, kind = option - g.BUILD_CULTURE, CULTURE
        cost = max(0, g.content.territories[t].build - discount)
        self.markers[3 * p + kind] -= cost
        self.yellow[t] = True
        if not self._quiet:
            self._log("build", {"player": p, "territory": t, "paid": cost, "marker": MARKERS[kind]})

    def _discard_card(self, holder: int, c: int, *, from_display: bool) -> None:
        """Discard card ``c`` from ``holder``'s hand or display; a 天 card fires at once."""
        if from_display:
            self.displays[holder].remove(c)
        else:
            self.hands[holder].remove(c)
            self.hand_known.pop(c, None)
        self.discard.append(c)
        where = "display" if from_display else "hand"
        if not self._quiet:
            self._log("discard", {"player": holder, "card": c, "from": where})
        person = self._person(c)
        if person.kind == PASSIVE:
            if not self._quiet:
                self._log("trigger", {"player": holder, "card": c})
            self._push_effects(holder, c, 0, person.effects)

    def _push_effects(self, p: int, c: int, lst: int, effects: Sequence[Effect]) -> None:
        for i in range(len(effects) - 1, -1, -1):
            self.stack.append(("eff", p, c, lst, i))

    def _effect(self, c: int, lst: int, i: int) -> Effect:
        person = self._person(c)
        if lst == 0:
            return person.effects[i]
        assert person.war is not None
        return person.war.on_win[i]

    # ------------------------------------------------------------------ decisions

    def _ask(self, pend: Task) -> None:
        self.pend = pend
        kind = pend[0]
        if kind == "throw":
            self._movers = tuple(sorted((self.war[0], self.war[1])))
        else:
            who = pend[1]
            assert isinstance(who, int)
            self._movers = (who,)

    def _kind(self, player: Player) -> str:
        return str(self.pend[0])

    def _legal(self, player: Player) -> Sequence[int]:
        d = DECISIONS.get(self.pend[0])
        if d is None:  # an effect's decision
            return self._legal_effect(player)
        return d[0](self, player)

    def _legal_action(self, p: int) -> list[int]:
        g = self.game
        opts = list(self.hands[p])
        if self.tdeck:
            top = g.content.territories[self.tdeck[-1]]
            if self.markers[3 * p + MIGHT] >= top.expand:
                opts.append(g.EXPAND)
        opts.extend(self._build_options(p, 0))
        opts.append(g.PASS)
        return sorted(opts)

    def _legal_throw(self, p: int) -> list[int]:
        return [self.game.THROW + i for i in range(3)]

    def _legal_announce(self, p: int) -> list[int]:
        return [self.game.ANNOUNCE + i for i in range(3)]

    def _legal_output(self, p: int) -> list[int]:
        return [self.game.MARKER + i for i in range(3)]

    def _legal_may(self, p: int) -> list[int]:
        return [self.game.YES, self.game.NO]

    def _legal_discard(self, p: int) -> list[int]:
        return [self.game.DISCARD + c for c in self.hands[p]]

    def _legal_war_target(self, p: int) -> list[int]:
        mask = self.pend[4]
        assert isinstance(mask, int)
        return self._war_targets(p, mask)

    def _legal_effect(self, p: int) -> list[int]:
        return self._effect_options(p, self._pending_effect(self.pend))

    def _pending_effect(self, pend: Task) -> Effect:
        _, _, c, lst, i = pend[:5]
        assert isinstance(c, int) and isinstance(lst, int) and isinstance(i, int)
        return self._effect(c, lst, i)

    def _war_targets(self, p: int, mask: int) -> list[int]:
        g = self.game
        return [
            g.ATTACK + t
            for t in range(len(self.owner))
            if self.owner[t] >= 0 and self.owner[t] != p and not mask >> self.owner[t] & 1
        ]

    def _effect_options(self, p: int, eff: Effect) -> list[int]:
        """Legal options of the decision an effect asks (see :mod:`.effects`)."""
        options = EFFECTS[eff.do].options
        assert options is not None
        return options(self, p, eff)

    def _apply(self, joint: dict[Player, int]) -> None:
        pend = self.pend
        self.pend = ()
        d = DECISIONS.get(pend[0])
        if d is None:  # an effect's decision
            self._apply_effect(pend, joint)
        else:
            d[1](self, pend, joint)
        if not self.pend:
            self._run()

    def _apply_throw(self, pend: Task, joint: dict[Player, int]) -> None:
        self._throw(joint)

    def _apply_action(self, pend: Task, joint: dict[Player, int]) -> None:
        p = _decider(pend)
        self._action(p, joint[p])

    def _apply_war_target(self, pend: Task, joint: dict[Player, int]) -> None:
        self._war_begin(pend, joint[_decider(pend)] - self.game.ATTACK)

    def _apply_announce(self, pend: Task, joint: dict[Player, int]) -> None:
        p = _decider(pend)
        o = joint[p] - self.game.ANNOUNCE
        a, d, t, c, ties, used, _, left, mask = self.war
        self.war = (a, d, t, c, ties, used, o, left, mask)
        if not self._quiet:
            self._log("announce", {"player": p, "throw": RPS.names[o]})
        self._ask(("throw",))

    def _apply_output(self, pend: Task, joint: dict[Player, int]) -> None:
        p = _decider(pend)
        self._gain(p, joint[p] - self.game.MARKER, 1)

    def _apply_may(self, pend: Task, joint: dict[Player, int]) -> None:
        p = _decider(pend)
        if joint[p] == self.game.YES:
            self.stack.append(("do", *pend[1:]))
        elif not self._quiet:
            self._log("skip", {"player": p, "card": pend[2]})

    def _apply_discard(self, pend: Task, joint: dict[Player, int]) -> None:
        p = _decider(pend)
        n = pend[2]
        assert isinstance(n, int)
        if n > 1:
            self.stack.append(("discard", p, n - 1))
        self._discard_card(p, joint[p] - self.game.DISCARD, from_display=False)

    def _apply_effect(self, pend: Task, joint: dict[Player, int]) -> None:
        p = _decider(pend)
        self._effect_choice(p, pend, joint[p])

    def _run(self) -> None:
        """Resolve the stack until a decision is needed or the game is over."""
        while not self.pend and not self.reason:
            self._step(self.stack.pop())
        if self.reason:
            self.pend = ()
            self._movers = ()

    # ------------------------------------------------------------------ the four actions

    def _action(self, p: int, o: int) -> None:
        g = self.game
        self.stack.append(("end_action", p))
        if o < g.DISCARD:
            self.hands[p].remove(o)
            self.hand_known.pop(o, None)
            self.displays[p].append(o)
            self.progress = True
            person = self._person(o)
            if not self._quiet:
                self._log("play", {"player": p, "card": o, "card_kind": KINDS[person.kind]})
            if person.kind == WAR:
                assert person.war is not None
                self.stack.append(("war", p, o, person.war.targets, 0))
                self._push_effects(p, o, 0, person.effects)
            elif person.kind == SKILL:
                self._push_effects(p, o, 0, person.effects)
        elif o == g.EXPAND:
            self.progress = True
            top = g.content.territories[self.tdeck[-1]]
            self._take_top_territory(p, top.expand)
        elif o == g.PASS:
            self.passed[p] = True
            if not self._quiet:
                self._log("pass", {"player": p})
        else:
            self.progress = True
            self._do_build(p, o, 0)
            self._draw(p, 1)

    # ------------------------------------------------------------------ resolution steps

    def _step(self, task: Task) -> None:
        """Resolve one task of the stack (by its handler in :attr:`_TASKS`)."""
        handler = self._TASKS.get(str(task[0]))
        if handler is None:  # pragma: no cover
            raise AssertionError(f"unknown task {task}")
        handler(self, *task[1:])

    def _task_eff(self, p: int, c: int, lst: int, i: int) -> None:
        """An effect comes up: skipped if it can do nothing, asked if optional, else run."""
        eff = self._effect(c, lst, i)
        if not EFFECTS[eff.do].possible(self, p, eff):
            if not self._quiet:
                self._log("no_effect", {"player": p, "card": c, "effect": eff.do})
        elif eff.may:
            self._ask(("may", p, c, lst, i))
        else:
            EFFECTS[eff.do].run(self, p, eff, (c, lst, i))

    def _task_do(self, p: int, c: int, lst: int, i: int) -> None:
        """An optional effect its player chose to use."""
        eff = self._effect(c, lst, i)
        EFFECTS[eff.do].run(self, p, eff, (c, lst, i))

    def _task_discard(self, p: int, n: int) -> None:
        if self.hands[p]:
            self._ask(("discard", p, n))

    def _task_war(self, p: int, c: int, left: int, mask: int) -> None:
        if self._war_targets(p, mask):
            self._ask(("war_target", p, c, left, mask))
        else:
            if not self._quiet:
                self._log("no_war", {"player": p, "card": c})

    def _task_throw_again(self) -> None:
        a, d, t = self.war[0], self.war[1], self.war[2]
        if self.owner[t] != d:
            if not self._quiet:
                self._log("war_over", {"attacker": a, "defender": d, "territory": t})
            self._war_next()
        else:
            self._ask(("throw",))

    def _task_war_next(self) -> None:
        self._war_next()

    def _task_output(self, p: int, c: int) -> None:
        self._ask(("output", p, c))

    def _task_cleanup(self) -> None:
        self._cleanup()

    def _task_end_action(self, p: int) -> None:
        self._end_action(p)

    #: The handler of each task of the resolution stack: name → method (taking its args).
    _TASKS: ClassVar[dict[str, Callable[..., None]]] = {
        "eff": _task_eff,
        "do": _task_do,
        "discard": _task_discard,
        "war": _task_war,
        "throw_again": _task_throw_again,
        "war_next": _task_war_next,
        "output": _task_output,
        "cleanup": _task_cleanup,
        "end_action": _task_end_action,
    }

    def _effect_choice(self, p: int, pend: Task, o: int) -> None:
        """Apply the option chosen at the decision an effect asked (see :mod:`.effects`)."""
        eff = self._pending_effect(pend)
        choose = EFFECTS[eff.do].choose
        assert choose is not None
        choose(self, p, eff, o)

    # ------------------------------------------------------------------ war

    def _war_begin(self, pend: Task, t: int) -> None:
        _, p, c, left, mask = pend
        assert isinstance(p, int) and isinstance(c, int)
        assert isinstance(left, int) and isinstance(mask, int)
        d = self.owner[t]
        # (attacker, defender, territory, card, ties, second chance used, announced, left, mask)
        self.war = (p, d, t, c, 0, 0, -1, left, mask | 1 << d)
        if not self._quiet:
            self._log("war", {"attacker": p, "defender": d, "territory": t, "card": c})
        war = self._person(c).war
        assert war is not None
        if war.announce:
            self._ask(("announce", p))
        else:
            self._ask(("throw",))

    def throw_effect(self, ta: int, td: int) -> tuple[int, bool]:
        """What the war's attacker throwing ``ta`` and the defender ``td`` (0 rock, 1
        scissors, 2 paper) does: the result for the attacker (1, 0 a tie, -1) and whether
        the announcement is kept. Nothing else of the pair matters to the game (only the
        logged throws differ), so pairs with the same effect lead to the same state: the
        heuristic values each effect once (``strategy.war_matrix``; the tests check this)."""
        announced = self.war[6]
        return RPS.compare(ta, td), announced >= 0 and ta == announced

    def _throw(self, joint: dict[Player, int]) -> None:
        g = self.game
        a, d, t, c, ties, used, announced, left, mask = self.war
        war = self._person(c).war
        assert war is not None
        ta, td = joint[a] - g.THROW, joint[d] - g.THROW
        res, kept = self.throw_effect(ta, td)
        if not self._quiet:
            self._log(
                "throw",
                {
                    "attacker": a,
                    "defender": d,
                    "throws": {str(a): RPS.names[ta], str(d): RPS.names[td]},
                },
            )
        if announced >= 0:
            # The announcement is checked against the war's first throw only.
            self.war = (a, d, t, c, ties, used, -1, left, mask)
            if kept:
                if not self._quiet:
                    self._log("announce_kept", {"player": a})
                self._gain(a, MIGHT, 1)
        if res == 0:
            ties += 1
            self.war = (a, d, t, c, ties, used, -1, left, mask)
            if ties >= self.game.tie_limit:
                if not self._quiet:
                    self._log("war_stalemate", {"attacker": a, "defender": d, "ties": ties})
                self.stack.append(("war_next",))
                return
            self.stack.append(("throw_again",))
            if war.tie == "opponent_discards":
                self.stack.append(("discard", d, 1))
            elif war.tie == "steal_might" and self.markers[3 * d + MIGHT] > 0:
                self.markers[3 * d + MIGHT] -= 1
                self.markers[3 * a + MIGHT] += 1
                if not self._quiet:
                    self._log("steal", {"player": a, "from": d, "marker": "might", "n": 1})
        elif res > 0:
            flip = self.yellow[t]  # a yellow territory flips; a black one changes hands
            if flip:
                self.yellow[t] = False
            else:
                self.owner[t] = a
            if not self._quiet:
                self._log("war_won", {"attacker": a, "defender": d, "territory": t, "flip": flip})
            self.stack.append(("war_next",))
            self._push_effects(a, c, 1, war.on_win)
        elif war.second_chance and not used:
            self.war = (a, d, t, c, ties, 1, -1, left, mask)
            if not self._quiet:
                self._log("second_chance", {"player": a})
            self.stack.append(("throw_again",))
        else:
            if not self._quiet:
                self._log("war_lost", {"attacker": a, "defender": d, "territory": t})
            self.stack.append(("war_next",))

    def _war_next(self) -> None:
        a, c, left, mask = self.war[0], self.war[3], self.war[7], self.war[8]
        self.war = ()
        if left > 1:
            self.stack.append(("war", a, c, left - 1, mask))

    # ------------------------------------------------------------------ turn and round end

    def _victor(self, p: int) -> tuple[int, str]:
        """Who wins now (checked from ``p`` clockwise), and how; ``(-1, "")`` if nobody."""
        g = self.game
        n = g.num_players
        content = g.content
        scores = [0] * n
        reached = [0] * n  # bit c: holds a territory of continent c
        for q, developed, (yellow, black, bit) in zip(
            self.owner, self.yellow, g.star_parts, strict=True
        ):
            if q >= 0:
                scores[q] += yellow if developed else black
                reached[q] |= bit
        every = (1 << len(CONTINENTS)) - 1
        for i in range(n):
            q = (p + i) % n
            if reached[q] == every:
                return q, "continents"
            if scores[q] >= content.star_goal:
                return q, "stars"
        return -1, ""

    def _end_action(self, p: int) -> None:
        q, why = self._victor(p)
        if q >= 0:
            self.winner, self.reason = q, why
            if not self._quiet:
                self._log("victory", {"player": q, "by": why})
            return
        n = self.game.num_players
        for i in range(1, n + 1):
            nxt = (p + i) % n
            if not self.passed[nxt]:
                self.current = nxt
                self._ask(("action", nxt))
                return
        self._round_end()

    def _round_end(self) -> None:
        n = self.game.num_players
        if not self._quiet:
            self._log("round_end", {"round": self.round})
        for p in range(n):
            got = [0, 0, 0]
            for c in self.displays[p]:
                colour = self._person(c).colour
                if colour != PEOPLE:
                    got[colour] += 1
            for k in range(3):
                if got[k]:
                    self._gain(p, k, got[k])
        self.stack.append(("cleanup",))
        order = [(self.start + i) % n for i in range(n)]
        for p in reversed(order):
            for c in reversed(self.displays[p]):
                if self._person(c).colour == PEOPLE:
                    self.stack.append(("output", p, c))

    def _cleanup(self) -> None:
        g = self.game
        n = g.num_players
        # Returning displays and the discard pile is not a discard: no 天 card fires.
        for p in range(n):
            self.deck.extend(self.displays[p])
            self.displays[p] = []
        self.deck.extend(self.discard)
        self.discard = []
        self.rng.shuffle(self.deck)
        if not self._quiet:
            self._log("reshuffle", {"deck": len(self.deck)})
        for i in range(n):
            self._draw((self.start + i) % n, 3)
        if not self.progress and g.no_progress_end:
            self.reason = "no_progress"
        elif self.round >= g.round_cap:
            self.reason = "cap"
        if self.reason:
            if not self._quiet:
                self._log("game_end", {"by": self.reason, "round": self.round})
            return
        self.round += 1
        self.start = (self.start + 1) % n
        self.passed = [False] * n
        self.progress = False
        self.current = self.start
        if not self._quiet:
            self._log("round", {"round": self.round, "start": self.start})
        self._ask(("action", self.start))

    # ------------------------------------------------------------------ views

    def _observe(self, player: Player | None) -> dict[str, JSONValue]:
        g = self.game
        n = g.num_players
        pend = self.pend
        players: list[JSONValue] = []
        for p in range(n):
            players.append(
                {
                    "hand_count": len(self.hands[p]),
                    "display": list(self.displays[p]),
                    "markers": {MARKERS[k]: self.markers[3 * p + k] for k in range(3)},
                    "passed": self.passed[p],
                    "territories": [t for t in range(len(self.owner)) if self.owner[t] == p],
                    "score": self.score(p),
                    "continents": self.continents(p),
                }
            )
        obs: dict[str, JSONValue] = {
            "content": g.content.name,
            "round": self.round,
            "start": self.start,
            "current": self.current,
            "decision": str(pend[0]) if pend else None,
            "players": players,
            "yellow": [t for t in range(len(self.yellow)) if self.yellow[t]],
            "deck": len(self.deck),
            "discard": list(self.discard),
            "territory_deck": len(self.tdeck),
            "territory_top": self.tdeck[-1] if self.tdeck else None,
            "territory_discard": list(self.tdiscard),
            "war": None,
            "winner": self.winner if self.reason else None,
            "end": self.reason or None,
        }
        if self.war:
            a, d, t, c, ties, used, announced, _, _ = self.war
            obs["war"] = {
                "attacker": a,
                "defender": d,
                "territory": t,
                "card": c,
                "ties": ties,
                "second_chance_used": bool(used),
                "announced": RPS.names[announced] if announced >= 0 else None,
            }
        if player is not None:
            obs["hand"] = list(self.hands[player])
            k = max(self.known_top[player], 1 if self.tdeck else 0)
            obs["territory_known"] = list(reversed(self.tdeck[len(self.tdeck) - k :]))
            obs["known_in_hands"] = {
                str(q): [c for c in self.hands[q] if self.hand_known.get(c, 0) >> player & 1]
                for q in range(n)
                if q != player
            }
        return obs

    def _resample(self, player: Player, rng: Rng) -> None:
        n = self.game.num_players
        pool = list(self.deck)
        fixed: list[list[int]] = [[] for _ in range(n)]
        for q in range(n):
            if q == player:
                continue
            for c in self.hands[q]:
                if self.hand_known.get(c, 0) >> player & 1:
                    fixed[q].append(c)
                else:
                    pool.append(c)
        pool.sort()  # canonical: the result depends only on what `player` sees
        rng.shuffle(pool)
        for q in range(n):
            if q == player:
                continue
            need = len(self.hands[q]) - len(fixed[q])
            self.hands[q] = sorted(fixed[q] + [pool.pop() for _ in range(need)])
        self.deck = pool
        self.dealt = -1  # who was dealt the `deal` card is no trace `player` may keep
        # what others know about each other's hands is no trace `player` may keep
        self.hand_known = {c: m for c, m in self.hand_known.items() if m >> player & 1}
        k = max(self.known_top[player], 1)
        if len(self.tdeck) > k:
            hidden = sorted(self.tdeck[: len(self.tdeck) - k])
            rng.shuffle(hidden)
            self.tdeck[: len(self.tdeck) - k] = hidden

    def _ranks(self) -> tuple[int, ...]:
        """The winner first; everybody else (or all, without a winner) by score, then
        continents; equal players share a place."""
        n = self.game.num_players
        keys = [float(self.score(p) * 10 + self.continents(p)) for p in range(n)]
        if self.winner < 0:
            return ranks_from_scores(tuple(keys))
        others = [p for p in range(n) if p != self.winner]
        sub = ranks_from_scores(tuple(keys[p] for p in others))
        ranks = [1] * n
        for i, p in enumerate(others):
            ranks[p] = 1 + sub[i]
        return tuple(ranks)

    def _metrics(self) -> dict[str, float]:
        return {"rounds": float(self.round)}

    def _player_labels(self) -> dict[str, list[str]]:
        """With the ``deal`` option: which seat was dealt the card (the lab reports the win
        rate of each value, which is the card's causal effect against the others)."""
        if self.dealt < 0:
            return {}
        key = self.game.content.persons[self.game.deal_card].key
        n = self.game.num_players
        return {"dealt": [f"dealt {key}" if p == self.dealt else "not dealt" for p in range(n)]}

    def _timeout_option(self, player: Player) -> int | None:
        """A timed-out player passes (an action) or declines (a "you may" ability)."""
        g = self.game
        legal = self._legal(player)
        for option in (g.PASS, g.NO):
            if option in legal:
                return option
        return None

    def _end_reason(self) -> str:
        return self.reason

    def _ending(self) -> Ending:
        n = self.game.num_players
        return text.ending(
            self.reason,
            self.round,
            self.game.content.star_goal,
            [self.score(p) for p in range(n)],
            [self.continents(p) for p in range(n)],
        )

    # ------------------------------------------------------------------ names

    def _prompt(self, player: Player) -> tuple[str, str]:
        kind = str(self.pend[0]) if self.pend else ""
        return PROMPTS.get(kind, ("", ""))


#: Each decision kind of the rules, ``kind → (legal, apply)`` (see :data:`Decision`). Any
#: other kind is an effect's (``purge``, ``scout``, ``take``, ``develop``, ``raze``, ``flip``,
#: ``marker``, ``target``): offered and applied by the effect's handlers in :mod:`.effects`
#: (:meth:`LegendsState._legal_effect`, :meth:`LegendsState._apply_effect`).
DECISIONS: dict[int | str, Decision] = {
    "action": (LegendsState._legal_action, LegendsState._apply_action),
    "throw": (LegendsState._legal_throw, LegendsState._apply_throw),
    "announce": (LegendsState._legal_announce, LegendsState._apply_announce),
    "output": (LegendsState._legal_output, LegendsState._apply_output),
    "may": (LegendsState._legal_may, LegendsState._apply_may),
    "discard": (LegendsState._legal_discard, LegendsState._apply_discard),
    "war_target": (LegendsState._legal_war_target, LegendsState._apply_war_target),
}


class Legends(Game):
    """伟人的猜拳战略 — Great People's RPS Strategy (Conflicting Legends), 3–6 players.

    >>> from caiquan.games import load_game
    >>> g = load_game("legends", players=3)
    >>> len(g.content.persons), len(g.content.territories), g.num_option_ids
    (37, 18, 256)
    """

    id = "legends"
    version = 2  # 2: eight default person cards tuned to the card-lift target (issue 10)
    name_zh = "伟人的猜拳战略"
    name_en = "Conflicting Legends"
    min_players = 3
    max_players = MAX_PLAYERS
    state_class = LegendsState
    rules_package = "caiquan.games.legends"
    lobby_order: ClassVar[int] = 20
    hooks: ClassVar[Mapping[str, str]] = {
        "strategy": ".strategy",
        "encoder": ".encoding:LegendsEncoder",
        "terminal": ".terminal",
        "web": "web.js",
        "css": "style.css",
        "guide": "guide/guide.md",
        "learn": ".learn:hints",
    }
    options = (
        ConfigOption("players", 4, *option_help("players"), minimum=3, maximum=6),
        ConfigOption("content", "default", *option_help("content"), presets=PRESETS),
        ConfigOption(
            "start_player", -1, *option_help("start_player"), minimum=-1, maximum=MAX_PLAYERS - 1
        ),
        ConfigOption(
            "round_cap", 40, *option_help("round_cap"), minimum=1, maximum=200, table_maximum=60
        ),
        ConfigOption("no_progress_end", True, *option_help("no_progress_end")),
        ConfigOption("deal", "", *option_help("deal"), scope="lab"),
        # players who keep throwing alike make a war as long as this: a server table stops sooner
        ConfigOption(
            "tie_limit", 30, *option_help("tie_limit"), minimum=1, maximum=1000, table_maximum=30
        ),
    )

    def _prepare(self) -> None:
        self.content: Content = load_content(str(self.config["content"]))
        c = self.content
        start = int(self.config["start_player"])
        if start >= self.num_players:
            raise ConfigError(
                f"legends: option 'start_player' must be −1 or 0 … {self.num_players - 1}, "
                f"got {start}"
            )
        if len(c.territories) <= self.num_players:
            raise ConfigError(
                f"legends: the content has {len(c.territories)} territories; "
                f"{self.num_players} players need more than {self.num_players}"
            )
        self.round_cap: int = int(self.config["round_cap"])
        #: per territory: stars on its yellow side, on its black side (negative), and its
        #: continent's bit (what _victor adds up after every action)
        self.star_parts: tuple[tuple[int, int, int], ...] = tuple(
            (t.yellow, -t.black, 1 << t.continent) for t in c.territories
        )
        self.tie_limit: int = int(self.config["tie_limit"])
        self.no_progress_end: bool = bool(self.config["no_progress_end"])
        P, T = len(c.persons), len(c.territories)
        self.opening: int = min(6, c.hand_limit)  # cards a player draws at setup
        deal = str(self.config["deal"]).strip()
        self.deal_card: int = -1
        if deal:
            keys = [person.key for person in c.persons]
            if deal not in keys:
                raise ConfigError(
                    f"legends: option 'deal' names no person card of the content: {deal!r} "
                    f"(cards: {', '.join(keys)})"
                )
            if self.opening * self.num_players > P:
                raise ConfigError(
                    f"legends: option 'deal' needs {self.opening} person cards a player for the "
                    f"opening hands; the content has {P} for {self.num_players} players"
                )
            self.deal_card = keys.index(deal)
        self.DISCARD = P
        self.PURGE = 2 * P
        self.ATTACK = 3 * P
        self.SCOUT = self.ATTACK + T
        self.TAKE = self.ATTACK + 2 * T
        self.RAZE = self.ATTACK + 3 * T
        self.FLIP = self.ATTACK + 4 * T
        self.BUILD_CULTURE = self.ATTACK + 5 * T
        self.BUILD_TECH = self.ATTACK + 6 * T
        self.EXPAND = self.ATTACK + 7 * T
        self.PASS = self.EXPAND + 1
        self.THROW = self.PASS + 1
        self.ANNOUNCE = self.THROW + 3
        self.MARKER = self.ANNOUNCE + 3
        self.PLAYER = self.MARKER + 3
        self.YES = self.PLAYER + MAX_PLAYERS
        self.NO = self.YES + 1
        self._num_ids = self.NO + 1

    @property
    def num_option_ids(self) -> int:
        return self._num_ids

    def max_decisions(self) -> int:
        """A true bound: per round every card is played at most once and discarded at most
        once (cards never return to a hand before the round-end reshuffle), so the decisions
        a round can hold are bounded by the content; times the round cap."""
        c = self.content
        n = self.num_players
        T = len(c.territories)
        per_round = 0
        wars = 0
        for person in c.persons:
            per_round += 1  # playing it
            for eff in person.effects:  # on play (技/战) or when discarded (天)
                per_round += effect_bound(eff, n)
            if person.war is not None:
                w = person.war
                wars += w.targets
                on_win = sum(effect_bound(e, n) for e in w.on_win)
                per_target = 2 + (self.tie_limit + 2) * 2 + on_win
                per_round += w.targets * per_target
            per_round += 1  # its people output (any card at most once)
        # expansion actions: at most the deck plus razed territories (≤ T + P); build
        # actions: black territories at the round's start, new ones from the deck, and
        # those flipped back by wars and flip effects (≤ 2T + 2P + wars); passes: n
        per_round += 3 * T + 3 * len(c.persons) + wars + n
        return self.round_cap * per_round + 1

    def describe_option(self, option: int) -> Choice:
        return text.describe_option(self, option)

    def catalogue(self) -> tuple[Entry, ...]:
        """Every person card and territory of the content (id: its index, as a string), and
        the continents, markers, card kinds and colours (id: the name the game uses)."""
        return cardlist.catalogue(self.content)

    def cards_played(self, state: State) -> list[list[str]]:
        """The distinct person cards each player played (``play`` events), by catalogue id."""
        n = state.num_players
        persons = self.content.persons
        seen: list[set[str]] = [set() for _ in range(n)]
        for e in state.events(None):
            if e.get("kind") == "play":
                p, c = e.get("player"), e.get("card")
                if isinstance(p, int) and isinstance(c, int) and 0 <= p < n:
                    seen[p].add(str(persons[c].index))
        return [sorted(s) for s in seen]

    def format_event(
        self,
        event: Mapping[str, JSONValue],
        lang: str = "en",
        names: Sequence[str] | None = None,
    ) -> str:
        """One line of text for an event, in Chinese (``zh``) or English (``en``); with the
        table's seat ``names``, the players by their names.

        >>> from caiquan.games import load_game
        >>> g = load_game("legends")
        >>> g.format_event({"kind": "war_won", "attacker": 0, "defender": 2, "territory": 0,
        ...                 "flip": False}, "en")
        'player 0 wins the war: takes Central Plains from player 2'
        >>> g.format_event({"kind": "war_won", "attacker": 0, "defender": 2, "territory": 0,
        ...                 "flip": True}, "zh")
        '玩家 0 赢得战争：玩家 2 的 中原 翻回黑星面'
        >>> g.format_event({"kind": "war_won", "attacker": 0, "defender": 2, "territory": 0,
        ...                 "flip": False}, "en", ["Ann", "bot 1", "bot 2"])
        'Ann wins the war: takes Central Plains from bot 2'
        """
        line = text.format_event(self.content, event, lang, names)
        return super().format_event(event, lang, names) if line is None else line


__all__ = ["PASSIVE", "PEOPLE", "PRESETS", "SKILL", "WAR", "Legends", "LegendsState"]
