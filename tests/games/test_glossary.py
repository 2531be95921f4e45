"""Every game's glossary (issue 20): each word a player meets at the table has a name in
Chinese and English and a one-line explanation, and no text mixes the two languages."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from caiquan.engine import Game
from caiquan.engine.describe import load_glossary
from caiquan.games import game_ids, load_game

# The observation fields no panel shows (the frame's own: whose turn, who has committed).
FRAME = {"game", "player", "move", "to_move", "committed", "terminal", "my_commit"}
# Observation fields whose text value is itself a word a panel shows.
WORD_FIELDS = ("phase", "decision", "end")
CONFIGS: dict[str, dict[str, Any]] = {"legends": {"players": 3}}

CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
LATIN = re.compile(r"[A-Za-z]{3,}")


def met(game: Game, games: int = 4) -> set[str]:
    """The words random games of ``game`` show: observation keys, phases, decision kinds."""
    words: set[str] = set()

    def seen(obs: dict[str, Any]) -> None:
        words.update(k for k in obs if k not in FRAME)
        words.update(obs[k] for k in WORD_FIELDS if isinstance(obs.get(k), str))

    for seed in range(games):
        state = game.new_state(seed)
        rng = random.Random(seed)
        for _ in range(3000):
            for p in [None, *range(state.num_players)]:
                seen(dict(state.observation(p)))
            if state.is_terminal():
                break
            choice = {}
            for d in state.decisions():
                words.add(d.kind)
                choice[d.player] = rng.choice(state.legal(d.player))
            state.apply(choice)
    return words


def panel_words(game: Game) -> set[str]:
    """The words a game's own web and terminal panels look up by name (``w("…")``, and
    ``t("…")`` / ``term("…")``: a label with its explanation)."""
    folder = Path(__import__(game.package(), fromlist=["_"]).__file__ or "").parent
    found: set[str] = set()
    for name in ("web.js",):
        path = folder / name
        if path.exists():
            found |= set(re.findall(r"\b(?:w|word|t|term)\(\"([a-z_]+)\"", path.read_text("utf-8")))
    return found


@pytest.mark.parametrize("game_id", game_ids())
def test_the_glossary_covers_every_word_of_the_table(game_id: str) -> None:
    game = load_game(game_id, CONFIGS.get(game_id, {}))
    glossary = game.glossary()
    wanted = met(game) | panel_words(game)
    missing = sorted(wanted - set(glossary.words))
    assert not missing, f"{game_id}/glossary.toml lacks the words {missing}"
    for o in type(game).options:
        assert o.name in glossary.options, f"{game_id}: option {o.name!r} has no lobby name"
        values = [*(o.choices or ()), *(o.presets or ())]
        lacking = [v for v in values if str(v) not in glossary.options[o.name].values]
        assert not lacking, f"{game_id}: option {o.name!r} values {lacking} have no names"


@pytest.mark.parametrize("game_id", game_ids())
def test_no_text_mixes_languages(game_id: str) -> None:
    """English texts have no Chinese; Chinese names and option texts have no English word."""
    game = load_game(game_id, CONFIGS.get(game_id, {}))
    glossary = game.glossary()
    bad: list[str] = []
    texts = [(f"word {k}", t.name) for k, t in glossary.words.items()]
    texts += [(f"about {k}", t.about) for k, t in glossary.words.items()]
    for k, o in glossary.options.items():
        texts += [(f"option {k}", o.name)] + [(f"option {k}={v}", n) for v, n in o.values.items()]
    texts += [(f"{e.kind} {e.id}", e.name) for e in game.catalogue()]
    texts += [(f"{e.kind} {e.id} text", e.text) for e in game.catalogue()]
    for where, t in texts:
        if CJK.search(t.en):
            bad.append(f"{where} (en): {t.en!r}")
    for where, t in texts:
        if where.startswith(("word", "option")) and LATIN.search(t.zh):
            bad.append(f"{where} (zh): {t.zh!r}")
    for o in type(game).options:
        if CJK.search(o.help_en):
            bad.append(f"option {o.name} help (en): {o.help_en!r}")
        if o.scope == "table" and LATIN.search(o.help_zh):
            bad.append(f"option {o.name} help (zh): {o.help_zh!r}")
    assert not bad, "\n".join(bad)


def test_a_glossary_file_is_checked(tmp_path: Path) -> None:
    assert "round" in load_glossary("caiquan.engine").words
    assert load_glossary("caiquan.tui") == load_glossary("")


def test_every_decision_an_effect_can_ask_is_in_the_legends_glossary() -> None:
    """Random games rarely meet every effect (legends' "flip" showed raw in a browser test):
    each decision a person card's effect can ask has its glossary word."""
    from caiquan.games.legends.effects import DECISIONS

    words = load_game("legends").glossary().words
    assert sorted(DECISIONS - set(words)) == []
