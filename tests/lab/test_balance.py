"""Balance reports: the numbers match a direct recount from the results file."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from caiquan.lab import balance
from caiquan.lab.report import render


def recount(path: Path) -> dict[str, Any]:
    """Win rates and end reasons straight from the Parquet file, without the lab's reader."""
    t = pq.read_table(path).to_pydict()
    n = len(t["game"])
    seats: list[float] = [0.0] * len(t["ranks"][0])
    labels: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(lambda: [0.0, 0]))
    reasons = Counter(t["reason"])
    for ranks, lab in zip(t["ranks"], t["labels"], strict=True):
        k = ranks.count(1)
        for p, r in enumerate(ranks):
            share = 1 / k if r == 1 else 0.0
            seats[p] += share
            for name, values in lab:
                cell = labels[name][values[p]]
                cell[0] += share
                cell[1] += 1
    return {
        "games": n,
        "seats": [s / n for s in seats],
        "labels": {k: {v: c[0] / c[1] for v, c in d.items()} for k, d in labels.items()},
        "reasons": {k: v / n for k, v in reasons.items()},
        "rounds": sorted(m for ms in t["metrics"] for name, m in ms if name == "rounds"),
    }


def page_numbers(html: str) -> dict[str, str]:
    return dict(re.findall(r'data-k="([^"]+)">([^<]*)<', html))


@pytest.fixture(scope="module")
def promise_report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    out = tmp_path_factory.mktemp("promise") / "report.html"
    data = balance.analyse(
        "promise", {}, ["random"], 80, seed=3, matchup_games=2, results=out.with_suffix(".parquet")
    )
    balance.write_report(data, out)
    return out, data


def test_report_matches_a_recount(promise_report: tuple[Path, dict[str, Any]]) -> None:
    out, data = promise_report
    s = json.loads(out.with_suffix(".json").read_text(encoding="utf-8"))
    assert s == json.loads(json.dumps(data["summary"]))
    r = recount(out.with_suffix(".parquet"))
    assert s["games"] == r["games"] == 80
    for cell, rate in zip(s["seats"], r["seats"], strict=True):
        assert cell["rate"] == pytest.approx(rate, abs=5e-5)
    for value, rate in r["labels"]["character"].items():
        assert s["labels"]["character"][value]["rate"] == pytest.approx(rate, abs=5e-5)
    assert s["end_reasons"] == pytest.approx(r["reasons"], abs=5e-5)
    rounds = r["rounds"]
    assert s["metrics"]["rounds"]["median"] == (rounds[39] + rounds[40]) / 2
    # the page shows the same numbers
    shown = page_numbers(out.read_text(encoding="utf-8"))
    assert shown["seats.0.rate"] == f"{r['seats'][0] * 100:.1f} %"
    for value, rate in r["labels"]["character"].items():
        assert shown[f"labels.character.{value}.rate"] == f"{rate * 100:.1f} %"
    for reason, share in r["reasons"].items():
        assert shown[f"end_reasons.{reason}"] == f"{share * 100:.1f} %"
    assert shown["metrics.rounds.median"] == f"{s['metrics']['rounds']['median']:g}"


def test_report_sections(promise_report: tuple[Path, dict[str, Any]]) -> None:
    _, data = promise_report
    s = data["summary"]
    m = s["matchups"]
    assert (m["label"], m["option"]) == ("character", "characters")
    chars = m["values"]
    assert len(chars) >= 2
    a, b = chars[0], chars[1]
    assert m["win_rate"][a][b]["games"] == 2
    assert m["win_rate"][a][b]["score"] + m["win_rate"][b][a]["score"] == pytest.approx(2)
    # promise's own analysis of each pairing (its matchups hook): the initial power table;
    # a pair's table seen from the other side has the opposite value
    power = m["analysis"]["pairs"]
    assert power[a][b]["value"] == pytest.approx(-power[b][a]["value"])
    assert sum(power[a][b]["mix"]) == pytest.approx(1, abs=1e-3)
    assert s["decision_kinds"]["throw"]["throws_checked"] > 0
    assert {t["target"] for t in s["targets"]} >= {"draws under 15 %", "median rounds 8–16"}
    # the character target reads the matchup matrix: each character against every other
    field = balance.against_the_field(m)
    for c in chars:
        others = [m["win_rate"][c][o]["rate"] for o in chars if o != c]
        assert field[c] == pytest.approx(sum(others) / len(others))
    (target,) = [t for t in s["targets"] if t["target"].startswith("character win rate")]
    assert "matchup matrix" in target["target"]
    lo, hi = min(field.values()), max(field.values())
    assert target["value"] == f"{lo:.1%}–{hi:.1%}" and target["met"] == (lo >= 0.4 and hi <= 0.6)
    assert s["first_player"]["games"] == 80
    assert sum(int(c) for c in s["lengths"]["rounds"].values()) == 80


def test_legends_cards_recount(tmp_path: Path) -> None:
    res = tmp_path / "legends.parquet"
    data = balance.analyse("legends", {"players": 3}, ["random"], 30, seed=5, results=res)
    cards = data["summary"]["cards"]
    t = pq.read_table(res).to_pydict()
    name = sorted(cards)[0]
    wins = games = 0.0
    for ranks, played in zip(t["ranks"], t["cards"], strict=True):
        k = ranks.count(1)
        for p, cs in enumerate(played):
            if name in cs:
                games += 1
                wins += 1 / k if ranks[p] == 1 else 0.0
    assert cards[name]["with"]["games"] == games
    assert cards[name]["with"]["rate"] == pytest.approx(wins / games, abs=5e-5)
    targets = {t["target"] for t in data["summary"]["targets"]}
    assert "≥ 95 % end by a victory condition" in targets
    assert "<svg" in render(data)


def test_legends_dealt_card_target_recount(tmp_path: Path) -> None:
    """The `deal` option's causal line: the dealt seat's win rate against the others'."""
    res = tmp_path / "deal.parquet"
    data = balance.analyse(
        "legends", {"players": 3, "deal": "newton"}, ["random"], 40, seed=2, results=res
    )
    t = pq.read_table(res).to_pydict()
    won = {"dealt newton": [0.0, 0], "not dealt": [0.0, 0]}
    for ranks, labels in zip(t["ranks"], t["labels"], strict=True):
        ((name, values),) = labels
        assert name == "dealt" and values.count("dealt newton") == 1
        k = ranks.count(1)
        for p, v in enumerate(values):
            won[v][0] += 1 / k if ranks[p] == 1 else 0.0
            won[v][1] += 1
    assert won["dealt newton"][1] == 40 and won["not dealt"][1] == 80
    lift = won["dealt newton"][0] / 40 - won["not dealt"][0] / 80
    (target,) = [x for x in data["summary"]["targets"] if x["target"].startswith("newton, dealt")]
    assert target["value"].startswith(f"{lift * 100:+.1f} points")
    assert target["met"] == (lift <= 0.10)
    assert "dealt newton" in render(data)


def test_compare_same_seeds() -> None:
    data = balance.compare(
        "drama", {}, [("base", {}), ("tie=table", {"tie": "table"})], ["random"], 60, seed=1
    )
    s = data["summary"]
    assert s["compare"] == ["base", "tie=table"]
    rows = {r["cell"]: r for r in s["differences"]}
    assert "seat 0 win rate" in rows and "role landlord win rate" in rows
    same = balance.compare("drama", {}, [("a", {}), ("b", {})], ["random"], 40, seed=1)
    assert not any(r["significant"] for r in same["summary"]["differences"])
    assert all(r["diff"] == 0 for r in same["summary"]["differences"])
    html = render(data)
    assert "tie=table" in html and "<svg" in html


def test_parse_variant(tmp_path: Path) -> None:
    f = tmp_path / "mine.toml"
    f.write_text("", encoding="utf-8")
    assert balance.parse_variant(str(f)) == ("mine.toml", {"content": str(f)})
    with pytest.raises(Exception, match="k=v"):
        balance.parse_variant("nonsense")


def test_balance_cli(tmp_path: Path) -> None:
    out = tmp_path / "d.html"
    r = subprocess.run(
        [sys.executable, "-m", "caiquan", "balance", "drama", "-n", "20", "--json",
         "--out", str(out)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    s = json.loads(r.stdout)
    assert s["game"] == "drama" and "role" in s["labels"]
    for suffix in (".html", ".json", ".parquet"):
        assert out.with_suffix(suffix).exists()
    r = subprocess.run(
        [sys.executable, "-m", "caiquan", "balance", "drama", "-n", "20", "--out", str(out),
         "--compare", "base", "tie=table"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "report:" in r.stdout
