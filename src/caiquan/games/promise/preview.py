"""What a skill or weapon card would change in the power table (the game's ``preview`` hook).

At the two configuration steps the deciding player sees, for each option, the power table as
it would be at the battle throw with that card: :func:`previews` works it out from the
player's own observation and the public card texts only — the current table (attributes, win
value, the equipped weapons), the player's hearts and qi (does the skill take effect?), and in
step ○二 the skill card the player laid in step ○一. The other player's face-down cards are
not in it (nobody at the table knows them), so the preview says what *your* choice does.

Only the effects that shape the table count: ``power`` (a cell's number), ``threshold`` (where
the verdict flips), ``draw_wins`` (a drawn cell counted as a win) and ``forbid`` (a throw
nobody may make). A ``check`` at the reveal draws a hidden card: the preview shows the table
if it succeeds and, beside it, if it fails.

>>> from caiquan.games import load_game
>>> game = load_game("promise", {"characters": "sword,spear"})
>>> state = game.new_state(1)
>>> state.apply({0: state.legal(0)[0], 1: state.legal(1)[0]})  # stances
>>> p = game.option_previews(state, 0)
>>> sorted(p)[:3], p["skill-none"]["changed"]
(['skill-1', 'skill-10', 'skill-2'], 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from caiquan.engine import BLADES, Decision, Game, JSONValue

from .content import Character
from .effects import Effect
from .table import PowerMod, PowerTable, compute_table

Obs = Mapping[str, Any]

#: Effect kinds that change the power table (everything else waits for the settlement).
TABLE_KINDS = frozenset({"power", "threshold", "draw_wins", "forbid"})


class _Shape:
    """The table's inputs one player's reveal changes: mods, thresholds, draw wins, forbids."""

    def __init__(self, thresholds: tuple[int, int], draw_wins: tuple[bool, bool]) -> None:
        self.mods: list[PowerMod] = []
        self.delta = [0, 0]
        self.base = thresholds
        self.draw_wins = list(draw_wins)
        self.forbidden: list[set[int]] = [set(), set()]

    def copy(self) -> _Shape:
        out = _Shape(self.base, (self.draw_wins[0], self.draw_wins[1]))
        out.mods = list(self.mods)
        out.delta = list(self.delta)
        out.forbidden = [set(f) for f in self.forbidden]
        return out

    def thresholds(self) -> tuple[int, int]:
        return (max(1, self.base[0] + self.delta[0]), max(1, self.base[1] + self.delta[1]))

    def apply(self, owner: int, e: Effect) -> None:
        target = owner if e.target == "self" else 1 - owner
        if e.kind == "power":
            self.mods.append((owner, e.me, e.them, e.value))
        elif e.kind == "threshold":
            self.delta[target] += e.value
        elif e.kind == "draw_wins":
            self.draw_wins[owner] = True
        elif e.kind == "forbid" and len(self.forbidden[target] | {e.throw}) < 3:
            self.forbidden[target].add(e.throw)


def _reveal(shape: _Shape, owner: int, effects: Sequence[Effect]) -> list[_Shape]:
    """``shape`` after ``owner``'s card is revealed: one shape, or two when a check at the
    reveal decides part of it (success first, then failure; a card has one check at most)."""
    shapes = [shape.copy()]
    for e in effects:
        if e.when != "reveal":
            continue
        branches = (e.then, e.otherwise)
        if e.kind == "check" and len(shapes) == 1 and _shapes_table(e):
            shapes = [shapes[0].copy(), shapes[0].copy()]
            for s, branch in zip(shapes, branches, strict=True):
                for x in branch:
                    s.apply(owner, x)
        elif e.kind in TABLE_KINDS:
            for s in shapes:
                s.apply(owner, e)
    return shapes


def _shapes_table(e: Effect) -> bool:
    """Whether a check's outcome changes the table."""
    return any(x.kind in TABLE_KINDS for x in (*e.then, *e.otherwise))


def _check_of(effects: Sequence[Effect]) -> int | None:
    """The ``n`` of the card's check at the reveal that changes the table, if any."""
    return next(
        (e.n for e in effects if e.when == "reveal" and e.kind == "check" and _shapes_table(e)),
        None,
    )


def _table_json(table: PowerTable, now: PowerTable, shape: _Shape) -> dict[str, JSONValue]:
    """The table with each cell marked ``changed`` when its number or verdict differs from
    the current one, and the throws the reveal would forbid."""
    cells: list[JSONValue] = []
    changed = 0
    for a in range(3):
        row: list[JSONValue] = []
        for b in range(3):
            c, old = table.cell(a, b), now.cell(a, b)
            diff = c.total != old.total or c.verdict != old.verdict
            changed += diff
            # only what the preview shows: the frame carries one table per option
            row.append({"total": c.total, "verdict": c.verdict, "changed": diff, "was": old.total})
        cells.append(row)
    return {
        "cells": cells,
        "thresholds": list(table.thresholds),
        "draw_wins": list(table.draw_wins),
        "forbidden": [[BLADES.names[t] for t in sorted(f)] for f in shape.forbidden],
        "changed": changed + sum(len(f) for f in shape.forbidden),
    }


def previews(game: Game, decision: Decision, obs: Obs) -> dict[str, dict[str, JSONValue]]:
    """For each option of a skill or weapon decision (by option name), the power table as it
    would be at the battle with that card; ``{}`` at any other decision. From ``obs`` (the
    deciding player's own observation) and the public card texts only."""
    from .rules import WEAPON_NAMES, Promise

    if decision.kind not in ("skill", "weapon") or not isinstance(game, Promise):
        return {}
    me = obs.get("player")
    players = obs.get("players")
    table = obs.get("power_table")
    if me not in (0, 1) or not isinstance(players, list) or not isinstance(table, Mapping):
        return {}
    now = PowerTable.from_json(table)
    by_id = {c.id: c for c in game.content.characters}
    chars: list[Character] = [by_id[str(p["character"]["id"])] for p in players]
    mine = chars[me]
    equipped = [p.get("equipped") for p in players]

    def weapon(p: int, card: object) -> tuple[Effect, ...]:
        if card not in WEAPON_NAMES:
            return ()
        return chars[p].weapons[WEAPON_NAMES.index(str(card))].effects

    def takes_effect(v: int) -> bool:
        me_obs = players[me]
        return v in (me_obs.get("eligible") or []) and int(me_obs.get("qi") or 0) >= (
            mine.skills[v - 1].cost
        )

    def build(shape: _Shape, weapons: list[tuple[Effect, ...]]) -> PowerTable:
        return compute_table(
            chars[0].attack,
            chars[1].attack,
            game.data.win_value,
            weapons[0],
            weapons[1],
            shape.mods,
            shape.thresholds(),
            (shape.draw_wins[0], shape.draw_wins[1]),
        )

    base = _Shape(now.thresholds, now.draw_wins)
    weapons = [weapon(0, equipped[0]), weapon(1, equipped[1])]
    # step ○二: the skill card you laid in step ○一 is part of every option's table
    laid = players[me].get("laid_skill")
    laid_effects: tuple[Effect, ...] = ()
    if decision.kind == "weapon" and isinstance(laid, int) and takes_effect(laid):
        laid_effects = mine.skills[laid - 1].effects

    out: dict[str, dict[str, JSONValue]] = {}
    for choice in decision.choices:
        name = choice.name
        ws = list(weapons)
        effects = laid_effects
        active = True
        if decision.kind == "skill" and name != "skill-none":
            v = int(name.split("-")[1])
            active = takes_effect(v)
            effects = mine.skills[v - 1].effects if active else ()
        elif decision.kind == "weapon" and name != "weapon-none":
            ws[me] = weapon(me, name.split("-")[1])
        shapes = _reveal(base, me, effects)
        entry = _table_json(build(shapes[0], ws), now, shapes[0])
        entry["active"] = active
        n = _check_of(effects)
        if n is not None and len(shapes) == 2:
            entry["check"] = {
                "n": n,
                "otherwise": _table_json(build(shapes[1], ws), now, shapes[1]),
            }
        out[name] = entry
    return out
