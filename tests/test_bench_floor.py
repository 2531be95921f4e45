"""``bench/pyspiel_floor.py``: the per-``child`` cost of a Python OpenSpiel game."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

FLOOR = Path(__file__).resolve().parent.parent / "bench" / "pyspiel_floor.py"


def _module():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("pyspiel_floor", FLOOR)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_floor_times_three_games_and_the_null_game_plays() -> None:
    mod = _module()
    game = mod._null_game()
    assert mod._null_game().get_type().short_name == game.get_type().short_name  # registers once
    s = game.new_initial_state()
    for _ in range(8):
        s = s.child(s.legal_actions()[0])
    assert s.is_terminal() and s.returns() == [0.0, 0.0] and len(s.history()) == 8
    out = mod.floor(number=50, repeat=1)
    assert set(out) == {"python-null", "caiquan", "cpp"}
    assert all(row["child_us"] > 0 and row["clone_us"] > 0 for row in out.values())
