"""A Parquet dataset compared with a DuckDB store (or another dataset), table by table."""
from __future__ import annotations

from pathlib import Path

import duckdb

from pipeline.dataset import layout
from pipeline.store.database import CHILD_TABLES as CHILDREN

def _parts(folder: str, table: str) -> str | None:
    """read_parquet of the parts the dataset's manifest lists for ``table`` (None: none)."""
    parts = layout.read_manifest(folder)["parts"][table]
    return f"read_parquet({[f'{folder}/{p}' for p in parts]})" if parts else None


def _rows(con: duckdb.DuckDBPyConnection, table: str, source: str) -> str | None:
    """A query of ``table``'s rows in ``source`` (the store ``s``, or a dataset folder:
    the parts its manifest lists), the file id replaced by the file's path (ids
    differ: a counter there, a digest here; the dataset's child rows carry it too)."""
    if source == "s":
        frm, files = f"s.{table}", "s.files"
    else:
        frm, files = _parts(source, table), _parts(source, "files")
        if frm is None:
            return None
    if table == "files":
        return (f"SELECT path, size, hash, resume_offset, prefix_hash, format, encoding, hands,"
                f" errors FROM {frm}")
    if table in ("hands", "hand_copies"):
        return f"SELECT t.* EXCLUDE (file_id), f.path FROM {frm} t JOIN {files} f USING (file_id)"
    if table in ("parse_errors", "tournament_results") or (source != "s" and table in CHILDREN):
        return f"SELECT * EXCLUDE (file_id) FROM {frm}"
    return f"SELECT * FROM {frm}"


def _differences(con, left: str, right: str) -> dict[str, tuple[int, int]]:
    """Per table: rows only in ``left``, rows only in ``right`` (where any)."""
    out = {}
    for table in layout.TABLES:
        a, b = _rows(con, table, left), _rows(con, table, right)
        if a is None or b is None:  # a dataset without parts of the table: no rows
            only = [0 if x is None else con.execute(f"SELECT count(*) FROM ({x})"
                                                    ).fetchall()[0][0] for x in (a, b)]
        else:
            only = [con.execute(f"SELECT count(*) FROM ({x} EXCEPT ALL {y})").fetchall()[0][0]
                    for x, y in ((a, b), (b, a))]
        if any(only):
            out[table] = tuple(only)
    return out


def compare(store: Path | None, *datasets: Path) -> dict:
    con = duckdb.connect()
    if store is not None:
        con.execute(f"ATTACH '{store}' AS s (READ_ONLY)")
    first = "s" if store is not None else str(datasets[0])
    try:
        return {str(d): diff for d in datasets
                if (diff := _differences(con, first, str(d)))}
    finally:
        con.close()


