"""Rebuild every committed report and figure of the lab docs from the shipped code: one command.

    python docs/reports/regenerate.py            # everything (about an hour on two cores)
    python docs/reports/regenerate.py --only promise,tournaments
    python docs/reports/regenerate.py --figures  # only rewrite figures.md from the JSON files

Each step is a ``caiquan`` command (printed before it runs, so any figure can be re-made by
hand); the balance reports land in ``docs/reports/*.html`` with their JSON beside them, the
head-to-head tournaments and the long seat run in ``docs/reports/runs/*.json``. Finally
``docs/reports/figures.md`` is written from those JSON files: every design target with its
measured value and whether it is met, and every tournament's standings. docs/lab.md section 7
quotes that file; rerun this after any change that can move a figure (content, rules, bots).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
RUNS = HERE / "runs"

#: name → (group, caiquan arguments); "balance" writes HERE/<name>.html and .json,
#: "json" captures the command's --json output in RUNS/<name>.json.
STEPS: dict[str, tuple[str, list[str]]] = {
    "promise": ("balance", ["balance", "promise", "-n", "2000", "--seed", "1", "--bots", "nash",
                            "--matchups", "60", "-j", "2"]),
    "drama": ("balance", ["balance", "drama", "-n", "2000", "--seed", "1", "--bots", "greedy",
                          "-j", "2"]),
    "legends": ("balance", ["balance", "legends", "--players", "4", "-n", "8000", "--seed", "1",
                            "--bots", "greedy", "-j", "2"]),
    "legends-3p": ("balance", ["balance", "legends", "--players", "3", "-n", "8000", "--seed",
                               "1", "--bots", "greedy", "-j", "2"]),
    "legends-5p": ("balance", ["balance", "legends", "--players", "5", "-n", "3000", "--seed",
                               "1", "--bots", "greedy", "-j", "2"]),
    "legends-6p": ("balance", ["balance", "legends", "--players", "6", "-n", "1000", "--seed",
                               "1", "--bots", "greedy", "-j", "2"]),
    "promise-greedy-nash": ("json", ["tournament", "promise", "--bots", "greedy,nash", "-n",
                                     "200", "--seed", "2", "--json"]),
    "legends-greedy-nash": ("json", ["tournament", "legends", "--bots", "greedy,nash", "-n",
                                     "120", "--seed", "3", "--json"]),
    "promise-seats": ("json", ["simulate", "promise", "--games", "2000", "--bots", "nash",
                               "--seed", "2", "--jobs", "2", "--json"]),
    "drama_natures": ("script", ["drama_natures.py", "150", "ismcts:iterations=30", "4"]),
    # promise's character pick as played (issue 52): nash, then the hard bot, on both seats
    "promise_draft": ("script", ["promise_draft.py", "--pair-games", "0", "--draft-games", "2000",
                                 "--seed", "520000", "-j", "2"]),
    "promise_draft_hard": ("script", ["promise_draft.py", "--pair-games", "0", "--draft-games",
                                      "400", "--seed", "530000", "-j", "2", "--bots", "hard"]),
}  # fmt: skip
GROUPS = {"tournaments": ["promise-greedy-nash", "legends-greedy-nash"]}


def run(name: str) -> None:
    group, args = STEPS[name]
    cmd = [sys.executable, "-m", "caiquan", *args]
    if group == "balance":
        cmd += ["--out", str(HERE / f"{name}.html")]
    elif group == "script":
        cmd = [sys.executable, str(HERE / args[0]), *args[1:]]
    print(
        "$ "
        + " ".join(
            ["python", f"docs/reports/{args[0]}", *args[1:]]
            if group == "script"
            else ["caiquan", *cmd[3:]]
        ),
        flush=True,
    )
    start = time.monotonic()
    if group == "script":
        out = subprocess.run(cmd, check=True, stdout=subprocess.PIPE, text=True).stdout
        (HERE / f"{name}.txt").write_text(out, "utf-8")
    elif group == "json":
        RUNS.mkdir(exist_ok=True)
        out = subprocess.run(cmd, check=True, stdout=subprocess.PIPE, text=True).stdout
        data = json.loads(out)
        data["command"] = "caiquan " + " ".join(args)
        (RUNS / f"{name}.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    else:
        # from scratch: the lab resumes a complete results file of the same run description,
        # which does not know about a code change made without a new rules version
        stale = HERE / f"{name}.parquet"
        stale.unlink(missing_ok=True)
        shutil.rmtree(stale.with_name(stale.name + ".parts"), ignore_errors=True)
        subprocess.run(cmd, check=True)
    print(f"  {name}: {time.monotonic() - start:.0f} s", flush=True)


def _load(path: Path) -> dict[str, Any] | None:
    return json.loads(path.read_text("utf-8")) if path.exists() else None


def figures() -> str:
    """figures.md: the targets of every balance report and the standings of every run."""
    lines = [
        "# Current figures (generated)",
        "",
        "Written by `python docs/reports/regenerate.py` from the JSON files beside it; do not",
        "edit by hand. Each block names the command that measured it.",
        "",
        "## Design targets (balance reports)",
        "",
        "| report | game | seats | games | bots | target | measured | met |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name, (group, _args) in STEPS.items():
        if group != "balance" or (s := _load(HERE / f"{name}.json")) is None:
            continue
        bots = ", ".join(sorted(s.get("bots", {})))
        for t in s.get("targets", []):
            met = "✓" if t["met"] else "✗"
            lines.append(
                f"| [{name}]({name}.html) | {s['game']} | {len(s['seats'])} | {s['games']:,} |"
                f" {bots} | {t['target']} | {t['value']} | {met} |"
            )
    lines += ["", "Commands:", "", "```bash"]
    lines += [
        "caiquan " + " ".join(a) + f" --out docs/reports/{n}.html"
        for n, (g, a) in STEPS.items()
        if g == "balance"
    ]
    lines += ["```", "", "## Head to head and seat runs", ""]
    for name, (group, _args) in STEPS.items():
        if group != "json" or (d := _load(RUNS / f"{name}.json")) is None:
            continue
        lines += [f"### {name}", "", f"`{d['command']}`", ""]
        if "standings" in d:
            lines += [
                "| bot | games | rate [95 %] | wins | draws | losses |",
                "|---|---|---|---|---|---|",
            ]
            for row in d["standings"]:
                lo, hi = row["interval"]
                lines.append(
                    f"| {row['bot']} | {row['games']} | {row['rate']:.1%} [{lo:.1%}, {hi:.1%}] |"
                    f" {row['wins']} | {row['draws']} | {row['losses']} |"
                )
        if "seats" in d:
            lines += ["| seat | games | rate [95 %] |", "|---|---|---|"]
            for i, seat in enumerate(d["seats"]):
                lo, hi = seat["interval"]
                lines.append(f"| {i} | {seat['games']} | {seat['rate']:.1%} [{lo:.1%}, {hi:.1%}] |")
            medians = {k: v["median"] for k, v in d.get("metrics", {}).items()}
            lines += [
                "",
                f"draws {d.get('draw_rate', 0):.1%}; end reasons {d.get('end_reasons')};"
                f" medians {medians}",
            ]
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--only", help="comma-separated steps or groups: " + ", ".join([*STEPS, *GROUPS])
    )
    parser.add_argument("--figures", action="store_true", help="only rewrite figures.md")
    args = parser.parse_args(argv)
    if not args.figures:
        names = list(STEPS)
        if args.only:
            names = []
            for part in args.only.split(","):
                if part in GROUPS:
                    names += GROUPS[part]
                elif part in STEPS:
                    names.append(part)
                else:
                    parser.error(f"no step {part!r}; the steps: {', '.join([*STEPS, *GROUPS])}")
        for name in names:
            run(name)
    (HERE / "figures.md").write_text(figures() + "\n", "utf-8")
    print(f"wrote {HERE / 'figures.md'}")


if __name__ == "__main__":
    main()
