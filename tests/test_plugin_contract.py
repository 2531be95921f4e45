"""A game is one package: no outer layer names a game's id or reaches into its modules.

The outer layers (bots, coach, table, lab, envs, tui, server, bench, testing, cli) learn
everything about a game from what it declares (``caiquan.engine.describe``). This test reads
their source: a string literal equal to a registered game id, or an import of a game
package's module, is a per-game table or reach-in that belongs in the game's package. The few
exceptions are listed with why. The benchmark scripts (``bench/``) measure chosen games by
id, but reach a game's modules only through its hooks.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from caiquan.games import game_ids

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "caiquan"
OUTER = ("bots", "coach", "table", "lab", "envs", "tui", "server", "bench", "testing", "cli")

#: file (relative to src/caiquan) → why it may name games
ALLOWED = {
    # the documentation's screenshots show chosen scenes of chosen games
    "tui/screenshots.py": "scenes for the docs' screenshots",
    # comparisons with other frameworks' implementations of the same games
    "bench/peers.py": "benchmarks against OpenSpiel/PettingZoo/RLCard games",
    "bench/mccfr.py": "MCCFR against OpenSpiel's own C++ goofspiel",
}


def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                ids.add(id(value))
    return ids


def test_outer_python_never_names_a_game_nor_imports_its_modules() -> None:
    games = set(game_ids())
    found = []
    for folder in OUTER:
        for path in sorted((SRC / folder).rglob("*.py")):
            rel = path.relative_to(SRC).as_posix()
            if rel in ALLOWED:
                continue
            tree = ast.parse(path.read_text("utf-8"))
            docs = _docstrings(tree)
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.Constant)
                    and id(node) not in docs
                    and isinstance(node.value, str)
                    and node.value in games
                ):
                    found.append(f"{rel}:{node.lineno}: names the game {node.value!r}")
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                    "caiquan.games."
                ):
                    found.append(f"{rel}:{node.lineno}: imports {node.module}")
    assert not found, "per-game knowledge outside the games' packages:\n" + "\n".join(found)


def _game_module_imports(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        names = []
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        found += [f"{node.lineno}: imports {n}" for n in names if n.startswith("caiquan.games.")]
    return found


def test_benchmark_scripts_reach_no_game_module() -> None:
    """bench/*.py load games by id (``load_game``) and reach what is game-specific through
    the game's hooks (its ``bench`` hook: workloads, the exploitability tables' parts)."""
    found = []
    for path in sorted((ROOT / "bench").rglob("*.py")):
        found += [f"{path.relative_to(ROOT)}:{hit}" for hit in _game_module_imports(path)]
    assert not found, "a benchmark script imports a game's module:\n" + "\n".join(found)


def test_the_bench_hook_declares_the_exploitability_tables() -> None:
    from caiquan.bench import exploitability as ex
    from caiquan.games import game_class

    assert ex.nash_conv_game() == "goofspiel" and ex.throw_game() == "promise"
    assert ex.nash_conv_config(4) == {
        "num_cards": 4,
        "points_order": "descending",
        "imp_info": True,
    }
    assert game_class("goofspiel").reference_configs() == [
        {"num_cards": 13, "points_order": "descending", "imp_info": True}
    ]
    # without WORKLOADS: each player count at default options
    assert game_class("legends").reference_configs() == [{"players": n} for n in range(3, 7)]


def test_outer_javascript_never_names_a_game() -> None:
    ids = "|".join(map(re.escape, game_ids()))
    pattern = re.compile(rf"""["'`]({ids})["'`]""")
    found = []
    for path in sorted((SRC / "server" / "static").rglob("*.js")):
        for n, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            for m in pattern.finditer(line):
                found.append(f"{path.name}:{n}: {m.group(0)}")
    assert not found, "per-game knowledge in the generic browser client:\n" + "\n".join(found)


def test_game_rules_never_import_outer_layers() -> None:
    found = []
    for path in sorted((SRC / "games").rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            for name in names:
                top = name.split(".")[:2]
                if top[0] == "caiquan" and len(top) > 1 and top[1] in OUTER:
                    found.append(f"{path.relative_to(SRC).as_posix()}:{node.lineno}: {name}")
    assert not found, "a game package imports an outer layer:\n" + "\n".join(found)


def _classes_in_js(text: str) -> set[str]:
    """Every word of every string in a script, comments aside: the class names it may set
    (``class: "a b"``, ``["a", x ? "b" : "c"].join(" ")``, ``classList.add("a")``)."""
    code = re.sub(r"(?<![:\\])//[^\n]*|/\*.*?\*/", "", text, flags=re.S)
    found: set[str] = set()
    for m in re.finditer(r"""`([^`]*)`|"([^"\n]*)"|'([^'\n]*)'""", code):
        body = next(g for g in m.groups() if g is not None)
        found.update(w for w in re.split(r"[^\w-]+", body) if w)
    return found


def test_shared_css_styles_no_game() -> None:
    """The shared stylesheet names no game (``.promise``, ``.legends-players``) and styles no
    class that only one game's panel draws: that rule belongs in the game's own stylesheet
    (its ``css`` hook, loaded with its panel)."""
    games = set(game_ids())
    static = SRC / "server" / "static"
    css = re.sub(r"/\*.*?\*/", "", (static / "style.css").read_text("utf-8"), flags=re.S)
    selectors = set(re.findall(r"\.([A-Za-z][\w-]*)", re.sub(r"\{[^{}]*\}", "{}", css)))
    shared = set().union(*(_classes_in_js(p.read_text("utf-8")) for p in static.glob("*.js")))
    own: dict[str, set[str]] = {}
    for g in games:
        panel = SRC / "games" / g / "web.js"
        if panel.is_file():
            for c in _classes_in_js(panel.read_text("utf-8")):
                own.setdefault(c, set()).add(g)
    found = [f".{c}: names the game" for c in selectors if set(c.split("-")) & games]
    found += [
        f".{c}: drawn only by {', '.join(sorted(own[c]))}'s panel"
        for c in sorted(selectors)
        if c in own and len(own[c]) == 1 and c not in shared
    ]
    assert not found, "per-game rules in the shared style.css:\n" + "\n".join(sorted(found))


def test_a_game_stylesheet_is_served_and_loaded_with_its_panel() -> None:
    from caiquan.games import game_class

    with_css = [g for g in game_ids() if game_class(g).hooks.get("css")]
    assert {"promise", "legends", "drama", "goofspiel"} <= set(with_css)
    for g in with_css:
        text = game_class(g).hook("css")
        assert isinstance(text, str) and "{" in text, f"{g}: its css hook is not a stylesheet"
