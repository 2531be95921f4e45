"""Provably fair deals: a commitment to a table's deal, published before play, checked after.

A server draws a table's ``seed`` (which deals everything) and a random ``nonce`` (at least
128 bits, as lower-case hex) when it creates the table, and publishes at once

    commitment = SHA-256( UTF-8( canonical_json(
        ["caiquan.fair/1", game, rules version, config, "<seed in decimal>", "<nonce>"] ) ) )

as lower-case hex. When the game is over it reveals ``seed`` and ``nonce``; anyone then
recomputes the commitment (the deal is the one promised before the first move) and replays
the record (every decision legal, and the game ends as the table announced). The nonce makes
the hash unguessable although a seed has only 63 bits: without it, trying every seed would
find the deal.

``canonical_json`` is JSON without spaces, object keys sorted by code point, text as UTF-8
with only the escapes JSON requires (``\\"``, ``\\\\``, ``\\b \\f \\n \\r \\t``, other control
characters as ``\\u00xx``), numbers as JavaScript writes them — the same bytes a browser's
``JSON.stringify`` gives for sorted keys, so a browser can check a commitment with Web
Crypto. The seed goes in as decimal *text* (a 63-bit number is too large for a JavaScript
number).

Pure: no I/O, no randomness (the server draws the nonce with :mod:`secrets`).
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal, cast

from .describe import Text
from .errors import CaiquanError
from .record import Record
from .state import State

#: The protocol tag: the first element of every committed encoding.
PROTOCOL = "caiquan.fair/1"
#: A nonce: lower-case hex, 128 to 512 bits.
NONCE = re.compile(r"[0-9a-f]{32,128}")
#: A commitment: SHA-256, lower-case hex.
COMMITMENT = re.compile(r"[0-9a-f]{64}")
#: The largest whole number a JavaScript number holds exactly.
SAFE_INTEGER = 2**53 - 1


class FairError(CaiquanError):
    """A value that cannot be committed to (or a malformed nonce or commitment)."""


def canonical_json(value: Any) -> str:
    """The canonical JSON text of ``value`` (see the module's description).

    >>> canonical_json({"b": [1, True, None], "a": "石头\\n", "c": 0.5})
    '{"a":"石头\\\\n","b":[1,true,null],"c":0.5}'
    """
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        if abs(value) > SAFE_INTEGER:
            raise FairError(f"a committed number must be at most 2**53 − 1 in size, got {value}")
        return str(value)
    if isinstance(value, float):
        return js_number(value)
    if isinstance(value, str):
        _utf8(value)
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ",".join(canonical_json(v) for v in value) + "]"
    if isinstance(value, Mapping):
        if not all(isinstance(k, str) for k in value):
            raise FairError("committed objects have text keys only")
        items = sorted(value.items())  # Python orders text by code point
        return "{" + ",".join(f"{canonical_json(k)}:{canonical_json(v)}" for k, v in items) + "}"
    raise FairError(f"cannot commit to a value of type {type(value).__name__}")


def js_number(x: float) -> str:
    """A float as JavaScript's ``String(x)`` writes it (shortest round-trip digits).

    >>> [js_number(v) for v in (1.0, 0.1, 1e21, 1.5e-7, 123456.789, -0.0)]
    ['1', '0.1', '1e+21', '1.5e-7', '123456.789', '0']
    """
    if not math.isfinite(x):
        raise FairError(f"a committed number must be finite, got {x!r}")
    if x == 0:
        return "0"
    sign = "-" if x < 0 else ""
    t = Decimal(repr(abs(x))).as_tuple()
    digits = "".join(map(str, t.digits)).rstrip("0") or "0"
    assert isinstance(t.exponent, int)
    # value = 0.digits × 10**n
    n = t.exponent + len(t.digits)
    k = len(digits)
    if k <= n <= 21:
        body = digits + "0" * (n - k)
    elif 0 < n <= 21:
        body = digits[:n] + "." + digits[n:]
    elif -6 < n <= 0:
        body = "0." + "0" * -n + digits
    else:
        e = n - 1
        mantissa = digits if k == 1 else digits[0] + "." + digits[1:]
        body = f"{mantissa}e{'+' if e > 0 else '-'}{abs(e)}"
    return sign + body


def _utf8(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise FairError("committed text must be valid Unicode (no lone surrogates)") from None


def preimage(game: str, version: int, config: Mapping[str, Any], seed: int, nonce: str) -> bytes:
    """The bytes a commitment hashes."""
    if not NONCE.fullmatch(nonce):
        raise FairError("a nonce is 32 to 128 lower-case hex digits (128 to 512 bits)")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise FairError(f"a seed is a whole number ≥ 0, got {seed!r}")
    text = canonical_json([PROTOCOL, game, version, dict(config), str(seed), nonce])
    return text.encode("utf-8")


def commit(game: str, version: int, config: Mapping[str, Any], seed: int, nonce: str) -> str:
    """The commitment (SHA-256, lower-case hex) to a deal: game, rules version, config, seed."""
    return hashlib.sha256(preimage(game, version, config, seed, nonce)).hexdigest()


def announced_outcome(state: State) -> dict[str, Any]:
    """What a table announces when its game ends and a record keeps in ``meta["outcome"]``:
    ranks, results, returns, the reason and the number of decisions."""
    o = state.outcome()
    return {
        "ranks": list(o.ranks),
        "results": list(o.results),
        "returns": list(o.returns),
        "reason": o.reason,
        "decisions": state.move_number,
    }


@dataclass(frozen=True, slots=True)
class Check:
    """One thing :func:`verify` checked: its name, whether it held, and why (zh/en)."""

    name: Literal["nonce", "published", "commitment", "replay", "outcome"]
    ok: bool
    text: Text


@dataclass(frozen=True, slots=True)
class Verdict:
    """What :func:`verify` found. ``status``: ``verified`` (every check held), ``failed``
    (one did not: ``reason`` says which and why) or ``unverifiable`` (the record carries no
    commitment: a table from before the protocol)."""

    status: Literal["verified", "failed", "unverifiable"]
    checks: tuple[Check, ...]
    commitment: str | None = None

    @property
    def ok(self) -> bool:
        return self.status == "verified"

    @property
    def reason(self) -> Text:
        for c in self.checks:
            if not c.ok:
                return c.text
        return Text("公平性已验证", "verified fair")


def fair_meta(record: Record) -> Mapping[str, Any] | None:
    """The record's ``meta["fair"]`` (protocol, commitment, nonce), or None."""
    fair = record.meta.get("fair")
    return fair if isinstance(fair, Mapping) else None


def _why_unverifiable(fair: Mapping[str, Any] | None) -> Text | None:
    """Why a record's fairness part cannot be checked at all, or None when it can."""
    if fair is None or not isinstance(fair.get("nonce"), str):
        return Text(
            "无法验证（旧牌桌，或不是在线对局）：记录里没有公平性承诺",
            "not verifiable (older table, or not an online game): the record carries "
            "no fairness commitment",
        )
    if fair.get("protocol") != PROTOCOL:
        return Text(
            f"无法验证：未知的公平性协议 {fair.get('protocol')!r}",
            f"not verifiable: unknown fairness protocol {fair.get('protocol')!r}",
        )
    return None


def verify(
    record: Record,
    commitment: str | None = None,
    *,
    replay: Callable[[Record], State],
    announced: Mapping[str, Any] | None = None,
) -> Verdict:
    """Check a finished game's record against the commitment its table published.

    ``commitment``: the one the table published when it was created (None: the one the record
    names, which only shows the record agrees with itself — compare it with what the table
    showed). ``replay`` rebuilds a record's final state (``caiquan.games.replay``, or a
    server's, which knows its content files); a record that does not replay fails with the
    game's reason. ``announced``: the outcome the table announced (default: the record's
    ``meta["outcome"]``, as the server writes it), compared with the replay's.
    """
    checks: list[Check] = []

    def done(status: Literal["verified", "failed", "unverifiable"]) -> Verdict:
        return Verdict(status, tuple(checks), published)

    published = commitment
    fair = fair_meta(record)
    why = _why_unverifiable(fair)
    if why is not None:
        checks.append(Check("nonce", False, why))
        return done("unverifiable")
    fair = cast(Mapping[str, Any], fair)
    nonce = str(fair["nonce"])
    named = fair.get("commitment")
    if published is None:
        published = named if isinstance(named, str) else None
    if published is None or not COMMITMENT.fullmatch(published):
        checks.append(
            Check(
                "published",
                False,
                Text(
                    "承诺不是 64 位小写十六进制的 SHA-256",
                    "the commitment is not a SHA-256 in 64 lower-case hex digits",
                ),
            )
        )
        return done("failed")
    if named != published:
        checks.append(
            Check(
                "published",
                False,
                Text(
                    f"记录写的承诺是 {named}，牌桌公布的是 {published}",
                    f"the record names commitment {named}, but the table published {published}",
                ),
            )
        )
        return done("failed")
    checks.append(
        Check(
            "published",
            True,
            Text("记录写的承诺就是公布的那个", "the record names the published commitment"),
        )
    )
    try:
        again = commit(record.game, record.version, record.config, record.seed, nonce)
    except FairError as err:
        checks.append(Check("commitment", False, Text(f"无法重算承诺：{err}", f"{err}")))
        return done("failed")
    if again != published:
        checks.append(
            Check(
                "commitment",
                False,
                Text(
                    "承诺对不上：公开的种子、随机数、游戏、规则版本或设置不是开局时承诺的那一副牌",
                    "the commitment does not match: the revealed seed, nonce, game, rules "
                    "version or config are not the deal committed to before play",
                ),
            )
        )
        return done("failed")
    checks.append(
        Check(
            "commitment",
            True,
            Text(
                "承诺相符：发牌就是开局前承诺的那一副",
                "the commitment matches: the deal is the one committed to before play",
            ),
        )
    )
    try:
        state = replay(record)
    except CaiquanError as err:
        checks.append(
            Check(
                "replay",
                False,
                Text(f"记录无法重放：{err}", f"the record does not replay: {err}"),
            )
        )
        return done("failed")
    if not state.is_terminal():
        n = len(record.decisions)
        checks.append(
            Check(
                "replay",
                False,
                Text(
                    f"记录没有打完：{n} 步之后游戏还没结束",
                    f"the record does not finish the game: it is still on after {n} decisions",
                ),
            )
        )
        return done("failed")
    checks.append(
        Check(
            "replay",
            True,
            Text(
                f"记录重放无误：{len(record.decisions)} 步全部合法，游戏结束",
                f"the record replays: all {len(record.decisions)} decisions legal, game over",
            ),
        )
    )
    said = announced if announced is not None else record.meta.get("outcome")
    if not isinstance(said, Mapping):
        checks.append(
            Check(
                "outcome",
                False,
                Text("记录里没有牌桌宣布的结果", "the record carries no announced outcome"),
            )
        )
        return done("failed")
    got = announced_outcome(state)
    differ = [k for k in ("ranks", "results", "returns", "reason") if _norm(said.get(k)) != got[k]]
    if "decisions" in said and said["decisions"] != got["decisions"]:
        differ.append("decisions")
    if differ:
        fields = ", ".join(differ)
        checks.append(
            Check(
                "outcome",
                False,
                Text(
                    f"重放的结局与牌桌宣布的不同（{fields}）",
                    f"the replay ends differently from what the table announced ({fields})",
                ),
            )
        )
        return done("failed")
    checks.append(
        Check(
            "outcome",
            True,
            Text("重放的结局与牌桌宣布的相同", "the replay ends as the table announced"),
        )
    )
    return done("verified")


def _norm(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value
