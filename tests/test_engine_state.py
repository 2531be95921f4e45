"""Engine error paths and contract, exercised through the reference game."""

from __future__ import annotations

import json
import re

import pytest

from caiquan.engine import (
    CaiquanError,
    GameOverError,
    IllegalDecisionError,
    Record,
    RecordError,
    RecordVersionError,
    Rng,
    State,
)
from caiquan.games import load_game, replay


def _game(**options: object):  # type: ignore[no-untyped-def]
    return load_game("goofspiel", {"num_cards": 4, "points_order": "descending", **options})


def test_illegal_option_is_refused_and_state_unchanged() -> None:
    s = _game().new_state(1)
    before = s.clone()
    with pytest.raises(
        IllegalDecisionError, match=r"player 0 cannot choose option 9 now; legal: 0"
    ):
        s.apply({0: 9, 1: 0})
    assert s == before
    s.apply({0: 3, 1: 3})
    with pytest.raises(IllegalDecisionError, match="cannot choose option 3"):
        s.apply({0: 3, 1: 0})  # card 4 already played


def test_wrong_and_missing_players_are_refused() -> None:
    s = _game().new_state(1)
    before = s.clone()
    with pytest.raises(IllegalDecisionError, match="missing a decision for player 1"):
        s.apply({0: 1})
    with pytest.raises(IllegalDecisionError, match="no player 2 in a 2-player game"):
        s.apply({0: 1, 1: 1, 2: 1})
    with pytest.raises(IllegalDecisionError, match="decide at once"):
        s.apply(1)
    with pytest.raises(IllegalDecisionError, match="expected 2 options"):
        s.apply([1])
    with pytest.raises(IllegalDecisionError, match="not 'x'"):
        s.apply("x")  # type: ignore[arg-type]
    assert s == before
    s.apply([1, 2])  # a sequence in to_move() order works
    assert s.move_number == 1


def test_decision_after_the_end_is_refused() -> None:
    s = _game(num_cards=2).new_state(1)
    s.apply({0: 0, 1: 1})
    assert s.is_terminal()
    final = s.clone()
    with pytest.raises(GameOverError, match="the game is over"):
        s.apply({0: 0, 1: 0})
    with pytest.raises(GameOverError):
        s.commit(0, 0)
    with pytest.raises(GameOverError):
        s.decision(0)
    assert s == final
    assert isinstance(GameOverError("x"), CaiquanError)


def test_outcome_before_the_end_is_an_error_and_returns_are_zero() -> None:
    s = _game().new_state(1)
    assert s.returns() == (0.0, 0.0)
    with pytest.raises(IllegalDecisionError, match="not over"):
        s.outcome()


def test_decision_names_options_in_both_languages() -> None:
    s = _game().new_state(1)
    d = s.decision(0)
    assert d.kind == "bid" and d.simultaneous
    assert [c.name for c in d.choices] == ["bid-1", "bid-2", "bid-3", "bid-4"]
    assert d.by_name("bid-3").id == 2
    assert d.choices[0].label("zh") == "出 1"
    assert d.prompt_en == "point card 4: bid one card"
    with pytest.raises(KeyError, match="no option named"):
        d.by_name("bid-9")


def test_commit_hides_face_down_choices_until_all_have_chosen() -> None:
    s = _game().new_state(1)
    assert s.commit(0, 3) is False
    assert s.committed() == (0,)
    assert s.observation(0)["my_commit"] == 3
    assert "my_commit" not in s.observation(1) and s.observation(1)["committed"] == [0]
    assert "my_commit" not in s.observation(None)
    s.commit(0, 2)  # changing one's mind before the reveal is allowed
    s.withdraw(0)
    assert s.committed() == ()
    s.commit(0, 2)
    assert s.commit(1, 0) is True
    assert s.history()[0] == ((0, 2), (1, 0))
    assert s.committed() == ()


def test_determinize_resamples_others_face_down_choice() -> None:
    s = _game().new_state(1)
    s.commit(1, 3)
    picks = {s.determinize(0, Rng(i))._pending[1] for i in range(30)}
    assert picks == {0, 1, 2, 3}
    assert all(s.determinize(1, Rng(i))._pending[1] == 3 for i in range(5))


def test_record_round_trip_and_replay() -> None:
    s = _game().new_state(99)
    rng = Rng(1)
    while not s.is_terminal():
        s.apply({p: rng.choice(s.legal(p)) for p in s.to_move()})
    text = s.record().with_meta(note="hello").to_json()
    data = json.loads(text)
    assert data["format"] == "caiquan.record/1" and data["seed"] == 99
    again = replay(text)
    assert again == s and again.outcome() == s.outcome()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "invalid JSON"),
        ("[]", "expected a JSON object"),
        ('{"format": "other"}', "format is 'other'"),
        (
            '{"format": "caiquan.record/1", "game": "", "version": 1, "seed": 1, "decisions": []}',
            "'game' must be a game id",
        ),
        (
            '{"format": "caiquan.record/1", "game": "goofspiel", "version": "1", "seed": 1, '
            '"decisions": []}',
            "'version' must be a whole number",
        ),
        (
            '{"format": "caiquan.record/1", "game": "goofspiel", "version": 1, "seed": -1, '
            '"decisions": []}',
            "'seed' must be",
        ),
        (
            '{"format": "caiquan.record/1", "game": "goofspiel", "version": 1, "seed": 1, '
            '"decisions": {}}',
            "'decisions' must be a list",
        ),
        (
            '{"format": "caiquan.record/1", "game": "goofspiel", "version": 1, "seed": 1, '
            '"decisions": [{"a": 1}]}',
            "decision 0 must map player numbers",
        ),
        (
            '{"format": "caiquan.record/1", "game": "goofspiel", "version": 1, "seed": 1, '
            '"decisions": [[1]]}',
            r"decision 0 must be an object",
        ),
    ],
)
def test_malformed_records_are_refused(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        Record.from_json(text)


def test_records_that_do_not_replay_are_refused() -> None:
    base = {
        "format": "caiquan.record/1",
        "game": "goofspiel",
        "version": 1,
        "seed": 1,
        "config": {"num_cards": 3, "points_order": "descending"},
    }
    bad_option = {**base, "decisions": [{"0": 0, "1": 7}]}
    with pytest.raises(RecordError, match="decision 0 does not replay: player 1 cannot choose"):
        replay(json.dumps(bad_option))
    with pytest.raises(RecordError, match="no game called 'chess'"):
        replay(json.dumps({**base, "game": "chess", "decisions": []}))
    with pytest.raises(RecordError, match="configuration is not valid"):
        replay(json.dumps({**base, "config": {"num_cards": 0}, "decisions": []}))
    too_long = {**base, "decisions": [{"0": 0, "1": 1}, {"0": 1, "1": 0}, {"0": 2, "1": 2}]}
    with pytest.raises(RecordError, match="decision 2 does not replay: the game is over"):
        replay(json.dumps(too_long))


def test_record_of_an_older_rules_version_is_refused() -> None:
    old = {
        "format": "caiquan.record/1",
        "game": "goofspiel",
        "version": 0,
        "seed": 1,
        "config": {},
        "decisions": [],
        "meta": {"caiquan": "0.0.1"},
    }
    with pytest.raises(
        RecordVersionError,
        match=re.escape(
            "rules version 0, but this caiquan plays version 1; replay it with caiquan 0.0.1"
        ),
    ):
        replay(json.dumps(old))


def test_replay_with_another_configuration_is_refused() -> None:
    s = _game().new_state(3)
    with pytest.raises(RecordError, match="configuration differs"):
        _game(num_cards=5).replay(s.record())
    with pytest.raises(RecordError, match="record of 'promise', not of 'goofspiel'"):
        from caiquan.engine import Record as R

        _game().replay(R("promise", 1, {}, 1, ()))


def test_seed_validation() -> None:
    from caiquan.engine import ConfigError

    with pytest.raises(ConfigError, match="a seed is a whole number"):
        _game().new_state(-5)
    with pytest.raises(ConfigError):
        _game().new_state(True)  # type: ignore[arg-type]
    assert _game().new_state(None).seed >= 0


def test_events_are_redacted_per_player() -> None:
    s = _game(imp_info=True).new_state(1)
    s.apply({0: 3, 1: 0})
    reveal = {"kind": "reveal", "turn": 1, "point": 4, "winner": 0}
    assert s.events(0)[-2] == {**reveal, "my_bid": 4}
    assert s.events(1)[-2] == {**reveal, "my_bid": 1}
    assert s.events(None)[-2] == reveal
    assert s.events(0, since=s.event_count()) == []


def test_secret_events_reach_only_their_players() -> None:
    s = _game().new_state(1)
    s._log("note", None, {"x": 1}, to=(1,))
    s._log("deal", {"n": 2}, private={0: {"card": 5}})
    assert s.events(0)[-1] == {"kind": "deal", "n": 2, "card": 5}
    assert s.events(1)[-2:] == [{"kind": "note", "x": 1}, {"kind": "deal", "n": 2}]
    assert s.events(None)[-1] == {"kind": "deal", "n": 2}
    assert {"kind": "note", "x": 1} not in s.events(None)


def test_state_repr_and_equality() -> None:
    s = _game().new_state(1)
    assert "goofspiel move 0, to move 0, 1" in repr(s)
    assert s != _game().new_state(2)
    assert s == _game().new_state(1)
    with pytest.raises(TypeError):
        hash(s)


def test_a_determinized_copy_keeps_no_trace_of_the_truth() -> None:
    s = _game(imp_info=True, points_order="random").new_state(4)
    s.apply({0: 3, 1: 0})
    s.apply({0: 0, 1: 2})
    d = s.determinize(0, Rng(9))
    assert d.history() == ((), ())
    assert d.move_number == s.move_number == 2
    assert d.events(0) == s.events(0)
    # player 1's secret bids are gone; only what player 0 saw is left
    assert all(e.get("bid") in (None, 4, 1) for e in d.events(1))
    with pytest.raises(IllegalDecisionError, match="no true record"):
        d.record()


def test_clone_plans_again_when_an_attribute_takes_another_ones_place() -> None:
    """``State.clone`` caches a per-class plan of a state's dict fields (a game whose state
    declares no slots: the toy throw game) and checks it by size and by the keys it does not
    copy; an attribute swapped for another (same count) must still be copied, not shared,
    and a clone of a state with one attribute more must copy that one too."""
    from bots.toy import ThrowGame

    s = ThrowGame({}).new_state(3)
    s.throws = [1, 2]
    s.clone()  # the plan of the toy's state is cached now
    del s.__dict__["throws"]  # a flat field (copied by name) gone …
    s.extra = [1, [2]]  # type: ignore[attr-defined]  # … and a deep-copied one in its place
    c = s.clone()
    assert c.extra == [1, [2]] and c.extra is not s.extra and c.extra[1] is not s.extra[1]
    assert "throws" not in c.__dict__
    s.more = {"k": [3]}  # type: ignore[attr-defined]  # one attribute more than the plan
    c = s.clone()
    assert c.more == {"k": [3]} and c.more["k"] is not s.more["k"]
    s.__dict__["throws"] = [0, 1]
    del s.__dict__["extra"], s.__dict__["more"]
    c = s.clone()  # back to the usual attributes: copies as before
    assert c.throws == [0, 1] and c.throws is not s.throws
    assert c.observation(0) == s.observation(0)


def test_a_copy_that_fails_inside_clone_is_not_taken_for_a_stale_plan() -> None:
    """A ``KeyError`` from copying a value (not from a stale plan) reaches the caller once,
    instead of re-planning forever (a dict field, and a slot field of a game's own state)."""

    class Brittle:
        def __deepcopy__(self, memo: object) -> Brittle:
            raise KeyError("brittle")

    from bots.toy import ThrowGame

    for s in (ThrowGame({}).new_state(4), load_game("promise").new_state(4)):
        s.clone()
        s.brittle = Brittle()  # type: ignore[attr-defined]
        with pytest.raises(KeyError, match="brittle"):
            s.clone()
        del s.__dict__["brittle"]
        assert s.clone().observation(0) == s.observation(0)


def test_a_world_without_a_log_drops_every_event_even_unguarded() -> None:
    """``determinize(p, rng, log=False)``: no events, now or after moves, in it or its
    clones, even from a game that logs without asking ``_quiet``; the true state keeps its
    own log."""
    from caiquan.games import load_game

    s = load_game("goofspiel", {"num_cards": 5, "imp_info": True}).new_state(1)
    s.apply({0: s.legal(0)[0], 1: s.legal(1)[-1]})
    logged = s.event_count()
    w = s.determinize(0, Rng(3), log=False)
    assert w.event_count() == 0 and w.events(0) == [] and w._quiet
    w._log("unguarded", {"x": 1})  # a game that does not guard its events
    c = w.clone()
    c.apply({0: c.legal(0)[0], 1: c.legal(1)[0]})
    assert (w.event_count(), c.event_count(), c.events(None)) == (0, 0, [])
    assert c._quiet and s.event_count() == logged > 0
    sink = c._events  # shared by every world without a log: nothing grows it
    sink.extend([(0, "x", None, {})])
    sink.insert(0, (0, "x", None, {}))
    sink += [(0, "x", None, {})]
    assert len(sink) == 0 and w.event_count() == 0
    assert s.determinize(0, Rng(3)).events(0) == s.events(0)  # log=True keeps the view's log


def test_the_engines_fields_are_slots_and_the_games_a_dict() -> None:
    """On both paths (compiled: typed fields of an extension type, ``state.pxd``) the
    engine's fields are slots and a game's fields its instance dict; ``state_fields`` reads
    both, a state still takes new attributes and deep-copies whole."""
    import copy

    from caiquan.engine.state import _ENGINE_FIELDS, state_fields

    s = load_game("promise").new_state(3)
    assert not _ENGINE_FIELDS & set(vars(s))
    fields = state_fields(s)
    assert set(fields) >= _ENGINE_FIELDS and set(vars(s)) <= set(fields)
    s.extra = [1]
    c = s.clone()
    assert c.extra == [1] and c.extra is not s.extra
    other = copy.deepcopy(s)
    assert other == s and state_fields(other).keys() == state_fields(s).keys()
    c.apply([c.legal(p)[0] for p in c.to_move()])
    assert c != s


def test_a_game_without_a_required_hook_says_which() -> None:
    class NoSetup(State):
        def _legal(self, player: int) -> list[int]:
            return []

        def _apply(self, joint: dict[int, int]) -> None:
            pass

        def _observe(self, player: int | None) -> dict[str, object]:
            return {}

        def _ranks(self) -> tuple[int, ...]:
            return ()

    with pytest.raises(NotImplementedError, match=r"NoSetup.*_setup"):
        NoSetup(load_game("goofspiel"), 1)  # type: ignore[abstract]


@pytest.mark.parametrize(
    ("gid", "config"),
    [("promise", {}), ("drama", {}), ("legends", {"players": 3}), ("goofspiel", {})],
)
def test_a_views_kind_is_its_decisions_kind(gid: str, config: dict[str, object]) -> None:
    """``PlayerView.kind()`` (what the bots ask at every decision) names the decision as
    ``decision().kind`` does, and is empty for a player who is not deciding."""
    from caiquan.engine import PlayerView, Rng

    game = load_game(gid, config)
    for seed in range(3):
        s = game.new_state(seed)
        rng = Rng(seed)
        kinds = set()
        while not s.is_terminal():
            for p in range(game.num_players):
                view = PlayerView(s, p)
                if p in s.to_move():
                    assert view.kind() == view.decision().kind != ""
                    kinds.add(view.kind())
                else:
                    assert view.kind() == ""
            s.apply([rng.choice(s.legal(p)) for p in s.to_move()])
        assert all(PlayerView(s, p).kind() == "" for p in range(game.num_players))
        assert kinds
