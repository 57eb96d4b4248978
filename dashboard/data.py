"""Where the dashboard gets its figures: cached, read-only, patient with importers.

``fetch(name, *args)`` runs one of the queries below on a read-only connection
that lives for one run of a page (``close()`` ends it), so that an importer is kept
waiting as little as possible. Results are cached on (query, database path, the
file's size and modification time, arguments): an import changes the file, so its
hands show on the next run of a page. While another process writes (``handlens import`` holds
DuckDB's lock), opening fails: ``fetch`` tries again briefly, then hands back the
last figures it had for the same question and marks the run as stale, or raises
``Busy`` when it has none. The page frame turns these into a short notice.

With HANDLENS_PARQUET set (``handlens dashboard --parquet DIR``) the pages read a
Parquet dataset instead, through pipeline.dataset.views: opened once per version of
its manifest (the audit between hands computed when a page first asks for it), each
run of a page given a cursor of it; it is never busy.
"""
from __future__ import annotations

import os
import threading
import time
from collections import OrderedDict
from pathlib import Path

import duckdb
import streamlit as st

from pipeline.export.table import steps
from pipeline import audit
from pipeline.dataset.layout import MANIFEST
from pipeline.export import forum, hands as exported
from pipeline.dataset.views import add_audit, cursor, open_dataset
from pipeline.read import (drift, hand_list, leaks, live, marks, matrix, prices, queries,
                           report_card, reports, sessions, tournaments)
from pipeline.store.database import DatabaseBusy

DB_ENV = "HANDLENS_DB"
PARQUET_ENV = "HANDLENS_PARQUET"  # a Parquet dataset's folder: read instead of a database
DEFAULT_DB = "handlens.duckdb"

# the questions the pages may ask: a fixed list, nothing else is run
QUERIES = {
    "hero": queries.hero,
    "store_notice": queries.store_notice,
    "players": queries.players,
    "people": queries.people,
    "find_players": queries.find_players,
    "options": queries.options,
    "kind_counts": queries.kind_counts,
    "overview": queries.overview,
    "positions": queries.positions,
    "starting_hands": queries.starting_hands,
    "hand_list": hand_list.hand_list,
    "tag_names": hand_list.tag_names,
    "notes_on": marks.notes_on,
    "forum": forum.forum,
    "stars": lambda con, site, hand_id: exported.hand_text(con, "stars", site, hand_id),
    "report_card": report_card.report_card,
    "verification": queries.verification,
    "stat_table": reports.stat_table,
    "matrix": matrix.matrix,
    "leaks": leaks.leaks,
    "price_check": prices.price_check,
    "sessions": sessions.sessions,
    "compare": reports.compare,
    "report": reports.report,
    "tournaments": tournaments.tournaments,
    "tournament_summary": tournaments.summary,
    "final_table_allins": tournaments.final_table_allins,
    "replay": steps.load,
    "between_hands": audit.between_hands,
    "live": live.live,
    "drift": drift.alarms,
}
HANDOFF_WAIT = 3.0  # seconds a query waits for a writer to give way between transactions
BUSY_MEMORY = 2.0  # after the file stayed held that long, try only once for this many seconds
LAST_KEPT = 256  # figures kept to show while an import writes


class Busy(Exception):
    """Another process is writing the database and there are no earlier figures."""


class NoDatabase(Exception):
    """There is no database file at the path given."""


_last: OrderedDict = OrderedDict()  # (name, path, args) -> result, most recent last
_last_lock = threading.Lock()  # sessions run in threads of their own
_busy_seen = [0.0]
_run = threading.local()  # this script run's connection


def dataset_path() -> str | None:
    """The Parquet dataset the dashboard reads, if it reads one."""
    folder = os.environ.get(PARQUET_ENV)
    if folder and "://" in folder:  # an address (s3://, gs://, file://...): as given
        return folder
    return str(Path(folder).resolve()) if folder else None


def db_path() -> str:
    return dataset_path() or str(Path(os.environ.get(DB_ENV) or DEFAULT_DB).resolve())


def signature(path: str) -> tuple:
    """What changes when the database is written: size and time of the file and
    of its write-ahead log (of a dataset: of its manifest, written last)."""
    if "://" in path:  # a dataset at an address (no times there to trust): its manifest
        from pipeline.dataset.layout import read_manifest
        manifest = read_manifest(path) or {}
        return manifest.get("written_at"), manifest.get("last_import", {}).get("seconds")
    out = []
    names = (os.path.join(path, MANIFEST), None) if path == dataset_path() else (
        path, path + ".wal")
    for p in names:
        if p is None:
            out.append(None)
            continue
        try:
            s = os.stat(p)
            out.append((s.st_size, s.st_mtime_ns))
        except FileNotFoundError:
            out.append(None)
    return tuple(out)


def _locked(exc: Exception) -> bool:
    """DuckDB's words for a file another connection holds: a lock held by another
    process, or (same process) a connection opened with another configuration."""
    text = str(exc).lower()
    return "lock" in text or "different configuration" in text


_datasets: dict[str, list] = {}  # path -> [signature, connection, audited]
_datasets_lock = threading.Lock()


def _dataset(path: str, audited: bool = False) -> duckdb.DuckDBPyConnection:
    """A cursor of the dataset's views, opened once per version of its manifest; with
    ``audited``, the audit between hands computed first (once: only the pages that
    show it wait for it)."""
    sig = signature(path)
    with _datasets_lock:
        held = _datasets.get(path)
        if held is None or held[0] != sig:
            held = _datasets[path] = [sig, open_dataset(path, audit=False), False]
        if audited and not held[2]:
            add_audit(held[1])
            held[2] = True
        return cursor(held[1])


def connect(path: str) -> duckdb.DuckDBPyConnection:
    """A read-only connection; ``Busy`` if the file stays locked for a moment."""
    if path == dataset_path():
        return _dataset(path)
    wait = HANDOFF_WAIT if time.monotonic() - _busy_seen[0] > BUSY_MEMORY else 0.0
    try:
        return queries.open_read_only(path, wait=wait)
    except (duckdb.IOException, duckdb.ConnectionException, DatabaseBusy) as exc:
        if not isinstance(exc, DatabaseBusy) and not _locked(exc):
            raise
    _busy_seen[0] = time.monotonic()
    raise Busy(path)


def _connection(path: str) -> duckdb.DuckDBPyConnection:
    """The connection of this run, opened on the first query that is not cached."""
    held = getattr(_run, "held", None)
    if held is not None and held[0] == path:
        return held[1]
    close()
    con = connect(path)
    _run.held = (path, con)
    return con


def close() -> None:
    """End this run's connection (the app's frame calls it when a page is drawn)."""
    held = getattr(_run, "held", None)
    _run.held = None
    if held is not None:
        held[1].close()


@st.cache_data(show_spinner=False, max_entries=512)
def _cached(name: str, path: str, sig: tuple, args: tuple):
    if name == "between_hands" and path == dataset_path():  # the audit's tables first
        _dataset(path, audited=True).close()
    return QUERIES[name](_connection(path), *args)


def fetch(name: str, *args):
    """The result of query ``name`` with ``args`` over the dashboard's database."""
    path = db_path()
    sig = signature(path)
    if sig[0] is None:
        raise NoDatabase(path)
    key = (name, path, args)
    try:
        result = _cached(name, path, sig, args)
    except Busy:
        with _last_lock:
            if key not in _last:
                raise
            earlier = _last[key]
        st.session_state["handlens_stale"] = True
        return earlier
    with _last_lock:
        _last[key] = result
        _last.move_to_end(key)
        while len(_last) > LAST_KEPT:
            _last.popitem(last=False)
    return result
