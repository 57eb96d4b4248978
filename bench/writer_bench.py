"""The importer's single writer alone: how many hands a second it can store.

``handlens import`` parses in worker processes and writes in one process; with
enough workers the writer sets the pace. This bench parses a folder's hands once
(units of UNIT_HANDS hands, as the workers return them), then times only the
writing of those results into a new DuckDB file, as the importer's writer does
(one DuckDB thread): one transaction a unit (the importer while its writer keeps
up), and several units a transaction (what it does when results wait: they are
written together). Prints the writer's hands a second and each way's ratio to one
transaction a unit, measured in turns in the same run.

    python bench/writer_bench.py --hands 40000 [--repeat 3] [--batch 4 8]
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def results(folder: Path) -> list[tuple]:
    """The folder's units as the workers return them, with their files' states."""
    from pipeline.ingest.importer import Importer, parse_unit
    from pipeline.ingest.files import discover
    from pipeline.store.database import Store
    with tempfile.TemporaryDirectory() as tmp:
        importer = Importer(Store(Path(tmp) / "plan.duckdb", threads=1), workers=1)
        units = list(importer._units(discover([folder])))
        importer.store.close()
    return [(parse_unit(unit.parts).tables, unit.finishes, unit.drop_errors_from,
             unit.replace_from) for unit in units]


def write(batches: list[tuple], per_commit: int) -> tuple[float, float]:
    """Seconds (wall, and the writing thread's CPU) to write every unit, ``per_commit``
    units a transaction, into a new database."""
    from pipeline.store.database import Store
    with tempfile.TemporaryDirectory() as tmp:
        store = Store(Path(tmp) / "h.duckdb", threads=1)
        wall, cpu = time.perf_counter(), time.thread_time()
        for i in range(0, len(batches), per_commit):
            store.write_many(batches[i:i + per_commit])
        store.con.execute("CHECKPOINT").fetchall()
        wall, cpu = time.perf_counter() - wall, time.thread_time() - cpu
        store.close()
    return wall, cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=40_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--batch", type=int, nargs="+", default=[4, 8],
                    help="units a transaction to measure besides one (default 4 8)")
    args = ap.parse_args()
    from bench.import_bench import build_folder
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "hands"
        build_folder(folder, args.hands)
        batches = results(folder)
    hands = sum(b[0]["hands"].num_rows for b in batches)
    ways = [1, *args.batch]
    runs: dict[int, list[tuple[float, float]]] = {k: [] for k in ways}
    for turn in range(args.repeat):
        for k in ways[turn % len(ways):] + ways[:turn % len(ways)]:
            runs[k].append(write(batches, k))
    median = {k: sorted(v)[len(v) // 2] for k, v in runs.items()}
    print(f"{hands:,} hands in {len(batches)} units; {args.repeat} runs each (median), "
          f"{time.strftime('%Y-%m-%d %H:%M')}")
    print(f"{'units a commit':>15} {'seconds':>8} {'hands/s':>9} {'CPU µs/hand':>12} "
          f"{'ratio':>6}")
    for k in ways:
        wall, cpu = median[k]
        print(f"{k:>15} {wall:>8.2f} {hands / wall:>9,.0f} {cpu / hands * 1e6:>12.0f} "
              f"{median[1][0] / wall:>6.2f}")


if __name__ == "__main__":
    main()
