"""How the bots pick a promise character (issue 25): with face-down picks
(``character_pick = "open"``) by the equilibrium of the measured matchup matrix in
draft.toml; in the default visible draft by the sturdiest-hitter rule, unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from caiquan.engine import Rng
from caiquan.games import load_game
from caiquan.games.promise import draft
from caiquan.games.promise.rules import CHAR_BASE, RPS_BASE
from caiquan.games.promise.strategy import policy


def test_the_shipped_table_was_measured_on_the_shipped_content() -> None:
    """A change of content/default.toml makes draft.toml stale: re-measure it with
    ``python docs/reports/promise_draft.py --pair-games 200 --draft-games 0 --write-table``."""
    game = load_game("promise")
    table = draft.shipped_table()
    assert table is not None
    assert draft.table_for(game.content) is table, "draft.toml is stale: re-measure it"
    assert set(table.characters) == {c.id for c in game.content.characters}
    for x in table.characters:
        assert table.score[(x, x)] == 0.5
        for y in table.characters:  # both seat orders, draws half: a zero-sum table
            assert table.score[(x, y)] + table.score[(y, x)] == pytest.approx(1.0, abs=1e-3)


def test_another_content_file_gets_no_table(tmp_path: Path) -> None:
    import caiquan.games.promise as pkg

    copy = tmp_path / "mine.toml"
    copy.write_text((Path(pkg.__file__).parent / "content" / "default.toml").read_text("utf-8"))
    assert draft.table_for(load_game("promise", content=str(copy)).content) is None


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"characters": ["a"]}, "characters"),
        ({"score": {"a": [0.5, 0.5], "b": [0.5]}}, "score.b"),
        ({"score": {"a": [0.5, 1.5], "b": [0.5, 0.5]}}, "score.a against b"),
        ({"bots": 3}, "bots"),
    ],
)
def test_a_bad_table_names_its_field(change: dict[str, object], field: str) -> None:
    data: dict[str, object] = {
        "characters": ["a", "b"], "score": {"a": [0.5, 0.6], "b": [0.4, 0.5]},
        "content_sha256": "x", "games_per_pair": 10, "bots": "nash",
    }  # fmt: skip
    data.update(change)
    with pytest.raises(ValueError, match=field.split()[0]):
        draft.parse_table(data)


def _table() -> draft.DraftTable:
    # rock-paper-scissors of three characters, plus a fourth that loses to all
    chars = ("r", "p", "s", "x")
    rows = {
        "r": [0.5, 0.3, 0.7, 0.8], "p": [0.7, 0.5, 0.3, 0.8],
        "s": [0.3, 0.7, 0.5, 0.8], "x": [0.2, 0.2, 0.2, 0.5],
    }  # fmt: skip
    score = {(a, b): rows[a][j] for a in chars for j, b in enumerate(chars)}
    return draft.DraftTable(chars, score, "", 1, "nash")


def test_face_down_picks_play_the_matrix_games_equilibrium() -> None:
    mix = draft.pick_mix(_table(), list("rpsx"), list("rpsx"))
    assert mix[:3] == pytest.approx([1 / 3] * 3, abs=1e-6) and mix[3] == pytest.approx(0.0)


def test_the_shipped_equilibrium_mixes_the_characters() -> None:
    """The bots' face-down pick on the shipped content: a mix, not one character."""
    table = draft.shipped_table()
    assert table is not None
    names = list(table.characters)
    mix = draft.pick_mix(table, names, names)
    assert sum(mix) == pytest.approx(1.0) and sum(p > 0.05 for p in mix) >= 3


def _to_second_pick(pick: str, first_char: int) -> tuple[object, int]:
    game = load_game("promise", character_pick=pick)
    s = game.new_state(3)
    while s.decision(s.to_move()[0]).kind == "throw":  # A wins the choice throw
        s.apply({0: RPS_BASE + 2, 1: RPS_BASE + 1})  # paper, scissors: B wins
    first = s.to_move()[0]
    s.apply(CHAR_BASE + first_char)
    return s, 1 - first


def test_the_face_down_second_pick_never_depends_on_the_first() -> None:
    """Open pick (the default): the second picker's choice is the same whatever the first
    picked — the bot never reads the hidden pick."""
    picks = set()
    for first_char in range(6):
        s, second = _to_second_pick("open", first_char)
        picks.add(policy(s, second, Rng(11)))
    assert len(picks) == 1


def test_the_default_visible_draft_keeps_the_sturdiest_hitter_pick() -> None:
    """character_pick = "draft" (the default): the table is not used, so the default game's
    figures did not move (issue 25 is still open)."""
    for first_char in range(6):
        s, second = _to_second_pick("draft", first_char)
        assert s.game.draft
        chars = s.game.content.characters
        legal = s.legal(second)
        best = max(chars[o - CHAR_BASE].vitality + max(chars[o - CHAR_BASE].attack)
                   + 0.5 * chars[o - CHAR_BASE].qi for o in legal)  # fmt: skip
        got = chars[policy(s, second, Rng(5)) - CHAR_BASE]
        assert got.vitality + max(got.attack) + 0.5 * got.qi == best
