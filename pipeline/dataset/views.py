"""A Parquet dataset (pipeline/dataset/layout.py) read as if it were the store.

``open_dataset(DIR)`` gives an in-memory DuckDB connection whose views carry the
names and columns of the store's tables, over ``read_parquet([...])`` of exactly the
parts the manifest lists (never a glob: a part written since, or left by a crash, is
not read), so the commands' and the dashboard's queries run unchanged. file_id is
BIGINT here (a digest of the path; INTEGER in the store); the child tables' parts
carry it too, and their views leave it out.

The notes, tags and aliases a person writes over a dataset are a side table the user
can write: a DuckDB file in the dataset's folder (``MARKS_FILE``), attached (read-only,
unless ``marks_writable``) ahead of the views in the search path, so that ``notes``
names its table; with none, they are empty tables.

A hand found in several files is kept once, as ``handlens import`` keeps it: the
copy of the first file (by path, then byte offset) wins, the child tables keep only
the rows of the winning file (by file_id), and the other copies show in
``hand_copies``. Whether any hand occurs twice is in the manifest (the import
looks once); where it is not, it is looked up at open. Where none does, the views
are plain (no joins; ``files`` alone counts its hands kept, as the store does). The
audit between hands is computed into tables of the connection (``audit_sessions``,
``audit_findings``; at open, or later by ``add_audit``): Parquet is never written here.
Each part's footer is read once per connection; each scan still opens every part,
so fewer, larger parts read faster (pipeline/dataset/compact.py merges them).

A dataset at an address (``s3://``, ``gs://``, ``hdfs://``, ``file://``) is read
through pyarrow's file system for it: each table's parts as one pyarrow dataset that
DuckDB scans (columns and filters pushed down), since DuckDB's own reader of object
stores (httpfs) is an extension fetched at run time.
"""
from __future__ import annotations

import os
import re
import weakref

import duckdb

from pipeline.dataset.layout import LAYOUT, MANIFEST, TABLES, filesystem, read_manifest
from pipeline.store.database import CHILD_TABLES, SCHEMA, SCHEMA_VERSION, SchemaError

CHILDREN = CHILD_TABLES  # a hand's rows elsewhere, by site and hand_id
OVERLAYS = ("audit_sessions", "audit_findings")
COPY_COLUMNS = "site, hand_id, file_id, byte_offset, byte_length, line, content"
MARKS_FILE = "marks.duckdb"  # a dataset's notes, tags and aliases (the store's tables)
MARKS = ("notes", "tags", "aliases")


class DatasetError(RuntimeError):
    """A folder that is not a handlens dataset this version can read."""


def _statements() -> tuple[dict[str, str], list[str]]:
    """The store's CREATE TABLE statements by table (file ids BIGINT) and its views."""
    text = re.sub(r"--[^\n]*", "", SCHEMA)
    tables = {m.group(1): m.group(0).replace("file_id INTEGER", "file_id BIGINT")
              for m in re.finditer(r"CREATE TABLE IF NOT EXISTS (\w+) \(.*?\);", text, re.S)}
    views = re.findall(r"CREATE OR REPLACE VIEW .*?;", text, re.S)
    return tables, views


def _quote(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def open_dataset(out: str, audit: bool = True, marks_writable: bool = False
                 ) -> duckdb.DuckDBPyConnection:
    """An in-memory connection whose views read the dataset in ``out`` (see the
    module doc); ``audit=False`` leaves out the audit tables (they take a pass over
    every hand: the commands that do not read them skip it); ``marks_writable``: the
    notes, tags and aliases may be written (their file made if missing)."""
    remote = "://" in out
    if remote:
        root = out.rstrip("/")
        manifest = read_manifest(root)
    else:
        root = os.path.abspath(out)
        if any(c in root for c in "*?["):  # read_parquet would take them for a pattern
            raise DatasetError(f"{out}: a dataset's path cannot hold *, ? or [ (move it)")
        manifest = read_manifest(root) if os.path.isdir(root) else None
    if manifest is None:
        raise DatasetError(f"{out} is not a handlens dataset (no {MANIFEST})")
    if str(manifest.get("schema")) != SCHEMA_VERSION:
        raise SchemaError(f"{out} was written by another version of handlens (schema "
                          f"{manifest.get('schema') or 'unknown'}, this one reads "
                          f"{SCHEMA_VERSION}): import it again")
    if manifest.get("layout") != LAYOUT:
        raise DatasetError(f"{out} was written by an older handlens (a dataset without "
                           f"the list of its parts): import it again, into the same folder")
    con = duckdb.connect(":memory:")
    con.execute("SET enable_progress_bar = false").fetchall()
    # each part's footer read once per connection, not once per query
    con.execute("SET parquet_metadata_cache = true").fetchall()
    tables, views = _statements()
    con.execute("CREATE TABLE meta (key VARCHAR NOT NULL, value VARCHAR)").fetchall()
    con.execute("INSERT INTO meta VALUES ('schema', ?), ('dataset', ?), ('stats', ?)",
                [SCHEMA_VERSION, root, str(manifest.get("stats") or "1")]).fetchall()
    sources = {}
    store = filesystem(root) if remote else None  # (one client for every table)
    for name in TABLES:
        parts = manifest["parts"].get(name)
        if parts and store is not None:
            sources[name] = _register(con, store, name, parts)
        elif parts:
            sources[name] = ("read_parquet([" + ", ".join(_quote(f"{root}/{p}") for p in parts)
                             + "])")
        else:  # no part: an empty table of the store's columns
            con.execute(tables[name].replace(f"IF NOT EXISTS {name}", f"empty_{name}")).fetchall()

    def source(name: str) -> str:
        return sources.get(name, f"empty_{name}")

    twice = manifest.get("duplicates")  # True, False, or None: not known
    losers = "hands" in sources and twice is not False and _losers(con, source, twice)

    for name in sorted(TABLES, key=lambda n: n == "files"):  # files reads hands
        columns = "* EXCLUDE (file_id)" if name in CHILDREN and name in sources else "*"
        sql = f"SELECT {columns} FROM {source(name)}"
        if losers and name in sources and (name == "hands" or name in CHILDREN):
            sql = (f"SELECT t.{columns} FROM {source(name)} t"
                   f" ANTI JOIN dataset_losers l ON t.site = l.site AND t.hand_id = l.hand_id"
                   f" AND t.file_id = l.file_id")
        elif losers and name == "hand_copies":
            sql += f" UNION ALL SELECT {COPY_COLUMNS} FROM dataset_losers"
        elif name == "files":  # its hands as the store counts them: those kept, and errors
            sql = (f"SELECT f.* REPLACE (f.errors + coalesce(k.n, 0) AS hands)"
                   f" FROM {source(name)} f LEFT JOIN"
                   f" (SELECT file_id, count(*)::INTEGER AS n FROM hands GROUP BY file_id) k"
                   f" USING (file_id)")
        con.execute(f"CREATE VIEW {name} AS {sql}").fetchall()
    for view in views:
        con.execute(view).fetchall()
    _attach_marks(con, None if remote else os.path.join(root, MARKS_FILE), tables,
                  marks_writable)
    if audit:
        add_audit(con)
    return con


def _attach_marks(con: duckdb.DuckDBPyConnection, path: str | None, tables: dict[str, str],
                  writable: bool) -> None:
    """The dataset's notes, tags and aliases: its marks file attached first in the
    search path (made, with its tables, when ``writable``), else empty tables."""
    if path is None or not (writable or os.path.exists(path)):
        if writable:
            raise DatasetError("notes, tags and aliases are written beside a dataset in "
                               "a folder of this machine")
        for name in MARKS:
            con.execute(tables[name]).fetchall()
        return
    con.execute(f"ATTACH {_quote(path)} AS marks" + ("" if writable else " (READ_ONLY)")
                ).fetchall()
    if writable:
        for name in MARKS:
            con.execute(tables[name].replace(f"IF NOT EXISTS {name}",
                                             f"IF NOT EXISTS marks.{name}")).fetchall()
    else:
        have = {r[0] for r in con.execute("SELECT table_name FROM duckdb_tables() WHERE "
                                          "database_name = 'marks'").fetchall()}
        for name in sorted(set(MARKS) - have):
            con.execute(tables[name]).fetchall()
    con.execute("SET search_path = 'marks.main,memory.main'").fetchall()


def _register(con: duckdb.DuckDBPyConnection, store: tuple, name: str,
              parts: list[str]) -> str:
    """A table's parts in ``store`` (a pyarrow file system and the dataset's root in
    it) as a pyarrow dataset the connection scans; the name to read it by."""
    import pyarrow.dataset as pads
    filesystem_, root = store
    found = pads.dataset([f"{root}/{p}" for p in parts], format="parquet",
                         filesystem=filesystem_)
    con.register(f"parts_{name}", found)
    if id(con) not in _registered:
        weakref.finalize(con, _registered.pop, id(con), None)
    _registered.setdefault(id(con), {})[f"parts_{name}"] = found
    return f"parts_{name}"


# the pyarrow datasets registered on a connection (by its id, while it lives): a
# registration is the connection's own, so a cursor of it gets them again (``cursor``)
_registered: dict[int, dict] = {}


def cursor(con: duckdb.DuckDBPyConnection) -> duckdb.DuckDBPyConnection:
    """A cursor of a connection ``open_dataset`` gave (for another thread), its
    views' sources included."""
    cur = con.cursor()
    for name, found in _registered.get(id(con), {}).items():
        cur.register(name, found)
    return cur


def add_audit(con: duckdb.DuckDBPyConnection) -> None:
    """Compute the audit between hands into the tables audit_sessions and
    audit_findings of the connection (as the import keeps them in the store)."""
    from pipeline import audit

    tables, _ = _statements()
    for name in OVERLAYS:
        con.execute(tables[name]).fetchall()
    audit.store(con)


def _losers(con: duckdb.DuckDBPyConnection, source, known: bool | None = None) -> bool:
    """Find the hands read from several files; keep every copy but the first (by the
    file's path, then byte offset) in the table dataset_losers, with its file_id.
    False (and no table) where no hand occurs twice; ``known``: the manifest says
    some hand does (True), or does not say (None: counted here)."""
    # as many distinct hashes as hands: no hand twice (a collision only costs the joins)
    if not known and not con.execute(f"SELECT count(*) - count(DISTINCT hash(site, hand_id))"
                                     f" FROM {source('hands')}").fetchall()[0][0]:
        return False
    twice = (f"SELECT site, hand_id FROM {source('hands')} GROUP BY site, hand_id"
             f" HAVING count(*) > 1")
    con.execute(f"""
        CREATE TABLE dataset_losers AS
        WITH copies AS (
            SELECT h.site, h.hand_id, h.file_id, h.byte_offset, h.byte_length, h.line,
                   h.content,
                   row_number() OVER (PARTITION BY h.site, h.hand_id ORDER BY
                       string_split(f.path, '/'), h.byte_offset, h.file_id) AS n
            FROM {source('hands')} h SEMI JOIN ({twice}) t USING (site, hand_id)
                 LEFT JOIN {source('files')} f USING (file_id))
        SELECT * EXCLUDE (n) FROM copies WHERE n > 1""").fetchall()
    return True
