"""剧牌's terminal hook: what a seat sees, and why a card cannot be played now."""

from __future__ import annotations

from test_drama_scenarios import COORDINATOR, FARMER, LANDLORD, NARRATOR, card_of, position

from caiquan.engine import Rng
from caiquan.games import load_game
from caiquan.games.drama import DramaState, terminal
from caiquan.games.drama.cards import SUPPLY_DISCARD_BASE, TARGET_BASE, card_label
from caiquan.games.drama.text import NOT_NOW


def _reasons(s: DramaState, p: int, lang: str = "en") -> list[tuple[str, str]]:
    return terminal.unavailable(s.game, s.observation(p), s.decision(p), lang)


def test_defence_duel_says_who_must_and_who_may_not_arm() -> None:
    """A defence round: the defender must use the weapon, the attacker plays without."""
    s, _ = position([7, 7], {0: [6, 2], 1: [3, 2], 2: [10], 3: [10]}, {0: (12, 1), 1: (6, 8)})
    s.apply(TARGET_BASE + 1)
    must = NOT_NOW["defender_must_arm"]
    got = _reasons(s, 1)
    assert got == [(f"play {card_label(c)}", must[1]) for c in s.hands[1]]
    assert _reasons(s, 1, "zh") == [(f"出 {card_label(c)}", must[0]) for c in s.hands[1]]
    no = NOT_NOW["attacker_unarmed"][1]
    assert _reasons(s, 0) == [(f"play {card_label(c)} with my weapon", no) for c in s.hands[0]]


def test_attack_duel_has_nothing_unavailable_and_an_unarmed_player_no_weapon_forms() -> None:
    s, _ = position([6, 6], {0: [5, 2], 1: [3, 2], 2: [10], 3: [10]}, {0: (12, 1)})
    s.apply(TARGET_BASE + 1)
    assert _reasons(s, 0) == [] and _reasons(s, 1) == []


def test_discard_round_the_weapon_goes_only_with_an_in_role_card() -> None:
    """The farmer (primes) may add the weapon to a 7, not to an 8."""
    s, _ = position(
        [9, 9, 9],
        {0: [7, 8], 1: [3], 2: [10]},
        {0: (3, 3), 1: (7, 5), 3: (12, 1)},
        roles=(FARMER, COORDINATOR, NARRATOR, LANDLORD),
        role_values=(5, 6, 7, 13),
    )
    s.apply(TARGET_BASE + 1)
    eight = card_of(s, 0, 8)
    assert s.decision(0).kind == "discard"
    assert _reasons(s, 0) == [
        (f"play {card_label(eight)} with my weapon", NOT_NOW["discard_not_in_role"][1])
    ]
    off, _ = position(
        [9, 9, 9],
        {0: [7, 8], 1: [3], 2: [10]},
        {0: (3, 3), 1: (7, 5), 3: (12, 1)},
        roles=(FARMER, COORDINATOR, NARRATOR, LANDLORD),
        role_values=(5, 6, 7, 13),
        same_role=False,
    )
    off.apply(TARGET_BASE + 1)
    why = NOT_NOW["discard_same_role_off"][1]
    assert [r for _, r in _reasons(off, 0)] == [why, why]


def test_an_answer_is_never_armed() -> None:
    """The named player of an in-role discard answers with an intention card alone."""
    s, _ = position(
        [9, 9, 9],
        {0: [7, 2], 1: [2, 3], 2: [10]},
        {0: (3, 3), 1: (7, 5), 3: (12, 1)},
        roles=(FARMER, LANDLORD, NARRATOR, COORDINATOR),
        role_values=(5, 13, 7, 6),
    )
    s.apply(TARGET_BASE + 1)
    s.apply(card_of(s, 0, 7))
    assert s.decision(1).kind == "answer"
    why = NOT_NOW["answer_unarmed"][1]
    assert _reasons(s, 1) == [(f"play {card_label(c)} with my weapon", why) for c in s.hands[1]]


def test_supply_a_taken_back_card_cannot_pay() -> None:
    s, _ = position([4, 4], {0: [5, 2, 9], 1: [7]}, {0: (12, 1), 1: (13, 1)})
    s.taken[0] = frozenset({card_of(s, 0, 9)})
    nine = card_of(s, 0, 9)
    assert s.decision(0).kind == "supply" and SUPPLY_DISCARD_BASE + nine not in s.legal(0)
    why = NOT_NOW["taken_cannot_pay"][1]
    assert _reasons(s, 0) == [(f"discard my taken-back cards, paying {card_label(nine)}", why)]


def test_every_refused_card_has_its_rule_in_random_games() -> None:
    """Never a legal choice listed as unavailable, never the catch-all reason."""
    other = set(NOT_NOW["other"])
    for config in ({}, {"same_role": False}, {"unarmed_defence": False, "tie": "table"}):
        game = load_game("drama", config)
        for seed in range(6):
            s = game.new_state(seed)
            rng = Rng(seed)
            while not s.is_terminal():
                for p in s.to_move():
                    d = s.decision(p)
                    for lang in ("zh", "en"):
                        shown = {c.label(lang) for c in d.choices}
                        for label, why in terminal.unavailable(game, s.observation(p), d, lang):
                            assert label not in shown and why not in other, (label, why)
                    if d.kind == "duel" and s.weapons[p] is not None:
                        # every card of the hand is playable in one form or listed in the other
                        listed = len(terminal.unavailable(game, s.observation(p), d, "en"))
                        assert listed + len(d.choices) == 2 * len(s.hands[p])
                s.apply({p: rng.choice(s.legal(p)) for p in s.to_move()})
