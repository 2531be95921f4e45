# cython: annotation_typing=False
# (views.pxd types this module for the compiled fast path; the annotations are for mypy)
"""What 剧牌 shows: each seat's observation (its own hand and weapon pair, the others'
counts and public cards), the labels the lab groups players by, and the ending's words.
The state's hooks (:class:`.rules.DramaState`) call these.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from caiquan.engine import Ending, JSONValue, Player, Text

from . import text
from .cards import NUM_PLAYERS, WEAPON_BASE, rank

if TYPE_CHECKING:
    from .rules import DramaState


def weapon_view(s: DramaState, p: Player, viewer: Player | None) -> JSONValue:
    held = s.weapons[p]
    if held is None:
        return None
    q, w, u = held
    if s.weapon_public[p] or viewer == p:
        return {
            "quality": rank(q),
            "weapon": rank(w),
            "uses_left": u,
            "cards": [q, w],
            "public": s.weapon_public[p],
        }
    return {"hidden": True}


def observe(s: DramaState, player: Player | None) -> dict[str, JSONValue]:
    g = s.game
    players: list[JSONValue] = []
    for p in range(NUM_PLAYERS):
        r = s.roles[p]
        players.append(
            {
                "role": g.content.roles[r].id if r >= 0 else None,
                "role_value": s.role_values[p] if r >= 0 else None,
                "hand_size": len(s.hands[p]),
                "cards_left": s.card_count(p),
                "taken": sorted(s.taken[p]),
                "weapon": weapon_view(s, p, player),
                "may_draw_from_round": s.rearm_from[p],
            }
        )
    obs: dict[str, JSONValue] = {
        "round": s.round_no,
        "rounds": g.rounds,
        "round_card": s.round_cards[-1] if s.round_cards else None,
        "round_value": s.round_value,
        "nature": s.nature,
        "last_round": s.last,
        "round_cards": list(s.round_cards),
        "round_pile": len(s.round_pile),
        "table_pile": len(s.table),
        "leader": s.leader,
        "phase": s.phase,
        "active": s.active if s.active >= 0 else None,
        "target": s.target if s.target >= 0 else None,
        "players": players,
        "winners": list(s.winners),
    }
    if s.phase == "role":
        obs["open_roles"] = [
            {
                "role": g.content.roles[r].id,
                "value": s.offer_values[r],
                "card": s.offer_cards[r] if s.offer_cards[r] >= 0 else None,
            }
            for r in s.open_roles()
        ]
    if s.phase == "answer":
        card = s.pending % WEAPON_BASE
        obs["discard_attack"] = {
            "card": card,
            "value": rank(card),
            "weapon": s.pending >= WEAPON_BASE,
        }
    if player is not None:
        obs["hand"] = list(s.hands[player])
        obs["hand_values"] = [rank(c) for c in s.hands[player]]
    return obs


def player_labels(s: DramaState) -> dict[str, list[str]]:
    roles = s.game.content.roles
    labels = {"role": [roles[r].id if r >= 0 else "none" for r in s.roles]}
    counts = s.last_start
    if counts:
        lo, hi = min(counts), max(counts)
        labels["last_round_cards"] = [
            "all equal" if lo == hi else "fewest" if c == lo else "most" if c == hi else "between"
            for c in counts
        ]
    else:
        labels["last_round_cards"] = ["not reached"] * NUM_PLAYERS
    return labels


def ending(s: DramaState) -> Ending:
    roles = s.game.content.roles
    return text.ending(
        s.end_reason,
        s.round_no,
        [Text(roles[r].zh, roles[r].en) if r >= 0 else Text("—", "—") for r in s.roles],
        [s.card_count(p) for p in range(NUM_PLAYERS)],
        s.final,
    )
