"""Export the stored hands for other tools: Parquet datasets or CSV files.

The hands chosen (the stats filters: player, dates, rooms, stakes, cash or
tournament; and verdicts) are written table by table, each row as stored (money
stays exact: DECIMAL in Parquet, its digits in CSV):

- Parquet: one dataset per table, partitioned by room and month
  (``hands/room=PokerStars/month=2026-11/data_0.parquet``), written by DuckDB's COPY;
- CSV: one file per table (``hands.csv``), with a header.

Every table keyed by hand (``TABLES``) is exported; read the datasets back with
``read_parquet('out/hands/**/*.parquet', hive_partitioning = true)`` or polars'
``scan_parquet``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import duckdb

from pipeline.queries import Filters, hand_where

# the tables keyed by (site, hand_id), the hands first
TABLES = ("hands", "hand_players", "actions", "collections", "showdowns", "verdicts",
          "findings", "player_hand_stats")
FORMATS = ("parquet", "csv")
STATUSES = ("ok", "warning", "failed", "unverifiable", "unsupported")


@dataclass
class Exported:
    """What an export wrote: rows per table, and where."""

    out: Path
    rows: dict[str, int] = field(default_factory=dict)

    @property
    def hands(self) -> int:
        return self.rows.get("hands", 0)


def _chosen(con: duckdb.DuckDBPyConnection, filters: Filters,
            statuses: tuple[str, ...]) -> None:
    """export_hands: the (site, hand_id) of each hand to export, with its room and month."""
    where, params = hand_where(filters)
    if statuses:
        where += " AND list_contains(?::VARCHAR[], v.status)"
        params.append(list(statuses))
    con.execute(f"""
        CREATE OR REPLACE TEMP TABLE export_hands AS
        SELECT h.site, h.hand_id, h.site AS room,
               coalesce(strftime(coalesce(h.played_at_utc, h.played_at), '%Y-%m'),
                        'unknown') AS month
        FROM hands h LEFT JOIN verdicts v USING (site, hand_id)
        WHERE {where}""", params).fetchall()


def _quoted(path: Path) -> str:
    return "'" + str(path).replace("'", "''") + "'"


def export(con: duckdb.DuckDBPyConnection, out: Path, fmt: str,
           filters: Filters = Filters(kind=None), statuses: tuple[str, ...] = ()) -> Exported:
    """Write the chosen hands' rows of every table under ``out`` (a folder, made if
    missing; what an earlier export left there for the same tables is replaced)."""
    if fmt not in FORMATS:
        raise ValueError(f"no export format {fmt!r} (one of {', '.join(FORMATS)})")
    out.mkdir(parents=True, exist_ok=True)
    _chosen(con, filters, statuses)
    done = Exported(out)
    try:
        for table in TABLES:
            rows = f"""SELECT t.*{', e.room, e.month' if fmt == 'parquet' else ''}
                       FROM {table} t JOIN export_hands e USING (site, hand_id)"""
            if fmt == "parquet":
                target = out / table
                options = "FORMAT parquet, PARTITION_BY (room, month), OVERWRITE_OR_IGNORE"
            else:
                target = out / f"{table}.csv"
                options = "FORMAT csv, HEADER"
            written = con.execute(f"COPY ({rows}) TO {_quoted(target)} ({options})").fetchall()
            done.rows[table] = int(written[0][0]) if written else 0
            if fmt == "parquet" and not done.rows[table]:
                # no partition to write: one empty file keeps the dataset and its columns
                target.mkdir(parents=True, exist_ok=True)
                con.execute(f"COPY ({rows} LIMIT 0) TO {_quoted(target / 'empty.parquet')}"
                            " (FORMAT parquet)").fetchall()
    finally:
        con.execute("DROP TABLE IF EXISTS export_hands").fetchall()
    return done
