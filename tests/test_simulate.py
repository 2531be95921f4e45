"""Simulations: reproducible whatever the number of workers; summaries; records."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from caiquan.engine import ConfigError
from caiquan.games import replay
from caiquan.lab.simulate import iter_records, simulate, summarise, write_records

CFG = {"num_cards": 5, "imp_info": True}


def test_same_results_with_one_or_two_workers() -> None:
    one = simulate("goofspiel", CFG, ["random"], games=120, seed=9, chunk=25)
    two = simulate("goofspiel", CFG, ["random"], games=120, seed=9, chunk=25, workers=2)
    assert one == two
    s = summarise(one)
    assert s["games"] == 120
    assert sum(c["score"] for c in s["seats"]) == pytest.approx(120)
    assert s["metrics"]["turns"]["median"] == 5
    assert s["end_reasons"] == {"points": 1.0}


def test_records_replay(tmp_path: Path) -> None:
    sims = simulate("goofspiel", CFG, ["random"], games=5, seed=1, keep_records=True)
    path = tmp_path / "records.jsonl"
    write_records(sims, path)
    records = list(iter_records(path))
    assert len(records) == 5
    for rec, sim in zip(records, sims, strict=True):
        assert replay(json.dumps(rec)).outcome().ranks == sim.ranks


def test_bad_arguments() -> None:
    with pytest.raises(ConfigError):
        simulate("goofspiel", CFG, ["random"], games=0)
    with pytest.raises(ConfigError, match="no bot called"):
        simulate("goofspiel", CFG, ["nobody"], games=3)
    with pytest.raises(ConfigError, match="unknown option"):
        simulate("goofspiel", {"colour": "red"}, ["random"], games=3)


def test_simulate_cli() -> None:
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "caiquan",
            "simulate",
            "goofspiel",
            "-o",
            "num_cards=4",
            "-n",
            "30",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["games"] == 30 and len(data["seats"]) == 2
    r = subprocess.run(
        [sys.executable, "-m", "caiquan", "simulate", "goofspiel", "-n", "10"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0 and "seat 0:" in r.stdout and "draws:" in r.stdout
