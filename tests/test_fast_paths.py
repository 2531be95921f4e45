"""Fast paths against plain reference code (issue 12: every speed-up keeps a reference).

Each fast path in the engine and the games is checked here against a straightforward
implementation of the same thing: same numbers, same states, same errors.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caiquan.engine import Event, GameOverError, IllegalDecisionError, Rng, State
from caiquan.games import load_game

MASK = (1 << 64) - 1


class PlainSplitMix64:
    """SplitMix64 and Lemire's bounded integers, written as in the papers."""

    def __init__(self, seed: int) -> None:
        self.s = seed & MASK

    def next_u64(self) -> int:
        self.s = (self.s + 0x9E3779B97F4A7C15) & MASK
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        m = self.next_u64() * n
        low = m & MASK
        if low < n:
            threshold = (2**64 - n) % n
            while low < threshold:
                m = self.next_u64() * n
                low = m & MASK
        return m >> 64


# bounds near 2**64 make rejection common, so the slow branch is exercised too
BOUNDS = st.one_of(st.integers(1, 60), st.integers(1, 2**64), st.integers(2**63, 2**64))


@given(seed=st.integers(0, 2**64 - 1), bounds=st.lists(BOUNDS, min_size=1, max_size=30))
@settings(max_examples=300)
def test_rng_below_and_choice_match_the_plain_generator(seed: int, bounds: list[int]) -> None:
    fast, plain = Rng(seed), PlainSplitMix64(seed)
    for i, n in enumerate(bounds):
        if i % 2:
            assert fast.below(n) == plain.below(n)
        elif n <= 60:
            seq = list(range(100, 100 + n))
            assert fast.choice(seq) == seq[plain.below(n)]
        else:
            assert fast.below(n) == plain.below(n)
    assert fast.next_u64() == plain.next_u64()


def test_rejection_branch_is_taken_and_matches() -> None:
    n = 2**63 + 12345  # about half of all draws are rejected
    fast, plain = Rng(5), PlainSplitMix64(5)
    for _ in range(200):
        assert fast.below(n) == plain.below(n)
    assert fast.getstate() == plain.s


GAMES = [
    ("goofspiel", {"num_cards": 6, "players": 3, "points_order": "random"}),
    ("promise", {}),
    ("drama", {}),
    ("legends", {"players": 4}),
]


def plain_apply(state: State, choice: object) -> None:
    """The reference path: full validation by ``_normalize``, then the game's ``_apply``."""
    joint = state._normalize(choice)  # type: ignore[arg-type]
    state._pending.clear()
    state._legal_memo.clear()
    state._history.append(tuple(joint.items()))
    state._apply(joint)


@pytest.mark.parametrize(("game_id", "config"), GAMES)
def test_apply_fast_paths_equal_the_validating_path(
    game_id: str, config: dict[str, object]
) -> None:
    """A list or a dict of options (fast paths) and full validation give the same game;
    illegal input through a fast path raises like the slow one and changes nothing."""
    game = load_game(game_id, config)
    for seed in range(3):
        as_list, as_dict, plain = (game.new_state(seed) for _ in range(3))
        rng = Rng(seed)
        while not plain.is_terminal():
            movers = plain.to_move()
            if plain.move_number % 5 == 0:
                bad = [as_list.legal(p)[0] for p in movers]
                bad[-1] = game.num_option_ids  # never legal
                for s, b in ((as_list, bad), (as_dict, dict(zip(movers, bad, strict=True)))):
                    before = s.clone()
                    with pytest.raises(IllegalDecisionError):
                        s.apply(b)
                    assert s == before
            # the memoised legal options are those the rules compute
            assert [as_list.legal(p) for p in movers] == [tuple(plain._legal(p)) for p in movers]
            joint = [rng.choice(as_list.legal(p)) for p in movers]
            as_list.apply(joint)
            as_dict.apply(dict(zip(reversed(movers), reversed(joint), strict=True)))
            plain_apply(plain, joint)
            assert as_list == plain and as_dict == plain
            assert as_list.history() == as_dict.history() == plain.history()
        assert as_list.outcome() == as_dict.outcome() == plain.outcome()
        for done in (as_list, as_dict):  # after the end, every way of deciding is refused
            for late in ([], [0], {}, {0: 0}, 0):
                with pytest.raises(GameOverError):
                    done.apply(late)


@pytest.mark.parametrize(("game_id", "config"), GAMES)
def test_legal_memo_never_outlives_its_position(game_id: str, config: dict[str, object]) -> None:
    """After clone and determinize every player's legal options are those the rules compute."""
    game = load_game(game_id, config)
    s = game.new_state(9)
    rng = Rng(3)
    while not s.is_terminal():
        for p in s.to_move():
            s.legal(p)  # fill the memo
            twin = s.determinize(p, Rng(s.move_number))
            copy = s.clone()
            for q in s.to_move():
                assert twin.legal(q) == tuple(twin._legal(q))
                assert copy.legal(q) == tuple(s._legal(q))
        s.apply([rng.choice(s.legal(p)) for p in s.to_move()])


def plain_cell_total(
    a: int,
    b: int,
    attack_a: tuple[int, int, int],
    attack_b: tuple[int, int, int],
    win_value: int,
    mods: list[tuple[int, int, int, int]],
) -> int:
    """The seed's formula written out: (A attr − B attr) + 属性胜负值 + 技能补正 (B's subtract)."""
    from caiquan.engine import BLADES

    total = attack_a[a] - attack_b[b] + win_value * BLADES.compare(a, b)
    for owner, me, them, value in mods:
        mine, theirs = (a, b) if owner == 0 else (b, a)
        if me in (-1, mine) and them in (-1, theirs):
            total += value if owner == 0 else -value
    return total


@given(
    attack=st.tuples(*[st.integers(1, 5)] * 6),
    win_value=st.integers(0, 9),
    mods=st.lists(
        st.tuples(st.integers(0, 1), st.integers(-1, 2), st.integers(-1, 2), st.integers(-3, 3)),
        max_size=4,
    ),
    thresholds=st.tuples(st.integers(1, 7), st.integers(1, 7)),
)
@settings(max_examples=200)
def test_promise_settlement_cell_matches_the_formula_and_the_table(
    attack: tuple[int, ...],
    win_value: int,
    mods: list[tuple[int, int, int, int]],
    thresholds: tuple[int, int],
) -> None:
    from caiquan.games.promise.table import compute_cell, compute_table

    atk_a, atk_b = (attack[0], attack[1], attack[2]), (attack[3], attack[4], attack[5])
    table = compute_table(atk_a, atk_b, win_value, (), (), mods, thresholds, (False, False))
    for a in range(3):
        for b in range(3):
            cell = compute_cell(
                a, b, atk_a, atk_b, win_value, (), (), mods, thresholds, (False, False)
            )
            total = plain_cell_total(a, b, atk_a, atk_b, win_value, mods)
            want = "A" if total >= thresholds[0] else "B" if total <= -thresholds[1] else "draw"
            assert (cell.total, cell.verdict) == (total, want)
            assert table.cell(a, b) == cell


@given(seed=st.integers(0, 2**64 - 1), size=st.integers(0, 60))
@settings(max_examples=200)
def test_rng_shuffle_matches_fisher_yates_on_the_plain_generator(seed: int, size: int) -> None:
    fast, plain = Rng(seed), PlainSplitMix64(seed)
    deck, want = list(range(size)), list(range(size))
    fast.shuffle(deck)
    for i in range(size - 1, 0, -1):
        j = plain.below(i + 1)
        want[i], want[j] = want[j], want[i]
    assert deck == want
    assert fast.next_u64() == plain.next_u64()


def test_goofspiel_fast_clone_equals_the_general_clone_and_is_independent() -> None:
    from caiquan.engine import State
    from caiquan.engine.state import game_slots, state_fields

    game = load_game("goofspiel", {"num_cards": 8, "imp_info": True})
    s = game.new_state(4)
    assert game_slots(type(s)) == ("bids", "hands", "point_deck", "point_seq", "points", "win_seq")
    rng = Rng(8)
    while not s.is_terminal():
        fast, plain = s.clone(), State.clone(s)
        assert fast == plain == s and type(fast) is type(plain)
        assert state_fields(fast).keys() == state_fields(s).keys() >= set(game_slots(type(s)))
        for name, value in state_fields(s).items():
            if isinstance(value, list | dict | set) and name != "_redact_memo":  # shared
                assert state_fields(fast)[name] is not value, name  # nothing mutable is shared
                assert state_fields(plain)[name] is not value, name
        fast.apply([rng.choice(fast.legal(p)) for p in fast.to_move()])
        assert s == plain  # playing on the copy leaves the original alone
        s.apply([rng.choice(s.legal(p)) for p in s.to_move()])
    s.extra = [1]  # an attribute the fast path does not know: the general path copies it
    assert s.clone().extra is not s.extra


@pytest.mark.parametrize(("game_id", "config"), GAMES)
def test_determinize_event_memo_matches_plain_redaction(
    game_id: str, config: dict[str, object]
) -> None:
    """Clones that go different ways share the redaction memo; each still gets exactly the
    events its player saw (checked against redacting the log from scratch)."""
    from caiquan.engine.state import _redacted

    game = load_game(game_id, config)
    root = game.new_state(5)
    rng = Rng(2)
    for _ in range(3):
        root.apply([rng.choice(root.legal(p)) for p in root.to_move()])
    branches = [root.clone() for _ in range(3)]
    for k, s in enumerate(branches):
        r = Rng(100 + k)
        for step in range(25):
            if s.is_terminal():
                break
            for p in range(game.num_players):
                twin = s.determinize(p, Rng(step))
                plain = [_redacted(ev, p) for ev in s._events if Event(*ev).visible_to(p)]
                assert twin._events == plain
            s.apply([r.choice(s.legal(p)) for p in s.to_move()])
    for p in range(game.num_players):  # the root's log: a beginning of what the memo holds
        twin = root.determinize(p, Rng(0))
        assert twin._events == [_redacted(ev, p) for ev in root._events if Event(*ev).visible_to(p)]


@pytest.mark.parametrize(("game_id", "config"), GAMES)
def test_kind_is_the_decision_kind(game_id: str, config: dict[str, object]) -> None:
    game = load_game(game_id, config)
    s = game.new_state(3)
    rng = Rng(4)
    while not s.is_terminal():
        for p in range(game.num_players):
            want = s.decision(p).kind if p in s.to_move() else ""
            assert s.kind(p) == want
        s.apply([rng.choice(s.legal(p)) for p in s.to_move()])
    assert all(s.kind(p) == "" for p in range(game.num_players))


def test_nested_fields_are_copied_two_levels_deep() -> None:
    """legends' hands and displays (``_nested_fields``): the clone's lists, outer and inner,
    are its own, and the clone equals a deep copy."""
    import copy

    game = load_game("legends", {"players": 4})
    s = game.new_state(3)
    rng = Rng(4)
    for _ in range(30):
        s.apply([rng.choice(s.legal(p)) for p in s.to_move()])
    c = s.clone()
    assert c == copy.deepcopy(s)
    for name in ("hands", "displays"):
        outer, theirs = getattr(s, name), getattr(c, name)
        assert theirs == outer and theirs is not outer
        assert all(a is not b for a, b in zip(outer, theirs, strict=True))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_legends_progress_all_equals_progress_per_player(players: int) -> None:
    """``evaluate`` reads every player's progress in one pass (``progress_all``): the same
    floats as :func:`progress` player by player, at every state of random games."""
    from caiquan.games.legends.judge import progress, progress_all

    game = load_game("legends", {"players": players})
    checked = 0
    for seed in range(4):
        s = game.new_state(seed)
        rng = Rng(seed)
        while not s.is_terminal():
            assert progress_all(s) == [progress(s, p) for p in range(players)]
            checked += 1
            s.apply([rng.choice(s.legal(p)) for p in s.to_move()])
    assert checked > 100


def _without_history(s: State) -> dict[str, object]:
    from caiquan.engine.state import state_fields

    return {k: v for k, v in state_fields(s).items() if k not in ("_history", "_legal_memo")}


@pytest.mark.parametrize("players", [3, 5])
def test_legends_throw_pairs_with_one_effect_lead_to_one_state(players: int) -> None:
    """``war_matrix`` plays each distinct ``throw_effect`` of a war's throw pairs once: pairs
    with the same effect must leave equal states (only the decision history differs), and
    the matrix must equal the one played out pair by pair, at every war throw of random
    games (announced wars included)."""
    from caiquan.games.legends.strategy import evaluate, war_matrix

    game = load_game("legends", {"players": players})
    throws = announced = 0
    for seed in range(12):
        s = game.new_state(seed)
        rng = Rng(seed)
        while not s.is_terminal():
            if s.decision(s.to_move()[0]).kind == "throw":
                throws += 1
                announced += s.war[6] >= 0
                a, d = s.war[0], s.war[1]
                world = s.determinize(a, Rng(seed), log=False)
                by_effect: dict[tuple[int, bool], dict[str, object]] = {}
                for ta in world.legal(a):
                    for td in world.legal(d):
                        after = world.clone()
                        after.apply({a: ta, d: td})
                        effect = world.throw_effect(ta - game.THROW, td - game.THROW)
                        seen = by_effect.setdefault(effect, _without_history(after))
                        assert _without_history(after) == seen, (seed, s.move_number, effect)
                for me in (a, d):
                    opp = d if me == a else a
                    base = evaluate(world)[me]
                    full = []
                    for x in world.legal(me):
                        row = []
                        for y in world.legal(opp):
                            after = world.clone()
                            after.apply({me: x, opp: y})
                            row.append(evaluate(after)[me] - base)
                        full.append(row)
                    assert war_matrix(world, me) == (world.legal(me), full)
            s.apply([rng.choice(s.legal(p)) for p in s.to_move()])
    assert throws > 20 and announced > 0, (throws, announced)


def _plain_lookahead(world: State, me: int, evaluate: Any, rng: Rng, samples: int) -> Any:
    """``engine.strategy.lookahead`` as first written: every sampled joint played out."""
    import itertools

    legal = world.legal(me)
    others = [q for q in world.to_move() if q != me]
    joints: list[dict[int, int]] = [{}]
    if others:
        spaces = [world.legal(q) for q in others]
        size = 1
        for space in spaces:
            size *= len(space)
        if size <= samples:
            joints = [dict(zip(others, c, strict=True)) for c in itertools.product(*spaces)]
        else:
            joints = [{q: rng.choice(sp) for q, sp in zip(others, spaces, strict=True)}
                      for _ in range(samples)]  # fmt: skip
    values = []
    for a in legal:
        total = 0.0
        for joint in joints:
            s = world.clone()
            s.apply({**joint, me: a})
            total += evaluate(s)[me]
        values.append(total / len(joints))
    return legal, values


@pytest.mark.parametrize("samples", [6, 12])
def test_lookahead_plays_a_repeated_joint_once_with_the_same_values(samples: int) -> None:
    """``lookahead`` plays each distinct sampled joint once: the same floats (bit for bit)
    and the same random draws as playing every sample, at every decision of random drama
    games (simultaneous duels, where samples repeat)."""
    from caiquan.engine.strategy import lookahead
    from caiquan.games.drama.strategy import evaluate

    game = load_game("drama")
    repeated = 0
    for seed in range(6):
        s = game.new_state(seed)
        rng = Rng(seed)
        while not s.is_terminal():
            for me in s.to_move():
                world = s.determinize(me, Rng(seed), log=False)
                a, b = Rng(seed + s.move_number), Rng(seed + s.move_number)
                got = lookahead(world, me, evaluate, a, samples=samples)
                assert got == _plain_lookahead(world, me, evaluate, b, samples)
                assert a == b
                others = [len(world.legal(q)) for q in world.to_move() if q != me]
                repeated += len(others) > 0 and math.prod(others) > samples
            s.apply([rng.choice(s.legal(p)) for p in s.to_move()])
    assert repeated > 10


def test_promise_reply_values_reuse_the_openers_valuation() -> None:
    """A search rollout applies an opening throw to the very world the opener valued it on
    (``_sequential_values``); the replier's values are then read from that valuation: the
    same floats as valuing each reply on a copy, at every open throw of random promise games
    (with the opener's throw drawn at random, so every opening is exercised), and only for
    that world right after that throw."""
    from caiquan.games.promise import strategy

    def plain(world: State, me: int) -> list[float]:
        out = []
        for a in world.legal(me):
            t = world.clone()
            t.apply({me: a})
            out.append(strategy.evaluate(t)[me])
        return out

    game = load_game("promise")
    reused = 0
    for seed in range(80):
        s = game.new_state(seed)
        rng = Rng(seed)
        while not s.is_terminal():
            movers = s.to_move()
            if s.phase == "throw" and len(movers) == 1 and len(s.throw_queue) == 2:
                (opener,) = movers
                world = s.determinize(opener, Rng(seed), log=False)
                strategy._sequential_values(world, opener)
                twin = world.clone()  # an equal world, but not the one valued
                throw = rng.choice(world.legal(opener))
                for w in (world, twin):
                    w.apply({opener: throw})
                (second,) = world.to_move()
                legal = world.legal(second)
                memo = strategy._REPLIES[0]
                assert memo is not None
                got = strategy._reply_values(world, second, legal)
                assert got is memo[3][throw][1]  # read, not recomputed
                assert got == plain(world, second)
                assert strategy._reply_values(twin, second, legal) is not got
                reused += 1
                world.apply({second: legal[0]})  # one move on: the memo no longer applies
                if not world.is_terminal() and world.to_move() == (second,):
                    assert strategy._reply_values(world, second, world.legal(second)) == plain(
                        world, second
                    )
            s.apply([rng.choice(s.legal(p)) for p in s.to_move()])
    assert reused >= 15


@pytest.mark.parametrize("samples", [6, 12])
def test_drama_lookahead_plays_one_card_of_a_rank(samples: int) -> None:
    """Drama's ``same_card`` (no rule reads a suit) lets ``lookahead`` play one card of a
    rank, mine or the others': the same floats, bit for bit, and the same random draws as
    the plain lookahead at every decision of random games; a key that lumps ranks together
    gives other values (so this test can fail)."""
    from caiquan.engine.strategy import lookahead
    from caiquan.games.drama.strategy import evaluate, same_card

    game = load_game("drama")
    shared = lumped = 0
    for seed in range(8):
        s = game.new_state(seed)
        rng = Rng(seed)
        while not s.is_terminal():
            for me in s.to_move():
                world = s.determinize(me, Rng(seed), log=False)
                a, b, c = (Rng(seed + s.move_number) for _ in range(3))
                got = lookahead(world, me, evaluate, a, samples=samples, same=same_card)
                plain = lookahead(world, me, evaluate, b, samples=samples)
                assert got == plain
                assert a == b
                legal = world.legal(me)
                shared += len({same_card(o) for o in legal}) < len(legal)
                wrong = lookahead(world, me, evaluate, c, samples=samples, same=lambda o: 0)
                lumped += wrong != plain
            s.apply([rng.choice(s.legal(p)) for p in s.to_move()])
    assert shared > 20 and lumped > 20


def test_goofspiel_reveal_private_part_is_the_plain_mapping() -> None:
    """A hidden-bid reveal logs each player's own bid through a mapping made when read
    (``_OwnBids``): it must behave as the plain ``{p: {"my_bid": b + 1}}`` it stands for."""
    from collections.abc import Mapping

    from caiquan.engine.types import event_view, event_visible_to
    from caiquan.games.goofspiel.rules import _OwnBids

    own = _OwnBids((4, 0, 2))
    plain = {0: {"my_bid": 5}, 1: {"my_bid": 1}, 2: {"my_bid": 3}}
    assert isinstance(own, Mapping)
    assert own == plain and plain == own and own == _OwnBids((4, 0, 2))
    assert own != _OwnBids((4, 0, 1)) and own != {0: {"my_bid": 5}} and own != [1]
    assert dict(own) == plain and list(own) == [0, 1, 2] and len(own) == 3
    assert own.get(1) == {"my_bid": 1} and own.get(3) is None and own.get(-1, "x") == "x"
    assert 2 in own and 3 not in own and "0" not in own and None not in own
    assert own[True] == plain[True]  # a dict takes True for 1, so does this
    with pytest.raises(KeyError):
        own[3]
    assert dict(own.items()) == plain and list(own.keys()) == [0, 1, 2]
    assert list(own.values()) == list(plain.values()) and repr(own) == repr(plain)
    own[0]["my_bid"] = 99  # each read is a fresh dict: the event cannot be edited
    assert own[0] == {"my_bid": 5}
    event = (0, "reveal", {"turn": 1}, own)
    for viewer in (None, 0, 1, 2, 3):
        plain_event = (0, "reveal", {"turn": 1}, plain)
        assert event_view(event, viewer) == event_view(plain_event, viewer)
        assert event_visible_to(event, viewer) == event_visible_to(plain_event, viewer)
    game = load_game("goofspiel", {"num_cards": 6, "imp_info": True, "players": 3})
    s = game.new_state(5)
    rng = Rng(3)
    while not s.is_terminal():
        s.apply([rng.choice(s.legal(p)) for p in s.to_move()])
    reveals = [e for e in s.events(0) if e["kind"] == "reveal"]
    assert [e["my_bid"] for e in reveals] == [t[0] + 1 for t in s.bids]
    assert all("my_bid" not in e for e in s.events(None))


@pytest.mark.parametrize(
    ("game_id", "config"),
    [("promise", {}), ("drama", {}), ("legends", {"players": 4}), ("goofspiel", {"players": 3})],
)
def test_a_written_out_clone_equals_the_general_clone(
    game_id: str, config: dict[str, object]
) -> None:
    """A game whose state has slot fields writes its clone out field by field (compiled: C
    struct copies); it must equal ``State.clone`` (flat fields copied, the rest shared as
    immutable), share nothing mutable, cover every field, and leave the original alone."""
    from caiquan.engine import State
    from caiquan.engine.state import _ENGINE_FIELDS, game_slots, state_fields

    game = load_game(game_id, config)
    for seed in range(4):
        s = game.new_state(seed)
        rng = Rng(seed)
        slots = set(game_slots(type(s)))
        assert slots and set(state_fields(s)) - _ENGINE_FIELDS == slots  # no dict field
        while not s.is_terminal():
            fast, plain = s.clone(), State.clone(s)
            assert fast == plain == s and type(fast) is type(plain) is type(s)
            assert not vars(fast) and not vars(plain)
            for name, value in state_fields(s).items():
                if isinstance(value, list | dict | set) and name != "_redact_memo":
                    assert state_fields(fast)[name] is not value, name
            before = State.clone(s)
            fast.apply({p: rng.choice(fast.legal(p)) for p in fast.to_move()})
            assert s == before  # playing on the copy leaves the original alone
            s.apply({p: rng.choice(s.legal(p)) for p in s.to_move()})
    s.extra = [1]  # an attribute the written-out clone does not know: the general path
    copy = s.clone()
    assert copy == s and copy.extra == [1] and copy.extra is not s.extra


def test_promise_spent_worlds_value_as_copies() -> None:
    """Where the heuristic is done with a world it settles the last throw cell (and plays the
    last weapon option) on the world itself: the same values as settling everything on
    copies, at every weapon and simultaneous throw decision of random promise games."""
    from caiquan.games.promise import strategy
    from caiquan.games.promise.rules import WEAPON_BASE

    def plain_best_weapon(world: Any, me: int) -> float:  # the version that copies all
        opp = 1 - me
        base = world.clone()
        base.set_skill[opp] = 0
        best = -math.inf
        for o in base.legal(me):
            s = base.clone()
            s.apply({me: o, opp: WEAPON_BASE})
            v = strategy.throw_value(s, me) if not s.is_terminal() else strategy.evaluate(s)[me]
            best = max(best, v)
        return best

    game = load_game("promise")
    seen = {"weapon": 0, "throw": 0}
    for seed in range(12):
        s = game.new_state(seed)
        rng = Rng(seed)
        while not s.is_terminal():
            movers = s.to_move()
            if len(movers) == 2 and s.phase in seen:
                for me in movers:
                    world = s.determinize(me, Rng(seed), log=False)
                    before = world.clone()
                    if s.phase == "throw":
                        spent = world.clone()
                        assert strategy.throw_matrix(spent, me, True) == strategy.throw_matrix(
                            world, me
                        )
                        assert spent != world  # it was played on
                    else:
                        spent = world.clone()
                        assert strategy._best_weapon_value(spent, me) == plain_best_weapon(
                            world, me
                        )
                    assert world == before  # the unspent world is untouched
                    seen[s.phase] += 1
            s.apply([rng.choice(s.legal(p)) for p in s.to_move()])
    assert seen["weapon"] >= 20 and seen["throw"] >= 20, seen


def test_promise_throw_values_equal_the_decisions_applied() -> None:
    """The heuristic settles look-ahead throws with ``settle_now`` (no decision checks):
    the throw matrix and the open-throw values equal those of applying each throw as a
    decision on a copy, at every battle throw of random promise games."""
    from caiquan.games.promise import strategy

    def plain_matrix(world: Any, me: int) -> list[list[float]]:
        rows = []
        for a in world.legal(me):
            row = []
            for b in world.legal(1 - me):
                t = world.clone()
                t.apply({me: a, 1 - me: b})
                row.append(strategy.evaluate(t)[me])
            rows.append(row)
        return rows

    def plain_open(world: Any, me: int) -> list[float]:
        (mover,) = world.to_move()
        values = []
        for a in world.legal(mover):
            s = world.clone()
            s.apply({mover: a})
            (second,) = s.to_move()
            replies = []
            for b in s.legal(second):
                t = s.clone()
                t.apply({second: b})
                replies.append(strategy.evaluate(t)[second])
            values.append(max(replies) if second == me else 1.0 - max(replies))
        return values

    game = load_game("promise")
    seen = {"matrix": 0, "open": 0}
    for seed in range(40):
        s = game.new_state(seed)
        rng = Rng(seed)
        while not s.is_terminal():
            if s.phase == "throw" and len(s.throw_queue) != 1:
                for me in (0, 1):
                    world = s.determinize(me, Rng(seed), log=False)
                    if len(s.to_move()) == 2:
                        assert strategy.throw_matrix(world, me)[1] == plain_matrix(world, me)
                        seen["matrix"] += 1
                    else:
                        got = strategy._sequential_values(world, me)
                        assert got == (world.legal(s.to_move()[0]), plain_open(world, me))
                        seen["open"] += 1
            s.apply([rng.choice(s.legal(p)) for p in s.to_move()])
    assert seen["matrix"] >= 100 and seen["open"] >= 10, seen


def test_promise_stance_memo_answers_as_argmax_and_the_plain_prune() -> None:
    """The stance decision memoises its values, its tied best options and the options a
    search keeps: the same choices and the same draws as ``argmax`` over the values, and the
    same kept options as ranking them afresh."""
    from caiquan.engine.strategy import argmax
    from caiquan.games.promise import strategy

    game = load_game("promise")
    asked = 0
    for seed in range(30):
        s = game.new_state(seed)
        rng = Rng(seed)
        while not s.is_terminal():
            if s.phase == "stance":
                for me in (0, 1):
                    legal = s.legal(me)
                    values = strategy._compute_stance_values(s, me, legal)
                    for _ in range(2):  # the second time from the memo
                        a, b = Rng(seed + me), Rng(seed + me)
                        assert strategy._stance(s, me, legal, a) == argmax(legal, values, b)
                        assert a.getstate() == b.getstate()
                        ranked = sorted(range(len(legal)), key=lambda i: -values[i])[:8]
                        plain = tuple(legal[i] for i in sorted(ranked))
                        assert strategy.prune(s, me, legal) == (plain if len(legal) > 8 else legal)
                    asked += 1
            s.apply([rng.choice(s.legal(p)) for p in s.to_move()])
    assert asked > 100


def test_promise_table_json_is_the_tables_json() -> None:
    """An observation builds the power table's JSON straight from the cells' numbers: the
    same as ``compute_table(...).to_json()``, at every decision of random promise games."""
    from caiquan.games.promise.rules import table_parts
    from caiquan.games.promise.table import compute_table, table_json

    game = load_game("promise")
    checked = 0
    for seed in range(15):
        s = game.new_state(seed)
        rng = Rng(seed)
        while not s.is_terminal():
            parts = table_parts(s)
            assert table_json(*parts) == compute_table(*parts).to_json()
            obs = s.observation(0)
            if "power_table" in obs:  # from the first round on
                assert obs["power_table"] == s.power_table().to_json()
                checked += 1
            s.apply([rng.choice(s.legal(p)) for p in s.to_move()])
    assert checked > 300
