"""The README's tour, run as a newcomer would after the README's first command (issue 22).

Every ``$ caiquan …`` line of the tour runs (with fewer games where the tour asks for
thousands, and the interactive ``play`` driven headless); the output the README shows under a
command must appear, in order, in what the command prints — so the README cannot go stale.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
# the tree under test (a checkout run with PYTHONPATH=src, or the installed package); absolute,
# since the commands run in a temporary folder
SRC = (
    {"PYTHONPATH": os.path.abspath(os.environ["PYTHONPATH"])}
    if os.environ.get("PYTHONPATH")
    else {}
)


def tour() -> list[tuple[str, list[str]]]:
    """``(command, shown output lines)`` for each ``$`` line of the README's tour block."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## A tour")
    block = re.search(r"```text\n(.*?)```", text[start:], re.S)
    assert block, "the README's tour has no ```text block"
    out: list[tuple[str, list[str]]] = []
    for line in block.group(1).splitlines():
        if line.startswith("$ "):
            out.append((line[2:].split("  #")[0].strip(), []))
        elif out and line.strip():
            out[-1][1].append(line)
    return out


#: The tour's long runs, made short; the same command otherwise.
SHORTER = [
    (r"--games 2000\b", "--games 12"),
    (r"--games 60\b", "--games 2"),
    (r"ismcts:iterations=200", "ismcts:iterations=10"),
]


def shorter(command: str) -> str:
    for pattern, repl in SHORTER:
        command = re.sub(pattern, repl, command)
    if command.startswith("caiquan balance"):
        command += " --matchups 1"  # the character matrix: one game a pair, not sixty
    if command.startswith("caiquan bench"):
        command += " --seconds 0.05 --game goofspiel"
    return command


def caiquan(args: list[str], cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "caiquan", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={"PATH": os.environ.get("PATH", ""), "LANG": "C.UTF-8", "COLUMNS": "100", **SRC},
        timeout=timeout,
    )


def shown_in_order(shown: list[str], printed: str) -> None:
    """Each line the README shows (``…`` skips any number of lines) is printed, in order."""
    lines = [x.rstrip() for x in printed.splitlines()]
    at = 0
    for want in shown:
        if want.strip() == "…":
            continue
        want = want.rstrip()
        try:
            at = lines.index(want, at) + 1
        except ValueError:
            raise AssertionError(
                f"the README shows {want!r}, the command did not print it"
            ) from None


def test_the_tour_has_every_command() -> None:
    names = [shlex.split(c)[1] for c, _ in tour()]
    for command in ("games", "demo", "play", "serve", "replay", "rules", "simulate", "balance"):
        assert command in names, command


def serve(command: str, cwd: Path) -> None:
    """``caiquan serve`` starts: it prints its database and address, and answers."""
    import socket
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, **SRC, "CAIQUAN_DATA_DIR": str(cwd)}
    args = [*shlex.split(command)[1:], "--port", str(port)]
    proc = subprocess.Popen(
        [sys.executable, "-m", "caiquan", *args],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        seen = []
        deadline = time.monotonic() + 60
        assert proc.stdout is not None
        while time.monotonic() < deadline:
            line = proc.stdout.readline()
            seen.append(line)
            if "http://" in line:
                break
        printed = "".join(seen)
        assert f"database sqlite:///{cwd}" in printed, printed
        assert f"http://127.0.0.1:{port}/" in printed, printed
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz") as r:
                    assert r.status == 200
                    return
            except OSError:
                time.sleep(0.2)
        raise AssertionError("caiquan serve never answered")
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        if proc.stdout is not None:
            proc.stdout.close()


async def play(command: str) -> None:
    """``caiquan play GAME --seats …`` in a headless terminal: the table as those seats say."""
    from caiquan.tui import Table
    from caiquan.tui.app import PlayApp

    args = shlex.split(command)[2:]
    game, seats = args[0], args[args.index("--seats") + 1]
    table = Table.new(game, None, seats, seed=1, lang="en")
    assert table.game.num_players == len(seats.split(","))
    app = PlayApp(table)
    async with app.run_test(size=(160, 50)) as pilot:
        for _ in range(200):
            await pilot.pause()
            if app.idle:
                break
        assert app.idle, "the terminal table never waited for the human"


@pytest.mark.parametrize(("command", "shown"), tour(), ids=[c for c, _ in tour()])
async def test_tour_command(command: str, shown: list[str], tmp_path: Path) -> None:
    if shlex.split(command)[1] == "serve":
        serve(command, tmp_path)
        return
    if shlex.split(command)[1] == "play":
        await play(command)
        return
    if "game.json" in command and "--record" not in command:  # replays the demo's record
        made = caiquan(["demo", "promise", "--seed", "7", "--record", "game.json"], tmp_path)
        assert made.returncode == 0, made.stderr
    r = caiquan(shlex.split(shorter(command))[1:], tmp_path)
    assert r.returncode == 0, f"{command}: {r.stderr[-2000:]}"
    assert "Traceback" not in r.stderr
    shown_in_order(shown, r.stdout)
