"""The architecture as contracts (import-linter, ``[tool.importlinter]`` in pyproject.toml):
every package of ``src/caiquan`` imports only the layers below it (cli, testing, bench, then
lab / envs / tui / server side by side, coach, bots, games, engine), and no package or
module imports a sibling that imports it back, and nothing the product runs imports the
developer's tool ``caiquan.fastgen`` (issue 53)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _config() -> dict[str, object]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    config: dict[str, object] = data["tool"]["importlinter"]
    return config


def test_every_package_is_in_a_layer() -> None:
    (layers,) = [c for c in _config()["contracts"] if c["type"] == "layers"]  # type: ignore[attr-defined]
    named = {m.strip() for layer in layers["layers"] for m in layer.split("|")}
    packages = {
        f"caiquan.{p.name}"
        for p in (ROOT / "src" / "caiquan").iterdir()
        if (p / "__init__.py").is_file()
    }
    assert packages == named, f"packages without a layer: {sorted(packages - named)}"


def test_the_import_contracts_hold() -> None:
    lint = Path(sys.executable).with_name("lint-imports")
    got = subprocess.run([str(lint)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert got.returncode == 0, got.stdout[-4000:] + got.stderr[-2000:]
    assert "3 kept, 0 broken" in got.stdout
