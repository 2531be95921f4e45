"""The throw coach (:mod:`caiquan.coach`) on constructed records: a player who always repeats
their throw, one who always throws the same, and ``nash`` players who throw the equilibrium."""

from __future__ import annotations

import json
from typing import Any

import pytest

from caiquan.bots import GreedyBot, NashBot, play_match
from caiquan.coach import analyse, report, wilson
from caiquan.engine import PlayerView, Record, RecordError, Rng
from caiquan.games import load_game


class Repeater:
    """Throws what it threw last time whenever it may (its first legal throw at first); plays
    greedy elsewhere. It reads its last throw from its own view (the revealed throws)."""

    name = "repeater"

    def __init__(self) -> None:
        self.greedy = GreedyBot()

    def decide(self, view: PlayerView, rng: Rng) -> int:
        d = view.decision()
        if d.kind not in view.game.matrix_kinds or len(view.to_move()) != 2:
            return self.greedy.decide(view, rng)
        names = [c.name for c in d.choices]
        for event in reversed(view.events()):
            throws = event.get("throws")
            mine = None
            if isinstance(throws, list):
                mine = throws[view.player]
            elif isinstance(throws, dict):
                mine = throws.get(str(view.player))
            if mine in names:
                return d.choices[names.index(mine)].id
        return d.choices[0].id


def _record(game_id: str, config: dict[str, Any], seed: int) -> Record:
    game = load_game(game_id, config)
    bots = [Repeater(), NashBot()] + [NashBot() for _ in range(game.num_players - 2)]
    return play_match(game, bots, seed).record()


@pytest.fixture(scope="module")
def legends() -> dict[str, Any]:
    return analyse(_record("legends", {"players": 3}, 5), names=["Rep", "Eq"])


def test_a_player_who_always_repeats(legends: dict[str, Any]) -> None:
    rep = legends["players"][0]
    assert rep["name"] == "Rep" and rep["throws"] >= 15
    # (almost) every throw repeats the one before
    assert rep["repeat"]["rate"] >= 0.9 and rep["repeat"]["of"] == rep["throws"] - 1
    assert rep["repeat"]["expected"] < 0.5  # the equilibrium would repeat a third of the time
    after = rep["repeat_after_win"]
    if after["of"]:
        assert after["rate"] >= 0.9
    loss = rep["shift_after_loss"]
    assert loss["of"] > 0 and loss["rate"] <= 0.1 < loss["expected"]
    # one throw takes (nearly) all: far above its equilibrium share
    (family,) = rep["families"]
    top = max(family["options"], key=lambda o: o["count"])
    assert top["share"] >= 0.9 and top["equilibrium"] < 0.5
    assert sum(o["count"] for o in family["options"]) == rep["throws"]
    # a habit reader wins nearly every throw, far above its baseline
    reader = rep["reader"]
    assert reader["of"] == rep["throws"]
    assert reader["rate"] >= 0.8 and reader["low"] > reader["baseline"] + 0.2
    assert reader["predictable"] is True
    assert rep["mean_prob"] < 0.5


def test_a_player_who_throws_the_equilibrium(legends: dict[str, Any]) -> None:
    eq = legends["players"][1]
    assert eq["throws"] >= 15
    # every choice inside the equilibrium's support: no expected loss
    assert eq["mean_loss"] == pytest.approx(0.0, abs=1e-9)
    (family,) = eq["families"]
    for o in family["options"]:
        assert o["equilibrium"] > 0.2
    reader = eq["reader"]
    assert reader["low"] <= reader["baseline"] <= reader["high"]
    assert reader["predictable"] is False
    assert sum(eq["results"].values()) == eq["throws"]
    assert "name" not in legends["players"][2]  # no name given: the report says "player 2"


def test_promise_battle_and_first_pick_throws_are_two_families() -> None:
    analysis = analyse(_record("promise", {}, 3))
    rep, eq = analysis["players"]
    assert rep["throws"] == eq["throws"] == analysis["exchanges"] > 5
    names = sorted(tuple(sorted(o["name"] for o in f["options"])) for f in rep["families"])
    assert names == [("paper", "rock", "scissors"), ("pierce", "slash", "strike")]
    assert eq["mean_loss"] == pytest.approx(0.0, abs=1e-9)
    assert rep["reader"]["rate"] > rep["reader"]["baseline"]
    json.dumps(analysis)  # JSON-ready
    en, zh = report(analysis, "en"), report(analysis, "zh")
    assert "slash" in en and "habit reader" in en and "player 0:" in en
    assert "斩击" in zh and "读习惯的对手" in zh and "玩家 1：" in zh
    # the key lines (what the web client shows) are the report's lines, in both languages
    for line in rep["lines"]:
        assert "  " + line["en"] in en and "  " + line["zh"] in zh


def test_the_analysis_is_deterministic_and_games_without_throws_have_none() -> None:
    record = _record("promise", {}, 4)
    assert analyse(record) == analyse(record)
    goof = play_match(load_game("goofspiel", num_cards=4), ["random", "random"], 1).record()
    analysis = analyse(goof)
    assert analysis["exchanges"] == 0
    assert all(p["throws"] == 0 and p["reader"]["rate"] is None for p in analysis["players"])
    assert "No throws to analyse" in report(analysis, "en")


def test_bad_records_are_record_errors() -> None:
    record = _record("promise", {}, 4)
    broken = Record(record.game, record.version, record.config, record.seed, (((0, 999),),))
    with pytest.raises(RecordError, match="decision 0 does not replay"):
        analyse(broken)
    with pytest.raises(RecordError):
        analyse(Record("nosuchgame", 1, {}, 1, ()))


def test_wilson() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(10, 10)
    assert hi == 1.0 and 0.69 < lo < 0.73
