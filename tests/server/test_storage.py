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
        assert current_revision(storage.engine) == "0005"
    finally:
        storage.close()


def test_a_database_of_the_first_revision_keeps_its_tables(db_url: str) -> None:
    """0001 → 0002 adds the tables' creator column, 0003 their host seat, 0004 their
    fairness nonce and commitment, 0005 their fairness protocol and content digest and the
    seats' contributions to the deal; existing rows stay as they were (no creator, no host, no
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
        assert current_revision(storage.engine) == "0005"
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

    from caiquan.engine.fair import commit_v1
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
        assert current_revision(storage.engine) == "0005"
        old = storage.get_table("old")
        assert old is not None and (old.name, old.seq, old.host_seat) == ("kept", 3, 0)
        assert old.nonce is None and old.commitment is None
        game = load_game("goofspiel", num_cards=4)
        nonce = "ab" * 32
        made = commit_v1(game.id, game.version, dict(game.config), 12345, nonce)
        row = make_table(storage, "new", nonce=nonce, commitment=made)
        got = storage.get_table("new")
        assert got is not None and (got.nonce, got.commitment) == (nonce, made)
        assert got.commitment == commit_v1(got.game, got.rules_version, got.config, got.seed, nonce)
        assert got.fair_protocol is None  # caiquan.fair/1: the server's seed
        assert row.seed == got.seed
    finally:
        storage.close()


def _shuffling(storage: Storage, humans: int = 2, claimed: int = 2) -> str:
    """A caiquan.fair/2 table waiting for its cards: ``humans`` human seats (``claimed`` of
    them taken) and a bot."""
    from caiquan.engine.fair import PROTOCOL

    game = load_game("goofspiel", num_cards=4)
    row = TableRow(
        "s1", game.id, game.version, dict(game.config), 0, "", True, "h", 0.0, "waiting", 0,
        None, 0.0, nonce="ab" * 32, commitment="cd" * 32, fair_protocol=PROTOCOL,
        content_digest=game.content_digest(),
    )  # fmt: skip
    seats = [SeatRow(i, "human", None, "", f"x{i}" if i < claimed else None) for i in range(humans)]
    storage.create_table(row, [*seats, SeatRow(humans, "bot", "random", "b", None)])
    return row.id


def test_the_deal_waits_for_every_value_then_derives_the_seed(db_url: str) -> None:
    """caiquan.fair/2 in storage: each seated person gives one value; the deal waits for
    every seat to be taken and every value (or the deadline), fills a missing value with the
    server's committed stand-in, derives the seed from all of them, and happens once."""
    import time

    from caiquan.engine.fair import deal_seed, server_value

    storage = Storage(db_url)
    try:
        storage.migrate()
        tid = _shuffling(storage, humans=2, claimed=1)
        assert storage.contribute(tid, 0, "11" * 16) == "kept"
        assert storage.contribute(tid, 0, "11" * 16) == "again"  # a reload sends it again
        assert storage.contribute(tid, 0, "22" * 16) == "other"  # one value a seat
        assert storage.contribute(tid, 1, "33" * 16) == "no_seat"  # not taken yet
        assert storage.contribute(tid, 2, "33" * 16) == "no_seat"  # the bot's
        assert storage.deal(tid, time.time() + 60) is None  # seat 1 is free
        assert storage.shuffle_due(time.time() + 60) == []
        assert storage.claim_seat(tid, 1, "b", "x1") == (1, "waiting")  # not dealt yet
        assert storage.deal(tid, 0.0) is None  # seat 1's value may still come
        assert storage.shuffle_due(0.0) == []
        assert storage.shuffle_due(time.time() + 60) == [tid]  # … until the deadline
        assert storage.contribute(tid, 1, "33" * 16) == "kept"
        assert storage.shuffle_due(0.0) == [tid]  # every value in: due at once
        seed = storage.deal(tid, 0.0)
        assert seed == deal_seed("ab" * 32, [(0, "11" * 16), (1, "33" * 16)])
        assert storage.deal(tid, time.time() + 60) is None  # once
        assert storage.contribute(tid, 1, "33" * 16) == "dealt"
        row = storage.get_table(tid)
        assert row is not None and (row.status, row.seed) == ("playing", seed)
        assert not row.shuffling and storage.shuffle_due(time.time() + 60) == []
        seats = storage.get_seats(tid)
        assert [(s.entropy, s.entropy_by) for s in seats] == [
            ("11" * 16, "player"), ("33" * 16, "player"), (None, None),
        ]  # fmt: skip
        # a seat whose client sent nothing gets the value the nonce fixed, past the deadline
        storage.close()
        storage = Storage(db_url)
        with storage.engine.begin() as conn:
            import sqlalchemy as sa

            for t in ("seats", "tables"):
                conn.execute(sa.text(f"DELETE FROM {t}"))
        tid = _shuffling(storage, humans=2, claimed=2)
        assert storage.contribute(tid, 1, "44" * 16) == "kept"
        assert storage.deal(tid, 0.0) is None
        seed = storage.deal(tid, time.time() + 60)
        stand_in = server_value("ab" * 32, 0)
        assert seed == deal_seed("ab" * 32, [(0, stand_in), (1, "44" * 16)])
        seats = storage.get_seats(tid)
        assert [(s.entropy, s.entropy_by) for s in seats[:2]] == [
            (stand_in, "server"), ("44" * 16, "player"),
        ]  # fmt: skip
    finally:
        storage.close()


def test_a_value_and_the_deal_racing_agree(db_url: str) -> None:
    """Threads give a value while others deal at its deadline: exactly one deal happens, and
    the seed is made of the values the seats hold afterwards (none slips in after it)."""
    import time

    from caiquan.engine.fair import deal_seed

    storage = Storage(db_url)
    try:
        storage.migrate()
        for attempt in range(10):
            with storage.engine.begin() as conn:
                import sqlalchemy as sa

                for t in ("seats", "tables"):
                    conn.execute(sa.text(f"DELETE FROM {t}"))
            tid = _shuffling(storage, humans=1, claimed=1)
            seeds: list[int | None] = []
            answers: list[str] = []

            def deal(tid: str = tid, seeds: list[int | None] = seeds) -> None:
                seeds.append(storage.deal(tid, time.time() + 60))

            def give(tid: str = tid, answers: list[str] = answers, n: int = attempt) -> None:
                answers.append(storage.contribute(tid, 0, f"{n:02d}" * 16))

            threads = [threading.Thread(target=deal) for _ in range(3)]
            threads.append(threading.Thread(target=give))
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            dealt = [s for s in seeds if s is not None]
            assert len(dealt) == 1, seeds
            (seat,) = [s for s in storage.get_seats(tid) if s.kind == "human"]
            assert seat.entropy is not None
            assert dealt[0] == deal_seed("ab" * 32, [(0, seat.entropy)])
            assert (answers[0] == "kept") == (seat.entropy_by == "player"), (answers, seat)
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
