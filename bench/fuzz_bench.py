"""The fuzz suite's long profile (issue 9): many mutated hands, one report.

    python bench/fuzz_bench.py --hands 20000 --seed 1

Imports the room's real hands clean (the baseline), then about ``--hands`` mutations
(every kind of ``tests/support/fuzzing.py`` in turn, a few per file among untouched hands),
folder by folder, each into a fresh database with the real importer, and judges
them: crashes, hands not accounted for, untouched hands lost or misplaced, impossible
hands called ok, hands stored ok that break an invariant. Prints, per mutation kind,
how often it was applied, the hands concerned, the defects by oracle and the
outcomes, then a few examples of each defect. Exit status 1 if any defect was found.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import fuzzing as fz  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--hands", type=int, default=20_000,
                   help="mutations to apply, each to one hand or one whole file, so at "
                        "least as many hands mutated (default 20000)")
    p.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    p.add_argument("--workers", type=int, default=2, help="importer processes (default 2)")
    p.add_argument("--batch", type=int, default=2000,
                   help="mutations per folder imported at once (default 2000)")
    p.add_argument("--room", default=fz.ROOMS[0].name,
                   choices=[r.name for r in fz.ROOMS], help="room to fuzz")
    p.add_argument("--only", nargs="+", metavar="KIND", choices=list(fz.MUTATIONS),
                   help="only these mutation kinds")
    p.add_argument("--examples", type=int, default=3,
                   help="defects shown per oracle and kind (default 3)")
    p.add_argument("--keep", metavar="DIR",
                   help="work in DIR and keep the fuzz files and databases there")
    p.add_argument("--list", action="store_true",
                   help="list the mutation kinds (! marks those whose result is impossible)")
    args = p.parse_args(argv)
    if args.list:
        for m in fz.MUTATIONS.values():
            print(f"{m.name:25}{'!' if m.impossible else ' '} {m.level:5}  {m.doc}")
        return 0

    room = next(r for r in fz.ROOMS if r.name == args.room)
    with tempfile.TemporaryDirectory(prefix="fuzz-") as tmp:
        work = Path(args.keep or tmp)
        work.mkdir(parents=True, exist_ok=True)
        started = time.perf_counter()
        baseline = fz.load_base(room, work, args.workers)
        broken = _baseline_broken(baseline)
        print(f"{room.name}: {len(baseline.hands):,} base hands import clean "
              f"({time.perf_counter() - started:.0f} s)"
              + (f"; {len(broken)} break an invariant on the clean baseline" if broken else ""),
              flush=True)
        report = fz.campaign(baseline.hands, work, args.hands, args.seed, args.workers,
                             args.batch, keep=bool(args.keep), progress=_progress(started),
                             only=args.only)
    seconds = time.perf_counter() - started
    print(f"\n{sum(report.applied.values()):,} mutations, {report.hands:,} hands in "
          f"{report.files:,} files, {seconds:.0f} s\n")
    print(report.table())
    if report.defects:
        print("\n" + report.examples(per_kind=args.examples))
    totals = ", ".join(f"{o} {len(report.of(o))}" for o in fz.ORACLES)
    print(f"\ndefects: {totals}" + (f"; baseline invariants broken: {len(broken)}"
                                    if broken else ""))
    return 1 if report.defects or broken else 0


def _baseline_broken(baseline: fz.Baseline) -> list:
    import duckdb
    con = duckdb.connect(str(baseline.db))
    try:
        return fz.invariant_violations(con)
    finally:
        con.close()


def _progress(started: float):
    def show(report: fz.Report) -> None:
        print(f"  {sum(report.applied.values()):>7,} mutations, {report.hands:>7,} hands, "
              f"{len(report.defects):>6,} defects, {time.perf_counter() - started:5.0f} s",
              flush=True)
    return show


if __name__ == "__main__":
    sys.exit(main())
