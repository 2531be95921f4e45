"""Side-by-side measurements against the research frameworks (``caiquan bench --peers``).

Every figure is the median of ``repeats`` runs of ``seconds`` of random play in this process,
so ratios between caiquan and its peers are comparable even on a busy machine. Peers that are
not installed (the ``peers`` extra: OpenSpiel, PettingZoo, RLCard) are reported as missing.
One joint reveal counts as one step.
"""

from __future__ import annotations

import copy
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from caiquan.engine import Rng, State
from caiquan.engine.matrix import solve_lp, solve_small
from caiquan.games import load_game


def _median_rate(run: Callable[[float], tuple[int, float]], seconds: float, repeats: int) -> float:
    return statistics.median(n / el for n, el in (run(seconds) for _ in range(repeats)))


def _per_call_us(fn: Callable[[], object], seconds: float = 0.3) -> float:
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(50):
            fn()
        n += 50
    return (time.perf_counter() - start) / n * 1e6


# ---------------------------------------------------------------------------- caiquan


def _ours(
    game_id: str, config: dict[str, Any]
) -> tuple[Callable[[float], tuple[int, float]], State]:
    game = load_game(game_id, config)
    rng = Rng(1)
    mid: list[State] = []

    def run(seconds: float) -> tuple[int, float]:
        steps = 0
        start = time.perf_counter()
        while True:
            s = game.new_state(rng.next_u64())
            while not s.is_terminal():
                s.apply([rng.choice(s.legal(p)) for p in s.to_move()])
                steps += 1
                if not mid and s.move_number >= game.max_decisions() // 4 and not s.is_terminal():
                    mid.append(s.clone())
            el = time.perf_counter() - start
            if el >= seconds:
                return steps, el

    run(0.05)
    return run, mid[0] if mid else game.new_state(0)


def measure_ours(seconds: float, repeats: int) -> dict[str, dict[str, float]]:
    out = {}
    setups = {
        "goofspiel-13": (
            "goofspiel",
            {"num_cards": 13, "points_order": "descending", "imp_info": True},
        ),
        "promise": ("promise", {}),
        "drama": ("drama", {}),
        "legends-4": ("legends", {"players": 4}),
    }
    for name, (gid, cfg) in setups.items():
        run, mid = _ours(gid, cfg)
        out[name] = {
            "steps_per_s": _median_rate(run, seconds, repeats),
            "clone_us": _per_call_us(mid.clone),
        }
    rps = [[0.0, -1.0, 1.0], [1.0, 0.0, -1.0], [-1.0, 1.0, 0.0]]
    biased = [[0.0, 2.0, -1.0], [-2.0, 0.0, 1.0], [1.0, -1.0, 0.0]]
    out["solve-3x3-kernel"] = {
        "us": statistics.median(_per_call_us(lambda m=m: solve_small(m)) for m in (rps, biased))
    }
    out["solve-3x3-highs"] = {"us": _per_call_us(lambda: solve_lp(biased), 0.5)}
    out["ismcts-promise"] = {"iterations_per_s": _ismcts_rate(seconds)}
    return out


def _ismcts_rate(seconds: float) -> float:
    from caiquan.bots import ISMCTSBot
    from caiquan.engine import PlayerView

    game = load_game("promise")
    s = game.new_state(3)
    rng = Rng(2)
    while s.move_number < 6 and not s.is_terminal():
        s.apply([rng.choice(s.legal(p)) for p in s.to_move()])
    bot = ISMCTSBot(seconds=seconds)
    start = time.perf_counter()
    bot.decide(PlayerView(s, s.to_move()[0]), Rng(5))
    return bot.last_iterations / (time.perf_counter() - start)


# ---------------------------------------------------------------------------- peers


def measure_openspiel(seconds: float, repeats: int) -> dict[str, dict[str, float]]:
    import pyspiel

    out: dict[str, dict[str, float]] = {}
    names = {
        "openspiel-goofspiel-13": "goofspiel(num_cards=13,points_order=descending,imp_info=True)",
    }
    try:
        import open_spiel.python.games  # noqa: F401  (registers the pure-Python games)

        names.update(
            {
                "openspiel-python-tic-tac-toe": "python_tic_tac_toe",
                "openspiel-python-liars-poker": "python_liars_poker",
                "openspiel-python-kuhn-poker": "python_kuhn_poker",
            }
        )
    except ImportError:
        pass
    for name, spec in names.items():
        game = pyspiel.load_game(spec)
        r = random.Random(1)
        mid: list[Any] = []

        def run(
            sec: float, game: Any = game, r: random.Random = r, mid: list[Any] = mid
        ) -> tuple[int, float]:
            steps = 0
            start = time.perf_counter()
            while True:
                s = game.new_initial_state()
                while not s.is_terminal():
                    if s.is_chance_node():
                        outcomes, probs = zip(*s.chance_outcomes(), strict=True)
                        s.apply_action(r.choices(outcomes, probs)[0])
                        continue
                    if s.is_simultaneous_node():
                        s.apply_actions(
                            [r.choice(s.legal_actions(p)) for p in range(game.num_players())]
                        )
                    else:
                        s.apply_action(r.choice(s.legal_actions()))
                    steps += 1
                    if not mid and steps > 3 and not s.is_terminal():
                        mid.append(s.clone())
                el = time.perf_counter() - start
                if el >= sec:
                    return steps, el

        run(0.05)
        state = mid[0] if mid else game.new_initial_state()
        out[name] = {
            "steps_per_s": _median_rate(run, seconds, repeats),
            "clone_us": _per_call_us(state.clone),
        }
    return out


def measure_pettingzoo(seconds: float, repeats: int) -> dict[str, dict[str, float]]:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from pettingzoo.classic import leduc_holdem_v4

        env = leduc_holdem_v4.env()
        r = random.Random(1)

        def run(sec: float) -> tuple[int, float]:
            steps = 0
            start = time.perf_counter()
            while True:
                env.reset(seed=r.randrange(1 << 30))
                for _agent in env.agent_iter():
                    obs, _rew, term, trunc, _info = env.last()
                    if term or trunc:
                        env.step(None)
                        continue
                    mask = obs["action_mask"]
                    env.step(r.choice([i for i, m in enumerate(mask) if m]))
                    steps += 1
                el = time.perf_counter() - start
                if el >= sec:
                    return steps, el

        rate = _median_rate(run, seconds, repeats)
        env.reset(seed=3)
        clone = _per_call_us(lambda: copy.deepcopy(env), 0.3)
    return {"pettingzoo-leduc": {"steps_per_s": rate, "clone_us": clone}}


def measure_rlcard(seconds: float, repeats: int) -> dict[str, dict[str, float]]:
    import rlcard

    out = {}
    for name in ("doudizhu", "uno"):
        env = rlcard.make(name, config={"seed": 1})
        r = random.Random(1)

        def run(sec: float, env: Any = env, r: random.Random = r) -> tuple[int, float]:
            steps = 0
            start = time.perf_counter()
            while True:
                state, _player = env.reset()
                while not env.is_over():
                    legal = list(state["legal_actions"].keys())
                    state, _player = env.step(r.choice(legal))
                    steps += 1
                el = time.perf_counter() - start
                if el >= sec:
                    return steps, el

        rate = _median_rate(run, seconds, repeats)
        env.reset()
        out[f"rlcard-{name}"] = {
            "steps_per_s": rate,
            "clone_us": _per_call_us(lambda env=env: copy.deepcopy(env.game)),
        }
    return out


def run_peers(seconds: float = 1.0, repeats: int = 3) -> dict[str, Any]:
    """All measurements, the missing peers, and the issue's target ratios."""
    results: dict[str, dict[str, float]] = {}
    missing: dict[str, str] = {}
    results.update(measure_ours(seconds, repeats))
    for label, fn in (
        ("openspiel", measure_openspiel),
        ("pettingzoo", measure_pettingzoo),
        ("rlcard", measure_rlcard),
    ):
        try:
            results.update(fn(seconds, repeats))
        except ImportError as err:
            missing[label] = f"not installed ({err.name}); pip install -e '.[peers]'"
    return {"results": results, "missing": missing, "targets": targets(results)}


def targets(r: dict[str, dict[str, float]]) -> list[dict[str, Any]]:
    """The performance targets as measured ratios (None where a peer is missing)."""

    def ratio(a: str, b: str, key: str = "steps_per_s") -> float | None:
        if a in r and b in r:
            return r[a][key] / r[b][key]
        return None

    rows: list[tuple[str, float | None, str, float]] = [
        (
            "goofspiel steps/s vs OpenSpiel C++",
            ratio("goofspiel-13", "openspiel-goofspiel-13"),
            ">=",
            0.5,
        ),
        (
            "goofspiel clone vs OpenSpiel C++",
            ratio("goofspiel-13", "openspiel-goofspiel-13", "clone_us"),
            "<=",
            3.0,
        ),
        (
            "promise vs OpenSpiel python tic-tac-toe",
            ratio("promise", "openspiel-python-tic-tac-toe"),
            ">=",
            2.0,
        ),
        (
            "drama vs OpenSpiel python tic-tac-toe",
            ratio("drama", "openspiel-python-tic-tac-toe"),
            ">=",
            2.0,
        ),
        (
            "legends-4 vs OpenSpiel python tic-tac-toe",
            ratio("legends-4", "openspiel-python-tic-tac-toe"),
            ">=",
            1.0,
        ),
        ("promise vs PettingZoo leduc", ratio("promise", "pettingzoo-leduc"), ">=", 5.0),
        ("drama vs PettingZoo leduc", ratio("drama", "pettingzoo-leduc"), ">=", 5.0),
        ("legends-4 vs PettingZoo leduc", ratio("legends-4", "pettingzoo-leduc"), ">=", 5.0),
        ("3x3 solve (µs)", r.get("solve-3x3-kernel", {}).get("us"), "<=", 20.0),
        (
            "ISMCTS iterations/s on promise",
            r.get("ismcts-promise", {}).get("iterations_per_s"),
            ">=",
            2000.0,
        ),
    ]
    out = []
    for name, value, op, goal in rows:
        met = None if value is None else (value >= goal if op == ">=" else value <= goal)
        out.append({"target": name, "value": value, "goal": f"{op} {goal:g}", "met": met})
    return out
