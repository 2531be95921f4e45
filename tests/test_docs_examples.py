"""Every Python example in docs/*.md runs as printed (the blocks of a page in order, sharing
one namespace, as a reader pastes them), so the docs cannot go stale (issue 22).

The README's own example is a doctest (pyproject's --doctest-glob) and its tour is
tests/test_readme_tour.py."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: Blocks that are templates, not programs: (page, index of its Python block) → why.
TEMPLATES = {
    ("testing.md", 0): "a test for your own game: 'mygame' is the reader's",
    # sb3-contrib (with PyTorch) is not a caiquan extra; the same wiring runs in
    # examples/maskable_ppo_promise.py --stub (tests/envs/test_examples.py)
    ("envs.md", 0): "MaskablePPO needs sb3-contrib, which no extra installs",
}


#: Pages whose examples need an optional extra: (module, extra); without it they skip with
#: the reason (the README's test command installs only the test extra; .ci/run has them all).
NEEDS = {
    "envs.md": (("gymnasium", "rl"), ("pettingzoo", "peers"), ("pyspiel", "peers")),
}


def pages() -> list[Path]:
    return sorted(p for p in (ROOT / "docs").glob("*.md") if "```python" in p.read_text("utf-8"))


def blocks(page: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)


def _policy(observation: Any, mask: Any) -> int:
    """The reader's own policy in docs/envs.md: here, the first legal action."""
    return int(mask.nonzero()[0][0])


def test_every_page_with_examples_is_covered() -> None:
    assert {p.name for p in pages()} >= {"bots.md", "engine.md", "envs.md"}


@pytest.mark.parametrize("page", pages(), ids=lambda p: p.name)
def test_the_examples_of_a_page_run(page: Path, tmp_path: Path, monkeypatch: Any) -> None:
    from caiquan.bots import BOTS

    for module, extra in NEEDS.get(page.name, ()):
        pytest.importorskip(
            module, reason=f"{page.name}'s examples need {module} (pip install -e '.[{extra}]')"
        )
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("builtins.print", lambda *a, **k: None)
    bots = dict(BOTS)
    namespace: dict[str, Any] = {"__name__": f"docs_{page.stem}", "my_policy": _policy}
    try:
        for i, code in enumerate(blocks(page)):
            if (page.name, i) in TEMPLATES:
                continue
            try:
                exec(compile(code, f"{page.name} block {i}", "exec"), namespace)
            except Exception as exc:
                raise AssertionError(f"{page.name}, Python block {i} fails: {exc!r}") from exc
    finally:
        BOTS.clear()
        BOTS.update(bots)
