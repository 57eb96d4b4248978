"""Compare two handlens stores table by table (EXCEPT ALL both ways).

    python bench/same_store.py A.duckdb B.duckdb
    python bench/same_store.py --parquet DIR_A DIR_B

Columns that differ from run to run whatever the code (when a file was imported) are
left out. Prints each table's row count and the rows found on one side only; exits 1
when any table differs.
"""
from __future__ import annotations

import argparse
import sys

import duckdb

RUN_COLUMNS = {"imported_at", "written_at", "checked_at", "created_at"}


def _tables(con: duckdb.DuckDBPyConnection, alias: str) -> dict[str, list[str]]:
    rows = con.execute(
        "SELECT table_name, column_name FROM information_schema.columns"
        " WHERE table_catalog = ? ORDER BY table_name, ordinal_position", [alias]).fetchall()
    out: dict[str, list[str]] = {}
    for table, column in rows:
        out.setdefault(table, []).append(column)
    return out


def _attach_parquet(con: duckdb.DuckDBPyConnection, alias: str, folder: str) -> None:
    """Every table folder of a dataset as a view alias.table over all its parts."""
    from pathlib import Path
    con.execute(f"ATTACH ':memory:' AS {alias}")
    for table in sorted(p for p in Path(folder).iterdir() if p.is_dir()):
        if any(table.glob("*.parquet")):
            glob = str(table / "*.parquet").replace("'", "''")
            con.execute(f"CREATE VIEW {alias}.{table.name} AS "
                        f"SELECT * FROM read_parquet('{glob}', union_by_name = true)")


def compare(a: str, b: str, parquet: bool = False) -> int:
    con = duckdb.connect()
    for alias, path in (("a", a), ("b", b)):
        if parquet:
            _attach_parquet(con, alias, path)
        else:
            con.execute(f"ATTACH '{path}' AS {alias} (READ_ONLY)")
    ta, tb = _tables(con, "a"), _tables(con, "b")
    bad = 0
    for table in sorted(set(ta) | set(tb)):
        if table not in ta or table not in tb:
            print(f"{table}: only in {'a' if table in ta else 'b'}")
            bad += 1
            continue
        cols = [c for c in ta[table] if c in tb[table] and c not in RUN_COLUMNS]
        if cols != [c for c in tb[table] if c in ta[table] and c not in RUN_COLUMNS]:
            print(f"{table}: columns differ: {ta[table]} / {tb[table]}")
        listed = ", ".join(f'"{c}"' for c in cols)
        n = con.execute(f"SELECT count(*) FROM a.{table}").fetchone()[0]
        diffs = []
        for x, y in (("a", "b"), ("b", "a")):
            rows = con.execute(f"SELECT {listed} FROM {x}.{table} EXCEPT ALL "
                               f"SELECT {listed} FROM {y}.{table}").fetchall()
            if rows:
                diffs.append(f"  {len(rows)} row(s) only in {x}: {rows[:3]}")
        print(f"{table}: {n} rows{' DIFFER' if diffs else ' same'}")
        for d in diffs:
            print(d[:2000])
        bad += bool(diffs)
    return 1 if bad else 0


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("a")
    p.add_argument("b")
    p.add_argument("--parquet", action="store_true", help="A and B are Parquet datasets")
    args = p.parse_args()
    sys.exit(compare(args.a, args.b, args.parquet))


if __name__ == "__main__":
    main()
