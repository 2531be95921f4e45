"""How the suite reports itself (issue 22): a test module that skips for a missing extra is
counted once, not a second time by ``--doctest-modules`` importing it again."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_a_module_skipped_for_a_missing_extra_is_counted_once(tmp_path: Path) -> None:
    # a stand-in ``ray`` whose import fails, as on a machine without the ray extra
    stand_in = "raise ModuleNotFoundError(\"No module named 'ray'\", name='ray')\n"
    (tmp_path / "ray.py").write_text(stand_in)
    paths = [str(tmp_path), os.environ.get("PYTHONPATH", "")]
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            "-rs",
            "-p",
            "no:cacheprovider",
            "tests/lab/test_ray.py",
        ],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    skips = [line for line in run.stdout.splitlines() if line.startswith("SKIPPED")]
    assert len(skips) == 1, run.stdout + run.stderr
    assert skips[0].startswith("SKIPPED [1] tests/lab/test_ray.py"), skips
