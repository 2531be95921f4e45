"""Provably fair deals: a commitment to a table's deal, published before play, checked after;
a deal the players help shuffle.

Protocol ``caiquan.fair/2`` (tables created now). When a server creates a table it draws a
secret ``nonce`` (256 bits, lower-case hex) and publishes at once

    commitment = SHA-256( UTF-8( canonical_json(
        ["caiquan.fair/2", game, rules version, config, content, nonce] ) ) )

as lower-case hex, where ``content`` is :meth:`caiquan.engine.Game.content_digest` (the
SHA-256 of the content files the game is built from: every card's numbers, not only the
content's name). Then every seated person contributes a random value of their own
(:data:`ENTROPY`: 128 to 512 bits as hex, made by their browser), after the commitment is
published and before the deal; a seat whose client sends none gets :func:`server_value`,
which the nonce fixes. The game's ``seed`` (which deals everything) is :func:`deal_seed` of
the nonce and every contribution, so the server cannot choose the deal (its nonce was fixed
before it saw any contribution) and no player can (they do not know the nonce). A table of
bots only has no contribution: its deal is the server's alone, and the verifier says so.
When the game is over the server reveals the nonce and the contributions; anyone then
recomputes the commitment, the seed and the replay (every decision legal, the game ends as
the table announced), and each player finds their own value among the contributions.

Protocol ``caiquan.fair/1`` (tables created before): the server drew the seed itself and
committed to ``["caiquan.fair/1", game, rules version, config, "<seed in decimal>", nonce]``
(:func:`commit_v1`); it proves that the deal did not change during play, not that the server
did not choose it.

``canonical_json`` is JSON without spaces, object keys sorted by code point, text as UTF-8
with only the escapes JSON requires (``\\"``, ``\\\\``, ``\\b \\f \\n \\r \\t``, other control
characters as ``\\u00xx``), numbers as JavaScript writes them — the same bytes a browser's
``JSON.stringify`` gives for sorted keys, so a browser can check a commitment with Web
Crypto. Seeds go in as decimal *text* (a 63-bit number is too large for a JavaScript
number).

Pure: no I/O, no randomness (the server draws the nonce with :mod:`secrets`).
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal, cast

from .describe import Text
from .errors import CaiquanError
from .record import Record
from .state import State

#: The protocol of tables created now: the first element of every committed encoding.
PROTOCOL = "caiquan.fair/2"
#: The protocol of tables created before players helped shuffle (still verified).
PROTOCOL_V1 = "caiquan.fair/1"
#: A nonce: lower-case hex, 128 to 512 bits.
NONCE = re.compile(r"[0-9a-f]{32,128}")
#: A player's contribution to the deal: lower-case hex, 128 to 512 bits.
ENTROPY = re.compile(r"[0-9a-f]{32,128}")
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


def preimage_v1(game: str, version: int, config: Mapping[str, Any], seed: int, nonce: str) -> bytes:
    """The bytes a ``caiquan.fair/1`` commitment hashes."""
    _nonce(nonce)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise FairError(f"a seed is a whole number ≥ 0, got {seed!r}")
    text = canonical_json([PROTOCOL_V1, game, version, dict(config), str(seed), nonce])
    return text.encode("utf-8")


def commit_v1(game: str, version: int, config: Mapping[str, Any], seed: int, nonce: str) -> str:
    """A ``caiquan.fair/1`` commitment (tables from before): game, rules version, config,
    the server's seed."""
    return hashlib.sha256(preimage_v1(game, version, config, seed, nonce)).hexdigest()


def _nonce(nonce: str) -> None:
    if not isinstance(nonce, str) or not NONCE.fullmatch(nonce):
        raise FairError("a nonce is 32 to 128 lower-case hex digits (128 to 512 bits)")


def preimage(game: str, version: int, config: Mapping[str, Any], content: str, nonce: str) -> bytes:
    """The bytes a commitment hashes (``caiquan.fair/2``)."""
    _nonce(nonce)
    if not isinstance(content, str) or not COMMITMENT.fullmatch(content):
        raise FairError("a content digest is a SHA-256 in 64 lower-case hex digits")
    text = canonical_json([PROTOCOL, game, version, dict(config), content, nonce])
    return text.encode("utf-8")


def commit(game: str, version: int, config: Mapping[str, Any], content: str, nonce: str) -> str:
    """The commitment (SHA-256, lower-case hex) to a table: game, rules version, config, the
    content's digest and the server's secret nonce.

    >>> commit("goofspiel", 1, {"num_cards": 4}, "0" * 64, "5e" * 32)[:16]
    '21a16aff62e25bc2'
    """
    return hashlib.sha256(preimage(game, version, config, content, nonce)).hexdigest()


def server_value(nonce: str, seat: int) -> str:
    """The value a seat contributes when its client sends none: fixed by the nonce (so
    committed to before play), never chosen after seeing the others' values."""
    _nonce(nonce)
    text = canonical_json([f"{PROTOCOL}/seat", nonce, seat])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def deal_seed(nonce: str, contributions: Sequence[tuple[int, str]]) -> int:
    """The game's seed (63 bits): the first 8 bytes of SHA-256 over the canonical JSON of
    ``["caiquan.fair/2/deal", nonce, [[seat, value], …]]`` (seats in order), shifted right
    by one. Any contribution changes it.

    >>> deal_seed("5e" * 32, [(0, "ab" * 16)]) != deal_seed("5e" * 32, [(0, "ac" * 16)])
    True
    """
    _nonce(nonce)
    pairs = sorted((int(seat), value) for seat, value in contributions)
    for seat, value in pairs:
        if not isinstance(value, str) or not ENTROPY.fullmatch(value):
            raise FairError(f"seat {seat}'s contribution is not 32 to 128 lower-case hex digits")
    if len({seat for seat, _ in pairs}) != len(pairs):
        raise FairError("a seat contributes at most once")
    text = canonical_json([f"{PROTOCOL}/deal", nonce, [[seat, v] for seat, v in pairs]])
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") >> 1


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

    name: Literal["nonce", "published", "commitment", "deal", "replay", "content", "outcome"]
    ok: bool
    text: Text


@dataclass(frozen=True, slots=True)
class Verdict:
    """What :func:`verify` found. ``status``:

    * ``verified``: every check held, against the commitment the table published (given);
    * ``consistent``: every check held, but against the commitment the record itself names
      (no published one given): the record agrees with itself — compare its commitment with
      the one the table showed before play;
    * ``failed``: a check did not hold (``reason`` says which and why);
    * ``unverifiable``: the record carries no commitment (a table from before the protocol).
    """

    status: Literal["verified", "consistent", "failed", "unverifiable"]
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
        if self.status == "consistent":
            return Text(
                "记录自洽，但只对照了记录自己写的承诺：请与牌桌开局时公布的承诺比对",
                "consistent with itself, checked against the commitment the record names: "
                "compare it with the one the table published before play",
            )
        return Text("公平性已验证", "verified fair")


def fair_meta(record: Record) -> Mapping[str, Any] | None:
    """The record's ``meta["fair"]`` (protocol, commitment, nonce, and for
    ``caiquan.fair/2`` the content digest and the contributions), or None."""
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
    if fair.get("protocol") not in (PROTOCOL, PROTOCOL_V1):
        return Text(
            f"无法验证：未知的公平性协议 {fair.get('protocol')!r}",
            f"not verifiable: unknown fairness protocol {fair.get('protocol')!r}",
        )
    return None


class _Failed(Exception):
    """A check that did not hold (carried to :func:`verify`'s verdict)."""

    def __init__(self, check: Check) -> None:
        self.check = check


def _fail(name: Any, zh: str, en: str) -> _Failed:
    return _Failed(Check(name, False, Text(zh, en)))


def verify(
    record: Record,
    commitment: str | None = None,
    *,
    replay: Callable[[Record], State],
    announced: Mapping[str, Any] | None = None,
    mine: Mapping[int, str] | None = None,
) -> Verdict:
    """Check a finished game's record against the commitment its table published.

    ``commitment``: the one the table published when it was created (None: the one the record
    names, which only shows the record agrees with itself: the verdict is then
    ``consistent``, not ``verified``). ``replay`` rebuilds a record's final state
    (``caiquan.games.replay``, or a server's, which knows its content files); a record that
    does not replay fails with the game's reason. ``announced``: the outcome the table
    announced (default: the record's ``meta["outcome"]``, as the server writes it), compared
    with the replay's. ``mine``: seat → the value this verifier contributed to the deal (a
    player's own), each of which must be among the contributions as that seat's own.
    """
    checks: list[Check] = []
    fair = fair_meta(record)
    why = _why_unverifiable(fair)
    if why is not None:
        return Verdict("unverifiable", (Check("nonce", False, why),), commitment)
    fair = cast(Mapping[str, Any], fair)
    published = commitment
    if published is None:
        named = fair.get("commitment")
        published = named if isinstance(named, str) else None
    try:
        checks.append(_published(fair, published))
        assert published is not None
        if fair.get("protocol") == PROTOCOL_V1:
            checks.append(_commitment_v1(record, fair, published))
        else:
            checks.append(_commitment(record, fair, published))
            checks.append(_deal(record, fair, mine or {}))
        state = _replayed(record, replay)
        checks.append(_replay_check(record, state))
        if fair.get("protocol") == PROTOCOL:
            checks.append(_content(state, fair))
        checks.append(_outcome(record, state, announced))
    except _Failed as failed:
        return Verdict("failed", (*checks, failed.check), published)
    return Verdict("verified" if commitment is not None else "consistent", tuple(checks), published)


def _published(fair: Mapping[str, Any], published: str | None) -> Check:
    named = fair.get("commitment")
    if published is None or not COMMITMENT.fullmatch(published):
        raise _fail(
            "published",
            "承诺不是 64 位小写十六进制的 SHA-256",
            "the commitment is not a SHA-256 in 64 lower-case hex digits",
        )
    if named != published:
        raise _fail(
            "published",
            f"记录写的承诺是 {named}，牌桌公布的是 {published}",
            f"the record names commitment {named}, but the table published {published}",
        )
    return Check(
        "published",
        True,
        Text("记录写的承诺就是公布的那个", "the record names the published commitment"),
    )


_MISMATCH_V1 = (
    "承诺对不上：公开的种子、随机数、游戏、规则版本或设置不是开局时承诺的那一副牌",
    "the commitment does not match: the revealed seed, nonce, game, rules version or config "
    "are not the deal committed to before play",
)


def _commitment_v1(record: Record, fair: Mapping[str, Any], published: str) -> Check:
    try:
        again = commit_v1(record.game, record.version, record.config, record.seed, fair["nonce"])
    except FairError as err:
        raise _fail("commitment", f"无法重算承诺：{err}", f"{err}") from None
    if again != published:
        raise _fail("commitment", *_MISMATCH_V1)
    return Check(
        "commitment",
        True,
        Text(
            "承诺相符：发牌就是开局前承诺的那一副（旧协议：种子由服务器单独选定）",
            "the commitment matches: the deal is the one committed to before play (older "
            "protocol: the server alone chose the seed)",
        ),
    )


def _commitment(record: Record, fair: Mapping[str, Any], published: str) -> Check:
    try:
        again = commit(
            record.game,
            record.version,
            record.config,
            str(fair.get("content") or ""),
            fair["nonce"],
        )
    except FairError as err:
        raise _fail("commitment", f"无法重算承诺：{err}", f"{err}") from None
    if again != published:
        raise _fail(
            "commitment",
            "承诺对不上：公开的随机数、游戏、规则版本、设置或内容不是开局前承诺的",
            "the commitment does not match: the revealed nonce, game, rules version, config "
            "or content are not the ones committed to before play",
        )
    return Check(
        "commitment",
        True,
        Text(
            "承诺相符：服务器的秘密、游戏、规则版本、设置和内容都是开局前承诺的",
            "the commitment matches: the server's secret, the game, rules version, config "
            "and content are the ones committed to before play",
        ),
    )


def _contributions(fair: Mapping[str, Any]) -> list[tuple[int, str, str]]:
    raw = fair.get("contributions")
    if not isinstance(raw, list):
        raise _fail("deal", "记录里没有各座位的洗牌值", "the record carries no contributions")
    out = []
    for c in raw:
        entry: Mapping[str, Any] = c if isinstance(c, Mapping) else {}
        seat, value, by = entry.get("seat"), entry.get("value"), entry.get("by")
        if (
            not isinstance(seat, int)
            or isinstance(seat, bool)
            or not isinstance(value, str)
            or not ENTROPY.fullmatch(value)
            or by not in ("player", "server")
        ):
            raise _fail(
                "deal",
                f"洗牌值格式不对：{c!r}",
                f"a contribution is not {{seat, value (32–128 hex), by (player|server)}}: {c!r}",
            )
        out.append((seat, value, str(by)))
    return out


def _human_seats(record: Record) -> list[int] | None:
    seats = record.meta.get("seats")
    if not isinstance(seats, list):
        return None
    return [
        s["seat"]
        for s in seats
        if isinstance(s, Mapping) and s.get("kind") == "human" and isinstance(s.get("seat"), int)
    ]


def _deal(record: Record, fair: Mapping[str, Any], mine: Mapping[int, str]) -> Check:
    contributions = _contributions(fair)
    nonce = str(fair["nonce"])
    _given_as_said(record, contributions, nonce, mine)
    try:
        seed = deal_seed(nonce, [(seat, value) for seat, value, _ in contributions])
    except FairError as err:
        raise _fail("deal", f"无法算出种子：{err}", f"{err}") from None
    if seed != record.seed:
        raise _fail(
            "deal",
            "种子不是服务器的秘密和各座位的洗牌值算出的那个",
            "the seed is not the one the server's secret and the contributions make",
        )
    return Check("deal", True, _deal_text(contributions, mine))


def _given_as_said(
    record: Record, contributions: list[tuple[int, str, str]], nonce: str, mine: Mapping[int, str]
) -> None:
    """The contributions are the seated people's, each stand-in is the one the nonce fixed,
    and each of ``mine`` is among them as its seat's own."""
    seats = sorted(seat for seat, _, _ in contributions)
    humans = _human_seats(record)
    if humans is not None and seats != sorted(humans):
        raise _fail(
            "deal",
            f"洗牌值的座位 {seats} 不是真人座位 {sorted(humans)}",
            f"the contributions are of seats {seats}, the seated people are {sorted(humans)}",
        )
    for seat, value, by in contributions:
        if by == "server" and value != server_value(nonce, seat):
            raise _fail(
                "deal",
                f"座位 {seat} 的值说是服务器代抽的，却不是承诺里定下的那个",
                f"seat {seat}'s value, said to be drawn by the server, is not the one the "
                "commitment fixed",
            )
    for seat, value in mine.items():
        if (seat, value, "player") not in contributions:
            raise _fail(
                "deal",
                f"你为座位 {seat} 出的洗牌值不在记录里",
                f"the value you contributed for seat {seat} is not in the record",
            )


def _deal_text(contributions: list[tuple[int, str, str]], mine: Mapping[int, str]) -> Text:
    """What the deal check found, seat by seat."""
    if not contributions:
        return Text(
            "发牌只由服务器决定：没有真人座位（全是机器人）",
            "the deal is the server's alone: no seat is a person's (bots only)",
        )
    own = [seat for seat, _, by in contributions if by == "player"]
    drawn = [seat for seat, _, by in contributions if by == "server"]
    zh = "种子由服务器的秘密和这些座位的洗牌值算出：" + "，".join(
        [f"座位 {s}（自己的）" for s in own]
        + [f"座位 {s}（客户端没给，服务器按承诺代出）" for s in drawn]
    )
    en = "the seed is made from the server's secret and the values of " + ", ".join(
        [f"seat {s} (its own)" for s in own]
        + [f"seat {s} (its client sent none: the committed server value)" for s in drawn]
    )
    if mine:
        zh += f"；你的 {len(mine)} 个值都在其中"
        en += f"; your {len(mine)} value{'s' if len(mine) > 1 else ''} among them"
    return Text(zh, en)


def _replayed(record: Record, replay: Callable[[Record], State]) -> State:
    try:
        return replay(record)
    except CaiquanError as err:
        raise _fail(
            "replay", f"记录无法重放：{err}", f"the record does not replay: {err}"
        ) from None


def _replay_check(record: Record, state: State) -> Check:
    n = len(record.decisions)
    if not state.is_terminal():
        raise _fail(
            "replay",
            f"记录没有打完：{n} 步之后游戏还没结束",
            f"the record does not finish the game: it is still on after {n} decisions",
        )
    return Check(
        "replay",
        True,
        Text(
            f"记录重放无误：{n} 步全部合法，游戏结束",
            f"the record replays: all {n} decisions legal, game over",
        ),
    )


def _content(state: State, fair: Mapping[str, Any]) -> Check:
    try:
        digest = state.game.content_digest()
    except CaiquanError as err:
        raise _fail(
            "content", f"无法读取内容：{err}", f"the content cannot be read: {err}"
        ) from None
    if digest != fair.get("content"):
        raise _fail(
            "content",
            "重放所用的内容（卡牌数据）不是承诺里的那一份",
            "the content (card data) this replay used is not the one committed to",
        )
    return Check(
        "content",
        True,
        Text(
            "内容（卡牌数据）就是承诺里的那一份", "the content (card data) is the one committed to"
        ),
    )


def _outcome(record: Record, state: State, announced: Mapping[str, Any] | None) -> Check:
    said = announced if announced is not None else record.meta.get("outcome")
    if not isinstance(said, Mapping):
        raise _fail(
            "outcome", "记录里没有牌桌宣布的结果", "the record carries no announced outcome"
        )
    got = announced_outcome(state)
    differ = [k for k in ("ranks", "results", "returns", "reason") if _norm(said.get(k)) != got[k]]
    if "decisions" in said and said["decisions"] != got["decisions"]:
        differ.append("decisions")
    if differ:
        fields = ", ".join(differ)
        raise _fail(
            "outcome",
            f"重放的结局与牌桌宣布的不同（{fields}）",
            f"the replay ends differently from what the table announced ({fields})",
        )
    return Check(
        "outcome",
        True,
        Text("重放的结局与牌桌宣布的相同", "the replay ends as the table announced"),
    )


def _norm(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value
