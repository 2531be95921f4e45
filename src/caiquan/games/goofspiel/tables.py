"""goofspiel's shipped equilibrium tables (``equilibria/``): the :class:`Solution` a bot
plays from, and how it is read and written. Computed by :mod:`.solve`
(``python -m caiquan.games.goofspiel.solve``); read by the heuristic (:mod:`.strategy`)."""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

Key = tuple[tuple[int, ...], str]  # (own bids as card indices 0…n−1, outcomes "WLT…")


@dataclass(frozen=True)
class Solution:
    """A solved game: the table (own bids, outcomes) → probabilities over cards 0…n−1,
    and how good it is."""

    num_cards: int
    num_turns: int
    order: str
    iterations: int
    nash_conv: float
    table: dict[Key, tuple[float, ...]]
    model_weight: float = 0.0
    #: against the model (the matching rule): expected result, P(win), P(loss)
    against_model: tuple[float, float, float] | None = None

    def to_json(self) -> dict[str, Any]:
        policy = {}
        rows = sorted(self.table.items(), key=lambda kv: (len(kv[0][0]), kv[0]))
        for (bids, outs), probs in rows:
            key = ",".join(str(b + 1) for b in bids) + "|" + outs
            policy[key] = {str(c + 1): q for c, q in enumerate(probs) if q > 0}
        return {
            "game": "goofspiel",
            "config": {
                "players": 2,
                "num_cards": self.num_cards,
                "num_turns": self.num_turns,
                "points_order": self.order,
                "imp_info": True,
                "returns_type": "win_loss",
            },
            "iterations": self.iterations,
            "nash_conv": self.nash_conv,
            "model": "greedy (the matching rule)" if self.model_weight > 0 else None,
            "model_weight": self.model_weight,
            "against_model": (
                None
                if self.against_model is None
                else dict(zip(("expected", "win", "loss"), self.against_model, strict=True))
            ),
            "policy": policy,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Solution:
        c = data["config"]
        n = int(c["num_cards"])
        table: dict[Key, tuple[float, ...]] = {}
        for key, probs in data["policy"].items():
            bids_s, outs = key.split("|")
            bids = tuple(int(b) - 1 for b in bids_s.split(",")) if bids_s else ()
            row = [0.0] * n
            for card, q in probs.items():
                row[int(card) - 1] = float(q)
            table[(bids, outs)] = tuple(row)
        vs = data.get("against_model")
        return cls(
            n,
            int(c["num_turns"]),
            str(c["points_order"]),
            int(data["iterations"]),
            float(data["nash_conv"]),
            table,
            float(data.get("model_weight", 0.0)),
            None if vs is None else (float(vs["expected"]), float(vs["win"]), float(vs["loss"])),
        )


# The tables goofspiel's bots play from, shipped beside this module (``equilibria/``) and
# written by ``python -m caiquan.games.goofspiel.solve`` (every fixed order, 2 … 6 cards).
TABLE_DIR = "equilibria"
SHIPPED_CARDS = range(2, 7)
ORDERS = ("descending", "ascending")


def table_name(num_cards: int, order: str) -> str:
    return f"{order}-{num_cards}.json.gz"


def write_table(solution: Solution, path: Path) -> None:
    """The table as gzipped JSON, byte for byte the same for the same solution."""
    data = json.dumps(solution.to_json(), separators=(",", ":"), sort_keys=False)
    path.write_bytes(gzip.compress(data.encode(), compresslevel=9, mtime=0))


@cache
def shipped(num_cards: int, order: str) -> Solution | None:
    """The shipped equilibrium table of two-player hidden-bid goofspiel with ``num_cards``
    cards in a fixed ``order``, every card played (None where none is shipped)."""
    if num_cards not in SHIPPED_CARDS or order not in ORDERS:
        return None
    res = resources.files(__package__).joinpath(TABLE_DIR, table_name(num_cards, order))
    if not res.is_file():  # pragma: no cover - every shipped table is tested
        return None
    return Solution.from_json(json.loads(gzip.decompress(res.read_bytes())))
