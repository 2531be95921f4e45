"""The three stateless routes the browser client uses (in process; no browser needed)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web routes need the server extra")


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    from caiquan.server.app import create_app
    from caiquan.server.settings import Settings

    db = Path(tmp_path_factory.mktemp("webapi")) / "x.sqlite3"
    app = create_app(Settings(database_url=f"sqlite:///{db}"))
    with TestClient(app, base_url="http://127.0.0.1") as c:
        yield c


def test_rules_in_both_languages(client: Any) -> None:
    zh = client.get("/api/games/drama/rules?lang=zh")
    en = client.get("/api/games/drama/rules?lang=en")
    assert zh.status_code == en.status_code == 200
    assert zh.headers["content-type"].startswith("text/markdown")
    assert "剧牌" in zh.text and "Drama" in en.text
    assert client.get("/api/games/nope/rules").status_code == 404
    assert client.get("/api/games/drama/rules?lang=fr").status_code == 422


#: words of the designer's rules page that a player's page must not use
DESIGNER_WORDS = ("seed", "interpretation", "解释", "原文", "种子", "docs/", "content/", "`")


@pytest.mark.parametrize("gid", __import__("caiquan.games", fromlist=["x"]).game_ids())
def test_every_game_has_a_players_page_in_both_languages(client: Any, gid: str) -> None:
    import re

    pages = {}
    for lang in ("zh", "en"):
        res = client.get(f"/api/games/{gid}/guide?lang={lang}")
        assert res.status_code == 200, (gid, lang, res.text)
        assert res.headers["content-type"].startswith("text/markdown")
        pages[lang] = res.text
        low = res.text.lower()
        assert not [w for w in DESIGNER_WORDS if w in low], (gid, lang)
        assert "<!-- lang" not in res.text
        # one screen: a title, a goal and how a turn goes, not a rulebook
        assert res.text.startswith("# ") and len(res.text) < 4000, (gid, lang, len(res.text))
        for name in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", res.text):
            pic = client.get(f"/api/games/{gid}/guide/{name}")
            assert pic.status_code == 200, (gid, name)
            assert pic.headers["content-type"] == "image/png"
            assert pic.content[:8] == b"\x89PNG\r\n\x1a\n" and len(pic.content) < 150_000
    # each language is written in its own language
    assert len(re.findall(r"[\u4e00-\u9fff]", pages["zh"].split("\n", 1)[1])) > 50
    assert not re.search(r"[\u4e00-\u9fff]", pages["en"])
    assert pages["zh"] != pages["en"]


def test_guide_route_checks_game_language_and_picture(client: Any) -> None:
    assert client.get("/api/games/nope/guide").status_code == 404
    assert client.get("/api/games/promise/guide?lang=fr").status_code == 422
    assert client.get("/api/games/promise/guide/nope.png").status_code == 404
    assert client.get("/api/games/promise/guide/guide.md").status_code == 422
    assert client.get("/api/games/promise/guide/..%2Frules.md").status_code in (404, 422)


def test_promise_decisions_carry_learn_hints(client: Any) -> None:
    """A decision frame carries the game's learn hints (zh/en) from the seat's own view."""
    from caiquan.games import load_game
    from caiquan.server.protocol import state_frame

    game = load_game("promise", characters="sword,spear")
    state = game.new_state(4)
    kinds = []
    while not state.is_terminal() and len(kinds) < 12:
        frame = state_frame(state, 0, table="t", status="playing", deadline=None)
        d = frame["decision"]
        if d is not None:
            learn = d["learn"]
            assert learn[0]["kind"] == "what" and learn[0]["zh"] and learn[0]["en"]
            assert any(h["kind"] == "key" and "≥ 5" in h["en"] for h in learn)
            kinds.append((d["kind"], [h["kind"] for h in learn]))
        state.apply({p: state.decision(p).choices[0].id for p in state.to_move()})
    assert ("throw", ["what", "key", "mix"]) in kinds
    assert ("skill", ["what", "key"]) in kinds
    # a spectator has no decision and so no hints
    assert state_frame(state, None, table="t", status="playing", deadline=None)["decision"] is None


def test_format_gives_the_games_own_words(client: Any) -> None:
    from caiquan.games import load_game

    game = load_game("goofspiel", num_cards=3)
    state = game.new_state(1)
    events = [dict(e) for e in state.events(0, 0)]
    out = client.post("/api/games/goofspiel/format", json={"events": [*events, {"x": 1}]}).json()
    assert out[: len(events)] == [
        {"zh": game.format_event(e, "zh"), "en": game.format_event(e, "en")} for e in events
    ]
    assert out[-1] is None  # a malformed event: the client keeps its own line
    too_many = {"events": [{"kind": "point"}] * 501}
    assert client.post("/api/games/goofspiel/format", json=too_many).status_code == 422


def test_description_declares_the_game(client: Any) -> None:
    from caiquan.games import load_game

    d = client.get("/api/games/goofspiel/description").json()
    assert d == load_game("goofspiel").description()
    assert d["dynamics"] == "simultaneous" and d["utility_sum"] == 0.0
    assert client.get("/api/games/nope/description").status_code == 404


def test_panel_js_only_for_a_game_with_its_own_panel(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from caiquan.games import game_class

    cls = game_class("goofspiel")
    own = client.get("/api/games/goofspiel/panel.js")  # games/goofspiel/web.js
    assert own.status_code == 200 and "export default function panel" in own.text
    # a game without one: 404, and the browser draws the generic panel
    monkeypatch.setattr(cls, "hooks", {k: v for k, v in cls.hooks.items() if k != "web"})
    assert client.get("/api/games/goofspiel/panel.js").status_code == 404
    # a game that declares one: its package's file, served as a JavaScript module
    monkeypatch.setattr(cls, "hooks", {**cls.hooks, "web": "rules.md"})
    got = client.get("/api/games/goofspiel/panel.js")
    assert got.status_code == 200 and got.headers["content-type"].startswith("text/javascript")
    assert got.text == cls.hook("web")
    assert client.get("/api/games/..%2F..%2Fetc/panel.js").status_code == 404


def test_replay_views_only_for_finished_games(client: Any) -> None:
    import time

    seats = [{"kind": "bot", "strength": "easy"}] * 2
    body = {"game": "goofspiel", "options": {"num_cards": 3}, "seats": seats}
    table = client.post("/api/tables", json=body).json()["table"]
    for _ in range(100):
        if client.get(f"/api/tables/{table}").json()["status"] == "finished":
            break
        time.sleep(0.05)
    replay = client.get(f"/api/tables/{table}/replay").json()
    views = replay["views"]
    assert replay["seat"] is None and replay["table"]["game"] == "goofspiel"
    assert views[0]["version"] == 0 and views[-1]["observation"]["terminal"]
    assert all(v["observation"]["player"] is None for v in views)  # a spectator's view
    # each view brings the events since the one before, worded in both languages
    assert [v["from"] for v in views] == [
        sum(len(w["events"]) for w in views[:k]) for k in range(len(views))
    ]
    assert all(set(e["text"]) == {"zh", "en"} for v in views for e in v["events"])
    assert replay["outcome"]["ranks"] and replay["outcome"]["ending"]["reason"]
    assert client.get("/api/tables/nope/replay").status_code == 404
    waiting = client.post("/api/tables", json={"game": "goofspiel"}).json()["table"]
    assert client.get(f"/api/tables/{waiting}/replay").status_code == 409  # secret until the end
