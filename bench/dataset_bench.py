"""A large import into a Parquet dataset: its time, the whole process tree's peak
memory, and how fast the commands read the dataset back.

Builds (or takes) a folder of N PokerStars hands (copies of real hands with new ids,
as bench/import_bench.py does), runs ``handlens import --out`` on it while sampling
the memory of the import and all its processes together (psutil, every 0.2 s), then
times ``handlens stats --parquet`` and ``verify --parquet`` on the dataset, each
against ``handlens stats`` on a DuckDB database made from the same dataset in the
same run (the baseline). The import compacts the parts at its end, as it does for
every user (pipeline/dataset/compact.py); ``--stages`` imports with ``--no-compact`` instead,
times the commands on the uncompacted dataset, then compacts it (its time and peak
memory apart) and times them again: the figures before and after from one import.

    python bench/dataset_bench.py --hands 1000000 [--engine local|dask] [--keep DIR]
                                  [--stages]
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

HANDLENS = [sys.executable, "-m", "pipeline.cli"]


def tree_peak(process: subprocess.Popen) -> tuple[list[float], threading.Thread]:
    """Sample the resident memory of ``process`` and its descendants until it ends;
    the peak (MB) lands in the returned list."""
    import psutil
    peak = [0.0]

    def watch() -> None:
        root = psutil.Process(process.pid)
        while process.poll() is None:
            try:
                procs = [root, *root.children(recursive=True)]
                rss = sum(p.memory_info().rss for p in procs if p.is_running())
                peak[0] = max(peak[0], rss / 2**20)
            except psutil.Error:
                pass
            time.sleep(0.2)

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    return peak, thread


def timed(argv: list[str], repeat: int = 3) -> float:
    """Best of ``repeat`` whole-command seconds (start-up included)."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        subprocess.run(argv, cwd=ROOT, check=True, capture_output=True)
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=1_000_000)
    ap.add_argument("--dir", type=Path, help="an existing folder of histories")
    ap.add_argument("--engine", choices=("local", "dask"), default="local")
    ap.add_argument("--keep", type=Path, help="write the dataset here and keep it")
    ap.add_argument("--read-only", action="store_true",
                    help="no import: time the commands on the dataset --keep names")
    ap.add_argument("--stages", action="store_true",
                    help="import without compaction, time the commands, compact, time "
                         "them again")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        from bench.import_bench import folder_of
        if args.read_only:
            return read_back(args.keep, Path(tmp))
        folder = folder_of(args.dir, args.hands, tmp)
        out = args.keep or Path(tmp) / "dataset"
        said, seconds, peak = watched(
            [*HANDLENS, "import", str(folder), "--out", str(out), "--engine", args.engine,
             "--quiet", *(["--no-compact"] if args.stages else [])])
        hands = next(int(line.split()[2].replace(",", "")) for line in said.splitlines()
                     if line.startswith("hands new"))
        compaction = _manifest(out)["last_compaction"]
        print(f"import --out ({args.engine}{', --no-compact' if args.stages else ''}): "
              f"{hands:,} hands in {seconds:,.0f} s ({hands / seconds:,.0f} hands/s); peak "
              f"memory of the process tree {peak:,.0f} MB; compaction in it "
              f"{compaction['seconds']:.1f} s ({compaction['files_merged']:,} files' parts "
              f"into {compaction['segments_written']} segments)")
        if args.stages:
            read_back(out, Path(tmp))
            said, seconds, peak = watched([sys.executable, "-c", _COMPACT, str(out)])
            print(f"compaction alone: {seconds:.1f} s (with Python's start-up; {said.strip()}),"
                  f" peak memory {peak:,.0f} MB")
        read_back(out, Path(tmp))


def watched(argv: list[str]) -> tuple[str, float, float]:
    """Run a command, sampling its process tree's memory: its output, seconds, peak MB."""
    started = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    peak, watcher = tree_peak(proc)
    said, _ = proc.communicate()
    watcher.join()
    seconds = time.perf_counter() - started
    if proc.returncode:
        raise SystemExit(f"{argv[2:4]} failed: {said}")
    return said, seconds, peak[0]


def _manifest(out: Path) -> dict:
    import json
    return json.loads((out / "manifest.json").read_text())


def read_back(out: Path, tmp: Path) -> None:
    """Time the commands on the dataset, and stats on the same rows in DuckDB."""
    parts = _manifest(out)["parts"]
    print(f"parts: {len(parts['hands']):,} of hands, {sum(map(len, parts.values())):,} in all; "
          f"{sum(f.stat().st_size for f in out.rglob('*.parquet')) / 2**20:,.0f} MB")
    stats_parquet = timed([*HANDLENS, "stats", "--parquet", str(out), "--format", "json"])
    verify_parquet = timed([*HANDLENS, "verify", "--parquet", str(out), "--json"])
    db = tmp / "same.duckdb"
    if not db.exists():  # the same rows before and after compaction: made once
        subprocess.run([sys.executable, "-c", _TO_DUCKDB, str(out), str(db)], cwd=ROOT,
                       check=True)
    stats_db = timed([*HANDLENS, "stats", "--db", str(db), "--format", "json"])
    print(f"handlens stats --parquet: {stats_parquet:.2f} s (--db on the same rows in "
          f"DuckDB: {stats_db:.2f} s, ratio {stats_parquet / stats_db:.2f}); "
          f"verify --parquet: {verify_parquet:.2f} s")


_COMPACT = """
import sys
from pipeline.dataset.scale import compact_dataset
print(compact_dataset(sys.argv[1]))
"""

_TO_DUCKDB = """
import sys
from pipeline.dataset.views import open_dataset
from pipeline.store.database import CHILD_TABLES, connect
connect(sys.argv[2]).close()  # the schema
src = open_dataset(sys.argv[1], audit=False)
src.execute(f"ATTACH '{sys.argv[2]}' AS db")
for table in ("hands", *CHILD_TABLES, "parse_errors"):
    narrow = (" REPLACE (file_id % 2147483647 AS file_id)"  # 63-bit digests in the dataset
              if table in ("hands", "parse_errors") else "")
    src.execute(f"INSERT INTO db.{table} SELECT *{narrow} FROM {table}").fetchall()
src.close()
"""


if __name__ == "__main__":
    main()
