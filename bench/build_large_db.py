"""Build a large database for the dashboard's timing: simulate, import, copy in SQL.

Simulates ``--base`` hands (default 10,000) with ``handlens simulate``, imports them,
then writes ``--hands`` hands (default 1,000,000) into a new database by copying every
table's rows with new hand ids and a fresh clock: hand n of the copy is played one
minute after hand n - 1 (about two years for a million hands), so dates, sessions and
the winnings graph look like a real player's. Copies keep their file's byte offsets,
so the replayer still shows their raw text. Everything goes under /tmp by default.

    python bench/build_large_db.py                      # /tmp/handlens-1m.duckdb
    python bench/build_large_db.py --hands 200000 --out /tmp/h200k.duckdb
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pipeline.store.database import CHILD_TABLES, SchemaError, connect  # noqa: E402

TABLES = ("hands", *CHILD_TABLES)
START = "2024-01-01 08:00:00"
# hand ids of copy k: the original id + k * ID_STEP (one simulation spans far fewer ids)
ID_STEP = 1_000_000_000
FILE_STEP = 1_000  # file ids of copy k: the original's + k * FILE_STEP


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=1_000_000)
    ap.add_argument("--base", type=int, default=10_000, help="hands simulated (default 10,000)")
    ap.add_argument("--out", default="/tmp/handlens-1m.duckdb")
    ap.add_argument("--work", default="/tmp/handlens-large-src",
                    help="folder for the simulated files and the base database")
    args = ap.parse_args()
    work, out = Path(args.work), Path(args.out)
    handlens = str(Path(sys.executable).with_name("handlens"))
    histories, base = work / "histories", work / "base.duckdb"
    started = time.perf_counter()
    if not _usable(base):  # none yet, or written by another version of handlens
        shutil.rmtree(work, ignore_errors=True)
        subprocess.run([handlens, "simulate", "--hands", str(args.base), "--out",
                        str(histories), "--seed", "7"], check=True)
        subprocess.run([handlens, "import", str(histories), "--db", str(base), "--quiet"],
                       check=True)
    for p in (out, Path(str(out) + ".wal")):
        p.unlink(missing_ok=True)
    copies = -(-args.hands // args.base)
    con = connect(out)
    con.execute(f"ATTACH '{base}' AS src (READ_ONLY)")
    base_hands = con.execute("SELECT count(*) FROM src.hands").fetchone()[0]
    # the clock and the id of every copy of every hand
    con.execute("""
        CREATE TEMP TABLE copies AS
        SELECT site, hand_id, k,
               (CAST(hand_id AS BIGINT) + k * ?)::VARCHAR AS new_id,
               ?::TIMESTAMP + to_minutes(k * ? + rn) AS new_time
        FROM (SELECT site, hand_id,
                     row_number() OVER (ORDER BY coalesce(played_at_utc, played_at), hand_id)
                     AS rn
              FROM src.hands) m, range(?) r(k)
        WHERE k * ? + rn <= ?
    """, [ID_STEP, START, base_hands, copies, base_hands, args.hands])
    # each copy its own files, so a file's hands follow each other in time as in a real one
    con.execute(f"INSERT INTO files SELECT f.file_id + r.k * {FILE_STEP}, f.* EXCLUDE (file_id)"
                " FROM src.files f, range(?) r(k)", [copies])
    for table in TABLES:
        columns = [r[0] for r in con.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_name = ?"
            " AND table_catalog = 'src' ORDER BY ordinal_position", [table]).fetchall()]
        chosen = ", ".join(_column(table, c) for c in columns)
        con.execute(f"INSERT INTO {table} SELECT {chosen} FROM src.{table} t"
                    f" JOIN copies c USING (site, hand_id)")
        print(f"{table:<18} {con.execute(f'SELECT count(*) FROM {table}').fetchone()[0]:>12,}",
              flush=True)
    con.execute("CHECKPOINT")
    con.close()
    print(f"{args.hands:,} hands → {out} in {time.perf_counter() - started:.0f} s")
    return 0


def _usable(base: Path) -> bool:
    if not base.exists():
        return False
    try:
        connect(base, read_only=True).close()
    except SchemaError:
        return False
    return True


def _column(table: str, column: str) -> str:
    """The copy's value of one column (a fixed list of names, nothing from input)."""
    if column == "hand_id":
        return "c.new_id"
    if column in ("played_at", "played_at_utc"):
        return "c.new_time"
    if column == "file_id":
        return f"t.file_id + c.k * {FILE_STEP}"
    return f"t.{column}"


if __name__ == "__main__":
    sys.exit(main())
