"""The examples in ``examples/`` run to completion in their short mode (a few seconds each);
the MaskablePPO example's code path with its stub policy (sb3-contrib is not installed here)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")
pytest.importorskip("pyspiel", reason="the rl extra (open-spiel) is not installed")

ROOT = Path(__file__).parents[2]
EXAMPLES = {
    "pettingzoo_random.py": "agent steps/s",
    "gymnasium_train.py": "win rate against random",
    "openspiel_cfr.py": "NashConv",
}
HAVE_SB3 = importlib.util.find_spec("sb3_contrib") is not None


def run_example(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "src"), env.get("PYTHONPATH")]))
    env["PYTHONWARNINGS"] = "error"
    return subprocess.run(
        [sys.executable, str(ROOT / "examples" / script), *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )


@pytest.mark.parametrize("script", sorted(EXAMPLES))
def test_example_runs_in_short_mode(script: str) -> None:
    done = run_example(script, "--short")
    assert done.returncode == 0, done.stderr
    assert EXAMPLES[script] in done.stdout


def test_maskable_ppo_example_with_the_stub_policy() -> None:
    done = run_example("maskable_ppo_promise.py", "--short", "--stub")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "policy: stub" in lines[0]
    for label in ("before training", "after training"):
        line = next(x for x in lines if x.startswith(label))
        assert "win rate against greedy" in line and "in 6 games" in line
    assert "trained 200 steps" in done.stdout


def test_maskable_ppo_example_without_sb3_contrib_says_so() -> None:
    done = run_example("maskable_ppo_promise.py", "--short")
    if HAVE_SB3:  # a machine with sb3-contrib trains for real, briefly
        assert done.returncode == 0, done.stderr
        assert "MaskablePPO" in done.stdout and "after training" in done.stdout
    else:
        assert done.returncode == 1
        assert "needs sb3-contrib" in done.stderr and "--stub" in done.stderr
        assert done.stdout == ""


def load_example(name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, ROOT / "examples" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_maskable_ppo_example_evaluation_and_stub() -> None:
    ex = load_example("maskable_ppo_promise")
    env = ex.make_env()
    assert env.illegal == "raise" and env.bots[1].name == "greedy"
    first = ex.evaluate(env, ex.StubPolicy(env, seed=3), games=12)
    again = ex.evaluate(env, ex.StubPolicy(env, seed=3), games=12)
    assert first == again  # the same deals, the same stub draws
    assert first["rate"] == first["wins"] / 12 and first["wins"] + first["draws"] <= 12
    lo, hi = first["ci"]
    assert lo <= first["rate"] <= hi
    assert ex.report("x", first).startswith(f"x: win rate against greedy {first['rate']:.1%}")

    steps = 0
    step = env.step

    def counting(action: int) -> Any:
        nonlocal steps
        steps += 1
        return step(action)

    env.step = counting  # type: ignore[method-assign]
    ex.StubPolicy(env, seed=1).learn(total_timesteps=150)  # several episodes
    assert steps == 150

    class Unmasked:
        """Ignores the mask: the example's env raises rather than hide it in the reward."""

        def predict(self, obs: Any, *, action_masks: Any, deterministic: bool) -> Any:
            return int(np.flatnonzero(~action_masks)[0]), None

    from caiquan.envs.options import IllegalActionError

    with pytest.raises(IllegalActionError):
        ex.evaluate(ex.make_env(), Unmasked(), games=1)
