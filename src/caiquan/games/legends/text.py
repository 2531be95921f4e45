"""Every word 伟人的猜拳战略 shows a player, in Chinese and English.

The rules (:mod:`.rules`) take their decision prompts, option labels, option help and event
lines from here; the terminal panel (:mod:`.terminal`) its labels; the card list and the
catalogue (:mod:`.cardlist`) the cards' full texts. The words of each kind of effect are
part of its entry in the effect table (:mod:`.effects`), which the card texts here join.

>>> from caiquan.games.legends.content import load_content
>>> c = load_content("default")
>>> ability(c.persons[0], "en")
'War: attack. On a tie, the defender discards 1 card from hand, then throw again.'
>>> ability(c.persons[0], "zh")
'战：发动战争。平手时，防守方弃置 1 张手牌，然后重新出拳。'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from caiquan.engine import RPS, Choice, Ending, JSONValue, Standing, Text, seat_name
from caiquan.engine.describe import load_glossary, same

from .data import (
    CONTINENT_EN,
    CONTINENT_ZH,
    CULTURE,
    KIND_EN,
    KIND_ZH,
    KINDS,
    MARKER_EN,
    MARKER_ZH,
    MARKERS,
    TECH,
    Content,
    Person,
    Territory,
    War,
)
from .effects import effect_text

if TYPE_CHECKING:
    from .rules import Legends

#: Why a card in hand cannot be played now (the terminal's ``unavailable`` hook); the panel's
#: labels are words of the game's glossary (``glossary.toml``).
TERMINAL: dict[str, tuple[str, str]] = {
    "not_playable": ("现在无法打出（没有合法的用法）", "cannot be played now (no legal use)"),
    # a build picked in two steps (the terminal's ``steps``): the territory, then this
    "pay_marker": ("支付{marker}", "pay {marker}"),
}


def label(key: str, lang: str, **fields: object) -> str:
    """The terminal text ``key`` in ``lang`` (``zh`` or ``en``), with ``fields`` filled in."""
    zh, en = TERMINAL[key]
    text = zh if lang == "zh" else en
    return text.format(**fields) if fields else text


def person_label(p: Person, lang: str) -> str:
    """A person card with its kind: ``李白（技）`` / ``Li Bai (skill)``."""
    if lang == "zh":
        return f"{p.zh}（{KIND_ZH[p.kind]}）"
    return f"{p.en} ({KIND_EN[p.kind]})"


# ---------------------------------------------------------------------- the catalogue

#: What each marker is for: id (as observations name it) → (zh, en).
MARKER_TEXT: dict[str, tuple[str, str]] = {
    "might": (
        "扩张与取得领土时支付（领土左下角的费用）；展示区中的每张红色伟人在回合结束时产出 1 枚",
        "paid to expand or to take a territory (the cost at its bottom left); each red great "
        "person in a display produces 1 at round end",
    ),
    "tech": (
        "建设领土时支付（全用科技或全用文化，不可混付）；"
        "展示区中的每张蓝色伟人在回合结束时产出 1 枚",
        "paid to build a territory (all in Tech or all in Culture, never mixed); each blue "
        "great person in a display produces 1 at round end",
    ),
    "culture": (
        "建设领土时支付（全用文化或全用科技，不可混付）；"
        "展示区中的每张绿色伟人在回合结束时产出 1 枚",
        "paid to build a territory (all in Culture or all in Tech, never mixed); each green "
        "great person in a display produces 1 at round end",
    ),
}

#: What each kind of person card does: id (as ``play`` events name it) → (zh, en).
CARD_KIND_TEXT: dict[str, tuple[str, str]] = {
    "skill": ("打出时立即执行卡上的能力", "its ability resolves at once when played"),
    "passive": (
        "打出时无事发生；从手牌或展示区被弃置时发动",
        "nothing happens when played; it fires when discarded from a hand or a display",
    ),
    "war": (
        "打出时立即向一名对手的领土发动猜拳战争",
        "when played, it starts a rock-paper-scissors war on an opponent's territory at once",
    ),
}

#: What each colour of person card produces at round end: id → (zh, en).
COLOUR_TEXT: dict[str, tuple[str, str]] = {
    "red": (
        "回合结束时，展示区中的每张红色伟人为其主人产出 1 枚武力",
        "at round end each red great person in a display gives its owner 1 Might",
    ),
    "blue": (
        "回合结束时，展示区中的每张蓝色伟人为其主人产出 1 枚科技",
        "at round end each blue great person in a display gives its owner 1 Tech",
    ),
    "green": (
        "回合结束时，展示区中的每张绿色伟人为其主人产出 1 枚文化",
        "at round end each green great person in a display gives its owner 1 Culture",
    ),
    "people": (
        "回合结束时，展示区中的每张人民卡为其主人产出 1 枚其自选的标记",
        "at round end each people card in a display gives its owner 1 marker of their choice",
    ),
}


def continent_text(n: int) -> tuple[str, str]:
    """A continent's catalogue text (``n``: its territories in the content)."""
    return (
        f"六大洲之一：持有全部六大洲的领土即获胜（本卡组有 {n} 块）",
        f"one of the six continents: hold a territory of all six to win ({n} in this content)",
    )


def territory_text(t: Territory) -> tuple[str, str]:
    """A territory's catalogue text: continent, costs and stars."""
    return (
        f"{CONTINENT_ZH[t.continent]}；扩张 {t.expand} 武力，建设 {t.build} 文化或科技；"
        f"黑星面 −{t.black}★，黄星面 +{t.yellow}★",
        f"{CONTINENT_EN[t.continent]}; expand {t.expand} Might, build {t.build} Culture or "
        f"Tech; black side −{t.black}★, yellow side +{t.yellow}★",
    )


# ---------------------------------------------------------------------- options of the game

#: The help of each configuration option: name → (zh, en).
OPTION_HELP: dict[str, tuple[str, str]] = {
    "players": ("玩家人数", "number of players"),
    "content": (
        "卡牌内容：标准 = 37 张人物卡 + 18 张领土卡；第 54 版 = 36 + 18",
        "card set: standard = 37 persons + 18 territories; edition 54 = 36 + 18",
    ),
    "start_player": (
        "第一轮的起始玩家；−1 表示随机选择",
        "the first round's start player; −1 picks one at random",
    ),
    "round_cap": (
        "达到此轮数后游戏结束（星数最高者获胜）",
        "the game ends after this many rounds (highest score wins)",
    ),
    "no_progress_end": (
        "若一整轮无人打出人物卡、扩张或建设，游戏结束",
        "end the game after a round in which nobody played a card, expanded or built",
    ),
    "deal": (
        "实验用让子：把这张人物卡（按 id，例如 li-bai）发进随机一名玩家的起始手牌；"
        "该玩家的胜率即这张卡的效果（留空：关闭）",
        "lab handicap: deal this person card (by id, e.g. li-bai) into the opening hand of "
        "one seat chosen at random; that seat's win rate is the card's effect (empty: off)",
    ),
    "tie_limit": (
        "同一场战争连续平手达到此次数时，防守方守住（保证游戏结束）",
        "after this many tied throws in one war the defender holds (so games always end)",
    ),
}


def option_help(name: str) -> tuple[str, str]:
    """A configuration option's help as ``ConfigOption`` takes it: ``(en, zh)``."""
    zh, en = OPTION_HELP[name]
    return en, zh


# ---------------------------------------------------------------------- decisions

#: What each decision asks: decision kind → (zh, en).
PROMPTS: dict[str, tuple[str, str]] = {
    # the table says whose turn it is ("Your turn: …"); the prompt says only what to do
    "action": ("打出人物卡、扩张、建设或跳过", "play a card, expand, build or pass"),
    "war_target": ("选择要进攻的领土", "choose the territory to attack"),
    "announce": ("预告你的出拳", "announce your throw"),
    "throw": ("出拳：石头、剪刀或布", "throw rock, scissors or paper"),
    "output": ("人民卡产出哪种标记？", "which marker does your people card produce?"),
    "marker": ("选择标记种类", "choose a kind of marker"),
    "target": ("选择一名对手", "choose an opponent"),
    "discard": ("弃置一张手牌", "discard a card from your hand"),
    "purge": ("选择对手展示区的一张卡弃置", "choose a card in an opponent's display to discard"),
    "scout": ("选择放在领土牌堆顶的领土", "choose the territory to put on top of the deck"),
    "take": ("选择要取得的领土", "choose the territory to take"),
    "develop": ("选择要建设的领土与支付方式", "choose a territory to build and how to pay"),
    "raze": ("选择要摧毁的对手黑星领土", "choose an opponent's black territory to raze"),
    "flip": ("选择要翻回黑星面的对手领土", "choose an opponent's yellow territory to flip"),
    "may": ("是否发动这项「你可以」的能力？", "use this optional ability?"),
}


def _card_choice(g: Legends, option: int) -> Choice:
    persons = g.content.persons
    verb = option // len(persons)
    card = persons[option % len(persons)]
    zh = f"{card.zh}（{KIND_ZH[card.kind]}）"
    en = f"{card.en} ({KIND_EN[card.kind]})"
    if verb == 0:
        return Choice(option, f"play-{card.key}", f"打出 {zh}", f"play {en}")
    if verb == 1:
        return Choice(option, f"discard-{card.key}", f"弃置手牌 {zh}", f"discard {en}")
    return Choice(option, f"purge-{card.key}", f"弃置展示区的 {zh}", f"discard {en} from a display")


#: The verbs of the territory options, in option-id order: (token, zh, en).
_TERRITORY_VERBS = (
    ("attack", "进攻 ", "attack "),
    ("top", "置于领土牌堆顶：", "put on top: "),
    ("take", "取得 ", "take "),
    ("raze", "弃置对手领土 ", "raze "),
    ("flip", "翻回黑星面：", "flip back to black: "),
)


def _territory_choice(g: Legends, option: int) -> Choice:
    terrs = g.content.territories
    verb = (option - g.ATTACK) // len(terrs)
    terr = terrs[(option - g.ATTACK) % len(terrs)]
    name_zh = f"{terr.zh}（{CONTINENT_ZH[terr.continent]}）"
    name_en = f"{terr.en} ({CONTINENT_EN[terr.continent]})"
    token, vzh, ven = _TERRITORY_VERBS[verb]
    return Choice(option, f"{token}-{terr.key}", vzh + name_zh, ven + name_en)


def _build_choice(g: Legends, option: int) -> Choice:
    tech = option >= g.BUILD_TECH
    t = option - (g.BUILD_TECH if tech else g.BUILD_CULTURE)
    terr = g.content.territories[t]
    k = TECH if tech else CULTURE
    return Choice(
        option,
        f"build-{terr.key}-{MARKERS[k]}",
        f"建设 {terr.zh}（支付{MARKER_ZH[k]}）",
        f"build {terr.en} (pay {MARKER_EN[k]})",
    )


def _throw_choice(g: Legends, option: int) -> Choice:
    i = option - g.THROW
    return Choice(option, RPS.names[i], RPS.zh[i], RPS.en[i])


def _announce_choice(g: Legends, option: int) -> Choice:
    i = option - g.ANNOUNCE
    return Choice(option, f"announce-{RPS.names[i]}", f"预告{RPS.zh[i]}", f"announce {RPS.en[i]}")


def _marker_choice(g: Legends, option: int) -> Choice:
    k = option - g.MARKER
    return Choice(option, MARKERS[k], MARKER_ZH[k], MARKER_EN[k])


def _player_choice(g: Legends, option: int) -> Choice:
    q = option - g.PLAYER
    return Choice(option, f"player-{q}", f"玩家 {q}", f"player {q}")


def _word_choice(name: str, zh: str, en: str) -> Callable[[Legends, int], Choice]:
    return lambda g, option: Choice(option, name, zh, en)


_EXPAND = _word_choice("expand", "扩张", "expand")
_PASS = _word_choice("pass", "跳过", "pass")
_USE = _word_choice("use", "发动", "use it")


def describe_option(g: Legends, option: int) -> Choice:
    """The names of an option id (see the id table in :mod:`.rules`)."""
    ranges: tuple[tuple[int, Callable[[Legends, int], Choice]], ...] = (
        (g.ATTACK, _card_choice),
        (g.BUILD_CULTURE, _territory_choice),
        (g.EXPAND, _build_choice),
        (g.PASS, _EXPAND),
        (g.THROW, _PASS),
        (g.ANNOUNCE, _throw_choice),
        (g.MARKER, _announce_choice),
        (g.PLAYER, _marker_choice),
        (g.YES, _player_choice),
        (g.NO, _USE),
    )
    for end, describe in ranges:
        if option < end:
            return describe(g, option)
    return Choice(option, "skip", "不发动", "skip it")


# ---------------------------------------------------------------------- events

#: Each event kind's line: kind → (zh, en) templates of the event's formatted fields.
EVENTS: dict[str, tuple[str, str]] = {
    "territories": ("发放起始领土", "starting territories dealt"),
    "draw": ("{player} 抽了 {count} 张", "{player} draws {count}"),
    "round": (
        "第 {round} 轮开始，起始玩家：{start}",
        "round {round} begins; start player: {start}",
    ),
    "play": ("{player} 打出 {card}", "{player} plays {card}"),
    "expand": (
        "{player} 扩张，取得 {territory}（支付 {paid} 武力）",
        "{player} expands into {territory} (paid {paid} Might)",
    ),
    "build": (
        "{player} 建设 {territory}（支付 {paid} {marker}）",
        "{player} builds {territory} (paid {paid} {marker})",
    ),
    "pass": ("{player} 跳过", "{player} passes"),
    "gain": ("{player} 获得 {n} 枚{marker}", "{player} gains {n} {marker}"),
    "lose": ("{player} 失去 {n} 枚{marker}", "{player} loses {n} {marker}"),
    "steal": (
        "{player} 从 {from} 处夺取 {n} 枚{marker}",
        "{player} takes {n} {marker} from {from}",
    ),
    "steal_card": (
        "{player} 从 {from} 手中抽走 {count} 张牌",
        "{player} takes {count} card(s) from {from}'s hand",
    ),
    "discard": ("{player} 弃置 {card}", "{player} discards {card}"),
    "trigger": ("{player} 的 {card} 发动（天）", "{player}'s {card} fires (passive)"),
    "no_effect": ("{card} 的这项能力无法执行", "{card}: this ability can do nothing now"),
    "skip": ("{player} 不发动 {card} 的能力", "{player} declines {card}'s ability"),
    "scout": ("{player} 查看领土牌堆顶 {n} 张", "{player} looks at the top {n} territories"),
    "scout_done": ("{player} 把 {top} 放在领土牌堆顶", "{player} puts {top} on top of the deck"),
    "take": (
        "{player} 从牌堆中取得 {territory}（支付 {paid} 武力）",
        "{player} takes {territory} from the deck (paid {paid} Might)",
    ),
    "raze": (
        "{player} 将 {from} 的 {territory} 放入领土弃牌堆",
        "{player} razes {from}'s {territory}",
    ),
    "flip": (
        "{player} 将 {from} 的 {territory} 翻回黑星面",
        "{player} flips {from}'s {territory} back to black",
    ),
    "war": (
        "{attacker} 向 {defender} 的 {territory} 发动战争",
        "{attacker} attacks {defender}'s {territory}",
    ),
    "no_war": ("{player} 没有可进攻的领土", "{player} has no territory to attack"),
    "announce": ("{player} 预告出{throw}", "{player} announces {throw}"),
    "announce_kept": ("{player} 的出拳与预告相同", "{player}'s throw matches the announcement"),
    "second_chance": ("{player} 再猜一次", "{player} throws once more"),
    "war_take": (
        "{attacker} 赢得战争：夺得 {defender} 的 {territory}",
        "{attacker} wins the war: takes {territory} from {defender}",
    ),
    "war_flip": (
        "{attacker} 赢得战争：{defender} 的 {territory} 翻回黑星面",
        "{attacker} wins the war: {defender}'s {territory} is flipped to black",
    ),
    "war_lost": ("{defender} 守住了 {territory}", "{defender} holds {territory}"),
    "war_over": ("目标领土已不在防守方手中，战争结束", "the target changed hands; the war ends"),
    "war_stalemate": (
        "连续平手 {ties} 次，{defender} 守住",
        "{ties} ties in a row: {defender} holds",
    ),
    "round_end": ("第 {round} 轮结束", "round {round} ends"),
    "reshuffle": (
        "展示区与弃牌堆洗回人物牌库（{deck} 张）",
        "displays and discards shuffled back ({deck} cards)",
    ),
    "territory_deck_rebuilt": (
        "领土弃牌堆洗成新的领土牌堆（{count} 张）",
        "the territory deck is rebuilt ({count} cards)",
    ),
    "victory": ("{player} 获胜（{by}）", "{player} wins ({by})"),
    "game_end": ("游戏结束（{by}），第 {round} 轮", "the game ends ({by}) in round {round}"),
}


Shown = Callable[[Content, object, bool], object]
#: The table's display names of the seats (``Game.format_event``'s ``names``), or ``None``.
Names = Sequence[str] | None


def _seat(v: object, zh: bool, names: Names = None) -> object:
    """A player: the table's name for the seat, else ``玩家 2`` / ``player 2``."""
    name = seat_name(names, v)
    if name is not None:
        return name
    return (f"玩家 {v}" if zh else f"player {v}") if isinstance(v, int) else v


def _card(c: Content, v: object, zh: bool) -> object:
    if not isinstance(v, int):
        return v
    return c.persons[v].zh if zh else c.persons[v].en


def _cards(c: Content, v: object, zh: bool) -> object:
    if not isinstance(v, list):
        return v
    if zh:
        return "、".join(c.persons[x].zh for x in v)
    return ", ".join(c.persons[x].en for x in v)


def _territory(c: Content, v: object, zh: bool) -> object:
    if not isinstance(v, int):
        return v
    return c.territories[v].zh if zh else c.territories[v].en


def _marker(c: Content, v: object, zh: bool) -> object:
    if not (isinstance(v, str) and v in MARKERS):
        return v
    return MARKER_ZH[MARKERS.index(v)] if zh else MARKER_EN[MARKERS.index(v)]


def _throw(c: Content, v: object, zh: bool) -> object:
    if not (isinstance(v, str) and v in RPS.names):
        return v
    return RPS.zh[RPS.names.index(v)] if zh else v


#: The fields that name a player (shown by :func:`_seat`).
_SEAT_FIELDS = frozenset({"player", "attacker", "defender", "from", "start"})


def _reason(c: Content, v: object, zh: bool) -> object:
    """Why a game ended or was won (``cap``, ``stars`` …), in the glossary's words."""
    term = _GLOSSARY.words.get(str(v))
    return term.name("zh" if zh else "en") if term else v


_GLOSSARY = load_glossary(__package__ or "caiquan.games.legends")

#: How an event's field is shown, by field name (any other field as it is).
_FIELDS: dict[str, Shown] = {
    "card": _card,
    "cards": _cards,
    "territory": _territory,
    "top": _territory,
    "marker": _marker,
    "throw": _throw,
    "by": _reason,
}


def _throws_line(
    event: Mapping[str, JSONValue], f: Mapping[str, object], zh: bool, names: Names
) -> str | None:
    throws = event.get("throws")
    if not isinstance(throws, dict):
        return _template_line(event, f, zh, names)
    shown = [
        (
            f"{_seat(int(q), zh, names)} 出{RPS.zh[RPS.names.index(str(t))]}"
            if zh
            else f"{_seat(int(q), zh, names)} {t}"
        )
        for q, t in throws.items()
    ]
    return ("出拳：" if zh else "throws: ") + ("，".join(shown) if zh else ", ".join(shown))


def _war_won_line(
    event: Mapping[str, JSONValue], f: Mapping[str, object], zh: bool, names: Names
) -> str:
    key = "war_flip" if event.get("flip") else "war_take"
    return EVENTS[key][0 if zh else 1].format(**f)


def _template_line(
    event: Mapping[str, JSONValue], f: Mapping[str, object], zh: bool, names: Names
) -> str | None:
    template = EVENTS.get(str(event["kind"]))
    if template is None:
        return None
    try:
        return template[0 if zh else 1].format(**f)
    except (KeyError, IndexError):
        return None


#: Events whose line is not a plain template of their fields.
_LINES: dict[
    str, Callable[[Mapping[str, JSONValue], Mapping[str, object], bool, Names], str | None]
] = {
    "throw": _throws_line,
    "war_won": _war_won_line,
}


def format_event(
    c: Content, event: Mapping[str, JSONValue], lang: str, names: Names = None
) -> str | None:
    """One line for an event in ``lang``, or ``None`` when legends has no words for it (the
    caller then writes the generic line). ``names``: the table's seat names, to name the
    players by (else ``player 2``)."""
    zh = lang == "zh"
    f = {
        k: _seat(v, zh, names) if k in _SEAT_FIELDS else _FIELDS[k](c, v, zh) if k in _FIELDS else v
        for k, v in event.items()
    }
    line = _LINES.get(str(event["kind"]), _template_line)
    return line(event, f, zh, names)


# ---------------------------------------------------------------------- card texts


def _sentence(parts: list[str], lang: str) -> str:
    if not parts:
        return ""
    if lang == "zh":
        return "，然后".join(parts) + "。"
    s = "; then ".join(parts)
    return s[0].upper() + s[1:] + "."


#: The sentences of a war's special rules: (zh, en).
_ANNOUNCE = (
    "出拳前先公开预告你的拳；若第一拳与预告相同，获得 1 枚武力",
    "Announce your throw first; if your first throw matches it, gain 1 Might",
)
_TIES = {
    "opponent_discards": (
        "平手时，防守方弃置 1 张手牌，然后重新出拳",
        "On a tie, the defender discards 1 card from hand, then throw again",
    ),
    "steal_might": (
        "平手时，从防守方处夺取 1 枚武力，然后重新出拳",
        "On a tie, take 1 Might from the defender, then throw again",
    ),
}
_SECOND_CHANCE = (
    "若防守方第一次获胜，再猜拳一次",
    "If the defender wins the first time, throw once more",
)


def _war_extras(w: War, lang: str) -> list[str]:
    zh = lang == "zh"
    i = 0 if zh else 1
    extras: list[str] = []
    if w.announce:
        extras.append(_ANNOUNCE[i])
    if w.tie in _TIES:
        extras.append(_TIES[w.tie][i])
    if w.second_chance:
        extras.append(_SECOND_CHANCE[i])
    if w.targets > 1:
        extras.append(
            f"可依次向至多 {w.targets} 名不同的对手各发动一场战争"
            if zh
            else f"Attack up to {w.targets} different opponents, one war after another"
        )
    if w.on_win:
        win = [effect_text(e, lang) for e in w.on_win]
        extras.append(
            ("获胜时：" if zh else "If you win: ")
            + ("，然后".join(win) if zh else "; then ".join(win))
        )
    return extras


def ability(p: Person, lang: str) -> str:
    """The full text of a person card's ability."""
    zh = lang == "zh"
    kind = KINDS[p.kind]
    effects = [effect_text(e, lang) for e in p.effects]
    if kind == "skill":
        return ("技：" if zh else "Skill: ") + _sentence(effects, lang)
    if kind == "passive":
        head = "天（被弃置时发动）：" if zh else "Passive (when discarded): "
        return head + _sentence(effects, lang)
    out = "战：" if zh else "War: "
    if effects:
        out += _sentence(effects, lang)[:-1] + ("，然后发动战争。" if zh else "; then attack.")
    else:
        out += "发动战争。" if zh else "attack."
    assert p.war is not None
    for x in _war_extras(p.war, lang):
        out += x + "。" if zh else " " + x + "."
    return out


#: Why the game ended; the places of the others follow ``RANKING``.
ENDINGS: dict[str, Text] = {
    "stars": Text(
        "第 {round} 轮有玩家的星数达到 {goal}（黄星减黑星），获胜。",
        "A player reached {goal} stars (yellow minus black) in round {round} and wins.",
    ),
    "continents": Text(
        "第 {round} 轮有玩家在全部六大洲都占有领土，获胜。",
        "A player held a territory on every one of the six continents in round {round} and wins.",
    ),
    "no_progress": Text(
        "第 {round} 轮无人打出人物卡、扩张或建设，游戏结束，无人达成胜利条件。",
        "In round {round} nobody played a card, expanded or built, so the game ended without "
        "a victory.",
    ),
    "cap": Text(
        "已打满 {round} 轮（轮数上限），无人达成胜利条件。",
        "The round limit ({round} rounds) was reached without a victory.",
    ),
}
RANKING = Text(
    "其余名次按星数排，星数相同再比占有领土的大洲数。",
    "The other places go by stars, then by the number of continents held.",
)
RANKING_ALL = Text(
    "名次按星数排，星数相同再比占有领土的大洲数。",
    "Places go by stars, then by the number of continents held.",
)


def ending(
    reason: str, round_no: int, goal: int, stars: list[int], continents: list[int]
) -> Ending:
    """The finished game in words (``State.ending``): why, and each player's stars and
    continents."""
    why = ENDINGS.get(reason, Text("游戏结束。", "The game is over."))
    then = RANKING if reason in ("stars", "continents") else RANKING_ALL
    fill = {"round": round_no, "goal": goal}
    reason_text = Text(why.zh.format(**fill) + then.zh, why.en.format(**fill) + " " + then.en)
    rows = (
        Standing(
            Text("星数（黄星−黑星）", "stars (yellow − black)"), tuple(same(s) for s in stars)
        ),
        Standing(
            Text("占有领土的大洲", "continents held"), tuple(same(f"{c} / 6") for c in continents)
        ),
    )
    return Ending(reason_text, rows)
