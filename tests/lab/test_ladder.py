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
        2,
        7,
        ismcts="ismcts:iterations=5",
        only=["goofspiel"],
        out=out,
        log=lines.append,
        bots="all",
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


def test_levels_are_the_games_own_and_hard_is_replaced_only_where_it_searches() -> None:
    assert ladder.level_bots(load_game("goofspiel"), "ismcts:iterations=5") == [
        ("easy", "random"),
        ("medium", "greedy"),
        ("hard", "ismcts:iterations=5"),
    ]
    assert ladder.level_bots(load_game("oshi_zumo"), "ismcts:iterations=5")[2] == ("hard", "nash")
    assert ladder.level_bots(load_game("promise"))[2] == ("hard", "ismcts:iterations=200,seconds=1")


def test_levels_ladder_in_two_jobs_keeps_the_plan_order_and_gives_verdicts(tmp_path: Path) -> None:
    out = tmp_path / "ladder.json"
    report = ladder.run_ladder(
        6, 11, only=["goofspiel", "oshi_zumo"], out=out, hard="ismcts:iterations=5", jobs=2
    )
    assert json.loads(out.read_text()) == report
    assert [(r["game"], r["bots"]) for r in report["rows"]] == [
        ("goofspiel", ["random", "greedy"]),
        ("goofspiel", ["random", "ismcts:iterations=5"]),
        ("goofspiel", ["greedy", "ismcts:iterations=5"]),
        ("oshi_zumo", ["random", "greedy"]),
        ("oshi_zumo", ["random", "nash"]),
        ("oshi_zumo", ["greedy", "nash"]),
    ]
    assert [r["seed"] for r in report["rows"]] == list(range(11, 17))
    # the same pairing played alone gives the same games (seeded, whatever the job)
    alone = ladder.run_ladder(6, 11, only=["goofspiel"], hard="ismcts:iterations=5")
    assert alone["rows"][1]["rates"] == report["rows"][1]["rates"]
    v = {x["game"]: x for x in ladder.verdicts(report)}
    assert set(v) == {"goofspiel", "oshi_zumo"}
    for x in v.values():  # computed from the rows
        r = report["rows"][0 if x["game"] == "goofspiel" else 3]
        assert x["rates"]["medium_vs_easy"][0] == r["rates"]["greedy"]
        assert x["medium_beats_easy"] == (r["intervals"]["greedy"][0] > 0.5)
    text = ladder.render_markdown(report)
    assert "| oshi_zumo | `random` | `greedy` | `nash` |" in text
    assert "| goofspiel | medium `greedy` vs hard `ismcts:iterations=5` | 6 |" in text
    assert "hard beats easy at least as often as medium" in text


def test_verdicts_say_no_when_a_level_does_not_beat_the_one_below() -> None:
    def row(a: str, b: str, ra: float, lo: float) -> dict[str, object]:
        return {
            "game": "g",
            "bots": [a, b],
            "rates": {a: ra, b: 1 - ra},
            "intervals": {a: [lo, ra + 0.05], b: [1 - ra - 0.05, 1 - lo]},
            "baseline": 0.5,
        }

    report = {
        "levels": {"g": {"easy": "random", "medium": "greedy", "hard": "x"}},
        "rows": [
            row("random", "greedy", 0.03, 0.01),  # medium wins 97 %
            row("random", "x", 0.10, 0.05),  # hard wins 90 %: less often than medium
            row("greedy", "x", 0.48, 0.41),  # hard 52 %, interval not above 50 %
        ],
    }
    (v,) = ladder.verdicts(report)
    assert v["medium_beats_easy"] is True
    assert v["hard_beats_medium"] is False
    assert v["hard_vs_easy_at_least_medium"] is False
    d, lo, hi = v["hard_minus_medium_vs_easy"]  # 90 % against 97 %, with its interval
    assert d == -0.07 and lo < d < hi and hi - lo > 0.1


def test_reports_of_separate_runs_merge_into_one_table() -> None:
    def report(game: str, commit: str, load: float) -> dict[str, object]:
        return {
            "commit": commit,
            "date": "2026-12-02 08:00 UTC",
            "load_average_start": [load],
            "load_average_end": [load + 1],
            "games_per_pairing": 2,
            "seed": 1,
            "bots": "levels",
            "levels": {game: {"easy": "random", "medium": "greedy", "hard": "nash"}},
            "rows": [{"game": game, "bots": ["random", "greedy"]}],
        }

    m = ladder.merge([report("a", "abc", 1.0), report("b", "def", 3.0)])
    assert [r["game"] for r in m["rows"]] == ["a", "b"]
    # a game run again replaces its rows
    again = report("a", "fff", 2.0)
    again["rows"] = [{"game": "a", "bots": ["random", "nash"]}]
    m2 = ladder.merge([report("a", "abc", 1.0), report("b", "def", 3.0), again])
    assert [(r["game"], r["bots"][1]) for r in m2["rows"]] == [("b", "greedy"), ("a", "nash")]
    assert list(m["levels"]) == ["a", "b"]
    assert m["commit"] == "abc, def" and m["date"] == "2026-12-02 08:00 UTC"
    assert m["load_average_start"] == [1.0] and m["load_average_end"] == [4.0]
    # each run whose rows are kept keeps its own games, seeds and commit, in the header too
    assert [(r["commit"], r["games"]) for r in m2["runs"]] == [("def", ["b"]), ("fff", ["a"])]
    again["games_per_pairing"], again["seed"] = 600, 620001
    m3 = ladder.merge([report("b", "def", 3.0), again])
    header = "\n".join(ladder._header(m3, "who"))
    assert "- b: commit `def`" in header and "2 games per pairing, seeds 1 +" in header
    assert "- a: commit `fff`" in header and "600 games per pairing, seeds 620001 +" in header
    # runs that played hard differently (one at a set --hard budget, one the game's own):
    # the text says so instead of naming one budget for all
    again["hard"] = "ismcts:iterations=200"
    m4 = ladder.merge([report("b", "def", 3.0), again])
    assert [r["hard"] for r in m4["runs"]] == [None, "ismcts:iterations=200"]
    text = ladder._who(m4)
    assert "each game's `hard` as played" in text and "then `ismcts" not in text
    assert "then `ismcts:iterations=200`" in ladder._who({**again, "runs": None})


def test_other_player_counts_are_labelled_games_of_their_own() -> None:
    """``players``: every game at each other count it allows, labelled ``<id>-<n>p`` with
    ``{"players": n}``; a game's default count and counts it does not allow are left out."""
    games = ladder.ladder_games([2, 3, 4])
    assert ("legends-3p", "legends", {"players": 3}) in games
    assert ("goofspiel-3p", "goofspiel", {"players": 3}) in games
    labels = [label for label, _, _ in games]
    assert "legends-4p" not in labels and "goofspiel-2p" not in labels  # the defaults
    assert not any(label.startswith(("promise", "oshi_zumo", "drama")) for label in labels)
    assert ladder.ladder_games() == tuple((g, g, {}) for g, _, _ in ladder.ladder_games())


def test_row_labels_say_how_many_seats_each_bot_held() -> None:
    def row(players: int, seats: tuple[int, int]) -> dict[str, object]:
        return {"bots": ["a", "b"], "players": players, "seats": {"a": seats[0], "b": seats[1]}}

    assert ladder._seats_label(row(4, (2, 2))) == " (4p, 2 seats each)"
    # two bots at a three-seat table: one holds two seats, the other one, turn about
    assert ladder._seats_label(row(3, (1, 1))) == " (3p, 1–2 seats each a game)"
    assert ladder._seats_label(row(5, (2, 2))) == " (5p, 2–3 seats each a game)"
