"""The effects of 猜拳战争●四年之约's cards: one table entry per kind of effect.

A skill or weapon card is a list of effects (``{ do = "power", value = 1, me = "slash" }``
in a content file). Everything one kind of effect is lives in its :class:`Kind` entry of
:data:`KINDS`:

* its **fields** and their bounds, in the order they are checked: reading an effect table
  from a content file validates them, and an error names the file, the character and card,
  and the field (``content/default.toml: character 'sword' skill 3: effects[0].value: …``);
* where it may stand: on a weapon (``weapon``), whether a weapon's copy works all the time it
  is equipped (``continuous``: read straight from the card, see :mod:`.table`), at the reveal
  only (``reveal_only``), its default ``when`` on a weapon (``weapon_when``);
* its card **text** in Chinese and English (``zh``, ``en``);
* what it does to a game state (``apply``; the rules call it, see
  :meth:`.rules.PromiseState._effect`);
* what the heuristic player counts it worth (``value``, in about power points; see
  :mod:`.strategy`);
* an ``example`` table (the tests parse, print, apply and value every kind through it).

A new kind of effect is one more entry here (and, if the rules need a new piece of state for
it, that piece); ``tests/games/test_promise_effects.py`` checks that every entry is complete.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeGuard

from caiquan.engine import BLADES, ContentError

if TYPE_CHECKING:
    from .rules import PromiseState

THROWS: tuple[str, ...] = BLADES.names
"""The three throws by index: 0 slash 斩击, 1 pierce 贯彻, 2 strike 打击."""

#: When a triggered effect happens: at the reveal (battle phase) or in the settlement,
#: depending on the owner's result this round.
WHENS: tuple[str, ...] = ("reveal", "win", "lose", "draw")
TARGETS = ("self", "opponent")
RECOVER_CARDS = ("this", "best")
MOVE_TO = ("home", "across")
COLS = 5  # the heart grid's columns (cell ``r*5+c``)


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of a skill or weapon (see :data:`KINDS`)."""

    kind: str
    when: str = "reveal"
    value: int = 0
    me: int = -1  # throw index, −1 = any
    them: int = -1
    throw: int = -1
    target: str = "self"
    n: int = 0
    then: tuple[Effect, ...] = ()
    otherwise: tuple[Effect, ...] = ()
    card: str = "this"
    to: str = "home"


# ---------------------------------------------------------------------------------- fields


class Where(Protocol):
    """Builds the :class:`ContentError` for a field of the effect being read."""

    def __call__(self, message: str, field: str) -> ContentError: ...

    def sub(self, prefix: str) -> Where: ...


@dataclass(frozen=True, slots=True)
class Reading:
    """One effect table being read: the table, where it is, and its context."""

    raw: Mapping[str, Any]
    err: Where
    weapon: bool
    when: str


@dataclass(frozen=True, slots=True)
class Field:
    """A field of an effect table: its key, what it takes, and how it is read (into the
    :class:`Effect` attributes it sets)."""

    key: str
    doc: str
    read: Callable[[Reading], dict[str, Any]]


def _is_int(v: object) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def _amount() -> Field:
    def read(r: Reading) -> dict[str, Any]:
        v = r.raw.get("value")
        if not _is_int(v) or v == 0 or abs(v) > 20:
            raise r.err(f"must be a non-zero whole number from −20 to 20, got {v!r}", ".value")
        return {"value": v}

    return Field("value", "a non-zero whole number from −20 to 20", read)


def _steps() -> Field:
    def read(r: Reading) -> dict[str, Any]:
        v = r.raw.get("value")
        if not _is_int(v) or not 0 <= v <= 9:
            raise r.err(f"must be a number of steps from 0 to 9, got {v!r}", ".value")
        return {"value": v}

    return Field("value", "a number of steps from 0 to 9", read)


def _throw(key: str, *, any_ok: bool) -> Field:
    allowed = ", ".join((*THROWS, "any") if any_ok else THROWS)

    def read(r: Reading) -> dict[str, Any]:
        v = r.raw.get(key)
        if any_ok and v in (None, "any"):
            return {key: -1}
        if v not in THROWS:
            raise r.err(f"must be one of {allowed}, got {v!r}", f".{key}")
        return {key: THROWS.index(v)}

    return Field(key, f"one of {allowed}" + (" (default any)" if any_ok else ""), read)


def _word(key: str, words: tuple[str, str], default: str | None = None) -> Field:
    """A field taking one of two words (``default``: when it is left out)."""

    def read(r: Reading) -> dict[str, Any]:
        v = r.raw.get(key, default)
        if v not in words:
            raise r.err(f"must be {words[0]} or {words[1]}, got {v!r}", f".{key}")
        return {key: v}

    tail = f" (default {default})" if default else ""
    return Field(key, f"{words[0]} or {words[1]}{tail}", read)


def _check_n() -> Field:
    def read(r: Reading) -> dict[str, Any]:
        n = r.raw.get("n")
        if not _is_int(n) or not 1 <= n <= 13:
            raise r.err(f"must be a check value from 1 to 13, got {n!r}", ".n")
        return {"n": n}

    return Field("n", "a check value from 1 to 13", read)


def _branch(key: str, attr: str) -> Field:
    def read(r: Reading) -> dict[str, Any]:
        return {
            attr: parse_effects(
                r.raw.get(key), r.err.sub(f".{key}"), weapon=r.weapon, parent_when=r.when
            )
        }

    return Field(key, "a list of effects (same when as the check)", read)


def _then_or_else(fields: Mapping[str, Any], err: Where) -> None:
    if not fields["then"] and not fields["otherwise"]:
        raise err("needs a 'then' or an 'else' list", ".then")


_TARGET = _word("target", TARGETS, "self")


# ---------------------------------------------------------------------------------- text


def _signed(v: int) -> str:
    return f"+{v}" if v > 0 else f"−{-v}"


def _who_zh(e: Effect) -> str:
    return "我" if e.target == "self" else "对手"


def _who_en(e: Effect) -> str:
    return "you" if e.target == "self" else "the opponent"


def _whose_en(e: Effect) -> str:
    return "your" if e.target == "self" else "the opponent's"


def _power_zh(e: Effect) -> str:
    if e.me < 0 and e.them < 0:
        return f"所有格子战力 {_signed(e.value)}"
    parts = []
    if e.me >= 0:
        parts.append(f"我出{BLADES.zh[e.me]}")
    if e.them >= 0:
        parts.append(f"对手出{BLADES.zh[e.them]}")
    return f"{'且'.join(parts)}时战力 {_signed(e.value)}"


def _power_en(e: Effect) -> str:
    if e.me < 0 and e.them < 0:
        return f"{_signed(e.value)} power in every cell"
    parts = []
    if e.me >= 0:
        parts.append(f"you throw {BLADES.en[e.me]}")
    if e.them >= 0:
        parts.append(f"they throw {BLADES.en[e.them]}")
    return f"{_signed(e.value)} power when {' and '.join(parts)}"


def _guard_zh(e: Effect) -> str:
    return f"本回合我受到的伤害 −{e.value}" if e.value > 0 else f"本回合我受到的伤害 +{-e.value}"


def _check_zh(e: Effect) -> str:
    then = describe_effects(e.then, "zh", inner=True) or "无效果"
    out = f"检定 {e.n}（翻开的方块 ≥ {e.n} 为成功）：成功则{then}"
    if e.otherwise:
        out += f"，失败则{describe_effects(e.otherwise, 'zh', inner=True)}"
    return out


def _check_en(e: Effect) -> str:
    then = describe_effects(e.then, "en", inner=True) or "nothing"
    out = f"check {e.n} (success if the diamond is ≥ {e.n}): on success {then}"
    if e.otherwise:
        out += f", on failure {describe_effects(e.otherwise, 'en', inner=True)}"
    return out


def _step_zh(e: Effect) -> str:
    if e.value == 0:
        return f"下一预备阶段{_who_zh(e)}的棋子不能移动"
    return f"下一预备阶段{_who_zh(e)}的棋子可移动至多 {e.value} 格"


def _step_en(e: Effect) -> str:
    if e.value == 0:
        return f"next preparation, {_whose_en(e)} tokens may not move"
    return f"next preparation, {_whose_en(e)} tokens may move up to {e.value} steps"


def _move_zh(e: Effect) -> str:
    if e.target == "opponent":
        row = "对手自己那一排" if e.to == "home" else "我这一侧的一排"
    else:
        row = "我这一侧的一排" if e.to == "home" else "对手那一侧的一排"
    return f"立即把{_who_zh(e)}的两枚棋子沿各自的列移到{row}"


def _move_en(e: Effect) -> str:
    if e.to == "home":
        row = "their own row" if e.target == "opponent" else "your own row"
    else:
        row = "your row" if e.target == "opponent" else "the opponent's row"
    return f"move {_whose_en(e)} two tokens, along their columns, onto {row}"


def _recover_en(e: Effect) -> str:
    if e.card == "this":
        return "this card returns to hand after the settlement"
    return "take the highest discarded skill card back"


# ---------------------------------------------------------------------------------- rules


def _tgt(owner: int, e: Effect) -> int:
    return owner if e.target == "self" else 1 - owner


def _apply_power(s: PromiseState, owner: int, e: Effect) -> None:
    s.mods.append((owner, e.me, e.them, e.value))


def _apply_forbid(s: PromiseState, owner: int, e: Effect) -> None:
    tgt = _tgt(owner, e)
    mask = s.forbidden[tgt] | (1 << e.throw)
    if mask != 0b111:  # at least one throw always stays legal
        s.forbidden[tgt] = mask


def _apply_first(s: PromiseState, owner: int, e: Effect) -> None:
    s.first[owner] = True


def _apply_damage(s: PromiseState, owner: int, e: Effect) -> None:
    s.dmg[owner] += e.value


def _apply_guard(s: PromiseState, owner: int, e: Effect) -> None:
    s.guard[owner] += e.value


def _apply_life(s: PromiseState, owner: int, e: Effect) -> None:
    tgt = _tgt(owner, e)
    cap = s.game.content.characters[s.chars[tgt]].vitality
    s.life[tgt] = max(0, min(cap, s.life[tgt] + e.value))


def _apply_qi(s: PromiseState, owner: int, e: Effect) -> None:
    tgt = _tgt(owner, e)
    cap = s.game.content.characters[s.chars[tgt]].qi
    s.qi[tgt] = max(0, min(cap, s.qi[tgt] + e.value))


def _apply_check(s: PromiseState, owner: int, e: Effect) -> None:
    card = s._draw_check()
    ok = card >= e.n
    s.checks.append((owner, e.n, card, ok))
    if not s._quiet:
        s._log("check", {"player": owner, "n": e.n, "card": card, "success": ok})
    for sub in e.then if ok else e.otherwise:
        apply_effect(s, owner, sub)


def _apply_step(s: PromiseState, owner: int, e: Effect) -> None:
    s.step_range[_tgt(owner, e)] = e.value


def _apply_move(s: PromiseState, owner: int, e: Effect) -> None:
    tgt = _tgt(owner, e)
    row = tgt if e.to == "home" else 1 - tgt
    x, y = (row * COLS + c % COLS for c in s.tokens[tgt])
    s.tokens[tgt] = (min(x, y), max(x, y))
    tokens = list(s.tokens[tgt])
    if not s._quiet:
        s._log("move", {"player": tgt, "tokens": tokens, "hearts": [s.hearts[c] for c in tokens]})


def _apply_recover(s: PromiseState, owner: int, e: Effect) -> None:
    if e.card == "this":
        s.recover_this[owner] = True
        return
    d = s.discard_skills[owner]
    if d:
        v = d.bit_length() - 1
        s.discard_skills[owner] &= ~(1 << v)
        s.hand_skills[owner] |= 1 << v
        if not s._quiet:
            s._log("recover", {"player": owner, "card": v})


def _apply_threshold(s: PromiseState, owner: int, e: Effect) -> None:
    s.threshold_delta[_tgt(owner, e)] += e.value


def _apply_draw_wins(s: PromiseState, owner: int, e: Effect) -> None:
    s.draw_wins[owner] = True


# ---------------------------------------------------------------------------------- heuristic


def _value_check(e: Effect) -> float:
    # a fair coin between the two branches
    return 0.5 * sum(map(effect_value, e.then)) + 0.5 * sum(map(effect_value, e.otherwise))


# ---------------------------------------------------------------------------------- the table


@dataclass(frozen=True)
class Kind:
    """Everything one kind of effect is (see the module docstring)."""

    name: str
    doc: str
    fields: tuple[Field, ...]  # in the order they are checked
    zh: Callable[[Effect], str]
    en: Callable[[Effect], str]
    apply: Callable[[PromiseState, int, Effect], None]
    value: Callable[[Effect], float]
    example: Mapping[str, Any]
    reveal_only: bool = False
    weapon: bool = False
    continuous: bool = False
    weapon_when: str = "reveal"
    check: Callable[[Mapping[str, Any], Where], None] | None = None

    @property
    def keys(self) -> tuple[str, ...]:
        """The keys an effect table of this kind may have besides ``do`` and ``when``."""
        return tuple(f.key for f in self.fields)


def _kinds(*kinds: Kind) -> dict[str, Kind]:
    return {k.name: k for k in kinds}


KINDS: dict[str, Kind] = _kinds(
    Kind(
        "power",
        "add ``value`` to the power cells where the owner throws ``me`` and the opponent ``them``",
        (_amount(), _throw("me", any_ok=True), _throw("them", any_ok=True)),
        _power_zh,
        _power_en,
        _apply_power,
        lambda e: (1.2 if e.me < 0 and e.them < 0 else 0.5) * e.value,
        {"do": "power", "value": 2, "me": "slash"},
        reveal_only=True,
        weapon=True,
        continuous=True,
    ),
    Kind(
        "forbid",
        "``target`` may not throw ``throw`` this round",
        (_throw("throw", any_ok=False), _word("target", TARGETS, "opponent")),
        lambda e: f"本回合{_who_zh(e)}不能出{BLADES.zh[e.throw]}",
        lambda e: f"{_who_en(e)} may not throw {BLADES.en[e.throw]} this round",
        _apply_forbid,
        lambda e: 0.8,
        {"do": "forbid", "throw": "strike"},
        reveal_only=True,
    ),
    Kind(
        "first",
        "the opponent must throw first, openly; the owner throws after seeing it",
        (),
        lambda e: "本回合对手须先出拳并公开，我再出拳",
        lambda e: "the opponent throws first, openly, then you throw",
        _apply_first,
        lambda e: 1.5,
        {"do": "first"},
        reveal_only=True,
    ),
    Kind(
        "damage",
        "the owner deals ``value`` more damage if they win this round (negative: less)",
        (_amount(),),
        lambda e: f"本回合我获胜时造成的伤害 {_signed(e.value)}",
        lambda e: f"damage you deal when you win this round {_signed(e.value)}",
        _apply_damage,
        lambda e: 0.8 * e.value,
        {"do": "damage", "value": 1},
        reveal_only=True,
        weapon=True,
        continuous=True,
    ),
    Kind(
        "guard",
        "the owner takes ``value`` less damage this round",
        (_amount(),),
        _guard_zh,
        lambda e: f"damage you take this round {_signed(-e.value)}",
        _apply_guard,
        lambda e: 0.8 * e.value,
        {"do": "guard", "value": 1},
        reveal_only=True,
        weapon=True,
        continuous=True,
    ),
    Kind(
        "life",
        "``target`` gains ``value`` life (negative: loses), up to their starting life",
        (_amount(), _TARGET),
        lambda e: f"{_who_zh(e)}体力 {_signed(e.value)}",
        lambda e: f"{_whose_en(e)} life {_signed(e.value)}",
        _apply_life,
        lambda e: (1.0 if e.target == "self" else 1.3) * e.value,
        {"do": "life", "value": -1, "target": "opponent"},
        weapon=True,
        weapon_when="win",
    ),
    Kind(
        "qi",
        "``target`` gains ``value`` qi (negative: loses), between 0 and their qi cap",
        (_amount(), _TARGET),
        lambda e: f"{_who_zh(e)}气 {_signed(e.value)}",
        lambda e: f"{_whose_en(e)} qi {_signed(e.value)}",
        _apply_qi,
        lambda e: 0.25 * e.value,
        {"do": "qi", "value": -1, "target": "opponent"},
        weapon=True,
        weapon_when="win",
    ),
    Kind(
        "check",
        "turn the top check card; if its value ≥ n do ``then``, otherwise ``else``",
        (_check_n(), _branch("then", "then"), _branch("else", "otherwise")),
        _check_zh,
        _check_en,
        _apply_check,
        _value_check,
        {"do": "check", "n": 7, "then": [{"do": "qi", "value": 1}]},
        check=_then_or_else,
    ),
    Kind(
        "step",
        "in the next preparation phase, ``target``'s tokens may move ``value`` steps (0: stay)",
        (_steps(), _TARGET),
        _step_zh,
        _step_en,
        _apply_step,
        lambda e: 0.1,
        {"do": "step", "value": 2},
    ),
    Kind(
        "move",
        'move ``target``\'s two tokens now, keeping their columns: ``to = "home"`` onto the '
        'row nearest their owner, ``to = "across"`` onto the other row',
        (_TARGET, _word("to", MOVE_TO)),  # target is checked first
        _move_zh,
        _move_en,
        _apply_move,
        lambda e: 0.3,
        {"do": "move", "to": "across", "target": "opponent"},
        reveal_only=True,
    ),
    Kind(
        "recover",
        '``card = "this"``: this skill card returns to hand instead of the discard pile; '
        '``card = "best"``: take the highest discarded skill card back into hand',
        (_word("card", RECOVER_CARDS, "this"),),
        lambda e: "此卡结算后回到手牌" if e.card == "this" else "取回弃牌堆中点数最大的技能卡",
        _recover_en,
        _apply_recover,
        lambda e: 0.3,
        {"do": "recover"},
    ),
    Kind(
        "threshold",
        "change ``target``'s win threshold this round by ``value`` (−1: they win from 4)",
        (_amount(), _TARGET),
        lambda e: f"本回合{_who_zh(e)}的胜利门槛 {_signed(e.value)}",
        lambda e: f"{_whose_en(e)} win threshold {_signed(e.value)} this round",
        _apply_threshold,
        lambda e: -0.9 * e.value if e.target == "self" else 0.9 * e.value,
        {"do": "threshold", "value": -1},
        reveal_only=True,
    ),
    Kind(
        "draw_wins",
        "this round a drawn cell counts as a win for the owner",
        (),
        lambda e: "本回合平手的格子算作我获胜",
        lambda e: "this round a drawn cell counts as your win",
        _apply_draw_wins,
        lambda e: 2.0,
        {"do": "draw_wins"},
        reveal_only=True,
    ),
)


# ---------------------------------------------------------------------------------- reading


def parse_effects(
    raw: object, err: Where, *, weapon: bool, parent_when: str | None = None
) -> tuple[Effect, ...]:
    """A card's list of effect tables (or a check's ``then`` / ``else`` list), validated."""
    if not isinstance(raw, list) or (not raw and parent_when is None):
        if parent_when is not None and raw is None:
            return ()
        raise err("must be a non-empty list of effect tables", "")
    return tuple(
        parse_effect(e, err.sub(f"[{i}]"), weapon=weapon, parent_when=parent_when)
        for i, e in enumerate(raw)
    )


def parse_effect(raw: object, err: Where, *, weapon: bool, parent_when: str | None) -> Effect:
    """One effect table, validated: its kind, its ``when``, then the kind's fields."""
    if not isinstance(raw, dict):
        raise err('must be a table like { do = "power", value = 1 }', "")
    kind = _kind_of(raw, err)
    when = _when_of(raw, err, kind, weapon=weapon, parent_when=parent_when)
    fields: dict[str, Any] = {"kind": kind.name, "when": when}
    reading = Reading(raw, err, weapon, when)
    for f in kind.fields:
        fields.update(f.read(reading))
    if kind.check is not None:
        kind.check(fields, err)
    return Effect(**fields)


def _kind_of(raw: Mapping[str, Any], err: Where) -> Kind:
    name = raw.get("do")
    kind = KINDS.get(name) if isinstance(name, str) else None
    if kind is None:
        raise err(f"unknown effect {name!r}; effects are: {', '.join(KINDS)}", ".do")
    extra = sorted(set(raw) - {"do", "when", *kind.keys})
    if extra:
        raise err(f"not a field of a {kind.name!r} effect", f".{extra[0]}")
    return kind


def _when_of(
    raw: Mapping[str, Any], err: Where, kind: Kind, *, weapon: bool, parent_when: str | None
) -> str:
    when = raw.get("when", parent_when or (kind.weapon_when if weapon else "reveal"))
    if when not in WHENS:
        raise err(f"must be one of {', '.join(WHENS)}, got {when!r}", ".when")
    if parent_when is not None and when != parent_when:
        raise err(f"must match the enclosing check's when ({parent_when!r})", ".when")
    if weapon and not kind.weapon:
        carried = sorted(k.name for k in KINDS.values() if k.weapon)
        raise err(f"a weapon can only carry {', '.join(carried)}", ".do")
    if kind.reveal_only and when != "reveal":
        raise err(f"a {kind.name!r} effect works at the reveal only", ".when")
    assert isinstance(when, str)
    return when


# ---------------------------------------------------------------------------------- use


_WHEN_TEXT = {
    "reveal": ("", ""),
    "win": ("若本回合获胜：", "if you win this round: "),
    "lose": ("若本回合落败：", "if you lose this round: "),
    "draw": ("若本回合平手：", "if this round is a draw: "),
}


def describe_effect(e: Effect, lang: str) -> str:
    """The card text of one effect, in Chinese (``zh``) or English (``en``)."""
    kind = KINDS[e.kind]
    zh_head, en_head = _WHEN_TEXT[e.when]
    return zh_head + kind.zh(e) if lang == "zh" else en_head + kind.en(e)


def describe_effects(effects: Sequence[Effect], lang: str, *, inner: bool = False) -> str:
    """The card text of a list of effects, in Chinese (``zh``) or English (``en``).

    >>> describe_effects((Effect("power", value=2, me=0), Effect("first")), "en")
    '+2 power when you throw slash; the opponent throws first, openly, then you throw'
    """
    sep = {("zh", True): "、", ("zh", False): "；", ("en", True): " and "}.get((lang, inner), "; ")
    return sep.join(describe_effect(e, lang) for e in effects)


def apply_effect(state: PromiseState, owner: int, e: Effect) -> None:
    """What effect ``e`` of player ``owner``'s card does to ``state`` now."""
    KINDS[e.kind].apply(state, owner, e)


def effect_value(e: Effect) -> float:
    """What the heuristic player counts a printed effect worth (about power points)."""
    return KINDS[e.kind].value(e)


__all__ = [
    "KINDS",
    "MOVE_TO",
    "RECOVER_CARDS",
    "TARGETS",
    "THROWS",
    "WHENS",
    "Effect",
    "Field",
    "Kind",
    "Reading",
    "Where",
    "apply_effect",
    "describe_effect",
    "describe_effects",
    "effect_value",
    "parse_effect",
    "parse_effects",
]
