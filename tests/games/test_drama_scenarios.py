"""剧牌 scenarios, each quoting the seed sentence it checks, with worked numbers.

Positions are built by setting a fresh state's fields (hands, weapons, roles, the round
pile) and then driven through the public ``apply``. Roles by content index: 0 地主 landlord,
1 协调员 coordinator, 2 农民 farmer, 3 旁白 narrator.
"""

from __future__ import annotations

from collections.abc import Sequence

from caiquan.engine import Rng
from caiquan.games import load_game
from caiquan.games.drama import DramaState
from caiquan.games.drama import formulas as f
from caiquan.games.drama.cards import (
    REARM_DECLINE,
    REARM_DRAW,
    ROLE_BASE,
    SUPPLY_DISCARD_BASE,
    SUPPLY_PASS,
    SUPPLY_REDRAW,
    TARGET_BASE,
    WEAPON_BASE,
    rank,
)

LANDLORD, COORDINATOR, FARMER, NARRATOR = 0, 1, 2, 3
TIERS = ((4, 1), (8, 2), (13, 3))


class Cards:
    """Hands out distinct card ids of the ranks asked for (suits ♠ ♥ ♣ ♦ in turn)."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def __call__(self, value: int) -> int:
        for suit in range(4):
            c = suit * 13 + value - 1
            if c not in self.used:
                self.used.add(c)
                return c
        raise AssertionError(f"no fifth card of rank {value}")


def position(
    round_values: Sequence[int],
    hands: dict[int, Sequence[int]],
    weapons: dict[int, tuple[int, int] | None],
    *,
    roles: Sequence[int] = (NARRATOR, COORDINATOR, FARMER, LANDLORD),
    role_values: Sequence[int] = (7, 6, 5, 13),
    uses: dict[int, int] | None = None,
    table: Sequence[int] = (),
    **config: object,
) -> tuple[DramaState, Cards]:
    """A table where round 1 turns ``round_values[0]`` (player 0 leads)."""
    game = load_game("drama", config)
    s = game.new_state(0)
    assert isinstance(s, DramaState)
    deal = Cards()
    s.deck = []  # the roles are set below, not chosen: nothing is left to deal
    s.roles = list(roles)
    s.role_values = list(role_values)
    s.role_cards = [-1] * 4
    s.hands = [tuple(sorted(deal(v) for v in hands.get(p, ()))) for p in range(4)]
    s.taken = [frozenset()] * 4
    s.weapons = []
    for p in range(4):
        pair = weapons.get(p)
        if pair is None:
            s.weapons.append(None)
        else:
            q = deal(pair[0])
            w = deal(pair[1])
            n = (uses or {}).get(p, game.uses(pair[0]))  # type: ignore[attr-defined]
            s.weapons.append((q, w, n))
    s.weapon_public = [False] * 4
    s.weapon_from_table = [False] * 4
    s.rearm_from = [0] * 4
    s.table = [deal(v) for v in table]
    s.aside = []
    s.round_pile = [deal(v) for v in reversed(round_values)]
    s.round_cards = []
    s.seen = set(s.table)
    s.round_no = 0
    s.first_leader = 0
    s._start_round()
    return s, deal


def values(cards: Sequence[int]) -> list[int]:
    return sorted(rank(c) for c in cards)


def card_of(s: DramaState, p: int, value: int) -> int:
    return next(c for c in s.hands[p] if rank(c) == value)


def last_event(s: DramaState, kind: str) -> dict[str, object]:
    return next(e for e in reversed(s.events(None)) if e["kind"] == kind)


def duel(
    s: DramaState, target: int, a: int, t: int, *, a_weapon: bool = False, t_weapon: bool = False
) -> None:
    """The active player names ``target``; both reveal the cards of values ``a`` and ``t``."""
    active = s.active
    s.apply(TARGET_BASE + target)
    ca = card_of(s, active, a) + (WEAPON_BASE if a_weapon else 0)
    ct = card_of(s, target, t) + (WEAPON_BASE if t_weapon else 0)
    s.apply({active: ca, target: ct})


# ---------------------------------------------------------------- round natures


def test_round_card_sets_the_nature() -> None:
    """2代表的积数为进攻回合，7代表的质数为防守回合（质数，积数可互换回合性质），4代表的是补给回合，
    9代表的是丢弃回合.

    By default 2 is a composite, as the seed says (2代表的积数): a 2 turns an attack round.
    """
    g = load_game("drama")
    nat = g.nature  # type: ignore[attr-defined]
    assert [nat[v] for v in range(1, 14)] == [
        "supply",
        "attack",
        "defence",
        "supply",
        "defence",
        "attack",
        "defence",
        "attack",
        "discard",
        "attack",
        "defence",
        "attack",
        "defence",
    ]
    swapped = load_game("drama", swap_natures=True, two_is_composite=True).nature  # type: ignore[attr-defined]
    assert (swapped[2], swapped[6], swapped[7], swapped[4], swapped[9]) == (
        "defence",
        "defence",
        "attack",
        "supply",
        "discard",
    )
    prime_two = load_game("drama", two_is_composite=False).nature  # type: ignore[attr-defined]
    assert prime_two[2] == "defence"
    other = load_game("drama", supply_number=6, discard_number=1, one_is="attack")
    assert (other.nature[6], other.nature[1], other.nature[4]) == ("supply", "discard", "attack")  # type: ignore[attr-defined]


def test_setup_deals_roles_weapons_and_five_intention_cards() -> None:
    """1.先确定…回合 2.选择身份，第一次抽取质量牌和武器牌 3.抽取意图牌，一手5张 4.确定回合次数."""
    for seed in range(20):
        g = load_game("drama", rounds=7, table_start=("rest", "empty")[seed % 2], roles="deal")
        s = g.new_state(seed)
        assert isinstance(s, DramaState)
        assert sorted(s.roles) == [0, 1, 2, 3]
        for p in range(4):
            role = s.roles[p]
            if role == COORDINATOR:
                assert g.is_composite[rank(s.role_cards[p])]  # type: ignore[attr-defined]
                assert s.role_values[p] == rank(s.role_cards[p])
            elif role == FARMER:
                assert g.is_prime[rank(s.role_cards[p])]  # type: ignore[attr-defined]
                assert s.role_values[p] == rank(s.role_cards[p])
            else:
                assert s.role_values[p] == (13 if role == LANDLORD else 7)
        assert s.round_no == 1 and len(s.round_pile) == 6
        # every card is somewhere, once: 2 role cards, 8 weapon cards, hands, piles
        where = [c for c in s.role_cards if c >= 0]
        where += [c for h in s.weapons if h is not None for c in h[:2]]
        where += [c for h in s.hands for c in h] + s.round_pile + s.round_cards + s.table
        where += s.aside
        assert sorted(where) == list(range(52))
        assert all(len(h) == 5 for h in s.hands)


def test_players_choose_their_roles_in_seat_order_face_up() -> None:
    """2.选择身份，第一次抽取质量牌和武器牌 3.抽取意图牌，一手5张: the roles are chosen first.

    From a random first chooser, in seat order, each player takes one of the open role cards
    (face up); only then are the weapon pairs and the five intention cards dealt.
    """
    firsts = set()
    for seed in range(12):
        g = load_game("drama")
        s = g.new_state(seed)
        assert isinstance(s, DramaState)
        first = s.first_chooser
        firsts.add(first)
        assert s.phase == "role" and s.round_no == 0 and all(h == () for h in s.hands)
        assert all(w is None for w in s.weapons) and len(s.deck) == 50
        order = [(first + i) % 4 for i in range(4)]
        taken = []
        for k, p in enumerate(order):
            assert s.to_move() == (p,) and s.decision(p).kind == "role"
            open_roles = [r["role"] for r in s.observation(None)["open_roles"]]  # type: ignore[union-attr]
            assert len(open_roles) == 4 - k
            legal = s.legal(p)
            pick = legal[seed % len(legal)]
            assert s.decision(p).choices[legal.index(pick)].zh.startswith("选择身份：")
            s.apply(pick)
            taken.append((p, pick - ROLE_BASE))
        assert sorted(s.roles) == [0, 1, 2, 3]
        assert all(s.roles[p] == r for p, r in taken)
        assert s.round_no == 1 and all(len(h) == 5 for h in s.hands) and not s.deck
        # the first to choose leads round 1, so the last to choose acts last in it
        assert s.leader == first and s.to_move() == (first,)
        kinds = [e["kind"] for e in s.events(None)]
        assert kinds.index("deal") > max(i for i, k in enumerate(kinds) if k == "role")
    assert len(firsts) > 1


def test_roles_dealt_at_random_is_an_option() -> None:
    s = load_game("drama", roles="deal").new_state(4)
    assert isinstance(s, DramaState) and s.first_chooser == -1 and s.round_no == 1
    assert sorted(s.roles) == [0, 1, 2, 3]
    assert "the roles are dealt at random" in s.game.format_event(s.events(None)[0], "en")


# ---------------------------------------------------------------- attack


def test_attack_between_different_roles_without_weapons() -> None:
    """攻击=「不使用武器」（回合x意图）【总数小的一方收牌】: R = 6; 6×5 = 30 < 6×7 = 42."""
    s, _ = position([6, 6], {0: [5, 2], 1: [7, 3], 2: [10], 3: [10]}, {0: (12, 1), 1: (13, 1)})
    assert s.nature == "attack" and s.phase == "target" and s.active == 0
    duel(s, 1, 5, 7)
    e = last_event(s, "duel")
    assert e["totals"] == [30, 42] and e["in_role"] == [False, False] and e["taker"] == 0
    assert values(s.hands[0]) == [2, 5, 7] and values(s.taken[0]) == [5, 7]
    assert values(s.hands[1]) == [3]


def test_attack_with_a_weapon() -> None:
    """攻击=「使用武器」（回合x意图＋质量x武器）: R = 6, I = 3, Q = 5, W = 2: 18 + 10 = 28 < 30."""
    s, _ = position([6, 6], {0: [5, 2], 1: [3, 7], 2: [10], 3: [10]}, {0: (12, 1), 1: (5, 2)})
    duel(s, 1, 5, 3, t_weapon=True)
    e = last_event(s, "duel")
    assert e["totals"] == [30, 28] and e["weapons"] == [False, True] and e["taker"] == 1
    assert values(s.hands[1]) == [3, 5, 7]
    held = s.weapons[1]
    assert held is not None and held[2] == 1  # quality 5: 精致武器, 2 uses, one left
    assert s.weapon_public[1]  # 明牌展示使用一次
    assert s.observation(2)["players"][1]["weapon"]["quality"] == 5  # type: ignore[index]


def test_attack_in_role_with_and_without_weapon() -> None:
    """身份相同…攻击就变成了（身份x意图）+回合+（质量x武器）; 「不使用武器」（身份x意图）+回合.

    R = 8. Coordinator (身份 6) plays 4, a composite, with weapon 9×2: 6×4 + 8 + 18 = 50.
    Farmer (身份 5) plays 7, a prime, without: 5×7 + 8 = 43 — the smaller, takes the cards.
    """
    s, _ = position([8, 8], {0: [6], 1: [4, 2], 2: [7, 6], 3: [10]}, {1: (9, 2), 2: (3, 3)})
    duel(s, 2, 6, 6)  # player 0 (narrator) plays 6 against the farmer's 6: 48 and 48
    e = last_event(s, "duel")
    assert e["totals"] == [48, 48] and e["taker"] is None  # equal: each takes back their own
    assert values(s.hands[0]) == [6] and values(s.taken[0]) == [6]
    assert s.active == 1
    duel(s, 2, 4, 7, a_weapon=True)
    e = last_event(s, "duel")
    assert e["in_role"] == [True, True] and e["totals"] == [50, 43] and e["taker"] == 2
    assert f.attack_total_same_role(6, 8, 4, (9, 2)) == 50
    assert f.attack_total_same_role(5, 8, 7) == 43
    assert values(s.hands[2]) == [4, 6, 7] and values(s.hands[1]) == [2]


def test_same_role_formulas_can_be_switched_off() -> None:
    s, _ = position(
        [8, 8],
        {0: [4, 2], 1: [10], 2: [7, 2], 3: [10]},
        {0: (9, 2), 2: (3, 3)},
        roles=(COORDINATOR, NARRATOR, FARMER, LANDLORD),
        role_values=(6, 7, 5, 13),
        same_role=False,
    )
    duel(s, 2, 4, 7, a_weapon=True)
    e = last_event(s, "duel")
    assert e["in_role"] == [False, False] and e["totals"] == [8 * 4 + 18, 8 * 7]


def test_tie_rule_table_sends_both_cards_to_the_table() -> None:
    s, _ = position([6, 6], {0: [5, 2], 1: [5, 3], 2: [10], 3: [10]}, {}, tie="table")
    duel(s, 1, 5, 5)
    assert last_event(s, "duel")["taker"] is None
    assert values(s.hands[0]) == [2] and values(s.hands[1]) == [3]
    assert values(s.table[-2:]) == [5, 5]


# ---------------------------------------------------------------- defence


def test_defence_valid_attack_the_attacked_side_takes() -> None:
    """防守=「必须使用武器」（回合数+意图数）：（武器数+意图数）…进攻有效被进攻方收牌.

    R = 7: attack 7 + 6 = 13 against defence 8 + 3 = 11: the attack is valid.
    """
    s, _ = position([7, 7], {0: [6, 2], 1: [3, 2], 2: [10], 3: [10]}, {0: (12, 1), 1: (6, 8)})
    assert s.nature == "defence"
    s.apply(TARGET_BASE + 1)
    assert s.decision(1).kind == "duel" and all(o >= WEAPON_BASE for o in s.legal(1))
    assert all(o < WEAPON_BASE for o in s.legal(0))  # the attacker's side has no weapon term
    s.apply({0: card_of(s, 0, 6), 1: card_of(s, 1, 3) + WEAPON_BASE})
    e = last_event(s, "duel")
    assert e["totals"] == [13, 11] and e["outcome"] == "valid" and e["taker"] == 1
    assert values(s.hands[1]) == [2, 3, 6] and values(s.hands[0]) == [2]


def test_defence_turns_into_attack_the_invalid_side_takes() -> None:
    """【后者比前者大时防守变为进攻】，【若进攻无效就无效方收牌】: 7 + 5 = 12 against 8 + 5 = 13."""
    s, _ = position([7, 7], {0: [5, 2], 1: [5, 2], 2: [10], 3: [10]}, {0: (12, 1), 1: (6, 8)})
    duel(s, 1, 5, 5, t_weapon=True)
    e = last_event(s, "duel")
    assert e["totals"] == [12, 13] and e["outcome"] == "turned" and e["taker"] == 0
    assert values(s.hands[0]) == [2, 5, 5] and values(s.hands[1]) == [2]


def test_defence_in_role_first_two_against_last_two() -> None:
    """身份+意图：回合＋意图：武器＋意图，前两者总数相比大于后两者视为防守，后两者大于前两者则为进攻.

    R = 7. Attacker coordinator (身份 6) plays 4: (6+4) + (7+4) = 21. Defender farmer plays
    5 with weapon 3: (7+5) + (3+5) = 20. The first two are larger: the attack is valid.
    """
    s, _ = position(
        [7, 7],
        {0: [4, 2], 1: [5, 2], 2: [10], 3: [10]},
        {0: (12, 1), 1: (6, 3)},
        roles=(COORDINATOR, FARMER, NARRATOR, LANDLORD),
        role_values=(6, 5, 7, 13),
    )
    duel(s, 1, 4, 5, t_weapon=True)
    e = last_event(s, "duel")
    assert e["in_role"] == [True, True] and e["totals"] == [21, 20] and e["taker"] == 1


def test_unarmed_defender_counts_weapon_zero_or_cannot_be_named() -> None:
    s, _ = position([7, 7], {0: [6], 1: [3], 2: [2], 3: [10]}, {2: (3, 3), 3: (12, 1)})
    assert s.legal(0) == (TARGET_BASE + 1, TARGET_BASE + 2, TARGET_BASE + 3)
    duel(s, 1, 6, 3)
    assert last_event(s, "duel")["totals"] == [13, 3]
    s2, _ = position(
        [7, 7], {0: [6], 1: [3], 2: [2], 3: [10]}, {2: (3, 3), 3: (12, 1)}, unarmed_defence=False
    )
    assert s2.legal(0) == (TARGET_BASE + 2, TARGET_BASE + 3)


# ---------------------------------------------------------------- supply


def test_supply_discards_taken_back_cards_paying_one_intention_card() -> None:
    """补给=可以选择丢弃回收的牌但需要丢弃一张意图牌（意图数＋回收数）."""
    s, _ = position(
        [6, 4, 6],
        {0: [5, 2, 9], 1: [7]},
        {0: (12, 1), 1: (13, 1), 2: (11, 10), 3: (11, 10)},
        last_round="ordinary",
    )
    duel(s, 1, 5, 7)  # 30 < 42: player 0 takes 5 and 7; the others have no card to play
    assert s.round_no == 2 and s.nature == "supply" and s.phase == "supply" and s.active == 1
    for _ in range(3):
        s.apply(SUPPLY_PASS)
    assert s.active == 0 and values(s.taken[0]) == [5, 7]
    cost = card_of(s, 0, 9)
    assert s.legal(0) == tuple(
        sorted(
            [
                SUPPLY_DISCARD_BASE + card_of(s, 0, 2),
                SUPPLY_DISCARD_BASE + cost,
                SUPPLY_REDRAW,
                SUPPLY_PASS,
            ]
        )
    )
    s.apply(SUPPLY_DISCARD_BASE + cost)
    assert values(s.hands[0]) == [2] and s.taken[0] == frozenset()
    assert values(s.table[-3:]) == [5, 7, 9]
    assert last_event(s, "supply")["discarded"] == ["♠5", "♠7"]


def test_supply_redraw_face_down_out_of_role_and_face_up_in_role() -> None:
    """重新抓取武器和质量（背牌）…身份相同: 补给就变成了明牌抽取质量和武器.

    R = 4, a composite: the coordinator (player 1) is in role and draws face up; the
    narrator (player 0) draws face down.
    """
    s, _ = position(
        [4, 4],
        {0: [2], 1: [3]},
        {0: (2, 3), 1: (5, 5), 2: (11, 10), 3: (11, 10)},
        table=[10, 11, 12, 13],
    )
    assert s.nature == "supply" and s.active == 0
    s.apply(SUPPLY_REDRAW)
    assert not s.weapon_public[0] and s.weapon_from_table[0]
    assert s.observation(1)["players"][0]["weapon"] == {"hidden": True}  # type: ignore[index]
    assert len(s.table) == 4 and last_event(s, "supply")["face_up"] is False
    s.apply(SUPPLY_REDRAW)
    assert s.weapon_public[1]
    view = s.observation(0)["players"][1]["weapon"]  # type: ignore[index]
    assert view["public"] is True and view["uses_left"] == s.game.uses(view["quality"])  # type: ignore[attr-defined]
    assert len(s.table) == 4  # two pairs in, two pairs out


# ---------------------------------------------------------------- discard


def test_discard_succeeds_when_intention_beats_quality() -> None:
    """丢弃=则是直接丢弃对方武器，但需要与武器质量对比（意图数：质量数）前者大成功: 8 > 7."""
    s, _ = position([9, 9, 9], {0: [8, 2], 1: [3], 2: [10]}, {1: (7, 5), 3: (12, 1)})
    assert s.nature == "discard"
    assert s.legal(0) == (TARGET_BASE + 1, TARGET_BASE + 3)  # only armed players
    s.apply(TARGET_BASE + 1)
    assert s.decision(0).kind == "discard" and s.to_move() == (0,)
    s.apply(card_of(s, 0, 8))
    e = last_event(s, "discard")
    assert e["success"] is True and e["against"] == 7
    assert s.weapons[1] is None and s.rearm_from[1] == 3
    assert values(s.hands[0]) == [2] and values(s.hands[1]) == [3]
    assert values(s.table) == [5, 7, 8]


def test_discard_fails_and_the_intention_card_is_discarded() -> None:
    """后者大失败，失败后直接丢弃意图牌进入下回合出牌: 5 < 7."""
    s, _ = position([9, 9, 9], {0: [5, 2], 1: [3], 2: [10]}, {1: (7, 5), 3: (12, 1)})
    s.apply(TARGET_BASE + 1)
    s.apply(card_of(s, 0, 5))
    assert last_event(s, "discard")["success"] is False
    assert s.weapons[1] is not None and values(s.hands[0]) == [2] and values(s.table) == [5]


def test_discard_in_role_the_target_answers_and_the_attack_succeeds() -> None:
    """丢弃变成了先攻击后丢弃（攻击总数：意图数），攻击成功时对方回收意图牌并丢弃装备牌.

    R = 9. The farmer (身份 5) plays 7, a prime, in role: 5×7 + 9 = 44. The landlord answers
    with 2 (not in role): 9×2 = 18 < 44, success: the landlord takes back the 2 (回收意图牌)
    and discards the weapon pair; the farmer's 7 goes to the table pile.
    """
    s, _ = position(
        [9, 9, 9],
        {0: [7, 3], 1: [10], 2: [10], 3: [12, 2]},
        {1: (12, 1), 3: (10, 5)},
        roles=(FARMER, NARRATOR, COORDINATOR, LANDLORD),
        role_values=(5, 7, 6, 13),
    )
    s.apply(TARGET_BASE + 3)
    s.apply(card_of(s, 0, 7))
    assert s.phase == "answer" and s.to_move() == (3,) and s.decision(3).kind == "answer"
    assert sorted(s.legal(3)) == sorted(s.hands[3])
    assert s.observation(3)["discard_attack"]["value"] == 7  # type: ignore[index]
    assert last_event(s, "discard_attack")["total"] == 44
    s.apply(card_of(s, 3, 2))
    e = last_event(s, "discard")
    assert e["in_role"] is True and e["total"] == 44 and e["against"] == 18
    assert e["success"] is True
    assert values(s.hands[3]) == [2, 12] and 2 in values(s.taken[3]) and s.weapons[3] is None
    assert values(s.hands[0]) == [3] and 7 in values(s.table)
    en = s.game.format_event(e, "en")
    assert "role×I + R = 5×7 + 9 = 44" in en and "R×I = 9×2 = 18" in en and "success" in en
    assert "身份×I + R = 5×7 + 9 = 44" in s.game.format_event(e, "zh")


def test_discard_in_role_can_fail_when_the_answer_is_larger() -> None:
    """失败则丢弃意图牌进入下回合出牌: the failure branch is reachable.

    R = 9. The coordinator (身份 4) plays 6 in role: 4×6 + 9 = 33. The landlord answers with
    Q, in role for the landlord (身份 13): 13×12 + 9 = 165 > 33: failure. The 6 is discarded,
    the landlord takes the Q back and keeps the weapon.
    """
    s, _ = position(
        [9, 9, 9],
        {0: [6, 3], 1: [10], 2: [10], 3: [12, 2]},
        {1: (12, 1), 3: (10, 5)},
        roles=(COORDINATOR, NARRATOR, FARMER, LANDLORD),
        role_values=(4, 7, 5, 13),
    )
    s.apply(TARGET_BASE + 3)
    s.apply(card_of(s, 0, 6))
    s.apply(card_of(s, 3, 12))
    e = last_event(s, "discard")
    assert (e["total"], e["against"], e["success"]) == (33, 165, False)
    assert s.weapons[3] is not None and values(s.hands[3]) == [2, 12]
    assert values(s.hands[0]) == [3] and 6 in values(s.table)


def test_discard_in_role_literal_reading_always_succeeds() -> None:
    """The option discard_in_role = "literal": 攻击总数 against the player's own 意图数.

    R = 9. The farmer (身份 5) plays 3, a prime, in role: 5×3 + 9 = 24 > 3. The target takes
    the 3 into hand and discards the weapon pair.
    """
    s, _ = position(
        [9, 9],
        {0: [3], 1: [10], 2: [10], 3: [12, 2]},
        {1: (12, 1), 3: (10, 5)},
        roles=(FARMER, NARRATOR, COORDINATOR, LANDLORD),
        role_values=(5, 7, 6, 13),
        discard_in_role="literal",
    )
    s.apply(TARGET_BASE + 3)
    s.apply(card_of(s, 0, 3))
    e = last_event(s, "discard")
    assert e["in_role"] is True and e["total"] == 24 and e["success"] is True
    assert values(s.hands[3]) == [2, 3, 12] and s.weapons[3] is None
    assert s.is_terminal() and s.outcome().reason == "empty"  # the farmer has no cards left


def test_in_role_discard_may_use_the_weapon() -> None:
    """The narrator (身份 7) plays 10 in role with a 3×4 weapon: 7×10 + 9 + 12 = 91; the
    coordinator answers with 3, a prime, not in role: 9×3 = 27: success."""
    s, _ = position(
        [9, 9],
        {0: [10, 2], 1: [3], 2: [10], 3: [13]},
        {0: (3, 4), 1: (10, 5)},
        last_round="ordinary",
    )
    s.apply(TARGET_BASE + 1)
    ten = card_of(s, 0, 10)
    assert WEAPON_BASE + ten in s.legal(0) and WEAPON_BASE + card_of(s, 0, 2) not in s.legal(0)
    s.apply(WEAPON_BASE + ten)
    s.apply(card_of(s, 1, 3))
    e = last_event(s, "discard")
    assert e["total"] == 7 * 10 + 9 + 12 and e["against"] == 27 and e["success"] is True
    assert s.weapons[0] is None and s.rearm_from[0] == 3  # quality 3: one use, used up
    assert values(s.hands[1]) == [3] and s.weapons[1] is None  # 对方回收意图牌


# ---------------------------------------------------------------- weapons


def test_quality_4_8_9_give_1_2_3_uses() -> None:
    """质量小于或等于4的武器【1次】，小于或等于8的武器【2次】，质量大于8的武器【3次】."""
    assert [f.weapon_uses(q, TIERS) for q in (4, 8, 9)] == [1, 2, 3]
    for quality, uses in ((4, 1), (8, 2), (9, 3)):
        s, _ = position(
            [6] * 4,
            {0: [2, 2, 2, 3], 1: [3, 3, 3, 2]},
            {0: (quality, 1), 2: (11, 10), 3: (12, 10)},
        )
        held = s.weapons[0]
        assert held is not None and held[2] == uses
        used = 0
        while s.weapons[0] is not None:
            if s.active == 0:
                s.apply(TARGET_BASE + 1)
                s.apply({0: WEAPON_BASE + s.hands[0][0], 1: s.hands[1][0]})
                used += 1
            else:
                s.apply({p: s.legal(p)[0] for p in s.to_move()})
        assert used == uses
        assert last_event(s, "weapon_gone")["why"] == "used_up"


def test_one_round_wait_after_a_weapon_is_used_up() -> None:
    """正常回合内使用完武器后需要隔一个回合才能从桌面的牌堆中再次抽取质量和武器."""
    s, _ = position(
        [6, 6, 6, 6],
        {0: [2, 2, 2], 1: [3, 3, 3]},
        {0: (4, 1), 1: (13, 10), 2: (11, 10), 3: (12, 10)},
        table=[5, 7],
        last_round="ordinary",
    )
    s.apply(TARGET_BASE + 1)
    s.apply({0: WEAPON_BASE + s.hands[0][0], 1: s.hands[1][0]})
    assert s.weapons[0] is None and s.rearm_from[0] == 3
    while s.round_no == 1:  # round 1 continues; round 2 is the wait: no draw offered
        s.apply({p: s.legal(p)[0] for p in s.to_move()})
    assert s.round_no == 2 and s.phase != "rearm" and s.weapons[0] is None
    while s.round_no == 2:
        s.apply({p: s.legal(p)[0] for p in s.to_move()})
    assert s.round_no == 3 and s.phase == "rearm" and s.to_move() == (0,)
    assert s.decision(0).kind == "rearm" and s.legal(0) == (REARM_DRAW, REARM_DECLINE)
    s.apply(REARM_DRAW)
    assert s.weapons[0] is not None and not s.weapon_public[0]
    assert s.observation(1)["players"][0]["weapon"] == {"hidden": True}  # type: ignore[index]


def test_rearm_is_automatic_when_not_optional() -> None:
    s, _ = position(
        [6, 6, 6, 6],
        {0: [2, 2], 1: [3, 3, 3]},
        {0: (4, 1), 1: (13, 10), 2: (11, 10), 3: (12, 10)},
        table=[5, 7],
        rearm_optional=False,
        last_round="ordinary",
    )
    s.apply(TARGET_BASE + 1)
    s.apply({0: WEAPON_BASE + s.hands[0][0], 1: s.hands[1][0]})
    asked = set()
    while s.round_no < 3:
        asked |= {s.decision(p).kind for p in s.to_move()}
        s.apply({p: s.legal(p)[0] for p in s.to_move()})
    assert s.weapons[0] is not None and "rearm" not in asked and s.phase != "rearm"
    e = last_event(s, "rearm")
    assert e["player"] == 0 and e["drew"] is True


# ---------------------------------------------------------------- the end


def test_immediate_win_on_an_empty_hand() -> None:
    """最后比谁先把牌出完包括武器牌: player 0's last card wins the attack, 6×9 > 6×2."""
    s, _ = position([6, 6, 6], {0: [9], 1: [2, 3], 2: [10], 3: [10]}, {1: (12, 1)})
    duel(s, 1, 9, 2)
    assert s.is_terminal()
    out = s.outcome()
    assert out.reason == "empty" and out.results[0] == "win" and out.ranks == (1, 4, 2, 2)
    assert s.returns() == (1.0, -1 / 3, -1 / 3, -1 / 3)


def test_a_weapon_still_held_keeps_the_game_going() -> None:
    s, _ = position([6, 6, 6], {0: [9], 1: [2, 3], 2: [10], 3: [10]}, {0: (9, 1), 1: (12, 1)})
    duel(s, 1, 9, 2)
    assert not s.is_terminal() and s.card_count(0) == 2


def test_without_instant_win_the_game_runs_to_the_last_count() -> None:
    s, _ = position(
        [6, 6],
        {0: [9], 1: [2, 3], 2: [4]},
        {1: (12, 1)},
        instant_win=False,
        last_round="ordinary",
    )
    duel(s, 1, 9, 2)
    assert not s.is_terminal()
    while not s.is_terminal():
        s.apply({p: s.legal(p)[0] for p in s.to_move()})
    assert s.outcome().reason == "count" and s.outcome().ranks[0] == 1


def test_last_round_every_player_plays_out_every_card() -> None:
    """最后比谁先把牌出完包括武器牌，不过最后一回合要求必须出完所有牌.

    Last round card 6. Player 0 holds 3, 5 and a weapon pair 2×3: 4 cards, sum 13. Player 1
    holds K and a 9×9 pair: 3 cards, sum 31. Player 2 holds 2, 4: 2 cards, sum 6. Player 3
    holds 10, A: 2 cards, sum 11. All four play out everything (nobody takes cards); the
    fewest cards finish first, players 2 and 3 tie at 2, the smaller sum (6) wins: player 2.
    Fewer and smaller cards are the better position; the most cards place last.
    """
    s, _ = position(
        [6],
        {0: [3, 5], 1: [13], 2: [2, 4], 3: [10, 1]},
        {0: (2, 3), 1: (9, 9)},
    )
    assert s.is_terminal() and s.outcome().reason == "play_out"
    outs = [e for e in s.events(None) if e["kind"] == "play_out"]
    assert [e["player"] for e in outs] == [0, 1, 2, 3]  # the leader first, in seat order
    assert [(e["count"], e["sum"]) for e in outs] == [(4, 13), (3, 31), (2, 6), (2, 11)]
    assert all(s.card_count(p) == 0 for p in range(4)) and all(w is None for w in s.weapons)
    assert len(s.table) == 11
    assert s.outcome().ranks == (4, 3, 1, 2) and s.winners == [2]
    assert s.player_labels()["last_round_cards"] == ["most", "between", "fewest", "fewest"]
    g = s.game
    assert "player 2 plays out every card: ♠2 ♠4 — 2 card(s), values 2 + 4 = 6" in [
        g.format_event(e, "en") for e in outs
    ]
    assert "玩家 0 出完所有牌（含武器牌）：♠3 ♠5 ♥2 ♥3 —— 4 张，点数和 3 + 5 + 2 + 3 = 13" in [
        g.format_event(e, "zh") for e in outs
    ]


def test_last_round_equal_counts_and_sums_share() -> None:
    s, _ = position([6], {0: [3, 5], 1: [4, 4], 2: [2, 4, 6], 3: [13]}, {3: (12, 12)})
    assert s.outcome().ranks == (1, 1, 3, 4) and s.winners == [0, 1]


def test_last_round_all_in_option_plays_every_card() -> None:
    """The option last_round = "all_in" (rules version 1): the whole hand is one intention.

    Last round card 6 (attack). Player 0: hand 3 + 5 = 8 and weapon 2×3: 6×8 + 6 = 54.
    Player 1: hand K = 13: 6×13 = 78. Player 0 has the smaller total and takes every card;
    player 1 has played out everything, weapon included, and wins at once.
    """
    s, _ = position(
        [6], {0: [3, 5], 1: [13], 2: [2], 3: [10]}, {0: (2, 3), 1: (9, 9)}, last_round="all_in"
    )
    assert s.last and s.phase == "target"
    s.apply(TARGET_BASE + 1)
    e = last_event(s, "duel")
    assert e["sums"] == [8, 13] and e["totals"] == [54, 6 * 13 + 81] and e["taker"] == 0
    assert values(s.hands[0]) == [3, 5, 13] and s.weapons[0] is None and s.weapons[1] is None
    assert s.is_terminal() and s.outcome().reason == "last_empty"
    assert s.outcome().ranks == (4, 1, 2, 2)


def test_last_round_supply_card_is_played_as_attack_and_ties_go_on() -> None:
    s, _ = position([4], {0: [3], 1: [3], 2: [2], 3: [10]}, {}, last_round="all_in")
    assert s.last and s.card_nature == "supply" and s.nature == "attack"
    s.apply(TARGET_BASE + 1)
    assert last_event(s, "duel")["taker"] is None and not s.is_terminal()
    assert s.active == 1
    s.apply(TARGET_BASE + 2)  # 4×3 = 12 against 4×2 = 8: player 2 takes, player 1 is out
    assert s.is_terminal() and s.outcome().ranks[1] == 1


def test_last_round_off_fewest_cards_wins_and_equal_counts_share() -> None:
    """【最终比牌数消耗情况，率先消耗完毕则为胜出】: fewest cards when the pile is out."""
    s, _ = position([6], {0: [3], 1: [3], 2: [5, 5], 3: [7, 7]}, {}, last_round="ordinary")
    assert not s.last
    while not s.is_terminal():
        s.apply({p: s.legal(p)[0] for p in s.to_move()})
    counts = [s.card_count(p) for p in range(4)]
    best = min(counts)
    assert s.outcome().reason == "count"
    assert [r == 1 for r in s.outcome().ranks] == [c == best for c in counts]


# ---------------------------------------------------------------- hidden information


def test_determinize_keeps_known_cards_and_resamples_the_rest() -> None:
    game = load_game("drama")
    s = game.new_state(11)
    assert isinstance(s, DramaState)
    rng = Rng(3)
    while s.round_no < 3 and not s.is_terminal():
        s.apply({p: rng.choice(s.legal(p)) for p in s.to_move()})
    assert not s.is_terminal()
    changed = 0
    for i in range(20):
        d = s.determinize(0, Rng(i))
        assert isinstance(d, DramaState)
        assert d.hands[0] == s.hands[0] and d.weapons[0] == s.weapons[0]
        for q in range(4):
            assert d.taken[q] <= set(d.hands[q]) and d.taken[q] == s.taken[q]
            assert len(d.hands[q]) == len(s.hands[q])
            if s.weapon_public[q]:
                assert d.weapons[q] == s.weapons[q]
        assert d.round_cards == s.round_cards and len(d.round_pile) == len(s.round_pile)
        seen_on_table = [c for c in s.table if c in s.seen]
        assert all(
            c in d.table or any(h is not None and c in h[:2] for h in d.weapons)
            for c in seen_on_table
        )
        everything = [c for h in d.hands for c in h] + d.round_pile + d.table + d.round_cards
        everything += d.aside
        everything += [c for h in d.weapons if h is not None for c in h[:2]]
        everything += [c for c in d.role_cards if c >= 0]
        assert sorted(everything) == list(range(52))
        changed += d.hands[1] != s.hands[1]
    assert changed > 10


def test_events_read_in_both_languages() -> None:
    s, _ = position([6, 6], {0: [5, 2], 1: [7, 3], 2: [10], 3: [10]}, {0: (12, 1), 1: (13, 1)})
    duel(s, 1, 5, 7)
    g = s.game
    lines = [g.format_event(e, "en") for e in s.events(None)]
    assert "round 1: ♥6 turned, attack round" in lines
    assert (
        "attack round (R = 6), player 0 vs player 1: player 0 ♠5: R×I = 6×5 = 30; "
        "player 1 ♠7: R×I = 6×7 = 42 → the smaller total takes the cards: player 0 takes ♠5 ♠7"
    ) in lines
    zh = [g.format_event(e, "zh") for e in s.events(None)]
    assert "第 1 回合：翻开 ♥6，进攻回合" in zh
    assert (
        "进攻回合（回合数 6） 玩家 0 对 玩家 1：玩家 0 出 ♠5：R×I = 6×5 = 30；玩家 1 出 ♠7："
        "R×I = 6×7 = 42 → 总数小的一方收牌：玩家 0 收下 ♠5 ♠7"
    ) in zh


def test_events_show_weapon_and_in_role_numbers() -> None:
    """Every total names the card, the weapon, the in-role factor and the formula.

    R = 8. The coordinator (身份 6) plays the composite 4 with a 9×2 weapon, in role:
    6×4 + 8 + 9×2 = 50; the farmer (身份 5) plays the prime 7, in role: 5×7 + 8 = 43.
    """
    s, _ = position(
        [8, 8],
        {0: [4, 2], 1: [7, 3], 2: [10], 3: [10]},
        {0: (9, 2), 1: (13, 1)},
        roles=(COORDINATOR, FARMER, NARRATOR, LANDLORD),
        role_values=(6, 5, 7, 13),
    )
    duel(s, 1, 4, 7, a_weapon=True)
    e = last_event(s, "duel")
    en, zh = s.game.format_event(e, "en"), s.game.format_event(e, "zh")
    assert (
        "player 0 ♠4 + weapon (quality 9, weapon 2), in role (role value 6): "
        "role×I + R + Q×W = 6×4 + 8 + 9×2 = 50" in en
    )
    assert "player 1 ♠7, in role (role value 5): role×I + R = 5×7 + 8 = 43" in en
    assert "player 1 takes ♠4 ♠7" in en
    assert "玩家 0 出 ♠4 + 武器（质量 9，武器 2），身份相同（身份 6）：" in zh
    assert "身份×I + R + Q×W = 6×4 + 8 + 9×2 = 50" in zh


def test_defence_events_show_both_sides() -> None:
    s, _ = position([7, 7], {0: [6, 2], 1: [3, 9], 2: [10], 3: [10]}, {1: (5, 8)})
    duel(s, 1, 6, 3, t_weapon=True)
    en = s.game.format_event(last_event(s, "duel"), "en")
    assert "player 0 ♠6: R + I = 7 + 6 = 13" in en
    assert "player 1 ♠3 + weapon 8: W + I = 8 + 3 = 11" in en
    assert "the attack is valid, the attacked side takes: player 1 takes ♠6 ♠3" in en


def test_views_hide_hands_face_down_weapons_and_set_aside_cards() -> None:
    game = load_game("drama", table_start="empty", roles="deal")
    s = game.new_state(5)
    assert isinstance(s, DramaState) and len(s.aside) == 52 - 2 - 8 - 20 - 10
    spectator = s.observation(None)
    assert "hand" not in spectator
    assert all(p["weapon"] == {"hidden": True} for p in spectator["players"])  # type: ignore[index]
    mine = s.observation(2)
    assert mine["hand"] == list(s.hands[2])
    assert mine["players"][2]["weapon"]["cards"] == list(s.weapons[2][:2])  # type: ignore[index]
    assert all("quality" not in str(e) for e in s.events(None) if e["kind"] in ("deal", "rearm"))
    moved = 0
    for i in range(10):
        d = s.determinize(2, Rng(i))
        assert isinstance(d, DramaState)
        moved += sorted(d.aside) != sorted(s.aside)
    assert moved == 10  # which cards were set aside is unknown: they mix with hidden hands


def test_timeout_defaults() -> None:
    from caiquan.engine import Rng
    from caiquan.games import load_game
    from caiquan.games.drama.cards import REARM_DECLINE, ROLE_BASE, SUPPLY_PASS

    g = load_game("drama")
    found = set()
    for seed in range(40):
        s = g.new_state(seed)
        rng = Rng(seed)
        while not s.is_terminal():
            for p in s.to_move():
                t = s.timeout_option(p)
                if t is not None:
                    assert t in s.legal(p)
                    if s.phase == "role":
                        assert t == s.legal(p)[0] and t >= ROLE_BASE  # the first open role
                        t = ROLE_BASE
                    else:
                        assert t in (SUPPLY_PASS, REARM_DECLINE)
                    found.add(t)
            s.apply({p: rng.choice(s.legal(p)) for p in s.to_move()})
    assert found == {SUPPLY_PASS, REARM_DECLINE, ROLE_BASE}
