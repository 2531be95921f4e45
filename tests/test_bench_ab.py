"""``bench/ab.py``: the before/after timer refuses bad input and times its fixed work."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
AB = ROOT / "bench" / "ab.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run(
        [sys.executable, str(AB), *args], capture_output=True, text=True, env=env, timeout=300
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "name the commit to compare with: --before REV"),
        (("--before", "HEAD", "--work", "nope"), "unknown workload nope"),
        (("--before", "HEAD", "--rounds", "0"), "--rounds must be at least 1"),
    ],
)
def test_bad_arguments_get_one_usage_line(args: tuple[str, ...], message: str) -> None:
    out = _run(*args)
    assert out.returncode == 2
    assert message in out.stderr
    assert "Traceback" not in out.stderr


def test_the_fixed_ismcts_work_reports_cpu_seconds_and_the_path() -> None:
    out = _run("--child", "ismcts")
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got["cpu_s"] > 0
    assert got["path"].startswith(("compiled fast path", "pure Python", "partly compiled"))


def test_the_mccfr_work_runs_openspiel_external_sampling_on_the_adapter() -> None:
    pytest.importorskip("pyspiel", reason="the rl extra (open-spiel) is not installed")
    out = _run("--child", "mccfr-external", "--scale", "0.05")  # 5 iterations
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.strip().splitlines()[-1])["cpu_s"] > 0


def test_the_hard_lab_work_plays_fixed_budget_searches() -> None:
    from importlib.util import module_from_spec, spec_from_file_location

    spec = spec_from_file_location("ab", AB)
    assert spec is not None and spec.loader is not None
    ab = module_from_spec(spec)
    spec.loader.exec_module(ab)
    assert "promise-hard" in ab.DEFAULT_WORK and "promise-hard" in ab.WORKLOADS
    out = _run("--child", "promise-hard", "--scale", "0.5")  # one game
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout.strip().splitlines()[-1])["cpu_s"] > 0
