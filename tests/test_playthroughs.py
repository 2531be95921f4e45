"""Golden playthroughs as readable transcripts, for every game caiquan ships.

Each file in ``tests/playthroughs/`` is one fixed game written out (decisions in the game's
words, public events as it formats them, the outcome). A rule or wording change shows here
as a diff. If the change is intended, raise the game's ``version`` when records of the old
rules exist, then regenerate: ``python -m caiquan.testing.playthrough tests/playthroughs``.
"""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

import pytest

from caiquan.games import BUILTIN, game_ids, load_game
from caiquan.testing.playthrough import cases, transcript

FOLDER = Path(__file__).with_name("playthroughs")
REGENERATE = "python -m caiquan.testing.playthrough tests/playthroughs"
#: caiquan's own games keep their transcripts here; a game of another distribution keeps its
#: own beside its tests (examples/caiquan-wager/tests/playthroughs)
GAMES = [g for g in game_ids() if g in BUILTIN]


@pytest.mark.parametrize(
    ("game_id", "name", "options", "seed"),
    [pytest.param(*case, id=case[1].removesuffix(".txt")) for case in cases(GAMES)],
)
def test_playthrough_is_unchanged(
    game_id: str, name: str, options: dict[str, Any], seed: int
) -> None:
    path = FOLDER / name
    assert path.is_file(), f"no transcript {path.name} for {game_id}: write it with {REGENERATE}"
    want = path.read_text(encoding="utf-8")
    got = transcript(load_game(game_id, options), seed)
    if got != want:
        diff = difflib.unified_diff(
            want.splitlines(), got.splitlines(), f"stored {name}", "this code", lineterm="", n=2
        )
        shown = "\n".join(list(diff)[:80])
        pytest.fail(
            f"{game_id} plays differently from its transcript (first lines of the diff):\n"
            f"{shown}\nIf intended: raise the rules version if needed, then {REGENERATE}",
            pytrace=False,
        )


def test_no_stale_transcripts() -> None:
    """Every stored transcript belongs to a registered game and a kept case."""
    kept = {name for _, name, _, _ in cases(GAMES)}
    stored = {p.name for p in FOLDER.glob("*.txt")}
    assert stored == kept, f"stale: {sorted(stored - kept)}; missing: {sorted(kept - stored)}"


def test_a_changed_rule_shows_as_a_readable_diff(tmp_path: Path) -> None:
    """The check has teeth: a transcript of other rules differs, line by line."""
    a = transcript(load_game("goofspiel", num_cards=4), seed=3)
    b = transcript(load_game("goofspiel", num_cards=4, points_order="descending"), seed=3)
    assert a != b
    diff = list(difflib.unified_diff(a.splitlines(), b.splitlines(), lineterm=""))
    assert any(line.startswith("-# config") for line in diff)
