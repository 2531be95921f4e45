"""剧牌's deck and option ids: the card ids, their ranks and labels, the option-id layout.

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

>>> rank(0), rank(12), card_token(13), LABELS[0] == card_label(0)
(1, 13, 'H1', True)
"""

from __future__ import annotations

from .text import card_label as card_label  # re-exported: a card as players read it

NUM_PLAYERS = 4
PLAYERS: tuple[int, ...] = tuple(range(NUM_PLAYERS))
#: each player's opponents, in seat order
OTHERS: tuple[tuple[int, ...], ...] = tuple(tuple(q for q in PLAYERS if q != p) for p in PLAYERS)
NUM_CARDS = 52
#: Every card as players read it, by card id (``card_label``, looked up: an index works for
#: −52 … 51, as ``card_label`` does)
LABELS: tuple[str, ...] = tuple(card_label(c) for c in range(NUM_CARDS))
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

# A weapon pair as held: (quality card id, weapon card id, uses left)
Held = tuple[int, int, int]
# A hidden place a card may be re-dealt to: (kind, player or -1, index)
Slot = tuple[str, int, int]


def rank(card: int) -> int:
    """Face value of a card id: A = 1 … K = 13."""
    return card % 13 + 1


def card_token(card: int) -> str:
    return SUIT_TOKENS[card // 13] + str(rank(card))
