"""The seed's formulas, one small pure function each, with the seed's own words.

Notation (the seed's): ``R`` 回合 = the face value of the turned round card, ``I`` 意图 = the
intention card's face value, ``Q`` 质量 = the weapon pair's quality card, ``W`` 武器 = its
weapon card, ``身份`` = the value of the player's role card. A weapon is passed as ``(Q, W)``
or ``None`` when the card is played without it.

>>> attack_total(7, 5), attack_total(7, 5, (3, 4))
(35, 47)
>>> attack_total_same_role(6, 7, 5), attack_total_same_role(6, 7, 5, (3, 4))
(37, 49)
>>> attack_taker(35, 47), attack_taker(47, 35), attack_taker(9, 9)
(0, 1, None)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

Weapon = tuple[int, int]
"""A weapon pair's values as ``(quality, weapon)``: 左边的是质量，右边的是武器."""

DefenceOutcome = Literal["valid", "turned", "tie"]


def attack_total(round_value: int, intention: int, weapon: Weapon | None = None) -> int:
    """Attack total between different roles (身份不同).

    Seed: 「使用武器」（回合x意图＋质量x武器）「不使用武器」（回合x意图）.
    With a weapon ``R×I + Q×W``, without ``R×I``.

    >>> attack_total(10, 3, (9, 2))
    48
    """
    total = round_value * intention
    if weapon is not None:
        total += weapon[0] * weapon[1]
    return total


def attack_total_same_role(
    role_value: int, round_value: int, intention: int, weapon: Weapon | None = None
) -> int:
    """Attack total in role (身份相同).

    Seed: 攻击就变成了（身份x意图）+回合+（质量x武器）; 「不使用武器」（身份x意图）+回合.
    With a weapon ``身份×I + R + Q×W``, without ``身份×I + R``.

    >>> attack_total_same_role(13, 2, 12, (1, 5))
    163
    """
    total = role_value * intention + round_value
    if weapon is not None:
        total += weapon[0] * weapon[1]
    return total


def attack_taker(total_a: int, total_b: int) -> int | None:
    """Who takes the cards in an attack: 【总数小的一方收牌】 (the smaller total takes).

    Returns ``0`` when side a takes, ``1`` when side b takes, ``None`` for equal totals
    (an addition: each takes back their own card, option ``tie``).
    """
    if total_a < total_b:
        return 0
    if total_b < total_a:
        return 1
    return None


def defence_attack_value(round_value: int, intention: int) -> int:
    """The attacker's side of a defence round: 防守时（回合数+意图数）, i.e. ``R + I``."""
    return round_value + intention


def defence_defence_value(weapon_value: int, intention: int) -> int:
    """The defender's side of a defence round: 「需要使用武器」（武器数+意图数）, ``W + I``.

    An unarmed defender (no weapon pair, option ``unarmed_defence``) counts ``W = 0``.
    """
    return weapon_value + intention


def defence_attack_value_same_role(role_value: int, round_value: int, intention: int) -> int:
    """The attacker's side in role: the seed's first two terms, ``(身份+I) + (R+I)``.

    Seed: 身份+意图：回合＋意图：武器＋意图，前两者总数相比大于后两者视为防守.
    *Interpretation:* "the first two" (身份+意图, 回合+意图) are the attacker's side and "the
    last two" (回合+意图, 武器+意图) the defender's; each side reads 意图 as its own card.

    >>> defence_attack_value_same_role(6, 7, 4)
    21
    """
    return (role_value + intention) + (round_value + intention)


def defence_defence_value_same_role(round_value: int, weapon_value: int, intention: int) -> int:
    """The defender's side in role: the seed's last two terms, ``(R+I) + (W+I)``.

    >>> defence_defence_value_same_role(7, 3, 4)
    18
    """
    return (round_value + intention) + (weapon_value + intention)


def defence_outcome(attack_value: int, defence_value: int) -> DefenceOutcome:
    """How a defence round ends.

    Seed: 【后者比前者大时防守变为进攻】，【若进攻无效就无效方收牌，进攻有效被进攻方收牌】.
    ``"turned"``: the defence is larger, it becomes an attack, the attack was invalid and the
    attacker (the invalid side) takes the cards. ``"valid"``: the attack is larger, the
    attacked side takes the cards. ``"tie"``: equal (option ``tie``).

    >>> defence_outcome(12, 13), defence_outcome(13, 12), defence_outcome(5, 5)
    ('turned', 'valid', 'tie')
    """
    if defence_value > attack_value:
        return "turned"
    if attack_value > defence_value:
        return "valid"
    return "tie"


def discard_succeeds(intention: int, quality: int) -> bool | None:
    """A discard between different roles.

    Seed: 直接丢弃对方武器，但需要与武器质量对比（意图数：质量数）前者大成功，后者大失败.
    ``True`` when ``I > Q`` (the opponent's weapon pair is discarded), ``False`` when
    ``Q > I`` (the intention card is discarded), ``None`` when equal (option ``tie``).

    >>> discard_succeeds(9, 8), discard_succeeds(8, 9), discard_succeeds(8, 8)
    (True, False, None)
    """
    if intention > quality:
        return True
    if quality > intention:
        return False
    return None


def discard_same_role_succeeds(attack: int, intention: int) -> bool | None:
    """A discard in role: 先攻击后丢弃（攻击总数：意图数）.

    The in-role attack total (:func:`attack_total_same_role`) against the intention number.
    ``True``: 攻击成功时对方回收意图牌并丢弃装备牌; ``False``: 失败丢弃意图牌.
    *Interpretation* (default, option ``discard_in_role = "answer"``): ``intention`` is the
    named player's answer card as it counts in an attack (``R×I`` or in role), so a failure
    can happen. The literal reading (``"literal"``: the player's own intention number) makes
    every in-role discard succeed, since 身份×I + R > I whenever 身份 ≥ 1 and R ≥ 1.

    >>> discard_same_role_succeeds(attack_total_same_role(6, 9, 4), 4)
    True
    """
    if attack > intention:
        return True
    if intention > attack:
        return False
    return None


def weapon_uses(quality: int, tiers: Sequence[tuple[int, int]]) -> int:
    """How many times a weapon can be used, from its quality.

    Seed: 质量小于或等于4的武器【1次】… 小于或等于8的武器【2次】… 质量大于8的武器【3次】.
    ``tiers`` is ``((max_quality, uses), …)`` ascending, from the content file.

    >>> [weapon_uses(q, ((4, 1), (8, 2), (13, 3))) for q in (1, 4, 5, 8, 9, 13)]
    [1, 1, 2, 2, 3, 3]
    """
    for max_quality, uses in tiers:
        if quality <= max_quality:
            return uses
    return tiers[-1][1]


def is_prime(n: int, *, two_is_composite: bool = False) -> bool:
    """质数. J = 11 and K = 13 are primes; ``two_is_composite`` follows the seed's 2代表的积数.

    >>> [n for n in range(1, 14) if is_prime(n)]
    [2, 3, 5, 7, 11, 13]
    """
    if n == 2:
        return not two_is_composite
    return n > 2 and all(n % d for d in range(2, int(n**0.5) + 1))


def is_composite(n: int, *, two_is_composite: bool = False) -> bool:
    """积数 (composite). 1 is neither prime nor composite; Q = 12 is composite.

    >>> [n for n in range(1, 14) if is_composite(n)]
    [4, 6, 8, 9, 10, 12]
    >>> is_composite(2, two_is_composite=True)
    True
    """
    if n == 2:
        return two_is_composite
    return n > 3 and not is_prime(n)
