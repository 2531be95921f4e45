"""Oshi-Zumo (押し相撲, "pushing sumo"): two players bid coins, face down and at the same
time, to push a wrestler off the other's edge of the ring.

The rules, options and returns follow OpenSpiel's C++ ``oshi_zumo`` exactly (its options
``coins``, ``size``, ``horizon``, ``min_bid``, ``alesia`` with its defaults), so the two are
cross-checked move for move (tests/games/test_oshi_zumo.py):

* a player bids from ``min_bid`` to all their coins; with fewer than ``min_bid`` coins they
  must bid all they have left (possibly 0);
* the higher bid pushes the wrestler one step toward the other player's edge; equal bids
  leave him; both players pay their bids;
* the game ends when the wrestler is pushed off an edge (``size + 1`` steps from the
  centre), after ``horizon`` turns, or when both players are out of coins;
* pushing him off wins (+1/−1); otherwise the player in whose opponent's half he stands wins
  and the centre is a draw (0/0) — with ``alesia`` every game not won by a push is a draw.

Positions: ``0`` is the centre, ``+k`` is ``k`` steps into player 1's half (player 0 pushes
toward ``+``), ``±(size + 1)`` is off the ring. OpenSpiel numbers the same cells
``0 … 2·size + 2`` with the centre at ``size + 1``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from caiquan.engine import (
    Choice,
    ConfigError,
    ConfigOption,
    Ending,
    Entry,
    Game,
    JSONValue,
    Player,
    State,
)

from . import text


class OshiZumoState(State):
    game: OshiZumo
    _flat_fields: ClassVar[frozenset[str]] = frozenset({"coins", "bids"})

    def _setup(self) -> None:
        g = self.game
        self.coins: list[int] = [g.start_coins, g.start_coins]
        self.position = 0
        self.turn = 0
        self.bids: list[tuple[int, int]] = []  # each turn's bids (player 0, player 1)
        self.winner: int | None = None  # who pushed the wrestler off the ring
        self.reason = ""
        self._movers = (0, 1)

    def _legal(self, player: Player) -> Sequence[int]:
        c, m = self.coins[player], self.game.min_bid
        return range(m, c + 1) if c >= m else (c,)

    def _kind(self, player: Player) -> str:
        return "bid"

    def _prompt(self, player: Player) -> tuple[str, str]:
        return text.prompt(self.coins[player], self.coins[1 - player], text.where(self.position))

    def _timeout_option(self, player: Player) -> int | None:
        return self._legal(player)[0]  # the smallest bid allowed

    def _apply(self, joint: dict[Player, int]) -> None:
        g = self.game
        b0, b1 = joint[0], joint[1]
        pusher = 0 if b0 > b1 else 1 if b1 > b0 else None
        if pusher is not None:
            self.position += 1 if pusher == 0 else -1
        self.coins[0] -= b0
        self.coins[1] -= b1
        self.turn += 1
        self.bids.append((b0, b1))
        if not self._quiet:
            self._log(
                "bout",
                {
                    "turn": self.turn,
                    "bids": [b0, b1],
                    "pusher": pusher,
                    "position": self.position,
                    "coins": list(self.coins),
                },
            )
        edge = g.size + 1
        if abs(self.position) == edge:
            self.winner = 0 if self.position > 0 else 1
            self.reason = "pushed_off"
        elif self.turn >= g.horizon:
            self.reason = "horizon"
        elif self.coins[0] == 0 and self.coins[1] == 0:
            self.reason = "no_coins"
        else:
            return
        self._movers = ()
        ranks = self._ranks()
        winner = ranks.index(1) if ranks.count(1) == 1 else None
        if not self._quiet:
            self._log("end", {"reason": self.reason, "winner": winner, "position": self.position})

    def _observe(self, player: Player | None) -> dict[str, JSONValue]:
        g = self.game
        # perfect information: everybody sees the same (a face-down bid stays out of it
        # until both have bid: the engine shows only ``committed``, and ``my_commit``)
        return {
            "coins": list(self.coins),
            "position": self.position,
            "ring": g.ring(self.position),
            "size": g.size,
            "turn": self.turn,
            "horizon": g.horizon,
            "min_bid": g.min_bid,
            "bids": [list(b) for b in self.bids],
        }

    def _ranks(self) -> tuple[int, ...]:
        if self.winner is not None:
            return (1, 2) if self.winner == 0 else (2, 1)
        if self.game.alesia or self.position == 0:
            return (1, 1)
        return (1, 2) if self.position > 0 else (2, 1)

    def _end_reason(self) -> str:
        return self.reason

    def _ending(self) -> Ending:
        return text.ending(
            self.reason, self.turn, self.position, list(self.coins), self.game.alesia
        )

    def _metrics(self) -> dict[str, float]:
        return {"turns": float(self.turn), "coins_left": float(sum(self.coins))}


class OshiZumo(Game):
    id = "oshi_zumo"
    version = 1
    name_zh = "出价推相扑（Oshi-Zumo）"
    name_en = "Oshi-Zumo"
    min_players = 2
    max_players = 2
    state_class = OshiZumoState
    #: every card shown, bid revealed and point scored is logged as an event for who sees it
    #: (the conformance harness checks it)
    events_tell_all = True
    rules_package = "caiquan.games.oshi_zumo"
    # OpenSpiel declares oshi_zumo PERFECT_INFORMATION although the bids are simultaneous:
    # the state is public; only the current bids are unknown until both are revealed
    dynamics = "simultaneous"
    chance = "deterministic"
    information = "perfect"
    #: two simultaneous bids are a one-shot matrix game for ``nash``
    matrix_kinds: ClassVar[frozenset[str]] = frozenset({"bid"})
    #: every decision is a two-player bid, which ``ismcts`` hands to ``nash``: the search
    #: would play ``nash`` move for move (docs/bots.md), so hard is ``nash`` itself, which
    #: beats ``greedy`` (the budgeting rule of thumb) in every measured game
    strengths: ClassVar[Mapping[str, str]] = {"easy": "random", "medium": "greedy", "hard": "nash"}
    hooks: ClassVar[Mapping[str, str]] = {
        "strategy": ".strategy",
        "encoder": ".encoding:OshiZumoEncoder",
        "guide": "guide/guide.md",
        "learn": ".learn:hints",
    }
    options = (
        ConfigOption(
            "coins",
            50,
            "coins each player starts with",
            "每位玩家的初始硬币",
            minimum=1,
            maximum=100,
        ),
        ConfigOption(
            "size",
            3,
            "cells on each side of the centre (the wrestler is off after size + 1 steps)",
            "中央两侧各有的格数（推出格数 + 1 步即出场）",
            minimum=0,
            maximum=20,
        ),
        ConfigOption(
            "horizon",
            1000,
            "the most turns a game lasts",
            "一局最多的回合数",
            minimum=1,
            maximum=10000,
            # two players bidding 0 make a game as long as this: a server table stops sooner
            table_maximum=200,
        ),
        ConfigOption(
            "min_bid",
            0,
            "the smallest bid (a player with fewer coins bids all they have)",
            "最低出价（硬币不足时交出全部）",
            minimum=0,
            maximum=100,
        ),
        ConfigOption(
            "alesia",
            False,
            "Alesia rule: a game not won by pushing the wrestler off is a draw",
            "阿莱西亚规则：未把力士推出场外即为平局",
        ),
    )

    def _prepare(self) -> None:
        c: Mapping[str, Any] = self.config
        self.start_coins: int = int(c["coins"])
        self.size: int = int(c["size"])
        self.horizon: int = int(c["horizon"])
        self.min_bid: int = int(c["min_bid"])
        self.alesia: bool = bool(c["alesia"])
        if self.min_bid > self.start_coins:
            raise ConfigError(
                f"oshi_zumo: option 'min_bid' must be at most coins ({self.start_coins}), "
                f"got {self.min_bid}"
            )

    def ring(self, position: int) -> str:
        """The ring as OpenSpiel draws it: ``#`` the two edges, ``W`` the wrestler."""
        cells = ["."] * (2 * self.size + 3)
        cells[0] = cells[-1] = "#"
        cells[position + self.size + 1] = "W"
        return "".join(cells)

    @property
    def num_option_ids(self) -> int:
        return self.start_coins + 1  # bid 0 … coins

    def max_decisions(self) -> int:
        if self.min_bid == 0:
            return self.horizon
        # each turn a player pays at least min_bid, or all they have left: both are out of
        # coins (the game is over) after ⌈coins / min_bid⌉ turns at the latest
        return min(self.horizon, -(-self.start_coins // self.min_bid))

    def describe_option(self, option: int) -> Choice:
        return text.bid_choice(option)

    def catalogue(self) -> tuple[Entry, ...]:
        return (
            Entry(
                "piece",
                "coin",
                text.COIN,
                text.coin_text(self.start_coins, self.min_bid),
                {"start": self.start_coins, "min_bid": self.min_bid},
            ),
            Entry(
                "piece",
                "wrestler",
                text.WRESTLER,
                text.wrestler_text(self.size, self.horizon, self.alesia),
                {"size": self.size, "horizon": self.horizon, "alesia": self.alesia},
            ),
        )

    def format_event(
        self,
        event: Mapping[str, JSONValue],
        lang: str = "en",
        names: Sequence[str] | None = None,
    ) -> str:
        line = text.format_event(event, lang, names)
        return line if line is not None else super().format_event(event, lang, names)
