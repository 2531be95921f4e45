"""No function anywhere in ``src/caiquan`` is above cyclomatic complexity 20 (radon's
measure), unless the line just above its ``def`` (or above its decorators) is a comment
containing ``complexity:`` that says why (issues 19 and 53)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from radon.complexity import cc_visit
from radon.visitors import Class, Function

SRC = Path(__file__).resolve().parents[1] / "src" / "caiquan"
#: Every package of src/caiquan (and its top-level modules, as ".")
PACKAGES = tuple(sorted(p.name for p in SRC.iterdir() if (p / "__init__.py").is_file()))
LIMIT = 20


def _functions(blocks: list[Function | Class]) -> Iterator[Function]:
    """Every function, method and closure among radon's blocks, inner classes included."""
    for block in blocks:
        if isinstance(block, Class):
            # cc_visit lists a class's methods after it, but not its inner classes'
            for inner in block.inner_classes:
                yield from _functions([inner, *inner.methods])
        else:
            yield block
            yield from _functions(block.closures)


def _explained(lines: list[str], def_line: int) -> bool:
    """Whether a ``# … complexity: …`` comment sits just above the ``def`` (1-based line),
    above any decorators."""
    i = def_line - 2
    while i >= 0 and lines[i].lstrip().startswith("@"):
        i -= 1
    return i >= 0 and lines[i].lstrip().startswith("#") and "complexity:" in lines[i]


def _offenders(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    found = []
    for f in _functions(cc_visit(text)):
        if f.complexity > LIMIT and not _explained(lines, f.lineno):
            name = f"{f.classname}.{f.name}" if f.classname else f.name
            found.append(f"{path.relative_to(SRC.parents[1])}:{f.lineno} {name} ({f.complexity})")
    return found


def test_the_checker_reads_methods_closures_and_the_comment() -> None:
    code = (
        "def top(): pass\n"
        "class A:\n"
        "    def f(self):\n"
        "        def g(x):\n"
        "            return x\n"
        "        return g\n"
        "    class B:\n"
        "        def h(self): pass\n"
    )
    assert sorted(f.name for f in _functions(cc_visit(code))) == ["f", "g", "h", "top"]
    lines = ["x = 1", "# complexity: one table lookup per rule", "@cache", "def f(): pass"]
    assert _explained(lines, 4) and _explained(lines[1:], 3)
    assert not _explained(["# complex, but no reason", "def f(): pass"], 2)
    assert not _explained(["x = 1", "def f(): pass"], 2) and not _explained(["def f(): pass"], 1)


def test_no_function_is_too_complex() -> None:
    files = sorted(p for package in PACKAGES for p in (SRC / package).rglob("*.py"))
    files += sorted(SRC.glob("*.py"))
    assert {"engine", "games", "bots", "server", "lab", "cli"} <= set(PACKAGES)
    assert len(files) > 100  # the packages are where they should be
    offenders = [o for p in files for o in _offenders(p)]
    assert not offenders, (
        f"{len(offenders)} functions above cyclomatic complexity {LIMIT} (radon); split them, "
        "or say why just above the def in a comment with 'complexity:':\n  "
        + "\n  ".join(offenders)
    )
