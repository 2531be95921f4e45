"""Goofspiel's benchmark workloads (its ``bench`` hook).

* ``WORKLOADS``: OpenSpiel's benchmark setting, 13 cards in descending order with hidden bids
  (``caiquan bench`` and ``bench --peers``, which times OpenSpiel's own goofspiel on it).
* :func:`nash_conv_config`: the exploitability benchmark's NashConv table
  (:mod:`caiquan.bench.exploitability`): without chance (points in descending order) and with
  hidden bids, OpenSpiel's reference setting, small enough for an exact best response.
"""

from __future__ import annotations

from typing import Any

WORKLOADS: tuple[dict[str, Any], ...] = (
    {"num_cards": 13, "points_order": "descending", "imp_info": True},
)


def nash_conv_config(size: int) -> dict[str, Any]:
    """Goofspiel with ``size`` cards, points in descending order, hidden bids."""
    return {"num_cards": size, "points_order": "descending", "imp_info": True}
