"""Golden playthroughs as readable transcripts (OpenSpiel's playthrough files are the model).

A transcript is one fixed game written as text: the game, its rules version, its
configuration and seed, then every joint decision — who decided what, in the game's own
words — and the public events it caused, as the game formats them, and the outcome. The
decisions come from a fixed policy (``Rng(seed + 99)``, a uniform choice among the legal
options of each mover in seat order), so the transcript depends only on the rules and the
content. Stored under ``tests/playthroughs/``, they make a rule change show up as a diff a
person can read, not as a changed hash.

Regenerate after an intended rule change (and raise the game's ``version``)::

    python -m caiquan.testing.playthrough tests/playthroughs

>>> from caiquan.games import load_game
>>> text = transcript(load_game("goofspiel", num_cards=3), seed=1)
>>> text.splitlines()[0]
'# goofspiel, rules version 1, seed 1'
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from caiquan.engine import Game, Rng

#: The transcripts kept for every registered game: (label, options, seed).
CASES: tuple[tuple[str, dict[str, Any], int], ...] = (
    ("default-seed1", {}, 1),
    ("default-seed2", {}, 2),
)


def transcript(game: Game, seed: int, lang: str = "en") -> str:
    """One game of ``game`` from ``seed`` under the fixed policy, as text."""
    state = game.new_state(seed)
    rng = Rng(seed + 99)
    config = json.dumps(dict(game.config), ensure_ascii=False, sort_keys=True)
    lines = [
        f"# {game.id}, rules version {game.version}, seed {seed}",
        f"# config {config}",
        "# policy: a uniform legal option per mover, in seat order, from Rng(seed + 99)",
        "",
    ]
    seen = 0
    lines += _events(state, seen, lang)
    seen = state.event_count()
    while not state.is_terminal():
        movers = state.to_move()
        joint = {p: rng.choice(state.legal(p)) for p in movers}
        lines.append(f"## decision {state.move_number + 1}")
        for p, option in joint.items():
            d = state.decision(p)
            choice = next(c for c in d.choices if c.id == option)
            lines.append(f"player {p} [{d.kind}] {choice.name}: {choice.label(lang)}")
        state.apply(joint)
        lines += _events(state, seen, lang)
        seen = state.event_count()
    o = state.outcome()
    lines += [
        "## outcome",
        f"ranks {list(o.ranks)}; results {list(o.results)}; reason {o.reason}",
        f"returns {[round(r, 6) for r in o.returns]}",
    ]
    ending = state.ending()
    lines.append(f"ending: {ending.reason(lang)}")
    lines += [
        f"  {s.label(lang)}: {' | '.join(v(lang) for v in s.values)}" for s in ending.standings
    ]
    lines.append("")
    return "\n".join(lines)


def _events(state: Any, since: int, lang: str) -> list[str]:
    return [f"  {state.game.format_event(e, lang)}" for e in state.events(None, since)]


def cases(game_ids: list[str]) -> Iterator[tuple[str, str, dict[str, Any], int]]:
    """``(game id, file name, options, seed)`` for every kept transcript."""
    for gid in game_ids:
        for label, options, seed in CASES:
            yield gid, f"{gid}-{label}.txt", options, seed


def write(folder: Path) -> list[Path]:
    """Write every registered game's transcripts into ``folder``."""
    from caiquan.games import game_ids, load_game

    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for gid, name, options, seed in cases(game_ids()):
        path = folder / name
        path.write_text(transcript(load_game(gid, options), seed), encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m caiquan.testing.playthrough FOLDER", file=sys.stderr)
        raise SystemExit(2)
    for path in write(Path(args[0])):
        print(path)


if __name__ == "__main__":
    main()
