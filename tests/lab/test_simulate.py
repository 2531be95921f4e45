"""Simulations: byte-identical whatever the jobs, streamed to Parquet, resumable."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from caiquan.engine import ConfigError
from caiquan.lab.simulate import (
    dumps,
    iter_rows,
    make_spec,
    read_meta,
    run,
    simulate,
    summarise_file,
)

CFG = {"num_cards": 5, "imp_info": True}


def test_same_bytes_with_one_or_two_jobs(tmp_path: Path) -> None:
    spec = make_spec("goofspiel", CFG, ["random"], 130, seed=9, chunk=25)
    one = run(spec, tmp_path / "one.parquet", jobs=1)
    two = run(spec, tmp_path / "two.parquet", jobs=2)
    assert one.read_bytes() == two.read_bytes()
    s1, s2 = summarise_file(one), summarise_file(two)
    assert dumps(s1) == dumps(s2)
    assert s1["games"] == 130
    assert sum(c["score"] for c in s1["seats"]) == pytest.approx(130)
    assert s1["metrics"]["turns"]["median"] == 5
    assert s1["end_reasons"] == {"points": 1.0}
    rows = list(iter_rows(one))
    assert [r["game"] for r in rows] == list(range(130))
    assert read_meta(one)["seed"] == 9
    assert not (tmp_path / "one.parquet.parts").exists()


def test_rows_hold_labels_metrics_and_cards() -> None:
    rows = simulate("legends", {"players": 3}, ["random"], 6, seed=2, analyse=True)
    assert len(rows) == 6
    for r in rows:
        assert len(r["ranks"]) == 3 and len(r["cards"]) == 3
        assert r["reason"] in ("stars", "continents", "no_progress", "cap")
        assert r["metrics"]["rounds"] >= 1 and r["metrics"]["decisions"] == r["decisions"]
        assert 0 <= r["forced"] <= r["moves"]
        assert sum(k[0] for k in r["kinds"].values()) == r["moves"]
    assert any(r["cards"][0] for r in rows)
    promise = simulate("promise", {}, ["random"], 3, seed=1, analyse=True)
    assert {"character", "seat"} <= set(promise[0]["labels"])
    throws = promise[0]["kinds"]["throw"]
    assert throws[2] > 0 and 0 <= throws[3] <= throws[2]  # dominance checked at throws


class Stop(Exception):
    pass


def test_interrupted_run_resumes(tmp_path: Path) -> None:
    spec = make_spec("goofspiel", CFG, ["random"], 100, seed=4, chunk=20)
    whole = run(spec, tmp_path / "whole.parquet")
    out = tmp_path / "resumed.parquet"

    def stop_after_two(done: int, total: int) -> None:
        if done >= 40:
            raise Stop

    with pytest.raises(Stop):
        run(spec, out, progress=stop_after_two)
    assert not out.exists()
    assert len(list((tmp_path / "resumed.parquet.parts").glob("*.parquet"))) == 2
    seen: list[int] = []
    run(spec, out, jobs=2, progress=lambda done, total: seen.append(done))
    assert seen[0] == 40  # the two chunks on disk were kept
    assert out.read_bytes() == whole.read_bytes()
    # a complete file with the same description is not played again
    seen.clear()
    run(spec, out, progress=lambda done, total: seen.append(done))
    assert seen == [100]


def test_a_results_file_of_other_rules_is_played_again(tmp_path: Path) -> None:
    """A complete file made under another rules version (or release) is not taken as done:
    its games were played by other rules."""
    import dataclasses

    from caiquan.games import game_class

    spec = make_spec("goofspiel", CFG, ["random"], 40, seed=3, chunk=20)
    assert spec.rules_version == game_class("goofspiel").version and spec.caiquan
    out = tmp_path / "r.parquet"
    run(dataclasses.replace(spec, rules_version=spec.rules_version - 1), out)
    seen: list[int] = []
    run(spec, out, progress=lambda done, total: seen.append(done))
    assert seen[0] == 0 and seen[-1] == 40  # played again, not resumed
    assert read_meta(out)["rules_version"] == spec.rules_version
    seen.clear()
    run(dataclasses.replace(spec, caiquan="0.0.0-other"), out, progress=lambda d, t: seen.append(d))
    assert seen[0] == 0


def test_parts_of_another_run_are_discarded(tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    other = make_spec("goofspiel", CFG, ["random"], 40, seed=1, chunk=20)

    def stop(done: int, total: int) -> None:
        if done >= 20:
            raise Stop

    with pytest.raises(Stop):
        run(other, out, progress=stop)
    spec = make_spec("goofspiel", CFG, ["random"], 40, seed=2, chunk=20)
    seen: list[int] = []
    run(spec, out, progress=lambda done, total: seen.append(done))
    assert seen[0] == 0
    assert read_meta(out)["seed"] == 2


def test_a_longer_run_reuses_whole_chunks_only(tmp_path: Path) -> None:
    out = tmp_path / "r.parquet"
    short = make_spec("goofspiel", CFG, ["random"], 30, seed=3, chunk=20)

    def stop(done: int, total: int) -> None:
        if done >= 30:
            raise Stop

    with pytest.raises(Stop):  # leaves chunk 0 (20 games) and chunk 1 (10 games)
        run(short, out, progress=stop)
    longer = make_spec("goofspiel", CFG, ["random"], 60, seed=3, chunk=20)
    seen: list[int] = []
    run(longer, out, progress=lambda done, total: seen.append(done))
    assert seen[0] == 20  # the short last chunk was played again
    assert out.read_bytes() == run(longer, tmp_path / "fresh.parquet").read_bytes()


def test_bad_arguments(tmp_path: Path) -> None:
    with pytest.raises(ConfigError):
        make_spec("goofspiel", CFG, ["random"], games=0)
    with pytest.raises(ConfigError, match="no bot called"):
        make_spec("goofspiel", CFG, ["nobody"], games=3)
    with pytest.raises(ConfigError, match="unknown option"):
        make_spec("goofspiel", {"colour": "red"}, ["random"], games=3)
    spec = make_spec("goofspiel", CFG, ["random"], games=3)
    with pytest.raises(ConfigError, match="backend"):
        run(spec, tmp_path / "x.parquet", backend="spark")
    with pytest.raises(ConfigError, match="jobs"):
        run(spec, tmp_path / "x.parquet", jobs=0)


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "caiquan", *args], capture_output=True, text=True, timeout=120
    )


def test_simulate_cli(tmp_path: Path) -> None:
    out = tmp_path / "res.parquet"
    r = cli("simulate", "goofspiel", "-o", "num_cards=4", "-n", "30", "--json", "--out", str(out))
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["games"] == 30 and len(data["seats"]) == 2
    assert data == summarise_file(out) | {"caiquan": data["caiquan"]}
    r = cli("simulate", "legends", "--players", "3", "-n", "4", "--seed", "2", "-j", "2")
    assert r.returncode == 0, r.stderr
    assert "seat 2:" in r.stdout and "draws:" in r.stdout
    r = cli("simulate", "goofspiel", "--backend", "spark", "-n", "2")
    assert r.returncode == 1 and r.stderr.startswith("error: backend")
    r = cli("simulate", "promise", "--content", str(tmp_path / "missing.toml"), "-n", "2")
    assert r.returncode == 1 and "no content file" in r.stderr


def test_a_content_preset_is_a_name_and_a_file_is_named_by_its_bytes(tmp_path: Path) -> None:
    """A run of a preset other than ``default`` (legends' ``edition54``) reads no file of
    that name; a file of one's own is named by the SHA-256 of its bytes."""
    import hashlib

    from caiquan.games import load_game

    spec = make_spec("legends", {"content": "edition54"}, ["random"], 2)
    assert spec.config["content"] == "edition54" and spec.content_sha256 == ""
    own = tmp_path / "mine.toml"
    own.write_bytes(load_game("legends").content_files()[0][1])
    spec = make_spec("legends", {"content": str(own)}, ["random"], 2)
    assert spec.content_sha256 == hashlib.sha256(own.read_bytes()).hexdigest()
