"""A one-shot zero-sum throw game for bot tests: both players throw once, payoffs from a matrix."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from caiquan.engine import RPS, Choice, ConfigOption, Game, JSONValue, Player, State

# Biased RPS: rock beats scissors by 2 (rows/cols: rock, scissors, paper). Nash: 1/4, 1/4, 1/2.
BIASED = [[0.0, 0.5, -0.25], [-0.5, 0.0, 0.25], [0.25, -0.25, 0.0]]


class ThrowState(State):
    game: ThrowGame
    _flat_fields: ClassVar[frozenset[str]] = frozenset({"throws"})

    def _setup(self) -> None:
        self.throws: list[int] = []
        self._movers = (0, 1)

    def _legal(self, player: Player) -> Sequence[int]:
        return [0, 1, 2]

    def _kind(self, player: Player) -> str:
        return "throw"

    def _apply(self, joint: dict[Player, int]) -> None:
        self.throws = [joint[0], joint[1]]
        self._log("reveal", {"throws": list(self.throws)})
        self._movers = ()

    def _observe(self, player: Player | None) -> dict[str, JSONValue]:
        return {"throws": list(self.throws)}

    def _ranks(self) -> tuple[int, ...]:
        v = self._value()
        return (1, 1) if v == 0 else ((1, 2) if v > 0 else (2, 1))

    def _value(self) -> float:
        return BIASED[self.throws[0]][self.throws[1]]

    def _returns(self) -> tuple[float, ...]:
        v = self._value()
        return (v, -v)


class ThrowGame(Game):
    id = "toy_throw"
    version = 1
    name_zh = "单次出拳"
    name_en = "one throw"
    min_players = max_players = 2
    state_class = ThrowState
    options = (ConfigOption("unused", 0, "unused"),)

    @property
    def num_option_ids(self) -> int:
        return 3

    def max_decisions(self) -> int:
        return 1

    def describe_option(self, option: int) -> Choice:
        return Choice(option, RPS.names[option], RPS.zh[option], RPS.en[option])

    def utility_range(self) -> tuple[float, float]:
        return (-0.5, 0.5)


def payoffs(view: Any) -> list[list[float]]:
    m = BIASED if view.player == 0 else [[-BIASED[j][i] for j in range(3)] for i in range(3)]
    return [list(r) for r in m]
