"""Provably fair deals online: the commitment published at creation, unchanged until the end,
nothing about the deal learnable before it, and every finished game verifying after it."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the server tests need: pip install -e '.[server]'")

from fastapi.testclient import TestClient

from caiquan.engine import Record
from caiquan.engine.fair import COMMITMENT, PROTOCOL, commit, verify
from caiquan.games import load_game, replay
from caiquan.server.storage import SeatRow, TableRow

from .helpers import Client, check_secrecy, create, history
from .test_play import SMALL, hub_of, seats_for

#: A few games of different kinds, played to the end by a human (random) and bots.
GAMES = ["goofspiel", "oshi_zumo", "drama", "promise"]


def _answers(http: TestClient, table: str) -> list[tuple[str, str]]:
    """Every public API answer about a table: (what, text)."""
    out = []
    for path in (
        f"/api/tables/{table}",
        "/api/tables",
        f"/api/tables/{table}/description",
        f"/api/tables/{table}/record",
        f"/api/tables/{table}/replay",
        f"/api/tables/{table}/coach",
    ):
        r = http.get(path)
        out.append((f"{path} → {r.status_code}", r.text))
    return out


def _before_the_end(http: TestClient, table: str, seed: int, nonce: str, seen: list[str]) -> bool:
    """Check every API answer while the game runs: the commitment as published, never the
    seed or the nonce. False once the table says the game is over (answers may reveal)."""
    info = http.get(f"/api/tables/{table}").json()
    if info["status"] == "finished":
        return False
    answers = _answers(http, table)
    again = http.get(f"/api/tables/{table}").json()
    if again["status"] == "finished":  # a bot ended the game while we asked
        return False
    for what, text in answers:
        assert str(seed) not in text, f"the seed leaked before the end: {what}"
        assert nonce not in text, f"the nonce leaked before the end: {what}"
    assert info["fair"] == {"protocol": PROTOCOL, "commitment": seen[0]}
    listed = [t for t in http.get("/api/tables").json() if t["id"] == table]
    assert [t["fair"] for t in listed] == [info["fair"]]
    seen.append(info["fair"]["commitment"])
    return True


@pytest.mark.parametrize("game_id", GAMES)
def test_commitment_published_at_creation_kept_secret_then_verified(
    http: TestClient, game_id: str
) -> None:
    """A human (random) and bots play a whole game while a spectator watches. The commitment
    is in the table's description from its creation and never changes; no API answer and no
    frame before the end holds the seed or the nonce; at the end both are revealed, the
    commitment recomputes from them, and the record verifies."""
    options = SMALL.get(game_id, {})
    created = create(http, game_id, seats_for(game_id, 1), options=options)
    table, token = created["table"], created["joined"]["token"]
    first = http.get(f"/api/tables/{table}").json()
    assert first["fair"]["protocol"] == PROTOCOL
    commitment = first["fair"]["commitment"]
    assert COMMITMENT.fullmatch(commitment) and set(first["fair"]) == {"protocol", "commitment"}
    row = hub_of(http).storage.get_table(table)
    assert row is not None and row.nonce is not None and len(row.nonce) == 64  # 256 bits
    assert row.commitment == commitment
    assert commit(row.game, row.rules_version, row.config, row.seed, row.nonce) == commitment
    seen = [commitment]

    me, spectator = Client(http, table, token), Client(http, table)
    welcome = me.hello()
    assert welcome["table"]["fair"] == {"protocol": PROTOCOL, "commitment": commitment}
    assert spectator.hello(token=None)["table"]["fair"] == welcome["table"]["fair"]
    rng = random.Random(game_id)
    checked_api = 0
    for _ in range(5000):
        me.sync()
        if me.finished:
            break
        if _before_the_end(http, table, row.seed, row.nonce, seen):
            checked_api += 1
        if me.must_decide:
            me.decide_randomly(rng)
        else:
            me.recv()
    else:
        raise AssertionError("the game did not finish")
    spectator.sync()
    assert checked_api >= 2 and set(seen) == {commitment}

    hub = hub_of(http)
    t = hub.tables[table]
    states = history(t.row.game, t.row.config, t.row.seed, hub.storage.actions(table))
    # every frame either client got: its own view, and the seed and nonce only in the
    # finished table's fair member
    for c in (me, spectator):
        assert check_secrecy(c, states, [token, str(row.seed), row.nonce]) > 2
        last = [f for f in c.frames if f["type"] == "state"][-1]
        assert last["status"] == "finished"
        assert last["fair"] == {
            "protocol": PROTOCOL,
            "commitment": commitment,
            "seed": str(row.seed),
            "nonce": row.nonce,
        }
        early = [f for f in c.frames if f["type"] == "state" and f["status"] != "finished"]
        assert early and not any("fair" in f for f in early)

    # the reveal: the table's description, and the record's meta
    info = http.get(f"/api/tables/{table}").json()
    assert info["fair"] == last["fair"]
    text = http.get(f"/api/tables/{table}/record").text
    record = Record.from_json(text)
    assert record.seed == row.seed
    revealed = {"protocol": PROTOCOL, "commitment": commitment, "nonce": row.nonce}
    assert record.meta["fair"] == revealed
    assert record.meta["outcome"]["ranks"] == last["outcome"]["ranks"]
    verdict = verify(record, commitment, replay=replay)
    assert verdict.status == "verified", verdict.reason("en")
    assert [c.name for c in verdict.checks] == ["published", "commitment", "replay", "outcome"]
    # and the same record, tampered, fails (each with its own reason)
    assert _tampered(record, commitment)
    for c in (me, spectator):
        c.close()


def _tampered(record: Record, commitment: str) -> bool:
    """A changed seed, a changed config, a changed decision, an announced outcome that
    differs, a wrong commitment: each fails verification, at the check it should."""

    def failed_at(r: Record, name: str, published: str = commitment) -> None:
        v = verify(r, published, replay=replay)
        assert v.status == "failed", (name, v)
        bad = [c for c in v.checks if not c.ok]
        assert [c.name for c in bad] == [name], v
        assert v.reason("en") == bad[0].text.en and v.reason("zh") == bad[0].text.zh

    failed_at(dataclasses.replace(record, seed=record.seed ^ 1), "commitment")
    config = dict(record.config)
    key = sorted(k for k, v in config.items() if isinstance(v, bool))[0]
    config[key] = not config[key]
    failed_at(dataclasses.replace(record, config=config), "commitment")
    # a decision changed to an option that is not legal there
    decisions = list(record.decisions)
    (p, _o), *rest = decisions[0]
    decisions[0] = ((p, 10_000), *rest)
    failed_at(dataclasses.replace(record, decisions=tuple(decisions)), "replay")
    # a decision left out: the game no longer ends as announced
    failed_at(dataclasses.replace(record, decisions=record.decisions[:-1]), "replay")
    outcome = dict(record.meta["outcome"])
    outcome["ranks"] = [*reversed(outcome["ranks"]), 9]
    failed_at(record.with_meta(outcome=outcome), "outcome")
    failed_at(record, "published", published="0" * 64)
    return True


def test_a_table_from_before_the_protocol_is_not_verifiable(http: TestClient) -> None:
    """A table stored without a nonce (made before migration 0004) has no commitment: its
    description says so (fair: null) and its record verifies as 'not verifiable'."""
    hub = hub_of(http)
    game = load_game("goofspiel", num_cards=3)
    row = TableRow(
        "oldtable", game.id, game.version, dict(game.config), 99, "", True, "0" * 64, 0.0,
        "playing", 0, None, 0.0,
    )  # fmt: skip
    hub.storage.create_table(
        row, [SeatRow(0, "bot", "random", "a", None), SeatRow(1, "bot", "random", "b", None)]
    )
    with Client(http, "oldtable") as watcher:
        watcher.hello(token=None)
        if not watcher.finished:
            watcher.until(lambda f: f["type"] == "state" and f["status"] == "finished")
        assert watcher.state is not None and watcher.state["fair"] is None
    assert http.get("/api/tables/oldtable").json()["fair"] is None
    record = Record.from_json(http.get("/api/tables/oldtable/record").text)
    assert "fair" not in record.meta
    verdict = verify(record, replay=replay)
    assert verdict.status == "unverifiable" and not verdict.ok
    assert "older table" in verdict.reason("en") and "旧牌桌" in verdict.reason("zh")


def test_every_table_gets_its_own_nonce_and_commitment(http: TestClient) -> None:
    """Two tables of the same game and options: different nonces, different commitments
    (even a guessed seed would not give the commitment away)."""
    rows: list[Any] = []
    for _ in range(2):
        created = create(http, "goofspiel", [{"kind": "human"}, {"kind": "human"}])
        rows.append(hub_of(http).storage.get_table(created["table"]))
    a, b = rows
    assert a.nonce != b.nonce and a.commitment != b.commitment
    # the commitment depends on the nonce: the same deal with another nonce hashes elsewhere
    assert commit(a.game, a.rules_version, a.config, a.seed, b.nonce) != a.commitment
    assert json.dumps(http.get(f"/api/tables/{a.id}").json()).count(a.commitment) == 1
