"""The effect kinds of 伟人的猜拳战略: one entry per kind, everything about it in one place.

Every ability is a list of effects (``{ do = "<kind>", ... }`` in a content file). An entry of
:data:`EFFECTS` says, for its kind:

* ``fields`` — what a content file may give besides ``do`` and ``may`` (checked and bounded
  by :data:`FIELDS`; errors name the file, the card and the field);
* ``text`` — its words in Chinese and English (the card texts are made of them);
* ``possible`` — whether it can do anything now (an effect that cannot is skipped);
* ``run`` — what it does when it resolves: change the table, queue steps, or ask its player
  the kind's ``decision``;
* ``decision``, ``options``, ``choose`` — the decision it asks (``""``: none), the legal
  options of that decision, and what a chosen option does;
* ``bound`` — how many decisions one execution may ask for (for ``max_decisions``);
* ``value`` — what the heuristic player (:mod:`.strategy`) thinks each option of its decision
  is worth (it plays the one worth most).

A new kind of effect is one new entry (and its words); a test checks that every kind has
every part, and that the shipped cards use and exercise every kind.

The ``run``, ``possible``, ``options`` and ``choose`` functions act on a
:class:`~caiquan.games.legends.rules.LegendsState` with its own helpers (drawing, gaining,
logging, asking); they are the rules of the effect.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from caiquan.engine import ContentError

from . import judge
from .data import (
    CONTINENT_EN,
    CONTINENT_ZH,
    CONTINENTS,
    MARKER_EN,
    MARKER_ZH,
    MARKERS,
    MIGHT,
    PASSIVE,
    WHO,
    Effect,
    bool_field,
    choice_field,
    int_field,
)

if TYPE_CHECKING:
    from .rules import LegendsState

#: Where an effect sits: (card, list — 0: the card's effects, 1: its war's ``on_win`` —, index).
At = tuple[int, int, int]

Text = Callable[[Effect, bool], str]
Possible = Callable[["LegendsState", int, Effect], bool]
Run = Callable[["LegendsState", int, Effect, At], None]
Options = Callable[["LegendsState", int, Effect], list[int]]
Choose = Callable[["LegendsState", int, Effect, int], None]
Value = Callable[["LegendsState", int, Effect, int], float]
Bound = Callable[[Effect, int], int]


@dataclass(frozen=True)
class EffectKind:
    """Everything about one kind of effect (see the module docstring)."""

    name: str
    fields: tuple[str, ...]
    text: Text
    possible: Possible
    run: Run
    bound: Bound
    decision: str = ""
    options: Options | None = None
    choose: Choose | None = None
    value: Value | None = None
    markers: tuple[str, ...] = MARKERS  # the markers its ``marker`` field may name


# ---------------------------------------------------------------------- fields


def _parse_n(raw: Mapping[str, Any], file: str, item: str, kind: EffectKind) -> Any:
    return int_field(raw, "n", file, item, 1, 1, 6)


def _parse_marker(raw: Mapping[str, Any], file: str, item: str, kind: EffectKind) -> Any:
    return choice_field(raw, "marker", kind.markers, file, item, "")


def _parse_continent(raw: Mapping[str, Any], file: str, item: str, kind: EffectKind) -> Any:
    return choice_field(raw, "continent", CONTINENTS, file, item, "")


def _parse_discount(raw: Mapping[str, Any], file: str, item: str, kind: EffectKind) -> Any:
    return int_field(raw, "discount", file, item, 0, 0, 20)


def _parse_who(raw: Mapping[str, Any], file: str, item: str, kind: EffectKind) -> Any:
    return choice_field(raw, "who", WHO, file, item, "chosen")


#: Every field an effect may have besides ``do`` and ``may``, with its check and bounds, in
#: the order they are checked (and written back).
FIELDS: dict[str, Callable[[Mapping[str, Any], str, str, EffectKind], Any]] = {
    "n": _parse_n,  # a count, 1 … 6
    "marker": _parse_marker,  # might, tech or culture (the kind's ``markers``)
    "continent": _parse_continent,  # one of CONTINENTS
    "discount": _parse_discount,  # Might or build cost paid less, 0 … 20
    "who": _parse_who,  # chosen (one opponent the player names) or each (every opponent)
}
ALLOWED = {"do", "may", *FIELDS}


def parse_effect(raw: Any, file: str, item: str, where: str) -> Effect:
    """One effect of a content file (``where``: its place in the card, for errors)."""
    if not isinstance(raw, dict):
        raise ContentError(
            "an effect must be a table {do = ...}", file=file, item=item, field=where
        )
    for k in sorted(raw):
        if k not in ALLOWED:
            raise ContentError(
                f"unknown effect field {k!r}; allowed: {', '.join(sorted(ALLOWED))}",
                file=file,
                item=item,
                field=where,
            )
    do = raw.get("do")
    if do not in EFFECTS:
        raise ContentError(
            f"unknown effect {do!r}; the effects are {', '.join(EFFECTS)}",
            file=file,
            item=item,
            field=f"{where}.do",
        )
    kind = EFFECTS[do]
    extra = sorted(set(raw) - {"do", "may", *kind.fields})
    if extra:
        raise ContentError(
            f"effect {do!r} does not use {extra[0]!r}", file=file, item=item, field=where
        )
    values = {f: parse(raw, file, item, kind) for f, parse in FIELDS.items() if f in kind.fields}
    return Effect(do=do, **values, may=bool_field(raw, "may", file, item))


def effect_back(e: Effect) -> dict[str, Any]:
    """An effect as a content file writes it (the inverse of :func:`parse_effect`)."""
    out: dict[str, Any] = {"do": e.do}
    wants = EFFECTS[e.do].fields
    out.update({f: getattr(e, f) for f in FIELDS if f in wants})
    if e.may:
        out["may"] = True
    return out


# ---------------------------------------------------------------------- words


def _marker(name: str, zh: bool) -> str:
    if name == "any":
        return "任选一种标记" if zh else "markers of one kind of your choice"
    k = MARKERS.index(name)
    return MARKER_ZH[k] if zh else MARKER_EN[k]


def _continent(name: str, zh: bool) -> str:
    k = CONTINENTS.index(name)
    return CONTINENT_ZH[k] if zh else CONTINENT_EN[k]


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def effect_text(e: Effect, lang: str) -> str:
    """One effect in words (Chinese ``zh`` or English ``en``).

    >>> effect_text(Effect("draw", n=2, may=True), "en")
    'you may draw 2 cards'
    """
    zh = lang == "zh"
    text = EFFECTS[e.do].text(e, zh)
    if e.may:
        text = ("你可以" + text) if zh else ("you may " + text)
    return text


def _gain_text(e: Effect, zh: bool) -> str:
    if zh:
        return f"获得 {e.n} 枚{_marker(e.marker, zh)}"
    if e.marker == "any" and e.n == 1:
        return "gain 1 marker of a kind of your choice"
    return f"gain {e.n} {_marker(e.marker, zh)}"


def _steal_text(e: Effect, zh: bool) -> str:
    m = _marker(e.marker, zh)
    return f"从一名对手处夺取至多 {e.n} 枚{m}" if zh else f"take up to {e.n} {m} from an opponent"


def _tax_text(e: Effect, zh: bool) -> str:
    m = _marker(e.marker, zh)
    return f"每名对手各失去 {e.n} 枚{m}" if zh else f"each opponent loses {e.n} {m}"


def _draw_text(e: Effect, zh: bool) -> str:
    return f"抽 {e.n} 张人物卡" if zh else f"draw {_cards(e.n)}"


def _discard_text(e: Effect, zh: bool) -> str:
    if e.who == "each":
        if zh:
            return f"每名对手各自选弃 {e.n} 张手牌"
        return f"each opponent discards {_cards(e.n)} of their choice from hand"
    if zh:
        return f"指定一名对手，其自选弃置 {e.n} 张手牌"
    return f"an opponent you name discards {_cards(e.n)} of their choice from hand"


def _discard_own_text(e: Effect, zh: bool) -> str:
    return f"弃置自己的 {e.n} 张手牌" if zh else f"discard {_cards(e.n)} from your hand"


def _steal_card_text(e: Effect, zh: bool) -> str:
    if zh:
        return f"从一名对手的手牌中随机抽走 {e.n} 张"
    return f"take {_cards(e.n)} at random from an opponent's hand"


def _purge_text(e: Effect, zh: bool) -> str:
    if zh:
        return "弃置一名对手展示区中的 1 张人物卡"
    return "discard 1 person card from an opponent's display"


def _scout_text(e: Effect, zh: bool) -> str:
    if zh:
        return f"查看领土牌堆顶的 {e.n} 张，选其中 1 张放在最上面，其余依原顺序留在其下"
    return (
        f"look at the top {e.n} territories and put one of them on top "
        f"(the others stay below in their order)"
    )


def _expand_text(e: Effect, zh: bool) -> str:
    d = e.discount
    if zh:
        return "扩张 1 次" + (f"，武力费用减 {d}" if d else "（照常支付武力）")
    return "expand once" + (f", paying {d} Might less" if d else " (paying the Might)")


def _take_text(e: Effect, zh: bool) -> str:
    c, d = _continent(e.continent, zh), e.discount
    if zh:
        pay = f"支付其武力费用减 {d}" if d else "支付其武力费用"
        return f"从领土牌堆中选取 1 张{c}领土（{pay}，黑星面朝上），然后洗匀领土牌堆"
    pay = f"paying its Might cost less {d}" if d else "paying its Might cost"
    return (
        f"take a territory of {c} from the territory deck ({pay}, black side up), "
        f"then shuffle the deck"
    )


def _develop_text(e: Effect, zh: bool) -> str:
    d = e.discount
    if zh:
        return "建设自己的 1 块领土" + (f"，费用减 {d}" if d else "") + "（照常抽 1 张）"
    text = "build one of your territories" + (f", paying {d} less" if d else "")
    return text + " (drawing 1 card as usual)"


def _raze_text(e: Effect, zh: bool) -> str:
    if zh:
        return "将一名对手的 1 块黑星领土放入领土弃牌堆"
    return "put an opponent's black-side territory on the territory discard pile"


def _flip_text(e: Effect, zh: bool) -> str:
    if zh:
        return "将一名对手的 1 块黄星领土翻回黑星面"
    return "flip an opponent's yellow-side territory back to black"


# ---------------------------------------------------------------------- shared rules


def _always(s: LegendsState, p: int, eff: Effect) -> bool:
    return True


def _has_options(s: LegendsState, p: int, eff: Effect) -> bool:
    options = EFFECTS[eff.do].options
    assert options is not None
    return bool(options(s, p, eff))


def _ask(s: LegendsState, p: int, eff: Effect, at: At) -> None:
    """Ask the effect's player its kind's decision."""
    s._ask((EFFECTS[eff.do].decision, p, *at))


def _no_decision(eff: Effect, n: int) -> int:
    return 0


def _one_decision(eff: Effect, n: int) -> int:
    return 1


def _targets_with_hands(s: LegendsState, p: int, eff: Effect) -> list[int]:
    return sorted(s.game.PLAYER + q for q in s._opponents(p) if s.hands[q])


def _leader_value(s: LegendsState, me: int, eff: Effect, o: int) -> float:
    """A target option: hurting the opponent nearest to victory is worth most."""
    return judge.leader_value(s, o - s.game.PLAYER)


# ---------------------------------------------------------------------- gain


def _gain_run(s: LegendsState, p: int, eff: Effect, at: At) -> None:
    if eff.marker == "any":
        _ask(s, p, eff, at)
    else:
        s._gain(p, MARKERS.index(eff.marker), eff.n)


def _gain_options(s: LegendsState, p: int, eff: Effect) -> list[int]:
    return [s.game.MARKER + i for i in range(3)]


def _gain_choose(s: LegendsState, p: int, eff: Effect, o: int) -> None:
    s._gain(p, o - s.game.MARKER, eff.n)


def _gain_value(s: LegendsState, me: int, eff: Effect, o: int) -> float:
    return 1.0 if o - s.game.MARKER == judge.marker_need(s, me) else 0.0


# ---------------------------------------------------------------------- steal


def _steal_options(s: LegendsState, p: int, eff: Effect) -> list[int]:
    k = MARKERS.index(eff.marker)
    return sorted(s.game.PLAYER + q for q in s._opponents(p) if s.markers[3 * q + k] > 0)


def _steal_choose(s: LegendsState, p: int, eff: Effect, o: int) -> None:
    q = o - s.game.PLAYER
    k = MARKERS.index(eff.marker)
    n = min(eff.n, s.markers[3 * q + k])
    s.markers[3 * q + k] -= n
    s.markers[3 * p + k] += n
    if not s._quiet:
        s._log("steal", {"player": p, "from": q, "marker": eff.marker, "n": n})


# ---------------------------------------------------------------------- tax


def _tax_run(s: LegendsState, p: int, eff: Effect, at: At) -> None:
    k = MARKERS.index(eff.marker)
    for q in s._opponents(p):
        lose = min(eff.n, s.markers[3 * q + k])
        if lose:
            s.markers[3 * q + k] -= lose
            if not s._quiet:
                s._log("lose", {"player": q, "marker": eff.marker, "n": lose})


# ---------------------------------------------------------------------- draw


def _draw_possible(s: LegendsState, p: int, eff: Effect) -> bool:
    return bool(s.deck) and len(s.hands[p]) < s.game.content.hand_limit


def _draw_run(s: LegendsState, p: int, eff: Effect, at: At) -> None:
    s._draw(p, eff.n)


# ---------------------------------------------------------------------- discard


def _discard_possible(s: LegendsState, p: int, eff: Effect) -> bool:
    return any(s.hands[q] for q in s._opponents(p))


def _discard_run(s: LegendsState, p: int, eff: Effect, at: At) -> None:
    if eff.who == "each":
        for q in reversed(s._opponents(p)):
            for _ in range(eff.n):
                s.stack.append(("discard", q, 1))
    else:
        _ask(s, p, eff, at)


def _discard_choose(s: LegendsState, p: int, eff: Effect, o: int) -> None:
    s.stack.append(("discard", o - s.game.PLAYER, eff.n))


def _discard_bound(eff: Effect, n: int) -> int:
    return 1 + eff.n * (n - 1)


# ---------------------------------------------------------------------- discard_own


def _discard_own_possible(s: LegendsState, p: int, eff: Effect) -> bool:
    return bool(s.hands[p])


def _discard_own_run(s: LegendsState, p: int, eff: Effect, at: At) -> None:
    s.stack.append(("discard", p, eff.n))


def _discard_own_bound(eff: Effect, n: int) -> int:
    return eff.n


# ---------------------------------------------------------------------- steal_card


def _steal_card_options(s: LegendsState, p: int, eff: Effect) -> list[int]:
    if len(s.hands[p]) >= s.game.content.hand_limit:
        return []
    return _targets_with_hands(s, p, eff)


def _steal_card_choose(s: LegendsState, p: int, eff: Effect, o: int) -> None:
    q = o - s.game.PLAYER
    got: list[int] = []
    for _ in range(eff.n):
        if not s.hands[q] or len(s.hands[p]) >= s.game.content.hand_limit:
            break
        card = s.hands[q].pop(s.rng.below(len(s.hands[q])))
        s.hands[p].append(card)
        s.hand_known[card] = (1 << p) | (1 << q)
        got.append(card)
    s.hands[p].sort()
    if not s._quiet:
        s._log("steal_card", {"player": p, "from": q, "count": len(got)}, {"cards": got}, to=(p, q))


# ---------------------------------------------------------------------- purge


def _purge_options(s: LegendsState, p: int, eff: Effect) -> list[int]:
    return sorted(s.game.PURGE + c for q in s._opponents(p) for c in s.displays[q])


def _purge_choose(s: LegendsState, p: int, eff: Effect, o: int) -> None:
    c = o - s.game.PURGE
    holder = next(q for q in s._opponents(p) if c in s.displays[q])
    s._discard_card(holder, c, from_display=True)


def _purge_value(s: LegendsState, me: int, eff: Effect, o: int) -> float:
    c = o - s.game.PURGE
    holder = next(q for q, d in enumerate(s.displays) if c in d)
    passive = s.game.content.persons[c].kind == PASSIVE
    return judge.leader_value(s, holder) - (1.0 if passive else 0.0)


# ---------------------------------------------------------------------- scout


def _scout_possible(s: LegendsState, p: int, eff: Effect) -> bool:
    return len(s.tdeck) >= 2


def _scout_run(s: LegendsState, p: int, eff: Effect, at: At) -> None:
    k = min(eff.n, len(s.tdeck))
    s.known_top[p] = max(s.known_top[p], k)
    if not s._quiet:
        s._log("scout", {"player": p, "n": k})
    _ask(s, p, eff, at)


def _scout_options(s: LegendsState, p: int, eff: Effect) -> list[int]:
    k = min(eff.n, len(s.tdeck))
    return sorted(s.game.SCOUT + t for t in s.tdeck[len(s.tdeck) - k :])


def _scout_choose(s: LegendsState, p: int, eff: Effect, o: int) -> None:
    t = o - s.game.SCOUT
    s.tdeck.remove(t)
    s.tdeck.append(t)
    if not s._quiet:
        s._log("scout_done", {"player": p, "top": t})


def _deck_pick_value(s: LegendsState, me: int, t: int) -> float:
    """A territory of the deck to put on top or to take: a new continent, cheap, few stars."""
    terr = s.game.content.territories[t]
    held = judge.continents(s, me)
    return (3.0 if terr.continent not in held else 0.0) - 0.3 * terr.expand - 0.2 * terr.black


def _scout_value(s: LegendsState, me: int, eff: Effect, o: int) -> float:
    return _deck_pick_value(s, me, o - s.game.SCOUT)


# ---------------------------------------------------------------------- expand


def _expand_possible(s: LegendsState, p: int, eff: Effect) -> bool:
    if not s.tdeck:
        return False
    cost = max(0, s.game.content.territories[s.tdeck[-1]].expand - eff.discount)
    return s.markers[3 * p + MIGHT] >= cost


def _expand_run(s: LegendsState, p: int, eff: Effect, at: At) -> None:
    top = s.game.content.territories[s.tdeck[-1]]
    s._take_top_territory(p, max(0, top.expand - eff.discount))


# ---------------------------------------------------------------------- take


def _take_options(s: LegendsState, p: int, eff: Effect) -> list[int]:
    terrs = s.game.content.territories
    cont = CONTINENTS.index(eff.continent)
    might = s.markers[3 * p + MIGHT]
    return sorted(
        s.game.TAKE + t
        for t in s.tdeck
        if terrs[t].continent == cont and might >= max(0, terrs[t].expand - eff.discount)
    )


def _take_choose(s: LegendsState, p: int, eff: Effect, o: int) -> None:
    t = o - s.game.TAKE
    cost = max(0, s.game.content.territories[t].expand - eff.discount)
    s.tdeck.remove(t)
    s.markers[3 * p + MIGHT] -= cost
    s.owner[t] = p
    s.yellow[t] = False
    if not s._quiet:
        s._log("take", {"player": p, "territory": t, "paid": cost})
    s.rng.shuffle(s.tdeck)
    s.known_top = [0] * s.game.num_players
    s._refill_territories()


def _take_value(s: LegendsState, me: int, eff: Effect, o: int) -> float:
    return _deck_pick_value(s, me, o - s.game.TAKE)


# ---------------------------------------------------------------------- develop


def _develop_options(s: LegendsState, p: int, eff: Effect) -> list[int]:
    return s._build_options(p, eff.discount)


def _develop_choose(s: LegendsState, p: int, eff: Effect, o: int) -> None:
    s._do_build(p, o, eff.discount)
    s._draw(p, 1)  # "每建设 1 张领土，立即……抽 1 张": every build draws


def _develop_value(s: LegendsState, me: int, eff: Effect, o: int) -> float:
    return judge.build_value(s, me, o)


# ---------------------------------------------------------------------- raze


def _raze_options(s: LegendsState, p: int, eff: Effect) -> list[int]:
    return [
        s.game.RAZE + t
        for t in range(len(s.owner))
        if s.owner[t] >= 0 and s.owner[t] != p and not s.yellow[t]
    ]


def _raze_choose(s: LegendsState, p: int, eff: Effect, o: int) -> None:
    t = o - s.game.RAZE
    q = s.owner[t]
    s.owner[t] = -1
    s.tdiscard.append(t)
    if not s._quiet:
        s._log("raze", {"player": p, "from": q, "territory": t})
    s._refill_territories()


def _raze_value(s: LegendsState, me: int, eff: Effect, o: int) -> float:
    t = o - s.game.RAZE
    d = s.owner[t]
    lone = judge.continents(s, d).get(s.game.content.territories[t].continent, 0) == 1
    return (2.0 if lone else 0.5) * (1.0 + judge.leader_value(s, d))


# ---------------------------------------------------------------------- flip


def _flip_options(s: LegendsState, p: int, eff: Effect) -> list[int]:
    return [
        s.game.FLIP + t
        for t in range(len(s.owner))
        if s.owner[t] >= 0 and s.owner[t] != p and s.yellow[t]
    ]


def _flip_choose(s: LegendsState, p: int, eff: Effect, o: int) -> None:
    t = o - s.game.FLIP
    s.yellow[t] = False
    if not s._quiet:
        s._log("flip", {"player": p, "from": s.owner[t], "territory": t})


def _flip_value(s: LegendsState, me: int, eff: Effect, o: int) -> float:
    return judge.territory_hit(s, me, o - s.game.FLIP)


# ---------------------------------------------------------------------- the table

#: Every kind of effect, in the order the content format documents them.
EFFECTS: dict[str, EffectKind] = {
    k.name: k
    for k in (
        # gain n markers (marker "any": the player picks the kind)
        EffectKind(
            "gain",
            ("n", "marker"),
            _gain_text,
            _always,
            _gain_run,
            _one_decision,
            "marker",
            _gain_options,
            _gain_choose,
            _gain_value,
            markers=(*MARKERS, "any"),
        ),
        # take up to n markers of a kind from an opponent
        EffectKind(
            "steal",
            ("n", "marker"),
            _steal_text,
            _has_options,
            _ask,
            _one_decision,
            "target",
            _steal_options,
            _steal_choose,
            _leader_value,
        ),
        # every opponent loses up to n markers of a kind
        EffectKind("tax", ("n", "marker"), _tax_text, _always, _tax_run, _no_decision),
        # draw n person cards (never above the hand limit)
        EffectKind("draw", ("n",), _draw_text, _draw_possible, _draw_run, _no_decision),
        # an opponent (who = "chosen") or each opponent discards n of their choice
        EffectKind(
            "discard",
            ("n", "who"),
            _discard_text,
            _discard_possible,
            _discard_run,
            _discard_bound,
            "target",
            _targets_with_hands,
            _discard_choose,
            _leader_value,
        ),
        # discard n cards of one's own hand
        EffectKind(
            "discard_own",
            ("n",),
            _discard_own_text,
            _discard_own_possible,
            _discard_own_run,
            _discard_own_bound,
        ),
        # take n random cards from an opponent's hand
        EffectKind(
            "steal_card",
            ("n",),
            _steal_card_text,
            _has_options,
            _ask,
            _one_decision,
            "target",
            _steal_card_options,
            _steal_card_choose,
            _leader_value,
        ),
        # discard one card from an opponent's display
        EffectKind(
            "purge",
            (),
            _purge_text,
            _has_options,
            _ask,
            _one_decision,
            "purge",
            _purge_options,
            _purge_choose,
            _purge_value,
        ),
        # look at the top n territories, put one of them on top
        EffectKind(
            "scout",
            ("n",),
            _scout_text,
            _scout_possible,
            _scout_run,
            _one_decision,
            "scout",
            _scout_options,
            _scout_choose,
            _scout_value,
        ),
        # expand now, paying `discount` Might less
        EffectKind(
            "expand", ("discount",), _expand_text, _expand_possible, _expand_run, _no_decision
        ),
        # take a territory of a continent from the deck
        EffectKind(
            "take",
            ("continent", "discount"),
            _take_text,
            _has_options,
            _ask,
            _one_decision,
            "take",
            _take_options,
            _take_choose,
            _take_value,
        ),
        # build one own territory now, paying `discount` less
        EffectKind(
            "develop",
            ("discount",),
            _develop_text,
            _has_options,
            _ask,
            _one_decision,
            "develop",
            _develop_options,
            _develop_choose,
            _develop_value,
        ),
        # an opponent's black territory goes to the territory discard pile
        EffectKind(
            "raze",
            (),
            _raze_text,
            _has_options,
            _ask,
            _one_decision,
            "raze",
            _raze_options,
            _raze_choose,
            _raze_value,
        ),
        # an opponent's yellow territory is flipped back to black
        EffectKind(
            "flip",
            (),
            _flip_text,
            _has_options,
            _ask,
            _one_decision,
            "flip",
            _flip_options,
            _flip_choose,
            _flip_value,
        ),
    )
}

#: The decisions effects ask (each answered through its effect's entry).
DECISIONS: frozenset[str] = frozenset(k.decision for k in EFFECTS.values() if k.decision)


def bound(eff: Effect, n: int) -> int:
    """Decisions one execution of an effect can ask for (``n`` players)."""
    return (1 if eff.may else 0) + EFFECTS[eff.do].bound(eff, n)


__all__ = [
    "DECISIONS",
    "EFFECTS",
    "FIELDS",
    "EffectKind",
    "bound",
    "effect_back",
    "effect_text",
    "parse_effect",
]
