"""How the bots pick a character: by the measured matchup matrix (issue 25).

``draft.toml`` beside this module holds each character's score against each other character
(wins plus half the draws, both seat orders, ``nash`` on both seats), measured on the shipped
content by ``docs/reports/promise_draft.py --write-table``, with the SHA-256 of the content
file it was measured on. A table that does not match the content in play (another content
file, or the shipped one changed since) is not used: the bots then fall back to the
strategy's sturdiest-hitter pick.

How a pick uses it: with face-down picks (``character_pick = "priority"``, the default,
``"blind"`` or ``"open"``; the first pick stays hidden until both have picked, as the seed's
"选择结束后双方同时公开" has it) neither picker knows the other's character, so both play the
equilibrium mix of the zero-sum matrix game ``score − ½`` — a rock-paper-scissors of
characters, where picking first gives nothing away. In ``blind`` a clash (both chose the same
character) takes that character out and both pick again: that replay is the same game on
fewer characters, worth ½ to each by symmetry, so the matrix's diagonal stays ½ and the mix
is the equilibrium over the characters still free. In the priority pick (the default since
rules version 5) a clash leaves the character with the first picker and the other draws one
of the rest at random, so the matrix's diagonal is the first picker's mean score against the
rest, and the game is no longer symmetric: the first picker plays the rows' mix, the other
the columns' (:func:`priority_mix`; the first picker's value on the shipped table is about
0.502). In the visible draft (``"draft"``: a
picked character leaves the pool, openly) the bots pick the sturdiest hitter: answering the
first pick with its counter would leave the first picker only the table's maximin (about
40 % on the shipped content).
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from caiquan.engine import solve_zero_sum

from .content import Content

DEFAULT_FILE = "content/default.toml"


@dataclass(frozen=True)
class DraftTable:
    """Measured scores: ``score[(x, y)]`` is x's expected score against y (0–1)."""

    characters: tuple[str, ...]
    score: dict[tuple[str, str], float]
    content_sha256: str
    games_per_pair: int
    bots: str


def _content_sha256() -> str:
    text = resources.files("caiquan.games.promise").joinpath(DEFAULT_FILE).read_bytes()
    return hashlib.sha256(text).hexdigest()


def parse_table(data: dict[str, object]) -> DraftTable:
    """Validate ``draft.toml``'s data; a ValueError names the field."""
    chars = data.get("characters")
    if not isinstance(chars, list) or not all(isinstance(c, str) for c in chars) or len(chars) < 2:
        raise ValueError("draft.toml: 'characters' must list at least two character ids")
    rows = data.get("score")
    if not isinstance(rows, dict):
        raise ValueError("draft.toml: 'score' must be a table of rows")
    score: dict[tuple[str, str], float] = {}
    for x in chars:
        row = rows.get(x)
        if not isinstance(row, list) or len(row) != len(chars):
            raise ValueError(f"draft.toml: score.{x} must have {len(chars)} numbers")
        for y, v in zip(chars, row, strict=True):
            if not isinstance(v, int | float) or not 0.0 <= float(v) <= 1.0:
                raise ValueError(f"draft.toml: score.{x} against {y} must be within 0–1")
            score[(x, y)] = float(v)
    sha = data.get("content_sha256")
    games = data.get("games_per_pair")
    bots = data.get("bots")
    if not isinstance(sha, str) or not isinstance(games, int) or not isinstance(bots, str):
        raise ValueError("draft.toml: content_sha256, games_per_pair and bots are required")
    return DraftTable(tuple(chars), score, sha, games, bots)


@lru_cache(maxsize=1)
def shipped_table() -> DraftTable | None:
    """The table in ``draft.toml``, or None when there is none."""
    f = resources.files("caiquan.games.promise").joinpath("draft.toml")
    if not f.is_file():
        return None
    return parse_table(tomllib.loads(f.read_text("utf-8")))


def table_for(content: Content) -> DraftTable | None:
    """The shipped table if it was measured on exactly this content, else None."""
    if content.file != DEFAULT_FILE:
        return None
    table = shipped_table()
    if table is None or table.content_sha256 != _content_sha256():
        return None
    if set(table.characters) != {c.id for c in content.characters}:
        return None
    return table


def pick_mix(table: DraftTable, mine: Sequence[str], theirs: Sequence[str]) -> list[float]:
    """The probability of each character in ``mine`` (the legal picks) when the other picks
    face down from ``theirs``: the row mix of the matrix game ``score − ½``."""
    s = table.score
    return list(_row_mix(tuple(tuple(s[(x, y)] - 0.5 for y in theirs) for x in mine)))


def priority_mix(table: DraftTable, names: Sequence[str], first: bool) -> list[float]:
    """The probability of each character in ``names`` (all of them) in the priority pick
    (``character_pick = "priority"``): both pick face down; a clash leaves the character
    with the first picker and gives the other one of the rest at random. The matrix game
    is the first picker's ``score − ½`` with the diagonal the first picker's mean score
    against the rest; ``first`` says whose mix: the first picker's (the rows) or the
    other's (the columns)."""
    s = table.score
    rows = []
    for x in names:
        rest = [s[(x, z)] for z in names if z != x]
        rows.append(tuple((s[(x, y)] if y != x else sum(rest) / len(rest)) - 0.5 for y in names))
    row, col = _mixes(tuple(rows))
    return list(row if first else col)


@lru_cache(maxsize=64)
def _mixes(matrix: tuple[tuple[float, ...], ...]) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Both players' equilibrium mixes of ``matrix``, clipped at 0; memoised."""
    sol = solve_zero_sum(matrix)
    return tuple(max(0.0, p) for p in sol.row), tuple(max(0.0, p) for p in sol.col)


@lru_cache(maxsize=512)
def _row_mix(matrix: tuple[tuple[float, ...], ...]) -> tuple[float, ...]:
    """The row player's equilibrium mix of ``matrix``, clipped at 0; memoised: a draft asks
    the same few sub-matrices in every game, and each is a linear program."""
    return tuple(max(0.0, p) for p in solve_zero_sum(matrix).row)
