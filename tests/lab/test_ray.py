"""The Ray backend gives the same bytes as local processes (a local single-node Ray)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from caiquan.lab.simulate import dumps, make_spec, run, summarise_file

ray = pytest.importorskip("ray", reason="the Ray backend needs Ray: pip install 'caiquan[ray]'")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    # Ray's local_mode is gone; a local single-node Ray (about 3 s to start) stands in.
    os.environ.setdefault("RAY_AUTH_MODE", "disabled")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.mark.usefixtures("local_ray")
def test_ray_matches_local_jobs(tmp_path: Path) -> None:
    spec = make_spec("promise", {}, ["random"], 60, seed=11, chunk=20)
    local = run(spec, tmp_path / "local.parquet", jobs=1)
    two = run(spec, tmp_path / "two.parquet", jobs=2)
    remote = run(spec, tmp_path / "ray.parquet", jobs=2, backend="ray")
    assert ray.is_initialized()  # an existing Ray is used, not shut down
    summaries = {dumps(summarise_file(p)) for p in (local, two, remote)}
    assert len(summaries) == 1
    assert local.read_bytes() == two.read_bytes() == remote.read_bytes()
