"""Observation encoders: an observation dict → a fixed-size ``float32`` vector.

The base of every game's encoder (a game names its subclass as its ``encoder`` hook; the
research adapters in :mod:`caiquan.envs` use it). An encoder reads the dict of
``state.observation(player)`` and nothing else, so it cannot leak hidden information. See
:mod:`caiquan.envs.tensors` for the conventions shared by all games and ``docs/envs.md`` for
each game's layout.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from .game import Game
from .types import JSONValue

Obs = Mapping[str, JSONValue]
Vector = npt.NDArray[np.float32]

LOW, HIGH = -1.0, 1.0
"""Bounds of every tensor entry (values are clipped)."""


@dataclass(frozen=True, slots=True)
class Segment:
    """One named slice of an observation tensor."""

    name: str
    offset: int
    length: int
    doc: str

    @property
    def slice(self) -> slice:
        return slice(self.offset, self.offset + self.length)


class Encoder:
    """Observation dict → fixed-length ``float32`` vector, for one game configuration.

    Subclasses declare their segments in ``_layout()`` with :meth:`_seg` and fill them in
    ``_fill(v, obs)``; the common header is handled here.
    """

    game_id: str = ""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.num_players = game.num_players
        self._segments: list[Segment] = []
        self._size = 0
        self._offsets: dict[str, int] = {}
        n = self.num_players
        self._seg("me", n, "one-hot: whose view this is")
        self._seg("to_move", n, "multi-hot: the players deciding now")
        self._seg("committed", n, "multi-hot: players whose face-down choice waits")
        self._seg("terminal", 1, "1 when the game is over")
        self._seg("progress", 1, "decisions so far / max_decisions")
        self._max_decisions = max(1, game.max_decisions())
        self._layout()

    # ------------------------------------------------------------------ public

    @property
    def size(self) -> int:
        """Length of every vector this encoder makes."""
        return self._size

    @property
    def segments(self) -> tuple[Segment, ...]:
        return tuple(self._segments)

    def segment(self, name: str) -> Segment:
        for s in self._segments:
            if s.name == name:
                return s
        raise KeyError(f"no segment {name!r}; segments: {[s.name for s in self._segments]}")

    def encode(self, obs: Obs | None) -> Vector:
        """The tensor of one observation (``None``: an all-zero vector, e.g. before a deal)."""
        v = np.zeros(self._size, dtype=np.float32)
        if obs is None:
            return v
        o = self._offsets
        n = self.num_players
        me = obs.get("player")
        if isinstance(me, int):
            v[o["me"] + me] = 1.0
        _multi(v, o["to_move"], n, obs.get("to_move"))
        _multi(v, o["committed"], n, obs.get("committed"))
        v[o["terminal"]] = 1.0 if obs.get("terminal") else 0.0
        v[o["progress"]] = _num(obs.get("move")) / self._max_decisions
        self._fill(v, obs)
        np.clip(v, LOW, HIGH, out=v)
        return v

    def describe(self) -> str:
        """The layout as a Markdown table (what ``docs/envs.md`` shows)."""
        lines = ["| segment | offset | length | meaning |", "|---|---|---|---|"]
        for s in self._segments:
            lines.append(f"| `{s.name}` | {s.offset} | {s.length} | {s.doc} |")
        lines.append(f"| *total* | | {self._size} | |")
        return "\n".join(lines)

    # ------------------------------------------------------------------ for subclasses

    def _seg(self, name: str, length: int, doc: str) -> int:
        if name in self._offsets:
            raise ValueError(f"segment {name!r} declared twice")
        self._segments.append(Segment(name, self._size, length, doc))
        self._offsets[name] = self._size
        self._size += length
        return self._size - length

    def _layout(self) -> None:
        """Declare the game's segments (after the header)."""

    def _fill(self, v: Vector, obs: Obs) -> None:
        """Write the game's segments."""

    def _off(self, name: str) -> int:
        return self._offsets[name]


# ---------------------------------------------------------------------- helpers


def _num(x: Any) -> float:
    return float(x) if isinstance(x, int | float) and not isinstance(x, bool) else 0.0


def _one(v: Vector, off: int, n: int, i: Any) -> None:
    """One-hot: a 1 at ``i`` if it is an int in ``range(n)``."""
    if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < n:
        v[off + i] = 1.0


def _multi(v: Vector, off: int, n: int, items: Any, base: int = 0) -> None:
    """Multi-hot: a 1 at each ``item − base`` in ``range(n)``."""
    if isinstance(items, list | tuple):
        for i in items:
            _one(v, off, n, i - base if isinstance(i, int) else None)


def _vocab(v: Vector, off: int, words: Sequence[str], word: Any) -> None:
    if isinstance(word, str) and word in words:
        v[off + words.index(word)] = 1.0


def _list(x: Any) -> list[Any]:
    return list(x) if isinstance(x, list | tuple) else []


# public names for encoders in game packages
num, one_hot, multi_hot, vocab, as_list = _num, _one, _multi, _vocab, _list

__all__ = [
    "HIGH",
    "LOW",
    "Encoder",
    "Obs",
    "Segment",
    "Vector",
    "as_list",
    "multi_hot",
    "num",
    "one_hot",
    "vocab",
]
