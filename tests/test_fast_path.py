"""The compiled fast path and its pure twin (issue 24): same games, and the right one runs.

``hatch_build.py`` compiles the modules of ``[tool.caiquan.fast] compile`` at install time;
``caiquan._fastpath`` decides per module whether its extension or its ``.py`` runs. CI
installs with a compiler and sets ``CAIQUAN_REQUIRE_FAST=1``: there the compiled path must
be the one running, so a silently failed build fails the suite.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from caiquan import _fastpath
from caiquan._fastpath import FastPathFinder

SRC = Path(__file__).resolve().parents[1] / "src"


def _digest(pure: bool) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != "CAIQUAN_PURE"}
    if pure:
        env["CAIQUAN_PURE"] = "1"
    env["PYTHONPATH"] = str(SRC) + os.pathsep + env.get("PYTHONPATH", "")
    r = subprocess.run(
        [sys.executable, "-m", "caiquan.testing.digest", "--games", "2"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=True,
    )
    data: dict[str, object] = json.loads(r.stdout)
    return data


def test_compiled_and_pure_paths_play_identical_games() -> None:
    """Random games and bot games of every game and player count: records, observations,
    legal options, event logs and outcomes hash the same on both paths."""
    default, pure = _digest(pure=False), _digest(pure=True)
    assert pure["path"] == "pure Python (CAIQUAN_PURE=1)"
    compiled = bool(_fastpath._read_manifest()["modules"])
    if compiled or os.environ.get("CAIQUAN_REQUIRE_FAST"):
        assert str(default["path"]).startswith("compiled fast path"), default["path"]
    setups = default["setups"]
    assert isinstance(setups, dict) and len(setups) >= 8  # every game, every player count
    assert setups == pure["setups"]


def test_the_fast_path_runs_where_ci_requires_it() -> None:
    """With ``CAIQUAN_REQUIRE_FAST=1`` (.ci/run) every listed module runs compiled; elsewhere
    the status names the path and, for a pure one, why."""
    info = _fastpath.status()
    assert info["mode"] in ("compiled", "pure", "mixed")
    if os.environ.get("CAIQUAN_REQUIRE_FAST"):
        assert info["mode"] == "compiled", info
        assert "caiquan.engine.state" in info["compiled"]
        assert "caiquan.games.promise.rules" in info["compiled"]
    elif info["mode"] != "compiled":
        assert info["reason"]


def _package(tmp_path: Path, source: str = "X = 1\n", extension: bool = True) -> Path:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "mod.py").write_text(source)
    if extension:  # never loaded here: the finder only checks that it exists
        (pkg / f"mod{importlib.machinery.EXTENSION_SUFFIXES[0]}").write_bytes(b"")
    return pkg


def _manifest(source: str) -> dict[str, object]:
    digest = hashlib.sha256(source.encode()).hexdigest()
    return {"compiler": "Cython 3", "modules": {"pkg.mod": digest}}


def test_finder_leaves_a_current_extension_to_python(tmp_path: Path) -> None:
    pkg = _package(tmp_path)
    finder = FastPathFinder(_manifest("X = 1\n"), pure=False)
    assert finder.find_spec("pkg.mod", [str(pkg)]) is None  # Python's finder: the extension
    assert finder.decisions["pkg.mod"] == ""
    assert finder.find_spec("pkg.other", [str(pkg)]) is None  # not compiled: not ours


@pytest.mark.parametrize(
    ("source", "extension", "pure", "why"),
    [
        ("X = 2\n", True, False, "its source changed since the build (reinstall to recompile)"),
        ("X = 1\n", False, False, "its compiled module is missing"),
        ("X = 1\n", True, True, "CAIQUAN_PURE=1"),
    ],
)
def test_finder_falls_back_to_the_source(
    tmp_path: Path, source: str, extension: bool, pure: bool, why: str
) -> None:
    """A stale build (the .py edited since), a missing extension (no compiler at install
    time) or CAIQUAN_PURE=1: the module's .py is loaded, and the status says why."""
    pkg = _package(tmp_path, source, extension)
    finder = FastPathFinder(_manifest("X = 1\n"), pure=pure)
    spec = finder.find_spec("pkg.mod", [str(pkg)])
    assert spec is not None and spec.origin == str(pkg / "mod.py")
    assert isinstance(spec.loader, importlib.machinery.SourceFileLoader)
    assert finder.decisions["pkg.mod"] == why


def test_no_manifest_means_pure_with_a_reason(tmp_path: Path) -> None:
    manifest = _fastpath._read_manifest(tmp_path / "absent.json")
    assert manifest["modules"] == {} and manifest["reason"]
    (tmp_path / "bad.json").write_text("{not json")
    assert _fastpath._read_manifest(tmp_path / "bad.json")["modules"] == {}


def test_summary_lines() -> None:
    compiled = {"mode": "compiled", "compiler": "Cython 3.1", "compiled": ["a", "b"]}
    assert _fastpath.summary({**compiled, "pure": {}, "reason": ""}) == (
        "compiled fast path (Cython 3.1, 2 modules)"
    )
    pure = {"mode": "pure", "compiler": None, "compiled": [], "pure": {}, "reason": "no C"}
    assert _fastpath.summary(pure) == "pure Python (no C)"


def test_a_build_without_a_c_compiler_installs_the_pure_path(tmp_path: Path) -> None:
    """The install never fails for want of a compiler: the wheel is pure Python and its
    ``_compiled.json`` says why (hatch_build.py; pip fetches hatchling, Cython and setuptools
    from the package index, as every install does)."""
    import shutil
    import zipfile

    root = Path(__file__).resolve().parents[1]
    tree = tmp_path / "tree"
    shutil.copytree(
        root,
        tree,
        ignore=shutil.ignore_patterns(
            ".git", ".venv", "*.so", "_compiled.json", "__pycache__", "docs", "tests", "build"
        ),
    )
    env = {**os.environ, "CC": "/bin/false", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(tree)],
        check=True,
        env=env,
        capture_output=True,
        timeout=600,
    )
    (wheel,) = tmp_path.glob("caiquan-*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        manifest = json.loads(z.read("caiquan/_compiled.json"))
    assert not [n for n in names if n.endswith(".so")]
    assert "caiquan/engine/state.py" in names
    # the .pxd files ship beside their .py: the runtime's staleness digest covers them, and
    # the finder reads their cimports
    assert {"caiquan/engine/state.pxd", "caiquan/games/goofspiel/rules.pxd"} <= set(names)
    assert manifest["modules"] == {} and manifest["compiler"] is None
    assert manifest["reason"].startswith("the compile failed (CompileError")


def _build_hook_digest(source: Path) -> str:
    """The digest ``hatch_build.py`` records for ``source``: ``caiquan._fastpath``'s own
    function, which the hook loads from its file (one implementation)."""
    pytest.importorskip("hatchling", reason="the build hook imports hatchling")
    root = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location(
        "_hatch_build_under_test", root / "hatch_build.py"
    )
    assert spec is not None and spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    assert not hasattr(hook, "source_digest"), "hatch_build.py keeps a second source_digest"
    digest: str = hook._fastpath(root).source_digest(source)
    return digest


def test_an_augmenting_pxd_is_part_of_the_source(tmp_path: Path) -> None:
    """A module's ``.pxd`` beside its ``.py`` (the compiled layout: typed fields) counts as
    its source: the build records both, and an edit of either one makes the build stale."""
    pkg = _package(tmp_path)
    pxd = pkg / "mod.pxd"
    pxd.write_text("cdef class X:\n    cdef public object a\n")
    digest = _fastpath.source_digest(pkg / "mod.py")
    assert digest == hashlib.sha256(b"X = 1\n\0pxd\0" + pxd.read_bytes()).hexdigest()
    assert _build_hook_digest(pkg / "mod.py") == digest  # what the build records
    manifest = {"compiler": "Cython 3", "modules": {"pkg.mod": digest}}
    finder = FastPathFinder(manifest, pure=False)
    assert finder.find_spec("pkg.mod", [str(pkg)]) is None  # current: the extension
    pxd.write_text("cdef class X:\n    cdef public list a\n")
    finder = FastPathFinder(manifest, pure=False)
    spec = finder.find_spec("pkg.mod", [str(pkg)])
    assert spec is not None and spec.origin == str(pkg / "mod.py")
    assert finder.decisions["pkg.mod"].startswith("its source changed")
    pxd.unlink()  # without a .pxd the digest is the .py's alone, as before
    assert _fastpath.source_digest(pkg / "mod.py") == hashlib.sha256(b"X = 1\n").hexdigest()


def test_an_extension_built_on_a_pure_module_runs_its_source_too(tmp_path: Path) -> None:
    """A game's compiled state extends the engine's (its ``.pxd`` cimports the engine's
    layout): when the engine's module runs its ``.py`` (stale, missing), the game's extension
    would find no extension type to extend, so it runs its ``.py`` as well, and says why."""
    pkg = _package(tmp_path)
    (pkg / "mod.pxd").write_text("cdef class X:\n    cdef public object a\n")
    (pkg / "game.py").write_text("Y = 1\n")
    (pkg / "game.pxd").write_text("cimport cython\nfrom pkg.mod cimport X\n\ncdef class Y(X):\n")
    for suffix in importlib.machinery.EXTENSION_SUFFIXES[:1]:
        (pkg / f"game{suffix}").write_bytes(b"")
    assert _fastpath.cimports(pkg / "game.pxd") == ["cython", "pkg.mod"]
    modules = {
        "pkg.mod": _fastpath.source_digest(pkg / "mod.py"),
        "pkg.game": _fastpath.source_digest(pkg / "game.py"),
    }
    finder = FastPathFinder({"compiler": "Cython 3", "modules": modules}, pure=False)
    assert finder.find_spec("pkg.game", [str(pkg)]) is None  # both current: the extension
    (pkg / "mod.py").write_text("X = 2\n")  # the engine's module edited since the build
    finder = FastPathFinder({"compiler": "Cython 3", "modules": modules}, pure=False)
    spec = finder.find_spec("pkg.game", [str(pkg)])
    assert spec is not None and spec.origin == str(pkg / "game.py")
    assert finder.decisions["pkg.game"] == "it extends pkg.mod, which runs its .py"
