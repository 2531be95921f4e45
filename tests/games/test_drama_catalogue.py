"""剧牌's catalogue: every card, role, nature and weapon tier a player reads about, by the ids
the observations use."""

from __future__ import annotations

from caiquan.engine import Entry, Rng
from caiquan.games import load_game
from caiquan.games.drama.cards import card_label


def _by_kind(config: dict[str, object] | None = None) -> dict[str, dict[str, Entry]]:
    out: dict[str, dict[str, Entry]] = {}
    for e in load_game("drama", config or {}).catalogue():
        out.setdefault(e.kind, {})[e.id] = e
    return out


def test_the_catalogue_has_the_52_cards_the_roles_the_natures_and_the_weapon_tiers() -> None:
    cat = _by_kind()
    assert sorted(cat) == ["card", "nature", "role", "weapon"]
    assert sorted(cat["card"], key=int) == [str(c) for c in range(52)]
    assert list(cat["role"]) == ["landlord", "coordinator", "farmer", "narrator"]
    assert list(cat["nature"]) == ["attack", "defence", "supply", "discard"]
    assert list(cat["weapon"]) == ["simple", "fine", "advanced"]
    six = cat["card"]["5"]
    assert six.name.zh == "黑桃 6" and six.name.en == "6 of spades"
    assert six.fields == {"label": "♠6", "suit": "♠", "rank": 6}
    assert "attack round, R = 6" in six.text.en and "coordinator" in six.text.en
    assert "进攻回合" in six.text.zh and "协调员" in six.text.zh
    landlord = cat["role"]["landlord"]
    assert landlord.fields == {"card": "joker", "value": 13, "class": "J, Q, K"}
    assert (
        "王牌" in landlord.text.zh
        and "(V×I) + R" in landlord.text.en
        and "身份" not in landlord.text.en
    )
    assert cat["nature"]["discard"].fields == {"ranks": "9"}
    tiers = [tuple(w.fields[k] for k in ("min_quality", "max_quality", "uses"))
             for w in cat["weapon"].values()]  # fmt: skip
    assert tiers == [(1, 4, 1), (5, 8, 2), (9, 13, 3)]


def test_the_texts_follow_the_configuration() -> None:
    cat = _by_kind({"swap_natures": True, "same_role": False, "unarmed_defence": False})
    six = cat["card"]["5"]
    assert "defence round" in six.text.en and "in-role formulas option is off" in six.text.en
    assert "cannot be named" in cat["nature"]["defence"].text.en
    literal = _by_kind({"discard_in_role": "literal"})["nature"]["discard"]
    assert "always succeeds" in literal.text.en


def test_every_id_an_observation_shows_is_in_the_catalogue() -> None:
    game = load_game("drama")
    cat = _by_kind()
    s = game.new_state(4)
    rng = Rng(4)
    while not s.is_terminal():
        s.apply({p: rng.choice(s.legal(p)) for p in s.to_move()})
        obs = s.observation(0)
        assert obs["nature"] in cat["nature"]
        for c in [*obs.get("hand", []), *obs["round_cards"]]:
            assert cat["card"][str(c)].fields["label"] == card_label(c)
        for pl in obs["players"]:
            assert pl["role"] is None or pl["role"] in cat["role"]
