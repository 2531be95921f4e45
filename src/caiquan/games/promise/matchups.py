"""promise's own analysis of each character pairing, beside the lab's matchup matrix (the
``matchups`` hook, see :mod:`caiquan.engine.describe`).

For each ordered pair (``a`` as A, ``b`` as B): the pair's *initial* power table (attributes
and win value only: no weapons, no skills) solved as a zero-sum throw, +1 for A's win and −1
for B's. A non-zero value means one character's attributes beat the other's before any card
is played.

>>> from caiquan.games import load_game
>>> out = power_tables(load_game("promise"), ["sword", "fist"])
>>> out["pairs"]["sword"]["fist"]["value"] == -out["pairs"]["fist"]["sword"]["value"]
True
"""

from __future__ import annotations

from collections.abc import Sequence

from caiquan.engine import BLADES, JSONValue, solve_zero_sum

from .rules import Promise
from .table import compute_table

TITLE = {
    "zh": "初始战力值表的均衡（行角色为 A）",
    "en": "Initial power-table equilibrium (row character as A)",
}
NOTE = {
    "zh": "以胜 +1、负 −1 计的零和出招的值；悬停单元格可见均衡混合（"
    + "/".join(BLADES.zh)
    + "）。",
    "en": "Value of the zero-sum throw with +1 for a win, −1 for a loss; hover a cell for the"
    f" equilibrium mix ({'/'.join(BLADES.names)}).",
}


def power_tables(game: Promise, values: Sequence[str]) -> dict[str, JSONValue]:
    """Every ordered pair of the characters ``values``: value and equilibrium mix for A."""
    data = game.data
    chars = {c.id: c for c in game.content.characters}
    pairs: dict[str, JSONValue] = {}
    for a in values:
        row: dict[str, JSONValue] = {}
        for b in values:
            if a == b:
                continue
            t = compute_table(
                chars[a].attack,
                chars[b].attack,
                data.win_value,
                (),
                (),
                (),
                (data.win_threshold, data.win_threshold),
                (False, False),
            )
            sol = solve_zero_sum(t.matrix(0))
            mix = [round(x, 4) for x in sol.row]
            shown = "/".join(f"{x:.2f}" for x in mix)
            row[b] = {
                "value": round(sol.value, 4),
                "mix": list(mix),
                "verdicts": [[c.verdict for c in r] for r in t.cells],
                "detail": {
                    "zh": f"混合 {'/'.join(BLADES.zh)} {shown}",
                    "en": f"mix {'/'.join(BLADES.names)} {shown}",
                },
            }
        pairs[a] = row
    return {"title": dict(TITLE), "note": dict(NOTE), "pairs": pairs}
