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
from caiquan.engine.fair import (
    COMMITMENT,
    PROTOCOL,
    commit,
    commit_v1,
    deal_seed,
    server_value,
    verify,
)
from caiquan.games import load_game, replay
from caiquan.server.storage import SeatRow, TableRow

from .conftest import make_settings
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


def _before_the_end(
    http: TestClient, table: str, secrets: list[str], published: dict[str, Any]
) -> bool:
    """Check every API answer while the game runs: the commitment as published, never the
    seed, the nonce or a player's value. False once the table says the game is over."""
    info = http.get(f"/api/tables/{table}").json()
    if info["status"] == "finished":
        return False
    answers = _answers(http, table)
    again = http.get(f"/api/tables/{table}").json()
    if again["status"] == "finished":  # a bot ended the game while we asked
        return False
    for what, text in answers:
        for secret in secrets:
            assert secret not in text, f"a secret leaked before the end: {what}"
    assert info["fair"] == published
    listed = [t for t in http.get("/api/tables").json() if t["id"] == table]
    assert [t["fair"] for t in listed] == [info["fair"]]
    return True


@pytest.mark.parametrize("game_id", GAMES)
def test_commitment_published_at_creation_kept_secret_then_verified(
    http: TestClient, game_id: str
) -> None:
    """A person (random choices) and bots play a whole game while a spectator watches. The
    commitment (with the content's digest) is in the table's description from its creation
    and never changes; the person's client gives its value; the seed is made from the
    server's nonce and that value; no API answer and no frame before the end holds the seed,
    the nonce or the value (but the value's own client); at the end all three are revealed,
    the commitment and the seed recompute from them, and the record verifies — with the
    person's own value among the contributions."""
    options = SMALL.get(game_id, {})
    created = create(http, game_id, seats_for(game_id, 1), options=options)
    table, token = created["table"], created["joined"]["token"]
    first = http.get(f"/api/tables/{table}").json()
    fair = first["fair"]
    assert fair["protocol"] == PROTOCOL and first["status"] == "waiting"
    commitment, content = fair["commitment"], fair["content"]
    assert COMMITMENT.fullmatch(commitment) and COMMITMENT.fullmatch(content)
    assert fair["shuffle"] == {"open": True, "given": []}
    hub = hub_of(http)
    row = hub.storage.get_table(table)
    assert row is not None and row.nonce is not None and len(row.nonce) == 64  # 256 bits
    assert row.commitment == commitment and row.content_digest == content
    assert content == load_game(game_id, options).content_digest()
    assert commit(row.game, row.rules_version, row.config, content, row.nonce) == commitment

    me, spectator = Client(http, table, token), Client(http, table)
    welcome = me.hello(shuffle=False)
    assert welcome["table"]["fair"] == fair and me.shuffling  # nothing dealt, nothing to see
    assert spectator.hello(token=None)["table"]["fair"] == fair and spectator.shuffling
    assert spectator.give("ab" * 16)["code"] == "spectator"
    assert me.give("AB" * 16)["code"] == "bad_frame"
    mine = "5a" * 16
    assert me.give(mine) == {"type": "shuffled", "table": table, "seat": 0, "value": mine}
    me.dealt()
    spectator.dealt()
    assert me.give(mine)["code"] == "shuffle_closed"  # dealt: too late
    row = hub.storage.get_table(table)
    assert row is not None and row.status == "playing"
    assert row.seed == deal_seed(row.nonce, [(0, mine)])
    published = {**fair, "shuffle": {"open": False, "given": [0]}}
    assert http.get(f"/api/tables/{table}").json()["fair"] == published

    rng = random.Random(game_id)
    checked_api = 0
    for _ in range(5000):
        me.sync()
        if me.finished:
            break
        if _before_the_end(http, table, [str(row.seed), row.nonce, mine], published):
            checked_api += 1
        if me.must_decide:
            me.decide_randomly(rng)
        else:
            me.recv()
    else:
        raise AssertionError("the game did not finish")
    spectator.sync()
    assert checked_api >= 2

    t = hub.tables[table]
    states = history(t.row.game, t.row.config, t.row.seed, hub.storage.actions(table))
    revealed = {
        **published,
        "seed": str(row.seed),
        "nonce": row.nonce,
        "contributions": [{"seat": 0, "value": mine, "by": "player"}],
    }
    # every frame either client got: its own view; the seed, the nonce and the value only in
    # the finished table's fair member (and the value in the shuffled frame of its client)
    assert check_secrecy(me, states, [token, str(row.seed), row.nonce]) > 2
    assert check_secrecy(spectator, states, [token, str(row.seed), row.nonce, mine]) > 2
    for c in (me, spectator):
        last = [f for f in c.frames if f["type"] == "state"][-1]
        assert last["status"] == "finished" and last["fair"] == revealed
        early = [f for f in c.frames if f["type"] == "state" and f["status"] != "finished"]
        assert early and not any("fair" in f for f in early)

    # the reveal: the table's description, and the record's meta
    assert http.get(f"/api/tables/{table}").json()["fair"] == revealed
    text = http.get(f"/api/tables/{table}/record").text
    record = Record.from_json(text)
    assert record.seed == row.seed
    assert record.meta["fair"] == {
        k: revealed[k] for k in ("protocol", "commitment", "nonce", "content", "contributions")
    }
    assert record.meta["outcome"]["ranks"] == last["outcome"]["ranks"]
    verdict = verify(record, commitment, replay=replay, mine={0: mine})
    assert verdict.status == "verified", verdict.reason("en")
    names = ["published", "commitment", "deal", "replay", "content", "outcome"]
    assert [c.name for c in verdict.checks] == names
    assert "seat 0 (its own); your 1 value among them" in verdict.checks[2].text.en
    # and the same record, tampered, fails (each with its own reason)
    assert _tampered(record, commitment, mine)
    for c in (me, spectator):
        c.close()


def _tampered(record: Record, commitment: str, mine: str) -> bool:
    """A seed the server chose, a changed config, a changed decision, an announced outcome
    that differs, a wrong commitment, the player's value left out: each fails verification,
    at the check it should."""

    def failed_at(r: Record, name: str, published: str = commitment, **kw: Any) -> None:
        v = verify(r, published, replay=replay, **kw)
        assert v.status == "failed", (name, v)
        bad = [c for c in v.checks if not c.ok]
        assert [c.name for c in bad] == [name], v
        assert v.reason("en") == bad[0].text.en and v.reason("zh") == bad[0].text.zh

    failed_at(dataclasses.replace(record, seed=record.seed ^ 1), "deal")
    config = dict(record.config)
    key = sorted(k for k, v in config.items() if isinstance(v, bool))[0]
    config[key] = not config[key]
    failed_at(dataclasses.replace(record, config=config), "commitment")
    fair = dict(record.meta["fair"])
    fair["contributions"] = [{"seat": 0, "value": "77" * 16, "by": "player"}]
    failed_at(record.with_meta(fair=fair), "deal")
    failed_at(record, "deal", mine={0: "77" * 16})  # a player who gave another value
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


def test_the_deal_reaches_everyone_whichever_value_finds_it(
    http: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two people give their values at once: the deal the first value starts may be written
    before the second value's own catch-up reads the table, which then finds the cards dealt
    — and must tell everyone (it once told nobody: both players waited forever)."""
    import time

    created = create(http, "goofspiel", [{"kind": "human"}, {"kind": "human"}], join=False)
    table = created["table"]
    ann = http.post(f"/api/tables/{table}/join", json={"name": "Ann", "seat": 0}).json()
    bob = http.post(f"/api/tables/{table}/join", json={"name": "Bob", "seat": 1}).json()
    a, b = Client(http, table, ann["token"]), Client(http, table, bob["token"])
    a.hello(shuffle=False)
    b.hello(shuffle=False)
    storage = hub_of(http).storage
    keep = storage.contribute

    def contribute_then_deal(table_id: str, seat: int, value: str) -> str:
        got = keep(table_id, seat, value)
        if seat == 1:  # the race: the deal lands between this value and its catch-up
            assert storage.deal(table_id, time.time() + 60) is not None
        return got

    monkeypatch.setattr(storage, "contribute", contribute_then_deal)
    assert a.give("1a" * 16)["type"] == "shuffled"
    assert b.give("2b" * 16)["type"] == "shuffled"
    for c in (a, b):
        dealt = c.dealt(timeout=5)
        assert dealt["status"] == "playing" and dealt["decision"] is not None
    a.close()
    b.close()


def test_a_seat_whose_client_gives_nothing_gets_the_committed_stand_in(sqlite_url: str) -> None:
    """Two people; one client gives a value, the other none (an old client, a script). The
    deal waits for ``shuffle_seconds`` after the last seat is taken, then uses the server's
    stand-in for the silent seat — a value the nonce fixed before anyone sat."""
    from caiquan.server import create_app

    with TestClient(create_app(make_settings(sqlite_url, shuffle_seconds=3))) as http:
        created = create(http, "goofspiel", [{"kind": "human"}, {"kind": "human"}], join=False)
        table = created["table"]
        ann = http.post(f"/api/tables/{table}/join", json={"name": "Ann", "seat": 0}).json()
        bob = http.post(f"/api/tables/{table}/join", json={"name": "Bob", "seat": 1}).json()
        a, b = Client(http, table, ann["token"]), Client(http, table, bob["token"])
        a.hello()  # gives its value
        b.hello(shuffle=False)
        assert http.get(f"/api/tables/{table}").json()["fair"]["shuffle"] == {
            "open": True,
            "given": [0],
        }
        assert a.shuffling and b.shuffling
        b.dealt()
        a.dealt()
        row = hub_of(http).storage.get_table(table)
        assert row is not None and row.nonce is not None and a.shuffled is not None
        stand_in = server_value(row.nonce, 1)
        assert row.seed == deal_seed(row.nonce, [(0, a.shuffled), (1, stand_in)])
        assert b.give("12" * 16)["code"] == "shuffle_closed"
        rng = random.Random(5)
        while not (a.finished and b.finished):
            for c in (a, b):
                c.sync()
                if c.must_decide:
                    c.decide_randomly(rng)
        record = Record.from_json(http.get(f"/api/tables/{table}/record").text)
        assert record.meta["fair"]["contributions"] == [
            {"seat": 0, "value": a.shuffled, "by": "player"},
            {"seat": 1, "value": stand_in, "by": "server"},
        ]
        v = verify(record, row.commitment, replay=replay, mine={0: a.shuffled})
        assert v.ok, v.reason("en")
        assert "seat 1 (its client sent none: the committed server value)" in v.checks[2].text.en
        a.close()
        b.close()


def test_a_table_of_bots_only_says_its_deal_is_the_servers_alone(http: TestClient) -> None:
    created = create(http, "goofspiel", [{"kind": "bot", "bot": "random"}] * 2, join=False)
    table = created["table"]
    with Client(http, table) as watcher:
        watcher.hello(token=None)
        if not watcher.finished:
            watcher.until(lambda f: f["type"] == "state" and f["status"] == "finished")
    row = hub_of(http).storage.get_table(table)
    assert row is not None and row.nonce is not None
    assert row.seed == deal_seed(row.nonce, [])
    record = Record.from_json(http.get(f"/api/tables/{table}/record").text)
    assert record.meta["fair"]["contributions"] == []
    v = verify(record, row.commitment, replay=replay)
    assert v.ok and "the deal is the server's alone" in v.checks[2].text.en


def _old_table(http: TestClient, table: str, **fair: str) -> dict[str, Any]:
    """A goofspiel table of two bots stored as a server from before wrote it (``fair``: its
    nonce and commitment, if any), watched to its end: the final state frame."""
    game = load_game("goofspiel", num_cards=3)
    row = TableRow(
        table, game.id, game.version, dict(game.config), 99, "", True, "0" * 64, 0.0,
        "playing", 0, None, 0.0, **fair,  # type: ignore[arg-type]
    )  # fmt: skip
    hub_of(http).storage.create_table(
        row, [SeatRow(0, "bot", "random", "a", None), SeatRow(1, "bot", "random", "b", None)]
    )
    with Client(http, table) as watcher:
        watcher.hello(token=None)
        if not watcher.finished:
            watcher.until(lambda f: f["type"] == "state" and f["status"] == "finished")
        assert watcher.state is not None
        return watcher.state


def test_a_table_of_the_older_protocol_still_verifies(http: TestClient) -> None:
    """A table created before the players helped shuffle (caiquan.fair/1, its seed the
    server's, committed at creation) plays and verifies as it did, and says what it proves."""
    game = load_game("goofspiel", num_cards=3)
    nonce = "4d" * 32
    made = commit_v1(game.id, game.version, dict(game.config), 99, nonce)
    final = _old_table(http, "v1table", nonce=nonce, commitment=made)
    assert final["fair"] == {
        "protocol": "caiquan.fair/1",
        "commitment": made,
        "seed": "99",
        "nonce": nonce,
    }
    record = Record.from_json(http.get("/api/tables/v1table/record").text)
    v = verify(record, made, replay=replay)
    assert v.ok and "the server alone chose the seed" in v.checks[1].text.en


def test_a_table_from_before_the_protocol_is_not_verifiable(http: TestClient) -> None:
    """A table stored without a nonce (made before migration 0004) has no commitment: its
    description says so (fair: null) and its record verifies as 'not verifiable'."""
    assert _old_table(http, "oldtable")["fair"] is None
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
    assert commit(a.game, a.rules_version, a.config, a.content_digest, b.nonce) != a.commitment
    assert json.dumps(http.get(f"/api/tables/{a.id}").json()).count(a.commitment) == 1
