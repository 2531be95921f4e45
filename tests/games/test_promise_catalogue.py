"""The promise catalogue: every character, skill and weapon card, by the ids the observations
use, with the texts the observations' character cards carry."""

from __future__ import annotations

from caiquan.engine import Rng
from caiquan.games import load_game
from caiquan.games.promise.catalogue import card_id


def test_every_card_of_every_character_is_in_the_catalogue() -> None:
    game = load_game("promise")
    entries = {(e.kind, e.id): e for e in game.catalogue()}
    chars = game.content.characters
    assert len(entries) == len(chars) * (1 + 3 + 10) == len(game.catalogue())
    for c in chars:
        ch = entries["character", c.id]
        assert (ch.name.zh, ch.name.en) == (c.name, c.name_en)
        assert ch.fields["vitality"] == c.vitality and ch.fields["qi"] == c.qi
        assert ch.fields["win_value"] == game.data.win_value
        for w in c.weapons:
            assert w.name in ch.text.zh and w.name_en in ch.text.en
            e = entries["weapon", card_id(c.id, w.card)]
            assert e.name.en == w.name_en and e.fields == {"character": c.id, "card": w.card}
        for s in c.skills:
            assert s.name in ch.text.zh and s.name_en in ch.text.en
            e = entries["skill", card_id(c.id, s.value)]
            assert e.name.zh == s.name and e.fields["cost"] == s.cost


def test_observed_ids_resolve_with_the_observed_texts() -> None:
    game = load_game("promise")
    entries = {(e.kind, e.id): e for e in game.catalogue()}
    state, rng = game.new_state(4), Rng(4)
    seen = 0
    while not state.is_terminal():
        obs = state.observation(0)
        for cid in obs["characters"]:
            assert cid is None or ("character", cid) in entries
        for p in obs.get("players", []):
            card = p["character"]
            cid = card["id"]
            for v in p["hand_skills"] + p["discard_skills"]:
                e = entries["skill", card_id(cid, v)]
                sk = card["skills"][v - 1]
                assert e.text.en.endswith(sk["text_en"]) and e.text.zh.endswith(sk["text"])
            for w in p["hand_weapons"] + ([p["equipped"]] if p["equipped"] else []):
                e = entries["weapon", card_id(cid, w)]
                wp = next(x for x in card["weapons"] if x["card"] == w)
                assert (e.text.zh, e.text.en) == (wp["text"], wp["text_en"])
                seen += 1
        state.apply({p: rng.choice(state.legal(p)) for p in state.to_move()})
    assert seen
