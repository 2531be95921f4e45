"""伟人的猜拳战略: the shared conformance harness over player counts and both presets."""

from __future__ import annotations

from pathlib import Path

import pytest

from caiquan.engine import Rng, State
from caiquan.engine.state import state_fields
from caiquan.games import load_game
from caiquan.testing import CHECKS, check_game, random_playout

CONFIGS = [
    {"players": 3},
    {"players": 4, "content": "edition54"},
    {"players": 5},
    {"players": 6},
    {"players": 6, "content": "edition54", "start_player": 2},
    {"players": 3, "content": "edition54", "no_progress_end": False, "round_cap": 3},
    {"players": 4, "tie_limit": 1},
    {"players": 5, "deal": "li-bai"},
]


@pytest.mark.parametrize("check", sorted(CHECKS))
@pytest.mark.parametrize(
    "config", CONFIGS, ids=lambda c: ",".join(f"{k}={v}" for k, v in c.items())
)
def test_conformance(config: dict[str, object], check: str) -> None:
    check_game(load_game("legends", config), seeds=range(2), checks=[check])


@pytest.mark.parametrize("players", [3, 6])
def test_determinize_depends_only_on_the_view(players: int) -> None:
    """A determinized twin determinizes to the same world (no trace of the truth)."""
    game = load_game("legends", players=players)
    for seed in range(3):
        seen = 0

        def visit(s: State, seed: int = seed) -> None:
            nonlocal seen
            seen += 1
            if seen > 40 or seen % 3:
                return
            for p in range(players):
                twin = s.determinize(p, Rng(seed * 31 + seen))
                a = s.determinize(p, Rng(seed + 1000 + seen))
                b = twin.determinize(p, Rng(seed + 1000 + seen))
                fa, fb = state_fields(a), state_fields(b)
                assert fa.keys() == fb.keys()
                for key in fa:
                    if key not in ("_events", "_history", "_legal_memo", "_redact_memo"):
                        assert fa[key] == fb[key], (key, p, s.move_number)

        random_playout(game, seed, visit=visit)


EVERY_EFFECT = """[meta]
base = "default"

[[person]]
id = "x-all-may"
zh = "甲"
en = "X1"
colour = "blue"
kind = "skill"
effects = [
  { do = "gain", marker = "any", n = 2, may = true },
  { do = "steal", marker = "tech", n = 2, may = true },
  { do = "tax", marker = "culture", n = 1, may = true },
  { do = "draw", n = 2, may = true },
  { do = "discard", n = 2, who = "chosen", may = true },
  { do = "discard", n = 1, who = "each", may = true },
  { do = "discard_own", n = 2, may = true },
  { do = "steal_card", n = 2, may = true },
  { do = "purge", may = true },
  { do = "scout", n = 4, may = true },
  { do = "expand", discount = 2, may = true },
  { do = "take", continent = "oceania", discount = 0, may = true },
  { do = "develop", discount = 2, may = true },
  { do = "raze", may = true },
  { do = "flip", may = true },
]

[[person]]
id = "x-war"
zh = "乙"
en = "X2"
colour = "red"
kind = "war"
effects = [{ do = "purge" }, { do = "raze" }]
[person.war]
tie = "opponent_discards"
announce = true
second_chance = true
targets = 3
on_win = [
  { do = "flip" },
  { do = "steal_card", n = 1 },
  { do = "take", continent = "europe" },
]

[[person]]
id = "x-passive"
zh = "丙"
en = "X3"
colour = "people"
kind = "passive"
effects = [
  { do = "discard", who = "each", n = 2 },
  { do = "purge" },
  { do = "scout", n = 5 },
  { do = "develop" },
]

[[person]]
id = "x-war2"
zh = "丁"
en = "X4"
colour = "green"
kind = "war"
[person.war]
tie = "steal_might"
targets = 2
on_win = [{ do = "discard", who = "each", n = 1 }]
"""


@pytest.mark.parametrize("check", ["decision_points", "determinize", "legal_and_illegal"])
def test_every_effect_and_war_rule_together(tmp_path: Path, check: str) -> None:
    """A stress set: every effect kind as a "you may", a war with every rule, big numbers."""
    path = tmp_path / "every_effect.toml"
    path.write_text(EVERY_EFFECT, "utf-8")
    game = load_game("legends", players=4, content=str(path), tie_limit=3)
    check_game(game, seeds=range(2), checks=[check])
