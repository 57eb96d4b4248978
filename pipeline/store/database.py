"""The DuckDB store: schema, batched idempotent writes, the files' import state.

One writer. Every batch is one transaction: its hands with all their rows, and the
state of each file whose last hands it holds, so a crash never leaves half a hand
and a file is only marked imported once all its hands are in. A hand already in
the store (same site and hand id) is skipped, whichever file it came from.
"""
from __future__ import annotations

import re
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import duckdb

from pipeline.store import handoff, migrate

if TYPE_CHECKING:  # imported where a batch is written: a reader starts without pyarrow
    import pyarrow as pa

SCHEMA = (Path(__file__).parent / "schema.sql").read_text("utf-8")
CHILD_TABLES = ("hand_players", "actions", "collections", "showdowns", "tournament_finishes",
                "verdicts", "findings")


@dataclass
class FileState:
    """What the store knows of a file from earlier imports."""

    file_id: int
    path: str
    size: int
    hash: str
    resume_offset: int
    prefix_hash: str
    format: str | None
    encoding: str | None
    hands: int
    errors: int


SCHEMA_VERSION = "13"  # raise it whenever schema.sql changes what is stored (and add a
#                        step to pipeline/store/migrate.py from the version before)


class SchemaError(RuntimeError):
    """A database written by another version of handlens."""


LOCK_WAIT = 10.0  # seconds a writer waits for readers (a dashboard page) to let go
READERS_WAIT = 600.0  # seconds a writer that gave way waits to take the file back
POLL = 0.2  # seconds between a writer's tries to open a held file
READER_POLL = 0.02  # a reader's (the writer lets go between transactions: soon)
TELL_AFTER = 1.0  # seconds of waiting before the person is told
_HOLDER = re.compile(r"lock is held in (.*?) \(PID (\d+)\)")


class DatabaseBusy(RuntimeError):
    """Another process holds the database file (an import writing it, a reader)."""


def connect(path: str | Path, read_only: bool = False, wait: float | None = None,
            waiting: Callable[[str], None] | None = None) -> duckdb.DuckDBPyConnection:
    """Open the database (and, to write, create or check its schema).

    While another process holds the file, wait up to ``wait`` seconds (by default
    none to read: the dashboard decides itself what to show meanwhile; LOCK_WAIT to
    write: a dashboard page holds it for a fraction of a second), telling
    ``waiting`` once; then DatabaseBusy."""
    if wait is None:
        wait = 0.0 if read_only else LOCK_WAIT
    con = _open(path, read_only, wait, waiting)
    tables = {r[0] for r in con.execute("SELECT table_name FROM information_schema.tables"
                                        ).fetchall()}
    version = None
    if "meta" in tables:
        rows = con.execute("SELECT value FROM meta WHERE key = 'schema'").fetchall()
        version = rows[0][0] if rows else None
    if tables and version != SCHEMA_VERSION and migrate.can_upgrade(version, SCHEMA_VERSION):
        if read_only:  # brought up to date by a writer, then read
            con.close()
            connect(path, wait=wait or LOCK_WAIT, waiting=waiting).close()
            return connect(path, read_only=True, wait=wait, waiting=waiting)
        con.execute("BEGIN TRANSACTION").fetchall()
        try:
            migrate.upgrade(con, version, SCHEMA_VERSION)
            con.execute("COMMIT").fetchall()
        except BaseException:
            con.execute("ROLLBACK").fetchall()
            con.close()
            raise
        version = SCHEMA_VERSION
    if tables and version != SCHEMA_VERSION:
        con.close()
        raise SchemaError(f"{path} was written by another version of handlens (schema "
                          f"{version or 'unknown'}, this one writes {SCHEMA_VERSION}): "
                          f"import into a new database file")
    if not read_only:  # one transaction: a process killed meanwhile leaves no half schema
        con.execute("BEGIN TRANSACTION").fetchall()
        con.execute(SCHEMA).fetchall()
        if not tables:
            con.execute("INSERT INTO meta VALUES ('schema', ?)", [SCHEMA_VERSION]).fetchall()
        con.execute("COMMIT").fetchall()
    return con


def _open(path: str | Path, read_only: bool, wait: float,
          waiting: Callable[[str], None] | None) -> duckdb.DuckDBPyConnection:
    """Open the file, retrying while another process holds it. A reader asks the
    writer for the file meanwhile (pipeline/store/handoff.py) and tries often; a writer
    tries every POLL seconds. ``waiting`` is told once, after TELL_AFTER seconds."""
    start = time.monotonic()
    told = False
    with ExitStack() as asking:
        request = None
        while True:
            try:
                con = duckdb.connect(str(path), read_only=read_only)
                # no progress bar of DuckDB's own: the commands draw theirs
                con.execute("SET enable_progress_bar = false").fetchall()
                return con
            except duckdb.IOException as exc:
                if "lock" not in str(exc).lower():
                    raise
                holder = _holder(str(exc))
                waited = time.monotonic() - start
                if waited >= wait:
                    if wait <= 0 and waiting is None:
                        raise  # the caller (the dashboard) handles a busy file itself
                    raise DatabaseBusy(f"{path} is in use by {holder}; still busy after "
                                       f"{wait:.0f} s (--wait SECONDS waits longer)") from None
                if read_only:
                    if request is None:
                        request = asking.enter_context(handoff.Request(path))
                    request.renew()
                if waiting is not None and not told and waited >= TELL_AFTER:
                    waiting(f"{path} is in use by {holder}: waiting up to {wait:.0f} s "
                            f"for it (Ctrl-C stops)")
                    told = True
                time.sleep(READER_POLL if read_only else POLL)


def _holder(message: str) -> str:
    """Who holds the file, from DuckDB's message: "process 1234 (python3.11)"."""
    m = _HOLDER.search(message)
    if m is None:
        return "another process"
    return f"process {m.group(2)} ({Path(m.group(1)).name})"


class Store:
    def __init__(self, path: str | Path, threads: int | None = None, wait: float | None = None,
                 waiting: Callable[[str], None] | None = None) -> None:
        self.path, self.threads, self.waiting = path, threads, waiting
        self.con = connect(path, wait=wait, waiting=waiting)
        self._settings()

    def _settings(self) -> None:
        if self.threads:  # the importer's writer: the cores belong to the parsing workers
            self._run(f"SET threads = {int(self.threads)}")
            # checkpoint every 64 MB of log (not 16: fewer, larger writes), in bounded memory
            self._run("SET checkpoint_threshold = '64MB'")
            self._run("SET memory_limit = '512MB'")

    def close(self) -> None:
        self.con.close()

    def give_way(self) -> bool:
        """Between transactions: if a reader asks for the file (pipeline/store/handoff.py),
        let go of it until the readers have had it, then take it again. True if it did."""
        if not handoff.asked(self.path):
            return False
        self.con.close()
        deadline = time.monotonic() + handoff.FRESH
        while handoff.asked(self.path) and time.monotonic() < deadline:
            time.sleep(READER_POLL)  # (each reader takes back its request once it reads)
        self.con = _open(self.path, False, READERS_WAIT, self.waiting)
        self._settings()
        return True

    def _run(self, sql: str, params: list | None = None) -> list[tuple]:
        """Execute one statement and take all its rows (DuckDB keeps results pending)."""
        return self.con.execute(sql, params or []).fetchall()

    def file_states(self) -> dict[str, FileState]:
        rows = self._run(
            "SELECT file_id, path, size, hash, resume_offset, prefix_hash, format, encoding,"
            " hands, errors FROM files")
        return {r[1]: FileState(*r) for r in rows}

    def meta(self, key: str) -> str | None:
        rows = self._run("SELECT value FROM meta WHERE key = ?", [key])
        return rows[0][0] if rows else None

    def has_hands(self) -> bool:
        return bool(self._run("SELECT count(*) FROM (SELECT 1 FROM hands LIMIT 1)")[0][0])

    def set_meta(self, key: str, value: str | None) -> None:
        """``meta``'s ``key`` set to ``value`` (None: removed)."""
        self._run("DELETE FROM meta WHERE key = ?", [key])
        if value is not None:
            self._run("INSERT INTO meta VALUES (?, ?)", [key, value])

    def next_file_id(self) -> int:
        return self._run("SELECT coalesce(max(file_id), 0) + 1 FROM files")[0][0]

    def write(self, tables: dict[str, pa.Table], files: list[FileState],
              drop_errors_from: dict[int, int] | None = None,
              replace_from: dict[int, int] | None = None) -> tuple[int, int, int]:
        """Write one batch in one transaction; returns the hands new (of games the
        engine plays), new of other games, and already stored.

        ``drop_errors_from`` maps file_id → byte offset: parse errors recorded at or
        after it are dropped first (the text there is being read again);
        ``replace_from`` the same for stored hands (the tail of a grown file, whose
        last hand was stored before it was whole: it is judged again).
        """
        return self.write_many([(tables, files, drop_errors_from, replace_from)])[0]

    def write_many(self, batches: list[tuple]) -> list[tuple[int, int, int]]:
        """Write batches (``write``'s arguments each), one after the other, in one
        transaction: one commit for all (a commit costs tens of milliseconds)."""
        self._run("BEGIN TRANSACTION")
        try:
            out = [self._write_one(*batch) for batch in batches]
            self._run("COMMIT")
        except BaseException as exc:
            try:
                self._run("ROLLBACK")
            except duckdb.TransactionException:
                pass  # DuckDB ended the transaction itself (an interrupted commit)
            if isinstance(exc, RuntimeError) and "interrupted" in str(exc).lower():
                raise KeyboardInterrupt from exc  # Ctrl-C reached DuckDB first
            raise
        return out

    def _write_one(self, tables: dict[str, pa.Table], files: list[FileState],
                   drop_errors_from: dict[int, int] | None = None,
                   replace_from: dict[int, int] | None = None) -> tuple[int, int, int]:
        con = self.con
        for file_id, offset in (drop_errors_from or {}).items():
            self._run("DELETE FROM parse_errors WHERE file_id = ? AND byte_offset >= ?",
                      [file_id, offset])
            if offset == 0:  # the whole file read again: a summary's result too
                self._run("DELETE FROM tournament_results WHERE file_id = ?", [file_id])
        replaced = sum(self._drop_hands(file_id, offset)
                       for file_id, offset in (replace_from or {}).items())
        new, new_unsupported, dup = self._write_hands(tables)
        if replaced:  # read again, not new
            new = max(new - replaced, 0)
        errors = tables["parse_errors"]
        if errors.num_rows:
            con.register("batch_errors", errors)
            self._run("INSERT INTO parse_errors SELECT * FROM batch_errors")
            con.unregister("batch_errors")
        results = tables.get("tournament_results")
        if results is not None and results.num_rows:  # in place of what was said before
            con.register("batch_results", results)
            self._run("DELETE FROM tournament_results t USING batch_results b"
                      " WHERE t.site = b.site AND t.tournament_id = b.tournament_id"
                      " AND (t.player IS NOT DISTINCT FROM b.player OR t.player IS NULL"
                      " OR b.player IS NULL)")
            self._run("INSERT INTO tournament_results SELECT * FROM batch_results")
            con.unregister("batch_results")
        self._save_files(files)
        return new, new_unsupported, dup

    def _drop_hands(self, file_id: int, offset: int) -> int:
        """Delete the hands stored from a file at or after a byte offset, with their
        rows; returns how many."""
        where = "file_id = ? AND byte_offset >= ?"
        n = self._run(f"SELECT count(*) FROM hands WHERE {where}", [file_id, offset])[0][0]
        if n:
            for name in CHILD_TABLES:
                self._run(f"DELETE FROM {name} WHERE (site, hand_id) IN "
                          f"(SELECT site, hand_id FROM hands WHERE {where})", [file_id, offset])
            self._run(f"DELETE FROM hands WHERE {where}", [file_id, offset])
        self._run(f"DELETE FROM hand_copies WHERE {where}", [file_id, offset])
        return n

    def _write_hands(self, tables: dict[str, pa.Table]) -> tuple[int, int, int]:
        con = self.con
        hands = tables["hands"]
        copies = tables.get("hand_copies")
        if copies is not None and copies.num_rows:  # read twice within the batch
            con.register("batch_copies", copies)
            self._run("INSERT INTO hand_copies SELECT * FROM batch_copies")
            con.unregister("batch_copies")
        if hands.num_rows == 0:
            return 0, 0, 0
        con.register("batch_hands", hands)
        dup = self._run(
            "SELECT count(*) FROM batch_hands b SEMI JOIN hands h USING (site, hand_id)"
        )[0][0]
        if dup == 0:
            import pyarrow.compute as pc
            unsupported = hands.num_rows - pc.sum(hands["supported"]).as_py()
            self._run("INSERT INTO hands SELECT * FROM batch_hands")
            for name in CHILD_TABLES:
                con.register("batch_rows", tables[name])
                self._run(f"INSERT INTO {name} SELECT * FROM batch_rows")
                con.unregister("batch_rows")
        else:  # hands stored before: each a further copy, kept with its place
            self._run("INSERT INTO hand_copies SELECT b.site, b.hand_id, b.file_id,"
                      " b.byte_offset, b.byte_length, b.line, b.content"
                      " FROM batch_hands b SEMI JOIN hands h USING (site, hand_id)")
            self._run("CREATE OR REPLACE TEMP TABLE batch_new AS SELECT site, hand_id"
                        " FROM batch_hands b ANTI JOIN hands h USING (site, hand_id)")
            self._run("INSERT INTO hands SELECT b.* FROM batch_hands b"
                        " SEMI JOIN batch_new n USING (site, hand_id)")
            unsupported = self._run(
                "SELECT count(*) FROM batch_hands b SEMI JOIN batch_new n USING (site, hand_id)"
                " WHERE NOT b.supported")[0][0]
            for name in CHILD_TABLES:
                con.register("batch_rows", tables[name])
                self._run(f"INSERT INTO {name} SELECT b.* FROM batch_rows b"
                            " SEMI JOIN batch_new n USING (site, hand_id)")
                con.unregister("batch_rows")
            self._run("DROP TABLE batch_new")
        con.unregister("batch_hands")
        new = hands.num_rows - dup
        return new - unsupported, unsupported, dup

    def _save_files(self, files: list[FileState]) -> None:
        """Upsert files' states (a file listed twice: its last state); their hand and
        error counts are counted from the store. A few statements for all of them (a
        folder of small files writes hundreds at once)."""
        if not files:
            return
        last = {f.file_id: f for f in files}
        ids = list(last)
        errors = dict(self._run("SELECT file_id, count(*) FROM parse_errors"
                                " WHERE file_id IN (SELECT unnest(?)) GROUP BY file_id", [ids]))
        hands = dict(self._run("SELECT file_id, count(*) FROM hands"
                               " WHERE file_id IN (SELECT unnest(?)) GROUP BY file_id", [ids]))
        now, values = datetime.now(), []
        for f in files:
            f.errors = errors.get(f.file_id, 0)
            f.hands = f.errors + hands.get(f.file_id, 0)
        for f in last.values():
            values += [f.file_id, f.path, f.size, f.hash, f.resume_offset, f.prefix_hash,
                       f.format, f.encoding, f.hands, f.errors, now]
        self._run("DELETE FROM files WHERE file_id IN (SELECT unnest(?))", [ids])
        self._run("INSERT INTO files VALUES "
                  + ", ".join(["(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"] * len(last)), values)
