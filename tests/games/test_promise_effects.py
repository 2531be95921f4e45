"""The promise effect table (games/promise/effects.py): every kind is one complete entry —
fields, parsing, zh/en text, its rule and its heuristic value — and all of them are used."""

from __future__ import annotations

import math
from typing import Any

import pytest

from caiquan.engine import ContentError, Rng
from caiquan.engine.state import _ENGINE_FIELDS, state_fields
from caiquan.games import load_game
from caiquan.games.promise import PromiseState, load_content, rules
from caiquan.games.promise.effects import COLS as EFFECT_COLS
from caiquan.games.promise.effects import (
    KINDS,
    WHENS,
    Effect,
    Field,
    apply_effect,
    describe_effect,
    effect_value,
    parse_effect,
)


class _Where:
    def __init__(self, prefix: str = "") -> None:
        self.prefix = prefix

    def __call__(self, message: str, field: str) -> ContentError:
        return ContentError(message, file="t.toml", item="card", field=self.prefix + field)

    def sub(self, prefix: str) -> _Where:
        return _Where(self.prefix + prefix)


def _parse(raw: dict[str, Any], *, weapon: bool = False) -> Effect:
    return parse_effect(raw, _Where("effects[0]"), weapon=weapon, parent_when=None)


def _battle_state(seed: int = 1) -> PromiseState:
    """A state at the battle throw of round 1, both players with a character."""
    state = load_game("promise").new_state(seed)
    assert isinstance(state, PromiseState)
    rng = Rng(seed)
    while state.phase != "throw":
        state.apply({p: rng.choice(state.legal(p)) for p in state.to_move()})
    return state


def _snapshot(state: PromiseState) -> dict[str, str]:
    # the game's own fields (slots, compiled: struct fields), not the engine's
    return {k: repr(v) for k, v in state_fields(state).items() if k not in _ENGINE_FIELDS}


@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_kind_has_all_its_parts(name: str) -> None:
    kind = KINDS[name]
    assert kind.name == name and kind.doc.strip()
    assert all(isinstance(f, Field) and f.key and f.doc and callable(f.read) for f in kind.fields)
    assert len(set(kind.keys)) == len(kind.keys)
    for part in (kind.zh, kind.en, kind.apply, kind.value):
        assert callable(part)
    assert kind.weapon_when in WHENS
    assert not kind.continuous or kind.weapon, "a continuous kind is a weapon kind"
    assert kind.example["do"] == name and set(kind.example) <= {"do", "when", *kind.keys}


@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_kind_parses_prints_applies_and_is_valued(name: str) -> None:
    kind = KINDS[name]
    e = _parse(dict(kind.example))
    assert e.kind == name
    zh, en = describe_effect(e, "zh"), describe_effect(e, "en")
    assert zh and en and zh != en
    assert any("\u4e00" <= ch <= "\u9fff" for ch in zh)
    value = effect_value(e)
    assert isinstance(value, float | int) and math.isfinite(value)
    for owner in (0, 1):
        state = _battle_state()
        before, events = _snapshot(state), state.event_count()
        apply_effect(state, owner, e)
        assert _snapshot(state) != before or state.event_count() > events, name
    if kind.weapon:
        assert _parse(dict(kind.example), weapon=True).when == kind.weapon_when


@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_field_is_checked_with_an_error_naming_it(name: str) -> None:
    kind = KINDS[name]
    bad = {"value": "x", "me": "x", "them": "x", "throw": "x", "target": "x", "n": "x",
           "then": "x", "else": "x", "to": "x", "card": "x"}  # fmt: skip
    for f in kind.fields:
        raw = {**kind.example, f.key: bad[f.key]}
        with pytest.raises(ContentError) as err:
            _parse(raw)
        assert f"effects[0].{f.key}" in str(err.value) and "t.toml" in str(err.value)
    with pytest.raises(ContentError, match=r"effects\[0\]\.nope: not a field"):
        _parse({**kind.example, "nope": 1})
    if not kind.weapon:
        with pytest.raises(ContentError, match="a weapon can only carry"):
            _parse(dict(kind.example), weapon=True)
    if kind.reveal_only:
        with pytest.raises(ContentError, match="works at the reveal only"):
            _parse({**kind.example, "when": "win"})


def test_the_shipped_content_uses_and_parses_every_kind() -> None:
    content = load_content("default")  # parsing validates every effect
    used: set[str] = set()

    def walk(effects: tuple[Effect, ...]) -> None:
        for e in effects:
            used.add(e.kind)
            walk(e.then)
            walk(e.otherwise)

    for c in content.characters:
        for card in (*c.skills, *c.weapons):
            walk(card.effects)
    assert used == set(KINDS)


def test_the_rules_and_the_table_agree_on_the_grid() -> None:
    assert EFFECT_COLS == rules.COLS
