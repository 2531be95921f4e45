"""The command line: help, errors as one line (no traceback), demo, replay, rules, bench."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from caiquan import __version__
from caiquan.cli.main import main

# the tree under test (a checkout run with PYTHONPATH=src, or the installed package)
SRC = {"PYTHONPATH": os.environ["PYTHONPATH"]} if os.environ.get("PYTHONPATH") else {}


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "caiquan", *args],
        capture_output=True,
        text=True,
        env={"PATH": "", "LANG": "C.UTF-8", **SRC, **(env or {})},
        timeout=120,
    )


def test_version_and_help() -> None:
    r = run("--version")
    assert r.returncode == 0 and r.stdout.splitlines()[0] == f"caiquan {__version__}"
    assert r.stdout.splitlines()[1].startswith(("compiled fast path", "pure Python", "partly"))
    r = run("--help")
    assert r.returncode == 0
    for command in ("rules", "replay", "demo", "bench", "play", "serve", "simulate"):
        assert command in r.stdout


def test_help_reads_like_a_well_kept_cli(capsys: pytest.CaptureFixture[str]) -> None:
    """Every command's help names values the Click way (INTEGER, TEXT, PATH, NAME=VALUE,
    GAME) and flags with no placeholder — never typer's ``<int>``, ``<bool>``,
    ``<list[str]>`` or ``{game}``, which read like things to type (issue 22)."""
    from caiquan.cli.main import command

    names = sorted(command().commands)
    assert {"simulate", "balance", "tournament", "play", "serve"} <= set(names)
    for name in ["", *names]:
        with pytest.raises(SystemExit) as done:
            main([name, "--help"] if name else ["--help"])
        assert done.value.code == 0
        text = capsys.readouterr().out
        bad = re.findall(r"<(?:int|str|bool|float|path|list\[[a-z]+\])>|\{[a-z_]+\}", text)
        assert not bad, f"caiquan {name} --help shows {bad}"
        if name in ("simulate", "balance", "tournament", "demo", "rules"):
            assert f"caiquan {name} [OPTIONS] GAME" in text, text[:300]
    simulate = subprocess.run(
        [sys.executable, "-m", "caiquan", "simulate", "--help"],
        capture_output=True,
        text=True,
        env={"PATH": "", "LANG": "C.UTF-8", "COLUMNS": "100", **SRC},
        timeout=120,
    ).stdout
    assert re.search(r"--games\s+-n\s+INTEGER", simulate), simulate
    assert re.search(r"--json\s+One JSON object", simulate), simulate


def test_demo_writes_a_record_that_replays(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    r = run("demo", "goofspiel", "--seed", "3", "-o", "num_cards=4", "--record", str(record))
    assert r.returncode == 0, r.stderr
    assert "turn 1: point card" in r.stdout and "player 0:" in r.stdout
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["seed"] == 3 and data["meta"]["caiquan"] == __version__
    r = run("replay", str(record), "--lang", "zh")
    assert r.returncode == 0, r.stderr
    assert "记录校验通过" in r.stdout and "第 1 回合" in r.stdout


def test_demo_needs_a_game() -> None:
    r = run("demo")
    assert r.returncode == 2 and "Missing argument 'GAME'" in r.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("demo", "nope"), "error: no game called 'nope'; the games are: "),
        (("demo", "goofspiel", "-o", "num_cards=0"), "option 'num_cards' must be at least 1"),
        (("demo", "goofspiel", "-o", "num_cards"), "an option is NAME=VALUE"),
        (("rules", "goofspiel", "--lang", "fr"), "language must be 'zh' or 'en'"),
        (("replay", "/nonexistent.json"), "cannot read /nonexistent.json"),
    ],
)
def test_user_mistakes_are_one_line_errors(args: tuple[str, ...], message: str) -> None:
    r = run(*args)
    assert r.returncode == 1
    assert message in r.stderr
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_malformed_and_tampered_records(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    r = run("replay", str(bad))
    assert r.returncode == 1 and "not a caiquan record" in r.stderr and "Traceback" not in r.stderr
    tampered = tmp_path / "t.json"
    tampered.write_text(
        json.dumps(
            {
                "format": "caiquan.record/1",
                "game": "goofspiel",
                "version": 1,
                "seed": 1,
                "config": {"num_cards": 3},
                "decisions": [{"0": 0, "1": 5}],
            }
        ),
        encoding="utf-8",
    )
    r = run("replay", str(tampered))
    assert r.returncode == 1 and "decision 0 does not replay" in r.stderr


def test_rules_in_both_languages() -> None:
    zh = run("rules", "goofspiel", "--lang", "zh")
    en = run("rules", "goofspiel", "--lang", "en")
    assert zh.returncode == en.returncode == 0
    assert "同时" in zh.stdout and "Play" not in zh.stdout
    assert "at the same time" in en.stdout and "同时暗出" not in en.stdout
    assert "num_cards=13" in en.stdout  # the options are listed


def test_guide_prints_the_players_page_in_one_language() -> None:
    zh = run("guide", "promise", "--lang", "zh")
    en = run("guide", "promise", "--lang", "en")
    assert zh.returncode == en.returncode == 0, zh.stderr + en.stderr
    assert "战力值表" in zh.stdout and "power table" not in zh.stdout
    assert "power table" in en.stdout and not re.search(r"[\u4e00-\u9fff]", en.stdout)
    assert ".png" not in en.stdout  # pictures are for the web page
    assert "Interpretation" not in en.stdout
    bad = run("guide", "nope")
    assert bad.returncode != 0


def test_language_follows_the_environment() -> None:
    r = run("games", env={"LANG": "zh_CN.UTF-8"})
    assert "人" in r.stdout
    r = run("games", env={"LANG": "en_US.UTF-8"})
    assert "players" in r.stdout


def test_bench_json(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["bench", "--seconds", "0.05", "--json", "--game", "goofspiel"])
    assert exit_info.value.code in (0, None)
    data = json.loads(capsys.readouterr().out)
    (row,) = data["results"]
    assert row["game"] == "goofspiel" and row["decisions"] > 0 and row["clone_us"] > 0


@pytest.mark.parametrize("game", ["promise", "legends", "drama"])
def test_malformed_content_is_a_one_line_error(game: str, tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("[meta\nname = 1\n", encoding="utf-8")
    r = run("demo", game, "-o", f"content={bad}")
    assert r.returncode == 1
    assert "not valid TOML" in r.stderr and "bad.toml" in r.stderr
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("game", ["promise", "legends", "drama"])
def test_every_seed_game_demo_and_rules(game: str) -> None:
    r = run("demo", game, "--seed", "2")
    assert r.returncode == 0, r.stderr
    assert "player 0:" in r.stdout
    for lang in ("zh", "en"):
        page = run("rules", game, "--lang", lang)
        assert page.returncode == 0
        # rendered for the terminal: no Markdown syntax, no internal markers (issue 22)
        assert "<!--" not in page.stdout and not re.search(r"cards:(zh|en):", page.stdout)
        assert not re.search(r"^#+ |\*\*", page.stdout, flags=re.M), page.stdout[:400]
    raw = run("rules", game, "--raw").stdout
    assert raw.startswith("# ") and "<!--" not in raw


def test_bench_peers_json_reports_targets(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["bench", "--peers", "--seconds", "0.02", "--json"])
    assert exit_info.value.code in (0, None)
    data = json.loads(capsys.readouterr().out)
    assert data["results"]["promise"]["steps_per_s"] > 0
    assert data["results"]["openspiel-goofspiel-13"]["steps_per_s"] > 0  # test extra
    names = [t["target"] for t in data["targets"]]
    assert "3x3 solve (µs)" in names and len(names) == 12
    assert data["results"]["mccfr-external"]["ratio"] > 0  # adapter time ÷ C++ time
    assert "MCCFR external sampling time vs OpenSpiel C++" in names


def test_bench_peers_reports_progress() -> None:
    """``bench --peers`` runs a minute or more: it tells a progress bar each measurement, in
    order, out of a known total (issue 22)."""
    from caiquan.bench.peers import run_peers

    calls: list[tuple[str, int, int]] = []
    data = run_peers(0.01, repeats=1, progress=lambda *a: calls.append(a))
    totals = {t for _, _, t in calls}
    assert len(totals) == 1
    total = totals.pop()
    assert [d for _, d, _ in calls] == list(range(total + 1))  # each start, then all done
    assert calls[-3][0] == "ISMCTS iterations on promise"
    assert calls[-2][0].startswith("MCCFR")
    assert "ismcts-promise" in data["results"]
    # the ISMCTS figure is a search (not a throw left to the Nash solver: 0 iterations)
    assert data["results"]["ismcts-promise"]["iterations_per_s"] > 0


@pytest.mark.parametrize(
    "args",
    [
        ["tournament", "promise", "--bots", "random,nash", "--games", "6"],
        ["simulate", "goofspiel", "--games", "6", "-o", "num_cards=4"],
        ["balance", "promise", "--games", "6", "--matchups", "2", "--out", "r.html"],
    ],
    ids=["tournament", "simulate", "balance"],
)
def test_long_commands_show_progress_with_rate_and_time_left(
    args: list[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """On a terminal, the lab's long commands draw a bar with games done of all, the rate and
    the time left, on stderr; --json keeps both streams free of it (issue 22)."""
    import io

    from rich.console import Console

    import caiquan.cli.main as cli

    monkeypatch.chdir(tmp_path)
    screen = io.StringIO()
    monkeypatch.setattr(cli, "err", Console(file=screen, force_terminal=True, width=120))
    with pytest.raises(SystemExit) as done:
        main(args)
    assert done.value.code in (0, None)
    drawn = screen.getvalue()
    # balance's bar counts the matchup matrix too: 15 pairings of promise's 6 characters
    total = "/36" if args[0] == "balance" else "/6"
    assert "games/s" in drawn and "ETA" in drawn and total in drawn, drawn[-500:]
    screen.seek(0)
    screen.truncate(0)
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main([*args, "--json"])
    assert "games/s" not in screen.getvalue() and "ETA" not in screen.getvalue()
    printed = capsys.readouterr().out
    json.loads(printed)
    assert "━" not in printed and "ETA" not in printed
    # --quiet: the usual output, and no bar even on a terminal
    screen.seek(0)
    screen.truncate(0)
    with pytest.raises(SystemExit):
        main([*args, "--quiet"])
    assert "ETA" not in screen.getvalue() and "━" not in screen.getvalue()
    assert capsys.readouterr().out.strip()


def test_balance_counts_both_stages_and_both_sides() -> None:
    """balance's one bar covers the main run and the matchup matrix (sized up front from the
    catalogue), and --compare's two configurations, without ever going back."""
    from caiquan.lab import balance

    calls: list[tuple[int, int]] = []
    balance.analyse(
        "promise", {}, ["random"], 4, matchup_games=2, progress=lambda *a: calls.append(a)
    )
    assert {t for _, t in calls} == {4 + 30}
    assert [d for d, _ in calls] == sorted(d for d, _ in calls) and calls[-1] == (34, 34)
    calls.clear()
    variants = [("a", {}), ("b", {})]
    balance.compare(
        "goofspiel", {"num_cards": 4}, variants, ["random"], 4, progress=lambda *a: calls.append(a)
    )
    assert {t for _, t in calls} == {8}
    assert [d for d, _ in calls] == sorted(d for d, _ in calls) and calls[-1] == (8, 8)


def _fake_terminal(monkeypatch: pytest.MonkeyPatch) -> Any:
    import io

    from rich.console import Console

    import caiquan.cli.main as cli

    screen = io.StringIO()
    monkeypatch.setattr(cli, "err", Console(file=screen, force_terminal=True, width=120))
    return screen


def test_bench_shows_progress_and_json_stays_clean(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Plain ``bench`` draws the lab's bar (setups done of all, rate, time left, the setup
    being measured) on stderr; with --json nothing but one JSON object (issue 22)."""
    screen = _fake_terminal(monkeypatch)
    args = ["bench", "--seconds", "0.05", "--game", "goofspiel", "--game", "oshi_zumo"]
    with pytest.raises(SystemExit) as done:
        main(args)
    assert done.value.code in (0, None)
    drawn = screen.getvalue()
    assert "/2" in drawn and "setup" in drawn and "ETA" in drawn, drawn[-500:]
    assert "oshi_zumo" in drawn and "━" in drawn
    table = capsys.readouterr().out  # the table on stdout, the bar on stderr
    assert "oshi_zumo" in table and "ETA" not in table and "setups/s" not in table
    screen.seek(0)
    screen.truncate(0)
    with pytest.raises(SystemExit):
        main([*args, "--json"])
    printed = capsys.readouterr().out
    assert [r["game"] for r in json.loads(printed)["results"]] == ["goofspiel", "oshi_zumo"]
    assert "━" not in printed and "ETA" not in printed and screen.getvalue() == ""
    with pytest.raises(SystemExit):
        main([*args, "-q"])
    assert "oshi_zumo" in capsys.readouterr().out and screen.getvalue() == ""


def test_bench_peers_bar_is_the_same(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``bench --peers`` draws the same bar as ``bench`` (measurements done of all, rate, time
    left); --json keeps stdout one JSON object. The measurements are stubbed: the wiring is
    under test here, the peers' figures in test_bench_peers_json_reports_targets."""
    import time

    import caiquan.bench.peers as peers

    def fake(seconds: float, repeats: int = 3, progress: Any = None) -> dict[str, Any]:
        for i in range(4):
            if progress is not None:
                progress(f"promise, round {i + 1} of 4", i, 4)
            time.sleep(0.05)
        if progress is not None:
            progress("done", 4, 4)
        return {
            "results": {"promise": {"steps_per_s": 1.0, "clone_us": 1.0}},
            "missing": {},
            "targets": [],
        }

    monkeypatch.setattr(peers, "run_peers", fake)
    screen = _fake_terminal(monkeypatch)
    with pytest.raises(SystemExit):
        main(["bench", "--peers", "--seconds", "0.01"])
    drawn = screen.getvalue()
    assert "/4" in drawn and "measurements/s" in drawn and "ETA" in drawn, drawn[-500:]
    table = capsys.readouterr().out
    assert "promise" in table and "ETA" not in table and "measurements/s" not in table
    screen.seek(0)
    screen.truncate(0)
    with pytest.raises(SystemExit):
        main(["bench", "--peers", "--seconds", "0.01", "--json"])
    printed = capsys.readouterr().out
    assert json.loads(printed)["results"]["promise"]["steps_per_s"] == 1.0
    assert "━" not in printed and screen.getvalue() == ""


def test_coach_reads_a_record(tmp_path: Path) -> None:
    """``caiquan coach RECORD``: the report in either language, or the analysis as JSON."""
    record = tmp_path / "promise.json"
    r = run("demo", "promise", "--seed", "6", "--bots", "nash", "--record", str(record))
    assert r.returncode == 0, r.stderr
    en = run("coach", str(record), "--lang", "en")
    assert en.returncode == 0, en.stderr
    assert en.stdout.startswith("Throw coach · The Four-Year Promise:")
    assert "player 0:" in en.stdout and "player 1:" in en.stdout
    assert "A habit reader would have won" in en.stdout and "slash" in en.stdout
    # docs/play.md prints this very game's report (player 0): it must not go stale
    page = (Path(__file__).resolve().parents[1] / "docs" / "play.md").read_text("utf-8")
    shown = re.search(r"```\n(Throw coach · .*?)```", page, re.S)
    assert shown, "docs/play.md lost its coach example"
    assert en.stdout.startswith(shown.group(1)), "docs/play.md's coach example is stale"
    zh = run("coach", str(record), "--lang", "zh")
    assert zh.returncode == 0 and "出拳教练" in zh.stdout and "斩击" in zh.stdout
    js = run("coach", str(record), "--json")
    assert js.returncode == 0, js.stderr
    data = json.loads(js.stdout)
    assert data["game"] == "promise" and data["finished"] is True
    assert [p["player"] for p in data["players"]] == [0, 1]
    assert data["players"][0]["throws"] == data["exchanges"] > 0
    # nash against nash: every throw inside the equilibrium's support
    assert all(p["mean_loss"] < 1e-9 for p in data["players"])


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read"),
        ("{not json", "not a caiquan record: invalid JSON"),
        (
            '{"format": "caiquan.record/1", "game": "nope", "version": 1, "seed": 1, '
            '"decisions": []}',
            "no game called 'nope'",
        ),
        (
            '{"format": "caiquan.record/1", "game": "goofspiel", "version": 1, "seed": 1, '
            '"config": {"num_cards": 3}, "decisions": [{"0": 0, "1": 5}]}',
            "decision 0 does not replay",
        ),
    ],
)
def test_coach_bad_files_are_one_line_errors(
    tmp_path: Path, content: str | None, message: str
) -> None:
    path = tmp_path / "r.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    r = run("coach", str(path))
    assert r.returncode == 1
    assert message in r.stderr
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
