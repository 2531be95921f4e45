"""The compiled fast path, built at install time (hatchling's custom build hook).

``pip install .`` and ``pip install -e .`` compile the modules that ``pyproject.toml`` lists
under ``[tool.caiquan.fast] compile`` (globs under ``src/``) with Cython into C extension
modules. The ``.py`` files stay the reference twin: the extensions are the same source
compiled, and ``caiquan._fastpath`` loads a module's ``.py`` instead whenever its extension is
missing, was built from other source (a stale build after an edit or a ``git pull``), or
``CAIQUAN_PURE=1`` is set. Anything that goes wrong here — no C compiler, no Cython, a
failed compile — leaves a pure-Python install and says why (``caiquan --version``).

* editable installs build the extensions in place, beside the sources (``src/caiquan/…``);
  a wheel gets them inside;
* ``_compiled.json`` beside ``caiquan/__init__.py`` records the compiler and, per module,
  the SHA-256 of the source it was compiled from (``caiquan._fastpath.source_digest``,
  loaded from its file: the runtime's staleness check computes the same);
* ``CAIQUAN_BUILD_PURE=1`` skips the compile (a pure install on purpose);
  ``CAIQUAN_BUILD_JOBS`` sets the parallel compile jobs (default: every core).
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import sys
import tempfile
import tomllib
import traceback
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

MANIFEST = "_compiled.json"


def _fastpath(root: Path) -> ModuleType:
    """``caiquan._fastpath``, loaded from its file (the package is not installed while it
    builds): the one implementation of ``source_digest``, which the runtime compares with
    what this hook records."""
    path = root / "src" / "caiquan" / "_fastpath.py"
    spec = importlib.util.spec_from_file_location("_caiquan_build_fastpath", path)
    if spec is None or spec.loader is None:
        raise RuntimeError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _module_name(path: Path, src: Path) -> str:
    return ".".join(path.relative_to(src).with_suffix("").parts)


def _sources(root: Path) -> tuple[Path, list[Path]]:
    src = root / "src"
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["caiquan"]["fast"]["compile"]
    files = sorted({p for pattern in patterns for p in src.glob(pattern) if p.is_file()})
    return src, [p for p in files if p.name != "__init__.py"]


def _compile(src: Path, files: list[Path], build_lib: Path, work: Path) -> dict[str, Path]:
    """Cython + the C compiler: one extension per file, written under ``build_lib``."""
    from Cython import __version__ as cython_version  # noqa: F401  (fails early if absent)
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    jobs = int(os.environ.get("CAIQUAN_BUILD_JOBS") or os.cpu_count() or 1)
    extensions = [
        # -O1: a fraction of -O3's compile time; -g0: no debug symbols (a fifth of the size)
        Extension(_module_name(f, src), [str(f)], extra_compile_args=["-O1", "-g0"])
        for f in files
    ]
    extensions = cythonize(
        extensions,
        build_dir=str(work / "c"),
        include_path=[str(src)],  # a game's .pxd cimports the engine's (caiquan/engine/…)
        compiler_directives={"language_level": "3", "binding": True},
        nthreads=jobs,
        quiet=True,
    )
    dist = Distribution({"ext_modules": extensions, "script_name": "hatch_build.py"})
    cmd = dist.get_command_obj("build_ext")
    cmd.build_lib = str(build_lib)
    cmd.build_temp = str(work / "o")
    cmd.parallel = jobs
    cmd.ensure_finalized()
    cmd.run()
    built: dict[str, Path] = {}
    for ext in extensions:
        path = build_lib / cmd.get_ext_filename(ext.name)
        if not path.is_file():
            raise RuntimeError(f"the compiler wrote no {path.name} for {ext.name}")
        built[ext.name] = path
    return built


class CustomBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compiles the fast path; never fails the install (see the module docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._work: list[Path] = []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        src, files = _sources(root)
        package = src / "caiquan"
        editable = version == "editable"
        if editable:  # a stale build must not outlive a failed or skipped one
            for old in package.rglob("*.so"):
                old.unlink()
        manifest: dict[str, Any] = {"compiler": None, "modules": {}, "reason": ""}
        if os.environ.get("CAIQUAN_BUILD_PURE", "") not in ("", "0"):
            manifest["reason"] = "built pure on purpose (CAIQUAN_BUILD_PURE)"
        elif not files:
            manifest["reason"] = "no module listed in [tool.caiquan.fast] compile"
        else:
            work = Path(tempfile.mkdtemp(prefix="caiquan-fast-"))
            try:
                build_lib = src if editable else work / "lib"
                source_digest = _fastpath(root).source_digest
                built = _compile(src, files, build_lib, work)
            except Exception as err:  # any failure means the pure path, with the reason
                first = (str(err).strip().splitlines() or [""])[0]
                manifest["reason"] = f"the compile failed ({type(err).__name__}: {first[:160]})"
                self.app.display_warning(
                    "caiquan: the compiled fast path was not built; installing the pure-"
                    f"Python path ({manifest['reason']})"
                )
                if os.environ.get("CAIQUAN_BUILD_VERBOSE"):
                    traceback.print_exc(file=sys.stderr)
                for old in package.rglob("*.so") if editable else ():
                    old.unlink()
            else:
                from Cython import __version__ as cython_version

                manifest["compiler"] = f"Cython {cython_version}"
                for name, path in built.items():
                    source = src / Path(*name.split(".")).with_suffix(".py")
                    digest = source_digest(source)
                    manifest["modules"][name] = digest
                    if not editable:
                        target = path.relative_to(build_lib).as_posix()
                        build_data["force_include"][str(path)] = target
                if not editable:
                    build_data["pure_python"] = False
                    build_data["infer_tag"] = True
            finally:
                # a wheel's extensions are read from ``work`` after this hook: removed in
                # finalize
                self._work.append(work)
        text = json.dumps(manifest, indent=1, sort_keys=True) + "\n"
        if editable:
            (package / MANIFEST).write_text(text, encoding="utf-8")
        else:
            out = Path(tempfile.mkdtemp(prefix="caiquan-manifest-"))
            self._work.append(out)
            (out / MANIFEST).write_text(text, encoding="utf-8")
            build_data["force_include"][str(out / MANIFEST)] = f"caiquan/{MANIFEST}"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        for work in self._work:
            shutil.rmtree(work, ignore_errors=True)
        self._work.clear()
