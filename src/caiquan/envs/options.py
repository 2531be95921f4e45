"""Options the research adapters share: what an illegal action does, and truncation.

``illegal`` — what the PettingZoo and Gymnasium envs do with an action that is not legal now:

* ``"penalty"`` (the default): the episode ends at once; the offender gets
  ``illegal_reward`` and every info says ``"illegal_action": True``;
* ``"raise"``: :class:`IllegalActionError` (a ``ValueError``), nothing is applied;
* ``"mask"``: the action is replaced by a legal one drawn uniformly by the env's seeded RNG,
  and the acting agent's info says so: ``info["replaced_action"] == {"requested": a,
  "played": b}``.

``max_steps`` — ``None`` (the default) never truncates; a positive ``n`` truncates the
episode after ``n`` steps (each adapter says what it counts). ``max_cycles`` — PettingZoo's
name for truncation, counted in cycles (:mod:`caiquan.envs.pettingzoo`), checked the same way.

>>> check_illegal("mask")
'mask'
>>> check_illegal("ignore")
Traceback (most recent call last):
...
ValueError: illegal must be one of 'penalty', 'raise', 'mask'; got 'ignore'
>>> check_max_steps(0)
Traceback (most recent call last):
...
ValueError: max_steps must be None (no truncation) or a positive integer; got 0
>>> check_max_cycles(2.5)
Traceback (most recent call last):
...
ValueError: max_cycles must be None (no truncation) or a positive integer; got 2.5
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import numpy as np

IllegalMode = Literal["penalty", "raise", "mask"]
ILLEGAL_MODES: tuple[str, ...] = ("penalty", "raise", "mask")


class IllegalActionError(ValueError):
    """An env made with ``illegal="raise"`` was given an action that is not legal now."""


def check_illegal(mode: Any) -> IllegalMode:
    """``mode`` if it is one of :data:`ILLEGAL_MODES`, else a ``ValueError`` naming them."""
    if not isinstance(mode, str) or mode not in ILLEGAL_MODES:
        names = ", ".join(repr(m) for m in ILLEGAL_MODES)
        raise ValueError(f"illegal must be one of {names}; got {mode!r}")
    return mode  # type: ignore[return-value]


def check_max_steps(max_steps: Any) -> int | None:
    """``None`` or a positive ``int``, else a ``ValueError``."""
    return _check_limit("max_steps", max_steps)


def check_max_cycles(max_cycles: Any) -> int | None:
    """``None`` or a positive ``int``, else a ``ValueError`` (as :func:`check_max_steps`)."""
    return _check_limit("max_cycles", max_cycles)


def _check_limit(name: str, value: Any) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 1:
        raise ValueError(
            f"{name} must be None (no truncation) or a positive integer; got {value!r}"
        )
    return int(value)


def legal_replacement(rng: np.random.Generator, legal: Sequence[int]) -> int:
    """A legal option drawn uniformly (the ``"mask"`` mode's replacement)."""
    return int(legal[int(rng.integers(len(legal)))])


def illegal_message(player: int, action: Any, legal: Sequence[int]) -> str:
    return f"player {player} cannot play {action!r} now; legal options: {list(legal)}"


__all__ = [
    "ILLEGAL_MODES",
    "IllegalActionError",
    "IllegalMode",
    "check_illegal",
    "check_max_cycles",
    "check_max_steps",
    "illegal_message",
    "legal_replacement",
]
