"""Export speed against import speed, measured in the same run: hands a second.

Exports a large database (bench/build_large_db.py) to Parquet and to CSV, and
imports a folder of PokerStars hands (bench/import_bench.py builds it) into a fresh
database; prints each export's rate as a ratio to the import's, so the figure
compares across machines. Issue 14 asks an export at least 10 times the import's rate.

    python bench/export_bench.py --db /tmp/handlens-1m.duckdb [--import-hands 50000]
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.import_bench import build_folder  # noqa: E402
from pipeline.export.hands import export  # noqa: E402
from pipeline.store.database import connect  # noqa: E402

HANDLENS = Path(sys.executable).with_name("handlens")


def import_rate(work: Path, hands: int) -> float:
    """Hands a second of `handlens import` of a folder of ``hands`` hands (the whole
    command, as a user runs it)."""
    folder = work / "folder"
    build_folder(folder, hands)
    started = time.perf_counter()
    subprocess.run([str(HANDLENS), "import", str(folder), "--db", str(work / "import.duckdb"),
                    "--quiet"], check=True, capture_output=True)
    return hands / (time.perf_counter() - started)


def export_rate(db: Path, out: Path, fmt: str) -> tuple[float, int]:
    con = connect(str(db), read_only=True)
    try:
        started = time.perf_counter()
        done = export(con, out, fmt)
        return done.hands / (time.perf_counter() - started), done.hands
    finally:
        con.close()
        shutil.rmtree(out, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True, type=Path, help="the database to export")
    parser.add_argument("--import-hands", type=int, default=50_000,
                        help="hands imported to measure the import's rate (default 50000)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="handlens-export-bench-") as tmp:
        work = Path(tmp)
        imported = import_rate(work, args.import_hands)
        print(f"import   {imported:>10,.0f} hands/s   ({args.import_hands:,} hands)")
        for fmt in ("parquet", "csv"):
            rate, hands = export_rate(args.db, work / fmt, fmt)
            print(f"{fmt:<8} {rate:>10,.0f} hands/s   ({hands:,} hands; "
                  f"{rate / imported:.1f}x the import)")


if __name__ == "__main__":
    main()
