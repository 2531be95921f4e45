"""Text a server cannot store or encode, in every place a visitor can put it: a lone surrogate
and a NUL in each path parameter, query parameter, the seat-token header and each text field
of each route's JSON body (taken from the OpenAPI, so a new route is swept too), and inside
real events of each of the five games sent to ``/format``. No answer may be a server error;
a refused input is a ``422``; the server's log holds no traceback."""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

pytest.importorskip("fastapi", reason="the server tests need: pip install -e '.[server]'")

from caiquan.server import Settings, create_app

from .procs import Server

#: In a JSON body (escaped: the JSON text itself is valid) and in a URL (percent-encoded).
BAD = {"surrogate": "a\ud800b", "nul": "a\x00b"}
BAD_URL = {"surrogate": "a%ED%A0%80b", "nul": "a%00b"}

#: A finished table of each game (bots only, small options): real events to tamper with.
GAMES = {
    "goofspiel": {"num_cards": 3},
    "oshi_zumo": {"coins": 5},
    "promise": {},
    "drama": {},
    "legends": {"players": 3, "round_cap": 2},
}

SWEEP_ENV = {
    "CAIQUAN_HTTP_RATE": "10000",
    "CAIQUAN_HTTP_BURST": "100000",
    "CAIQUAN_MAX_CLIENT_TABLES": "100000",
    "CAIQUAN_ANALYSIS_CPU_BURST": "100000",
    "CAIQUAN_ANALYSIS_CLIENT_QUEUE": "1000",
    "CAIQUAN_ANALYSIS_QUEUE": "1000",
    "CAIQUAN_ANALYSIS_BURST": "100000",
}


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict[str, str]]]:
    tmp: Path = tmp_path_factory.mktemp("text-sweep")
    log = tmp / "server.log"
    server = Server(f"sqlite:///{tmp / 'sweep.sqlite3'}", log, env=SWEEP_ENV).start()
    try:
        tables = {}
        for game, options in GAMES.items():
            n = 3 if game == "legends" else 4 if game == "drama" else 2
            seats = [{"kind": "bot", "bot": "random"}] * n
            made = server.post("/api/tables", {"game": game, "seats": seats, "options": options})
            tables[game] = made["table"]
        deadline = time.monotonic() + 120
        for table in tables.values():
            while server.get(f"/api/tables/{table}").json()["status"] != "finished":
                assert time.monotonic() < deadline, "a bots' table did not finish"
                time.sleep(0.1)
        yield server, tables
    finally:
        server.stop()
    text = log.read_text("utf-8", "replace")
    assert "Traceback" not in text, text[-3000:]


def _resolve(schema: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[1]
        schema = root["components"]["schemas"][name]
    for key in ("anyOf", "oneOf", "allOf"):
        for option in schema.get(key, ()):
            got = _resolve(option, root)
            if got.get("type") not in (None, "null"):
                return got
    return schema


def _text_fields(
    schema: dict[str, Any], root: dict[str, Any], path: tuple[Any, ...] = ()
) -> list[tuple[Any, ...]]:
    """Where a body schema takes text: paths of keys (and 0 for a list's first item)."""
    schema = _resolve(schema, root)
    kind = schema.get("type")
    if kind == "string":
        return [path]
    if kind == "array":
        return _text_fields(schema.get("items", {}), root, (*path, 0))
    if kind == "object":
        out = []
        for key, sub in schema.get("properties", {}).items():
            out += _text_fields(sub, root, (*path, key))
        if not schema.get("properties"):
            out.append((*path, "key"))  # a free-form object: text as a value
        return out
    return []


def _placed(path: tuple[Any, ...], text: str) -> Any:
    """A JSON value with ``text`` at ``path`` (lists of one item, objects of one key)."""
    if not path:
        return text
    head, rest = path[0], path[1:]
    return [_placed(rest, text)] if head == 0 else {head: _placed(rest, text)}


def _with_text(value: Any, text: str, top: bool = True) -> Any:
    """``value`` (an event) with ``text`` in every text field but its kind, and in a field
    of its own (its own wording, ``text``, dropped)."""
    if isinstance(value, dict):
        out = {
            k: (v if k == "kind" else _with_text(v, text, False))
            for k, v in value.items()
            if k != "text"
        }
        return {**out, "note": text} if top else out
    if isinstance(value, list):
        return [_with_text(v, text, False) for v in value]
    return text if isinstance(value, str) else value


def test_no_route_fails_on_text_it_cannot_store(live: tuple[Server, dict[str, str]]) -> None:
    import httpx2

    server, tables = live
    root = create_app(Settings(database_url="sqlite://")).openapi()
    answers: Counter[int] = Counter()
    tried = 0
    finished = tables["goofspiel"]

    def send(method: str, url: str, **kw: Any) -> None:
        nonlocal tried
        r = httpx2.request(method, server.base + url, timeout=60, **kw)
        tried += 1
        answers[r.status_code] += 1
        assert r.status_code < 500, (method, url, kw, r.status_code, r.text[:300])

    for path, ops in sorted(root["paths"].items()):
        for method, op in ops.items():
            params = op.get("parameters", [])
            good = {
                p["name"]: (finished if p["name"] == "table_id" else "goofspiel")
                for p in params
                if p["in"] == "path"
            }

            def url(values: dict[str, str], path: str = path) -> str:
                for name, value in values.items():
                    path = path.replace("{" + name + "}", value)
                return path

            body_schema = (
                op.get("requestBody", {}).get("content", {}).get("application/json", {})
            ).get("schema")
            base_body: Any = {} if body_schema else None
            for kind, text in BAD.items():
                encoded = BAD_URL[kind]
                for name in good:  # each path parameter
                    send(method.upper(), url({**good, name: encoded}), json=base_body)
                for p in params:  # each query parameter
                    if p["in"] == "query":
                        query = f"?{quote(p['name'])}={encoded}"
                        send(method.upper(), url(good) + query, json=base_body)
                # the seat token, as raw bytes (a NUL cannot be sent in a header at all)
                if kind == "surrogate":
                    headers = {"X-Seat-Token": text.encode("utf-8", "surrogatepass")}
                    send(method.upper(), url(good), headers=headers, json=base_body)
                if body_schema:
                    for field in _text_fields(body_schema, root):
                        body = json.dumps(_placed(field, text))  # valid JSON: escaped
                        headers = {"content-type": "application/json"}
                        send(method.upper(), url(good), content=body, headers=headers)

    # /format with real events of every game, one text field tampered with
    for game, table in tables.items():
        replay = httpx2.get(f"{server.base}/api/tables/{table}/replay", timeout=60).json()
        events = [e for v in replay["views"] for e in v["events"]]
        assert events, game
        for text in BAD.values():
            # events that carry text of their own (names, cards) first
            worded = sorted(events, key=lambda e: -len(json.dumps(e)))
            for event in worded[:3]:
                body = json.dumps({"events": [_with_text(event, text)]})
                headers = {"content-type": "application/json"}
                r = httpx2.post(
                    f"{server.base}/api/games/{game}/format",
                    content=body,
                    headers=headers,
                    timeout=60,
                )
                tried += 1
                answers[r.status_code] += 1
                assert r.status_code == 422, (game, event, r.status_code, r.text[:300])
                assert "valid Unicode" in r.json()["detail"]
            names = json.dumps({"events": events[:2], "names": [text]})
            r = httpx2.post(
                f"{server.base}/api/games/{game}/format",
                content=names,
                headers={"content-type": "application/json"},
                timeout=60,
            )
            tried += 1
            answers[r.status_code] += 1
            assert r.status_code == 422, (game, r.text[:300])
    assert tried > 100 and answers[422] > 20, (tried, answers)
    # `pytest -s` shows the figures docs/server.md quotes
    print(f"text sweep: {tried} requests, answers {sorted(answers.items())}")
