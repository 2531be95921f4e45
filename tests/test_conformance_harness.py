"""The conformance harness must catch broken games: each test breaks one rule on purpose."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import pytest

from caiquan.engine import Ending, JSONValue, Player, Standing, Text
from caiquan.games.goofspiel import Goofspiel, GoofspielState
from caiquan.testing import check_game

CFG = {"num_cards": 5, "imp_info": True}


def _variant(state_cls: type[GoofspielState], gid: str) -> Goofspiel:
    cls = type(f"Broken_{gid}", (Goofspiel,), {"id": gid, "state_class": state_cls})
    return cls(CFG)


class LeakyState(GoofspielState):
    """Shows every hand even with imperfect information."""

    def _observe(self, player: Player | None) -> dict[str, JSONValue]:
        obs = super()._observe(player)
        obs["all_hands"] = list(self.hands)
        return obs


class GlobalRandomState(GoofspielState):
    """Shuffles the point cards with the global random module instead of the state's RNG."""

    def _setup(self) -> None:
        super()._setup()
        random.shuffle(self.point_deck)


class NotJsonState(GoofspielState):
    def _observe(self, player: Player | None) -> dict[str, JSONValue]:
        obs = super()._observe(player)
        obs["points"] = tuple(self.points)
        return obs


class SharedCloneState(GoofspielState):
    """Keeps nested lists but declares them flat: clones share the inner lists."""

    _flat_fields: ClassVar[frozenset[str]] = frozenset({"nested"})

    def _setup(self) -> None:
        super()._setup()
        self.nested: list[list[int]] = [[] for _ in range(self.game.num_players)]

    def _apply(self, joint: dict[Player, int]) -> None:
        for p, o in joint.items():
            self.nested[p].append(o)
        super()._apply(joint)


class UnsortedResampleState(GoofspielState):
    """Shuffles the hidden point deck from its true order: the sample depends on the truth."""

    def _resample(self, player: Player, rng: Any) -> None:
        rng.shuffle(self.point_deck)


class ShortBoundGame(Goofspiel):
    id = "broken_bound"

    def max_decisions(self) -> int:
        return 2


class NoNamesState(GoofspielState):
    def _describe(self, player: Player, option: int) -> Any:
        c = super()._describe(player, option)
        return type(c)(c.id, c.name, "", c.en)


class RawReasonState(GoofspielState):
    def _ending(self) -> Ending:
        return Ending(Text("points", "points"))


class MixedEndingState(GoofspielState):
    def _ending(self) -> Ending:
        e = super()._ending()
        return Ending(Text(e.reason.zh, e.reason.en + "（得分）"), e.standings)


class ShortSheetState(GoofspielState):
    def _ending(self) -> Ending:
        e = super()._ending()
        row = e.standings[0]
        return Ending(e.reason, (Standing(row.label, row.values[:1]),))


class SilentPointsState(GoofspielState):
    """Logs no event when a point card turns up, though the observation shows it (and the
    game still declares ``events_tell_all``)."""

    def _log(self, kind: str, *args: Any, **kwargs: Any) -> None:
        if kind != "point":
            super()._log(kind, *args, **kwargs)

    def _log_public(self, kind: str, public: Any) -> None:  # goofspiel's hot path logs so
        if kind != "point":
            super()._log_public(kind, public)


class LogReadingState(GoofspielState):
    """A rule that reads the event log: the point scored grows by the events logged so far
    (a world without a log, as search bots play on, would score otherwise)."""

    def _apply(self, joint: dict[Player, int]) -> None:
        before = list(self.points)
        super()._apply(joint)
        for p, (was, now) in enumerate(zip(before, self.points, strict=True)):
            if now > was:
                self.points[p] += self.event_count() % 2


@pytest.mark.parametrize(
    ("game", "check", "message"),
    [
        (_variant(LeakyState, "broken_leak"), "determinize", "changed player 0's observation"),
        (_variant(GlobalRandomState, "broken_rng"), "seed_determinism", "same seed differ"),
        (_variant(NotJsonState, "broken_json"), "decision_points", "use lists, not tuples"),
        (_variant(SharedCloneState, "broken_clone"), "clone", "changed the original"),
        (ShortBoundGame(CFG), "decision_points", "still running after max_decisions"),
        (_variant(NoNamesState, "broken_names"), "decision_points", "needs a kind and names"),
        (
            _variant(UnsortedResampleState, "broken_resample"),
            "determinize_canonical",
            "depends on more than player 0's view",
        ),
        (_variant(RawReasonState, "broken_reason"), "ending", "raw key"),
        (_variant(MixedEndingState, "broken_ending_lang"), "ending", "has Chinese in it"),
        (_variant(ShortSheetState, "broken_sheet"), "ending", "one value per player"),
        (
            _variant(SilentPointsState, "broken_events"),
            "events_tell_all",
            "declares events_tell_all, but after move",
        ),
        (_variant(LogReadingState, "broken_log"), "quiet_worlds", "a rule reads the event log"),
    ],
    ids=[
        "leak",
        "global-rng",
        "json",
        "shallow-clone",
        "bound",
        "names",
        "resample",
        "raw-reason",
        "mixed-reason",
        "short-sheet",
        "events-tell-all",
        "log-reading",
    ],
)
def test_harness_catches(game: Goofspiel, check: str, message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        check_game(game, seeds=range(6), checks=[check])


def test_harness_passes_the_reference_game() -> None:
    check_game(Goofspiel(CFG), seeds=range(3))


def test_events_tell_all_is_only_checked_where_declared() -> None:
    """The silent-points state passes when its game does not claim that events tell all."""
    cls = type("Undeclared", (Goofspiel,), {"id": "undeclared", "state_class": SilentPointsState,
                                             "events_tell_all": False})  # fmt: skip
    check_game(cls(CFG), seeds=range(3), checks=["events_tell_all"])
