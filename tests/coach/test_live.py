"""The live coach (:func:`caiquan.coach.analyse_seat`): one seat's figures so far, from what
that seat has seen only — the same counts as the end-of-game coach, and the same result for
every state that looks the same to the seat (determinized twins differ in everything hidden)."""

from __future__ import annotations

from typing import Any

import pytest

from caiquan.bots import NashBot, play_match
from caiquan.coach import analyse, analyse_seat, seat_moment
from caiquan.engine import Record, RecordError, Rng
from caiquan.games import load_game


def _game_and_record(game_id: str, config: dict[str, Any], seed: int) -> tuple[Any, Record]:
    game = load_game(game_id, config)
    return game, play_match(game, ["nash"] * game.num_players, seed).record()


def _counts(entry: dict[str, Any]) -> list[tuple[str, int]]:
    return [(o["name"], o["count"]) for f in entry["families"] for o in f["options"]]


@pytest.mark.parametrize(("game_id", "config"), [("promise", {}), ("legends", {"players": 3})])
def test_at_the_end_the_live_figures_are_the_end_screens(
    game_id: str, config: dict[str, Any]
) -> None:
    game, record = _game_and_record(game_id, config, 3)
    full = analyse(record, game)
    for seat in range(2):
        live = analyse_seat(record, game, seat, name="Ann")
        (entry,) = live["players"]
        assert live["seat"] == entry["player"] == seat and entry["name"] == "Ann"
        assert live["finished"] is True and live["matrix_kinds"] == ["throw"]
        want = full["players"][seat]
        assert entry["throws"] == want["throws"] == live["exchanges"] > 0
        assert _counts(entry) == _counts(want)
        assert entry["results"] == want["results"]
        assert entry["repeat"]["count"] == want["repeat"]["count"]
        assert entry["reader"]["wins"] == want["reader"]["wins"]
        assert [x["en"] for x in entry["lines"]][1:3] == [x["en"] for x in want["lines"]][1:3]


def test_mid_game_it_counts_the_seats_revealed_throws_so_far() -> None:
    game, record = _game_and_record("promise", {}, 4)
    state = game.new_state(record.seed)
    throws: list[str] = []  # seat 0's throws, as the decisions go
    for k, joint in enumerate(record.decisions):
        chosen = dict(joint)
        if len(chosen) == 2 and all(state.decision(p).kind == "throw" for p in chosen):
            names = {c.id: c.name for c in state.decision(0).choices}
            throws.append(names[chosen[0]])
        state.apply(chosen)
        if k in (10, 25, len(record.decisions) // 2):
            prefix = Record(record.game, record.version, record.config, record.seed,
                            record.decisions[: k + 1])  # fmt: skip
            live = analyse_seat(prefix, game, 0)
            assert live["finished"] is False and live["decisions"] == k + 1
            counts = dict(_counts(live["players"][0]))
            assert sum(counts.values()) == len(throws) == live["players"][0]["throws"]
            for name in set(throws):
                assert counts[name] == throws.count(name)


@pytest.mark.parametrize(
    ("game_id", "config", "hands"), [("promise", {}, False), ("legends", {"players": 3}, True)]
)
def test_nothing_hidden_goes_in(game_id: str, config: dict[str, Any], hands: bool) -> None:
    """At each exchange, the seat's moment on the true state equals the one on states that
    look the same to the seat but differ in what it cannot see (others' hands, decks, future
    chance); in legends the twins' opponents hold other cards, so a coach that read them (or
    the opponent's own view) would fail here. (Promise hides no hands: only what chance
    brings next.)"""
    game, record = _game_and_record(game_id, config, 7)
    state = game.new_state(record.seed)
    nash = NashBot()
    compared = differed = 0
    for joint in record.decisions:
        chosen = dict(joint)
        for seat in chosen if len(chosen) == 2 else ():
            moment = seat_moment(state, seat, chosen, nash)
            if moment is None:
                continue
            (q,) = [p for p in chosen if p != seat]
            for k in range(3):
                twin = state.determinize(seat, Rng(1000 * k + seat))
                assert twin.observation(seat) == state.observation(seat)
                differed += twin.observation(q) != state.observation(q)
                assert seat_moment(twin, seat, chosen, nash) == moment
                compared += 1
        state.apply(chosen)
    assert compared >= 20 and (differed > 0) == hands


def test_bad_seats_and_records() -> None:
    game, record = _game_and_record("promise", {}, 4)
    with pytest.raises(RecordError, match="no seat 2"):
        analyse_seat(record, game, 2)
    broken = Record(record.game, record.version, record.config, record.seed, (((0, 999),),))
    with pytest.raises(RecordError, match="decision 0 does not replay"):
        analyse_seat(broken, game, 0)
    empty = analyse_seat(Record(record.game, record.version, record.config, record.seed, ()))
    assert empty["exchanges"] == 0 and empty["players"][0]["reader"]["rate"] is None
