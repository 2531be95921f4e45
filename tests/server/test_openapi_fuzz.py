"""Schemathesis, the OpenAPI fuzzer, against a live server (``caiquan serve`` in a child
process): every operation of ``/openapi.json``, with valid and with invalid inputs, a
bounded number of examples each. Not one answer may be a server error (5xx), and the
server's log may hold no traceback.

(Schemathesis's own pytest plugin does not run under pytest 9, so the operations are
parametrized here and each runs as a plain hypothesis test.)
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error

from caiquan.server import Settings, create_app

from .procs import Server

#: Examples per operation and generation mode: bounded for CI time.
EXAMPLES = 60

# The fuzzer creates many tables from one address: lift the per-client limits for it.
FUZZ_ENV = {
    "CAIQUAN_HTTP_RATE": "10000",
    "CAIQUAN_HTTP_BURST": "100000",
    "CAIQUAN_MAX_CLIENT_TABLES": "100000",
}


#: For operations on a table: a made-up id, or one of the live tables the fixture made.
TABLES = ("any", "waiting", "playing", "finished")


def _operations() -> list[tuple[str, str, GenerationMode, str]]:
    """Every operation, with valid inputs, and with invalid ones where it takes any; an
    operation on a table also on a real table in each state."""
    paths = create_app(Settings(database_url="sqlite://")).openapi()["paths"]
    out = []
    for path, ops in sorted(paths.items()):
        for method, op in ops.items():
            modes = [GenerationMode.POSITIVE]
            if op.get("requestBody") or any(map(_constrained, op.get("parameters", ()))):
                modes.append(GenerationMode.NEGATIVE)
            tables = TABLES if "{table_id}" in path else ("any",)
            out += [(method.upper(), path, m, t) for m in modes for t in tables]
    return out


def _constrained(parameter: dict[str, Any]) -> bool:
    """Whether some value is invalid for this parameter (any text is a valid table id)."""
    schema = parameter.get("schema", {})
    return schema.get("type") != "string" or bool(set(schema) - {"type", "title"})


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Any, dict[str, str]]]:
    tmp: Path = tmp_path_factory.mktemp("openapi-fuzz")
    log = tmp / "server.log"
    server = Server(f"sqlite:///{tmp / 'fuzz.sqlite3'}", log, env=FUZZ_ENV).start()
    try:
        humans = [{"kind": "human"}, {"kind": "human"}]
        bots = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
        small = {"num_cards": 3}
        waiting = server.post("/api/tables", {"game": "goofspiel", "seats": humans})
        playing = server.post("/api/tables", {"game": "goofspiel", "seats": humans})
        server.post(f"/api/tables/{playing['table']}/join", {"invite": playing["invite"]})
        done = server.post("/api/tables", {"game": "goofspiel", "seats": bots, "options": small})
        deadline = time.monotonic() + 30
        while server.get(f"/api/tables/{done['table']}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the bots' table did not finish"
            time.sleep(0.05)
        tables = {
            "waiting": waiting["table"],
            "playing": playing["table"],
            "finished": done["table"],
        }
        yield server, schemathesis.openapi.from_url(f"{server.base}/openapi.json"), tables
    finally:
        server.stop()
    text = log.read_text("utf-8", "replace")
    assert "Traceback" not in text, text[-3000:]


@pytest.mark.parametrize(("method", "path", "mode", "table"), _operations())
def test_no_operation_answers_with_a_server_error(
    live: tuple[Server, Any, dict[str, str]],
    method: str,
    path: str,
    mode: GenerationMode,
    table: str,
) -> None:
    _server, schema, tables = live
    operation = schema[path][method]
    fixed = {"table_id": tables[table]} if table != "any" else None
    calls: list[int] = []

    @given(case=operation.as_strategy(generation_mode=mode, path_parameters=fixed))
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def run(case: Any) -> None:
        response = case.call(timeout=30)
        calls.append(response.status_code)
        case.validate_response(response, checks=[not_a_server_error])

    run()
    assert calls, "the fuzzer sent nothing"
    assert all(code < 500 for code in calls)
    # `pytest -s` shows what each operation answered (docs/server.md quotes a run)
    print(f"{method} {path} [{mode.value}, {table} table]: {sorted(Counter(calls).items())}")
