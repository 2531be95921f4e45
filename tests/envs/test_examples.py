"""The examples in ``examples/`` run to completion in their short mode (a few seconds each)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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


@pytest.mark.parametrize("script", sorted(EXAMPLES))
def test_example_runs_in_short_mode(script: str) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "src"), env.get("PYTHONPATH")]))
    env["PYTHONWARNINGS"] = "error"
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / script), "--short"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert EXAMPLES[script] in done.stdout
