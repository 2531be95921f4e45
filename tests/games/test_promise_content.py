"""猜拳战争●四年之约: content loading and validation (one-line errors naming the place)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from caiquan.engine import ConfigError, ContentError
from caiquan.games import load_game
from caiquan.games.promise import load_content
from caiquan.games.promise.content import EFFECT_KINDS, describe_effects

# The error tests edit a copy of the content as it was when they were written (pinned beside
# the rule tests), so that tuning the shipped content does not move them.
DEFAULT = (Path(__file__).with_name("promise_pinned.toml")).read_text("utf-8")


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "mine.toml"
    path.write_text(text, "utf-8")
    return str(path)


def broken(tmp_path: Path, old: str, new: str, count: int = 1) -> str:
    assert old in DEFAULT, old
    return write(tmp_path, DEFAULT.replace(old, new, count))


def test_default_content_has_six_full_characters() -> None:
    c = load_content("default")
    assert len(c.characters) >= 6
    assert len({ch.id for ch in c.characters}) == len(c.characters)
    for ch in c.characters:
        assert [w.card for w in ch.weapons] == ["J", "Q", "K"]
        assert [s.value for s in ch.skills] == list(range(1, 11))
        assert all(1 <= a <= 5 for a in ch.attack) and 5 <= ch.vitality <= 8 and 1 <= ch.qi <= 4
        assert ch.name and ch.name_en
        for s in ch.skills:
            assert describe_effects(s.effects, "zh") and describe_effects(s.effects, "en")
    used = {e.kind for ch in c.characters for s in ch.skills for e in s.effects}
    assert used == set(EFFECT_KINDS)  # the default cards use the whole vocabulary
    assert c.rules.round_cap == 20 and c.rules.win_value == 7  # tuned from 5 (rules.md)


def _error(path: str) -> ContentError:
    with pytest.raises(ContentError) as info:
        load_content(path)
    err = info.value
    assert "\n" not in str(err)
    return err


def test_bad_toml_names_the_file(tmp_path: Path) -> None:
    err = _error(write(tmp_path, "[rules\nwin_value = 5"))
    assert err.file.endswith("mine.toml") and "not valid TOML" in str(err)


def test_missing_file(tmp_path: Path) -> None:
    err = _error(str(tmp_path / "nope.toml"))
    assert "cannot read" in str(err)


def test_unknown_effect_names_character_card_and_field(tmp_path: Path) -> None:
    path = broken(tmp_path, 'effects = [{ do = "power", value = 2, me = "slash" }]',
                  'effects = [{ do = "teleport", value = 2 }]')  # fmt: skip
    err = _error(path)
    assert err.item == "character 'sword' skill 3"
    assert err.field == "effects[0].do"
    assert "teleport" in str(err) and str(err).startswith(err.file + ": character 'sword'")


def test_attribute_out_of_range(tmp_path: Path) -> None:
    err = _error(broken(tmp_path, "slash = 5, pierce = 2", "slash = 6, pierce = 2"))
    assert (err.item, err.field) == ("character 'sword'", "attributes.slash")
    assert "from 1 to 5" in str(err)


def test_vitality_out_of_range(tmp_path: Path) -> None:
    err = _error(broken(tmp_path, "vitality = 6, qi = 3 }", "vitality = 9, qi = 3 }"))
    assert err.field == "attributes.vitality"


def test_nine_skills(tmp_path: Path) -> None:
    start = DEFAULT.index("[[character.skill]]\ncard = 10")
    end = DEFAULT.index("# ---", start)
    err = _error(write(tmp_path, DEFAULT[:start] + DEFAULT[end:]))
    assert (err.item, err.field) == ("character 'sword'", "skill")


def test_duplicate_skill_card(tmp_path: Path) -> None:
    err = _error(broken(tmp_path, 'card = 10\nname = "剑归鞘"', 'card = 9\nname = "剑归鞘"'))
    assert err.field == "skill.card" and "two skills on card 9" in str(err)


def test_reveal_only_effect_with_a_trigger(tmp_path: Path) -> None:
    path = broken(tmp_path, 'effects = [{ do = "damage", value = 1 }]\n',
                  'effects = [{ do = "damage", value = 1, when = "win" }]\n')  # fmt: skip
    err = _error(path)
    assert err.item == "character 'sword' skill 4" and err.field == "effects[0].when"


def test_weapon_with_a_skill_only_effect(tmp_path: Path) -> None:
    path = broken(tmp_path, 'effects = [{ do = "power", value = 1, me = "slash" }]\n\n'
                  '[[character.weapon]]\ncard = "Q"',
                  'effects = [{ do = "first" }]\n\n[[character.weapon]]\ncard = "Q"')  # fmt: skip
    err = _error(path)
    assert err.item == "character 'sword' weapon J" and err.field == "effects[0].do"


def test_cost_out_of_range(tmp_path: Path) -> None:
    err = _error(
        broken(tmp_path, 'name_en = "Chained cuts"\ncost = 1', 'name_en = "Chained cuts"\ncost = 4')
    )
    assert (err.item, err.field) == ("character 'sword' skill 4", "cost")


def test_nested_check_field(tmp_path: Path) -> None:
    path = broken(tmp_path, 'then = [{ do = "power", value = 3, me = "slash" }]',
                  'then = [{ do = "power", value = 3, me = "kick" }]')  # fmt: skip
    err = _error(path)
    assert err.item == "character 'sword' skill 8" and err.field == "effects[0].then[0].me"


def test_bad_rule_number(tmp_path: Path) -> None:
    err = _error(broken(tmp_path, "round_cap = 20", "round_cap = 0"))
    assert (err.item, err.field) == ("rules", "round_cap")


def test_unknown_field(tmp_path: Path) -> None:
    err = _error(
        broken(
            tmp_path,
            'name_en = "Drawing the blade"',
            'name_en = "Drawing the blade"\ncolour = "red"',
        )
    )
    assert (err.item, err.field) == ("character 'sword' skill 1", "colour")


def test_duplicate_character_id(tmp_path: Path) -> None:
    err = _error(broken(tmp_path, 'id = "spear"', 'id = "sword"'))
    assert err.field == "id" and "duplicate" in str(err)


def test_load_game_reports_content_errors(tmp_path: Path) -> None:
    path = broken(tmp_path, "slash = 5, pierce = 2", "slash = 0, pierce = 2")
    with pytest.raises(ContentError, match=r"mine\.toml: character 'sword': attributes\.slash"):
        load_game("promise", content=path)


def test_user_file_with_two_characters_and_default_rules(tmp_path: Path) -> None:
    data = tomllib.loads(DEFAULT)
    cut = DEFAULT.index(
        "# -------------------------------------------------------------------------------"
    )
    second = DEFAULT.index("[[character]]", DEFAULT.index("[[character]]") + 1)
    third = DEFAULT.index("# ---", second)
    text = DEFAULT[cut:third]  # sword and spear, no [rules]
    assert "[rules]" not in text and len(data["character"]) >= 6
    game = load_game("promise", content=write(tmp_path, text))
    assert [c.id for c in game.content.characters] == ["sword", "spear"]
    assert game.data.round_cap == 20 and game.num_option_ids == 78  # 76 + 2 characters
    s = game.new_state(0)
    assert len(s.legal(0)) == 3


def test_characters_option_is_validated() -> None:
    with pytest.raises(ConfigError, match="no character 'ninja'"):
        load_game("promise", characters="sword,ninja")
    with pytest.raises(ConfigError, match="two ids"):
        load_game("promise", characters="sword")
    with pytest.raises(ConfigError, match="character_pick='open'"):
        load_game("promise", characters="sword,sword")
    with pytest.raises(ConfigError, match="one of"):
        load_game("promise", weapons="forever")


def test_rules_page_in_both_languages_lists_every_character_and_option() -> None:
    game = load_game("promise")
    zh, en = game.rules("zh"), game.rules("en")
    assert "【解释】" in zh and "Interpretation:" not in zh
    assert "Interpretation:" in en and "【解释】" not in en
    for ch in game.content.characters:
        assert ch.name in zh and ch.name_en in en and f"`{ch.id}`" in en
        for s in ch.skills:
            assert (
                f"| {s.value} | {s.name} | {s.cost} | {describe_effects(s.effects, 'zh')} |" in zh
            )
            assert describe_effects(s.effects, "en") in en
    for opt in game.options:
        assert f"`{opt.name}`" in zh and f"`{opt.name}`" in en
    assert "4、5、5−4=1、5+4=9" in zh and "4, 5, 5−4 = 1 and 5+4 = 9" in en
