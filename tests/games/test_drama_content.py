"""剧牌 content: the default file loads; malformed files name file, item and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from caiquan.engine import ConfigError, ContentError
from caiquan.games import load_game
from caiquan.games.drama.content import load_content

GOOD = (Path(__file__).parents[2] / "src/caiquan/games/drama/content/default.toml").read_text(
    "utf-8"
)


def test_default_content() -> None:
    c = load_content("default")
    assert [r.id for r in c.roles] == ["landlord", "coordinator", "farmer", "narrator"]
    assert [(r.value, r.klass) for r in c.roles] == [
        (13, (11, 12, 13)),
        (None, "composite"),
        (None, "prime"),
        (7, (1, 10)),
    ]
    assert [(t.max_quality, t.uses) for t in c.tiers] == [(4, 1), (8, 2), (13, 3)]


def test_rules_page_is_bilingual() -> None:
    g = load_game("drama")
    zh, en = g.rules("zh"), g.rules("en")
    assert "身份相同" in zh and "Interpretation" in en
    assert "Interpretation" not in zh and "【解释】" not in en


def _write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "mine.toml"
    path.write_text(text, "utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("old", "new", "item", "field"),
    [
        ("value = 13 ", "value = 0 ", "landlord", "value"),
        ('card = "joker"', 'card = "king"', "landlord", "card"),
        ('class = "prime"', 'class = "odd"', "farmer", "class"),
        ("class = [1, 10]", "class = [1, 14]", "narrator", "class"),
        ("value = 7 ", 'value = "card" ', "narrator", "value"),
        ('id = "farmer"', 'id = "coordinator"', "coordinator", "id"),
        ('zh = "旁白"', 'zh = ""', "narrator", "zh"),
        ("max_quality = 8", "max_quality = 3", "fine", "max_quality"),
        ("max_quality = 13", "max_quality = 12", "advanced", "max_quality"),
        ("uses = 2", "uses = 0", "fine", "uses"),
    ],
)
def test_malformed_content_names_file_item_field(
    tmp_path: Path, old: str, new: str, item: str, field: str
) -> None:
    assert old in GOOD
    path = _write(tmp_path, GOOD.replace(old, new, 1))
    with pytest.raises(ContentError) as info:
        load_game("drama", content=path)
    err = info.value
    assert (err.file, err.item, err.field) == (path, item, field)
    assert "\n" not in str(err) and str(err).startswith(f"{path}: {item}: {field}: ")


def test_missing_roles_and_bad_toml(tmp_path: Path) -> None:
    cut = GOOD[: GOOD.index('[[roles]]\nid = "narrator"')]
    with pytest.raises(ContentError, match="exactly 4") as info:
        load_content(_write(tmp_path, cut))
    assert info.value.field == "roles"
    with pytest.raises(ContentError, match="not valid TOML"):
        load_content(_write(tmp_path, "roles = [["))
    with pytest.raises(ContentError, match="no such content preset"):
        load_game("drama", content="nonesuch")
    with pytest.raises(ContentError, match="cannot read"):
        load_game("drama", content=str(tmp_path / "absent.toml"))


def test_user_content_changes_the_game(tmp_path: Path) -> None:
    path = _write(tmp_path, GOOD.replace("value = 13 ", "value = 20 ", 1))
    g = load_game("drama", content=path, roles="deal")
    s = g.new_state(0)
    landlord = s.roles.index(0)  # type: ignore[attr-defined]
    assert s.role_values[landlord] == 20  # type: ignore[attr-defined]


def test_bad_options() -> None:
    with pytest.raises(ConfigError, match="must differ"):
        load_game("drama", supply_number=5, discard_number=5)
    with pytest.raises(ConfigError, match="rounds"):
        load_game("drama", rounds=21)
    with pytest.raises(ConfigError, match="at least 1"):
        load_game("drama", rounds=0)
    with pytest.raises(ConfigError, match="one of"):
        load_game("drama", one_is="rest")
