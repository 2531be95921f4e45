"""Rock-paper-scissors primitives, generalised to any cyclic set of throws.

A :class:`Cycle` lists throws so that each beats the next ``(n − 1) / 2`` throws, wrapping
around. With three throws each beats the next one:

>>> RPS.beats("rock", "scissors"), RPS.beats("scissors", "paper"), RPS.beats("paper", "rock")
(True, True, True)
>>> BLADES.compare("slash", "pierce"), BLADES.compare("slash", "strike")
(1, -1)
>>> BLADES.zh
('斩击', '贯彻', '打击')
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Cycle:
    """A cyclic set of throws (odd size) where throw ``i`` beats ``i+1 … i+(n−1)/2``."""

    names: tuple[str, ...]
    zh: tuple[str, ...]
    en: tuple[str, ...]

    def __post_init__(self) -> None:
        n = len(self.names)
        if n < 3 or n % 2 == 0:
            raise ValueError(f"a throw cycle needs an odd number ≥ 3 of throws, got {n}")
        if not len(self.zh) == len(self.en) == n:
            raise ValueError("names, zh and en must have the same length")
        if len(set(self.names)) != n:
            raise ValueError("throw names must be distinct")

    def __len__(self) -> int:
        return len(self.names)

    def index(self, throw: str | int) -> int:
        if isinstance(throw, int):
            if not 0 <= throw < len(self.names):
                raise ValueError(f"no throw {throw}; throws are 0 … {len(self.names) - 1}")
            return throw
        try:
            return self.names.index(throw)
        except ValueError:
            raise ValueError(
                f"unknown throw {throw!r}; throws are {', '.join(self.names)}"
            ) from None

    def compare(self, a: str | int, b: str | int) -> int:
        """+1 if ``a`` beats ``b``, −1 if ``b`` beats ``a``, 0 for the same throw."""
        i, j = self.index(a), self.index(b)
        if i == j:
            return 0
        return 1 if (j - i) % len(self.names) <= len(self.names) // 2 else -1

    def beats(self, a: str | int, b: str | int) -> bool:
        return self.compare(a, b) == 1

    def beaten_by(self, throw: str | int) -> tuple[int, ...]:
        """The throws that beat ``throw``."""
        j = self.index(throw)
        return tuple(i for i in range(len(self.names)) if self.compare(i, j) == 1)

    def matrix(self) -> list[list[int]]:
        """The win/draw/loss payoff matrix (+1/0/−1) for the row player."""
        n = len(self.names)
        return [[self.compare(i, j) for j in range(n)] for i in range(n)]


RPS = Cycle(("rock", "scissors", "paper"), ("石头", "剪刀", "布"), ("rock", "scissors", "paper"))
"""Rock-paper-scissors (石头剪刀布): rock beats scissors, scissors paper, paper rock."""

BLADES = Cycle(
    ("slash", "pierce", "strike"), ("斩击", "贯彻", "打击"), ("slash", "pierce", "strike")
)
"""The throws of 猜拳战争●四年之约: 斩克贯、贯克打、打克斩 (slash > pierce > strike > slash)."""
