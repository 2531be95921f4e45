"""Promise's preview of a skill or weapon card (the ``preview`` hook, issue 20): the table
each option promises is the table the battle throw then has, and it is worked out from the
deciding player's observation only."""

from __future__ import annotations

import random
from typing import Any

import pytest

from caiquan.engine import JSONValue
from caiquan.games import load_game
from caiquan.games.promise.rules import PromiseState
from caiquan.server.protocol import state_frame


def _skill(state: PromiseState, p: int, name: str) -> int:
    return state.decision(p).by_name(name).id


def _cells(table: dict[str, Any]) -> list[list[tuple[int, str]]]:
    return [[(c["total"], c["verdict"]) for c in row] for row in table["cells"]]


def _battle_table(state: PromiseState) -> dict[str, Any]:
    t: dict[str, Any] = dict(state.power_table().to_json())
    t["forbidden"] = [
        sorted(str(x) for x in f) for f in state.observation(None)["battle"]["forbidden"]
    ]  # type: ignore[index]
    return t


def _expected(preview: dict[str, Any], state: PromiseState, me: int) -> dict[str, Any]:
    """The success table, or the failure one when the player's check failed."""
    failed = [c for c in state.checks if c[0] == me and not c[3]]
    if "check" in preview and failed:
        return dict(preview["check"]["otherwise"])
    return preview


#: character pairs the random games play (every character; one mirror match)
PAIRS = (
    "sword,spear",
    "fist,taoist",
    "guard,assassin",
    "taoist,sword",
    "assassin,fist",
    "spear,guard",
    "guard,guard",
)


def _walk(seed: int, steps: int = 400) -> list[PromiseState]:
    """The configuration-step states of a random game (clones, in order)."""
    pair = PAIRS[seed % len(PAIRS)]
    game = load_game("promise", {"characters": pair, "character_pick": "open"})
    state = game.new_state(seed)
    assert isinstance(state, PromiseState)
    rng = random.Random(seed)
    found = []
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.phase in ("skill", "weapon"):
            found.append(state.clone())
        state.apply({d.player: rng.choice(state.legal(d.player)) for d in state.decisions()})
    return found


@pytest.mark.parametrize("seed", range(7))
def test_each_option_previews_the_table_the_battle_then_has(seed: int) -> None:
    checked = 0
    for state in _walk(seed):
        for me in (0, 1):
            opp = 1 - me
            previews = state.game.option_previews(state, me)
            assert set(previews) == {c.name for c in state.decision(me).choices}
            if state.phase == "weapon" and state.set_skill[opp]:
                continue  # the other's face-down skill is not in any preview (by design)
            for name, preview in previews.items():
                s = state.clone()
                assert isinstance(s, PromiseState)
                if s.phase == "skill":
                    s.apply({me: _skill(s, me, name), opp: _skill(s, opp, "skill-none")})
                    s.apply({me: _skill(s, me, "weapon-none"), opp: _skill(s, opp, "weapon-none")})
                else:
                    s.apply({me: _skill(s, me, name), opp: _skill(s, opp, "weapon-none")})
                if s.phase != "throw":
                    continue  # a reveal effect ended the game (a skill's life loss)
                want = _expected(preview, s, me)
                got = _battle_table(s)
                assert _cells(want) == _cells(got), (name, want, got)
                assert list(want["thresholds"]) == list(got["thresholds"])
                assert sorted(map(sorted, want["forbidden"])) == sorted(
                    map(sorted, got["forbidden"])
                )
                now = state.power_table()
                changed = sum(
                    want["cells"][a][b]["total"] != now.cell(a, b).total
                    or want["cells"][a][b]["verdict"] != now.cell(a, b).verdict
                    for a in range(3)
                    for b in range(3)
                )
                assert changed == sum(c["changed"] for row in want["cells"] for c in row)
                checked += 1
    assert checked > 20


def test_some_option_changes_the_table_and_an_inactive_skill_changes_nothing() -> None:
    changed = inactive = 0
    for seed in range(4):
        for state in _walk(seed):
            for name, p in state.game.option_previews(state, 0).items():
                if not p["active"]:
                    inactive += 1
                    assert p["changed"] == 0, name
                    assert not any(c["changed"] for row in p["cells"] for c in row)  # type: ignore[union-attr]
                elif p["changed"]:
                    changed += 1
    assert changed and inactive


def test_the_preview_ignores_the_opponents_face_down_skill() -> None:
    """At step ○二 the other's laid skill is hidden: which one it is changes no preview."""
    game = load_game("promise", {"characters": "sword,spear"})
    seen = 0
    for seed in range(8):
        state = game.new_state(seed)
        rng = random.Random(seed)
        state.apply({p: rng.choice(state.legal(p)) for p in (0, 1)})  # stances
        assert isinstance(state, PromiseState) and state.phase == "skill"
        mine = rng.choice(state.legal(0))
        outs: list[JSONValue] = []
        for theirs in state.legal(1):
            s = state.clone()
            s.apply({0: mine, 1: theirs})
            outs.append(game.option_previews(s, 0))  # type: ignore[arg-type]
        assert all(o == outs[0] for o in outs)
        seen += 1
    assert seen == 8


def test_the_state_frame_carries_each_options_preview_only_for_the_decider() -> None:
    game = load_game("promise", {"characters": "sword,spear"})
    state = game.new_state(3)
    state.apply({p: state.legal(p)[0] for p in (0, 1)})
    frame = state_frame(state, 0, table="t", status="playing", deadline=None)
    options = frame["decision"]["options"]
    assert options and all("preview" in o for o in options)
    assert options[0]["preview"]["cells"][0][0]["verdict"] in ("A", "B", "draw")
    spectator = state_frame(state, None, table="t", status="playing", deadline=None)
    assert spectator["decision"] is None
    # no other decision has previews
    before = game.new_state(3)
    first = state_frame(before, 0, table="t", status="playing", deadline=None)
    assert all("preview" not in o for o in first["decision"]["options"])
