"""Every game id, Gymnasium id, PettingZoo name and bot spec the docs name exists today, so
the docs cannot go stale when a rules version moves (issue 22)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from caiquan.bots import BOTS
from caiquan.engine import STRENGTH_LEVELS
from caiquan.games import game_class, game_ids

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
SOURCES = sorted((ROOT / "src" / "caiquan").rglob("*.py"))


def _hits(pattern: str, files: list[Path]) -> list[tuple[str, str]]:
    out = []
    for path in files:
        for m in re.finditer(pattern, path.read_text(encoding="utf-8")):
            out.append((str(path.relative_to(ROOT)), m.group(0)))
    return out


def test_gymnasium_and_pettingzoo_ids_name_the_current_rules_version() -> None:
    wrong = []
    for where, hit in _hits(r"caiquan/([a-z_]+)-v(\d+)", DOCS + SOURCES):
        gid, version = re.fullmatch(r"caiquan/([a-z_]+)-v(\d+)", hit).groups()  # type: ignore[union-attr]
        if gid != "<game id>" and (
            gid not in game_ids() or game_class(gid).version != int(version)
        ):
            wrong.append((where, hit))
    for where, hit in _hits(r"\b(" + "|".join(game_ids()) + r")_v(\d+)\b", DOCS + SOURCES):
        gid, version = hit.rsplit("_v", 1)
        if game_class(gid).version != int(version):
            wrong.append((where, hit))
    assert not wrong, f"ids of another rules version: {wrong}"


COMMAND = re.compile(r"caiquan (?:play|demo|simulate|balance|tournament|rules) ([a-z_]+)")


def test_every_game_a_command_in_the_docs_names_is_registered() -> None:
    unknown = [
        (w, h)
        for w, h in _hits(COMMAND.pattern, DOCS)
        if COMMAND.match(h) and COMMAND.match(h).group(1) not in game_ids()
    ]  # type: ignore[union-attr]
    assert not unknown, f"commands for games that do not exist: {unknown}"


@pytest.mark.parametrize("path", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_bot_specs_in_the_docs_are_bots(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for m in re.finditer(r"--bots ([a-z0-9_:=.,]+)", text):
        for spec in m.group(1).split(","):
            name = spec.split(":", 1)[0]
            # a bot, or a strength word (the game's own ladder, Game.strengths)
            ok = name in BOTS or name in STRENGTH_LEVELS
            assert ok, f"{path.name}: --bots {m.group(1)} names {name!r}"
