"""Every registered game declares what the outer layers need, and it all resolves.

The contract is in ``caiquan.engine.describe`` and docs/engine.md ("Adding a game").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from caiquan.engine import HOOKS, TARGET_KINDS, ContentError, load_targets
from caiquan.games import game_class, game_ids, load_game


@pytest.mark.parametrize("gid", game_ids())
def test_description_is_json_and_complete(gid: str) -> None:
    game = load_game(gid)
    d = game.description()
    assert json.loads(json.dumps(d)) == d
    assert d["dynamics"] in ("simultaneous", "sequential")
    assert d["chance"] in ("seeded", "deterministic")
    assert d["information"] in ("perfect", "imperfect")
    assert d["utility_sum"] is None or isinstance(d["utility_sum"], float)
    seen = set()
    for e in game.catalogue():
        key = (e.kind, e.id)
        assert key not in seen, f"{gid}: catalogue entry {key} twice"
        seen.add(key)
        for text in (e.name, e.text):
            assert text.zh.strip() and text.en.strip(), f"{gid}: {key} lacks a zh or en text"


@pytest.mark.parametrize("gid", game_ids())
def test_every_declared_hook_resolves(gid: str) -> None:
    cls = game_class(gid)
    assert set(cls.hooks) <= set(HOOKS), f"{gid}: unknown hooks {set(cls.hooks) - set(HOOKS)}"
    game = cls()
    for name in cls.hooks:
        obj = cls.hook(name)
        assert obj is not None, f"{gid}: hook {name} is None"
        if name == "strategy":
            for attr in ("policy", "rollout", "evaluate"):
                assert callable(getattr(obj, attr, None)), f"{gid}: strategy lacks {attr}"
        elif name == "terminal":
            assert callable(getattr(obj, "panel", None)), f"{gid}: terminal hook lacks panel"
        elif name == "web":
            assert "export default" in obj, f"{gid}: web panel must export default panel()"
        elif name == "css":
            assert "{" in obj and "<" not in obj, f"{gid}: the css hook must be a stylesheet"
        elif name == "guide":
            for lang in ("zh", "en"):
                page = cls.guide(lang)
                assert page and page.startswith("# "), f"{gid}: guide ({lang}) lacks a title"
        elif name == "encoder":
            enc = obj(game)
            assert enc.size > 0
        elif name == "bench":
            parts = ("WORKLOADS", "nash_conv_config", "throw_matrix")
            assert any(hasattr(obj, a) for a in parts), (
                f"{gid}: its bench hook declares none of {parts}"
            )
            for config in cls.reference_configs():
                assert load_game(gid, config).id == gid  # every workload is a valid table
            if hasattr(obj, "nash_conv_config"):
                assert callable(obj.nash_conv_config) and load_game(gid, obj.nash_conv_config(3))
            if hasattr(obj, "throw_matrix"):
                assert cls.hooks.get("throw_payoffs"), f"{gid}: throw tables need throw_payoffs"
        else:
            assert callable(obj)
    for t in game.balance_targets():
        assert t.kind in TARGET_KINDS


def test_hook_names_are_checked() -> None:
    with pytest.raises(KeyError, match="no hook 'nope'"):
        game_class("goofspiel").hook("nope")


def test_balance_targets_name_file_target_and_field(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pkg = tmp_path / "fakegame"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert load_targets("fakegame") == ()
    bad = {
        '[[target]]\nkind = "seat_gap"\nzh = "座位"\nen = "seats"\n': "missing max",
        '[[target]]\nkind = "nope"\nzh = "x"\nen = "x"\n': "kind 'nope'",
        '[[target]]\nkind = "seat_gap"\nen = "x"\nmax = 0.03\n': "field 'zh'",
        '[[target]]\nkind = "seat_gap"\nzh = "x"\nen = "x"\nmax = 0.03\nmin = 1\n': "unknown min",
        "[[target]\n": "balance.toml",
    }
    for text, match in bad.items():
        (pkg / "balance.toml").write_text(text)
        with pytest.raises(ContentError, match=match) as err:
            load_targets("fakegame")
        assert "fakegame/balance.toml" in str(err.value)
    (pkg / "balance.toml").write_text(
        '[[target]]\nkind = "seat_gap"\nzh = "先后手差 ±3"\nen = "seat gap ±3"\nmax = 0.03\n'
    )
    (t,) = load_targets("fakegame")
    assert t.kind == "seat_gap" and t.params == {"max": 0.03} and t.text("zh") == "先后手差 ±3"


@pytest.mark.parametrize("gid", game_ids())
def test_cards_played_are_catalogue_ids(gid: str) -> None:
    """The lab's per-card statistics name cards the catalogue explains (or none at all)."""
    from caiquan.bots.match import play_match

    game = load_game(gid)
    ids = {e.id for e in game.catalogue()}
    state = play_match(game, ["random"] * game.num_players, seed=3)
    played = game.cards_played(state)
    assert len(played) == game.num_players
    for cards in played:
        assert set(cards) <= ids, f"{gid}: {set(cards) - ids} are not in the catalogue"


def test_promise_counts_its_character_skills_and_weapons() -> None:
    from caiquan.bots.match import play_match

    game = load_game("promise", characters="taoist,sword")
    played = game.cards_played(play_match(game, ["random", "random"], seed=3))
    assert [next(c for c in cards if ":" not in c) for cards in played] == ["taoist", "sword"]
    for cards in played:
        assert sum(":" not in c for c in cards) == 1  # one character each
        char = next(c for c in cards if ":" not in c)
        assert all(c.startswith(char) for c in cards)
        assert len(cards) > 1  # and the skill or weapon cards they revealed
