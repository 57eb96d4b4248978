"""The audit between hands: seconds to audit a whole database, against a baseline.

The baseline, measured in the same run, is one plain scan of the player rows (open
the database read-only, sum every stack and net), so the ratio compares across
machines. Build a large database first (bench/build_large_db.py).

    python bench/audit_bench.py --db /tmp/handlens-1m.duckdb [--repeat 3]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pipeline import audit  # noqa: E402
from pipeline.store.database import connect  # noqa: E402


def _timed(fn, repeat: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - started)
    return statistics.median(times), out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--db", default="/tmp/handlens-1m.duckdb", help="the database to audit")
    p.add_argument("--repeat", type=int, default=3, help="runs per figure (median)")
    args = p.parse_args()
    con = connect(args.db, read_only=True)
    try:
        hands, rows = con.execute(
            "SELECT (SELECT count(*) FROM hands), count(*) FROM hand_players").fetchall()[0]
        base, _ = _timed(lambda: con.execute(
            "SELECT sum(stack), sum(net) FROM hand_players").fetchall(), args.repeat)
        took, (sessions, findings) = _timed(lambda: audit.audit(con), args.repeat)
    finally:
        con.close()
    print(f"{args.db}: {hands:,} hands, {rows:,} player rows")
    print(f"baseline scan     {base:8.3f} s")
    print(f"audit             {took:8.3f} s   ({took / base:,.0f}x the scan; "
          f"{hands / took:,.0f} hands/s)")
    print(f"table sessions {sessions.height:,}, findings {findings.height:,}")
    for code, n in findings.group_by("code").len().sort("code").rows():
        print(f"    {n:>8,}  {code}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
