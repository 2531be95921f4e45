"""伟人的猜拳战略: scenario tests written from the seed's sentences.

Each test builds a precise position on a fresh state (emptied by :func:`table`), then drives
it with named decisions.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from caiquan.engine import ConfigError, IllegalDecisionError, Rng
from caiquan.games import load_game
from caiquan.games.legends import LegendsState
from caiquan.games.legends.content import CULTURE, MIGHT, TECH
from caiquan.testing import random_playout

ROCK, SCISSORS, PAPER = "rock", "scissors", "paper"
# The scenarios use the cards as they were when they were written (Newton gains 2 Tech, Li Bai
# draws 2…): a copy pinned here, so that tuning the shipped content does not move them.
PINNED = str(Path(__file__).with_name("legends_pinned.toml"))


def table(players: int = 3, **config: object) -> LegendsState:
    """A state with empty hands, displays, decks, markers and no territories in play."""
    config.setdefault("content", PINNED)
    g = load_game("legends", players=players, start_player=0, **config)
    s = g.new_state(0)
    assert isinstance(s, LegendsState)
    T = len(g.content.territories)
    s.hands = [[] for _ in range(players)]
    s.displays = [[] for _ in range(players)]
    s.deck, s.discard, s.tdeck, s.tdiscard = [], [], [], []
    s.owner = [-1] * T
    s.yellow = [False] * T
    s.markers = [0] * (3 * players)
    s.known_top = [0] * players
    s.progress = True  # so a test's round end does not stop the game by the no-progress rule
    return s


def card(s: LegendsState, key: str) -> int:
    return next(p.index for p in s.game.content.persons if p.key == key)


def terr(s: LegendsState, key: str) -> int:
    return next(t.index for t in s.game.content.territories if t.key == key)


def turn(s: LegendsState, p: int) -> None:
    """Make it ``p``'s turn to choose an action."""
    s.current = p
    s._ask(("action", p))


def choose(s: LegendsState, name: str) -> None:
    (p,) = s.to_move()
    s.apply(s.decision(p).by_name(name).id)


def names(s: LegendsState, p: int) -> list[str]:
    return [c.name for c in s.decision(p).choices]


def throw(s: LegendsState, moves: dict[int, str]) -> None:
    assert s.decision(next(iter(moves))).kind == "throw"
    assert set(s.to_move()) == set(moves)
    s.apply({p: s.decision(p).by_name(m).id for p, m in moves.items()})


def markers(s: LegendsState, p: int) -> tuple[int, int, int]:
    return (s.markers[3 * p + MIGHT], s.markers[3 * p + TECH], s.markers[3 * p + CULTURE])


def give(s: LegendsState, p: int, *keys: str, yellow: bool = False) -> None:
    for k in keys:
        t = terr(s, k)
        s.owner[t] = p
        s.yellow[t] = yellow


# ---------------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_setup_deals_one_black_territory_one_marker_each_and_six_cards(players: int) -> None:
    s = load_game("legends", players=players).new_state(11)
    assert isinstance(s, LegendsState)
    for p in range(players):
        assert [s.owner.count(p)] == [1]
        assert not any(s.yellow)
        assert markers(s, p) == (1, 1, 1)
        assert len(s.hands[p]) == 6
        assert s.displays[p] == []
    assert len(s.deck) == 37 - 6 * players
    assert len(s.tdeck) == 18 - players
    assert s.to_move() == (s.start,) and s.decision(s.start).kind == "action"


def test_start_player_is_random_by_default_and_can_be_fixed() -> None:
    g = load_game("legends", players=5)
    starts = {g.new_state(seed).to_move()[0] for seed in range(30)}  # type: ignore[union-attr]
    assert starts == {0, 1, 2, 3, 4}
    assert load_game("legends", players=5, start_player=3).new_state(1).to_move() == (3,)


# ---------------------------------------------------------------------- the four actions


def test_build_pays_all_culture_or_all_tech_never_mixed() -> None:
    s = table()
    give(s, 0, "central-plains")  # build cost 4
    s.markers[0 * 3 + TECH] = 2
    s.markers[0 * 3 + CULTURE] = 2
    s.deck = [card(s, "scholar")]
    turn(s, 0)
    assert not any(n.startswith("build-central-plains") for n in names(s, 0))
    build_culture = s.game.BUILD_CULTURE + terr(s, "central-plains")
    with pytest.raises(IllegalDecisionError):
        s.apply(build_culture)
    s.markers[0 * 3 + CULTURE] = 4
    assert "build-central-plains-culture" in names(s, 0)
    assert "build-central-plains-tech" not in names(s, 0)
    choose(s, "build-central-plains-culture")
    assert s.yellow[terr(s, "central-plains")] and s.owner[terr(s, "central-plains")] == 0
    assert markers(s, 0) == (0, 2, 0)
    assert s.hands[0] == [card(s, "scholar")]  # building draws 1
    assert s.to_move() == (1,)


def test_expansion_without_enough_might_is_refused() -> None:
    s = table()
    s.tdeck = [terr(s, "nile"), terr(s, "central-plains")]  # top: Central Plains, costs 3
    s.markers[MIGHT] = 2
    turn(s, 0)
    assert "expand" not in names(s, 0)
    with pytest.raises(IllegalDecisionError):
        s.apply(s.game.EXPAND)
    s.markers[MIGHT] = 3
    choose(s, "expand")
    t = terr(s, "central-plains")
    assert s.owner[t] == 0 and not s.yellow[t]
    assert markers(s, 0) == (0, 0, 0)
    assert s.tdeck == [terr(s, "nile")]
    assert s.observation(1)["territory_top"] == terr(s, "nile")


def test_one_action_per_turn_so_at_most_one_expansion_and_one_build() -> None:
    s = table()
    s.tdeck = [terr(s, "britain"), terr(s, "pampas")]
    give(s, 0, "gaul")
    s.markers[0:3] = [5, 5, 5]
    turn(s, 0)
    choose(s, "expand")
    assert s.to_move() == (1,)  # the turn passed on: no second expansion, no build now
    choose(s, "pass")
    choose(s, "pass")
    assert s.to_move() == (0,)  # passed players are skipped; player 0 plays on alone
    choose(s, "build-gaul-culture")
    assert s.to_move() == (0,) and s.yellow[terr(s, "gaul")]
    assert s.owner[terr(s, "britain")] == -1


def test_play_puts_the_card_in_the_display_and_resolves_it() -> None:
    s = table()
    s.hands[0] = [card(s, "newton")]
    turn(s, 0)
    choose(s, "play-newton")
    assert s.displays[0] == [card(s, "newton")] and s.hands[0] == []
    assert markers(s, 0) == (0, 2, 0)


def test_may_abilities_can_be_declined_and_impossible_ones_are_skipped() -> None:
    s = table()
    s.tdeck = [terr(s, "italy")]  # costs 2; Saladin makes it 1
    s.markers[MIGHT] = 1
    s.hands[0] = sorted([card(s, "saladin"), card(s, "watt")])
    turn(s, 0)
    choose(s, "play-saladin")
    assert s.decision(0).kind == "may"
    choose(s, "skip")
    assert s.owner[terr(s, "italy")] == -1 and s.to_move() == (1,)
    choose(s, "pass")
    choose(s, "pass")
    choose(s, "play-watt")  # no black territory to build: nothing to decide
    assert s.to_move() == (0,)
    s.hands[0] = [card(s, "saladin")]
    s.displays[0] = []
    turn(s, 0)
    choose(s, "play-saladin")
    choose(s, "use")
    assert s.owner[terr(s, "italy")] == 0 and markers(s, 0)[MIGHT] == 0


def test_a_build_by_an_ability_pays_one_kind_with_its_discount_and_draws() -> None:
    s = table()
    give(s, 0, "central-plains")  # build cost 4; Watt makes it 3
    s.markers[0:3] = [0, 3, 2]
    s.hands[0] = [card(s, "watt")]
    s.deck = [card(s, "scholar")]
    turn(s, 0)
    choose(s, "play-watt")
    choose(s, "use")
    assert s.decision(0).kind == "develop"
    assert names(s, 0) == ["build-central-plains-tech"]
    choose(s, "build-central-plains-tech")
    assert s.yellow[terr(s, "central-plains")] and markers(s, 0) == (0, 0, 2)
    assert s.hands[0] == [card(s, "scholar")]


# ---------------------------------------------------------------------- war


def war_table(defender_yellow: bool = False, war_card: str = "soldier") -> LegendsState:
    s = table()
    give(s, 1, "great-plains", yellow=defender_yellow)
    give(s, 0, "gaul")
    s.hands[0] = [card(s, war_card)]
    s.hands[1] = sorted([card(s, "scholar"), card(s, "marie-curie")])
    turn(s, 0)
    choose(s, f"play-{war_card}")
    assert s.decision(0).kind == "war_target"
    assert names(s, 0) == ["attack-great-plains"]
    choose(s, "attack-great-plains")
    return s


def test_attacker_win_takes_a_black_territory_which_stays_black() -> None:
    s = war_table()
    throw(s, {0: ROCK, 1: SCISSORS})
    t = terr(s, "great-plains")
    assert s.owner[t] == 0 and not s.yellow[t]
    assert s.to_move() == (1,)


def test_attacker_win_flips_a_yellow_territory_which_stays_with_the_defender() -> None:
    s = war_table(defender_yellow=True)
    throw(s, {0: PAPER, 1: ROCK})
    t = terr(s, "great-plains")
    assert s.owner[t] == 1 and not s.yellow[t]
    assert s.score(1) == -1


def test_defender_win_changes_nothing() -> None:
    s = war_table(defender_yellow=True)
    before = (list(s.owner), list(s.yellow), list(s.markers), [list(h) for h in s.hands])
    throw(s, {0: SCISSORS, 1: ROCK})
    assert (s.owner, s.yellow, s.markers, s.hands) == before
    assert s.war == () and s.to_move() == (1,)


def test_a_tie_is_thrown_again_until_someone_wins() -> None:
    s = war_table()
    throw(s, {0: ROCK, 1: ROCK})
    assert s.observation(2)["war"]["ties"] == 1  # type: ignore[index]
    throw(s, {0: PAPER, 1: PAPER})
    assert s.observation(2)["war"]["ties"] == 2  # type: ignore[index]
    throw(s, {0: SCISSORS, 1: PAPER})
    assert s.owner[terr(s, "great-plains")] == 0


def test_tie_limit_lets_the_defender_hold() -> None:
    s = table(tie_limit=2)
    give(s, 1, "great-plains")
    s.hands[0] = [card(s, "soldier")]
    turn(s, 0)
    choose(s, "play-soldier")
    choose(s, "attack-great-plains")
    throw(s, {0: ROCK, 1: ROCK})
    throw(s, {0: ROCK, 1: ROCK})
    assert s.owner[terr(s, "great-plains")] == 1 and s.to_move() == (1,)


def test_passed_players_are_still_targets() -> None:
    s = table()
    give(s, 1, "great-plains")
    s.passed[1] = True
    s.hands[0] = [card(s, "soldier")]
    turn(s, 0)
    choose(s, "play-soldier")
    assert names(s, 0) == ["attack-great-plains"]
    choose(s, "attack-great-plains")
    throw(s, {0: ROCK, 1: SCISSORS})  # the passed player still throws, and loses
    assert s.owner[terr(s, "great-plains")] == 0
    assert s.to_move() == (2,)  # and is still skipped in the turn order


def test_war_without_any_target_does_nothing() -> None:
    s = table()
    s.hands[0] = [card(s, "soldier")]
    turn(s, 0)
    choose(s, "play-soldier")
    assert s.displays[0] == [card(s, "soldier")] and s.to_move() == (1,)


def test_seed_example_tie_makes_the_opponent_discard_then_throw_again() -> None:
    s = war_table(war_card="sun-tzu")
    throw(s, {0: ROCK, 1: ROCK})
    assert s.to_move() == (1,) and s.decision(1).kind == "discard"
    assert sorted(names(s, 1)) == ["discard-marie-curie", "discard-scholar"]
    choose(s, "discard-scholar")
    assert s.hands[1] == [card(s, "marie-curie")] and s.discard == [card(s, "scholar")]
    throw(s, {0: PAPER, 1: SCISSORS})  # and the war goes on
    assert s.owner[terr(s, "great-plains")] == 1


def test_seed_example_announce_a_throw_and_gain_might_if_it_matches() -> None:
    s = war_table(war_card="caesar")
    assert s.decision(0).kind == "announce"
    assert names(s, 0) == ["announce-rock", "announce-scissors", "announce-paper"]
    choose(s, "announce-paper")
    assert {"kind": "announce", "player": 0, "throw": "paper"} in s.events(1)
    assert s.observation(2)["war"]["announced"] == "paper"  # type: ignore[index]
    throw(s, {0: PAPER, 1: SCISSORS})  # matches, though the war is lost
    assert markers(s, 0)[MIGHT] == 1
    assert s.owner[terr(s, "great-plains")] == 1

    s = war_table(war_card="caesar")
    choose(s, "announce-rock")
    throw(s, {0: PAPER, 1: ROCK})  # the war is won, but the announcement was not kept
    assert markers(s, 0)[MIGHT] == 0
    assert s.owner[terr(s, "great-plains")] == 0


def test_announcement_counts_for_the_first_throw_only() -> None:
    s = war_table(war_card="caesar")
    choose(s, "announce-rock")
    throw(s, {0: PAPER, 1: PAPER})
    throw(s, {0: ROCK, 1: SCISSORS})
    assert markers(s, 0)[MIGHT] == 0


def test_alexander_attacks_two_different_opponents() -> None:
    s = table()
    give(s, 1, "great-plains")
    give(s, 2, "andes", "pampas")
    s.hands[0] = [card(s, "alexander")]
    turn(s, 0)
    choose(s, "play-alexander")
    choose(s, "attack-great-plains")
    throw(s, {0: ROCK, 1: PAPER})
    assert names(s, 0) == ["attack-andes", "attack-pampas"]
    choose(s, "attack-pampas")
    throw(s, {0: ROCK, 2: SCISSORS})
    assert s.owner[terr(s, "pampas")] == 0 and s.to_move() == (1,)


def test_hannibal_gets_a_second_chance() -> None:
    s = war_table(war_card="hannibal")
    throw(s, {0: ROCK, 1: PAPER})
    assert s.decision(0).kind == "throw"
    throw(s, {0: ROCK, 1: PAPER})
    assert s.owner[terr(s, "great-plains")] == 1 and s.to_move() == (1,)


def test_napoleon_takes_might_on_a_tie_and_draws_when_he_wins() -> None:
    s = war_table(war_card="napoleon")
    s.markers[3 * 1 + MIGHT] = 2
    s.deck = [card(s, "farmer")]
    throw(s, {0: ROCK, 1: ROCK})
    assert markers(s, 0)[MIGHT] == 1 and markers(s, 1)[MIGHT] == 1
    throw(s, {0: ROCK, 1: SCISSORS})
    assert s.owner[terr(s, "great-plains")] == 0 and s.hands[0] == [card(s, "farmer")]


def test_genghis_khan_win_makes_every_opponent_lose_might() -> None:
    s = war_table(war_card="genghis-khan")
    s.markers[3 * 1 + MIGHT] = 2
    s.markers[3 * 2 + MIGHT] = 0
    throw(s, {0: SCISSORS, 1: PAPER})
    assert [markers(s, p)[MIGHT] for p in range(3)] == [0, 1, 0]


# ---------------------------------------------------------------------- other effects


def test_marco_polo_takes_an_asian_territory_from_the_deck_then_shuffles_it() -> None:
    s = table()
    s.tdeck = [terr(s, k) for k in ("siberia", "gaul", "india", "pampas", "nile")]
    s.markers[MIGHT] = 2  # India and Siberia cost 3; Marco Polo pays 1 less
    s.known_top[0] = 3
    s.hands[0] = [card(s, "marco-polo")]
    turn(s, 0)
    choose(s, "play-marco-polo")
    choose(s, "use")
    assert s.decision(0).kind == "take" and names(s, 0) == ["take-india", "take-siberia"]
    choose(s, "take-siberia")
    assert s.owner[terr(s, "siberia")] == 0 and markers(s, 0)[MIGHT] == 0
    assert sorted(s.tdeck) == sorted(terr(s, k) for k in ("gaul", "india", "pampas", "nile"))
    assert s.known_top == [0, 0, 0]


def test_merchant_cannot_steal_into_a_full_hand() -> None:
    s = table()
    s.hands[0] = sorted([card(s, "merchant"), *range(6)])  # six cards left after playing
    s.hands[1] = [card(s, "newton")]
    turn(s, 0)
    choose(s, "play-merchant")
    assert len(s.hands[0]) == 6 and s.hands[1] == [card(s, "newton")]
    assert s.to_move() == (1,)


def test_archimedes_flips_an_opponents_developed_territory_when_discarded() -> None:
    s = table()
    give(s, 0, "italy", yellow=True)
    s.hands[0] = [card(s, "orator")]
    s.hands[1] = [card(s, "archimedes")]
    turn(s, 0)
    choose(s, "play-orator")
    choose(s, "discard-archimedes")  # player 1 discards (player 2 has no cards)
    assert s.decision(1).kind == "flip" and names(s, 1) == ["flip-italy"]
    choose(s, "flip-italy")
    assert not s.yellow[terr(s, "italy")] and s.owner[terr(s, "italy")] == 0


def test_when_two_players_qualify_the_acting_player_wins() -> None:
    s = table()
    give(s, 0, "central-plains", "india", "nile", "new-guinea", yellow=True)  # 10 stars
    give(s, 1, "outback", "congo", "great-plains", "amazon", "italy")  # all but Asia
    s.hands[0] = [card(s, "socrates")]
    s.hands[1] = [card(s, "xuanzang")]
    s.tdeck = [terr(s, "siberia")]
    turn(s, 0)
    choose(s, "play-socrates")
    choose(s, "player-1")
    choose(s, "discard-xuanzang")
    choose(s, "use")
    choose(s, "take-siberia")
    assert s.continents(1) == 6 and s.score(0) == 10
    assert s.is_terminal() and s.winner == 0 and s.outcome().reason == "stars"


# ---------------------------------------------------------------------- 天 cards


def test_passive_fires_when_discarded_from_hand_by_an_effect() -> None:
    s = table()
    s.hands[0] = [card(s, "socrates")]
    s.hands[1] = sorted([card(s, "marie-curie"), card(s, "scholar")])
    turn(s, 0)
    choose(s, "play-socrates")
    assert s.decision(0).kind == "target" and names(s, 0) == ["player-1"]
    choose(s, "player-1")
    choose(s, "discard-marie-curie")
    assert markers(s, 1) == (0, 2, 0)
    assert {"kind": "trigger", "player": 1, "card": card(s, "marie-curie")} in s.events(None)


def test_passive_fires_when_discarded_from_a_display() -> None:
    s = table()
    s.hands[0] = [card(s, "assassin")]
    s.displays[1] = [card(s, "joan-of-arc")]
    s.deck = [card(s, "scholar")]
    turn(s, 0)
    choose(s, "play-assassin")
    assert names(s, 0) == ["purge-joan-of-arc"]
    choose(s, "purge-joan-of-arc")
    assert markers(s, 1) == (2, 0, 0) and s.hands[1] == [card(s, "scholar")]
    assert s.discard == [card(s, "joan-of-arc")]


def test_passive_played_does_nothing_and_does_not_fire_at_round_end_cleanup() -> None:
    s = table()
    s.hands[0] = [card(s, "marie-curie")]
    s.passed = [False, True, True]
    turn(s, 0)
    choose(s, "play-marie-curie")
    assert markers(s, 0) == (0, 0, 0)
    choose(s, "pass")  # round end: production only (+1 Tech), no trigger
    assert markers(s, 0) == (0, 1, 0)
    assert not any(e["kind"] == "trigger" for e in s.events(None))
    assert s.round == 2


@pytest.mark.parametrize(
    ("content", "drawn"),
    [(PINNED, ["farmer", "scholar"]), ("default", ["farmer"])],
    ids=["pinned: Li Bai draws 2", "shipped: Li Bai draws 1"],
)
def test_own_discard_triggers_own_passive(content: str, drawn: list[str]) -> None:
    s = table(content=content)
    s.hands[0] = sorted([card(s, "li-bai"), card(s, "homer")])
    s.deck = [card(s, "scholar"), card(s, "farmer"), card(s, "merchant")]
    turn(s, 0)
    choose(s, "play-li-bai")
    choose(s, "use")
    choose(s, "discard-homer")
    # Homer: +1 Culture and draw 1 (merchant); then Li Bai draws (farmer, then scholar)
    assert markers(s, 0) == (0, 0, 1)
    assert s.hands[0] == sorted(card(s, k) for k in ["merchant", *drawn])
    assert len(s.deck) == 2 - len(drawn)


def test_raze_fills_the_territory_discard_which_rebuilds_an_empty_deck() -> None:
    s = table()
    give(s, 0, "gaul")
    s.hands[0] = [card(s, "socrates")]
    s.hands[1] = [card(s, "oda-nobunaga")]
    turn(s, 0)
    choose(s, "play-socrates")
    choose(s, "player-1")
    choose(s, "discard-oda-nobunaga")
    assert s.decision(1).kind == "raze" and names(s, 1) == ["raze-gaul"]
    choose(s, "raze-gaul")
    assert s.owner[terr(s, "gaul")] == -1
    assert s.tdeck == [terr(s, "gaul")] and s.tdiscard == []  # the empty deck is rebuilt


# ---------------------------------------------------------------------- hand and decks


def test_hand_never_goes_above_six_after_drawing() -> None:
    s = table()
    s.hands[0] = list(range(5))
    s.hands[1] = list(range(5, 11))
    s.hands[2] = [11, 12]
    s.deck = list(range(13, 30))
    s.passed = [False, True, True]
    turn(s, 0)
    choose(s, "pass")
    assert [len(h) for h in s.hands] == [6, 6, 5]
    assert s.start == 1 and s.to_move() == (1,)  # the start player moved clockwise


def test_building_with_a_full_hand_draws_nothing() -> None:
    s = table()
    give(s, 0, "new-zealand")
    s.markers[CULTURE] = 1
    s.hands[0] = list(range(6))
    s.deck = [20, 21]
    turn(s, 0)
    choose(s, "build-new-zealand-culture")
    assert len(s.hands[0]) == 6 and s.deck == [20, 21]


def test_no_reshuffle_of_the_person_deck_mid_round() -> None:
    s = table()
    give(s, 0, "new-zealand")
    s.markers[CULTURE] = 1
    s.discard = [card(s, "newton"), card(s, "confucius")]
    s.hands[0] = [card(s, "shakespeare")]
    turn(s, 0)
    choose(s, "build-new-zealand-culture")  # draws from an empty deck: nothing
    assert s.hands[0] == [card(s, "shakespeare")] and s.deck == []
    choose(s, "pass")
    choose(s, "pass")
    choose(s, "play-shakespeare")  # draw 2 from the empty deck: nothing
    assert s.hands[0] == [] and s.deck == [] and len(s.discard) == 2
    choose(s, "pass")
    # round end: displays and discards are shuffled back, everyone draws 3
    assert s.round == 2 and s.discard == []
    assert sorted(s.hands[0] + s.hands[1] + s.hands[2]) == sorted(
        [card(s, "newton"), card(s, "confucius"), card(s, "shakespeare")]
    )


def test_round_end_production_by_colour_and_people_output_choice() -> None:
    s = table()
    s.displays[0] = [card(s, k) for k in ("yue-fei", "newton", "confucius", "homer", "farmer")]
    s.displays[1] = [card(s, "soldier")]
    s.passed = [False, True, True]
    turn(s, 0)
    choose(s, "pass")
    assert markers(s, 0) == (1, 1, 2)
    assert s.decision(0).kind == "output" and names(s, 0) == ["might", "tech", "culture"]
    choose(s, "tech")
    assert s.decision(1).kind == "output"
    choose(s, "might")
    assert markers(s, 0) == (1, 2, 2) and markers(s, 1) == (1, 0, 0)
    assert s.displays == [[], [], []] and s.round == 2


# ---------------------------------------------------------------------- victory and end


def test_six_continents_win_at_once_even_with_negative_stars() -> None:
    s = table()
    give(s, 0, "central-plains", "nile", "great-plains", "amazon", "italy")
    give(s, 1, "new-zealand", yellow=True)
    s.tdeck = [terr(s, "outback")]
    s.markers[MIGHT] = 1
    turn(s, 0)
    choose(s, "expand")
    assert s.is_terminal()
    assert s.score(0) == -7
    out = s.outcome()
    assert out.reason == "continents" and out.results == ("win", "loss", "loss")
    assert out.ranks == (1, 2, 3)


def test_ten_stars_win_at_once() -> None:
    s = table()
    give(s, 0, "central-plains", "india", "siberia", yellow=True)  # 9
    give(s, 0, "congo")  # −1
    s.markers[TECH] = 3
    turn(s, 0)
    assert s.score(0) == 8
    choose(s, "build-congo-tech")
    assert s.is_terminal() and s.score(0) == 12
    assert s.outcome().reason == "stars" and s.outcome().results[0] == "win"


def test_victory_is_checked_after_every_action_for_every_player() -> None:
    s = table()
    give(s, 1, "outback", "nile", "great-plains", "amazon", "italy")
    s.hands[0] = [card(s, "socrates")]
    s.hands[1] = [card(s, "xuanzang")]
    s.tdeck = [terr(s, "india"), terr(s, "new-zealand")]
    turn(s, 0)
    choose(s, "play-socrates")
    choose(s, "player-1")
    choose(s, "discard-xuanzang")  # player 1's 天 card fires during player 0's action
    choose(s, "use")
    assert names(s, 1) == ["take-india"]
    choose(s, "take-india")
    assert s.is_terminal() and s.winner == 1
    assert s.outcome().reason == "continents" and s.outcome().results[1] == "win"


def test_a_round_without_progress_ends_the_game() -> None:
    s = table()
    s.progress = False
    give(s, 1, "gaul", yellow=True)
    give(s, 2, "britain")
    turn(s, 0)
    for _ in range(3):
        choose(s, "pass")
    assert s.is_terminal()
    out = s.outcome()
    assert out.reason == "no_progress" and out.ranks == (2, 1, 3)


def test_no_progress_rule_can_be_switched_off_and_the_round_cap_ends_the_game() -> None:
    s = table(no_progress_end=False, round_cap=2)
    s.progress = False
    turn(s, 0)
    for _ in range(3):
        choose(s, "pass")
    assert not s.is_terminal() and s.round == 2
    for _ in range(3):
        choose(s, "pass")
    assert s.is_terminal() and s.outcome().reason == "cap"
    assert s.outcome().ranks == (1, 1, 1)


# ---------------------------------------------------------------------- hidden information


def test_others_see_hand_counts_only_and_the_top_territory() -> None:
    s = load_game("legends", players=4).new_state(5)
    assert isinstance(s, LegendsState)
    view = s.observation(1)
    assert view["hand"] == s.hands[1]
    assert [p["hand_count"] for p in view["players"]] == [6, 6, 6, 6]  # type: ignore[index]
    assert "hands" not in view and "hand" not in s.observation(None)
    assert view["territory_top"] == s.tdeck[-1] and view["territory_known"] == [s.tdeck[-1]]
    for e in s.events(2):
        if e["kind"] == "draw" and e["player"] != 2:
            assert "cards" not in e


def test_scouting_shows_the_scout_the_top_cards_and_determinize_keeps_them() -> None:
    s = table()
    s.tdeck = [terr(s, k) for k in ("gaul", "india", "nile", "andes", "alaska")]
    s.hands[0] = [card(s, "galileo")]
    turn(s, 0)
    choose(s, "play-galileo")
    assert names(s, 0) == ["top-nile", "top-alaska", "top-andes"]
    choose(s, "top-nile")
    assert s.tdeck[-1] == terr(s, "nile")
    assert s.observation(0)["territory_known"] == [terr(s, k) for k in ("nile", "alaska", "andes")]
    assert s.observation(1)["territory_known"] == [terr(s, "nile")]
    for i in range(10):
        assert s.determinize(0, Rng(i)).tdeck[-3:] == s.tdeck[-3:]
    assert len({tuple(s.determinize(1, Rng(i)).tdeck) for i in range(20)}) > 1


def test_determinize_resamples_hands_and_deck_but_keeps_what_is_known() -> None:
    s = table()
    s.hands[0] = sorted([card(s, "merchant"), card(s, "newton")])
    s.hands[1] = sorted(card(s, k) for k in ("confucius", "homer", "galileo"))
    s.hands[2] = sorted(card(s, k) for k in ("yue-fei", "saladin"))
    s.deck = [card(s, k) for k in ("cai-lun", "socrates", "watt", "ashoka")]
    s.displays[2] = [card(s, "soldier")]
    turn(s, 0)
    choose(s, "play-merchant")
    choose(s, "player-1")
    (stolen,) = [c for c in s.hands[0] if c != card(s, "newton")]
    assert s.observation(1)["known_in_hands"] == {"0": [stolen], "2": []}
    worlds = [s.determinize(1, Rng(i)) for i in range(30)]
    for w in worlds:
        assert stolen in w.hands[0] and len(w.hands[0]) == 2
        assert w.hands[1] == s.hands[1] and w.displays == s.displays
        assert [len(h) for h in w.hands] == [len(h) for h in s.hands]
        assert sorted(w.hands[0] + w.hands[2] + w.deck) == sorted(s.hands[0] + s.hands[2] + s.deck)
    assert len({tuple(w.hands[2]) for w in worlds}) > 1
    # a player who did not see the theft may find the card anywhere hidden
    assert any(stolen not in s.determinize(2, Rng(i)).hands[0] for i in range(30))


# ---------------------------------------------------------------------- logs and golden game


def test_every_event_has_readable_text_in_both_languages() -> None:
    g = load_game("legends", players=5)
    kinds: set[str] = set()
    for seed in range(12):
        s = random_playout(g, seed)
        for viewer in (0, None):
            for e in s.events(viewer):
                kinds.add(str(e["kind"]))
                for lang in ("zh", "en"):
                    text = g.format_event(e, lang)
                    assert text and not text.startswith(f"{e['kind']}:"), (e, text)
                    assert "{" not in text
    assert {"war", "throw", "play", "build", "expand", "victory"} <= kinds


def test_golden_playthrough() -> None:
    """A fixed seed and fixed random decisions: catches silent rule changes (on the pinned
    content, so that a content tuning does not move it)."""
    g = load_game("legends", players=4, content=PINNED)
    s = random_playout(g, 2026)
    assert isinstance(s, LegendsState)
    out = s.outcome()
    summary = (s.move_number, s.round, out.reason, out.ranks, [s.score(p) for p in range(4)])
    assert summary == GOLDEN


GOLDEN = (233, 6, "stars", (1, 4, 3, 2), [12, 3, 4, 6])


def test_a_timed_out_player_passes() -> None:
    g = load_game("legends", players=3)
    s = g.new_state(5)
    (p,) = s.to_move()
    assert s.timeout_option(p) == g.PASS
    assert s.timeout_option((p + 1) % 3) is None  # not deciding


# ---------------------------------------------------------------------- the shipped, tuned cards


def test_tuned_yue_fei_gains_one_might_then_scouts_two() -> None:
    """Shipped content (rules version 2): Yue Fei gains 1 Might and then looks at the top 2
    territories (it gained 2 before the tuning)."""
    s = table(content="default")
    s.tdeck = [terr(s, k) for k in ("gaul", "india", "nile")]
    s.hands[0] = [card(s, "yue-fei")]
    turn(s, 0)
    choose(s, "play-yue-fei")
    assert markers(s, 0) == (1, 0, 0)
    assert sorted(names(s, 0)) == ["top-india", "top-nile"]  # the top 2, not gaul
    choose(s, "top-india")
    assert s.tdeck[-1] == terr(s, "india") and s.tdeck[-2] == terr(s, "nile")
    assert s.observation(0)["territory_known"] == [terr(s, "india"), terr(s, "nile")]


def test_tuned_newton_gains_two_tech_then_discards_two_cards() -> None:
    """Newton and Confucius gain 2 markers of their colour, and pay for it with 2 cards of
    their own hand (a discarded 天 card fires as usual)."""
    s = table(content="default")
    s.hands[0] = sorted(card(s, k) for k in ("newton", "homer", "farmer", "scholar"))
    s.deck = [card(s, "merchant")]
    turn(s, 0)
    choose(s, "play-newton")
    assert markers(s, 0) == (0, 2, 0)
    assert s.decision(0).kind == "discard"
    choose(s, "discard-homer")  # Homer fires: +1 Culture, draw 1 (merchant)
    assert markers(s, 0) == (0, 2, 1)
    choose(s, "discard-farmer")
    assert s.hands[0] == sorted([card(s, "scholar"), card(s, "merchant")])
    assert sorted(s.discard) == sorted([card(s, "homer"), card(s, "farmer")])


def test_tuned_shakespeare_draws_one_then_scouts_and_da_vinci_no_longer_draws() -> None:
    s = table(content="default")
    s.tdeck = [terr(s, k) for k in ("gaul", "india", "nile")]
    s.hands[0] = [card(s, "shakespeare"), card(s, "da-vinci")]
    s.deck = [card(s, "scholar"), card(s, "farmer")]
    s.passed = [False, True, True]
    turn(s, 0)
    choose(s, "play-shakespeare")
    assert s.hands[0] == sorted([card(s, "da-vinci"), card(s, "farmer")])
    assert sorted(names(s, 0)) == ["top-india", "top-nile"]
    choose(s, "top-nile")
    choose(s, "play-da-vinci")
    assert s.decision(0).kind == "marker"
    choose(s, "culture")
    assert markers(s, 0) == (0, 0, 1)
    assert s.hands[0] == [card(s, "farmer")] and s.deck == [card(s, "scholar")]


def test_tuned_nobel_gains_one_tech_on_a_won_war() -> None:
    s = table(content="default")
    give(s, 1, "great-plains")
    s.hands[0] = [card(s, "nobel")]
    turn(s, 0)
    choose(s, "play-nobel")
    choose(s, "attack-great-plains")
    throw(s, {0: ROCK, 1: SCISSORS})
    assert s.owner[terr(s, "great-plains")] == 0 and markers(s, 0) == (0, 1, 0)


# ---------------------------------------------------------------------- the lab's `deal` option


def test_deal_puts_the_card_in_one_random_seats_opening_hand() -> None:
    g = load_game("legends", players=4, deal="li-bai")
    li_bai = next(p.index for p in g.content.persons if p.key == "li-bai")
    seats = [0] * 4
    for seed in range(200):
        s = g.new_state(seed)
        assert isinstance(s, LegendsState)
        assert li_bai in s.hands[s.dealt] and [len(h) for h in s.hands] == [6] * 4
        dealt = [c for h in s.hands for c in h] + s.deck
        assert sorted(dealt) == list(range(len(g.content.persons)))
        labels = s.player_labels()["dealt"]
        assert labels[s.dealt] == "dealt li-bai" and labels.count("not dealt") == 3
        seats[s.dealt] += 1
    assert min(seats) >= 30  # each seat about 50 of 200
    # the deal is drawn as usual: the card's owner saw it drawn, nobody else did
    s = g.new_state(7)
    assert isinstance(s, LegendsState)
    draws = [e for e in s.events(s.dealt) if e["kind"] == "draw" and e["player"] == s.dealt]
    assert li_bai in draws[0]["cards"]  # type: ignore[operator]
    other = (s.dealt + 1) % 4
    seen = [e for e in s.events(other) if e["kind"] == "draw" and e["player"] == s.dealt]
    assert seen and all("cards" not in e for e in seen)


def test_deal_off_changes_nothing_and_determinize_forgets_the_dealt_seat() -> None:
    plain, off = load_game("legends", players=4), load_game("legends", players=4, deal="")
    assert plain.new_state(3) == off.new_state(3)
    assert plain.new_state(3).player_labels() == {}
    s = load_game("legends", players=4, deal="newton").new_state(3)
    assert isinstance(s, LegendsState)
    assert s.dealt >= 0 and s.determinize(0, Rng(1)).dealt == -1


def test_deal_refuses_unknown_cards_and_too_small_a_deck(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"'deal' names no person card.*'nobody'.*li-bai"):
        load_game("legends", deal="nobody")
    small = tmp_path / "small.toml"  # 35 person cards: too few for six opening hands of 6
    small.write_text('[meta]\nbase = "default"\nremove = ["orator", "soldier"]\n', "utf-8")
    with pytest.raises(ConfigError, match="needs 6 person cards a player"):
        load_game("legends", players=6, deal="farmer", content=str(small))
    load_game("legends", players=5, deal="farmer", content=str(small))  # 30 ≤ 35: fine
