"""A compiled state class's layout, as the build and the pure twin see it (issue 53).

Each state class with a ``.pxd`` declares its fields once (``FIELDS = Fields(...)``), and
``python -m caiquan.fastgen`` writes ``__slots__``, the clone's field sets, ``clone`` and the
``.pxd``'s ``cdef public`` lines from it (tests/test_fastgen.py fails when any of them is
stale). These tests check what the generated parts must mean, whatever wrote them: a field
missing from the ``.pxd`` sends every clone down the slow general path, one missing from
``__slots__`` breaks the pure twin, and a clone that shares a mutable field lets a search's
rollout change the real game. Both files are read as text, so this holds whichever build is
installed."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from caiquan.bots import play_match
from caiquan.engine import State
from caiquan.engine.fields import GROUPS
from caiquan.games import load_game

SRC = Path(__file__).resolve().parents[1] / "src" / "caiquan"

#: (module's .py, class) of every state class with a .pxd twin
COMPILED = [
    (py, m.group(1))
    for pxd in sorted(SRC.rglob("*.pxd"))
    if (py := pxd.with_suffix(".py")).is_file()
    for m in re.finditer(r"^cdef class (\w+)\(State\):", pxd.read_text("utf-8"), re.M)
]


def _pxd_fields(pxd: Path, cls: str) -> set[str]:
    """The ``cdef public``/``readonly`` attributes of ``cls`` in a ``.pxd``."""
    text = pxd.read_text("utf-8")
    body = re.search(rf"^cdef class {cls}\b.*?:\n((?:[ \t]+.*\n|\n)*)", text, re.M)
    assert body, f"{pxd.name}: no cdef class {cls}"
    return set(re.findall(r"^\s+cdef (?:public|readonly) \w+ (\w+)\s*$", body.group(1), re.M))


def _class_node(py: Path, cls: str) -> ast.ClassDef:
    tree = ast.parse(py.read_text("utf-8"))
    found = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls]
    assert found, f"{py.name}: no class {cls}"
    return found[0]


def _assigned(node: ast.ClassDef, name: str) -> ast.expr | None:
    for stmt in node.body:
        if isinstance(stmt, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in stmt.targets
        ):
            return stmt.value
        if (
            isinstance(stmt, ast.AnnAssign)
            and isinstance(stmt.target, ast.Name)
            and stmt.target.id == name
            and stmt.value is not None
        ):
            return stmt.value
    return None


def _strings(expr: ast.expr | None) -> set[str]:
    if expr is None:
        return set()
    return {
        n.value for n in ast.walk(expr) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    }


def test_every_compiled_state_class_is_checked() -> None:
    names = {cls for _, cls in COMPILED}
    assert {"PromiseState", "DramaState", "LegendsState", "GoofspielState"} <= names


@pytest.mark.parametrize(("py", "cls"), COMPILED, ids=[c for _, c in COMPILED])
def test_the_pxd_declares_exactly_the_slots(py: Path, cls: str) -> None:
    node = _class_node(py, cls)
    slots = _strings(_assigned(node, "__slots__"))
    pxd = _pxd_fields(py.with_suffix(".pxd"), cls)
    assert slots, f"{cls} declares no __slots__"
    assert not slots - pxd, f"{py.with_suffix('.pxd').name}: {cls} lacks {sorted(slots - pxd)}"
    assert not pxd - slots, f"{py.name}: {cls}.__slots__ lacks {sorted(pxd - slots)}"


@pytest.mark.parametrize(("py", "cls"), COMPILED, ids=[c for _, c in COMPILED])
def test_every_compiled_state_class_declares_its_fields_once(py: Path, cls: str) -> None:
    node = _class_node(py, cls)
    declared = _assigned(node, "FIELDS")
    assert isinstance(declared, ast.Call), (
        f"{py.name}: {cls} has no FIELDS = Fields(...) (CONTRIBUTING.md, Changing hot code)"
    )
    slots = _strings(_assigned(node, "__slots__"))
    fields = {name for kw in declared.keywords if kw.arg in GROUPS for name in _strings(kw.value)}
    assert fields == slots, f"{cls}: FIELDS and __slots__ differ (run python -m caiquan.fastgen)"


@pytest.mark.parametrize(("py", "cls"), COMPILED, ids=[c for _, c in COMPILED])
def test_the_field_sets_name_only_slots(py: Path, cls: str) -> None:
    node = _class_node(py, cls)
    slots = _strings(_assigned(node, "__slots__"))
    for name in ("_flat_fields", "_nested_fields", "_shared_fields"):
        extra = _strings(_assigned(node, name)) - slots
        assert not extra, f"{cls}.{name} names fields that are not slots: {sorted(extra)}"


GAMES = {
    "PromiseState": ("promise", {}),
    "DramaState": ("drama", {}),
    "LegendsState": ("legends", {"players": 4}),
    "GoofspielState": ("goofspiel", {}),
}


@pytest.mark.parametrize("cls", sorted(GAMES))
def test_the_clone_copies_every_slot(cls: str) -> None:
    """Mid-game, a clone holds equal values in every slot, and fresh containers where the
    field sets say the field is copied (a shared mutable field would let a search's
    rollout change the real game)."""
    game_id, options = GAMES[cls]
    game = load_game(game_id, **options)
    rng = random.Random(7)
    checked = 0
    for seed in range(6):
        end = play_match(game, ["random"] * game.num_players, seed)
        cut = rng.randrange(1, max(2, len(end.history())))
        state: State = game.new_state(seed)
        for joint in end.history()[:cut]:
            state.apply(dict(joint))
        assert type(state).__name__ == cls
        copy = state.clone()
        kind = type(state)
        copied = kind._flat_fields | kind._nested_fields
        for name in kind.__slots__:
            mine, theirs = getattr(state, name), getattr(copy, name)
            assert mine == theirs, f"{cls}.clone: {name} differs"
            if isinstance(mine, list | dict | set | bytearray):
                assert name in copied | kind._shared_fields, (
                    f"{cls}.{name} holds a {type(mine).__name__} but is in no field set"
                )
                if name in copied:
                    assert mine is not theirs, f"{cls}.clone shares the mutable field {name}"
        checked += 1
    assert checked == 6
