"""猜拳战争●四年之约: scenarios written from the seed's own sentences.

Positions are built by driving a game with chosen decisions from a fixed seed, and where
that would take long, by setting the state's fields directly (hearts, life, qi, decks).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from caiquan.engine import BLADES, ConfigError, IllegalDecisionError, Rng, solve_zero_sum
from caiquan.games import load_game
from caiquan.games.promise import PAIRS, PromiseState, compute_table, eligible_values, power_table
from caiquan.games.promise.rules import (
    CHAR_BASE,
    PAIR_INDEX,
    RPS_BASE,
    SKILL_BASE,
    STANCE_BASE,
    THROW_BASE,
    WEAPON_BASE,
)

SLASH, PIERCE, STRIKE = 0, 1, 2
NONE, J, Q, K = 0, 1, 2, 3
# Hearts laid so that cell 0 holds ♥4 and cell 1 ♥5 (row 0, A's side), cells 5 and 6 ♥4/♥5
# on B's side; the other cards are 1, 2, 3, 6, 7, 8, 9, 10.
HEARTS = [4, 5, 1, 2, 3, 7, 6, 8, 9, 10]
HEARTS_B = [1, 2, 3, 6, 7, 4, 5, 8, 9, 10]
# The scenarios use the numbers of the content as it was when they were written (sword slash
# 5, win value 5…): a copy pinned here, so that tuning the shipped content does not move them.
PINNED = str(Path(__file__).with_name("promise_pinned.toml"))


def start(
    chars: str, seed: int = 0, hearts: list[int] | None = None, **cfg: object
) -> PromiseState:
    a, b = chars.split(",")
    if a == b:
        cfg.setdefault("character_pick", "open")
    s = load_game("promise", {"content": PINNED, "characters": chars, **cfg}).new_state(seed)
    assert isinstance(s, PromiseState)
    s.hearts = list(hearts or HEARTS)
    return s


def stance(a: tuple[int, int], b: tuple[int, int]) -> dict[int, int]:
    return {0: STANCE_BASE + PAIR_INDEX[a], 1: STANCE_BASE + PAIR_INDEX[b]}


def configure(s: PromiseState, a: tuple[int, int] = (0, 0), b: tuple[int, int] = (0, 0)) -> None:
    """Both configuration steps: (skill card or 0, weapon J/Q/K = 1/2/3 or 0) per seat."""
    s.apply({0: SKILL_BASE + a[0], 1: SKILL_BASE + b[0]})
    s.apply({0: WEAPON_BASE + a[1], 1: WEAPON_BASE + b[1]})


def throws(a: int, b: int) -> dict[int, int]:
    return {0: THROW_BASE + a, 1: THROW_BASE + b}


def to_throw(s: PromiseState, a: tuple[int, int] = (0, 0), b: tuple[int, int] = (0, 0)) -> None:
    """From the preparation phase of a round, place tokens (round 1 spots) and configure."""
    tok_a = (0, 1) if s.round == 1 else s.tokens[0]
    tok_b = (5, 6) if s.round == 1 else s.tokens[1]
    s.apply(stance(tok_a, tok_b))
    configure(s, a, b)


# ---------------------------------------------------------------------- setup and choice


def test_deal_hearts_grid_and_check_deck() -> None:
    s = load_game("promise", content=PINNED).new_state(7)
    assert isinstance(s, PromiseState)
    assert sorted(s.hearts) == list(range(1, 11))
    assert sorted(s.check_deck) == list(range(1, 14))
    obs = s.observation(0)
    assert obs["hearts"] == [s.hearts[:5], s.hearts[5:]]
    assert obs["check_deck"] == 13 and "check_order" not in obs


def test_character_choice_is_plain_rps_ties_thrown_again_winner_picks_first() -> None:
    s = load_game("promise", content=PINNED, character_pick="draft").new_state(1)
    assert s.to_move() == (0, 1) and s.decision(0).kind == "throw"
    assert [c.name for c in s.decision(0).choices] == ["rock", "scissors", "paper"]
    s.apply({0: RPS_BASE, 1: RPS_BASE})  # rock–rock: again
    assert s.to_move() == (0, 1) and s.observation(None)["phase"] == "choose"
    s.apply({0: RPS_BASE + 2, 1: RPS_BASE + 1})  # paper loses to scissors: B picks first
    assert s.to_move() == (1,) and s.decision(1).kind == "character"
    s.apply(CHAR_BASE + 3)  # taoist
    assert s.to_move() == (0,)
    assert CHAR_BASE + 3 not in s.legal(0)  # draft: a picked character leaves the pool
    s.apply(CHAR_BASE + 0)
    obs = s.observation(None)
    assert obs["characters"] == ["sword", "taoist"] and obs["phase"] == "stance"
    assert obs["players"][0]["life"] == 6 and obs["players"][1]["qi"] == 4


def test_open_pick_hides_the_first_pick_until_both_have_chosen() -> None:
    s = load_game("promise", content=PINNED, character_pick="open").new_state(1)
    s.apply({0: RPS_BASE, 1: RPS_BASE + 1})  # rock beats scissors: A picks first
    s.apply(CHAR_BASE + 4)
    assert s.observation(1)["characters"] == [None, None]
    assert s.observation(0)["characters"] == ["guard", None]
    assert CHAR_BASE + 4 in s.legal(1)  # the same character may be chosen twice
    assert all("character" not in e for e in s.events(1))
    picks = {tuple(s.determinize(1, Rng(i)).chars) for i in range(30)}
    assert len(picks) > 1  # the hidden pick is redrawn for B's determinizations
    s.apply(CHAR_BASE + 4)
    assert s.observation(1)["characters"] == ["guard", "guard"]


def test_priority_pick_is_the_default_the_winner_keeps_the_character_on_a_clash() -> None:
    """The seed: 「赢的一方优先选择角色卡，输的一方等对方选择结束后才能进行选择。选择结束后
    双方同时公开自己的角色卡」 — the throw's winner chooses with priority, the loser after,
    both revealed together. Win the throw, choose the boxer; the other chooses the boxer too:
    you keep it, and they draw one of the others at random. Neither learns the other's
    choice before the reveal."""
    game = load_game("promise", content=PINNED)
    assert game.config["character_pick"] == "priority" and game.version == 5
    drawn: set[str] = set()
    for seed in range(30):
        s = game.new_state(seed)
        s.apply({0: RPS_BASE + 1, 1: RPS_BASE})  # rock (B) beats scissors (A): B first
        assert s.to_move() == (1,) and s.observation(None)["first_picker"] == 1
        s.apply(CHAR_BASE + 2)  # B: the boxer, face down
        assert s.to_move() == (0,)  # the loser chooses after the winner has finished
        assert s.observation(0)["characters"] == [None, None]  # A cannot see B's choice
        assert s.observation(1)["characters"] == [None, "fist"]
        assert all("fist" not in str(e) for e in s.events(0))
        assert CHAR_BASE + 2 in s.legal(0)  # A cannot tell which card B holds
        worlds = {tuple(s.determinize(0, Rng(i)).chars) for i in range(30)}
        assert len(worlds) > 1  # A's worlds redraw B's hidden choice
        s.apply(CHAR_BASE + 2)  # A: the boxer too: a clash
        obs = s.observation(None)
        assert obs["phase"] == "stance" and obs["characters"][1] == "fist"
        assert obs["characters"][0] != "fist"  # no mirror match
        assert "struck" not in obs
        clash = [e for e in s.events(None) if e["kind"] == "clash"]
        assert len(clash) == 1 and clash[0]["keeps"] == 1
        assert clash[0]["drawn"] == obs["characters"][0]
        drawn.add(obs["characters"][0])
    assert drawn == {"sword", "spear", "taoist", "guard", "assassin"}  # any of the others
    # no clash: each keeps their own choice, revealed together
    s = game.new_state(1)
    s.apply({0: RPS_BASE, 1: RPS_BASE + 1})  # A picks first
    s.apply(CHAR_BASE + 3)
    s.apply(CHAR_BASE + 0)
    obs = s.observation(None)
    assert obs["characters"] == ["taoist", "sword"] and obs["phase"] == "stance"
    assert not any(e["kind"] == "clash" for e in s.events(None))


def test_blind_pick_is_face_down_and_revealed_together() -> None:
    game = load_game("promise", content=PINNED, character_pick="blind")
    s = game.new_state(1)
    s.apply({0: RPS_BASE, 1: RPS_BASE + 1})  # rock beats scissors: A picks first
    assert s.to_move() == (0,)
    s.apply(CHAR_BASE + 3)  # taoist, face down
    assert s.to_move() == (1,)
    assert s.observation(1)["characters"] == [None, None]
    assert s.observation(0)["characters"] == ["taoist", None]
    assert all("taoist" not in str(e) for e in s.events(1))
    assert CHAR_BASE + 3 in s.legal(1)  # B cannot tell which card A holds
    free = {tuple(s.determinize(1, Rng(i)).chars) for i in range(30)}
    assert len(free) > 1  # B's worlds redraw A's hidden pick
    s.apply(CHAR_BASE + 0)
    obs = s.observation(None)
    assert obs["characters"] == ["taoist", "sword"] and obs["phase"] == "stance"
    assert obs["struck"] == []


def test_blind_clash_takes_the_character_out_and_both_pick_again() -> None:
    s = load_game("promise", content=PINNED, character_pick="blind").new_state(1)
    s.apply({0: RPS_BASE + 1, 1: RPS_BASE})  # scissors loses to rock: B picks first
    s.apply(CHAR_BASE + 5)  # B: assassin
    s.apply(CHAR_BASE + 5)  # A: assassin too: a clash
    clash = s.events(None)[-1]
    assert clash["kind"] == "clash" and clash["character"] == "assassin" and clash["again"]
    assert s.observation(0)["struck"] == ["assassin"]
    assert s.observation(None)["characters"] == [None, None]
    assert s.to_move() == (1,)  # the first picker picks first again
    assert CHAR_BASE + 5 not in s.legal(1)
    picks = {s.determinize(0, Rng(i)).chars[1] for i in range(40)}
    assert 5 not in picks  # a hidden pick is never redrawn as a struck character
    s.apply(CHAR_BASE + 1)
    assert CHAR_BASE + 5 not in s.legal(0)
    s.apply(CHAR_BASE + 2)
    assert s.observation(None)["characters"] == ["fist", "spear"]


def test_blind_clash_with_two_characters_left_a_throw_decides_who_keeps_it() -> None:
    s = load_game("promise", content=PINNED, character_pick="blind").new_state(1)
    s.apply({0: RPS_BASE, 1: RPS_BASE + 1})  # A picks first
    for c in (0, 1, 2, 3):  # four clashes strike sword, spear, fist, taoist
        s.apply(CHAR_BASE + c)
        s.apply(CHAR_BASE + c)
    assert s.observation(None)["struck"] == ["sword", "spear", "fist", "taoist"]
    assert sorted(s.legal(0)) == [CHAR_BASE + 4, CHAR_BASE + 5]
    s.apply(CHAR_BASE + 4)
    s.apply(CHAR_BASE + 4)  # both want guard: the first picker has no priority
    last = [e for e in s.events(None) if e["kind"] == "clash"][-1]
    assert last["character"] == "guard" and last["again"] is False
    obs = s.observation(1)
    assert obs["phase"] == "choose" and obs["contested"] == "guard"
    assert s.to_move() == (0, 1) and s.decision(1).kind == "throw"
    assert "guard" in s.decision(1).prompt_en or "Zhenyue" in s.decision(1).prompt_en
    s.apply({0: RPS_BASE, 1: RPS_BASE})  # a tie: throw again
    assert s.observation(None)["phase"] == "choose"
    s.apply({0: RPS_BASE + 1, 1: RPS_BASE})  # rock (B) beats scissors (A): B keeps guard
    obs = s.observation(None)
    assert obs["characters"] == ["assassin", "guard"] and obs["phase"] == "stance"
    assert "contested" not in obs
    throw = [e for e in s.events(None) if e["kind"] == "choice_throw"][-1]
    assert throw["winner"] == 1 and throw["keeps"] == "guard"


def test_the_same_character_twice_needs_open_pick() -> None:
    with pytest.raises(ConfigError, match="character_pick='open'"):
        load_game("promise", content=PINNED, characters="fist,fist")
    load_game("promise", content=PINNED, characters="fist,fist", character_pick="open")


def test_endless_choice_ties_end_with_a_coin() -> None:
    s = load_game("promise", content=PINNED).new_state(3)
    for _ in range(9):
        s.apply({0: RPS_BASE, 1: RPS_BASE})
    assert s.observation(None)["phase"] == "pick"
    assert s.events(None)[-1]["coin"] is True


# ---------------------------------------------------------------------- stances


def test_first_stance_on_the_near_row_then_adjacent_moves() -> None:
    s = start("sword,spear")
    legal_a = {PAIRS[o - STANCE_BASE] for o in s.legal(0)}
    legal_b = {PAIRS[o - STANCE_BASE] for o in s.legal(1)}
    assert legal_a == {(i, j) for i in range(5) for j in range(i, 5)}  # row 0, may share
    assert legal_b == {(i, j) for i in range(5, 10) for j in range(i, 10)}
    to_throw(s)
    s.apply(throws(SLASH, SLASH))
    assert s.round == 2
    # token on cell 0 may go to 0, 1, 5; token on cell 1 to 0, 1, 2, 6
    got = {PAIRS[o - STANCE_BASE] for o in s.legal(0)}
    want = {tuple(sorted((x, y))) for x in (0, 1, 5) for y in (0, 1, 2, 6)}
    assert got == want


def test_step_effects_pin_the_opponent_and_free_the_owner() -> None:
    # fist 8 震脚 pins the opponent's tokens next preparation; tokens on 4 and 4 → 8 (4+4)
    s = start("fist,assassin", hearts=[4, 5, 1, 2, 3, 7, 6, 8, 9, 10])
    s.apply(stance((0, 0), (5, 6)))
    configure(s, (8, NONE), (1, NONE))  # B: 潜行 (1) steps 3 next time; B's 7−6 = 1 ✓
    assert s.skill_state == ["active", "active"]
    s.apply(throws(SLASH, SLASH))
    # both effects set B's range; A's resolve first, so B's own step 3 is the one that counts
    assert s.step_range == [1, 3]
    s2 = start("fist,sword", hearts=[4, 5, 1, 2, 3, 7, 6, 8, 9, 10])
    s2.apply(stance((0, 0), (5, 6)))
    configure(s2, (8, NONE), (0, NONE))
    s2.apply(throws(SLASH, SLASH))
    assert s2.legal(1) == (STANCE_BASE + PAIR_INDEX[(5, 6)],)  # pinned: only staying put


# ---------------------------------------------------------------------- skill eligibility


def test_seed_example_tokens_on_4_and_5_make_1_4_5_9_eligible() -> None:
    assert sorted(eligible_values(4, 5)) == [1, 4, 5, 9]
    for v in range(1, 11):
        s = start("taoist,taoist")
        s.apply(stance((0, 1), (5, 6)))  # A on ♥4 and ♥5
        assert s.observation(0)["players"][0]["eligible"] == [1, 4, 5, 9]
        configure(s, (v, NONE), (0, NONE))
        state = s.skill_state[0]
        if v in (1, 4, 5, 9):
            assert state == "active", v
            assert v not in s.observation(None)["players"][0]["discard_skills"]
        else:
            assert state == "ineligible", v
            # revealed, no effect, discarded at once
            assert s.observation(None)["players"][0]["discard_skills"] == [v]
            assert s.mods == [] and s.first == [False, False] and s.thresholds() == (5, 5)
        assert v not in s.observation(None)["players"][0]["hand_skills"]


def test_tokens_on_one_card_give_the_value_and_its_double() -> None:
    assert sorted(eligible_values(3, 3)) == [3, 6]
    assert sorted(eligible_values(7, 8)) == [1, 7, 8]  # 15 is not a card


def test_eligible_but_unaffordable_skill_fizzles() -> None:
    s = start("taoist,taoist")
    s.apply(stance((0, 1), (5, 6)))
    s.qi[0] = 2
    configure(s, (9, NONE), (0, NONE))  # 天罡 costs 3
    assert s.skill_state[0] == "unaffordable"
    assert s.qi[0] == 2 and s.thresholds() == (5, 5)
    assert s.observation(None)["players"][0]["discard_skills"] == [9]


def test_active_skill_pays_its_qi_cost() -> None:
    s = start("taoist,taoist")
    s.apply(stance((0, 1), (5, 6)))
    configure(s, (9, NONE), (0, NONE))
    assert s.skill_state[0] == "active" and s.qi[0] == 1


# ---------------------------------------------------------------------- the power table


def test_thresholds_5_wins_for_a_minus_5_for_b_4_and_minus_4_draw() -> None:
    even = (3, 3, 3)
    for value, verdict in ((5, "A"), (4, "draw"), (-4, "draw"), (-5, "B"), (6, "A"), (-6, "B")):
        t = compute_table(even, even, 5, (), (), [(0, -1, -1, value)], (5, 5), (False, False))
        assert t.cell(SLASH, SLASH).total == value
        assert t.cell(SLASH, SLASH).verdict == verdict


@pytest.mark.parametrize("seat", [0, 1])
def test_slash_beats_pierce_beats_strike_beats_slash_for_both_seats(seat: int) -> None:
    beats = {(SLASH, PIERCE), (PIERCE, STRIKE), (STRIKE, SLASH)}
    for mine in range(3):
        for theirs in range(3):
            s = start("taoist,taoist")  # 3/3/3 against 3/3/3: plain RPS decides
            to_throw(s)
            a, b = (mine, theirs) if seat == 0 else (theirs, mine)
            s.apply(throws(a, b))
            lives = s.observation(None)["players"]
            me, them = lives[seat]["life"], lives[1 - seat]["life"]
            if (mine, theirs) in beats:
                assert (me, them) == (5, 4)
            elif (theirs, mine) in beats:
                assert (me, them) == (4, 5)
            else:
                assert (me, them) == (5, 5)


def test_table_parts_attributes_win_value_and_totals() -> None:
    s = start("sword,spear")
    t = power_table(s)
    c = t.cell(SLASH, PIERCE)  # sword slash 5 vs spear pierce 5
    assert (c.attributes, c.win_value, c.weapons, c.skills, c.total) == (0, 5, 0, 0, 5)
    assert c.verdict == "A"
    c = t.cell(STRIKE, PIERCE)  # 2 − 5 − 5 = −8
    assert (c.attributes, c.win_value, c.total, c.verdict) == (-3, -5, -8, "B")
    c = t.cell(PIERCE, SLASH)  # 2 − 2 − 5 = −5
    assert (c.total, c.verdict) == (-5, "B")
    c = t.cell(SLASH, SLASH)  # 5 − 2
    assert (c.total, c.verdict) == (3, "draw")
    obs = s.observation(1)["power_table"]
    assert obs["cells"][SLASH][PIERCE] == {
        "a": "slash", "b": "pierce", "attributes": 0, "win_value": 5, "weapons": 0,
        "skills": 0, "total": 5, "verdict": "A",
    }  # fmt: skip
    assert s.observation(0)["power_table"] == obs  # both players see the same table


def test_b_weapon_and_skill_bonuses_count_against_a() -> None:
    s = start("sword,spear", hearts=HEARTS_B)
    s.apply(stance((0, 1), (5, 6)))  # B on ♥4, ♥5: skill 1 eligible
    configure(s, (0, NONE), (1, J))  # B: 起枪 +1 pierce, and the long spear +1 pierce
    c = power_table(s).cell(SLASH, PIERCE)
    assert (c.attributes, c.win_value, c.weapons, c.skills) == (0, 5, -1, -1)
    assert (c.total, c.verdict) == (3, "draw")  # B's bonuses turned A's win into a draw
    assert power_table(s).cell(SLASH, SLASH).weapons == 0  # only where B throws pierce
    s.apply(throws(SLASH, PIERCE))
    assert s.life == [6, 6]


def test_a_bonuses_count_for_a() -> None:
    s = start("sword,spear")
    s.apply(stance((0, 1), (5, 6)))
    configure(s, (1, J), (0, NONE))  # A: 拔剑式 +1 slash, long sword +1 slash
    c = power_table(s).cell(SLASH, SLASH)
    assert (c.attributes, c.weapons, c.skills, c.total, c.verdict) == (3, 1, 1, 5, "A")


def test_bots_can_solve_the_table() -> None:
    s = start("sword,spear")
    t = power_table(s)
    sol = solve_zero_sum(t.matrix(0))
    assert abs(sum(sol.row) - 1.0) < 1e-9 and len(sol.col) == 3
    from caiquan.games.promise import PowerTable

    assert PowerTable.from_json(s.observation(1)["power_table"]) == t
    m0, m1 = t.matrix(0), t.matrix(1)
    assert all(m0[a][b] == -m1[b][a] for a in range(3) for b in range(3))


# ---------------------------------------------------------------------- skills override rules


def test_threshold_skill_overrides_the_rulebook_threshold() -> None:
    # taoist 9 天罡: A's win threshold −2 this round: a cell of 3 is A's win
    s = start("taoist,sword")
    s.apply(stance((0, 1), (5, 6)))
    c = power_table(s).cell(PIERCE, PIERCE)  # 3 − 2 = 1
    assert (c.total, c.verdict) == (1, "draw")
    configure(s, (9, NONE), (0, NONE))
    assert s.thresholds() == (3, 5)
    t = power_table(s)
    assert t.cell(STRIKE, STRIKE).total == 1 and t.cell(STRIKE, STRIKE).verdict == "draw"
    s.mods.append((0, -1, -1, 2))  # now 3 at pierce/pierce
    assert power_table(s).cell(PIERCE, PIERCE).verdict == "A"
    s.apply(throws(PIERCE, PIERCE))
    assert s.life == [5, 5]  # sword took the hit
    assert s.observation(None)["players"][1]["life"] == 5
    # next round the rulebook threshold is back
    assert s.thresholds() == (5, 5)


def test_forbid_skill_makes_a_throw_illegal() -> None:
    # fist 5 擒拿: the opponent may not throw pierce this round
    s = start("fist,spear")
    s.apply(stance((0, 1), (5, 6)))
    configure(s, (5, NONE), (0, NONE))
    assert s.legal(1) == (THROW_BASE + SLASH, THROW_BASE + STRIKE)
    assert s.legal(0) == (THROW_BASE, THROW_BASE + 1, THROW_BASE + 2)
    with pytest.raises(IllegalDecisionError):
        s.apply(throws(SLASH, PIERCE))
    assert s.observation(0)["battle"]["forbidden"] == [[], ["pierce"]]


def test_forbid_never_leaves_a_player_without_a_throw() -> None:
    s = start("guard,spear")
    s.apply(stance((0, 1), (5, 6)))
    s.forbidden[1] = 0b001  # slash already forbidden; 铁壁 forbids pierce and strike
    chars = s.game.content.characters
    for e in chars[s.chars[0]].skills[7].effects:
        s._effect(0, e)
    assert s.forbidden[1] == 0b011  # the strike ban would leave nothing: it is dropped


def test_first_skill_makes_the_throw_sequential() -> None:
    # taoist 6 卜卦 (tokens on 1 and 7 → 6): the opponent throws first, openly
    s = start("taoist,sword", hearts=[1, 7, 2, 3, 4, 5, 6, 8, 9, 10])
    s.apply(stance((0, 1), (5, 6)))
    configure(s, (6, NONE), (0, NONE))
    assert s.to_move() == (1,) and s.decision(1).kind == "throw"
    assert not s.decision(1).simultaneous
    s.apply(THROW_BASE + STRIKE)
    assert s.to_move() == (0,) and s.decision(0).kind == "throw"
    assert s.observation(0)["battle"]["open_throw"] == "strike"
    assert any(e["kind"] == "first_throw" and e["throw"] == "strike" for e in s.events(0))
    s.apply(THROW_BASE + SLASH)  # 3 − 2 − 5 = −4: a draw even so
    assert s.life == [5, 6]
    assert s.round == 2 and s.to_move() == (0, 1)


def test_draw_wins_skill_changes_what_a_draw_means() -> None:
    # taoist 4 太极 (tokens on ♥4 and ♥5): this round a drawn cell is A's win
    s = start("taoist,taoist")
    s.apply(stance((0, 1), (5, 6)))
    configure(s, (4, NONE), (0, NONE))
    t = power_table(s)
    assert t.cell(SLASH, SLASH).total == 0 and t.cell(SLASH, SLASH).verdict == "A"
    assert t.cell(SLASH, STRIKE).verdict == "B"  # a real loss stays a loss
    s.apply(throws(SLASH, SLASH))
    assert s.life == [5, 4]


# ---------------------------------------------------------------------- weapons


def test_weapon_stays_equipped_and_is_replaced_correctly() -> None:
    s = start("sword,spear")
    to_throw(s, (0, J))
    p0 = s.observation(None)["players"][0]
    assert p0["equipped"] == "J" and p0["hand_weapons"] == ["Q", "K"]
    s.apply(throws(SLASH, SLASH))
    to_throw(s, (0, NONE))  # keep
    assert s.observation(None)["players"][0]["equipped"] == "J"
    assert power_table(s).cell(SLASH, SLASH).weapons == 1
    s.apply(throws(SLASH, SLASH))
    assert s.observation(None)["players"][0]["equipped"] == "J"  # persists
    to_throw(s, (0, K))  # replace: J back to hand when K is revealed
    p0 = s.observation(None)["players"][0]
    assert p0["equipped"] == "K" and p0["hand_weapons"] == ["J", "Q"]
    assert power_table(s).cell(SLASH, SLASH).weapons == 2
    assert power_table(s).cell(STRIKE, SLASH).weapons == -1


def test_weapon_in_play_cannot_be_set_again() -> None:
    s = start("sword,spear")
    to_throw(s, (0, J))
    s.apply(throws(SLASH, SLASH))
    s.apply(stance(s.tokens[0], s.tokens[1]))
    s.apply({0: SKILL_BASE, 1: SKILL_BASE})
    assert WEAPON_BASE + J not in s.legal(0) and WEAPON_BASE + Q in s.legal(0)


def test_weapons_round_option_returns_the_weapon_each_round() -> None:
    s = start("sword,spear", weapons="round")
    to_throw(s, (0, J))
    assert s.observation(None)["players"][0]["equipped"] == "J"
    s.apply(throws(SLASH, SLASH))
    p0 = s.observation(None)["players"][0]
    assert p0["equipped"] is None and p0["hand_weapons"] == ["J", "Q", "K"]


def test_guard_and_damage_change_the_damage() -> None:
    # sword 4 连环剑 (+1 damage) against fist with bracers (guard 1) and 铁布衫 (guard 2)
    s = start("sword,fist", hearts=[4, 5, 1, 2, 3, 4, 9, 8, 7, 10])
    s.apply(stance((0, 1), (5, 5)))  # B on ♥4 twice: 4 and 8 eligible
    configure(s, (4, NONE), (4, Q))
    s.apply(throws(SLASH, PIERCE))  # 5 − 2 + 5 = 8 (bracers: −1 on B's slash only) → A
    assert s.life[1] == 7  # 1 + 1 − 1 − 2 < 0 → no damage


# ---------------------------------------------------------------------- checks


def test_check_success_and_failure_use_the_top_diamond() -> None:
    for top, ok in ((7, True), (6, False), (13, True), (1, False)):
        s = start("sword,spear", hearts=[4, 4, 1, 2, 3, 5, 6, 7, 8, 9])
        s.apply(stance((0, 1), (5, 6)))  # A on ♥4 and ♥4: 4 and 8 eligible
        rest = [c for c in range(1, 14) if c != top]
        s.check_deck = [*rest, top]
        qi = s.qi[0]
        configure(s, (8, NONE), (0, NONE))  # 剑心: check 7, +3 slash or +1 qi
        assert s.checks == [(0, 7, top, ok)]
        assert s.check_discard == [top] and len(s.check_deck) == 12
        if ok:
            assert s.mods == [(0, SLASH, -1, 3)] and s.qi[0] == qi - 1
        else:
            assert s.mods == [] and s.qi[0] == qi


def test_check_deck_reshuffles_when_empty() -> None:
    s = start("sword,spear", hearts=[4, 4, 1, 2, 3, 5, 6, 7, 8, 9])
    s.apply(stance((0, 1), (5, 6)))
    s.check_deck = []
    s.check_discard = list(range(1, 14))
    configure(s, (8, NONE), (0, NONE))
    assert any(e["kind"] == "check_reshuffle" for e in s.events(None))
    assert len(s.check_deck) == 12 and len(s.check_discard) == 1
    assert sorted(s.check_deck + s.check_discard) == list(range(1, 14))


def test_determinize_reshuffles_the_unseen_check_deck() -> None:
    s = start("sword,spear")
    orders = {tuple(s.determinize(0, Rng(i)).check_deck) for i in range(20)}
    assert len(orders) > 1
    assert all(sorted(o) == sorted(s.check_deck) for o in orders)


# ---------------------------------------------------------------------- settlement, rest, end


def test_rest_regains_qi_1_after_a_skill_2_without_up_to_the_cap() -> None:
    s = start("taoist,taoist")
    s.apply(stance((0, 1), (5, 6)))
    s.qi = [0, 0]
    configure(s, (1, NONE), (0, NONE))  # 吐纳 costs 0, +1 qi now
    assert s.qi == [1, 0]
    s.apply(throws(SLASH, SLASH))
    assert s.qi == [2, 2]
    s.qi = [4, 3]
    s.apply(stance(s.tokens[0], s.tokens[1]))
    configure(s)
    s.apply(throws(SLASH, SLASH))
    assert s.qi == [4, 4]


def test_used_skills_are_discarded_and_an_empty_hand_takes_them_back() -> None:
    s = start("taoist,taoist")
    s.apply(stance((0, 1), (5, 6)))
    s.hand_skills[0] = 1 << 5
    s.discard_skills[0] = sum(1 << v for v in (1, 2, 3))
    configure(s, (5, NONE), (0, NONE))
    s.apply(throws(SLASH, SLASH))
    p0 = s.observation(None)["players"][0]
    assert p0["hand_skills"] == [1, 2, 3, 5] and p0["discard_skills"] == []
    assert any(e["kind"] == "recycle" and e["player"] == 0 for e in s.events(None))


def test_recycle_off_leaves_the_hand_empty() -> None:
    s = start("taoist,taoist", recycle=False)
    s.apply(stance((0, 1), (5, 6)))
    s.hand_skills[0] = 1 << 5
    configure(s, (5, NONE), (0, NONE))
    s.apply(throws(SLASH, SLASH))
    assert s.observation(None)["players"][0]["hand_skills"] == []


def test_recover_this_returns_the_card_to_hand() -> None:
    s = start("sword,spear", hearts=[4, 6, 1, 2, 3, 5, 7, 8, 9, 10])
    s.apply(stance((0, 1), (5, 6)))  # ♥4 + ♥6 = 10: 剑归鞘
    s.life[0] = 3
    configure(s, (10, NONE), (0, NONE))
    assert s.life[0] == 4
    s.apply(throws(SLASH, SLASH))
    p0 = s.observation(None)["players"][0]
    assert 10 in p0["hand_skills"] and p0["discard_skills"] == []


def test_life_reaching_zero_loses() -> None:
    s = start("taoist,taoist")
    to_throw(s)
    s.life[1] = 1
    s.apply(throws(SLASH, PIERCE))
    assert s.is_terminal()
    out = s.outcome()
    assert out.results == ("win", "loss") and out.reason == "life"


def test_both_at_zero_in_one_settlement_is_a_draw() -> None:
    # guard 4 反击: when B loses, A loses 1 life too
    s = start("taoist,guard", hearts=HEARTS_B)
    s.apply(stance((0, 1), (5, 6)))  # B on ♥4 and ♥5: 4 eligible
    s.life = [1, 1]
    configure(s, (0, NONE), (4, NONE))
    assert s.skill_state[1] == "active"
    s.apply(throws(STRIKE, SLASH))  # 3 − 3 + 5 = 5: A wins
    assert s.life == [0, 0]
    out = s.outcome()
    assert out.results == ("draw", "draw") and out.reason == "life"
    assert s.ending().reason("en") == f"Both sides' life ran out in round {s.round}: a draw."


@pytest.mark.parametrize(("cap_result", "lives", "results", "why"), [
    ("life", [3, 2], ("win", "loss"), "the one with more life left wins: A 3, B 2 — A wins"),
    ("life", [2, 2], ("draw", "draw"), "both have 2 life left: a draw"),
    ("draw", [3, 2], ("draw", "draw"), "(a game at the round cap is a draw) it is a draw"),
])  # fmt: skip
def test_round_cap(cap_result: str, lives: list[int], results: tuple[str, str], why: str) -> None:
    s = start("taoist,taoist", cap_result=cap_result)
    s.apply(stance((0, 1), (5, 6)))
    s.round = s.game.data.round_cap
    s.life = list(lives)
    configure(s)
    s.apply(throws(SLASH, SLASH))
    assert s.is_terminal()
    out = s.outcome()
    assert out.reason == "cap" and out.results == results
    # the end screen says why in words, with the numbers that decided it (issue 20)
    ending = s.ending()
    assert why in ending.reason("en")
    assert f"打满 {s.game.data.round_cap} 回合双方都未倒下" in ending.reason("zh")
    life = next(row for row in ending.standings if row.label("en") == "life left")
    full = s.game.content.characters[s.chars[0]].vitality
    assert [v("en") for v in life.values] == [f"{lives[0]} / {full}", f"{lives[1]} / {full}"]


def test_random_games_end_within_the_bound() -> None:
    from caiquan.testing import random_playout

    game = load_game("promise")
    for seed in range(50):
        s = random_playout(game, seed)
        assert s.is_terminal() and s.move_number <= game.max_decisions()
        assert s.outcome().reason in ("life", "cap")


def test_option_names_are_readable() -> None:
    s = start("sword,spear")
    names = {c.name for c in s.decision(0).choices}
    assert "stance-0-1" in names
    s.apply(stance((0, 1), (5, 6)))
    d = s.decision(0)
    assert d.kind == "skill"
    c = d.by_name("skill-1")
    assert "拔剑式" in c.zh and "Drawing the blade" in c.en
    assert d.by_name("skill-none").en == "no skill card"
    s.apply({0: SKILL_BASE, 1: SKILL_BASE})
    d = s.decision(0)
    assert d.kind == "weapon"
    c = d.by_name("weapon-J")
    assert "长剑" in c.zh and "Long sword" in c.en
    assert d.by_name("weapon-none").en == "no weapon card"
    s.apply({0: WEAPON_BASE, 1: WEAPON_BASE})
    assert [c.name for c in s.decision(1).choices] == list(BLADES.names)


def test_observation_carries_the_character_cards_and_the_prompt_names_usable_values() -> None:
    s = start("sword,spear")
    card = s.observation(1)["players"][0]["character"]
    assert card["id"] == "sword" and card["attributes"] == {
        "slash": 5, "pierce": 2, "strike": 2, "vitality": 6, "qi": 3,
    }  # fmt: skip
    assert card["skills"][0] == {
        "card": 1, "name": "拔剑式", "name_en": "Drawing the blade", "cost": 0,
        "text": "我出斩击时战力 +1", "text_en": "+1 power when you throw slash",
    }  # fmt: skip
    assert [w["card"] for w in card["weapons"]] == ["J", "Q", "K"]
    s.apply(stance((0, 1), (5, 6)))
    d = s.decision(0)
    assert "1、4、5、9" in d.prompt_zh and "1, 4, 5, 9" in d.prompt_en


def test_move_effect_pushes_the_opponent_back_to_their_row() -> None:
    # spear 7 逼退 (♥3 + ♥4 = 7): B's tokens, advanced onto A's row, go back along their columns
    s = start("spear,sword", hearts=[3, 4, 1, 2, 5, 6, 7, 8, 9, 10])
    s.apply(stance((0, 1), (5, 6)))
    s.tokens[1] = (0, 3)
    configure(s, (7, NONE), (0, NONE))
    assert s.skill_state[0] == "active"
    assert s.tokens[1] == (5, 8)
    assert s.observation(1)["tokens"][1] == [5, 8]
    assert any(e["kind"] == "move" and e["tokens"] == [5, 8] for e in s.events(None))
    s.apply(throws(SLASH, SLASH))
    # next preparation starts from the new cells
    assert STANCE_BASE + PAIR_INDEX[(1, 4)] not in s.legal(1)  # one step from (0, 3) only
    assert STANCE_BASE + PAIR_INDEX[(5, 8)] in s.legal(1)


def test_move_across_uses_the_other_row() -> None:
    from caiquan.games.promise import Effect

    s = start("spear,sword")
    s.apply(stance((0, 4), (5, 6)))
    s._effect(0, Effect("move", to="across", target="self"))
    assert s.tokens[0] == (5, 9)


def test_every_event_has_text_in_both_languages() -> None:
    from caiquan.games.promise import Effect
    from caiquan.games.promise.events import format_event
    from caiquan.testing import random_playout

    kinds: set[str] = set()
    for cfg in ({}, {"character_pick": "open"}):
        game = load_game("promise", cfg)
        for seed in range(40):
            s = random_playout(game, seed)
            for viewer in (0, None):
                for e in s.events(viewer):
                    kinds.add(str(e["kind"]))
                    for zh in (True, False):
                        assert format_event(e, zh), e
                        text = game.format_event(e, "zh" if zh else "en")
                        if e["kind"] == "pick" and "taken" in e:  # the game names the character
                            by_id = {c.id: c for c in game.content.characters}
                            char = by_id[str(e["taken"])]
                            assert (char.name if zh else char.name_en) in text
                        else:
                            assert text == format_event(e, zh)
    # the rarer events, from scripted positions
    s = start("spear,sword", hearts=[3, 4, 1, 2, 5, 6, 7, 8, 9, 10])
    s.apply(stance((0, 1), (5, 6)))
    s.check_deck, s.check_discard = [], list(range(1, 14))
    s._draw_check()
    s.discard_skills[0] = 1 << 3
    s._effect(0, game.content.characters[3].skills[6].effects[0])  # taoist 7: recover best
    configure(s, (7, NONE), (0, NONE))  # spear 7 逼退: move
    s._effect(0, Effect("check", n=5, then=(Effect("qi", value=1),)))
    s.hand_skills[1], s.discard_skills[1] = 0, 1 << 2
    s.apply(throws(SLASH, SLASH))  # B's empty hand: recycle
    t = start("taoist,sword", hearts=[1, 7, 2, 3, 4, 5, 6, 8, 9, 10])
    t.apply(stance((0, 1), (5, 6)))
    configure(t, (6, NONE), (0, NONE))  # 卜卦: first_throw
    t.apply(THROW_BASE + STRIKE)
    for e in [*s.events(None), *t.events(None)]:
        kinds.add(str(e["kind"]))
        for zh in (True, False):
            assert format_event(e, zh), e
    assert {"deal", "choice_throw", "pick", "characters", "round", "stance", "reveal", "skill",
            "check", "check_reshuffle", "recover", "move", "first_throw", "settle", "recycle",
            "rest", "game_over"} <= kinds  # fmt: skip


def test_throw_payoffs_for_nash_bots() -> None:
    from caiquan.engine import PlayerView
    from caiquan.games.promise import throw_payoffs

    s = start("taoist,taoist")
    assert throw_payoffs(PlayerView(s, 0)) is None  # not a throw
    to_throw(s)
    s.life = [5, 1]
    m0 = throw_payoffs(PlayerView(s, 0))
    m1 = throw_payoffs(PlayerView(s, 1))
    assert m0 is not None and m1 is not None
    assert m0[SLASH][PIERCE] == 1.0  # A's hit ends the game
    assert m0[PIERCE][SLASH] == -0.2  # B's hit takes 1 of A's 5 life
    assert m0[SLASH][SLASH] == 0.0
    assert m1[SLASH][PIERCE] == 0.2 and m1[PIERCE][SLASH] == -1.0
    assert s.to_move() == (0, 1) and s.life == [5, 1]  # the real state is untouched
    sol = solve_zero_sum(m0)
    assert sol.value > 0  # A, one hit from winning, is ahead


@pytest.mark.parametrize("config", [{}, {"character_pick": "open"}])
def test_determinize_depends_only_on_the_view(config: dict[str, object]) -> None:
    # a determinized twin determinizes to the very same world (no hidden order leaks)
    game = load_game("promise", config)
    for seed in range(4):
        s = game.new_state(seed)
        rng = Rng(seed)
        while not s.is_terminal():
            for p in (0, 1):
                twin = s.determinize(p, Rng(seed * 31 + s.move_number))
                a = s.determinize(p, Rng(1000 + s.move_number))
                b = twin.determinize(p, Rng(1000 + s.move_number))
                assert a == b
                seen = s.events(p)
                assert all(e in seen for e in a.events(1 - p))  # no secret of the other
            s.apply({p: rng.choice(s.legal(p)) for p in s.to_move()})


def test_statistics_hooks_label_characters_and_count_rounds() -> None:
    s = start("fist,guard")
    to_throw(s)
    s.apply(throws(SLASH, SLASH))
    assert s._player_labels() == {"character": ["fist", "guard"], "seat": ["A", "B"]}
    assert s._metrics() == {"rounds": 2.0, "life_a": 7.0, "life_b": 8.0}


# ---------------------------------------------------------------------- configuration (v3)
# The seed: "配置阶段○一（技能卡）在配置阶段里每位玩家可以呈反面暗置一张「技能卡」……也可以选择
# 不放置任何「技能卡」" and "配置阶段○二（武器卡）每位玩家可以从三张「武器卡」……中选择其中一张暗置
# 于「放置区」上……当双方都行动结束后便可以进入下一个阶段。"


def test_configuration_is_two_face_down_steps_skill_then_weapon() -> None:
    """○一 then ○二: two decisions in the seed's order, each made by both players at once."""
    s = start("sword,spear")
    s.apply(stance((0, 1), (5, 6)))
    assert s.to_move() == (0, 1)
    d = s.decision(0)
    assert d.kind == "skill" and d.simultaneous and "○一" in d.prompt_zh
    assert s.legal(0) == tuple(SKILL_BASE + v for v in range(11))  # none, then cards 1–10
    s.apply({0: SKILL_BASE + 4, 1: SKILL_BASE})
    assert s.to_move() == (0, 1)
    d = s.decision(1)
    assert d.kind == "weapon" and d.simultaneous and "○二" in d.prompt_zh
    assert s.legal(1) == (WEAPON_BASE, WEAPON_BASE + J, WEAPON_BASE + Q, WEAPON_BASE + K)
    assert s.skill_state == ["", ""]  # nothing is revealed between the steps
    s.apply({0: WEAPON_BASE + Q, 1: WEAPON_BASE + J})
    reveal = next(e for e in s.events(None) if e["kind"] == "reveal")
    assert reveal["skills"] == [4, None] and reveal["weapons"] == ["Q", "J"]
    kinds = [e["kind"] for e in s.events(None)]
    assert kinds.index("lay_skill") < kinds.index("lay_weapon") < kinds.index("reveal")
    assert s.decision(0).kind == "throw"


def test_the_other_sees_that_a_card_was_laid_never_which() -> None:
    """At a real table each player sees whether the other laid a card, not the card."""
    s = start("sword,spear")
    s.apply(stance((0, 1), (5, 6)))
    for viewer in (0, 1, None):
        fd = [p["face_down"] for p in s.observation(viewer)["players"]]
        assert fd == [{"skill": None, "weapon": None}] * 2  # the step is not played yet
    s.apply({0: SKILL_BASE + 4, 1: SKILL_BASE})  # A lays skill 4, B lays none
    for viewer in (0, 1, None):
        obs = s.observation(viewer)
        fd = [p["face_down"] for p in obs["players"]]
        assert fd == [{"skill": True, "weapon": None}, {"skill": False, "weapon": None}]
        # the card is still counted in A's hand: the public hand does not tell which it is
        assert obs["players"][0]["hand_skills"] == list(range(1, 11))
        assert obs["battle"]["skills"] == [None, None]
    assert s.observation(0)["players"][0]["laid_skill"] == 4  # A knows their own card
    assert s.observation(1)["players"][1]["laid_skill"] is None  # B knows they laid none
    for viewer in (1, None):
        obs = s.observation(viewer)
        assert "laid_skill" not in obs["players"][0]
        assert "4" not in str([e for e in s.events(viewer) if e["kind"] == "lay_skill"])
    (mine,) = [e for e in s.events(0) if e["kind"] == "lay_skill"]
    assert mine == {"kind": "lay_skill", "laid": [True, False], "card": 4, "owner": 0}
    (theirs,) = [e for e in s.events(1) if e["kind"] == "lay_skill"]
    assert theirs == {"kind": "lay_skill", "laid": [True, False]}
    assert "laid a skill card" in s.decision(1).prompt_en  # B chooses a weapon knowing that
    s.apply({0: WEAPON_BASE, 1: WEAPON_BASE + K})
    (lay,) = [e for e in s.events(None) if e["kind"] == "lay_weapon"]
    assert lay["laid"] == [False, True]
    fd = [p["face_down"] for p in s.observation(None)["players"]]
    assert fd == [{"skill": True, "weapon": False}, {"skill": False, "weapon": True}]


def test_determinize_redraws_the_face_down_skill_from_the_hand() -> None:
    s = start("sword,spear")
    s.apply(stance((0, 1), (5, 6)))
    s.apply({0: SKILL_BASE + 4, 1: SKILL_BASE})
    guesses = {s.determinize(1, Rng(i)).set_skill[0] for i in range(40)}
    assert len(guesses) > 3 and guesses <= set(range(1, 11))  # B cannot know it is 4
    assert {s.determinize(0, Rng(i)).set_skill[0] for i in range(10)} == {4}  # A knows
    assert {s.determinize(0, Rng(i)).set_skill[1] for i in range(10)} == {0}  # laid none


def test_none_at_each_step() -> None:
    """ "也可以选择不放置任何「技能卡」": none is an option at both steps."""
    s = start("sword,spear")
    to_throw(s, (0, J))
    s.apply(throws(SLASH, SLASH))
    s.apply(stance(s.tokens[0], s.tokens[1]))
    d = s.decision(0)
    assert d.choices[0].name == "skill-none" and d.choices[0].zh == "不放技能卡"
    s.apply({0: SKILL_BASE, 1: SKILL_BASE})
    d = s.decision(0)
    assert d.choices[0].name == "weapon-none" and "长剑" in d.choices[0].zh  # keeps the J
    qi = list(s.qi)
    s.apply({0: WEAPON_BASE, 1: WEAPON_BASE})
    reveal = [e for e in s.events(None) if e["kind"] == "reveal"][-1]
    assert reveal["skills"] == [None, None] and reveal["weapons"] == [None, None]
    assert s.equipped[0] == 0 and s.qi == qi  # the J stays; no skill, no cost


def test_options_that_cannot_take_effect_are_legal_and_say_why() -> None:
    """ "当暗置的「技能卡」不符合规定的点数时，该「技能卡」无法发动其效果且直接废弃该卡牌":
    any card may be laid; the decision notes which would have no effect, and why."""
    s = start("taoist,taoist")
    s.apply(stance((0, 1), (5, 6)))  # A on ♥4 and ♥5: 1, 4, 5, 9 usable
    s.qi[0] = 2
    d = s.decision(0)
    assert [c.id for c in d.choices] == list(s.legal(0)) and len(d.choices) == 11
    notes = {c.name: (c.note_zh, c.note_en) for c in d.choices}
    for v in (2, 3, 6, 7, 8, 10):
        zh, en = notes[f"skill-{v}"]
        assert "无法发动" in zh and "1、4、5、9" in zh, v
        assert "no effect" in en and "1, 4, 5, 9" in en, v
    zh, en = notes["skill-9"]  # 天罡 costs 3, A has 2
    assert "气" in zh and "需要气 3" in zh and "costs 3 qi and you have 2" in en
    for name in ("skill-none", "skill-1", "skill-4", "skill-5"):
        assert notes[name] == ("", ""), name
    assert d.by_name("skill-7").note("en") == notes["skill-7"][1]
    s.apply({0: SKILL_BASE + 7, 1: SKILL_BASE})  # legal, and it fizzles as the note said
    s.apply({0: WEAPON_BASE, 1: WEAPON_BASE})
    assert s.skill_state[0] == "ineligible"
    assert s.observation(None)["players"][0]["discard_skills"] == [7]


def test_weapon_set_face_down_beside_the_equipped_one_until_the_reveal() -> None:
    """ "每位玩家只能装备或暗置一张「武器卡」" read as one weapon at work: the equipped J
    works until the newly laid K is revealed, then returns to hand."""
    s = start("sword,spear")
    to_throw(s, (0, J))
    s.apply(throws(SLASH, SLASH))
    s.apply(stance(s.tokens[0], s.tokens[1]))
    s.apply({0: SKILL_BASE, 1: SKILL_BASE})
    s.apply({0: WEAPON_BASE + K, 1: WEAPON_BASE})
    p0 = s.observation(None)["players"][0]
    assert p0["equipped"] == "K" and p0["hand_weapons"] == ["J", "Q"]


def test_records_of_rules_version_4_are_refused() -> None:
    import json

    from caiquan.engine import RecordVersionError
    from caiquan.games import replay

    game = load_game("promise", content=PINNED, characters="sword,spear")
    assert game.version == 5
    rec = json.loads(game.new_state(0).record().to_json())
    rec["version"] = 4
    with pytest.raises(
        RecordVersionError, match="rules version 4, but this caiquan plays version 5"
    ):
        replay(json.dumps(rec))


def _snapshot(s: PromiseState) -> tuple[object, ...]:
    """Everything a state holds that a decision can change."""
    fields = tuple(repr(getattr(s, f)) for f in PromiseState.__slots__)
    return fields, s.history(), s.to_move(), s.rng.getstate(), s.is_terminal()


def test_settle_now_is_the_two_throws_applied() -> None:
    """The heuristic's look-ahead settles both battle throws at once on a copy: the same
    state and history as applying them as decisions, at simultaneous and open throws."""
    game = load_game("promise")
    seen = {"simultaneous": 0, "open": 0}
    for seed in range(60):
        s = game.new_state(seed)
        rng = Rng(seed)
        while not s.is_terminal():
            if s.phase == "throw" and len(s.throw_queue) != 1:  # no throw made yet
                movers = s.to_move()
                seen["open" if len(movers) == 1 else "simultaneous"] += 1
                for a in s.throw_options(0):
                    for b in s.throw_options(1):
                        quick = s.clone()
                        quick.settle_now(a, b)
                        slow = s.clone()
                        if len(movers) == 2:
                            slow.apply([a, b])
                        else:
                            first = movers[0]
                            slow.apply([a if first == 0 else b])
                            assert slow.to_move() == (1 - first,)
                            assert slow.legal(1 - first) == s.throw_options(1 - first)
                            slow.apply([b if first == 0 else a])
                        assert _snapshot(quick) == _snapshot(slow)
            s.apply([rng.choice(s.legal(p)) for p in s.to_move()])
    assert seen["simultaneous"] > 100 and seen["open"] > 5, seen


def test_settle_now_only_before_the_battles_throws() -> None:
    s = load_game("promise").new_state(1)
    with pytest.raises(IllegalDecisionError, match="settle_now"):
        s.settle_now(THROW_BASE, THROW_BASE)  # the character-choice throw
    rng = Rng(3)
    while not (s.phase == "throw" and len(s.to_move()) == 1):
        if s.is_terminal():
            s = load_game("promise").new_state(s.seed + 1)
        s.apply([rng.choice(s.legal(p)) for p in s.to_move()])
    s.apply([s.legal(s.to_move()[0])[0]])  # the open first throw is on the table
    with pytest.raises(IllegalDecisionError, match="settle_now"):
        s.settle_now(THROW_BASE, THROW_BASE)


def test_a_new_round_empties_the_rounds_fields_as_a_fresh_reset_does() -> None:
    """Every round after the first empties its fields in place (``_clear_round``): the same
    values as the fresh lists of ``_reset_round``, and a copy made before keeps its own."""
    game = load_game("promise")
    rounds = 0
    for seed in range(20):
        s = game.new_state(seed)
        rng = Rng(seed)
        while not s.is_terminal():
            before = s.round
            other = s.clone()
            kept = _snapshot(other)
            s.apply([rng.choice(s.legal(p)) for p in s.to_move()])
            if s.round > before > 0:
                rounds += 1
                fresh = s.clone()
                fresh._reset_round()
                assert _snapshot(s) == _snapshot(fresh)
                assert _snapshot(other) == kept  # a copy made before is untouched
    assert rounds > 50
