"""What any Python game pays per OpenSpiel ``child`` call: the floor under the adapter.

    PYTHONPATH=src python bench/pyspiel_floor.py            # µs per call, medians of 5
    PYTHONPATH=src python bench/pyspiel_floor.py --json

OpenSpiel's MCCFR solvers move through a game with ``state.child(action)``. For a game
written in Python, pybind11's ``PyState::Clone`` calls the game's ``new_initial_state`` and
deep-copies each attribute of the state, and ``ApplyAction`` calls back into Python for
``current_player`` and ``_apply_action``. This times ``child`` and ``clone`` on three games:
a Python game that does nothing (one integer of state; the floor any Python game pays
through C++), the adapter's goofspiel in its turn-based form (``caiquan_goofspiel``, 4
cards; its ``child`` and ``clone`` are Python methods that skip those trampolines and keep
the history themselves, so its ``child`` is the game's own work: copying and applying the
turn), and OpenSpiel's C++ goofspiel under ``convert_to_turn_based``, at the same node (after
the first bid) and in the same process. Needs the ``peers`` extra (``open_spiel``).
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import timeit
from typing import Any


def _null_game() -> Any:
    """A registered two-player Python game whose state is one counter (8 moves, 4 actions)."""
    import pyspiel

    gt = pyspiel.GameType(
        short_name="caiquan_bench_null",
        long_name="a Python game that does nothing (bench/pyspiel_floor.py)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={},
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=4,
        max_chance_outcomes=0,
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=8,
    )

    class NullState(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self.n = 0

        def current_player(self) -> int:
            return self.n % 2 if self.n < 8 else int(pyspiel.PlayerId.TERMINAL)

        def _legal_actions(self, player: int) -> list[int]:
            return [0, 1, 2, 3]

        def _apply_action(self, action: int) -> None:
            self.n += 1

        def is_terminal(self) -> bool:
            return self.n >= 8

        def returns(self) -> list[float]:
            return [0.0, 0.0]

        def __str__(self) -> str:
            return str(self.n)

    class NullGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: Any = None) -> None:
            super().__init__(gt, info, params or {})

        def new_initial_state(self) -> NullState:
            return NullState(self)

    if gt.short_name not in pyspiel.registered_names():
        pyspiel.register_game(gt, NullGame)
    return NullGame()


def floor(number: int = 20000, repeat: int = 5) -> dict[str, dict[str, float]]:
    """µs per ``child`` and per ``clone`` (medians of ``repeat`` timings of ``number`` calls)
    on the null Python game, the adapter's goofspiel and OpenSpiel's C++ goofspiel."""
    from caiquan.bench.mccfr import _games

    cpp, ours = _games()
    out: dict[str, dict[str, float]] = {}
    for name, game in (("python-null", _null_game()), ("caiquan", ours), ("cpp", cpp)):
        state = game.new_initial_state()
        node = state.child(state.legal_actions()[0])  # the second bid: it applies the turn
        action = node.legal_actions()[0]
        row = {}
        child = functools.partial(node.child, action)
        for what, call in (("child", child), ("clone", node.clone)):
            times = timeit.repeat(call, number=number, repeat=repeat)
            row[f"{what}_us"] = round(statistics.median(times) / number * 1e6, 2)
        out[name] = row
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--number", type=int, default=20000, help="calls per timing")
    ap.add_argument("--json", action="store_true", help="one JSON object on stdout")
    a = ap.parse_args()
    if a.number < 1:
        ap.error("--number must be at least 1")
    out = floor(a.number)
    if a.json:
        print(json.dumps(out))
        return
    for name, row in out.items():
        print(f"{name:12} child {row['child_us']:6.2f} µs   clone {row['clone_us']:6.2f} µs")


if __name__ == "__main__":
    main()
