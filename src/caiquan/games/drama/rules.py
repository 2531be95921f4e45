# cython: annotation_typing=False
# (rules.pxd types this module for the compiled fast path; the annotations are for mypy)
"""剧牌 (Drama Cards): the rules as code.

Four players, one 54-card deck (A = 1 … K = 13; the jokers are role cards only). A round
card turned from the central pile sets each round's nature (attack, defence, supply,
discard); in a round every player, from the rotating leader, is the active player once.
See ``rules.md`` for the full rules with every interpretation marked, and
:mod:`caiquan.games.drama.formulas` for the seed's formulas.

The deck and the option-id layout are :mod:`.cards`; what each seat sees is :mod:`.views`;
how a duel, a discard, a supply turn and the played-out last round resolve is
:mod:`.resolve`; the game (its options, catalogue and texts) is :mod:`.game`. This module is
the state and the flow of play: the setup, the rounds and turns, the decisions and what
each does, the card movements and the re-deal a search samples.

Decision kinds: ``"role"`` (setup: each player in turn takes one of the open role cards),
``"rearm"`` (simultaneous, players allowed to draw a pair at a round's
start), ``"target"`` (the active player names an opponent), ``"duel"`` (attack and defence
rounds: active player and target choose their card at once and reveal together),
``"discard"`` (the active player's card in a discard round), ``"answer"`` (the target of an
in-role discard answers with an intention card), ``"supply"``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar, Self

from caiquan.engine import (
    Choice,
    Ending,
    JSONValue,
    Player,
    Rng,
    ranks_from_scores,
)
from caiquan.engine.state import State  # the name rules.pxd cimports (compiled)

from . import formulas as f
from . import resolve, text, views
from .cards import (
    ATTACK,
    DEFENCE,
    DISCARD,
    HAND_SIZE,
    LABELS,
    NUM_CARDS,
    NUM_OPTION_IDS,
    NUM_PLAYERS,
    OTHERS,
    PLAYERS,
    REARM_DECLINE,
    REARM_DRAW,
    ROLE_BASE,
    SUPPLY,
    SUPPLY_DISCARD_BASE,
    SUPPLY_PASS,
    SUPPLY_REDRAW,
    TARGET_BASE,
    WEAPON_BASE,
    Held,
    Slot,
    rank,
)
from .formulas import (  # by name: a module attribute is a lookup a call, compiled
    attack_total_same_role,
)

if TYPE_CHECKING:
    from .game import Drama

#: Every card as players read it, by card id (looked up: the rules log card names at
#: every step)
_LABELS: tuple[str, ...] = LABELS


class DramaState(State):
    # The game's fields are slots like the engine's: compiled, ``rules.pxd`` makes the state
    # an extension type with them as C struct fields (no dict lookup on the hot path); this
    # file stays the reference twin with the same layout.
    __slots__ = (
        "active",
        "aside",
        "card_nature",
        "deck",
        "end_reason",
        "final",
        "first_chooser",
        "first_leader",
        "hands",
        "last",
        "last_start",
        "leader",
        "nature",
        "offer_cards",
        "offer_values",
        "pending",
        "phase",
        "rearm_from",
        "role_cards",
        "role_values",
        "roles",
        "round_cards",
        "round_no",
        "round_pile",
        "round_value",
        "seen",
        "table",
        "taken",
        "target",
        "turn",
        "weapon_from_table",
        "weapon_public",
        "weapons",
        "winners",
    )

    game: Drama
    _flat_fields: ClassVar[frozenset[str]] = frozenset(
        {
            "hands",
            "taken",
            "weapons",
            "weapon_public",
            "weapon_from_table",
            "rearm_from",
            "table",
            "round_pile",
            "round_cards",
            "aside",
            "seen",
            "roles",
            "role_values",
            "role_cards",
            "deck",
            "final",
            "last_start",
            "winners",
        }
    )

    def clone(self) -> Self:
        """The general clone (:meth:`State.clone`: the flat fields copied, the nested ones
        two levels deep, the others immutable and shared), written out field by field."""
        if type(self) is not DramaState or vars(self):
            return State.clone(self)  # a subclass or an extra attribute: the general path
        new = DramaState.__new__(DramaState)
        self._engine_fill(new)
        # [:] of a list: the same new list as list(), and a direct slice compiled
        new.active = self.active
        new.aside = self.aside[:]
        new.card_nature = self.card_nature
        new.deck = self.deck[:]
        new.end_reason = self.end_reason
        new.final = self.final[:]
        new.first_chooser = self.first_chooser
        new.first_leader = self.first_leader
        new.hands = self.hands[:]
        new.last = self.last
        new.last_start = self.last_start[:]
        new.leader = self.leader
        new.nature = self.nature
        new.offer_cards = self.offer_cards
        new.offer_values = self.offer_values
        new.pending = self.pending
        new.phase = self.phase
        new.rearm_from = self.rearm_from[:]
        new.role_cards = self.role_cards[:]
        new.role_values = self.role_values[:]
        new.roles = self.roles[:]
        new.round_cards = self.round_cards[:]
        new.round_no = self.round_no
        new.round_pile = self.round_pile[:]
        new.round_value = self.round_value
        new.seen = set(self.seen)
        new.table = self.table[:]
        new.taken = self.taken[:]
        new.target = self.target
        new.turn = self.turn
        new.weapon_from_table = self.weapon_from_table[:]
        new.weapon_public = self.weapon_public[:]
        new.weapons = self.weapons[:]
        new.winners = self.winners[:]
        return new  # type: ignore[return-value]  # Self is DramaState here (checked above)

    # ------------------------------------------------------------------ setup

    def _setup(self) -> None:
        g = self.game
        rng = self.rng
        n = NUM_PLAYERS
        deck = list(range(NUM_CARDS))
        rng.shuffle(deck)
        # 1) 先确定攻击，防守，补给，丢弃回合: fixed by the options (g.nature).
        # 2) 选择身份: the four role cards are laid out face up.
        offer: list[int] = []
        for role in g.content.roles:
            card = -1
            if role.card in ("composite", "prime"):
                want = g.is_composite if role.card == "composite" else g.is_prime
                card = next(c for c in deck if want[rank(c)])
                deck.remove(card)
            offer.append(card)
        self.offer_cards: tuple[int, ...] = tuple(offer)  # role card per role (content order)
        self.offer_values: tuple[int, ...] = tuple(
            role.value or rank(offer[r]) for r, role in enumerate(g.content.roles)
        )
        self.roles: list[int] = [-1] * n  # role index per seat (-1: not chosen yet)
        self.role_cards: list[int] = [-1] * n
        self.role_values: list[int] = [0] * n
        self.seen: set[int] = {c for c in offer if c >= 0}
        self.deck: list[int] = deck  # undealt, face down, until the roles are settled
        self.hands: list[tuple[int, ...]] = [()] * n
        self.taken: list[frozenset[int]] = [frozenset()] * n
        self.weapons: list[Held | None] = [None] * n
        self.weapon_public: list[bool] = [False] * n
        self.weapon_from_table: list[bool] = [False] * n
        self.rearm_from: list[int] = [0] * n
        self.round_pile: list[int] = []
        self.round_cards: list[int] = []
        self.table: list[int] = []
        self.aside: list[int] = []
        self.final: list[int] = []  # play-out: per player cards × 1000 + card values
        self.last_start: list[int] = []  # cards per player when the last round card turns
        self.round_no = 0
        self.round_value = 0
        self.nature = ATTACK
        self.card_nature = ATTACK
        self.last = False
        self.leader = 0
        self.turn = 0
        self.active = -1
        self.target = -1
        self.pending = -1  # an in-role discard's option, while its target answers
        self.winners: list[int] = []
        self.end_reason = ""
        choose = g.config["roles"] == "choose"
        self.first_chooser = rng.below(n) if choose else -1
        # who leads round 1: the first to choose a role (so the last to choose, who takes the
        # role left over, is the last to act in round 1); with dealt roles, seat 0
        self.first_leader = max(self.first_chooser, 0)
        if not self._quiet:
            self._log(
                "setup",
                {
                    "choose": choose,
                    "first": self.first_chooser,
                    "offer": [
                        {
                            "role": role.id,
                            "value": self.offer_values[r],
                            "card": _LABELS[offer[r]] if offer[r] >= 0 else None,
                        }
                        for r, role in enumerate(g.content.roles)
                    ],
                    "rounds": g.rounds,
                },
            )
        if choose:
            # each player in seat order from a random first chooser takes an open role card
            self.phase = "role"
            self.active = self.first_chooser
            self._movers = (self.active,)
            return
        seats = list(range(len(offer)))
        rng.shuffle(seats)  # the option roles = "deal": the role cards dealt at random
        for p, r in enumerate(seats):
            self._take_role(p, r)
        self._deal()

    def _take_role(self, p: Player, r: int) -> None:
        self.roles[p] = r
        self.role_cards[p] = self.offer_cards[r]
        self.role_values[p] = self.offer_values[r]
        if not self._quiet:
            self._log(
                "role",
                {
                    "player": p,
                    "role": self.game.content.roles[r].id,
                    "value": self.offer_values[r],
                    "chosen": self.first_chooser >= 0,
                },
            )

    def open_roles(self) -> list[int]:
        """Role indices (content order) nobody has taken yet."""
        return [r for r in range(len(self.offer_cards)) if r not in self.roles]

    def _deal(self) -> None:
        """Setup steps 2 (first weapon pair) to 4 (the round pile), then round 1."""
        g = self.game
        n = NUM_PLAYERS
        deck = self.deck
        self.deck = []
        for p in range(n):
            q, w = deck.pop(), deck.pop()
            self.weapons[p] = (q, w, g.uses(rank(q)))
        # 3) 抽取意图牌，一手5张.
        self.hands = [tuple(sorted(deck.pop() for _ in range(HAND_SIZE))) for _ in range(n)]
        # 4) 确定回合次数: the central round pile; the rest of the deck starts the table pile.
        self.round_pile = [deck.pop() for _ in range(g.rounds)]
        if g.config["table_start"] == "rest":
            self.table = deck
        else:
            self.aside = deck  # face down, out of play; nobody knows which cards these are
        self.active = -1
        self.phase = "setup"
        for p in range(n):
            q, w, u = self._held(p)
            if not self._quiet:
                self._log(
                    "deal",
                    {"player": p},
                    {
                        "hand": [_LABELS[c] for c in self.hands[p]],
                        "quality": _LABELS[q],
                        "weapon": _LABELS[w],
                        "uses": u,
                    },
                    to=(p,),
                )
        self._start_round()

    def _held(self, p: Player) -> Held:
        held = self.weapons[p]
        assert held is not None
        return held

    # ------------------------------------------------------------------ flow

    def _start_round(self) -> None:
        """Turn the next round card and run forward to the round's first decision."""
        g = self.game
        if not self.round_pile:
            self._finish("count")
            return
        self.round_no += 1
        card = self.round_pile.pop()
        self.round_cards.append(card)
        self.seen.add(card)
        self.round_value = rank(card)
        self.card_nature = g.nature[self.round_value]
        mode = g.config["last_round"]
        if not self.round_pile:
            self.last_start = [self.card_count(p) for p in range(NUM_PLAYERS)]
        self.last = not self.round_pile and mode != "ordinary"
        all_in = self.last and mode == "all_in"
        self.nature = (
            ATTACK if all_in and self.card_nature in (SUPPLY, DISCARD) else self.card_nature
        )
        self.leader = (self.first_leader + self.round_no - 1) % NUM_PLAYERS
        self.turn = 0
        if not self._quiet:
            self._log(
                "round",
                {
                    "round": self.round_no,
                    "card": _LABELS[card],
                    "value": self.round_value,
                    "nature": self.nature,
                    "card_nature": self.card_nature,
                    "last": self.last,
                    "leader": self.leader,
                },
            )
        if self.last and mode == "play_out":
            self._play_out()
            return
        if not self.last:
            eligible = [p for p in self._seat_order() if self._may_rearm(p)]
            if eligible and g.config["rearm_optional"]:
                self.phase = "rearm"
                self._movers = tuple(sorted(eligible))
                return
            for p in eligible:
                self._draw_pair(p)
        self._next_turn()

    def _seat_order(self) -> list[Player]:
        return [(self.leader + i) % NUM_PLAYERS for i in range(NUM_PLAYERS)]

    def _may_rearm(self, p: Player) -> bool:
        return (
            self.weapons[p] is None and self.rearm_from[p] <= self.round_no and len(self.table) >= 2
        )

    def _next_turn(self) -> None:
        """Find the next active player with something to do, starting new rounds as needed."""
        while True:
            if self.turn >= NUM_PLAYERS:
                if not self.round_pile:
                    self._finish("last_round" if self.last else "count")
                    return
                self._start_round()
                return
            p = (self.leader + self.turn) % NUM_PLAYERS
            self.active = p
            self.target = -1
            if self.nature == SUPPLY and not self.last:
                if self._supply_options(p) != [SUPPLY_PASS]:
                    self.phase = "supply"
                    self._movers = (p,)
                    return
            elif self._targets(p):
                self.phase = "target"
                self._movers = (p,)
                return
            if not self._quiet:
                self._log("skip", {"round": self.round_no, "player": p})
            self.turn += 1

    def _end_turn(self) -> None:
        if self._check_empty():
            return
        self.turn += 1
        self._next_turn()

    def _check_empty(self) -> bool:
        if not self.game.instant_win:
            return False
        hands, weapons = self.hands, self.weapons
        for p in PLAYERS:
            if not hands[p] and weapons[p] is None:  # card_count(p) == 0
                break
        else:
            return False
        self._finish("last_empty" if self.last else "empty")
        return True

    def _play_out(self) -> None:
        """最后一回合要求必须出完所有牌 (option ``last_round = "play_out"``).

        Every player, from the leader, lays out every card left (hand and weapon pair) face
        up onto the table pile; nobody takes cards in this round. Fewest cards finishes first
        (率先消耗完毕); among equal counts the smaller sum of the cards' numbers.
        """
        final = [0] * NUM_PLAYERS
        counts = [self.card_count(p) for p in range(NUM_PLAYERS)]
        for p in self._seat_order():
            cards = list(self.hands[p])
            held = self.weapons[p]
            if held is not None:
                cards += [held[0], held[1]]
            total = sum(rank(c) for c in cards)
            final[p] = len(cards) * 1000 + total
            if not self._quiet:
                self._log(
                    "play_out",
                    {
                        "round": self.round_no,
                        "player": p,
                        "hand": [_LABELS[c] for c in self.hands[p]],
                        "weapon": None if held is None else [_LABELS[held[0]], _LABELS[held[1]]],
                        "values": [rank(c) for c in cards],
                        "count": len(cards),
                        "sum": total,
                    },
                )
            for c in self.hands[p]:
                self._take_from_hand(p, c)
            if held is not None:
                self.weapons[p] = None
                self.weapon_public[p] = False
            self._to_table(cards)
        self.final = final
        self._finish("play_out", counts)

    def _finish(self, reason: str, counts: list[int] | None = None) -> None:
        if counts is None:
            counts = [self.card_count(p) for p in range(NUM_PLAYERS)]
        keys = self.final or counts
        best = min(keys)
        self.winners = [p for p in range(NUM_PLAYERS) if keys[p] == best]
        self.end_reason = reason
        self.phase = "over"
        self.active = self.target = -1
        self._movers = ()
        end: dict[str, JSONValue] = {
            "reason": reason,
            "round": self.round_no,
            "cards": list(counts),
            "winners": self.winners,
        }
        if self.final:
            end["sums"] = [k % 1000 for k in self.final]
        if not self._quiet:
            self._log("end", end)

    # ------------------------------------------------------------------ queries

    def card_count(self, p: Player) -> int:
        """Cards ``p`` still has to play out, weapon pair included (包括武器牌)."""
        return len(self.hands[p]) + (2 if self.weapons[p] is not None else 0)

    def in_role(self, p: Player, value: int) -> bool:
        """身份相同: ``value`` is of ``p``'s role class (and the option ``same_role`` is on)."""
        g = self.game
        return g.same_role and g.role_class[self.roles[p]][value]

    def _targets(self, p: Player) -> list[Player]:
        """Opponents ``p`` may name this turn (empty: ``p`` cannot act)."""
        others = OTHERS[p]
        if self.last:
            if self.card_count(p) == 0:
                return []
            return [q for q in others if self.card_count(q) > 0]
        if not self.hands[p]:
            return []
        if self.nature == DISCARD:
            return [q for q in others if self.weapons[q] is not None]
        if self.nature == DEFENCE and not self.game.unarmed_defence:
            return [q for q in others if self.hands[q] and self.weapons[q] is not None]
        return [q for q in others if self.hands[q]]

    def _supply_options(self, p: Player) -> list[int]:
        out: list[int] = []
        if self.taken[p]:
            out += [SUPPLY_DISCARD_BASE + c for c in self.hands[p] if c not in self.taken[p]]
        if self.weapons[p] is not None:
            out.append(SUPPLY_REDRAW)
        out.append(SUPPLY_PASS)
        return out

    def _card_options(self, p: Player, *, weapon: str) -> list[int]:
        """Card choices: ``weapon`` is "no", "may", "must" or "in_role" (discard rounds)."""
        hand = self.hands[p]
        armed = self.weapons[p] is not None
        if weapon == "must" and armed:
            return [WEAPON_BASE + c for c in hand]
        plain = list(hand)
        if weapon == "may" and armed:
            return plain + [WEAPON_BASE + c for c in hand]
        if weapon == "in_role" and armed:
            return plain + [WEAPON_BASE + c for c in hand if self.in_role(p, rank(c))]
        return plain

    # ------------------------------------------------------------------ hooks: decisions

    def _legal(self, player: Player) -> Sequence[int]:
        d = PHASES.get(self.phase)
        if d is None:  # the game is over: nobody decides
            return []
        return d[0](self, player)

    def _legal_role(self, player: Player) -> list[int]:
        return [ROLE_BASE + r for r in self.open_roles()]

    def _legal_answer(self, player: Player) -> list[int]:
        return list(self.hands[player])

    def _legal_rearm(self, player: Player) -> list[int]:
        return [REARM_DRAW, REARM_DECLINE]

    def _legal_target(self, player: Player) -> list[int]:
        return [TARGET_BASE + q for q in self._targets(player)]

    def _legal_supply(self, player: Player) -> list[int]:
        return self._supply_options(player)

    def _legal_discard(self, player: Player) -> list[int]:
        return self._card_options(player, weapon="in_role")

    def _legal_duel(self, player: Player) -> list[int]:
        if self.nature == ATTACK:
            return self._card_options(player, weapon="may")
        if player == self.active:  # the attacker of a defence round: 回合数+意图数
            return self._card_options(player, weapon="no")
        return self._card_options(player, weapon="must")  # 「需要使用武器」

    def _kind(self, player: Player) -> str:
        return self.phase

    def _prompt(self, player: Player) -> tuple[str, str]:
        other = self.target if player == self.active else self.active
        return text.prompt(
            self.phase,
            self.round_no,
            self.round_value,
            self.nature,
            self.active,
            self.target,
            other,
        )

    def _describe(self, player: Player, option: int) -> Choice:
        base = self.game.describe_option(option)
        if ROLE_BASE <= option < NUM_OPTION_IDS:
            r = option - ROLE_BASE
            role = self.game.content.roles[r]
            card = self.offer_cards[r]
            label = text.choice(
                "role-offer",
                zh=role.zh,
                en=role.en,
                shown_zh=f"{_LABELS[card]}，" if card >= 0 else "",
                shown_en=f"{_LABELS[card]}, " if card >= 0 else "",
                value=self.offer_values[r],
            )
            return Choice(option, base.name, *label)
        if WEAPON_BASE <= option < TARGET_BASE and self.weapons[player] is not None:
            q, w, u = self._held(player)
            c = option - WEAPON_BASE
            label = text.choice("card-with-pair", card=_LABELS[c], q=rank(q), w=rank(w), uses=u)
            return Choice(option, base.name, *label)
        return base

    # ------------------------------------------------------------------ hooks: apply

    def _apply(self, joint: dict[Player, int]) -> None:
        d = PHASES.get(self.phase)
        if d is None:  # pragma: no cover - the engine never applies to a finished game
            raise AssertionError(f"no decision in phase {self.phase}")
        d[1](self, joint)

    def _apply_role(self, joint: dict[Player, int]) -> None:
        self._take_role(self.active, joint[self.active] - ROLE_BASE)
        if self.open_roles():
            self.active = (self.active + 1) % NUM_PLAYERS
            self._movers = (self.active,)
        else:
            self._deal()

    def _apply_answer(self, joint: dict[Player, int]) -> None:
        resolve.discard(self, self.pending, joint[self.target])
        self._end_turn()

    def _apply_rearm(self, joint: dict[Player, int]) -> None:
        for p in self._seat_order():
            if joint.get(p) == REARM_DRAW:
                if len(self.table) >= 2:
                    self._draw_pair(p)
                elif not self._quiet:  # earlier draws this round emptied the table pile
                    self._log("rearm", {"player": p, "drew": False, "table_empty": True})
            elif p in joint and not self._quiet:
                self._log("rearm", {"player": p, "drew": False})
        self._next_turn()

    def _apply_target(self, joint: dict[Player, int]) -> None:
        self.target = joint[self.active] - TARGET_BASE
        if not self._quiet:
            self._log(
                "target", {"round": self.round_no, "player": self.active, "target": self.target}
            )
        if self.last:
            resolve.last_round(self)
            self._end_turn()
        elif self.nature == DISCARD:
            self.phase = "discard"
            self._movers = (self.active,)
        else:
            self.phase = "duel"
            self._movers = tuple(sorted((self.active, self.target)))

    def _apply_duel(self, joint: dict[Player, int]) -> None:
        if self.nature == ATTACK:
            resolve.attack(self, joint[self.active], joint[self.target])
        else:
            resolve.defence(self, joint[self.active], joint[self.target])
        self._end_turn()

    def _apply_discard(self, joint: dict[Player, int]) -> None:
        option = joint[self.active]
        armed = option >= WEAPON_BASE
        card = option - WEAPON_BASE if armed else option
        if (
            self.game.discard_in_role == "answer"
            and self.in_role(self.active, rank(card))
            and self.hands[self.target]
        ):
            self._discard_attack(option, card, armed)
            return
        resolve.discard(self, option, None)
        self._end_turn()

    def _discard_attack(self, option: int, card: int, armed: bool) -> None:
        """先攻击后丢弃: the attack is shown, the target answers with a card; the card (and the
        weapon, if used) are face up from now on."""
        self._take_from_hand(self.active, card)
        if armed:
            q, w, _ = self._held(self.active)
            self.weapon_public[self.active] = True
            self.seen.update((q, w))
        self.pending = option
        self.phase = "answer"
        self._movers = (self.target,)
        total = attack_total_same_role(
            self.role_values[self.active],
            self.round_value,
            rank(card),
            self._weapon_values(self.active) if armed else None,
        )
        if not self._quiet:
            self._log(
                "discard_attack",
                {
                    "round": self.round_no,
                    "player": self.active,
                    "target": self.target,
                    "card": _LABELS[card],
                    "total": total,
                },
            )

    def _apply_supply(self, joint: dict[Player, int]) -> None:
        resolve.supply(self, joint[self.active])
        self._end_turn()

    # ------------------------------------------------------------------ card movements

    def _take_from_hand(self, p: Player, card: int) -> None:
        hand = self.hands[p]
        i = hand.index(card)  # the first one, as list.remove takes
        self.hands[p] = hand[:i] + hand[i + 1 :]  # hands are tuples
        if card in self.taken[p]:
            self.taken[p] = self.taken[p] - {card}
        self.seen.add(card)

    def _give(self, p: Player, cards: Sequence[int]) -> None:
        """收牌: ``p`` adds ``cards`` (public) to their hand as taken-back cards."""
        self.hands[p] = tuple(sorted((*self.hands[p], *cards)))
        self.taken[p] = self.taken[p] | frozenset(cards)

    def _to_table(self, cards: Sequence[int]) -> None:
        self.table.extend(cards)
        self.seen.update(cards)

    def _weapon_values(self, p: Player) -> f.Weapon:
        q, w, _ = self._held(p)
        return (rank(q), rank(w))

    def _use_weapon(self, p: Player) -> None:
        """One use: the pair is shown (明牌); the last use sends it to the table pile."""
        q, w, u = self._held(p)
        self.weapon_public[p] = True
        self.seen.update((q, w))
        if u > 1:
            self.weapons[p] = (q, w, u - 1)
            return
        self._lose_weapon(p, "used_up")

    def _lose_weapon(self, p: Player, why: str) -> None:
        """The pair goes to the table; its owner waits one full round before a new draw."""
        q, w, _ = self._held(p)
        self.weapons[p] = None
        self.weapon_public[p] = False
        self.weapon_from_table[p] = False
        self._to_table((q, w))
        self.rearm_from[p] = self.round_no + 2
        if not self._quiet:
            self._log(
                "weapon_gone",
                {
                    "player": p,
                    "why": why,
                    "quality": _LABELS[q],
                    "weapon": _LABELS[w],
                    "draw_from_round": self.rearm_from[p],
                },
            )

    def _draw_pair(self, p: Player, *, face_up: bool = False) -> None:
        """Shuffle the table pile and draw 左边质量、右边武器."""
        self.rng.shuffle(self.table)
        q, w = self.table.pop(), self.table.pop()
        self.weapons[p] = (q, w, self.game.uses(rank(q)))
        self.weapon_public[p] = face_up
        self.weapon_from_table[p] = not face_up
        secret = {"quality": _LABELS[q], "weapon": _LABELS[w], "uses": self._held(p)[2]}
        if face_up:
            self.seen.update((q, w))
            if not self._quiet:
                self._log("rearm", {"player": p, "drew": True, "face_up": True, **secret})
        else:
            if not self._quiet:
                self._log("rearm", {"player": p, "drew": True, "face_up": False}, secret, to=(p,))

    # ------------------------------------------------------------------ hooks: views
    # (what each seat sees: .views; the duels' and other turns' resolutions: .resolve)

    def _observe(self, player: Player | None) -> dict[str, JSONValue]:
        return views.observe(self, player)

    def _resample(self, player: Player, rng: Rng) -> None:
        """Re-deal every card ``player`` cannot see.

        Hidden slots are of two kinds. *Deal slots* (opponents' hand cards not taken in
        public, face-down pairs from the deal, the round pile, the cards set aside) hold
        cards never seen. *Table
        slots* (the table pile, face-down pairs drawn from it) hold the cards seen going to
        the table plus some never-seen cards (the rest of the deck). Seen cards stay in
        table slots; never-seen cards are shuffled across both kinds; counts are kept.
        While the roles are being chosen nothing is dealt: only the deck's order is hidden.
        """
        if self.deck:
            self.deck.sort()
            rng.shuffle(self.deck)
            return
        deal_slots, table_slots = self._hidden_slots(player)
        deal_cards = [self._slot_card(s) for s in deal_slots]
        table_cards = [self._slot_card(s) for s in table_slots]
        # canonical order first, so the sample depends only on what ``player`` knows
        unseen = sorted(deal_cards + [c for c in table_cards if c not in self.seen])
        known = sorted(c for c in table_cards if c in self.seen)
        rng.shuffle(unseen)
        k = len(table_slots) - len(known)
        new_table = known + unseen[:k]
        rng.shuffle(new_table)
        hands = {q: list(self.hands[q]) for q in range(NUM_PLAYERS)}
        pairs: dict[int, list[int]] = {}
        for slots, cards in ((deal_slots, unseen[k:]), (table_slots, new_table)):
            for slot, c in zip(slots, cards, strict=True):
                self._put(slot, c, hands, pairs)
        for q in range(NUM_PLAYERS):
            self.hands[q] = tuple(sorted(hands[q]))
        for q, (qc, wc) in pairs.items():
            self.weapons[q] = (qc, wc, self.game.uses(rank(qc)))

    def _hidden_slots(self, player: Player) -> tuple[list[Slot], list[Slot]]:
        """The deal slots and the table slots ``player`` cannot see (see :meth:`_resample`)."""
        deal_slots: list[Slot] = []
        table_slots: list[Slot] = []
        for q in range(NUM_PLAYERS):
            if q == player:
                continue
            for i, c in enumerate(self.hands[q]):
                if c not in self.taken[q]:
                    deal_slots.append(("hand", q, i))
            if self.weapons[q] is not None and not self.weapon_public[q]:
                slots = table_slots if self.weapon_from_table[q] else deal_slots
                slots += [("weapon", q, 0), ("weapon", q, 1)]
        deal_slots += [("round", -1, i) for i in range(len(self.round_pile))]
        deal_slots += [("aside", -1, i) for i in range(len(self.aside))]
        table_slots += [("table", -1, i) for i in range(len(self.table))]
        return deal_slots, table_slots

    def _put(
        self, slot: Slot, c: int, hands: dict[int, list[int]], pairs: dict[int, list[int]]
    ) -> None:
        """Card ``c`` into a hidden slot (hands and weapon pairs are rebuilt by the caller)."""
        kind, q, i = slot
        if kind == "hand":
            hands[q][i] = c
        elif kind == "weapon":
            pairs.setdefault(q, [0, 0])[i] = c
        elif kind == "round":
            self.round_pile[i] = c
        elif kind == "aside":
            self.aside[i] = c
        else:
            self.table[i] = c

    def _slot_card(self, slot: Slot) -> int:
        kind, q, i = slot
        if kind == "hand":
            return self.hands[q][i]
        if kind == "weapon":
            return self._held(q)[i]
        if kind == "round":
            return self.round_pile[i]
        if kind == "aside":
            return self.aside[i]
        return self.table[i]

    def _ranks(self) -> tuple[int, ...]:
        """Fewest cards left is best (率先消耗完毕则为胜出); equal counts share a place.

        After a play-out last round: fewest cards at its start, then the smaller sum.
        """
        keys = self.final or [self.card_count(p) for p in range(NUM_PLAYERS)]
        return ranks_from_scores(tuple(-float(k) for k in keys))

    def _player_labels(self) -> dict[str, list[str]]:
        return views.player_labels(self)

    def _metrics(self) -> dict[str, float]:
        return {"rounds": float(self.round_no)}

    def _timeout_option(self, player: Player) -> int | None:
        """A timed-out player passes a supply turn, declines to re-arm or takes the first open
        role card."""
        legal = self._legal(player)
        for option in (SUPPLY_PASS, REARM_DECLINE):
            if option in legal:
                return option
        if self.phase == "role" and legal:
            return legal[0]  # the first open role card, in content order
        return None

    def _end_reason(self) -> str:
        return self.end_reason

    def _ending(self) -> Ending:
        return views.ending(self)


Phase = tuple[Callable[..., list[int]], Callable[..., None]]
"""A phase's decision: ``(legal, apply)``, as ``legal(state, player)`` → the options offered
and ``apply(state, joint)``: the phase's decision taken with ``joint``'s options (a plain
tuple: the compiled rules index it directly)."""

#: Each phase in which someone decides (the decision's kind is the phase's name), in the
#: order of a turn: phase → :data:`Phase`. Any other phase (``"over"``) asks nobody.
PHASES: dict[str, Phase] = {
    "role": (DramaState._legal_role, DramaState._apply_role),
    "target": (DramaState._legal_target, DramaState._apply_target),
    "duel": (DramaState._legal_duel, DramaState._apply_duel),
    "discard": (DramaState._legal_discard, DramaState._apply_discard),
    "answer": (DramaState._legal_answer, DramaState._apply_answer),
    "supply": (DramaState._legal_supply, DramaState._apply_supply),
    "rearm": (DramaState._legal_rearm, DramaState._apply_rearm),
}
