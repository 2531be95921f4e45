"""Wager's golden playthroughs: fixed games written out as readable transcripts (decisions in
the game's words, events as it formats them, the outcome), kept beside these tests. A rule or
wording change shows as a diff; if intended, raise ``Wager.version`` when records of the old
rules exist, then regenerate: ``python tests/test_wager_playthroughs.py`` (from this folder's
parent)."""

from __future__ import annotations

import difflib
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip(
    "caiquan_wager", reason="install the example: pip install -e examples/caiquan-wager"
)

from caiquan.games import load_game
from caiquan.testing.playthrough import cases, transcript

FOLDER = Path(__file__).with_name("playthroughs")
QUICK = {"content": "quick", "carry_pot": True}
CASES = [*cases(["wager"]), ("wager", "wager-quick-carry-seed3.txt", QUICK, 3)]


@pytest.mark.parametrize(("game_id", "name", "options", "seed"), CASES, ids=[c[1] for c in CASES])
def test_playthrough_is_unchanged(
    game_id: str, name: str, options: dict[str, Any], seed: int
) -> None:
    path = FOLDER / name
    assert path.is_file(), f"no transcript {name}: python {Path(__file__).name} writes it"
    want = path.read_text(encoding="utf-8")
    got = transcript(load_game(game_id, options), seed)
    if got != want:
        diff = difflib.unified_diff(want.splitlines(), got.splitlines(), name, "now", lineterm="")
        pytest.fail("wager plays differently:\n" + "\n".join(list(diff)[:60]), pytrace=False)


def test_no_stale_transcripts() -> None:
    assert {p.name for p in FOLDER.glob("*.txt")} == {c[1] for c in CASES}


if __name__ == "__main__":
    for gid, name, options, seed in CASES:
        (FOLDER / name).write_text(transcript(load_game(gid, options), seed), encoding="utf-8")
        print(FOLDER / name, file=sys.stderr)
