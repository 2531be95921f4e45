"""The conformance harness every game passes (import it from a game's tests).

Each check takes a configured :class:`~caiquan.engine.Game` and a seed, plays random legal
decisions and asserts one property of the engine contract. Failures say what to fix.

>>> from caiquan.games import load_game
>>> check_game(load_game("goofspiel", num_cards=4), seeds=range(3))
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterable
from typing import Any

from caiquan.engine import (
    Game,
    GameOverError,
    IllegalDecisionError,
    Record,
    Rng,
    State,
)
from caiquan.engine.state import state_fields

_PICK_SALT = 0x5EED_C0DE


def _pick_rng(seed: int) -> Rng:
    return Rng(seed ^ _PICK_SALT)


def random_joint(state: State, rng: Rng) -> dict[int, int]:
    return {p: rng.choice(state.legal(p)) for p in state.to_move()}


def random_playout(game: Game, seed: int, *, visit: Callable[[State], None] | None = None) -> State:
    """Play random legal decisions from a new state dealt with ``seed`` to the end.

    ``visit`` is called on every state reached, the final one included. Fails if the game
    runs longer than ``game.max_decisions()``.
    """
    state = game.new_state(seed)
    rng = _pick_rng(seed)
    bound = game.max_decisions()
    while True:
        if visit is not None:
            visit(state)
        if state.is_terminal():
            return state
        assert state.move_number < bound, (
            f"{game!r} seed {seed}: still running after max_decisions()={bound} decisions; "
            f"raise the bound or make sure the game ends"
        )
        state.apply(random_joint(state, rng))


def _json_ready(value: Any, what: str) -> None:
    try:
        again = json.loads(json.dumps(value))
    except (TypeError, ValueError) as err:
        raise AssertionError(f"{what} is not JSON-ready: {err}") from None
    assert again == value, (
        f"{what} changes through JSON (use lists, not tuples; str keys in dicts): {value!r}"
    )


def check_decision_points(game: Game, seed: int) -> None:
    """Every state: movers, legal options, names, observations and returns are well formed."""
    n = game.num_players
    ids = game.num_option_ids
    seen_events = [0]

    def visit(s: State) -> None:
        movers = s.to_move()
        assert list(movers) == sorted(set(movers)), f"to_move() must be sorted players: {movers}"
        for p in movers:
            assert 0 <= p < n, f"to_move() names player {p} of {n}"
            legal = s.legal(p)
            assert legal, f"player {p} must decide but has no legal option (move {s.move_number})"
            assert list(legal) == sorted(set(legal)), f"legal({p}) must be sorted, no repeats"
            assert all(0 <= o < ids for o in legal), (
                f"legal({p}) has ids outside range(num_option_ids={ids}): {legal}"
            )
            d = s.decision(p)
            assert d.ids == legal, f"decision({p}).choices do not match legal({p})"
            assert d.kind and all(c.name and c.zh and c.en for c in d.choices), (
                f"every option needs a kind and names (name, zh, en): {d}"
            )
            assert d.simultaneous == (len(movers) > 1)
        for q in range(n):
            if q not in movers:
                assert s.legal(q) == (), f"player {q} is not deciding but has legal options"
        cursor = s.event_count()
        for viewer in [*range(n), None]:
            _json_ready(s.observation(viewer), f"observation({viewer})")
            # only the events added since the last state: the log is checked once, not
            # quadratically
            _json_ready(s.events(viewer, seen_events[0]), f"events({viewer})")
        seen_events[0] = cursor
        lo, hi = game.utility_range()
        r = s.returns()
        assert len(r) == n, f"returns() must have one value per player, got {r}"
        if s.is_terminal():
            assert all(lo - 1e-9 <= x <= hi + 1e-9 for x in r), f"returns {r} outside {lo, hi}"
            out = s.outcome()
            assert len(out.ranks) == n and min(out.ranks) == 1, f"bad ranks {out.ranks}"
        else:
            assert all(x == 0.0 for x in r), "returns() must be zeros before the end"

    random_playout(game, seed, visit=visit)


def check_legal_and_illegal(game: Game, seed: int, *, max_states: int = 25) -> None:
    """Every legal option applies; every illegal one is refused and changes nothing."""
    ids = game.num_option_ids
    probes = 0
    rng = Rng(seed + 17)

    def visit(s: State) -> None:
        nonlocal probes
        if probes >= max_states:
            return
        probes += 1
        before = s.clone()
        movers = s.to_move()
        if not movers:
            _expect_refusal(s, before, 0, "a decision after the end", GameOverError)
            return
        base = random_joint(s, rng)
        for p in movers:
            for o in s.legal(p):
                c = s.clone()
                c.apply({**base, p: o})
            legal = set(s.legal(p))
            for bad in [-1, ids, ids + 7, *[o for o in range(ids) if o not in legal][:6]]:
                _expect_refusal(s, before, {**base, p: bad}, f"illegal option {bad} of player {p}")
            _expect_refusal(s, before, {**base, p: True}, "a bool as an option")
            _expect_refusal(s, before, {**base, p: "1"}, "a string as an option")
        missing = dict(base)
        missing.pop(movers[-1])
        _expect_refusal(s, before, missing, "a missing player")
        outsiders = [q for q in range(game.num_players) if q not in movers]
        if outsiders:
            _expect_refusal(s, before, {**base, outsiders[0]: 0}, "a player not to move")
        _expect_refusal(s, before, {**base, game.num_players: 0}, "a player who does not exist")
        if len(movers) > 1:
            _expect_refusal(s, before, base[movers[0]], "one bare option for several players")

    random_playout(game, seed, visit=visit)


def _expect_refusal(
    s: State,
    before: State,
    choice: Any,
    what: str,
    error: type[Exception] = IllegalDecisionError,
) -> None:
    try:
        s.apply(choice)
    except error:
        pass
    else:
        raise AssertionError(f"{what} was accepted; apply() must raise {error.__name__}")
    assert s == before, f"refusing {what} changed the state; validate before mutating"


def check_clone(game: Game, seed: int) -> None:
    """A clone equals its original and evolves independently."""
    rng = Rng(seed + 29)

    def visit(s: State) -> None:
        c = s.clone()
        assert c == s, "clone() must equal the original"
        assert c.observation(None) == s.observation(None)
        if not s.is_terminal():
            snapshot = copy.deepcopy(s)  # independent of clone(), which is under test
            c.apply(random_joint(c, rng))
            assert s == snapshot, "applying a decision to a clone changed the original"

    random_playout(game, seed, visit=visit)


def check_record_roundtrip(game: Game, seed: int) -> None:
    """A record survives JSON and replays to the identical state, also part-way."""
    states: list[State] = []
    final = random_playout(game, seed, visit=lambda s: states.append(s.clone()))
    record = final.record()
    again = Record.from_json(record.to_json())
    assert again == record, "Record → JSON → Record changed the record"
    replayed = type(game).from_record(again).replay(again)
    assert replayed == final, "replaying the record did not reproduce the final state"
    mid = len(states) // 2
    assert game.replay(record, upto=mid) == states[mid], "a partial replay differs"


def check_seed_determinism(game: Game, seed: int) -> None:
    """The same seed and the same decisions give the same trajectory."""
    a: list[Any] = []
    b: list[Any] = []
    fa = random_playout(game, seed, visit=lambda s: a.append(s.observation(None)))
    fb = random_playout(game, seed, visit=lambda s: b.append(s.observation(None)))
    assert a == b and fa == fb, "two playouts with the same seed differ: hidden global state?"


def check_determinize(game: Game, seed: int, *, max_states: int = 30) -> None:
    """determinize(p) changes nothing p can see, and the copy plays on to the end."""
    rng = Rng(seed + 41)
    seen = 0

    def visit(s: State) -> None:
        nonlocal seen
        if seen >= max_states:
            return
        seen += 1
        for p in range(game.num_players):
            d = s.determinize(p, rng)
            assert d.observation(p) == s.observation(p), (
                f"determinize({p}) changed player {p}'s observation: something {p} cannot see "
                f"leaks into their view, or _resample changes visible state"
            )
            assert d.legal(p) == s.legal(p), f"determinize({p}) changed player {p}'s options"
            assert d.events(p) == s.events(p), f"determinize({p}) changed {p}'s event log"
            assert d.to_move() == s.to_move()
            prng = Rng(seed + seen)
            steps = 0
            while not d.is_terminal():
                d.apply(random_joint(d, prng))
                steps += 1
                assert steps <= game.max_decisions(), "a determinized copy does not end"

    random_playout(game, seed, visit=visit)


#: what a quiet world may differ in: its (empty) event log and the caches
_LOG_FIELDS = frozenset({"_events", "_quiet", "_legal_memo", "_redact_memo"})


def _beyond_log(s: State) -> dict[str, Any]:
    return {k: v for k, v in state_fields(s).items() if k not in _LOG_FIELDS}


def check_quiet_worlds(game: Game, seed: int, *, max_states: int = 15) -> None:
    """A world without an event log (``determinize(p, rng, log=False)``, what search bots
    play on) plays exactly like the logged one, move for move, and logs nothing: so no rule
    may depend on the event log."""
    seen = 0

    def visit(s: State) -> None:
        nonlocal seen
        if seen >= max_states:
            return
        seen += 1
        for p in range(game.num_players):
            drng = Rng(seed * 7919 + seen * 13 + p)
            a = s.determinize(p, drng.copy())
            b = s.determinize(p, drng.copy(), log=False)
            ra, rb = Rng(seed + seen), Rng(seed + seen)
            step = 0
            while True:
                assert _beyond_log(a) == _beyond_log(b), (
                    f"determinize({p}, log=False) differs from the logged world "
                    f"{step} moves after move {s.move_number}: a rule reads the event log"
                )
                assert b.event_count() == 0, "a world without a log recorded an event"
                if a.is_terminal():
                    assert b.is_terminal() and a.returns() == b.returns()
                    break
                if step % 5 == 0:  # clones of a quiet world stay quiet
                    b = b.clone()
                a.apply(random_joint(a, ra))
                b.apply(random_joint(b, rb))
                step += 1

    random_playout(game, seed, visit=visit)


def check_determinize_canonical(game: Game, seed: int, *, max_states: int = 20) -> None:
    """determinize(p) depends only on what p sees: a determinized twin determinizes equally.

    So a bot that searches through ``determinize`` cannot read hidden information: whatever
    the truth, the same view and the same RNG give the same sampled world.
    """
    seen = 0

    def visit(s: State) -> None:
        nonlocal seen
        if seen >= max_states:
            return
        seen += 1
        for p in range(game.num_players):
            twin = s.determinize(p, Rng(seed * 31 + seen))
            a = s.determinize(p, Rng(seed + 1000 + seen))
            b = twin.determinize(p, Rng(seed + 1000 + seen))
            assert a == b, (
                f"determinize({p}) depends on more than player {p}'s view (move "
                f"{s.move_number}): sort hidden cards into a canonical order before shuffling "
                f"them in _resample, and derive everything resampled from what {p} sees"
            )
            for q in range(game.num_players):
                if q != p:
                    for ev in a.events(q):
                        assert ev in s.events(p), (
                            f"a determinized copy for {p} shows {q}'s secret event {ev}"
                        )

    random_playout(game, seed, visit=visit)


def check_events_tell_all(game: Game, seed: int, *, max_states: int = 30, worlds: int = 4) -> None:
    """A game that declares ``events_tell_all``: equal events mean equal observations.

    At each state reached, for each player p, the same decision of p is played in other
    worlds consistent with p's view (``determinize`` and a fresh RNG for what chance does
    next, the others deciding at random); whenever two of them show p the same events, they
    must show p the same observation. (Games that do not declare it pass trivially.)
    """
    if not type(game).events_tell_all:
        return
    rng = Rng(seed + 67)
    seen = 0

    def visit(s: State) -> None:
        nonlocal seen
        if s.is_terminal() or seen >= max_states:
            return
        seen += 1
        movers = s.to_move()
        joint = random_joint(s, rng)
        for p in range(game.num_players):
            after: dict[str, tuple[int, Any]] = {}
            for w_index in range(worlds):
                w = s.determinize(p, rng) if w_index else s.clone()
                w.rng = Rng(rng.next_u64())
                assert w.to_move() == movers, f"determinize({p}) changed who decides"
                w.apply({q: joint[q] if q == p else rng.choice(w.legal(q)) for q in movers})
                key = json.dumps(w.events(p), sort_keys=True)
                obs = w.observation(p)
                if key in after:
                    first, seen_obs = after[key]
                    assert seen_obs == obs, (
                        f"{type(game).__name__} declares events_tell_all, but after move "
                        f"{s.move_number} player {p} is shown the same events in worlds "
                        f"{first} and {w_index} and different observations: log what the "
                        f"observation reveals as an event for {p}, or drop the declaration"
                    )
                else:
                    after[key] = (w_index, obs)

    random_playout(game, seed, visit=visit)


def check_commit(game: Game, seed: int) -> None:
    """Face-down commits, one player at a time, give the same result as a joint apply."""
    rng = Rng(seed + 53)
    s = game.new_state(seed)
    t = game.new_state(seed)
    while not s.is_terminal():
        joint = random_joint(s, rng)
        movers = s.to_move()
        done_so_far: set[int] = set()
        for i, p in enumerate(movers):
            done = t.commit(p, joint[p])
            done_so_far.add(p)
            assert done == (i == len(movers) - 1), "commit() must apply when the last one commits"
            if not done:
                assert t.committed() == tuple(sorted(done_so_far))
                for q in range(game.num_players):
                    obs = t.observation(q)
                    if q in done_so_far:
                        assert obs.get("my_commit") == joint[q], "a player must see their commit"
                    else:
                        assert "my_commit" not in obs, f"player {q} sees someone's face-down choice"
        s.apply(joint)
        assert s == t, "commit() one by one differs from apply() of the joint decision"


def _has_cjk(text: str) -> bool:
    return any("\u3400" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef" for ch in text)


def check_ending(game: Game, seed: int) -> None:
    """A finished game tells people why it ended: a reason in Chinese and English (each in its
    own language only), and a score sheet with one value per player; asking before the end
    is refused."""
    state = game.new_state(seed)
    if not state.is_terminal():
        try:
            state.ending()
        except IllegalDecisionError:
            pass
        else:
            raise AssertionError("ending() must refuse a game that is not over")
    s = random_playout(game, seed)
    ending = s.ending()
    zh, en = ending.reason("zh"), ending.reason("en")
    assert zh.strip() and en.strip(), "ending().reason is empty"
    assert zh != s.outcome().reason and en != s.outcome().reason, "the reason is its raw key"
    assert _has_cjk(zh), f"the Chinese reason has no Chinese: {zh!r}"
    assert not _has_cjk(en), f"the English reason has Chinese in it: {en!r}"
    for row in ending.standings:
        assert len(row.values) == game.num_players, f"{row.label.en}: one value per player"
        assert row.label.zh.strip() and row.label.en.strip(), "a standing without a label"
        assert not _has_cjk(row.label.en), f"Chinese in the English label {row.label.en!r}"
        for v in row.values:
            assert v.zh.strip() and v.en.strip(), f"{row.label.en}: an empty value"
            assert not _has_cjk(v.en), f"{row.label.en}: Chinese in the English value {v.en!r}"
    json.dumps(ending.as_json())


CHECKS: dict[str, Callable[[Game, int], None]] = {
    "decision_points": check_decision_points,
    "legal_and_illegal": check_legal_and_illegal,
    "clone": check_clone,
    "record_roundtrip": check_record_roundtrip,
    "seed_determinism": check_seed_determinism,
    "determinize": check_determinize,
    "determinize_canonical": check_determinize_canonical,
    "quiet_worlds": check_quiet_worlds,
    "commit": check_commit,
    "events_tell_all": check_events_tell_all,
    "ending": check_ending,
}


def check_game(game: Game, seeds: Iterable[int] = range(10), *, checks: Iterable[str] = ()) -> None:
    """Run the conformance checks (all, or the named ones) on ``game`` for every seed."""
    names = list(checks) or list(CHECKS)
    for name in names:
        for seed in seeds:
            try:
                CHECKS[name](game, seed)
            except AssertionError as err:
                raise AssertionError(f"{name}, {game!r}, seed {seed}: {err}") from None
