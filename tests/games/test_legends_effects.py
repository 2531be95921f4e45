"""伟人的猜拳战略's effect table: every kind has every part, and the shipped cards use and
exercise every kind (its rules run, its decision is asked and answered, its text is written)."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from caiquan.engine import ContentError, Rng
from caiquan.games import load_game
from caiquan.games.legends import effects
from caiquan.games.legends.content import PRESETS, load_content
from caiquan.games.legends.data import CONTINENTS, MARKERS, WHO, Effect
from caiquan.games.legends.effects import DECISIONS, EFFECTS, FIELDS, effect_text, parse_effect
from caiquan.games.legends.text import ability

#: The decisions the rules ask themselves (an effect's decision must be none of them).
OWN_DECISIONS = {"action", "war_target", "announce", "throw", "output", "discard", "may"}


def _sample(kind: str, **extra: Any) -> Effect:
    """An effect of ``kind`` with every field it reads set (as a content file would)."""
    raw: dict[str, Any] = {"do": kind, **extra}
    defaults = {"n": 2, "marker": "tech", "continent": "asia", "discount": 1, "who": "each"}
    for f in EFFECTS[kind].fields:
        raw.setdefault(f, defaults[f])
    return parse_effect(raw, "t.toml", "card", "effects[0]")


@pytest.mark.parametrize("kind", list(EFFECTS))
def test_every_kind_has_every_part(kind: str) -> None:
    k = EFFECTS[kind]
    assert k.name == kind
    assert set(k.fields) <= set(FIELDS), kind
    for part in (k.text, k.possible, k.run, k.bound):
        assert callable(part), (kind, part)
    # a kind that asks a decision says which, lists its options, applies the chosen one and
    # values each option for the heuristic player; a kind that asks none has none of these
    parts = (k.options, k.choose, k.value)
    if k.decision:
        assert k.decision not in OWN_DECISIONS, kind
        assert all(callable(p) for p in parts), kind
    else:
        assert all(p is None for p in parts), kind
    assert set(k.markers) <= {*MARKERS, "any"}
    # its words, in both languages, with and without "you may"
    for may in (False, True):
        e = _sample(kind, may=may)
        zh, en = effect_text(e, "zh"), effect_text(e, "en")
        assert zh.strip() and en.strip() and zh != en
        assert en.startswith("you may ") == may and zh.startswith("你可以") == may
    # its bound: what one execution may ask, counted for max_decisions
    for n in (3, 6):
        assert k.bound(_sample(kind), n) >= (1 if k.decision else 0)
        assert effects.bound(_sample(kind, may=True), n) == k.bound(_sample(kind), n) + 1
    # a content file's effect goes back to the same table
    e = _sample(kind, may=True)
    assert parse_effect(effects.effect_back(e), "t.toml", "card", "x") == e


def test_the_effect_decisions_are_the_effects() -> None:
    assert {k.decision for k in EFFECTS.values() if k.decision} == DECISIONS
    assert not DECISIONS & OWN_DECISIONS


@pytest.mark.parametrize(
    ("raw", "field", "words"),
    [
        ({"do": "draw", "n": 7}, "n", "from 1 to 6"),
        ({"do": "steal", "marker": "any"}, "marker", "any"),  # only gain takes "any"
        ({"do": "take", "continent": "atlantis"}, "continent", "atlantis"),
        ({"do": "expand", "discount": 21}, "discount", "from 0 to 20"),
        ({"do": "discard", "who": "all"}, "who", "all"),
        ({"do": "purge", "n": 1}, "effects[0]", "does not use 'n'"),
        ({"do": "gain", "marker": "might", "may": 1}, "may", "true or false"),
        ({"do": "gain", "colour": "red"}, "effects[0]", "unknown effect field 'colour'"),
        ({"do": "teleport"}, "effects[0].do", "unknown effect 'teleport'"),
    ],
)
def test_a_bad_effect_names_file_card_and_field(
    raw: dict[str, Any], field: str, words: str
) -> None:
    with pytest.raises(ContentError) as info:
        parse_effect(raw, "mine.toml", "li-bai", "effects[0]")
    err = info.value
    assert (err.file, err.item, err.field) == ("mine.toml", "li-bai", field)
    assert words in str(err)


def test_field_bounds_and_choices_are_the_documented_ones() -> None:
    assert _sample("take").continent in CONTINENTS and _sample("discard").who in WHO
    assert parse_effect({"do": "gain", "marker": "any"}, "f", "c", "e").marker == "any"
    for n in (1, 6):
        assert _sample("draw", n=n).n == n


def _used(preset: str) -> Counter[str]:
    c = load_content(preset)
    used: Counter[str] = Counter(e.do for p in c.persons for e in p.effects)
    used.update(e.do for p in c.persons if p.war for e in p.war.on_win)
    return used


@pytest.mark.parametrize("preset", PRESETS)
def test_every_shipped_kind_parses_and_has_words_on_its_cards(preset: str) -> None:
    used = _used(preset)
    assert set(used) <= set(EFFECTS)
    c = load_content(preset)
    for p in c.persons:
        for e in p.effects + (p.war.on_win if p.war else ()):
            for lang in ("zh", "en"):
                assert effect_text(e, lang).lower() in ability(p, lang).lower(), (p.key, e)


def test_the_default_cards_use_every_kind() -> None:
    assert set(_used("default")) == set(EFFECTS)


def test_every_kind_is_exercised_in_play(monkeypatch: pytest.MonkeyPatch) -> None:
    """Random games of both presets run every kind's rules, ask and answer every kind's
    decision, and the heuristic player values every kind's options."""
    seen: Counter[tuple[str, str]] = Counter()

    def count(kind: str, part: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapped(*args: Any) -> Any:
            seen[kind, part] += 1
            return fn(*args)

        return wrapped

    for name, k in list(EFFECTS.items()):
        parts = {"run": count(name, "run", k.run)}
        if k.decision:
            assert k.choose is not None and k.value is not None
            parts["choose"] = count(name, "choose", k.choose)
            parts["value"] = count(name, "value", k.value)
        monkeypatch.setitem(EFFECTS, name, dataclasses.replace(k, **parts))
    from caiquan.bots import make_bot
    from caiquan.engine import PlayerView

    greedy = make_bot("greedy")
    for seed in range(1, 13):
        preset = PRESETS[seed % 2]
        game = load_game("legends", players=3 + seed % 4, content=preset, round_cap=12)
        state, rng = game.new_state(seed), Rng(seed)
        while not state.is_terminal():
            joint = {}
            for p in state.to_move():
                if p == 0:  # one heuristic player, the others at random
                    joint[p] = greedy.decide(PlayerView(state, p), rng)
                else:
                    joint[p] = rng.choice(state.legal(p))
            state.apply(joint)
    wanted = {(name, "run") for name in EFFECTS}
    wanted |= {(n, part) for n, k in EFFECTS.items() if k.decision for part in ("choose", "value")}
    assert not wanted - set(seen), sorted(wanted - set(seen))
