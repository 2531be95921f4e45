"""Provably fair deals (caiquan.engine.fair): the canonical encoding, the commitment, and the
verifier on good and tampered records, in the engine and through ``caiquan replay --verify``."""

from __future__ import annotations

import dataclasses
import hashlib
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from caiquan.engine import Record
from caiquan.engine.fair import (
    PROTOCOL,
    FairError,
    announced_outcome,
    canonical_json,
    commit,
    preimage,
    verify,
)
from caiquan.games import load_game, replay

NONCE = "5e" * 32
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


def played(game_id: str = "goofspiel", seed: int = 11, **options: object) -> Record:
    """A game played to the end by random choices, with the meta a server writes: the
    announced outcome and the revealed fairness nonce with the commitment."""
    game = load_game(game_id, options)
    state = game.new_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply({p: rng.choice(list(state.legal(p))) for p in state.to_move()})
    record = state.record()
    made = commit(record.game, record.version, record.config, record.seed, NONCE)
    return record.with_meta(
        outcome=announced_outcome(state),
        fair={"protocol": PROTOCOL, "commitment": made, "nonce": NONCE},
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
    """The preimage is the canonical JSON array [tag, game, version, config, seed as text,
    nonce]; the commitment its SHA-256 in lower-case hex (a 63-bit seed as text: a browser's
    numbers would round it)."""
    config = {"num_cards": 4, "imp_info": False, "points_order": "random"}
    seed = 2**63 - 1
    want = (
        '["caiquan.fair/1","goofspiel",1,{"imp_info":false,"num_cards":4,'
        f'"points_order":"random"}},"9223372036854775807","{NONCE}"]'
    )
    assert preimage("goofspiel", 1, config, seed, NONCE) == want.encode()
    assert commit("goofspiel", 1, config, seed, NONCE) == hashlib.sha256(want.encode()).hexdigest()
    # every committed part changes the commitment
    base = commit("goofspiel", 1, config, seed, NONCE)
    assert commit("goofspiel", 2, config, seed, NONCE) != base
    assert commit("oshi_zumo", 1, config, seed, NONCE) != base
    assert commit("goofspiel", 1, {**config, "num_cards": 5}, seed, NONCE) != base
    assert commit("goofspiel", 1, config, seed - 1, NONCE) != base
    assert commit("goofspiel", 1, config, seed, "5f" + NONCE[2:]) != base


@pytest.mark.parametrize("nonce", ["", "5e" * 15, "5E" * 32, "zz" * 32, "5e" * 65])
def test_a_nonce_is_long_lower_case_hex(nonce: str) -> None:
    with pytest.raises(FairError, match="nonce"):
        commit("goofspiel", 1, {}, 1, nonce)


# ---------------------------------------------------------------------- the verifier


@pytest.mark.parametrize(
    ("game_id", "options"),
    [("goofspiel", {"num_cards": 5}), ("oshi_zumo", {}), ("drama", {}), ("legends", {})],
)
def test_a_fair_record_verifies(game_id: str, options: dict[str, object]) -> None:
    record = played(game_id, **options)
    published = record.meta["fair"]["commitment"]
    for given in (published, None):  # None: the record's own (it agrees with itself)
        v = verify(Record.from_json(record.to_json()), given, replay=replay)
        assert v.status == "verified" and v.ok, v.reason("en")
        assert v.commitment == published
        assert all(c.ok for c in v.checks) and len(v.checks) == 4
        assert v.reason("zh") == "公平性已验证"


def _fails(record: Record, check: str, published: str | None = None) -> str:
    v = verify(record, published, replay=replay)
    assert v.status == "failed" and not v.ok
    bad = [c for c in v.checks if not c.ok]
    assert [c.name for c in bad] == [check], v.checks
    return v.reason("en")


def test_a_changed_seed_config_or_nonce_breaks_the_commitment() -> None:
    record = played()
    published = record.meta["fair"]["commitment"]
    why = _fails(dataclasses.replace(record, seed=record.seed + 1), "commitment", published)
    assert "commitment does not match" in why
    config = {**record.config, "points_order": "descending"}
    _fails(dataclasses.replace(record, config=config), "commitment", published)
    _fails(dataclasses.replace(record, version=record.version + 1), "commitment", published)
    fair = {**record.meta["fair"], "nonce": "6e" * 32}
    _fails(record.with_meta(fair=fair), "commitment", published)


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
        dataclasses.replace(record, meta={"fair": record.meta["fair"]}), "outcome"
    )
    announced = {**record.meta["outcome"], "decisions": 1}
    v = verify(record, replay=replay, announced=announced)
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


# ---------------------------------------------------------------------- the command line


def _write(tmp_path: Path, record: Record, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(record.to_json(indent=1), encoding="utf-8")
    return str(path)


def test_replay_verify_on_the_command_line(tmp_path: Path) -> None:
    record = played("goofspiel", num_cards=4)
    published = record.meta["fair"]["commitment"]
    good = _write(tmp_path, record)
    r = run("replay", good, "--verify", "--commitment", published.upper(), "--lang", "en")
    assert r.returncode == 0, r.stderr
    assert "record verified ✓" in r.stdout and r.stdout.rstrip().endswith("verified fair ✓")
    assert "✓ the commitment matches" in r.stdout and published in r.stdout
    r = run("replay", good, "--verify", "--lang", "zh")
    assert r.returncode == 0 and "公平性已验证 ✓" in r.stdout

    tampered = _write(tmp_path, dataclasses.replace(record, seed=record.seed + 1), "bad.json")
    r = run("replay", tampered, "--verify", "--lang", "en")
    assert r.returncode == 1
    assert "✗ the commitment does not match" in r.stdout and "NOT verified fair ✗" in r.stdout
    assert "Traceback" not in r.stderr

    r = run("replay", good, "--verify", "--commitment", "cd" * 32, "--lang", "en")
    assert r.returncode == 1 and "the table published " + "cd" * 32 in r.stdout

    old = _write(tmp_path, dataclasses.replace(record, meta={}), "old.json")
    r = run("replay", old, "--verify", "--lang", "en")
    assert r.returncode == 1 and "not verifiable (older table" in r.stdout
    r = run("replay", old, "--lang", "en")  # without --verify: the replay alone, as before
    assert r.returncode == 0 and "record verified ✓" in r.stdout

    r = run("replay", good, "--commitment", published)
    assert r.returncode == 1 and "--commitment goes with --verify" in r.stderr
