"""Provably fair deals (caiquan.engine.fair): the canonical encoding, the commitment, the deal
the players help shuffle, and the verifier on good and tampered records, in the engine and
through ``caiquan replay --verify``."""

from __future__ import annotations

import dataclasses
import hashlib
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caiquan.engine import Record
from caiquan.engine.fair import (
    PROTOCOL,
    PROTOCOL_V1,
    FairError,
    announced_outcome,
    canonical_json,
    commit,
    commit_v1,
    deal_seed,
    preimage,
    server_value,
    verify,
)
from caiquan.games import load_game, replay

NONCE = "5e" * 32
ANN = "a1" * 16  # seat 0's own value (a person's browser made it)
# the tree under test (a checkout run with PYTHONPATH=src, or the installed package)
SRC = {"PYTHONPATH": os.environ["PYTHONPATH"]} if os.environ.get("PYTHONPATH") else {}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "caiquan", *args],
        capture_output=True,
        text=True,
        env={"PATH": "", "LANG": "C.UTF-8", **SRC},
        timeout=120,
    )


def played(
    game_id: str = "goofspiel",
    people: dict[int, str | None] | None = None,
    **options: object,
) -> Record:
    """A game played to the end by random choices, with the meta a server writes. ``people``:
    seat → the value that person's client gave (None: it gave none, the server's committed
    stand-in is used); the other seats are bots. Default: seat 0 a person who gave ANN, seat 1
    a person whose client gave nothing."""
    people = {0: ANN, 1: None} if people is None else people
    game = load_game(game_id, options)
    given = [
        {"seat": s, "value": v or server_value(NONCE, s), "by": "player" if v else "server"}
        for s, v in sorted(people.items())
    ]
    seed = deal_seed(NONCE, [(c["seat"], c["value"]) for c in given])
    state = game.new_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply({p: rng.choice(list(state.legal(p))) for p in state.to_move()})
    record = state.record()
    content = game.content_digest()
    made = commit(record.game, record.version, record.config, content, NONCE)
    seats = [
        {"seat": s, "kind": "human" if s in people else "bot"} for s in range(game.num_players)
    ]
    return record.with_meta(
        outcome=announced_outcome(state),
        seats=seats,
        fair={
            "protocol": PROTOCOL,
            "commitment": made,
            "nonce": NONCE,
            "content": content,
            "contributions": given,
        },
    )


def played_v1(game_id: str = "goofspiel", seed: int = 11) -> Record:
    """A record of a table from before the players helped shuffle (caiquan.fair/1)."""
    state = load_game(game_id).new_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply({p: rng.choice(list(state.legal(p))) for p in state.to_move()})
    record = state.record()
    made = commit_v1(record.game, record.version, record.config, record.seed, NONCE)
    return record.with_meta(
        outcome=announced_outcome(state),
        fair={"protocol": PROTOCOL_V1, "commitment": made, "nonce": NONCE},
    )


# ---------------------------------------------------------------------- encoding


def test_canonical_json_is_what_a_browser_writes() -> None:
    """Sorted keys, no spaces, UTF-8 text with JSON's own escapes only, numbers as
    JavaScript writes them (JSON.stringify gives these exact strings)."""
    assert canonical_json({"b": 1, "a": [True, False, None], "c": "x"}) == (
        '{"a":[true,false,null],"b":1,"c":"x"}'
    )
    assert canonical_json('石头 "\\ \n\t\x01\u2028/') == '"石头 \\"\\\\ \\n\\t\\u0001\u2028/"'
    assert canonical_json([1.0, 0.5, -2.5e-7, 1e21, 2**53 - 1]) == (
        "[1,0.5,-2.5e-7,1e+21,9007199254740991]"
    )
    for bad in (float("nan"), float("inf"), 2**53, "\ud800", b"bytes", {1: 2}):
        with pytest.raises(FairError):
            canonical_json(bad)


def test_the_commitment_hashes_the_documented_bytes() -> None:
    """The preimage is the canonical JSON array [protocol, game, version, config, content
    digest, nonce]; the commitment its SHA-256 in lower-case hex. The seed is not in it: it
    is made later, from the nonce and the players' values."""
    config = {"num_cards": 4, "imp_info": False, "points_order": "random"}
    content = "c0" * 32
    want = (
        '["caiquan.fair/2","goofspiel",1,{"imp_info":false,"num_cards":4,'
        f'"points_order":"random"}},"{content}","{NONCE}"]'
    )
    assert preimage("goofspiel", 1, config, content, NONCE) == want.encode()
    made = commit("goofspiel", 1, config, content, NONCE)
    assert made == hashlib.sha256(want.encode()).hexdigest()
    # every committed part changes the commitment
    assert commit("goofspiel", 2, config, content, NONCE) != made
    assert commit("oshi_zumo", 1, config, content, NONCE) != made
    assert commit("goofspiel", 1, {**config, "num_cards": 5}, content, NONCE) != made
    assert commit("goofspiel", 1, config, "c1" + content[2:], NONCE) != made
    assert commit("goofspiel", 1, config, content, "5f" + NONCE[2:]) != made
    with pytest.raises(FairError, match="content digest"):
        commit("goofspiel", 1, config, "default", NONCE)  # a name is not a digest


def test_the_older_commitment_is_still_computed_as_it_was() -> None:
    """caiquan.fair/1 (tables created before): the server's seed as decimal text."""
    seed = 2**63 - 1
    want = f'["caiquan.fair/1","goofspiel",1,{{"num_cards":4}},"9223372036854775807","{NONCE}"]'
    assert commit_v1("goofspiel", 1, {"num_cards": 4}, seed, NONCE) == (
        hashlib.sha256(want.encode()).hexdigest()
    )


def test_the_deal_is_made_from_the_nonce_and_every_contribution() -> None:
    """The seed: SHA-256 of ["caiquan.fair/2/deal", nonce, [[seat, value], …]] (seats in
    order), its first 8 bytes shifted right by one — 63 bits."""
    pairs = [(1, "b2" * 16), (0, ANN)]
    text = f'["caiquan.fair/2/deal","{NONCE}",[[0,"{ANN}"],[1,"{"b2" * 16}"]]]'
    digest = hashlib.sha256(text.encode()).digest()
    assert deal_seed(NONCE, pairs) == int.from_bytes(digest[:8], "big") >> 1
    assert 0 <= deal_seed(NONCE, pairs) < 2**63
    assert deal_seed(NONCE, []) != deal_seed(NONCE, [(0, ANN)])  # bots only: the nonce alone
    for bad in ([(0, "A1" * 16)], [(0, "a1" * 15)], [(0, ANN), (0, "b2" * 16)]):
        with pytest.raises(FairError):
            deal_seed(NONCE, bad)
    # a seat whose client sends none: a value the nonce fixes (committed before play)
    assert server_value(NONCE, 0) != server_value(NONCE, 1)
    assert server_value(NONCE, 0) == server_value(NONCE, 0) and len(server_value(NONCE, 0)) == 32


_hex = st.text("0123456789abcdef", min_size=32, max_size=64)


@settings(max_examples=200, deadline=None)
@given(
    nonce=st.text("0123456789abcdef", min_size=64, max_size=64),
    values=st.lists(_hex, min_size=1, max_size=6),
    which=st.integers(min_value=0),
    digit=st.integers(min_value=0),
)
def test_no_one_alone_chooses_the_deal(
    nonce: str, values: list[str], which: int, digit: int
) -> None:
    """A server-chosen seed cannot decide the deal: the seed changes with any one player's
    contribution (the server fixed its nonce before seeing any), and with the nonce (which no
    player knows before the end)."""
    pairs = list(enumerate(values))
    seed = deal_seed(nonce, pairs)
    seat = which % len(values)
    value = values[seat]
    i = digit % len(value)
    other = value[:i] + ("0" if value[i] != "0" else "1") + value[i + 1 :]
    changed = [(s, other if s == seat else v) for s, v in pairs]
    assert deal_seed(nonce, changed) != seed
    j = digit % len(nonce)
    renonce = nonce[:j] + ("0" if nonce[j] != "0" else "1") + nonce[j + 1 :]
    assert deal_seed(renonce, pairs) != seed


@pytest.mark.parametrize("nonce", ["", "5e" * 15, "5E" * 32, "zz" * 32, "5e" * 65])
def test_a_nonce_is_long_lower_case_hex(nonce: str) -> None:
    with pytest.raises(FairError, match="nonce"):
        commit("goofspiel", 1, {}, "c0" * 32, nonce)


# ---------------------------------------------------------------------- the verifier


@pytest.mark.parametrize(
    ("game_id", "options", "people"),
    [
        ("goofspiel", {"num_cards": 5}, {0: ANN, 1: "b2" * 16}),
        ("oshi_zumo", {}, {0: ANN, 1: None}),
        ("drama", {}, {1: ANN}),
        ("legends", {}, {0: ANN, 2: None}),
        ("promise", {}, {0: ANN, 1: "b2" * 16}),
    ],
)
def test_a_fair_record_verifies(
    game_id: str, options: dict[str, object], people: dict[int, str | None]
) -> None:
    record = played(game_id, people, **options)
    published = record.meta["fair"]["commitment"]
    v = verify(Record.from_json(record.to_json()), published, replay=replay, mine={})
    assert v.status == "verified" and v.ok, v.reason("en")
    assert v.commitment == published
    names = [c.name for c in v.checks]
    assert names == ["published", "commitment", "deal", "replay", "content", "outcome"]
    assert all(c.ok for c in v.checks)
    assert v.reason("zh") == "公平性已验证"
    deal = v.checks[2].text("en")
    for seat, value in people.items():
        assert f"seat {seat} ({'its own' if value else 'its client sent none'}" in deal


def test_without_the_published_commitment_a_record_is_only_consistent() -> None:
    """Checked against the commitment the record itself names, a fabricated record that
    agrees with itself must not read as "verified fair": it is ``consistent``."""
    record = played()
    v = verify(record, None, replay=replay)
    assert v.status == "consistent" and not v.ok
    assert "compare it with the one the table published" in v.reason("en")
    assert "牌桌开局时公布的承诺" in v.reason("zh")


def test_a_players_own_value_is_found_or_the_record_fails() -> None:
    record = played()
    published = record.meta["fair"]["commitment"]
    v = verify(record, published, replay=replay, mine={0: ANN})
    assert v.ok and "your 1 value among them" in v.checks[2].text("en")
    why = _fails(record, "deal", published, mine={0: "c3" * 16})
    assert "the value you contributed for seat 0 is not in the record" in why
    # the server may not claim a person's seat was filled by its stand-in
    _fails(record, "deal", published, mine={1: "c3" * 16})


def test_a_bots_only_deal_is_the_servers_alone() -> None:
    record = played("goofspiel", {})
    v = verify(record, record.meta["fair"]["commitment"], replay=replay)
    assert v.ok
    assert (
        v.checks[2].text("en")
        == "the deal is the server's alone: no seat is a person's (bots only)"
    )
    assert "只由服务器决定" in v.checks[2].text("zh")


def _fails(
    record: Record, check: str, published: str | None = None, mine: dict[int, str] | None = None
) -> str:
    if published is None:
        published = record.meta["fair"]["commitment"]
    v = verify(record, published, replay=replay, mine=mine)
    assert v.status == "failed" and not v.ok
    bad = [c for c in v.checks if not c.ok]
    assert [c.name for c in bad] == [check], v.checks
    return v.reason("en")


def _fair(record: Record, **changes: Any) -> Record:
    return record.with_meta(fair={**record.meta["fair"], **changes})


def test_a_seed_the_server_chose_fails_the_deal() -> None:
    """The commitment holds (it covers the nonce, not the seed), but a seed other than the one
    the nonce and the contributions make fails: the server cannot pick the deal."""
    record = played()
    chosen = dataclasses.replace(record, seed=12345)
    assert "the seed is not the one" in _fails(chosen, "deal")
    # nor by swapping in values of its own choosing for a person's
    contributions = [dict(c) for c in record.meta["fair"]["contributions"]]
    contributions[0]["value"] = "c3" * 16
    _fails(_fair(record, contributions=contributions), "deal")
    # nor by calling a seat's value its own stand-in when it is not the committed one
    contributions = [dict(c) for c in record.meta["fair"]["contributions"]]
    contributions[1]["value"] = "c3" * 16
    assert "not the one the commitment fixed" in _fails(
        _fair(record, contributions=contributions), "deal"
    )
    # nor by leaving a person's seat out, or inventing one for a bot
    _fails(_fair(record, contributions=contributions[:1]), "deal")
    extra = [*record.meta["fair"]["contributions"], {"seat": 5, "value": ANN, "by": "player"}]
    assert "seated people are [0, 1]" in _fails(_fair(record, contributions=extra), "deal")
    for bad in (None, [{"seat": 0}], [{"seat": True, "value": ANN, "by": "player"}]):
        _fails(_fair(record, contributions=bad), "deal")


def test_a_changed_config_content_or_nonce_breaks_the_commitment() -> None:
    record = played()
    why = _fails(_fair(record, nonce="6e" * 32), "commitment")
    assert "commitment does not match" in why
    config = {**record.config, "points_order": "descending"}
    _fails(dataclasses.replace(record, config=config), "commitment")
    _fails(dataclasses.replace(record, version=record.version + 1), "commitment")
    _fails(_fair(record, content="c1" * 32), "commitment")
    _fails(_fair(record, content="default"), "commitment")


def test_content_other_than_committed_fails() -> None:
    """The commitment names the content's digest: a replay built from other card data (a
    server that changed a card's numbers) fails, even if the record replays."""
    record = played("promise")
    digest = record.meta["fair"]["content"]
    other = "d" + digest[1:] if digest[0] != "d" else "e" + digest[1:]
    made = commit(record.game, record.version, record.config, other, NONCE)
    forged = _fair(record, content=other, commitment=made)
    assert "card data" in _fails(forged, "content", made)


def test_a_changed_decision_fails_the_replay_or_the_outcome() -> None:
    record = played("goofspiel", num_cards=5)
    # an option that is not legal there
    (p, o), *rest = record.decisions[2]
    bad = (*record.decisions[:2], ((p, o + 100), *rest), *record.decisions[3:])
    assert "decision 2 does not replay" in _fails(
        dataclasses.replace(record, decisions=bad), "replay"
    )
    # a bid played twice by one player (the second time it is no longer in hand)
    p0 = [dict(j)[0] for j in record.decisions]
    twice = tuple(
        tuple((p, p0[0] if p == 0 and i == 1 else o) for p, o in joint)
        for i, joint in enumerate(record.decisions)
    )
    _fails(dataclasses.replace(record, decisions=twice), "replay")
    # the whole game with two players' bids swapped: legal, but it ends otherwise
    swapped = tuple(tuple((1 - p, o) for p, o in sorted(j)) for j in record.decisions)
    replayed = replay(dataclasses.replace(record, decisions=swapped))
    assert replayed.outcome().ranks != tuple(record.meta["outcome"]["ranks"])
    why = _fails(dataclasses.replace(record, decisions=swapped), "outcome")
    assert "ends differently" in why and "ranks" in why


def test_an_outcome_or_commitment_other_than_announced_fails() -> None:
    record = played()
    outcome = {**record.meta["outcome"], "returns": [9.0, -9.0]}
    assert "returns" in _fails(record.with_meta(outcome=outcome), "outcome")
    assert "no announced outcome" in _fails(
        dataclasses.replace(record, meta={k: v for k, v in record.meta.items() if k != "outcome"}),
        "outcome",
    )
    announced = {**record.meta["outcome"], "decisions": 1}
    v = verify(record, record.meta["fair"]["commitment"], replay=replay, announced=announced)
    assert v.status == "failed" and "decisions" in v.reason("en")
    assert "table published" in _fails(record, "published", "ab" * 32)
    assert "64 lower-case hex" in _fails(record, "published", "not a hash")


def test_a_record_without_a_commitment_is_not_verifiable() -> None:
    record = played()
    bare = dataclasses.replace(record, meta={"outcome": record.meta["outcome"]})
    v = verify(bare, replay=replay)
    assert v.status == "unverifiable" and not v.ok
    assert "older table" in v.reason("en")
    other = record.with_meta(fair={**record.meta["fair"], "protocol": "caiquan.fair/9"})
    assert verify(other, replay=replay).status == "unverifiable"


def test_an_older_record_still_verifies_and_says_what_it_proves() -> None:
    record = played_v1("goofspiel")
    published = record.meta["fair"]["commitment"]
    v = verify(record, published, replay=replay)
    assert v.ok and [c.name for c in v.checks] == ["published", "commitment", "replay", "outcome"]
    assert "the server alone chose the seed" in v.checks[1].text("en")
    assert "commitment does not match" in _fails(
        dataclasses.replace(record, seed=record.seed + 1), "commitment"
    )


# ---------------------------------------------------------------------- the command line


def _write(tmp_path: Path, record: Record, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(record.to_json(indent=1), encoding="utf-8")
    return str(path)


def test_replay_verify_on_the_command_line(tmp_path: Path) -> None:
    record = played("goofspiel", num_cards=4)
    published = record.meta["fair"]["commitment"]
    good = _write(tmp_path, record)
    r = run(
        "replay", good, "--verify", "--commitment", published.upper(), "--mine", f"0={ANN}",
        "--lang", "en",
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "record verified ✓" in r.stdout and r.stdout.rstrip().endswith("verified fair ✓")
    assert f"checked against the commitment the table published (--commitment): {published}" in (
        r.stdout
    )
    assert "✓ the commitment matches" in r.stdout and "your 1 value among them" in r.stdout
    assert "seat 1 (its client sent none: the committed server value)" in r.stdout

    # without --commitment: consistent with itself, not "verified fair"; exit code 2
    r = run("replay", good, "--verify", "--lang", "en")
    assert r.returncode == 2, r.stdout
    assert "verified fair ✓" not in r.stdout and "NOT verified" in r.stdout
    assert "the commitment the record itself names (no --commitment given)" in r.stdout
    r = run("replay", good, "--verify", "--lang", "zh")
    assert r.returncode == 2 and "记录自洽，但未验证" in r.stdout

    r = run("replay", good, "--verify", "--commitment", published, "--mine", "0=" + "c3" * 16)
    assert r.returncode == 1 and "NOT verified fair ✗" in r.stdout
    r = run("replay", good, "--verify", "--mine", "zero")
    assert r.returncode == 1 and "expected SEAT=VALUE" in r.stderr and "Traceback" not in r.stderr

    tampered = _write(tmp_path, dataclasses.replace(record, seed=record.seed + 1), "bad.json")
    r = run("replay", tampered, "--verify", "--commitment", published, "--lang", "en")
    assert r.returncode == 1
    assert "✗ the seed is not the one" in r.stdout and "NOT verified fair ✗" in r.stdout
    assert "Traceback" not in r.stderr

    r = run("replay", good, "--verify", "--commitment", "cd" * 32, "--lang", "en")
    assert r.returncode == 1 and "the table published " + "cd" * 32 in r.stdout

    old = _write(tmp_path, dataclasses.replace(record, meta={}), "old.json")
    r = run("replay", old, "--verify", "--lang", "en")
    assert r.returncode == 1 and "not verifiable (older table" in r.stdout
    r = run("replay", old, "--lang", "en")  # without --verify: the replay alone, as before
    assert r.returncode == 0 and "record verified ✓" in r.stdout

    r = run("replay", good, "--commitment", published)
    assert r.returncode == 1 and "--commitment and --mine go with --verify" in r.stderr
