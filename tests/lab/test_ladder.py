"""The ladder command's machinery (issue 23): pairings, report, rendering into the docs."""

from __future__ import annotations

import json
from pathlib import Path

from caiquan.games import load_game
from caiquan.lab import ladder


def test_nash_joins_only_games_with_matrix_decisions() -> None:
    assert ladder.ladder_bots(load_game("promise"), "ismcts:iterations=5") == [
        "random",
        "greedy",
        "nash",
        "ismcts:iterations=5",
    ]
    assert "nash" not in ladder.ladder_bots(load_game("goofspiel"))


def test_ladder_report_and_markdown(tmp_path: Path) -> None:
    out = tmp_path / "ladder.json"
    lines: list[str] = []
    report = ladder.run_ladder(
        2, 7, ismcts="ismcts:iterations=5", only=["goofspiel"], out=out, log=lines.append
    )
    assert json.loads(out.read_text()) == report
    assert [r["bots"] for r in report["rows"]] == [
        ["random", "greedy"],
        ["random", "ismcts:iterations=5"],
        ["greedy", "ismcts:iterations=5"],
    ]
    assert [r["seed"] for r in report["rows"]] == [7, 8, 9]  # a fresh seed per pairing
    row = report["rows"][2]
    assert sum(row["rates"].values()) == 1.0  # two players: the point is shared out
    assert row["timing"]["ismcts:iterations=5"]["decisions"] > 0
    assert report["commit"]
    doc = tmp_path / "doc.md"
    doc.write_text(f"before\n{ladder.START}\nold table\n{ladder.END}\nafter\n")
    ladder.write_between_markers(doc, ladder.render_markdown(report))
    text = doc.read_text()
    assert "old table" not in text and text.startswith("before") and text.endswith("after\n")
    assert "| goofspiel | `greedy` vs `ismcts:iterations=5` | 2 |" in text
    assert any("[3/3]" in x for x in lines)
