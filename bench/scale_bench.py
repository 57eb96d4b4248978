"""Scale-out: the import on 1 and on 2 workers, three ways, measured in one run.

For ``handlens import`` (into DuckDB), ``import --out`` on the local process pool and
``import --out --engine dask`` (a LocalCluster started for the run, its start
included), prints the whole-run seconds on 1 and 2 workers and the scale-out
efficiency t1 / (2 × t2), and the Dask path's time against the local pool's at 2
workers. Each configuration runs ``--repeat`` times in turns (each turn starting
with the next way); medians are shown. Also the peak memory of the whole process
tree for the dataset paths.

    python bench/scale_bench.py --hands 50000 [--repeat 3] [--dir FOLDER]
    python bench/scale_bench.py --hands 50000 --per-file 50000 --range-mb 8

With ``--per-file`` as large as ``--hands`` the hands are one file: the dataset paths
then read it in byte ranges of ``--range-mb`` (each range a task), the DuckDB path in
pieces its workers split.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

_RUN = """
import json, resource, sys, time
way, folder, out, workers = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
range_bytes = int(sys.argv[5])
started = time.perf_counter()
if way == "duckdb":
    from pipeline.ingest.importer import Importer
    from pipeline.ingest.files import discover
    from pipeline.store.database import Store
    store = Store(out, threads=1)
    s = Importer(store, workers).run(discover([folder]))
    store.close()
else:
    from pipeline.dataset import scale
    s = scale.run([folder], out, "dask" if way == "dask" else "local", workers=workers,
                  range_bytes=range_bytes)
seconds = time.perf_counter() - started
kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
me = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"seconds": seconds, "hands": s.hands_new + s.duplicates,
                  "peak_mb": (me + kids) / 1024}))
"""

WAYS = ("duckdb", "local", "dask")


def one(way: str, folder: Path, out: Path, workers: int, range_bytes: int) -> dict:
    if out.exists():
        shutil.rmtree(out) if out.is_dir() else out.unlink()
    wal = out.with_name(out.name + ".wal")
    if wal.exists():
        wal.unlink()
    done = subprocess.run([sys.executable, "-c", _RUN, way, str(folder), str(out), str(workers),
                           str(range_bytes)],
                          cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=50_000)
    ap.add_argument("--dir", type=Path, help="an existing folder of histories")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--two-only", action="store_true",
                    help="only the runs on 2 workers (the Dask path against the local ones)")
    ap.add_argument("--per-file", type=int, default=500, help="hands a file (default 500)")
    ap.add_argument("--range-mb", type=float, default=64,
                    help="import --out reads files larger than this in ranges (default 64)")
    args = ap.parse_args()
    range_bytes = int(args.range_mb * 2**20)
    with tempfile.TemporaryDirectory() as tmp:
        from bench.import_bench import build_folder
        folder = args.dir or Path(tmp) / "hands"
        if args.dir is None:
            build_folder(folder, args.hands, per_file=args.per_file)
        runs: dict[tuple[str, int], list[dict]] = {}
        for turn in range(args.repeat):
            for workers in (2,) if args.two_only else (1, 2):
                # each turn starts with another way: a machine that slows down under
                # sustained load then penalises no way more than another
                for way in WAYS[turn % 3:] + WAYS[:turn % 3]:
                    out = Path(tmp) / ("db.duckdb" if way == "duckdb" else f"ds-{way}")
                    runs.setdefault((way, workers), []).append(
                        one(way, folder, out, workers, range_bytes))
    median = {k: sorted(v, key=lambda r: r["seconds"])[len(v) // 2] for k, v in runs.items()}
    hands = median["duckdb", 2]["hands"]
    files = len(list(folder.rglob("*"))) if args.dir else -(-args.hands // args.per_file)
    print(f"{hands:,} hands in {files:,} files, ranges of {args.range_mb:g} MB, {args.repeat} "
          f"runs each (median), {time.strftime('%Y-%m-%d %H:%M')}")
    print(f"{'import':28} {'1 worker':>9} {'2 workers':>10} {'efficiency':>11} {'peak MB':>8}")
    names = {"duckdb": "handlens import (DuckDB)", "local": "import --out (local pool)",
             "dask": "import --out --engine dask"}
    for way in WAYS if not args.two_only else ():
        t1, t2 = median[way, 1]["seconds"], median[way, 2]["seconds"]
        print(f"{names[way]:28} {t1:>8.1f}s {t2:>9.1f}s {t1 / (2 * t2):>11.2f} "
              f"{median[way, 2]['peak_mb']:>8.0f}")
    if args.two_only:
        for way in WAYS:
            print(f"{names[way]:28} {'':>9} {median[way, 2]['seconds']:>9.1f}s")
    dask, local = median["dask", 2]["seconds"], median["local", 2]["seconds"]
    duckdb = median["duckdb", 2]["seconds"]
    print(f"dask / local pool at 2 workers: {dask / local:.2f}; dask / handlens import (DuckDB): "
          f"{dask / duckdb:.2f} (whole runs, the cluster's start and close included)")


if __name__ == "__main__":
    main()
