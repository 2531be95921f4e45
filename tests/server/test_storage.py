"""The storage layer on SQLite and PostgreSQL: migrations, row-version appends, replay."""

from __future__ import annotations

import contextlib
import threading

import pytest

pytest.importorskip("sqlalchemy", reason="the server tests need: pip install -e '.[server]'")
pytest.importorskip("alembic", reason="the server tests need: pip install -e '.[server]'")

from caiquan.games import load_game
from caiquan.server.content import ContentLibrary
from caiquan.server.hub import replay_actions
from caiquan.server.migrate import current_revision
from caiquan.server.storage import Conflict, SeatRow, Storage, TableRow


def make_table(storage: Storage, tid: str = "t1", **fair: str) -> TableRow:
    game = load_game("goofspiel", num_cards=4)
    row = TableRow(
        tid, game.id, game.version, dict(game.config), 12345, "", True, "h", 0.0, "playing", 0,
        None, 0.0, **fair,
    )  # fmt: skip
    seats = [SeatRow(0, "human", None, "", "x"), SeatRow(1, "bot", "random", "b", None)]
    storage.create_table(row, seats)
    return row


def test_migrations_are_idempotent_and_reach_head(db_url: str) -> None:
    storage = Storage(db_url)
    try:
        storage.migrate()
        storage.migrate()  # a second start finds nothing to do
        assert current_revision(storage.engine) == "0004"
    finally:
        storage.close()


def test_a_database_of_the_first_revision_keeps_its_tables(db_url: str) -> None:
    """0001 → 0002 adds the tables' creator column, 0003 their host seat, 0004 their
    fairness nonce and commitment; existing rows stay as they were (no creator, no host, no
    commitment)."""
    import sqlalchemy as sa

    from caiquan.server.migrate import upgrade

    storage = Storage(db_url)
    try:
        upgrade(storage.engine, "0001")
        with storage.engine.begin() as conn:
            conn.execute(
                sa.text(
                    "INSERT INTO tables (id, game, rules_version, config, seed, name, listed, "
                    "invite_hash, turn_seconds, status, seq, created_at, updated_at) VALUES "
                    "('old', 'goofspiel', 1, '{}', 7, 'kept', true, :h, 0, 'waiting', 0, 1, 1)"
                ),
                {"h": "0" * 64},
            )
        storage.migrate()
        assert current_revision(storage.engine) == "0004"
        row = storage.get_table("old")
        assert row is not None and row.name == "kept" and row.creator is None
        assert row.host_seat is None
        assert row.nonce is None and row.commitment is None
        assert storage.open_tables_of("nobody", 0.0) == 0
    finally:
        storage.close()


def test_upgrade_from_0003_adds_the_fairness_columns(db_url: str) -> None:
    """0003 → 0004: a table from before keeps everything and has no nonce or commitment (its
    deal is not verifiable); a table made after stores both and reads them back."""
    import sqlalchemy as sa

    from caiquan.engine.fair import commit
    from caiquan.server.migrate import upgrade

    storage = Storage(db_url)
    try:
        upgrade(storage.engine, "0003")
        assert current_revision(storage.engine) == "0003"
        with storage.engine.connect() as conn:
            cols = {c["name"] for c in sa.inspect(conn).get_columns("tables")}
        assert "host_seat" in cols and not {"nonce", "commitment"} & cols
        with storage.engine.begin() as conn:
            conn.execute(
                sa.text(
                    "INSERT INTO tables (id, game, rules_version, config, seed, name, listed, "
                    "invite_hash, turn_seconds, status, seq, created_at, updated_at, host_seat) "
                    "VALUES ('old', 'goofspiel', 1, '{}', 7, 'kept', true, :h, 0, 'finished', 3, "
                    "1, 1, 0)"
                ),
                {"h": "0" * 64},
            )
        storage.migrate()
        assert current_revision(storage.engine) == "0004"
        old = storage.get_table("old")
        assert old is not None and (old.name, old.seq, old.host_seat) == ("kept", 3, 0)
        assert old.nonce is None and old.commitment is None
        game = load_game("goofspiel", num_cards=4)
        nonce = "ab" * 32
        made = commit(game.id, game.version, dict(game.config), 12345, nonce)
        row = make_table(storage, "new", nonce=nonce, commitment=made)
        got = storage.get_table("new")
        assert got is not None and (got.nonce, got.commitment) == (nonce, made)
        assert got.commitment == commit(got.game, got.rules_version, got.config, got.seed, nonce)
        assert row.seed == got.seed
    finally:
        storage.close()


def test_row_version_lets_exactly_one_writer_through(db_url: str) -> None:
    storage = Storage(db_url)
    try:
        storage.migrate()
        row = make_table(storage)
        assert storage.append("t1", 0, 0, 1, "human") == 1
        with pytest.raises(Conflict):
            storage.append("t1", 0, 1, 2, "bot")  # it saw seq 0, but seq is 1 now
        # many threads race for the same position: exactly one wins
        wins: list[int] = []

        def race(player: int) -> None:
            with contextlib.suppress(Conflict):
                wins.append(storage.append("t1", 1, player, 0, "human"))

        threads = [threading.Thread(target=race, args=(1,)) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert wins == [2]
        actions = storage.actions("t1")
        assert [a.seq for a in actions] == [1, 2]
        state = replay_actions(ContentLibrary(), row, actions)
        assert state.move_number == 1  # two commits = one simultaneous turn
        assert storage.playing() == ["t1"]
    finally:
        storage.close()
