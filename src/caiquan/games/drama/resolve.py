# cython: annotation_typing=False
# (resolve.pxd types this module for the compiled fast path; the annotations are for mypy)
"""How 剧牌's turns resolve: the duels of attack and defence rounds, a discard (answered or
not), a supply turn, and the played-out last round — each takes the cards from the hands,
computes the seed's formulas (:mod:`.formulas`), logs every number of them and moves the
cards. The rules (:mod:`.rules`) call these when a joint decision completes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from caiquan.engine import JSONValue, Player

from . import formulas as f
from .cards import (
    ATTACK,
    DEFENCE,
    LABELS,
    SUPPLY_DISCARD_BASE,
    SUPPLY_PASS,
    SUPPLY_REDRAW,
    WEAPON_BASE,
    rank,
)
from .formulas import (  # by name: a module attribute is a lookup a call, compiled
    attack_taker,
    attack_total,
    attack_total_same_role,
    defence_attack_value,
    defence_attack_value_same_role,
    defence_defence_value,
    defence_defence_value_same_role,
    defence_outcome,
    discard_same_role_succeeds,
    discard_succeeds,
)

if TYPE_CHECKING:
    from .rules import DramaState

_LABELS: tuple[str, ...] = LABELS


def play_value(s: DramaState, p: Player, option: int) -> tuple[int, bool]:
    """The card and whether the weapon goes with it; the card leaves the hand."""
    armed = option >= WEAPON_BASE
    card = option - WEAPON_BASE if armed else option
    s._take_from_hand(p, card)
    return card, armed


def side_total(s: DramaState, p: Player, card: int, armed: bool) -> tuple[int, bool]:
    weapon = s._weapon_values(p) if armed else None
    value = rank(card)
    if s.in_role(p, value):
        return attack_total_same_role(s.role_values[p], s.round_value, value, weapon), True
    return attack_total(s.round_value, value, weapon), False


def side(
    s: DramaState, p: Player, card: int, weapon: f.Weapon | None, in_role: bool, total: int
) -> dict[str, JSONValue]:
    """One side of a duel as the event shows it: every number of its formula."""
    return {
        "player": p,
        "card": _LABELS[card],
        "intention": rank(card),
        "weapon": None if weapon is None else [weapon[0], weapon[1]],
        "in_role": in_role,
        "role_value": s.role_values[p],
        "total": total,
    }


def settle(s: DramaState, taker: int | None, a: Player, ca: int, t: Player, ct: int) -> None:
    """收牌 (taker 0 = the active player, 1 = the target) or a tie."""
    if taker == 0:
        s._give(a, (ca, ct))
    elif taker == 1:
        s._give(t, (ca, ct))
    elif s.game.tie == "return":
        s._give(a, (ca,))
        s._give(t, (ct,))
    else:
        s._to_table((ca, ct))


def attack(s: DramaState, oa: int, ot: int) -> None:
    a, t = s.active, s.target
    ca, wa = play_value(s, a, oa)
    ct, wt = play_value(s, t, ot)
    tot_a, role_a = side_total(s, a, ca, wa)
    tot_t, role_t = side_total(s, t, ct, wt)
    taker = attack_taker(tot_a, tot_t)
    weapon_a = s._weapon_values(a) if wa else None
    weapon_t = s._weapon_values(t) if wt else None
    if not s._quiet:
        s._log(
            "duel",
            {
                "round": s.round_no,
                "nature": ATTACK,
                "round_value": s.round_value,
                "players": [a, t],
                "cards": [_LABELS[ca], _LABELS[ct]],
                "weapons": [wa, wt],
                "in_role": [role_a, role_t],
                "totals": [tot_a, tot_t],
                "sides": [
                    side(s, a, ca, weapon_a, role_a, tot_a),
                    side(s, t, ct, weapon_t, role_t, tot_t),
                ],
                "taker": None if taker is None else (a, t)[taker],
                "tie": s.game.tie,
            },
        )
    for p, armed in ((a, wa), (t, wt)):
        if armed:
            s._use_weapon(p)
    settle(s, taker, a, ca, t, ct)


def defence(s: DramaState, oa: int, ot: int) -> None:
    a, t = s.active, s.target
    ca, _ = play_value(s, a, oa)
    ct, wt = play_value(s, t, ot)
    ia, it = rank(ca), rank(ct)
    r = s.round_value
    role_a, role_t = s.in_role(a, ia), s.in_role(t, it)
    att = (
        defence_attack_value_same_role(s.role_values[a], r, ia)
        if role_a
        else defence_attack_value(r, ia)
    )
    w = s._weapon_values(t)[1] if wt else 0
    dfn = defence_defence_value_same_role(r, w, it) if role_t else defence_defence_value(w, it)
    outcome = defence_outcome(att, dfn)
    taker = {"turned": 0, "valid": 1, "tie": None}[outcome]
    if not s._quiet:
        s._log(
            "duel",
            {
                "round": s.round_no,
                "nature": DEFENCE,
                "round_value": r,
                "players": [a, t],
                "cards": [_LABELS[ca], _LABELS[ct]],
                "weapons": [False, wt],
                "in_role": [role_a, role_t],
                "totals": [att, dfn],
                "sides": [
                    side(s, a, ca, None, role_a, att),
                    side(s, t, ct, s._weapon_values(t) if wt else (0, 0), role_t, dfn),
                ],
                "outcome": outcome,
                "taker": None if taker is None else (a, t)[taker],
                "tie": s.game.tie,
            },
        )
    if wt:
        s._use_weapon(t)
    settle(s, taker, a, ca, t, ct)


def discard(s: DramaState, option: int, answer: int | None) -> None:
    """A discard; ``answer`` is the target's card when an in-role discard was answered."""
    a, t = s.active, s.target
    if s.pending >= 0:  # already shown before the answer
        armed = option >= WEAPON_BASE
        card = option - WEAPON_BASE if armed else option
    else:
        card, armed = play_value(s, a, option)
    s.pending = -1
    value = rank(card)
    quality = s._weapon_values(t)[0]
    role = s.in_role(a, value)
    weapon = s._weapon_values(a) if armed else None
    event: dict[str, JSONValue] = {
        "round": s.round_no,
        "round_value": s.round_value,
        "player": a,
        "target": t,
        "card": _LABELS[card],
        "intention": value,
        "weapon": armed,
        "weapon_values": None if weapon is None else [weapon[0], weapon[1]],
        "in_role": role,
        "role_value": s.role_values[a],
    }
    if role:
        total = attack_total_same_role(s.role_values[a], s.round_value, value, weapon)
        if s.game.discard_in_role == "answer":
            # 先攻击后丢弃（攻击总数：意图数）: the target's intention card, as it counts in
            # an attack, against the attack total
            if answer is None:  # the target has no card to answer with
                against, target_role = 0, False
            else:
                s._take_from_hand(t, answer)
                against, target_role = side_total(s, t, answer, False)
                event["answer"] = side(s, t, answer, None, target_role, against)
            success = discard_same_role_succeeds(total, against)
        else:  # "literal": the attack total against the player's own intention number
            against = value
            success = discard_same_role_succeeds(total, value)
    else:
        total = value
        against = quality
        success = discard_succeeds(value, quality)
    event.update(
        {
            "total": total,
            "against": against,
            "quality": quality,
            "success": success,
            "tie": s.game.tie,
            "mode": s.game.discard_in_role,
        }
    )
    if not s._quiet:
        s._log("discard", event)
    if armed:
        s._use_weapon(a)
    if answer is not None:
        s._give(t, (answer,))  # 对方回收意图牌: the answer goes back to its owner
    if success is None:
        if s.game.tie == "return":
            s._give(a, (card,))
        else:
            s._to_table((card,))
        return
    if success and role and answer is None and s.game.discard_in_role == "literal":
        s._give(t, (card,))  # the literal reading: 对方回收 the active player's card
    else:
        s._to_table((card,))
    if success:
        s._lose_weapon(t, "discarded")


def supply(s: DramaState, option: int) -> None:
    a = s.active
    if option == SUPPLY_PASS:
        if not s._quiet:
            s._log("supply", {"round": s.round_no, "player": a, "choice": "pass"})
    elif option == SUPPLY_REDRAW:
        q, w, _ = s._held(a)
        face_up = s.in_role(a, s.round_value)
        s.weapons[a] = None
        s._to_table((q, w))
        if not s._quiet:
            s._log(
                "supply",
                {
                    "round": s.round_no,
                    "player": a,
                    "choice": "redraw",
                    "discarded": [_LABELS[q], _LABELS[w]],
                    "face_up": face_up,
                },
            )
        s._draw_pair(a, face_up=face_up)
    else:
        cost = option - SUPPLY_DISCARD_BASE
        back = sorted(s.taken[a])
        s._take_from_hand(a, cost)
        for c in back:
            s._take_from_hand(a, c)
        s._to_table((cost, *back))
        if not s._quiet:
            s._log(
                "supply",
                {
                    "round": s.round_no,
                    "player": a,
                    "choice": "discard",
                    "paid": _LABELS[cost],
                    "discarded": [_LABELS[c] for c in back],
                },
            )


def last_round(s: DramaState) -> None:
    """最后一回合要求必须出完所有牌: both whole hands (and weapon pairs) are played."""
    a, t = s.active, s.target
    r = s.round_value
    hands = {p: s.hands[p] for p in (a, t)}
    sums = {p: sum(rank(c) for c in hands[p]) for p in (a, t)}
    weapons: dict[Player, f.Weapon | None] = {}
    for p in (a, t):
        weapons[p] = s._weapon_values(p) if s.weapons[p] is not None else None
        for c in hands[p]:
            s._take_from_hand(p, c)
    if s.nature == DEFENCE:
        wt = weapons[t]
        tot_a = defence_attack_value(r, sums[a])
        tot_t = defence_defence_value(wt[1] if wt is not None else 0, sums[t])
        taker = {"turned": 0, "valid": 1, "tie": None}[defence_outcome(tot_a, tot_t)]
    else:
        tot_a = attack_total(r, sums[a], weapons[a])
        tot_t = attack_total(r, sums[t], weapons[t])
        taker = attack_taker(tot_a, tot_t)
    if not s._quiet:
        s._log(
            "duel",
            {
                "round": s.round_no,
                "nature": s.nature,
                "last": True,
                "players": [a, t],
                "hands": [[_LABELS[c] for c in hands[a]], [_LABELS[c] for c in hands[t]]],
                "sums": [sums[a], sums[t]],
                "weapons": [weapons[a] is not None, weapons[t] is not None],
                "totals": [tot_a, tot_t],
                "taker": None if taker is None else (a, t)[taker],
            },
        )
    for p in (a, t):
        if s.weapons[p] is not None:
            s.weapon_public[p] = True
            s._lose_weapon(p, "played_out")
    if taker == 0:
        s._give(a, (*hands[a], *hands[t]))
    elif taker == 1:
        s._give(t, (*hands[a], *hands[t]))
    elif s.game.tie == "return":
        s._give(a, hands[a])
        s._give(t, hands[t])
    else:
        s._to_table((*hands[a], *hands[t]))
