"""The power table (战力值表): a 3×3 grid of the two players' throws, seen from player A.

``战力值 = (A's attribute − B's attribute) + 属性胜负值 + 武器补正 + 技能补正``; B's weapon and
skill bonuses are subtracted. A cell at or above A's threshold is A's win, at or below minus
B's threshold is B's win, anything between is a draw (unless a skill says a draw is a win).

The table is a value: a UI draws it, a bot solves it.

>>> t = compute_table((3, 3, 3), (3, 3, 3), 5, (), (), (), (5, 5), (False, False))
>>> [[c.verdict for c in row] for row in t.cells]
[['draw', 'A', 'B'], ['B', 'draw', 'A'], ['A', 'B', 'draw']]
>>> from caiquan.engine import solve_zero_sum
>>> [round(x, 3) for x in solve_zero_sum(t.matrix(0)).row]
[0.333, 0.333, 0.333]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from caiquan.engine import BLADES, JSONValue

from .effects import Effect

VERDICTS = ("A", "B", "draw")

PowerMod = tuple[int, int, int, int]
"""A skill's power change: (owner, owner's throw or −1, opponent's throw or −1, value)."""


@dataclass(frozen=True, slots=True)
class PowerCell:
    """One cell: A throws ``a``, B throws ``b``; its parts, total and verdict."""

    a: int
    b: int
    attributes: int
    win_value: int
    weapons: int
    skills: int
    total: int
    verdict: str  # "A", "B" or "draw"

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "a": BLADES.names[self.a],
            "b": BLADES.names[self.b],
            "attributes": self.attributes,
            "win_value": self.win_value,
            "weapons": self.weapons,
            "skills": self.skills,
            "total": self.total,
            "verdict": self.verdict,
        }


@dataclass(frozen=True, slots=True)
class PowerTable:
    """The 3×3 table: ``cells[a][b]`` for A's throw ``a`` and B's throw ``b``
    (0 slash 斩击, 1 pierce 贯彻, 2 strike 打击)."""

    cells: tuple[tuple[PowerCell, ...], ...]
    thresholds: tuple[int, int]  # A wins at ≥ thresholds[0]; B at ≤ −thresholds[1]
    draw_wins: tuple[bool, bool]

    def cell(self, a: int, b: int) -> PowerCell:
        return self.cells[a][b]

    def winner(self, a: int, b: int) -> int | None:
        """The winning player (0 = A, 1 = B) of a cell, or ``None`` for a draw."""
        v = self.cells[a][b].verdict
        return 0 if v == "A" else 1 if v == "B" else None

    def matrix(self, player: int) -> list[list[float]]:
        """+1 / 0 / −1 payoffs for ``player``, rows = ``player``'s throws (for a solver)."""
        sign = 1.0 if player == 0 else -1.0
        out = [[0.0] * 3 for _ in range(3)]
        for a in range(3):
            for b in range(3):
                w = self.winner(a, b)
                v = 0.0 if w is None else (1.0 if w == 0 else -1.0) * sign
                if player == 0:
                    out[a][b] = v
                else:
                    out[b][a] = v
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, JSONValue]) -> PowerTable:
        """The table back from :meth:`to_json` (e.g. from an observation's ``power_table``)."""
        cells = tuple(
            tuple(
                PowerCell(
                    BLADES.index(c["a"]),
                    BLADES.index(c["b"]),
                    c["attributes"],
                    c["win_value"],
                    c["weapons"],
                    c["skills"],
                    c["total"],
                    c["verdict"],
                )
                for c in row
            )
            for row in data["cells"]
        )
        ta, tb = data["thresholds"]
        da, db = data["draw_wins"]
        return cls(cells, (ta, tb), (da, db))

    def to_json(self) -> dict[str, JSONValue]:
        return {
            "rows": _ROWS,
            "cols": _COLS,
            "cells": [[c.to_json() for c in row] for row in self.cells],
            "thresholds": list(self.thresholds),
            "draw_wins": list(self.draw_wins),
        }


def weapon_power(effects: Sequence[Effect], mine: int, theirs: int) -> int:
    """The power a weapon adds, for its owner, when they throw ``mine`` against ``theirs``."""
    total = 0
    for e in effects:
        if e.kind == "power" and e.me in (-1, mine) and e.them in (-1, theirs):
            total += e.value
    return total


_ROWS = "A's throw (slash, pierce, strike)"
_COLS = "B's throw (slash, pierce, strike)"

# 属性胜负值 sign of each (A's throw, B's throw): +1 A's throw wins, −1 B's, 0 the same throw
WIN_SIGN = tuple(tuple(BLADES.compare(a, b) for b in range(3)) for a in range(3))


def compute_cell(
    a: int,
    b: int,
    attack_a: Sequence[int],
    attack_b: Sequence[int],
    win_value: int,
    weapon_a: Sequence[Effect],
    weapon_b: Sequence[Effect],
    mods: Sequence[PowerMod],
    thresholds: tuple[int, int],
    draw_wins: tuple[bool, bool],
) -> PowerCell:
    """One cell of the table (A throws ``a``, B throws ``b``): its parts, total and verdict.

    :func:`compute_table` is made of these cells; settlement reads the same numbers through
    :func:`cell_values` (no cell object built on the hot path).
    """
    return PowerCell(
        a,
        b,
        *cell_values(
            a, b, attack_a, attack_b, win_value, weapon_a, weapon_b, mods, thresholds, draw_wins
        ),
    )


def cell_values(
    a: int,
    b: int,
    attack_a: Sequence[int],
    attack_b: Sequence[int],
    win_value: int,
    weapon_a: Sequence[Effect],
    weapon_b: Sequence[Effect],
    mods: Sequence[PowerMod],
    thresholds: tuple[int, int],
    draw_wins: tuple[bool, bool],
) -> tuple[int, int, int, int, int, str]:
    """A cell's fields after ``a`` and ``b``, as a plain tuple: attributes, win value,
    weapons, skills, total, verdict ("A", "B" or "draw"). Settlement calls this at every
    battle, so it builds no :class:`PowerCell` (a frozen dataclass's constructor was 4 % of
    a search's time)."""
    attributes = attack_a[a] - attack_b[b]
    wv = win_value * WIN_SIGN[a][b]
    weapons = 0
    if weapon_a:
        weapons += weapon_power(weapon_a, a, b)
    if weapon_b:
        weapons -= weapon_power(weapon_b, b, a)
    skills = 0
    for owner, me, them, value in mods:
        mine, theirs = (a, b) if owner == 0 else (b, a)
        if me in (-1, mine) and them in (-1, theirs):
            skills += value if owner == 0 else -value
    total = attributes + wv + weapons + skills
    if total >= thresholds[0]:
        verdict = "A"
    elif total <= -thresholds[1]:
        verdict = "B"
    elif draw_wins[0] != draw_wins[1]:
        verdict = "A" if draw_wins[0] else "B"
    else:
        verdict = "draw"
    return attributes, wv, weapons, skills, total, verdict


def table_json(
    attack_a: Sequence[int],
    attack_b: Sequence[int],
    win_value: int,
    weapon_a: Sequence[Effect],
    weapon_b: Sequence[Effect],
    mods: Sequence[PowerMod],
    thresholds: tuple[int, int],
    draw_wins: tuple[bool, bool],
) -> dict[str, JSONValue]:
    """``compute_table(...).to_json()`` without the cell and table objects: an observation
    shows the table, and a search's root compares many observations."""
    names = BLADES.names
    rows: list[JSONValue] = []
    for a in range(3):
        row: list[JSONValue] = []
        for b in range(3):
            attributes, wv, weapons, skills, total, verdict = cell_values(
                a, b, attack_a, attack_b, win_value, weapon_a, weapon_b, mods, thresholds, draw_wins
            )
            row.append(
                {
                    "a": names[a],
                    "b": names[b],
                    "attributes": attributes,
                    "win_value": wv,
                    "weapons": weapons,
                    "skills": skills,
                    "total": total,
                    "verdict": verdict,
                }
            )
        rows.append(row)
    return {
        "rows": _ROWS,
        "cols": _COLS,
        "cells": rows,
        "thresholds": list(thresholds),
        "draw_wins": list(draw_wins),
    }


def compute_table(
    attack_a: Sequence[int],
    attack_b: Sequence[int],
    win_value: int,
    weapon_a: Sequence[Effect],
    weapon_b: Sequence[Effect],
    mods: Sequence[PowerMod],
    thresholds: tuple[int, int],
    draw_wins: tuple[bool, bool],
) -> PowerTable:
    """Build the table from its parts (see the module docstring)."""
    rows = tuple(
        tuple(
            compute_cell(
                a, b, attack_a, attack_b, win_value, weapon_a, weapon_b, mods, thresholds, draw_wins
            )
            for b in range(3)
        )
        for a in range(3)
    )
    return PowerTable(rows, thresholds, draw_wins)
