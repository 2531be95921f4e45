"""Which code runs: the compiled fast path or its reference twin, the pure-Python source.

The install compiles the hot modules (``[tool.caiquan.fast] compile`` in ``pyproject.toml``:
the engine's state, RNG and solvers, each game's rules and heuristic, the search bots) with
Cython into C extensions beside their ``.py`` files (``hatch_build.py``), and records in
``_compiled.json`` the SHA-256 of each source it compiled. Python would import an
extension in preference to its ``.py``; this module's import hook decides instead, per
module:

* ``CAIQUAN_PURE=1`` in the environment: the ``.py`` (the reference twin), everywhere;
* the extension is missing (no C compiler at install time, a pure build) or was compiled
  from other source than the ``.py`` beside it (edited since, a ``git pull`` without a
  reinstall): the ``.py``, so a stale build never runs old rules;
* otherwise the extension.

Both paths run the same source, so they play identical games: ``tests/test_fast_path.py``
compares the records and observations of random games of every game on both.
:func:`status` says which path each module took; ``caiquan --version`` and ``caiquan bench``
print its summary (:func:`summary`).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

MANIFEST = Path(__file__).with_name("_compiled.json")
PURE_ENV = "CAIQUAN_PURE"


def source_digest(source: Path) -> str:
    """The SHA-256 a module was compiled from: its ``.py``, and the ``.pxd`` beside it when
    there is one (an augmenting declaration: the compiled layout, e.g. typed fields), so an
    edit of either makes the extension stale. ``hatch_build.py`` records it with this very
    function (loaded from this file), so the two never differ."""
    data = source.read_bytes()
    pxd = source.with_suffix(".pxd")
    if pxd.is_file():
        data += b"\0pxd\0" + pxd.read_bytes()
    return hashlib.sha256(data).hexdigest()


def cimports(pxd: Path) -> list[str]:
    """The modules a ``.pxd`` cimports (``from caiquan.x cimport …``, ``cimport caiquan.x``,
    also ``cython``); none when there is no ``.pxd``."""
    try:
        text = pxd.read_text(encoding="utf-8")
    except OSError:
        return []
    return [a or b for a, b in _CIMPORT.findall(text)]


_CIMPORT = re.compile(r"^[ \t]*(?:from[ \t]+([\w.]+)[ \t]+cimport\b|cimport[ \t]+([\w.]+))", re.M)


def _pure_requested() -> bool:
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def _read_manifest(path: Path = MANIFEST) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"compiler": None, "modules": {}, "reason": "no compiled modules installed"}
    if not isinstance(data, dict) or not isinstance(data.get("modules"), dict):
        return {"compiler": None, "modules": {}, "reason": f"{path.name} is unreadable"}
    return data


class FastPathFinder(importlib.abc.MetaPathFinder):
    """Loads a compiled module's ``.py`` twin when its extension must not run (see the
    module docstring); leaves everything else to Python's own finders."""

    def __init__(self, manifest: dict[str, Any], pure: bool) -> None:
        self.compiler: str | None = manifest.get("compiler")
        self.modules: dict[str, str] = dict(manifest.get("modules", {}))
        self.reason: str = str(manifest.get("reason") or "")
        self.pure = pure
        #: module → why its .py runs ("" = the extension runs), for each module seen
        self.decisions: dict[str, str] = {}

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        digest = self.modules.get(fullname)
        if digest is None or not path:
            return None
        leaf = fullname.rpartition(".")[2]
        source = Path(path[0]) / f"{leaf}.py"
        why = self._why_pure(source, leaf, digest) or self._why_dependency(fullname, source)
        self.decisions[fullname] = why
        if not why:
            return None  # Python's own finder: the extension comes before the .py
        return importlib.util.spec_from_file_location(fullname, source)

    def _why_dependency(self, fullname: str, source: Path) -> str:
        """Why an extension that cimports another compiled module's layout (its
        ``.pxd``, e.g. a game's state extending the engine's) must not run: that module runs
        its ``.py``, so the layout it was built against is not there."""
        root = source.parents[fullname.count(".")]  # the folder that holds the package
        for dep in cimports(source.with_suffix(".pxd")):
            digest = self.modules.get(dep)
            if digest is None or dep == fullname:
                continue
            dep_leaf = dep.rpartition(".")[2]
            dep_source = root.joinpath(*dep.split(".")).with_suffix(".py")
            if self._why_pure(dep_source, dep_leaf, digest) or self._why_dependency(
                dep, dep_source
            ):
                return f"it extends {dep}, which runs its .py"
        return ""

    def _why_pure(self, source: Path, leaf: str, digest: str) -> str:
        if self.pure:
            return f"{PURE_ENV}=1"
        try:
            actual = source_digest(source)
        except OSError:
            return ""  # no source beside it (an installed wheel without .py): the extension
        if actual != digest:
            return "its source changed since the build (reinstall to recompile)"
        suffixes = importlib.machinery.EXTENSION_SUFFIXES
        if not any((source.parent / f"{leaf}{s}").is_file() for s in suffixes):
            return "its compiled module is missing"
        return ""


def install() -> FastPathFinder:
    """Put the finder first on ``sys.meta_path`` (once); returns it."""
    for finder in sys.meta_path:
        if isinstance(finder, FastPathFinder):
            return finder
    finder = FastPathFinder(_read_manifest(), _pure_requested())
    sys.meta_path.insert(0, finder)
    return finder


def status() -> dict[str, Any]:
    """Which path runs: ``mode`` (``"compiled"``, ``"pure"`` or ``"mixed"``), the compiler,
    the compiled and the pure modules (with the reason each runs its ``.py``).

    Imports every module the build compiled, to report on all of them."""
    finder = install()
    compiled: list[str] = []
    pure: dict[str, str] = {}
    for name in sorted(finder.modules):
        module = importlib.import_module(name)
        if _is_extension(module):
            compiled.append(name)
        else:
            pure[name] = finder.decisions.get(name) or "loaded before the finder"
    if not finder.modules:
        mode = "pure"
        reason = finder.reason or "no compiled modules installed"
    elif compiled and not pure:
        mode, reason = "compiled", ""
    elif not compiled:
        mode = "pure"
        reasons = sorted(set(pure.values()))
        reason = reasons[0] if len(reasons) == 1 else "; ".join(reasons)
    else:
        mode, reason = "mixed", f"{len(pure)} of {len(finder.modules)} modules run their .py"
    return {
        "mode": mode,
        "compiler": finder.compiler,
        "compiled": compiled,
        "pure": pure,
        "reason": reason,
    }


def _is_extension(module: ModuleType) -> bool:
    return isinstance(getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader)


def summary(info: dict[str, Any] | None = None) -> str:
    """One line, e.g. ``compiled fast path (Cython 3.1.2, 24 modules)`` or ``pure Python
    (CAIQUAN_PURE=1)``."""
    info = status() if info is None else info
    if info["mode"] == "compiled":
        return f"compiled fast path ({info['compiler']}, {len(info['compiled'])} modules)"
    if info["mode"] == "mixed":
        return (
            f"partly compiled ({info['compiler']}, {len(info['compiled'])} modules; "
            f"{info['reason']})"
        )
    return f"pure Python ({info['reason']})"


__all__ = ["MANIFEST", "PURE_ENV", "FastPathFinder", "install", "status", "summary"]
