"""The example plug-in game, ``wager`` (examples/caiquan-wager: its own distribution), runs in
this suite: its tests are in ``testpaths`` and skip only where it is not installed. CI
installs it (``.ci/run``), so there a missing install is a failure, never a skip."""

from __future__ import annotations

import os
import tomllib
from importlib import metadata, util
from pathlib import Path

import pytest

from caiquan.games import BUILTIN, GROUP, game_ids

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "caiquan-wager"


def test_the_example_is_installed_where_ci_runs() -> None:
    if util.find_spec("caiquan_wager") is None:
        if os.environ.get("CI"):
            pytest.fail("CI must install the example: pip install -e examples/caiquan-wager")
        pytest.skip("the example plug-in is not installed: pip install -e examples/caiquan-wager")
    assert "wager" in game_ids() and "wager" not in BUILTIN
    assert metadata.distribution("caiquan-wager").entry_points.select(group=GROUP)


def test_the_suite_collects_the_examples_tests_and_ci_installs_it() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    assert "examples/caiquan-wager/tests" in pyproject["tool"]["pytest"]["ini_options"]["testpaths"]
    assert "pip install -q -e examples/caiquan-wager" in (ROOT / ".ci" / "run").read_text()
    example = tomllib.loads((EXAMPLE / "pyproject.toml").read_text("utf-8"))
    assert example["project"]["entry-points"][GROUP] == {"wager": "caiquan_wager:Wager"}
