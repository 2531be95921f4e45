"""剧牌 (Drama Cards): the rules as code.

Four players, one 54-card deck (A = 1 … K = 13; the jokers are role cards only). A round
card turned from the central pile sets each round's nature (attack, defence, supply,
discard); in a round every player, from the rotating leader, is the active player once.
See ``rules.md`` for the full rules with every interpretation marked, and
:mod:`caiquan.games.drama.formulas` for the seed's formulas.

Option-id layout (``num_option_ids = 168``; card id ``c = suit × 13 + rank − 1``,
suits ♠ ♥ ♣ ♦):

===========  ==============================================================
``c``        play card ``c`` as an intention card (0 … 51)
``52 + c``   play card ``c`` with my weapon pair (52 … 103)
``104 + p``  name player ``p`` as the target (104 … 107)
``108 + c``  supply: discard my taken-back cards, paying card ``c`` (108 … 159)
``160``      supply: redraw my weapon pair (discarding the old one)
``161``      supply: pass
``162``      rearm: draw a new weapon pair from the table pile
``163``      rearm: decline
``164 + r``  choose role ``r`` (content order: 164 … 167)
===========  ==============================================================

Decision kinds: ``"role"`` (setup: each player in turn takes one of the open role cards),
``"rearm"`` (simultaneous, players allowed to draw a pair at a round's
start), ``"target"`` (the active player names an opponent), ``"duel"`` (attack and defence
rounds: active player and target choose their card at once and reveal together),
``"discard"`` (the active player's card in a discard round), ``"answer"`` (the target of an
in-role discard answers with an intention card), ``"supply"``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from caiquan.engine import (
    Choice,
    ConfigError,
    ConfigOption,
    Entry,
    Game,
    JSONValue,
    Player,
    Rng,
    State,
    Text,
    ranks_from_scores,
)
from caiquan.engine.describe import Scalar

from . import formulas as f
from . import text
from .content import DramaContent, Role, load_content
from .text import RANK_LABELS, SUITS

NUM_PLAYERS = 4
NUM_CARDS = 52
HAND_SIZE = 5
SUIT_TOKENS = "SHCD"

WEAPON_BASE = 52
TARGET_BASE = 104
SUPPLY_DISCARD_BASE = 108
SUPPLY_REDRAW = 160
SUPPLY_PASS = 161
REARM_DRAW = 162
REARM_DECLINE = 163
ROLE_BASE = 164
NUM_OPTION_IDS = 168

ATTACK, DEFENCE, SUPPLY, DISCARD = "attack", "defence", "supply", "discard"
NATURES = (ATTACK, DEFENCE, SUPPLY, DISCARD)
NATURE_ZH = {ATTACK: "进攻", DEFENCE: "防守", SUPPLY: "补给", DISCARD: "丢弃"}

# A weapon pair as held: (quality card id, weapon card id, uses left)
Held = tuple[int, int, int]


def rank(card: int) -> int:
    """Face value of a card id: A = 1 … K = 13."""
    return card % 13 + 1


def card_label(card: int) -> str:
    return SUITS[card // 13] + RANK_LABELS[card % 13]


def card_token(card: int) -> str:
    return SUIT_TOKENS[card // 13] + str(rank(card))


class DramaState(State):
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
        self._log(
            "setup",
            {
                "choose": choose,
                "first": self.first_chooser,
                "offer": [
                    {
                        "role": role.id,
                        "value": self.offer_values[r],
                        "card": card_label(offer[r]) if offer[r] >= 0 else None,
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
            self._log(
                "deal",
                {"player": p},
                {
                    "hand": [card_label(c) for c in self.hands[p]],
                    "quality": card_label(q),
                    "weapon": card_label(w),
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
        self._log(
            "round",
            {
                "round": self.round_no,
                "card": card_label(card),
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
            self._log("skip", {"round": self.round_no, "player": p})
            self.turn += 1

    def _end_turn(self) -> None:
        if self._check_empty():
            return
        self.turn += 1
        self._next_turn()

    def _check_empty(self) -> bool:
        if not self.game.config["instant_win"]:
            return False
        empty = [p for p in range(NUM_PLAYERS) if self.card_count(p) == 0]
        if not empty:
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
            self._log(
                "play_out",
                {
                    "round": self.round_no,
                    "player": p,
                    "hand": [card_label(c) for c in self.hands[p]],
                    "weapon": None if held is None else [card_label(held[0]), card_label(held[1])],
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
        self._log("end", end)

    # ------------------------------------------------------------------ queries

    def card_count(self, p: Player) -> int:
        """Cards ``p`` still has to play out, weapon pair included (包括武器牌)."""
        return len(self.hands[p]) + (2 if self.weapons[p] is not None else 0)

    def in_role(self, p: Player, value: int) -> bool:
        """身份相同: ``value`` is of ``p``'s role class (and the option ``same_role`` is on)."""
        g = self.game
        return bool(g.config["same_role"]) and g.role_class[self.roles[p]][value]

    def _targets(self, p: Player) -> list[Player]:
        """Opponents ``p`` may name this turn (empty: ``p`` cannot act)."""
        others = [q for q in range(NUM_PLAYERS) if q != p]
        if self.last:
            if self.card_count(p) == 0:
                return []
            return [q for q in others if self.card_count(q) > 0]
        if not self.hands[p]:
            return []
        if self.nature == DISCARD:
            return [q for q in others if self.weapons[q] is not None]
        if self.nature == DEFENCE and not self.game.config["unarmed_defence"]:
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
        phase = self.phase
        if phase == "role":
            return [ROLE_BASE + r for r in self.open_roles()]
        if phase == "answer":
            return list(self.hands[player])
        if phase == "rearm":
            return [REARM_DRAW, REARM_DECLINE]
        if phase == "target":
            return [TARGET_BASE + q for q in self._targets(player)]
        if phase == "supply":
            return self._supply_options(player)
        if phase == "discard":
            return self._card_options(player, weapon="in_role")
        if phase == "duel":
            if self.nature == ATTACK:
                return self._card_options(player, weapon="may")
            if player == self.active:  # the attacker of a defence round: 回合数+意图数
                return self._card_options(player, weapon="no")
            return self._card_options(player, weapon="must")  # 「需要使用武器」
        return []

    def _kind(self, player: Player) -> str:
        return self.phase

    def _prompt(self, player: Player) -> tuple[str, str]:
        r, nat = self.round_value, self.nature
        head_zh = f"第 {self.round_no} 回合（{r}，{NATURE_ZH[nat]}）"
        head_en = f"round {self.round_no} ({r}, {nat})"
        phase = self.phase
        if phase == "role":
            return ("选择身份（明牌）", "choose your role (face up)")
        if phase == "answer":
            return (
                f"{head_zh}：玩家 {self.active} 先攻击后丢弃你的武器，出一张意图牌应对",
                f"{head_en}: player {self.active} attacks to discard your weapon; answer with "
                "an intention card",
            )
        if phase == "rearm":
            return (f"{head_zh}：从桌面牌堆抽取新的质量和武器？", f"{head_en}: draw a new pair?")
        if phase == "target":
            return (f"{head_zh}：选择对手", f"{head_en}: name your opponent")
        if phase == "supply":
            return (f"{head_zh}：补给", f"{head_en}: supply")
        if phase == "discard":
            return (
                f"{head_zh}：出一张意图牌，丢弃玩家 {self.target} 的武器",
                f"{head_en}: play an intention card to discard player {self.target}'s weapon",
            )
        other = self.target if player == self.active else self.active
        return (
            f"{head_zh}：与玩家 {other} 对决，暗出一张牌",
            f"{head_en}: duel with player {other}; choose your card face down",
        )

    def _describe(self, player: Player, option: int) -> Choice:
        base = self.game.describe_option(option)
        if ROLE_BASE <= option < NUM_OPTION_IDS:
            r = option - ROLE_BASE
            role = self.game.content.roles[r]
            card = self.offer_cards[r]
            shown = f"{card_label(card)}，" if card >= 0 else ""
            shown_en = f"{card_label(card)}, " if card >= 0 else ""
            return Choice(
                option,
                base.name,
                f"选择身份：{role.zh}（{shown}身份 {self.offer_values[r]}）",
                f"choose the role {role.en} ({shown_en}role value {self.offer_values[r]})",
            )
        if WEAPON_BASE <= option < TARGET_BASE and self.weapons[player] is not None:
            q, w, u = self._held(player)
            c = option - WEAPON_BASE
            return Choice(
                option,
                base.name,
                f"{card_label(c)} + 武器（质量 {rank(q)} × 武器 {rank(w)}，剩 {u} 次）",
                f"{card_label(c)} with weapon (quality {rank(q)} × weapon {rank(w)}, {u} left)",
            )
        return base

    # ------------------------------------------------------------------ hooks: apply

    def _apply(self, joint: dict[Player, int]) -> None:
        phase = self.phase
        if phase == "role":
            self._take_role(self.active, joint[self.active] - ROLE_BASE)
            if self.open_roles():
                self.active = (self.active + 1) % NUM_PLAYERS
                self._movers = (self.active,)
            else:
                self._deal()
        elif phase == "answer":
            self._resolve_discard(self.pending, joint[self.target])
            self._end_turn()
        elif phase == "rearm":
            for p in self._seat_order():
                if joint.get(p) == REARM_DRAW:
                    if len(self.table) >= 2:
                        self._draw_pair(p)
                    else:  # earlier draws this round emptied the table pile
                        self._log("rearm", {"player": p, "drew": False, "table_empty": True})
                elif p in joint:
                    self._log("rearm", {"player": p, "drew": False})
            self._next_turn()
        elif phase == "target":
            self.target = joint[self.active] - TARGET_BASE
            self._log(
                "target", {"round": self.round_no, "player": self.active, "target": self.target}
            )
            if self.last:
                self._resolve_last()
                self._end_turn()
            elif self.nature == DISCARD:
                self.phase = "discard"
                self._movers = (self.active,)
            else:
                self.phase = "duel"
                self._movers = tuple(sorted((self.active, self.target)))
        elif phase == "duel":
            if self.nature == ATTACK:
                self._resolve_attack(joint[self.active], joint[self.target])
            else:
                self._resolve_defence(joint[self.active], joint[self.target])
            self._end_turn()
        elif phase == "discard":
            option = joint[self.active]
            armed = option >= WEAPON_BASE
            card = option - WEAPON_BASE if armed else option
            if (
                self.game.config["discard_in_role"] == "answer"
                and self.in_role(self.active, rank(card))
                and self.hands[self.target]
            ):
                # 先攻击后丢弃: the attack is shown, the target answers with a card; the card
                # (and the weapon, if used) are face up from now on
                self._take_from_hand(self.active, card)
                if armed:
                    q, w, _ = self._held(self.active)
                    self.weapon_public[self.active] = True
                    self.seen.update((q, w))
                self.pending = option
                self.phase = "answer"
                self._movers = (self.target,)
                total = f.attack_total_same_role(
                    self.role_values[self.active],
                    self.round_value,
                    rank(card),
                    self._weapon_values(self.active) if armed else None,
                )
                self._log(
                    "discard_attack",
                    {
                        "round": self.round_no,
                        "player": self.active,
                        "target": self.target,
                        "card": card_label(card),
                        "total": total,
                    },
                )
                return
            self._resolve_discard(option, None)
            self._end_turn()
        elif phase == "supply":
            self._resolve_supply(joint[self.active])
            self._end_turn()
        else:  # pragma: no cover - the engine never applies to a finished game
            raise AssertionError(f"no decision in phase {phase}")

    # ------------------------------------------------------------------ card movements

    def _take_from_hand(self, p: Player, card: int) -> None:
        hand = list(self.hands[p])
        hand.remove(card)
        self.hands[p] = tuple(hand)
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
        self._log(
            "weapon_gone",
            {
                "player": p,
                "why": why,
                "quality": card_label(q),
                "weapon": card_label(w),
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
        secret = {"quality": card_label(q), "weapon": card_label(w), "uses": self._held(p)[2]}
        if face_up:
            self.seen.update((q, w))
            self._log("rearm", {"player": p, "drew": True, "face_up": True, **secret})
        else:
            self._log("rearm", {"player": p, "drew": True, "face_up": False}, secret, to=(p,))

    # ------------------------------------------------------------------ resolutions

    def _play_value(self, p: Player, option: int) -> tuple[int, bool]:
        """The card and whether the weapon goes with it; the card leaves the hand."""
        armed = option >= WEAPON_BASE
        card = option - WEAPON_BASE if armed else option
        self._take_from_hand(p, card)
        return card, armed

    def _attack_total(self, p: Player, card: int, armed: bool) -> tuple[int, bool]:
        weapon = self._weapon_values(p) if armed else None
        value = rank(card)
        if self.in_role(p, value):
            return f.attack_total_same_role(
                self.role_values[p], self.round_value, value, weapon
            ), True
        return f.attack_total(self.round_value, value, weapon), False

    def _side(
        self, p: Player, card: int, weapon: f.Weapon | None, in_role: bool, total: int
    ) -> dict[str, JSONValue]:
        """One side of a duel as the event shows it: every number of its formula."""
        return {
            "player": p,
            "card": card_label(card),
            "intention": rank(card),
            "weapon": None if weapon is None else [weapon[0], weapon[1]],
            "in_role": in_role,
            "role_value": self.role_values[p],
            "total": total,
        }

    def _settle(self, taker: int | None, a: Player, ca: int, t: Player, ct: int) -> None:
        """收牌 (taker 0 = the active player, 1 = the target) or a tie."""
        if taker == 0:
            self._give(a, (ca, ct))
        elif taker == 1:
            self._give(t, (ca, ct))
        elif self.game.config["tie"] == "return":
            self._give(a, (ca,))
            self._give(t, (ct,))
        else:
            self._to_table((ca, ct))

    def _resolve_attack(self, oa: int, ot: int) -> None:
        a, t = self.active, self.target
        ca, wa = self._play_value(a, oa)
        ct, wt = self._play_value(t, ot)
        tot_a, role_a = self._attack_total(a, ca, wa)
        tot_t, role_t = self._attack_total(t, ct, wt)
        taker = f.attack_taker(tot_a, tot_t)
        weapon_a = self._weapon_values(a) if wa else None
        weapon_t = self._weapon_values(t) if wt else None
        self._log(
            "duel",
            {
                "round": self.round_no,
                "nature": ATTACK,
                "round_value": self.round_value,
                "players": [a, t],
                "cards": [card_label(ca), card_label(ct)],
                "weapons": [wa, wt],
                "in_role": [role_a, role_t],
                "totals": [tot_a, tot_t],
                "sides": [
                    self._side(a, ca, weapon_a, role_a, tot_a),
                    self._side(t, ct, weapon_t, role_t, tot_t),
                ],
                "taker": None if taker is None else (a, t)[taker],
                "tie": str(self.game.config["tie"]),
            },
        )
        for p, armed in ((a, wa), (t, wt)):
            if armed:
                self._use_weapon(p)
        self._settle(taker, a, ca, t, ct)

    def _resolve_defence(self, oa: int, ot: int) -> None:
        a, t = self.active, self.target
        ca, _ = self._play_value(a, oa)
        ct, wt = self._play_value(t, ot)
        ia, it = rank(ca), rank(ct)
        r = self.round_value
        role_a, role_t = self.in_role(a, ia), self.in_role(t, it)
        att = (
            f.defence_attack_value_same_role(self.role_values[a], r, ia)
            if role_a
            else f.defence_attack_value(r, ia)
        )
        w = self._weapon_values(t)[1] if wt else 0
        dfn = (
            f.defence_defence_value_same_role(r, w, it)
            if role_t
            else f.defence_defence_value(w, it)
        )
        outcome = f.defence_outcome(att, dfn)
        taker = {"turned": 0, "valid": 1, "tie": None}[outcome]
        self._log(
            "duel",
            {
                "round": self.round_no,
                "nature": DEFENCE,
                "round_value": r,
                "players": [a, t],
                "cards": [card_label(ca), card_label(ct)],
                "weapons": [False, wt],
                "in_role": [role_a, role_t],
                "totals": [att, dfn],
                "sides": [
                    self._side(a, ca, None, role_a, att),
                    self._side(t, ct, self._weapon_values(t) if wt else (0, 0), role_t, dfn),
                ],
                "outcome": outcome,
                "taker": None if taker is None else (a, t)[taker],
                "tie": str(self.game.config["tie"]),
            },
        )
        if wt:
            self._use_weapon(t)
        self._settle(taker, a, ca, t, ct)

    def _resolve_discard(self, option: int, answer: int | None) -> None:
        """A discard; ``answer`` is the target's card when an in-role discard was answered."""
        a, t = self.active, self.target
        if self.pending >= 0:  # already shown before the answer
            armed = option >= WEAPON_BASE
            card = option - WEAPON_BASE if armed else option
        else:
            card, armed = self._play_value(a, option)
        self.pending = -1
        value = rank(card)
        quality = self._weapon_values(t)[0]
        role = self.in_role(a, value)
        weapon = self._weapon_values(a) if armed else None
        event: dict[str, JSONValue] = {
            "round": self.round_no,
            "round_value": self.round_value,
            "player": a,
            "target": t,
            "card": card_label(card),
            "intention": value,
            "weapon": armed,
            "weapon_values": None if weapon is None else [weapon[0], weapon[1]],
            "in_role": role,
            "role_value": self.role_values[a],
        }
        if role:
            total = f.attack_total_same_role(self.role_values[a], self.round_value, value, weapon)
            if self.game.config["discard_in_role"] == "answer":
                # 先攻击后丢弃（攻击总数：意图数）: the target's intention card, as it counts in
                # an attack, against the attack total
                if answer is None:  # the target has no card to answer with
                    against, target_role = 0, False
                else:
                    self._take_from_hand(t, answer)
                    against, target_role = self._attack_total(t, answer, False)
                    event["answer"] = self._side(t, answer, None, target_role, against)
                success = f.discard_same_role_succeeds(total, against)
            else:  # "literal": the attack total against the player's own intention number
                against = value
                success = f.discard_same_role_succeeds(total, value)
        else:
            total = value
            against = quality
            success = f.discard_succeeds(value, quality)
        event.update(
            {
                "total": total,
                "against": against,
                "quality": quality,
                "success": success,
                "tie": str(self.game.config["tie"]),
                "mode": str(self.game.config["discard_in_role"]),
            }
        )
        self._log("discard", event)
        if armed:
            self._use_weapon(a)
        if answer is not None:
            self._give(t, (answer,))  # 对方回收意图牌: the answer goes back to its owner
        if success is None:
            if self.game.config["tie"] == "return":
                self._give(a, (card,))
            else:
                self._to_table((card,))
            return
        if success and role and answer is None and self.game.config["discard_in_role"] == "literal":
            self._give(t, (card,))  # the literal reading: 对方回收 the active player's card
        else:
            self._to_table((card,))
        if success:
            self._lose_weapon(t, "discarded")

    def _resolve_supply(self, option: int) -> None:
        a = self.active
        if option == SUPPLY_PASS:
            self._log("supply", {"round": self.round_no, "player": a, "choice": "pass"})
        elif option == SUPPLY_REDRAW:
            q, w, _ = self._held(a)
            face_up = self.in_role(a, self.round_value)
            self.weapons[a] = None
            self._to_table((q, w))
            self._log(
                "supply",
                {
                    "round": self.round_no,
                    "player": a,
                    "choice": "redraw",
                    "discarded": [card_label(q), card_label(w)],
                    "face_up": face_up,
                },
            )
            self._draw_pair(a, face_up=face_up)
        else:
            cost = option - SUPPLY_DISCARD_BASE
            back = sorted(self.taken[a])
            self._take_from_hand(a, cost)
            for c in back:
                self._take_from_hand(a, c)
            self._to_table((cost, *back))
            self._log(
                "supply",
                {
                    "round": self.round_no,
                    "player": a,
                    "choice": "discard",
                    "paid": card_label(cost),
                    "discarded": [card_label(c) for c in back],
                },
            )

    def _resolve_last(self) -> None:
        """最后一回合要求必须出完所有牌: both whole hands (and weapon pairs) are played."""
        a, t = self.active, self.target
        r = self.round_value
        hands = {p: self.hands[p] for p in (a, t)}
        sums = {p: sum(rank(c) for c in hands[p]) for p in (a, t)}
        weapons: dict[Player, f.Weapon | None] = {}
        for p in (a, t):
            weapons[p] = self._weapon_values(p) if self.weapons[p] is not None else None
            for c in hands[p]:
                self._take_from_hand(p, c)
        if self.nature == DEFENCE:
            wt = weapons[t]
            tot_a = f.defence_attack_value(r, sums[a])
            tot_t = f.defence_defence_value(wt[1] if wt is not None else 0, sums[t])
            taker = {"turned": 0, "valid": 1, "tie": None}[f.defence_outcome(tot_a, tot_t)]
        else:
            tot_a = f.attack_total(r, sums[a], weapons[a])
            tot_t = f.attack_total(r, sums[t], weapons[t])
            taker = f.attack_taker(tot_a, tot_t)
        self._log(
            "duel",
            {
                "round": self.round_no,
                "nature": self.nature,
                "last": True,
                "players": [a, t],
                "hands": [[card_label(c) for c in hands[a]], [card_label(c) for c in hands[t]]],
                "sums": [sums[a], sums[t]],
                "weapons": [weapons[a] is not None, weapons[t] is not None],
                "totals": [tot_a, tot_t],
                "taker": None if taker is None else (a, t)[taker],
            },
        )
        for p in (a, t):
            if self.weapons[p] is not None:
                self.weapon_public[p] = True
                self._lose_weapon(p, "played_out")
        if taker == 0:
            self._give(a, (*hands[a], *hands[t]))
        elif taker == 1:
            self._give(t, (*hands[a], *hands[t]))
        elif self.game.config["tie"] == "return":
            self._give(a, hands[a])
            self._give(t, hands[t])
        else:
            self._to_table((*hands[a], *hands[t]))

    # ------------------------------------------------------------------ hooks: views

    def _weapon_view(self, p: Player, viewer: Player | None) -> JSONValue:
        held = self.weapons[p]
        if held is None:
            return None
        q, w, u = held
        if self.weapon_public[p] or viewer == p:
            return {
                "quality": rank(q),
                "weapon": rank(w),
                "uses_left": u,
                "cards": [q, w],
                "public": self.weapon_public[p],
            }
        return {"hidden": True}

    def _observe(self, player: Player | None) -> dict[str, JSONValue]:
        g = self.game
        players: list[JSONValue] = []
        for p in range(NUM_PLAYERS):
            r = self.roles[p]
            players.append(
                {
                    "role": g.content.roles[r].id if r >= 0 else None,
                    "role_value": self.role_values[p] if r >= 0 else None,
                    "hand_size": len(self.hands[p]),
                    "cards_left": self.card_count(p),
                    "taken": sorted(self.taken[p]),
                    "weapon": self._weapon_view(p, player),
                    "may_draw_from_round": self.rearm_from[p],
                }
            )
        obs: dict[str, JSONValue] = {
            "round": self.round_no,
            "rounds": g.rounds,
            "round_card": self.round_cards[-1] if self.round_cards else None,
            "round_value": self.round_value,
            "nature": self.nature,
            "last_round": self.last,
            "round_cards": list(self.round_cards),
            "round_pile": len(self.round_pile),
            "table_pile": len(self.table),
            "leader": self.leader,
            "phase": self.phase,
            "active": self.active if self.active >= 0 else None,
            "target": self.target if self.target >= 0 else None,
            "players": players,
            "winners": list(self.winners),
        }
        if self.phase == "role":
            obs["open_roles"] = [
                {
                    "role": g.content.roles[r].id,
                    "value": self.offer_values[r],
                    "card": self.offer_cards[r] if self.offer_cards[r] >= 0 else None,
                }
                for r in self.open_roles()
            ]
        if self.phase == "answer":
            card = self.pending % WEAPON_BASE
            obs["discard_attack"] = {
                "card": card,
                "value": rank(card),
                "weapon": self.pending >= WEAPON_BASE,
            }
        if player is not None:
            obs["hand"] = list(self.hands[player])
            obs["hand_values"] = [rank(c) for c in self.hands[player]]
        return obs

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
        deal_slots: list[tuple[str, int, int]] = []
        table_slots: list[tuple[str, int, int]] = []
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
            for (kind, q, i), c in zip(slots, cards, strict=True):
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
        for q in range(NUM_PLAYERS):
            self.hands[q] = tuple(sorted(hands[q]))
        for q, (qc, wc) in pairs.items():
            self.weapons[q] = (qc, wc, self.game.uses(rank(qc)))

    def _slot_card(self, slot: tuple[str, int, int]) -> int:
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
        roles = self.game.content.roles
        labels = {"role": [roles[r].id if r >= 0 else "none" for r in self.roles]}
        counts = self.last_start
        if counts:
            lo, hi = min(counts), max(counts)
            labels["last_round_cards"] = [
                "all equal"
                if lo == hi
                else "fewest"
                if c == lo
                else "most"
                if c == hi
                else "between"
                for c in counts
            ]
        else:
            labels["last_round_cards"] = ["not reached"] * NUM_PLAYERS
        return labels

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


_END_REASONS = {
    "empty": ("有玩家出完了所有牌", "a player has played out every card"),
    "last_empty": (
        "最后一回合有玩家出完了所有牌",
        "a player played out every card in the last round",
    ),
    "last_round": ("最后一回合结束", "the last round is over"),
    "count": ("回合牌堆用完，比较剩余牌数", "the round pile is out: cards left compared"),
    "play_out": ("最后一回合所有人出完所有牌", "everyone played out every card in the last round"),
}


def _nature_table(config: Mapping[str, object]) -> dict[int, str]:
    two = bool(config["two_is_composite"])
    swap = bool(config["swap_natures"])
    table: dict[int, str] = {}
    for v in range(1, 14):
        if v == config["supply_number"]:
            table[v] = SUPPLY
        elif v == config["discard_number"]:
            table[v] = DISCARD
        elif v == 1:
            table[v] = str(config["one_is"])
        elif f.is_composite(v, two_is_composite=two):
            table[v] = DEFENCE if swap else ATTACK
        else:
            table[v] = ATTACK if swap else DEFENCE
    return table


class Drama(Game):
    """剧牌 — four players; every seed formula kept, every addition an option."""

    id = "drama"
    # 2: roles chosen, 2 a composite, the play-out last round, the answered in-role discard,
    # events with every number of the formulas (records of version 1 are refused)
    version = 2
    name_zh = "剧牌"
    name_en = "Drama Cards"
    min_players = 4
    max_players = 4
    state_class = DramaState
    rules_package = "caiquan.games.drama"
    hooks: ClassVar[Mapping[str, str]] = {
        "strategy": ".strategy",
        "encoder": ".encoding:DramaEncoder",
        "terminal": ".terminal",
        "web": "web.js",
    }
    options = (
        ConfigOption(
            "content",
            "default",
            "roles and weapon tiers: the content set (default)",
            "身份与武器品质数据：选择一套内容（default）",
            presets=("default",),
        ),
        ConfigOption(
            "rounds",
            10,
            "cards in the central round pile (rounds played)",
            "中间牌堆的张数（回合数）",
            minimum=1,
            maximum=20,
        ),
        ConfigOption(
            "swap_natures",
            False,
            "swap the natures: composites defend, primes attack (质数，积数可互换回合性质)",
            "互换回合性质：积数为防守回合，质数为进攻回合",
        ),
        ConfigOption(
            "two_is_composite",
            True,
            "count 2 as a composite, as the seed's 2代表的积数 says (off: 2 is a prime)",
            "按原文“2代表的积数”把 2 当作积数（关闭：2 为质数）",
        ),
        ConfigOption(
            "roles",
            "choose",
            "roles: chosen in seat order from a random first chooser ('choose', 选择身份) "
            "or dealt at random ('deal')",
            "身份：从随机的第一位起按座位顺序选择（choose，选择身份）或随机发放（deal）",
            choices=("choose", "deal"),
        ),
        ConfigOption(
            "supply_number",
            4,
            "the special number that marks a supply round",
            "表示补给回合的单独数字",
            minimum=1,
            maximum=13,
        ),
        ConfigOption(
            "discard_number",
            9,
            "the special number that marks a discard round",
            "表示丢弃回合的单独数字",
            minimum=1,
            maximum=13,
        ),
        ConfigOption(
            "one_is",
            SUPPLY,
            "the nature of a round card A (1 is neither prime nor composite)",
            "回合牌 A（1 既非质数也非积数）的回合性质",
            choices=NATURES,
        ),
        ConfigOption(
            "same_role",
            True,
            "use the in-role (身份相同) formulas when a card is of the player's role class",
            "出牌属于自己身份的牌类时使用“身份相同”的公式",
        ),
        ConfigOption(
            "rearm_optional",
            True,
            "drawing a new weapon pair after the wait is a choice (如果有需要); off: automatic",
            "等待一回合后是否重新抽取武器由玩家决定（如果有需要）；关闭则自动抽取",
        ),
        ConfigOption(
            "unarmed_defence",
            True,
            "a target without a weapon may still be attacked in a defence round (weapon 0)",
            "防守回合可以进攻没有武器的玩家（武器按 0 计）",
        ),
        ConfigOption(
            "instant_win",
            True,
            "a player with no cards left wins at once (several at once share)",
            "牌出完的玩家立即获胜（同时出完则并列）",
        ),
        ConfigOption(
            "last_round",
            "play_out",
            "the last round: every player plays out every card, fewest then smallest cards "
            "win ('play_out'); whole hands duel as one intention ('all_in', rules version 1); "
            "an ordinary round ('ordinary')",
            "最后一回合：每人出完所有牌，牌少者胜、其次点数小者胜（play_out）；整手牌作为一次意图"
            "对决（all_in，第 1 版规则）；普通回合（ordinary）",
            choices=("play_out", "all_in", "ordinary"),
        ),
        ConfigOption(
            "discard_in_role",
            "answer",
            "an in-role discard: the target answers with an intention card ('answer') or the "
            "attack total meets the player's own card and always succeeds ('literal')",
            "身份相同的丢弃：对方出一张意图牌应对（answer），或攻击总数与自己的意图数比较、"
            "总是成功（literal）",
            choices=("answer", "literal"),
        ),
        ConfigOption(
            "tie",
            "return",
            "equal totals: each takes back their own card ('return') or both go to the table",
            "总数相等：各自收回自己的牌（return）或都进入桌面牌堆（table）",
            choices=("return", "table"),
        ),
        ConfigOption(
            "table_start",
            "rest",
            "the undealt rest of the deck starts the table pile ('rest') or is set aside",
            "未发出的牌作为桌面牌堆的起始（rest）或放置一旁（empty）",
            choices=("rest", "empty"),
        ),
    )

    def _prepare(self) -> None:
        c = self.config
        if c["supply_number"] == c["discard_number"]:
            raise ConfigError(
                f"drama: options 'supply_number' and 'discard_number' must differ, both are "
                f"{c['supply_number']}"
            )
        self.content: DramaContent = load_content(str(c["content"]))
        self.rounds: int = int(c["rounds"])
        two = bool(c["two_is_composite"])
        self.is_composite: list[bool] = [f.is_composite(v, two_is_composite=two) for v in range(14)]
        self.is_prime: list[bool] = [f.is_prime(v, two_is_composite=two) for v in range(14)]
        self.nature: dict[int, str] = _nature_table(c)
        self.role_class: list[list[bool]] = [self._class(r) for r in self.content.roles]
        self.tiers: tuple[tuple[int, int], ...] = tuple(
            (t.max_quality, t.uses) for t in self.content.tiers
        )

    def _class(self, role: Role) -> list[bool]:
        if role.klass == "composite":
            return list(self.is_composite)
        if role.klass == "prime":
            return list(self.is_prime)
        return [v in role.klass for v in range(14)]

    def uses(self, quality: int) -> int:
        return f.weapon_uses(quality, self.tiers)

    def catalogue(self) -> tuple[Entry, ...]:
        """What a player reads about, by the ids the observations use: the 52 cards (``card``,
        id ``"0"`` … ``"51"``: its intention number, the round it turns, whose class it is), the
        roles (``role``), the round natures (``nature``) and the weapon tiers (``weapon``)."""
        return (
            *(self._card_entry(c) for c in range(NUM_CARDS)),
            *(self._role_entry(i) for i in range(len(self.content.roles))),
            *(self._nature_entry(nat) for nat in NATURES),
            *self._weapon_entries(),
        )

    def _card_entry(self, c: int) -> Entry:
        v = rank(c)
        roles = self.content.roles
        in_role = [(r.zh, r.en) for i, r in enumerate(roles) if self.role_class[i][v]]
        body = text.card_text(v, self.nature[v], in_role, bool(self.config["same_role"]))
        fields: dict[str, Scalar] = {"label": card_label(c), "suit": SUITS[c // 13], "rank": v}
        return Entry("card", str(c), Text(*text.card_name(c)), Text(*body), fields)

    def _role_entry(self, i: int) -> Entry:
        role = self.content.roles[i]
        ranks = [v for v in range(1, 14) if self.role_class[i][v]]
        same_role = bool(self.config["same_role"])
        body = text.role_text(role.card, role.value, role.klass, ranks, same_role)
        fields: dict[str, Scalar] = {
            "card": role.card,
            "value": "card" if role.value is None else role.value,
            "class": text.ranks_text(ranks, "en"),
        }
        return Entry("role", role.id, Text(role.zh, role.en), Text(*body), fields)

    def _nature_entry(self, nat: str) -> Entry:
        ranks = [v for v in range(1, 14) if self.nature[v] == nat]
        body = text.nature_text(nat, ranks, self.config)
        fields: dict[str, Scalar] = {"ranks": text.ranks_text(ranks, "en")}
        return Entry("nature", nat, Text(*text.NATURE_NAMES[nat]), Text(*body), fields)

    def _weapon_entries(self) -> list[Entry]:
        out = []
        low = 1
        for tier in self.content.tiers:
            body = text.weapon_text(low, tier.max_quality, tier.uses)
            fields: dict[str, Scalar] = {
                "min_quality": low,
                "max_quality": tier.max_quality,
                "uses": tier.uses,
            }
            out.append(Entry("weapon", tier.id, Text(tier.zh, tier.en), Text(*body), fields))
            low = tier.max_quality + 1
        return out

    @property
    def num_option_ids(self) -> int:
        return NUM_OPTION_IDS

    def max_decisions(self) -> int:
        # four role choices; per round: one joint rearm decision, then per turn a target, a
        # card/supply choice and an answer
        return NUM_PLAYERS + self.rounds * (1 + 3 * NUM_PLAYERS)

    def describe_option(self, option: int) -> Choice:
        if 0 <= option < WEAPON_BASE:
            c = option
            return Choice(
                option, f"card-{card_token(c)}", f"出 {card_label(c)}", f"play {card_label(c)}"
            )
        if option < TARGET_BASE:
            c = option - WEAPON_BASE
            return Choice(
                option,
                f"card-{card_token(c)}-weapon",
                f"出 {card_label(c)} 并使用武器",
                f"play {card_label(c)} with my weapon",
            )
        if option < SUPPLY_DISCARD_BASE:
            p = option - TARGET_BASE
            return Choice(option, f"target-{p}", f"对手：玩家 {p}", f"target player {p}")
        if option < SUPPLY_REDRAW:
            c = option - SUPPLY_DISCARD_BASE
            return Choice(
                option,
                f"supply-discard-{card_token(c)}",
                f"丢弃回收的牌，付出意图牌 {card_label(c)}",
                f"discard my taken-back cards, paying {card_label(c)}",
            )
        if ROLE_BASE <= option < NUM_OPTION_IDS:
            role = self.content.roles[option - ROLE_BASE]
            return Choice(option, f"role-{role.id}", f"选择身份：{role.zh}", f"choose {role.en}")
        names = {
            SUPPLY_REDRAW: ("supply-redraw", "重新抓取武器和质量", "redraw my weapon pair"),
            SUPPLY_PASS: ("supply-pass", "不补给", "pass"),
            REARM_DRAW: ("rearm-draw", "抽取新的质量和武器", "draw a new weapon pair"),
            REARM_DECLINE: ("rearm-decline", "暂不抽取", "do not draw"),
        }
        if option in names:
            name, zh, en = names[option]
            return Choice(option, name, zh, en)
        return super().describe_option(option)

    def format_event(self, event: Mapping[str, JSONValue], lang: str = "en") -> str:
        zh = lang == "zh"
        kind = event["kind"]
        e = event
        if kind == "round":
            nat = str(e["nature"])
            last = ("（最后一回合）" if zh else " (last round)") if e["last"] else ""
            if zh:
                return f"第 {e['round']} 回合：翻开 {e['card']}，{NATURE_ZH[nat]}回合{last}"
            return f"round {e['round']}: {e['card']} turned, {nat} round{last}"
        if kind == "target":
            if zh:
                return f"玩家 {e['player']} 点名玩家 {e['target']}"
            return f"player {e['player']} names player {e['target']}"
        if kind == "duel" and "sides" in e:
            return self._format_duel(e, zh)
        if kind == "duel":  # the all-in last round (option last_round = "all_in")
            a, t = e["players"]
            taker = e["taker"]
            sums, totals = e["sums"], e["totals"]
            hands = [" ".join(str(c) for c in h) or "—" for h in e["hands"]]
            if zh:
                who = "总数相等" if taker is None else f"玩家 {taker} 收下两手牌"
                return (
                    f"最后一回合对决 玩家 {a} 对 玩家 {t}：玩家 {a} 全部打出 {hands[0]}"
                    f"（意图和 {sums[0]}，总数 {totals[0]}），玩家 {t} 全部打出 {hands[1]}"
                    f"（意图和 {sums[1]}，总数 {totals[1]}）：{who}"
                )
            who = "equal totals" if taker is None else f"player {taker} takes both hands"
            return (
                f"last-round duel player {a} vs player {t}: player {a} plays out {hands[0]} "
                f"(sum {sums[0]}, total {totals[0]}), player {t} plays out {hands[1]} "
                f"(sum {sums[1]}, total {totals[1]}): {who}"
            )
        if kind == "discard_attack":
            if zh:
                return (
                    f"玩家 {e['player']} 出 {e['card']}（身份相同），先攻击后丢弃玩家 "
                    f"{e['target']} 的武器：攻击总数 {e['total']}；玩家 {e['target']} 出牌应对"
                )
            return (
                f"player {e['player']} plays {e['card']} in role to attack, then discard, "
                f"player {e['target']}'s weapon: attack total {e['total']}; player "
                f"{e['target']} answers"
            )
        if kind == "discard":
            return self._format_discard(e, zh)
        if kind == "role":
            role = self._role_name(str(e["role"]), zh)
            if zh:
                how = "选择" if e["chosen"] else "拿到"
                return f"玩家 {e['player']} {how}身份：{role}（身份 {e['value']}）"
            how = "chooses" if e["chosen"] else "is dealt"
            return f"player {e['player']} {how} the role {role} (role value {e['value']})"
        if kind == "play_out":
            cards = list(e["hand"]) + list(e["weapon"] or [])
            shown = " ".join(str(c) for c in cards) or "—"
            values = " + ".join(str(v) for v in e["values"]) or "0"
            weapon = e["weapon"]
            if zh:
                extra = "（含武器牌）" if weapon else ""
                return (
                    f"玩家 {e['player']} 出完所有牌{extra}：{shown} —— {e['count']} 张，"
                    f"点数和 {values} = {e['sum']}"
                )
            extra = " (weapon pair included)" if weapon else ""
            return (
                f"player {e['player']} plays out every card{extra}: {shown} — {e['count']} "
                f"card(s), values {values} = {e['sum']}"
            )
        if kind == "supply":
            choice = str(e["choice"])
            if zh:
                text = {"pass": "不补给", "redraw": "重新抓取武器", "discard": "丢弃回收的牌"}[
                    choice
                ]
                return f"玩家 {e['player']} 补给：{text}"
            return f"player {e['player']} supply: {choice}"
        if kind == "weapon_gone":
            if zh:
                r = e["draw_from_round"]
                return f"玩家 {e['player']} 的武器进入桌面牌堆（第 {r} 回合起可再抽）"
            return (
                f"player {e['player']}'s weapon goes to the table pile "
                f"(may draw again from round {e['draw_from_round']})"
            )
        if kind == "setup":
            offer = []
            for o in e["offer"]:
                d = o if isinstance(o, dict) else {}
                name = self._role_name(str(d.get("role")), zh)
                card = f"{d['card']}，" if zh and d.get("card") else ""
                card_en = f"{d['card']}, " if d.get("card") else ""
                offer.append(
                    f"{name}（{card}身份 {d.get('value')}）"
                    if zh
                    else f"{name} ({card_en}role value {d.get('value')})"
                )
            if zh:
                how = f"从玩家 {e['first']} 起按座位顺序选择身份" if e["choose"] else "身份随机发放"
                return f"身份牌（明牌）：{'，'.join(offer)}；{how}；共 {e['rounds']} 回合"
            how = (
                f"players choose in seat order from player {e['first']}"
                if e["choose"]
                else "the roles are dealt at random"
            )
            return f"role cards (face up): {', '.join(offer)}; {how}; {e['rounds']} rounds"
        if kind == "deal":
            if "hand" in e:
                hand = " ".join(str(c) for c in e["hand"])
                if zh:
                    return (
                        f"你的手牌：{hand}；武器 {e['weapon']}，质量 {e['quality']}，"
                        f"可用 {e['uses']} 次"
                    )
                return (
                    f"your hand: {hand}; weapon {e['weapon']} of quality {e['quality']}, "
                    f"{e['uses']} use(s)"
                )
            if zh:
                return f"玩家 {e['player']} 拿到 5 张意图牌和一对武器牌"
            return f"player {e['player']} is dealt 5 intention cards and a weapon pair"
        if kind == "rearm":
            who = f"玩家 {e['player']}" if zh else f"player {e['player']}"
            if not e.get("drew"):
                if e.get("table_empty"):
                    return (
                        f"{who} 无法抽取武器：桌面牌堆已空"
                        if zh
                        else (f"{who} cannot draw a weapon: the table pile is empty")
                    )
                return f"{who} 暂不抽取武器" if zh else f"{who} does not draw a weapon"
            shown = "明牌" if e.get("face_up") else "背牌"
            if "weapon" in e:
                if zh:
                    return (
                        f"{who} 抽取武器（{shown}）：武器 {e['weapon']}，质量 {e['quality']}，"
                        f"可用 {e['uses']} 次"
                    )
                side = "face up" if e.get("face_up") else "face down"
                return (
                    f"{who} draws a weapon ({side}): {e['weapon']} of quality "
                    f"{e['quality']}, {e['uses']} use(s)"
                )
            return f"{who} 背牌抽取了一对武器牌" if zh else f"{who} draws a weapon pair face down"
        if kind == "skip":
            if zh:
                return f"玩家 {e['player']} 本回合无事可做，跳过"
            return f"player {e['player']} has nothing to do this turn and is skipped"
        if kind == "end":
            winners = ", ".join(str(w) for w in e["winners"])
            reason = str(e["reason"])
            why_zh, why_en = _END_REASONS.get(reason, (reason, reason))
            if "sums" in e:
                if zh:
                    return (
                        f"游戏结束（{why_zh}）：最后一回合开始时的牌数 {e['cards']}，点数和 "
                        f"{e['sums']} —— 牌最少者胜，张数相同时点数和小者胜；胜者：玩家 {winners}"
                    )
                return (
                    f"game over ({why_en}): cards at the start of the last round {e['cards']}, "
                    f"sums {e['sums']} — fewest cards wins, then the smaller sum; "
                    f"winner(s): player {winners}"
                )
            if zh:
                return f"游戏结束（{why_zh}）：胜者 玩家 {winners}，剩余牌数 {e['cards']}"
            return f"game over ({why_en}): winner(s) player {winners}, cards left {e['cards']}"
        return super().format_event(event, lang)

    def _role_name(self, rid: str, zh: bool) -> str:
        for role in self.content.roles:
            if role.id == rid:
                return role.zh if zh else role.en
        return rid

    def _side_text(self, side: Mapping[str, JSONValue], nature: str, rv: int, zh: bool) -> str:
        """``player 0 ♠6 + weapon (Q 3, W 11), in role (身份 6): 6×6 + 7 + 3×11 = 76``."""
        p, card, i = side["player"], side["card"], int(side["intention"])
        weapon = side["weapon"]
        role = int(side["role_value"]) if side["in_role"] else None
        sym = "身份" if zh else "role"
        head = f"玩家 {p} 出 {card}" if zh else f"player {p} {card}"
        if nature == ATTACK:
            pair = None
            if isinstance(weapon, list):
                pair = (int(weapon[0]), int(weapon[1]))
                head += (
                    f" + 武器（质量 {pair[0]}，武器 {pair[1]}）"
                    if zh
                    else f" + weapon (quality {pair[0]}, weapon {pair[1]})"
                )
            text = f.attack_text(rv, i, pair, role, role_symbol=sym)
        else:
            w = None
            if isinstance(weapon, list):
                w = int(weapon[1])
                if weapon[0] == 0:  # an unarmed defender (option unarmed_defence)
                    head += "（没有武器，武器数按 0）" if zh else " (no weapon: W = 0)"
                else:
                    head += f" + 武器 {w}" if zh else f" + weapon {w}"
            text = f.defence_text(rv, i, weapon=w, role_value=role, role_symbol=sym)
        if role is not None:
            head += f"，身份相同（身份 {role}）" if zh else f", in role (role value {role})"
        return f"{head}：{text}" if zh else f"{head}: {text}"

    def _format_duel(self, e: Mapping[str, JSONValue], zh: bool) -> str:
        nature = str(e["nature"])
        rv = int(e["round_value"])
        sides = [s for s in e["sides"] if isinstance(s, dict)]
        a, t = (int(s["player"]) for s in sides)
        texts = [self._side_text(s, nature, rv, zh) for s in sides]
        taker = e["taker"]
        cards = f"{e['cards'][0]} {e['cards'][1]}"
        tie_table = e.get("tie") == "table"
        if nature == ATTACK:
            head = f"进攻回合（回合数 {rv}）" if zh else f"attack round (R = {rv})"
            if taker is None:
                rule = (
                    ("总数相等，两张牌进入桌面牌堆" if tie_table else "总数相等，各自收回自己的牌")
                    if zh
                    else (
                        "equal totals: both cards go to the table pile"
                        if tie_table
                        else "equal totals: each takes back their own card"
                    )
                )
            else:
                rule = (
                    f"总数小的一方收牌：玩家 {taker} 收下 {cards}"
                    if zh
                    else f"the smaller total takes the cards: player {taker} takes {cards}"
                )
        else:
            head = f"防守回合（回合数 {rv}）" if zh else f"defence round (R = {rv})"
            outcome = e["outcome"]
            if outcome == "valid":
                rule = (
                    f"进攻有效，被进攻方收牌：玩家 {taker} 收下 {cards}"
                    if zh
                    else f"the attack is valid, the attacked side takes: player {taker} takes "
                    f"{cards}"
                )
            elif outcome == "turned":
                rule = (
                    f"防守大于进攻，防守变为进攻，无效方收牌：玩家 {taker} 收下 {cards}"
                    if zh
                    else (
                        f"the defence is larger and turns into an attack, the invalid side "
                        f"takes: player {taker} takes {cards}"
                    )
                )
            else:
                rule = (
                    ("相等，两张牌进入桌面牌堆" if tie_table else "相等，各自收回自己的牌")
                    if zh
                    else (
                        "equal: both cards go to the table pile"
                        if tie_table
                        else "equal: each takes back their own card"
                    )
                )
        if zh:
            role = "" if nature == ATTACK else f"（玩家 {a} 进攻，玩家 {t} 防守）"
            return f"{head}{role} 玩家 {a} 对 玩家 {t}：{texts[0]}；{texts[1]} → {rule}"
        role = "" if nature == ATTACK else f" (player {a} attacks, player {t} defends)"
        return f"{head}{role}, player {a} vs player {t}: {texts[0]}; {texts[1]} → {rule}"

    def _format_discard(self, e: Mapping[str, JSONValue], zh: bool) -> str:
        p, t, card = e["player"], e["target"], e["card"]
        rv = int(e["round_value"])
        ok = e["success"]
        res = {True: ("成功", "success"), False: ("失败", "failure"), None: ("相等", "equal")}[ok][
            0 if zh else 1
        ]
        if ok is True:
            then = (
                f"玩家 {t} 的质量牌和武器牌进入桌面牌堆"
                if zh
                else f"player {t}'s quality and weapon cards go to the table pile"
            )
        elif ok is False:
            then = f"{card} 被丢弃" if zh else f"{card} is discarded"
        else:
            then = (
                (f"{card} 进入桌面牌堆" if e.get("tie") == "table" else f"玩家 {p} 收回 {card}")
                if zh
                else (
                    f"{card} goes to the table pile"
                    if e.get("tie") == "table"
                    else f"player {p} takes {card} back"
                )
            )
        if not e["in_role"]:
            q = e["against"]
            if zh:
                return (
                    f"丢弃回合：玩家 {p} 出 {card}，丢弃玩家 {t} 的武器：意图数 : 质量数 = "
                    f"{e['intention']} : {q} → {res}，{then}"
                )
            return (
                f"discard round: player {p} plays {card} to discard player {t}'s weapon: "
                f"I : Q = {e['intention']} : {q} → {res}, {then}"
            )
        sym = "身份" if zh else "role"
        wv = e.get("weapon_values")
        pair = (int(wv[0]), int(wv[1])) if isinstance(wv, list) else None
        role_value = int(e["role_value"])
        attack = f.attack_text(rv, int(e["intention"]), pair, role_value, role_symbol=sym)
        ans = e.get("answer")
        if isinstance(ans, dict):
            ta = self._side_text(ans, ATTACK, rv, zh)
            against = (
                f"{ta}（应对牌回到玩家 {t} 手中）"
                if zh
                else f"{ta} (the answer goes back to player {t})"
            )
        elif e.get("mode") == "answer":
            against = f"玩家 {t} 没有手牌应对：0" if zh else f"player {t} has no card to answer: 0"
        else:
            against = f"意图数 {e['against']}" if zh else f"the intention number {e['against']}"
        if zh:
            return (
                f"丢弃回合（身份相同，先攻击后丢弃）：玩家 {p} 出 {card}，{attack}；对 {against} "
                f"→ {res}，{then}"
            )
        return (
            f"discard round (in role: attack first, then discard): player {p} plays {card}, "
            f"{attack}; against {against} → {res}, {then}"
        )
