"""伟人的猜拳战略: content presets, content validation, and the generated card list."""

from __future__ import annotations

from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from caiquan.engine import ConfigError, ContentError
from caiquan.games import load_game
from caiquan.games.legends import cardlist
from caiquan.games.legends.content import (
    CONTINENTS,
    EFFECT_KINDS,
    KINDS,
    load_content,
    parse_content,
)
from caiquan.games.legends.text import ability

TERRITORY = """
[[territory]]
id = "t{i}"
zh = "领土{i}"
en = "Land {i}"
continent = "{c}"
expand = 1
build = 1
black = 1
yellow = 1
"""


def territories(n: int = 7) -> str:
    return "".join(TERRITORY.format(i=i, c=CONTINENTS[i % 6]) for i in range(n))


PERSON = """
[[person]]
id = "p1"
zh = "人"
en = "Someone"
colour = "red"
kind = "skill"
effects = [{ do = "gain", marker = "might", n = 1 }]
"""


def test_default_preset_has_the_rule_defined_composition() -> None:
    c = load_content("default")
    assert len(c.persons) == 37 and len(c.territories) == 18
    colours = Counter(p.colour for p in c.persons)
    assert colours == {0: 10, 1: 10, 2: 10, 3: 7}
    assert Counter(t.continent for t in c.territories) == dict.fromkeys(range(6), 3)
    assert len({p.key for p in c.persons}) == 37
    assert len({p.en for p in c.persons}) == 37 and len({p.zh for p in c.persons}) == 37
    # every colour has some of each kind; red leans to war
    for colour in range(3):
        kinds = Counter(p.kind for p in c.persons if p.colour == colour)
        assert set(kinds) == {0, 1, 2}, colour
    red = Counter(KINDS[p.kind] for p in c.persons if p.colour == 0)
    assert red["war"] > 5 and all(red["war"] > n for k, n in red.items() if k != "war")
    # every kind of effect is used by some card
    used = {e.do for p in c.persons for e in p.effects}
    used |= {e.do for p in c.persons if p.war for e in p.war.on_win}
    assert used == set(EFFECT_KINDS)


def test_the_two_seed_ability_examples_are_in_the_default_set() -> None:
    c = load_content("default")
    assert any(p.war and p.war.tie == "opponent_discards" for p in c.persons)
    assert any(p.war and p.war.announce for p in c.persons)


def test_territories_scale_with_continent_and_ten_stars_need_four_or_five_builds() -> None:
    c = load_content("default")
    yellow = sorted((t.yellow for t in c.territories), reverse=True)
    assert sum(yellow[:3]) < c.star_goal <= sum(yellow[:4])
    assert sum(sorted(t.yellow for t in c.territories)[:5]) < c.star_goal  # small ones: 5+

    def mean(cont: str, field: str) -> float:
        ts = [t for t in c.territories if CONTINENTS[t.continent] == cont]
        return sum(getattr(t, field) for t in ts) / len(ts)

    for field in ("expand", "yellow"):
        assert mean("asia", field) > mean("europe", field) > mean("oceania", field)


def test_edition54_preset_has_54_cards() -> None:
    c = load_content("edition54")
    assert len(c.persons) + len(c.territories) == 54
    assert len(c.persons) == 36
    assert "orator" not in {p.key for p in c.persons}
    base = load_content("default")
    assert [p.key for p in c.persons] == [p.key for p in base.persons][:36]
    g = load_game("legends", content="edition54", players=6)
    assert g.num_option_ids == 3 * 36 + 7 * 18 + 19


def test_a_users_own_file_can_extend_a_preset(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(
        '[meta]\nbase = "default"\nremove = ["orator", "soldier"]\n'
        + PERSON.replace('"p1"', '"hero"'),
        "utf-8",
    )
    g = load_game("legends", content=str(path))
    keys = [p.key for p in g.content.persons]  # type: ignore[attr-defined]
    assert len(keys) == 36 and keys[-1] == "hero" and "soldier" not in keys
    s = g.new_state(1)
    assert not s.is_terminal()


def test_a_missing_file_or_unknown_preset_is_a_content_error() -> None:
    with pytest.raises(ContentError, match="cannot read"):
        load_game("legends", content="/no/such/file.toml")


@pytest.mark.parametrize(
    ("text", "item", "field", "words"),
    [
        ("[[person]\n", "", "", "not valid TOML"),
        (territories() + PERSON.replace('"gain"', '"fly"'), "p1", "effects[0].do", "fly"),
        (territories() + PERSON.replace('marker = "might"', 'marker = "gold"'), "p1", "marker", ""),
        (territories() + PERSON.replace("n = 1", "n = 0"), "p1", "n", "from 1 to 6"),
        (territories() + PERSON.replace('"red"', '"purple"'), "p1", "colour", "purple"),
        (territories() + PERSON.replace('"skill"', '"magic"'), "p1", "kind", "magic"),
        (territories() + PERSON.replace("effects = [", "effect = ["), "p1", "effect", "unknown"),
        (
            territories() + PERSON.replace("n = 1 }", 'n = 1, continent = "asia" }'),
            "p1",
            "effects[0]",
            "does not use 'continent'",
        ),
        (territories() + PERSON + PERSON, "p1", "id", "twice"),
        (territories() + PERSON + "war = { tie = 'repeat' }\n", "p1", "war", "only a war"),
        (
            territories() + PERSON.replace('"skill"', '"war"') + "war = { targets = 9 }\n",
            "p1",
            "targets",
            "from 1 to 3",
        ),
        (
            territories() + PERSON.replace('"skill"', '"war"') + "war = { tie = 'coin' }\n",
            "p1",
            "tie",
            "coin",
        ),
        (territories() + PERSON.replace("effects = [", "x = 1\neffects = ["), "p1", "x", ""),
        (
            territories()
            + PERSON.replace('effects = [{ do = "gain", marker = "might", n = 1 }]', ""),
            "p1",
            "effects",
            "at least one effect",
        ),
        (territories().replace("expand = 1\n", "", 1), "t0", "expand", "missing"),
        (
            territories().replace('continent = "north_america"', 'continent = "atlantis"', 1),
            "t0",
            "continent",
            "",
        ),
        (territories().replace("black = 1", "black = -1", 1), "t0", "black", ""),
        (territories(5) + PERSON, "territory", "", "at least 7"),
        (territories(), "person", "", "at least one person"),
        ('[meta]\nbase = "deluxe"\n' + PERSON, "meta", "base", "deluxe"),
        ('[meta]\nbase = "default"\nremove = ["nobody"]\n', "meta", "remove", "nobody"),
        ("[cards]\nx = 1\n", "cards", "", "unknown table"),
    ],
)
def test_malformed_content_names_file_item_and_field(
    text: str, item: str, field: str, words: str
) -> None:
    with pytest.raises(ContentError) as info:
        parse_content(text, "mine.toml")
    err = info.value
    assert err.file == "mine.toml"
    assert err.item == item
    assert err.field.endswith(field) if field else err.field == ""
    assert words in str(err)
    assert "\n" not in str(err)


def test_bad_options_are_refused() -> None:
    with pytest.raises(ConfigError, match="players"):
        load_game("legends", players=2)
    with pytest.raises(ConfigError, match="start_player"):
        load_game("legends", players=3, start_player=4)
    with pytest.raises(ConfigError, match="round_cap"):
        load_game("legends", round_cap=0)


def test_rules_page_holds_the_current_generated_card_list() -> None:
    text = resources.files("caiquan.games.legends").joinpath("rules.md").read_text("utf-8")
    for lang in ("zh", "en"):
        block = (
            f"{cardlist.begin_marker(lang)}\n{cardlist.markdown(lang)}{cardlist.end_marker(lang)}"
        )
        assert block in text, (
            f"rules.md's {lang} card list is stale: regenerate it with "
            f"python -m caiquan.games.legends.cardlist"
        )
    assert cardlist.update_rules(text) == text


def test_rules_are_readable_in_both_languages() -> None:
    g = load_game("legends")
    zh, en = g.rules("zh"), g.rules("en")
    assert "伟人的猜拳战略" in zh and "孙武" in zh and "Interpretation" not in zh
    assert "Conflicting Legends" in en and "Sun Tzu" in en and "解释" not in en
    assert "【解释】" in zh and "*Interpretation" in en


@pytest.mark.parametrize("preset", ["default", "edition54"])
def test_the_catalogue_names_everything_observations_and_events_use(preset: str) -> None:
    """Every person and territory (id: its index as observations and events use it) with its
    full text, and every marker, continent, card kind and colour the game names."""
    from caiquan.engine import Rng

    game = load_game("legends", players=4, content=preset)
    c = game.content
    entries = {(e.kind, e.id): e for e in game.catalogue()}
    for p in c.persons:
        e = entries["person", str(p.index)]
        assert (e.name.zh, e.name.en) == (p.zh, p.en)
        assert e.text.zh == ability(p, "zh") and e.text.en == ability(p, "en")
        assert e.fields["key"] == p.key and ("card_kind", e.fields["kind"]) in entries
        assert ("colour", e.fields["colour"]) in entries
    for t in c.territories:
        e = entries["territory", str(t.index)]
        assert (e.name.zh, e.name.en) == (t.zh, t.en)
        assert ("continent", e.fields["continent"]) in entries
        assert (e.fields["expand"], e.fields["build"]) == (t.expand, t.build)
        assert (e.fields["black"], e.fields["yellow"]) == (t.black, t.yellow)
        assert f"+{t.yellow}★" in e.text.en and f"−{t.black}★" in e.text.zh
    # what a game's events and observations name is in the catalogue
    state, rng = game.new_state(3), Rng(3)
    while not state.is_terminal():
        state.apply({p: rng.choice(state.legal(p)) for p in state.to_move()})
    for ev in state.events(None):
        for field, kind in (("card", "person"), ("territory", "territory"), ("top", "territory")):
            if isinstance(ev.get(field), int):
                assert (kind, str(ev[field])) in entries, ev
        if "marker" in ev:
            assert ("marker", ev["marker"]) in entries, ev
        if "card_kind" in ev:
            assert ("card_kind", ev["card_kind"]) in entries, ev
    for pl in state.observation(0)["players"]:
        for m in pl["markers"]:
            assert ("marker", m) in entries
