"""Readers during an import: how long `handlens stats` waits while an import writes,
and what the readers cost the import (pipeline/store/handoff.py).

The same folder imported twice into new databases, in turns: alone, and with
`handlens stats` run again and again while it writes (a new process each time, as a
person at a terminal, or a dashboard page, would). Prints the import's time with
readers against alone (the ratio), and each reader's wait: the seconds from its start
to its answer, and how many answered.

    python bench/readers_bench.py [--dir FOLDER | --hands 20000] [--repeat 2] [--every 0.5]
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLI = [sys.executable, "-m", "pipeline.cli"]


def _import(folder: Path, db: Path, every: float | None) -> tuple[float, list[float], int]:
    """(the import's seconds, the readers' seconds, readers that failed)."""
    start = time.perf_counter()
    imp = subprocess.Popen(CLI + ["import", str(folder), "--db", str(db), "--quiet"],
                           cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    waits, failed = [], 0
    while imp.poll() is None:
        if every is None or not db.exists():
            time.sleep(0.05)
            continue
        asked = time.perf_counter()
        got = subprocess.run(CLI + ["stats", "--db", str(db), "--by", "player", "--format",
                                    "csv", "--wait", "30"], cwd=ROOT, capture_output=True)
        if got.returncode == 0:
            waits.append(time.perf_counter() - asked)
        elif imp.poll() is None:
            failed += 1
        time.sleep(every)
    imp.wait()
    if imp.returncode:
        raise SystemExit(imp.stderr.read().decode())
    return time.perf_counter() - start, waits, failed


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--dir", type=Path, help="a folder of hand histories to import")
    p.add_argument("--hands", type=int, default=20000, help="simulated hands, without --dir")
    p.add_argument("--repeat", type=int, default=2)
    p.add_argument("--every", type=float, default=0.5, help="seconds between two readers")
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.dir
        if folder is None:
            folder = Path(tmp) / "hands"
            subprocess.run(CLI + ["simulate", "--hands", str(args.hands), "--out", str(folder)],
                           cwd=ROOT, check=True, capture_output=True)
        alone, together, waits, failed = [], [], [], 0
        for n in range(args.repeat):
            for every, times in ((None, alone), (args.every, together)):
                db = Path(tmp) / f"h{n}{every is None}.duckdb"
                seconds, w, f = _import(folder, db, every)
                times.append(seconds)
                waits += w
                failed += f
        a, t = statistics.median(alone), statistics.median(together)
        print(f"import alone {a:.2f} s, with readers {t:.2f} s: ratio {t / a:.3f} "
              f"(medians of {args.repeat}, in turns)")
        if waits:
            print(f"readers: {len(waits)} answered, {failed} refused; wait median "
                  f"{statistics.median(waits):.2f} s, longest {max(waits):.2f} s "
                  f"(a new process each: Python's start included)")


if __name__ == "__main__":
    main()
